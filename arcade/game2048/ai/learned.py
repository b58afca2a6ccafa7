"""The learned evaluation in play: the compiled expectimax with the n-tuple network (``ai.ntuple``) at its leaves
(strategy ``ntuple``), and the network alone, one move ahead (strategy ``ntuple1``: the fast hint).

A leaf of the search is an afterstate (a board after the player's move, before the new tile). The network values
an afterstate by the points still to come, so a leaf's value must add the points the line has already made: the
points of every merge are ``S(leaf) - S(root)``, where ``S`` is the score a board's tiles stand for (a tile ``2**k``
made by merges is worth ``(k - 1) * 2**k`` points; a spawned 4 counts 4 that no merge made, a rounding the search
ignores). ``S`` is a sum over cells, so it joins the row table the search already sums over rows and columns (half
of it per line), and a leaf is worth ``V(leaf) + S(leaf) + heuristic_weight * heuristic(leaf)``; a lost position is
0, as in the heuristic search. Everything else (the tree, the cut-off refinement, the CPU-time budget) is the
compiled expectimax's (``ai.jit``), with the same defaults.

The weights ship as ``assets/ai/ntuple-2048.bin`` (int16 with one scale, xz: see ``ntuple.export``). They load on
the first search of a process that asks for them (about a second, 128 MB) and stay; the AI worker compiles the
kernel while it warms up (``warm_kernel``), so that first search does not compile. Without numba, or with weights missing or damaged,
both strategies play the heuristic expectimax with its defaults and say so in one warning line (once a process).
"""
from __future__ import annotations

import logging
from typing import NamedTuple

import numpy as np

from arcade.game2048.ai import expectimax, heuristics, jit, kernels
from arcade.game2048.ai.strategy import Strategy

log = logging.getLogger("arcade")

__all__ = ["DEFAULTS", "STRATEGY", "GREEDY", "Network", "network", "network_from", "describe", "load_network",
           "use_network", "reset",
           "WEIGHTS_FILE", "tile_score_row", "leaf_value", "one_ply_values", "warm_kernel"]

WEIGHTS_FILE = ("ai", "ntuple-2048.bin")   # under the package's data folder (the repo's assets/)

#: The expectimax defaults (the same CPU-time budget a move), plus the heuristic's share of a leaf's value
#: (0.05: 12 of 16 games reached 16384 at a 5 ms budget, against 4 of 8 with 0 and 5 of 8 with 0.2), and the
#: network: None for the shipped one, or a weights file (a training checkpoint or an export: benchmarks of a
#: network before it ships)
DEFAULTS = {**expectimax.DEFAULTS, "heuristic_weight": 0.05, "network": None}


class Network(NamedTuple):
    """An n-tuple network as the search reads it: ``weights[t]`` the table of tuple ``t`` (int16 or float),
    ``cells[t, s, k]`` the cell read for position ``k`` of tuple ``t`` under symmetry ``s``, ``scale`` the value of
    one unit of the tables."""
    weights: np.ndarray
    cells: np.ndarray
    scale: float


_net: Network | None = None
_tried = False
_warned = False


