"""How long the AI's review of a 2048 game takes, and what replays cost on disk: ``arcade bench review``.

Plays games with a quick expectimax (seeded) until one reaches each requested length, records them as replays, then
reviews each through the real path: the engine's AI worker process, a chunk of positions a request, polled by a
60 Hz loop like the replay scene's. Prints the seconds to the first graded move and to the end, the positions a
second, the polling loop's frame times (what the UI thread pays), and the replay file's bytes a move.
"""
from __future__ import annotations

import argparse
import statistics
import time

from arcade.dev.benchkit import percentile
from arcade.engine.args import int_list, seed

__all__ = ["add_arguments", "run", "long_game"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--moves", type=int_list(10, 100_000), default=[1000, 10000], metavar="N,N",
                        help="game lengths to review (default 1000,10000)")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the games (default 1)")


def long_game(moves: int, first_seed: int, budget_ms: float = 3.0):
    """A game of at least ``moves`` moves played by a quick expectimax (the seed is advanced until one lasts),
    stopped at ``moves``. Returns (the game's session, seeds tried)."""
    from arcade.engine.session import Session
    from arcade.game2048 import ai
    from arcade.game2048.backend import BACKEND, Params

    s = first_seed
    while True:
        g = Session(BACKEND, Params(), s)
        while not g.over and g.moves < moves:
            if g.state.won and not g.state.keep_playing:
                g.play("keep")
            g.play(ai.choose(g.state.grid, "expectimax", budget_ms=budget_ms).direction)
        if g.moves >= moves:
            return g, s - first_seed + 1
        s += 1


def run(args) -> int:
    from arcade.game2048.replay import steps
    from arcade.game2048.review import EVAL_DEPTH, Reviewer, summarize

    print(f"review: expectimax at depth {EVAL_DEPTH} a position, in the AI worker process, polled at 60 Hz")
    for n in args.moves:
        t0 = time.perf_counter()
        g, tries = long_game(n, args.seed)
        rec = g.replay()
        size = len(rec.to_json())
        st = steps(rec.data)
        print(f"\n{n:,}-move game (seed {args.seed + tries - 1}, score {g.state.score:,}, max tile {g.state.max_tile}; "
              f"played in {time.perf_counter() - t0:.0f} s): replay file {size:,} bytes = {size / n:.2f} bytes a move")
        r = Reviewer(st)
        frame_ms, first = [], None
        t0 = time.perf_counter()
        last_print = t0
        while not r.done:
            f0 = time.perf_counter()
            r.update()
            frame_ms.append((time.perf_counter() - f0) * 1000)
            if first is None and r.moves:
                first = time.perf_counter() - t0
            now = time.perf_counter()
            if now - last_print > 2:
                print(f"  ... {len(r.moves):,}/{len(r.todo):,} ({now - t0:.0f} s)", flush=True)
                last_print = now
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - f0)))
        total = time.perf_counter() - t0
        r.close()
        if r.error:
            print(f"  FAILED: {r.error}")
            return 1
        s = summarize(r.moves)
        print(f"  reviewed {len(r.moves):,} moves in {total:.1f} s ({len(r.moves) / total:.0f} positions/s); "
              f"first grade after {first:.2f} s; accuracy {s['accuracy']:.0f}")
        print(f"  UI-thread work a frame while it ran: median {statistics.median(frame_ms):.3f} ms, "
              f"p99 {percentile(frame_ms, 0.99):.3f} ms, max {max(frame_ms):.1f} ms")
    return 0
