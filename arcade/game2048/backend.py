"""2048's session backend: the game itself, as the engine's session layer plays it (pure, no pygame).

Parameters: the board size, the chance of a 4 and the winning tile, written in a game code as ``4x4`` (plus
``.p15`` for a 15 % chance of a 4 and ``.t4096`` for another winning tile when they differ from the defaults).
A state is a :class:`Position` (grid, score, won, over, keep playing). A move is a direction, or ``"keep"``
(the win panel's Keep going); recorded with the tile that followed it in two base-36 characters
(:func:`encode_move`), the same tokens 2048 replays have always used. The rules are :mod:`arcade.game2048.rules`.

The game ends when no move is left: won if the winning tile was reached, else lost. A game won and left on the win
panel counts as won.

Files written before the session layer (replays of ``size``, ``target``, ``four_probability``, ``start``, ``log``;
saves of the older ``Game`` model, format 1) are read by :meth:`Backend2048.legacy` alone.
"""
from __future__ import annotations

import random
import re
from typing import NamedTuple

from arcade.engine.session import Backend, Result, count, moves_text
from arcade.game2048 import ID, MAX_SIZE, MIN_SIZE, best_key, rules
from arcade.game2048.rules import DIRECTIONS, check_probability, check_target, default_target

__all__ = ["Params", "Position", "Backend2048", "BACKEND", "encode_move", "decode_move", "encode_cells",
           "decode_cells", "KEEP_GOING", "UNDO"]

DEFAULT_FOUR = 0.1
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_PARAMS = re.compile(r"(\d)x(\d)(?:\.p(\d{1,3}))?(?:\.t(\d{1,7}))?")
_LOG = re.compile("[0-9a-z]*")
UNDO, KEEP_GOING = "zy", "zz"  # an older log's undo and the Keep going move (codes 1294, 1295; a move's is below 512)


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


def start_position(params: Params, rng: random.Random) -> Position:
    """The position before the first move, its two tiles drawn from ``rng``."""
    return _position(rules.new_grid(params.size, rng, params.four_probability), 0, params.target)


