"""Monte Carlo playouts (the course report's AI), vectorised: every playout of every first move is one row of
one numpy array, and a step of all of them is a handful of array operations.

For each legal first move, ``breadth`` playouts start from its afterstate: a random spawn, then up to ``depth``
random legal moves (each followed by a random spawn) or until the playout is stuck. A playout is worth the score
it gained (merges, the game's own score) plus ``heuristic_weight`` times the heuristic of the board it ended on
(0 for a lost board) -- survival is what gains score, so long playouts win. The move with the best mean wins.
The course report used 20 playouts of 10 moves (2048 in 2 of 30 games); playing every playout to its end (pure
Monte Carlo) is what makes this strong, and vectorised it is cheap. ``budget_ms`` (optional) stops the playouts
early (all at the same step). ``seed`` makes a search repeatable (default: a fresh generator).
"""
from __future__ import annotations

import time

import numpy as np

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics

__all__ = ["DEFAULTS", "search_board", "search_grid", "check_params", "playouts"]

DEFAULTS = {
    "breadth": 100,           # playouts per first move
    "depth": 300,             # random moves per playout at most (random play is stuck long before: to the end)
    "budget_ms": 200.0,       # stop playouts early past this (None: no limit)
    "heuristic_weight": 0.01, # only matters for playouts cut short (depth or budget): the board's health
    "four_probability": 0.1,
    "weights": None,
    "seed": None,
}

_CELL_SHIFT = np.arange(0, 64, 4, dtype=np.uint64)


def _params(params: dict) -> dict:
    unknown = set(params) - set(DEFAULTS) - {"sample"}
    if unknown:
        raise TypeError(f"montecarlo: unknown parameter(s) {sorted(unknown)}; known: {sorted(DEFAULTS)}")
    p = dict(DEFAULTS)
    p.update(params)
    return p


def check_params(params: dict) -> None:
    _params(params)


def _spawn(boards: np.ndarray, rng: np.random.Generator, p4: float) -> np.ndarray:
    """One random tile on a random empty cell of every board (boards without an empty cell stay)."""
    empty = bb._nibbles(boards) == 0
    keys = rng.random(empty.shape)
    keys[~empty] = -1.0
    cell = keys.argmax(axis=1)
    has = empty.any(axis=1)
    exp = np.where(rng.random(boards.size) < p4, np.uint64(2), np.uint64(1))
    tile = exp << _CELL_SHIFT[cell]
    return np.where(has, boards | tile, boards)


def playouts(starts: np.ndarray, depth: int, rng: np.random.Generator, p4: float = 0.1, deadline: float | None = None):
    """Random playouts from afterstates ``starts`` (a spawn comes first). Returns ``(final boards, gained score,
    alive, steps)``: ``alive`` is False for playouts that got stuck (a lost board)."""
    boards = _spawn(np.asarray(starts, dtype=np.uint64), rng, p4)
    n = boards.size
    gained = np.zeros(n, dtype=np.float64)
    alive = np.ones(n, dtype=bool)
    t = bb.tables()
    steps = 0
    idx = np.arange(n)            # rows still playing
    for step in range(depth):
        if idx.size == 0 or (deadline is not None and time.perf_counter() > deadline):
            break
        cur = boards[idx]
        cand = bb.move_all(cur)
        legal = cand != cur[None, :]
        keys = rng.random(legal.shape)
        keys[~legal] = -1.0
        choice = keys.argmax(axis=0)
        stuck = ~legal.any(axis=0)
        cols = np.arange(idx.size)
        new = cand[choice, cols]
        # score gained: the table of the lines that moved (rows for left/right, columns for up/down)
        rows = bb.rows_of(cur)
        rows_t = bb.rows_of(bb.transpose(cur))
        g = np.zeros(idx.size, dtype=np.float64)
        for d, table, lines in ((bb.UP, t.gain_left, rows_t), (bb.DOWN, t.gain_right, rows_t),
                                (bb.LEFT, t.gain_left, rows), (bb.RIGHT, t.gain_right, rows)):
            sel = choice == d
            if sel.any():
                x = np.take(table, lines[sel])
                g[sel] = x[:, 0] + x[:, 1] + x[:, 2] + x[:, 3]
        new = _spawn(new, rng, p4)
        live = ~stuck
        boards[idx[live]] = new[live]
        gained[idx[live]] += g[live]
        alive[idx[stuck]] = False
        idx = idx[live]
        steps = step + 1
    return boards, gained, alive, steps


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth)``: mean playout value per move, moves simulated, playout length."""
    p = _params(params)
    rng = np.random.default_rng(p["seed"])
    breadth = max(1, int(p["breadth"]))
    deadline = time.perf_counter() + float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else None
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    root = np.array([board], dtype=np.uint64)
    after = bb.move_all(root)[:, 0]
    legal = [d for d in range(4) if after[d] != root[0]]
    starts = np.repeat(after[legal], breadth)
    final, gained, alive, steps = playouts(starts, int(p["depth"]), rng, float(p["four_probability"]), deadline)
    value = gained + float(p["heuristic_weight"]) * np.where(alive, ev.evaluate(final), 0.0)
    means = value.reshape(len(legal), breadth).mean(axis=1) if legal else []
    values = [None] * 4
    for d, m in zip(legal, means):
        values[d] = float(m)
    return values, int(starts.size * max(steps, 1)), int(steps)


def search_grid(grid, **params):
    """Any size: the general path (a shallow sampled expectimax over the exact rules; see expectimax)."""
    from arcade.game2048.ai import expectimax
    p = _params(params)
    return expectimax.search_grid(grid, budget_ms=p["budget_ms"], weights=p["weights"])
