"""Tune the heuristic weights by coordinate descent on fixed-depth games: ``python -m arcade.game2048.tune``.

    python -m arcade.game2048.tune --log tune.json [--depth 2] [--games 20] [--seed 5000] [--jobs 2]
                                   [--names empty,merges,monotonicity,sum,smoothness] [--rounds 3] [--step 1.5]

Every candidate plays the same seeded games (common random numbers: the differences between candidates are not
spawn luck) with expectimax at a fixed depth and no time budget, so a result does not depend on the load of the
machine. The objective is the mean of log2(score) over the games (a score grows about tenfold per doubling of the
largest tile, so the log keeps one lucky long game from deciding). Coordinate descent: for each weight in turn try
it times and divided by ``--step`` (a weight at 0 is tried at 10); keep a move that improves the objective, and halve the step's exponent
after a round without one. Every evaluated candidate is written to ``--log`` at once, so a stopped tuning run
started again with the same ``--log`` skips what it has already played.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from arcade.engine.args import positive_int

__all__ = ["main", "objective"]


def _key(weights: dict) -> str:
    return json.dumps({k: round(v, 6) for k, v in sorted(weights.items())})


def _game(job) -> float:
    from arcade.game2048 import bench
    seed, depth, weights = job
    g = bench.play_game(seed, "expectimax", {"depth": depth, "budget_ms": None, "weights": weights})
    return math.log2(max(g["score"], 1))


def objective(weights: dict, seeds, depth: int, pool=None) -> float:
    """Mean log2(score) of expectimax at ``depth`` with ``weights`` (overrides of the defaults) over ``seeds``."""
    jobs = [(s, depth, weights) for s in seeds]
    results = list(pool.map(_game, jobs)) if pool is not None else [_game(j) for j in jobs]
    return sum(results) / len(results)


def main(argv=None) -> int:
    from arcade.game2048.ai.heuristics import DEFAULT_WEIGHTS
    parser = argparse.ArgumentParser(prog="python -m arcade.game2048.tune", description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, metavar="FILE", help="JSON log of every candidate (resumable)")
    parser.add_argument("--depth", type=positive_int, default=2)
    parser.add_argument("--games", type=positive_int, default=20)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=positive_int, default=1)
    parser.add_argument("--names", default="empty,merges,monotonicity,sum,smoothness")
    parser.add_argument("--rounds", type=positive_int, default=3)
    parser.add_argument("--step", type=float, default=1.5)
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    unknown = [n for n in names if n not in DEFAULT_WEIGHTS.__dataclass_fields__]
    if unknown or not args.step > 1.0:
        parser.error(f"unknown weight(s) {unknown}" if unknown else "--step must be > 1")
    seeds = range(args.seed, args.seed + args.games)
    log = {}
    if os.path.exists(args.log):
        with open(args.log, encoding="utf-8") as fh:
            log = json.load(fh).get("candidates", {})
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None

    def value(w: dict) -> float:
        k = _key(w)
        if k not in log:
            log[k] = objective(w, seeds, args.depth, pool)
            tmp = args.log + ".tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump({"depth": args.depth, "seeds": [seeds.start, seeds.stop], "candidates": log}, fh, indent=1)
            os.replace(tmp, args.log)
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


if __name__ == "__main__":
    sys.exit(main())
