"""Command line: ``arcade`` (menu), ``arcade play NAME [the game's options] [--code CODE | --daily [--date D]]``,
``arcade code NAME [options] (--seed S | --daily [--date D])``, ``arcade demo``, ``arcade replay FILE``,
``arcade bench NAME ...``; ``--frames N --screenshot FILE`` saves frame N of any of them as a PNG. The games, their
``play`` options and their benchmarks come from the registry (:mod:`arcade.games`); the house's own benchmarks
(frames, start-up, fuzzer, fault matrix, soak, all) live in :mod:`arcade.dev`, imported only when one of them runs.

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

from arcade import __version__
from arcade.engine.args import BadOption, data_dir, output_file, positive_int, seed

# the house's own benchmarks: name -> (module offering add_arguments(parser) and run(args) -> int, help)
DEV_BENCHES = {
    "frames": ("arcade.dev.benchmarks", "frame times of every scene with the dummy driver"),
    "startup": ("arcade.dev.benchmarks", "time from start to the first menu frame"),
    "fuzz": ("arcade.dev.fuzz", "input fuzzer over the real app loop"),
    "faults": ("arcade.dev.faults", "profile data-fault matrix (the table in docs/profile.md)"),
    "soak": ("arcade.dev.benchmarks", "long AI and autopilot runs: memory and frame-time drift"),
    "all": ("arcade.dev.summary", "every benchmark, one summary table"),
}


def benches(games: dict) -> dict:
    """Every benchmark: the games' own (from their records), then the house's."""
    out = {b.name: (b.module, b.help) for g in games.values() for b in g.benches}
    out.update(DEV_BENCHES)
    return out


def _literal(text: str) -> str:
    """A help text from a record, shown as written: argparse expands ``%`` in help strings (``%(default)s``), so a
    "95 % CI" would end ``--help`` in a traceback."""
    return text.replace("%", "%%")


def _window(text: str) -> tuple[int, int]:
    from arcade.engine.app import MAX_WINDOW, MIN_LANDSCAPE, MIN_WINDOW, window_allowed

    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 540x900, got {text!r}") from None
    if not window_allowed((w, h)):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is too small or too big: a tall window from {MIN_WINDOW[0]}x{MIN_WINDOW[1]}, a wide one from "
            f"{MIN_LANDSCAPE[0]}x{MIN_LANDSCAPE[1]}, up to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    return w, h


def _png(text: str) -> Path:
    """A PNG file to write: ``output_file``'s checks, and the name ends in .png."""
    path = output_file(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"a screenshot is a PNG: the name must end in .png, got {text!r}")
    return path


