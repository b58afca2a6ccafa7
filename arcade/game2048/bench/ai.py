"""How strong the 2048 AI is: ``arcade bench 2048``.

    arcade bench 2048 --ai expectimax --games 20 --seed 1 --jobs 2 [--budget-ms M] [--until TILE]
                      [--json FILE [--resume]] [--plot FILE] [--param k=v ...] [--weight k=v ...] [--size N]

Every game is a ``Game(seed=seed + i)`` (the backend's rules through a session, its tiles drawn in turn from one
generator seeded with ``seed + i``), played by
``ai.choose`` until it is over (``keep_going`` after the win) or reaches ``--until``. Games run in parallel worker
processes (``--jobs``), one search per process. A progress bar goes to stderr, the table to stdout:
share of games reaching 2048 ... 32768, score, moves, moves to reach 2048 (the validation figure of the MathorCup
2048 paper, "Monte Carlo evaluation and UCT game-tree search for 2048"), ms per move (median, p95, over all moves)
and nodes per second. ``--json`` writes ``{"summary": {...}, "games": [{"seed", "score", "max_tile", "moves",
"moves_to_2048", "ms_per_move", ...}], "run": {...}, "in_progress": [...]}``; ``--plot`` draws the max-tile
distribution as a PNG with pygame (no display needed).

Long runs survive a stop, through the benchmarks' one writer (:class:`arcade.dev.benchkit.Results`): every
finished game is appended to ``FILE.partial`` at once (one JSON line), and the JSON is written atomically at the
start, at the end, on Ctrl+C and every couple of minutes in between (by a background thread), with a checkpoint of
every game in progress, taken every ``--checkpoint-every`` moves (and at least every ``CHECKPOINT_SECONDS``): the
game itself (the session's save: its start and every move with its tile; and the generator of the next tiles) and
its statistics so far. ``--resume`` reads that file and its
journal, keeps the finished games, continues every checkpointed game from where it stood and plays the seeds not
started yet; the run's settings must match the file's (``--games`` may grow). Each sitting is one entry of
``summary.pieces``; a game lists the pieces that played it. With a fixed-depth search (no time budget) a resumed
game ends exactly as an uninterrupted one would.
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import os
import sys
import tempfile
import time

from arcade.dev.benchkit import RECORDS, Progress, Results, add_cluster_argument, command, differences, executor, \
    journal_path, key_value, loadavg, parallel, percentile, read_journal, read_json
from arcade.game2048.bench.report import CROWDED, MILESTONES, RUN_KEYS, fingerprint, \
    format_table, plot, status, summarize  # noqa: F401 - the report's names, read by the tests too
from arcade.engine.args import BadOption, float_range, int_range, output_file, positive_int

__all__ = ["add_arguments", "run", "play_game", "summarize", "format_table", "plot", "param_arg", "summary_rows"]

CHECKPOINT_MOVES = 200      # a game in progress is checkpointed every this many moves ...
CHECKPOINT_SECONDS = 60.0   # ... and at least this often


def _tile(text: str) -> int:
    v = positive_int(text)
    if v < 4 or v & (v - 1):
        raise argparse.ArgumentTypeError(f"a tile is a power of two >= 4, got {v}")
    return v


def param_arg(text: str):
    """``--param K=V``: a parameter some strategy knows, with a value of the right kind (the strategy's own list
    of names is checked once ``--ai`` is known, still before the run starts)."""
    from arcade.game2048.ai import player
    k, v = key_value(text)
    try:
        return k, player.check_value(k, v)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _weight(text: str):
    """``--weight K=V``: a heuristic weight by name and a finite number."""
    from arcade.game2048.ai import player
    k, v = key_value(text)
    try:
        player.check_value("weights", {k: v})
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return k, v


def _strategy(text: str) -> str:
    from arcade.game2048.ai import STRATEGIES
    if text not in STRATEGIES:
        raise argparse.ArgumentTypeError(f"unknown strategy {text!r}; known: {', '.join(STRATEGIES)}")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options (the CLI adds them to ``arcade bench 2048``). Every value is checked here, so a bad
    one is argparse's one-line error before anything runs."""
    parser.add_argument("--ai", "--strategy", dest="ai", type=_strategy, default="expectimax", metavar="NAME",
                        help="strategy: expectimax (default), alphabeta, montecarlo, mcts, ntuple (expectimax with "
                             "the learned evaluation), ntuple1 (the learned evaluation one move ahead)")
    parser.add_argument("--games", type=positive_int, default=20, metavar="N", help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="S",
                        help="game i uses seed S + i (default 1)")
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="J",
                        help="parallel processes (default: the number of cores)")
    add_cluster_argument(parser)
    parser.add_argument("--budget-ms", type=float_range(0, math.inf, lo_open=True), default=None, metavar="M", help="search time budget per move")
    parser.add_argument("--until", type=_tile, default=None, metavar="TILE", help="stop each game at this tile")
    parser.add_argument("--json", type=output_file, default=None, metavar="FILE",
                        help="write the summary, every game and checkpoints of the games in progress as JSON")
    parser.add_argument("--resume", action="store_true",
                        help="continue the run stored in --json FILE (finished games kept, checkpoints resumed)")
    parser.add_argument("--checkpoint-every", type=positive_int, default=CHECKPOINT_MOVES, metavar="N",
                        help=f"checkpoint a game in progress every N moves (default {CHECKPOINT_MOVES})")
    parser.add_argument("--plot", type=output_file, default=None, metavar="FILE",
                        help="write a PNG bar chart of the max tiles")
    parser.add_argument("--param", type=param_arg, action="append", default=[], metavar="K=V",
                        help="strategy parameter, e.g. --param depth=3 (repeatable)")
    parser.add_argument("--weight", type=_weight, action="append", default=[], metavar="K=V",
                        help="heuristic weight override, e.g. --weight smoothness=20 (repeatable)")
    parser.add_argument("--four-probability", type=float_range(0, 1), default=0.1, metavar="P",
                        help="chance that a new tile is a 4 (default 0.1; the searches assume the same)")
    parser.add_argument("--size", type=int_range(3, 8), default=4, metavar="N", help="board size 3..8 (default 4)")
    parser.add_argument("--max-moves", type=positive_int, default=None, metavar="N", help="stop each game after N moves")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--status", default=None, metavar="FILE",
                        help="say where the run in FILE (an earlier --json) stands: its table, each game's largest "
                             "tile, the games in progress and how to go on; plays nothing")
    parser.add_argument("--starts", default=None, metavar="FILE",
                        help="start game i from position i of FILE (a run's JSON: its games' last boards; or a "
                             "list of boards) instead of a new game")


