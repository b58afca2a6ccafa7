"""Expectimax for 4x4 bitboards compiled with numba: depth first, one board at a time, with a transposition table.

The same tree and values as the layered numpy search in ``expectimax`` (a test compares them at fixed depths):
max nodes (the player's moves), chance nodes (a 2 or a 4 on every empty cell, weighted by its probability),
afterstates scored by the heuristic's row table at the last layer or where the probability of the line that
reached them falls under the cut-off, 0 for a lost position. What is new is the speed: about 25-30 M moves a
second on one core, against 11-15 M for the layers (numpy's per-call overhead and the sorts that de-duplicate each
layer), so the same budget searches about three times the tree.

Time: a budget is spent by *iterative refinement* of the probability cut-off. The first pass searches with a
coarse cut-off (lines less likely than 1 in 10 are scored where they stand), each next pass with a cut-off
``10 ** -0.5`` times finer, down to ``prob_cutoff``, every pass to the depth the board calls for. A pass costs
2-4 times the one before, so the last pass that fits uses most of the budget (finer steps than a whole player
move: each adds a few plies only along the lines likely enough to matter). A pass starts only when its predicted
cost (the last pass times the growth seen so far) fits what is left; the kernel also stops itself at a node limit
worth one and a half times what is left, and a pass that stopped is discarded (the previous pass answers).

numba compiles the kernel on the first search of a process (about 3 s) and caches it on disk, so later processes
load it in a fraction of a second. Without numba (``available()`` is False) ``expectimax`` uses the numpy layers.
"""
from __future__ import annotations

import numpy as np

from arcade.game2048.ai.kernels import available, move as _move, move_tables, net_value, njit as _njit, transpose

__all__ = ["available", "search", "TT_BITS"]

TT_BITS = 20                     # 2**20 entries: 8 + 8 + 4 bytes each, 20 MB a process
_GOLDEN = 0x9E3779B97F4A7C15     # Fibonacci hashing of the 64-bit board


@_njit
def _score(b, row):
    m = np.uint64(0xFFFF)
    t = transpose(b)
    return (row[b & m] + row[(b >> np.uint64(16)) & m] + row[(b >> np.uint64(32)) & m] + row[b >> np.uint64(48)]
            + row[t & m] + row[(t >> np.uint64(16)) & m] + row[(t >> np.uint64(32)) & m] + row[t >> np.uint64(48)])


@_njit
def _leaf(b, row, net, cells, nscale):
    """A leaf's value: the row table over rows and columns, plus ``nscale`` times the network. ``net`` None:
    the row table alone (numba compiles that case apart, with the branch removed: the heuristic search keeps
    its speed)."""
    if net is None:
        return _score(b, row)
    return _score(b, row) + nscale * net_value(b, net, cells)


@_njit
def _take(best, move, f, value):
    """A move's value reaches frame ``f``: the best of its moves so far, and on to its next move."""
    if value > best[f]:
        best[f] = value
    move[f] += 1


_MAXF = 48  # frames of the explicit stack: one per player move along a line (depths are far below this)


