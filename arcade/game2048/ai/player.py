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

__all__ = ["Decision", "STRATEGIES", "DEFAULT_STRATEGY", "choose", "defaults", "legal_directions", "check_value",
           "validate_params", "PARAMETER_KINDS", "strategy_record"]

DIRECTIONS = rules.DIRECTIONS
DEFAULT_STRATEGY = "expectimax"
#: strategy name -> module (under arcade.game2048.ai) whose ``STRATEGY`` record (``strategy.Strategy``) holds its
#: defaults and search functions (``module:NAME``: the record ``NAME`` instead); the modules load on first use
STRATEGIES = {
    "expectimax": "expectimax",
    "alphabeta": "alphabeta",
    "montecarlo": "montecarlo",
    "mcts": "mcts",
    "ntuple": "learned",            # expectimax with the learned n-tuple evaluation at the leaves
    "ntuple1": "learned:GREEDY",    # the n-tuple network alone, one move ahead (the fast hint)
}


@dataclass(frozen=True)
class Decision:
    """What a strategy decided for one position.

    ``direction``: "up"/"down"/"left"/"right", or None when no move is legal (or on ``error``).
    ``scores``: direction -> value (higher is better) or None for an illegal move. ``nodes``: positions evaluated
    (moves tried); ``depth``: player moves searched along the deepest line (playout length for Monte Carlo);
    ``elapsed``: seconds; ``path``: "bitboard" or "general"; ``error``: a message when the search failed (set by
    the worker; ``choose`` itself raises); ``iterations``: UCT iterations or Monte Carlo playouts (0 for the
    depth-first searches), for the AI panel.
    """
    direction: str | None
    scores: dict = field(default_factory=dict)
    nodes: int = 0
    depth: int = 0
    elapsed: float = 0.0
    strategy: str = DEFAULT_STRATEGY
    path: str = "bitboard"
    error: str | None = None
    iterations: int = 0

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def ok(self) -> bool:
        return self.error is None


def strategy_record(strategy: str):
    """The ``Strategy`` record of ``strategy`` (its module is imported on first use); ValueError if unknown."""
    try:
        name = STRATEGIES[strategy]
    except KeyError:
        raise ValueError(f"unknown strategy {strategy!r}; known: {sorted(STRATEGIES)}") from None
    module, _, record = name.partition(":")
    return getattr(importlib.import_module(f"arcade.game2048.ai.{module}"), record or "STRATEGY")


def defaults(strategy: str = DEFAULT_STRATEGY) -> dict:
    """The default parameters of a strategy (a copy)."""
    return dict(strategy_record(strategy).defaults)


def legal_directions(grid) -> list:
    """The directions that change ``grid`` (exact rules), in ``DIRECTIONS`` order."""
    return [d for d in DIRECTIONS if rules.slide_grid(grid, d)[2]]


# ---------------------------------------------------------------------------------------------------------------
# parameter values (the benchmark checks them before a run starts; ``choose`` itself only checks names)

