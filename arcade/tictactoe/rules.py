"""The m,n,k family's rules, pure (no pygame): tic-tac-toe 3x3, 4x4 and Gomoku 15x15.

A board is a tuple of equal-length strings over ``X O .`` (row 0 on top). X moves first, so whose turn it is
follows from the counts (X has as many stones as O, or one more). ``k`` in a row wins (default 3 on 3x3, 4 on 4x4,
5 from 5x5 up); five *or more* wins ("freestyle" Gomoku: an overline counts). A full board without a line is a draw.

    >>> winner(("XXX", "OO.", "..."), 3)
    'X'

Bad input (ragged rows, a character outside ``XO.``, impossible counts, ``k`` out of range) raises ``ValueError``
with a one-line message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

__all__ = ["VARIANTS", "Variant", "EMPTY", "PIECES", "DIRECTIONS", "default_k", "check", "to_move", "winner",
           "win_line", "line_through", "is_full", "legal_moves", "place", "empty_board", "lines", "status",
           "other"]

EMPTY = "."
PIECES = ("X", "O")
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # right, down, down-right, down-left
MAX_SIZE = 32


@dataclass(frozen=True)
class Variant:
    id: str       # "3x3", "4x4", "gomoku"
    title: str
    size: int
    k: int


VARIANTS: dict[str, Variant] = {
    "3x3": Variant("3x3", "3 x 3", 3, 3),
    "4x4": Variant("4x4", "4 x 4", 4, 4),
    "gomoku": Variant("gomoku", "Gomoku", 15, 5),
}


def other(piece: str) -> str:
    return "O" if piece == "X" else "X"


def default_k(height: int, width: int) -> int:
    """3 on boards up to 3x3, 4 on 4x4, 5 from 5x5 up (the smaller side decides)."""
    side = min(height, width)
    return 3 if side <= 3 else 4 if side == 4 else 5


def empty_board(size: int, width: int | None = None) -> tuple[str, ...]:
    return (EMPTY * (width or size),) * size


def _shape(rows) -> tuple[int, int]:
    """(height, width) of well-formed rows, else ValueError."""
    if isinstance(rows, str) or not isinstance(rows, Sequence):
        raise ValueError(f"rows must be a tuple of strings, got {type(rows).__name__}")
    if not rows:
        raise ValueError("rows is empty")
    width = None
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            raise ValueError(f"row {i} is a {type(row).__name__}, expected a string")
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise ValueError(f"ragged rows: row {i} has {len(row)} cells, row 0 has {width}")
        bad = set(row) - {"X", "O", EMPTY}
        if bad:
            raise ValueError(f"row {i} holds {sorted(bad)[0]!r}: only 'X', 'O' and '.' are allowed")
    if not width:
        raise ValueError("rows are empty strings")
    if len(rows) > MAX_SIZE or width > MAX_SIZE:
        raise ValueError(f"board {len(rows)}x{width} is larger than {MAX_SIZE}x{MAX_SIZE}")
    return len(rows), width


def _k(k, height: int, width: int) -> int:
    if k is None:
        return default_k(height, width)
    if isinstance(k, bool) or not isinstance(k, int):
        raise ValueError(f"k must be a whole number, got {k!r}")
    if not 1 <= k <= max(height, width):
        raise ValueError(f"k must be 1..{max(height, width)} on a {height}x{width} board, got {k}")
    return k


def check(rows, k=None, *, playable: bool = False) -> tuple[int, int, int]:
    """Validate a board; returns (height, width, k). ``playable``: it must also be a game in progress (legal
    counts, no winner yet, an empty cell left)."""
    h, w = _shape(rows)
    k = _k(k, h, w)
    x = sum(r.count("X") for r in rows)
    o = sum(r.count("O") for r in rows)
    if not 0 <= x - o <= 1:
        raise ValueError(f"impossible counts: {x} X and {o} O (X moves first, so X has as many as O or one more)")
    if playable:
        won = winner(rows, k)
        if won:
            raise ValueError(f"the game is over: {won} has {k} in a row")
        if x + o == h * w:
            raise ValueError("the game is over: the board is full")
    return h, w, k


def to_move(rows) -> str:
    x = sum(r.count("X") for r in rows)
    o = sum(r.count("O") for r in rows)
    return "X" if x == o else "O"


def _runs(rows, k: int, h: int, w: int) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """Every maximal run of one piece at least ``k`` long: (piece, cells)."""
    for dr, dc in DIRECTIONS:
        for r in range(h):
            for c in range(w):
                p = rows[r][c]
                if p == EMPTY:
                    continue
                pr, pc = r - dr, c - dc
                if 0 <= pr < h and 0 <= pc < w and rows[pr][pc] == p:
                    continue  # not the start of the run
                cells = []
                rr, cc = r, c
                while 0 <= rr < h and 0 <= cc < w and rows[rr][cc] == p:
                    cells.append((rr, cc))
                    rr += dr
                    cc += dc
                if len(cells) >= k:
                    yield p, cells


def winner(rows, k=None) -> str | None:
    """``"X"`` or ``"O"`` if that side has ``k`` (or more) in a row, else None. Rows and characters are checked
    (ValueError); a board where both sides have a line cannot happen in a game and raises ValueError too."""
    h, w = _shape(rows)
    k = _k(k, h, w)
    found = {p for p, _ in _runs(rows, k, h, w)}
    if len(found) > 1:
        raise ValueError(f"impossible board: both X and O have {k} in a row")
    return found.pop() if found else None


def win_line(rows, k=None) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two end cells of a winning run (the whole run, overlines included), for drawing; None if no winner."""
    h, w = _shape(rows)
    k = _k(k, h, w)
    for _, cells in _runs(rows, k, h, w):
        return cells[0], cells[-1]
    return None


