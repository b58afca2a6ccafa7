"""Tests of arcade.game2048.game.Game: the face over the backend and a session (the rules are the backend's, the
tiles come from the game's one generator, undo and saves are the session's)."""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.session import Session
from arcade.game2048 import rules
from arcade.game2048.backend import BACKEND
from arcade.game2048.game import Game, MoveOutcome, default_target
from arcade.game2048.rules import DIRECTIONS


def tiles(grid):
    return [v for row in grid for v in row if v]


def set_grid(game, grid):
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            game.place(r, c, v)


def blank(n):
    return [[0] * n for _ in range(n)]


# ---------------------------------------------------------------------------------------------------- start

@pytest.mark.parametrize("size", range(3, 9))
def test_new_game(size):
    g = Game(size=size, seed=size)
    assert g.size == size and len(g.grid) == size and all(len(r) == size for r in g.grid)
    t = tiles(g.grid)
    assert len(t) == 2 and set(t) <= {2, 4}
    assert g.score == 0 and g.moves == 0
    assert not g.won and not g.over and not g.keep_playing and not g.can_undo
    assert g.undo() is False
    assert g.target == default_target(size)


def test_default_targets():
    assert default_target(3) == 256
    assert [default_target(n) for n in range(4, 9)] == [2048] * 5
    assert Game(size=3, seed=1).target == 256
    assert Game(size=5, seed=1, target=512).target == 512
    for bad in (2, 9, "4", 4.0, True):
        with pytest.raises(ValueError):
            default_target(bad)


@pytest.mark.parametrize("kwargs", [dict(size=2), dict(size=9), dict(size="4"), dict(four_probability=-0.1),
                                    dict(four_probability=1.5), dict(four_probability="x"), dict(target=3),
                                    dict(target=2), dict(target=1000), dict(target=2048.0), dict(size=9, target=64)])
def test_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        Game(**kwargs)


def test_same_seed_same_game():
    a, b = Game(seed=42), Game(seed=42)
    rng = random.Random(0)
    for _ in range(60):
        d = rng.choice(DIRECTIONS)
        assert a.move(d) == b.move(d)
        assert a.grid == b.grid and a.score == b.score


@pytest.mark.parametrize("p, expect", [(0.0, {2}), (1.0, {4})])
def test_start_tile_values_follow_probability(p, expect):
    for seed in range(50):
        assert set(tiles(Game(seed=seed, four_probability=p).grid)) == expect


def test_start_tiles_uniform_over_cells():
    # the first start tile lands on each of the 16 cells with probability 1/16: chi-square, 15 degrees of freedom
    rng = random.Random(7)
    counts = Counter()
    n = 8000
    for _ in range(n):
        g = Game(seed=rng.random())
        cells = [(r, c) for r in range(4) for c in range(4) if g.grid[r][c]]
        counts.update(cells)
    assert sum(counts.values()) == 2 * n
    e = 2 * n / 16
    chi2 = sum((counts[(r, c)] - e) ** 2 / e for r in range(4) for c in range(4))
    assert chi2 < 37.7  # p = 0.001


def test_spawn_distribution_after_moves():
    # a tile at (0, 3) slides to (0, 0); the new tile must be on one of the 15 other cells, uniformly,
    # and a 4 with probability 0.1
    g = Game(seed=123, four_probability=0.1)
    cells = Counter()
    values = Counter()
    n = 6000
    for _ in range(n):
        set_grid(g, blank(4))
        g.place(0, 3, 2)
        out = g.move("left")
        r, c, v = out.spawn
        assert (r, c) != (0, 0) and g.grid[0][0] == 2 and g.grid[r][c] == v
        assert len(tiles(g.grid)) == 2
        cells[(r, c)] += 1
        values[v] += 1
    assert set(values) == {2, 4}
    p4 = values[4] / n
    assert abs(p4 - 0.1) < 0.015  # sd ~ 0.004
    e = n / 15
    chi2 = sum((cells[(r, c)] - e) ** 2 / e for r in range(4) for c in range(4) if (r, c) != (0, 0))
    assert len(cells) == 15 and chi2 < 36.1  # 14 dof, p = 0.001


