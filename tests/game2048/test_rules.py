"""Tests of arcade.game2048.rules against two oracles and by properties.

Oracle 1 is a literal re-statement, in Python, of the original web game's GameManager.move (gabrielecirulli/2048,
js/game_manager.js + grid.js + tile.js): cells indexed [x][y] (x = column, y = row), traversal from the far side,
findFarthestPosition, merge when the next cell holds an equal tile that has no mergedFrom yet.
Oracle 2 is the console C version's row algorithm with two indices (k = target, j = scan).
"""
from __future__ import annotations

import itertools
import pytest
from hypothesis import given, settings, strategies as st

from arcade.game2048 import rules
from arcade.game2048.rules import (DIRECTIONS, Motion, SlideResult, can_move, empty_cells, max_tile, slide,
                                   slide_grid, validate_grid)


# ----------------------------------------------------------------------------------------------------------------
# oracle 1: the original GameManager.move, cell for cell

class _Tile:
    def __init__(self, pos, value):
        self.x, self.y = pos["x"], pos["y"]
        self.value = value
        self.previous = None
        self.merged_from = None
        self.origin = None  # (row, col) before the move, for the oracle's report

    def save_position(self):
        self.previous = {"x": self.x, "y": self.y}

    def update_position(self, pos):
        self.x, self.y = pos["x"], pos["y"]


class _Grid:
    def __init__(self, size):
        self.size = size
        self.cells = [[None] * size for _ in range(size)]  # cells[x][y]

    def within_bounds(self, pos):
        return 0 <= pos["x"] < self.size and 0 <= pos["y"] < self.size

    def cell_content(self, pos):
        return self.cells[pos["x"]][pos["y"]] if self.within_bounds(pos) else None

    def cell_available(self, pos):
        return self.cell_content(pos) is None

    def insert_tile(self, tile):
        self.cells[tile.x][tile.y] = tile

    def remove_tile(self, tile):
        self.cells[tile.x][tile.y] = None


_VECTORS = {"up": {"x": 0, "y": -1}, "right": {"x": 1, "y": 0}, "down": {"x": 0, "y": 1}, "left": {"x": -1, "y": 0}}


def original_move(rows, direction):
    """Returns (grid as row tuples, score gained, moved, {src (row, col): (dst (row, col), merged)})."""
    size = len(rows)
    grid = _Grid(size)
    tiles = []
    for r in range(size):
        for c in range(size):
            if rows[r][c]:
                t = _Tile({"x": c, "y": r}, rows[r][c])
                t.origin = (r, c)
                grid.insert_tile(t)
                tiles.append(t)
    vector = _VECTORS[direction]
    # buildTraversals
    tx = list(range(size))
    ty = list(range(size))
    if vector["x"] == 1:
        tx.reverse()
    if vector["y"] == 1:
        ty.reverse()
    # prepareTiles
    for t in tiles:
        t.merged_from = None
        t.save_position()
    score = 0
    moved = False
    merged_flag = set()
    for x in tx:
        for y in ty:
            cell = {"x": x, "y": y}
            tile = grid.cell_content(cell)
            if tile is None:
                continue
            # findFarthestPosition
            previous = cell
            nxt = {"x": previous["x"] + vector["x"], "y": previous["y"] + vector["y"]}
            while grid.within_bounds(nxt) and grid.cell_available(nxt):
                previous = nxt
                nxt = {"x": previous["x"] + vector["x"], "y": previous["y"] + vector["y"]}
            farthest = previous
            nxt_tile = grid.cell_content(nxt)
            if nxt_tile is not None and nxt_tile.value == tile.value and not nxt_tile.merged_from:
                merged = _Tile(nxt, tile.value * 2)
                merged.merged_from = [tile, nxt_tile]
                grid.insert_tile(merged)
                grid.remove_tile(tile)
                tile.update_position(nxt)
                score += merged.value
                merged_flag.update((id(tile), id(nxt_tile)))
            else:
                # moveTile
                grid.cells[tile.x][tile.y] = None
                grid.cells[farthest["x"]][farthest["y"]] = tile
                tile.update_position(farthest)
            if not (cell["x"] == tile.x and cell["y"] == tile.y):
                moved = True
    out = tuple(tuple((grid.cells[c][r].value if grid.cells[c][r] else 0) for c in range(size))
                for r in range(size))
    dests = {t.origin: ((t.y, t.x), id(t) in merged_flag) for t in tiles}
    return out, score, moved, dests


# ----------------------------------------------------------------------------------------------------------------
# oracle 2: console C version, one row towards index 0 with a target index k and a scan index j