def _warn_once(reason: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        log.warning("2048 AI: %s; the heuristic expectimax plays instead", reason)


def load_network(path) -> Network:
    """The shipped network from ``path`` (int16 kept as int16); ValueError (one line) for a bad file."""
    from arcade.game2048.ai import ntuple

    w, head = ntuple.load(path, dequantise=False)
    scale = float(head.get("scale", 1.0)) if head.get("kind") == "int16" else 1.0
    return Network(w, ntuple.CELLS, scale)


def _default_path():
    from importlib import resources

    node = resources.files("arcade.data")
    for part in WEIGHTS_FILE:
        node = node.joinpath(part)
    return node


def network() -> Network | None:
    """The network of this process: loaded from the shipped file on the first call; None (after one warning)
    when numba is missing or the file is missing or damaged."""
    global _net, _tried
    if _net is None and not _tried:
        _tried = True
        if not jit.available():
            _warn_once("the learned evaluation needs numba, which is not installed")
            return None
        try:
            from importlib import resources

            with resources.as_file(_default_path()) as path:
                _net = load_network(path)
        except (ValueError, OSError, MemoryError) as e:
            _warn_once(f"no learned evaluation ({str(e).splitlines()[0][:120]})")
    return _net


_files: dict = {}


def network_from(path) -> Network:
    """The network in the weights file ``path``, loaded once a process; ValueError (one line) for a bad file."""
    key = str(path)
    got = _files.get(key)
    if got is None:
        if not jit.available():
            raise ValueError("a network file needs numba, which is not installed")
        try:
            got = load_network(path)
        except OSError as e:
            raise ValueError(f"{path}: {e.strerror or e}") from None
        _files.clear()  # one file at a time: 128 MB each
        _files[key] = got
    return got


def describe(path=None) -> dict:
    """What identifies a network for a benchmark's record: its file, size, SHA-256 (first 16 hex digits) and the
    games it was trained on (``path`` None: the shipped file); ValueError (one line) for a bad file."""
    import hashlib
    import json

    from arcade.game2048.ai import ntuple

    if path is None:
        from importlib import resources

        try:
            with resources.as_file(_default_path()) as p:
                return {**describe(str(p)), "file": "shipped"}
        except ValueError as e:  # the searches play the heuristic then (one warning line): say so in the record
            return {"file": "shipped", "missing": str(e)}
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    try:
        n = int.from_bytes(data[:4], "little")
        head = json.loads(data[4:4 + n])
        games = head["games"] if head.get("format") == ntuple.FORMAT else None
    except (ValueError, KeyError, TypeError, AttributeError):
        games = None
    if games is None:
        raise ValueError(f"{path}: not a weights file of this network (arcade train 2048 writes them)")
    return {"file": str(path), "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()[:16], "games": games}


def use_network(net: Network | None) -> None:
    """Search with ``net`` from now on in this process (tests; a file of one's own: ``load_network``)."""
    global _net, _tried
    _net, _tried = net, True


def reset() -> None:
    """Forget the loaded network and the warning (the next search loads the shipped file again)."""
    global _net, _tried, _warned
    _net, _tried, _warned = None, False, False


def tile_score_row() -> np.ndarray:
    """Half the score the tiles of every 16-bit row stand for (a row table: summed over the rows and the columns
    of a board it counts each tile twice, so the sum is the board's ``S``)."""
    e = np.arange(1 << 16)[:, None] >> (4 * np.arange(4))[None, :] & 15
    pts = np.where(e >= 2, (e - 1) * (1 << e), 0).sum(axis=1)
    return pts.astype(np.float64) / 2.0


_rows: dict = {}


def _row_table(h: float, weights) -> np.ndarray:
    """``h`` times the heuristic's row table plus the tiles' score (kept: the search caches tables by identity)."""
    w = heuristics.weights_from(weights)
    key = (h, w)
    got = _rows.get(key)
    if got is None:
        if len(_rows) > 8:
            _rows.clear()
        got = tile_score_row() + (h * heuristics.row_table(w).astype(np.float64) if h else 0.0)
        _rows[key] = got
    return got


def leaf_value(net: Network, board: int, heuristic_weight: float = 0.0, weights=None) -> float:
    """What the search scores the afterstate ``board`` (for tests and tools; the kernel computes it inline)."""
    row = _row_table(float(heuristic_weight), weights)
    b = np.uint64(board)
    return float(jit._leaf(b, row, net.weights, net.cells, float(net.scale)))


def _fallback(board: int, params: dict):
    known = {k: v for k, v in params.items() if k in expectimax.DEFAULTS}
    return expectimax.search_board(board, **known)


def search_board(board: int, **params):
    """Expectimax with the network at the leaves (see the module docstring); the heuristic search without it."""
    p = STRATEGY.params(params)
    net = network() if p["network"] is None else network_from(p["network"])
    if net is None or p["engine"] != "jit":
        return _fallback(board, params)
    import time

    wall0 = time.perf_counter()
    clock = expectimax.CPU_CLOCK if p["clock"] == "cpu" else time.perf_counter
    danger = expectimax.dangerous(board, p)
    budget = expectimax.budget_seconds(board, p)
    wall_budget = budget * expectimax.WALL_CAP if clock is expectimax.CPU_CLOCK else budget
    from arcade.game2048 import bitboard as bb

    want = expectimax.target_depth(int(bb.distinct_count(np.array([board], dtype=np.uint64))[0]), p,
                                   p["depth"] is None and danger)
    finite = budget != float("inf")
    values, nodes, depth, _ = jit.search(
        board, want, row_table=_row_table(float(p["heuristic_weight"]), p["weights"]),
        prob_cutoff=float(p["prob_cutoff"]), cutoff_per_depth=float(p["cutoff_per_depth"]),
        four_probability=float(p["four_probability"]), budget=budget if finite else None, clock=clock,
        wall_left=(lambda: wall_budget - (time.perf_counter() - wall0)) if finite else None,
        network=(net.weights, net.cells, net.scale))
    return values, nodes, depth


def warm_kernel() -> None:
    """Compile the search with a network at its leaves (or load it from numba's disk cache) on a tiny network, so
    the first real search only loads the weights (the AI worker's warm-up; the tests' session set-up)."""
    if not jit.available():
        return
    from arcade.game2048.ai import ntuple

    tiny = (np.zeros((1, 16), dtype=np.int16), ntuple.CELLS[:1, :, :1].copy(), 1.0)
    board = 0x1002_0031_0120_3210
    jit.search(board, 2, row_table=_row_table(0.0, None), prob_cutoff=1e-3, cutoff_per_depth=1.0,
               four_probability=0.1, network=tiny)


def one_ply_values(net: Network, board: int) -> list:
    """Points gained plus the network's value of the afterstate, for up, down, left, right (None: no change)."""
    left, right, gain_left, gain_right = kernels.move_tables()
    b = np.uint64(board)
    out = []
    for d in range(4):
        after, pts = kernels.move_scored(b, d, left, right, gain_left, gain_right)
        after = np.uint64(after)  # (numba hands a uint64 back as a Python int)
        if after == b:
            out.append(None)
            continue
        out.append(int(pts) + float(net.scale) * float(kernels.net_value(after, net.weights, net.cells)))
    return out


def search_one_ply(board: int, **params):
    """The network alone, one move ahead (no tree: microseconds); the heuristic expectimax without it."""
    GREEDY.check_params(params)
    path = params.get("network")
    net = network() if path is None else network_from(path)
    if net is None:
        return _fallback(board, params)
    values = one_ply_values(net, board)
    return values, sum(v is not None for v in values), 1


STRATEGY = Strategy("ntuple", DEFAULTS, search_board, ignores=frozenset({"sample", "seed"}))
#: The fast hint: takes (and ignores) the expectimax's parameters, so one settings dict drives either.
GREEDY = Strategy("ntuple1", {"network": None}, search_one_ply, ignores=frozenset(DEFAULTS) | {"sample", "seed"})
