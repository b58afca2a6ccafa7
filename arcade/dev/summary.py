"""``arcade bench all`` (``make bench``): every benchmark in one run, then one summary table of medians and ratios.

Each game's parts come from its hooks (``summary_parts``, :mod:`arcade.dev.hooks`), in the registry's order, then
the house's own: the frame times of every scene, the start-up time and the input fuzzer. Each part prints its own
figures as it goes; the table at the end collects the headline numbers. The detailed benchmarks stay available on
their own (``arcade bench NAME``; ``arcade bench --help`` lists them).
"""
from __future__ import annotations

import functools
import statistics
import sys
import time

from arcade.dev.benchkit import machine, markdown_table, write_json
from arcade.dev.hooks import each


def frames_part(frames: int) -> list:
    from arcade.dev.benchmarks import frame_times, present_times, print_frames, print_present

    res = frame_times(frames)
    print_frames(res)
    shown = present_times(frames)
    print_present(shown)
    return [("frames", f"draw {name}", f"{r['draw_median']:.2f} ms median (p95 {r['draw_p95']:.2f})", r["target"])
            for name, r in res.items()] + [
        ("frames", f"present {name}", f"{r['present_median']:.2f} ms median (p95 {r['present_p95']:.2f})", "")
        for name, r in shown.items()]


def startup_part(runs: int) -> list:
    from arcade.dev.benchmarks import startup_times

    t = startup_times(runs)
    print(f"start-up to the first menu frame: {', '.join(f'{x * 1000:.0f}' for x in t)} ms")
    return [("start-up", "process start to first menu frame", f"{statistics.median(t) * 1000:.0f} ms median of {runs}",
             "")]


def fuzz_part(events: int) -> list:
    from arcade.dev.fuzz import fuzz

    rep = fuzz(events, seed=0, progress=True)
    print(rep.summary())
    return [("fuzz", f"{rep.events:,} random events, {rep.quits} quit+reload cycles",
             f"no exception; frame max {max(rep.frame_ms):.1f} ms; over 50 ms: {rep.slow_play_frames} during play, "
             f"{rep.slow_switch_frames} on scene switches, {rep.slow_start_frames} first frames after a (re)start",
             "0 over 50 ms")]


def parts(args) -> list:
    """``(title, function returning rows)`` for every part of the run, the games' first."""
    quick = getattr(args, "quick", False)
    out = [p for _, hook in each("summary_parts") for p in hook(quick)]
    return out + [
        ("frame times (dummy video driver)", functools.partial(frames_part, 120 if quick else args.frames)),
        ("start-up", functools.partial(startup_part, 3 if quick else args.runs)),
        ("input fuzzer", functools.partial(fuzz_part, 10_000 if quick else 100_000)),
    ]


def add_arguments(parser) -> None:
    """``arcade bench all`` takes the house benchmarks' options (--frames, --runs, --quick, --json ...)."""
    from arcade.dev.benchmarks import add_arguments as house_arguments

    house_arguments(parser)


def run(args) -> int:
    t0 = time.perf_counter()
    print(f"machine: {machine()}")
    rows: list = []
    failed = []
    for title, fn in parts(args):
        print(f"\n== {title} ==", flush=True)
        try:
            rows.extend(fn())
        except Exception as e:  # one broken part must not hide the others' figures
            failed.append(title)
            print(f"FAILED: {type(e).__name__}: {e}", file=sys.stderr)
            rows.append((title, "failed", f"{type(e).__name__}: {e}", ""))
    print(f"\n== summary ({time.perf_counter() - t0:.0f} s) ==")
    print(f"machine: {machine()}")
    print(markdown_table(("part", "figure", "measured", "target"), rows))
    if getattr(args, "json", None):
        write_json(args.json, {"machine": machine(), "rows": rows}, indent=2)
    return 1 if failed else 0
