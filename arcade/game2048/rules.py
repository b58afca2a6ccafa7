"""Pure 2048 rules for square boards of size 3..8 (no pygame).

A grid is a sequence of rows, each a sequence of ints; 0 is an empty cell, a tile is a power of two >= 2.
Values are unbounded: nothing caps or wraps them.

``slide(grid, direction)`` gives exactly what the original web game's ``GameManager.move`` gives
(gabrielecirulli/2048): tiles slide as far as they can, two equal tiles merge into their sum, a tile merges at
most once per move, and the merge nearest the wall wins (``[2,2,2,2]`` left -> ``[4,4,0,0]``).

Speed: a move is computed line by line (a line is a row or column read from the wall the tiles move to).
The result of sliding one line is memoised, so a grid costs ``size`` dictionary look-ups plus reassembly.
``slide_grid`` skips the per-tile motions for callers (the AI) that only need the resulting grid.

Chance (the original's ``addRandomTile``): a new tile is a 4 with ``four_probability`` else a 2 (the value is drawn
first), on a uniformly random empty cell; a new game starts with two of them (:func:`spawn`, :func:`new_grid`).
The winning tile is 2048 from 4x4 up and 256 on 3x3 (:func:`default_target`).
"""
from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "DIRECTIONS", "MIN_SIZE", "MAX_SIZE", "Motion", "SlideResult",
    "slide", "slide_grid", "empty_cells", "can_move", "can_move_checked", "max_tile", "validate_grid", "is_tile_value",
    "MoveOutcome", "default_target", "check_probability", "check_target", "check_spawn", "spawn", "place", "new_grid",
    "max_score", "is_int",
]

DIRECTIONS = ("up", "down", "left", "right")
MIN_SIZE = 3
MAX_SIZE = 8

Grid = tuple  # tuple of row tuples of ints


class Motion(NamedTuple):
    """One tile of the position before a move: where it was, where it went.

    ``value`` is the tile's value before the move. ``merged`` is True for both tiles of a merged pair; the tile
    left at ``dst`` then holds ``2 * value``. A tile that did not move has ``src == dst``.
    """
    src: tuple
    dst: tuple
    value: int
    merged: bool


class SlideResult(NamedTuple):
    """The answer of ``slide``.

    ``grid``: the new grid (tuple of row tuples); ``gained``: sum of the merged tiles' new values (the score);
    ``moved``: whether the grid changed; ``motions``: one ``Motion`` per tile present before the move, in
    row-major order of ``src``.
    """
    grid: tuple
    gained: int
    moved: bool
    motions: tuple


class MoveOutcome(NamedTuple):
    """What a move did, for the board's animation: the slide (``result``: grid before the new tile, gained,
    motions) and the new tile ``spawn = (row, col, value)``."""
    result: SlideResult
    spawn: tuple | None


# ---------------------------------------------------------------------------------------------------------------
# validation

def is_tile_value(v) -> bool:
    """True for 0 (empty) and the powers of two >= 2 (any size)."""
    try:
        i = int(v)
    except (TypeError, ValueError, OverflowError):
        return False
    if i != v:
        return False
    return i == 0 or (i >= 2 and i & (i - 1) == 0)


def _bad_value(v, r, c) -> ValueError:
    return ValueError(f"grid[{r}][{c}] = {v!r}: a cell holds 0 (empty) or a power of two >= 2")


def _canon_line(line: tuple, coords: tuple) -> tuple:
    """Validate one line and return it as a tuple of plain ints; ``coords[i]`` is the grid cell of ``line[i]``."""
    if all(type(v) is int and v != 1 and v >= 0 and not v & (v - 1) for v in line):
        return line if type(line) is tuple else tuple(line)  # plain ints already (every line the rules make)
    out = []
    for i, v in enumerate(line):
        if not is_tile_value(v):
            raise _bad_value(v, *coords[i])
        out.append(int(v))
    return tuple(out)


def _rows(grid) -> tuple:
    """The grid as a tuple of row tuples, after checking its shape (square, size 3..8)."""
    try:
        rows = tuple(tuple(row) for row in grid)
    except TypeError:
        raise ValueError("a grid is a sequence of rows, each a sequence of cell values") from None
    n = len(rows)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"grid has {n} rows: the board size must be {MIN_SIZE}..{MAX_SIZE}")
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ValueError(f"grid is not square: row {r} has {len(row)} cells, expected {n}")
    return rows


