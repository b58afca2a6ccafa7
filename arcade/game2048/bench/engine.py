"""How fast the bitboard engine moves boards: ``arcade bench engine``.

Prints boards moved per second for the batch engine (``bitboard.move`` on a numpy array of boards) next to the
plain numpy way of writing 2048's move (a 4x4 array per board; rotate so every direction becomes "push right",
loop over the rows in Python, push, merge, push, rotate back), the ratio of the two measured in the same run, and
the time to build the tables (and the heuristic tables) from scratch. Both engines are checked to agree.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from arcade.engine.args import int_range, seed

__all__ = ["add_arguments", "run", "naive_move", "random_boards", "summary_rows"]

# rotations (np.rot90 k, counter-clockwise) that turn each direction into "right", and back
_ROT = {"right": 0, "down": 1, "left": 2, "up": 3}


def naive_move(grid: np.ndarray, direction: str) -> np.ndarray:
    """The naive move: rotate, push every row right with a Python loop (merging), rotate back."""
    k = _ROT[direction]
    g = np.rot90(grid, k).copy()
    for r in range(g.shape[0]):
        tiles = [v for v in g[r] if v]          # push
        out = []
        i = len(tiles) - 1
        while i >= 0:                            # merge from the right wall
            if i > 0 and tiles[i] == tiles[i - 1]:
                out.append(tiles[i] * 2)
                i -= 2
            else:
                out.append(tiles[i])
                i -= 1
        row = [0] * (g.shape[1] - len(out)) + out[::-1]  # push again
        g[r] = row
    return np.rot90(g, -k)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--boards", type=int_range(1, 1 << 26), default=1 << 20, metavar="N",
                        help="boards per batch for the engine (default 1048576)")
    parser.add_argument("--naive-boards", type=int_range(1, 10**7), default=2000, metavar="N",
                        help="boards for the naive version (default 2000)")
    parser.add_argument("--repeat", type=int_range(1, 1000), default=5, metavar="R", help="repeats; the best is kept (default 5)")
    parser.add_argument("--seed", type=seed, default=argparse.SUPPRESS, metavar="S", help="random boards' seed")


def random_boards(n: int, rng: np.random.Generator) -> np.ndarray:
    """Plausible boards: each cell empty with probability 0.35, else an exponent 1..11."""
    exps = rng.integers(1, 12, size=(n, 16), dtype=np.uint64)
    exps[rng.random((n, 16)) < 0.35] = 0
    shifts = np.arange(0, 64, 4, dtype=np.uint64)
    return np.bitwise_or.reduce(exps << shifts, axis=1)


def run(args) -> int:
    from arcade.game2048 import bitboard as bb
    from arcade.game2048.ai import heuristics

    seed = getattr(args, "seed", None)
    rng = np.random.default_rng(0 if seed is None else seed)
    repeat = max(1, args.repeat)

    builds = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        bb.Tables()
        builds.append((time.perf_counter() - t0) * 1000)
    bb.tables()
    heur = []
    for _ in range(repeat):
        heuristics._row_terms.cache_clear()
        heuristics.row_table.cache_clear()
        t0 = time.perf_counter()
        heuristics.Evaluator(heuristics.DEFAULT_WEIGHTS)
        heur.append((time.perf_counter() - t0) * 1000)

    boards = random_boards(args.boards, rng)
    batch = {}
    for name in bb.DIRECTIONS:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            bb.move(boards, name)
            best = min(best, time.perf_counter() - t0)
        batch[name] = boards.size / best
    t0 = time.perf_counter()
    bb.move_all(boards)
    all4 = 4 * boards.size / (time.perf_counter() - t0)

    sample = boards[: args.naive_boards]
    grids = [np.array(bb.to_grid(b), dtype=np.int64) for b in sample]
    naive = {}
    agree = True
    for name in bb.DIRECTIONS:
        best = float("inf")
        for _ in range(max(1, repeat // 2)):
            t0 = time.perf_counter()
            out = [naive_move(g, name) for g in grids]
            best = min(best, time.perf_counter() - t0)
        naive[name] = len(grids) / best
        fast = bb.move(sample, name)
        agree &= all(tuple(map(tuple, o.tolist())) == bb.to_grid(f) for o, f in zip(out, fast))

    print("2048 bitboard engine benchmark")
    print(f"table build (move/score tables, 65536 rows): median {statistics.median(builds):.1f} ms "
          f"(min {min(builds):.1f}, max {max(builds):.1f}, {repeat} builds)")
    print(f"heuristic tables (terms + weights + composed): median {statistics.median(heur):.1f} ms")
    print()
    print(f"{'direction':10}{'batch boards/s':>18}{'naive boards/s':>18}{'ratio':>10}")
    ratios = []
    for name in bb.DIRECTIONS:
        ratio = batch[name] / naive[name]
        ratios.append(ratio)
        print(f"{name:10}{batch[name]:>18,.0f}{naive[name]:>18,.0f}{ratio:>9,.0f}x")
    print(f"{'all four':10}{all4:>18,.0f}   (move_all: one transpose shared by up and down)")
    print()
    print(f"median ratio {statistics.median(ratios):,.0f}x (batch of {boards.size:,} boards vs {len(grids):,} "
          f"naive boards; results agree: {'yes' if agree else 'NO'})")
    return 0 if agree else 1



def summary_rows(quick: bool) -> list:
    """``arcade bench all``'s rows: the table build, and batch moves against the rotate-and-loop numpy move."""
    from arcade.game2048 import bitboard as bb

    boards, naive_boards = (50_000, 500) if quick else (200_000, 2000)
    builds = []
    for _ in range(3):
        t0 = time.perf_counter()
        bb.Tables()
        builds.append((time.perf_counter() - t0) * 1000)
    arr = random_boards(boards, np.random.default_rng(0))
    bb.move(arr[:10], "left")
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        bb.move(arr, "left")
        best = min(best, time.perf_counter() - t0)
    fast = arr.size / best
    grids = [np.array(bb.to_grid(b), dtype=np.int64) for b in arr[:naive_boards]]
    t0 = time.perf_counter()
    for g in grids:
        naive_move(g, "left")
    slow = len(grids) / (time.perf_counter() - t0)
    print(f"table build median {statistics.median(builds):.1f} ms; batch move {fast:,.0f} boards/s, "
          f"naive rotate-and-loop numpy {slow:,.0f} boards/s: {fast / slow:,.0f}x")
    return [("engine", "table build (median of 3)", f"{statistics.median(builds):.0f} ms", "<= 150 ms"),
            ("engine", "batch moves / naive numpy", f"{fast / slow:,.0f}x ({fast / 1e6:.1f} M/s vs {slow / 1e3:.0f} k/s)",
             ">= 500x")]
