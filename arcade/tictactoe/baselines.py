"""Opponents for the benchmark and the tests, pure (no pygame), written apart from the engine they test.

* :func:`random_move`: any empty cell (near the stones on a big board, so it at least plays in the fight).
* :func:`greedy_move`: the classic one-ply threat scorer. Every empty cell near the stones is scored by the
  patterns a stone there would make, along each of the four lines through it, for itself (attack) and for the
  opponent (defence: what it takes away): five, open four, four, open three, closed three, open two ... plus
  the combinations that win by force (double four, four-three, double open three). It plays the best cell;
  ties are broken by ``rng``. So it always wins in one, always blocks a four, blocks open threes and
  makes the strongest threat it can see, but never looks ahead.

* :func:`minimax_move`: the simple engine many players meet first: a board score of line shapes (every row,
  column and diagonal read against a table of shapes: five, open four, four, open and broken three, three, open
  two, two, for each side; :data:`SHAPES`) for itself minus the opponent's, and minimax with alpha-beta ``depth``
  plies deep (2 or 3) over its ``width`` best cells by :func:`greedy_scores`. It sees a threat only as far as its
  depth reaches, but it attacks with every four and open three it can make.

All take ``rows`` (a tuple of strings over ``X O .``), ``k`` and an optional ``random.Random``; they return
``(row, col)``.
"""
from __future__ import annotations

import random

from .rules import DIRECTIONS, EMPTY, to_move

__all__ = ["random_move", "greedy_move", "greedy_scores", "minimax_move", "board_score", "PATTERN_SCORES"]

PATTERN_SCORES = {
    "five": 10_000_000,
    "open4": 100_000,
    "four": 10_000,
    "open3": 5_000,
    "three": 300,
    "open2": 200,
    "two": 20,
    "one": 2,
}
DEFENCE = 0.9  # a defensive value counts this much of the same pattern made in attack


