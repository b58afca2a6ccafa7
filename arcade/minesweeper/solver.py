"""Minesweeper AI by exact probabilities. Pure (no pygame).

Seams (``docs/architecture.md``):

- ``probabilities(view, mines)``: ``view`` a tuple of strings, ``"0".."8"`` opened, ``"#"`` covered, ``"F"``
  covered and flagged by the player (an opinion, not information: treated as covered); returns rows of floats,
  for every covered cell the exact chance that it holds a mine when every layout consistent with the numbers and
  the total ``mines`` is equally likely (0.0 for opened cells).
- ``choose(view, mines)`` -> ``(row, col)``: the cell to open next.

Bad views (ragged, unknown characters, a number its neighbours cannot satisfy, no layout with ``mines`` mines,
more mines than covered cells) raise ``ValueError`` with a one-line reason.

How the probabilities are found (``_System`` and ``_solve``):

1. certain cells first: the trivial rules (a number with all its mines known clears its other neighbours, a number
   with as many covered neighbours as missing mines marks them all) and the subset rule (a number whose covered
   neighbours contain another's: the difference holds the difference of mines), repeated to a fixed point, plus
   the global count (no mines left, or as many as cells);
2. the remaining numbers split into independent components (no shared covered cell); inside a component cells
   that touch exactly the same numbers form a box (only how many mines a box holds matters: C(size, k) ways);
3. each component is enumerated by backtracking over its boxes in a sweep order (breadth-first from an end of
   the frontier, so numbers close soon after they open) with memoisation of the open numbers' residuals: two
   partial assignments that leave the same residuals share their completions (a dynamic program over the sweep).
   It counts, per number of mines m in the component, the layouts W[m] and each box's mine tally B[m]. Counts
   are exact integers (numpy int64 while they fit, Python ints beyond);
4. the components and the ``F`` covered cells off the frontier are combined with binomial weights of the
   remaining mine count ``M``: a layout with S mines on the frontier has C(F, M - S) completions, so the total is
   sum_S T[S] C(F, M - S) with T the convolution of the components' W; a box's chance is its tally times the
   other components' convolution, weighted the same way, over the total. All of this is exact integer
   arithmetic; only the final division gives floats. Never a local "n / count" estimate.

When a component is too large to enumerate within ``MAX_STATES`` memo entries (never seen on the standard
levels; possible on huge custom boards) the fallback approximation drops the number that stays open longest
in the sweep and enumerates again: the result is exact for the remaining numbers (a relaxation: every layout it
counts is consistent with them), so a cell it calls certain is certain. Each such move is counted
(``Analysis.fallbacks``) and reported by the benchmark.

How the move is chosen (``analyse`` / ``choose``):

- before any cell is open: a corner under the "safe" first-click rule (the most likely place for an opening),
  a cell two or three in from the corner under "opening" (b1f6c1c4/MineSweeperProb measured these best);
- a certain-safe cell when one exists (the trivial and subset rules first, then the exact probabilities);
- when few layouts remain (``ENDGAME_LAYOUTS``), a brute-force search of the game tree over the explicit layouts:
  the cell that maximises the chance of clearing the board with best play afterwards;
- an unavoidable 50/50 (a pair of cells whose only number says one of the two is a mine, and whose other
  neighbours are known mines, so nothing opened later can tell them apart) is guessed before any other guess: it
  costs half the game whenever it is taken, while a guess elsewhere may still be settled by what opens later;
- otherwise a guess among the safest cells (within ``CUTOFF`` of the best safety, plus promising cells off the
  frontier), each scored, in the spirit of DavidNHill/JSMinesweeper, by its *secondary safety*: for every number
  it may show, the chance of that number times the safety of the best next move (blended with the second best,
  1.0 when the number makes a cell certain, i.e. progress), with a small bonus for the chance of progress.
  Candidates are tried safest first and pruned when even a perfect follow-up could not beat the best score.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field as dc_field
from typing import Sequence

import numpy as np

from arcade.minesweeper.field import neighbours

__all__ = ["probabilities", "all_safe", "choose", "analyse", "certain", "Analysis", "opening_cell", "MAX_STATES",
           "ENDGAME_LAYOUTS"]

MAX_STATES = 20000          # memo entries at one step of a component's sweep before the fallback relaxes it
ENDGAME_LAYOUTS = 1000      # brute-force the game tree when at most this many layouts remain
ENDGAME_NODES = 40000       # ... and give up (heuristic instead) beyond this many explored positions
ENDGAME_S = 0.3             # ... or after this long
CUTOFF = 0.9                # guess candidates: safety at least CUTOFF x the best safety
GUESS_BUDGET_S = 0.35       # stop scoring more guess candidates after this long (the best so far is played)
PROGRESS_BONUS = 0.001      # tie-break weight of the chance that a guess makes a cell certain
OFF_EDGE_LIMIT = 30         # at most this many cells off the frontier are scored as guess candidates
FIFTY_FIRST = True          # an unavoidable 50/50 is guessed before any other guess
WALL_FACTOR = 3.0           # the budgets are CPU seconds, with a wall-clock backstop at this many times them
SAFE_FIRST_ROW = 0          # the first click under the "safe" rule (a corner: where an opening is likeliest)
SAFE_FIRST_COL = 0
BEST_WEIGHT = 4             # a guess's next move: BEST_WEIGHT parts the best next safety, one part the second best
TIMED = True                # False: no time budget, only the counts above bound a move (the same moves anywhere)
_CACHE_MAX = 20000


class _Deadline:
    """A time budget in CPU seconds of the thread that thinks, not wall-clock seconds: on a busy machine a move
    takes longer but is the same move, so the AI plays (and its benchmarks measure) as it would on an idle one.
    A wall-clock backstop at ``WALL_FACTOR`` times the budget keeps a starved process's move within what the AI
    worker's hang detection allows. With ``TIMED`` off it never runs out: a benchmark then plays the same moves on
    any machine, each bounded by the solver's counts alone (layouts, positions, candidates)."""

    __slots__ = ("cpu", "soon", "wall")

    def __init__(self, seconds: float, cpu0: float | None = None, wall0: float | None = None) -> None:
        self.cpu = (time.thread_time() if cpu0 is None else cpu0) + seconds
        wall0 = time.perf_counter() if wall0 is None else wall0
        self.soon = wall0 + seconds
        self.wall = wall0 + WALL_FACTOR * seconds

    def over(self) -> bool:
        if not TIMED:
            return False
        # a thread cannot spend more CPU time than wall time passes, so the thread's clock (a system call that
        # can take a millisecond on a loaded machine) is read only once the budget's wall time has passed
        now = time.perf_counter()
        if now < self.soon:
            return False
        return now > self.wall or time.thread_time() > self.cpu


