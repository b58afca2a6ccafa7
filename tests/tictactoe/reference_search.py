"""A slow reference for the Gomoku searches, for the tests only: VCF, VCT, the alpha-beta and the refutation of a
threat written plainly over :class:`arcade.tictactoe.gomoku.Board` (Python lists and sets, dictionaries for the
tables), as the engine searched before its searches were written once over arrays. The tests check the engine's
searches (:mod:`arcade.tictactoe.gomoku_jit`, compiled and plain) against it on random positions."""
from __future__ import annotations

from arcade.tictactoe.gomoku import MAX_PLY, WIN, Board


class Reference:
    """The searches on ``board`` (played on and restored): ``vcf_depth`` bounds the VCF inside a VCT, ``width``
    the alpha-beta's candidates."""

    def __init__(self, board: Board, vcf_depth: int = 12, vct_depth: int = 4, width: int = 10):
        self.b = board
        self.vcf_depth, self.vct_depth, self.width = vcf_depth, vct_depth, width
        self.nodes = 0
        self.tt: dict[int, tuple] = {}
        self.vcf_fail: dict[int, int] = {}
        self.vct_fail: dict[int, int] = {}

    def vcf(self, a: int, depth: int) -> list[int] | None:
        """A win for ``a`` (to move) by continuous fours within ``depth`` attacking moves: the moves, or None."""
        b = self.b
        self.nodes += 1
        if b.sets[1 if a == 1 else 3]:
            return [b.win_cells(a)[0]]
        d = 3 - a
        dw = b.win_cells(d)
        if len(dw) >= 2 or depth <= 0:
            return None
        key = b.hash ^ b.g.side_key[a]
        if self.vcf_fail.get(key, -1) >= depth:
            return None
        cand = b.four_moves(a)
        if dw:
            cand = [c for c in cand if c == dw[0]]
        for m in cand:
            b.play(m)
            aw = b.win_cells(a)
            if len(aw) >= 2:
                b.undo()
                return [m]
            if not aw:
                b.undo()
                continue
            b.play(aw[0])
            r = self.vcf(a, depth - 1)
            b.undo()
            b.undo()
            if r is not None:
                return [m, aw[0]] + r
        self.vcf_fail[key] = depth
        return None

    def vct(self, a: int, depth: int) -> list[int] | None:
        """A win for ``a`` (to move) by fours and threes within ``depth`` attacking moves (every block and
        counter-four of the defender tried): the first moves, or None."""
        b = self.b
        self.nodes += 1
        if b.sets[1 if a == 1 else 3]:
            return [b.win_cells(a)[0]]
        d = 3 - a
        dw = b.win_cells(d)
        if len(dw) >= 2 or depth <= 0:
            return None
        key = b.hash ^ b.g.side_key[a]
        if self.vct_fail.get(key, -1) >= depth:
            return None
        r = self.vcf(a, min(depth * 2, self.vcf_depth))
        if r is not None:
            return r
        fours = b.four_moves(a)
        threes = [] if dw else [c for c in b.three_moves(a) if c not in fours]
        if dw:
            fours = [c for c in fours if c == dw[0]]
        for m in fours + threes:
            b.play(m)
            aw = b.win_cells(a)
            if len(aw) >= 2:
                b.undo()
                return [m]
            if aw:
                b.play(aw[0])
                r = self.vct(a, depth - 1)
                b.undo()
                b.undo()
                if r is not None:
                    return [m]
                continue
            defences = set(b.three_defences(a)) | set(b.four_moves(d))
            ok = bool(defences)
            for c in sorted(defences, key=lambda c: -b.gain[d][c]):
                b.play(c)
                r = self.vct(a, depth - 1)
                b.undo()
                if r is None:
                    ok = False
                    break
            b.undo()
            if ok:
                return [m]
        self.vct_fail[key] = depth
        return None

    def threat(self, o: int, use_vct: bool) -> list[int] | None:
        """The opponent's winning threat sequence if it moved now (VCF, or VCT), else None."""
        b = self.b
        b.turn = o
        r = self.vct(o, self.vct_depth) if use_vct else self.vcf(o, self.vcf_depth)
        b.turn = 3 - o
        return r

    def refuting(self, pool: list[int], o: int, use_vct: bool) -> list[int]:
        """The moves of ``pool`` after which the opponent ``o`` has no VCF (or VCT); a four of ours only delays."""
        b = self.b
        p = 3 - o
        safe = []
        for m in pool:
            if b.cells[m]:
                continue
            b.play(m)
            mine = b.win_cells(p)
            if b.win_cells(o):
                lost = True
            elif len(mine) >= 2:
                lost = False
            elif mine:
                b.play(mine[0])
                lost = self.threat(o, use_vct) is not None
                b.undo()
            else:
                lost = (self.vct(o, self.vct_depth) if use_vct else self.vcf(o, self.vcf_depth)) is not None
            b.undo()
            if not lost:
                safe.append(m)
        return safe

    def ordered(self, p: int, first: int = -1, width: int | None = None) -> list[int]:
        """The best ``width`` candidates by gain (ours plus half theirs), ``first`` in front."""
        b = self.b
        gm, go = b.gain[p], b.gain[3 - p]
        cand = b.candidates() or [c for c in range(len(b.cells)) if not b.cells[c]]
        cand.sort(key=lambda c: -(gm[c] + (go[c] >> 1)))
        width = self.width if width is None else width
        out = cand[:width]
        if first >= 0 and first in out:
            out.remove(first)
            out.insert(0, first)
        elif first >= 0 and not b.cells[first]:
            out.insert(0, first)
        return out

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The alpha-beta value for the side to move, the windows' evaluation at the leaves (a forced reply costs
        no depth)."""
        b = self.b
        self.nodes += 1
        p = b.turn
        if b.sets[1 if p == 1 else 3]:
            return WIN - ply
        o = 3 - p
        ow = b.win_cells(o)
        if len(ow) >= 2:
            return -(WIN - ply - 1)
        if b.stones >= len(b.cells) or b.fives:
            return 0
        if ow:
            if ply >= MAX_PLY:
                return b.evaluate(p)
            b.play(ow[0])
            v = -self.negamax(depth, -beta, -alpha, ply + 1)
            b.undo()
            return v
        if depth <= 0 or ply >= MAX_PLY:
            return b.evaluate(p)
        key = b.hash ^ b.g.side_key[p]
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            edepth, flag, value, move = entry
            first = move
            if edepth >= depth and abs(value) < WIN - 1000:
                if flag == 0 or (flag == 1 and value >= beta) or (flag == 2 and value <= alpha):
                    return value
        moves = self.ordered(p, first, self.width if depth > 1 else max(4, self.width - 2))
        a0 = alpha
        best, best_move = -WIN * 2, -1
        for m in moves:
            b.play(m)
            v = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            b.undo()
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self.tt[key] = (depth, 1 if best >= beta else 2 if best <= a0 else 0, best, best_move)
        return best
