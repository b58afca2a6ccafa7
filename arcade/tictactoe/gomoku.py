"""Gomoku (and every m,n,k board too big to solve): threat search and alpha-beta over incremental patterns. Pure.

The board is seen as its *windows*: every run of ``k`` cells in a row (572 on 15x15 with k=5). A window holding
stones of one side only is that side's chance; with both it is dead. The evaluation is a sum over windows of a
weight by the number of stones in them (one, two, three, four of five ...), for both sides; an open three lies in
three windows, a closed one in one, an open four in two, so the patterns (five, open four, four, open three, broken
three, open two ...) fall out of the window counts. Everything is kept up to date move by move (about 20 windows
touch a cell):

* each window's counts, the evaluation of both sides, a Zobrist hash;
* for every cell and side, the *gain* of a stone there: what it adds to that side's windows plus what it takes
  from the other side's (attack + defence), the move-ordering score;
* each side's windows one stone short of ``k`` (its *fours*: the empty cell wins) and two short (its *threes*:
  their empty cells make a four), the raw material of the threat search;
* how many stones lie near each cell (the candidate moves are the empty cells within two of a stone).

A move is chosen by, in order: an immediate win; a forced block; a VCF (victory by continuous fours: every attacking
move makes a four, so every reply is forced); a defence against the opponent's VCF; a VCT (fours and threes, the
defender's every block and counter-four tried); and an iterative-deepening negamax alpha-beta with a transposition
table, principal-variation ordering, narrow candidate lists ordered by gain, and forced replies searched without
using up depth, within a time budget (default 1 s of the search's CPU time, never more than 2.5 times that in
wall time) or to a fixed depth (deterministic, for tests).

The searches themselves are written once, in :mod:`.gomoku_jit`, over arrays: compiled with numba where it can
load them, run as the same functions in plain Python where it cannot (some tens of times slower, so with the lighter
settings :data:`PLAIN`: the windows' evaluation, shallower threat searches). Compiled (:data:`COMPILED`) they add a
VCF check at the alpha-beta's leaves and, by default, an evaluation and move order by line patterns
(:mod:`.patterns`: each empty cell's open fours, fours, open threes ... per direction, combined into four-threes,
three-threes and double fours) with threat rules; ``Engine(eval="windows")`` plays the windows' evaluation there
too, ``Engine(compiled=False)`` the plain run. This module keeps the position (:class:`Board`), the decision
between the searches and the levels.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

__all__ = ["Board", "Engine", "Result", "LEVELS", "think", "warm_compiled", "WIN"]

WIN = 10**9
MAX_PLY = 60
SAFETY = 0.85  # the share of the budget the engine plans to use (a node limit from a measured rate can overrun)
WALL_CAP = 2.5  # the budget is the search's own CPU time, but never more than this many times it in wall time
CPU_CLOCK = getattr(time, "thread_time", time.process_time)
LEVELS = ("easy", "medium", "hard", "perfect")
# The searches' settings, for each way they run: the threat searches' depths (attacking moves) and the alpha-beta's
# leaf VCF; ``eval``, the alpha-beta's evaluation and move order: "windows" (the windows' weights and gains) or
# "patterns" (the cells' line patterns, :mod:`.patterns`); ``prune`` (with the patterns): the threat rules (against
# an open three or a double-four threat only the cells that answer it are searched: with 1 all of them whatever the
# width, with 2 the best ``width`` of them, with 3 every block and our own fours within the width; an open four the
# other side cannot answer with a four is a win, a three-three it cannot answer with a four is half a win at a leaf:
# :mod:`.gomoku_jit`); ``spend``: the alpha-beta starts another iteration whenever time is left (a move that beats
# the best in the part it finishes is played) instead of stopping when the last one's time, times the growth, would
# not fit; ``caps``: the threat searches' node caps at a fixed depth, as a multiple of the plain run's; ``floor``:
# a timed alpha-beta finishes the iterations to this depth whatever CPU time the threat searches left it (within
# FLOOR_NODES, and never past a hard ``wall``: a tournament's time a move), so a move never rests on a depth-2 look
# because the clock ran short on a busy machine. The plain run (Python without numba, some tens of times slower)
# gets lighter settings: the windows' evaluation, shallower threat searches, no leaf VCFs. ``lmr`` (with the
# patterns, so compiled only in effect): late-move reductions past the first ``lmr`` moves of a node (0: none);
# ``leaf_cut``: a leaf VCF only where the leaf's static score is below beta; ``quiesce``: a leaf where the side to
# move makes a four-three (and the other side no four) is a win without a VCF (:class:`.gomoku_jit.Kernel`)
PLAIN = {"vcf_depth": 12, "vct_depth": 4, "leaf_vcf": 0, "widen": 0, "combo": 0, "eval": "windows", "prune": 0,
         "spend": 0, "values": "guessed", "caps": 1, "floor": 0, "lmr": 0, "leaf_cut": 0, "quiesce": 0}
COMPILED = {"vcf_depth": 16, "vct_depth": 6, "leaf_vcf": 8, "widen": 2, "combo": 0, "eval": "patterns", "prune": 1,
            "spend": 1, "values": "guessed", "caps": 10, "floor": 4, "lmr": 0, "leaf_cut": 0, "quiesce": 0}
FLOOR_NODES = 20_000  # the node cap of an iteration within the floor, times the settings' ``caps``
FLOOR_CPU = 1e6  # the CPU seconds an iteration within the floor may take: no limit but the node cap and ``wall``
EVALS = ("windows", "patterns")


class _Geo:
    """Windows, neighbourhoods, Zobrist keys and pattern tables of one board shape."""

    def __init__(self, h: int, w: int, k: int):
        from .rules import DIRECTIONS

        self.h, self.w, self.k = h, w, k
        n = self.n = h * w
        self.windows: list[tuple[int, ...]] = []
        self.cw: list[list[int]] = [[] for _ in range(n)]
        self.cwd: list[list[list[int]]] = [[[] for _ in DIRECTIONS] for _ in range(n)]  # by direction
        for r in range(h):
            for c in range(w):
                for di, (dr, dc) in enumerate(DIRECTIONS):
                    er, ec = r + (k - 1) * dr, c + (k - 1) * dc
                    if 0 <= er < h and 0 <= ec < w:
                        wi = len(self.windows)
                        cells = tuple((r + i * dr) * w + c + i * dc for i in range(k))
                        self.windows.append(cells)
                        for cell in cells:
                            self.cw[cell].append(wi)
                            self.cwd[cell][di].append(wi)
        self.near = []
        for r in range(h):
            for c in range(w):
                self.near.append([rr * w + cc for rr in range(max(0, r - 2), min(h, r + 3))
                                  for cc in range(max(0, c - 2), min(w, c + 3)) if (rr, cc) != (r, c)])
        rnd = random.Random(0x60A0 + 1000 * h + 10 * w + k)
        self.zob = [None, [rnd.getrandbits(64) for _ in range(n)], [rnd.getrandbits(64) for _ in range(n)]]
        self.side_key = [0, rnd.getrandbits(64), rnd.getrandbits(64)]
        # window state s = x + m * o (x, o: the stones of X and O in it)
        m = self.m = k + 1
        weights = [0] * (k + 1)
        for i in range(1, k):
            weights[i] = 10 ** i // 10 * 2 if i > 1 else 2  # 2, 20, 200, 2000 ... for 1, 2, 3, 4 stones (k=5)
        weights[k] = WIN // 1000
        self.weights = weights
        size = m * m
        self.sx = [0] * size   # X's weight of the window
        self.so = [0] * size   # O's
        self.gx = [0] * size   # gain of an X stone in the window (attack + defence)
        self.go = [0] * size
        self.cls = [0] * size  # 1: X four, 2: X three, 3: O four, 4: O three, 5: a five (either)
        for x in range(k + 1):
            for o in range(k + 1 - x):
                s = x + m * o
                if o == 0 and x:
                    self.sx[s] = weights[x]
                if x == 0 and o:
                    self.so[s] = weights[o]
                if o == 0 and x < k:
                    self.gx[s] = weights[x + 1] - weights[x] + 0
                if x == 0 and o:
                    self.gx[s] += weights[o]
                if x == 0 and o < k:
                    self.go[s] = weights[o + 1] - weights[o]
                if o == 0 and x:
                    self.go[s] += weights[x]
                if x == k or o == k:
                    self.cls[s] = 5
                elif o == 0 and x == k - 1:
                    self.cls[s] = 1
                elif o == 0 and x == k - 2 and x > 0:
                    self.cls[s] = 2
                elif x == 0 and o == k - 1:
                    self.cls[s] = 3
                elif x == 0 and o == k - 2 and o > 0:
                    self.cls[s] = 4
        self.two = [0, k - 3, m * (k - 3)] if k >= 3 else [0, -1, -1]  # the state "k-3 of mine, none of theirs"


_GEOS: dict = {}


def _geo(h: int, w: int, k: int) -> _Geo:
    g = _GEOS.get((h, w, k))
    if g is None:
        g = _GEOS[(h, w, k)] = _Geo(h, w, k)
    return g


class Board:
    """A position with its incremental pattern tables. ``play(cell)`` / ``undo()``; players are 1 (X) and 2 (O)."""

    def __init__(self, h: int, w: int, k: int):
        g = self.g = _geo(h, w, k)
        n = g.n
        self.cells = [0] * n
        self.st = [0] * len(g.windows)
        self.gain = [None, [0] * n, [0] * n]
        for wi, cells in enumerate(g.windows):
            for c in cells:
                self.gain[1][c] += g.gx[0]
                self.gain[2][c] += g.go[0]
        self.score = [0, 0, 0]  # sum of window weights per side
        self.near = [0] * n
        self.hash = 0
        self.sets = [set(), set(), set(), set(), set()]  # by class: 1 X fours, 2 X threes, 3 O fours, 4 O threes
        self.fives = 0
        self.moves: list[int] = []
        self.players: list[int] = []
        self.stones = 0
        self.turn = 1

    @classmethod
    def from_rows(cls, rows, k: int) -> "Board":
        h, w = len(rows), len(rows[0])
        b = cls(h, w, k)
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != ".":
                    b._put(r * w + c, 1 if ch == "X" else 2, 1)
        xs = sum(row.count("X") for row in rows)
        os_ = sum(row.count("O") for row in rows)
        b.turn = 1 if xs == os_ else 2
        return b

    def _put(self, c: int, p: int, sign: int) -> None:
        g = self.g
        st = self.st
        gx, go = self.gain[1], self.gain[2]
        GX, GO, SX, SO, CLS = g.gx, g.go, g.sx, g.so, g.cls
        windows = g.windows
        sets = self.sets
        inc = (1 if p == 1 else g.m) * sign
        dsx = dso = 0
        for wi in g.cw[c]:
            s0 = st[wi]
            s1 = s0 + inc
            st[wi] = s1
            dsx += SX[s1] - SX[s0]
            dso += SO[s1] - SO[s0]
            dx = GX[s1] - GX[s0]
            do = GO[s1] - GO[s0]
            if dx or do:
                for d in windows[wi]:
                    gx[d] += dx
                    go[d] += do
            c0 = CLS[s0]
            c1 = CLS[s1]
            if c0 != c1:
                if c0 == 5:
                    self.fives -= 1
                elif c0:
                    sets[c0].discard(wi)
                if c1 == 5:
                    self.fives += 1
                elif c1:
                    sets[c1].add(wi)
        self.score[1] += dsx
        self.score[2] += dso
        near = self.near
        for d in g.near[c]:
            near[d] += sign
        self.cells[c] = p if sign > 0 else 0
        self.stones += sign
        self.hash ^= g.zob[p][c]

    def play(self, c: int) -> None:
        p = self.turn
        self._put(c, p, 1)
        self.moves.append(c)
        self.players.append(p)
        self.turn = 3 - p

    def undo(self) -> None:
        c = self.moves.pop()
        p = self.players.pop()
        self._put(c, p, -1)
        self.turn = p

    def rewind(self, length: int, turn: int) -> None:
        """Take moves back until ``length`` are left, then give ``turn`` the move (after an interrupted search)."""
        while len(self.moves) > length:
            self.undo()
        self.turn = turn

    # ----- threats -----
    def win_cells(self, p: int) -> list[int]:
        """Empty cells where ``p`` makes ``k`` in a row."""
        out = []
        cells = self.cells
        windows = self.g.windows
        for wi in self.sets[1 if p == 1 else 3]:
            for d in windows[wi]:
                if not cells[d] and d not in out:
                    out.append(d)
        return out

    def four_moves(self, p: int) -> list[int]:
        """Empty cells where a stone of ``p`` makes a four (a window one short of ``k``), best gain first."""
        gain = self.gain[p]
        return sorted(self._threes_empty(p), key=lambda d: -gain[d])

    def _threes_empty(self, p: int) -> set[int]:
        """The empty cells of ``p``'s threes (windows two short of ``k``)."""
        out = set()
        cells = self.cells
        windows = self.g.windows
        for wi in self.sets[2 if p == 1 else 4]:
            for d in windows[wi]:
                if not cells[d]:
                    out.add(d)
        return out

    def three_moves(self, p: int) -> list[int]:
        """Empty cells where ``p`` makes a three that threatens an open four: a line through the cell in which at
        least two windows would then be two short of ``k`` (open and broken threes, not closed ones)."""
        g = self.g
        two = g.two[p]
        if two < 0:
            return []
        st = self.st
        cells = self.cells
        seen = set()
        out = []
        for wi in self._two_windows(p):
            for d in g.windows[wi]:
                if cells[d] or d in seen:
                    continue
                seen.add(d)
                for dirs in g.cwd[d]:
                    n = 0
                    for wj in dirs:
                        if st[wj] == two:
                            n += 1
                    if n >= 2:
                        out.append(d)
                        break
        gain = self.gain[p]
        out.sort(key=lambda d: -gain[d])
        return out

    def _two_windows(self, p: int) -> list[int]:
        """Windows holding ``k - 3`` stones of ``p`` and none of the other side (all empty ones when k = 3)."""
        two = self.g.two[p]
        st = self.st
        if two == 0:
            return [wi for wi in range(len(st)) if st[wi] == 0]
        g = self.g
        found = set()
        for c in self.moves_on_board(p):
            for wi in g.cw[c]:
                if st[wi] == two:
                    found.add(wi)
        return list(found)

    def moves_on_board(self, p: int) -> list[int]:
        cells = self.cells
        return [c for c in range(len(cells)) if cells[c] == p]

    def three_defences(self, p: int) -> list[int]:
        """Empty cells of ``p``'s windows two short of ``k`` (where a block can stop an open four): the cells of
        :meth:`four_moves`, in no order."""
        return list(self._threes_empty(p))

    def candidates(self) -> list[int]:
        cells, near = self.cells, self.near
        return [c for c in range(len(cells)) if near[c] and not cells[c]]

    def evaluate(self, p: int) -> int:
        """Static score from ``p``'s side, ``p`` to move (its threats count half as much again: it moves first)."""
        mine, theirs = self.score[p], self.score[3 - p]
        return mine + (mine >> 1) - theirs


