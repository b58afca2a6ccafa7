"""Tic-tac-toe, 4x4 and Gomoku, each against an AI or a friend on the same screen: a perfect player on the small
boards (an exact minimax with alpha-beta), a threat searcher on 15x15, and the textbook open-lines evaluation e(P)
at the easy and medium levels.

This module is the game's ``GAME`` record (cheap to import: no pygame)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from arcade.engine.i18n import N_
from arcade.engine.plugin import Bars, Bench, Best, Breakdown, Command, GameInfo, HelpCard, Option
from arcade.engine.settings import Spec

ID = "tictactoe"
VARIANT_TITLES = (("3x3", "3 x 3"), ("4x4", "4 x 4"), ("gomoku", "Gomoku 15 x 15"))
LEVEL_TITLES = (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"), ("perfect", "Perfect"))
THINK_SECONDS = (0.5, 1.0, 2.0)
STREAK_KEY = f"{ID}/streak"


@dataclass(frozen=True)
class StreakBest(Best):
    """The best is the longest run of wins against the AI."""

    def format(self, value) -> str:
        return f"{value} win{'s' if value != 1 else ''} in a row"


def results(history: list) -> dict:
    """(variant, level) -> {"win": n, "draw": n, "loss": n} over the games against the AI in the history."""
    out: dict = {}
    for r in history:
        v, lv, res = r.get("variant"), r.get("level"), r.get("result")
        if isinstance(v, str) and isinstance(lv, str) and res in ("win", "draw", "loss"):
            out.setdefault((v, lv), Counter())[res] += 1
    return out


def stats(history: list) -> list:
    """The stats screen shows the first chart: results against the AI per board (wins as the bar). Then the
    totals, and per board the wins by level with W/D/L in the labels."""
    table = results(history)
    total = Counter()
    per_variant = {}
    for (vid, _), c in table.items():
        total.update(c)
        per_variant.setdefault(vid, Counter()).update(c)
    rows = []
    for vid, vtitle in VARIANT_TITLES:
        c = per_variant.get(vid, Counter())
        rows.append((f"{vtitle}: {c['win']} won, {c['draw']} drawn, {c['loss']} lost", c["win"], ""))
    charts = [Breakdown("Against the AI (wins)", rows),
              Breakdown("Against the AI", [("Won", total["win"], ""), ("Drawn", total["draw"], ""),
                                           ("Lost", total["loss"], "")])]
    for vid, vtitle in VARIANT_TITLES:
        values, labels = [], []
        for lid, ltitle in LEVEL_TITLES:
            c = table.get((vid, lid), Counter())
            values.append(c["win"])
            if vid == "gomoku" and lid == "perfect":
                ltitle = "Strongest"  # Gomoku's top level is a strong search, not a proof
            labels.append(f"{ltitle} {c['win']}/{c['draw']}/{c['loss']}")
        charts.append(Bars(f"{vtitle}: wins by level (W/D/L)", values, labels))
    return charts


def _engine_path(text: str) -> str:
    """An executable file (a Gomocup engine), as an absolute path; a one-line error otherwise."""
    import argparse
    import os

    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError(f"no engine at {text}")
    if not os.access(text, os.X_OK):
        raise argparse.ArgumentTypeError(f"{text} is not executable")
    return os.path.abspath(text)


def _choice(allowed: tuple, what: str):
    def parse(text: str):
        import argparse

        if text not in allowed:
            raise argparse.ArgumentTypeError(f"unknown {what} {text!r} (choose from {', '.join(allowed)})")
        return text

    parse.__name__ = what
    return parse


SETTINGS = (
    Spec("tictactoe.variant", "Board", "3x3", "choice", VARIANT_TITLES, section="Tic-tac-toe"),
    Spec("tictactoe.engine", "Gomoku engine", "", "path", section="Tic-tac-toe",
         note="A Gomocup engine (pbrain-*) to play against: arcade play tictactoe --engine PATH"),
    Spec("tictactoe.opponent", "Opponent", "ai", "choice", (("ai", "The AI"), ("friend", "A friend"),
                                                            ("engine", "External engine")),
         section="Tic-tac-toe"),
    Spec("tictactoe.side", "You play", "X", "choice", (("X", "X (first)"), ("O", "O (second)")),
         section="Tic-tac-toe"),
    Spec("tictactoe.level", "AI level", "medium", "choice", LEVEL_TITLES, section="Tic-tac-toe"),
    Spec("tictactoe.threats", "Mark threats (Gomoku)", True, "bool", section="Tic-tac-toe",
         note="Fours and open threes of both sides, on the board"),
    Spec("tictactoe.think", "Gomoku AI time", 1.0, "choice", tuple((s, f"{s:g} s a move") for s in THINK_SECONDS),
         section="Tic-tac-toe"),
)

GAME = GameInfo(
    id=ID,
    title=N_("Tic-tac-toe"),
    blurb="3x3, 4x4 and Gomoku against a perfect AI",
    icon="icon_tictactoe",
    scene="arcade.tictactoe.scene",
    best=StreakBest(key=STREAK_KEY),
    settings=SETTINGS,
    help=HelpCard("How to play Tic-tac-toe", (
        ("Click or tap", "place your mark"),
        ("Arrows", "move the cursor"),
        ("Enter, Space", "place at the cursor"),
        ("U, Ctrl+Z", "undo your last turn"),
        ("H", "hint: the AI's move for you"),
        ("N", "new game"),
        ("S", "swap sides with the AI"),
        ("C", "board, opponent, level"),
        ("Esc", "pause, settings, help"),
        ("", "Three in a row wins on 3x3, four on 4x4,"),
        ("", "five or more on Gomoku (black moves first)."),
    )),
    stats=stats,
    options=(
        Option(("--variant",), "variant", {"type": _choice(("3x3", "4x4", "gomoku"), "variant"), "metavar": "V",
                                           "help": "3x3, 4x4 or gomoku (skips the chooser)"}),
        Option(("--level",), "level", {"type": _choice(("easy", "medium", "hard", "perfect"), "level"),
                                       "metavar": "L", "help": "the AI's level: easy, medium, hard, perfect"}),
        Option(("--side",), "side", {"type": _choice(("X", "O"), "side"), "metavar": "S",
                                     "help": "your side against the AI: X (first) or O"}),
        Option(("--friend",), "friend", {"action": "store_true", "help": "two players at one screen"}),
        Option(("--engine",), "engine", {"metavar": "PATH", "type": _engine_path,
                                         "help": "play Gomoku against this Gomocup engine (kept as the setting)"}),
    ),
    prefetch=("arcade.tictactoe.view", "arcade.tictactoe.backend", "arcade.engine.worker"),
    replay="arcade.tictactoe.replay_scene",
    backend="arcade.tictactoe.backend:BACKEND",
    compiled="arcade.tictactoe.ai:compile_searches",
    scores="Recent games vs the AI (win 2, draw 1, loss 0)",
    scored=lambda record: record.get("opponent") != "friend",
    outcome_bars=True,
    commands=(Command("gomoku-engine", "arcade.tictactoe.gomocup",
                      "play our Gomoku AI for a Gomocup manager (Piskvork protocol on stdin/stdout)"),),
    benches=(Bench("tictactoe", "arcade.tictactoe.bench.ai",
                   "3x3 proof, 4x4 solve time, Gomoku AI vs random / greedy / easy: W/D/L, ms a move"),
             Bench("gomocup", "arcade.tictactoe.bench.ladder",
                   "Gomoku AI against a Gomocup engine (e.g. Rapfi) through the protocol: score per depth cap"),),
    dev_hooks="arcade.tictactoe.bench.hooks",
)
