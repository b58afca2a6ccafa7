"""The games' hooks for the developer tools, found through the registry: a ``GAME`` record's ``dev_hooks`` names a
module of the game's ``bench/`` package offering any of

* ``summary_parts(quick)``: ``[(title, function returning rows)]`` for ``arcade bench all``'s table, a row being
  ``(part, figure, measured, target)``;
* ``frame_scenes(app)``: ``{name: (make the scene, the events of frame i, target)}`` for ``arcade bench frames``;
* ``soak_steps(app, steps)``: ``(what a step is, steps, generator)`` for ``arcade bench soak``;
* ``fuzz_check(scene, previous)``: the fuzzer's invariants for the game's scenes, ``(key, state)`` or None;
* ``sample_save()``: ``(game id, state)``, a game in progress for the profile's fault matrix.

So nothing in :mod:`arcade.dev` imports a game by name, and a game without hooks simply sits those tools out.
"""
from __future__ import annotations

import importlib

__all__ = ["each", "game_hooks"]


def _registry(games=None) -> dict:
    if games is None:
        from arcade import games as registry

        games = registry.load()
    return games


def game_hooks(game_id: str, games=None):
    """The hooks module of the game ``game_id`` (KeyError if the game has none)."""
    game = _registry(games)[game_id]
    if not game.dev_hooks:
        raise KeyError(f"{game_id} has no developer hooks")
    return importlib.import_module(game.dev_hooks)


def each(name: str, games=None) -> list:
    """``[(game, hook)]`` for every game, in the registry's order, whose hooks module offers ``name``."""
    out = []
    for game in _registry(games).values():
        if game.dev_hooks:
            hook = getattr(importlib.import_module(game.dev_hooks), name, None)
            if hook is not None:
                out.append((game, hook))
    return out