def line_through(rows, row: int, col: int, k: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The winning run through the stone at (row, col), if it makes one: O(k) per direction, for the move just
    played. Returns its two end cells, or None."""
    h, w = len(rows), len(rows[0])
    p = rows[row][col]
    if p == EMPTY:
        return None
    for dr, dc in DIRECTIONS:
        a = 0
        while a < k and 0 <= row - (a + 1) * dr < h and 0 <= col - (a + 1) * dc < w \
                and rows[row - (a + 1) * dr][col - (a + 1) * dc] == p:
            a += 1
        b = 0
        while b < k and 0 <= row + (b + 1) * dr < h and 0 <= col + (b + 1) * dc < w \
                and rows[row + (b + 1) * dr][col + (b + 1) * dc] == p:
            b += 1
        if a + b + 1 >= k:
            return (row - a * dr, col - a * dc), (row + b * dr, col + b * dc)
    return None


def is_full(rows) -> bool:
    return all(EMPTY not in r for r in rows)


def legal_moves(rows) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == EMPTY]


def place(rows, row: int, col: int, piece: str | None = None) -> tuple[str, ...]:
    """The board after ``piece`` (default: the side to move) plays at (row, col); ValueError if the cell is
    taken or off the board."""
    h, w = len(rows), len(rows[0])
    if not (0 <= row < h and 0 <= col < w):
        raise ValueError(f"({row}, {col}) is off the {h}x{w} board")
    if rows[row][col] != EMPTY:
        raise ValueError(f"({row}, {col}) is taken")
    piece = piece or to_move(rows)
    r = rows[row]
    return tuple(rows[:row]) + (r[:col] + piece + r[col + 1:],) + tuple(rows[row + 1:])


def lines(height: int, width: int, k: int) -> list[tuple[int, ...]]:
    """Every window of ``k`` cells in a row (as flat indices ``r * width + c``): the lines a side can win on."""
    out = []
    for r in range(height):
        for c in range(width):
            for dr, dc in DIRECTIONS:
                er, ec = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= er < height and 0 <= ec < width:
                    out.append(tuple((r + i * dr) * width + c + i * dc for i in range(k)))
    return out


def status(rows, k=None) -> str:
    """``"X"`` / ``"O"`` (won), ``"draw"`` (full board) or ``"play"``."""
    won = winner(rows, k)
    if won:
        return won
    return "draw" if is_full(rows) else "play"