def validate_grid(grid) -> tuple:
    """Check a grid and return it as a tuple of row tuples of ints; ValueError with a clear message if bad."""
    rows = _rows(grid)
    coords = _COORDS[len(rows), "left"]
    return tuple(_canon_line(row, coords[r]) for r, row in enumerate(rows))


# ---------------------------------------------------------------------------------------------------------------
# one line

# line (from the wall outward) -> (new line, gained, moves) where moves is a tuple of (src, dst, value, merged)
# over the tiles of the line, indices counted from the wall.
_LINE_CACHE: dict = {}
_LINE_CACHE_MAX = 1 << 14  # ~16k lines, a few MB: hot lines come back at once after a clear


def _slide_line(line: tuple):
    """Slide one line towards index 0. ``line`` must be valid plain ints (checked by the caller)."""
    out = []
    moves = []
    gained = 0
    mergeable = False  # the last tile in ``out`` may still take a merge
    for i, v in enumerate(line):
        if not v:
            continue
        if mergeable and out[-1] == v:
            d = len(out) - 1
            out[d] = v + v
            gained += v + v
            src, dst, val, _ = moves[-1]
            moves[-1] = (src, dst, val, True)
            moves.append((i, d, v, True))
            mergeable = False
        else:
            out.append(v)
            moves.append((i, len(out) - 1, v, False))
            mergeable = True
    new = tuple(out) + (0,) * (len(line) - len(out))
    return new, gained, tuple(moves)


def _line(key: tuple, coords: tuple):
    hit = _LINE_CACHE.get(key)
    if hit is not None:
        return hit
    canon = _canon_line(key, coords)
    hit = _slide_line(canon)
    if len(_LINE_CACHE) >= _LINE_CACHE_MAX:
        _LINE_CACHE.clear()
    _LINE_CACHE[canon] = hit
    return hit


# ---------------------------------------------------------------------------------------------------------------
# whole grid

def _lines(rows: tuple, direction: str) -> list:
    """The lines of the grid for a direction, each read from the wall the tiles move towards."""
    if direction == "left":
        return list(rows)
    if direction == "right":
        return [row[::-1] for row in rows]
    cols = list(zip(*rows))
    if direction == "up":
        return cols
    if direction == "down":
        return [col[::-1] for col in cols]
    raise ValueError(f"direction {direction!r}: expected one of {DIRECTIONS}")


def _assemble(new_lines: list, direction: str) -> tuple:
    if direction == "left":
        return tuple(new_lines)
    if direction == "right":
        return tuple(line[::-1] for line in new_lines)
    if direction == "up":
        return tuple(zip(*new_lines))
    return tuple(zip(*(line[::-1] for line in new_lines)))


def _coord(direction: str, n: int, k: int, i: int) -> tuple:
    """Grid cell (row, col) of index ``i`` (from the wall) of line ``k``."""
    if direction == "left":
        return (k, i)
    if direction == "right":
        return (k, n - 1 - i)
    if direction == "up":
        return (i, k)
    return (n - 1 - i, k)


# (n, direction) -> coords[k][i] = (row, col)
_COORDS = {(n, d): tuple(tuple(_coord(d, n, k, i) for i in range(n)) for k in range(n))
           for n in range(MIN_SIZE, MAX_SIZE + 1) for d in DIRECTIONS}


def _run(grid, direction: str, want_motions: bool):
    rows = _rows(grid)
    lines = _lines(rows, direction)
    coords = _COORDS[len(rows), direction]
    new_lines = []
    gained = 0
    moved = False
    motions = [] if want_motions else None
    for k, line in enumerate(lines):
        new, g, moves = _line(line, coords[k])
        new_lines.append(new)
        if g:
            gained += g
        if not moved and new != line:
            moved = True
        if want_motions:
            ck = coords[k]
            for src, dst, val, merged in moves:
                motions.append(Motion(ck[src], ck[dst], val, merged))
    return _assemble(new_lines, direction), gained, moved, motions


def slide(grid, direction: str) -> SlideResult:
    """Move every tile of ``grid`` towards ``direction`` ("up", "down", "left", "right").

    Returns a ``SlideResult(grid, gained, moved, motions)``. ValueError for a bad grid or direction.
    """
    new, gained, moved, motions = _run(grid, direction, True)
    motions.sort()
    return SlideResult(new, gained, moved, tuple(motions))


def slide_grid(grid, direction: str) -> tuple:
    """Like ``slide`` without the motions: returns ``(grid, gained, moved)``; faster, for search code."""
    new, gained, moved, _ = _run(grid, direction, False)
    return new, gained, moved


