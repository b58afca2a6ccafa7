"""How long the 2048 board takes to draw mid-animation: ``arcade bench view``.

For each board size it plays random moves of a seeded game on a 480 x 800 canvas and times ``BoardView.draw``
on frames spread over each move's animation (60 fps steps), then prints the median and the 95th percentile in ms.
``BoardView.warm()`` renders the common tiles first; the first animation of each size fills the remaining caches
and is not counted (``--cold`` counts it and skips ``warm()``).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from arcade.dev.benchkit import percentile
from arcade.engine.args import float_range, int_list, int_range, seed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sizes", type=int_list(3, 8), default=[3, 4, 5, 6, 7, 8], help="board sizes, comma separated (default 3..8)")
    parser.add_argument("--frames", type=int_range(1, 10**6), default=600, help="timed frames per size (default 600)")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the games (default 1)")
    parser.add_argument("--speed", type=float_range(0, 100, lo_open=True), default=1.0, help="animation speed (default 1)")
    parser.add_argument("--cold", action="store_true", help="also count the frames that fill the caches")


def _board(size: int, rng: random.Random, game_cls):
    """A well filled position (about 60 % of the cells, mixed values) so frames carry many tiles."""
    g = game_cls(size=size, seed=rng.random())
    g.keep_going()
    for r in range(size):
        for c in range(size):
            v = 0 if rng.random() < 0.4 else 1 << rng.randint(1, 11 if size > 3 else 8)
            g.place(r, c, v)
    return g


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from arcade.game2048.game import Game
    from arcade.game2048.rules import DIRECTIONS
    from arcade.game2048.view import PAGE, BoardView

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((480, 800))
    sizes = list(dict.fromkeys(args.sizes))
    print(f"BoardView.draw mid-animation, 480x800 canvas, board 464 px, driver {pygame.display.get_driver()}, "
          f"{args.frames} frames per size")
    print(f"{'size':>5} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'static ms':>10} {'tiles/frame':>12}")
    for size in sizes:
        rng = random.Random(args.seed * 1000 + size)
        view = BoardView(pygame.Rect(8, 168, 464, 464), size, speed=args.speed)
        game = _board(size, rng, Game)
        view.set_grid(game.grid)
        if not args.cold:
            view.warm()
        times = []
        sprites = []
        warm = args.cold
        while len(times) < args.frames:
            out = None
            for d in rng.sample(DIRECTIONS, 4):
                out = game.move(d)
                if out:
                    break
            if not out or sum(1 for row in game.grid for v in row if v) > size * size * 0.8:
                game = _board(size, rng, Game)
                view.set_grid(game.grid)
                continue
            view.play(out)
            while view.busy and len(times) < args.frames:
                screen.fill(PAGE)
                t0 = time.perf_counter()
                view.draw(screen)
                t1 = time.perf_counter()
                if warm:
                    times.append((t1 - t0) * 1000)
                    sprites.append(len(view._timeline.sprites(view._t)))
                view.update(1 / 60)
            warm = True
        statics = []
        for _ in range(50):
            t0 = time.perf_counter()
            view.draw(screen)
            statics.append((time.perf_counter() - t0) * 1000)
        print(f"{size:>5} {statistics.median(times):>10.3f} {percentile(times, 0.95):>8.3f} {max(times):>8.3f} "
              f"{statistics.median(statics):>10.3f} {statistics.mean(sprites):>12.1f}")
    return 0

