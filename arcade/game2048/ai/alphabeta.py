"""Alpha-beta search (the source paper's minimax view of 2048), iterative deepening within a time budget.

The game as a two-player game: the player picks a move (max node), the "computer" places a tile (min node). A
real computer plays at random, so the full min node (every empty cell x {2, 4}) would be needlessly pessimistic
and wide; as in the paper the min node is pruned to the spawns that make the board worst: every spawn is scored
by the heuristic and only the ``min_branch`` lowest are searched, worst first. Max nodes try moves best first
(afterstate heuristic; at the root, the previous iteration's order), which is what lets alpha-beta cut deep.

Leaves are afterstates scored by ``heuristics`` (same scale as expectimax; a lost position is 0). Iterative
deepening: depth 1, 2, ... until ``max_depth`` or until ``budget_ms`` runs out; an unfinished iteration is thrown
away and the last finished one decides. Scores: the root values of that iteration (exact for the best move, upper
bounds for the others, as alpha-beta proves no more).

Boards walk one at a time on Python ints (``bitboard.scalar()``): list look-ups beat numpy calls on one board.
"""
from __future__ import annotations

import time

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics

__all__ = ["DEFAULTS", "search_board", "search_grid", "check_params"]

DEFAULTS = {
    "budget_ms": 100.0,
    "max_depth": 12,        # player moves
    "min_branch": 2,        # spawns searched at a min node (the worst ones)
    "weights": None,
}


class _OutOfTime(Exception):
    pass


def _params(params: dict) -> dict:
    unknown = set(params) - set(DEFAULTS) - {"depth", "sample", "seed", "prob_cutoff", "four_probability"}
    if unknown:
        raise TypeError(f"alphabeta: unknown parameter(s) {sorted(unknown)}; known: {sorted(DEFAULTS)}")
    p = dict(DEFAULTS)
    p.update(params)
    return p


def check_params(params: dict) -> None:
    _params(params)


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth)`` for a 4x4 bitboard (``values[d]`` None for an illegal move)."""
    p = _params(params)
    sc = bb.scalar()
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    evaluate = ev.evaluate_one
    move = sc.move
    branch = max(1, int(p["min_branch"]))
    budget = float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else float("inf")
    max_depth = int(p.get("depth") or p["max_depth"])
    deadline = time.perf_counter() + budget
    nodes = 0

    def tick() -> None:
        nonlocal nodes
        nodes += 1
        if nodes & 255 == 0 and time.perf_counter() > deadline:
            raise _OutOfTime

    def max_node(b: int, depth: int, alpha: float, beta: float) -> float:
        kids = []
        for d in range(4):
            a = move(b, d)
            tick()
            if a != b:
                kids.append((evaluate(a), a))
        if not kids:
            return 0.0  # lost
        kids.sort(reverse=True)
        if depth <= 1:
            return kids[0][0]
        best = -1.0
        for _, a in kids:
            v = min_node(a, depth - 1, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def min_node(a: int, depth: int, alpha: float, beta: float) -> float:
        spawns = []
        for i in sc.empty_cells(a):
            for e in (1, 2):
                c = a | (e << (4 * i))
                tick()
                spawns.append((evaluate(c), c))
        spawns.sort()
        worst = float("inf")
        for _, c in spawns[:branch]:
            v = max_node(c, depth, alpha, beta)
            if v < worst:
                worst = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return worst

    legal = [d for d in range(4) if move(board, d) != board]
    order = sorted(legal, key=lambda d: -evaluate(move(board, d)))
    values = [None] * 4
    done_depth = 0
    for depth in range(1, max(1, max_depth) + 1):
        try:
            vals = {}
            alpha = -1.0
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
        if time.perf_counter() > deadline:
            break
    if done_depth == 0:  # not even depth 1 finished (tiny budget): the afterstates' heuristic
        values = [evaluate(move(board, d)) if d in legal else None for d in range(4)]
        done_depth = 1
    return values, nodes, done_depth


def search_grid(grid, **params):
    """Any size: the general path (a shallow sampled expectimax over the exact rules; see expectimax)."""
    from arcade.game2048.ai import expectimax
    p = _params(params)
    return expectimax.search_grid(grid, budget_ms=p["budget_ms"], weights=p["weights"])
