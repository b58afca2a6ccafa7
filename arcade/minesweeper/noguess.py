"""No-guess boards: mine layouts that the solver clears from the first click without ever guessing. Pure (no
pygame); the scene runs :func:`generate` in a worker process so the window never waits for it.

The method is rejection sampling: place the mines at random under the first-click rule (the field's own
placement), then play using certain moves only (``solver.certain``: the trivial and subset rules, then the exact
enumeration's cells with chance 0); a board is accepted when that clears it. The first click's region is the
same as in a normal game, so a no-guess board feels like one. How long it takes per level is measured by
``arcade bench minesweeper-noguess`` (figures in ``docs/minesweeper-solver.md``).
"""
from __future__ import annotations

import random
import time

from arcade.minesweeper import solver
from arcade.minesweeper.field import Field

__all__ = ["generate", "solvable"]


def solvable(field: Field) -> bool:
    """Play ``field`` (already opened at its first click) with certain moves only; True if that wins. The field
    is played on: pass a copy to keep it."""
    while field.state == "playing":
        safe, _ = solver.certain(field.view(), field.mines)
        if not safe:
            return False
        for r, c in safe:
            field.open(r, c)
    return field.state == "won"


def generate(rows: int, cols: int, mines: int, first: tuple[int, int], rule: str = "opening", seed=None,
             max_seconds: float = 20.0) -> dict:
    """A no-guess layout for a first click at ``first``: ``{"mines": [cell indices] or None, "attempts": n,
    "seconds": s}``; ``mines`` is None when none was found within ``max_seconds``."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    attempts = 0
    while True:
        attempts += 1
        f = Field(rows, cols, mines, rule=rule, rng=random.Random(rng.getrandbits(64)))
        f.open(*first)
        layout = [r * cols + c for r, c in f.mine_cells()]
        if solvable(f):
            return {"mines": layout, "attempts": attempts, "seconds": time.perf_counter() - t0}
        if time.perf_counter() - t0 > max_seconds:
            return {"mines": None, "attempts": attempts, "seconds": time.perf_counter() - t0}
