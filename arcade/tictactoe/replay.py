"""Tic-tac-toe, 4x4 and Gomoku replays as the replay scene reads them: the positions of a recorded game (the
session layer's log of moves, undos, redos and swaps, with their times; replays written before the session layer
read through the backend), each with what happened and who did it. Pure (no pygame)."""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.session import replay_data, replay_positions
from arcade.tictactoe.backend import BACKEND, Params, outcome_of, result_text, side_name

__all__ = ["Step", "check", "steps", "validate", "label", "side_name", "player_name", "level_name",
           "LEVEL_NAMES"]

WHAT = "tic-tac-toe replay"
MAX_INPUTS = 5000  # moves, undos, redos and swaps a replay may hold (every position is kept while it is watched)
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "perfect": "Perfect"}


class Step(NamedTuple):
    """A position of the replay, after input ``kind`` (None for the start)."""

    rows: tuple              # the board
    moves: tuple             # the moves on it, in order (their numbers are their places here)
    kind: str | None         # "M" move, "U" undo, "R" redo, "S" swap
    cell: tuple | None       # the move's cell
    side: str | None         # the side that moved ("X" / "O")
    by: str                  # who made the move ("You", "AI Perfect", "Player 1") or the undo / swap
    undone: int              # moves an undo took back
    human: str               # the person's side after it
    ms: int
    line: tuple | None       # the winning run's end cells
    over: bool
    result: str | None       # win / draw / loss for the person against the AI; X / O / draw between people


def level_name(variant: str, level: str) -> str:
    return "Strongest" if variant == "gomoku" and level == "perfect" else LEVEL_NAMES[level]


def player_name(p: Params, human: str, side: str) -> str:
    """Who plays ``side`` when the person plays ``human``."""
    if p.opponent == "friend":
        return "Player 1" if side == "X" else "Player 2"
    return "You" if side == human else f"AI {level_name(p.variant, p.level)}"


def check(data) -> tuple:
    """The replay's ``(variant, opponent, first side of the person, level)`` (ValueError, one line)."""
    d = replay_data(BACKEND, data)
    if len(d["log"]) > MAX_INPUTS:
        raise ValueError(f"{WHAT}: {len(d['log']):,} inputs, more than the {MAX_INPUTS:,} this version replays")
    p = BACKEND.parse_params(d["params"])
    return p.variant, p.opponent, p.human, p.level


def label(replay) -> str:
    """How the replays list names it: the result, in the current language."""
    try:
        last = steps(replay.data)[-1]
    except ValueError:
        return "?"
    return result_text(check(replay.data)[0], last.result)


def steps(data) -> list[Step]:
    """Every position of the replay, the start first. ValueError (one line) on an input the rules refuse."""
    check(data)
    p = BACKEND.parse_params(replay_data(BACKEND, data)["params"])
    out = []
    prev = None
    for pos in replay_positions(BACKEND, data):
        st = pos.state
        kind = cell = side = None
        by, undone = "", 0
        if pos.event is not None:
            if pos.event == "~u":
                kind, undone = "U", 1
            elif pos.event == "~r":
                kind = "R"
            elif pos.event[1:] == "S":
                kind = "S"
            else:
                kind, cell = "M", st.moves[-1]
                side = prev.to_move
                by = player_name(p, prev.human, side)
        out.append(Step(st.rows, tuple(st.moves), kind, cell, side, by, undone, st.human, pos.ms, st.line, st.over,
                        outcome_of(p, st)))
        prev = st
    return out


def validate(data) -> None:
    steps(data)
