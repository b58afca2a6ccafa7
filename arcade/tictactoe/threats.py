"""The threats on a Gomoku board, as a player names them (pure): fours and open threes, for both sides.

In every line (row, column, both diagonals), for a side ``p`` and ``k`` in a row to win:

* a **four** is ``k - 1`` stones of ``p`` in a window of ``k`` cells whose last cell is empty: that cell wins (冲四);
* an **open four** is a four whose stones can be completed at both ends (``.pppp.`` for five): two winning
  cells, so it cannot be blocked (活四);
* an **open three** is ``k - 2`` stones that one more stone turns into an open four (``.ppp..``, ``.pp.p.`` ...):
  the cells that would do it are where the defender must answer (活三).

Each :class:`Threat` names its side, its kind, its stones and its key cells (the winning cells of a four, the
cells that make an open four of a three). A three whose stones already belong to a four of that side is not listed
again as a three.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Threat", "threats", "lines"]

FOUR, OPEN_FOUR, OPEN_THREE = "four", "open four", "open three"


@dataclass(frozen=True)
class Threat:
    side: str                     # "X" or "O"
    kind: str                     # "four", "open four" or "open three"
    stones: tuple                 # (row, col) of its stones, along the line
    points: tuple                 # (row, col) of its key empty cells


def lines(h: int, w: int) -> list[list[tuple[int, int]]]:
    """Every row, column and diagonal of an ``h`` x ``w`` board as lists of cells, in order along the line."""
    out = [[(r, c) for c in range(w)] for r in range(h)]
    out += [[(r, c) for r in range(h)] for c in range(w)]
    for d in range(-(h - 1), w):  # down-right diagonals: c - r = d
        out.append([(r, r + d) for r in range(h) if 0 <= r + d < w])
    for s in range(h + w - 1):  # down-left diagonals: r + c = s
        out.append([(r, s - r) for r in range(h) if 0 <= s - r < w])
    return out


def _fours(cells, text: str, p: str, k: int) -> dict:
    """Stones -> winning cells of every four of ``p`` in one line."""
    found: dict = {}
    for i in range(len(text) - k + 1):
        window = text[i:i + k]
        if window.count(p) == k - 1 and window.count(".") == 1:
            stones = tuple(cells[i + j] for j in range(k) if window[j] == p)
            found.setdefault(stones, set()).add(cells[i + window.index(".")])
    return found


def _open_fours(cells, text: str, p: str, k: int) -> set:
    """The stone tuples of every open four of ``p`` in one line: ``.`` + ``k - 1`` stones + ``.``."""
    target = "." + p * (k - 1) + "."
    return {tuple(cells[i + 1:i + k]) for i in range(len(text) - k) if text[i:i + k + 1] == target}


def threats(rows, k: int = 5) -> list[Threat]:
    """The fours, open fours and open threes of both sides on ``rows`` (strings of ``.``, ``X``, ``O``)."""
    h, w = len(rows), len(rows[0]) if rows else 0
    out: list[Threat] = []
    if k < 3:
        return out
    for cells in lines(h, w):
        if len(cells) < k:
            continue
        text = "".join(rows[r][c] for r, c in cells)
        for p in "XO":
            if text.count(p) < k - 2:
                continue
            fours = _fours(cells, text, p, k)
            open_ = _open_fours(cells, text, p, k)
            in_fours = set()
            for stones, points in fours.items():
                in_fours.update(stones)
                kind = OPEN_FOUR if stones in open_ or len(points) > 1 else FOUR
                out.append(Threat(p, kind, stones, tuple(sorted(points))))
            threes: dict = {}
            for j, ch in enumerate(text):
                if ch != ".":
                    continue
                after = text[:j] + p + text[j + 1:]
                for stones in _open_fours(cells, after, p, k):
                    if cells[j] in stones:
                        three = tuple(s for s in stones if s != cells[j])
                        if not in_fours.intersection(three):
                            threes.setdefault(three, set()).add(cells[j])
            for stones, points in threes.items():
                out.append(Threat(p, OPEN_THREE, stones, tuple(sorted(points))))
    return out
