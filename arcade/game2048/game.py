"""One game of 2048: grid, score, won/over/keep-playing, undo history, (de)serialisation. Pure (no pygame).

Behaviour follows the original web game (gabrielecirulli/2048, GameManager):
- a new game has two random tiles; after every move that changes the grid one new tile appears, a 4 with
  ``four_probability`` else a 2, on a uniformly random empty cell (the value is drawn first, then the cell);
- ``won`` becomes True when a merge produces the target tile (2048 by default) and stays True;
- ``over`` is decided after the new tile appears: True when no direction changes the grid;
- a terminated game (over, or won and not keep_playing) ignores moves; ``keep_going()`` lets play go on.

``move()`` returns a ``MoveOutcome(result, spawn)`` when the grid changed, and ``None`` when nothing happened
(the direction changes nothing, or the game is terminated).
"""
from __future__ import annotations

import random
import re
from typing import NamedTuple, Optional

from arcade.game2048 import rules
from arcade.game2048.rules import DIRECTIONS, MAX_SIZE, MIN_SIZE, SlideResult

__all__ = ["Game", "MoveOutcome", "default_target", "FORMAT_VERSION"]

FORMAT_VERSION = 1
UNDO_LIMIT = 1000  # positions kept for undo (and saved): a saved game stays the same size however long it runs
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_CELLS_RE: dict = {}  # size -> the pattern of a saved position's cells
_PLAYABLE_FLAGS = (0, 4, 5)
_LOG_RE = re.compile("[0-9a-z]*")
UNDO, KEEP_GOING = "zy", "zz"  # the log's two non-move inputs (codes 1294, 1295; a move's code is below 512)  # won | over << 1 | keep_playing << 2 of a position a move was played from


def default_target(size: int) -> int:
    """The winning tile for a board size: 256 on 3x3, 2048 on 4x4..8x8.

    On 3x3 a 2048 tile is impossible: two 1024s need a chain 1024, 512, ..., 8, 4, 4 before them, ten tiles on nine
    cells, so the largest tile is 1024 (2^10, and only with lucky 4s). 512 is rarely reached by people; 256 is the
    3x3 goal that plays like 2048 on 4x4 (hard but reachable). From 4x4 up we keep the original's 2048.
    """
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size {size!r}: expected an int in {MIN_SIZE}..{MAX_SIZE}")
    return 256 if size == 3 else 2048


class MoveOutcome(NamedTuple):
    """What a move did: the slide (``result``: grid before the spawn, gained, motions) and the new tile
    ``spawn = (row, col, value)`` (None only if the board had no empty cell, which cannot happen after a move
    that changed the grid)."""
    result: SlideResult
    spawn: Optional[tuple]


class _Snap(NamedTuple):
    grid: tuple
    score: int
    won: bool
    over: bool
    keep_playing: bool


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_probability(p) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"four_probability {p!r}: expected a number in 0..1")
    return float(p)


def check_target(t) -> int:
    if not _is_int(t) or t < 4 or t & (t - 1):
        raise ValueError(f"target {t!r}: expected a power of two >= 4")
    return t


