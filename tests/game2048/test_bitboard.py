"""The bitboard engine against the exact rules (rules.slide), plus its own invariants."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from arcade.game2048 import bitboard as bb
from arcade.game2048 import rules

DIRS = bb.DIRECTIONS

# exponents 0..15 with a bias towards equal neighbours (merges) and empty cells
exponent = st.one_of(st.integers(0, 15), st.sampled_from([0, 0, 1, 1, 2, 3]))
grid_exps = st.lists(exponent, min_size=16, max_size=16)


def to_grid(exps) -> tuple:
    return tuple(tuple((1 << e) if e else 0 for e in exps[r * 4:(r + 1) * 4]) for r in range(4))


def board_of(exps) -> int:
    return bb.to_board(to_grid(exps))


def arr(*boards) -> np.ndarray:
    return np.array(boards, dtype=np.uint64)


def random_boards(n: int, seed: int = 0, top: int = 12) -> np.ndarray:
    rng = np.random.default_rng(seed)
    exps = rng.integers(0, top, size=(n, 16), dtype=np.uint64)
    exps[rng.random((n, 16)) < 0.3] = 0
    return np.bitwise_or.reduce(exps << np.arange(0, 64, 4, dtype=np.uint64), axis=1)


# ------------------------------------------------------------------------------------------------------------
# tables and conversion

def test_tables_are_built_lazily_not_at_import():
    code = ("import arcade.game2048.bitboard as b, arcade.game2048.ai, arcade.engine.worker; "
            "import sys; assert b._TABLES is None; assert 'arcade.game2048.ai.expectimax' not in sys.modules; "
            "b.tables(); assert b._TABLES is not None")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_table_shapes_and_known_rows():
    t = bb.tables()
    assert t.left.shape == t.right.shape == (65536,) and t.left.dtype == np.uint16
    assert t.build_ms > 0
    # row [2, 2, 4, 0] (exponents 1, 1, 2, 0; cell 0 in the low nibble) -> left [4, 4, 0, 0], gain 4
    row = 1 | 1 << 4 | 2 << 8
    assert t.left[row] == (2 | 2 << 4) and t.gain_left[row] == 4
    # right: [0, 0, 4, 4]
    assert t.right[row] == (2 << 8 | 2 << 12) and t.gain_right[row] == 4
    # [2, 2, 2, 2] -> left [4, 4, 0, 0] (8 points), right [0, 0, 4, 4]
    full = 0x1111
    assert t.left[full] == 0x0022 and t.right[full] == 0x2200 and t.gain_left[full] == 8
    # 32768 + 32768 is blocked, never wrapped
    assert t.left[0x00FF] == 0x00FF and t.blocked[0x00FF] and not t.blocked[0x00EE]


def test_to_board_and_back():
    g = ((2, 4, 8, 16), (0, 0, 0, 32768), (1024, 0, 2, 0), (0, 0, 0, 0))
    b = bb.to_board(g)
    assert bb.to_grid(b) == g
    assert b & 0xF == 1 and (b >> 4) & 0xF == 2 and (b >> 16 * 1 + 4 * 3) & 0xF == 15


@pytest.mark.parametrize("grid, error", [
    (((2, 0, 0, 0),) * 3, ValueError),                              # 3 rows
    (((2, 0, 0),) * 4, ValueError),                                 # 3 columns
    (((3, 0, 0, 0),) + ((0,) * 4,) * 3, ValueError),                # not a tile
    (((65536, 0, 0, 0),) + ((0,) * 4,) * 3, OverflowError),         # does not fit a nibble
])
def test_to_board_rejects(grid, error):
    with pytest.raises(error):
        bb.to_board(grid)
    assert not bb.can_encode(grid)


# ------------------------------------------------------------------------------------------------------------
# moves against the rules

@settings(max_examples=300, deadline=None)
@given(grid_exps)
def test_batch_move_equals_rules(exps):
    g = to_grid(exps)
    b = arr(bb.to_board(g))
    everything = bb.move_all(b)
    legal = bb.legal_moves(b)
    for i, d in enumerate(DIRS):
        want_grid, want_gain, want_moved = rules.slide_grid(g, d)
        if not bb.exact(b, d)[0]:
            # a 32768 + 32768 merge: the tables leave the pair apart; move_grid gives the exact answer
            assert any(v == 65536 for row in want_grid for v in row)
            assert bb.move_grid(g, d) == (want_grid, want_gain, want_moved)
            continue
        moved = bb.move(b, d)
        assert bb.to_grid(moved[0]) == want_grid
        assert int(everything[i, 0]) == int(moved[0])
        assert int(bb.gained(b, d)[0]) == want_gain
        assert bool(moved[0] != b[0]) == want_moved == bool(legal[i, 0])
        assert bb.move_grid(g, d) == (want_grid, want_gain, want_moved)


def test_batch_move_over_many_boards_and_chunks():
    """Arrays longer than one chunk: every board gets its own answer (spot-checked against the rules)."""
    boards = random_boards(bb.CHUNK * 2 + 123, seed=1)
    everything = bb.move_all(boards)
    rng = np.random.default_rng(2)
    for d in range(4):
        moved = bb.move(boards, d)
        assert np.array_equal(moved, everything[d])
        for k in rng.choice(boards.size, 40, replace=False).tolist() + [bb.CHUNK, boards.size - 1]:
            g = bb.to_grid(boards[k])
            assert bb.to_grid(moved[k]) == rules.slide_grid(g, DIRS[d])[0]


@settings(max_examples=100, deadline=None)
@given(grid_exps)
def test_transpose(exps):
    g = to_grid(exps)
    b = arr(bb.to_board(g))
    t = bb.transpose(b)
    assert bb.to_grid(t[0]) == tuple(zip(*g))
    assert np.array_equal(bb.transpose(t), b)


@settings(max_examples=100, deadline=None)
@given(grid_exps)
def test_counts(exps):
    g = to_grid(exps)
    b = arr(bb.to_board(g))
    assert bb.empty_count(b)[0] == exps.count(0)
    assert bb.max_exponent(b)[0] == max(exps)
    assert bb.distinct_count(b)[0] == len(set(exps) - {0})


def test_empty_board_and_empty_array():
    assert bb.move(arr(0), "left")[0] == 0
    assert bb.move(np.zeros(0, dtype=np.uint64), "up").size == 0
    assert bb.move_all(np.zeros(0, dtype=np.uint64)).shape == (4, 0)


def test_bad_direction():
    with pytest.raises(ValueError):
        bb.move(arr(1), "sideways")
    with pytest.raises(ValueError):
        bb.move(arr(1), 4)


# ------------------------------------------------------------------------------------------------------------
# the nibble limit

def test_two_32768_merge_is_flagged_and_falls_back_to_the_rules():
    g = ((32768, 32768, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    b = arr(bb.to_board(g))
    assert not bb.exact(b, "left")[0] and not bb.exact(b, "right")[0]
    assert bb.exact(b, "up")[0] and bb.exact(b, "down")[0]
    # the table never corrupts the board: the pair stays apart (no wrap to 0, no carry into the next cell)
    assert bb.to_grid(bb.move(b, "left")[0]) == g
    assert bb.move_grid(g, "left") == rules.slide_grid(g, "left")
    assert bb.move_grid(g, "left")[0][0][0] == 65536


def test_tile_above_32768_goes_to_the_rules():
    g = ((65536, 2, 2, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 4))
    for d in DIRS:
        assert bb.move_grid(g, d) == rules.slide_grid(g, d)


def test_32768_alone_is_fine():
    g = ((32768, 16384, 16384, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    b = arr(bb.to_board(g))
    assert bb.exact(b, "left")[0]
    assert bb.to_grid(bb.move(b, "left")[0]) == rules.slide_grid(g, "left")[0]


# ------------------------------------------------------------------------------------------------------------
# spawns

@settings(max_examples=60, deadline=None)
@given(st.lists(grid_exps, min_size=1, max_size=6), st.floats(0.0, 1.0))
def test_spawns(exps_list, p4):
    boards = arr(*[board_of(e) for e in exps_list])
    children, parent, prob = bb.spawns(boards, p4)
    assert children.size == parent.size == prob.size == 2 * int(bb.empty_count(boards).sum())
    sums = np.bincount(parent, weights=prob, minlength=boards.size)
    for i, e in enumerate(exps_list):
        if 0 in e:
            assert sums[i] == pytest.approx(1.0)
        else:
            assert sums[i] == 0 and not (parent == i).any()
    # each child is its parent plus one 2 or 4 on a cell that was empty
    diff = children ^ boards[parent]
    assert np.all(diff != 0)
    for c, p_, x in zip(children.tolist(), parent.tolist(), diff.tolist()):
        shift = (x.bit_length() - 1) // 4 * 4
        assert x >> shift in (1, 2) and x == (x >> shift) << shift
        assert (int(boards[p_]) >> shift) & 15 == 0
    assert np.all(np.diff(parent) >= 0)  # grouped by parent, in order


def test_spawn_probabilities_per_value():
    b = arr(bb.to_board(((2, 4, 8, 16), (2, 4, 8, 16), (2, 4, 8, 16), (2, 4, 0, 0))))
    children, parent, prob = bb.spawns(b, 0.25)
    got = {}
    for c, p_ in zip(children.tolist(), prob.tolist()):
        g = bb.to_grid(c)
        got[(g[3][2], g[3][3])] = p_
    # two empty cells: a 2 with (1 - 0.25) / 2, a 4 with 0.25 / 2
    assert got == {(2, 0): 0.375, (0, 2): 0.375, (4, 0): 0.125, (0, 4): 0.125}


# ------------------------------------------------------------------------------------------------------------
# de-duplication

@pytest.mark.parametrize("n", [10, 5000, 60000])
def test_unique_inverse(n):
    rng = np.random.default_rng(n)
    keys = rng.integers(1, 2**63, n // 3 + 1, dtype=np.uint64)[rng.integers(0, n // 3 + 1, n)]
    u, inv = bb.unique_inverse(keys)
    assert np.array_equal(u[inv], keys)
    assert u.size == np.unique(keys).size


def test_scalar_engine_matches_batch():
    boards = random_boards(500, seed=3, top=16)
    sc = bb.scalar()
    for d in range(4):
        moved = bb.move(boards, d)
        gained = bb.gained(boards, d)
        assert [sc.move(int(b), d) for b in boards] == moved.tolist()
        assert [sc.gained(int(b), d) for b in boards] == gained.tolist()
    assert [sc.transpose(int(b)) for b in boards] == bb.transpose(boards).tolist()