def _lang(text: str) -> str:
    from arcade.engine.i18n import parse_lang

    try:
        return parse_lang(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _common(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """The run options, accepted before or after a subcommand (`arcade --seed 3 play 2048` or
    `arcade play 2048 --seed 3`): on subcommands their defaults are suppressed so they don't
    overwrite a value given earlier."""

    def add(*flags, default=None, **kw):
        parser.add_argument(*flags, default=argparse.SUPPRESS if suppress else default, **kw)

    add("--seed", type=seed, help="seed every random choice (repeatable games)")
    add("--fullscreen", action="store_true", default=False, help="start in fullscreen (F11 toggles)")
    add("--mute", action="store_true", default=False, help="no sound this run (M toggles)")
    add("--data-dir", type=data_dir, metavar="DIR", help="profile folder (default: the user data dir; env ARCADE_DATA_DIR)")
    add("--frames", type=positive_int, metavar="N", help="run N frames then exit 0 (smoke test)")
    add("--lang", type=_lang, metavar="LANG", help="en, zh or auto (default: the Language setting)")
    add("--window", type=_window, metavar="WxH",
        help="initial window size in pixels, 408x680 and up when taller than wide, 714x476 and up when wider (the "
             "picture fills it up to 32:9: the 480x800 or 840x560 canvas in a frame of the window's shape, "
             "scaled to fit)")
    add("--screenshot", type=_png, metavar="FILE",
        help="with --frames N: save frame N as a PNG at the window's size (each frame then advances exactly 1/60 s)")


def build_parser(games: dict | None = None, with_benches: bool = False) -> argparse.ArgumentParser:
    if games is None:
        from arcade import games as registry

        games = registry.load()
    titles = ", ".join(g.title for g in games.values())
    p = argparse.ArgumentParser(prog="arcade", description=f"A pygame arcade collection: {titles}.")
    p.add_argument("--version", action="version", version=f"arcade {__version__}")
    _common(p, suppress=False)
    extra = {c.name: c for g in games.values() for c in getattr(g, "commands", ())}
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(
        ["play", "code", "stats", "demo", "replay", "bench", "train", *extra]) + "}")
    for name, c in extra.items():
        cp = sub.add_parser(name, help=_literal(c.help), description=c.help)
        cp.set_defaults(_command_module=c.module)
        importlib.import_module(c.module).add_arguments(cp)
    play = sub.add_parser("play", help="start a game directly; `arcade play NAME --help`")
    psub = play.add_subparsers(dest="game", metavar="{" + ",".join(games) + "}", required=True)
    for game in games.values():
        gp = psub.add_parser(game.id, help=_literal(game.blurb or game.title), description=game.blurb or game.title)
        gp.add_argument("--new", dest="game_new", action="store_true", default=argparse.SUPPRESS,
                        help="start a new game (default: continue the saved one, if any)")
        for opt in game.options:
            gp.add_argument(*opt.flags, dest=f"game_{opt.dest}", default=argparse.SUPPRESS, **opt.kwargs)
        if game.backend:
            _code_options(gp, play=True)
        _common(gp, suppress=True)
    _common(play, suppress=True)
    code = sub.add_parser("code", help="print the game code for a game's settings and a seed or a date")
    csub = code.add_subparsers(dest="game", metavar="{" + ",".join(g.id for g in games.values() if g.backend) + "}",
                               required=True)
    for game in games.values():
        if not game.backend:
            continue
        cp = csub.add_parser(game.id, help=f"the code of a {game.title} game",
                             description=f"Print the code of a {game.title} game: its options (the settings' "
                                         "defaults otherwise) and --seed S or --daily [--date YYYY-MM-DD].")
        for opt in game.options:
            cp.add_argument(*opt.flags, dest=f"game_{opt.dest}", default=argparse.SUPPRESS, **opt.kwargs)
        cp.add_argument("--seed", dest="code_seed", type=seed, metavar="S", help="the game's seed")
        _code_options(cp, play=False)
    st = sub.add_parser("stats", help="print the stats (what the Stats screen shows), as text or --json",
                        description="Print the player's stats per game (played, won, lost, abandoned, assisted, "
                                    "bests, daily bests) with the AI's games apart.")
    st.add_argument("stats_game", nargs="?", metavar="GAME", choices=list(games),
                    help="one game (" + ", ".join(games) + "); default: all")
    st.add_argument("--json", action="store_true", help="JSON, one object per game")
    _common(st, suppress=True)
    demo = sub.add_parser("demo", help="watch the AI play")
    _common(demo, suppress=True)
    rp = sub.add_parser("replay", help="watch a replay file (exported from the stats screen)")
    rp.add_argument("file", metavar="FILE", help="a replay file")
    _common(rp, suppress=True)
    bench = sub.add_parser("bench", help="benchmarks (headless); `arcade bench NAME --help`")
    all_benches = benches(games)
    bsub = bench.add_subparsers(dest="bench", metavar="{" + ",".join(all_benches) + "}", required=True)
    for name, (module, helptext) in all_benches.items():
        bp = bsub.add_parser(name, help=_literal(helptext), description=helptext)
        bp.set_defaults(_bench_module=module)
        if with_benches:
            try:
                importlib.import_module(module).add_arguments(bp)
            except ImportError as e:
                bp.set_defaults(_bench_missing=str(e))
    trainers = {g.id: b for g in games.values() for b in g.benches if b.name == "train"}
    if trainers:  # `arcade train GAME ...`: the game's learning run (the same module as `arcade bench train`)
        train = sub.add_parser("train", help="train a game's learned AI (resumable); `arcade train NAME --help`")
        tsub = train.add_subparsers(dest="bench", metavar="{" + ",".join(trainers) + "}", required=True)
        for gid, b in trainers.items():
            tp = tsub.add_parser(gid, help=_literal(b.help), description=b.help)
            tp.set_defaults(_bench_module=b.module)
            if with_benches:
                try:
                    importlib.import_module(b.module).add_arguments(tp)
                except ImportError as e:
                    tp.set_defaults(_bench_missing=str(e))
    return p


def _date(text: str) -> str:
    from arcade.engine.codes import parse_date

    try:
        return parse_date(text).isoformat()
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _code_options(parser: argparse.ArgumentParser, play: bool) -> None:
    """``--code`` (play only), ``--daily`` and ``--date`` of a game with a session backend."""
    if play:
        parser.add_argument("--code", dest="game_code", metavar="CODE", default=argparse.SUPPRESS,
                            help="play the game a code names (shown on the pause and game-over screens)")
    parser.add_argument("--daily", dest="game_daily", action="store_true", default=argparse.SUPPRESS,
                        help="today's daily game: the same for everyone")
    parser.add_argument("--date", dest="game_date", type=_date, metavar="YYYY-MM-DD", default=argparse.SUPPRESS,
                        help="with --daily: the daily game of another date")


def _session_options(game, options: dict) -> dict:
    """``--code``, ``--daily`` and ``--date`` checked against the game and turned into the session's options
    (``code``: a parsed code; ``daily``: a date). ValueError with one line for a code of another game, a game
    without chance, or --date without --daily."""
    from arcade.engine import codes
    from arcade.engine.session import today

    code, daily, date = options.pop("code", None), options.pop("daily", False), options.pop("date", None)
    if date is not None and not daily:
        raise ValueError("--date needs --daily")
    if code is not None and daily:
        raise ValueError("--code and --daily name two different games: give one")
    if code is None and not daily:
        return options
    backend = game.make_backend()
    if not backend.chance:
        raise ValueError(f"{game.title} has no chance in it, so no game codes or daily games")
    if code is not None:
        c = codes.parse(code)
        if c.game != game.id:
            raise ValueError(f"{code.strip()!r} is a code for {c.game!r}, not {game.id!r}")
        backend.code_params(c.params)
        return {**options, "code": c}
    return {**options, "daily": date or today()}


def _print_code(args, games: dict) -> int:
    from arcade.engine import codes, settings
    from arcade.engine.session import today

    game = games[args.game]
    options = {k[5:]: v for k, v in vars(args).items() if k.startswith("game_") and k != "game"}
    daily, date = options.pop("daily", False), options.pop("date", None)
    if args.code_seed is not None and daily:
        print(f"arcade code {game.id}: error: --seed and --daily exclude each other (the daily game has its own "
              "seed): give one", file=sys.stderr)
        return 2
    if args.code_seed is None and not daily:
        print(f"arcade code {game.id}: error: give --seed S or --daily", file=sys.stderr)
        return 2
    if date is not None and not daily:
        print(f"arcade code {game.id}: error: --date needs --daily", file=sys.stderr)
        return 2
    backend = game.make_backend()
    if not backend.chance:
        print(f"arcade code {game.id}: error: {game.title} has no chance in it, so no game codes", file=sys.stderr)
        return 2
    try:
        params = backend.new_params(settings.default, options)
        text = backend.params_text(params)
        s = args.code_seed if not daily else codes.daily_seed(game.id, text, date or today())
        print(codes.make(game.id, text, s))
    except ValueError as e:
        print(f"arcade code {game.id}: error: {e}", file=sys.stderr)
        return 2
    return 0


def load_replay(path: str, games: dict):
    """The replay in ``path``, checked by its game (every input replayed); ValueError with one line otherwise."""
    from arcade.engine.replays import read_file

    rec = read_file(path)
    game = games.get(rec.game)
    if game is None or not game.has_replays:
        raise ValueError(f"{path}: a replay of {rec.game!r}, which this version cannot replay")
    game.validate_replay(rec.data)
    return rec


def _print_stats(args, games: dict) -> int:
    """``arcade stats [GAME] [--json]``: the summariser's numbers (arcade.engine.stats) of the profile."""
    import json

    from arcade.engine.stats import chart_data, charts, summarise
    from arcade.engine.storage import Profile, default_data_dir

    profile = Profile(args.data_dir or default_data_dir(), sync=True)
    chosen = [games[args.stats_game]] if args.stats_game else list(games.values())
    numbers = {g.id: dict(summarise(profile, g), charts=[chart_data(c) for c in charts(profile, g)]) for g in chosen}
    profile.close()
    if args.json:
        print(json.dumps(numbers, indent=2, ensure_ascii=False))
        return 0
    for g in chosen:
        print(stats_line(g, numbers[g.id]))
    return 0


def stats_line(game, s: dict) -> str:
    """``arcade stats``' line for one game: its summary's counts, each in the plural form it takes."""
    from arcade.engine.i18n import ngettext

    def count(singular: str, plural: str, n: int) -> str:
        return ngettext(singular, plural, n).format(n=n)

    parts = [count("{n} played", "{n} played", s["played"])]
    if game.wins:
        parts += [count("{n} won", "{n} won", s["won"]), count("{n} lost", "{n} lost", s["lost"])]
    if s["drawn"]:
        parts.append(count("{n} drawn", "{n} drawn", s["drawn"]))
    text = f"{game.title}: " + ", ".join(parts) + "; " + count("{n} abandoned", "{n} abandoned", s["abandoned"])
    text += "; " + count("{n} with hints", "{n} with hints", s["assisted"]) + f"; best {s['best_text']}"
    if s["streak"]:
        text += "; " + count("streak {n}", "streak {n}", s["streak"])
    if s["ai"]["played"]:
        text += "; " + count("AI: {n} game", "AI: {n} games", s["ai"]["played"]) + ", " + count(
            "{n} won", "{n} won", s["ai"]["won"])
    return text


def _setup_logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("arcade: %(levelname)s: %(message)s"))
    log = logging.getLogger("arcade")
    log.handlers[:] = [handler]
    log.setLevel(logging.WARNING)
    log.propagate = False