def c_slide_row(row):
    a = list(row)
    n = len(a)
    k = 0
    score = 0
    for j in range(1, n):
        if a[j] == 0:
            continue
        if a[k] == 0:
            a[k], a[j] = a[j], 0
        elif a[k] == a[j]:
            a[k] *= 2
            score += a[k]
            a[j] = 0
            k += 1
        else:
            k += 1
            if k != j:
                a[k], a[j] = a[j], 0
    return tuple(a), score


# ----------------------------------------------------------------------------------------------------------------
# strategies

_SMALL = st.sampled_from([0, 0, 0, 2, 2, 4, 4, 8, 16])
_ANY = st.one_of(_SMALL, st.integers(1, 40).map(lambda k: 1 << k))


@st.composite
def grids(draw, sizes=st.integers(3, 8), values=None):
    n = draw(sizes)
    vals = values if values is not None else st.one_of(_SMALL, _SMALL, _SMALL, _ANY)
    return tuple(tuple(draw(vals) for _ in range(n)) for _ in range(n))


def tiles_of(g):
    return [v for row in g for v in row if v]


# ----------------------------------------------------------------------------------------------------------------
# hand cases

@pytest.mark.parametrize("row, expect, gained", [
    ((2, 2, 2, 2), (4, 4, 0, 0), 8),
    ((4, 4, 8, 0), (8, 8, 0, 0), 8),
    ((2, 2, 4, 8), (4, 4, 8, 0), 4),
    ((2, 0, 2, 2), (4, 2, 0, 0), 4),
    ((0, 0, 0, 2), (2, 0, 0, 0), 0),
    ((2, 4, 8, 16), (2, 4, 8, 16), 0),
    ((8, 0, 0, 8), (16, 0, 0, 0), 16),
    ((4, 2, 2, 0), (4, 4, 0, 0), 4),
    ((65536, 65536, 0, 0), (131072, 0, 0, 0), 131072),
    ((2, 2, 2), (4, 2, 0), 4),
    ((2, 2, 2, 2, 2, 2, 2, 2), (4, 4, 4, 4, 0, 0, 0, 0), 16),
    ((1 << 40, 1 << 40, 2, 2, 0, 4, 0, 4), (1 << 41, 4, 8, 0, 0, 0, 0, 0), (1 << 41) + 12),
])
def test_hand_rows_left(row, expect, gained):
    n = len(row)
    grid = (row,) + ((0,) * n,) * (n - 1)
    r = slide(grid, "left")
    assert r.grid[0] == expect
    assert r.gained == gained
    assert r.moved == (expect != row)


@pytest.mark.parametrize("row, expect", [((2, 2, 2, 2), (0, 0, 4, 4)), ((0, 8, 4, 4), (0, 0, 8, 8)),
                                         ((2, 2, 4, 8), (0, 4, 4, 8)), ((2, 2, 0, 2), (0, 0, 2, 4))])
def test_hand_rows_right(row, expect):
    grid = (row,) + ((0, 0, 0, 0),) * 3
    assert slide(grid, "right").grid[0] == expect


def test_columns_up_and_down():
    g = ((2, 4, 0), (2, 4, 8), (4, 0, 8))
    assert slide(g, "up").grid == ((4, 8, 16), (4, 0, 0), (0, 0, 0))
    assert slide(g, "down").grid == ((0, 0, 0), (4, 0, 0), (4, 8, 16))
    assert slide(g, "up").gained == 4 + 8 + 16


def test_empty_grid_does_not_move():
    g = ((0,) * 4,) * 4
    for d in DIRECTIONS:
        r = slide(g, d)
        assert r == SlideResult(g, 0, False, ())


def test_full_board_without_merges_does_not_move():
    g = ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 2))
    for d in DIRECTIONS:
        r = slide(g, d)
        assert r.moved is False and r.gained == 0 and r.grid == g
        assert all(m.src == m.dst and not m.merged for m in r.motions)
        assert len(r.motions) == 16
    assert can_move(g) is False


def test_motions_of_a_merge():
    r = slide(((0, 2, 0, 2), (0,) * 4, (0,) * 4, (0,) * 4), "left")
    assert r.motions == (Motion((0, 1), (0, 0), 2, True), Motion((0, 3), (0, 0), 2, True))
    r = slide(((0, 2, 0, 4), (0,) * 4, (0,) * 4, (0,) * 4), "right")
    assert r.motions == (Motion((0, 1), (0, 2), 2, False), Motion((0, 3), (0, 3), 4, False))