# ----- the move tokens and the cells of a position, as saves and replays write them -----
def encode_move(direction: str, spawn, size: int) -> str:
    """A move and the tile that followed it, in two base-36 characters: ((cell * 2 + is_four) * 4 + direction)."""
    r, c, v = spawn
    code = ((r * size + c) * 2 + (v == 4)) * 4 + DIRECTIONS.index(direction)
    return _B36[code // 36] + _B36[code % 36]


def decode_move(token: str, size: int):
    """``(direction, (row, col, value))`` of :func:`encode_move`'s token; ValueError for anything else."""
    if len(token) != 2 or token in (UNDO, KEEP_GOING) or any(ch not in _B36 for ch in token):
        raise ValueError(f"2048 input {token!r}")
    code = _B36.index(token[0]) * 36 + _B36.index(token[1])
    d, rest = code % 4, code // 4
    cell, four = divmod(rest, 2)
    if cell >= size * size:
        raise ValueError(f"replay input {token!r}: no cell {cell} on a {size}x{size} board")
    return DIRECTIONS[d], (cell // size, cell % size, 4 if four else 2)


def encode_cells(grid):
    """The cells as exponents in row-major order (0 empty, k for 2^k): one base-36 digit each, or a list of ints
    when some exponent is 36 or more."""
    exps = [v.bit_length() - 1 if v else 0 for row in grid for v in row]
    if max(exps) < 36:
        return "".join(_B36[e] for e in exps)
    return exps


def decode_cells(cells, size: int, where: str) -> tuple:
    """The grid of :func:`encode_cells`; ValueError naming ``where`` for anything else."""
    n = size * size
    if isinstance(cells, str):
        if len(cells) != n or any(ch not in _B36 for ch in cells):
            raise ValueError(f"{where}: expected {n} base-36 digits")
        exps = [_B36.index(ch) for ch in cells]
    elif isinstance(cells, list):
        if len(cells) != n or not all(isinstance(e, int) and not isinstance(e, bool) and 0 <= e <= 4096
                                      for e in cells):
            raise ValueError(f"{where}: expected {n} exponents")
        exps = cells
    else:
        raise ValueError(f"{where}: expected a string or a list")
    flat = [1 << e if e else 0 for e in exps]
    return tuple(tuple(flat[r * size:(r + 1) * size]) for r in range(size))


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
        return start_position(params, random.Random(f"arcade:{seed}:start"))

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
            spawn = rules.spawn(grid, rng, params.four_probability)
        else:
            r, c, v = spawn = rules.check_spawn(spawn, params.size)
            if grid[r][c]:
                raise ValueError(f"spawn {spawn}: cell ({r}, {c}) is not empty after the move")
        grid = rules.place(grid, *spawn)
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
        return decode_move(token, params.size)

    def best_key(self, params: Params) -> str:
        return best_key(params.size)

    def summary(self, params: Params, state: Position, result, moves: int) -> dict:
        return {"size": params.size, "tile": state.max_tile, "moves": moves}

    def describe(self, summary: dict) -> str:
        """"4x4 · 512 · 430 moves": the board, the largest tile, the moves."""
        size = count(summary, "size", MAX_SIZE)
        return f"{size}x{size} · {count(summary, 'tile')} · {moves_text(summary['moves'])}"

    # ----- starts that are not a seed's, and older formats -----
    def encode_state(self, params: Params, state: Position) -> dict:
        return {"cells": encode_cells(state.grid), "score": state.score, "won": state.won,
                "keep_playing": state.keep_playing}

    def decode_state(self, params: Params, data) -> Position:
        if isinstance(data, dict):  # a save's position: cells, score, won (written since boards set up by hand
            grid = decode_cells(data.get("cells"), params.size, "2048 save")  # are saved: else the tiles say)
            score = data.get("score")
            if not isinstance(score, int) or isinstance(score, bool) or score < 0:
                raise ValueError(f"2048 save: bad score {score!r}")
            p = _position(grid, score, params.target, bool(data.get("keep_playing")))
            won = data.get("won", p.won)
            if not isinstance(won, bool):
                raise ValueError(f"2048 save: bad won {won!r}")
            return p._replace(won=won)
        return _position(decode_cells(data, params.size, "2048 replay start"), 0, params.target)

    def legacy(self, data: dict) -> dict:
        """Session data of a file written before the session layer: a replay (``size``, ``target``,
        ``four_probability``, ``start``: the start cells, ``log``: two base-36 characters an input, ``zy`` an undo)
        or a save of the older ``Game`` model (format 1: those and ``grid``, ``score``, ``won``, ``over``,
        ``keep_playing``, ``moves``; its random generator and undo positions are not needed: its log holds every
        tile). A save whose board was changed outside the rules (no log) continues from its position, without undo."""
        size, target, p = data.get("size"), data.get("target"), data.get("four_probability")
        if not isinstance(size, int) or isinstance(size, bool):
            raise ValueError(f"2048 record: bad size {size!r}")
        default_target(size)
        params = Params(size, check_probability(p), check_target(target))
        text = self.params_text(params)
        start, log = data.get("start"), data.get("log")
        save = "grid" in data
        if save and data.get("version") != 1:
            raise ValueError(f"2048 save: version {data.get('version')!r}, expected 1")
        if isinstance(log, str) and start is not None:
            if len(log) % 2 or not _LOG.fullmatch(log):
                raise ValueError("2048 record: its inputs are not pairs of base-36 digits")
            events = [("~u" if log[i:i + 2] == UNDO else "p" + log[i:i + 2]) for i in range(0, len(log), 2)]
            out = {"session": 1, "params": text, "start": start, "log": events, "t": [0] * len(events)}
            if save:  # its position must be the one its inputs lead to
                from arcade.engine.session import Session

                end = Session.from_dict(self, out).state
                grid = data.get("grid")
                if not isinstance(grid, list) or [list(r) for r in end.grid] != grid or end.score != data.get("score"):
                    raise ValueError("2048 save: its board or score is not where its moves lead")
            return out
        if save:
            position = _saved_position(data, params)
            return {"session": 1, "params": text, "start": self.encode_state(params, position), "log": [], "t": []}
        raise ValueError("not a 2048 record")


def _saved_position(data: dict, params: Params) -> Position:
    """The position of an older save without a log, every field checked (ValueError, one line)."""
    size = params.size
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != size or not all(isinstance(r, list) and len(r) == size
                                                                    for r in grid):
        raise ValueError(f"2048 save: its grid is not {size} rows of {size} cells")
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool) or not rules.is_tile_value(v):
                raise ValueError(f"2048 save: grid[{r}][{c}] = {v!r}: expected 0 or a power of two >= 2")
    grid = tuple(tuple(row) for row in grid)
    score = data.get("score")
    if not isinstance(score, int) or isinstance(score, bool) or score < 0:
        raise ValueError(f"2048 save: bad score {score!r}")
    if score > rules.max_score(grid):
        raise ValueError(f"2048 save: score {score} is more than its tiles could have scored")
    flags = [data.get(k) for k in ("won", "over", "keep_playing")]
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("2048 save: won, over and keep_playing must be true or false")
    won, over, keep = flags
    if over != (not rules.can_move(grid)):
        raise ValueError(f"2048 save: it says over={over} but the grid {'can' if over else 'cannot'} move")
    return Position(grid, score, won or any(v >= params.target for row in grid for v in row), over, keep)


BACKEND = Backend2048()
