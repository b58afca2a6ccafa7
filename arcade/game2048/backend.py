"""2048's session backend: what the engine's session layer needs to know about the game (pure, no pygame).

Parameters: the board size, the chance of a 4 and the winning tile, written in a game code as ``4x4`` (plus
``.p15`` for a 15 % chance of a 4 and ``.t4096`` for another winning tile when they differ from the defaults).
A state is a :class:`Position` (grid, score, won, over, keep playing). A move is a direction, or ``"keep"``
(the win panel's Keep going); recorded with the tile that followed it in two base-36 characters
(:func:`arcade.game2048.game.encode_move`), the same tokens 2048 replays have always used, so replays written
before the session layer read as they are.

The game ends when no move is left: won if the winning tile was reached, else lost. A game won and left on the win
panel counts as won.
"""
from __future__ import annotations

import random
import re
from typing import NamedTuple

from arcade.engine.session import Backend, Result, count, moves_text
from arcade.game2048 import ID, MAX_SIZE, MIN_SIZE, best_key, rules
from arcade.game2048.game import (DIRECTIONS, KEEP_GOING, UNDO, Game, check_probability, check_target,
                                  decode_cells, decode_move, default_target, encode_move)

__all__ = ["Params", "Position", "Backend2048", "BACKEND"]

DEFAULT_FOUR = 0.1
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_PARAMS = re.compile(r"(\d)x(\d)(?:\.p(\d{1,3}))?(?:\.t(\d{1,7}))?")


class Params(NamedTuple):
    size: int = 4
    four_probability: float = DEFAULT_FOUR
    target: int = 2048


class Position(NamedTuple):
    grid: tuple
    score: int = 0
    won: bool = False
    over: bool = False
    keep_playing: bool = False

    @property
    def terminated(self) -> bool:
        """No move is taken: the game is over, or won and waiting on the win panel."""
        return self.over or (self.won and not self.keep_playing)

    @property
    def max_tile(self) -> int:
        return max(v for row in self.grid for v in row)


def _position(grid, score, target, keep=False) -> Position:
    won = any(v >= target for row in grid for v in row)
    return Position(grid, score, won, not rules.can_move(grid), keep)


def _empty_cells(grid) -> list:
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if not v]


def _spawn(grid, rng: random.Random, p: float):
    cells = _empty_cells(grid)
    if not cells:
        return None
    value = 4 if rng.random() < p else 2
    r, c = cells[rng.randrange(len(cells))]
    return r, c, value


def _place(grid, r, c, v):
    row = list(grid[r])
    row[c] = v
    return grid[:r] + (tuple(row),) + grid[r + 1:]


