"""Tune the heuristic weights by coordinate descent on fixed-depth games: ``arcade bench tune``.

    arcade bench tune --log tune.json [--depth 2] [--games 20] [--seed 5000] [--jobs 2]
                      [--names empty,merges,monotonicity,sum,smoothness] [--rounds 3] [--step 1.5]

Every candidate plays the same seeded games (common random numbers: the differences between candidates are not
spawn luck) with expectimax at a fixed depth and no time budget, so a result does not depend on the load of the
machine. The objective is the mean of log2(score) over the games (a score grows about tenfold per doubling of the
largest tile, so the log keeps one lucky long game from deciding). Coordinate descent: for each weight in turn try
it times and divided by ``--step`` (a weight at 0 is tried at 10); keep a move that improves the objective, and
halve the step's exponent after a round without one. Every evaluated candidate is written to ``--log`` at once, so
a stopped tuning run started again with the same ``--log`` skips what it has already played.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
from concurrent.futures import ProcessPoolExecutor

from arcade.dev.benchkit import choice_list, write_json
from arcade.engine.args import float_range, output_file, positive_int, seed

__all__ = ["add_arguments", "run", "objective"]

WEIGHT_NAMES = "empty,merges,monotonicity,sum,smoothness"


def _key(weights: dict) -> str:
    return json.dumps({k: round(v, 6) for k, v in sorted(weights.items())})


def _game(job) -> float:
    from arcade.game2048.bench.ai import play_game
    seed, depth, weights = job
    g = play_game(seed, "expectimax", {"depth": depth, "budget_ms": None, "weights": weights})
    return math.log2(max(g["score"], 1))


def objective(weights: dict, seeds, depth: int, pool=None) -> float:
    """Mean log2(score) of expectimax at ``depth`` with ``weights`` (overrides of the defaults) over ``seeds``."""
    jobs = [(s, depth, weights) for s in seeds]
    results = list(pool.map(_game, jobs)) if pool is not None else [_game(j) for j in jobs]
    return sum(results) / len(results)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--log", required=True, type=output_file, metavar="FILE", help="JSON log of every candidate (resumable)")
    parser.add_argument("--depth", type=positive_int, default=2, metavar="D", help="search depth (default 2)")
    parser.add_argument("--games", type=positive_int, default=20, metavar="N", help="games a candidate (default 20)")
    parser.add_argument("--seed", type=seed, default=5000, metavar="S", help="game i uses seed S + i (default 5000)")
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="processes (default 1)")
    from arcade.game2048.ai.heuristics import DEFAULT_WEIGHTS

    parser.add_argument("--names", type=choice_list("weight", tuple(DEFAULT_WEIGHTS.__dataclass_fields__)),
                        default=WEIGHT_NAMES, metavar="LIST",
                        help=f"the weights to tune, comma-separated (default {WEIGHT_NAMES})")
    parser.add_argument("--rounds", type=positive_int, default=3, metavar="R", help="rounds of descent (default 3)")
    parser.add_argument("--step", type=float_range(1.0, 1e6, lo_open=True), default=1.5, metavar="F",
                        help="a weight is tried times and divided by F (default 1.5)")


def run(args) -> int:
    from arcade.game2048.ai.heuristics import DEFAULT_WEIGHTS

    names = list(args.names)
    seeds = range(args.seed, args.seed + args.games)
    log = {}
    if os.path.exists(args.log):
        with open(args.log, encoding="utf-8") as fh:
            log = json.load(fh).get("candidates", {})
    pool = ProcessPoolExecutor(args.jobs, mp_context=mp.get_context("spawn")) if args.jobs > 1 else None

    def value(w: dict) -> float:
        k = _key(w)
        if k not in log:
            log[k] = objective(w, seeds, args.depth, pool)
            write_json(args.log, {"depth": args.depth, "seeds": [seeds.start, seeds.stop], "candidates": log},
                       indent=1)
            print(f"{log[k]:8.4f}  {k}", flush=True)
        return log[k]

    best = {n: float(getattr(DEFAULT_WEIGHTS, n)) for n in names}
    best_v = value(best)
    step = args.step
    for _ in range(args.rounds):
        improved = False
        for n in names:
            for f in (step, 1.0 / step):
                if not best[n] and f < 1.0:
                    continue  # a weight that is off is tried switched on (at 10), not made negative
                w = dict(best, **{n: best[n] * f if best[n] else 10.0})
                v = value(w)
                if v > best_v:
                    best, best_v, improved = w, v, True
                    break
        if not improved:
            step = math.sqrt(step)
    print(f"best {best_v:.4f}: {_key(best)}")
    if pool is not None:
        pool.shutdown()
    return 0

