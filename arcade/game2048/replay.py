"""2048 replays as the replay scene and the review read them: the positions of a recorded game (the session
layer's log: moves with the tile that followed, undos, redos, "keep going"), each with the direction that led
there. Pure (no pygame)."""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.session import replay_data, replay_positions
from arcade.game2048.backend import BACKEND, Params

__all__ = ["Step", "steps", "check", "validate"]


class Step(NamedTuple):
    """A position of the replay: after ``token`` (None for the start) was applied."""

    grid: tuple
    score: int
    token: str | None
    direction: str | None  # the move played from the previous position (None: start, undo, redo, keep going)
    won: bool
    over: bool
    by: str | None = None  # who moved: player, hint, ai, demo (None for the start, undo, redo)


def check(data) -> Params:
    """The replay's parameters, its fields checked (ValueError, one line)."""
    return BACKEND.parse_params(replay_data(BACKEND, data)["params"])


def steps(data) -> list[Step]:
    """Every position of the replay, the start first. ValueError (one line) on an input the rules refuse."""
    params = check(data)
    out = []
    for p in replay_positions(BACKEND, data):
        token = p.event[1:] if p.by is not None else None
        move = BACKEND.decode(token, params) if token is not None else None
        direction = move[0] if isinstance(move, tuple) else None
        s = p.state
        out.append(Step(s.grid, s.score, token, direction, s.won, s.over, p.by))
    return out


def validate(data) -> None:
    steps(data)
