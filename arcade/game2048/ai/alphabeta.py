"""Alpha-beta search (the minimax view of 2048 in the MathorCup 2048 paper, "Monte Carlo evaluation and UCT
game-tree search for 2048"), iterative deepening within a time budget.

The game as a two-player game: the player picks a move (max node), the "computer" places a tile (min node). A
real computer plays at random, so the full min node (every empty cell x {2, 4}) is needlessly wide, and the
paper's pure minimum (the single worst spawn) is needlessly afraid: judged by its worst spawn every time, a search
cannot tell a safe move from a risky one and stalls long before 4096. Here the min node is the paper's *pruned*
min node -- only the spawns that hurt most (by the heuristic) are searched, worst first: the ``min_branch`` worst
2s and half as many worst 4s -- but **weighted by their chance**: the node's value is the expectation over *every*
spawn, the searched ones at their searched value, the others at their one-move value (the best afterstate's
heuristic), so a move is not judged by its worst cells alone; at the last level that is every spawn (an exact
expectation). The alternatives are worse: the few worst spawns with their probabilities renormalised judge every
move by the unlikely 4s (the worst spawns are nearly always 4s); the worst 2s and 4s each renormalised within
their value are still too afraid; the unsearched spawns at their static value shifted by the searched ones' gain
are over-optimistic. That is an expectation node, so the cut-offs are Ballard's Star1 (alpha-beta for chance
nodes): with every value inside ``[lower, upper]`` (the heuristic's bounds), a min node stops as soon as its
still-unknown spawns cannot lift its mean above alpha or drop it under beta.

* **Iterative deepening**: depth 1, 2, ... until ``max_depth`` or until ``budget_ms`` runs out; an unfinished
  iteration is thrown away and the last finished one decides (its root scores).
* **Move ordering from the previous iteration**: a transposition table keyed by board keeps, for every max node,
  its best move of the last iteration that searched it (tried first), its value, the depth it was searched to and
  whether that value is exact or a bound; a position met again at no greater depth is not searched again. Other
  moves follow by the heuristic of their afterstate. The table lives across the iterations of one search.

Leaves are afterstates scored by ``heuristics`` (same scale as expectimax; a lost position is 0). Spawns are ranked
by a cheap incremental score: a spawn changes one row and one column, so its board's heuristic is the afterstate's
minus those two lines' old scores plus their new ones.

Boards walk one at a time on Python ints (``bitboard.scalar()``): list look-ups beat numpy calls on one board.
"""
from __future__ import annotations

import time

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics
from arcade.game2048.ai.strategy import Strategy

__all__ = ["DEFAULTS", "STRATEGY", "search_board"]