def test_result_is_immutable_and_plain():
    r = slide([[2, 2, 0], [0, 0, 0], [0, 0, 4]], "left")
    assert type(r.grid) is tuple and all(type(row) is tuple for row in r.grid)
    assert all(type(v) is int for row in r.grid for v in row)
    with pytest.raises(AttributeError):
        r.grid = None  # type: ignore[misc]
    assert isinstance(r.motions, tuple)


def test_numpy_grid_accepted():
    np = pytest.importorskip("numpy")
    a = np.array([[2, 2, 0], [4, 0, 4], [0, 0, 8]], dtype=np.int64)
    r = slide(a, "left")
    assert r.grid == ((4, 0, 0), (8, 0, 0), (8, 0, 0)) and r.gained == 12
    assert all(type(v) is int for row in r.grid for v in row)


# ----------------------------------------------------------------------------------------------------------------
# validation

@pytest.mark.parametrize("grid, word", [
    (((2, 0), (0, 0)), "size"),
    ((((0,) * 9),) * 9, "size"),
    (((0, 0, 0), (0, 0), (0, 0, 0)), "square"),
    (((0, 0, 0, 0),) * 3, "square"),
    (((0, 0, 0), (0, -2, 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, 3, 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, 1, 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, 6, 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, 2.5, 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, "2", 0), (0, 0, 0)), "power of two"),
    (((0, 0, 0), (0, None, 0), (0, 0, 0)), "power of two"),
    ((1, 2, 3), "sequence"),
])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_bad_grids_rejected(grid, word, direction):
    with pytest.raises(ValueError, match=word):
        slide(grid, direction)
    with pytest.raises(ValueError, match=word):
        slide_grid(grid, direction)


def test_bad_value_message_names_the_cell():
    for d in DIRECTIONS:
        with pytest.raises(ValueError, match=r"grid\[1\]\[2\]"):
            slide(((0, 0, 0), (0, 0, 12), (0, 0, 0)), d)


def test_bad_direction_rejected():
    with pytest.raises(ValueError, match="direction"):
        slide(((0,) * 3,) * 3, "north")


def test_validate_grid_and_helpers():
    g = validate_grid([[0, 2, 0], [4, 0, 0], [0, 0, 1 << 50]])
    assert g == ((0, 2, 0), (4, 0, 0), (0, 0, 1 << 50))
    assert empty_cells(g) == [(0, 0), (0, 2), (1, 1), (1, 2), (2, 0), (2, 1)]
    assert max_tile(g) == 1 << 50
    assert rules.is_tile_value(2) and rules.is_tile_value(0) and rules.is_tile_value(1 << 100)
    assert not any(rules.is_tile_value(v) for v in (1, 3, -2, 2.5, "2", None))


def test_can_move_cases():
    assert can_move(((0,) * 3,) * 3) is False
    assert can_move(((2, 0, 0), (0, 0, 0), (0, 0, 0))) is True
    full = [[2, 4, 2], [4, 2, 4], [2, 4, 2]]
    assert can_move(full) is False
    full[2][2] = 4  # vertical pair with (1, 2)
    assert can_move(full) is True
    full[2][2] = 2
    full[0][1] = 2  # horizontal pair with (0, 0)
    assert can_move(full) is True


# ----------------------------------------------------------------------------------------------------------------
# against the oracles

@settings(max_examples=600, deadline=None)
@given(grids(), st.sampled_from(DIRECTIONS))
def test_equals_original_game_manager(grid, direction):
    expect_grid, expect_score, expect_moved, dests = original_move(grid, direction)
    r = slide(grid, direction)
    assert r.grid == expect_grid
    assert r.gained == expect_score
    assert r.moved == expect_moved
    assert len(r.motions) == len(dests)
    for m in r.motions:
        assert dests[m.src] == (m.dst, m.merged)
        assert grid[m.src[0]][m.src[1]] == m.value


def test_equals_original_on_every_small_3x3_line_pattern():
    # every 3x3 grid whose cells are in {0, 2, 4} (3^9 grids), all directions: exhaustive, not sampled
    for flat in itertools.product((0, 2, 4), repeat=9):
        g = (flat[0:3], flat[3:6], flat[6:9])
        for d in DIRECTIONS:
            eg, es, em, _ = original_move(g, d)
            r = slide(g, d)
            assert (r.grid, r.gained, r.moved) == (eg, es, em), (g, d)