_DIGITS = {ch: ord(ch) - 48 for ch in "012345678"}
_COVERED = {"#": True, "F": True}


class _Contradiction(Exception):
    pass


# ====================================================================================================== parsing
class _Board:
    """A parsed view: size, covered cells, opened numbers."""

    __slots__ = ("rows", "cols", "nb", "covered", "numbers", "n_covered", "mines", "any_open")

    def __init__(self, view, mines) -> None:
        if isinstance(view, str) or not isinstance(view, Sequence) or len(view) == 0:
            raise ValueError("view: expected a non-empty tuple of strings")
        rows = len(view)
        first = view[0]
        if not isinstance(first, str) or len(first) == 0:
            raise ValueError("view: row 0 is not a non-empty string")
        cols = len(first)
        covered = bytearray(rows * cols)
        numbers = []
        for r, line in enumerate(view):
            if not isinstance(line, str):
                raise ValueError(f"view: row {r} is not a string")
            if len(line) != cols:
                raise ValueError(f"view: row {r} has {len(line)} cells, row 0 has {cols} (ragged)")
            base = r * cols
            for c, ch in enumerate(line):
                if ch in _COVERED:
                    covered[base + c] = 1
                else:
                    d = _DIGITS.get(ch)
                    if d is None:
                        raise ValueError(f"view: unknown character {ch!r} at ({r}, {c}); expected 0-8, # or F")
                    numbers.append((base + c, d))
        if not isinstance(mines, int) or isinstance(mines, bool):
            raise ValueError(f"mines {mines!r}: expected a whole number")
        n_covered = sum(covered)
        if mines < 0:
            raise ValueError(f"mines {mines}: expected 0 or more")
        if mines > n_covered:
            raise ValueError(f"mines {mines}: more mines than the {n_covered} covered cells")
        self.rows, self.cols = rows, cols
        self.nb = neighbours(rows, cols) if rows * cols > 1 else ((),)
        self.covered = covered
        self.numbers = numbers
        self.n_covered = n_covered
        self.mines = mines
        self.any_open = bool(numbers)

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)