@dataclass
class Result:
    move: int
    score: int = 0
    depth: int = 0
    nodes: int = 0
    elapsed: float = 0.0
    reason: str = ""   # "win", "block", "vcf", "defend-vcf", "vct", "search", "only", "opening", "random"
    pv: list = field(default_factory=list)


class Engine:
    """One move decision. ``budget``: seconds (None: no clock); ``depth``: the deepest alpha-beta iteration;
    ``compiled``: None runs the searches compiled if they are loaded or can load now (else plain), False plain,
    True waits for them; ``vcf_depth``, ``vct_depth``, ``leaf_vcf``, ``widen``, ``combo``, ``eval``, ``prune``,
    ``spend``, ``values``, ``caps``, ``floor``, ``lmr``, ``leaf_cut``, ``quiesce``: None takes the defaults of the way
    the searches run (:data:`COMPILED`, :data:`PLAIN`); ``values``: the patterns' cell values
    (:data:`.patterns.VALUES`: ``guessed``, the default, or ``fitted``)."""

    def __init__(self, board: Board, budget: float | None = 1.0, depth: int | None = None, width: int = 10,
                 vcf_depth: int | None = None, vct_depth: int | None = None, use_vct: bool = True,
                 defend: bool = True, rng: random.Random | None = None, wall: float | None = None,
                 compiled: bool | None = None, leaf_vcf: int | None = None, widen: int | None = None,
                 combo: int | None = None, eval: str | None = None, prune: int | None = None,
                 spend: int | None = None, values: str | None = None, caps: int | None = None,
                 floor: int | None = None, lmr: int | None = None, leaf_cut: int | None = None,
                 quiesce: int | None = None):
        if eval is not None and eval not in EVALS:
            raise ValueError(f"eval is one of {', '.join(EVALS)}, got {eval!r}")
        if values is not None:
            from .patterns import VALUES

            if values not in VALUES:
                raise ValueError(f"values is one of {', '.join(VALUES)}, got {values!r}")
        self.b = board
        # compiled (numba) when the searches are loaded or can load now (not while a background warm-up compiles
        # them), unless ``compiled`` is False; True waits for them
        from . import gomoku_jit

        if compiled is None or compiled:
            compiled = gomoku_jit.available() if compiled else gomoku_jit.ready()
        self.given = {"vcf_depth": vcf_depth, "vct_depth": vct_depth, "leaf_vcf": leaf_vcf, "widen": widen,
                      "combo": combo, "eval": eval, "prune": prune, "spend": spend, "values": values, "caps": caps,
                      "floor": floor, "lmr": lmr, "leaf_cut": leaf_cut, "quiesce": quiesce}
        self._settle(bool(compiled))
        self.wall = wall  # a hard ceiling in wall seconds (a tournament's time a move), under the usual cap
        self.budget = budget * SAFETY if budget is not None else None
        self.max_depth = depth if depth is not None else 30
        self.width = width
        self.use_vct = use_vct
        self.defend = defend
        self.rng = rng
        self.nodes = 0
        self.wall_deadline = None
        self.kernel = None

    def _settle(self, compiled: bool) -> None:
        """The settings for the way the searches run: each one given, else that way's default."""
        self.compiled = compiled
        defaults = COMPILED if compiled else PLAIN
        for name, value in self.given.items():
            setattr(self, name, defaults[name] if value is None else value)
        if self.eval != "patterns":
            self.prune = 0  # the threat rules read the patterns

    # ----- the decision -----
    def choose(self) -> Result:
        b = self.b
        # The budget counts the CPU time this search gets, so a machine busy with other work slows the answer
        # (up to WALL_CAP times the budget) instead of weakening it; on an idle machine the two clocks agree.
        self.wall0 = time.perf_counter()
        self.t0 = CPU_CLOCK()
        self.wall_deadline = self.wall0 + (self.budget / SAFETY) * WALL_CAP if self.budget is not None else None
        if self.wall is not None and self.wall_deadline is not None:
            self.wall_deadline = min(self.wall_deadline, self.wall0 + self.wall)
        p = b.turn
        res = self._decide(p, 3 - p)
        if self.kernel is not None:
            self.nodes += self.kernel.nodes
        res.nodes = self.nodes
        res.elapsed = time.perf_counter() - self.wall0
        return res

    def _decide(self, p: int, o: int) -> Result:
        early = self._obvious(p, o)
        if early is not None:
            return early
        if self.compiled:
            try:
                return self._search(p, o)
            except Exception:  # noqa: BLE001 - numba could not compile the searches here: they run plain
                from . import gomoku_jit

                gomoku_jit.failed()
                self.kernel = None
                self._settle(False)
        return self._search(p, o)

    def _obvious(self, p: int, o: int) -> Result | None:
        """The opening move, the last empty cell, a win in one or a forced block; else None."""
        b = self.b
        if not b.stones:
            g = b.g
            return Result(move=(g.h // 2) * g.w + g.w // 2, reason="opening")
        empty = [c for c in range(len(b.cells)) if not b.cells[c]]
        if len(empty) == 1:
            return Result(move=empty[0], reason="only")
        mine = b.win_cells(p)
        if mine:
            return Result(move=mine[0], score=WIN, reason="win")
        theirs = b.win_cells(o)
        if theirs:
            theirs.sort(key=lambda c: -b.gain[p][c])
            return Result(move=theirs[0], score=-WIN if len(theirs) > 1 else 0, reason="block")
        return None

    def _left(self, share: float) -> tuple | None:
        """Seconds of search left until ``share`` of the budget: (CPU seconds, wall seconds to the ceiling)."""
        if self.budget is None:
            return None
        cpu = self.t0 + self.budget * share - CPU_CLOCK()
        wall = self.wall_deadline - time.perf_counter()
        return max(0.0, min(cpu, wall)), max(0.0, wall)

    def _cap(self, nodes: int) -> int | None:
        """A node cap for a threat search, ``nodes`` times the settings' ``caps``: fixed when there is no clock
        (deterministic), else none."""
        return nodes * self.caps if self.budget is None else None

    def _search(self, p: int, o: int) -> Result:
        """A VCF; the moves that stop the opponent's VCF; a VCT; the moves that stop the opponent's VCT; the
        alpha-beta over the moves left (see the module docstring)."""
        from .gomoku_jit import Kernel

        b = self.b
        # a timed search keeps the tables of the last move's (a fixed depth stays a function of the position)
        shared = (self.vcf_depth, self.vct_depth, self.width, self.leaf_vcf) if self.budget is not None else None
        settings = (self.combo, self.eval, self.prune, self.values, self.lmr, self.leaf_cut, self.quiesce)
        k = self.kernel = Kernel(b, shared=shared + settings if shared else None, combo=bool(self.combo),
                                 patterns=self.eval == "patterns", prune=int(self.prune), values=self.values,
                                 compiled=self.compiled, leaf_cut=bool(self.leaf_cut), lmr=int(self.lmr),
                                 quiesce=bool(self.quiesce))
        r = k.vcf(p, self.vcf_depth, self._left(0.15), self._cap(30000))
        if r:
            return Result(move=r[0], score=WIN, reason="vcf", pv=r)
        root = k.ordered(p, max(self.width * 2, 16))
        reason = "search"
        if self.defend:  # the opponent's VCF: keep only the moves that stop it (if any do)
            threat = k.vcf(o, self.vcf_depth, self._left(0.25), self._cap(30000))
            if threat:
                pool = list(dict.fromkeys([c for c in threat if not b.cells[c]] + b.four_moves(p) + root))
                safe, _ = k.refuting(pool, o, False, self.vcf_depth, self.vct_depth, self._left(0.4),
                                     self._cap(60000))
                if safe:
                    root, reason = safe, "defend-vcf"
        if self.use_vct and reason == "search":
            r = k.vct(p, self.vct_depth, self.vcf_depth, self._left(0.25), self._cap(20000))
            if r:
                return Result(move=r[0], score=WIN, reason="vct", pv=r)
            if self.defend:  # the opponent's VCT, likewise
                threat = k.vct(o, self.vct_depth, self.vcf_depth, self._left(0.35), self._cap(20000))
                if threat:
                    pool = list(dict.fromkeys([c for c in threat if not b.cells[c]] + b.four_moves(p)
                                              + b.three_moves(p) + root))
                    safe, stopped = k.refuting(pool, o, True, self.vcf_depth, self.vct_depth, self._left(0.55),
                                               self._cap(40000))
                    if safe:
                        root, reason = safe, "defend-vct"
                    elif stopped:  # out of time before any move was proven safe: the threat's cells first
                        root = list(dict.fromkeys([c for c in threat if not b.cells[c]] + root))
        if len(root) == 1:
            return Result(move=root[0], reason=reason)
        return self._iterate(root, reason)

    def _iterate(self, root: list[int], reason: str) -> Result:
        """Iterative deepening over the root moves: each iteration runs to the nodes the time left buys; the best
        of the last finished iteration is played (or a move that beat it in the unfinished one). With ``spend``
        an iteration starts whenever time is left, else only if the last one, times the growth seen so far, fits
        in what is left.

        A loss found in the narrow tree may be the narrowness (the saving move was not among the ``width`` best),
        so up to ``widen`` times the iteration is searched again twice as wide (and over every candidate at the
        root) before the loss is believed; the slowest loss is played if it stays."""
        k = self.kernel
        best_move, best_score, done_depth = root[0], 0, 0
        scores = {m: 0 for m in root}
        order = list(root)
        spent: list[float] = []
        width, widen = self.width, self.widen
        depth = 0
        while depth < self.max_depth:
            depth += 1
            left = self._left(1.0)
            floor = left is not None and depth <= self.floor  # finished whatever the clock says
            if left is not None and spent and depth > 2 and not floor:
                growth = spent[-1] / spent[-2] if len(spent) > 1 and spent[-2] > 0 else 3.0
                if self.spend:  # start it while time is left: its first moves are the best so far, searched deeper
                    if left[0] < 0.01:
                        break
                elif spent[-1] * min(max(growth, 1.5), 6.0) > left[0] * 1.5:
                    break  # the next iteration would not finish
            t = CPU_CLOCK()
            if floor:  # whatever CPU time is left, but never past a hard ceiling (a tournament's time a move)
                hard = None if self.wall is None else (FLOOR_CPU,
                                                       max(0.0, self.wall0 + self.wall - time.perf_counter()))
                bi, sc, stopped = k.root(order, depth, width, self.leaf_vcf, hard, FLOOR_NODES * self.caps)
            else:
                bi, sc, stopped = k.root(order, depth, width, self.leaf_vcf, left)
            spent.append(CPU_CLOCK() - t)
            if stopped:
                if bi >= 0 and bi != 0 and sc[bi] > -(WIN - 1000):
                    best_move, best_score = order[bi], sc[bi]  # beat the last best at this depth
                break
            for m, v in zip(order, sc):
                scores[m] = v
            order.sort(key=lambda m: -scores[m])
            if scores[order[0]] <= -(WIN - 1000) and widen > 0:
                widen -= 1
                width = min(width * 2, 40)
                wide = k.ordered(k.turn, 60)
                order = list(dict.fromkeys(order + [m for m in wide if m not in scores]))
                for m in order:
                    scores.setdefault(m, 0)
                depth -= 1  # the same depth again, wider
                spent.pop()
                continue
            best_move, best_score, done_depth = order[0], scores[order[0]], depth
            if abs(best_score) >= WIN - 1000 or len(order) == 1:
                break  # a forced win or loss is known
        return Result(move=best_move, score=best_score, depth=done_depth, reason=reason, pv=[best_move])


def warm_compiled(h: int = 15, w: int = 15, k: int = 5, background: bool = False) -> None:
    """Load the compiled searches (:func:`.gomoku_jit.warm`) on an ``h`` x ``w`` board with three stones near
    the centre, now or in a thread."""
    from . import gomoku_jit

    b = Board(h, w, k)
    for c in (h // 2 * w + w // 2, h // 2 * w + w // 2 + 1, (h // 2 + 1) * w + w // 2):
        b.play(c)
    gomoku_jit.warm(b, background)


def think(rows, k: int, level: str = "perfect", budget: float | None = None, depth: int | None = None,
          rng: random.Random | None = None) -> Result:
    """The move for the side to move on a validated board (``rows``, ``k``), as a :class:`Result` (cell index)."""
    board = Board.from_rows(rows, k)
    if level == "easy":
        return _easy(board, rng or random.Random())
    # medium and hard keep the plain run's settings (no leaf VCFs, no widening, the windows' evaluation, the
    # iterations that fit) whichever code runs it, so their strength stays what the levels promise
    if level == "medium":
        eng = Engine(board, budget=min(budget or 0.3, 0.3) if depth is None else None, depth=depth or 2,
                     width=8, vcf_depth=6, use_vct=False, defend=False, rng=rng, leaf_vcf=0, widen=0, eval="windows",
                     spend=0, floor=0)
    elif level == "hard":
        eng = Engine(board, budget=(budget or 1.0) / 2 if depth is None else None, depth=depth or 4, width=10,
                     vcf_depth=10, use_vct=False, defend=True, rng=rng, leaf_vcf=0, widen=0, eval="windows",
                     spend=0, floor=0)
    else:
        eng = Engine(board, budget=(budget if budget is not None else 1.0) if depth is None else None,
                     depth=depth, width=10, rng=rng)
    return eng.choose()


def _easy(board: Board, rng: random.Random) -> Result:
    """Shallow on purpose: takes a win in one, usually blocks a four, otherwise picks among its five best-looking
    moves at random (so it makes mistakes a beginner can punish)."""
    p = board.turn
    if not any(board.cells):
        g = board.g
        return Result(move=(g.h // 2) * g.w + g.w // 2, reason="opening")
    mine = board.win_cells(p)
    if mine:
        return Result(move=mine[0], reason="win")
    theirs = board.win_cells(3 - p)
    if theirs and rng.random() < 0.8:
        return Result(move=theirs[0], reason="block")
    cand = board.candidates() or [c for c in range(len(board.cells)) if not board.cells[c]]
    gain = board.gain[p]
    cand.sort(key=lambda c: -gain[c])
    top = cand[:5]
    return Result(move=top[rng.randrange(len(top))], reason="random")
