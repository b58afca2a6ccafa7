"""UCT (UCB1 applied to trees, as in the source paper) for 2048.

A tree of decision nodes (player to move). Each iteration walks down from the root: at a decision node an untried
move is expanded first, otherwise the move maximising ``mean + c * sqrt(ln n / T)`` is taken (mean reward of the
move, T its visits, n the node's visits); the spawn after the move is drawn at random with the game's
probabilities, which leads to the next decision node (nodes are shared by board: a transposition table). At a new
move or at ``max_depth`` the afterstate is scored -- the heuristic, squashed into [0, 1] around the root's level
(a lost position scores 0) -- and the reward is backed up along the path.

Stops after ``iterations`` iterations or ``budget_ms``, or early, as in the paper, once one root move has more than
half of the planned iterations (no other can overtake it). Plays the most visited move; ``scores`` are the root
moves' shares of the visits (0..1, plus a tie-break of 1e-6 x the mean reward).
"""
from __future__ import annotations

import math
import random
import time

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics

__all__ = ["DEFAULTS", "search_board", "search_grid", "check_params"]

DEFAULTS = {
    "iterations": 3000,     # planned iterations (the early stop counts against this)
    "budget_ms": 100.0,
    "c": 0.5,               # exploration constant (rewards are in 0..1; sqrt(2) is UCB1's textbook value)
    "max_depth": 6,         # player moves below the root before a leaf is scored
    "four_probability": 0.1,
    "weights": None,
    "seed": None,
}


def _params(params: dict) -> dict:
    unknown = set(params) - set(DEFAULTS) - {"sample"}
    if unknown:
        raise TypeError(f"mcts: unknown parameter(s) {sorted(unknown)}; known: {sorted(DEFAULTS)}")
    p = dict(DEFAULTS)
    p.update(params)
    return p


def check_params(params: dict) -> None:
    _params(params)


class _Node:
    __slots__ = ("board", "moves", "visits", "n", "w")

    def __init__(self, board: int, moves: list) -> None:
        self.board = board
        self.moves = moves                 # [(direction, afterstate)] of the legal moves
        self.visits = 0
        self.n = [0] * len(moves)          # visits per move
        self.w = [0.0] * len(moves)        # summed reward per move


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth)``: mean reward per move (None if illegal), iterations, deepest path."""
    p = _params(params)
    rng = random.Random(p["seed"])
    sc = bb.scalar()
    move = sc.move
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    evaluate = ev.evaluate_one
    c = float(p["c"])
    p4 = float(p["four_probability"])
    planned = max(1, int(p["iterations"]))
    max_depth = max(1, int(p["max_depth"]))
    deadline = time.perf_counter() + float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else float("inf")
    table: dict = {}

    def node(b: int) -> _Node:
        nd = table.get(b)
        if nd is None:
            moves = []
            for d in range(4):
                a = move(b, d)
                if a != b:
                    moves.append((d, a))
            nd = table[b] = _Node(b, moves)
        return nd

    root = node(board)
    # reward scale: how much the heuristic varies one move and one spawn below the root
    level = [evaluate(a) for _, a in root.moves]
    ref = max(level) if level else 0.0
    sample = []
    for _, a in root.moves:
        cells = sc.empty_cells(a)
        for i in cells[:4]:
            child = a | (1 << (4 * i))
            sample.extend(evaluate(move(child, d)) for d in range(4) if move(child, d) != child)
    spread = (max(sample) - min(sample)) if len(sample) > 1 else 1.0
    scale = max(spread / 4.0, 50.0)

    def reward(a: int) -> float:
        x = (evaluate(a) - ref) / scale
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    def spawn(a: int) -> int:
        cells = sc.empty_cells(a)
        i = cells[rng.randrange(len(cells))]
        return a | ((2 if rng.random() < p4 else 1) << (4 * i))

    deepest = 0
    done = 0
    log = math.log
    sqrt = math.sqrt
    while done < planned:
        if done & 31 == 0 and time.perf_counter() > deadline and done > 0:
            break
        path = []
        nd = root
        depth = 0
        r = 0.0
        while True:
            if not nd.moves:
                r = 0.0  # lost
                break
            untried = [k for k, v in enumerate(nd.n) if v == 0]
            if untried:
                k = untried[0] if len(untried) == 1 else untried[rng.randrange(len(untried))]
                path.append((nd, k))
                r = reward(nd.moves[k][1])
                depth += 1
                break
            lnv = log(nd.visits)
            best, k = -1.0, 0
            for j in range(len(nd.moves)):
                u = nd.w[j] / nd.n[j] + c * sqrt(lnv / nd.n[j])
                if u > best:
                    best, k = u, j
            path.append((nd, k))
            depth += 1
            a = nd.moves[k][1]
            if depth >= max_depth:
                r = reward(a)
                break
            nd = node(spawn(a))
        for nd_, k in path:
            nd_.visits += 1
            nd_.n[k] += 1
            nd_.w[k] += r
        deepest = max(deepest, depth)
        done += 1
        if len(root.moves) > 1 and max(root.n) * 2 > planned:
            break  # the paper's early stop: no other move can catch up
    # scores: each move's share of the root visits (the most visited move is played), ties broken by mean reward
    values = [None] * 4
    total = max(1, sum(root.n))
    for k, (d, _) in enumerate(root.moves):
        mean = root.w[k] / root.n[k] if root.n[k] else 0.0
        values[d] = root.n[k] / total + 1e-6 * mean
    return values, done, deepest


def search_grid(grid, **params):
    """Any size: the general path (a shallow sampled expectimax over the exact rules; see expectimax)."""
    from arcade.game2048.ai import expectimax
    p = _params(params)
    return expectimax.search_grid(grid, budget_ms=p["budget_ms"], weights=p["weights"])
