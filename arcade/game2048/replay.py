"""2048 replays: a finished game as its start position and inputs (a move with the tile that followed it, an undo,
"keep going"; two characters each, see :func:`arcade.game2048.game.encode_move`), and the positions they lead to
through the pure rules. Pure (no pygame)."""
from __future__ import annotations

import re
from typing import NamedTuple

from arcade.engine.replays import Replay
from arcade.game2048 import ID, rules
from arcade.game2048.game import KEEP_GOING, UNDO, Game, check_probability, check_target, decode_cells, \
    decode_move, default_target

__all__ = ["Step", "record", "steps", "replay", "check"]


class Step(NamedTuple):
    """A position of the replay: after ``token`` (None for the start) was applied."""

    grid: tuple
    score: int
    token: str | None
    direction: str | None  # the move played from the previous position (None: start, undo, keep going)
    won: bool
    over: bool


def record(game: Game, best: bool = False) -> Replay | None:
    """The replay of ``game`` (finished or abandoned), or None when it cannot be replayed (a board edited outside
    the rules, or a game resumed from a save older than replays)."""
    if game.log is None or game.start is None or not game.log:
        return None
    data = {"size": game.size, "target": game.target, "four_probability": game.four_probability,
            "start": game.start, "log": "".join(game.log)}
    moves = sum(1 for t in game.log if t not in (UNDO, KEEP_GOING))
    title = f"{game.size}x{game.size} · {game.max_tile} · {moves:,} moves"
    return Replay(ID, game.score, data, best=best, title=title)


def check(data) -> tuple:
    """``data``'s fields, validated (ValueError, one line)."""
    if not isinstance(data, dict):
        raise ValueError("2048 replay: not an object")
    size, target, p, start, log = (data.get(k) for k in ("size", "target", "four_probability", "start", "log"))
    if not isinstance(size, int) or isinstance(size, bool):
        raise ValueError(f"2048 replay: bad size {size!r}")
    default_target(size)  # checks the size
    target = check_target(target)
    p = check_probability(p)
    if not isinstance(start, (str, list)):
        raise ValueError("2048 replay: no start position")
    decode_cells(start, size, "2048 replay start")
    if not isinstance(log, str) or len(log) % 2 or not re.fullmatch("[0-9a-z]*", log):
        raise ValueError("2048 replay: its inputs are not pairs of base-36 digits")
    return size, target, p, start, log


def steps(data) -> list[Step]:
    """Every position of the replay, the start first. ValueError (one line) on an input the rules refuse."""
    size, target, p, start, log = check(data)
    g = Game(size, seed=0, four_probability=p, target=target)
    g._history, g.moves, g.score = [], 0, 0
    g.grid = decode_cells(start, size, "2048 replay start")
    g.won = any(v >= target for row in g.grid for v in row)
    g.over = not rules.can_move(g.grid)
    out = [Step(g.grid, 0, None, None, g.won, g.over)]
    for i in range(0, len(log), 2):
        token = log[i:i + 2]
        op = decode_move(token, size)
        direction = None
        if op == UNDO:
            if not g.undo():
                raise ValueError(f"2048 replay input {i // 2}: an undo with nothing to undo")
        elif op == KEEP_GOING:
            g.keep_going()
        else:
            direction, spawn = op
            try:
                moved = g.move(direction, spawn=spawn)
            except ValueError as e:
                raise ValueError(f"2048 replay input {i // 2}: {e}") from None
            if moved is None:
                raise ValueError(f"2048 replay input {i // 2}: {direction} does not move the board")
        out.append(Step(g.grid, g.score, token, direction, g.won, g.over))
    return out


def replay(data) -> Game:
    """The game at the end of the replay (the same score and board as when it was recorded)."""
    size, target, p, start, log = check(data)
    g = Game(size, seed=0, four_probability=p, target=target)
    last = steps(data)[-1]
    g.grid, g.score, g.won, g.over = last.grid, last.score, last.won, last.over
    return g
