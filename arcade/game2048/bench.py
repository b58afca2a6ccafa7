"""Headless 2048 AI benchmark: ``arcade bench 2048`` (or ``python -m arcade.game2048.bench``).

    arcade bench 2048 --ai expectimax --games 20 --seed 1 --jobs 2 [--budget-ms M] [--until TILE]
                      [--json FILE] [--plot FILE] [--param k=v ...] [--weight k=v ...] [--size N]

Every game is a real ``Game(seed=seed + i)`` (same rules and spawns as the window), played by
``ai.choose`` until it is over (``keep_going`` after the win) or reaches ``--until``. Games run in parallel worker
processes (``--jobs``), one search per process. A progress bar goes to stderr, the table to stdout:
share of games reaching 2048 ... 32768, score, moves, moves to reach 2048 (the source paper's validation metric),
ms per move (median, p95, over all moves) and nodes per second. ``--json`` writes
``{"summary": {...}, "games": [{"seed", "score", "max_tile", "moves", "moves_to_2048", "ms_per_move", ...}]}``;
``--plot`` draws the max-tile distribution as a PNG with pygame (no display needed).
"""
from __future__ import annotations

import argparse
import ast
import json
import multiprocessing as mp
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from arcade.engine.args import positive_int as _positive  # one parser for "a whole number >= 1"

__all__ = ["add_arguments", "run", "main", "play_game", "summarize", "format_table", "plot"]

MILESTONES = (2048, 4096, 8192, 16384, 32768)


def _tile(text: str) -> int:
    v = _positive(text)
    if v < 4 or v & (v - 1):
        raise argparse.ArgumentTypeError(f"a tile is a power of two >= 4, got {v}")
    return v


