"""Two settings of the Minesweeper solver on the same boards: ``arcade bench minesweeper-ab``.

    arcade bench minesweeper-ab --level L --first-click RULE --games N --seed S --jobs J
                                [--a NAME=VALUE ...] --b NAME=VALUE [--b ...] [--json FILE [--resume]] [--quiet]

Arm A is the solver with the ``--a`` settings (its defaults when none are given), arm B with the ``--b`` settings;
a setting is one of the solver's tunable constants (``ENDGAME_LAYOUTS``, ``CUTOFF``, ``FIFTY_FIRST``, ...). Game i
is the board ``Field.level(L, seed=S + i, rule=RULE)`` deals, the same board ``arcade bench minesweeper`` plays.
Both arms play it together, one move at a time, for as long as they choose the same cell; at the first move where
they differ the game forks and each arm plays its own copy to the end. A game where the arms never differ has one
outcome for both, so only the forked games can tell the arms apart: the report gives the games won by one arm and
not the other (the discordant pairs) and the sign test on them (two-sided p-value, exact binomial), which tells a
small difference apart from luck with far fewer games than two separate win rates. Under load the solver's time
budgets can make a move differ from run to run; both arms share that noise.

``--json FILE`` gets one JSON line a game (seed, whether it forked and at which move, each arm's result), written as
each game ends; ``--resume`` plays only the seeds missing from it.
"""
from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from pathlib import Path

from arcade.dev.benchkit import Progress, choice, key_value, parallel
from arcade.engine.args import BadOption, int_range, output_file, seed as seed_type

__all__ = ["add_arguments", "run", "play_pair", "sign_test", "SETTINGS"]

SETTINGS = ("MAX_STATES", "ENDGAME_LAYOUTS", "ENDGAME_NODES", "ENDGAME_S", "CUTOFF", "GUESS_BUDGET_S",
            "PROGRESS_BONUS", "OFF_EDGE_LIMIT", "FIFTY_FIRST", "WALL_FACTOR",
            "SAFE_FIRST_ROW", "SAFE_FIRST_COL", "BEST_WEIGHT", "TIMED")
_AT_LEAST_1 = ("MAX_STATES", "OFF_EDGE_LIMIT")  # 0 would leave the fallback or the guess with nothing to work on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from arcade.minesweeper.bench.ai import LEVEL_NAMES, MAX_GAMES, MAX_JOBS, RULE_NAMES

    parser.add_argument("--level", type=choice("level", LEVEL_NAMES), default="expert", metavar="LEVEL",
                        help="beginner, intermediate or expert (default expert)")
    parser.add_argument("--games", type=int_range(1, MAX_GAMES), default=100, metavar="N",
                        help="boards to play (default 100)")
    parser.add_argument("--seed", type=seed_type, default=1, metavar="S", help="board i uses seed S + i (default 1)")
    parser.add_argument("--first-click", dest="first_click", type=choice("first click rule", RULE_NAMES),
                        default="safe", metavar="RULE", help="safe (default) or opening")
    parser.add_argument("--jobs", type=int_range(1, MAX_JOBS), default=1, metavar="J",
                        help="parallel processes (default 1)")
    parser.add_argument("--a", dest="a", type=key_value, action="append", default=[], metavar="NAME=VALUE",
                        help="a solver setting of arm A (repeatable; default: the solver's own)")
    parser.add_argument("--b", dest="b", type=key_value, action="append", default=[], metavar="NAME=VALUE",
                        help="a solver setting of arm B (repeatable; at least one)")
    parser.add_argument("--json", type=output_file, default=None, metavar="FILE",
                        help="one JSON line a game, written as each game ends")
    parser.add_argument("--resume", action="store_true", help="keep the games already in --json FILE")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def _settings(pairs: list, arm: str) -> dict:
    """``NAME=VALUE`` pairs checked against the solver's constants (the value must have the constant's type)."""
    from arcade.minesweeper import solver

    out = {}
    for name, value in pairs:
        if name not in SETTINGS:
            raise BadOption(f"--{arm} {name}: not a solver setting; expected one of {', '.join(SETTINGS)}")
        current = getattr(solver, name)
        if isinstance(current, bool):
            ok = isinstance(value, bool)
        elif isinstance(current, int):
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= (name in _AT_LEAST_1)
        else:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
        if not ok:
            low = " (at least 1)" if name in _AT_LEAST_1 else ""
            raise BadOption(f"--{arm} {name}={value!r}: expected {type(current).__name__} like {current!r}{low}")
        out[name] = float(value) if isinstance(current, float) else value
    return out


