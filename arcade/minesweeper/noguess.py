"""No-guess boards: mine layouts that the solver clears from the first click without ever guessing. Pure (no
pygame); the scene runs :func:`generate` in a worker process so the window never waits for it.

The method is rejection sampling: place the mines at random under the first-click rule (the field's own
placement), then play using certain moves only (``solver.certain``: the trivial and subset rules, then the exact
enumeration's cells with chance 0); a board is accepted when that clears it. The first click's region is the
same as in a normal game, so a no-guess board feels like one. How long it takes per level is measured by
``arcade bench minesweeper-noguess --boards N --rule safe|opening [--level L] [--seed S]`` (figures in the
README).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The generator benchmark's options (``arcade bench minesweeper-noguess``)."""
    from arcade.engine.args import float_range, int_range, seed
    from arcade.minesweeper.bench import LEVEL_NAMES, choice as _choice

    parser.add_argument("--boards", type=int_range(1, 100_000), default=10, metavar="N",
                        help="boards to generate per level (default 10)")
    parser.add_argument("--rule", type=_choice("first click rule", ("safe", "opening")), default="opening",
                        metavar="RULE", help="first click rule: opening (default) or safe")
    parser.add_argument("--level", type=_choice("level", LEVEL_NAMES), default=None, metavar="LEVEL",
                        help="only this level (default: all three)")
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help="board i uses seed S + i (default 0)")
    parser.add_argument("--max-seconds", dest="max_seconds", type=float_range(0.1, 3600.0), default=120.0,
                        metavar="T", help="give up on a board after T seconds (default 120; the game gives up "
                                          "after 15)")


def run(args) -> int:
    """Generate ``--boards`` no-guess boards per level from the opening cell the AI clicks; print the seconds and
    attempts per board (median, 90th percentile, max) and the failures."""
    from arcade.minesweeper.field import LEVELS

    levels = [args.level] if args.level else list(LEVELS)
    print(f"No-guess board generation, first click {args.rule}, {args.boards} boards a level from seed {args.seed}")
    for level in levels:
        rows, cols, m = LEVELS[level]
        first = solver.opening_cell(rows, cols, args.rule)
        runs = [generate(rows, cols, m, first, args.rule, seed=args.seed + i, max_seconds=args.max_seconds)
                for i in range(args.boards)]
        secs = sorted(r["seconds"] for r in runs)
        tries = sorted(r["attempts"] for r in runs)
        p90 = secs[min(len(secs) - 1, int(0.9 * len(secs)))]
        print(f"{level:13} seconds median {statistics.median(secs):.2f}  p90 {p90:.2f}  max {secs[-1]:.2f}   "
              f"attempts median {statistics.median(tries):.0f}  max {tries[-1]}   "
              f"failures {sum(r['mines'] is None for r in runs)}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arcade.minesweeper.noguess",
                                     description="time the no-guess board generator per level")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
