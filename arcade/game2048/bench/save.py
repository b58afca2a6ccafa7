"""What saving after every move costs a long 2048 game: ``arcade bench save``.

A long game (a corner strategy: no thinking, so the game itself is cheap) is saved after every move, as the scene
does, through a real profile with its background writer in a temporary folder. Prints the UI thread's cost a move
(``Session.play``: the rules, the move log and the save it hands the writer; median, p99, max), the bytes written a
move (the writer coalesces saves), the saved files' sizes, and the cost of continuing the longest game of the run
(``Session.from_dict`` replays its moves through the rules; then the first ``to_dict``).
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from arcade.dev.benchkit import machine, percentile, write_json
from arcade.engine.args import int_range, output_file, seed

__all__ = ["add_arguments", "run", "save_costs"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--moves", type=int_range(1, 10**8), default=100_000, metavar="N",
                        help="moves of the session (default 100000)")
    parser.add_argument("--size", type=int_range(3, 8), default=8, metavar="N", help="board size (default 8)")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="the game's seed (default 1)")
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write the figures as JSON")


def save_costs(moves: int = 100_000, size: int = 8, seed: int = 1) -> dict:
    """The figures of one session of ``moves`` moves on a ``size`` x ``size`` board (see the module's docstring)."""
    from arcade.engine.session import Session, Store
    from arcade.engine.storage import FILENAME, Profile
    from arcade.game2048.backend import BACKEND, KEEP_GOING

    order = ("left", "down", "right", "up")
    with tempfile.TemporaryDirectory(prefix="arcade-save-bench-") as tmp:
        profile = Profile(Path(tmp))
        store = Store(profile)
        session = Session(BACKEND, BACKEND.parse_params(f"{size}x{size}"), seed, store=store)
        times, games, longest = [], 1, None
        t_all = time.perf_counter()
        for _ in range(moves):
            t = time.perf_counter()  # what a move costs the scene: the rules, the log and the save it hands over
            if session.over:
                if longest is None or session.moves_played > len(longest["log"]):
                    # the save this game had one move before its end: the longest game a player could continue
                    longest = {k: v for k, v in session.to_dict().items() if k not in ("ended", "result")}
                    longest["log"], longest["t"] = longest["log"][:-1], longest["t"][:-1]
                session.new()
                games += 1
            elif session.state.terminated:  # won: play on, as a player pressing "keep going"
                session.play(KEEP_GOING)
            for d in order:
                if session.play(d):
                    break
            times.append(time.perf_counter() - t)
        seconds = time.perf_counter() - t_all
        profile.flush()
        written = profile.bytes_written
        file_bytes = (Path(tmp) / FILENAME).stat().st_size
        save_file = profile.save_path(session.save_key)
        save_bytes = save_file.stat().st_size
        state = profile.saved_game(session.save_key)
        profile.close()
        if longest is None or (state and len(state["log"]) > len(longest["log"])):
            longest = state
        t = time.perf_counter()
        resumed = Session.from_dict(BACKEND, longest)
        t_load = time.perf_counter() - t
        t = time.perf_counter()
        resumed.to_dict()
        t_first = time.perf_counter() - t
    ms = [x * 1000 for x in times]
    return {"moves": moves, "size": size, "games": games, "seconds": seconds,
            "move_median_ms": statistics.median(ms), "move_p99_ms": percentile(ms, 0.99), "move_max_ms": max(ms),
            "bytes_written": written, "bytes_per_move": written / moves, "file_bytes": file_bytes,
            "save_file": f"{save_file.parent.name}/{save_file.name}", "save_file_bytes": save_bytes,
            "from_dict_ms": t_load * 1000, "first_to_dict_ms": t_first * 1000,
            "resumed_moves": resumed.moves_played}


def run(args) -> int:
    r = save_costs(args.moves, args.size, args.seed)
    print(f"machine: {machine()}")
    print(f"save: {r['moves']:,} moves of {r['size']}x{r['size']} 2048 ({r['games']} games), saved after every move "
          f"through the profile's background writer ({r['seconds']:.0f} s)")
    print(f"  UI thread per move (session.play: rules, log, save): median {r['move_median_ms']:.3f} ms, "
          f"p99 {r['move_p99_ms']:.3f} ms, max {r['move_max_ms']:.1f} ms")
    print(f"  written: {r['bytes_written'] / 2**20:.1f} MiB in all, {r['bytes_per_move']:.0f} bytes a move "
          f"(writes coalesced); {r['save_file']} {r['save_file_bytes'] / 1024:.0f} KiB, profile.json "
          f"{r['file_bytes']} bytes")
    print(f"  resume the longest game ({r['resumed_moves']:,} moves): from_dict {r['from_dict_ms']:.1f} ms, first to_dict {r['first_to_dict_ms']:.1f} ms")
    if args.json:
        write_json(args.json, {"machine": machine(), "save": r}, indent=2)
    return 0
