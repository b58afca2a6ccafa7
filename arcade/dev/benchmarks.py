"""The house's own benchmarks: frame times of every scene (``arcade bench frames``), start-up time
(``arcade bench startup``) and the soak (``arcade bench soak``); the games take part through their hooks
(:mod:`arcade.dev.hooks`).

Everything here prints figures; nothing asserts on time (the machines are shared and noisy). Run with the dummy
video driver (the CLI sets it for ``arcade bench``).
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arcade.dev.benchkit import machine, percentile, write_json
from arcade.dev.hooks import each
from arcade.engine.args import int_range, output_file


def rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _app(data_dir: Path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from arcade import games, shell
    from arcade.engine.app import Options
    from arcade.engine.plugin import help_seen_key
    from arcade.engine.storage import Profile

    registry = games.load()
    profile = Profile(data_dir)
    for game_id in registry:
        profile.set(help_seen_key(game_id), True)
    return shell.build(Options(data_dir=data_dir), registry, profile=profile)


# ----------------------------------------------------------------------------------------------------- frames
def _scenes(app) -> dict:
    """name -> (scene factory, the events of frame i, target) for every scene worth timing: the shell's screens,
    the scenes each game's hooks offer, and every game's attract-mode demo (the AI playing, as a passer-by sees it)."""
    from arcade.shell.menu import MenuScene
    from arcade.shell.settings_scene import SettingsScene
    from arcade.shell.stats import StatsScene

    def idle(i):
        return []

    out = {"menu": (lambda: MenuScene(app), idle, ""),
           "settings": (lambda: SettingsScene(app), idle, ""),
           "stats": (lambda: StatsScene(app), idle, "")}
    for _, hook in each("frame_scenes", app.registry):
        out.update(hook(app))
    for game in app.registry.values():
        out[f"{game.title} demo"] = ((lambda g=game: g.make_demo(app)), idle, "")
    return out


def frame_times(frames: int = 300, only: str | None = None) -> dict:
    """name -> {"draw_median", "draw_p95", "frame_median", "frame_p95", "target"} in ms."""
    with tempfile.TemporaryDirectory() as d:
        app = _app(Path(d))
        results = {}
        for name, (make, drive, target) in _scenes(app).items():
            if only and only not in name:
                continue
            scene = make()
            app.stack.reset(scene, fade=False)
            app.step(1 / 60, [])
            draw, whole = [], []
            for i in range(frames + 30):
                events = drive(i)
                t0 = time.perf_counter()
                app.stack.begin_frame()
                for e in events:
                    app.stack.handle(e)
                app.stack.update(1 / 60)
                t1 = time.perf_counter()
                app.stack.draw(app.screen)
                t2 = time.perf_counter()
                if i >= 30:  # warm caches first, like a player's first second
                    draw.append((t2 - t1) * 1000)
                    whole.append((t2 - t0) * 1000)
            results[name] = {"draw_median": statistics.median(draw), "draw_p95": percentile(draw, 0.95),
                             "frame_median": statistics.median(whole), "frame_p95": percentile(whole, 0.95),
                             "target": target}
        app.stack.close()
        app.profile.close()
        return results


PRESENT_WINDOWS = ((1920, 1080), (2560, 1080), (1280, 1000))


def present_times(frames: int = 300) -> dict:
    """"WxH scene" -> {"step_median", "present_median", "present_p95"} in ms: a whole frame (the scene's draw and
    the frame's margins) and its present (the frame scaled to the window and sent), in wide windows."""
    out = {}
    for window in PRESENT_WINDOWS:
        with tempfile.TemporaryDirectory() as d:
            app = _app(Path(d))
            _resize(app, window)
            from arcade.shell.menu import MenuScene

            for name, make in (("menu", lambda: MenuScene(app)),
                               ("Stairs demo", lambda: app.registry["stairs"].make_demo(app))):
                app.stack.reset(make(), fade=False)
                steps, shown = [], []
                for i in range(frames + 30):
                    t0 = time.perf_counter()
                    app.step(1 / 60, [])
                    t1 = time.perf_counter()
                    app.present()
                    if i >= 30:
                        steps.append((t1 - t0) * 1000)
                        shown.append(app.present_ms)
                out[f"{window[0]}x{window[1]} {name}"] = {
                    "step_median": statistics.median(steps), "present_median": statistics.median(shown),
                    "present_p95": percentile(shown, 0.95)}
            app.stack.close()
            app.profile.close()
    return out


def _resize(app, window) -> None:
    """Resize the app's window (the dummy driver) and let the app follow it."""
    import pygame

    if app.window is not None:
        app.window.size = window
    else:
        pygame.display.set_mode(window, pygame.RESIZABLE)
    app.step(1 / 60, [])


def print_present(res: dict) -> None:
    print(f"{'window, scene':<28} {'frame median':>13} {'present median':>15} {'present p95':>12}")
    for name, r in res.items():
        print(f"{name:<28} {r['step_median']:>11.2f}ms {r['present_median']:>13.2f}ms {r['present_p95']:>10.2f}ms")


# ----------------------------------------------------------------------------------------------------- startup
def startup_times(runs: int = 5) -> list[float]:
    """Seconds from process start to the first menu frame drawn (a fresh interpreter each run)."""
    out = []
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARCADE_DATA_DIR=d)
        for _ in range(runs):
            t0 = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "arcade", "--frames", "1"], env=env, capture_output=True)
            if r.returncode != 0:
                raise RuntimeError(r.stderr.decode(errors="replace"))
            out.append(time.perf_counter() - t0)
    return out