# ====================================================================================================== the system
class _System:
    """The constraints that remain once the certain cells are known.

    ``cons``: frozenset of unknown cells -> mines among them; ``safe`` / ``mine``: cells known for certain;
    ``unknown``: covered cells not known; ``left``: mines among ``unknown``."""

    __slots__ = ("cons", "safe", "mine", "unknown", "left")

    def __init__(self, cons, safe, mine, unknown, left) -> None:
        self.cons, self.safe, self.mine, self.unknown, self.left = cons, safe, mine, unknown, left

    @classmethod
    def from_board(cls, b: _Board) -> "_System":
        cons: dict = {}
        cov, nb = b.covered, b.nb
        for i, v in b.numbers:
            cells = frozenset(j for j in nb[i] if cov[j])
            if v > len(cells):
                r, c = b.cell(i)
                raise ValueError(f"view: the {v} at ({r}, {c}) has only {len(cells)} covered neighbours")
            if cells:
                old = cons.get(cells)
                if old is not None and old != v:
                    r, c = b.cell(i)
                    raise ValueError(f"view: the {v} at ({r}, {c}) contradicts a neighbouring number")
                cons[cells] = v
        unknown = {i for i in range(len(cov)) if cov[i]}
        s = cls(cons, set(), set(), unknown, b.mines)
        try:
            s.deduce()
        except _Contradiction as e:
            raise ValueError(f"view: {e}") from None
        return s

    def copy(self) -> "_System":
        return _System(dict(self.cons), set(self.safe), set(self.mine), set(self.unknown), self.left)

    def settle(self, safe: set, mine: set) -> None:
        """Make cells known and rewrite the constraints without them."""
        if safe & mine:
            raise _Contradiction("a cell would be both safe and a mine")
        known = safe | mine
        self.safe |= safe
        self.mine |= mine
        self.unknown -= known
        self.left -= len(mine)
        if self.left < 0 or self.left > len(self.unknown):
            raise _Contradiction("no layout fits the mine count")
        out: dict = {}
        for cells, v in self.cons.items():
            if cells.isdisjoint(known):
                nc, nv = cells, v
            else:
                nc = cells - known
                nv = v - len(cells & mine)
                if nv < 0 or nv > len(nc):
                    raise _Contradiction("the numbers contradict each other")
                if not nc:
                    continue
            old = out.get(nc)
            if old is not None and old != nv:
                raise _Contradiction("the numbers contradict each other")
            out[nc] = nv
        self.cons = out

    def deduce(self) -> None:
        """Trivial and subset rules and the global count, to a fixed point."""
        while True:
            safe: set = set()
            mine: set = set()
            for cells, v in self.cons.items():
                if v == 0:
                    safe |= cells
                elif v == len(cells):
                    mine |= cells
            if not safe and not mine:
                self._subsets(safe, mine)
            if not safe and not mine:
                if self.unknown and self.left == 0:
                    safe = set(self.unknown)
                elif self.unknown and self.left == len(self.unknown):
                    mine = set(self.unknown)
            if not safe and not mine:
                return
            self.settle(safe, mine)

    def _subsets(self, safe: set, mine: set) -> None:
        by_cell: dict = {}
        for cells in self.cons:
            for c in cells:
                by_cell.setdefault(c, []).append(cells)
        cons = self.cons
        for a, va in cons.items():
            la = len(a)
            for b in by_cell[next(iter(a))]:
                if len(b) > la and a < b:
                    d = b - a
                    dv = cons[b] - va
                    if dv == 0:
                        safe |= d
                    elif dv == len(d):
                        mine |= d
                    elif dv < 0 or dv > len(d):
                        raise _Contradiction("the numbers contradict each other")

    def opened(self, x: int, cells: frozenset, value: int) -> "_System":
        """A copy in which cell ``x`` is open showing ``value`` (``cells``: its covered neighbours)."""
        s = self.copy()
        s.settle({x}, set())
        unk = frozenset(c for c in cells if c in s.unknown)
        v = value - sum(1 for c in cells if c in s.mine)
        if v < 0 or v > len(unk):
            raise _Contradiction("impossible number")
        if unk:
            old = s.cons.get(unk)
            if old is not None and old != v:
                raise _Contradiction("impossible number")
            s.cons[unk] = v
        s.deduce()
        return s


# ====================================================================================================== components
class _Component:
    """One independent component, enumerated: ``boxes`` (tuples of cells), ``W[m]`` layouts with m mines,
    ``B[i][m]`` mines in box i summed over those layouts (exact ints)."""

    __slots__ = ("boxes", "W", "B")

    def __init__(self, boxes, W, B) -> None:
        self.boxes, self.W, self.B = boxes, W, B


class _TooBig(Exception):
    def __init__(self, drop) -> None:
        super().__init__("component too large")
        self.drop = drop


_cache: dict = {}
_COMB = [[math.comb(n, k) for k in range(n + 1)] for n in range(65)]


