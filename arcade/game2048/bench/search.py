"""The two expectimax engines side by side: ``arcade bench search``.

On the same boards (taken every ``--every`` moves from seeded games played by a quick depth-2 search, so they look
like positions of real games), it times the compiled depth-first search (``engine="jit"``) and the numpy layers
(``engine="layers"``) at a fixed depth and cut-off with no budget (nearly the same tree: moves a second compare
like for like; with no cut-off it is the same tree, and their values are checked to agree at depth 3), and then at
the default budget (how deep each gets). Prints the medians and the ratio, measured in the same run, in CPU time
(so another process on the machine does not skew it).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from arcade.engine.args import int_range, seed

__all__ = ["add_arguments", "run", "sample_boards", "compare", "summary_rows"]

CPU = getattr(time, "thread_time", time.process_time)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int_range(1, 1000), default=4, metavar="N",
                        help="games the boards are taken from (default 4)")
    parser.add_argument("--every", type=int_range(1, 10000), default=60, metavar="K",
                        help="take a board every K moves (default 60)")
    parser.add_argument("--depth", type=int_range(1, 8), default=5, metavar="D",
                        help="fixed depth of the like-for-like part (default 5)")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="first game's seed (default 1)")


def sample_boards(games: int, every: int, first_seed: int = 1) -> list:
    """Boards (bitboard ints) every ``every`` moves of ``games`` seeded games played at depth 2."""
    from arcade.game2048 import bitboard as bb, rules
    from arcade.game2048.ai import expectimax
    from arcade.game2048.game import Game

    out = []
    for s in range(first_seed, first_seed + games):
        g = Game(seed=s)
        while not g.over:
            if g.won and not g.keep_playing:
                g.keep_going()
            board = bb.to_board(g.grid)
            if g.moves % every == 0:
                out.append(board)
            values, _, _ = expectimax.search_board(board, depth=2, budget_ms=None, engine="layers")
            legal = [i for i, v in enumerate(values) if v is not None]
            g.move(rules.DIRECTIONS[max(legal, key=lambda i: values[i])])  # the bitboard's order: up, down, ...
    return out


def compare(boards: list, depth: int) -> dict:
    """Per engine: median ms and moves a second at ``depth`` (cut-off 1e-4, no budget), median depth reached and
    ms at the default budget; the largest difference between the two engines' values."""
    from arcade.game2048.ai import expectimax, jit

    engines = ["layers"] + (["jit"] if jit.available() else [])
    for e in engines:  # tables, row lists, the compiled kernel
        expectimax.search_board(boards[0], depth=2, budget_ms=None, engine=e)
    res = {e: {"ms": [], "nodes": 0, "cpu": 0.0, "budget_depth": [], "budget_ms": []} for e in engines}
    worst = 0.0
    for b in boards:
        for e in engines:
            t = CPU()
            _, n, _ = expectimax.search_board(b, depth=depth, prob_cutoff=1e-4, budget_ms=None, engine=e)
            dt = CPU() - t
            r = res[e]
            r["ms"].append(dt * 1000.0)
            r["nodes"] += n
            r["cpu"] += dt
            t = CPU()
            _, _, reached = expectimax.search_board(b, engine=e)
            r["budget_ms"].append((CPU() - t) * 1000.0)
            r["budget_depth"].append(reached)
        if len(engines) == 2:  # the same tree only without a cut-off (they apply it along lines a little apart)
            exact = [expectimax.search_board(b, depth=3, prob_cutoff=0.0, budget_ms=None, engine=e)[0]
                     for e in engines]
            for x, y in zip(*exact):
                if x is not None and y is not None:
                    worst = max(worst, abs(x - y) / max(1.0, abs(x)))
    out = {"boards": len(boards), "depth": depth, "max_relative_difference": worst}
    for e, r in res.items():
        out[e] = {"ms_median": statistics.median(r["ms"]), "moves_per_second": r["nodes"] / r["cpu"],
                  "budget_depth_median": statistics.median(r["budget_depth"]),
                  "budget_ms_median": statistics.median(r["budget_ms"])}
    return out


def run(args) -> int:
    boards = sample_boards(args.games, args.every, args.seed)
    if not boards:
        print("arcade bench search: no boards (every game was shorter than --every)", file=sys.stderr)
        return 2
    r = compare(boards, args.depth)
    print(f"expectimax engines on {r['boards']} boards from {args.games} games (seed {args.seed}, every "
          f"{args.every} moves), CPU time")
    print(f"{'engine':8}{'ms at depth ' + str(r['depth']):>16}{'M moves/s':>12}"
          f"{'default: depth':>16}{'ms':>8}")
    for e in ("layers", "jit"):
        if e in r:
            x = r[e]
            print(f"{e:8}{x['ms_median']:>16.1f}{x['moves_per_second'] / 1e6:>12.1f}"
                  f"{x['budget_depth_median']:>16.0f}{x['budget_ms_median']:>8.1f}")
    if "jit" in r:
        print(f"jit / layers: {r['jit']['moves_per_second'] / r['layers']['moves_per_second']:.1f}x the moves a "
              f"second; with no cut-off (depth 3) their values agree within {100 * r['max_relative_difference']:.5f} %")
    else:
        print("numba is not available: only the layers ran")
    return 0



def summary_rows(quick: bool) -> list:
    """``arcade bench all``'s row: the compiled search against the numpy layers at depth 5, in moves a second."""
    r = compare(sample_boards(1 if quick else 2, 60), 5)
    if "jit" not in r:
        print("numba is not available: the compiled search was not measured")
        return [("2048 AI", "expectimax compiled / numpy layers", "numba not available", ">= 1.5x")]
    ratio = r["jit"]["moves_per_second"] / r["layers"]["moves_per_second"]
    print(f"expectimax at depth 5 on {r['boards']} boards: compiled {r['jit']['moves_per_second'] / 1e6:.1f} M "
          f"moves/s, numpy layers {r['layers']['moves_per_second'] / 1e6:.1f} M: {ratio:.1f}x; at the default budget "
          f"depth {r['jit']['budget_depth_median']:.0f} vs {r['layers']['budget_depth_median']:.0f}")
    return [("2048 AI", "expectimax compiled / numpy layers (depth 5, CPU)",
             f"{ratio:.1f}x ({r['jit']['moves_per_second'] / 1e6:.1f} vs {r['layers']['moves_per_second'] / 1e6:.1f} "
             f"M moves/s); default depth {r['jit']['budget_depth_median']:.0f} vs "
             f"{r['layers']['budget_depth_median']:.0f}", ">= 1.5x")]