class Game:
    """A game of 2048 on an N x N board (N in 3..8).

    Attributes: ``grid`` (tuple of row tuples), ``score``, ``won``, ``over``, ``keep_playing``, ``size``,
    ``target``, ``four_probability``, ``moves`` (moves played; undo takes one back).
    """

    def __init__(self, size: int = 4, seed=None, four_probability: float = 0.1, target: Optional[int] = None):
        dt = default_target(size)  # also checks the size
        self.target = dt if target is None else check_target(target)
        self.size = size
        self.four_probability = check_probability(four_probability)
        self.rng = random.Random(seed)
        self._new_game()

    # --------------------------------------------------------------------------------------------------- state
    def _new_game(self) -> None:
        self.grid = tuple((0,) * self.size for _ in range(self.size))
        self.score = 0
        self.won = False
        self.over = False
        self.keep_playing = False
        self.moves = 0
        self._history: list = []
        for _ in range(2):
            self._spawn_random()
        self.over = not rules.can_move(self.grid)
        # the replay: the start position and every input since (moves with the tile that followed, undos, "keep
        # going"), two characters each; None once something outside the rules changed the board (place)
        self.start = _encode_cells(self.grid)
        self.log: list | None = []

    def _spawn_random(self) -> Optional[tuple]:
        empties = rules.empty_cells(self.grid)
        if not empties:
            return None
        value = 4 if self.rng.random() < self.four_probability else 2
        r, c = empties[self.rng.randrange(len(empties))]
        self._set(r, c, value)
        return (r, c, value)

    def _set(self, r: int, c: int, value: int) -> None:
        row = list(self.grid[r])
        row[c] = value
        self.grid = self.grid[:r] + (tuple(row),) + self.grid[r + 1:]

    def _snap(self) -> _Snap:
        return _Snap(self.grid, self.score, self.won, self.over, self.keep_playing)

    @property
    def terminated(self) -> bool:
        """True when moves are ignored: game over, or won and not keep_playing (like the original)."""
        return self.over or (self.won and not self.keep_playing)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def undo_score(self) -> int | None:
        """The score undo would go back to (None when there is nothing to undo)."""
        if not self._history:
            return None
        top = self._history[-1]
        return top.score if isinstance(top, _Snap) else top[0]

    @property
    def max_tile(self) -> int:
        return rules.max_tile(self.grid)

    # --------------------------------------------------------------------------------------------------- play
    def _check_spawn(self, spawn) -> tuple:
        try:
            r, c, v = spawn
        except (TypeError, ValueError):
            raise ValueError(f"spawn {spawn!r}: expected (row, col, value)") from None
        if not (_is_int(r) and _is_int(c) and 0 <= r < self.size and 0 <= c < self.size):
            raise ValueError(f"spawn {spawn!r}: cell outside the {self.size}x{self.size} board")
        if not _is_int(v) or v not in (2, 4):
            raise ValueError(f"spawn {spawn!r}: a new tile is a 2 or a 4")
        return r, c, v

    def move(self, direction: str, spawn: Optional[tuple] = None) -> Optional[MoveOutcome]:
        """Slide towards ``direction``; if the grid changed, add one tile (random, or ``spawn=(row, col, value)``,
        which must name a cell that is empty after the slide and a value 2 or 4, else ValueError).

        Returns ``MoveOutcome(result, spawn)``, or None when nothing happened (no change, or game terminated).
        """
        if direction not in DIRECTIONS:
            raise ValueError(f"direction {direction!r}: expected one of {DIRECTIONS}")
        forced = None if spawn is None else self._check_spawn(spawn)
        if self.terminated:
            return None
        result = rules.slide(self.grid, direction)
        if not result.moved:
            return None
        if forced is not None and result.grid[forced[0]][forced[1]] != 0:
            raise ValueError(f"spawn {spawn!r}: cell ({forced[0]}, {forced[1]}) is not empty after the move")
        self._history.append(self._snap())
        if len(self._history) > UNDO_LIMIT:
            drop = len(self._history) - UNDO_LIMIT
            del self._history[:drop]
            del self.__dict__.setdefault("_enc", [])[:drop]  # the encoding cache stays aligned with the history
        self.grid = result.grid
        self.score += result.gained
        self.moves += 1
        if not self.won and any(m.merged and 2 * m.value == self.target for m in result.motions):
            self.won = True
        if forced is not None:
            self._set(*forced)
            placed = forced
        else:
            placed = self._spawn_random()
        self.over = not rules.can_move(self.grid)
        if self.log is not None:
            self.log.append(encode_move(direction, placed, self.size))
        return MoveOutcome(result, placed)

    def keep_going(self) -> None:
        """Continue after a win (the win panel's "Keep going")."""
        if self.log is not None and not self.keep_playing:
            self.log.append(KEEP_GOING)
        self.keep_playing = True

    def place(self, row: int, col: int, value: int) -> None:
        """Set a cell (value 0 clears it) and re-decide ``over``. For replays, tests and editors; not undoable."""
        if not (_is_int(row) and _is_int(col) and 0 <= row < self.size and 0 <= col < self.size):
            raise ValueError(f"place({row!r}, {col!r}, ...): cell outside the {self.size}x{self.size} board")
        if not _is_int(value) or not rules.is_tile_value(value):
            raise ValueError(f"place(..., {value!r}): a cell holds 0 or a power of two >= 2")
        self._set(row, col, value)
        self.over = not rules.can_move(self.grid)
        if self.moves == 0 and not self._history:  # setting up the start position: it is the replay's start
            self.start = _encode_cells(self.grid)
        else:
            self.log = None  # a board changed outside the rules cannot be replayed

    def undo(self) -> bool:
        """Go back one move (grid, score, won, over, keep_playing). False when there is nothing to undo."""
        if not self._history:
            return False
        s = self._history.pop()
        if not isinstance(s, _Snap):  # a position restored from a save, decoded when first needed
            s = _decode_snap(s, self.size, len(self._history))
        self.grid, self.score, self.won, self.over, self.keep_playing = s
        self.moves -= 1
        if self.log is not None:
            self.log.append(UNDO)
        return True

    def restart(self) -> None:
        """A fresh game in place: same size, target and probability; the RNG continues; history cleared."""
        self._new_game()

    # --------------------------------------------------------------------------------------------------- saving
    def to_dict(self) -> dict:
        """A JSON-serialisable dict of everything (RNG state and undo history included)."""
        version, internal, gauss = self.rng.getstate()
        return {
            "version": FORMAT_VERSION,
            "size": self.size,
            "target": self.target,
            "four_probability": self.four_probability,
            "grid": [list(row) for row in self.grid],
            "score": self.score,
            "won": self.won,
            "over": self.over,
            "keep_playing": self.keep_playing,
            "moves": self.moves,
            "rng": [version, list(internal), gauss],
            # each past position: [score, flags (1 won, 2 over, 4 keep_playing), cells]; cells are exponents in
            # row-major order (0 empty, k for 2^k), one base-36 digit each, or a list of ints if some k >= 36
            "history": self._encoded_history(),
            # the replay (see encode_move): the start cells and the inputs since, a few bytes a move
            "start": self.start if self.log is not None else None,
            "log": "".join(self.log) if self.log is not None else None,
        }

    def _encoded_history(self) -> list:
        """The history as saved. Entries are encoded once and cached (the scene saves after every move, and a
        long game's history would otherwise be re-encoded each time: O(moves) per save)."""
        cache = self.__dict__.setdefault("_enc", [])
        hist = self._history
        # history is a stack (moves append, undo pops): the cache is valid up to the last entry it shares
        n = min(len(cache), len(hist))
        while n and cache[n - 1][0] is not hist[n - 1]:
            n -= 1
        del cache[n:]
        for snap in hist[n:]:
            if isinstance(snap, _Snap):
                cache.append((snap, [snap.score, snap.won | snap.over << 1 | snap.keep_playing << 2,
                                     _encode_cells(snap.grid)]))
            else:  # restored from a save and not decoded: already in its saved form
                cache.append((snap, snap))
        return [enc for _, enc in cache]

    @classmethod
    def from_dict(cls, d) -> "Game":
        """Rebuild a game from ``to_dict()``'s output; ValueError on anything malformed."""
        if not isinstance(d, dict):
            raise ValueError("a saved game is a dict")
        need = ("version", "size", "target", "four_probability", "grid", "score", "won", "over", "keep_playing",
                "moves", "rng", "history")
        missing = [k for k in need if k not in d]
        if missing:
            raise ValueError(f"saved game lacks {', '.join(missing)}")
        if d["version"] != FORMAT_VERSION or not _is_int(d["version"]):
            raise ValueError(f"saved game version {d['version']!r}: expected {FORMAT_VERSION}")
        size = d["size"]
        default_target(size)  # checks the size
        g = cls.__new__(cls)
        g.size = size
        g.target = check_target(d["target"])
        g.four_probability = check_probability(d["four_probability"])
        g.grid = _check_grid(d["grid"], size)
        for key in ("score", "moves"):
            if not _is_int(d[key]) or d[key] < 0:
                raise ValueError(f"saved game {key} {d[key]!r}: expected an int >= 0")
        g.score, g.moves = d["score"], d["moves"]
        for key in ("won", "over", "keep_playing"):
            if not isinstance(d[key], bool):
                raise ValueError(f"saved game {key} {d[key]!r}: expected true or false")
        g.won, g.over, g.keep_playing = d["won"], d["over"], d["keep_playing"]
        if g.over != (not rules.can_move(g.grid)):
            raise ValueError(f"saved game says over={g.over} but the grid {'can' if g.over else 'cannot'} move")
        g.rng = random.Random()
        g.rng.setstate(_check_rng(d["rng"]))
        hist = d["history"]
        if not isinstance(hist, list):
            raise ValueError("saved game history: expected a list")
        if len(hist) > g.moves:
            raise ValueError(f"saved game has {len(hist)} undo steps but only {g.moves} moves")
        if g.score > rules.max_score(g.grid):
            raise ValueError(f"saved game score {g.score} is more than its tiles could have scored")
        hist = hist[-UNDO_LIMIT:]  # a file from before the limit: its oldest positions go
        # Each undo position is checked here by its shape (cheap: a long game resumes within a frame) and decoded
        # only when undo reaches it; until then it is kept, and saved again, in its saved form.
        cells_re = _CELLS_RE.get(size) or _CELLS_RE.setdefault(size, re.compile(f"[0-9a-z]{{{size * size}}}"))
        kept = []
        for i, h in enumerate(hist):
            if not (isinstance(h, list) and len(h) == 3 and isinstance(h[2], str) and cells_re.fullmatch(h[2])
                    and _is_int(h[0]) and h[0] >= 0 and _is_int(h[1]) and h[1] in _PLAYABLE_FLAGS):
                h = _decode_snap(h, size, i)  # the rare or the wrong: decoded (and refused) now
            kept.append(h if isinstance(h, _Snap) else [h[0], h[1], h[2]])
        g._history = kept
        start, log_ = d.get("start"), d.get("log")  # absent in saves from before replays
        cells_re = _CELLS_RE.get(size) or _CELLS_RE.setdefault(size, re.compile(f"[0-9a-z]{{{size * size}}}"))
        if isinstance(start, list):  # huge tiles: exponents as numbers
            try:
                decode_cells(start, size, "saved game start")
            except ValueError:
                start = None
        elif not (isinstance(start, str) and cells_re.fullmatch(start)):
            start = None
        if start is not None and isinstance(log_, str) and len(log_) % 2 == 0 and _LOG_RE.fullmatch(log_):
            g.start, g.log = start, [log_[i:i + 2] for i in range(0, len(log_), 2)]
        else:
            g.start, g.log = None, None
        return g

    def __repr__(self) -> str:
        return (f"Game(size={self.size}, score={self.score}, moves={self.moves}, won={self.won}, over={self.over}, "
                f"grid={self.grid})")


