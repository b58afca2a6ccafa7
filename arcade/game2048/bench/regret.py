"""How good the budgeted expectimax's moves are against a deep search: ``arcade bench regret``.

    arcade bench regret --boards bench-results/late-boards.json [--sample 300] [--seed 1] [--budgets 70,105]
                        [--oracle-cutoff 1e-4] [--param NAME=VALUE ...] [--jobs 2]
    arcade bench regret --collect OUT.json RUN.json [RUN.json ...] [--min-tile 8192] [--every 7]

A 20-game run to the end takes hours and its 32768 share moves by 5 % a game, so comparing two settings by whole
runs is slow and noisy. This compares them on positions: each sampled board is searched once by an *oracle* (the
same expectimax to the board's depth with a fine probability cut-off and no budget, about a second a board) and by
the default search at each ``--budgets`` value (its CPU-time budget, as in the game). A move's *regret* is how much
of the oracle's best value it gives up, ``(best - oracle[chosen]) / best``; the table gives the mean regret, how often
the move is the oracle's, the median CPU time, and for every budget after the first the boards where it chose better
or worse than the first (a sign test on the same boards). Late-game boards are where games are lost, so
``--collect`` gathers them from the checkpoints of ``arcade bench 2048`` runs (every ``--every``-th position of each
checkpointed game holding ``--min-tile`` or more, replayed from its log).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

from arcade.dev.benchkit import parallel, write_json
from arcade.engine.args import float_range, int_range, output_file, seed

__all__ = ["add_arguments", "run", "collect", "regret", "evaluate"]

CPU = getattr(time, "thread_time", time.process_time)


def _budgets(text: str) -> list:
    try:
        out = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"budgets must be numbers of ms separated by commas, not {text!r}") from None
    if not out or any(not (0.5 <= b <= 10000) or math.isnan(b) for b in out):
        raise argparse.ArgumentTypeError(f"budgets must be 0.5 to 10000 ms each, not {text!r}")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from arcade.game2048.bench.ai import param_arg
    parser.add_argument("--boards", metavar="FILE", help="boards to compare on (written by --collect)")
    parser.add_argument("--collect", type=output_file, metavar="OUT",
                        help="write the late-game boards of the RUN files to OUT")
    parser.add_argument("runs", nargs="*", metavar="RUN", help="with --collect: arcade bench 2048 --json files")
    parser.add_argument("--min-tile", type=int_range(2, 1 << 20), default=8192, metavar="T",
                        help="with --collect: positions holding at least this tile (default 8192)")
    parser.add_argument("--every", type=int_range(1, 10000), default=7, metavar="K",
                        help="with --collect: every K-th position (default 7)")
    parser.add_argument("--sample", type=int_range(1, 100000), default=300, metavar="N",
                        help="boards to sample from the file (default 300)")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="the sample's seed (default 1)")
    parser.add_argument("--budgets", type=_budgets, default=[70.0, 105.0], metavar="MS,MS",
                        help="budgets to compare, ms of CPU time (default 70,105)")
    parser.add_argument("--oracle-cutoff", type=float_range(1e-9, 0.1), default=1e-4, metavar="P",
                        help="the oracle's probability cut-off (default 1e-4)")
    parser.add_argument("--param", type=param_arg, action="append", default=[], metavar="NAME=VALUE",
                        help="a search parameter for every compared search (not the oracle), repeatable")
    parser.add_argument("--jobs", type=int_range(1, 64), default=1, metavar="J", help="processes (default 1)")


def collect(paths: list, min_tile: int = 8192, every: int = 7) -> list:
    """``[seed, move, board]`` for every ``every``-th position holding ``min_tile`` or more in the checkpointed
    games of the ``arcade bench 2048`` JSON files ``paths`` (the longest checkpoint of each seed)."""
    from arcade.game2048 import bitboard as bb, replay
    longest: dict = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not an arcade bench 2048 --json file")
        for c in data.get("in_progress") or []:
            g = c["game"]
            if replay.check(g).size == 4 and _inputs(g) > _inputs(longest.get(c["seed"])):
                longest[c["seed"]] = g
    out = []
    for s in sorted(longest):
        grids = [st.grid for st in replay.steps(longest[s])]
        for i in range(0, len(grids), every):
            if max(max(r) for r in grids[i]) >= min_tile:
                out.append([s, i, int(bb.to_board(grids[i]))])
    return out


def _inputs(game) -> int:
    """The inputs logged in a checkpoint's game (a session's list of events; an older file's string, two
    characters an input)."""
    log = (game or {}).get("log") or ()
    return len(log) // 2 if isinstance(log, str) else len(log)


def regret(oracle: list, move: int) -> float:
    """The share of the oracle's best value that ``move`` gives up (0 for the oracle's own move)."""
    best = max(v for v in oracle if v is not None)
    return (best - oracle[move]) / best if best > 0 else 0.0


def evaluate(job) -> dict:
    """One board: the oracle's values and, per budget, the move chosen and its CPU time. The oracle runs first and
    is not timed, so a process's one-time set-up (tables, loading the compiled kernel) is never in the times."""
    import numpy as np
    from arcade.game2048 import bitboard as bb
    from arcade.game2048.ai import expectimax
    board, budgets, params, cutoff = job
    p = expectimax.STRATEGY.params({})
    want = expectimax.target_depth(int(bb.distinct_count(np.array([board], dtype=np.uint64))[0]), p,
                                   expectimax.dangerous(board, p))
    oracle, _, _ = expectimax.search_board(board, depth=want, prob_cutoff=cutoff, budget_ms=None)
    chosen = []
    for b in budgets:
        t = CPU()
        values, _, _ = expectimax.search_board(board, **dict(params, budget_ms=b))
        ms = (CPU() - t) * 1000.0
        legal = [d for d in range(4) if values[d] is not None]
        chosen.append((max(legal, key=lambda d: values[d]), ms))
    return {"board": board, "oracle": oracle, "chosen": chosen}