def session_options(args, games: dict) -> dict:
    """The game's options of parsed arguments as its scene takes them: for ``play`` of a game with a session
    backend, ``--code`` parsed and ``--daily`` dated (ValueError, one line, for a code or a date that does not fit
    the game)."""
    game_options = {k[5:]: v for k, v in vars(args).items() if k.startswith("game_") and k != "game"}
    if args.command == "play" and games[args.game].backend:
        game_options = _session_options(games[args.game], game_options)
    return game_options


def make_options(args, replay=None, game_options: dict | None = None):
    """The app's :class:`arcade.engine.app.Options` for parsed arguments (``replay``: the checked replay to open;
    ``game_options``: the game's options as the session takes them, default the parsed ones)."""
    from arcade.engine.app import Options

    if game_options is None:
        game_options = {k[5:]: v for k, v in vars(args).items() if k.startswith("game_") and k != "game"}
    return Options(
        mode=args.command or "menu",
        game=getattr(args, "game", None),
        seed=args.seed,
        fullscreen=args.fullscreen,
        mute=args.mute,
        data_dir=args.data_dir,
        frames=args.frames,
        window=args.window,
        screenshot=args.screenshot,
        game_options=game_options,
        lang=args.lang,
        replay=replay,
    )


def main(argv: list[str] | None = None, games: dict | None = None) -> int:
    """Run the command line; ``games`` replaces the registry (the contract test plugs in a fake game). Output to
    a pipe closed early (``arcade stats --json | head``) ends the command quietly, as it does any Unix tool."""
    try:
        return _main(argv, games)
    except BrokenPipeError:
        try:  # the interpreter flushes stdout again on exit: point it where that cannot fail
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1


