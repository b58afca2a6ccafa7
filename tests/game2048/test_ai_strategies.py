"""Every strategy at (near) its real settings: answers within its budget as the game's worker expects, and plays
far better than random in a short seeded game."""
from __future__ import annotations

import random
import time

import pytest

from arcade.game2048 import ai, rules
from arcade.game2048.game import Game

STRATEGIES = ("expectimax", "alphabeta", "montecarlo", "mcts")

MID_GAME = [
    ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)),
    ((0, 0, 2, 4), (0, 2, 8, 16), (4, 16, 64, 128), (8, 32, 256, 512)),
    ((2, 8, 0, 4), (4, 16, 32, 8), (8, 64, 128, 2), (2048, 1024, 512, 16)),
]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_answers_within_its_budget(strategy):
    # the worker gives a search 3 x its budget + a grace before it calls it hung; the searches aim at the budget.
    # Measured in CPU time: a search that stops at its (wall-time) budget spends at most that much CPU, however
    # busy the machine is, while one that ignored its budget would spend far more; wall time would make the
    # test fail on a loaded machine for the wrong reason.
    budget = 40.0
    ai.choose(MID_GAME[0], strategy, budget_ms=5.0)  # tables and row lists, as the worker's warm-up builds them
    for grid in MID_GAME:
        cpu = time.process_time()
        d = ai.choose(grid, strategy, budget_ms=budget)
        cpu = time.process_time() - cpu
        assert d.direction in [x for x in rules.DIRECTIONS if rules.slide_grid(grid, x)[2]]
        assert cpu * 1000.0 < 3 * budget + 250.0
        assert d.nodes > 0 and d.depth >= 1
    if strategy in ("montecarlo", "mcts"):
        assert d.iterations > 0


def _play(seed: int, pick, moves: int) -> Game:
    g = Game(seed=seed)
    while not g.over and g.moves < moves:
        g.move(pick(g.grid))
    return g


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_beats_a_random_player_by_far(strategy):
    rng = random.Random(3)

    def random_move(grid):
        return rng.choice([d for d in rules.DIRECTIONS if rules.slide_grid(grid, d)[2]])

    # small searches with no time budget: the game is the same however busy the machine is
    params = {"expectimax": dict(depth=2), "alphabeta": dict(max_depth=2),
              "montecarlo": dict(breadth=12, max_breadth=24, seed=1), "mcts": dict(iterations=60)}[strategy]
    params["budget_ms"] = None
    limit = 350
    randoms = [_play(7 + i, random_move, limit) for i in range(3)]
    assert all(r.over for r in randoms)  # random play is stuck long before 350 moves
    smart = _play(7, lambda grid: ai.choose(grid, strategy, **params).direction, limit)
    assert not smart.over and smart.moves == limit  # still playing where random play died
    assert smart.score > 2 * max(r.score for r in randoms) and smart.max_tile >= 2 * max(r.max_tile for r in randoms)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_one_record_per_strategy(strategy):
    from arcade.game2048.ai import player
    from arcade.game2048.ai.strategy import Strategy

    rec = player.strategy_record(strategy)
    assert isinstance(rec, Strategy) and rec.name == strategy
    assert ai.defaults(strategy) == rec.defaults and ai.defaults(strategy) is not rec.defaults
    with pytest.raises(TypeError, match=strategy):
        rec.params({"no_such_parameter": 1})
    # the general path (any size) answers for every strategy, with the strategy's own budget
    grid = ((2, 4, 0, 0, 0), (0, 2, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 8, 0), (0, 0, 0, 0, 2))
    d = ai.choose(grid, strategy, budget_ms=20.0)
    assert d.path == "general" and d.direction in ai.legal_directions(grid)
