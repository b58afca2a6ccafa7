"""How fast Stairs draws its obstacles and moves its world: ``arcade bench stairs``.

Vose's alias method (``AliasSampler``, one draw a call as the game makes them, and ``sample(n)`` vectorised)
against numpy's ``Generator.choice(p=)`` and against an LCM lookup table (a table of length L, the least common
multiple of the probabilities' denominators, holding outcome i L * p_i times); then the cost of a world update plus
a hop. All methods run in the same process, interleaved ``--repeat`` times; figures are medians, ratios side by
side. Pure: numpy only, no pygame.
"""
from __future__ import annotations

import argparse
import math
import statistics
import time
from fractions import Fraction

import numpy as np

from arcade.dev.benchkit import percentile
from arcade.engine.args import BadOption, float_range, int_range, seed
from arcade.stairs.alias import AliasSampler
from arcade.stairs.autopilot import next_hop
from arcade.stairs.world import World

__all__ = ["add_arguments", "run", "lcm_table", "rate", "samplers", "world_costs", "summary_rows"]

DEFAULT_P = (0.5, 0.2, 0.2, 0.1)  # the obstacle distribution


MAX_TABLE = 10**7  # entries of the LCM table the benchmark will build (80 MB)
MAX_OUTCOMES = 10_000


def _fractions(probabilities, max_denominator: int):
    fr = [Fraction(str(float(p))).limit_denominator(max_denominator) for p in probabilities]
    total = sum(fr)
    return [f / total for f in fr]


def lcm_length(probabilities, max_denominator: int = 10**6) -> int:
    """L, the LCM table's length for these weights (without building it)."""
    return math.lcm(*(f.denominator for f in _fractions(probabilities, max_denominator)))


def lcm_table(probabilities, max_denominator: int = 10**6) -> np.ndarray:
    """The LCM lookup table: length L = the LCM of the denominators, holding outcome i L * p_i times; a draw is one
    uniform index into it."""
    fr = _fractions(probabilities, max_denominator)
    length = math.lcm(*(f.denominator for f in fr))
    return np.repeat(np.arange(len(fr)), [int(f * length) for f in fr])


def check_weights(p) -> None:
    """``BadOption`` unless ``p`` is a distribution the benchmark can sample by every method."""
    if len(p) > MAX_OUTCOMES:
        raise BadOption(f"--p: at most {MAX_OUTCOMES} outcomes, got {len(p)}")
    if sum(p) <= 0:
        raise BadOption("--p: the weights must not all be 0")
    length = lcm_length(p)
    if length > MAX_TABLE:
        raise BadOption(f"--p: the LCM table for these weights would hold {length:,} entries (at most {MAX_TABLE:,}); "
                        "use weights with small denominators, like 0.5 0.2 0.2 0.1")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--p", type=float_range(0, 1e12), nargs="+", default=list(DEFAULT_P), metavar="P",
                        help="the distribution to sample (default: the obstacle one, 0.5 0.2 0.2 0.1)")
    parser.add_argument("--draws", type=int_range(1, 10**8), default=1_000_000, help="draws per vectorised run (default 10^6)")
    parser.add_argument("--scalar-draws", type=int_range(1, 10**8), default=100_000,
                        help="draws per scalar run (default 10^5; numpy choice runs a tenth of these)")
    parser.add_argument("--hops", type=int_range(1, 10**8), default=20_000, help="timed world update+hop steps (default 20000)")
    parser.add_argument("--repeat", type=int_range(1, 1000), default=5, help="interleaved repetitions; medians are reported")
    parser.add_argument("--large-n", type=int_range(0, 10**7), default=1000,
                        help="also time the vectorised samplers on random weights over this many outcomes (0: skip)")
    parser.add_argument("--seed", type=seed, default=1)


def rate(fn, count: int) -> float:
    t = time.perf_counter()
    fn(count)
    return count / (time.perf_counter() - t)