def _main(argv: list[str] | None, games: dict | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if games is None:
        from arcade import games as registry

        games = registry.load()
    parser = build_parser(games, with_benches="bench" in argv or "train" in argv)
    args = parser.parse_args(argv)
    if args.command != "bench" and args.screenshot is not None and args.frames is None:
        parser.error("--screenshot needs --frames N (the frame to save)")
    _setup_logging()
    if args.command in ("bench", "train"):
        if getattr(args, "_bench_missing", None):
            parser.exit(1, f"arcade: benchmark {args.bench!r} is not available: {args._bench_missing}\n")
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        try:
            return int(importlib.import_module(args._bench_module).run(args) or 0)
        except BadOption as e:
            parser.exit(2, f"arcade {args.command} {args.bench}: error: {e}\n")

    if getattr(args, "_command_module", None):  # a game's own command: no window, no profile
        try:
            return int(importlib.import_module(args._command_module).run(args) or 0)
        except BadOption as e:
            parser.exit(2, f"arcade {args.command}: error: {e}\n")
    if args.command == "code":
        return _print_code(args, games)
    if args.command == "stats":
        return _print_stats(args, games)

    from arcade import shell
    from arcade.engine.app import AppError

    try:
        game_options = session_options(args, games)
    except ValueError as e:
        print(f"arcade play {args.game}: error: {e}", file=sys.stderr)
        return 2

    replay = None
    if args.command == "replay":  # checked whole before a window opens: a bad file is one line, nothing else
        try:
            replay = load_replay(args.file, games)
        except ValueError as e:
            print(f"arcade replay: error: {e}", file=sys.stderr)
            return 2

    opts = make_options(args, replay, game_options)
    try:
        return shell.run(opts, games)
    except AppError as e:
        print(f"arcade: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
