"""2048 AI: four strategies behind one face.

    from arcade.game2048 import ai
    d = ai.choose(grid)                                  # the strong real-time default (expectimax, ~100 ms)
    d = ai.choose(grid, strategy="montecarlo", breadth=200, depth=20)
    d.direction, d.scores, d.nodes, d.depth, d.elapsed, d.strategy, d.path

Strategies: ``expectimax`` (default), ``ntuple`` (expectimax with the learned n-tuple evaluation), ``ntuple1`` (the
network alone, one move ahead), ``alphabeta``, ``montecarlo``, ``mcts``; ``ai.defaults(name)`` lists a strategy's
parameters. ``ai.worker.AIWorker`` runs searches in a separate process for the game scene.
Importing this package is cheap (no numpy, no tables): the search modules load on the first ``choose``.
"""
from arcade.game2048.ai.player import DEFAULT_STRATEGY, STRATEGIES, Decision, choose, defaults, legal_directions

__all__ = ["choose", "Decision", "STRATEGIES", "DEFAULT_STRATEGY", "defaults", "legal_directions"]
