"""UCT (UCB1 applied to trees), the MathorCup 2048 paper's UCT made for a stochastic game.

The paper's loop, unchanged in shape: *selection* from the root by UCB1, *expansion* of the leaf reached,
*evaluation* of what was expanded, *back-up* along the path; repeated until the time or the planned iterations run
out, or stopped early once one root move already has more than half of the planned visits (no other move can
overtake it); the most visited root move is played.

What makes it work for 2048 (sampling one spawn per visit, as the textbook loop would, is too noisy and too slow:
a few hundred iterations a move, not enough to reach 2048):

* **Decision nodes** (player to move) choose a move by ``Q_j + c * sqrt(ln n / T_j)``: ``Q_j`` the mean of the
  move's returns, *normalised among the node's moves* to 0..1 (worst to best), so one ``c`` fits every board
  whatever the heuristic's scale; ``T_j`` the move's visits, ``n`` the node's.
* **Chance nodes** (after a move, waiting for the spawn) average over *every* spawn, weighted by its probability:
  the return a chance node passes up is its current expectation ``sum p_k v_k`` over all its spawns, not one
  sampled outcome. Selection descends into the spawn with the largest ``p_k / (visits_k + 1)`` (a fixed cycle
  over the cells: nine rounds of 2s, one of 4s), so deeper search goes where the probability is, without noise.
* Leaves are selected in **batches** (``batch``): each step of a path counts as a visit at once, with the move's
  mean as a placeholder return, so the paths of one batch spread out; the batch's new leaves are then evaluated in
  one numpy call and backed up.
* **Expansion and evaluation are vectorised**: expanding a decision node builds all its moves' spawns at once and
  scores each spawn by the best heuristic value of its moves (``Evaluator.best_move_values``, one numpy call for the
  whole node): every new move starts with a two-ply expectimax value. A spawn not expanded yet keeps that value;
  an expanded one is worth its best move's mean return. Lost positions are worth ``lost_value`` (0: below any live
  position the heuristic can score on real boards).
* A **transposition table** shares decision nodes by board within a search and, with ``keep_tree``, across moves:
  the position after the next spawn is usually already in the tree, with its statistics.

``scores`` are the root moves' shares of the visits (0..1) plus a 1e-9 tie-break by mean value. ``nodes`` counts
afterstates evaluated, ``depth`` the deepest path (player moves), and the Decision's ``iterations`` the UCT
iterations.
"""
from __future__ import annotations

import math
import time

import numpy as np

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics
from arcade.game2048.ai.strategy import Strategy

__all__ = ["DEFAULTS", "STRATEGY", "search_board"]

DEFAULTS = {
    "iterations": 20000,    # planned iterations (the early stop counts against this)
    "budget_ms": 100.0,     # wall-time cap of one search (None: iterations only)
    "c": 0.7,               # exploration constant for normalised (0..1) move values
    "max_depth": 12,        # player moves below the root at most
    "early_stop": True,     # the paper's early stop
    "batch": 24,            # leaves selected (with virtual visits) and evaluated per numpy call
    "keep_table": True,     # keep the tree for the next move (transpositions across moves)
    "four_probability": 0.1,
    "weights": None,
    "seed": None,           # accepted for symmetry: the search is deterministic
}

_MAX_TABLE = 60_000         # decision nodes kept across moves at most (a node holds ~100 numbers)


class _Decision:
    """A position with the player to move; ``moves`` are the legal directions, ``chance`` their chance nodes."""
    __slots__ = ("moves", "chance", "T", "W", "n", "value")

    def __init__(self) -> None:
        self.moves: list = []
        self.chance: list = []
        self.T: list = []
        self.W: list = []
        self.n = 0
        self.value = 0.0


