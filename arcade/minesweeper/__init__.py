"""Minesweeper with an exact-probability AI: the classic game at three levels (expert shown 16 wide and
30 tall on the portrait canvas), first-click rules, flags, question marks and chords; an AI that knows the exact
chance of a mine under every covered cell and plays as well as the best public solvers; a probability overlay,
hints, autoplay a person can follow, no-guess boards, and a headless benchmark.

This module is the game's ``GAME`` record (cheap to import: no pygame, no numpy)."""
from __future__ import annotations

import argparse

from arcade.engine.i18n import N_
from arcade.engine.plugin import Bench, Best, Breakdown, GameInfo, HelpCard, Option, format_time
from arcade.engine.settings import Spec

ID = "minesweeper"
LEVEL_TITLES = {"beginner": "Beginner", "intermediate": "Intermediate", "expert": "Expert"}
AI_SPEEDS: tuple[int, ...] = (1, 2, 4, 8, 15, 30, 0)  # AI moves a second; 0 = as fast as it thinks


def best_key(level: str) -> str:
    """The profile key of the best time at a level (lower is better, in ms)."""
    return f"{ID}/{level}"


def _best_key(profile) -> str:
    return best_key(profile.get("mines.level"))


def custom_size(text: str) -> tuple[int, int, int]:
    """argparse type for ``--custom ROWSxCOLSxMINES`` (e.g. ``20x24x99``), within the limits a player may choose
    (:func:`arcade.minesweeper.field.check_custom`: rows are the height, columns the width)."""
    from arcade.minesweeper.field import check_custom

    parts = text.lower().split("x")
    try:
        rows, cols, mines = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLSxMINES such as 20x24x99, got {text!r}") from None
    try:
        check_custom(cols, rows, mines)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{text}: {e}") from None
    return rows, cols, mines


def _level(text: str) -> str:
    if text not in LEVEL_TITLES:
        raise argparse.ArgumentTypeError(f"level must be one of {', '.join(LEVEL_TITLES)}, got {text!r}")
    return text


def _rule(text: str) -> str:
    if text not in ("safe", "opening"):
        raise argparse.ArgumentTypeError(f"first click rule must be safe or opening, got {text!r}")
    return text


def stats(history: list) -> list:
    """Per level: games, wins, best and most recent winning time, the no-guess games of a level on a line of their
    own (their times are not comparable: a no-guess board never makes the player guess) when there are any (custom
    fields, of many sizes, count in the games played and the chart only)."""
    from arcade.engine.i18n import _, ngettext

    rows = []
    for level, title in LEVEL_TITLES.items():
        for no_guess in (False, True):
            games = [r for r in history if r.get("level") == level and bool(r.get("no_guess")) is no_guess]
            if no_guess and not games:
                continue
            won = [r for r in games if r.get("won") is True and isinstance(r.get("time_ms"), int)]
            best = min((r["time_ms"] for r in won if not r.get("assisted")), default=None)
            last = won[-1]["time_ms"] if won else None
            name = _("{level}, no-guess").format(level=_(title)) if no_guess else _(title)
            line = ngettext("{level}: {won} of {n} won, best {best}, last {last}",
                            "{level}: {won} of {n} won, best {best}, last {last}", len(games))
            rows.append((line.format(level=name, won=len(won), n=len(games), best=format_time(best),
                                     last=format_time(last)), len(won), ""))
    return [Breakdown(N_("Wins by level"), rows)]


CUSTOM_DEFAULT = (20, 24, 99)  # width, height, mines of the first custom field offered

SETTINGS = (
    Spec("mines.level", "Level", "beginner", "choice", tuple(LEVEL_TITLES.items()) + (("custom", "Custom"),),
         section="Minesweeper", note="Custom: the width, height and mines chosen on the game screen (key 4)"),
    Spec("mines.first_click", "First click", "opening", "choice",
         (("opening", "Opens a region"), ("safe", "Only safe")), section="Minesweeper"),
    Spec("mines.question_marks", "Question marks", False, "bool", section="Minesweeper"),
    Spec("mines.no_guess", "No-guess boards", False, "bool", section="Minesweeper",
         note="Every board can be solved without guessing (key G on the game screen)"),
    Spec("mines.ai_speed", "AI moves", 4, "choice",
         tuple((n, f"{n} a second") for n in AI_SPEEDS if n) + ((0, "As fast as it thinks"),), section="Minesweeper"),
    # the custom field, set on the game screen (whole numbers; the scene keeps them within the limits)
    Spec("mines.custom_width", "Custom width", CUSTOM_DEFAULT[0], "float", lo=2, hi=100, step=1,
         section="Minesweeper", hidden=True),
    Spec("mines.custom_height", "Custom height", CUSTOM_DEFAULT[1], "float", lo=2, hi=100, step=1,
         section="Minesweeper", hidden=True),
    Spec("mines.custom_mines", "Custom mines", CUSTOM_DEFAULT[2], "float", lo=1, hi=9999, step=1,
         section="Minesweeper", hidden=True),
)

GAME = GameInfo(
    id=ID,
    title=N_("Minesweeper"),
    icon="icon_mines",
    blurb="Clear the field; the AI knows the odds",
    scene="arcade.minesweeper.scene",
    best=Best(key=_best_key, lower=True, unit="s"),
    settings=SETTINGS,
    help=HelpCard("How to play Minesweeper", (
        ("Left click, tap", "open a cell"),
        ("Right click, long press", "flag (or ? if on)"),
        ("Click a number, middle", "open round it (chord)"),
        ("Arrows, Space, F, Enter", "cursor, open, flag, chord"),
        ("1 2 3 4, G", "level, custom, no-guess"),
        ("P / H", "mine odds overlay / hint"),
        ("Shift+A, + / -", "AI autoplay, its speed"),
        ("R or the face", "new game;  Esc: pause"),
        ("", "Numbers count the mines around."),
        ("", "AI help: no best time for that game."),
    )),
    stats=stats,
    options=(
        Option(("--level",), "level", {"type": _level, "metavar": "LEVEL",
                                        "help": "beginner, intermediate or expert (default: the setting)"}),
        Option(("--custom",), "custom", {"type": custom_size, "metavar": "RxCxM",
                                          "help": "a custom field, e.g. 20x24x99 (rows x columns x mines): "
                                                  "5-35 rows, 5-25 columns, mines up to (rows-1) x (columns-1)"}),
        Option(("--first-click",), "first_click", {"type": _rule, "metavar": "RULE",
                                                    "help": "safe or opening (default: the setting)"}),
    ),
    prefetch=("arcade.minesweeper.view", "arcade.minesweeper.solver", "arcade.engine.worker"),
    replay="arcade.minesweeper.replay_scene",
    backend="arcade.minesweeper.backend:BACKEND",
    scores="Recent games: share of the field cleared",
    score_unit="%",
    benches=(
        Bench("minesweeper", "arcade.minesweeper.bench.ai",
              "Minesweeper AI: win rate with 95 % CI, guesses, ms per move, fallbacks"),
        Bench("minesweeper-noguess", "arcade.minesweeper.bench.noguess",
              "Minesweeper no-guess boards: seconds and attempts to generate one, per level"),
        Bench("minesweeper-ab", "arcade.minesweeper.bench.ab",
              "Minesweeper solver A/B: two settings on the same boards, games won by one only, sign test"),
    ),
    dev_hooks="arcade.minesweeper.bench.hooks",
)