DEFAULTS = {
    "budget_ms": 85.0,      # an iteration past it is abandoned within a few max nodes: ~100 ms a move in all
    "max_depth": 12,        # player moves
    "min_branch": 3,        # 2-spawns searched at a min node (the worst ones; half as many 4-spawns)
    "four_probability": 0.1,
    "weights": None,
}

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):
    pass


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth)`` for a 4x4 bitboard (``values[d]`` None for an illegal move)."""
    p = STRATEGY.params(params)
    start = time.perf_counter()
    sc = bb.scalar()
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    rl = ev.row_list()
    lower, upper = ev.bounds
    spread = sc.spread
    move = sc.move
    branch = max(1, int(p["min_branch"]))
    branch4 = max(1, branch // 2)
    p4 = float(p["four_probability"])
    budget = float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else float("inf")
    max_depth = int(p.get("depth") or p["max_depth"])
    deadline = start + budget
    perf = time.perf_counter
    nodes = 0
    calls = 0
    table: dict = {}            # board -> (depth, value, flag, best direction)

    def evaluate(b: int) -> float:
        tr = spread[b & 0xFFFF] | spread[(b >> 16) & 0xFFFF] << 4 | spread[(b >> 32) & 0xFFFF] << 8 \
            | spread[b >> 48] << 12
        return (rl[b & 0xFFFF] + rl[(b >> 16) & 0xFFFF] + rl[(b >> 32) & 0xFFFF] + rl[b >> 48]
                + rl[tr & 0xFFFF] + rl[(tr >> 16) & 0xFFFF] + rl[(tr >> 32) & 0xFFFF] + rl[tr >> 48])

    def max_node(b: int, depth: int, alpha: float, beta: float) -> float:
        nonlocal nodes, calls
        calls += 1
        if calls & 7 == 0 and perf() > deadline:
            raise _OutOfTime
        entry = table.get(b)
        first = -1
        if entry is not None:
            e_depth, e_val, e_flag, first = entry
            if e_depth >= depth and (e_flag == _EXACT or (e_flag == _LOWER and e_val >= beta)
                                     or (e_flag == _UPPER and e_val <= alpha)):
                return e_val
        kids = []
        for d in range(4):
            a = move(b, d)
            if a != b:
                kids.append((1e18 if d == first else evaluate(a), d, a))
        nodes += 4
        if not kids:
            return 0.0  # lost
        kids.sort(reverse=True)
        if depth <= 1:
            if kids[0][0] == 1e18:
                return max(evaluate(a) for _, _, a in kids)
            return kids[0][0]
        a0 = alpha
        best, best_d = -float("inf"), kids[0][1]
        for _, d, a in kids:
            v = min_node(a, depth - 1, alpha, beta)
            if v > best:
                best, best_d = v, d
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = _LOWER if best >= beta else (_UPPER if best <= a0 else _EXACT)
        table[b] = (depth, best, flag, best_d)
        return best

    def min_node(a: int, depth: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        # the afterstate's lines, to score each spawn by the two lines it changes
        tr = spread[a & 0xFFFF] | spread[(a >> 16) & 0xFFFF] << 4 | spread[(a >> 32) & 0xFFFF] << 8 \
            | spread[a >> 48] << 12
        rows = [(a >> (16 * r)) & 0xFFFF for r in range(4)]
        cols = [(tr >> (16 * c)) & 0xFFFF for c in range(4)]
        base = sum(rl[x] for x in rows) + sum(rl[x] for x in cols)
        twos, fours = [], []
        cells = [i for i in range(16) if not (a >> (4 * i)) & 15]
        for i in cells:
            r, c = i >> 2, i & 3
            row, col = rows[r], cols[c]
            old = base - rl[row] - rl[col]
            twos.append((old + rl[row | 1 << (4 * c)] + rl[col | 1 << (4 * r)], a | 1 << (4 * i)))
            fours.append((old + rl[row | 2 << (4 * c)] + rl[col | 2 << (4 * r)], a | 2 << (4 * i)))
        nodes += 2 * len(cells)
        # the spawns that hurt most, per tile value: the min_branch worst 2s and half as many worst 4s are
        # searched; the others count at their one-move value (the best afterstate's heuristic), each spawn
        # weighted by its probability. At the last level every spawn is worth its one-move value anyway.
        n = len(cells)
        twos.sort()
        fours.sort()
        chosen = []
        offset = 0.0
        for group, pe, k in ((twos, 1.0 - p4, branch if depth > 1 else 0),
                             (fours, p4, branch4 if depth > 1 else 0)):
            if pe > 0.0:
                w = pe / n
                chosen.extend((h, w, c) for h, c in group[:k])
                for _, c in group[k:]:
                    best1 = 0.0
                    for d in range(4):
                        x = move(c, d)
                        if x != c:
                            v = evaluate(x)
                            if best1 == 0.0 or v > best1:
                                best1 = v
                    offset += w * best1
                nodes += 4 * max(0, len(group) - k)
        if not chosen:
            return offset
        chosen.sort()
        total = sum(w for _, w, _ in chosen)
        alpha -= offset
        beta -= offset
        # Star1: the value is acc + offset once every searched spawn is known; before that acc lies between
        # acc + left * lower and acc + left * upper
        acc = 0.0
        left = total
        for _, w, c in chosen:
            left -= w
            # this child's window: values outside it settle the node on their own
            lo = (alpha - acc - left * upper) / w
            hi = (beta - acc - left * lower) / w
            v = max_node(c, depth, max(lo, lower), min(hi, upper))
            acc += w * v
            if acc + left * upper <= alpha:
                return acc + left * upper + offset    # fail low: cannot reach alpha
            if acc + left * lower >= beta:
                return acc + left * lower + offset    # fail high: cannot drop under beta
        return acc + offset

    legal = [d for d in range(4) if move(board, d) != board]
    order = sorted(legal, key=lambda d: -evaluate(move(board, d)))
    values = [None] * 4
    done_depth = 0
    for depth in range(1, max(1, max_depth) + 1):
        try:
            vals = {}
            alpha = -float("inf")
            best_d = order[0]
            for d in order:
                a = move(board, d)
                v = evaluate(a) if depth == 1 else min_node(a, depth - 1, alpha, float("inf"))
                vals[d] = v
                if v > alpha:
                    alpha, best_d = v, d
        except _OutOfTime:
            break
        for d in vals:  # the others are upper bounds that may equal alpha: keep the proven best strictly first
            if d != best_d and vals[d] >= vals[best_d]:
                vals[d] = vals[best_d] - 1e-6
        values = [vals.get(d) for d in range(4)]
        done_depth = depth
        order = sorted(legal, key=lambda d: -vals[d])
        # the next iteration costs several times this one: do not start what cannot finish
        if perf() > deadline or (perf() - start) * 4 > deadline - start:
            break
    if done_depth == 0:  # not even depth 1 finished (tiny budget): the afterstates' heuristic
        values = [evaluate(move(board, d)) if d in legal else None for d in range(4)]
        done_depth = 1
    return values, nodes, done_depth


#: Any board size takes the shared general path (``player.choose``: a sampled expectimax, ``Strategy.grid_params``).
STRATEGY = Strategy("alphabeta", DEFAULTS, search_board,
                    ignores=frozenset({"depth", "sample", "seed", "prob_cutoff"}))
