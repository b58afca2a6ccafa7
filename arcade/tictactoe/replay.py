"""Tic-tac-toe, 4x4 and Gomoku replays: a finished game as its board, who played which side (a person, the AI at
its level, or two people at one screen) and its log of moves, undos and swaps with their times (see
``Match.log``), and the positions they lead to through the pure :class:`~arcade.tictactoe.match.Match`. Pure (no
pygame).

The record (``Replay.data``)::

    {"variant": "3x3", "opponent": "ai", "human": "X", "level": "perfect",   # human: the person's side at the start
     "log": "M4.0M0.1kM8.2b...",         # arcade.engine.replays.encode_events: ms since the game began
     "result": "win"}                    # Match.result(): win / draw / loss against the AI, X / O / draw between people
"""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.replays import Replay, decode_events, encode_events
from arcade.tictactoe import ID
from arcade.tictactoe.match import KINDS, OPPONENTS, RESULT_SCORE, SIDES, Match
from arcade.tictactoe.rules import VARIANTS

__all__ = ["Step", "record", "check", "steps", "replay", "validate", "label", "side_name", "player_name",
           "LEVEL_NAMES"]

WHAT = "tic-tac-toe replay"
MAX_INPUTS = 5000  # moves, undos and swaps a replay may hold (every position is kept while it is watched)
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "perfect": "Perfect"}


class Step(NamedTuple):
    """A position of the replay, after input ``kind`` (None for the start)."""

    rows: tuple              # the board
    moves: tuple             # the moves on it, in order (their numbers are their places here)
    kind: str | None         # "M" move, "U" undo, "S" swap
    cell: tuple | None       # the move's cell
    side: str | None         # the side that moved ("X" / "O")
    by: str                  # who made the move ("You", "AI Perfect", "Player 1") or the undo / swap
    undone: int              # moves an undo took back
    human: str               # the person's side after it
    ms: int
    line: tuple | None       # the winning run's end cells
    over: bool
    result: str | None       # Match.result()


def level_name(variant: str, level: str) -> str:
    return "Strongest" if variant == "gomoku" and level == "perfect" else LEVEL_NAMES[level]


def side_name(variant: str, side: str) -> str:
    """X and O on the small boards; Black and White on Gomoku."""
    if variant == "gomoku":
        return "Black" if side == "X" else "White"
    return side


def player_name(m: Match, side: str) -> str:
    """Who plays ``side`` in ``m`` now."""
    if m.opponent == "friend":
        return "Player 1" if side == "X" else "Player 2"
    return "You" if side == m.human else f"AI {level_name(m.variant, m.level)}"


def record(m: Match, best: bool = False) -> Replay | None:
    """The replay of a finished match (None while it is not over)."""
    if not m.over or not m.log:
        return None
    data = {"variant": m.variant, "opponent": m.opponent, "human": m.first_human, "level": m.level,
            "log": encode_events(m.log), "result": m.result()}
    try:
        end = replay(data)
    except ValueError:
        return None
    if end.moves != m.moves or end.human != m.human:
        return None
    res = m.result()
    score = RESULT_SCORE.get(res, 0) if m.opponent == "ai" else 0
    who = f"vs AI {level_name(m.variant, m.level)}, you {side_name(m.variant, m.human)}" \
        if m.opponent == "ai" else "two players"
    title = f"{VARIANTS[m.variant].title} · {who} · {len(m.moves)} moves"
    return Replay(ID, score, data, best=best, title=title)


def label(replay: Replay) -> str:
    """How the replays list names it: the result."""
    d = replay.data
    res = d.get("result")
    if res in ("win", "draw", "loss"):
        return {"win": "Win", "draw": "Draw", "loss": "Loss"}[res]
    if res in SIDES:
        return f"{side_name(d.get('variant'), res)} wins"
    return "Draw"


def check(data) -> tuple:
    """``data``'s fields, validated: ``(variant, opponent, human, level, events, result)`` (ValueError, one line)."""
    from arcade.tictactoe.ai import LEVELS

    if not isinstance(data, dict):
        raise ValueError(f"{WHAT}: not an object")
    variant, opponent, human, level, log, result = (data.get(k) for k in ("variant", "opponent", "human", "level",
                                                                         "log", "result"))
    if variant not in VARIANTS:
        raise ValueError(f"{WHAT}: board {variant!r}")
    if opponent not in OPPONENTS:
        raise ValueError(f"{WHAT}: opponent {opponent!r}")
    if human not in SIDES:
        raise ValueError(f"{WHAT}: side {human!r}")
    if level not in LEVELS:
        raise ValueError(f"{WHAT}: level {level!r}")
    if result not in ("win", "draw", "loss", "X", "O"):
        raise ValueError(f"{WHAT}: result {result!r}")
    events = decode_events(log, KINDS, WHAT)
    if not events:
        raise ValueError(f"{WHAT}: no moves")
    if len(events) > MAX_INPUTS:
        raise ValueError(f"{WHAT}: {len(events):,} inputs, more than the {MAX_INPUTS:,} this version replays")
    return variant, opponent, human, level, events, result


def _play(data, keep: bool):
    variant, opponent, human, level, events, result = check(data)
    m = Match(variant, opponent, human, level)
    out = [Step(m.rows, (), None, None, None, "", 0, m.human, 0, None, False, None)] if keep else None
    for k, (kind, arg, ms) in enumerate(events):
        side = m.to_move
        by = player_name(m, side) if kind == "M" else ""
        try:
            m.apply(kind, arg, ms)
        except ValueError as e:
            raise ValueError(f"{WHAT} input {k}: {e}") from None
        if keep:
            cell = m.last if kind == "M" else None
            out.append(Step(m.rows, tuple(m.moves), kind, cell, side if kind == "M" else None, by,
                            arg if kind == "U" else 0, m.human, ms, m.win_line, m.over, m.result()))
    if not m.over:
        raise ValueError(f"{WHAT}: the moves do not finish the game")
    if m.result() != result:
        raise ValueError(f"{WHAT}: the moves end in {m.result()!r}, the record says {result!r}")
    return m, out


def steps(data) -> list[Step]:
    """Every position of the replay, the start first. ValueError (one line) on an input the rules refuse."""
    return _play(data, True)[1]


def replay(data) -> Match:
    """The match at the end of the replay (the same moves, sides and result as when it was recorded)."""
    return _play(data, False)[0]


def validate(data) -> None:
    _play(data, False)
