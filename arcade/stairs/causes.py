"""How a Stairs run ends: the one definition of the causes, with the words the game and the stats show."""
from __future__ import annotations

from arcade.engine.i18n import N_

CAUSES: dict[str, tuple[str, str]] = {  # cause -> (headline, advice)
    "fell": (N_("Stepped into the void"), N_("No stair on that side")),
    "hit": (N_("Hit a spike"), N_("Spikes block that side")),
    "dropped": (N_("Stair fell away"), N_("Hop faster than they fall")),
}
