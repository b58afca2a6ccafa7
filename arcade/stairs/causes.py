"""How a Stairs run ends: the one definition of the causes, with the words the game and the stats show."""
from __future__ import annotations

CAUSES: dict[str, tuple[str, str]] = {  # cause -> (headline, advice)
    "fell": ("Stepped into the void", "No stair on that side"),
    "hit": ("Hit a spike", "Spikes block that side"),
    "dropped": ("Stair fell away", "Hop faster than they fall"),
}
