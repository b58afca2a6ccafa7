"""`arcade bench all` (`make bench`): every benchmark in one run, then one summary table of medians and ratios.

Each part prints its own figures as it goes; the table at the end collects the headline numbers. The detailed
benchmarks stay available on their own (`arcade bench 2048|engine|view|stairs|stairs-frames|frames|startup|fuzz|soak`).
"""
from __future__ import annotations

import json
import statistics
import sys
import time

import numpy as np


def _section(title: str) -> None:
    print(f"\n== {title} ==", flush=True)


def engine_part(boards: int, naive_boards: int) -> list:
    from arcade.game2048 import bitboard as bb
    from arcade.game2048.bench_engine import random_boards, naive_move

    builds = []
    for _ in range(3):
        t0 = time.perf_counter()
        bb.Tables()
        builds.append((time.perf_counter() - t0) * 1000)
    rng = np.random.default_rng(0)
    arr = random_boards(boards, rng)
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


def search_part(games: int) -> list:
    from arcade.game2048.bench_search import compare, sample_boards

    r = compare(sample_boards(games, 60), 5)
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


def ai_part(games: int, until: int) -> list:
    from arcade.game2048.bench import play_game

    rows = []
    recs = []
    for seed in range(1, games + 1):
        r = play_game(seed, "expectimax", until=until)
        recs.append(r)
        print(f"expectimax seed {seed}: max tile {r['max_tile']} in {r['moves']} moves, "
              f"{r['ms_per_move']:.1f} ms/move median, {r['nodes_per_second'] / 1e3:.0f} k nodes/s", flush=True)
    times = sorted(t for r in recs for t in r["times_ms"])
    reached = sum(1 for r in recs if r["max_tile"] >= until)
    rows.append(("2048 AI", f"expectimax, {games} games to {until}",
                 f"{reached}/{games} reached; {statistics.median(times):.1f} ms/move median, "
                 f"p95 {times[int(0.95 * (len(times) - 1))]:.1f} ms", "<= 100 ms/move"))
    return rows


def sampler_part() -> list:
    from arcade.stairs.bench import rate, samplers, world_costs

    p = [0.5, 0.2, 0.2, 0.1]
    fns, _ = samplers(p, 1, 100_000)
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


def tictactoe_part(sample: int) -> list:
    from arcade.tictactoe import bench as tb

    p = tb.proof()
    s = tb.solve_4x4(sample, 1)
    print(f"3x3 proof: {p}\n4x4: {s}")
    return [("tictactoe", "3x3 proof: positions whose move keeps the value",
             f"{p['value_preserving']:,} of {p['positions']:,} ({p['seconds']:.2f} s)", "all"),
            ("tictactoe", "4x4 (k=4) solved from the empty board",
             f"{s['value']} in {s['solve_s']:.2f} s; first move {s['first_move_s']:.2f} s; "
             f"{s['sampled_preserving']}/{s['sampled']} sampled positions kept", "< 1 s")]


def minesweeper_part(beginner: int, expert: int) -> list:
    from arcade.minesweeper import bench as mb

    rows = []
    for level, n, target in (("beginner", beginner, ">= 91 % (10,000-game table)"),
                             ("expert", expert, ">= 39 %; median move <= 20 ms")):
        t = time.perf_counter()
        recs = [mb.play_game(level, 1 + i, "safe") for i in range(n)]
        s = mb.summarize(recs, level=level, first_click="safe", seed=1, jobs=1, wall_seconds=time.perf_counter() - t)
        print(mb.format_table(s))
        lo, hi = s["ci95"]
        rows.append(("minesweeper", f"{level}, first click safe, {n:,} game{'s' if n != 1 else ''}",
                     f"won {100 * s['win_rate']:.1f} % (95 % CI {100 * lo:.0f}-{100 * hi:.0f}); move median "
                     f"{s['ms_per_move']['median']:.2f} ms, max {s['ms_per_move']['max']:.0f} ms", target))
    return rows