@pytest.mark.parametrize("p", [0.0, 0.5, 1.0])
def test_spawn_probability_setting(p):
    g = Game(seed=9, four_probability=p)
    vals = []
    for _ in range(2000):
        set_grid(g, blank(4))
        g.place(3, 3, 2)
        vals.append(g.move("up").spawn[2])
    frac = vals.count(4) / len(vals)
    assert abs(frac - p) < 0.05


# ---------------------------------------------------------------------------------------------------- moves

def test_move_outcome_and_score():
    g = Game(seed=1)
    set_grid(g, [[2, 2, 4, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]])
    out = g.move("left")
    assert isinstance(out, MoveOutcome)
    assert out.result.grid[0] == (4, 4, 0, 0) and out.result.gained == 4
    r, c, v = out.spawn
    assert out.result.grid[r][c] == 0 and g.grid[r][c] == v
    assert g.score == 4 and g.moves == 1
    # the grid is the slide plus exactly one tile
    diff = [(i, j) for i in range(4) for j in range(4) if g.grid[i][j] != out.result.grid[i][j]]
    assert diff == [(r, c)]


def test_move_that_changes_nothing():
    g = Game(seed=1)
    set_grid(g, [[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    before = (g.grid, g.score, g.moves, g.rng.getstate())
    assert g.move("left") is None
    assert g.move("up") is None
    assert (g.grid, g.score, g.moves, g.rng.getstate()) == before
    assert not g.can_undo


def test_forced_spawn():
    g = Game(seed=1)
    set_grid(g, [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    out = g.move("left", spawn=(3, 3, 4))
    assert out.spawn == (3, 3, 4)
    assert g.grid == ((4, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 4))
    # a cell vacated by the slide is fine
    set_grid(g, [[0, 0, 0, 2], [0] * 4, [0] * 4, [0] * 4])
    assert g.move("left", spawn=(0, 3, 2)).spawn == (0, 3, 2)
    assert g.grid[0] == (2, 0, 0, 2)


@pytest.mark.parametrize("spawn", [(0, 0, 2), (0, 4, 2), (-1, 0, 2), (1, 1, 8), (1, 1, 0), (1, 1, 3), (1, 1),
                                   "abc", (1.0, 1, 2), (1, 1, 2.0), (1, 1, True)])
def test_bad_forced_spawn_rejected_without_change(spawn):
    g = Game(seed=1)
    set_grid(g, [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    before = g.to_dict()
    with pytest.raises(ValueError):
        g.move("left", spawn=spawn)
    assert g.to_dict() == before


def test_bad_forced_spawn_occupied_after_slide():
    g = Game(seed=1)
    set_grid(g, [[2, 2, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    before = g.to_dict()
    with pytest.raises(ValueError, match="not empty"):
        g.move("left", spawn=(0, 0, 2))
    assert g.to_dict() == before


def test_bad_direction():
    with pytest.raises(ValueError):
        Game(seed=1).move("north")


# ---------------------------------------------------------------------------------------------------- won / over

def test_win_and_keep_going():
    g = Game(seed=3)
    set_grid(g, [[1024, 1024, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    out = g.move("left")
    assert out is not None and g.won and not g.over and g.terminated
    assert g.grid[0][0] == 2048 and g.score == 2048
    # terminated: moves ignored, nothing changes
    snap = g.to_dict()
    for d in DIRECTIONS:
        assert g.move(d) is None
    assert g.to_dict() == snap
    g.keep_going()
    assert g.keep_playing and not g.terminated
    assert any(g.move(d) is not None for d in DIRECTIONS)
    assert g.won  # stays won
    g.place(0, 0, 0)
    assert g.won


def test_win_target_per_size_and_override():
    g = Game(size=3, seed=3)
    set_grid(g, [[128, 128, 0], [0] * 3, [0] * 3])
    g.move("left")
    assert g.won
    g = Game(size=3, seed=3, target=512)
    set_grid(g, [[128, 128, 0], [0] * 3, [0] * 3])
    g.move("left")
    assert not g.won
    g = Game(size=6, seed=3, target=64)
    set_grid(g, [[0] * 6, [0] * 6, [0] * 6, [0] * 6, [0] * 6, [0, 32, 0, 0, 0, 32]])
    g.move("right")
    assert g.won


def test_the_win_is_decided_by_a_move():
    g = Game(seed=3)
    set_grid(g, [[2048, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    assert not g.won  # a board set up by hand is not a win: a move decides
    g.move("right")
    assert g.won and g.terminated  # the board after a move holds the winning tile (only a merge makes one in play)
    g = Game(seed=3)
    set_grid(g, [[1024, 512, 256, 0], [0] * 4, [0] * 4, [0] * 4])
    g.move("right")
    assert not g.won


def test_over_decided_after_spawn():
    g = Game(size=3, seed=5)
    # left: row 0 -> 4 8 .. ; spawn a 2 in the hole: board full, no pairs -> over
    set_grid(g, [[2, 2, 8], [8, 4, 2], [2, 8, 4]])
    out = g.move("left", spawn=(0, 2, 2))
    assert g.grid == ((4, 8, 2), (8, 4, 2), (2, 8, 4))
    # (0,2)=2 and (1,2)=2 are neighbours: not over
    assert not g.over
    g.undo()
    set_grid(g, [[2, 2, 8], [8, 4, 16], [2, 8, 4]])
    out = g.move("left", spawn=(0, 2, 4))
    assert out is not None and g.grid == ((4, 8, 4), (8, 4, 16), (2, 8, 4))
    assert g.over and g.terminated
    snap = g.to_dict()
    assert all(g.move(d) is None for d in DIRECTIONS)
    assert g.to_dict() == snap


def test_over_with_random_spawn_matches_can_move():
    rng = random.Random(11)
    for seed in range(30):
        g = Game(size=3, seed=seed)
        while not g.over:
            g.move(rng.choice(DIRECTIONS))
            assert g.over == (not rules.can_move(g.grid))
        assert g.max_tile <= 1024


def test_place():
    g = Game(seed=1)
    set_grid(g, blank(4))
    assert g.over  # nothing can move on an empty board
    g.place(1, 2, 8)
    assert g.grid[1][2] == 8 and not g.over
    g.place(1, 2, 0)
    assert g.grid[1][2] == 0
    set_grid(g, [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]])
    assert g.over
    g.place(0, 0, 4)
    assert not g.over
    g.place(0, 0, 1 << 20)
    assert g.grid[0][0] == 1 << 20
    for bad in ((4, 0, 2), (0, -1, 2), (0, 0, 3), (0, 0, -2), (0, 0, 2.0), (0, 0, "2"), (0.0, 0, 2)):
        with pytest.raises(ValueError):
            g.place(*bad)


# ---------------------------------------------------------------------------------------------------- undo / restart

def test_undo_chain():
    g = Game(seed=8)
    rng = random.Random(8)
    seen = [(g.grid, g.score, g.won, g.over, g.keep_playing, g.moves)]
    while len(seen) < 40 and not g.over:
        if g.move(rng.choice(DIRECTIONS)):
            seen.append((g.grid, g.score, g.won, g.over, g.keep_playing, g.moves))
    assert g.moves == len(seen) - 1
    while seen:
        assert (g.grid, g.score, g.won, g.over, g.keep_playing, g.moves) == seen.pop()
        ok = g.undo()
        assert ok == bool(seen)
    assert g.undo() is False


def test_undo_restores_flags():
    g = Game(seed=3)
    set_grid(g, [[1024, 1024, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    g.move("left")
    assert g.won
    assert g.undo() and not g.won and g.grid[0][:2] == (1024, 1024)
    g.move("left")
    g.keep_going()
    g.move("right")
    assert g.undo() and g.won and g.keep_playing
    assert g.undo() and not g.won and not g.keep_playing
    # over restored too
    g2 = Game(size=3, seed=5)
    set_grid(g2, [[2, 2, 8], [8, 4, 16], [2, 8, 4]])
    g2.move("left", spawn=(0, 2, 4))
    assert g2.over
    assert g2.undo() and not g2.over and g2.grid == ((2, 2, 8), (8, 4, 16), (2, 8, 4))


def test_restart():
    g = Game(size=5, seed=4, four_probability=0.3, target=1024)
    for d in DIRECTIONS * 5:
        g.move(d)
    assert g.moves > 0 and g.can_undo
    twin = Game(size=5, seed=4, four_probability=0.3, target=1024)
    for d in DIRECTIONS * 5:
        twin.move(d)
    g.restart()
    assert g.moves == 0 and g.score == 0 and not g.can_undo and not g.undo()
    assert not g.won and not g.over and not g.keep_playing
    assert len(tiles(g.grid)) == 2 and g.size == 5 and g.target == 1024 and g.four_probability == 0.3
    # the RNG continues: the restarted game is what the twin's RNG gives next, not a reseeded game
    twin.restart()
    assert g.grid == twin.grid
    assert g.rng.getstate() != Game(size=5, seed=4).rng.getstate()


# ---------------------------------------------------------------------------------------------------- saving

def json_round_trip(g):
    return Game.from_dict(json.loads(json.dumps(g.to_dict())))


@settings(max_examples=40, deadline=None)
@given(size=st.integers(3, 8), seed=st.integers(0, 2 ** 32), n=st.integers(0, 60),
       p=st.sampled_from([0.0, 0.1, 0.5, 1.0]), undos=st.integers(0, 3), data=st.data())
def test_round_trip(size, seed, n, p, undos, data):
    g = Game(size=size, seed=seed, four_probability=p)
    rng = random.Random(seed)
    for _ in range(n):
        g.move(rng.choice(DIRECTIONS))
    for _ in range(undos):
        g.undo()
    if data.draw(st.booleans()):
        g.keep_going()
    h = json_round_trip(g)
    assert h.to_dict() == g.to_dict()
    assert (h.grid, h.score, h.won, h.over, h.keep_playing, h.moves, h.size, h.target, h.four_probability) == \
           (g.grid, g.score, g.won, g.over, g.keep_playing, g.moves, g.size, g.target, g.four_probability)
    for _ in range(20):
        d = rng.choice(DIRECTIONS)
        assert g.move(d) == h.move(d)
        assert g.grid == h.grid and g.score == h.score and g.over == h.over
    # the undo history came along
    while g.undo():
        assert h.undo()
        assert (g.grid, g.score, g.won, g.over, g.keep_playing, g.moves) == \
               (h.grid, h.score, h.won, h.over, h.keep_playing, h.moves)
    assert not h.undo()


def test_round_trip_with_huge_tiles():
    g = Game(size=4, seed=2)
    set_grid(g, [[1 << 40, 1 << 40, 0, 0], [131072, 0, 0, 0], [0] * 4, [0] * 4])
    g.keep_going()  # tiles past the winning one: the game plays on
    assert g.move("left") and g.move("right")
    d = json.loads(json.dumps(g.to_dict()))
    assert isinstance(d["start"]["cells"], list)  # exponent 40 does not fit one base-36 digit
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    assert h.undo() and h.undo() and h.grid[0][:2] == (1 << 40, 1 << 40)


def test_the_save_is_the_sessions_and_compact():
    g = Game(seed=2)
    for d in DIRECTIONS * 10:
        g.move(d)
    d = g.to_dict()
    assert d["session"] == 1 and d["params"] == "4x4" and len(d["log"]) == g.moves
    assert all(len(ev) == 3 and ev[0] == "p" for ev in d["log"])  # who moved, then the move and its tile
    assert Session.from_dict(BACKEND, d).state == g.state


def _good():
    g = Game(seed=6)
    for d in DIRECTIONS * 3:
        g.move(d)
    return json.loads(json.dumps(g.to_dict()))


def _mut(path, value=None, delete=False):
    def f(d):
        obj = d
        for k in path[:-1]:
            obj = obj[k]
        if delete:
            del obj[path[-1]]
        else:
            obj[path[-1]] = value
        return d
    return f


_MALFORMED = {
    "not a dict": lambda d: [d],
    "session format": _mut(["session"], 2),
    "params": _mut(["params"], "4x5"),
    "params size": _mut(["params"], "9x9"),
    "seed": _mut(["seed"], -1),
    "seed list": _mut(["seed"], [1]),
    "start won": _mut(["start", "won"], 1),
    "start cells": _mut(["start", "cells"], "00"),
    "start score": _mut(["start", "score"], -4),
    "log entry": _mut(["log", 0], "x"),
    "log move": _mut(["log", 0], "pzy"),
    "log tile": _mut(["log", 3], "p00"),  # a tile on a cell the move did not leave empty
    "times": lambda d: (d["t"].pop(), d)[1],
    "probability": _mut(["four_probability"], 1.5),
    "probability str": _mut(["four_probability"], "0.1"),
    "rng short": lambda d: (d["rng"][1].pop(), d)[1],
    "rng version": _mut(["rng", 0], 2),
    "rng word": _mut(["rng", 1, 5], -1),
    "rng big word": _mut(["rng", 1, 5], 1 << 32),
    "rng pos": _mut(["rng", 1, 624], 700),
    "rng gauss": _mut(["rng", 2], "x"),
    "rng not list": _mut(["rng"], 5),
}


@pytest.mark.parametrize("name", sorted(_MALFORMED))
def test_malformed_rejected(name):
    d = _good()
    assert Game.from_dict(copy.deepcopy(d)).to_dict() == d  # the unmutated dict is fine
    with pytest.raises(ValueError):
        Game.from_dict(_MALFORMED[name](d))


def test_a_save_of_the_app_continues_with_tiles_from_a_fresh_generator():
    d = _good()
    del d["rng"], d["four_probability"]  # a session's save as the app writes it
    g = Game.from_dict(d)
    assert g.state == Game.from_dict(_good()).state and g.four_probability == 0.1
    assert any(g.move(x) for x in DIRECTIONS)


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 1 << 33) | st.floats(allow_nan=False) |
                     st.text(max_size=5), lambda ch: st.lists(ch, max_size=4) | st.dictionaries(st.text(max_size=4), ch,
                                                                                               max_size=3),
                     max_leaves=8)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_fuzzed_saves_raise_only_value_error(data):
    d = _good()
    # replace one value somewhere in the tree by random JSON
    obj = d
    path = []
    while True:
        keys = list(obj.keys()) if isinstance(obj, dict) else list(range(len(obj)))
        if not keys:
            break
        k = data.draw(st.sampled_from(keys))
        path.append(k)
        child = obj[k]
        if isinstance(child, (dict, list)) and child and data.draw(st.booleans()):
            obj = child
            continue
        obj[k] = data.draw(_JSON)
        break
    try:
        g = Game.from_dict(d)
    except ValueError:
        return
    # accepted: then it is a consistent game
    assert g.over == (not rules.can_move(g.grid))
    json.dumps(g.to_dict())


def test_a_saved_game_keeps_its_undo_across_undo_and_new_moves():
    g = Game(4, seed=11)
    dirs = ["left", "down", "right", "up"]
    for i in range(30):
        g.move(dirs[i % 4])
    for _ in range(5):
        g.undo()
    g.move("left")
    g.move("down")
    fresh = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert fresh.moves == g.moves
    while g.undo():
        assert fresh.undo()
        assert fresh.grid == g.grid and fresh.score == g.score
    assert not fresh.can_undo