# ---------------------------------------------------------------------------------------------------------------
# one game

_progress_queue = None


def _init_worker(q) -> None:
    global _progress_queue
    _progress_queue = q


def _queue_checkpoint(state: dict) -> None:
    _progress_queue.put(("checkpoint", state))


def play_game(seed: int, strategy: str = "expectimax", params: dict | None = None, until: int | None = None,
              size: int = 4, max_moves: int | None = None, four_probability: float = 0.1, *,
              state: dict | None = None, checkpoint=None, checkpoint_every: int = CHECKPOINT_MOVES,
              piece: int = 0, start: list | None = None) -> dict:
    """Play one game headless and return its record (the JSON ``games`` entry plus ``times_ms``).

    ``state``: a checkpoint of this game (from an earlier call's ``checkpoint``) to continue from. ``checkpoint``:
    called with a checkpoint dict every ``checkpoint_every`` moves (and at least every ``CHECKPOINT_SECONDS``);
    in a worker process of ``run`` it defaults to sending it to the driver. ``piece``: which sitting plays it.
    ``start``: a grid to play from instead of a new game (the score counts the points made from it).
    """
    from arcade.game2048 import ai
    from arcade.game2048.game import Game

    params = dict(params or {})
    if checkpoint is None and _progress_queue is not None:
        checkpoint = _queue_checkpoint
    if state is not None:
        game = Game.from_dict(state["game"])
        st = state["stats"]
        times, nodes, depths = list(st["times_ms"]), st["nodes"], list(st["depths"])
        empties = list(st.get("empties", ""))
        search_time, cpu, seconds = st["search_time"], st["cpu"], st["seconds"]
        reached = {int(k): v for k, v in st["reached"].items()}
        max_tile, paths = st["max_tile"], set(st["paths"])
        pieces = list(st.get("pieces", [])) + ([piece] if piece not in st.get("pieces", []) else [])
        resumed = st.get("resumed", 0) + 1
    else:
        game = Game(size=size, seed=seed, four_probability=four_probability)
        if start is not None:
            for r, row in enumerate(start):
                for c, v in enumerate(row):
                    game.place(r, c, v)
        times, nodes, depths = [], 0, []
        empties = []
        search_time = cpu = seconds = 0.0
        max_tile = game.max_tile
        reached = {m: 0 for m in MILESTONES if m <= max_tile}  # a start position holds these from move 0
        paths = set()
        pieces, resumed = [piece], 0
    started = time.perf_counter()
    last_report = last_checkpoint = started
    since_checkpoint = 0

    def snapshot() -> dict:
        return {"seed": seed, "game": game.to_dict(), "stats": {
            "times_ms": [round(t, 3) for t in times], "nodes": nodes, "depths": depths, "empties": "".join(empties),
            "search_time": search_time,
            "cpu": cpu, "seconds": seconds + time.perf_counter() - started,
            "reached": {str(k): v for k, v in reached.items()}, "max_tile": max_tile, "paths": sorted(paths),
            "pieces": pieces, "resumed": resumed}}

    while not game.over:
        if game.won and not game.keep_playing:
            game.keep_going()
        if until and max_tile >= until:
            break
        if max_moves and game.moves >= max_moves:
            break
        empties.append(str(min(9, sum(1 for row in game.grid for v in row if not v))))
        cpu0 = time.process_time()
        d = ai.choose(game.grid, strategy, **params)
        cpu += time.process_time() - cpu0
        if d.direction is None:  # cannot happen while not over; be safe
            break
        times.append(d.elapsed * 1000.0)
        search_time += d.elapsed
        nodes += d.nodes
        depths.append(d.depth)
        paths.add(d.path)
        game.move(d.direction)
        top = game.max_tile
        if top > max_tile:
            max_tile = top
            for m in MILESTONES:
                if top >= m and m not in reached:
                    reached[m] = game.moves
        since_checkpoint += 1
        now = time.perf_counter()
        if checkpoint is not None and not game.over and (
                since_checkpoint >= checkpoint_every or now - last_checkpoint >= CHECKPOINT_SECONDS):
            checkpoint(snapshot())
            since_checkpoint, last_checkpoint = 0, now
        if _progress_queue is not None and now - last_report > 1.0:
            _progress_queue.put((seed, game.moves, max_tile, False))
            last_report = now
    if _progress_queue is not None:
        _progress_queue.put((seed, game.moves, max_tile, True))
    times_sorted = sorted(times)
    return {
        "seed": seed,
        "score": game.score,
        "max_tile": max_tile,
        "moves": game.moves,
        "moves_to_2048": reached.get(2048),
        "moves_to": {str(k): v for k, v in sorted(reached.items())},
        "over": game.over,
        "board": [list(row) for row in game.grid],
        "ms_per_move": percentile(times_sorted, 0.5),
        "ms_p95": percentile(times_sorted, 0.95),
        "nodes": nodes,
        "nodes_per_second": nodes / search_time if search_time > 0 else 0.0,
        "depth_median": percentile(sorted(depths), 0.5),
        "cpu_share": cpu / search_time if search_time > 0 else None,
        "cpu_seconds": cpu,
        "search_seconds": search_time,
        "seconds": seconds + time.perf_counter() - started,
        "path": ",".join(sorted(paths)),
        "resumed": resumed,
        "pieces": pieces,
        "times_ms": times,
        "empties": "".join(empties),
    }


