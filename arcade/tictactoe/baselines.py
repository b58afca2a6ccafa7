"""Opponents for the benchmark and the tests, pure (no pygame), written apart from the engine they test.

* :func:`random_move`: any empty cell (near the stones on a big board, so it at least plays in the fight).
* :func:`greedy_move`: the classic one-ply threat scorer. Every empty cell near the stones is scored by the
  patterns a stone there would make, along each of the four lines through it, for itself (attack) and for the
  opponent (defence: what it takes away): five, open four, four, open three, closed three, open two ... plus
  the combinations that win by force (double four, four-three, double open three). It plays the best cell;
  ties are broken by ``rng``. So it always wins in one, always blocks a four, blocks open threes and
  makes the strongest threat it can see, but never looks ahead.

Both take ``rows`` (a tuple of strings over ``X O .``), ``k`` and an optional ``random.Random``; they return
``(row, col)``.
"""
from __future__ import annotations

import random

from .rules import DIRECTIONS, EMPTY, to_move

__all__ = ["random_move", "greedy_move", "greedy_scores", "PATTERN_SCORES"]

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