def play_pair(level: str, seed: int, first_click: str, a: dict, b: dict) -> dict:
    """Play board ``seed`` with both settings (see the module doc); its JSON record."""
    from arcade.minesweeper import solver
    from arcade.minesweeper.field import Field

    defaults = {name: getattr(solver, name) for name in SETTINGS}

    def analyse(f, arm):
        for name in SETTINGS:
            setattr(solver, name, arm.get(name, defaults[name]))
        try:
            return solver.analyse(f.view(), f.mines, first_click=first_click)
        finally:
            for name, value in defaults.items():
                setattr(solver, name, value)

    def finish(f, arm):
        while not f.over:
            f.open(*analyse(f, arm).move)
        return f.state == "won"

    f = Field.level(level, seed=seed, rule=first_click)
    moves = 0
    while not f.over:
        ma, mb = analyse(f, a).move, analyse(f, b).move
        moves += 1
        if ma != mb:
            g = copy.deepcopy(f)
            f.open(*ma)
            g.open(*mb)
            return {"seed": seed, "forked_at": moves, "a": finish(f, a), "b": finish(g, b)}
        f.open(*ma)
    won = f.state == "won"
    return {"seed": seed, "forked_at": None, "a": won, "b": won}


def _play(item) -> dict:
    return play_pair(*item)


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact binomial p-value of ``only_a`` against ``only_b`` games (each 1/2 if the arms are equal)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def summarize(records: list) -> dict:
    n = len(records)
    wins_a = sum(r["a"] for r in records)
    wins_b = sum(r["b"] for r in records)
    only_a = sum(1 for r in records if r["a"] and not r["b"])
    only_b = sum(1 for r in records if r["b"] and not r["a"])
    return {"games": n, "forked": sum(1 for r in records if r["forked_at"] is not None),
            "wins_a": wins_a, "wins_b": wins_b, "only_a": only_a, "only_b": only_b,
            "p_value": sign_test(only_a, only_b)}


def format_report(s: dict, a: dict, b: dict, level: str, rule: str, seed: int) -> str:
    n = max(s["games"], 1)
    show = lambda arm: ", ".join(f"{k}={v!r}" for k, v in arm.items()) or "the solver's defaults"  # noqa: E731
    return "\n".join([
        f"Minesweeper solver A/B: {level}, first click {rule}, {s['games']} boards from seed {seed}",
        f"A: {show(a)}",
        f"B: {show(b)}",
        f"won            A {s['wins_a']} ({100 * s['wins_a'] / n:.2f} %)   B {s['wins_b']} ({100 * s['wins_b'] / n:.2f} %)"
        f"   difference {100 * (s['wins_b'] - s['wins_a']) / n:+.2f} points",
        f"forked boards  {s['forked']} (the arms chose differently at least once)",
        f"won by one arm only   A {s['only_a']}   B {s['only_b']}   sign test p = {s['p_value']:.3f}",
    ])


def run(args) -> int:
    a, b = _settings(args.a, "a"), _settings(args.b, "b")
    if not b:
        raise BadOption("--b: give at least one solver setting for arm B (NAME=VALUE)")
    path = Path(args.json) if args.json else None
    if args.resume and path is None:
        raise BadOption("--resume needs --json FILE (the run to continue)")
    seeds = [args.seed + i for i in range(args.games)]
    done: dict = {}
    if path is not None and args.resume and path.exists():
        head = [args.level, args.first_click, a, b]
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
                if r.pop("_run") != head:
                    raise BadOption(f"cannot resume from {path}: it holds another level, rule or settings")
            except (ValueError, KeyError, TypeError, AttributeError):
                continue  # a line cut short by a kill
            done[r["seed"]] = r
    done = {s: r for s, r in done.items() if s in set(seeds)}
    todo = [s for s in seeds if s not in done]
    out = open(path, "a" if args.resume else "w", encoding="utf-8") if path is not None else None
    if out is not None and out.tell() and not path.read_bytes().endswith(b"\n"):
        out.write("\n")  # a line cut short by a kill: the next record starts on a line of its own
    line = Progress(not args.quiet, log_every=15.0)

    def finished(r: dict) -> None:
        done[r["seed"]] = r
        if out is not None:
            out.write(json.dumps({**r, "_run": [args.level, args.first_click, a, b]}) + "\n")
            out.flush()
        s = summarize(list(done.values()))
        line.show(f"{len(done)}/{len(seeds)} boards  forked {s['forked']}  only A {s['only_a']}  only B {s['only_b']}")

    interrupted = False
    try:
        parallel(_play, [(args.level, s, args.first_click, a, b) for s in todo], max(1, min(args.jobs, len(todo) or 1)),
                 finished)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        line.close()
        if out is not None:
            out.close()
    if done:
        print(format_report(summarize(list(done.values())), a, b, args.level, args.first_click, args.seed))
    if interrupted:
        print(f"arcade bench minesweeper-ab: stopped after {len(done)} of {len(seeds)} boards"
              + (f"; --resume continues from {path}" if path else ""), file=sys.stderr)
        return 130
    return 0