def _keyval(text: str):
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    k, v = text.split("=", 1)
    try:
        value = ast.literal_eval(v)
    except (ValueError, SyntaxError):
        value = v
    return k.strip(), value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options (the CLI adds them to ``arcade bench 2048``)."""
    parser.add_argument("--ai", default="expectimax", metavar="NAME",
                        help="strategy: expectimax (default), alphabeta, montecarlo, mcts")
    parser.add_argument("--games", type=_positive, default=20, metavar="N", help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar="S",
                        help="game i uses seed S + i (default 1)")
    parser.add_argument("--jobs", type=_positive, default=None, metavar="J",
                        help="parallel processes (default: the number of cores)")
    parser.add_argument("--budget-ms", type=float, default=None, metavar="M", help="search time budget per move")
    parser.add_argument("--until", type=_tile, default=None, metavar="TILE", help="stop each game at this tile")
    parser.add_argument("--json", default=None, metavar="FILE", help="write the summary and every game as JSON")
    parser.add_argument("--plot", default=None, metavar="FILE", help="write a PNG bar chart of the max tiles")
    parser.add_argument("--param", type=_keyval, action="append", default=[], metavar="K=V",
                        help="strategy parameter, e.g. --param depth=3 (repeatable)")
    parser.add_argument("--weight", type=_keyval, action="append", default=[], metavar="K=V",
                        help="heuristic weight override, e.g. --weight smoothness=20 (repeatable)")
    parser.add_argument("--size", type=int, default=4, metavar="N", help="board size 3..8 (default 4)")
    parser.add_argument("--max-moves", type=_positive, default=None, metavar="N", help="stop each game after N moves")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


# ---------------------------------------------------------------------------------------------------------------
# one game

_progress_queue = None


def _init_worker(q) -> None:
    global _progress_queue
    _progress_queue = q


def play_game(seed: int, strategy: str = "expectimax", params: dict | None = None, until: int | None = None,
              size: int = 4, max_moves: int | None = None, four_probability: float = 0.1) -> dict:
    """Play one game headless and return its record (the JSON ``games`` entry plus ``times_ms``)."""
    from arcade.game2048 import ai
    from arcade.game2048.game import Game

    params = dict(params or {})
    game = Game(size=size, seed=seed, four_probability=four_probability)
    times, nodes, depths = [], 0, []
    search_time = 0.0
    cpu = 0.0
    reached: dict = {}
    max_tile = game.max_tile
    paths = set()
    started = time.perf_counter()
    last_report = started
    while not game.over:
        if game.won and not game.keep_playing:
            game.keep_going()
        if until and max_tile >= until:
            break
        if max_moves and game.moves >= max_moves:
            break
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
        now = time.perf_counter()
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
        "ms_per_move": _quantile(times_sorted, 0.5),
        "ms_p95": _quantile(times_sorted, 0.95),
        "nodes": nodes,
        "nodes_per_second": nodes / search_time if search_time > 0 else 0.0,
        "depth_median": _quantile(sorted(depths), 0.5),
        "cpu_share": cpu / search_time if search_time > 0 else None,
        "seconds": time.perf_counter() - started,
        "path": ",".join(sorted(paths)),
        "times_ms": times,
    }


def _quantile(sorted_values, q: float):
    if not sorted_values:
        return None
    i = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[i]


# ---------------------------------------------------------------------------------------------------------------
# summary and table

def summarize(games: list, *, strategy: str, params: dict, seed: int, jobs: int, until: int | None,
              wall_seconds: float, size: int = 4) -> dict:
    """The summary of a run (the JSON ``summary``)."""
    n = len(games)
    scores = sorted(g["score"] for g in games)
    moves = sorted(g["moves"] for g in games)
    to2048 = sorted(g["moves_to_2048"] for g in games if g["moves_to_2048"] is not None)
    times = sorted(t for g in games for t in g.get("times_ms", []))
    nodes = sum(g["nodes"] for g in games)
    search_s = sum(t for g in games for t in g.get("times_ms", [])) / 1000.0
    reach = {}
    if until is not None and until < MILESTONES[0]:
        reach[str(until)] = sum(1 for g in games if g["max_tile"] >= until) / n if n else 0.0
    for m in MILESTONES:
        if until is not None and m > until:
            reach[str(m)] = None  # not measured
        else:
            reach[str(m)] = sum(1 for g in games if g["max_tile"] >= m) / n if n else 0.0
    dist: dict = {}
    for g in games:
        dist[str(g["max_tile"])] = dist.get(str(g["max_tile"]), 0) + 1
    return {
        "strategy": strategy, "params": params, "games": n, "seed": seed, "jobs": jobs, "until": until,
        "size": size,
        "reach": reach,
        "score": {"min": scores[0] if n else None, "median": _quantile(scores, 0.5), "max": scores[-1] if n else None},
        "moves": {"min": moves[0] if n else None, "median": _quantile(moves, 0.5), "max": moves[-1] if n else None},
        "moves_to_2048": {"games": len(to2048), "min": to2048[0] if to2048 else None,
                          "median": _quantile(to2048, 0.5), "max": to2048[-1] if to2048 else None},
        "ms_per_move": {"median": _quantile(times, 0.5), "p95": _quantile(times, 0.95),
                        "mean": sum(times) / len(times) if times else None},
        "nodes_per_second": nodes / search_s if search_s > 0 else 0.0,
        "max_tile_counts": dict(sorted(dist.items(), key=lambda kv: int(kv[0]))),
        "total_moves": len(times),
        "cpu_share": _quantile(sorted(g["cpu_share"] for g in games if g.get("cpu_share") is not None), 0.5),
        "load_average": _loadavg(),
        "wall_seconds": wall_seconds,
    }


def _loadavg():
    try:
        return list(os.getloadavg())
    except (AttributeError, OSError):
        return None


def _fmt(v, spec: str = ".0f") -> str:
    return "-" if v is None else format(v, spec)


def format_table(s: dict) -> str:
    """The summary as the text table the benchmark prints."""
    params = ", ".join(f"{k}={v}" for k, v in s["params"].items()) or "defaults"
    lines = [
        f"2048 AI benchmark: {s['strategy']} ({params}), {s['games']} games, seed {s['seed']}, "
        f"{s['jobs']} jobs, size {s['size']}" + (f", until {s['until']}" if s["until"] else ""),
        "",
        "reached        " + "".join(f"{m:>8}" for m in s["reach"]),
        "share of games " + "".join(f"{_fmt(None if v is None else 100 * v):>7}" + (" " if v is None else "%")
                                    for v in s["reach"].values()),
        "",
        f"{'':15}{'min':>10}{'median':>10}{'max':>10}",
        f"{'score':15}{_fmt(s['score']['min']):>10}{_fmt(s['score']['median']):>10}{_fmt(s['score']['max']):>10}",
        f"{'moves':15}{_fmt(s['moves']['min']):>10}{_fmt(s['moves']['median']):>10}{_fmt(s['moves']['max']):>10}",
        f"{'moves to 2048':15}{_fmt(s['moves_to_2048']['min']):>10}{_fmt(s['moves_to_2048']['median']):>10}"
        f"{_fmt(s['moves_to_2048']['max']):>10}   ({s['moves_to_2048']['games']} games)",
        "",
        f"ms per move    median {_fmt(s['ms_per_move']['median'], '.1f')}   p95 {_fmt(s['ms_per_move']['p95'], '.1f')}"
        f"   ({s['total_moves']} moves)",
        f"nodes/s        {s['nodes_per_second'] / 1e6:.2f} M"
        + (f"   (searches got {100 * s['cpu_share']:.0f} % of a core: CPU time / wall time, median game)"
           if s.get("cpu_share") else ""),
        "max tiles      " + ", ".join(f"{k} x{v}" for k, v in s["max_tile_counts"].items()),
        f"wall time      {s['wall_seconds']:.0f} s" + (
            f"   (load average at the end {s['load_average'][0]:.1f})" if s.get("load_average") else ""),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# plot

def plot(summary: dict, path: str, size=(640, 400)) -> None:
    """Write a PNG bar chart of the max-tile distribution (pygame, imported here; no display needed)."""
    import importlib.resources

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    w, h = size
    surf = pygame.Surface((w, h))
    surf.fill((250, 248, 239))
    font_file = importlib.resources.files("arcade.data") / "fonts" / "ClearSans-Bold.ttf"
    with importlib.resources.as_file(font_file) as fp:
        font = pygame.font.Font(str(fp), 16)
        title_font = pygame.font.Font(str(fp), 20)
    counts = {int(k): v for k, v in summary["max_tile_counts"].items()}
    tiles = sorted(counts)
    if tiles:
        lo, hi = min(tiles), max(tiles)
        tiles = [1 << e for e in range(lo.bit_length() - 1, hi.bit_length())]
    title = f"max tile over {summary['games']} games: {summary['strategy']}"
    surf.blit(title_font.render(title, True, (119, 110, 101)), (20, 12))
    left, right, top, bottom = 40, w - 20, 60, h - 50
    pygame.draw.line(surf, (187, 173, 160), (left, bottom), (right, bottom), 2)
    peak = max(counts.values()) if counts else 1
    if tiles:
        slot = (right - left) / len(tiles)
        bar_w = max(4, min(90, int(slot * 0.7)))
        for i, t in enumerate(tiles):
            c = counts.get(t, 0)
            bh = int((bottom - top) * c / peak)
            x = int(left + i * slot + (slot - bar_w) / 2)
            pygame.draw.rect(surf, (237, 194, 46) if t >= 2048 else (242, 177, 121), (x, bottom - bh, bar_w, bh),
                             border_radius=3)
            lab = font.render(str(t), True, (119, 110, 101))
            surf.blit(lab, (x + bar_w // 2 - lab.get_width() // 2, bottom + 8))
            num = font.render(str(c), True, (119, 110, 101))
            surf.blit(num, (x + bar_w // 2 - num.get_width() // 2, bottom - bh - 22))
    pygame.image.save(surf, path)


# ---------------------------------------------------------------------------------------------------------------
# driver

class _Progress:
    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.done = 0
        self.live: dict = {}
        self.best = 0
        self.moves_done = 0
        self.start = time.perf_counter()
        self.last = 0.0

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
        if not self.enabled:
            return
        now = time.perf_counter()
        if not force and now - self.last < (0.5 if self.tty else 30.0):
            return
        self.last = now
        width = 30
        fill = int(width * self.done / max(self.total, 1))
        moves = self.moves_done + sum(self.live.values())
        line = (f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} games  {moves} moves  "
                f"best {self.best}  {now - self.start:.0f} s")
        sys.stderr.write(("\r" + line) if self.tty else (line + "\n"))
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _params_from(args) -> dict:
    params = dict(args.param or [])
    if args.budget_ms is not None:
        params["budget_ms"] = args.budget_ms
    if args.weight:
        weights = dict(params.get("weights") or {})
        weights.update(dict(args.weight))
        params["weights"] = weights
    return params


def _dump(path: str, summary: dict, results: list) -> None:
    games = [{k: v for k, v in g.items() if k != "times_ms"} for g in results]
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump({"summary": summary, "games": games}, fh, indent=1)
    os.replace(tmp, path)


def run(args) -> int:
    """Run the benchmark described by ``args`` (from ``add_arguments``); returns the exit code."""
    from arcade.game2048 import ai

    seed = getattr(args, "seed", None)
    seed = 1 if seed is None else int(seed)
    strategy = args.ai
    if strategy not in ai.STRATEGIES:
        print(f"arcade bench 2048: unknown strategy {strategy!r}; known: {', '.join(ai.STRATEGIES)}", file=sys.stderr)
        return 2
    if not 3 <= args.size <= 8:
        print(f"arcade bench 2048: board size must be 3..8, got {args.size}", file=sys.stderr)
        return 2
    params = _params_from(args)
    try:
        from arcade.game2048.ai import player
        player._module(strategy).check_params(params)
    except (TypeError, ValueError) as e:
        print(f"arcade bench 2048: {e}", file=sys.stderr)
        return 2
    jobs = args.jobs or min(args.games, os.cpu_count() or 1)
    jobs = max(1, min(jobs, args.games))
    seeds = [seed + i for i in range(args.games)]
    progress = _Progress(args.games, not args.quiet)
    started = time.perf_counter()
    results = []

    def finished(g: dict) -> None:
        results.append(g)
        progress.finish_game(g["moves"])
        if args.json and len(results) < len(seeds):
            # A long run that is interrupted still leaves every finished game on disk.
            done = sorted(results, key=lambda r: r["seed"])
            partial = summarize(done, strategy=strategy, params=params, seed=seed, jobs=jobs, until=args.until,
                                wall_seconds=time.perf_counter() - started, size=args.size)
            _dump(args.json, {**partial, "partial": True}, done)

    kw = dict(strategy=strategy, params=params, until=args.until, size=args.size, max_moves=args.max_moves)
    if jobs == 1:
        for s in seeds:
            g = play_game(s, **kw)
            progress.update(s, g["moves"], g["max_tile"], True)
            finished(g)
    else:
        ctx = mp.get_context("spawn")
        q = ctx.Queue()
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init_worker, initargs=(q,)) as pool:
            pending = {pool.submit(play_game, s, **kw) for s in seeds}
            while pending:
                done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                while not q.empty():
                    try:
                        progress.update(*q.get_nowait())
                    except Exception:  # noqa: BLE001 - progress is best effort
                        break
                for f in done:
                    finished(f.result())
                progress.draw()
    progress.close()
    results.sort(key=lambda g: g["seed"])
    summary = summarize(results, strategy=strategy, params=params, seed=seed, jobs=jobs, until=args.until,
                        wall_seconds=time.perf_counter() - started, size=args.size)
    print(format_table(summary))
    if args.json:
        _dump(args.json, summary, results)
    if args.plot:
        plot(summary, args.plot)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arcade.game2048.bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
