"""Board evaluation for the 2048 searches (pure numpy, no pygame).

A board's value is a sum over its lines (the 4 rows and the 4 columns of a 4x4 board; N + N lines of an N x N one)
of a per-line score, so for 4x4 boards the score of every possible row is computed once into a 65536-entry table
and a board costs 8 table look-ups (``Evaluator``). A line of exponents ``e`` (0 = empty) scores::

    lost                                   a constant that keeps live positions above a lost one (worth 0)
    + empty      * number of empty cells
    + merges     * tiles in runs of equal tiles (empties skipped): merges available now
    - monotonicity * min(rise, fall)       rise/fall: sums of |e_i ** mono_power - e_j ** mono_power| over
                                           neighbours going up / going down; the smaller one is what breaks order
    - sum        * sum(e ** sum_power)     big tiles cost: merging them away pays
    - smoothness * sum |e_i - e_j|         over neighbouring tiles (empties skipped)
    - isolated   * empty cells whose line neighbours are all tiles (scattered holes)
    + corner     * max(e) ** corner_power  if the line's biggest tile sits at one of its ends

Weights live in one place, ``DEFAULT_WEIGHTS``. Where they come from: the first seven follow the published
weights of nneonneo/2048-ai (empty 270, merges 700, monotonicity 47 with power 4, sum 11 with power 3.5, lost
200000), a known strong setting for this kind of per-line evaluation. The three extra terms (smoothness,
isolated, corner) were tried on top of it with fixed-depth searches (so the result does not depend on the load of
the machine), e.g.::

    arcade bench 2048 --ai expectimax --games 20 --seed 2000 --jobs 1 \
        --param depth=3 --param budget_ms=None --weight smoothness=10 --json /tmp/d3smooth10.json

``TUNING`` holds the figures. No extra term made a difference that 20-30 games can tell from noise at depth 3
(smoothness helped the weak depth-2 search), so they stay at 0: available, switched off.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from arcade.game2048 import bitboard as bb

__all__ = ["Weights", "DEFAULT_WEIGHTS", "TUNING", "row_table", "Evaluator", "evaluator", "line_score",
           "evaluate_grid", "weights_from"]


@dataclass(frozen=True)
class Weights:
    """Weights of the per-line score (see the module docstring)."""
    lost: float = 200000.0
    empty: float = 270.0
    merges: float = 700.0
    monotonicity: float = 47.0
    mono_power: float = 4.0
    sum: float = 11.0
    sum_power: float = 3.5
    smoothness: float = 0.0
    isolated: float = 0.0
    corner: float = 0.0
    corner_power: float = 2.0


DEFAULT_WEIGHTS = Weights()

#: Tuning runs behind ``DEFAULT_WEIGHTS`` (expectimax at a fixed depth, budget off; seeds 1000.. / 2000..).
TUNING = """
weights (on top of the defaults)   depth games   2048  4096  8192  median score
(defaults)                             2    30    50%   13%    3%      21080
smoothness=10                          2    30    67%   17%    3%      27840
smoothness=30                          2    30    70%   17%    0%      29612
isolated=200                           2    30    53%   20%    0%      21588
isolated=500                           2    30    57%   10%    0%      23612
corner=20                              2    30    60%   17%    0%      27456
(defaults)                             3    20    90%   80%   10%      77036
smoothness=10                          3    20   100%   70%   15%      77396
smoothness=30                          3    20    90%   70%   25%      80400
smoothness=10, corner=20               3    20    95%   70%   10%      72112
"""


def weights_from(weights=None, **overrides) -> Weights:
    """A ``Weights`` from None (the defaults), a ``Weights``, or a dict; keyword overrides win."""
    if weights is None:
        w = DEFAULT_WEIGHTS
    elif isinstance(weights, Weights):
        w = weights
    elif isinstance(weights, dict):
        w = replace(DEFAULT_WEIGHTS, **{k: float(v) for k, v in weights.items()})
    else:
        raise TypeError(f"weights: expected Weights, dict or None, not {type(weights).__name__}")
    if overrides:
        w = replace(w, **{k: float(v) for k, v in overrides.items()})
    return w


# ---------------------------------------------------------------------------------------------------------------
# per-line terms, vectorised over many lines of the same length

def _line_terms(e: np.ndarray) -> dict:
    """Terms of every line of ``e`` (n lines x L exponents, ints) that do not depend on the weights."""
    n, length = e.shape
    e = e.astype(np.int64)
    tile = e > 0
    empty = (~tile).sum(axis=1)

    # walk the tiles of each line with the empties skipped
    prev = np.zeros(n, dtype=np.int64)        # previous tile's exponent (0 = none yet)
    run = np.zeros(n, dtype=np.int64)         # equal tiles after the first of the current run
    merges = np.zeros(n, dtype=np.int64)
    smooth = np.zeros(n, dtype=np.int64)
    for j in range(length):
        v = e[:, j]
        t = tile[:, j]
        same = t & (prev == v)
        ends = t & ~same & (run > 0)
        merges += np.where(ends, 1 + run, 0)
        run = np.where(same, run + 1, np.where(ends, 0, run))
        smooth += np.where(t & (prev > 0), np.abs(v - prev), 0)
        prev = np.where(t, v, prev)
    merges += np.where(run > 0, 1 + run, 0)

    # holes whose neighbours along the line are tiles (or the wall)
    padded = np.ones((n, length + 2), dtype=bool)
    padded[:, 1:-1] = tile
    iso = (~tile & padded[:, :-2] & padded[:, 2:]).sum(axis=1)

    top = e.max(axis=1) if length != 4 else np.maximum(np.maximum(e[:, 0], e[:, 1]), np.maximum(e[:, 2], e[:, 3]))
    at_end = ((e[:, 0] == top) | (e[:, -1] == top)) & (top > 0)
    return {"e": e, "empty": empty, "merges": merges, "smooth": smooth, "isolated": iso, "top": top,
            "at_end": at_end}


def _score_terms(terms: dict, w: Weights) -> np.ndarray:
    e = terms["e"]
    length = e.shape[1]
    ranks = np.arange(max(16, int(terms["top"].max()) + 1), dtype=np.float64)
    pw_mono, pw_sum = ranks ** w.mono_power, ranks ** w.sum_power   # exponents are small ints: powers by look-up
    fall = np.zeros(e.shape[0])
    rise = np.zeros(e.shape[0])
    total = pw_sum[e[:, 0]]
    for j in range(1, length):  # column by column: reductions over a short axis are slow in numpy
        d = pw_mono[e[:, j - 1]] - pw_mono[e[:, j]]  # > 0 where the line falls
        fall += np.maximum(d, 0.0)
        rise += np.maximum(-d, 0.0)
        total += pw_sum[e[:, j]]
    mono = np.minimum(fall, rise)
    corner = np.where(terms["at_end"], (ranks ** w.corner_power)[terms["top"]], 0.0)
    return (w.lost + w.empty * terms["empty"] + w.merges * terms["merges"] - w.monotonicity * mono
            - w.sum * total - w.smoothness * terms["smooth"] - w.isolated * terms["isolated"] + w.corner * corner)


@lru_cache(maxsize=1)
def _row_terms() -> dict:
    return _line_terms(bb.tables().cells.astype(np.int64))


@lru_cache(maxsize=16)
def row_table(w: Weights = DEFAULT_WEIGHTS) -> np.ndarray:
    """Score of every 16-bit row (float32, 65536 entries) under weights ``w``."""
    return _score_terms(_row_terms(), w).astype(np.float32)


class Evaluator:
    """Table-driven evaluation of 4x4 boards under one set of weights.

    ``row`` is the per-row score; ``after_left``/``after_right`` are ``row[left[x]]``/``row[right[x]]``, the score
    of a row after the move, so the afterstates of a layer are scored without building all of them.
    """

    def __init__(self, w: Weights = DEFAULT_WEIGHTS) -> None:
        t = bb.tables()
        self.weights = w
        self.row = row_table(w)
        self.after_left = self.row[t.left]
        self.after_right = self.row[t.right]
        self._row_list = None
        self.bounds = None          # (lowest, highest) value any board can score (set with row_list)

    def row_list(self) -> list:
        """The row scores as a Python list (built once: list look-ups are what the scalar searches use)."""
        if self._row_list is None:
            self._row_list = self.row.astype(np.float64).tolist()
            self.bounds = (8.0 * min(0.0, float(self.row.min())), 8.0 * max(0.0, float(self.row.max())))
        return self._row_list

    def evaluate_one(self, b: int) -> float:
        """``evaluate`` for one board given as a Python int (list look-ups, no numpy call)."""
        rl = self._row_list
        if rl is None:
            rl = self.row_list()
        s = bb.scalar().spread
        tr = s[b & 0xFFFF] | s[(b >> 16) & 0xFFFF] << 4 | s[(b >> 32) & 0xFFFF] << 8 | s[b >> 48] << 12
        return (rl[b & 0xFFFF] + rl[(b >> 16) & 0xFFFF] + rl[(b >> 32) & 0xFFFF] + rl[b >> 48]
                + rl[tr & 0xFFFF] + rl[(tr >> 16) & 0xFFFF] + rl[(tr >> 32) & 0xFFFF] + rl[tr >> 48])

    @staticmethod
    def _sum(table: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """``table[rows]`` summed over each board's 4 lines (float32; explicit adds beat ``sum(axis=1)`` 3x)."""
        x = np.take(table, rows)
        y = x[:, 0] + x[:, 1]
        y += x[:, 2]
        y += x[:, 3]
        return y

    def evaluate(self, boards) -> np.ndarray:
        """Heuristic value of every board (rows + columns), float64."""
        b = bb._arr(boards)
        out = np.empty(b.size, dtype=np.float64)
        t = bb.tables()
        for i in range(0, b.size, bb.CHUNK):
            x = b[i:i + bb.CHUNK]
            r = bb.rows_of(x)
            tr = bb._gather_or(t.spread, r, bb._SHIFT4)
            out[i:i + bb.CHUNK] = self._sum(self.row, r) + self._sum(self.row, bb.rows_of(tr))
        return out

    def best_move_values(self, boards, dead: float = 0.0):
        """For every board the best heuristic value over its legal moves' afterstates (``dead`` if none).

        Returns ``(best, values)`` with ``values`` a (4, n) array, ``-inf`` for a move that changes nothing.
        This is the last layer of the expectimax search, so it is the hot loop: one transpose of the input and
        composed tables for the half of every afterstate's lines that do not need building.
        """
        b = bb._arr(boards)
        n = b.size
        t = bb.tables()
        vals = np.empty((4, n), dtype=np.float64)
        S = bb._SHIFT4
        for i in range(0, n, bb.CHUNK):
            x = b[i:i + bb.CHUNK]
            r = bb.rows_of(x)
            tr = bb._gather_or(t.spread, r, S)
            rt = bb.rows_of(tr)
            sl = slice(i, i + bb.CHUNK)
            # left / right: rows via the composed tables, columns via the afterstate's transpose (which also
            # tells whether the move changed anything: compare it with the board's transpose)
            left_t = bb._gather_or(t.col_left, r, S)
            v = self._sum(self.after_left, r) + self._sum(self.row, bb.rows_of(left_t))
            vals[bb.LEFT, sl] = np.where(left_t != tr, v, -np.inf)
            right_t = bb._gather_or(t.col_right, r, S)
            v = self._sum(self.after_right, r) + self._sum(self.row, bb.rows_of(right_t))
            vals[bb.RIGHT, sl] = np.where(right_t != tr, v, -np.inf)
            # up / down: built from the columns; their columns score through the composed tables
            up = bb._gather_or(t.col_left, rt, S)
            v = self._sum(self.row, bb.rows_of(up)) + self._sum(self.after_left, rt)
            vals[bb.UP, sl] = np.where(up != x, v, -np.inf)
            down = bb._gather_or(t.col_right, rt, S)
            v = self._sum(self.row, bb.rows_of(down)) + self._sum(self.after_right, rt)
            vals[bb.DOWN, sl] = np.where(down != x, v, -np.inf)
        best = np.maximum(np.maximum(vals[0], vals[1]), np.maximum(vals[2], vals[3]))
        best[best == -np.inf] = dead
        return best, vals


@lru_cache(maxsize=16)
def evaluator(w: Weights = DEFAULT_WEIGHTS) -> Evaluator:
    """The cached ``Evaluator`` for ``w``."""
    return Evaluator(w)


# ---------------------------------------------------------------------------------------------------------------
# any size (the general path)

@lru_cache(maxsize=1 << 16)
def _line_score_cached(line: tuple, w: Weights) -> float:
    return float(_score_terms(_line_terms(np.array([line], dtype=np.int64)), w)[0])


def line_score(values, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Score of one line of tile values (any length), the same formula as the 4x4 tables."""
    return _line_score_cached(tuple(v.bit_length() - 1 if v else 0 for v in map(int, values)), w)


def evaluate_grid(grid, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Heuristic value of a grid of any size: the sum of its rows' and columns' line scores."""
    rows = [tuple(r) for r in grid]
    return sum(line_score(r, w) for r in rows) + sum(line_score(c, w) for c in zip(*rows))
