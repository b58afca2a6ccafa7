"""The common face of the 2048 strategies: ``choose(grid, strategy, **params) -> Decision``.

Which path: a 4x4 grid whose tiles fit the bitboard (<= 32768) and whose legal moves the tables reproduce exactly
searches on the vectorised bitboard engine (``path="bitboard"``). Anything else (sizes 3, 5..8, a tile above 32768,
a 32768 + 32768 merge on the board) takes the general path over ``rules.slide_grid`` (``path="general"``): a
shallow expectimax with sampled chance nodes (``expectimax.search_grid``), whichever strategy was asked, slower and
weaker but sensible. The legal moves always come from ``rules.slide_grid``, so the answer is always a legal move:

* no legal move (a finished board): ``direction is None``, every score ``None``, ``nodes == depth == 0``;
* exactly one legal move: it is returned at once (no search: ``nodes == depth == 0``, its score 0.0);
* otherwise the strategy's best move; ``scores[d]`` is its value for ``d`` (higher is better, the scale depends on
  the strategy) and ``None`` for a move that changes nothing.

This module imports numpy and the strategies only when a search is needed, so importing ``arcade.game2048.ai`` stays
cheap.
"""
from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, field

from arcade.game2048 import rules

__all__ = ["Decision", "STRATEGIES", "DEFAULT_STRATEGY", "choose", "defaults", "legal_directions"]

DIRECTIONS = rules.DIRECTIONS
DEFAULT_STRATEGY = "expectimax"
#: strategy name -> module (under arcade.game2048.ai) with ``DEFAULTS``, ``search_board`` and ``search_grid``
STRATEGIES = {
    "expectimax": "expectimax",
    "alphabeta": "alphabeta",
    "montecarlo": "montecarlo",
    "mcts": "mcts",
}


@dataclass(frozen=True)
class Decision:
    """What a strategy decided for one position.

    ``direction``: "up"/"down"/"left"/"right", or None when no move is legal (or on ``error``).
    ``scores``: direction -> value (higher is better) or None for an illegal move. ``nodes``: positions evaluated
    (moves tried); ``depth``: player moves searched along the deepest line (playout length for Monte Carlo);
    ``elapsed``: seconds; ``path``: "bitboard" or "general"; ``error``: a message when the search failed (set by
    the worker; ``choose`` itself raises).
    """
    direction: str | None
    scores: dict = field(default_factory=dict)
    nodes: int = 0
    depth: int = 0
    elapsed: float = 0.0
    strategy: str = DEFAULT_STRATEGY
    path: str = "bitboard"
    error: str | None = None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def ok(self) -> bool:
        return self.error is None


def _module(strategy: str):
    try:
        name = STRATEGIES[strategy]
    except KeyError:
        raise ValueError(f"unknown strategy {strategy!r}; known: {sorted(STRATEGIES)}") from None
    return importlib.import_module(f"arcade.game2048.ai.{name}")


def defaults(strategy: str = DEFAULT_STRATEGY) -> dict:
    """The default parameters of a strategy (a copy)."""
    return dict(_module(strategy).DEFAULTS)


def legal_directions(grid) -> list:
    """The directions that change ``grid`` (exact rules), in ``DIRECTIONS`` order."""
    return [d for d in DIRECTIONS if rules.slide_grid(grid, d)[2]]


def _bitboard(grid, legal: list):
    """The board as an int when the bitboard path is exact for it, else None."""
    if len(grid) != 4:
        return None
    from arcade.game2048 import bitboard as bb
    try:
        board = bb.to_board(grid)
    except OverflowError:
        return None
    import numpy as np
    arr = np.array([board], dtype=np.uint64)
    ok = bb.legal_moves(arr)[:, 0]
    if [d for i, d in enumerate(DIRECTIONS) if ok[i]] != legal:
        return None
    if not all(bb.exact(arr, i)[0] for i in range(4)):
        return None  # a 32768 + 32768 merge is on the board: the tables cannot show its result
    return board


def choose(grid, strategy: str = DEFAULT_STRATEGY, **params) -> Decision:
    """Pick a move for ``grid`` (tile values, any size 3..8) with ``strategy``; see the module docstring.

    ``params`` go to the strategy (see its ``DEFAULTS``); unknown ones raise TypeError, a bad grid or strategy
    ValueError.
    """
    start = time.perf_counter()
    module = _module(strategy)
    grid = rules.validate_grid(grid)
    legal = legal_directions(grid)
    board = _bitboard(grid, legal) if legal else None
    path = "bitboard" if board is not None or (not legal and len(grid) == 4) else "general"
    if len(legal) <= 1:
        module.check_params(params)
        scores = {d: (0.0 if d in legal else None) for d in DIRECTIONS}
        return Decision(legal[0] if legal else None, scores, 0, 0, time.perf_counter() - start, strategy, path)
    if board is not None:
        values, nodes, depth = module.search_board(board, **params)
    else:
        values, nodes, depth = module.search_grid(grid, **params)
    scores = {}
    for i, d in enumerate(DIRECTIONS):
        v = values[i] if d in legal else None
        scores[d] = None if v is None else float(v)
    ranked = [d for d in legal if scores[d] is not None]
    direction = max(ranked, key=lambda d: scores[d]) if ranked else legal[0]
    return Decision(direction, scores, int(nodes), int(depth), time.perf_counter() - start, strategy, path)
