"""The game registry: one entry per game. The menu, the CLI and the AI demo read it.

Adding a game = one package under ``arcade/`` whose scene module offers
``make_scene(app, resume=False, **options)`` and ``make_demo(app)`` (and optionally ``warm_steps(app)``, a
generator that prepares its art in small steps while the menu idles), plus one entry here.
Scene modules are imported only when a game starts, so the menu opens fast.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class GameEntry:
    id: str  # "2048", "stairs": CLI name, profile key
    title: str
    module: str  # the scene module: make_scene(app, resume=False, **kw), make_demo(app)
    best_key: Callable[[object], str]  # profile -> the key of the best score shown in the menu
    blurb: str = ""
    icon: str = ""  # an image name under assets/images

    def _mod(self):
        return importlib.import_module(self.module)

    def make_scene(self, app, resume: bool = False, **kw):
        return self._mod().make_scene(app, resume=resume, **kw)

    def make_demo(self, app):
        return self._mod().make_demo(app)

    def warm_steps(self, app):
        """The scene module's optional ``warm_steps(app)`` generator (art prepared a few ms per step on the menu's
        idle frames), or an empty one. Imports the module: call it once the menu's prefetch has imported it."""
        steps = getattr(self._mod(), "warm_steps", None)
        return steps(app) if steps is not None else iter(())

    def has_save(self, profile) -> bool:
        return profile.saved_game(self.id) is not None


def best_key_2048(profile) -> str:
    n = profile.get("2048.size")
    return f"2048/{n}x{n}"


ENTRIES = (
    GameEntry("2048", "2048", "arcade.game2048.scene", best_key_2048, "Slide, merge, reach 2048", "icon_2048"),
    GameEntry("stairs", "Stairs", "arcade.stairs.scene", lambda profile: "stairs", "Hop up the endless staircase", "icon_stairs"),
)

REGISTRY: dict[str, GameEntry] = {e.id: e for e in ENTRIES}