def _reason(e: Exception) -> str:
    """An error as one line: a missing key by its name (``str(KeyError)`` is only the quoted key)."""
    return f"no field {e}" if isinstance(e, KeyError) else str(e)


def run(args) -> int:
    if args.collect:
        if not args.runs:
            print("arcade bench regret: --collect needs the arcade bench 2048 --json files to read", file=sys.stderr)
            return 2
        try:
            boards = collect(args.runs, args.min_tile, args.every)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            print(f"arcade bench regret: cannot read the runs: {_reason(e)}", file=sys.stderr)
            return 2
        try:
            write_json(args.collect, boards)
        except OSError as e:
            print(f"arcade bench regret: cannot write {args.collect}: {e}", file=sys.stderr)
            return 2
        print(f"{len(boards)} boards holding {args.min_tile} or more written to {args.collect}")
        return 0
    if not args.boards:
        print("arcade bench regret: give --boards FILE (or --collect OUT RUN.json ...)", file=sys.stderr)
        return 2
    try:
        with open(args.boards, encoding="utf-8") as fh:
            rows = json.load(fh)
        boards = [int(r[2]) for r in rows]
        if not boards or any(not 0 < b < 1 << 64 for b in boards):
            raise ValueError("no boards, or a board that is not a 64-bit bitboard")
    except (OSError, ValueError, TypeError, IndexError, KeyError) as e:
        print(f"arcade bench regret: cannot read {args.boards}: {_reason(e)}", file=sys.stderr)
        return 2
    from arcade.game2048.ai import expectimax
    params = dict(args.param)
    try:
        expectimax.STRATEGY.params(params)
    except ValueError as e:
        print(f"arcade bench regret: {e}", file=sys.stderr)
        return 2
    sample = random.Random(args.seed).sample(boards, min(args.sample, len(boards)))
    jobs = [(b, args.budgets, params, args.oracle_cutoff) for b in sample]
    started = time.perf_counter()
    results: list = []
    parallel(evaluate, jobs, args.jobs, results.append)
    print(f"expectimax against an oracle (cut-off {args.oracle_cutoff:g}, the board's depth, no budget) on "
          f"{len(results)} of the {len(boards)} boards of {args.boards} (seed {args.seed}), "
          f"{time.perf_counter() - started:.0f} s")
    print(f"{'budget ms':>10}{'mean regret':>14}{'same move':>11}{'CPU ms median':>15}{'better':>8}{'worse':>7}")
    first = [regret(r["oracle"], r["chosen"][0][0]) for r in results]
    for k, b in enumerate(args.budgets):
        reg = [regret(r["oracle"], r["chosen"][k][0]) for r in results]
        same = sum(x == 0.0 for x in reg) / len(reg)
        ms = statistics.median(r["chosen"][k][1] for r in results)
        better = sum(x < y for x, y in zip(reg, first))
        worse = sum(x > y for x, y in zip(reg, first))
        cmp = f"{better:>8}{worse:>7}" if k else f"{'-':>8}{'-':>7}"
        print(f"{b:>10g}{statistics.mean(reg) * 1e4:>11.2f}e-4{100 * same:>10.1f}%{ms:>15.1f}{cmp}")
    return 0

