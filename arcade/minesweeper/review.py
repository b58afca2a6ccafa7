"""Minesweeper game review: which moves were guesses, what they risked, and how much of the game was luck and how
much was choice. Pure (no pygame); the exact probabilities come from :mod:`arcade.minesweeper.solver`.

Definitions (the README states them too):

* A *move* opens cells: a click on a covered cell, or a chord (it opens the number's other covered neighbours).
  The first click is never one (the rules make it safe). Flags are opinions: they change nothing here.
* A move's *risk* is the exact chance, at that moment, that it hits a mine, every layout that fits what the board
  showed and the mine count being equally likely (for a chord: that any of the cells it opens is a mine).
  A move is a *guess* when its risk is above 0.
* The *safest cell* then is the covered cell with the lowest chance of a mine. When that chance is 0 a
  *certain-safe cell was missed*: the guess was not needed.
* *Survival odds* (luck) = the product over the guesses of (1 - risk): the chance of getting through the guesses
  the player made. A won game with 41 % survival odds owed that much to fortune.
* *Extra risk taken* (skill) = 1 - survival odds / (product over the guesses of (1 - safest)): the share of the
  danger the player added over the least they could have run, guess by guess (0 % when every guess was a safest
  cell). Safest is about this move only: a solver sometimes takes a slightly riskier cell that tells more, so a
  small extra risk is not always an error; a missed certain-safe cell always is.

The costliest moves are the guesses with the most extra risk (then the most risk).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from arcade.engine.i18n import _, ngettext
from arcade.engine.jobs import Chunked

__all__ = ["MoveReview", "positions", "assess", "review_chunk", "summarize", "verdict", "pct", "Reviewer", "CHUNK",
           "sentences", "move_words", "worst_words"]

CHUNK = 8  # positions a worker request (an expert position can take the exact count a while)


@dataclass(frozen=True)
class MoveReview:
    index: int              # the replay step the move led to
    kind: str               # "O" open, "C" chord
    cell: tuple             # the cell clicked
    risk: float             # the chance the move hit a mine
    safest: float           # the lowest mine chance of any covered cell then
    best: tuple | None      # a safest cell (None when the move was certain)

    @property
    def guess(self) -> bool:
        return self.risk > 0.0

    @property
    def missed_safe(self) -> bool:
        return self.guess and self.safest == 0.0

    @property
    def extra(self) -> float:
        return max(0.0, self.risk - self.safest)


def positions(steps, mines: int) -> list:
    """``(index, view before, mines, kind, cell, cells it opens)`` for every move of a replay's steps after the
    first click."""
    out = []
    for i, s in enumerate(steps):
        if not i or s.kind not in ("O", "C") or steps[i - 1].state != "playing":
            continue
        view = steps[i - 1].view
        r, c = s.cell
        if s.kind == "O":
            cells = [(r, c)]
        else:
            cells = [(rr, cc) for rr in range(max(0, r - 1), min(len(view), r + 2))
                     for cc in range(max(0, c - 1), min(len(view[0]), c + 2)) if view[rr][cc] == "#"]
        out.append((i, view, mines, s.kind, (r, c), cells))
    return out


def assess(view, mines: int, cells) -> tuple:
    """``(risk, safest, best cell)`` of opening ``cells`` in ``view`` (best None when the move was certain)."""
    from arcade.minesweeper import solver

    safe, _ = solver.certain(view, mines)
    known = set(safe)
    if all(c in known for c in cells):
        return 0.0, 0.0, None
    probs = solver.probabilities(view, mines)
    covered = [(r, c) for r, row in enumerate(view) for c, ch in enumerate(row) if ch in "#F"]
    best = min(covered, key=lambda rc: (probs[rc[0]][rc[1]], rc))
    if len(cells) == 1:
        risk = probs[cells[0][0]][cells[0][1]]
    else:
        risk = 1.0 - solver.all_safe(view, mines, cells)
    return max(0.0, risk), probs[best[0]][best[1]], best


def review_chunk(items) -> list:
    """What the worker runs: :func:`assess` of each ``(view, mines, cells)`` (a position the solver refuses, which
    a recorded game never has, counts as a certain move rather than stopping the review)."""
    out = []
    for view, mines, cells in items:
        try:
            out.append(assess(view, mines, cells))
        except ValueError:
            out.append((0.0, 0.0, None))
    return out


def _result(item, value) -> MoveReview:
    index, _, _, kind, cell, _ = item
    risk, safest, best = value
    return MoveReview(index, kind, cell, risk, safest, best)


def summarize(moves: list) -> dict:
    """The guesses, survival odds (luck), certain-safe cells missed, extra risk (skill), the five costliest; the
    guesses themselves and the top of the scale their chart needs (the highest risk rounded up to a tenth: 10 % ..
    100 %)."""
    guesses = [m for m in moves if m.guess]
    survive = math.prod(1.0 - m.risk for m in guesses)
    least = math.prod(1.0 - m.safest for m in guesses)
    extra = 1.0 - survive / least if least > 0 else 0.0
    worst = sorted(guesses, key=lambda m: (-m.extra, -m.risk, m.index))[:5]
    top = min(1.0, math.ceil(max((m.risk for m in guesses), default=0.1) * 10 - 1e-9) / 10)
    return {"moves": len(moves), "guesses": len(guesses), "survival": survive, "least": least,
            "missed": sum(1 for m in guesses if m.missed_safe), "extra": max(0.0, extra), "worst": worst,
            "guessed": guesses, "top": top}


def pct(x: float) -> str:
    """A chance as a percentage: whole numbers from 10 %, one decimal below."""
    v = 100 * x
    return f"{v:.0f} %" if v >= 9.95 or v == 0 else f"{v:.1f} %"


def verdict(summary: dict) -> str:
    """The game's luck and skill in one line."""
    g, m = summary["guesses"], summary["missed"]
    return (f"{g} guess{'' if g == 1 else 'es'}, survival odds {pct(summary['survival'])} (luck); "
            f"{m} safe cell{'' if m == 1 else 's'} missed, extra risk taken {pct(summary['extra'])} (skill)")


