"""The 64-bit board's kernels, written once for everything that moves boards one at a time: the compiled expectimax
(``ai.jit``), the n-tuple network's play and training (``ai.ntuple``) and its one-move player (``ai.learned``).

A board is ``arcade.game2048.bitboard``'s 64-bit word: row ``r`` in bits ``16r``, cell ``c`` of a row in its
nibble ``c``, each nibble the tile's exponent. A move is four look-ups in a 65,536-entry row table (``left`` or
``right``; the columns are rows of the transposed board), its points four look-ups in the matching gain table; the
n-tuple network's value of a board is the sum of its tables' entries at the tuples' cells under every symmetry.

With numba these functions are compiled (``njit``: cached on disk, no GIL); without it (``available()`` False) the
very same functions run as plain Python on numpy scalars: right, but far too slow to search with, so the searches
then play on the numpy layers (``ai.expectimax``'s ``engine="layers"``) and the learned strategies say they need
numba. numba's disk cache tracks each module's own source only: after changing this file, clear the
``__pycache__`` of ``ai`` so the modules that call it are compiled again.
"""
from __future__ import annotations

import functools

import numpy as np

try:  # numba is optional (the "fast" extra): without it, or where it cannot load, these run as plain Python
    import numba as _nb
except Exception:  # noqa: BLE001 - ImportError, or an llvmlite that fails to load
    _nb = None

__all__ = ["available", "njit", "move_tables", "transpose", "move", "gained", "move_scored", "tuple_index",
           "net_value"]


def available() -> bool:
    """Whether the kernels are compiled (numba imported)."""
    return _nb is not None


def _plain(fn):
    return fn


#: The decorator of every compiled function of the 2048 AI: numba's ``njit`` (cached, no GIL), or nothing.
njit = _nb.njit(cache=True, nogil=True) if _nb is not None else _plain


@functools.lru_cache(maxsize=1)
def move_tables() -> tuple:
    """``(left, right, gain_left, gain_right)``: ``bitboard``'s row tables as the kernels read them (the rows as
    uint64, the points as int64)."""
    from arcade.game2048 import bitboard

    t = bitboard.tables()
    return (t.left.astype(np.uint64), t.right.astype(np.uint64), t.gain_left.astype(np.int64),
            t.gain_right.astype(np.int64))


@njit
def transpose(x):
    """The board with rows and columns swapped."""
    a1 = x & np.uint64(0xF0F00F0FF0F00F0F)
    a2 = x & np.uint64(0x0000F0F00000F0F0)
    a3 = x & np.uint64(0x0F0F00000F0F0000)
    a = a1 | (a2 << np.uint64(12)) | (a3 >> np.uint64(12))
    b1 = a & np.uint64(0xFF00FF0000FF00FF)
    b2 = a & np.uint64(0x00FF00FF00000000)
    b3 = a & np.uint64(0x00000000FF00FF00)
    return b1 | (b2 >> np.uint64(24)) | (b3 << np.uint64(24))


@njit
def _rows(b, table):
    m = np.uint64(0xFFFF)
    return (np.uint64(table[b & m]) | (np.uint64(table[(b >> np.uint64(16)) & m]) << np.uint64(16))
            | (np.uint64(table[(b >> np.uint64(32)) & m]) << np.uint64(32))
            | (np.uint64(table[b >> np.uint64(48)]) << np.uint64(48)))


@njit
def _points(b, gain):
    m = np.uint64(0xFFFF)
    return (gain[b & m] + gain[(b >> np.uint64(16)) & m] + gain[(b >> np.uint64(32)) & m]
            + gain[b >> np.uint64(48)])


@njit
def move(b, d, left, right):
    """The board after direction ``d`` (0 up, 1 down, 2 left, 3 right; ``bitboard``'s order)."""
    if d == 2:
        return _rows(b, left)
    if d == 3:
        return _rows(b, right)
    return transpose(_rows(transpose(b), left if d == 0 else right))


@njit
def gained(b, d, gain_left, gain_right):
    """The points the merges of direction ``d`` make."""
    if d >= 2:
        return _points(b, gain_left if d == 2 else gain_right)
    return _points(transpose(b), gain_left if d == 0 else gain_right)


@njit
def move_scored(b, d, left, right, gain_left, gain_right):
    """``(board after direction d, points its merges make)``."""
    return move(b, d, left, right), gained(b, d, gain_left, gain_right)


@njit
def tuple_index(b, cells, t, s):
    """The entry of tuple ``t``'s table that board ``b`` reads under symmetry ``s``: ``cells[t, s, k]`` is the cell
    read for the tuple's position ``k`` (``ai.ntuple``'s layout), its exponent the ``k``-th nibble of the index."""
    idx = 0
    for k in range(cells.shape[2]):
        idx |= ((b >> np.uint64(4 * cells[t, s, k])) & np.uint64(15)) << np.uint64(4 * k)
    return idx


@njit
def net_value(b, net, cells):
    """The n-tuple network's sum for board ``b``: ``net[t]`` is tuple ``t``'s table (any number type), summed over
    every tuple and symmetry of ``cells`` in float64 (as plain Python too: a float32 table would sum in float32)."""
    total = np.float64(0.0)
    for t in range(cells.shape[0]):
        for s in range(cells.shape[1]):
            total += net[t, tuple_index(b, cells, t, s)]
    return total
