"""Expectimax for 2048 ("Random-Max trees" in the MathorCup 2048 paper): the compiled depth-first search, or the
numpy layers.

``engine="jit"`` (the default) runs the depth-first search compiled with numba (``ai.jit``): the same tree and
values, about three times the moves a second, its budget spent refining the probability cut-off. Without numba, or
with ``engine="layers"``, the search below runs instead, one whole layer of boards at a time.

The tree alternates max nodes (the player picks one of up to four moves) and chance nodes (a 2 or a 4 appears on
an empty cell; every spawn weighted by its probability). Instead of recursing board by board, the search builds
the tree breadth-first as numpy arrays:

    B0 = [root] --moves--> A1 --spawns--> B1 --moves--> A2 --spawns--> B2 ... B(D-1) --moves--> leaves

``B`` layers hold positions with the player to move, ``A`` layers the afterstates (positions waiting for a spawn).
Layers are de-duplicated (``bitboard.unique_inverse``), which is the transposition table: a position reached along
several lines is searched once (the last layer of spawns is not: its duplicates are rare and cheaper to score
twice). An afterstate whose probability of being reached (its most probable line: the product of the spawn
probabilities) is under ``prob_cutoff`` is not expanded but scored by the heuristic, as is every afterstate of
the last layer (``cutoff_per_depth`` scales the cut-off from one player move to the next: above 1 it prunes the
deep, improbable lines harder, below 1 it lets them grow). Values then flow back: a chance node is the
probability-weighted sum of its children (``np.bincount``), a max node the largest of its moves (0 for a lost
position: no legal move).

Depth (player moves along the deepest line) adapts to the board: ``distinct tiles + depth_bonus``, at least
``min_depth``, at most ``max_depth``; crowded boards have fewer spawns, so they go deeper for the same work. A
*dangerous* board (at most ``danger_empty`` empty cells, or the largest tile (>= 128) off the corners) gets
``danger_bonus`` more: that is where one wrong move loses, and its tree is narrow.
``budget_ms`` caps the time: before expanding a layer of afterstates the search compares the children it would
make with what the time left can pay for (a per-child cost measured on the previous searches). If they do not fit,
the next layer becomes the last, and with ``fill`` the afterstates most likely to be reached are expanded (as
many as fit; best first by probability) while the others are scored where they stand. A crowded board (at most
``crowded_empty`` empty cells) gets ``crowded_time`` times the budget: that is where games are lost, and its tree
is narrow, so the time buys depth where it counts (a third of a strong game's late moves are that crowded, so the
median time a move stays near the budget).

``clock`` says what the budget counts. ``"cpu"`` (the default): the search's own CPU time, never more than
``WALL_CAP`` times the budget in wall time, so a machine busy with other work makes the answer later rather than
weaker (as the Gomoku engine's clock); on an idle machine the two agree. ``"wall"``: wall time, so a busy machine
searches shallower rather than late.
"""
from __future__ import annotations

import time

import numpy as np

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics, jit
from arcade.game2048.ai.strategy import Strategy

__all__ = ["DEFAULTS", "STRATEGY", "search_board", "search_grid", "target_depth", "dangerous", "budget_seconds",
           "CLOCKS", "WALL_CAP"]

CLOCKS = ("cpu", "wall")
WALL_CAP = 2.5          # with clock="cpu": never more than this many times the budget in wall time
CPU_CLOCK = getattr(time, "thread_time", time.process_time)

#: The strong real-time setting (the default of ``ai.choose``).
DEFAULTS = {
    "budget_ms": 70.0,
    "crowded_empty": 1,     # a board with at most this many empty cells is crowded ...
    "crowded_time": 2.5,    # ... and its budget is budget_ms times this
    "clock": "cpu",         # what the budget counts: "cpu" (the search's CPU time, capped in wall time) or "wall"
    "engine": "jit",        # "jit": the compiled depth-first search (ai.jit; the layers when numba is missing),
                            # "layers": the numpy layers below
    "depth": None,          # None = adaptive; an int forces that many player moves (still capped by the budget)
    "min_depth": 2,
    "max_depth": 10,
    "depth_bonus": 0,       # adaptive depth = distinct tiles + depth_bonus
    "danger_bonus": 1,      # ... + this on a dangerous board (adaptive depth only; may exceed max_depth)
    "danger_empty": 3,      # dangerous: at most this many empty cells, or the largest tile off the corners
    "prob_cutoff": 1e-5,    # the finest cut-off (the compiled search refines towards it while the budget lasts)
    "cutoff_per_depth": 1.0,  # the cut-off for the afterstates of player move k+1 is prob_cutoff * this ** k
    "fill": True,           # when the next layer does not fit the budget, expand its most likely part
    "four_probability": 0.1,
    "weights": None,        # heuristics.Weights, a dict of overrides, or None for DEFAULT_WEIGHTS
}

