"""The Gomoku engine's searches, written once: the board tables, VCF, VCT and alpha-beta over numpy arrays, compiled
with numba where it is installed and run as the same functions in plain Python where it is not. Pure (numpy, and
numba when present).

The position lives in arrays: each window's state (``x + m * o``, see :class:`.gomoku.Board`), each cell's gain for
both sides, both sides' window sums, the stones near each cell, a Zobrist hash, and the windows of each threat
class kept as lists with O(1) insertion and removal (so a side's fours and threes are found without scanning the
board). ``vcf``, ``vct`` and ``negamax`` try the same candidates in the same order whichever way they run (the
lower cell first among equal gains), so a fixed depth gives the same move compiled or plain; the failure tables
and the transposition table are arrays indexed by the hash (always replace). The tests keep a slower search over
Python lists as an oracle and check these against it on random positions.

Compiled, they run about 830,000 nodes a second on a loaded core; plain Python runs them some tens of times
slower, so the engine gives the plain run lighter settings (:data:`.gomoku.PLAIN`). A search cannot read the
clock, so it runs to a node limit: the caller turns the time left into nodes at the rates measured on earlier
calls (:class:`Kernel` keeps them, for CPU and for wall time, compiled and plain apart), and a search that hits the
limit is abandoned (``misc[ABORT]``), the board restored.

Beside the threat searches: a VCF at the alpha-beta's leaves (``leaf_vcf``), tables kept from move to move
(``shared``), double threats first in the move order (``combo``, off by default: it measured worse), and an
evaluation and move order by line patterns (``patterns``, :mod:`.patterns`): each empty cell's pattern in the four
directions for both sides, kept from keys of its eight neighbours a line (only the cells up to four away on the
lines through a stone that comes or goes are classified again), the cells' values summed per side, and the count of
cells of each class; with ``prune``, threat rules on top (an open three is answered on the cells of its fours or by
a four, an open four the other side cannot answer with a four is a win, a free three-three at a leaf half a win).
Off by default, read from the same tables: late-move reductions (``lmr``: a late quiet move searched shallower, and
again in full if it beats alpha), a leaf that reads a four-three of the side to move as a win (``quiesce``), and the
leaf VCF only below beta (``leaf_cut``).

numba compiles the kernels on the first use in a process (about 20 s) and caches them on disk, so later processes
load them in about half a second; :func:`warm` does it ahead, in a thread if asked, and until it is done (or if
compiling fails) the same source loaded a second time without numba (:func:`plain`) plays. A constant passed to a
recursive kernel breaks that cache (the next process crashes loading it), so such values come from Python as
arguments.
"""
from __future__ import annotations

import importlib.util
import sys
import threading
import time

import numpy as np

from .patterns import CLASS_NAMES, FLEX4, FOUR, FOUR_THREE, THREE, THREE_THREE

PLAIN_MODULE = "_gomoku_plain"  # the name this source is loaded under a second time, as plain Python (:func:`plain`)
_nb = None
if __name__.rpartition(".")[2] != PLAIN_MODULE:
    try:  # numba is optional: without it, or where it cannot load, the same functions run as plain Python
        import numba as _nb
    except Exception:  # noqa: BLE001 - ImportError, or an llvmlite that fails to load
        _nb = None

__all__ = ["available", "ready", "warm", "plain", "Kernel", "WIN", "MAX_PLY"]


def _kernel(fn):
    """A search function: compiled by numba when it is here (cached on disk), else the function itself."""
    return _nb.njit(cache=True, nogil=True)(fn) if _nb is not None else fn


WIN = 10**9
MAX_PLY = 60
MAXP = 200          # plies of scratch lists: the deepest threat line plus the alpha-beta plies
TT_BITS = 20        # transposition table entries (2**20: 40 MB)
FAIL_BITS = 18      # entries of each failure table of the threat searches
# slots of the ``misc`` array
HASH, STONES, TURN, NMOVES, NODES, LIMIT, ABORT, STAMP, PVLEN, COMBO, PATTERNS, PRUNE, LEAF_CUT, LMR, QUIESCE = range(15)
LMR_DEPTH = 2  # the least depth left at which a late quiet move is searched shallower
CPU_CLOCK = getattr(time, "thread_time", time.process_time)
NCLASSES = len(CLASS_NAMES)  # the cell classes of :mod:`.patterns`; of them, those that make a four and the three-three
C_THREE, C_FOUR, C_THREE_THREE, C_FOUR_THREE, C_FLEX4 = THREE, FOUR, THREE_THREE, FOUR_THREE, FLEX4
THREE_THREE_WIN = WIN // 2  # a leaf's score where the side to move makes a three-three the other side cannot answer
                            # with a four: almost always a win, but not proven (a block may stop both threes)
COMBO_ATTACK = 40_000   # move-order bonus of a cell where the side to move makes a double threat (above any gain)
COMBO_DEFENCE = 20_000  # and of a cell where the other side would
WALL_SHARE = 0.8    # the share of the wall time left that a search plans to use (the load can change under it)


_warming: list = []  # the thread loading the kernels in the background, once started
_failed: list = []   # set when the kernels failed to compile or run here: the plain ones play from then on
_plain: list = []    # the plain copy of this module, once loaded


def available() -> bool:
    """Whether the compiled searches can be used (numba imported, and they have not failed in this process)."""
    return _nb is not None and not _failed


def ready() -> bool:
    """Whether the compiled searches can be used now without waiting: :func:`available`, and no background
    :func:`warm` still compiling or loading them (until it is done, the plain searches play)."""
    return available() and not (_warming and _warming[0].is_alive())


def failed() -> None:
    """Give up the compiled searches in this process (they raised: numba could not compile them here)."""
    _failed.append(True)