@_njit
def _chance(a0, depth0, cutoff0, per, p4, left, right, row, net, cells, nscale, keys, vals, meta, gen, stats):
    """Value of the afterstate ``a0`` with ``depth0`` player moves left, its line's probability 1.

    Depth first over an explicit stack (numba cannot cache a recursive function): a frame is a chance node
    walking its spawns (cell, 2 or 4) and, for each, the player's four moves; a move's afterstate is scored
    by the row table at the last layer or under the cut-off, found in the transposition table, or pushed as
    the next frame. ``stats``: [moves evaluated, table hits, node limit, deepest ply, stopped at the limit]."""
    A = np.empty(_MAXF, dtype=np.uint64)       # the chance node's afterstate
    H = np.empty(_MAXF, dtype=np.uint64)       # its slot in the transposition table
    D = np.empty(_MAXF, dtype=np.int64)        # player moves left to search below it
    CP = np.empty(_MAXF)                       # the probability of the line that reached it
    CUT = np.empty(_MAXF)                      # the cut-off for the afterstates of the next player move
    TOT = np.empty(_MAXF)                      # the weighted sum of its spawns so far
    CELL = np.empty(_MAXF, dtype=np.int64)     # the spawn being searched: cell ...
    T = np.empty(_MAXF, dtype=np.int64)        # ... and tile (0: a 2, 1: a 4); -1 before the first
    CH = np.empty(_MAXF, dtype=np.uint64)      # the board after that spawn
    PC = np.empty(_MAXF)                       # its probability given the afterstate
    BEST = np.empty(_MAXF)                     # the best of its moves so far
    DIR = np.empty(_MAXF, dtype=np.int64)      # its next move to try
    P2 = np.empty(_MAXF)
    Q4 = np.empty(_MAXF)
    tag = np.uint32(gen) << np.uint32(8)
    sp = -1
    push, a, depth, cp, cut = True, a0, depth0, 1.0, cutoff0
    ret = 0.0
    while True:
        if push:
            push = False
            h = (a * np.uint64(_GOLDEN)) >> np.uint64(64 - TT_BITS)
            if keys[h] == a and (meta[h] & np.uint32(0xFFFFFF00)) == tag and (meta[h] & np.uint32(0xFF)) >= depth:
                stats[1] += 1
                ret = vals[h]
                if sp < 0:
                    return ret
                f = sp
                if ret > BEST[f]:
                    BEST[f] = ret
                DIR[f] += 1
            else:
                if stats[0] > stats[2] or sp + 1 >= _MAXF:
                    stats[4] = 1
                    return 0.0
                sp += 1
                f = sp
                k = 0
                for i in range(16):
                    if (a >> np.uint64(4 * i)) & np.uint64(15) == 0:
                        k += 1
                A[f], H[f], D[f], CP[f], CUT[f], TOT[f] = a, h, depth, cp, cut * per, 0.0
                CELL[f], T[f], DIR[f] = -1, 1, 4
                P2[f] = (1.0 - p4) / k
                Q4[f] = p4 / k
                if depth0 - depth + 2 > stats[3]:
                    stats[3] = depth0 - depth + 2
        f = sp
        while True:
            if DIR[f] < 4:
                d = DIR[f]
                ch = CH[f]
                nxt = _move(ch, d, left, right)
                if nxt == ch:
                    DIR[f] += 1
                    continue
                stats[0] += 1
                line = CP[f] * PC[f]
                if D[f] <= 1 or line < CUT[f]:
                    v = _leaf(nxt, row, net, cells, nscale)
                    if v > BEST[f]:
                        BEST[f] = v
                    DIR[f] += 1
                    continue
                push, a, depth, cp, cut = True, nxt, D[f] - 1, line, CUT[f]
                break
            # this spawn is done (or none was started yet): add it, then go to the next spawn
            if CELL[f] >= 0:
                TOT[f] += PC[f] * (BEST[f] if BEST[f] > -1.0e300 else 0.0)  # no move: lost, worth 0
            if T[f] == 0 and Q4[f] > 0.0:
                T[f] = 1
            else:
                i = CELL[f] + 1
                while i < 16 and (A[f] >> np.uint64(4 * i)) & np.uint64(15) != 0:
                    i += 1
                CELL[f] = i
                T[f] = 0
            if CELL[f] < 16:
                sh = np.uint64(4 * CELL[f])
                CH[f] = A[f] | (np.uint64(1 + T[f]) << sh)
                PC[f] = P2[f] if T[f] == 0 else Q4[f]
                BEST[f] = -1.0e300
                DIR[f] = 0
                continue
            # every spawn done: the chance node's value goes to the table and to the frame below
            ret = TOT[f]
            h = H[f]
            keys[h] = A[f]
            vals[h] = ret
            meta[h] = tag | np.uint32(min(D[f], 255))
            sp -= 1
            if sp < 0:
                return ret
            f = sp
            if ret > BEST[f]:
                BEST[f] = ret
            DIR[f] += 1
        # a push: the loop's top handles it


@_njit
def _root(b, depth, cutoff, per, p4, left, right, row, net, cells, nscale, keys, vals, meta, gen, stats, out):
    for d in range(4):
        a = _move(b, d, left, right)
        if a == b:
            out[d] = -np.inf
            continue
        stats[0] += 1
        if depth <= 1 or 1.0 < cutoff:
            out[d] = _leaf(a, row, net, cells, nscale)
        else:
            out[d] = _chance(a, depth - 1, cutoff, per, p4, left, right, row, net, cells, nscale, keys, vals, meta,
                             gen, stats)