@settings(max_examples=400, deadline=None)
@given(st.integers(3, 8).flatmap(lambda n: st.lists(_SMALL, min_size=n, max_size=n)))
def test_rows_equal_c_two_index_version(row):
    n = len(row)
    row = tuple(row)
    expect, score = c_slide_row(row)
    grid = (row,) + ((0,) * n,) * (n - 1)
    r = slide(grid, "left")
    assert r.grid[0] == expect and r.gained == score
    # the same row as a column moving up, and mirrored moving right/down
    col_grid = tuple((row[i],) + (0,) * (n - 1) for i in range(n))
    assert tuple(row_[0] for row_ in slide(col_grid, "up").grid) == expect
    rev = (row[::-1],) + ((0,) * n,) * (n - 1)
    assert slide(rev, "right").grid[0] == expect[::-1]


# ----------------------------------------------------------------------------------------------------------------
# properties

@settings(max_examples=300, deadline=None)
@given(grids(), st.sampled_from(DIRECTIONS))
def test_properties(grid, direction):
    r = slide(grid, direction)
    before, after = tiles_of(grid), tiles_of(r.grid)
    # the sum of the tiles is conserved
    assert sum(after) == sum(before)
    merges = sum(1 for m in r.motions if m.merged) // 2
    # gained is the sum of the new merged tiles
    new_tiles = {}
    for m in r.motions:
        new_tiles.setdefault(m.dst, []).append(m)
    assert r.gained == sum(2 * ms[0].value for ms in new_tiles.values() if len(ms) == 2)
    # tiles after = before - merges
    assert len(after) == len(before) - merges
    # a destination receives one tile, or exactly two equal tiles (a tile merges at most once)
    for dst, ms in new_tiles.items():
        assert len(ms) in (1, 2)
        if len(ms) == 2:
            assert ms[0].value == ms[1].value and ms[0].merged and ms[1].merged
            assert r.grid[dst[0]][dst[1]] == 2 * ms[0].value
        else:
            assert not ms[0].merged and r.grid[dst[0]][dst[1]] == ms[0].value
    # tiles move only along the direction, never backwards
    for m in r.motions:
        dr, dc = m.dst[0] - m.src[0], m.dst[1] - m.src[1]
        assert {"up": dc == 0 and dr <= 0, "down": dc == 0 and dr >= 0,
                "left": dr == 0 and dc <= 0, "right": dr == 0 and dc >= 0}[direction]
    # a move that changes nothing gains nothing
    if not r.moved:
        assert r.gained == 0 and r.grid == tuple(map(tuple, grid))
    assert r.moved == (r.grid != tuple(map(tuple, grid)))
    # the motions cover every tile once, in row-major order
    assert [m.src for m in r.motions] == [(i, j) for i, row in enumerate(grid) for j, v in enumerate(row) if v]
    # the fast path agrees
    assert slide_grid(grid, direction) == (r.grid, r.gained, r.moved)


@settings(max_examples=200, deadline=None)
@given(grids(), st.sampled_from(DIRECTIONS))
def test_sliding_twice(grid, direction):
    once = slide(grid, direction)
    twice = slide(once.grid, direction)
    # after a slide tiles are packed against the wall: a second slide only moves tiles because of new merges,
    # and it merges pairs that exist in the packed result (never the same pair twice in one move)
    assert twice.moved == (twice.gained > 0)
    if twice.gained == 0:
        assert twice.grid == once.grid
    # after the first move the tiles are packed: a pair merging in the second move stood side by side
    pairs = {}
    for m in twice.motions:
        if m.merged:
            pairs.setdefault(m.dst, []).append(m.src)
    for (a, b) in pairs.values():
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@settings(max_examples=200, deadline=None)
@given(grids())
def test_can_move_iff_some_direction_moves(grid):
    assert can_move(grid) == any(slide(grid, d).moved for d in DIRECTIONS)


@settings(max_examples=200, deadline=None)
@given(grids())
def test_symmetry_left_right(grid):
    mirrored = tuple(row[::-1] for row in grid)
    a = slide(grid, "left")
    b = slide(mirrored, "right")
    assert tuple(row[::-1] for row in b.grid) == a.grid and a.gained == b.gained
    transposed = tuple(zip(*grid))
    c = slide(transposed, "up")
    assert tuple(zip(*c.grid)) == a.grid and c.gained == a.gained


def test_line_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(rules, "_LINE_CACHE_MAX", 8)
    rules._LINE_CACHE.clear()
    for k in range(1, 30):
        slide(((1 << k, 0, 0), (0, 0, 0), (0, 0, 0)), "right")
    assert len(rules._LINE_CACHE) <= 8
    assert slide(((4, 4, 0), (0, 0, 0), (0, 0, 0)), "left").grid[0] == (8, 0, 0)
