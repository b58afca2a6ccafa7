"""Small boards (up to 16 cells: 3x3, 4x4, 3x5 ...): the exact solver and the open-lines depth-limited search. Pure.

A position is two bit masks (cell ``r * width + c`` is bit ``r * width + c``): the stones of the side to move and of
the other side; the number of stones says whose turn it is. Scores are from the side to move: a win is
``WIN - stones on the board when the game ends``, a loss the negative of that, a draw 0. So a faster win scores
higher and a slower loss scores higher, and a score depends only on the position, never on the path to it (the
transposition table needs no depth correction).

The exact solver (:meth:`Geometry.solve`) is negamax with alpha-beta, move ordering (the table's move, then cells
that make or block threats, then cells on more lines), a transposition table keyed by the position's canonical form
under the board's symmetries (8 on a square, 4 otherwise), and provable shortcuts: a side to move with a line one
stone short wins at once, two such cells for the other side lose at once, one must be blocked, and a side whose
every line is blocked can no longer win (its score is at most 0).

The open-lines search (:meth:`Geometry.open_lines_search`) is the textbook evaluation for tic-tac-toe: e(P) = lines
still open for MAX - lines still open for MIN, a win +inf and a loss -inf, alpha-beta to a fixed depth. It plays the
easy, medium and hard levels: beatable, by design.
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["Geometry", "geometry", "WIN", "OPEN_LINES_WIN", "MAX_CELLS"]

WIN = 1000      # a win with s stones on the board at the end scores WIN - s
OPEN_LINES_WIN = 10**6  # the open-lines search's "+inf" (with a nudge towards faster wins)
MAX_CELLS = 16  # the exact solver's limit (4x4)
_CACHE: dict = {}


def geometry(height: int, width: int, k: int) -> "Geometry":
    """The shared solver for a board shape (its transposition table lives as long as the process)."""
    key = (height, width, k)
    g = _CACHE.get(key)
    if g is None:
        g = _CACHE[key] = Geometry(height, width, k)
    return g


def _symmetries(h: int, w: int) -> list[list[int]]:
    """Cell permutations: perm[c] = where cell c goes. 8 on a square board, 4 on a rectangle."""
    maps = [lambda r, c: (r, c), lambda r, c: (r, w - 1 - c), lambda r, c: (h - 1 - r, c),
            lambda r, c: (h - 1 - r, w - 1 - c)]
    if h == w:
        maps += [lambda r, c: (c, r), lambda r, c: (c, h - 1 - r), lambda r, c: (w - 1 - c, r),
                 lambda r, c: (w - 1 - c, h - 1 - r)]
    out = []
    for f in maps:
        perm = []
        for r in range(h):
            for c in range(w):
                rr, cc = f(r, c)
                perm.append(rr * w + cc)
        out.append(perm)
    return out


class Geometry:
    """Lines, symmetries and the transposition table of one board shape."""

    def __init__(self, height: int, width: int, k: int):
        from .rules import lines

        self.h, self.w, self.k = height, width, k
        self.n = n = height * width
        self.full = (1 << n) - 1
        self.lines = [sum(1 << c for c in cells) for cells in lines(height, width, k)]
        self.cell_lines = [[m for m in self.lines if m >> c & 1] for c in range(n)]
        self.weight = [len(ls) for ls in self.cell_lines]
        # cells by static weight: the centre (more lines) first
        self.static_order = sorted(range(n), key=lambda c: (-self.weight[c], c))
        self.syms = _symmetries(height, width)
        self.inverse = [[0] * n for _ in self.syms]
        for s, perm in enumerate(self.syms):
            for c, d in enumerate(perm):
                self.inverse[s][d] = c
        # byte tables: key = x | o << n (2n bits); table[s][j][byte] = that byte's bits permuted by symmetry s
        chunks = (2 * n + 7) // 8
        self.tables = []
        for perm in self.syms:
            per = []
            for j in range(chunks):
                t = []
                for b in range(256):
                    v = 0
                    for i in range(8):
                        bit = 8 * j + i
                        if b >> i & 1 and bit < 2 * n:
                            v |= 1 << (perm[bit] if bit < n else perm[bit - n] + n)
                    t.append(v)
                per.append(t)
            self.tables.append(per)
        self.tt: dict[int, tuple[int, int, int]] = {}  # canonical key -> (lower, upper, best cell in that frame)
        self.nodes = 0

    # ----- symmetry -----
    def canonical(self, x: int, o: int) -> tuple[int, int]:
        """(smallest key over the symmetries, the symmetry that gives it)."""
        key = x | o << self.n
        best, best_s = -1, 0
        for s, per in enumerate(self.tables):
            v = 0
            kk = key
            for t in per:
                v |= t[kk & 255]
                kk >>= 8
            if best < 0 or v < best:
                best, best_s = v, s
        return best, best_s

    def transform(self, bits: int, s: int) -> int:
        perm = self.syms[s]
        out = 0
        while bits:
            low = bits & -bits
            out |= 1 << perm[low.bit_length() - 1]
            bits ^= low
        return out

    # ----- the exact solver -----
    def _order(self, me: int, op: int, empty: int, first: int) -> list[int]:
        """Empty cells (as single-bit masks), most promising first: the table's move, then by the lines through
        the cell that are still open for either side, weighted by the stones already on them."""
        scored = []
        for c in self.static_order:
            bit = 1 << c
            if not empty & bit:
                continue
            if bit == first:
                continue
            s = 0
            for m in self.cell_lines[c]:
                if not m & op:
                    s += 1 + 3 * (m & me).bit_count()
                if not m & me:
                    s += 1 + 2 * (m & op).bit_count()
            scored.append((s, bit))
        scored.sort(key=lambda t: -t[0])
        out = [b for _, b in scored]
        if first:
            out.insert(0, first)
        return out

    def negamax(self, me: int, op: int, stones: int, alpha: int, beta: int) -> int:
        """The exact score (from the side to move) if it lies inside (alpha, beta); else a bound on the side of the
        window it fell (fail-soft). The position must not be won already."""
        self.nodes += 1
        occupied = me | op
        if occupied == self.full:
            return 0
        k1 = self.k - 1
        mywin = opwin = 0
        melive = oplive = False
        for m in self.lines:
            if not m & op:
                melive = True
                if (m & me).bit_count() == k1:
                    mywin |= m & ~me
            if not m & me:
                oplive = True
                if (m & op).bit_count() == k1:
                    opwin |= m & ~op
        if mywin:
            return WIN - stones - 1
        if opwin & (opwin - 1):
            return -(WIN - stones - 2)
        if not (melive or oplive):
            return 0
        left = self.n - stones
        hi = WIN - stones - 3 if melive and left >= 3 else 0
        lo = -(WIN - stones - 2) if oplive and left >= 2 else 0
        if hi <= alpha:
            return hi
        if lo >= beta:
            return lo
        if alpha < lo:
            alpha = lo
        if beta > hi:
            beta = hi
        x, o = (me, op) if stones % 2 == 0 else (op, me)
        key, s = self.canonical(x, o)
        entry = self.tt.get(key)
        first = 0
        lower, upper = lo, hi
        if entry is not None:
            lower, upper, cell = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
            if cell >= 0:
                first = 1 << self.inverse[s][cell]
        if opwin:
            moves = [opwin]
        else:
            moves = self._order(me, op, self.full & ~occupied, first)
        a0 = alpha
        best, best_move = -WIN - 1, 0
        for mv in moves:
            v = -self.negamax(op, me | mv, stones + 1, -beta, -alpha)
            if v > best:
                best, best_move = v, mv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        cell = self.syms[s][best_move.bit_length() - 1]
        if best <= a0:
            self.tt[key] = (lower, min(upper, best), cell)
        elif best >= beta:
            self.tt[key] = (max(lower, best), upper, cell)
        else:
            self.tt[key] = (best, best, cell)
        return best

    def value(self, me: int, op: int, stones: int) -> int:
        return self.negamax(me, op, stones, -WIN - 1, WIN + 1)

    def solve(self, me: int, op: int, stones: int, rng=None) -> tuple[int, int, list[int]]:
        """(best cell, its exact score, every cell with that score). With ``rng``, the cell is drawn among the
        equally good ones; without, the first in move order."""
        empty = self.full & ~(me | op)
        moves = self._order(me, op, empty, 0)
        best, best_move = -WIN - 1, 0
        for mv in moves:
            if self._wins(me | mv):
                v = WIN - stones - 1
            else:
                v = -self.negamax(op, me | mv, stones + 1, -WIN - 1, -best)
            if v > best:
                best, best_move = v, mv
        equal = [best_move]
        if rng is not None:
            for mv in moves:
                if mv == best_move:
                    continue
                if self._wins(me | mv):
                    v = WIN - stones - 1
                else:  # null window: is this move at least as good?
                    v = -self.negamax(op, me | mv, stones + 1, -best, -best + 1)
                if v >= best:
                    equal.append(mv)
            best_move = equal[rng.randrange(len(equal))]
        cells = [m.bit_length() - 1 for m in equal]
        return best_move.bit_length() - 1, best, cells

    def _wins(self, bits: int) -> bool:
        return any(bits & m == m for m in self.lines)

    # ----- the open-lines search: e(P) and a depth-limited alpha-beta -----
    def e(self, maxb: int, minb: int) -> int:
        """e(P) = lines still open for MAX (no MIN stone on them) - lines still open for MIN."""
        return sum(1 for m in self.lines if not m & minb) - sum(1 for m in self.lines if not m & maxb)

    def open_lines_search(self, me: int, op: int, depth: int, rng=None) -> tuple[int, int, list[int]]:
        """Depth-limited alpha-beta with e(P) at the frontier (the side to move is MAX), a win +inf and a loss
        -inf (a faster win preferred). Returns (cell, score, every cell with that score); ``rng`` breaks ties."""
        full = self.full
        lines = self.lines

        def ab(a: int, b: int, d: int, maximizing: bool, alpha: int, beta: int) -> int:
            # a: MAX's stones, b: MIN's; the last move did not win
            self.nodes += 1
            empty = full & ~(a | b)
            if not empty:
                return 0
            if d == 0:
                return self.e(a, b)
            cells = [1 << c for c in self.static_order if empty >> c & 1]
            if maximizing:
                v = -OPEN_LINES_WIN * 2
                for mv in cells:
                    na = a | mv
                    if any(na & m == m for m in lines):
                        return OPEN_LINES_WIN + d
                    v = max(v, ab(na, b, d - 1, False, alpha, beta))
                    alpha = max(alpha, v)
                    if alpha >= beta:  # beta cut at a MAX node
                        break
                return v
            v = OPEN_LINES_WIN * 2
            for mv in cells:
                nb = b | mv
                if any(nb & m == m for m in lines):
                    return -OPEN_LINES_WIN - d
                v = min(v, ab(a, nb, d - 1, True, alpha, beta))
                beta = min(beta, v)
                if alpha >= beta:  # alpha cut at a MIN node
                    break
            return v

        empty = full & ~(me | op)
        scored = []
        for c in self.static_order:
            mv = 1 << c
            if not empty & mv:
                continue
            if self._wins(me | mv):
                v = OPEN_LINES_WIN + depth
            else:
                v = ab(me | mv, op, depth - 1, False, -OPEN_LINES_WIN * 2, OPEN_LINES_WIN * 2)
            scored.append((v, c))
        best = max(v for v, _ in scored)
        equal = [c for v, c in scored if v == best]
        cell = equal[rng.randrange(len(equal))] if rng is not None and len(equal) > 1 else equal[0]
        return cell, best, equal


def bits_of(rows: Iterable[str], piece: str) -> int:
    out = 0
    i = 0
    for row in rows:
        for ch in row:
            if ch == piece:
                out |= 1 << i
            i += 1
    return out
