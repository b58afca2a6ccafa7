"""One record per 2048 strategy: its name, its parameters and defaults, and its search functions.

Each search module (``expectimax``, ``alphabeta``, ``montecarlo``, ``mcts``) ends with one ``STRATEGY = Strategy(...)``;
``player.choose`` and the benchmark know the strategies only through these records. What every search needs lives
here once: merging the caller's parameters over the defaults with unknown names refused (``params``), and what the general path for boards the bitboard cannot hold takes from them (``grid_params``:
``player.choose`` runs a shallow sampled expectimax over the exact rules, whichever strategy was asked).

Pure Python: importing this module imports neither numpy nor a search module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Strategy"]


@dataclass(frozen=True)
class Strategy:
    """``name``: as ``ai.choose`` spells it. ``defaults``: every parameter the search reads, with its default.
    ``search_board(board, **params)``: the 4x4 bitboard search, returning ``(values, nodes, depth[, info])``.
    ``ignores``: names accepted without effect (shared names of the other strategies, so one settings dict can
    drive any strategy). ``general``: the any-size search, ``None`` for the shared sampled expectimax."""
    name: str
    defaults: dict
    search_board: Callable
    ignores: frozenset = field(default_factory=frozenset)
    general: Callable | None = None

    def params(self, given: dict) -> dict:
        """The defaults with ``given`` on top; TypeError naming any parameter this strategy does not know."""
        unknown = set(given) - set(self.defaults) - set(self.ignores)
        if unknown:
            raise TypeError(f"{self.name}: unknown parameter(s) {sorted(unknown)}; known: {sorted(self.defaults)}")
        p = dict(self.defaults)
        p.update(given)
        return p

    def check_params(self, given: dict) -> None:
        """Raise TypeError for a parameter this strategy does not know."""
        self.params(given)

    def grid_params(self, given: dict) -> dict:
        """What the shared any-size search (``expectimax.search_grid``) takes from this strategy's parameters: its
        time budget and heuristic weights (the caller imports the search, so this module needs no search module)."""
        p = self.params(given)
        return {"budget_ms": p.get("budget_ms"), "weights": p.get("weights")}