class _State:
    """Per-process tables: the move tables as uint64, the transposition table, the speed measured so far."""

    def __init__(self) -> None:
        self.left, self.right = move_tables()[:2]
        n = 1 << TT_BITS
        self.keys = np.zeros(n, dtype=np.uint64)
        self.vals = np.zeros(n, dtype=np.float64)
        self.meta = np.zeros(n, dtype=np.uint32)
        self.gen = 0
        # moves a second of CPU time (moving average over the searches), apart for the row table alone (False) and
        # with a network at the leaves (True: its look-ups are slower), so a process that searches both keeps both
        self.rate = {False: 2.0e7, True: 4.0e6}
        self.rows: dict = {}         # id of a float32 row table -> its float64 copy

    def next_gen(self) -> int:
        self.gen = self.gen % 0xFFFFFF + 1   # 24 bits in the entries' tags; 0 is never used
        if self.gen == 1:
            self.meta[:] = 0             # wrapped around (or first use): forget every old entry
        return self.gen

    def row(self, table: np.ndarray) -> np.ndarray:
        key = id(table)
        got = self.rows.get(key)
        if got is None or got[0] is not table:
            if len(self.rows) > 8:
                self.rows.clear()
            got = (table, table.astype(np.float64))
            self.rows[key] = got
        return got[1]


_state: _State | None = None


def _get_state() -> _State:
    global _state
    if _state is None:
        _state = _State()
    return _state


def cutoffs(finest: float) -> list:
    """The cut-offs of the refining passes: 10**-1, 10**-1.5, ... down to ``finest`` (which is always last)."""
    out, k = [], 2
    while True:
        c = 10.0 ** (-k / 2.0)
        if c <= finest:
            break
        out.append(c)
        k += 1
    out.append(finest)
    return out


def search(board: int, depth: int, *, row_table: np.ndarray, prob_cutoff: float, cutoff_per_depth: float,
           four_probability: float, budget=None, clock=None, wall_left=None, network=None) -> tuple:
    """Search ``board`` to ``depth`` player moves. Without a budget: one pass at ``prob_cutoff``. With one
    (``budget``: seconds of ``clock``; ``wall_left()``: seconds of wall time left, for the cap): refining passes
    (see the module docstring). ``network``: ``(weights, cells, scale)`` of an n-tuple network whose value (times
    ``scale``) is added to the row table's at every leaf (``ai.learned``), or None. Returns
    ``(values, nodes, depth reached, passes)``."""
    st = _get_state()
    row = st.row(row_table)
    net, cells, nscale = network if network is not None else (None, None, 0.0)
    nscale = float(nscale)
    b = np.uint64(board)
    out = np.zeros(4)
    stats = np.zeros(5, dtype=np.int64)
    big = np.iinfo(np.int64).max // 2
    if budget is None:
        stats[2] = big
        _root(b, depth, prob_cutoff, cutoff_per_depth, four_probability, st.left, st.right, row, net, cells, nscale,
              st.keys, st.vals, st.meta, st.next_gen(), stats, out)
        return _values(out), int(stats[0]), int(max(1, stats[3])), 1
    start = clock()
    values, nodes, reached, passes = None, 0, 0, 0
    last = growth = None
    for cut in cutoffs(prob_cutoff):
        left = budget - (clock() - start)
        if wall_left is not None:
            left = min(left, wall_left())
        affordable = max(0.0, left) * st.rate[network is not None]
        if values is not None:
            predicted = last * (growth if growth is not None else 3.0)
            if predicted > affordable:
                break
        stats[:] = 0
        stats[2] = big if values is None else int(1.5 * affordable) + 1
        _root(b, depth, cut, cutoff_per_depth, four_probability, st.left, st.right, row, net, cells, nscale,
              st.keys, st.vals, st.meta, st.next_gen(), stats, out)
        nodes += int(stats[0])
        if stats[4]:
            break                    # stopped at the node limit: the previous pass answers
        values, reached, passes = _values(out), int(max(1, stats[3])), passes + 1
        if last:
            growth = max(1.2, stats[0] / last)
        last = max(1, int(stats[0]))
    used = clock() - start
    if used > 0.002 and nodes > 1000:
        st.rate[network is not None] = 0.8 * st.rate[network is not None] + 0.2 * (nodes / used)
    return values, nodes, reached, passes


def _values(out) -> list:
    return [None if v == -np.inf else float(v) for v in out]
