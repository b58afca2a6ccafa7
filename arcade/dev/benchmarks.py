"""App-level benchmarks: frame times of every scene, start-up time, the soak, and `all` (one summary table).

Everything here prints figures; nothing asserts on time (the machines are shared and noisy). Run with the dummy
video driver (the CLI sets it for `arcade bench`).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from arcade.engine.args import int_range, output_file


def _pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else float("nan")


def machine() -> str:
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load {load:.1f}, {platform.platform(terse=True)}")


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
def _scenes(app):
    """name -> (scene factory, per-frame driver) for every scene worth timing."""
    import pygame

    from arcade.engine.session import Session
    from arcade.game2048.backend import BACKEND, Params
    from arcade.game2048.scene import Game2048Scene
    from arcade.shell.menu import MenuScene
    from arcade.shell.settings_scene import SettingsScene
    from arcade.shell.stats import StatsScene

    def key(k):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)

    dirs = [pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN]

    def mover(scene_ref, every=6):
        def drive(i):
            s = scene_ref[0]
            if i % every == 0:
                if s.game.over:
                    s.new_game()
                return [key(dirs[(i // every) % 4])]
            return []
        return drive

    def game2048(size):
        def make():
            s = Game2048Scene(app, session=Session(BACKEND, Params(size), 5))
            ref[0] = s
            return s
        ref = [None]
        return make, mover(ref)

    out = {
        "menu": (lambda: MenuScene(app), lambda i: []),
        "settings": (lambda: SettingsScene(app), lambda i: []),
        "stats": (lambda: StatsScene(app), lambda i: []),
        "2048 4x4 (mid-animation)": game2048(4),
        "2048 8x8 (mid-animation)": game2048(8),
    }
    try:
        from arcade.stairs.scene import StairsScene
        from arcade.stairs.autopilot import next_hop

        sref = [None]

        def make_stairs():
            sref[0] = StairsScene(app)
            return sref[0]

        def hop(i):
            s = sref[0]
            if s.world.over:
                s.restart()
            if i % 12 == 0:
                side = next_hop(s.world)
                return [key(pygame.K_LEFT if side == "left" else pygame.K_RIGHT)]
            return []

        out["stairs (mid-climb)"] = (make_stairs, hop)
    except ImportError:
        pass
    for game in app.registry.values():  # every game's attract-mode demo: the AI playing, as a passer-by sees it
        out[f"{game.title} demo"] = ((lambda g=game: g.make_demo(app)), lambda i: [])
    return out


def frame_times(frames: int = 300, only: str | None = None) -> dict:
    """name -> {"draw_median", "draw_p95", "frame_median", "frame_p95"} in ms."""
    with tempfile.TemporaryDirectory() as d:
        app = _app(Path(d))
        results = {}
        for name, (make, drive) in _scenes(app).items():
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
            results[name] = {"draw_median": statistics.median(draw), "draw_p95": _pct(draw, 0.95),
                             "frame_median": statistics.median(whole), "frame_p95": _pct(whole, 0.95)}
        app.stack.close()
        app.profile.close()
        return results


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
def soak(moves: int = 20000, stairs: int = 5000, budget_ms: float = 5.0, progress: bool = True) -> dict:
    """The AI plays 2048 at full speed with drawing, then the autopilot climbs: RSS and frame-time drift."""
    import pygame

    from arcade.game2048 import ai
    from arcade.game2048.scene import Game2048Scene
    from arcade.stairs.autopilot import next_hop

    with tempfile.TemporaryDirectory() as d:
        app = _app(Path(d))
        scene = Game2048Scene(app)
        app.stack.reset(scene, fade=False)
        app.step(1 / 60, [])
        gc.collect()
        rss0 = rss_mb()
        params = dict(ai.defaults("expectimax"), budget_ms=budget_ms)
        times, played, games = [], 0, 1
        t_start = time.perf_counter()
        rss_warm = None
        while played < moves:
            if rss_warm is None and played >= min(1000, moves // 10):
                gc.collect()
                rss_warm = rss_mb()  # tables, caches and fonts are loaded by now: growth is measured from here
            if scene.game.terminated:
                if scene.game.over:
                    scene.new_game()
                    games += 1
                else:
                    scene.keep_going()
            # the search runs here, in line, so the soak measures the app's own growth, not a worker's
            dec = ai.choose(scene.game.grid, "expectimax", **params)
            t0 = time.perf_counter()
            if dec.direction:
                scene.move(dec.direction, by_ai=True)
                played += 1
            app.stack.begin_frame()
            app.stack.update(1 / 60)
            app.stack.draw(app.screen)
            times.append((time.perf_counter() - t0) * 1000)
            if progress and played % 1000 == 0 and dec.direction:
                print(f"\r  2048 soak: {played}/{moves} moves, RSS {rss_mb():.1f} MB", end="", file=sys.stderr, flush=True)
        gc.collect()
        rss_2048 = rss_mb()
        if progress:
            print(file=sys.stderr)
        from arcade.stairs.scene import StairsScene

        st = StairsScene(app)
        app.stack.reset(st, fade=False)
        app.step(1 / 60, [])
        stimes, climbed, runs = [], 0, 1
        rss_stairs_warm = None
        while climbed < stairs:
            if rss_stairs_warm is None and climbed >= min(500, stairs // 10):
                gc.collect()
                rss_stairs_warm = rss_mb()  # the Stairs art, sky tints and scenery are loaded by now
            if st.world.over:
                st.restart()
                runs += 1
            side = next_hop(st.world)
            t0 = time.perf_counter()
            before = st.world.score
            st.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT if side == "left" else pygame.K_RIGHT,
                                         mod=0, unicode="", scancode=0))
            for _ in range(2):
                app.stack.begin_frame()
                app.stack.update(1 / 60)
                app.stack.draw(app.screen)
            climbed += max(0, st.world.score - before)
            stimes.append((time.perf_counter() - t0) * 1000 / 2)
        gc.collect()
        rss_end = rss_mb()
        app.stack.close()
        app.profile.close()
        k = 1000
        return {
            "moves": played, "games": games, "seconds": time.perf_counter() - t_start,
            "rss_start_mb": rss0, "rss_warm_mb": rss_warm, "rss_after_2048_mb": rss_2048, "rss_end_mb": rss_end,
            "rss_stairs_warm_mb": rss_stairs_warm,
            # steady-state growth of each phase, not the one-time loading of the other game's tables and art
            "rss_growth_mb": (rss_2048 - rss_warm) + (rss_end - rss_stairs_warm),
            "frame_first_1000_median_ms": statistics.median(times[:k]), "frame_last_1000_median_ms": statistics.median(times[-k:]),
            "stairs": climbed, "stairs_runs": runs,
            "stairs_first_1000_median_ms": statistics.median(stimes[:k]), "stairs_last_1000_median_ms": statistics.median(stimes[-k:]),
        }


def save_costs(moves: int = 100_000, size: int = 8, seed: int = 1) -> dict:
    """A long 2048 game saved after every move, as the scene does, through a real (background-writing) profile in
    a temp dir: the UI thread's cost per move (move + to_dict + save_game), the bytes written per move (the writer
    coalesces saves), the saved file's size, and the cost of resuming it (from_dict, then the first to_dict)."""
    from arcade.engine.storage import FILENAME, Profile
    from arcade.game2048.game import Game

    order = ("left", "down", "right", "up")  # a corner strategy: long games without thinking
    with tempfile.TemporaryDirectory(prefix="arcade-save-bench-") as tmp:
        profile = Profile(Path(tmp))
        game = Game(size, seed=seed)
        times, games = [], 1
        t_all = time.perf_counter()
        for _ in range(moves):
            t = time.perf_counter()
            if game.over:
                game.restart()
                games += 1
            elif game.terminated:  # won: play on, as a player pressing "keep going"
                game.keep_going()
            for d in order:
                if game.move(d) is not None:
                    break
            profile.save_game("2048", game.to_dict())
            times.append(time.perf_counter() - t)
        seconds = time.perf_counter() - t_all
        profile.flush()
        written = profile.bytes_written
        file_bytes = (Path(tmp) / FILENAME).stat().st_size
        save_bytes = profile.save_path("2048").stat().st_size
        state = profile.saved_game("2048")
        profile.close()
        t = time.perf_counter()
        resumed = Game.from_dict(state)
        t_load = time.perf_counter() - t
        t = time.perf_counter()
        resumed.to_dict()
        t_first = time.perf_counter() - t
    ms = sorted(x * 1000 for x in times)
    return {"moves": moves, "size": size, "games": games, "seconds": seconds,
            "move_median_ms": statistics.median(ms), "move_p99_ms": _pct(ms, 0.99), "move_max_ms": ms[-1],
            "bytes_written": written, "bytes_per_move": written / moves, "file_bytes": file_bytes,
            "save_file_bytes": save_bytes,
            "from_dict_ms": t_load * 1000, "first_to_dict_ms": t_first * 1000}