def plain():
    """The module whose functions run as plain Python: this one without numba, else this source loaded once more
    under another name with numba left out (so its functions call each other uncompiled)."""
    if _nb is None:
        return sys.modules[__name__]
    if not _plain:
        name = __name__.rpartition(".")[0] + "." + PLAIN_MODULE
        spec = importlib.util.spec_from_file_location(name, __file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _plain.append(module)
    return _plain[0]


def searches(compiled: bool):
    """The module of the search functions to run: this one compiled, or :func:`plain`."""
    return sys.modules[__name__] if compiled and _nb is not None else plain()


@_kernel
def _put(G, S, c, p, sign):
    wc, cw, cwn, nb, nbn, zob, tab, prm = G[0], G[1], G[2], G[5], G[6], G[7], G[9], G[10]
    cells, st, gain, score, near, members, nmem, where, misc = S[0], S[1], S[2], S[3], S[4], S[5], S[6], S[7], S[8]
    k = prm[2]
    inc = (1 if p == 1 else prm[3]) * sign
    dsx = 0
    dso = 0
    for j in range(cwn[c]):
        wi = cw[c][j]
        s0 = st[wi]
        s1 = s0 + inc
        st[wi] = s1
        dsx += tab[0][s1] - tab[0][s0]
        dso += tab[1][s1] - tab[1][s0]
        dx = tab[2][s1] - tab[2][s0]
        do = tab[3][s1] - tab[3][s0]
        if dx != 0 or do != 0:
            for t in range(k):
                d = wc[wi][t]
                gain[1][d] += dx
                gain[2][d] += do
        c0 = tab[4][s0]
        c1 = tab[4][s1]
        if c0 != c1:
            if c0 != 0:
                i = where[wi]
                last = members[c0][nmem[c0] - 1]
                members[c0][i] = last
                where[last] = i
                nmem[c0] -= 1
            if c1 != 0:
                members[c1][nmem[c1]] = wi
                where[wi] = nmem[c1]
                nmem[c1] += 1
    score[1] += dsx
    score[2] += dso
    for j in range(nbn[c]):
        near[nb[c][j]] += sign
    if misc[PATTERNS] != 0:
        _put_patterns(G, S, c, p, sign)
    cells[c] = p if sign > 0 else 0
    misc[STONES] += sign
    misc[HASH] ^= zob[p][c]


@_kernel
def _reclass(G, S, c):
    """Both sides' line patterns of the empty cell ``c`` from its keys: its class and value, and the sums."""
    pat, ccls, cval = G[12], G[13], G[14]
    pkey, pcls, pval, ptot, pcnt = S[14], S[15], S[16], S[17], S[18]
    for s in range(1, 3):
        i = ((pat[s][pkey[c][0]] * 10 + pat[s][pkey[c][1]]) * 10 + pat[s][pkey[c][2]]) * 10 + pat[s][pkey[c][3]]
        nc = ccls[i]
        nv = cval[i]
        ptot[s] += nv - pval[s][c]
        pcnt[s][pcls[s][c]] -= 1
        pcnt[s][nc] += 1
        pcls[s][c] = nc
        pval[s][c] = nv


@_kernel
def _enter(G, S, c):
    """The empty cell ``c`` joins both sides' sums (as a cell of no class and no value) and is classified."""
    pcls, pval, pcnt = S[15], S[16], S[18]
    for s in range(1, 3):
        pval[s][c] = 0
        pcls[s][c] = 0
        pcnt[s][0] += 1
    _reclass(G, S, c)


@_kernel
def _put_patterns(G, S, c, p, sign):
    """The line-pattern tables after a stone of ``p`` comes to (``sign`` 1) or leaves (-1) ``c``: the keys of
    the cells up to four away in each line, and those of them that are empty classified again."""
    nbr = G[11]
    cells, pkey, pcls, pval, ptot, pcnt = S[0], S[14], S[15], S[16], S[17], S[18]
    if sign > 0:  # the cell leaves the sums (an occupied cell counts for nobody)
        for s in range(1, 3):
            ptot[s] -= pval[s][c]
            pcnt[s][pcls[s][c]] -= 1
    for di in range(4):
        for j in range(8):
            d = nbr[c][di][j]
            if d >= 0:
                pkey[d][di] += sign * (p << (2 * j))  # ``c`` is in the mirrored slot of ``d``'s key
                if cells[d] == 0:
                    _reclass(G, S, d)
    if sign < 0:  # the cell is empty again: it comes back into the sums with its value now
        _enter(G, S, c)


@_kernel
def _init_patterns(G, S):
    """The pattern tables of the empty board (the keys hold only the edges)."""
    n = G[10][0]
    pkey, ptot, pcnt = S[14], S[17], S[18]
    key0 = G[15]
    for c in range(n):
        for di in range(4):
            pkey[c][di] = key0[c][di]
    for s in range(3):
        ptot[s] = 0
        for i in range(len(pcnt[s])):
            pcnt[s][i] = 0
    for c in range(n):
        _enter(G, S, c)


@_kernel
def _play(G, S, c):
    misc, mv, pl = S[8], S[9], S[10]
    p = misc[TURN]
    _put(G, S, c, p, 1)
    mv[misc[NMOVES]] = c
    pl[misc[NMOVES]] = p
    misc[NMOVES] += 1
    misc[TURN] = 3 - p


@_kernel
def _undo(G, S):
    misc, mv, pl = S[8], S[9], S[10]
    misc[NMOVES] -= 1
    c = mv[misc[NMOVES]]
    p = pl[misc[NMOVES]]
    _put(G, S, c, p, -1)
    misc[TURN] = p


@_kernel
def _tick(S):
    misc = S[8]
    misc[NODES] += 1
    if misc[NODES] > misc[LIMIT]:
        misc[ABORT] = 1
    return misc[ABORT] != 0


@_kernel
def _win_cells(G, S, p, out):
    """Empty cells where ``p`` makes ``k`` in a row, into ``out``; their number."""
    wc, k = G[0], G[10][2]
    cells, members, nmem = S[0], S[5], S[6]
    cls = 1 if p == 1 else 3
    n = 0
    for i in range(nmem[cls]):
        wi = members[cls][i]
        for t in range(k):
            d = wc[wi][t]
            if cells[d] == 0:
                dup = False
                for j in range(n):
                    if out[j] == d:
                        dup = True
                        break
                if not dup:
                    out[n] = d
                    n += 1
    return n


@_kernel
def _sort_by_gain(S, p, out, n):
    """Insertion sort of ``out[:n]``: higher gain of ``p`` first, the lower cell first among equals."""
    gain = S[2]
    for i in range(1, n):
        c = out[i]
        g = gain[p][c]
        j = i - 1
        while j >= 0 and (gain[p][out[j]] < g or (gain[p][out[j]] == g and out[j] > c)):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = c


@_kernel
def _cells_of_class(G, S, cls, out, n):
    """Append to ``out[n:]`` the empty cells of the windows of class ``cls`` not yet there; the new length."""
    wc, k = G[0], G[10][2]
    cells, members, nmem, misc, mark = S[0], S[5], S[6], S[8], S[11]
    stamp = misc[STAMP]
    for i in range(nmem[cls]):
        wi = members[cls][i]
        for t in range(k):
            d = wc[wi][t]
            if cells[d] == 0 and mark[d] != stamp:
                mark[d] = stamp
                out[n] = d
                n += 1
    return n


@_kernel
def _four_moves(G, S, p, out):
    """Empty cells where a stone of ``p`` makes a four, best gain first; their number."""
    S[8][STAMP] += 1
    n = _cells_of_class(G, S, 2 if p == 1 else 4, out, 0)
    _sort_by_gain(S, p, out, n)
    return n


@_kernel
def _three_moves(G, S, p, out):
    """Empty cells where ``p`` makes a three that threatens an open four (two windows of a line through the
    cell then two short of ``k``), best gain first; their number."""
    wc, cwd, cwdn, prm = G[0], G[3], G[4], G[10]
    cells, st, misc, mark = S[0], S[1], S[8], S[11]
    k, nw = prm[2], prm[1]
    two = prm[4] if p == 1 else prm[5]
    if two < 0:
        return 0
    misc[STAMP] += 1
    stamp = misc[STAMP]
    n = 0
    for wi in range(nw):
        if st[wi] != two:
            continue
        for t in range(k):
            d = wc[wi][t]
            if cells[d] != 0 or mark[d] == stamp:
                continue
            mark[d] = stamp
            for di in range(4):
                cnt = 0
                for j in range(cwdn[d][di]):
                    if st[cwd[d][di][j]] == two:
                        cnt += 1
                if cnt >= 2:
                    out[n] = d
                    n += 1
                    break
    _sort_by_gain(S, p, out, n)
    return n


@_kernel
def _defences(G, S, a, out):
    """The cells where the defender can answer ``a``'s three: the empty cells of ``a``'s windows two short of
    ``k`` and every cell where the defender makes a four; best gain of the defender first."""
    d = 3 - a
    S[8][STAMP] += 1
    n = _cells_of_class(G, S, 2 if a == 1 else 4, out, 0)
    n = _cells_of_class(G, S, 2 if d == 1 else 4, out, n)
    _sort_by_gain(S, d, out, n)
    return n


@_kernel
def _evaluate(S, p):
    """Static score from ``p``'s side, ``p`` to move (its threats count half as much again: it moves first):
    over the windows' weights, or with ``misc[PATTERNS]`` over the empty cells' pattern values."""
    score = S[17] if S[8][PATTERNS] != 0 else S[3]
    mine = score[p]
    return mine + (mine >> 1) - score[3 - p]


@_kernel
def _threat_entry(G, S, a, depth, ply, fkey, fdep):
    """What a threat search of ``a`` (to move) knows before it searches: ``(verdict, slot, key, block)``, the
    verdict 1 when ``a`` has a five to make (the cell in ``pv[ply]``), 0 when there is nothing to search (the
    node limit, two fours of the defender, no depth left, or the table ``fkey``/``fdep`` has seen this
    position fail at this depth or deeper), -1 to search on; ``block``: the cell the defender's one four
    forces ``a`` to take, or -1."""
    misc, buf, pv = S[8], S[12], S[13]
    if _tick(S) or ply >= MAXP - 3:
        return 0, 0, 0, -1
    if S[6][1 if a == 1 else 3] > 0:
        _win_cells(G, S, a, buf[ply][1])
        pv[ply] = buf[ply][1][0]
        misc[PVLEN] = ply + 1
        return 1, 0, 0, -1
    nd = _win_cells(G, S, 3 - a, buf[ply][1])
    if nd >= 2 or depth <= 0:
        return 0, 0, 0, -1
    key = misc[HASH] ^ G[8][a]
    slot = key & (len(fkey) - 1)
    if fkey[slot] == key and fdep[slot] >= depth:
        return 0, 0, 0, -1
    return -1, slot, key, buf[ply][1][0] if nd == 1 else -1


@_kernel
def vcf(G, S, T, a, depth, ply):
    """1 if ``a`` (to move) wins by continuous fours within ``depth`` attacking moves (the line in
    ``pv[ply:misc[PVLEN]]``), else 0 (also when the node limit stopped it: see ``misc[ABORT]``)."""
    misc, buf, pv = S[8], S[12], S[13]
    fkey, fdep = T[0], T[1]
    verdict, slot, key, block = _threat_entry(G, S, a, depth, ply, fkey, fdep)
    if verdict >= 0:
        return verdict
    cand = buf[ply][0]
    nc = _four_moves(G, S, a, cand)
    for i in range(nc):
        m = cand[i]
        if block >= 0 and m != block:
            continue
        _play(G, S, m)
        na = _win_cells(G, S, a, buf[ply + 1][1])
        if na >= 2:
            _undo(G, S)
            pv[ply] = m
            misc[PVLEN] = ply + 1
            return 1
        if na == 0:
            _undo(G, S)
            continue
        reply = buf[ply + 1][1][0]
        _play(G, S, reply)
        r = vcf(G, S, T, a, depth - 1, ply + 2)
        _undo(G, S)
        _undo(G, S)
        if misc[ABORT] != 0:
            return 0
        if r:
            pv[ply] = m
            pv[ply + 1] = reply
            return 1
    fkey[slot] = key
    fdep[slot] = depth
    return 0


@_kernel
def vct(G, S, T, a, depth, ply, vcf_depth):
    """1 if ``a`` (to move) wins by fours and threes within ``depth`` attacking moves, every block and
    counter-four of the defender tried (the first move in ``pv[ply]``), else 0. Sound, not complete."""
    misc, buf, pv = S[8], S[12], S[13]
    fkey, fdep = T[2], T[3]
    verdict, slot, key, block = _threat_entry(G, S, a, depth, ply, fkey, fdep)
    if verdict >= 0:
        return verdict
    r = vcf(G, S, T, a, min(depth * 2, vcf_depth), ply)
    if misc[ABORT] != 0:
        return 0
    if r:
        return 1
    moves = buf[ply][0]
    nf = _four_moves(G, S, a, moves)
    n = nf
    if block >= 0:
        n = 0
        for i in range(nf):
            if moves[i] == block:
                moves[0] = block
                n = 1
                break
        nf = n
    else:
        threes = buf[ply][2]
        nt = _three_moves(G, S, a, threes)
        for i in range(nt):
            c = threes[i]
            dup = False
            for j in range(nf):
                if moves[j] == c:
                    dup = True
                    break
            if not dup:
                moves[n] = c
                n += 1
    for i in range(n):
        m = moves[i]
        _play(G, S, m)
        na = _win_cells(G, S, a, buf[ply + 1][1])
        if na >= 2:
            _undo(G, S)
            pv[ply] = m
            misc[PVLEN] = ply + 1
            return 1
        if na == 1:
            _play(G, S, buf[ply + 1][1][0])
            r = vct(G, S, T, a, depth - 1, ply + 2, vcf_depth)
            _undo(G, S)
            _undo(G, S)
            if misc[ABORT] != 0:
                return 0
            if r:
                pv[ply] = m
                misc[PVLEN] = ply + 1
                return 1
            continue
        # a three: every block and every counter-four must lose
        defs = buf[ply][3]
        nd2 = _defences(G, S, a, defs)
        ok = nd2 > 0
        for j in range(nd2):
            _play(G, S, defs[j])
            r = vct(G, S, T, a, depth - 1, ply + 2, vcf_depth)
            _undo(G, S)
            if misc[ABORT] != 0:
                _undo(G, S)
                return 0
            if not r:
                ok = False
                break
        _undo(G, S)
        if ok:
            pv[ply] = m
            misc[PVLEN] = ply + 1
            return 1
    fkey[slot] = key
    fdep[slot] = depth
    return 0


@_kernel
def _combo(G, S, c, s):
    """Whether a stone of ``s`` on ``c`` makes two threats at once in different lines: two fours, a four and
    an open three, or two open threes (a four: a window then one short of ``k``; an open three: two windows
    of a line then two short)."""
    cwd, cwdn, prm = G[3], G[4], G[10]
    st = S[1]
    three = prm[6] if s == 1 else prm[7]
    two = prm[4] if s == 1 else prm[5]
    fours = 0
    threes = 0
    for di in range(4):
        n3 = 0
        n2 = 0
        for j in range(cwdn[c][di]):
            v = st[cwd[c][di][j]]
            if v == three:
                n3 += 1
            elif v == two:
                n2 += 1
        if n3 > 0:
            fours += 1
        elif n2 >= 2:
            threes += 1
    return fours >= 2 or (fours >= 1 and threes >= 1) or threes >= 2


@_kernel
def _ordered(G, S, p, first, width, out, ply):
    """The ``width`` best candidates of ``p`` by gain (attack plus half the defence; the lower cell first
    among equals), or with ``misc[PATTERNS]`` by the cells' pattern values (``p``'s plus half the other
    side's), ``first`` (the table's move) in front; their number. With ``misc[PRUNE]`` as well, when the other
    side threatens an open or double four, the candidates are the cells that can answer it: with ``misc[PRUNE]``
    1 all of them (more than ``width`` if there are more), with 3 every block (a cell where that side would make a
    four) and our own fours within the best ``width``, with 2 the best ``width`` of them."""
    n = G[10][0]
    cells, gain, near, buf = S[0], S[2], S[4], S[12]
    cand = buf[ply][2]
    keys = buf[ply][3]
    o = 3 - p
    if S[8][PATTERNS] != 0:  # by the cells' pattern values: a stone's worth to us and to them
        gain = S[16]
    nc = 0
    for c in range(n):
        if near[c] > 0 and cells[c] == 0:
            cand[nc] = c
            keys[nc] = gain[p][c] + (gain[o][c] >> 1)
            nc += 1
    answers = 0
    if S[8][PATTERNS] != 0 and S[8][PRUNE] != 0 and S[18][o][C_FLEX4] > 0:
        # the other side threatens an open four (an open three) or a double four: the only answers are on
        # the cells where it would make a four (every block of such a threat is one) or our own fours, and
        # every one of them is a candidate whatever the width (a block cut by the width is a loss unseen)
        pcls = S[15]
        nc = 0
        for c in range(n):
            if cells[c] == 0:
                a, d = pcls[p][c], pcls[o][c]
                if (a == C_FOUR or a == C_FOUR_THREE or a == C_FLEX4 or d == C_FOUR or d == C_FOUR_THREE
                        or d == C_FLEX4):
                    cand[nc] = c
                    keys[nc] = gain[p][c] + (gain[o][c] >> 1)
                    nc += 1
        if S[8][PRUNE] != 2:
            answers = nc
    if nc == 0:
        for c in range(n):
            if cells[c] == 0:
                cand[nc] = c
                keys[nc] = gain[p][c] + (gain[o][c] >> 1)
                nc += 1
    if S[8][COMBO] != 0:  # a double threat of either side first: ours, then the cells that stop theirs
        for i in range(nc):
            c = cand[i]
            if _combo(G, S, c, p):
                keys[i] += COMBO_ATTACK
            elif _combo(G, S, c, o):
                keys[i] += COMBO_DEFENCE
    take = min(max(width, answers), nc)
    for i in range(take):  # selection of the best: the cells came in order, so ties keep the lower cell
        bi = i
        for j in range(i + 1, nc):
            if keys[j] > keys[bi] or (keys[j] == keys[bi] and cand[j] < cand[bi]):
                bi = j
        kc, kk = cand[bi], keys[bi]
        cand[bi], keys[bi] = cand[i], keys[i]
        cand[i], keys[i] = kc, kk
    m = 0
    if first >= 0 and cells[first] == 0:
        out[0] = first
        m = 1
    blocks_only = answers > 0 and S[8][PRUNE] == 3
    for i in range(take):
        c = cand[i]
        if blocks_only and i >= width:  # past the width only the blocks, not our fours that only delay
            d = S[15][o][c]
            if d != C_FOUR and d != C_FOUR_THREE and d != C_FLEX4:
                continue
        if c != first:
            out[m] = c
            m += 1
    return m  # ``first`` outside the best ``width`` makes the list one longer


@_kernel
def _quiet(S, p, c):
    """Whether ``p``'s stone on ``c`` is a quiet move a late-move reduction may search shallower: it makes no
    three or four of ``p``'s and takes no cell where the other side would make a four or a double threat (its
    blocks). Read from the cell classes of the empty cell."""
    pcls = S[15]
    return pcls[p][c] < C_THREE and pcls[3 - p][c] < C_FOUR


@_kernel
def negamax(G, S, T, depth, alpha, beta, ply, width, leaf_vcf):
    """The alpha-beta value of the position for the side to move (a forced reply costs no depth); with
    ``leaf_vcf`` > 0 a leaf where the side to move has a VCF of that many fours is a win."""
    misc, buf = S[8], S[12]
    side = G[8]
    if _tick(S):
        return 0
    p = misc[TURN]
    if S[6][1 if p == 1 else 3] > 0:
        return WIN - ply
    o = 3 - p
    ow = buf[ply][1]
    no = _win_cells(G, S, o, ow)
    if no >= 2:
        return -(WIN - ply - 1)
    if misc[STONES] >= G[10][0] or S[6][5] > 0:
        return 0
    if no == 1:
        if ply >= MAX_PLY:
            return _evaluate(S, p)
        _play(G, S, ow[0])
        v = -negamax(G, S, T, depth, -beta, -alpha, ply + 1, width, leaf_vcf)
        _undo(G, S)
        return v
    if misc[PATTERNS] != 0 and misc[PRUNE] != 0:
        pcnt = S[18]
        if pcnt[p][C_FLEX4] > 0 and pcnt[o][C_FOUR] + pcnt[o][C_FOUR_THREE] + pcnt[o][C_FLEX4] == 0:
            return WIN - ply - 2  # an open (or double) four the other side cannot answer with a four
    if depth <= 0 or ply >= MAX_PLY:
        if misc[QUIESCE] != 0 and misc[PATTERNS] != 0:
            # the cell classes read as a short VCF: a four-three of the side to move, where the other side has no
            # four to make, wins (the four, its forced block, then the three made an open four)
            pcnt = S[18]
            if pcnt[p][C_FOUR_THREE] > 0 and pcnt[o][C_FOUR] + pcnt[o][C_FOUR_THREE] + pcnt[o][C_FLEX4] == 0:
                return WIN - ply - 4
        # a VCF can only raise a leaf's score: where the static score already reaches ``beta`` the leaf fails
        # high either way, so with ``misc[LEAF_CUT]`` the VCF is searched only below it (the same value)
        if leaf_vcf > 0 and ply < MAX_PLY and (misc[LEAF_CUT] == 0 or _evaluate(S, p) < beta):
            if vcf(G, S, T, p, leaf_vcf, ply):
                return WIN - misc[PVLEN]
            if misc[ABORT] != 0:
                return 0
        if misc[PATTERNS] != 0 and misc[PRUNE] != 0:
            pcnt = S[18]
            if pcnt[p][C_THREE_THREE] > 0 and pcnt[o][C_FOUR] + pcnt[o][C_FOUR_THREE] + pcnt[o][C_FLEX4] == 0:
                return THREE_THREE_WIN - ply  # two open threes at once, and no four to answer them with
        return _evaluate(S, p)
    tkey, tdepth, tflag, tvalue, tmove = T[4], T[5], T[6], T[7], T[8]
    key = misc[HASH] ^ side[p]
    slot = key & (len(tkey) - 1)
    first = -1
    if tkey[slot] == key:
        first = tmove[slot]
        edepth, flag, value = tdepth[slot], tflag[slot], tvalue[slot]
        if edepth >= depth and abs(value) < WIN - 1000:
            if flag == 0:
                return value
            if flag == 1 and value >= beta:
                return value
            if flag == 2 and value <= alpha:
                return value
    moves = buf[ply][0]
    nm = _ordered(G, S, p, first, width if depth > 1 else max(4, width - 2), moves, ply)
    a0 = alpha
    best = -WIN * 2
    best_move = -1
    # late-move reductions: past the first ``misc[LMR]`` moves, a quiet one is searched a ply shallower (two
    # past twice as many and two more) with a null window first, and again at full depth only if it beats
    # alpha (none where the other side threatens an open four: every candidate there is an answer)
    late = nm
    if misc[LMR] > 0 and depth >= LMR_DEPTH and not (misc[PATTERNS] == 0 or S[18][o][C_FLEX4] > 0):
        late = misc[LMR]
    for i in range(nm):
        m = moves[i]
        r = 0
        if i >= late and _quiet(S, p, m):
            r = 2 if i >= 2 * late + 2 and depth >= 3 else 1
        _play(G, S, m)
        if r > 0:
            v = -negamax(G, S, T, depth - 1 - r, -alpha - 1, -alpha, ply + 1, width, leaf_vcf)
            if v > alpha and misc[ABORT] == 0:
                v = -negamax(G, S, T, depth - 1, -beta, -alpha, ply + 1, width, leaf_vcf)
        else:
            v = -negamax(G, S, T, depth - 1, -beta, -alpha, ply + 1, width, leaf_vcf)
        _undo(G, S)
        if misc[ABORT] != 0:
            return 0
        if v > best:
            best = v
            best_move = m
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    tkey[slot] = key
    tdepth[slot] = depth
    tflag[slot] = 1 if best >= beta else (2 if best <= a0 else 0)
    tvalue[slot] = best
    tmove[slot] = best_move
    return best


@_kernel
def root(G, S, T, order, depth, width, leaf_vcf, scores, alpha, beta, ply):
    """One iteration over the root moves ``order`` (the window ``alpha``, ``beta``: the full one, alpha
    raised by each better move): each move's score into ``scores``; the index of the best (-1 if the node
    limit stopped it first). (A constant argument to a recursive kernel breaks numba's cache, so the window
    and the ply come from the caller.)"""
    misc = S[8]
    best = alpha
    bi = -1
    for i in range(len(order)):
        _play(G, S, order[i])
        v = -negamax(G, S, T, depth - 1, -beta, -alpha, ply, width, leaf_vcf)
        _undo(G, S)
        if misc[ABORT] != 0:
            return bi
        scores[i] = v
        if v > best:
            best = v
            bi = i
            if v > alpha:
                alpha = v
    return bi


@_kernel
def refuting(G, S, T, pool, o, use_vct, vcf_depth, vct_depth, safe, ply):
    """How many moves of ``pool`` leave the opponent ``o`` without a VCF (or VCT), written to ``safe`` in
    the order proven (the node limit may stop it: see ``misc[ABORT]``); the threat searches start at ``ply``
    (1: the caller's constant, see ``root``)."""
    misc, buf, cells = S[8], S[12], S[0]
    p = 3 - o
    ns = 0
    for i in range(len(pool)):
        m = pool[i]
        if cells[m] != 0:
            continue
        _play(G, S, m)
        lost = False
        nmine = _win_cells(G, S, p, buf[0][1])
        if S[6][1 if o == 1 else 3] > 0:
            lost = True
        elif nmine >= 2:
            lost = False  # an open or double four: we win first
        elif nmine == 1:
            # a four only delays: the opponent blocks (forced), and then their threat must be gone too
            _play(G, S, buf[0][1][0])
            misc[TURN] = o  # a pass: the opponent attacks again
            if use_vct:
                lost = vct(G, S, T, o, vct_depth, ply, vcf_depth) != 0
            else:
                lost = vcf(G, S, T, o, vcf_depth, ply) != 0
            misc[TURN] = p
            _undo(G, S)
        else:
            if use_vct:
                lost = vct(G, S, T, o, vct_depth, ply, vcf_depth) != 0
            else:
                lost = vcf(G, S, T, o, vcf_depth, ply) != 0
        _undo(G, S)
        if misc[ABORT] != 0:
            return ns
        if not lost:
            safe[ns] = m
            ns += 1
    return ns


def warm(board, background: bool = False) -> None:
    """Load (or compile) every kernel and measure the node rate on ``board`` (a :class:`.gomoku.Board` with a
    few stones, left as it is), so the first real move gets its whole budget (nothing without numba).
    ``background``: in a thread, so the caller is not held up by a first compilation (tens of seconds;
    :func:`ready` says when it is done). :func:`.gomoku.warm_compiled` makes the board."""
    if _nb is None:
        return
    if background:
        if not _warming:
            _warming.append(threading.Thread(target=_warm, args=(board,), name="gomoku-kernels", daemon=True))
            _warming[0].start()
        return
    _warm(board)


def _warm(board) -> None:
    try:
        _warm_up(board)
    except Exception:  # noqa: BLE001 - numba could not compile them here: the plain searches play
        failed()


def _warm_up(board) -> None:
    kern = Kernel(board, tt_bits=12)
    turn = board.turn
    cand = [c for c in range(board.g.n) if not board.cells[c]][:8]
    kern.vcf(turn, 8, nodes=2000)
    kern.vct(turn, 3, 8, nodes=2000)
    kern.refuting(cand[:2], 3 - turn, True, 8, 3, nodes=2000)
    kern.root(cand, 8, 10, 0, nodes=60_000)


def _signed(v: int) -> int:
    return v - (1 << 64) if v >= 1 << 63 else v


_GEO_ARRAYS: dict = {}
_SHARED: dict = {}  # the tables kept from move to move (by board shape): every entry is a fact about a position


def _geometry(g, compiled: bool = True):
    """The board shape's tables as a tuple of arrays, or of (nested) lists for the plain run (built once per
    shape)."""
    got = _GEO_ARRAYS.get((g.h, g.w, g.k, compiled))
    if got is not None:
        return got
    if not compiled:
        got = _GEO_ARRAYS[(g.h, g.w, g.k, False)] = tuple(a.tolist() for a in _geometry(g, True))
        return got
    n, k, nwin = g.n, g.k, len(g.windows)
    wc = np.array(g.windows, dtype=np.int64).reshape(nwin, k)
    cwn = np.array([len(x) for x in g.cw], dtype=np.int64)
    cw = np.zeros((n, max(1, int(cwn.max()))), dtype=np.int64)
    cwd = np.zeros((n, 4, k), dtype=np.int64)
    cwdn = np.zeros((n, 4), dtype=np.int64)
    for c in range(n):
        cw[c, :cwn[c]] = g.cw[c]
        for di in range(4):
            lst = g.cwd[c][di]
            cwdn[c, di] = len(lst)
            cwd[c, di, :len(lst)] = lst
    nbn = np.array([len(x) for x in g.near], dtype=np.int64)
    nb = np.zeros((n, max(1, int(nbn.max()))), dtype=np.int64)
    for c in range(n):
        nb[c, :nbn[c]] = g.near[c]
    zob = np.zeros((3, n), dtype=np.int64)
    for p in (1, 2):
        zob[p] = [_signed(v) for v in g.zob[p]]
    side = np.array([_signed(v) for v in g.side_key], dtype=np.int64)
    tab = np.array([g.sx, g.so, g.gx, g.go, g.cls], dtype=np.int64)
    three = [k - 2, g.m * (k - 2)] if k >= 3 else [-1, -1]  # the window state "k-2 of one side, none of the other"
    prm = np.array([n, nwin, k, g.m, g.two[1], g.two[2], three[0], three[1]], dtype=np.int64)
    # the line patterns: each cell's neighbours up to REACH away in each direction (-1 off the board), the keys
    # of the empty board (the edges: 3 in the slot of a neighbour off the board) and the pattern tables
    from .patterns import REACH, tables
    from .rules import DIRECTIONS

    offsets = [i for i in range(-REACH, REACH + 1) if i]
    nbr = np.full((n, 4, 2 * REACH), -1, dtype=np.int64)
    key0 = np.zeros((n, 4), dtype=np.int64)
    for c in range(n):
        r, col = divmod(c, g.w)
        for di, (dr, dc) in enumerate(DIRECTIONS):
            for j, off in enumerate(offsets):
                rr, cc = r + off * dr, col + off * dc
                if 0 <= rr < g.h and 0 <= cc < g.w:
                    nbr[c, di, j] = rr * g.w + cc
                else:
                    key0[c, di] |= 3 << (2 * (2 * REACH - 1 - j))
    pat, ccls, cval = tables()
    got = _GEO_ARRAYS[(g.h, g.w, g.k, True)] = (wc, cw, cwn, cwd, cwdn, nb, nbn, zob, side, tab, prm, nbr, pat, ccls,
                                          cval, key0)
    return got


class Kernel:
    """The searches on a copy of a :class:`.gomoku.Board`, compiled or plain (``compiled``: None compiles them if
    :func:`available`, False runs :func:`plain`). Each search runs to a node limit given in CPU and wall seconds at
    the rates measured (``rates``, shared by the process, compiled and plain apart); it returns None when the limit
    stopped it (the board is then as before the call). ``shared``: a key (the searches' settings, which
    the entries depend on) under which the transposition and failure tables are kept from one move to the next
    (an entry is keyed by the whole position, so it stays true, and the next move's search starts with the last
    one's knowledge); None: tables of its own, empty. ``combo``: the alpha-beta orders first (and always keeps
    within its width) the cells where either side makes a double threat (:func:`_combo`); off, the candidates
    are the best by gain alone. ``patterns``: the alpha-beta evaluates and orders by the line patterns
    (kept move by move; off, they are not kept), and with ``prune`` applies the threat rules (see above);
    ``values``: the cells' value set (:data:`.patterns.VALUES`). ``leaf_cut``: a leaf VCF is searched only where
    the leaf's static score is below ``beta`` (a VCF can only raise it; off: at every leaf, the same values).
    ``lmr`` (with ``patterns``): late-move reductions, past the first ``lmr`` moves of a node at least
    ``LMR_DEPTH`` deep a quiet move (:func:`_quiet`) is searched a ply shallower with a null window, and again at
    full depth if it beats alpha; 0: none. ``quiesce`` (with ``patterns``): a leaf where the side to move makes a
    four-three and the other side no four scores as a win before any leaf VCF is searched."""

    # nodes a CPU second and a wall second (lower on a busy machine), compiled (True) and plain: cautious first
    # guesses, which every long enough search updates
    rates = {True: [300_000.0, 300_000.0], False: [15_000.0, 15_000.0]}

    def __init__(self, board, tt_bits: int = TT_BITS, shared=None, combo: bool = False, patterns: bool = False,
                 prune: int = 0, values: str = "guessed", compiled: bool | None = None, leaf_cut: bool = False,
                 lmr: int = 0, quiesce: bool = False):
        self.compiled = available() if compiled is None else bool(compiled and _nb is not None)
        self.fn = searches(self.compiled)
        g = board.g
        self.g = g
        self.G = _geometry(g, self.compiled)
        if values != "guessed":  # another value set for the cells (the same patterns and classes)
            from .patterns import tables

            self.G = self.G[:14] + (self._array(tables(values)[2]),) + self.G[15:]
        n, nwin = g.n, len(g.windows)
        S = (np.zeros(n, np.int64), np.zeros(nwin, np.int64), np.zeros((3, n), np.int64), np.zeros(3, np.int64),
             np.zeros(n, np.int64), np.zeros((6, nwin), np.int64), np.zeros(6, np.int64), np.zeros(nwin, np.int64),
             np.zeros(16, np.int64), np.zeros(n + 1, np.int64), np.zeros(n + 1, np.int64), np.zeros(n, np.int64),
             np.zeros((MAXP, 4, n + 1), np.int64), np.zeros(MAXP, np.int64), np.zeros((n, 4), np.int64),
             np.zeros((3, n), np.int64), np.zeros((3, n), np.int64), np.zeros(3, np.int64),
             np.zeros((3, NCLASSES), np.int64))
        S[2][1, :] = [sum(g.gx[0] for _ in g.cw[c]) for c in range(n)]
        S[2][2, :] = [sum(g.go[0] for _ in g.cw[c]) for c in range(n)]
        self.S = S if self.compiled else tuple(a.tolist() for a in S)
        misc = self.S[8]
        key = (g.h, g.w, g.k, tt_bits, shared, self.compiled)
        self.T = _SHARED.get(key) if shared is not None else None
        if self.T is None:  # the two failure tables (keys, depths), the transposition table (key, depth, flag,
            # value, move)
            self.T = tuple(self._zeros(1 << FAIL_BITS) for _ in range(4)) + tuple(self._zeros(1 << tt_bits)
                                                                                 for _ in range(5))
            if shared is not None:
                _SHARED.clear()  # one set of tables a process (40 MB)
                _SHARED[key] = self.T
        if patterns:
            misc[PATTERNS] = 1
            misc[PRUNE] = int(prune)
            self.fn._init_patterns(self.G, self.S)
        for c, p in enumerate(board.cells):  # the stones in cell order (the order played does not matter)
            if p:
                misc[TURN] = p
                self.fn._play(self.G, self.S, c)
        misc[TURN] = board.turn
        misc[COMBO] = 1 if combo else 0
        misc[LEAF_CUT] = 1 if leaf_cut else 0
        misc[LMR] = int(lmr)
        misc[QUIESCE] = 1 if quiesce else 0
        self.nodes = 0

    def _zeros(self, n: int):
        """``n`` zeros for the searches: an array to compile against, a list for the plain run."""
        return np.zeros(n, np.int64) if self.compiled else [0] * n

    def _array(self, values):
        return np.asarray(values, dtype=np.int64) if self.compiled else [int(v) for v in values]

    # ----- the position -----
    @property
    def turn(self) -> int:
        return int(self.S[8][TURN])

    @turn.setter
    def turn(self, p: int) -> None:
        self.S[8][TURN] = p

    def play(self, c: int) -> None:
        self.fn._play(self.G, self.S, c)

    def undo(self) -> None:
        self.fn._undo(self.G, self.S)

    def cells(self) -> list:
        return [int(v) for v in self.S[0]]

    def win_cells(self, p: int) -> list:
        out = self._zeros(self.g.n + 1)
        return [int(v) for v in out[:self.fn._win_cells(self.G, self.S, p, out)]]

    def four_moves(self, p: int) -> list:
        out = self._zeros(self.g.n + 1)
        return [int(v) for v in out[:self.fn._four_moves(self.G, self.S, p, out)]]

    def three_moves(self, p: int) -> list:
        out = self._zeros(self.g.n + 1)
        return [int(v) for v in out[:self.fn._three_moves(self.G, self.S, p, out)]]

    def ordered(self, p: int, width: int) -> list:
        """The alpha-beta's move order for ``p``: its ``width`` best candidates (see :func:`_ordered`)."""
        out = self._zeros(self.g.n + 1)
        return [int(v) for v in out[:self.fn._ordered(self.G, self.S, p, -1, width, out, 0)]]

    def pattern_tables(self) -> tuple:
        """Copies of the line-pattern tables: the keys, both sides' classes and values of the cells (stale on
        occupied ones), the sums of the values over the empty cells, the count of empty cells by class."""
        return tuple(np.array(self.S[i], dtype=np.int64) for i in range(14, 19))

    def combo_cells(self, s: int) -> list:
        """The empty cells where a stone of ``s`` makes a double threat (see :func:`_combo`)."""
        return [c for c in range(self.g.n) if not self.S[0][c] and self.fn._combo(self.G, self.S, c, s)]

    # ----- searches within a node limit -----
    def _call(self, seconds, nodes: int | None, fn, *args):
        """``fn(*args)`` within ``nodes`` and ``seconds`` (None, or a pair: CPU seconds and wall seconds, each
        turned into nodes at the rate measured for that clock): (its result, whether the limit stopped it)."""
        misc = self.S[8]
        limit = nodes if nodes is not None else 1 << 60
        rate = Kernel.rates[self.compiled]
        if seconds is not None:
            cpu, wall = seconds
            limit = min(limit, max(1000, int(min(cpu * rate[0], wall * WALL_SHARE * rate[1]))))
        misc[NODES] = 0
        misc[LIMIT] = limit
        misc[ABORT] = 0
        length, turn = int(misc[NMOVES]), int(misc[TURN])
        t0, w0 = CPU_CLOCK(), time.perf_counter()
        r = fn(*args)
        dt, dw = CPU_CLOCK() - t0, time.perf_counter() - w0
        done = int(misc[NODES])
        self.nodes += done
        if done >= (20000 if self.compiled else 1000) and dt > 0.005 and dw > 0.005:
            rate[0] = 0.7 * rate[0] + 0.3 * done / dt
            rate[1] = 0.7 * rate[1] + 0.3 * done / dw
        stopped = bool(misc[ABORT] != 0)
        misc[ABORT] = 0
        assert int(misc[NMOVES]) == length
        misc[TURN] = turn
        return r, stopped

    def vcf(self, a: int, depth: int, seconds=None, nodes: int | None = None):
        """``a``'s VCF line (a list of cells, the defender's forced replies between) or [] if none was found,
        None if the limit stopped the search."""
        turn = self.turn
        self.turn = a
        try:
            r, stopped = self._call(seconds, nodes, self.fn.vcf, self.G, self.S, self.T, a, depth, 0)
        finally:
            self.turn = turn
        if stopped:
            return None
        return [int(v) for v in self.S[13][:self.S[8][PVLEN]]] if r else []

    def vct(self, a: int, depth: int, vcf_depth: int, seconds=None, nodes: int | None = None):
        """``a``'s first move of a VCT as a one-item list, [] if none was found, None if stopped."""
        turn = self.turn
        self.turn = a
        try:
            r, stopped = self._call(seconds, nodes, self.fn.vct, self.G, self.S, self.T, a, depth, 0, vcf_depth)
        finally:
            self.turn = turn
        if stopped:
            return None
        return [int(self.S[13][0])] if r else []

    def refuting(self, pool, o: int, use_vct: bool, vcf_depth: int, vct_depth: int, seconds=None,
                 nodes: int | None = None) -> tuple:
        """(the moves of ``pool`` after which ``o`` has no VCF (or VCT), in order, as many as were proven before
        the limit; whether the limit stopped it)."""
        safe = self._zeros(len(pool) + 1)
        ns, stopped = self._call(seconds, nodes, self.fn.refuting, self.G, self.S, self.T, self._array(pool),
                                 o, use_vct, vcf_depth, vct_depth, safe, 1)
        return [int(v) for v in safe[:ns]], stopped

    def negamax(self, depth: int, width: int, leaf_vcf: int = 0) -> int:
        """The fixed-depth alpha-beta value for the side to move (no limit: for tests)."""
        return self._call(None, None, self.fn.negamax, self.G, self.S, self.T, depth, -WIN * 2, WIN * 2, 0, width,
                          leaf_vcf)[0]

    def root(self, order, depth: int, width: int, leaf_vcf: int, seconds=None, nodes: int | None = None):
        """One iteration over the root moves: (index of the best, the scores, whether the limit stopped it); a
        stopped iteration gives the index of the best of the moves it finished (-1 if none)."""
        scores = self._array([-WIN * 2] * len(order))
        bi, stopped = self._call(seconds, nodes, self.fn.root, self.G, self.S, self.T, self._array(order),
                                 depth, width, leaf_vcf, scores, -WIN * 2, WIN * 2, 1)
        return int(bi), [int(v) for v in scores], stopped
