"""Line patterns of freestyle Gomoku (five or more in a row wins), the way classical engines see a position. Pure.

For an empty cell, a side and one of the four line directions, the *line pattern* says what a stone of that side
on the cell would make in that line, from the four cells on either side of it (a five through the cell lies within
them). Cells of the other side and the board's edge block alike. From the strongest:

* ``F5`` five: the stone makes five or more in a row (an overline counts: freestyle);
* ``F4`` open four: after it, two or more empty cells of the line make five (``.XXXX.``, ``X.XXX.X``);
* ``B4`` four: exactly one such cell (``OXXXX.``, ``XX.XX``);
* ``F3`` open three: one more stone of the side can make an ``F4`` in that line (``..XXX..``, ``.X.XX.``);
* ``B3`` three: one more stone can make a ``B4`` but no ``F4``;
* ``F2`` / ``B2``: one more stone can make an ``F3`` / a ``B3``; ``F1`` / ``B1`` likewise from ``F2`` / ``B2``;
* ``DEAD``: no five through the cell can ever be made in that line.

Every later stone counted is one the same line must hold, so the classes are defined by search over the nine cells
(:func:`line_pattern`), and tabulated once for every key: the eight neighbours' states packed two bits each (empty,
X, O, off the board), nearest-left in the high bits. The four directions' patterns combine into a *cell class*
(:func:`combine`): a five; an unstoppable four (an open four, or two fours in different lines); a four-three; a
three-three; a lone four; an open three; the rest, with a value (:data:`DIR_VALUE` summed over the directions plus
a bonus by class) that the compiled engine uses both to order its moves and to evaluate a position (the sum over
the empty cells of each side's values). :func:`board_patterns` classifies a whole board from scratch (the reference
the incremental tables are tested against).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["DEAD", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5", "PATTERN_NAMES", "NONE", "THREE",
           "FOUR", "THREE_THREE", "FOUR_THREE", "FLEX4", "FIVE", "CLASS_NAMES", "DIR_VALUE", "CLASS_BONUS", "VALUES",
           "line_pattern", "combine", "cell_value", "tables", "board_patterns", "REACH"]

DEAD, B1, F1, B2, F2, B3, F3, B4, F4, F5 = range(10)
PATTERN_NAMES = ("dead", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F5")
# cell classes, weakest first
NONE, THREE, FOUR, THREE_THREE, FOUR_THREE, FLEX4, FIVE = range(7)
CLASS_NAMES = ("none", "three", "four", "three-three", "four-three", "flex4", "five")
REACH = 4  # the cells looked at on each side of the cell, in each direction

# a stone's worth in one line, by pattern, and the bonus of a cell by class (both sides' sums make the evaluation),
# set by hand
DIR_VALUE = (0, 1, 3, 6, 20, 25, 80, 100, 1500, 10000)
CLASS_BONUS = (0, 0, 0, 400, 1000, 1300, 0)
#: the value sets by name: ``guessed`` (the ones above, the default) and ``fitted``: fitted to game results, of every
#: position of the ladder games against Rapfi (8,751 with nothing decided) the values whose evaluation, through a
#: logistic curve, best predicts which side won (Texel's method, ``tools/tune_patterns.py fit``; a five and a dead
#: line keep their values). They win self-play at a fixed depth but lose more often to Rapfi at equal time.
VALUES = {"guessed": (DIR_VALUE, CLASS_BONUS),
          "fitted": ((0, 0, 0, 0, 177, 140, 565, 615, 26, 10000), (0, 202, 0, 89, 8005, 5326, 0))}

_EMPTY, _OWN, _BLOCK = 0, 1, 2
_STEP_DOWN = {F4: F3, B4: B3, F3: F2, B3: B2, F2: F1, B2: B1}


def _five_through(line: tuple, centre: int) -> bool:
    n = 1
    i = centre - 1
    while i >= 0 and line[i] == _OWN:
        n += 1
        i -= 1
    i = centre + 1
    while i < len(line) and line[i] == _OWN:
        n += 1
        i += 1
    return n >= 5


@lru_cache(maxsize=None)
def _placed(line: tuple) -> int:
    """The pattern of a line (nine cells, ``_EMPTY _OWN _BLOCK``) whose centre already holds the side's stone."""
    c = REACH
    if _five_through(line, c):
        return F5
    wins = 0
    for e in range(len(line)):
        if line[e] == _EMPTY:
            t = line[:e] + (_OWN,) + line[e + 1:]
            if _five_through(t, c) and _five_through(t, e):
                wins += 1
    if wins >= 2:
        return F4
    if wins == 1:
        return B4
    best = DEAD
    for e in range(len(line)):
        if line[e] == _EMPTY:
            got = _STEP_DOWN.get(_placed(line[:e] + (_OWN,) + line[e + 1:]), DEAD)
            best = max(best, got)
    return best


