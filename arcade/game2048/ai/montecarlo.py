"""Monte Carlo evaluation (the first half of the MathorCup 2048 paper's title, "Monte Carlo evaluation and UCT
game-tree search for 2048"), vectorised: every playout of every first move is one row of one numpy array, and a
step of all of them is a handful of array operations.

Each legal first move is judged by the mean value of playouts from its afterstate:

* **an expectation over the spawns first**: the playouts of a move are shared out over *every* spawn of its
  afterstate in proportion to the spawn's probability (stratified, at least one each), and the move's value is
  the probability-weighted mean of the spawns' means -- the noise of which tile comes next is gone;
* **biased playouts**: each step takes the better (by the heuristic of the afterstate) of two random legal moves,
  followed by a random spawn; a playout is cut after ``depth`` moves and scored by the heuristic of the board it
  reached (0 if it got stuck: a lost game), plus ``score_weight`` times the score it gained. Pure random play to
  the end is a noisy judge of a move (it reaches 2048 in about 70 % of games); biased, short playouts judge the
  position;
* **dynamic breadth**: after a first round of ``breadth`` playouts a move, the moves
  whose mean is within ``z`` standard errors of the best get another round, until they separate, ``max_breadth``
  is reached or the time (``budget_ms``) runs out.

``greedy`` = 1 makes every playout step the heuristic's best move, 0 (with ``policy="random"``) pure random play.
``seed`` makes a search repeatable (default: a fresh generator). ``nodes`` counts playout moves, the Decision's
``iterations`` the playouts.
"""
from __future__ import annotations

import time

import numpy as np

from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import heuristics
from arcade.game2048.ai.strategy import Strategy

__all__ = ["DEFAULTS", "STRATEGY", "search_board", "playouts"]

DEFAULTS = {
    "breadth": 160,           # playouts per first move in the first round
    "max_breadth": 960,       # playouts per first move at most (dynamic breadth)
    "depth": 8,               # moves per playout at most
    "budget_ms": 100.0,       # no new round after this; a round in flight stops at its next step (None: no limit)
    "greedy": 0.8,            # share of playout steps that take the heuristic's best move (else best of two random)
    "score_weight": 0.0,      # weight of the score a playout gained (its final board's heuristic counts 1)
    "z": 2.0,                 # moves within z standard errors of the best get more playouts
    "four_probability": 0.1,
    "weights": None,
    "seed": None,
}

_CELL_SHIFT = np.arange(0, 64, 4, dtype=np.uint64)


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


def _gains(cur: np.ndarray, choice: np.ndarray) -> np.ndarray:
    """Score gained by moving every board of ``cur`` in its ``choice`` direction."""
    t = bb.tables()
    rows = bb.rows_of(cur)
    rows_t = bb.rows_of(bb.transpose(cur))
    g = np.zeros(cur.size, dtype=np.float64)
    for d, table, lines in ((bb.UP, t.gain_left, rows_t), (bb.DOWN, t.gain_right, rows_t),
                            (bb.LEFT, t.gain_left, rows), (bb.RIGHT, t.gain_right, rows)):
        sel = choice == d
        if sel.any():
            x = np.take(table, lines[sel])
            g[sel] = x[:, 0] + x[:, 1] + x[:, 2] + x[:, 3]
    return g


def playouts(starts: np.ndarray, depth: int, rng: np.random.Generator, p4: float = 0.1, deadline: float | None = None,
             *, ev=None, greedy: float = 0.0, spawn_first: bool = True, gains: bool = True):
    """Playouts from ``starts`` (afterstates: a spawn comes first, unless ``spawn_first`` is False). With ``ev`` (a
    heuristics.Evaluator) each step takes the better of two random legal moves by ``ev`` (the best one in a
    ``greedy`` share of steps); without it, a random legal move. Returns ``(final boards, gained score, alive,
    steps)``: ``alive`` is False for playouts that got stuck (a lost board)."""
    boards = np.asarray(starts, dtype=np.uint64).copy()
    if spawn_first:
        boards = _spawn(boards, rng, p4)
    n = boards.size
    gained = np.zeros(n, dtype=np.float64)
    alive = np.ones(n, dtype=bool)
    steps = 0
    idx = np.arange(n)            # rows still playing
    for step in range(depth):
        if idx.size == 0 or (deadline is not None and time.perf_counter() > deadline):
            break
        cur = boards[idx]
        cand = bb.move_all(cur)
        if ev is not None:
            _, vals = ev.best_move_values(cur)          # (4, m), -inf where the move changes nothing
            legal = vals > -np.inf
        else:
            legal = cand != cur[None, :]
        stuck = ~legal.any(axis=0)
        keys = rng.random(legal.shape)
        keys[~legal] = -1.0
        if ev is not None:
            # two distinct random legal moves (the second falls back to the first on a one-move board), keep the
            # better; or the best outright for a ``greedy`` share of the playouts
            first = keys.argmax(axis=0)
            keys[first, np.arange(keys.shape[1])] = -2.0
            second = keys.argmax(axis=0)
            second = np.where(legal[second, np.arange(keys.shape[1])], second, first)
            cols = np.arange(idx.size)
            choice = np.where(vals[first, cols] >= vals[second, cols], first, second)
            if greedy > 0:
                choice = np.where(rng.random(idx.size) < greedy, vals.argmax(axis=0), choice)
        else:
            choice = keys.argmax(axis=0)
        cols = np.arange(idx.size)
        new = cand[choice, cols]
        live = ~stuck
        if gains:
            gained[idx[live]] += _gains(cur, choice)[live]
        new = _spawn(new, rng, p4)
        boards[idx[live]] = new[live]
        alive[idx[stuck]] = False
        idx = idx[live]
        steps = step + 1
    if idx.size:  # a playout that stopped on a board with no move left is lost too
        last = boards[idx]
        alive[idx[~bb.legal_moves(last).any(axis=0)]] = False
    return boards, gained, alive, steps


