"""How often the Minesweeper AI wins, and how fast it moves: ``arcade bench minesweeper``.

    arcade bench minesweeper --level beginner|intermediate|expert --games N --seed S
                             --first-click safe|opening --jobs J --json FILE [--resume] [--quiet]

Game i is a session of the game's backend (the window's own rules) whose first open carries the mines that
``field.deal`` draws from ``random.Random(S + i)`` under the first-click rule, played by ``solver.analyse`` (what
``solver.choose`` returns) one cell a move, each move the AI's, until it is won or lost. Games
run in parallel worker processes (``--jobs``). A progress line goes to stderr, the table to stdout: the win
rate with its 95 % confidence interval (Wilson score), guesses per game (moves with a risk of a mine), ms per
move and per game (median and max), and how many moves used the fallback approximation.

``--json FILE`` gets ``{"games": N, "wins": W, "summary": {...}, "records": [one per game, by seed]}``, through
the benchmarks' one writer (:class:`arcade.dev.benchkit.Results`): every finished game is appended to
``FILE.partial`` at once (one JSON line), FILE is written at the end, on Ctrl+C and every couple of minutes in
between (by a background thread, from running totals), so a run that is stopped (even killed) keeps its finished
games; ``--resume`` then plays only the seeds missing from FILE and FILE.partial (same level, rule and seed, else a
one-line error).
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from arcade.dev.benchkit import RECORDS, Counts, Progress, Results, add_cluster_argument, choice, executor, loadavg, \
    machine, parallel, read_journal
from arcade.engine.args import BadOption, int_range, output_file, seed as seed_type

__all__ = ["add_arguments", "run", "play_game", "Tally", "summarize", "format_table", "wilson", "summary_rows",
           "LEVEL_NAMES", "RULE_NAMES"]

LEVEL_NAMES = ("beginner", "intermediate", "expert")
MAX_GAMES = 1_000_000   # a run's seeds are listed up front: a typo such as 10^11 is an error, not a hang
MAX_JOBS = 64
RULE_NAMES = ("safe", "opening")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options (the CLI adds them to ``arcade bench minesweeper``)."""
    parser.add_argument("--level", type=choice("level", LEVEL_NAMES), default="expert", metavar="LEVEL",
                        help="beginner, intermediate or expert (default expert)")
    parser.add_argument("--games", type=int_range(1, MAX_GAMES), default=100, metavar="N",
                        help=f"games to play, 1..{MAX_GAMES:,} (default 100)")
    parser.add_argument("--seed", type=seed_type, default=1, metavar="S", help="game i uses seed S + i (default 1)")
    parser.add_argument("--first-click", dest="first_click", type=choice("first click rule", RULE_NAMES),
                        default="safe", metavar="RULE",
                        help="safe (only the clicked cell is mine-free, the published solvers' rule; default) "
                             "or opening (its neighbours too)")
    parser.add_argument("--jobs", type=int_range(1, MAX_JOBS), default=1, metavar="J",
                        help=f"parallel processes, 1..{MAX_JOBS} (default 1)")
    add_cluster_argument(parser)
    parser.add_argument("--json", type=output_file, default=None, metavar="FILE",
                        help="write the summary and one record per game (kept up to date while running)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the games already in --json FILE (and FILE.partial), play only the rest")
    parser.add_argument("--untimed", action="store_true",
                        help="no time budget a move, only the solver's counts: the same moves on any machine and at "
                             "any load (to compare two versions of the solver game by game)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


# ---------------------------------------------------------------------------------------------------------------
# one game

def play_game(level: str, seed: int, first_click: str, timed: bool = True) -> dict:
    """Play one game headless; its JSON record. ``timed`` False: the solver without its time budgets."""
    from arcade.minesweeper import solver

    was, solver.TIMED = solver.TIMED, timed
    try:
        return _play_game(level, seed, first_click)
    finally:
        solver.TIMED = was


def _play_game(level: str, seed: int, first_click: str) -> dict:
    import random

    from arcade.engine.session import AI, Session
    from arcade.minesweeper import solver
    from arcade.minesweeper.backend import BACKEND, Params
    from arcade.minesweeper.field import LEVELS, deal

    rows, cols, mines = LEVELS[level]
    session = Session(BACKEND, Params(rows, cols, mines, first_click), seed)
    deal_rng = random.Random(seed)
    f = session.state
    times: list = []
    cpu: list = []
    guesses = fallbacks = endgame = 0
    risk_taken = 0.0
    lost_on = None
    started = time.perf_counter()
    while not f.over:
        t, c = time.perf_counter(), time.process_time()
        a = solver.analyse(f.view(), f.mines, first_click=first_click)
        times.append((time.perf_counter() - t) * 1000.0)
        cpu.append((time.process_time() - c) * 1000.0)
        if a.reason in ("guess", "endgame") and a.risk > 0:
            guesses += 1
            risk_taken += a.risk
        endgame += a.reason == "endgame"
        fallbacks += a.fallbacks > 0
        cell = a.move[0] * cols + a.move[1]
        first = () if f.placed else (tuple(sorted(deal(rows, cols, mines, cell, first_click, deal_rng))),)
        if not session.play(("O", cell, 0, *first), by=AI):
            raise RuntimeError(f"minesweeper bench: the rules refused the AI's open of {a.move} (seed {seed})")
        f = session.state
        if f.state == "lost":
            lost_on = {"reason": a.reason, "risk": round(a.risk, 4), "cell": list(a.move)}
    return {
        "seed": seed,
        "won": f.state == "won",
        "moves": len(times),
        "guesses": guesses,
        "risk_taken": round(risk_taken, 4),
        "endgame_moves": endgame,
        "fallback_moves": fallbacks,
        "ms_median": round(statistics.median(times), 3),
        "ms_max": round(max(times), 3),
        "ms_game": round(sum(times), 3),
        "ms_moves": [round(t, 2) for t in times],
        "cpu_ms_max": round(max(cpu), 3),
        "cpu_ms_moves": [round(t, 2) for t in cpu],
        "seconds": round(time.perf_counter() - started, 3),
        "opened": f.opened,
        "lost_on": lost_on,
    }


# ---------------------------------------------------------------------------------------------------------------
# summary

def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


class Tally:
    """Running totals of a run's games: everything its summary says, kept up to date one game at a time at a cost
    that does not grow with the run (move times are rounded to 0.01 ms, so their counts give the exact median and
    p99 of every move)."""

    def __init__(self) -> None:
        self.games = self.wins = self.guesses = self.guesses_won = self.moves = 0
        self.fallback_moves = self.endgame_moves = 0
        self.ms_max = None
        self.move_ms, self.cpu_ms, self.game_ms = Counts(), Counts(), Counts()
        self.losses: dict = {}

    def add(self, r: dict) -> None:
        self.games += 1
        self.wins += bool(r["won"])
        self.guesses += r["guesses"]
        self.guesses_won += r["guesses"] if r["won"] else 0
        self.moves += r["moves"]
        self.fallback_moves += r["fallback_moves"]
        self.endgame_moves += r["endgame_moves"]
        self.ms_max = r["ms_max"] if self.ms_max is None else max(self.ms_max, r["ms_max"])
        self.move_ms.add(r.get("ms_moves", ()))
        self.cpu_ms.add(r.get("cpu_ms_moves", ()))
        self.game_ms.add((r["ms_game"],))
        if r.get("lost_on"):
            k = r["lost_on"]["reason"]
            self.losses[k] = self.losses.get(k, 0) + 1

    def summary(self, *, level: str, first_click: str, seed: int, jobs: int, wall_seconds: float,
                timed: bool = True) -> dict:
        from arcade.minesweeper import solver

        n, wins = self.games, self.wins
        lo, hi = wilson(wins, n)
        return {
            "level": level, "first_click": first_click, "seed": seed, "timed": timed, "jobs": jobs,
            "games": n, "wins": wins,
            "win_rate": wins / n if n else None, "ci95": [lo, hi],
            "guesses_per_game": self.guesses / n if n else None,
            "guesses_per_won_game": self.guesses_won / wins if wins else None,
            "moves": self.moves,
            "ms_per_move": {"median": self.move_ms.median(), "p99": self.move_ms.percentile(0.99),
                            "max": self.ms_max, "over_1s": self.move_ms.over(1000.0)},
            "cpu_ms_per_move": {"median": self.cpu_ms.median(), "p99": self.cpu_ms.percentile(0.99),
                                "max": self.cpu_ms.max(), "over_1s": self.cpu_ms.over(1000.0)},
            "ms_per_game": {"median": self.game_ms.median(), "max": self.game_ms.max()},
            "fallback_moves": self.fallback_moves,
            "endgame_moves": self.endgame_moves,
            "losses_by": dict(sorted(self.losses.items())),
            "solver": {"max_states": solver.MAX_STATES, "endgame_layouts": solver.ENDGAME_LAYOUTS,
                       "endgame_nodes": solver.ENDGAME_NODES, "endgame_s": solver.ENDGAME_S,
                       "cutoff": solver.CUTOFF, "guess_budget_s": solver.GUESS_BUDGET_S,
                       "budget_clock": "thread CPU" if timed else "none (counts only)",
                       "wall_factor": solver.WALL_FACTOR,
                       "fifty_first": solver.FIFTY_FIRST},
            "machine": machine(),
            "load_average": loadavg(),
            "date": time.strftime("%Y-%m-%d"),
            "wall_seconds": round(wall_seconds, 1),
        }


def summarize(records: list, *, level: str, first_click: str, seed: int, jobs: int, wall_seconds: float,
              timed: bool = True) -> dict:
    """The summary of ``records`` (what :class:`Tally` says after adding each of them)."""
    tally = Tally()
    for r in records:
        tally.add(r)
    return tally.summary(level=level, first_click=first_click, seed=seed, jobs=jobs, wall_seconds=wall_seconds,
                         timed=timed)


def _fmt(v, spec=".1f") -> str:
    return "-" if v is None else format(v, spec)


def format_table(s: dict) -> str:
    lo, hi = s["ci95"]
    lines = [
        f"Minesweeper AI benchmark: {s['level']}, first click {s['first_click']}, {s['games']} games from seed "
        f"{s['seed']}, {s['jobs']} jobs" + ("" if s.get("timed", True) else ", untimed (no time budget a move)"),
        "",
        f"win rate        {_fmt(100 * s['win_rate'] if s['win_rate'] is not None else None, '.2f')} %   "
        f"(95 % CI {100 * lo:.2f} .. {100 * hi:.2f} %, {s['wins']} of {s['games']})",
        f"guesses a game  {_fmt(s['guesses_per_game'], '.2f')}   (won games {_fmt(s['guesses_per_won_game'], '.2f')})",
        f"ms a move       median {_fmt(s['ms_per_move']['median'], '.2f')}   p99 {_fmt(s['ms_per_move']['p99'], '.0f')}"
        f"   max {_fmt(s['ms_per_move']['max'], '.0f')}"
        f"   ({s['moves']} moves)",
        f"cpu ms a move   median {_fmt(s['cpu_ms_per_move']['median'], '.2f')}   "
        f"p99 {_fmt(s['cpu_ms_per_move']['p99'], '.0f')}   max {_fmt(s['cpu_ms_per_move']['max'], '.0f')}"
        f"   (the solver's own cost; wall time adds the machine's other load)",
        f"ms a game       median {_fmt(s['ms_per_game']['median'], '.0f')}   max {_fmt(s['ms_per_game']['max'], '.0f')}",
        f"fallback moves  {s['fallback_moves']}   (components relaxed because too large to enumerate)",
        f"endgame moves   {s['endgame_moves']}   losses by " +
        (", ".join(f"{k} {v}" for k, v in sorted(s["losses_by"].items())) or "none"),
        f"wall time       {s['wall_seconds']:.0f} s" +
        (f"   (load average {s['load_average'][0]:.1f})" if s.get("load_average") else ""),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# files

def _run_key(level: str, first_click: str, seed: int, timed: bool) -> list:
    """What names a run in its journal's lines (an untimed run's lines are never taken for a timed run's)."""
    return [level, first_click, seed] + ([] if timed else ["untimed"])


def _load_previous(path: Path, level: str, first_click: str, seed: int, timed: bool = True) -> dict:
    """Records by seed from ``path`` and its journal; ``ValueError`` (one line) when they belong to another run."""
    records: dict = {}
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            summary = data["summary"]
            got = (summary["level"], summary["first_click"], summary["seed"], bool(summary.get("timed", True)))
            rows = data["records"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise ValueError(f"cannot resume from {path}: not a benchmark file ({type(e).__name__})") from None
        if got != (level, first_click, seed, timed):
            said = {True: "", False: ", untimed"}
            raise ValueError(f"cannot resume from {path}: it holds level {got[0]}, first click {got[1]}, seed "
                             f"{got[2]}{said[got[3]]}; this run is {level}, {first_click}, {seed}{said[timed]}")
        for r in rows:
            records[r["seed"]] = r
    for r in read_journal(path, _run_key(level, first_click, seed, timed)):
        records[r["seed"]] = r
    return records


# ---------------------------------------------------------------------------------------------------------------
# driver

class _Progress:
    """The progress line: games played, wins, and the time left at this pace."""

    def __init__(self, total: int, done: int, wins: int, enabled: bool) -> None:
        self.line = Progress(enabled, log_every=15.0)
        self.total, self.done, self.wins = total, done, wins
        self.first = done

    def game(self, won: bool) -> None:
        self.done += 1
        self.wins += won
        self.draw()

    def draw(self) -> None:
        width = 30
        fill = int(width * self.done / max(self.total, 1))
        played, seconds = self.done - self.first, self.line.seconds
        rate = played / seconds if played and seconds > 0 else 0.0
        eta = f"  eta {(self.total - self.done) / rate:.0f} s" if rate else ""
        self.line.show(f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} games  wins {self.wins}"
                       f" ({100 * self.wins / max(self.done, 1):.1f} %)  {seconds:.0f} s{eta}")


def _play(item) -> dict:
    """One game of the run: ``item`` is (level, seed, first-click rule, timed)."""
    return play_game(*item)


def _document(summary: dict) -> dict:
    return {"games": summary["games"], "wins": summary["wins"], "summary": summary, "records": RECORDS}


def run(args) -> int:
    """Run the benchmark described by ``args`` (from ``add_arguments``); returns the exit code. ``BadOption``
    (the CLI prints it as one line and exits 2) for --resume without --json or from another run's file."""
    level, rule, seed0 = args.level, args.first_click, args.seed
    timed = not args.untimed
    path = Path(args.json) if args.json else None
    if args.resume and path is None:
        raise BadOption("--resume needs --json FILE (the run to continue)")
    previous: dict = {}
    if path is not None and args.resume:
        try:
            previous = _load_previous(path, level, rule, seed0, timed)
        except ValueError as e:
            raise BadOption(str(e)) from None
    seeds = range(seed0, seed0 + args.games)
    todo = [s for s in seeds if s not in previous]
    jobs = max(1, min(args.jobs, len(todo) or 1))
    pool = executor(jobs, args.cluster)
    tally = Tally()
    started = time.perf_counter()

    def summary() -> dict:
        return tally.summary(level=level, first_click=rule, seed=seed0, jobs=jobs,
                             wall_seconds=time.perf_counter() - started, timed=timed)

    results = Results(path, _run_key(level, rule, seed0, timed), _document, summary, name="arcade bench minesweeper")
    if path is not None and not args.resume:
        results.discard_journal()
    for s in seeds:
        if s in previous:
            tally.add(previous[s])
            results.keep(s, previous[s])
    previous.clear()
    progress = _Progress(len(seeds), tally.games, tally.wins, not args.quiet)

    def finished(r: dict) -> None:
        if r["seed"] in results.texts:
            return  # already counted (cannot happen in one run; a record is never counted twice)
        tally.add(r)   # first: the add may hand the writer a snapshot of the totals with this record
        results.add(r["seed"], r)
        progress.game(r["won"])

    def tick() -> None:
        progress.draw()
        results.tick()

    interrupted = False
    try:
        parallel(_play, [(level, s, rule, timed) for s in todo], jobs, finished, on_tick=tick, tick=1.0, executor=pool)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.line.close()
        results.close(complete=len(results) == len(seeds))
    s = summary()
    if tally.games:
        print(format_table(s))
    if interrupted:
        print(f"arcade bench minesweeper: stopped after {tally.games} of {len(seeds)} games"
              + (f"; --resume continues from {path}" if path else ""), file=sys.stderr)
        return 130
    return 0


def summary_rows(beginner: int, expert: int) -> list:
    """``arcade bench all``'s rows: ``beginner`` and ``expert`` games from seed 1, first click safe."""
    rows = []
    for level, n, target in (("beginner", beginner, ">= 91 % (10,000-game table)"),
                             ("expert", expert, ">= 39 %; median move <= 20 ms")):
        t = time.perf_counter()
        recs = [play_game(level, 1 + i, "safe") for i in range(n)]
        s = summarize(recs, level=level, first_click="safe", seed=1, jobs=1, wall_seconds=time.perf_counter() - t)
        print(format_table(s))
        lo, hi = s["ci95"]
        rows.append(("minesweeper", f"{level}, first click safe, {n:,} game{'s' if n != 1 else ''}",
                     f"won {100 * s['win_rate']:.1f} % (95 % CI {100 * lo:.0f}-{100 * hi:.0f}); move median "
                     f"{s['ms_per_move']['median']:.2f} ms, max {s['ms_per_move']['max']:.0f} ms", target))
    return rows
