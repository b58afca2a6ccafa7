"""Our Gomoku engine against a real Gomocup engine through the protocol: ``arcade bench gomocup``.

    arcade bench gomocup --engine PATH [--caps 1,2,4,6,equal] [--games 2] [--ms 1000] [--opening 2]
                         [--ours NAME=VALUE,...] [--ours-engine COMMAND] [--json FILE]

For each cap, ``--games`` games (alternating colours, so 2 or more plays both): the other engine is limited to that
search depth (``INFO MAX_DEPTH``, the Yixin-board extension Rapfi reads) with ``--ms`` a move, or, for ``equal``,
to the same ``--ms`` a move as ours with no depth cap. Ours plays at its strongest level with ``--ms`` of its own
search time a move, in this process. Each game opens with ``--opening`` seeded random plies next to the centre
(so the games differ), freestyle rules (five or more wins), 15x15. The other engine is run as a child process
(:mod:`arcade.tictactoe.external`): an engine that crashes, hangs or plays an illegal move loses that game and is
restarted for the next. Prints our score per cap (win 1, draw 1/2) and the ms each side took a move.
``--ours`` sets our engine's parameters (whole numbers, ``eval=windows|patterns`` and ``values=guessed|fitted``;
see :class:`arcade.tictactoe.gomoku.Engine`), e.g. ``compiled=0`` for the plain run of the searches, ``leaf_vcf=0`` for the
alpha-beta without VCFs at its leaves, ``lmr=2`` for late-move reductions, ``quiesce=1`` for leaves that read the
cell classes, ``eval=windows`` for the evaluation by window weights or ``values=fitted``
for the line patterns valued by a fit to game results. ``--ours-engine`` plays our side through the protocol too, as a
Gomocup manager runs it (``--ours-engine "arcade gomoku-engine"``: our engine mode, a child process told the same
``--ms`` a move as ``timeout_turn``), so the run is two engines and a manager; each game's JSON then holds our
engine's MESSAGE lines. ``--json FILE`` is written through the benchmarks' one writer
(:class:`arcade.dev.benchkit.Results`): each game goes to ``FILE.partial`` as it ends, FILE (the settings and every
game) at the end, on Ctrl+C and every two minutes.
"""
from __future__ import annotations

import random
import statistics
import time

from arcade.dev.benchkit import RECORDS, Progress, Results, command, machine
from arcade.engine.args import BadOption, int_range, output_file, positive_int

__all__ = ["add_arguments", "run", "play", "five"]

SIZE = 15
OURS = ("compiled", "leaf_vcf", "widen", "combo", "vct_depth", "vcf_depth", "width", "use_vct", "defend", "eval",
        "prune", "spend", "values", "floor", "lmr", "leaf_cut", "quiesce")
# the parameters that take a word, and their words
WORDS = {"eval": ("windows", "patterns"), "values": ("guessed", "fitted")}


def _ours_params(text: str) -> dict:
    import argparse

    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, value = part.partition("=")
        name = name.strip()
        if name not in OURS or not eq:
            raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of {', '.join(OURS)}, got {part!r}")
        if name in WORDS:
            if value.strip() not in WORDS[name]:
                raise argparse.ArgumentTypeError(f"{name} is one of {', '.join(WORDS[name])}, got {value.strip()!r}")
            out[name] = value.strip()
            continue
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {value.strip()!r}") from None
        if not 0 <= number <= 60:
            raise argparse.ArgumentTypeError(f"{name} must be 0..60, got {number}")
        out[name] = number
    return out


def _caps(text: str) -> tuple:
    out = []
    for part in text.split(","):
        part = part.strip()
        if part == "equal":
            out.append("equal")
        elif part.isdigit() and 1 <= int(part) <= 60:
            out.append(int(part))
        else:
            import argparse

            raise argparse.ArgumentTypeError(f"caps are depths 1..60 or 'equal', got {part!r}")
    return tuple(out)


