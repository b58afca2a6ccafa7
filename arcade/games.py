"""The games of the collection: one line per game package. Each package exports a ``GAME`` record
(:class:`arcade.engine.plugin.GameInfo`) that says everything the menu, CLI, settings, help, stats, demo and
benchmarks need. Adding a game = one package + one line here."""
from __future__ import annotations

import importlib

PACKAGES: tuple[str, ...] = (
    "arcade.game2048",
    "arcade.stairs",
    "arcade.tictactoe",
    "arcade.minesweeper",
)


def load(packages=PACKAGES) -> dict:
    """The ``GAME`` records by id, in this order, with their settings registered (a profile can then read and
    validate them). A package without one, or two games with one id, is a bug: it raises at once (the CLI and
    the tests load the registry first thing)."""
    from arcade.engine.plugin import register

    games: dict = {}
    for name in packages:
        game = getattr(importlib.import_module(name), "GAME", None)
        if game is None:
            raise ImportError(f"{name} has no GAME record")
        if game.id in games:
            raise ValueError(f"two games with the id {game.id!r}")
        games[game.id] = game
    return register(games)