def samplers(p, seed: int, scalar_draws: int):
    """name -> (kind, function(count), draws per run). Each scalar function makes ``count`` separate calls."""
    rng = np.random.default_rng(seed)
    alias = AliasSampler(p, rng=np.random.default_rng(seed))
    table = lcm_table(p)
    length = len(table)
    k = len(p)
    pa = np.asarray(p, dtype=float) / sum(p)
    prob, al = alias.prob, alias.alias

    def alias_scalar(count):
        s = alias.sample
        for _ in range(count):
            s()

    def alias_scalar_uncached(count):  # the textbook scalar draw: two numpy calls a draw
        integers, random = rng.integers, rng.random
        for _ in range(count):
            i = int(integers(k))
            _ = i if random() < prob[i] else int(al[i])

    def choice_scalar(count):
        c = rng.choice
        for _ in range(count):
            c(k, p=pa)

    def lcm_scalar(count):  # one numpy call a draw
        integers = rng.integers
        for _ in range(count):
            table[integers(length)]

    return {
        "alias sample() (block cache)": ("scalar", alias_scalar, scalar_draws),
        "alias, 2 numpy calls a draw": ("scalar", alias_scalar_uncached, scalar_draws),
        "numpy choice(p=) a draw": ("scalar", choice_scalar, max(1, scalar_draws // 10)),
        "LCM table, 1 numpy call a draw": ("scalar", lcm_scalar, scalar_draws),
        "alias sample(n)": ("vector", lambda c: alias.sample(c), None),
        "numpy choice(size=n, p=)": ("vector", lambda c: rng.choice(k, size=c, p=pa), None),
        "LCM table[integers(L, size=n)]": ("vector", lambda c: table[rng.integers(0, length, size=c)], None),
    }, length


def world_costs(hops: int, seed: int) -> dict[str, float]:
    """Microseconds per update(dt)+hop on a live world (the autopilot's side is computed outside the clock)."""
    samples: list[int] = []
    world = World(seed=seed)
    dt = 1 / 240
    clock = time.perf_counter_ns
    while len(samples) < hops:
        side = next_hop(world)
        t = clock()
        world.update(dt)
        world.hop(side)
        samples.append(clock() - t)
        world.drain_events()
        if world.over:  # never expected at 240 hops/s, but keep measuring on a new world
            world = World(seed=seed + len(samples))
    make = []
    for i in range(50):
        t = clock()
        World(seed=seed + i)
        make.append(clock() - t)
    return {
        "median": statistics.median(samples) / 1000,
        "p90": percentile(samples, 0.9) / 1000,
        "new World()": statistics.median(make) / 1000,
    }


def run(args: argparse.Namespace) -> int:
    p = list(args.p)
    check_weights(p)
    fns_by_name, length = samplers(p, args.seed, args.scalar_draws)
    rates: dict[str, list[float]] = {name: [] for name in fns_by_name}
    for _ in range(max(1, args.repeat)):
        for name, (kind, fn, n) in fns_by_name.items():
            count = n if kind == "scalar" else args.draws
            fn(min(count, 1000) if kind == "scalar" else count)  # warm up (the vectorised: its buffers too)
            rates[name].append(rate(fn, count))
    med = {name: statistics.median(r) for name, r in rates.items()}
    print(f"alias sampler benchmark: p = {p} (LCM table length L = {length}), median of {args.repeat} interleaved "
          f"runs; vectorised n = {args.draws}")
    for kind, ref in (("scalar", "numpy choice(p=) a draw"), ("vector", "numpy choice(size=n, p=)")):
        print(f"\n  {kind:<34}{'draws/s':>14}{'vs choice':>11}")
        for name, (k, _, _) in fns_by_name.items():
            if k == kind:
                print(f"  {name:<34}{med[name]:>14,.0f}{med[name] / med[ref]:>10.1f}x")
    if args.large_n > 0:
        big = np.random.default_rng(args.seed).random(args.large_n)
        big /= big.sum()
        alias = AliasSampler(big, rng=np.random.default_rng(args.seed))
        rng = np.random.default_rng(args.seed)
        fns = {"alias sample(n)": lambda c: alias.sample(c),
               "numpy choice(size=n, p=)": lambda c: rng.choice(args.large_n, size=c, p=big)}
        big_rates: dict[str, list[float]] = {name: [] for name in fns}
        for _ in range(max(1, args.repeat)):
            for name, fn in fns.items():
                fn(args.draws)
                big_rates[name].append(rate(fn, args.draws))
        bm = {name: statistics.median(r) for name, r in big_rates.items()}
        print(f"\n  vector, {args.large_n} random weights (LCM table: not feasible)")
        for name in fns:
            print(f"  {name:<34}{bm[name]:>14,.0f}{bm[name] / bm['numpy choice(size=n, p=)']:>10.1f}x")
    w = world_costs(args.hops, args.seed)
    print(f"\nworld: update(dt) + hop over {args.hops} steps: median {w['median']:.2f} us, p90 {w['p90']:.2f} us; "
          f"new World(): {w['new World()']:.0f} us")
    return 0



def summary_rows() -> list:
    """``arcade bench all``'s rows: the alias sampler against numpy's choice, one draw and many, and the world."""
    fns, _ = samplers(list(DEFAULT_P), 1, 100_000)
    rates = {}
    for name, (kind, fn, count) in fns.items():
        count = count or 1_000_000
        fn(min(count, 1000))
        rates[name] = statistics.median(rate(fn, count) for _ in range(3))
        print(f"{name:<34} {rates[name]:>14,.0f} draws/s")
    w = world_costs(5000, 1)
    print(f"world update(dt) + hop: median {w['median']:.1f} us")
    a, c = rates["alias sample() (block cache)"], rates["numpy choice(p=) a draw"]
    av, cv = rates["alias sample(n)"], rates["numpy choice(size=n, p=)"]
    return [("sampler", "alias scalar / numpy choice(p=) scalar", f"{a / c:,.0f}x ({a / 1e6:.1f} M/s)", ""),
            ("sampler", "alias sample(n) / choice(size=n)", f"{av / cv:.1f}x ({av / 1e6:.0f} M/s)", ""),
            ("stairs", "world update + hop", f"{w['median']:.1f} us", "microseconds")]