# ----------------------------------------------------------------------------------------------------- soak
def soak(steps: int | None = None, progress: bool = True) -> dict:
    """Each game's soak (its hooks' ``soak_steps``: the AI or an autopilot playing with drawing), one game after
    the other in one app: the process's memory (RSS) at the start, after each game's first tenth (at most 1000
    steps: its one-time loading is done by then) and at its end, and the median time of its first and last 1000
    steps. A step is the game's action (the generator yields it: a function returning how many steps it made) and
    one frame; what comes before the yield (an AI search) is not timed."""
    with tempfile.TemporaryDirectory() as d:
        app = _app(Path(d))
        gc.collect()
        out = {"rss_start_mb": rss_mb(), "games": []}
        t_start = time.perf_counter()
        for game, hook in each("soak_steps", app.registry):
            unit, count, gen = hook(app, steps)
            warm_at = min(1000, count // 10)
            times, done, rss_warm, note = [], 0, None, ""
            while True:
                if rss_warm is None and done >= warm_at:
                    gc.collect()
                    rss_warm = rss_mb()
                try:
                    act = next(gen)  # untimed: what the step needs first (an AI search)
                except StopIteration as stop:
                    note = stop.value or ""
                    break
                t0 = time.perf_counter()
                done += act()
                app.stack.begin_frame()
                app.stack.update(1 / 60)
                app.stack.draw(app.screen)
                times.append((time.perf_counter() - t0) * 1000)
                if progress and done and done % 1000 == 0:
                    print(f"\r  soak {game.title}: {done}/{count} {unit}, RSS {rss_mb():.1f} MB", end="",
                          file=sys.stderr, flush=True)
            gc.collect()
            if progress:
                print(file=sys.stderr)
            k = min(1000, len(times))
            out["games"].append({"game": game.title, "unit": unit, "steps": done, "note": note, "window": k,
                                 "warm_after": warm_at, "rss_warm_mb": rss_warm, "rss_end_mb": rss_mb(),
                                 "frame_first_median_ms": statistics.median(times[:k]),
                                 "frame_last_median_ms": statistics.median(times[-k:])})
        app.stack.close()
        app.profile.close()
        out["seconds"] = time.perf_counter() - t_start
        out["rss_end_mb"] = out["games"][-1]["rss_end_mb"] if out["games"] else out["rss_start_mb"]
        # steady-state growth: each game's own, after its one-time loading (tables, art, fonts)
        out["rss_growth_mb"] = sum(g["rss_end_mb"] - g["rss_warm_mb"] for g in out["games"])
        return out


def print_soak(r: dict) -> None:
    parts = ", then ".join(f"{g['steps']} {g['unit']} in {g['game']}" + (f" ({g['note']})" if g["note"] else "")
                           for g in r["games"])
    print(f"soak: {parts} ({r['seconds']:.0f} s)")
    print(f"  RSS {r['rss_start_mb']:.1f} MB at start")
    for g in r["games"]:
        print(f"  {g['game']}: {g['rss_warm_mb']:.1f} MB after the first {g['warm_after']} {g['unit']} (loaded) -> "
              f"{g['rss_end_mb']:.1f} MB after {g['steps']}; a step's median: first {g['window']} "
              f"{g['frame_first_median_ms']:.2f} ms, last {g['window']} {g['frame_last_median_ms']:.2f} ms")
    print(f"  steady-state growth {r['rss_growth_mb']:+.1f} MB (target < 20 MB); "
          f"{r['rss_end_mb'] - r['rss_start_mb']:+.1f} MB in all, one-time loading included")


# ----------------------------------------------------------------------------------------------------- CLI
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int_range(1, 10**6), default=300, help="frames timed per scene (frames, all)")
    parser.add_argument("--runs", type=int_range(1, 1000), default=5, help="start-up runs (startup, all)")
    parser.add_argument("--steps", type=int_range(1, 10**8), default=None,
                        help="soak: steps each game plays (default: the game's own, e.g. 20000 2048 moves)")
    parser.add_argument("--quick", action="store_true", help="all: shorter runs (a few minutes in all)")
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write the figures as JSON")


def print_frames(res: dict) -> None:
    print(f"{'scene':<28} {'draw median':>12} {'draw p95':>10} {'frame median':>13} {'frame p95':>10}")
    for name, r in res.items():
        print(f"{name:<28} {r['draw_median']:>10.2f}ms {r['draw_p95']:>8.2f}ms {r['frame_median']:>11.2f}ms "
              f"{r['frame_p95']:>8.2f}ms")


def run(args) -> int:
    name = args.bench
    out: dict = {"machine": machine()}
    if name == "frames":
        out["frames"] = frame_times(args.frames)
        print_frames(out["frames"])
        out["present"] = present_times(args.frames)
        print_present(out["present"])
    elif name == "startup":
        t = startup_times(args.runs)
        out["startup_s"] = t
        print(f"start-up to the first menu frame: median {statistics.median(t) * 1000:.0f} ms over {len(t)} runs "
              f"(min {min(t) * 1000:.0f}, max {max(t) * 1000:.0f})")
    elif name == "soak":
        r = soak(args.steps)
        out["soak"] = r
        print_soak(r)
    if args.json:
        write_json(args.json, out, indent=2)
    return 0
