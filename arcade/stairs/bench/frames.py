"""How long the Stairs screen takes to draw mid-climb: ``arcade bench stairs-frames``.

A player's scene (HUD, three layers) climbs on the autopilot's human rhythm with the dummy video driver; after a
warm-up climb, each frame's ``draw`` is timed (the update is not), so the frames cover hops in the air, stairs
falling and fading, and the sky's cross-fades. It prints the median and the 95th percentile in ms, the layers'
shares, and, for the world alone, the cost of one ``update`` and of one ``update`` plus a hop in microseconds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from arcade.dev.benchkit import percentile
from arcade.engine.args import int_range, seed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int_range(1, 10**6), default=1200, help="timed frames (default 1200: 20 s of play at 60 fps)")
    parser.add_argument("--warmup", type=int_range(0, 10**5), default=30, help="hops climbed before timing starts (default 30)")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the world and the autopilot (default 1)")
    parser.add_argument("--world-steps", type=int_range(1, 10**8), default=100_000,
                        help="world update(+hop) calls timed (default 100000)")


def bench_world(steps: int, seed: int) -> dict:
    """µs per ``World.update(dt)`` alone and per ``update`` + ``hop``, on a long autopilot climb."""
    from arcade.stairs.autopilot import next_hop
    from arcade.stairs.world import World

    dt = 1 / 60
    out = {}
    for name, hop in (("update", False), ("update+hop", True)):
        w = World(seed)
        w.hop(next_hop(w))
        samples = []
        batch = 100  # time batches of calls: a single call is below the timer's resolution
        clock = time.perf_counter
        for _ in range(max(1, steps // batch)):
            t0 = clock()
            for _ in range(batch):
                w.update(dt)
                if hop:
                    w.hop(next_hop(w))
                if w.over:
                    break
            samples.append((clock() - t0) * 1e6 / batch)
            w.drain_events()
            if w.over:
                w = World(seed)
                w.hop(next_hop(w))
        out[name] = (statistics.median(samples), percentile(samples, 0.95))
    return out


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from arcade.engine.app import App, Options
    from arcade.engine.assets import Audio
    from arcade.engine.storage import Profile
    from arcade.stairs.autopilot import Autopilot
    from arcade.stairs.scene import StairsScene

    data = tempfile.mkdtemp(prefix="arcade-bench-")
    from arcade.stairs import GAME

    # the scene alone, without the shell: its help card and pause overlay are not there to open
    app = App(Options(seed=args.seed, data_dir=data), games=[GAME], profile=Profile(None), audio=Audio(enabled=False))
    scene = StairsScene(app)
    scene.enter()
    pilot = Autopilot(seed=args.seed, hops_per_second=4.0)
    screen = app.screen
    dt = 1 / 60

    def step() -> None:
        side = pilot.poll(scene.world, dt)
        if side is not None:
            scene.press(side)
        scene.update(dt)
        if scene.world.over:  # the autopilot never loses; just in case
            scene.new_run()

    while scene.world.score < args.warmup:
        step()
        scene.draw(screen)
    view = scene.view
    total, layers = [], {"sky": [], "scenery": [], "stairs": []}
    clock = time.perf_counter
    composes0 = view.background.composes
    for i in range(args.frames):
        step()
        screen.fill((0, 0, 0))
        t0 = clock()
        scene.draw(screen)
        total.append((clock() - t0) * 1000)
        if i % 4 == 0:  # the layers one by one, on a quarter of the frames
            t0 = clock()
            view.background.draw(screen)
            t1 = clock()
            view.scenery.draw(screen, view.camera.y)
            t2 = clock()
            view.stairs.draw(screen, scene.world)
            t3 = clock()
            layers["sky"].append((t1 - t0) * 1000)
            layers["scenery"].append((t2 - t1) * 1000)
            layers["stairs"].append((t3 - t2) * 1000)
    print(f"Stairs frame draw, 480x800 canvas, driver {pygame.display.get_driver()}, {args.frames} frames mid-climb "
          f"(score {args.warmup} -> {scene.world.score}, autopilot 4 hops/s, seed {args.seed})")
    print(f"{'':16} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    print(f"{'whole frame':16} {statistics.median(total):10.3f} {percentile(total, 0.95):8.3f} {max(total):8.3f}")
    for name, v in layers.items():
        print(f"{'  ' + name:16} {statistics.median(v):10.3f} {percentile(v, 0.95):8.3f} {max(v):8.3f}")
    print(f"sky re-composed {view.background.composes - composes0} times in {args.frames} frames")
    w = bench_world(args.world_steps, args.seed)
    print(f"\nWorld cost ({args.world_steps} calls each, dt 1/60 s), µs per call")
    print(f"{'':16} {'median µs':>10} {'p95 µs':>8}")
    for name, (med, p95) in w.items():
        print(f"{name:16} {med:10.2f} {p95:8.2f}")
    app.profile.close()
    pygame.display.quit()
    return 0

