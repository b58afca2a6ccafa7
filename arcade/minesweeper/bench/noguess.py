"""How long a no-guess board takes to deal: ``arcade bench minesweeper-noguess``.

    arcade bench minesweeper-noguess --boards N --rule safe|opening [--level L] [--seed S] [--max-seconds T]

Generates ``--boards`` no-guess boards a level (:func:`arcade.minesweeper.noguess.generate`, the game's own
rejection sampling) for a first click on the cell the AI opens first, and prints the seconds and attempts a board
(median, p90, max) and the boards not found within ``--max-seconds``.
"""
from __future__ import annotations

import argparse
import statistics

from arcade.dev.benchkit import choice, percentile
from arcade.engine.args import float_range, int_range, seed

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from arcade.minesweeper.bench.ai import LEVEL_NAMES, RULE_NAMES

    parser.add_argument("--boards", type=int_range(1, 100_000), default=10, metavar="N",
                        help="boards to generate per level (default 10)")
    parser.add_argument("--rule", type=choice("first click rule", RULE_NAMES), default="opening",
                        metavar="RULE", help="first click rule: opening (default) or safe")
    parser.add_argument("--level", type=choice("level", LEVEL_NAMES), default=None, metavar="LEVEL",
                        help="only this level (default: all three)")
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help="board i uses seed S + i (default 0)")
    parser.add_argument("--max-seconds", dest="max_seconds", type=float_range(0.1, 3600.0), default=120.0,
                        metavar="T", help="give up on a board after T seconds (default 120; the game gives up "
                                          "after 15)")


def run(args) -> int:
    from arcade.minesweeper import solver
    from arcade.minesweeper.field import LEVELS
    from arcade.minesweeper.noguess import generate

    levels = [args.level] if args.level else list(LEVELS)
    print(f"No-guess board generation, first click {args.rule}, {args.boards} boards a level from seed {args.seed}")
    for level in levels:
        rows, cols, m = LEVELS[level]
        first = solver.opening_cell(rows, cols, args.rule)
        runs = [generate(rows, cols, m, first, args.rule, seed=args.seed + i, max_seconds=args.max_seconds)
                for i in range(args.boards)]
        secs = [r["seconds"] for r in runs]
        tries = [r["attempts"] for r in runs]
        print(f"{level:13} seconds median {statistics.median(secs):.2f}  p90 {percentile(secs, 0.9):.2f}  "
              f"max {max(secs):.2f}   attempts median {statistics.median(tries):.0f}  max {max(tries)}   "
              f"failures {sum(r['mines'] is None for r in runs)}")
    return 0