# ---------------------------------------------------------------------------------------------------------------
# driver

class _Progress:
    """The run's progress bar: games finished, moves played (the games in progress included), the best tile."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.line = Progress(enabled)
        self.total = total
        self.done = 0
        self.live: dict = {}
        self.best = 0
        self.moves_done = 0

    def update(self, seed, moves, tile, finished) -> None:
        self.best = max(self.best, tile)
        if finished:
            self.live.pop(seed, None)
        else:
            self.live[seed] = moves

    def finish_game(self, moves: int) -> None:
        self.done += 1
        self.moves_done += moves
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        width = 30
        fill = int(width * self.done / max(self.total, 1))
        moves = self.moves_done + sum(self.live.values())
        self.line.show(f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} games  {moves} moves  "
                       f"best {self.best}  {self.line.seconds:.0f} s", force)


def _params_from(args) -> dict:
    params = dict(args.param or [])
    if args.budget_ms is not None:
        params["budget_ms"] = args.budget_ms
    if args.weight:
        weights = dict(params.get("weights") or {})
        weights.update(dict(args.weight))
        params["weights"] = weights
    return params


def _record(g: dict) -> dict:
    """A finished game as the JSON keeps it: its move times rounded (kept, so a resumed run can still give the
    median and p95 over every move)."""
    rec = {k: v for k, v in g.items() if k != "times_ms"}
    rec["times_ms"] = [round(t, 2) for t in g.get("times_ms", [])]
    return rec


def _document(state) -> dict:
    """The run's JSON from a snapshot (``state`` of ``run``): its summary is worked out here, in the writer's
    thread for the writes during the run."""
    games, live, pieces, wall, partial, run_info, kw = state
    s = summarize(sorted(games, key=lambda g: g["seed"]), wall_seconds=wall, in_progress=len(live), pieces=pieces,
                  **kw)
    return {"summary": {**s, "partial": True} if partial else s, "games": RECORDS, "run": run_info,
            "in_progress": live}


_LEARNED = ("ntuple", "ntuple1")


def read_starts(path: str, size: int) -> list:
    """The start positions in ``path`` as grids: a run's JSON (the last board of each of its games, in seed
    order), or a JSON list whose items are grids, 64-bit boards of a 4x4 game, or ``[seed, move, board]`` (as
    ``arcade bench regret --collect`` writes); ValueError (one line) for anything else."""
    from arcade.game2048 import bitboard, rules

    data = read_json(path, "--starts")
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        items = [g.get("board") for g in sorted(data["games"], key=lambda g: g.get("seed", 0)) if isinstance(g, dict)]
        if any(b is None for b in items):
            raise ValueError(f"--starts: {path}: a game without its last board (recorded by an older version)")
    elif isinstance(data, list):
        items = data
    else:
        raise ValueError(f"--starts: {path} is neither a run's JSON nor a list of boards")
    grids = []
    for i, item in enumerate(items):
        if isinstance(item, list) and len(item) == 3 and all(isinstance(x, int) for x in item):
            item = item[2]
        if isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < 1 << 64:
                raise ValueError(f"--starts: {path}: position {i} ({item}) is not a 64-bit board")
            if size != 4:
                raise ValueError(f"--starts: {path}: position {i} is a 64-bit board, which only a 4x4 game has")
            item = [list(r) for r in bitboard.to_grid(item)]
        ok = (isinstance(item, list) and len(item) == size
              and all(isinstance(r, list) and len(r) == size for r in item)
              and all(isinstance(v, int) and not isinstance(v, bool) and rules.is_tile_value(v)
                      for r in item for v in r))
        if not ok:
            raise ValueError(f"--starts: {path}: position {i} is not a {size}x{size} board of tiles")
        grids.append(item)
    if not grids:
        raise ValueError(f"--starts: {path} holds no positions")
    return grids


def _resolved(strategy: str, params: dict) -> dict:
    """Every parameter the strategy's search will use (its defaults under the given ones), as JSON values."""
    import dataclasses
    from arcade.game2048.ai import player
    full = player.strategy_record(strategy).params(params)
    return json.loads(json.dumps(full, default=lambda o: dataclasses.asdict(o) if dataclasses.is_dataclass(o)
                                 else repr(o)))