def add_arguments(parser) -> None:
    parser.add_argument("--engine", required=True, metavar="PATH", help="the Gomocup engine (pbrain-*) to play")
    parser.add_argument("--caps", type=_caps, default=(1, 2, 4, 6, "equal"), metavar="LIST",
                        help="the other engine's depth caps, and 'equal' (same time, no cap); default 1,2,4,6,equal")
    parser.add_argument("--games", type=positive_int, default=2, help="games per cap, colours alternating (2)")
    parser.add_argument("--ms", type=int_range(50, 60000), default=1000, help="ms a move for each side (1000)")
    parser.add_argument("--opening", type=int_range(0, 8), default=2, help="random plies next to the centre (2)")
    parser.add_argument("--ours", type=_ours_params, default={}, metavar="NAME=VALUE,...",
                        help=f"our engine's parameters ({', '.join(OURS)}); default: its strongest level")
    parser.add_argument("--ours-engine", metavar="COMMAND",
                        help='our side through the protocol too: this Gomocup engine command, e.g. "arcade '
                             'gomoku-engine" (not with --ours)')
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=output_file, metavar="FILE", help="write every game as JSON")


def five(stones: dict, x: int, y: int) -> bool:
    """Whether the stone just played at (x, y) makes five or more in a row (freestyle)."""
    p = stones[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while stones.get((x + s * dx * k, y + s * dy * k)) == p:
                n += 1
                k += 1
        if n >= 5:
            return True
    return False


def _ours(order, seconds: float, params: dict | None = None) -> tuple[int, int]:
    from arcade.tictactoe.gomoku import Board, Engine

    rows = [["."] * SIZE for _ in range(SIZE)]
    for x, y, p in order:
        rows[y][x] = "X" if p == 1 else "O"
    board = Board.from_rows(["".join(r) for r in rows], 5)
    kw = {name: bool(v) if name in ("compiled", "use_vct", "defend") else v for name, v in (params or {}).items()}
    res = Engine(board, budget=seconds * 0.9, wall=seconds, **kw).choose()
    return res.move % SIZE, res.move // SIZE


def play(engine_argv, cap, ours_first: bool, ms: int, opening: int, rng: random.Random,
         params: dict | None = None, ours_argv=None) -> dict:
    """One game; the result from our side: "win", "draw" or "loss" (and why). ``ours_argv``: our side is that
    Gomocup engine (our engine mode) instead of the engine in this process."""
    from arcade.tictactoe.external import EngineProcess, Failure

    info = {} if cap == "equal" else {"max_depth": cap}
    other = EngineProcess(engine_argv, size=SIZE, turn_ms=ms if cap == "equal" else max(ms, 5000), info=info,
                          start_s=30)
    mine = EngineProcess(ours_argv, size=SIZE, turn_ms=ms, start_s=60) if ours_argv else None
    order: list = []
    stones: dict = {}
    times = {"ours": [], "theirs": []}
    result, why = "draw", "the board is full"
    try:
        failed = other.start()
        failed_mine = mine.start() if mine is not None else None
        c = SIZE // 2
        near = [(c + dx, c + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        for i in range(opening):
            free = [p for p in near if p not in stones]
            x, y = free[rng.randrange(len(free))]
            stones[(x, y)] = 1 + i % 2
            order.append((x, y, 1 + i % 2))
        while len(order) < SIZE * SIZE:
            p = 1 + len(order) % 2
            ours = (p == 1) == ours_first
            t = time.perf_counter()
            if ours and mine is None:
                x, y = _ours(order, ms / 1000, params)
                times["ours"].append((time.perf_counter() - t) * 1000)
            else:  # a Gomocup engine's turn: theirs, or ours in engine mode
                proc, fail = (mine, failed_mine) if ours else (other, failed)
                r = fail or proc.ask(order) or proc.wait(ms / 1000 + 60)
                if isinstance(r, Failure):
                    result, why = ("loss", "our engine failed") if ours else ("win", "the engine failed")
                    why += f": {r.reason}"
                    break
                x, y = r.x, r.y
                times["ours" if ours else "theirs"].append(proc.last_ms)
            stones[(x, y)] = p
            order.append((x, y, p))
            if five(stones, x, y):
                result, why = ("win" if ours else "loss"), "five in a row"
                break
    finally:
        other.close()
        if mine is not None:
            mine.close()
    game = {"cap": cap, "ours_first": ours_first, "result": result, "why": why, "moves": len(order),
            "ours_ms": times["ours"], "theirs_ms": times["theirs"], "order": [list(m) for m in order]}
    if mine is not None:
        game["ours_messages"] = list(mine.messages)
    return game


def _compiled() -> bool:
    from arcade.tictactoe import gomoku_jit

    return gomoku_jit.available()


def _described(params: dict) -> str:
    return "strongest" + "".join(f", {k}={v}" for k, v in params.items())


def run(args) -> int:
    import shlex

    argv = shlex.split(args.engine)
    from pathlib import Path

    if not Path(argv[0]).exists():
        raise BadOption(f"no engine at {argv[0]}")
    ours_argv = shlex.split(args.ours_engine) if args.ours_engine else None
    if ours_argv is not None:
        import shutil

        if args.ours:
            raise BadOption("--ours sets the engine in this process; --ours-engine plays another: give one of them")
        if not ours_argv or not (Path(ours_argv[0]).exists() or shutil.which(ours_argv[0])):
            raise BadOption(f"--ours-engine: no engine at {ours_argv[0] if ours_argv else '(nothing)'}")
    rng = random.Random(args.seed)
    if ours_argv is None and args.ours.get("compiled", 1) and _compiled():
        from arcade.tictactoe.gomoku import warm_compiled

        warm_compiled()  # load the kernels before the first move's clock starts
    progress = Progress()
    head = {"machine": machine(), "command": command(), "engine": args.engine, "ms": args.ms, "ours": args.ours,
            "ours_engine": args.ours_engine, "compiled": bool(args.ours.get("compiled", 1))
            and _compiled(), "games": RECORDS}
    results = Results(args.json, [head["command"], time.strftime("%Y-%m-%d %H:%M:%S")], lambda _: head, indent=1,
                      name="arcade bench gomocup")
    results.discard_journal()
    try:
        _ladder(args, argv, ours_argv, rng, progress, results)
    finally:
        progress.close()
        results.close(complete=len(results) == len(args.caps) * args.games)
    return 0


def _ladder(args, argv, ours_argv, rng, progress, results) -> None:
    """Every cap's games, a line of the table each; each game into ``results`` as it ends."""
    from pathlib import Path

    print(f"machine: {machine()}")
    if ours_argv is None and (not args.ours.get("compiled", 1) or not _compiled()):
        print("ours: the plain searches (numba not in use)")
    who = f"our engine mode: {args.ours_engine}" if ours_argv else _described(args.ours)
    print(f"ours ({who}, {args.ms} ms a move) against {Path(argv[0]).name}, {args.games} games a cap, "
          f"opening {args.opening} random plies, freestyle 15x15")
    print(f"{'cap':>6}  {'score':>7}  {'W/D/L':>7}  {'ours ms':>8}  {'theirs ms':>9}  ends")
    for cap in args.caps:
        rows = []
        for g in range(args.games):
            progress.show(f"cap {cap}: game {g + 1}/{args.games}")
            r = play(argv, cap, g % 2 == 0, args.ms, args.opening, rng, args.ours, ours_argv)
            rows.append(r)
            results.add(len(results), r)
        w = sum(r["result"] == "win" for r in rows)
        d = sum(r["result"] == "draw" for r in rows)
        loss = len(rows) - w - d
        ours = [t for r in rows for t in r["ours_ms"]]
        theirs = [t for r in rows for t in r["theirs_ms"]]
        ends = "; ".join(sorted({r["why"] for r in rows}))
        print(f"{str(cap):>6}  {w + d / 2:>4.1f}/{len(rows):<2}  {w}/{d}/{loss:<3}  "
              f"{statistics.median(ours) if ours else 0:>8.0f}  {statistics.median(theirs) if theirs else 0:>9.0f}  "
              f"{ends}", flush=True)