def sentences(summary: dict) -> tuple[str, str]:
    """The game's luck and its skill, a sentence each, for the review card."""
    g, m = summary["guesses"], summary["missed"]
    luck = ngettext("{n} guess, survival odds {p} (luck)", "{n} guesses, survival odds {p} (luck)", g).format(
        n=g, p=pct(summary["survival"]))
    skill = ngettext("{n} safe cell missed, extra risk taken {p} (skill)",
                     "{n} safe cells missed, extra risk taken {p} (skill)", m).format(n=m, p=pct(summary["extra"]))
    return luck[0].upper() + luck[1:], skill[0].upper() + skill[1:]


def move_words(m: MoveReview) -> tuple[str, str]:
    """The review's word on one move, for the line under the board, and its tone: ``"safe"`` (it was certain),
    ``"risk"`` (a certain mine, or a guess while a cell was certain) or ``"guess"``."""
    if not m.guess:
        return _("Certain: no mine could be there"), "safe"
    if m.risk >= 1.0:
        return _("A click on a cell that was certainly a mine (green: a safe one)"), "risk"
    if m.missed_safe:
        return _("A guess at {risk} risk while a cell was certain (green)").format(risk=pct(m.risk)), "risk"
    return _("A guess at {risk} risk; the safest cell had {safest} (green)").format(risk=pct(m.risk),
                                                                                 safest=pct(m.safest)), "guess"


def worst_words(m: MoveReview, shown: tuple) -> str:
    """A costly guess as the card lists it (``shown``: its cell's (row, col) as the board shows it)."""
    return _("input {i}: row {r}, col {c}  ·  risk {risk}  ·  safest {safest}").format(
        i=m.index, r=shown[0] + 1, c=shown[1] + 1, risk=pct(m.risk), safest=pct(m.safest)) + (
        "  ·  " + _("a safe cell missed") if m.missed_safe else "")


class Reviewer(Chunked):
    """Reviews a replay's moves in the engine's AI worker, a chunk a request; ``results`` (also ``moves``) fill in
    replay order."""

    WORKER = "arcade.minesweeper.review:review_chunk"

    def __init__(self, steps, mines: int, make_worker=None, chunk: int = CHUNK):
        super().__init__(self.WORKER, positions(steps, mines), payload=lambda p: (p[1], p[2], p[5]),
                         result=_result, make_worker=make_worker, chunk=chunk, item_s=0.6)

    @property
    def moves(self) -> list:
        return self.results
