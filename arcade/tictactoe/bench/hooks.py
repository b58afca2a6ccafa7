"""Tic-tac-toe's hooks for the house's developer tools (:mod:`arcade.dev`), named by the ``GAME`` record's
``dev_hooks``: its part of ``arcade bench all``. Imported only by ``arcade bench``."""
from __future__ import annotations

import functools

__all__ = ["summary_parts"]


def summary_parts(quick: bool) -> list:
    """``(title, function returning rows)`` for ``arcade bench all``: the 3x3 proof and 4x4 solved."""
    from arcade.tictactoe.bench import ai

    return [("tic-tac-toe proofs", functools.partial(ai.summary_rows, 5 if quick else 20))]