def _near(rows, h: int, w: int, reach: int = 2) -> list[tuple[int, int]]:
    stones = [(r, c) for r in range(h) for c in range(w) if rows[r][c] != EMPTY]
    if not stones:
        return [(h // 2, w // 2)]
    out = set()
    for r, c in stones:
        for rr in range(max(0, r - reach), min(h, r + reach + 1)):
            for cc in range(max(0, c - reach), min(w, c + reach + 1)):
                if rows[rr][cc] == EMPTY:
                    out.add((rr, cc))
    return sorted(out)


def random_move(rows, k: int | None = None, rng: random.Random | None = None) -> tuple[int, int]:
    rng = rng if rng is not None else random.Random()
    h, w = len(rows), len(rows[0])
    cells = _near(rows, h, w, 1) if h * w > 16 else [(r, c) for r in range(h) for c in range(w)
                                                     if rows[r][c] == EMPTY]
    return cells[rng.randrange(len(cells))]


def _line_kind(rows, h: int, w: int, k: int, r: int, c: int, dr: int, dc: int, me: str) -> str | None:
    """The pattern a stone of ``me`` at (r, c) makes along one direction: the best of the k-long runs of cells
    through it that hold no opposing stone, told apart by how many stones they hold and how many such runs there
    are (two ways to complete = open)."""
    # the segment of cells through (r, c) up to k-1 away on each side, stopping at the edge or an opposing stone
    seg = []
    for sgn in (-1, 1):
        part = []
        for i in range(1, k):
            rr, cc = r + sgn * i * dr, c + sgn * i * dc
            if not (0 <= rr < h and 0 <= cc < w):
                break
            ch = rows[rr][cc]
            if ch != EMPTY and ch != me:
                break
            part.append(ch == me)
        if sgn < 0:
            seg = part[::-1] + [True]
            centre = len(part)
        else:
            seg += part
    best = 0
    ways: dict[int, set] = {}
    for start in range(max(0, centre - k + 1), centre + 1):
        if start + k > len(seg):
            break
        window = seg[start:start + k]
        n = sum(window)
        best = max(best, n)
        empties = {start + i for i, v in enumerate(window) if not v}
        ways.setdefault(n, set()).add(frozenset(empties))
    if best == 0:
        return None
    if best >= k:
        return "five"
    windows = ways[best]
    if best == k - 1:
        cells = set().union(*windows)
        return "open4" if len(cells) >= 2 else "four"
    if best == k - 2:
        return "open3" if len(windows) >= 2 else "three"
    if best == k - 3:
        return "open2" if len(windows) >= 2 else "two"
    return "one"


def _cell_score(rows, h, w, k, r, c, me) -> float:
    kinds = [_line_kind(rows, h, w, k, r, c, dr, dc, me) for dr, dc in DIRECTIONS]
    s = sum(PATTERN_SCORES[x] for x in kinds if x)
    fours = sum(1 for x in kinds if x in ("four", "open4"))
    threes = sum(1 for x in kinds if x == "open3")
    if "five" not in kinds and "open4" not in kinds:
        if fours >= 2:
            s += PATTERN_SCORES["open4"]           # double four: as good as an open four
        elif fours and threes:
            s += PATTERN_SCORES["open4"] // 2      # four-three
        elif threes >= 2:
            s += PATTERN_SCORES["four"]            # double open three
    return s


def greedy_scores(rows, k: int) -> dict[tuple[int, int], float]:
    """Every candidate cell's score: attack + DEFENCE x the opponent's score there."""
    h, w = len(rows), len(rows[0])
    me = to_move(rows)
    them = "O" if me == "X" else "X"
    out = {}
    for r, c in _near(rows, h, w):
        out[(r, c)] = _cell_score(rows, h, w, k, r, c, me) + DEFENCE * _cell_score(rows, h, w, k, r, c, them)
    return out


def greedy_move(rows, k: int | None = None, rng: random.Random | None = None) -> tuple[int, int]:
    from .rules import default_k

    h, w = len(rows), len(rows[0])
    k = k or default_k(h, w)
    scores = greedy_scores(rows, k)
    best = max(scores.values())
    ties = sorted(cell for cell, s in scores.items() if s == best)
    return ties[rng.randrange(len(ties))] if rng is not None and len(ties) > 1 else ties[0]


# the board score's shapes (k = 5): a line read as "1" (the side's stones), "0" (empty) and "2" (the other side's
# stones, or the edge), each shape counted where it occurs (str.count, no overlaps), with its worth
SHAPES = (
    ("11111", 10_000_000),                                                   # five
    ("011110", 100_000),                                                     # open four
    ("011112", 10_000), ("211110", 10_000), ("10111", 10_000), ("11011", 10_000), ("11101", 10_000),  # fours
    ("01110", 5_000), ("010110", 5_000), ("011010", 5_000),                  # open threes, broken ones too
    ("001112", 300), ("211100", 300), ("010112", 300), ("211010", 300), ("011012", 300), ("210110", 300),
    ("10011", 300), ("11001", 300), ("10101", 300), ("2011102", 300),       # threes
    ("001100", 200), ("01010", 200), ("010010", 200),                        # open twos
    ("000112", 20), ("211000", 20), ("001012", 20), ("210100", 20), ("010012", 20), ("210010", 20),  # twos
)
FIVE = SHAPES[0][1]


def _lines_of(h: int, w: int) -> list[list[int]]:
    """Every row, column and diagonal of an ``h`` x ``w`` board as its cells (``r * w + c``), five or more long."""
    out = [[(r, c) for c in range(w)] for r in range(h)] + [[(r, c) for r in range(h)] for c in range(w)]
    for d in range(-(h - 1), w):
        out.append([(r, r + d) for r in range(h) if 0 <= r + d < w])
        out.append([(r, w - 1 - r - d) for r in range(h) if 0 <= w - 1 - r - d < w])
    return [[r * w + c for r, c in line] for line in out if len(line) >= 5]


_LINES: dict = {}


def board_score(rows, me: str) -> int:
    """The shapes of ``me`` minus those of the other side (:data:`SHAPES`, five in a row, Gomoku)."""
    h, w = len(rows), len(rows[0])
    lines = _LINES.get((h, w))
    if lines is None:
        lines = _LINES[(h, w)] = _lines_of(h, w)
    flat = "".join(rows)
    them = "O" if me == "X" else "X"
    total = 0
    for line in lines:
        text = "".join(flat[i] for i in line)
        if me not in text and them not in text:
            continue
        for side, sign in ((me, 1), (them, -1)):
            if side not in text:
                continue
            other = them if side == me else me
            t = "2" + text.replace(side, "1").replace(other, "2").replace(EMPTY, "0") + "2"
            for shape, worth in SHAPES:
                n = t.count(shape)
                if n:
                    total += sign * n * worth
    return total


def minimax_move(rows, k: int | None = None, rng: random.Random | None = None, depth: int = 2,
                 width: int = 8) -> tuple[int, int]:
    """The move of a ``depth``-ply minimax with alpha-beta over :func:`board_score` (Gomoku: five in a row),
    ``width`` candidates a node (the best by :func:`greedy_scores`); ties at the root are broken by ``rng``
    (without it: the first)."""
    from .rules import default_k, place, winner

    h, w = len(rows), len(rows[0])
    k = k or default_k(h, w)
    me = to_move(rows)

    def candidates(position):
        scores = greedy_scores(position, k)
        return sorted(scores, key=lambda cell: (-scores[cell], cell))[:width]

    def value(position, plies, alpha, beta, maximizing):
        won = winner(position, k)
        if won is not None:
            return (FIVE * 10 + plies) if won == me else -(FIVE * 10 + plies)
        if plies == 0 or EMPTY not in "".join(position):
            return board_score(position, me)
        side = to_move(position)
        best = -FIVE * 100 if maximizing else FIVE * 100
        for r, c in candidates(position):
            v = value(place(position, r, c, side), plies - 1, alpha, beta, not maximizing)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    root = candidates(rows)
    scored = [(value(place(rows, r, c, me), depth - 1, -FIVE * 100, FIVE * 100, False), (r, c)) for r, c in root]
    best = max(v for v, _ in scored)
    ties = [cell for v, cell in scored if v == best]
    return ties[rng.randrange(len(ties))] if rng is not None and len(ties) > 1 else ties[0]
