"""The tic-tac-toe family's AI, pure (no pygame): ``choose(rows, k=None, level="perfect", **params) -> (row, col)``.

``rows`` is a tuple of equal-length strings over ``X O .``; whose turn it is follows from the counts (X first).
``k`` in a row wins (default 3 on 3x3, 4 on 4x4, 5 from 5x5 up; five or more wins).

Levels:

* boards of up to 16 cells (3x3, 4x4):
  ``perfect`` solves the position exactly (:mod:`.solver`: negamax, alpha-beta, symmetry-keyed transposition
  table, faster wins and slower losses preferred) and never lowers the game-theoretic value;
  ``hard``, ``medium`` and ``easy`` are the open-lines search (textbook minimax with alpha-beta): e(P) = lines open
  for MAX - lines open for MIN, a win +inf and a loss -inf, to depth 4, 2 and 1; ``easy`` also plays a random move
  now and then.
* bigger boards (Gomoku 15x15): :mod:`.gomoku`'s threat search and alpha-beta; ``perfect`` is the full engine
  within ``budget`` seconds (default 1), ``hard`` skips the VCT and thinks half as long, ``medium`` looks two plies
  ahead with a short VCF, ``easy`` picks among its five best-looking moves.

``params``: ``seed`` (int) or ``rng`` (a ``random.Random``) to vary the choice among equally good moves and drive
easy's mistakes (without either the choice is deterministic); ``budget`` (seconds a move, big boards: the
search's own CPU time, at most 2.5 times that in wall time on a busy machine);
``depth`` (a fixed search depth instead of the clock: deterministic, for tests); ``mistakes`` (easy's chance of a
random move on small boards, default 0.35). Bad input raises ``ValueError`` with a one-line message.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from . import rules
from .solver import MAX_CELLS, bits_of, geometry

__all__ = ["choose", "analyse", "Analysis", "LEVELS", "OPEN_LINES_DEPTH"]

LEVELS = ("easy", "medium", "hard", "perfect")
OPEN_LINES_DEPTH = {"easy": 1, "medium": 2, "hard": 4}
PARAMS = ("seed", "rng", "budget", "depth", "mistakes")


@dataclass(frozen=True)
class Analysis:
    move: tuple[int, int]
    score: int = 0        # from the mover's side; engine-specific scale
    nodes: int = 0
    depth: int = 0
    elapsed: float = 0.0  # seconds
    engine: str = ""      # "exact", "open-lines", "gomoku"
    reason: str = ""


def _params(level, params: dict) -> tuple[random.Random | None, float | None, int | None, float]:
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    unknown = sorted(set(params) - set(PARAMS))
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r} (expected: {', '.join(PARAMS)})")
    rng = params.get("rng")
    seed = params.get("seed")
    if rng is not None and seed is not None:
        raise ValueError("give seed or rng, not both")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        rng = random.Random(seed)
    if rng is not None and not (hasattr(rng, "randrange") and hasattr(rng, "random")):
        raise ValueError(f"rng must be a random.Random, got {type(rng).__name__}")
    budget = params.get("budget")
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget) \
                or not 0 < budget <= 600:
            raise ValueError(f"budget must be seconds in (0, 600], got {budget!r}")
        budget = float(budget)
    depth = params.get("depth")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 64):
        raise ValueError(f"depth must be a whole number 1..64, got {depth!r}")
    mistakes = params.get("mistakes", 0.35)
    if isinstance(mistakes, bool) or not isinstance(mistakes, (int, float)) or not 0 <= mistakes <= 1:
        raise ValueError(f"mistakes must be a probability 0..1, got {mistakes!r}")
    return rng, budget, depth, float(mistakes)


def analyse(rows, k=None, level: str = "perfect", **params) -> Analysis:
    """The move with its score, nodes searched, depth and time (see the module docstring for the arguments)."""
    rng, budget, depth, mistakes = _params(level, params)
    h, w, k = rules.check(rows, k, playable=True)
    rows = tuple(rows)
    t0 = time.perf_counter()
    if h * w <= MAX_CELLS:
        return _small(rows, h, w, k, level, rng, depth, mistakes, t0)
    from . import gomoku

    r = gomoku.think(rows, k, level, budget=budget, depth=depth, rng=rng)
    return Analysis(divmod(r.move, w), r.score, r.nodes, r.depth, time.perf_counter() - t0, "gomoku", r.reason)


def choose(rows, k=None, level: str = "perfect", **params) -> tuple[int, int]:
    """The move ``(row, col)`` for the side to move (see the module docstring)."""
    return analyse(rows, k, level, **params).move


def _small(rows, h, w, k, level, rng, depth, mistakes, t0) -> Analysis:
    g = geometry(h, w, k)
    x, o = bits_of(rows, "X"), bits_of(rows, "O")
    stones = x.bit_count() + o.bit_count()
    me, op = (x, o) if stones % 2 == 0 else (o, x)
    nodes0 = g.nodes
    if level == "perfect":
        cell, score, _ = g.solve(me, op, stones, rng)
        engine, reason, d = "exact", "solved", h * w - stones
    else:
        if level == "easy" and rng is None:
            rng = random.Random()
        d = depth or OPEN_LINES_DEPTH[level]
        cell, score, _ = g.open_lines_search(me, op, d, rng)
        engine, reason = "open-lines", "e(P)"
        if level == "easy" and rng.random() < mistakes:
            empty = [c for c in range(h * w) if not (me | op) >> c & 1]
            cell, reason = empty[rng.randrange(len(empty))], "mistake"
    return Analysis(divmod(cell, w), score, g.nodes - nodes0, d, time.perf_counter() - t0, engine, reason)


def think(rows, k=None, level: str = "perfect", seed: int | None = None, seconds: float | None = None):
    """The AI worker's entry point (:class:`arcade.engine.worker.Worker` keeps the name ``budget`` for itself):
    ``choose`` with ``seconds`` as the Gomoku budget."""
    params: dict = {}
    if seed is not None:
        params["seed"] = seed
    if seconds is not None:
        params["budget"] = seconds
    return choose(rows, k, level, **params)


def warm() -> None:
    """Run once in the worker before its first request: the tables of every variant, and the 4x4 opening
    solved, so the first 4x4 reply is instant; the compiled Gomoku searches start loading in the background."""
    from . import gomoku

    geometry(3, 3, 3).solve(0, 0, 0)
    geometry(4, 4, 4).solve(0, 0, 0)
    gomoku.Board(15, 15, 5)
    gomoku.warm_compiled(background=True)  # a first compilation takes tens of seconds: the plain searches play meanwhile


def compile_searches() -> None:
    """Compile the Gomoku searches now, in this process (or load them from numba's cache): set-up runs it so the
    game's first Gomoku move never waits for a compilation."""
    from . import gomoku

    gomoku.warm_compiled(background=False)