class _Chance:
    """An afterstate: every spawn (``kids``, ``probs``: cell by cell, the 2 then the 4), their current values and
    decision nodes (or None), the expectation ``V`` and how often the node was passed (``count``)."""
    __slots__ = ("kids", "probs", "vals", "nodes", "V", "count")

    def __init__(self, kids: list, probs: list, vals: list, V: float) -> None:
        self.kids = kids
        self.probs = probs
        self.vals = vals
        self.nodes = [None] * len(kids)
        self.V = V
        self.count = 0


def _spawn_cycle(p4: float):
    """``(major, rounds)``: the likelier tile (0 = the 2, 1 = the 4) and how many rounds over the cells it gets
    before the other one gets one (``None``: never). Visiting the spawns in this cycle is exactly "the largest
    ``p_k / (visits_k + 1)`` first" (the D'Hondt order), without a loop over the spawns."""
    major = 0 if p4 <= 0.5 else 1
    pmaj, pmin = (1.0 - p4, p4) if major == 0 else (p4, 1.0 - p4)
    return major, (None if pmin <= 0 else max(1, int(round(pmaj / pmin))))


# the table kept between searches: (settings key, {board: _Decision})
_kept: tuple = (None, {})


def _expand(nodes: list, boards: list, ev, p4: float, lost: float) -> int:
    """Create the chance nodes of every decision node in ``nodes`` (positions ``boards``), every spawn of every
    move scored by its best move's heuristic, in one vectorised pass; returns the afterstates evaluated."""
    arr = np.array(boards, dtype=np.uint64)
    cand = bb.move_all(arr)                          # (4, m)
    legal = cand != arr[None, :]
    which, dirs = np.nonzero(legal.T)                # by node, then direction
    afters = cand[dirs, which]
    kids, parent, prob = bb.spawns(afters, p4)
    best, _ = ev.best_move_values(kids, dead=lost)
    kid_list, prob_list, val_list = kids.tolist(), prob.tolist(), best.tolist()
    bounds = np.searchsorted(parent, np.arange(afters.size + 1)).tolist()
    expect = np.bincount(parent, weights=prob * best, minlength=afters.size).tolist()
    which_list, dir_list = which.tolist(), dirs.tolist()
    for node in nodes:
        node.n = 0
        node.value = lost
    for i in range(afters.size):
        node = nodes[which_list[i]]
        lo, hi = bounds[i], bounds[i + 1]
        ch = _Chance(kid_list[lo:hi], prob_list[lo:hi], val_list[lo:hi], expect[i])
        node.moves.append(dir_list[i])
        node.chance.append(ch)
        node.T.append(1)
        node.W.append(ch.V)
        node.n += 1
        if node.n == 1 or ch.V > node.value:
            node.value = ch.V
    return 4 * kids.size