def search_board(board: int, **params):
    """Returns ``(values, nodes, depth, info)``: mean playout value per move (None if illegal), playout moves
    simulated, playout length, ``{"iterations": playouts}``."""
    p = STRATEGY.params(params)
    start = time.perf_counter()
    rng = np.random.default_rng(p["seed"])
    breadth = max(1, int(p["breadth"]))
    max_breadth = max(breadth, int(p["max_breadth"]))
    depth = max(0, int(p["depth"]))
    p4 = float(p["four_probability"])
    deadline = start + float(p["budget_ms"]) / 1000.0 if p["budget_ms"] else None
    ev = heuristics.evaluator(heuristics.weights_from(p["weights"]))
    greedy = float(p["greedy"])
    score_w = float(p.get("score_weight") or 0.0)
    z = float(p["z"])

    root = np.array([board], dtype=np.uint64)
    after = bb.move_all(root)[:, 0]
    legal = [d for d in range(4) if after[d] != root[0]]
    kids, parent, prob = bb.spawns(after[legal], p4)
    keep = prob > 0
    kids, parent, prob = kids[keep], parent[keep], prob[keep]
    # per move: the sum over its spawns of p_k * (mean of the spawn's playouts), built from per-spawn sums
    sums = np.zeros(kids.size)
    sq = np.zeros(kids.size)
    counts = np.zeros(kids.size)
    nodes = 0
    total = 0
    steps_max = 0
    active = np.ones(len(legal), dtype=bool)
    given = np.zeros(len(legal))
    while True:
        # stratified: each active move's playouts shared over its spawns by probability, at least one each
        want = np.where(active[parent], np.maximum(1, np.round(prob * breadth)), 0).astype(np.int64)
        starts = np.repeat(kids, want)
        owner = np.repeat(np.arange(kids.size), want)
        final, gained, alive, steps = playouts(starts, depth, rng, p4, deadline, ev=ev, greedy=greedy,
                                               spawn_first=False, gains=score_w != 0)
        value = np.where(alive, ev.evaluate(final), 0.0) + score_w * gained
        sums += np.bincount(owner, weights=value, minlength=kids.size)
        sq += np.bincount(owner, weights=value * value, minlength=kids.size)
        counts += want
        given += np.bincount(parent, weights=want, minlength=len(legal))
        nodes += starts.size * max(steps, 1)
        total += starts.size
        steps_max = max(steps_max, steps)
        # a move's value and standard error (the spawns are strata: var = sum p_k^2 var_k / n_k)
        seen = counts > 0
        mean_k = np.where(seen, sums / np.maximum(counts, 1), 0.0)
        var_k = np.where(counts > 1, np.maximum(sq / np.maximum(counts, 1) - mean_k ** 2, 0.0)
                         * counts / np.maximum(counts - 1, 1), 0.0)
        means = np.bincount(parent, weights=prob * mean_k, minlength=len(legal))
        var = np.bincount(parent, weights=prob ** 2 * var_k / np.maximum(counts, 1), minlength=len(legal))
        if len(legal) <= 1:
            break
        best = int(np.argmax(means))
        se = np.sqrt(var + var[best])
        active = (means + z * se >= means[best])
        if active.sum() <= 1 or given[active].max() + breadth > max_breadth:
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
        breadth_left = deadline is None or (time.perf_counter() - start) * 2 < deadline - start
        if not breadth_left:
            break
    values = [None] * 4
    for d, m in zip(legal, means):
        values[d] = float(m)
    return values, int(nodes), int(steps_max), {"iterations": int(total)}


#: Any board size takes the shared general path (``player.choose``: a sampled expectimax, ``Strategy.grid_params``).
STRATEGY = Strategy("montecarlo", DEFAULTS, search_board,
                    ignores=frozenset({"sample"}))
