"""Command line: ``arcade`` (menu), ``arcade play 2048|stairs``, ``arcade demo``, ``arcade bench ...``.

Bad values exit 2 with argparse's one-line message; a missing display or an unusable data
directory is one clear line, never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from pathlib import Path

from . import __version__

# name -> module offering add_arguments(parser) and run(args) -> int
BENCHES = {
    "2048": ("arcade.game2048.bench", "2048 AI: games played headless, win rates, ms per move"),
    "engine": ("arcade.game2048.bench_engine", "bitboard engine: boards moved per second vs naive numpy"),
    "view": ("arcade.game2048.bench_view", "2048 board drawing: ms per frame mid-animation"),
    "stairs": ("arcade.stairs.bench", "alias sampler draws/s and stair world update cost"),
    "stairs-frames": ("arcade.stairs.bench_frames", "Stairs scene drawing: ms per frame mid-climb"),
    "frames": ("arcade.benchmarks", "frame times of every scene with the dummy driver"),
    "startup": ("arcade.benchmarks", "time from start to the first menu frame"),
    "fuzz": ("arcade.fuzz", "input fuzzer over the real app loop"),
    "faults": ("arcade.faults", "profile data-fault matrix (the README's table)"),
    "soak": ("arcade.benchmarks", "long AI and autopilot runs: memory and frame-time drift"),
    "all": ("arcade.benchmarks", "every benchmark, one summary table"),
}


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {v}")
    return v


def _seed(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= v < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2^63-1, got {v}")
    return v


def _window(text: str) -> tuple[int, int]:
    from .app import MAX_WINDOW, MIN_WINDOW

    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 540x900, got {text!r}") from None
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is outside {MIN_WINDOW[0]}x{MIN_WINDOW[1]} .. {MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    return w, h


def _size(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a board size 3..8, got {text!r}") from None
    if not 3 <= v <= 8:
        raise argparse.ArgumentTypeError(f"board size must be 3..8, got {v}")
    return v


def _common(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """The run options, accepted before or after a subcommand (`arcade --seed 3 play 2048` or
    `arcade play 2048 --seed 3`): on subcommands their defaults are suppressed so they don't
    overwrite a value given earlier."""

    def add(*flags, default=None, **kw):
        parser.add_argument(*flags, default=argparse.SUPPRESS if suppress else default, **kw)

    add("--seed", type=_seed, help="seed every random choice (repeatable games)")
    add("--fullscreen", action="store_true", default=False, help="start in fullscreen (F11 toggles)")
    add("--mute", action="store_true", default=False, help="no sound this run (M toggles)")
    add("--data-dir", type=Path, metavar="DIR", help="profile folder (default: the user data dir; env ARCADE_DATA_DIR)")
    add("--frames", type=_positive_int, metavar="N", help="run N frames then exit 0 (smoke test)")
    add("--window", type=_window, metavar="WxH", help="initial window size in pixels")


def build_parser(with_benches: bool = False) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="arcade", description="A pygame arcade collection: 2048 (with an AI) and Stairs.")
    p.add_argument("--version", action="version", version=f"arcade {__version__}")
    _common(p, suppress=False)
    sub = p.add_subparsers(dest="command", metavar="{play,demo,bench}")
    play = sub.add_parser("play", help="start a game directly")
    play.add_argument("game", choices=["2048", "stairs"])
    play.add_argument("--size", type=_size, help="2048 board size 3..8 (default: the setting)")
    _common(play, suppress=True)
    demo = sub.add_parser("demo", help="watch the AI play")
    _common(demo, suppress=True)
    bench = sub.add_parser("bench", help="benchmarks (headless); `arcade bench NAME --help`")
    bsub = bench.add_subparsers(dest="bench", metavar="{" + ",".join(BENCHES) + "}", required=True)
    for name, (module, helptext) in BENCHES.items():
        bp = bsub.add_parser(name, help=helptext, description=helptext)
        bp.set_defaults(_bench_module=module)
        if with_benches:
            try:
                importlib.import_module(module).add_arguments(bp)
            except ImportError as e:
                bp.set_defaults(_bench_missing=str(e))
    return p


def _setup_logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("arcade: %(levelname)s: %(message)s"))
    log = logging.getLogger("arcade")
    log.handlers[:] = [handler]
    log.setLevel(logging.WARNING)
    log.propagate = False


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(with_benches="bench" in argv)
    args = parser.parse_args(argv)
    _setup_logging()
    if args.command == "bench":
        if getattr(args, "_bench_missing", None):
            parser.exit(1, f"arcade: benchmark {args.bench!r} is not available: {args._bench_missing}\n")
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return int(importlib.import_module(args._bench_module).run(args) or 0)

    from .app import AppError, Options, run

    opts = Options(
        mode=args.command or "menu",
        game=getattr(args, "game", None),
        seed=args.seed,
        fullscreen=args.fullscreen,
        mute=args.mute,
        data_dir=args.data_dir,
        frames=args.frames,
        window=args.window,
        size=getattr(args, "size", None),
    )
    try:
        return run(opts)
    except AppError as e:
        print(f"arcade: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