def _load_resume(path: str, run_info: dict, seeds: list):
    """``(finished games, checkpoints by seed, pieces)`` from the JSON of an earlier run; ValueError (one line)
    when the file cannot be resumed with these settings."""
    if not os.path.exists(path):
        return [], {}, []
    data = read_json(path, "--resume: the run")
    if not isinstance(data, dict) or not isinstance(data.get("run"), dict):
        raise ValueError(f"--resume: {path} holds no run settings (not written by a run with checkpoints)")
    old = data["run"]
    mine = json.loads(json.dumps(run_info))
    # compare the parameters the searches actually used ("resolved"): a default changed since the run began would
    # otherwise play its remaining games with another engine (a file without them compares the given parameters)
    shown = differences(old, mine, [k for k in RUN_KEYS if not (k == "params" and "resolved" in old)])
    if shown:
        raise ValueError(f"--resume: {path} was a different run ({shown})")
    if "resolved" in old and old["resolved"] != mine.get("resolved"):
        was, now = old["resolved"] or {}, mine.get("resolved") or {}
        shown = differences(was, now, sorted(set(was) | set(now)))
        raise ValueError(f"--resume: {path} was played with other search parameters ({shown}); "
                         f"give the file's values with --param to resume it")
    wanted = set(seeds)
    try:
        games = list({g["seed"]: g for g in data.get("games", []) + read_journal(path, fingerprint(old))
                      if g["seed"] in wanted}.values())
        done = {g["seed"] for g in games}
        checkpoints = {c["seed"]: c for c in data.get("in_progress", []) if c["seed"] in wanted
                       and c["seed"] not in done}
        pieces = list(data.get("summary", {}).get("pieces", []))
    except (KeyError, TypeError) as e:
        raise ValueError(f"--resume: {path} is malformed ({e})") from None
    return games, checkpoints, pieces