class Backend2048(Backend):
    id = ID
    live_best = True  # the BEST box follows the player's score, like the original

    # ----- parameters -----
    def parse_params(self, text: str) -> Params:
        m = _PARAMS.fullmatch(text) if isinstance(text, str) else None
        if not m or m.group(1) != m.group(2):
            raise ValueError(f"2048 parameters {text!r}: expected NxN like 4x4 (N {MIN_SIZE}..{MAX_SIZE})")
        size = int(m.group(1))
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"2048 board size {size}: expected {MIN_SIZE}..{MAX_SIZE}")
        p = int(m.group(3)) / 100 if m.group(3) else DEFAULT_FOUR
        target = check_target(int(m.group(4))) if m.group(4) else default_target(size)
        return Params(size, check_probability(p), target)

    def params_text(self, params: Params) -> str:
        text = f"{params.size}x{params.size}"
        if round(params.four_probability * 100) != round(DEFAULT_FOUR * 100):
            text += f".p{round(params.four_probability * 100)}"
        if params.target != default_target(params.size):
            text += f".t{params.target}"
        return text

    def new_params(self, setting, options: dict) -> Params:
        size = options.get("size") or setting("2048.size")
        p = round(float(setting("2048.four_probability")), 2)
        return self.parse_params(self.params_text(Params(size, p, default_target(size))))

    def fits(self, params: Params, options: dict) -> bool:
        return options.get("size") in (None, params.size)

    def board(self, params: Params) -> str:
        """"4x4": each board size keeps its own game in progress."""
        return f"{params.size}x{params.size}"

    # ----- the game -----
    def start(self, params: Params, seed: int) -> Position:
        rng = random.Random(f"arcade:{seed}:start")
        grid = tuple((0,) * params.size for _ in range(params.size))
        for _ in range(2):
            r, c, v = _spawn(grid, rng, params.four_probability)
            grid = _place(grid, r, c, v)
        return _position(grid, 0, params.target)

    def apply(self, params: Params, state: Position, move, rng: random.Random):
        if move in ("keep", KEEP_GOING):
            if not state.won or state.keep_playing:
                raise ValueError("keep going: the game is not waiting on its win panel")
            return state._replace(keep_playing=True), KEEP_GOING
        if isinstance(move, str):
            direction, spawn = move, None
        else:
            direction, spawn = move
        if direction not in DIRECTIONS:
            raise ValueError(f"direction {direction!r}")
        if state.terminated:
            raise ValueError("the game takes no moves now")
        grid, gained, moved = rules.slide_grid(state.grid, direction)
        if not moved:
            raise ValueError(f"{direction} does not move the board")
        if spawn is None:
            spawn = _spawn(grid, rng, params.four_probability)
        else:
            r, c, v = spawn
            if grid[r][c] or v not in (2, 4):
                raise ValueError(f"the tile {spawn} cannot appear there")
        grid = _place(grid, *spawn)
        target = params.target
        won = state.won or any(v >= target for row in grid for v in row)  # a merge makes its tile: no motions needed
        new = Position(grid, state.score + gained, won, not rules.can_move_checked(grid), state.keep_playing)
        return new, (direction, spawn)

    def result(self, params: Params, state: Position) -> Result | None:
        if not state.over:
            return None
        return Result("won" if state.won else "lost", state.score, {"max_tile": state.max_tile,
                                                                     "size": len(state.grid)})

    def result_if_left(self, params: Params, state: Position) -> Result | None:
        if state.won:
            return Result("won", state.score, {"max_tile": state.max_tile, "size": len(state.grid)})
        return None

    def score(self, state: Position) -> int:
        return state.score

    def encode(self, params: Params, move) -> str:
        if move == KEEP_GOING:
            return KEEP_GOING
        direction, spawn = move
        return encode_move(direction, spawn, params.size)

    def decode(self, token: str, params: Params):
        if token == KEEP_GOING:
            return KEEP_GOING
        if len(token) != 2 or token == UNDO:
            raise ValueError(f"2048 input {token!r}")
        try:
            return decode_move(token, params.size)
        except ValueError:
            raise
        except (IndexError, KeyError):
            raise ValueError(f"2048 input {token!r}") from None

    def best_key(self, params: Params) -> str:
        return best_key(params.size)

    def summary(self, params: Params, state: Position, result, moves: int) -> dict:
        return {"size": params.size, "tile": state.max_tile, "moves": moves}

    def describe(self, summary: dict) -> str:
        """"4x4 · 512 · 430 moves": the board, the largest tile, the moves."""
        size = count(summary, "size", MAX_SIZE)
        return f"{size}x{size} · {count(summary, 'tile')} · {moves_text(summary['moves'])}"

    # ----- older formats -----
    def encode_state(self, params: Params, state: Position) -> dict:
        cells = "".join(_B36[v.bit_length() - 1 if v else 0] for row in state.grid for v in row)
        return {"cells": cells, "score": state.score, "keep_playing": state.keep_playing}

    def decode_state(self, params: Params, data) -> Position:
        if isinstance(data, dict):  # a save's position: cells, score, won, keep playing
            grid = decode_cells(data.get("cells"), params.size, "2048 save")
            score = data.get("score")
            if not isinstance(score, int) or isinstance(score, bool) or score < 0:
                raise ValueError(f"2048 save: bad score {score!r}")
            return _position(grid, score, params.target, bool(data.get("keep_playing")))
        return _position(decode_cells(data, params.size, "2048 replay start"), 0, params.target)

    def legacy(self, data: dict) -> dict:
        """A replay (``size``, ``target``, ``four_probability``, ``start``, ``log``) or a save (:meth:`Game.to_dict`)
        written before the session layer."""
        size, target, p = data.get("size"), data.get("target"), data.get("four_probability")
        if not isinstance(size, int) or isinstance(size, bool):
            raise ValueError(f"2048 record: bad size {size!r}")
        default_target(size)
        params = Params(size, check_probability(p), check_target(target))
        text = self.params_text(params)
        start, log = data.get("start"), data.get("log")
        if isinstance(log, str) and start is not None:
            if len(log) % 2 or not re.fullmatch("[0-9a-z]*", log):
                raise ValueError("2048 record: its inputs are not pairs of base-36 digits")
            events = [("~u" if log[i:i + 2] == UNDO else "p" + log[i:i + 2]) for i in range(0, len(log), 2)]
            out = {"session": 1, "params": text, "start": start, "log": events, "t": [0] * len(events)}
            if "grid" in data:  # a save: its position must be the one its inputs lead to
                from arcade.engine.session import Session

                end = Session.from_dict(self, out).state
                grid = data.get("grid")
                if not isinstance(grid, list) or [list(r) for r in end.grid] != grid or end.score != data.get("score"):
                    raise ValueError("2048 save: its board or score is not where its moves lead")
            return out
        if "grid" in data:  # a save that cannot be replayed: continue from its position, without its undo history
            game = Game.from_dict(data)
            start = self.encode_state(params, Position(game.grid, game.score, game.won, game.over,
                                                       game.keep_playing))
            return {"session": 1, "params": text, "start": start, "log": [], "t": []}
        raise ValueError("not a 2048 record")


BACKEND = Backend2048()