def print_save(r: dict) -> None:
    print(f"machine: {machine()}")
    print(f"save: {r['moves']:,} moves of {r['size']}x{r['size']} 2048 ({r['games']} games), saved after every move "
          f"through the profile's background writer ({r['seconds']:.0f} s)")
    print(f"  UI thread per move (move + to_dict + save_game): median {r['move_median_ms']:.3f} ms, "
          f"p99 {r['move_p99_ms']:.3f} ms, max {r['move_max_ms']:.1f} ms")
    print(f"  written: {r['bytes_written'] / 2**20:.1f} MiB in all, {r['bytes_per_move']:.0f} bytes a move "
          f"(writes coalesced); saves/2048.json {r['save_file_bytes'] / 1024:.0f} KiB, profile.json "
          f"{r['file_bytes']} bytes")
    print(f"  resume: from_dict {r['from_dict_ms']:.1f} ms, first to_dict {r['first_to_dict_ms']:.1f} ms")


# ----------------------------------------------------------------------------------------------------- CLI
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int_range(1, 10**6), default=300, help="frames timed per scene (frames, all)")
    parser.add_argument("--runs", type=int_range(1, 1000), default=5, help="start-up runs (startup, all)")
    parser.add_argument("--moves", type=int_range(1, 10**8), default=None,
                        help="2048 moves in the soak (default 20000) or in save (default 100000)")
    parser.add_argument("--stairs", type=int_range(1, 10**8), default=5000, help="stairs climbed in the soak")
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
    elif name == "startup":
        t = startup_times(args.runs)
        out["startup_s"] = t
        print(f"start-up to the first menu frame: median {statistics.median(t) * 1000:.0f} ms over {len(t)} runs "
              f"(min {min(t) * 1000:.0f}, max {max(t) * 1000:.0f})")
    elif name == "save":
        r = save_costs(args.moves or 100_000)
        out["save"] = r
        print_save(r)
    elif name == "soak":
        r = soak(args.moves or 20_000, args.stairs)
        out["soak"] = r
        print_soak(r)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