# ------------------------------------------------------------------------------------------------------- codec

def encode_move(direction: str, spawn, size: int) -> str:
    """A move and the tile that followed it, in two base-36 characters: ((cell * 2 + is_four) * 4 + direction)."""
    r, c, v = spawn
    code = ((r * size + c) * 2 + (v == 4)) * 4 + DIRECTIONS.index(direction)
    return _B36[code // 36] + _B36[code % 36]


def decode_move(token: str, size: int):
    """``(direction, (row, col, value))``, or the token itself for UNDO / KEEP_GOING; ValueError if it is neither."""
    if token in (UNDO, KEEP_GOING):
        return token
    code = _B36.index(token[0]) * 36 + _B36.index(token[1])
    d, rest = code % 4, code // 4
    cell, four = divmod(rest, 2)
    if cell >= size * size:
        raise ValueError(f"replay input {token!r}: no cell {cell} on a {size}x{size} board")
    return DIRECTIONS[d], (cell // size, cell % size, 4 if four else 2)


def _encode_cells(grid: tuple):
    exps = [v.bit_length() - 1 if v else 0 for row in grid for v in row]
    if max(exps) < 36:
        return "".join(_B36[e] for e in exps)
    return exps


def decode_cells(cells, size: int, where: str) -> tuple:
    n = size * size
    if isinstance(cells, str):
        if len(cells) != n or any(ch not in _B36 for ch in cells):
            raise ValueError(f"{where}: expected {n} base-36 digits")
        exps = [_B36.index(ch) for ch in cells]
    elif isinstance(cells, list):
        if len(cells) != n or not all(_is_int(e) and 0 <= e <= 4096 for e in cells):
            raise ValueError(f"{where}: expected {n} exponents")
        exps = cells
    else:
        raise ValueError(f"{where}: expected a string or a list")
    flat = [1 << e if e else 0 for e in exps]
    return tuple(tuple(flat[r * size:(r + 1) * size]) for r in range(size))


def _decode_snap(h, size: int, i: int) -> _Snap:
    where = f"saved game history[{i}]"
    if not isinstance(h, list) or len(h) != 3:
        raise ValueError(f"{where}: expected [score, flags, cells]")
    score, flags, cells = h
    if not _is_int(score) or score < 0:
        raise ValueError(f"{where}: bad score {score!r}")
    if not _is_int(flags) or not 0 <= flags <= 7:
        raise ValueError(f"{where}: bad flags {flags!r}")
    grid = decode_cells(cells, size, where)
    won, over, keep = bool(flags & 1), bool(flags & 2), bool(flags & 4)
    if over or (won and not keep):
        raise ValueError(f"{where}: a move was played from this position, so it cannot be over or terminated")
    return _Snap(grid, score, won, over, keep)


def _check_grid(grid, size: int) -> tuple:
    if not isinstance(grid, list) or len(grid) != size or not all(isinstance(r, list) for r in grid):
        raise ValueError(f"saved game grid: expected {size} lists of {size} cells")
    for r, row in enumerate(grid):
        if len(row) != size:
            raise ValueError(f"saved game grid row {r}: expected {size} cells")
        for c, v in enumerate(row):
            if not _is_int(v) or not rules.is_tile_value(v):
                raise ValueError(f"saved game grid[{r}][{c}] = {v!r}: expected 0 or a power of two >= 2")
    return tuple(tuple(row) for row in grid)


def _check_rng(state) -> tuple:
    """Validate the [version, internal state, gauss_next] triple of random.Random.getstate()."""
    ok = isinstance(state, list) and len(state) == 3
    if ok:
        version, internal, gauss = state
        ok = (version == 3 and _is_int(version) and isinstance(internal, list) and len(internal) == 625
              and all(_is_int(x) and 0 <= x < 1 << 32 for x in internal) and internal[-1] <= 624
              and (gauss is None or (isinstance(gauss, float))))
    if not ok:
        raise ValueError("saved game rng: expected the state of random.Random ([3, 625 ints, null or float])")
    return (3, tuple(internal), gauss)
