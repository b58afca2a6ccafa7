"""Minesweeper's hooks for the house's developer tools (:mod:`arcade.dev`), named by the ``GAME`` record's
``dev_hooks``: its part of ``arcade bench all``. Imported only by ``arcade bench``."""
from __future__ import annotations

import functools

__all__ = ["summary_parts"]


def summary_parts(quick: bool) -> list:
    """``(title, function returning rows)`` for ``arcade bench all``: the AI's short runs on beginner and expert."""
    from arcade.minesweeper.bench import ai

    return [("Minesweeper AI short run", functools.partial(ai.summary_rows, *((300, 30) if quick else (2000, 200))))]