def _play(item, **kw) -> dict:
    """One game of the run: ``item`` is (seed, its checkpoint or None, its start position or None)."""
    seed, state, start = item
    return play_game(seed, state=state, start=start, **kw)


def _error(text: str) -> int:
    print(f"arcade bench 2048: {text}", file=sys.stderr)
    return 2


def run(args) -> int:
    """Run the benchmark described by ``args`` (from ``add_arguments``); returns the exit code."""
    from arcade.game2048.ai import player

    if getattr(args, "status", None):
        try:
            print(status(args.status))
        except ValueError as e:
            return _error(str(e))
        return 0

    seed = getattr(args, "seed", None)
    seed = 1 if seed is None else int(seed)
    strategy = args.ai
    size = getattr(args, "size", 4)
    four = getattr(args, "four_probability", 0.1)
    params = _params_from(args)
    if four != 0.1:
        params.setdefault("four_probability", four)
    try:
        player.validate_params(strategy, params)
    except (TypeError, ValueError) as e:
        return _error(str(e))
    resume = getattr(args, "resume", False)
    json_path = str(args.json) if args.json else None
    if resume and not json_path:
        return _error("--resume needs --json FILE (the run to continue)")
    every = getattr(args, "checkpoint_every", CHECKPOINT_MOVES)
    seeds = [seed + i for i in range(args.games)]
    starts = None
    if getattr(args, "starts", None):
        try:
            starts = read_starts(args.starts, size)
        except ValueError as e:
            return _error(str(e))
        if len(starts) < args.games:
            return _error(f"--starts: {args.starts} holds {len(starts)} positions, fewer than --games {args.games}")
        starts = starts[:args.games]
    run_info = {"strategy": strategy, "params": params, "seed": seed, "games": args.games, "until": args.until,
                "size": size, "max_moves": args.max_moves, "four_probability": four,
                "resolved": _resolved(strategy, params), "starts": starts}
    if strategy in _LEARNED:  # which network played: a resumed run must go on with the same one
        from arcade.game2048.ai import learned
        try:
            run_info["network"] = learned.describe(params.get("network"))
            if params.get("network") is not None:
                learned.network_from(params["network"])  # a damaged file is one line here, not a worker's crash
        except ValueError as e:
            return _error(str(e))
    results, checkpoints, pieces = [], {}, []
    if resume:
        try:
            results, checkpoints, pieces = _load_resume(json_path, run_info, seeds)
        except ValueError as e:
            return _error(str(e))
    done_seeds = {g["seed"] for g in results}
    todo = [s for s in seeds if s not in done_seeds]
    jobs = args.jobs or min(len(todo) or 1, os.cpu_count() or 1)
    jobs = max(1, min(jobs, len(todo) or 1))
    try:
        pool = executor(1 if args.cluster and not args.jobs else jobs, args.cluster)
    except BadOption as e:
        return _error(str(e))
    piece = len(pieces)
    this_piece = {"piece": piece, "started": time.strftime("%Y-%m-%d %H:%M:%S"), "jobs": jobs,
                  "command": command(), "games_finished": 0, "games_resumed": len(checkpoints),
                  "wall_seconds": 0.0, "load_average": None}
    if todo:
        pieces = pieces + [this_piece]
    wall_before = sum(p.get("wall_seconds", 0.0) for p in pieces if p is not this_piece)
    progress = _Progress(args.games, not args.quiet)
    progress.done = len(results)
    started = time.perf_counter()
    live = dict(checkpoints)   # seed -> the latest checkpoint of a game in progress
    fixed = dict(strategy=strategy, params=params, seed=seed, jobs=jobs, until=args.until, size=size,
                 planned=args.games)

    def state(partial: bool = True):
        """A snapshot of the run for its JSON (cheap: copies of lists; the summary is worked out from it)."""
        this_piece["wall_seconds"] = time.perf_counter() - started
        this_piece["load_average"] = loadavg()
        return (list(results), [live[k] for k in sorted(live)], [dict(p) for p in pieces],
                wall_before + time.perf_counter() - started, partial and len(results) < len(seeds), run_info, fixed)

    out = Results(json_path, fingerprint(run_info), _document, state, name="arcade bench 2048")
    if json_path and not resume:
        out.discard_journal()
    for g in results:
        out.keep(g["seed"], g)

    def checkpoint(st: dict) -> None:
        live[st["seed"]] = st
        out.tick()

    def finished(g: dict) -> None:
        results.append(g)
        live.pop(g["seed"], None)
        out.add(g["seed"], _record(g))
        progress.update(g["seed"], g["moves"], g["max_tile"], True)
        this_piece["games_finished"] += 1
        progress.finish_game(g["moves"])

    def write_or_say(doc: dict) -> bool:
        try:
            out.write_document(doc)
        except OSError as e:
            print(f"\narcade bench 2048: cannot write {json_path} ({e}); the run goes on, results are kept",
                  file=sys.stderr)
            return False
        return True

    kw = dict(strategy=strategy, params=params, until=args.until, size=size, max_moves=args.max_moves,
              four_probability=four, checkpoint_every=every, piece=piece)
    items = [(s, live.get(s), starts[s - seed] if starts else None) for s in todo]
    if todo and json_path:
        write_or_say(_document(state()))  # the run's settings and its new piece are on disk before the first move
    try:
        if jobs == 1 and not args.cluster:  # in this process: checkpoints are kept directly
            parallel(functools.partial(_play, checkpoint=checkpoint if json_path else None, **kw), items, 1,
                     finished)
        elif todo:  # worker processes send their checkpoints and progress through a queue
            q = pool.queue()
            pool.set_initializer(_init_worker, q)

            def drain() -> None:
                while True:
                    try:
                        msg = q.get_nowait()
                    except Exception:  # noqa: BLE001 - queue.Empty, or a closed queue
                        break
                    if msg and msg[0] == "checkpoint":
                        if json_path:
                            checkpoint(msg[1])
                    else:
                        progress.update(*msg)
                progress.draw()
                out.tick()

            parallel(functools.partial(_play, **kw), items, jobs, finished, on_tick=drain, executor=pool)
    except KeyboardInterrupt:
        out.finish()
        if json_path:
            write_or_say(_document(state()))   # the finished games and the checkpoints of the others, for --resume
        raise
    progress.line.close()
    out.finish()
    results.sort(key=lambda g: g["seed"])
    live.clear()
    doc = _document(state(False))
    summary = doc["summary"]
    print(format_table(summary))
    code = 0
    if json_path:
        if write_or_say(doc):
            journal_path(json_path).unlink(missing_ok=True)
        else:
            fallback = os.path.join(tempfile.gettempdir(), f"arcade-bench-2048-{os.getpid()}.json")
            try:
                out.write_document(doc, fallback)
                print(f"arcade bench 2048: {json_path} could not be written; the results are in {fallback}",
                      file=sys.stderr)
            except OSError as e:
                print(f"arcade bench 2048: could not write the results anywhere ({e})", file=sys.stderr)
            code = 1
    if args.plot:
        try:
            plot(summary, args.plot)
        except (OSError, Exception) as e:  # noqa: BLE001 - pygame.error is not an OSError; the table is out
            print(f"arcade bench 2048: cannot write the plot {args.plot}: {e}", file=sys.stderr)
            code = 1
    return code


def summary_rows(quick: bool) -> list:
    """``arcade bench all``'s rows: the default expectimax playing short games (to 2048, or 512 when ``quick``)."""
    games, until = (1, 512) if quick else (2, 2048)
    recs = []
    for seed in range(1, games + 1):
        r = play_game(seed, "expectimax", until=until)
        recs.append(r)
        print(f"expectimax seed {seed}: max tile {r['max_tile']} in {r['moves']} moves, "
              f"{r['ms_per_move']:.1f} ms/move median, {r['nodes_per_second'] / 1e3:.0f} k nodes/s", flush=True)
    times = [t for r in recs for t in r["times_ms"]]
    reached = sum(1 for r in recs if r["max_tile"] >= until)
    return [("2048 AI", f"expectimax, {games} games to {until}",
             f"{reached}/{games} reached; {percentile(times, 0.5):.1f} ms/move median, "
             f"p95 {percentile(times, 0.95):.1f} ms", "<= 100 ms/move")]
