"""An independent plain minimax (no pruning, no table tricks beyond memoising whole boards) and a brute-force line
scan, written only from the rules' statement, to check the AI and rules against."""
from __future__ import annotations

from functools import lru_cache


def brute_winner(rows, k):
    """Every cell, every direction, count k identical stones: "X", "O", None (or "both")."""
    h, w = len(rows), len(rows[0])
    found = set()
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < h and 0 <= cc < w for rr, cc in cells):
                    vals = {rows[rr][cc] for rr, cc in cells}
                    if len(vals) == 1 and vals != {"."}:
                        found |= vals
    if len(found) > 1:
        return "both"
    return found.pop() if found else None


def mover(rows):
    x = sum(r.count("X") for r in rows)
    o = sum(r.count("O") for r in rows)
    return "X" if x == o else "O"


def put(rows, r, c, p):
    row = rows[r]
    return rows[:r] + (row[:c] + p + row[c + 1:],) + rows[r + 1:]


def value(rows, k):
    """Game value for the side to move: +1 win, 0 draw, -1 loss (the sign of :func:`exact`)."""
    e = exact(rows, k)
    return (e > 0) - (e < 0)


def move_value(rows, k, r, c):
    """The value for the mover of playing (r, c)."""
    return -value(put(rows, r, c, mover(rows)), k)


def reachable(size, k):
    """Every position reachable from the empty board in play (stopping at a win or a full board)."""
    start = ("." * size,) * size
    seen = {start}
    stack = [start]
    while stack:
        rows = stack.pop()
        if brute_winner(rows, k) is not None or all("." not in r for r in rows):
            continue
        p = mover(rows)
        for r in range(size):
            for c in range(size):
                if rows[r][c] == ".":
                    nxt = put(rows, r, c, p)
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
    return seen


@lru_cache(maxsize=None)
def exact(rows, k):
    """Like :func:`value` but by the length of the game too: a win is 100 - (stones on the board at the end), a
    loss the negative, a draw 0, for the side to move (so faster wins and slower losses score higher)."""
    stones = sum(len(r) - r.count(".") for r in rows)
    if brute_winner(rows, k) is not None:
        return -(100 - stones)
    p = mover(rows)
    moves = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    if not moves:
        return 0
    return max(-exact(put(rows, r, c, p), k) for r, c in moves)


def exact_move(rows, k, r, c):
    return -exact(put(rows, r, c, mover(rows)), k)


def symmetric_forms(rows):
    """The board under its 8 (square) or 4 (rectangle) symmetries, as tuples of strings."""
    h, w = len(rows), len(rows[0])
    grids = [rows, tuple(r[::-1] for r in rows), tuple(rows[::-1]), tuple(r[::-1] for r in rows[::-1])]
    if h == w:
        t = tuple("".join(rows[r][c] for r in range(h)) for c in range(w))
        grids += [t, tuple(r[::-1] for r in t), tuple(t[::-1]), tuple(r[::-1] for r in t[::-1])]
    return grids