def line_pattern(line) -> int:
    """The pattern of a stone of the side on the centre of ``line``: nine cells as a string over ``X`` (the side),
    ``.`` (empty) and anything else (``O``, ``#``: blocked), the centre empty (it is where the stone goes)."""
    cells = tuple(_OWN if ch == "X" else _EMPTY if ch == "." else _BLOCK for ch in line)
    if len(cells) != 2 * REACH + 1 or cells[REACH] != _EMPTY:
        raise ValueError(f"a line is {2 * REACH + 1} cells with an empty centre, got {line!r}")
    return _placed(cells[:REACH] + (_OWN,) + cells[REACH + 1:])


def combine(pats) -> int:
    """The cell class of the four directions' patterns."""
    n = [0] * 10
    for p in pats:
        n[p] += 1
    if n[F5]:
        return FIVE
    if n[F4] or n[B4] >= 2:
        return FLEX4
    if n[B4] and n[F3]:
        return FOUR_THREE
    if n[F3] >= 2:
        return THREE_THREE
    if n[B4]:
        return FOUR
    if n[F3]:
        return THREE
    return NONE


def cell_value(pats, values: str = "guessed") -> int:
    """The value of a cell whose four directions' patterns are ``pats``, by the value set ``values``."""
    by_dir, bonus = VALUES[values]
    return sum(by_dir[p] for p in pats) + bonus[combine(pats)]


def tables(values: str = "guessed") -> tuple:
    """(``pat``: int64[3, 65536], the pattern of side 1 / 2 from a key of eight neighbours, row 0 unused;
    ``cls``, ``val``: int64[10000], the cell class and value (by the value set ``values``) from four patterns
    ``((a*10+b)*10+c)*10+d``). Built once a value set."""
    return _tables(values)


@lru_cache(maxsize=None)
def _tables(values: str) -> tuple:
    if values != "guessed":  # the patterns and classes do not depend on the values
        pat, cls, _ = _tables("guessed")
        return pat, cls, np.array([cell_value(_digits(i), values) for i in range(10 ** 4)], dtype=np.int64)
    keys = np.arange(1 << 16)
    states = [(keys >> (2 * (7 - j))) & 3 for j in range(8)]  # the neighbours, farthest left first
    by3 = np.zeros((3, 1 << 16), np.int64)
    for side in (1, 2):
        idx = np.zeros(1 << 16, np.int64)
        for j in range(8):
            s = states[j]
            t = np.where(s == 0, _EMPTY, np.where(s == side, _OWN, _BLOCK))
            idx += t * 3 ** j
        by3[side] = idx
    pat3 = np.zeros(3 ** 8, np.int64)
    for i in range(3 ** 8):
        ns = [(i // 3 ** j) % 3 for j in range(8)]
        pat3[i] = _placed(tuple(ns[:4]) + (_OWN,) + tuple(ns[4:]))
    pat = np.zeros((3, 1 << 16), np.int64)
    pat[1], pat[2] = pat3[by3[1]], pat3[by3[2]]
    cls = np.zeros(10 ** 4, np.int64)
    val = np.zeros(10 ** 4, np.int64)
    for i in range(10 ** 4):
        ps = _digits(i)
        cls[i] = combine(ps)
        val[i] = cell_value(ps, values)
    return pat, cls, val


def _digits(i: int) -> tuple:
    return i // 1000, i // 100 % 10, i // 10 % 10, i % 10


def board_patterns(cells, h: int, w: int, side: int) -> dict:
    """From scratch: for each empty cell of ``cells`` (a flat list, 0 empty, 1 X, 2 O), ``side``'s four line
    patterns (in :data:`arcade.tictactoe.rules.DIRECTIONS` order), by walking the board."""
    from .rules import DIRECTIONS

    out = {}
    for r in range(h):
        for c in range(w):
            if cells[r * w + c]:
                continue
            pats = []
            for dr, dc in DIRECTIONS:
                line = []
                for i in range(-REACH, REACH + 1):
                    rr, cc = r + i * dr, c + i * dc
                    if i == 0:
                        line.append(".")
                    elif not (0 <= rr < h and 0 <= cc < w):
                        line.append("#")
                    else:
                        v = cells[rr * w + cc]
                        line.append("." if v == 0 else "X" if v == side else "O")
                pats.append(line_pattern("".join(line)))
            out[r * w + c] = tuple(pats)
    return out