def _comb(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    return _COMB[n][k] if n < 65 else math.comb(n, k)


def _components(cons: dict) -> list[list]:
    """Split the constraints into groups that share no cell (union-find over cells)."""
    parent: dict = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    items = list(cons.items())
    for k, (cells, _) in enumerate(items):
        parent[("c", k)] = ("c", k)
        for c in cells:
            if c not in parent:
                parent[c] = c
    for k, (cells, _) in enumerate(items):
        rk = find(("c", k))
        for c in cells:
            rc = find(c)
            if rc != rk:
                parent[rc] = rk
    groups: dict = {}
    for k, item in enumerate(items):
        groups.setdefault(find(("c", k)), []).append(item)
    return list(groups.values())


def _order(boxes: list, cons_cells: list) -> list[int]:
    """A sweep order of the boxes: breadth-first over the numbers from an end of the component (found by two
    breadth-first passes), boxes sorted by the first and last number they touch."""
    nc = len(cons_cells)
    adj = [set() for _ in range(nc)]
    for _, sig in boxes:
        for a in sig:
            adj[a].update(sig)

    def bfs(start):
        seen = {start: 0}
        queue = [start]
        for x in queue:
            for y in sorted(adj[x]):
                if y not in seen:
                    seen[y] = len(seen)
                    queue.append(y)
        return queue

    far = bfs(0)[-1]
    queue = bfs(far)
    rank = {c: k for k, c in enumerate(queue)}
    return sorted(range(len(boxes)), key=lambda i: (min(rank[c] for c in boxes[i][1]),
                                                    max(rank[c] for c in boxes[i][1]), boxes[i][0]))


def _enumerate(items: list) -> _Component:
    """Count the layouts of one component by sweep backtracking with memoised residuals (see the module doc)."""
    cons_cells = [cells for cells, _ in items]
    values = [v for _, v in items]
    memb: dict = {}
    for ci, cells in enumerate(cons_cells):
        for c in cells:
            memb.setdefault(c, []).append(ci)
    groups: dict = {}
    for c, sig in memb.items():
        groups.setdefault(tuple(sig), []).append(c)
    boxes = [(tuple(sorted(cells)), sig) for sig, cells in groups.items()]
    order = _order(boxes, cons_cells)
    boxes = [boxes[i] for i in order]
    n = len(boxes)
    total_cells = sum(len(b[0]) for b in boxes)
    L = total_cells + 1
    dtype = np.int64 if total_cells <= 58 else object
    rem = [0] * len(values)
    for cells, sig in boxes:
        for c in sig:
            rem[c] += len(cells)
    W0 = np.zeros(L, dtype=dtype)
    W0[0] = 1
    states = {(): (W0, np.zeros((n, L), dtype=dtype))}
    active: list = []
    span = [0] * len(values)  # steps each number stays open (to pick the one to drop in the fallback)
    cum = 0
    for i, (cells, sig) in enumerate(boxes):
        size = len(cells)
        for c in sig:
            rem[c] -= size
        sigset = set(sig)
        closing = {c for c in sig if rem[c] == 0}
        new_active = sorted((set(active) | sigset) - closing)
        pos_old = {c: p for p, c in enumerate(active)}
        # per number of the box: (old position or -1, initial value, remaining capacity after this box)
        touch = [(pos_old.get(c, -1), values[c], rem[c]) for c in sig]
        build = [(pos_old.get(c, -1), values[c], c in sigset) for c in new_active]
        combs = _COMB[size] if size < 65 else [math.comb(size, k) for k in range(size + 1)]
        hi_m = cum + 1          # mines so far are at most cum
        cum += size
        out: dict = {}
        for state, (W, B) in states.items():
            lo, hi = 0, size
            for p, v0, cap in touch:
                r = state[p] if p >= 0 else v0
                if r < hi:
                    hi = r
                if r - cap > lo:
                    lo = r - cap
            for k in range(lo, hi + 1):
                ns = tuple((state[p] if p >= 0 else v0) - (k if inbox else 0) for p, v0, inbox in build)
                w = combs[k]
                entry = out.get(ns)
                if entry is None:
                    entry = out[ns] = (np.zeros(L, dtype=dtype), np.zeros((n, L), dtype=dtype))
                W2, B2 = entry
                src = W[:hi_m] * w
                W2[k:k + hi_m] += src
                if i:
                    B2[:i, k:k + hi_m] += B[:i, :hi_m] * w
                if k:
                    B2[i, k:k + hi_m] += src * k
        states = out
        for c in active:
            span[c] += 1
        if len(states) > MAX_STATES:
            raise _TooBig(max(range(len(values)), key=lambda c: span[c]))
        active = new_active
    if not states:
        raise _Contradiction("the numbers contradict each other")
    W, B = states[()]
    top = max((m for m in range(L) if W[m]), default=0) + 1
    Wl = [int(x) for x in W[:top]]
    Bl = [[int(x) for x in B[i, :top]] for i in range(n)]
    return _Component([b[0] for b in boxes], Wl, Bl)


def _component(items: list) -> _Component:
    key = tuple(sorted((tuple(sorted(cells)), v) for cells, v in items))
    comp = _cache.get(key)
    if comp is None:
        if len(_cache) > _CACHE_MAX:
            _cache.clear()
        comp = _cache[key] = _enumerate(items)
    return comp


# ====================================================================================================== combine
def _conv(a: list, b: list) -> list:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


@dataclass
class _Result:
    """Exact counts of a solved system: ``total`` layouts of the unknown cells; ``num[c]`` layouts in which
    unknown cell c is a mine (a box's cells share one value); ``off``: cells off the frontier."""

    total: int
    num: dict
    off: list
    fallbacks: int = 0
    comps: list = dc_field(default_factory=list)

    def p(self, c: int) -> float:
        return self.num[c] / self.total


def _solve(s: _System) -> _Result:
    """Exact mine counts for every unknown cell of ``s`` (see the module doc)."""
    fallbacks = 0
    cons = s.cons
    while True:
        try:
            comps = [_component(items) for items in _components(cons)]
            break
        except _TooBig as e:  # the fallback: drop the number that stays open longest, count it
            fallbacks += 1
            groups = _components(cons)
            for items in groups:
                try:
                    _component(items)
                except _TooBig as inner:
                    drop = items[inner.drop][0]
                    cons = {k: v for k, v in cons.items() if k != drop}
                    break
            else:  # pragma: no cover - the failing component was found above
                raise e
    frontier: set = set()
    for comp in comps:
        for cells in comp.boxes:
            frontier.update(cells)
    off = [c for c in s.unknown if c not in frontier]
    F, M = len(off), s.left
    Ws = [comp.W for comp in comps]
    K = len(Ws)
    prefix = [[1]]
    for w in Ws:
        prefix.append(_conv(prefix[-1], w))
    suffix = [[1]] * (K + 1)
    for k in range(K - 1, -1, -1):
        suffix[k] = _conv(Ws[k], suffix[k + 1])
    T = prefix[K]
    G = [math.comb(F, M - j) if 0 <= M - j <= F else 0 for j in range(max(len(T), 1) + 1)]
    total = sum(t * G[j] for j, t in enumerate(T) if t)
    if total == 0:
        raise _Contradiction("no layout fits the numbers and the mine count")
    num: dict = {}
    for k, comp in enumerate(comps):
        rest = _conv(prefix[k], suffix[k + 1])
        R = [sum(t * G[m + j] for j, t in enumerate(rest) if t and m + j < len(G)) for m in range(len(comp.W))]
        for cells, Bb in zip(comp.boxes, comp.B):
            x = sum(b * r for b, r in zip(Bb, R) if b)
            # every cell of a box has the same count: the box's tally over its size (exact: the tally counts
            # each layout's mines in the box, and by symmetry each cell carries 1/size of it)
            q, rmd = divmod(x, len(cells))
            if rmd:  # pragma: no cover - symmetry makes the division exact
                raise AssertionError("box tally not divisible by its size")
            for c in cells:
                num[c] = q
    if F:
        x = sum(t * (math.comb(F - 1, M - j - 1) if 0 <= M - j - 1 <= F - 1 else 0) for j, t in enumerate(T) if t)
        for c in off:
            num[c] = x
    return _Result(total, num, off, fallbacks, comps)


def _solved(s: _System):
    try:
        return _solve(s)
    except _Contradiction as e:
        raise ValueError(f"view: {e}") from None


def _rows(b: _Board, s: _System, res) -> tuple[tuple[float, ...], ...]:
    """The chances as rows of the board: 0.0 for an opened or certainly safe cell, 1.0 for a certain mine, the
    solved share of the layouts for the rest."""
    out = []
    for r in range(b.rows):
        row = []
        for c in range(b.cols):
            i = r * b.cols + c
            if not b.covered[i] or i in s.safe:
                row.append(0.0)
            elif i in s.mine:
                row.append(1.0)
            else:
                row.append(res.num[i] / res.total)
        out.append(tuple(row))
    return tuple(out)


# ====================================================================================================== public
def probabilities(view, mines: int) -> tuple[tuple[float, ...], ...]:
    """For every cell the exact chance that it holds a mine (0.0 for opened cells); see the module doc."""
    b = _Board(view, mines)
    s = _System.from_board(b)
    return _rows(b, s, _solved(s))


def all_safe(view, mines: int, cells) -> float:
    """The exact chance that none of ``cells`` ((row, col), covered) holds a mine: what a chord risks. The chain
    rule over the layouts: P(a safe) x P(b safe | a safe) ..., each factor from the exact counts with the cells
    before it made safe (a cell known safe, with its number unseen, is just one fewer unknown)."""
    b = _Board(view, mines)
    s = _System.from_board(b)
    p = 1.0
    for r, c in cells:
        i = r * b.cols + c
        if not (0 <= r < b.rows and 0 <= c < b.cols) or not b.covered[i] or i in s.safe:
            continue
        if i in s.mine:
            return 0.0
        res = _solved(s)
        p *= 1.0 - res.num[i] / res.total
        if p == 0.0:
            return 0.0
        s = s.copy()
        try:
            s.settle({i}, set())
            s.deduce()
        except _Contradiction:  # pragma: no cover - a cell with a chance to be safe can be made safe
            return 0.0
    return p


@dataclass
class Analysis:
    """What the solver thinks of a position.

    ``move``: (row, col) to open; ``risk``: its chance of being a mine; ``reason``: ``"opening"`` (first click),
    ``"certain"`` (trivial/subset rules), ``"exact"`` (certain by the full enumeration), ``"endgame"`` (brute force),
    ``"guess"``; ``safe`` / ``mines``: cells known for certain; ``probs``: rows of floats (only when asked for or
    computed); ``layouts``: how many layouts remain (None when not counted); ``fallbacks``: components relaxed by
    the fallback approximation; ``win``: the endgame's exact chance to clear the board with best play;
    ``scored``: guess candidates scored; ``elapsed``: seconds."""

    move: tuple | None
    risk: float
    reason: str
    safe: list = dc_field(default_factory=list)
    mines: list = dc_field(default_factory=list)
    probs: tuple | None = None
    layouts: int | None = None
    fallbacks: int = 0
    win: float | None = None
    scored: int = 0
    elapsed: float = 0.0


def certain(view, mines: int) -> tuple[list, list]:
    """The cells known for certain: ``(safe, mines)`` as lists of (row, col). The trivial and subset rules first;
    only when they find no safe cell, the exact enumeration (cells with chance 0 or 1)."""
    b = _Board(view, mines)
    s = _System.from_board(b)
    safe, mine = set(s.safe), set(s.mine)
    if not safe and s.unknown:
        res = _solved(s)
        for c in s.unknown:
            if res.num[c] == 0:
                safe.add(c)
            elif res.num[c] == res.total:
                mine.add(c)
    return [divmod(i, b.cols) for i in sorted(safe)], [divmod(i, b.cols) for i in sorted(mine)]


def opening_cell(rows: int, cols: int, first_click: str = "opening") -> tuple[int, int]:
    """Where to click first: a corner under the "safe" rule (where an opening is likeliest), two or three cells in
    from it under "opening" (the click is a 0 anyway; there it opens the most)."""
    if first_click == "safe":
        return (min(SAFE_FIRST_ROW, rows - 1), min(SAFE_FIRST_COL, cols - 1))
    d = 3 if rows * cols >= 400 else 2
    return (min(d, (rows - 1) // 2), min(d, (cols - 1) // 2))


def choose(view, mines: int, first_click: str = "opening") -> tuple[int, int]:
    """The cell to open next (see the module doc). ``first_click`` only matters before any cell is open."""
    return analyse(view, mines, first_click=first_click).move


def analyse(view, mines: int, first_click: str = "opening", want_probs: bool = False,
            budget: float = GUESS_BUDGET_S) -> Analysis:
    """The full analysis behind ``choose``: the move, why, its risk, the certain cells and (``want_probs``) the
    probability rows."""
    t0 = time.perf_counter()
    c0 = time.thread_time()
    b = _Board(view, mines)
    if first_click not in ("safe", "opening"):
        raise ValueError(f"first_click {first_click!r}: expected 'safe' or 'opening'")
    if b.n_covered == b.mines:
        raise ValueError("view: every covered cell is a mine, nothing is left to open")
    s = _System.from_board(b)
    cols = b.cols
    safe = sorted(s.safe)
    mine_cells = [divmod(i, cols) for i in sorted(s.mine)]
    res = None
    if want_probs or not safe:
        res = _solved(s)

    def probs_rows():
        if res is None:
            return None
        return _rows(b, s, res)

    def done(move, risk, reason, **kw):
        return Analysis(move, risk, reason, [divmod(i, cols) for i in safe], mine_cells,
                        probs_rows() if want_probs else None,
                        res.total if res is not None else None, res.fallbacks if res is not None else 0,
                        elapsed=time.perf_counter() - t0, **kw)

    if not b.any_open:
        r, c = opening_cell(b.rows, b.cols, first_click)
        if not b.covered[r * cols + c]:  # pragma: no cover - nothing open means everything is covered
            r, c = divmod(min(s.unknown), cols)
        return done((r, c), 0.0, "opening")  # both rules keep the first click mine-free
    if safe:
        return done(divmod(safe[0], cols), 0.0, "certain")
    sure = sorted(c for c in s.unknown if res.num[c] == 0)
    if sure:
        safe = sure
        return done(divmod(sure[0], cols), 0.0, "exact")
    if res.total <= ENDGAME_LAYOUTS:
        end = _endgame(b, s, res)
        if end is not None:
            cell, win = end
            return done(divmod(cell, cols), res.num[cell] / res.total, "endgame", win=win)
    if FIFTY_FIRST:
        pair = _unavoidable_pair(b, s)
        if pair is not None:
            return done(divmod(pair[0], cols), res.num[pair[0]] / res.total, "guess")
    cell, scored = _guess(b, s, res, _Deadline(budget, c0, t0))
    return done(divmod(cell, cols), res.num[cell] / res.total, "guess", scored=scored)


# ====================================================================================================== guessing
def _after(s2: _System, res2: _Result, x: int) -> tuple[float, bool]:
    """Blended safety of the best next move after guessing ``x`` (1.0 when a cell became certain) and whether
    the guess made progress (a cell other than ``x`` certain)."""
    if len(s2.safe) > 1 or (s2.safe and x not in s2.safe):
        return 1.0, True
    if not s2.unknown:
        return 1.0, True
    total = res2.total
    best = second = 0
    for c in s2.unknown:
        x = total - res2.num[c]
        if x > second:
            if x > best:
                best, second = x, best
            else:
                second = x
    if best == total:
        return 1.0, True
    if len(s2.unknown) == 1:
        second = best
    return (BEST_WEIGHT * best + second) / ((BEST_WEIGHT + 1) * total), False


def _candidates(b: _Board, s: _System, res: _Result) -> list[int]:
    """The guess candidates: cells within ``CUTOFF`` of the best safety; off the frontier only the promising ones
    (two steps from a number, or with few covered neighbours), at most ``OFF_EDGE_LIMIT``."""
    total = res.total
    unknown = s.unknown
    best = max(total - res.num[c] for c in unknown)
    cut = best * CUTOFF
    off = set(res.off)
    cands = [c for c in unknown if c not in off and total - res.num[c] >= cut]
    if off and total - res.num[next(iter(off))] >= cut:
        cols, rows = b.cols, b.rows
        picked = set()
        if len(off) <= OFF_EDGE_LIMIT:
            picked = set(off)
        else:
            for i, _ in b.numbers:
                r, c = divmod(i, cols)
                for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in off:
                        picked.add(rr * cols + cc)
            for c in off:
                k = sum(1 for j in b.nb[c] if j in unknown)
                if k < 4:
                    picked.add(c)
            if len(picked) > OFF_EDGE_LIMIT:
                # the fewest covered neighbours first (likeliest openings), then reading order
                picked = set(sorted(picked, key=lambda c: (sum(1 for j in b.nb[c] if j in unknown), c))
                             [:OFF_EDGE_LIMIT])
        cands.extend(picked)
    return cands


def _flank(b: _Board, x: int, y: int) -> set:
    """The cells whose numbers could tell ``x`` from ``y``: the neighbours of one but not the other."""
    nx, ny = set(b.nb[x]), set(b.nb[y])
    return (nx ^ ny) - {x, y}


def _unavoidable_pair(b: _Board, s: _System):
    """A pair of cells that is a 50/50 whatever is opened later: the only number constraint on either says exactly
    one of the two is a mine, and every covered cell that could tell them apart (a neighbour of one but not the
    other) is a known mine, so it will never show a number (the mine count cannot tell them apart either: the
    pair holds one mine in every layout). Returns the pair (sorted) or None."""
    pairs = [cells for cells, v in s.cons.items() if v == 1 and len(cells) == 2]
    if not pairs:
        return None
    touched: dict = {}
    for cells in s.cons:
        for c in cells:
            touched[c] = touched.get(c, 0) + 1
    cov = b.covered
    for cells in pairs:
        x, y = sorted(cells)
        if touched[x] != 1 or touched[y] != 1:
            continue
        if all(not cov[j] or j in s.mine for j in _flank(b, x, y)):
            return x, y
    return None


def _guess(b: _Board, s: _System, res: _Result, deadline: _Deadline) -> tuple[int, int]:
    total = res.total
    cands = _candidates(b, s, res)
    cands.sort(key=lambda c: (res.num[c], c))
    best_cell, best_score = cands[0], -1.0
    scored = 0
    for x in cands:
        safety = (total - res.num[x]) / total
        if safety * (1 + PROGRESS_BONUS) <= best_score:
            break  # sorted by safety: no later candidate can win
        if scored and deadline.over():
            break
        cells = frozenset(j for j in b.nb[x] if b.covered[j])
        known = sum(1 for j in cells if j in s.mine)
        unk = sum(1 for j in cells if j in s.unknown)
        score = 0.0
        progress = 0.0
        left = safety
        for v in range(known, known + unk + 1):
            if (score + left) * (1 + PROGRESS_BONUS) <= best_score:
                break
            try:
                s2 = s.opened(x, cells, v)
                res2 = _solve(s2) if s2.unknown else None
            except _Contradiction:
                continue
            count = res2.total if res2 is not None else 1
            pv = count / total
            blended, prog = _after(s2, res2, x) if res2 is not None else (1.0, True)
            score += pv * blended
            if prog:
                progress += pv
            left -= pv
        else:
            pass
        score *= 1 + PROGRESS_BONUS * progress
        scored += 1
        if score > best_score:
            best_cell, best_score = x, score
    return best_cell, scored


# ====================================================================================================== endgame
def _layouts(b: _Board, s: _System, res: _Result, cells: list[int]) -> list[int]:
    """Every layout of the unknown ``cells`` (bit j set: cells[j] is a mine) consistent with the constraints and
    the mine count. Only called when few remain."""
    index = {c: j for j, c in enumerate(cells)}
    cons = [(tuple(index[c] for c in k), v) for k, v in s.cons.items()]
    by_cell: list = [[] for _ in cells]
    for ci, (cs, _) in enumerate(cons):
        for j in cs:
            by_cell[j].append(ci)
    need = [v for _, v in cons]
    room = [len(cs) for cs, _ in cons]
    out: list = []
    n = len(cells)
    left = s.left

    def rec(j, mask, placed):
        if placed > left or left - placed > n - j:
            return
        if j == n:
            out.append(mask)
            return
        cs = by_cell[j]
        for ci in cs:
            room[ci] -= 1
        # cell j safe
        if all(need[ci] <= room[ci] for ci in cs):
            rec(j + 1, mask, placed)
        # cell j a mine
        if all(need[ci] > 0 for ci in cs):
            for ci in cs:
                need[ci] -= 1
            rec(j + 1, mask | (1 << j), placed + 1)
            for ci in cs:
                need[ci] += 1
        for ci in cs:
            room[ci] += 1

    rec(0, 0, 0)
    return out


def _endgame(b: _Board, s: _System, res: _Result):
    """Best play over the explicit layouts: returns (cell, chance to clear the board) or None when the search is
    too large. A position is the set of layouts still possible; cells safe in all of them are opened for free
    (their numbers split the set), otherwise the cell with the best chance of winning afterwards is tried."""
    # frontier cells first (in constraint order) so the enumeration prunes early, then the cells off it
    off = set(res.off)
    cells = sorted(c for c in s.unknown if c not in off) + sorted(off)
    deadline = _Deadline(ENDGAME_S)
    layouts = _layouts(b, s, res, cells)
    if not layouts or len(layouts) != res.total:  # pragma: no cover - the counts agree by construction
        return None
    n = len(cells)
    index = {c: j for j, c in enumerate(cells)}
    # the layouts still possible are one int, bit l set for layout l; masks[j]: (outcome, layouts) for cell j,
    # outcome -1 where it is a mine, else the number it would show: a position splits by cell j with one AND each
    masks = []
    for j, c in enumerate(cells):
        if deadline.over():
            return None  # many cells times many layouts: the table alone would take too long
        nbj = [index[x] for x in b.nb[c] if x in index]
        base = sum(1 for x in b.nb[c] if x in s.mine)
        by: dict = {}
        for l, lay in enumerate(layouts):
            o = -1 if lay >> j & 1 else base + sum(1 for t in nbj if lay >> t & 1)
            by[o] = by.get(o, 0) | 1 << l
        masks.append(tuple(by.items()))
    memo: dict = {}
    budget = [ENDGAME_NODES]

    def split(ids: int, j: int) -> list:
        return [(o, part) for o, m in masks[j] if (part := ids & m)]

    def value(ids: int) -> float:
        size = ids.bit_count()
        if size == 1:
            return 1.0
        got = memo.get(ids)
        if got is not None:
            return got
        budget[0] -= 1
        if budget[0] < 0 or (budget[0] & 63 == 0 and deadline.over()):
            raise _TooBig(None)
        # free information: a cell safe in every layout whose number differs between them
        splits = []
        for j in range(n):
            parts = split(ids, j)
            if len(parts) > 1 and all(o != -1 for o, _ in parts):
                v = sum(p.bit_count() * value(p) for _, p in parts) / size
                memo[ids] = v
                return v
            splits.append(parts)
        best = probe(size, range(n), splits.__getitem__, 0.0)[1]
        memo[ids] = best
        return best

    def probe(size: int, order, parts_of, best: float) -> tuple:
        """``(cell, chance)``: the cell of ``order`` whose opening gives the best chance of winning over a set of
        ``size`` layouts (``parts_of(j)``: the set split by what cell j shows), and that chance (None and ``best``
        when none beats ``best``); a cell whose share of safe layouts is no better than the best so far cannot
        beat it and is passed over."""
        best_j = None
        for j in order:
            parts = parts_of(j)
            if len(parts) == 1:
                continue
            safe_n = size - sum(p.bit_count() for o, p in parts if o == -1)
            if safe_n / size <= best:
                continue
            v = sum(p.bit_count() * value(p) for o, p in parts if o != -1) / size
            if v > best:
                best_j, best = j, v
        return best_j, best

    all_ids = (1 << len(layouts)) - 1
    try:
        # the first move: rank cells by safety so good ones are found early (pruning)
        mines_in = [sum(m.bit_count() for o, m in masks[j] if o == -1) for j in range(n)]
        order = sorted(range(n), key=lambda j: mines_in[j])
        best_j, best_v = probe(len(layouts), order, lambda j: split(all_ids, j), -1.0)
    except _TooBig:
        return None
    if best_j is None:
        return None
    return cells[best_j], best_v