# ---------------------------------------------------------------------------------------------------------------
# helpers

def empty_cells(grid) -> list:
    """The empty cells as a list of (row, col), in row-major order."""
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if not v]


def max_tile(grid) -> int:
    """The largest tile value (0 for an empty grid)."""
    return max(max(row) for row in grid)


def can_move(grid) -> bool:
    """True if some direction changes the grid.

    That is the case exactly when an empty cell and a tile are both present (some tile then has an empty
    neighbour to slide into), or two equal tiles are neighbours in a row or column.
    """
    return can_move_checked(validate_grid(grid))


def can_move_checked(rows) -> bool:
    """:func:`can_move` for a grid known to be valid (one the rules made): no checks, for hot paths."""
    has_empty = has_tile = False
    for row in rows:
        for v in row:
            if v:
                has_tile = True
            else:
                has_empty = True
    if has_empty:
        return has_tile
    for row in rows:
        for a, b in zip(row, row[1:]):
            if a == b:
                return True
    for upper, lower in zip(rows, rows[1:]):
        for a, b in zip(upper, lower):
            if a == b:
                return True
    return False


def max_score(grid) -> int:
    """The most a game could have scored to reach ``grid``: tiles never vanish, and a tile 2^k built from 2s earned
    (k - 1) * 2^k points on the way (merging 4s spawned scores less). A saved score above this is not genuine."""
    total = 0
    for row in grid:
        for v in row:
            if v > 2:
                total += (v.bit_length() - 2) * v
    return total


# ---------------------------------------------------------------------------------------------------------------
# the game's parameters and its chance

def is_int(x) -> bool:
    """An int that is not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


def default_target(size: int) -> int:
    """The winning tile for a board size: 256 on 3x3, 2048 on 4x4..8x8.

    On 3x3 a 2048 tile is impossible: two 1024s need a chain 1024, 512, ..., 8, 4, 4 before them, ten tiles on nine
    cells, so the largest tile is 1024 (2^10, and only with lucky 4s). 512 is rarely reached by people; 256 is the
    3x3 goal that plays like 2048 on 4x4 (hard but reachable). From 4x4 up we keep the original's 2048.
    """
    if not is_int(size) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size {size!r}: expected an int in {MIN_SIZE}..{MAX_SIZE}")
    return 256 if size == 3 else 2048


def check_probability(p) -> float:
    """The chance of a 4 as a float in 0..1; ValueError for anything else."""
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"four_probability {p!r}: expected a number in 0..1")
    return float(p)


def check_target(t) -> int:
    """The winning tile, a power of two >= 4; ValueError for anything else."""
    if not is_int(t) or t < 4 or t & (t - 1):
        raise ValueError(f"target {t!r}: expected a power of two >= 4")
    return t


def check_spawn(spawn, size: int) -> tuple:
    """A new tile given as ``(row, col, value)``: a cell of the board and a 2 or a 4; ValueError for anything else
    (whether the cell is free is the move's business)."""
    try:
        r, c, v = spawn
    except (TypeError, ValueError):
        raise ValueError(f"spawn {spawn!r}: expected (row, col, value)") from None
    if not (is_int(r) and is_int(c) and 0 <= r < size and 0 <= c < size):
        raise ValueError(f"spawn {spawn!r}: cell outside the {size}x{size} board")
    if not is_int(v) or v not in (2, 4):
        raise ValueError(f"spawn {spawn!r}: a new tile is a 2 or a 4")
    return r, c, v


def spawn(grid, rng, four_probability: float):
    """The new tile ``(row, col, value)`` drawn from ``rng`` (a ``random.Random``): the value first, a 4 with
    ``four_probability``, then a uniformly random empty cell; None when no cell is empty."""
    cells = empty_cells(grid)
    if not cells:
        return None
    value = 4 if rng.random() < four_probability else 2
    r, c = cells[rng.randrange(len(cells))]
    return r, c, value


def place(grid, r: int, c: int, value: int) -> tuple:
    """``grid`` with cell ``(r, c)`` set to ``value`` (a new tuple of row tuples)."""
    row = list(grid[r])
    row[c] = value
    return grid[:r] + (tuple(row),) + grid[r + 1:]


def new_grid(size: int, rng, four_probability: float) -> tuple:
    """A new game's board: two tiles drawn from ``rng`` on an empty ``size`` x ``size`` grid."""
    grid = tuple((0,) * size for _ in range(size))
    for _ in range(2):
        grid = place(grid, *spawn(grid, rng, four_probability))
    return grid