def _number(v, name: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v in (float("inf"), float("-inf")):
        raise ValueError(f"{name}: expected a number, got {v!r}")
    return v


def _int_at_least(low: int, none_ok: bool = False):
    def check(v, name):
        if v is None and none_ok:
            return v
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise ValueError(f"{name}: expected a whole number >= {low}{' or None' if none_ok else ''}, got {v!r}")
        return v
    return check


def _float_range(low: float, high: float | None = None, none_ok: bool = False, open_low: bool = False):
    def check(v, name):
        if v is None and none_ok:
            return v
        try:
            _number(v, name)
        except ValueError:
            raise ValueError(f"{name}: expected a number{' or None' if none_ok else ''}, got {v!r}") from None
        if v < low or (open_low and v == low) or (high is not None and v > high):
            span = f"{'>' if open_low else '>='} {low}" + (f" and <= {high}" if high is not None else "")
            raise ValueError(f"{name}: expected a number {span}, got {v!r}")
        return v
    return check


def _any_int(v, name):
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{name}: expected a whole number, got {v!r}")
    return v


def _bool(v, name):
    if not isinstance(v, bool):
        raise ValueError(f"{name}: expected True or False, got {v!r}")
    return v


def _choice(*options):
    def check(v, name):
        if v not in options:
            raise ValueError(f"{name}: expected one of {', '.join(map(repr, options))}, got {v!r}")
        return v
    return check


def _file_or_none(v, name):
    if v is None:
        return v
    if not isinstance(v, str) or not v.strip():
        raise ValueError(f"{name}: expected a file name, got {v!r}")
    return v


def _weights(v, name):
    if v is None:
        return v
    from arcade.game2048.ai.heuristics import Weights
    if isinstance(v, Weights):
        return v
    if not isinstance(v, dict):
        raise ValueError(f"{name}: expected a dict of heuristic weights, got {v!r}")
    known = set(Weights.__dataclass_fields__)
    for k, x in v.items():
        if k not in known:
            raise ValueError(f"unknown heuristic weight {k!r}; known: {', '.join(sorted(known))}")
        _number(x, f"weight {k}")
    return v


#: How every strategy parameter's value is checked (one meaning per name across the strategies).
PARAMETER_KINDS = {
    "budget_ms": _float_range(0.0, none_ok=True, open_low=True),
    "depth": _int_at_least(1, none_ok=True),
    "min_depth": _int_at_least(1),
    "max_depth": _int_at_least(1),
    "depth_bonus": _any_int,
    "danger_bonus": _any_int,
    "danger_empty": _int_at_least(0),
    "crowded_empty": _int_at_least(0),
    "crowded_time": _float_range(0.0, 100.0, open_low=True),
    "clock": _choice("cpu", "wall"),
    "engine": _choice("jit", "layers"),
    "prob_cutoff": _float_range(0.0, 1.0),
    "cutoff_per_depth": _float_range(0.0, 1e6, open_low=True),
    "four_probability": _float_range(0.0, 1.0),
    "fill": _bool,
    "keep_table": _bool,
    "weights": _weights,
    "network": _file_or_none,
    "seed": _int_at_least(0, none_ok=True),
    "sample": _int_at_least(1),
    "breadth": _int_at_least(1),
    "min_breadth": _int_at_least(1),
    "max_breadth": _int_at_least(1),
    "iterations": _int_at_least(1),
    "min_branch": _int_at_least(1),
    "max_branch": _int_at_least(1),
    "rollout": _int_at_least(0),
    "c": _float_range(0.0),
    "heuristic_weight": _number,
    "score_weight": _number,
    "z": _float_range(0.0),
    "greedy": _float_range(0.0, 1.0),
    "batch": _int_at_least(1),
    "ordering": _bool,
    "early_stop": _bool,
}


def check_value(name: str, value):
    """``value`` if it is acceptable for the strategy parameter ``name``; ValueError (one line) otherwise."""
    try:
        kind = PARAMETER_KINDS[name]
    except KeyError:
        raise ValueError(f"unknown parameter {name!r}; known: {', '.join(sorted(PARAMETER_KINDS))}") from None
    return kind(value, name)


def validate_params(strategy: str, params: dict) -> None:
    """Names (TypeError) and values (ValueError) of ``params`` for ``strategy``, checked before any search."""
    strategy_record(strategy).check_params(params)
    for k, v in params.items():
        check_value(k, v)


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


def _search_grid(record, grid, params):
    """Any board size: the strategy's own ``general`` search, else the shared sampled expectimax with the strategy's
    time budget and heuristic weights."""
    if record.general is not None:
        return record.general(grid, **params)
    from arcade.game2048.ai import expectimax
    return expectimax.search_grid(grid, **record.grid_params(params))


def choose(grid, strategy: str = DEFAULT_STRATEGY, **params) -> Decision:
    """Pick a move for ``grid`` (tile values, any size 3..8) with ``strategy``; see the module docstring.

    ``params`` go to the strategy (see its ``DEFAULTS``); unknown ones raise TypeError, a bad grid or strategy
    ValueError.
    """
    start = time.perf_counter()
    record = strategy_record(strategy)
    grid = rules.validate_grid(grid)
    legal = legal_directions(grid)
    board = _bitboard(grid, legal) if legal else None
    path = "bitboard" if board is not None or (not legal and len(grid) == 4) else "general"
    if len(legal) <= 1:
        record.check_params(params)
        scores = {d: (0.0 if d in legal else None) for d in DIRECTIONS}
        return Decision(legal[0] if legal else None, scores, 0, 0, time.perf_counter() - start, strategy, path)
    if board is not None:
        found = record.search_board(board, **params)
    else:
        found = _search_grid(record, grid, params)
    values, nodes, depth = found[:3]
    iterations = int(found[3].get("iterations", 0)) if len(found) > 3 else 0
    scores = {}
    for i, d in enumerate(DIRECTIONS):
        v = values[i] if d in legal else None
        scores[d] = None if v is None else float(v)
    ranked = [d for d in legal if scores[d] is not None]
    direction = max(ranked, key=lambda d: scores[d]) if ranked else legal[0]
    return Decision(direction, scores, int(nodes), int(depth), time.perf_counter() - start, strategy, path,
                    iterations=iterations)