# Measured cost of one child of the last expansion: spawn, de-duplicate, move and score it (seconds, moving
# average over the searches of this process); the budget check divides the time left by it.
_cost_per_child = 1.5e-7


def target_depth(distinct: int, p: dict, danger: bool = False) -> int:
    """Player moves to search for a board with ``distinct`` different tiles (``danger``: see ``dangerous``)."""
    if p["depth"] is not None:
        return max(1, int(p["depth"]))
    d = int(min(p["max_depth"], max(p["min_depth"], distinct + int(p["depth_bonus"]))))
    return d + (int(p.get("danger_bonus") or 0) if danger else 0)


def dangerous(board: int, p: dict) -> bool:
    """Few empty cells (``danger_empty`` or fewer), or the largest tile not in a corner: the positions where one
    wrong move loses the game, and where the tree is narrow enough to search one move deeper."""
    cells = [(board >> (4 * i)) & 15 for i in range(16)]
    if sum(1 for e in cells if e == 0) <= int(p.get("danger_empty", 3)):
        return True
    top = max(cells)
    return top >= 7 and max(cells[0], cells[3], cells[12], cells[15]) < top


def budget_seconds(board: int, p: dict) -> float:
    """The time budget of a search from ``board`` in seconds (``inf`` when ``budget_ms`` is None or 0): a crowded
    board (at most ``crowded_empty`` empty cells) gets ``crowded_time`` times ``budget_ms``."""
    if not p["budget_ms"]:
        return float("inf")
    budget = float(p["budget_ms"]) / 1000.0
    empty = sum(1 for i in range(16) if not (board >> (4 * i)) & 15)
    return budget * float(p["crowded_time"]) if empty <= int(p["crowded_empty"]) else budget


def search_board(board: int, **params):
    """Search a 4x4 bitboard. Returns ``(values, nodes, depth)``: ``values[d]`` for d in up/down/left/right
    (``None`` for a move that changes nothing), ``nodes`` = moves evaluated, ``depth`` = player moves searched
    along the deepest line.
    """
    global _cost_per_child
    p = STRATEGY.params(params)
    wall0 = time.perf_counter()
    clock = CPU_CLOCK if p["clock"] == "cpu" else time.perf_counter
    start = clock()
    danger = dangerous(board, p)
    budget = budget_seconds(board, p)
    wall_budget = budget * WALL_CAP if clock is CPU_CLOCK else budget
    fill = bool(p["fill"])
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    cutoff = float(p["prob_cutoff"])
    per_depth = float(p["cutoff_per_depth"])
    p4 = float(p["four_probability"])
    root = np.array([board], dtype=np.uint64)
    want = target_depth(int(bb.distinct_count(root)[0]), p, p["depth"] is None and danger)
    if p["engine"] == "jit" and jit.available():
        finite = budget != float("inf")
        values, nodes, depth, _ = jit.search(
            board, want, row_table=ev.row, prob_cutoff=cutoff, cutoff_per_depth=per_depth, four_probability=p4,
            budget=budget if finite else None, clock=clock,
            wall_left=(lambda: wall_budget - (time.perf_counter() - wall0)) if finite else None)
        return values, nodes, depth

    B, cpB = root, np.ones(1)
    layers = []
    nodes = 0
    d = 0
    last = False          # the budget allows no layer after the next one
    t_expand = None       # when the last expansion started, and how many children it made (cost measurement)
    n_children = 0
    while True:
        n = B.size
        if d + 1 >= want or last or n == 0:
            val, v4 = ev.best_move_values(B)
            nodes += 4 * n
            break
        cand = bb.move_all(B)
        nodes += 4 * n
        flat = cand.reshape(-1)
        mv = np.flatnonzero(flat != np.tile(B, 4))
        A, inv = bb.unique_inverse(flat[mv])
        cpA = np.zeros(A.size)
        np.maximum.at(cpA, inv, cpB[mv % n])
        grow = np.flatnonzero(cpA >= cutoff * per_depth ** d)
        if grow.size and budget != float("inf"):
            kids = 2 * bb.empty_count(A[grow])
            total = int(kids.sum())
            used, wall_used = clock() - start, time.perf_counter() - wall0
            allowed = 0.9 * (budget - used) / _cost_per_child
            if clock is CPU_CLOCK:
                # the wall cap, at the pace (wall time per CPU time) this search has had so far
                pace = max(1.0, wall_used / used) if used > 0 else 1.0
                allowed = min(allowed, 0.9 * (wall_budget - wall_used) / (_cost_per_child * pace))
            if total > allowed:
                last = True
                k = int(allowed / kids.mean()) if fill else 0
                if k <= 0:
                    grow = grow[:0]
                elif k < grow.size:
                    # best first: expand the afterstates most likely to be reached
                    cp = cpA[grow]
                    threshold = np.partition(cp, grow.size - k)[grow.size - k]
                    grow = grow[cp >= threshold]
        leaf = np.ones(A.size, dtype=bool)
        leaf[grow] = False
        t_expand = clock()
        children, parent, prob = bb.spawns(A[grow], p4)
        n_children = children.size
        if last or d + 2 >= want:
            # the next layer is the last: spawns of different afterstates rarely coincide (~10 %), so scoring
            # the few duplicates twice is cheaper than finding them
            Bn, inv2, cpBn = children, None, None
        else:
            Bn, inv2 = bb.unique_inverse(children)
            cpBn = np.zeros(Bn.size)
            np.maximum.at(cpBn, inv2, cpA[grow][parent] * prob)
        layers.append((n, mv, inv, A, leaf, grow, parent, prob, inv2))
        B, cpB = Bn, cpBn
        d += 1
    depth = d + 1 if B.size else d

    for n, mv, inv, A, leaf, grow, parent, prob, inv2 in reversed(layers):
        valA = np.empty(A.size)
        valA[grow] = np.bincount(parent, weights=prob * (val if inv2 is None else val[inv2]), minlength=grow.size)
        lf = np.flatnonzero(leaf)
        if lf.size:
            valA[lf] = ev.evaluate(A[lf])
        v4 = np.full(4 * n, -np.inf)
        v4[mv] = valA[inv]
        v4 = v4.reshape(4, n)
        val = np.maximum(np.maximum(v4[0], v4[1]), np.maximum(v4[2], v4[3]))
        val[val == -np.inf] = 0.0

    if t_expand is not None and n_children > 2000:
        # everything after the last expansion began (its children, the last layer, the way back) per child
        per_child = (clock() - t_expand) / n_children
        _cost_per_child = 0.8 * _cost_per_child + 0.2 * per_child
    values = [None if v == -np.inf else float(v) for v in v4[:, 0]]
    return values, nodes, depth