def print_soak(r: dict) -> None:
    print(f"2048 soak: {r['moves']} AI moves with drawing over {r['games']} games, then {r['stairs']} stairs in "
          f"{r['stairs_runs']} runs ({r['seconds']:.0f} s)")
    print(f"  RSS {r['rss_start_mb']:.1f} MB at start; 2048: {r['rss_warm_mb']:.1f} MB after the first 1000 moves "
          f"(AI tables loaded) -> {r['rss_after_2048_mb']:.1f} MB after {r['moves']}; Stairs: "
          f"{r['rss_stairs_warm_mb']:.1f} MB after 500 stairs (art loaded) -> {r['rss_end_mb']:.1f} MB at the end")
    print(f"  steady-state growth {r['rss_growth_mb']:+.1f} MB (target < 20 MB); "
          f"{r['rss_end_mb'] - r['rss_start_mb']:+.1f} MB in all, one-time loading included")
    print(f"  2048 frame (move + update + draw) median: first 1000 {r['frame_first_1000_median_ms']:.2f} ms, "
          f"last 1000 {r['frame_last_1000_median_ms']:.2f} ms")
    print(f"  stairs frame median: first 1000 {r['stairs_first_1000_median_ms']:.2f} ms, "
          f"last 1000 {r['stairs_last_1000_median_ms']:.2f} ms")