def _reachable(root: _Decision, board: int) -> dict:
    """The part of the kept table below ``root`` (the rest belongs to moves not played or spawns that did not
    come)."""
    out = {board: root}
    stack = [root]
    while stack:
        nd = stack.pop()
        for ch in nd.chance:
            for b, child in zip(ch.kids, ch.nodes):
                if child is not None and b not in out:
                    out[b] = child
                    stack.append(child)
    return out


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth, info)``: visit shares per move (None if illegal), afterstates evaluated,
    the deepest path in player moves, and ``{"iterations": ...}``."""
    global _kept
    p = STRATEGY.params(params)
    start = time.perf_counter()
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    c = float(p["c"])
    p4 = float(p["four_probability"])
    lost = 0.0
    planned = max(1, int(p["iterations"]))
    max_depth = max(1, int(p["max_depth"]))
    deadline = start + float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else float("inf")
    key = (ev.weights, p4)
    if p["keep_table"] and _kept[0] == key and len(_kept[1]) < _MAX_TABLE:
        table = _kept[1]
    else:
        table = {}
    _kept = (key, table) if p["keep_table"] else (None, {})

    root = table.get(board)
    nodes = 0
    if table:
        table = _reachable(root, board) if root is not None else {}
        _kept = (key, table) if p["keep_table"] else (None, {})
    if root is None:
        root = table[board] = _Decision()
        nodes += _expand([root], [board], ev, p4, lost)
    if len(root.moves) <= 1:
        values = [None] * 4
        for d in root.moves:
            values[d] = 1.0
        return values, nodes, 1, {"iterations": 0}
    start_T = max(root.T)
    log, sqrt = math.log, math.sqrt
    early = bool(p["early_stop"])
    batch = max(1, int(p["batch"]))
    major, rounds = _spawn_cycle(p4)
    deepest = 1
    done = 0
    perf = time.perf_counter
    while done < planned and perf() < deadline:
        # selection of a batch of leaves; every step is counted at once (a "virtual visit" that keeps the mean:
        # the move's current mean is added as a placeholder return), so the batch's paths spread out
        paths = []
        pending_nodes, pending_boards = [], []
        for _ in range(min(batch, planned - done)):
            path = []
            nd = root
            depth = 0
            while True:
                W, T = nd.W, nd.T
                k = len(T)
                if k == 1:
                    j = 0
                else:
                    qs = [W[i] / T[i] for i in range(k)]
                    lo, hi = min(qs), max(qs)
                    span = hi - lo
                    lnn = log(nd.n)
                    best = -1.0
                    j = 0
                    for i in range(k):
                        u = ((qs[i] - lo) / span if span > 0 else 0.5) + c * sqrt(lnn / T[i])
                        if u > best:
                            best, j = u, i
                ch = nd.chance[j]
                cells = len(ch.kids) >> 1
                if rounds is None:
                    kk = 2 * (ch.count % cells) + major
                else:
                    r, cell = divmod(ch.count % (cells * (rounds + 1)), cells)
                    kk = 2 * cell + (major if r < rounds else 1 - major)
                ch.count += 1
                placeholder = W[j] / T[j]
                T[j] += 1
                W[j] += placeholder
                nd.n += 1
                path.append((nd, j, ch, kk, placeholder))
                depth += 1
                child = ch.nodes[kk]
                if child is None:
                    b = ch.kids[kk]
                    child = table.get(b)
                    if child is None:
                        # expansion (scored below, with the rest of the batch)
                        child = table[b] = _Decision()
                        child.n = -1
                        pending_nodes.append(child)
                        pending_boards.append(b)
                        depth += 1
                    ch.nodes[kk] = child
                    break
                if child.n <= 0 or depth >= max_depth:  # lost, waiting for its evaluation, or deep enough
                    break
                nd = child
            paths.append((path, child))
            if depth > deepest:
                deepest = depth
        # evaluation of every new leaf in one vectorised call
        if pending_nodes:
            nodes += _expand(pending_nodes, pending_boards, ev, p4, lost)
        # back-up: each chance node re-averages over all its spawns, each move records that expectation
        for path, leaf in paths:
            v = leaf.value
            for nd, j, ch, kk, placeholder in reversed(path):
                ch.V += ch.probs[kk] * (v - ch.vals[kk])
                ch.vals[kk] = v
                nd.W[j] += ch.V - placeholder
                T, W = nd.T, nd.W
                v = max(W[i] / T[i] for i in range(len(T)))
                nd.value = v
        done += len(paths)
        # the paper's early stop: one move has more than half of the planned visits
        if early and 2 * (max(root.T) - start_T) > planned:
            break
    values = [None] * 4
    total = sum(root.T)
    for i, d in enumerate(root.moves):
        values[d] = root.T[i] / total + 1e-9 * (root.W[i] / root.T[i]) / max(1.0, abs(root.value))
    if len(table) > _MAX_TABLE:
        _kept = (None, {})
    return values, nodes, deepest, {"iterations": done}


#: Any board size takes the shared general path (``player.choose``: a sampled expectimax, ``Strategy.grid_params``).
STRATEGY = Strategy("mcts", DEFAULTS, search_board,
                    ignores=frozenset({"sample"}))