# ---------------------------------------------------------------------------------------------------------------
# any size: a plain recursive expectimax over rules.slide_grid with sampled chance nodes

def search_grid(grid, **params):
    """Depth-limited expectimax on a grid of any size (the general path, slower).

    Chance nodes sample at most ``sample`` empty cells (default 6; a 2 and a 4 on each, re-weighted), chosen by a
    random generator seeded with ``seed`` (default 0) so answers repeat. Depth: ``depth`` or 2 player moves (3
    when the board has at most 4 empty cells), cut short by ``budget_ms``.
    """
    from arcade.game2048 import rules
    p = STRATEGY.params(params)
    w = heuristics.weights_from(p["weights"])
    rng = np.random.default_rng(int(params.get("seed") or 0))
    sample = int(params.get("sample", 6))
    p4 = float(p["four_probability"])
    start = time.perf_counter()
    budget = float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else float("inf")
    n_empty = sum(1 for row in grid for v in row if not v)
    depth = int(p["depth"]) if p["depth"] is not None else (3 if n_empty <= 4 else 2)
    cache: dict = {}
    nodes = 0

    def out_of_time() -> bool:
        return time.perf_counter() - start > budget

    def max_node(g, d) -> float:
        nonlocal nodes
        best = None
        for direction in rules.DIRECTIONS:
            new, _, moved = rules.slide_grid(g, direction)
            nodes += 1
            if moved:
                v = chance_node(new, d - 1)
                best = v if best is None or v > best else best
        return 0.0 if best is None else best

    def chance_node(g, d) -> float:
        if d <= 0 or out_of_time():
            return heuristics.evaluate_grid(g, w)
        key = (g, d)
        if key in cache:
            return cache[key]
        empties = [(r, c) for r, row in enumerate(g) for c, v in enumerate(row) if not v]
        if len(empties) > sample:
            pick = rng.choice(len(empties), size=sample, replace=False)
            empties = [empties[i] for i in sorted(pick)]
        total = 0.0
        for r, c in empties:
            for value, pv in ((2, 1.0 - p4), (4, p4)):
                rows = [list(row) for row in g]
                rows[r][c] = value
                total += pv * max_node(tuple(map(tuple, rows)), d)
        res = total / len(empties)
        cache[key] = res
        return res

    values = []
    for direction in rules.DIRECTIONS:
        new, _, moved = rules.slide_grid(grid, direction)
        nodes += 1
        values.append(chance_node(new, depth - 1) if moved else None)
    return values, nodes, depth


#: ``search_grid`` is this strategy's own general path (and the one the others share).
STRATEGY = Strategy("expectimax", DEFAULTS, search_board, ignores=frozenset({"sample", "seed"}),
                    general=search_grid)
