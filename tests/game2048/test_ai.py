"""The AI face and its strategies: legal moves always, the special boards, the general path, and the expectimax
layer search against a plain recursive expectimax."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.game2048 import ai, rules
from arcade.game2048 import bitboard as bb
from arcade.game2048.ai import expectimax, heuristics

STRATEGIES = ("expectimax", "alphabeta", "montecarlo", "mcts")
# tiny searches: the tests check behaviour, not strength
FAST = {
    "expectimax": {"budget_ms": 5, "max_depth": 3},
    "alphabeta": {"budget_ms": 5, "max_depth": 3},
    "montecarlo": {"breadth": 4, "depth": 5, "seed": 1},
    "mcts": {"iterations": 40, "budget_ms": 20, "seed": 1},
}

ONLY_LEFT = ((0, 2, 4, 8), (0, 4, 8, 2), (0, 2, 4, 8), (0, 4, 8, 2))
FINISHED = ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 2))


def tile():
    return st.sampled_from([0, 0, 0, 2, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048])


def grids(size: int):
    return st.lists(st.lists(tile(), min_size=size, max_size=size), min_size=size, max_size=size).map(
        lambda rows: tuple(map(tuple, rows)))


def legal(grid):
    return [d for d in rules.DIRECTIONS if rules.slide_grid(grid, d)[2]]


# ------------------------------------------------------------------------------------------------------------
# the face

@pytest.mark.parametrize("strategy", STRATEGIES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(grid=grids(4))
def test_never_an_illegal_move(strategy, grid):
    d = ai.choose(grid, strategy, **FAST[strategy])
    ok = legal(grid)
    if not ok:
        assert d.direction is None
    else:
        assert d.direction in ok
    assert set(d.scores) == set(rules.DIRECTIONS)
    for name, v in d.scores.items():
        assert (v is None) == (name not in ok) or (len(ok) <= 1 and v is None and name not in ok)
    assert d.strategy == strategy and d.path in ("bitboard", "general")
    seconds = d.elapsed
    assert seconds >= 0 and d.nodes >= 0 and d.depth >= 0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_one_legal_move_is_returned(strategy):
    assert legal(ONLY_LEFT) == ["left"]
    d = ai.choose(ONLY_LEFT, strategy, **FAST[strategy])
    assert d.direction == "left"
    assert d.scores == {"up": None, "down": None, "left": 0.0, "right": None}
    assert d.nodes == 0 and d.depth == 0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_finished_board_gives_no_direction(strategy):
    d = ai.choose(FINISHED, strategy, **FAST[strategy])
    assert d.direction is None
    assert all(v is None for v in d.scores.values())
    assert d.nodes == 0


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("size", [3, 5, 6, 7, 8])
def test_other_sizes_take_the_general_path(strategy, size):
    rng = np.random.default_rng(size)
    for _ in range(2):
        cells = rng.choice([0, 0, 2, 4, 8, 16, 32], size=(size, size))
        grid = tuple(tuple(int(v) for v in row) for row in cells)
        d = ai.choose(grid, strategy, **FAST[strategy])
        ok = legal(grid)
        assert (d.direction in ok) if ok else d.direction is None
        assert d.path == "general"


def test_general_path_for_unencodable_4x4_boards():
    big = ((65536, 2, 0, 0), (4, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 2))
    pair = ((32768, 32768, 2, 4), (4, 8, 16, 2), (2, 4, 8, 16), (4, 2, 4, 2))
    for grid in (big, pair):
        d = ai.choose(grid, "expectimax", budget_ms=20)
        assert d.path == "general" and d.direction in legal(grid)
    d = ai.choose(((32768, 16384, 2, 0), (0,) * 4, (0,) * 4, (0, 0, 0, 2)), budget_ms=10)
    assert d.path == "bitboard"


def test_default_is_expectimax_on_the_bitboard():
    d = ai.choose(((2, 4, 8, 16), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 2)))
    assert d.strategy == "expectimax" and d.path == "bitboard" and d.direction in rules.DIRECTIONS
    assert d.depth >= 1 and d.nodes > 0 and d.nodes_per_second > 0 and d.ok


def test_errors():
    with pytest.raises(ValueError):
        ai.choose(FINISHED, "minimax")
    with pytest.raises(TypeError):
        ai.choose(ONLY_LEFT, "expectimax", colour="red")
    with pytest.raises(TypeError):
        ai.choose(((2, 2, 0, 0),) + ((0,) * 4,) * 3, "mcts", depth=3)
    with pytest.raises(ValueError):
        ai.choose(((3, 0, 0, 0),) + ((0,) * 4,) * 3)
    with pytest.raises(ValueError):
        ai.choose(((2, 0), (0, 0)))


def test_defaults_are_listed():
    for s in STRATEGIES:
        assert "budget_ms" in ai.defaults(s)
    assert ai.defaults()["budget_ms"] == expectimax.DEFAULTS["budget_ms"]


def test_importing_the_ai_is_cheap():
    code = "import sys, arcade.game2048.ai; assert 'numpy' not in sys.modules, 'numpy imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------------------------------------------------------
# expectimax: the layer search is exactly expectimax

def _reference(board: int, depth: int, p4: float = 0.1):
    """A plain recursive expectimax on single boards (no cut-off, no de-duplication)."""
    ev = heuristics.evaluator()
    sc = bb.scalar()

    def chance(a, d):
        if d == 0:
            return ev.evaluate_one(a)
        cells = sc.empty_cells(a)
        total = 0.0
        for i in cells:
            total += (1 - p4) * max_node(a | (1 << 4 * i), d) + p4 * max_node(a | (2 << 4 * i), d)
        return total / len(cells)

    def max_node(b, d):
        vals = [chance(sc.move(b, m), d - 1) for m in range(4) if sc.move(b, m) != b]
        return max(vals) if vals else 0.0

    return [chance(sc.move(board, m), depth - 1) if sc.move(board, m) != board else None for m in range(4)]


@pytest.mark.parametrize("grid", [
    ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)),
    ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 0), (4, 2, 0, 8)),   # crowded: lost lines inside the tree
    ((0, 0, 0, 2), (0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0)),
])
@pytest.mark.parametrize("depth", [1, 2, 3])
@pytest.mark.parametrize("engine", ["layers", "jit"])
def test_layer_search_equals_recursive_expectimax(grid, depth, engine):
    b = bb.to_board(grid)
    if depth == 3 and sum(v == 0 for row in grid for v in row) > 8:
        depth = 2  # keep the reference quick
    want = _reference(b, depth)
    got, nodes, reached = expectimax.search_board(b, depth=depth, prob_cutoff=0.0, budget_ms=None, engine=engine)
    assert reached == depth and nodes > 0
    for w, g in zip(want, got):
        assert (w is None) == (g is None)
        if w is not None:
            assert g == pytest.approx(w, abs=1.0)  # float32 row tables summed in float32 or float64


def test_probability_cutoff_prunes():
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    _, full, _ = expectimax.search_board(b, depth=4, prob_cutoff=0.0, budget_ms=None)
    _, cut, _ = expectimax.search_board(b, depth=4, prob_cutoff=1e-2, budget_ms=None)
    assert cut < full


def test_adaptive_depth():
    p = dict(expectimax.DEFAULTS)
    assert expectimax.target_depth(1, p) == p["min_depth"]
    assert expectimax.target_depth(20, p) == p["max_depth"]
    assert expectimax.target_depth(6, p) == 6 + p["depth_bonus"]
    assert expectimax.target_depth(6, dict(p, depth=3)) == 3


def test_dangerous_boards_search_deeper():
    p = dict(expectimax.DEFAULTS)
    crowded = bb.to_board(((2, 4, 8, 16), (32, 2, 64, 4), (8, 16, 4, 256), (2, 0, 8, 1024)))
    calm = bb.to_board(((0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 4, 8), (0, 0, 32, 512)))
    stray = bb.to_board(((0, 0, 0, 0), (0, 512, 0, 0), (0, 0, 4, 8), (0, 0, 2, 32)))  # the largest tile mid-board
    assert expectimax.dangerous(crowded, p) and expectimax.dangerous(stray, p) and not expectimax.dangerous(calm, p)
    assert expectimax.target_depth(6, p, danger=True) == expectimax.target_depth(6, p) + p["danger_bonus"]
    assert expectimax.target_depth(6, dict(p, depth=3), danger=True) == 3  # a forced depth stays forced


def test_cutoff_per_depth_prunes_deep_lines():
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    _, flat, _ = expectimax.search_board(b, depth=4, prob_cutoff=1e-3, budget_ms=None)
    _, harder, _ = expectimax.search_board(b, depth=4, prob_cutoff=1e-3, cutoff_per_depth=10.0, budget_ms=None)
    _, softer, _ = expectimax.search_board(b, depth=4, prob_cutoff=1e-3, cutoff_per_depth=0.1, budget_ms=None)
    assert harder < flat < softer


def test_budget_limits_the_search():
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    _, small, d_small = expectimax.search_board(b, budget_ms=1, depth=6)
    _, big, d_big = expectimax.search_board(b, budget_ms=None, depth=6)
    assert small < big and d_small <= d_big == 6


# ------------------------------------------------------------------------------------------------------------
# other strategies

def test_montecarlo_is_repeatable_with_a_seed():
    g = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    a = ai.choose(g, "montecarlo", breadth=10, depth=8, seed=7, budget_ms=None)
    b = ai.choose(g, "montecarlo", breadth=10, depth=8, seed=7, budget_ms=None)
    assert a.scores == b.scores and a.direction == b.direction
    assert a.iterations >= len(legal(g)) * 10 and a.nodes <= a.iterations * a.depth and a.depth <= 8


def test_montecarlo_playouts_stay_legal():
    from arcade.game2048.ai import montecarlo
    rng = np.random.default_rng(0)
    start = np.array([bb.to_board(((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 0), (4, 2, 0, 0)))] * 50, dtype=np.uint64)
    final, gained, alive, steps = montecarlo.playouts(start, 30, rng)
    assert (gained >= 0).all() and steps <= 30
    # a stuck playout really is stuck
    assert not bb.legal_moves(final[~alive]).any()


def test_mcts_stops_early_when_one_move_dominates():
    # "right" keeps the big row whole; "down" breaks it up: the early stop ends long before the plan
    g = ((1024, 512, 256, 128), (4, 8, 16, 64), (2, 0, 0, 0), (0, 0, 0, 0))
    d = ai.choose(g, "mcts", iterations=4000, budget_ms=None, seed=3)
    assert 0 < d.iterations < 4000
    assert max(v for v in d.scores.values() if v is not None) > 0.5
    assert d.direction in legal(g)


def test_alphabeta_depth_limit():
    g = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    d = ai.choose(g, "alphabeta", max_depth=2, budget_ms=None)
    assert d.depth == 2 and d.direction in legal(g)


# ------------------------------------------------------------------------------------------------------------
# heuristics

@settings(max_examples=50, deadline=None)
@given(grids(4))
def test_heuristic_paths_agree(grid):
    ev = heuristics.evaluator()
    b = bb.to_board(grid)
    arr = np.array([b], dtype=np.uint64)
    v = ev.evaluate(arr)[0]
    assert v == pytest.approx(heuristics.evaluate_grid(grid), abs=1.0)   # float32 tables vs float64
    assert v == pytest.approx(ev.evaluate_one(b), abs=1.0)
    best, vals = ev.best_move_values(arr)
    for d in range(4):
        moved = bb.move(arr, d)
        if moved[0] == b:
            assert vals[d, 0] == -np.inf
        else:
            assert vals[d, 0] == pytest.approx(ev.evaluate(moved)[0], abs=1e-3)
    assert best[0] == (max(vals[:, 0]) if np.isfinite(vals[:, 0]).any() else 0.0)


def test_heuristic_terms():
    w = heuristics.DEFAULT_WEIGHTS
    score = heuristics.line_score
    assert score([2, 4, 8, 16]) > score([4, 2, 16, 8])          # ordered beats zig-zag
    assert score([0, 0, 0, 0]) == pytest.approx(w.lost + 4 * w.empty)
    only_iso = heuristics.weights_from({k: 0.0 for k in ("lost", "empty", "merges", "monotonicity", "sum")},
                                       isolated=1.0)
    assert score([2, 0, 2, 0], only_iso) == -2.0 and score([0, 0, 2, 2], only_iso) == 0.0
    only_corner = heuristics.weights_from({k: 0.0 for k in ("lost", "empty", "merges", "monotonicity", "sum")},
                                          corner=1.0, corner_power=1.0)
    assert score([8, 2, 0, 0], only_corner) == 3.0 and score([2, 8, 2, 0], only_corner) == 0.0
    only_smooth = heuristics.weights_from({k: 0.0 for k in ("lost", "empty", "merges", "monotonicity", "sum")},
                                          smoothness=1.0)
    assert score([2, 0, 8, 2], only_smooth) == -(2 + 2)
    only_merges = heuristics.weights_from({k: 0.0 for k in ("lost", "empty", "monotonicity", "sum")}, merges=1.0)
    assert score([2, 0, 2, 2], only_merges) == 3.0 and score([2, 4, 2, 4], only_merges) == 0.0
    assert score([2, 2, 4, 4], only_merges) == 4.0


def test_weights_from():
    assert heuristics.weights_from() is heuristics.DEFAULT_WEIGHTS
    w = heuristics.weights_from({"smoothness": 3})
    assert w.smoothness == 3.0 and w.empty == heuristics.DEFAULT_WEIGHTS.empty
    assert heuristics.weights_from(w, empty=1).empty == 1.0
    with pytest.raises(TypeError):
        heuristics.weights_from({"colour": 1})
    with pytest.raises(TypeError):
        heuristics.weights_from(3)
    # another weight set gives another table (cached separately)
    assert not np.array_equal(heuristics.row_table(w), heuristics.row_table())


# ---------------------------------------------------------------------------------------------------------------
# expectimax's time: crowded boards get more of it, and the CPU clock is capped in wall time

def test_crowded_boards_get_crowded_time_times_the_budget():
    p = expectimax.STRATEGY.params({"budget_ms": 80.0, "crowded_empty": 1, "crowded_time": 2.5})
    roomy = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    one_hole = bb.to_board(((2, 4, 8, 16), (4, 2, 32, 64), (8, 16, 4, 256), (2, 0, 8, 1024)))
    full = bb.to_board(((2, 4, 8, 16), (4, 2, 32, 64), (8, 16, 4, 256), (2, 4, 8, 1024)))
    two_holes = bb.to_board(((2, 4, 8, 16), (4, 2, 32, 64), (8, 0, 4, 256), (2, 0, 8, 1024)))
    assert expectimax.budget_seconds(roomy, p) == pytest.approx(0.080)
    assert expectimax.budget_seconds(two_holes, p) == pytest.approx(0.080)
    assert expectimax.budget_seconds(one_hole, p) == pytest.approx(0.200)
    assert expectimax.budget_seconds(full, p) == pytest.approx(0.200)
    assert expectimax.budget_seconds(two_holes, {**p, "crowded_empty": 2}) == pytest.approx(0.200)
    assert expectimax.budget_seconds(full, {**p, "budget_ms": None}) == float("inf")


def test_cpu_clock_is_capped_in_wall_time(monkeypatch):
    # a CPU clock that never advances (a search starved of CPU, as far as its clock can tell): the wall cap must
    # still stop the search, long before the depth it would reach with no budget at all
    board = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    _, unbounded, _ = expectimax.search_board(board, depth=6, budget_ms=None, prob_cutoff=0.0)
    monkeypatch.setattr(expectimax, "CPU_CLOCK", lambda: 0.0)
    _, capped, _ = expectimax.search_board(board, depth=6, budget_ms=5.0, prob_cutoff=0.0, clock="cpu")
    assert 0 < capped < unbounded / 4
    monkeypatch.undo()
    _, wall, _ = expectimax.search_board(board, depth=6, budget_ms=5.0, prob_cutoff=0.0, clock="wall")
    assert 0 < wall < unbounded / 4


def test_clock_and_crowded_values_are_checked():
    from arcade.game2048.ai import player
    for name, bad in (("clock", "gpu"), ("clock", None), ("crowded_time", 0), ("crowded_time", -1.0),
                      ("crowded_empty", -1), ("crowded_empty", 1.5)):
        with pytest.raises(ValueError) as e:
            player.check_value(name, bad)
        assert name in str(e.value) and "\n" not in str(e.value)
    assert player.check_value("clock", "wall") == "wall"



# ---------------------------------------------------------------------------------------------------------------
# the compiled search (ai.jit): the layers' tree and values, faster, within its budget

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 1024, 32768]), min_size=16, max_size=16),
       st.integers(1, 3), st.sampled_from([0.0, 0.1, 1.0]))
def test_jit_search_equals_the_layers(cells, depth, p4):
    from arcade.game2048.ai import jit
    grid = tuple(tuple(cells[4 * r:4 * r + 4]) for r in range(4))
    b = bb.to_board(grid)
    kw = dict(depth=depth, prob_cutoff=0.0, budget_ms=None, four_probability=p4)
    a, _, da = expectimax.search_board(b, engine="jit", **kw)
    c, _, dc = expectimax.search_board(b, engine="layers", **kw)
    assert jit.available()
    assert [x is None for x in a] == [x is None for x in c] and 1 <= da <= depth and 1 <= dc <= depth
    for x, y in zip(a, c):
        if y is not None:
            assert x == pytest.approx(y, rel=1e-5, abs=1.0)  # float64 sums of float32 row scores


def test_jit_cutoff_prunes_and_refines_within_the_budget():
    from arcade.game2048.ai import jit
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    _, full, _ = expectimax.search_board(b, depth=5, prob_cutoff=0.0, budget_ms=None)
    _, cut, _ = expectimax.search_board(b, depth=5, prob_cutoff=1e-3, budget_ms=None)
    assert 0 < cut < full / 2
    assert jit.cutoffs(1e-5)[0] == pytest.approx(0.1) and jit.cutoffs(1e-5)[-1] == 1e-5
    assert all(x > y for x, y in zip(jit.cutoffs(1e-5), jit.cutoffs(1e-5)[1:]))
    assert jit.cutoffs(0.0)[-1] == 0.0 and jit.cutoffs(0.5) == [0.5]
    # a budget: the passes stop where the next would not fit; far fewer moves than the unbudgeted search
    _, nodes, depth = expectimax.search_board(b, depth=6, prob_cutoff=0.0, budget_ms=2.0)
    _, unbounded, _ = expectimax.search_board(b, depth=6, prob_cutoff=0.0, budget_ms=None)
    assert 0 < nodes < unbounded / 4 and depth >= 2


def test_jit_node_limit_stops_a_pass_and_the_previous_pass_answers(monkeypatch):
    from arcade.game2048.ai import jit
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    st_ = jit._get_state()
    monkeypatch.setitem(st_.rate, False, 1e12)   # a wildly optimistic speed: every pass looks affordable ...
    ticks = iter(range(10**6))
    clock = lambda: next(ticks) * 1e-9     # ... and a clock that hardly moves, so the node limit must stop it
    values, nodes, depth, passes = jit.search(b, 9, row_table=heuristics.evaluator().row, prob_cutoff=0.0,
                                              cutoff_per_depth=1.0, four_probability=0.1, budget=1e-6,
                                              clock=clock)
    assert values is not None and passes >= 1 and any(v is not None for v in values)


def test_without_numba_the_layers_answer(monkeypatch):
    from arcade.game2048.ai import jit
    monkeypatch.setattr(jit, "available", lambda: False)
    b = bb.to_board(((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024)))
    got = expectimax.search_board(b, depth=2, prob_cutoff=0.0, budget_ms=None)
    assert got == expectimax.search_board(b, depth=2, prob_cutoff=0.0, budget_ms=None, engine="layers")