def frames_part(frames: int) -> list:
    from arcade.dev.benchmarks import frame_times, print_frames

    res = frame_times(frames)
    print_frames(res)
    targets = {"2048 4x4 (mid-animation)": "<= 2 ms", "2048 8x8 (mid-animation)": "<= 4 ms", "stairs (mid-climb)": "<= 2 ms"}
    return [("frames", f"draw {name}", f"{r['draw_median']:.2f} ms median (p95 {r['draw_p95']:.2f})", targets.get(name, ""))
            for name, r in res.items()]


def startup_part(runs: int) -> list:
    from arcade.dev.benchmarks import startup_times

    t = startup_times(runs)
    print(f"start-up to the first menu frame: {', '.join(f'{x * 1000:.0f}' for x in t)} ms")
    return [("start-up", "process start to first menu frame", f"{statistics.median(t) * 1000:.0f} ms median of {runs}", "")]


def fuzz_part(events: int) -> list:
    from arcade.dev.fuzz import fuzz

    rep = fuzz(events, seed=0, progress=True)
    print(rep.summary())
    fm = rep.frame_ms
    return [("fuzz", f"{rep.events:,} random events, {rep.quits} quit+reload cycles",
             f"no exception; frame max {max(fm):.1f} ms; over 50 ms: {rep.slow_play_frames} during play, "
             f"{rep.slow_switch_frames} on scene switches, {rep.slow_start_frames} first frames after a (re)start", "0 over 50 ms")]


def add_arguments(parser) -> None:
    """``arcade bench all`` takes the app benchmarks' options (--frames, --runs, --quick, --json ...)."""
    from arcade.dev.benchmarks import add_arguments as app_arguments

    app_arguments(parser)


def run(args) -> int:
    return run_all(args)


def run_all(args) -> int:
    from arcade.dev.benchmarks import machine

    quick = getattr(args, "quick", False)
    t0 = time.perf_counter()
    print(f"machine: {machine()}")
    rows: list = []
    parts = [
        ("bitboard engine", lambda: engine_part(200_000 if not quick else 50_000, 2000 if not quick else 500)),
        ("sampler and stair world", sampler_part),
        ("frame times (dummy video driver)", lambda: frames_part(args.frames if not quick else 120)),
        ("start-up", lambda: startup_part(args.runs if not quick else 3)),
        ("2048 expectimax engines", lambda: search_part(2 if not quick else 1)),
        ("2048 AI short run", lambda: ai_part(2 if not quick else 1, 2048 if not quick else 512)),
        ("tic-tac-toe proofs", lambda: tictactoe_part(20 if not quick else 5)),
        ("Minesweeper AI short run", lambda: minesweeper_part(2000 if not quick else 300, 200 if not quick else 30)),
        ("input fuzzer", lambda: fuzz_part(100_000 if not quick else 10_000)),
    ]
    failed = []
    for title, fn in parts:
        _section(title)
        try:
            rows.extend(fn())
        except Exception as e:  # one broken part must not hide the others' figures
            failed.append(title)
            print(f"FAILED: {type(e).__name__}: {e}", file=sys.stderr)
            rows.append((title, "failed", f"{type(e).__name__}: {e}", ""))
    _section(f"summary ({time.perf_counter() - t0:.0f} s)")
    print(f"machine: {machine()}")
    w = [max(len(str(r[i])) for r in rows) for i in range(4)]
    head = ("part", "figure", "measured", "target")
    w = [max(w[i], len(head[i])) for i in range(4)]
    print("| " + " | ".join(h.ljust(w[i]) for i, h in enumerate(head)) + " |")
    print("|" + "|".join("-" * (x + 2) for x in w) + "|")
    for r in rows:
        print("| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(r)) + " |")
    if getattr(args, "json", None):
        args.json.write_text(json.dumps({"machine": machine(), "rows": rows}, indent=2))
    return 1 if failed else 0
