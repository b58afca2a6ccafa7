"""How well the tic-tac-toe family's AIs play: ``arcade bench tictactoe``. Pure.

    arcade bench tictactoe [--parts proof,4x4,gomoku|ladder] [--games N] [--opponents random,greedy,easy]
                                     [--budget S | --depth D] [--level L] [--opening P] [--seed S] [--jobs J] [--json FILE]

Four parts (the first three by default):

* ``proof``: every one of the 4,520 non-terminal reachable 3x3 positions is given to ``ai.choose`` (level perfect)
  and the move's value is checked against a plain minimax written here (no pruning, no symmetry): positions
  checked, value-preserving, and fastest (the move also wins as fast / loses as slowly as possible).
* ``4x4``: the game value of 4x4 (k=4) from the empty board and the time to prove it from a cold table (nodes,
  table entries), the time of the first move from cold, and ``--sample-4x4`` random positions checked against
  the plain minimax (positions with 8 or more stones, where plain minimax is quick).
* ``gomoku``: the engine (``--level``, ``--budget`` seconds a move) against each of ``--opponents`` (random,
  greedy: the threat-scoring baseline of :mod:`arcade.tictactoe.baselines`, and the engine's own easy/medium/hard
  levels) with either colour, ``--games`` games per colour and opponent. Each game opens with ``--opening`` random plies next
  to the centre (seeded) so no two games are the same. Wins/draws/losses by colour, ms per engine move (median,
  p95, max) and nodes per second; ``--depth D`` searches to a fixed depth instead of the clock (deterministic,
  whatever the load). Games run in ``--jobs`` processes (spawn); a progress line goes to stderr.
  Besides the baselines and the engine's levels, ``minimax2`` and ``minimax3`` are the simple engine of
  :func:`arcade.tictactoe.baselines.minimax_move` (line shapes scored, minimax 2 or 3 plies deep).
* ``ladder``: the regression ladder, the same matches against the simple opponents (greedy, minimax2, minimax3)
  with either colour on ``--games`` fixed openings (``--opening`` plies from seeds ``--seed`` + i): the engine must
  win every game. It runs instead of ``gomoku``, not beside it (one list of games a file).

``--json FILE`` writes everything (``games`` and ``wins`` at the top level count the Gomoku games and the engine's
wins) through the benchmarks' one writer (:class:`arcade.dev.benchkit.Results`): each finished Gomoku game is
appended to ``FILE.partial`` at once, and FILE is written at the end, on Ctrl+C and every couple of minutes in
between. The exit code is 1 if the proof finds a move that lowers a value, 4x4 is not a draw or a ladder game is
not won, else 0.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from functools import lru_cache

from arcade.dev.benchkit import RECORDS, Progress, Results, add_cluster_argument, choice_list, command, executor, \
    parallel, percentile
from arcade.engine.args import BadOption, float_range, int_range, nonnegative_int, output_file, positive_int, seed

__all__ = ["add_arguments", "run", "play_game", "plain_value", "proof", "solve_4x4", "OPPONENTS", "summary_rows"]

PARTS = ("proof", "4x4", "gomoku", "ladder")
DEFAULT_PARTS = ("proof", "4x4", "gomoku")
LADDER = ("greedy", "minimax2", "minimax3")  # the simple opponents the strongest level must beat every time
OPPONENTS = ("random", "greedy", "minimax2", "minimax3", "easy", "medium", "hard")
DEFAULT_OPPONENTS = ("random", "greedy", "easy")


# ----- argument types -----
def _level(text: str) -> str:
    from arcade.tictactoe.ai import LEVELS

    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r} (choose from {', '.join(LEVELS)})")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--parts", type=choice_list("part", PARTS), default=DEFAULT_PARTS, metavar="LIST",
                        help="what to run, comma-separated: proof, 4x4, gomoku or ladder (default: proof,4x4,gomoku)")
    parser.add_argument("--games", type=positive_int, default=5, metavar="N",
                        help="Gomoku games per opponent and colour (default 5)")
    parser.add_argument("--opponents", type=choice_list("opponent", OPPONENTS), default=DEFAULT_OPPONENTS,
                        metavar="LIST", help=f"comma-separated: {', '.join(OPPONENTS)} (default: random,greedy,easy)")
    parser.add_argument("--budget", type=float_range(0.0, 60.0, lo_open=True), default=1.0, metavar="S",
                        help="the engine's seconds a move (default 1)")
    parser.add_argument("--depth", type=int_range(1, 30), default=None, metavar="D",
                        help="the engine searches to this fixed depth instead of --budget (deterministic, whatever "
                             "the machine's load)")
    parser.add_argument("--level", type=_level, default="perfect", help="the engine's level (default perfect)")
    parser.add_argument("--opening", type=int_range(0, 8), default=2, metavar="P",
                        help="random plies next to the centre before the players take over (default 2)")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="game i uses seed S + i (default 1)")
    parser.add_argument("--jobs", type=int_range(1, 64), default=1, metavar="J",
                        help="parallel processes for the Gomoku games (default 1: the clock is per move)")
    add_cluster_argument(parser)
    parser.add_argument("--sample-4x4", type=nonnegative_int, default=40, metavar="N",
                        help="random 4x4 positions checked against plain minimax (default 40)")
    parser.add_argument("--max-moves", type=positive_int, default=225, metavar="M",
                        help="a Gomoku game stops as a draw after this many stones (default 225: the board)")
    parser.add_argument("--json", type=output_file, default=None, metavar="FILE", help="write the results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


# ----- an independent plain minimax over board strings (no pruning, no symmetry) -----
def _line_winner(b: str, n: int, k: int) -> str | None:
    for r in range(n):
        for c in range(n):
            p = b[r * n + c]
            if p == ".":
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                er, ec = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= er < n and 0 <= ec < n and all(b[(r + i * dr) * n + c + i * dc] == p for i in range(k)):
                    return p
    return None


@lru_cache(maxsize=None)
def plain_value(b: str, n: int, k: int) -> int:
    """Value for the side to move of the n x n board string ``b``: 100 - stones at the end for a win, the negative
    for a loss, 0 for a draw (by the game's length, so a faster win is worth more)."""
    stones = n * n - b.count(".")
    if _line_winner(b, n, k):
        return -(100 - stones)
    if stones == n * n:
        return 0
    p = "X" if b.count("X") == b.count("O") else "O"
    return max(-plain_value(b[:i] + p + b[i + 1:], n, k) for i in range(n * n) if b[i] == ".")


def _move_value(b: str, n: int, k: int, i: int) -> int:
    p = "X" if b.count("X") == b.count("O") else "O"
    return -plain_value(b[:i] + p + b[i + 1:], n, k)


def _reachable(n: int, k: int) -> list[str]:
    start = "." * (n * n)
    seen, stack = {start}, [start]
    while stack:
        b = stack.pop()
        if _line_winner(b, n, k) or "." not in b:
            continue
        p = "X" if b.count("X") == b.count("O") else "O"
        for i in range(n * n):
            if b[i] == ".":
                nb = b[:i] + p + b[i + 1:]
                if nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
    return sorted(seen)


def _rows(b: str, n: int) -> tuple[str, ...]:
    return tuple(b[r * n:(r + 1) * n] for r in range(n))


def proof() -> dict:
    """The 3x3 proof: every non-terminal reachable position, choose's move against plain minimax."""
    from arcade.tictactoe import ai

    t = time.perf_counter()
    positions = [b for b in _reachable(3, 3) if not _line_winner(b, 3, 3) and "." in b]
    preserving = fastest = 0
    bad = []
    for b in positions:
        r, c = ai.choose(_rows(b, 3))
        got, best = _move_value(b, 3, 3, r * 3 + c), plain_value(b, 3, 3)
        if (got > 0) - (got < 0) == (best > 0) - (best < 0):
            preserving += 1
        else:
            bad.append(b)
        fastest += got == best
    return {"positions": len(positions), "value_preserving": preserving, "fastest": fastest,
            "failures": bad[:5], "seconds": round(time.perf_counter() - t, 3)}


def solve_4x4(sample: int, seed_: int) -> dict:
    from arcade.tictactoe.solver import Geometry

    g = Geometry(4, 4, 4)  # a cold table
    t = time.perf_counter()
    value = g.value(0, 0, 0)
    solve_s = time.perf_counter() - t
    out = {"value": "draw" if value == 0 else "first player wins" if value > 0 else "second player wins",
           "solve_s": round(solve_s, 3), "nodes": g.nodes, "table": len(g.tt)}
    g = Geometry(4, 4, 4)
    t = time.perf_counter()
    cell, score, _ = g.solve(0, 0, 0)
    out["first_move_s"] = round(time.perf_counter() - t, 3)
    out["first_move"] = divmod(cell, 4)
    from arcade.tictactoe import ai

    rng = random.Random(seed_)
    checked = preserving = 0
    t = time.perf_counter()
    while checked < sample:
        n = rng.randint(8, 13)
        cells = rng.sample(range(16), n)
        b = ["."] * 16
        ok = True
        for j, c in enumerate(cells):
            b[c] = "XO"[j % 2]
            if _line_winner("".join(b), 4, 4):
                ok = False
                break
        if not ok or "." not in b:
            continue
        s = "".join(b)
        r, c = ai.choose(_rows(s, 4))
        checked += 1
        preserving += _move_value(s, 4, 4, r * 4 + c) == plain_value(s, 4, 4)
    out["sampled"] = checked
    out["sampled_preserving"] = preserving
    out["sample_s"] = round(time.perf_counter() - t, 3)
    return out


# ----- Gomoku matches -----
def _opening(rows, plies: int, rng: random.Random):
    from arcade.tictactoe import rules

    n = len(rows)
    centre = n // 2
    for _ in range(plies):
        free = [(r, c) for r in range(centre - 1, centre + 2) for c in range(centre - 1, centre + 2) if rows[r][c] == "."]
        rows = rules.place(rows, *free[rng.randrange(len(free))])
    return rows


def play_game(config: dict) -> dict:
    """One Gomoku game: ``config`` has opponent, engine (the engine's colour), level, budget, opening, seed,
    max_moves. Returns the result from the engine's side ("W", "D", "L"), its ms and nodes per move, the moves."""
    from arcade.tictactoe import ai, baselines, rules

    rng = random.Random(config["seed"])
    opp_rng = random.Random(config["seed"] * 7919 + 1)
    rows = _opening(rules.empty_board(15), config["opening"], rng)
    engine_side = config["engine"]
    ms, nodes, moves = [], [], []
    result = "D"
    while True:
        side = rules.to_move(rows)
        if side == engine_side:
            seed_ = rng.randrange(2**31)
            if config.get("depth"):
                a = ai.analyse(rows, 5, config["level"], depth=config["depth"], seed=seed_)
            else:
                a = ai.analyse(rows, 5, config["level"], budget=config["budget"], seed=seed_)
            ms.append(a.elapsed * 1000)
            nodes.append(a.nodes)
            move = a.move
        else:
            opp = config["opponent"]
            if opp == "random":
                move = baselines.random_move(rows, 5, opp_rng)
            elif opp == "greedy":
                move = baselines.greedy_move(rows, 5, opp_rng)
            elif opp in ("minimax2", "minimax3"):
                move = baselines.minimax_move(rows, 5, opp_rng, depth=int(opp[-1]))
            else:
                move = ai.choose(rows, 5, opp, seed=opp_rng.randrange(2**31))
        rows = rules.place(rows, *move)
        moves.append(move)
        won = rules.line_through(rows, move[0], move[1], 5)
        if won:
            result = "W" if side == engine_side else "L"
            break
        if rules.is_full(rows) or sum(15 - r.count(".") for r in rows) >= config["max_moves"]:
            break
    return {**config, "result": result, "ms": ms, "nodes": nodes, "moves": moves, "stones": len(moves)}


class _Progress:
    """A line per Gomoku game: its result and the tally so far."""

    def __init__(self, total: int, enabled: bool):
        self.line = Progress(enabled)
        self.total, self.done = total, 0
        self.tally = {"W": 0, "D": 0, "L": 0}

    def game(self, g: dict) -> None:
        self.done += 1
        self.tally[g["result"]] += 1
        self.line.show(f"gomoku {self.done}/{self.total}  vs {g['opponent']} as {g['engine']}: {g['result']} "
                       f"in {g['stones']} stones  (W {self.tally['W']} D {self.tally['D']} L {self.tally['L']}, "
                       f"{self.line.seconds:.0f} s)", force=True)
        if self.done == self.total:
            self.line.close()

    def note(self, text: str) -> None:
        self.line.show(text, force=True)
        self.line.close()


def _opponents(args) -> tuple:
    return LADDER if "ladder" in args.parts else tuple(args.opponents)


def _configs(args) -> list:
    return [{"opponent": opp, "engine": side, "level": args.level, "budget": args.budget, "depth": args.depth,
             "opening": args.opening, "seed": args.seed + i, "max_moves": args.max_moves}
            for opp in _opponents(args) for side in "XO" for i in range(args.games)]


def matches(args, progress: _Progress, results: Results | None = None) -> dict:
    """The Gomoku matches (or the ladder's): their table (the games themselves are ``results``' records, in the
    order of the configurations; without ``results`` they are listed here)."""
    configs = _configs(args)
    order = {(c["opponent"], c["engine"], c["seed"]): i for i, c in enumerate(configs)}
    games = []
    results = results if results is not None else Results(None, None, dict)

    def finished(g: dict) -> None:
        games.append(g)
        progress.game(g)   # first: its counts go into the snapshot the add may hand the writer
        results.add(order[g["opponent"], g["engine"], g["seed"]], {k: g[k] for k in _KEPT})

    parallel(play_game, configs, args.jobs, finished, on_tick=results.tick,
             executor=executor(args.jobs, args.cluster))
    table = gomoku_table(args, games)
    if results.path is None:
        table["games"] = [json.loads(t) for _, t in sorted(results.texts.items())]
    return table


_KEPT = ("opponent", "engine", "seed", "result", "stones", "moves")


def gomoku_table(args, games: list) -> dict:
    """Wins, draws and losses by opponent and colour, and the engine's times, of the finished ``games``."""
    table = {}
    for opp in _opponents(args):
        row = {}
        for side in "XO":
            rs = [g["result"] for g in games if g["opponent"] == opp and g["engine"] == side]
            row[side] = {"W": rs.count("W"), "D": rs.count("D"), "L": rs.count("L")}
        ms = [m for g in games if g["opponent"] == opp for m in g["ms"]]
        nd = [n for g in games if g["opponent"] == opp for n in g["nodes"]]
        row["ms_median"] = round(statistics.median(ms), 1) if ms else 0.0
        row["ms_p95"] = round(percentile(ms, 0.95) or 0.0, 1)
        row["ms_max"] = round(max(ms), 1) if ms else 0.0
        row["nodes_per_s"] = int(sum(nd) / (sum(ms) / 1000)) if sum(ms) else 0
        stones = [g["stones"] for g in games if g["opponent"] == opp]
        row["stones_median"] = statistics.median(stones) if stones else None
        table[opp] = row
    all_ms = [m for g in games for m in g["ms"]]
    all_nodes = [n for g in games for n in g["nodes"]]
    return {"level": args.level, "budget_s": args.budget, "depth": args.depth, "opening_plies": args.opening,
            "games_per_side": args.games,
            "opponents": table, "ms_median": round(statistics.median(all_ms), 1) if all_ms else 0.0,
            "ms_p95": round(percentile(all_ms, 0.95) or 0.0, 1), "ms_max": round(max(all_ms), 1) if all_ms else 0.0,
            "nodes_per_s": int(sum(all_nodes) / (sum(all_ms) / 1000)) if sum(all_ms) else 0,
            "games": RECORDS}


def format_report(out: dict) -> str:
    lines = []
    if "proof" in out:
        p = out["proof"]
        lines.append(f"3x3 proof: {p['positions']} non-terminal reachable positions checked, "
                     f"{p['value_preserving']} value-preserving, {p['fastest']} fastest ({p['seconds']} s)")
    if "4x4" in out:
        s = out["4x4"]
        lines.append(f"4x4 (k=4): {s['value']}; solved from empty in {s['solve_s']} s ({s['nodes']} nodes, "
                     f"{s['table']} table entries); first move from a cold table {s['first_move_s']} s; "
                     f"{s['sampled_preserving']}/{s['sampled']} sampled positions value-preserving")
    for part in ("gomoku", "ladder"):
        if part not in out:
            continue
        g = out[part]
        title = "Gomoku 15x15" if part == "gomoku" else "Gomoku ladder (every game must be won)"
        pace = f"depth {g['depth']}" if g.get("depth") else f"{g['budget_s']} s a move"
        lines.append(f"{title}, engine level {g['level']}, {pace}, "
                     f"{g['opening_plies']} random opening plies, {g['games_per_side']} games per colour:")
        lines.append(f"  {'opponent':<9} {'as X (W/D/L)':>13} {'as O (W/D/L)':>13} {'ms median':>10} {'ms p95':>8} "
                     f"{'ms max':>8} {'nodes/s':>8}")
        for opp, row in g["opponents"].items():
            x, o = row["X"], row["O"]
            lines.append(f"  {opp:<9} {x['W']:>5}/{x['D']}/{x['L']:<5} {o['W']:>5}/{o['D']}/{o['L']:<5} "
                         f"{row['ms_median']:>10} {row['ms_p95']:>8} {row['ms_max']:>8} {row['nodes_per_s']:>8}")
    return "\n".join(lines)


def run(args) -> int:
    if "gomoku" in args.parts and "ladder" in args.parts:
        raise BadOption("--parts: gomoku or ladder, not both (each is a list of games of its own; run them apart)")
    progress = _Progress(len(_opponents(args)) * 2 * args.games, not args.quiet)
    out: dict = {"date": time.strftime("%Y-%m-%d %H:%M"), "command": command()}
    status = 0
    if "proof" in args.parts:
        progress.note("3x3 proof: every reachable position ...")
        out["proof"] = proof()
        if out["proof"]["value_preserving"] != out["proof"]["positions"]:
            status = 1
    if "4x4" in args.parts:
        progress.note("4x4: solving from empty ...")
        out["4x4"] = solve_4x4(args.sample_4x4, args.seed)
        if out["4x4"]["value"] != "draw" or out["4x4"]["sampled_preserving"] != out["4x4"]["sampled"]:
            status = 1
    part = "ladder" if "ladder" in args.parts else "gomoku"
    gomoku = part in args.parts
    if gomoku:
        out[part] = {"games": RECORDS}   # the table comes at the end; the games as they finish

    def state():
        return {**out, **({"games": progress.done, "wins": progress.tally["W"]} if gomoku else {})}

    results = Results(args.json, [out["command"], out["date"]], dict, state, indent=1, name="arcade bench tictactoe")
    results.discard_journal()
    try:
        if gomoku:
            out[part] = matches(args, progress, results)
            if part == "ladder":
                out[part]["not_won"] = progress.done - progress.tally["W"]
                if out[part]["not_won"]:
                    status = 1
    finally:
        results.close(complete=not gomoku or progress.done == progress.total)
    print(format_report(out))
    return status



def summary_rows(sample: int) -> list:
    """``arcade bench all``'s rows: the 3x3 proof, and 4x4 solved from the empty board (``sample`` random 4x4
    positions checked against the plain minimax)."""
    p = proof()
    s = solve_4x4(sample, 1)
    print(f"3x3 proof: {p}\n4x4: {s}")
    return [("tictactoe", "3x3 proof: positions whose move keeps the value",
             f"{p['value_preserving']:,} of {p['positions']:,} ({p['seconds']:.2f} s)", "all"),
            ("tictactoe", "4x4 (k=4) solved from the empty board",
             f"{s['value']} in {s['solve_s']:.2f} s; first move {s['first_move_s']:.2f} s; "
             f"{s['sampled_preserving']}/{s['sampled']} sampled positions kept", "< 1 s")]
