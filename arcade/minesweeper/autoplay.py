"""Minesweeper's AI as the scene uses it, pure (no pygame): the solver's analysis of each position asked of a worker
process (:class:`Assist`, for the odds overlay, the hint and autoplay), the no-guess board asked of another
(:class:`NoGuess`), and autoplay's pace (:class:`Autoplay`: which cell the AI opens next, where its cursor glides,
and when the cell opens). Workers are anything with ``request(*args, budget=...)``, ``poll()`` -> a reply with
``.ok``, ``.value``, ``.error``, ``cancel()`` and ``close()``: the engine's worker in the game, a fake in the tests.
"""
from __future__ import annotations

import logging

from arcade.engine.ai_requests import Requests
from arcade.engine.i18n import _

__all__ = ["Assist", "Autoplay", "NoGuess", "describe", "make_worker", "ANALYSE", "GENERATE"]

log = logging.getLogger("arcade")

ANALYSE = "arcade.minesweeper.solver:analyse"
GENERATE = "arcade.minesweeper.backend:layout_job"
ANALYSE_BUDGET_S = 1.5        # the solver's slowest move is well under a second (hang detection allows 3x + 1 s)
GENERATE_BUDGET_S = 20.0
GUESS_PAUSE = 0.9             # autoplay lingers on a guess (the cell ringed, its risk shown) so a person can follow
GLIDE = 0.6                   # share of the move interval the autoplay cursor spends gliding to its cell


def make_worker(fn: str):
    from arcade.engine.worker import Worker

    return Worker(fn)


def describe(a) -> str:
    """Why the AI opens its cell, in a few words: certain, the first click, or a guess with its risk."""
    if a.reason in ("certain", "exact"):
        return _("certain: no mine")
    if a.reason == "opening":
        return (_("first click, never a mine: here it opens the most") if a.move != (0, 0)
                else _("first click, never a mine: a corner opens a region most often"))
    what = _("endgame search") if a.reason == "endgame" else _("best guess")
    risk = f"{100 * a.risk:.0f}" if a.risk >= 0.005 else f"{100 * a.risk:.1f}"
    text = _("{what}, {risk} % risk").format(what=what, risk=risk)
    if a.win is not None:
        text += " " + _("(wins {p} % with best play)").format(p=f"{100 * a.win:.0f}")
    return text


class Assist:
    """The solver in a worker process: one analysis (move, reason, risk, probabilities) per position, asked once
    and kept until the position changes. ``want(key, view, mines, rule)`` asks unless it is known or in flight;
    ``poll()`` every frame; ``get(key)`` the analysis of that position or None."""

    def __init__(self, make_worker=make_worker) -> None:
        self.requests = Requests(lambda: make_worker(ANALYSE))
        self.key = None
        self.analysis = None
        self.failed = None
        self.error = ""

    @property
    def asked(self):
        return self.requests.key

    def want(self, key, view, mines: int, rule: str) -> None:
        if key in (self.key, self.asked, self.failed):
            return
        self.requests.ask(key, view, mines, first_click=rule, want_probs=True, budget=ANALYSE_BUDGET_S)

    def poll(self) -> None:
        answer = self.requests.poll()
        if answer is None:
            return
        key, reply = answer
        if reply.ok:
            self.key, self.analysis, self.error = key, reply.value, ""
        else:
            self.failed = key
            self.error = reply.error.splitlines()[0][:120] if reply.error else "the AI failed"
            log.warning("minesweeper AI: %s", self.error)

    def get(self, key):
        return self.analysis if key == self.key else None

    @property
    def thinking(self) -> bool:
        return self.requests.pending

    def close(self) -> None:
        self.requests.close()


class NoGuess:
    """A no-guess board for a first click, made in a worker process (made on first use): ``ask`` with the game's
    parameters, seed and cell; ``poll(dt)`` every frame gives ``(cell, reply)`` once it is in; ``cell`` the (row,
    col) waiting for it (None: nothing asked), ``t`` the seconds it has waited."""

    def __init__(self, make_worker=make_worker) -> None:
        self.requests = Requests(lambda: make_worker(GENERATE))
        self.t = 0.0

    @property
    def cell(self):
        return self.requests.key

    def ask(self, params_text: str, seed: int, cell: tuple, cols: int) -> None:
        self.requests.ask(cell, params_text, seed, cell[0] * cols + cell[1], budget=GENERATE_BUDGET_S)
        self.t = 0.0

    def poll(self, dt: float):
        if self.cell is None:
            return None
        self.t += dt
        return self.requests.poll()

    def forget(self) -> None:
        """Wait for nothing (a late answer is dropped)."""
        self.requests.key = None

    def cancel(self) -> None:
        if self.requests.pending:
            self.requests.cancel()

    def close(self) -> None:
        self.requests.close()


class Autoplay:
    """Autoplay's pace: ``speed`` moves a second (0: as fast as the AI thinks), a guess lingered on. ``step(dt,
    key, analysis)`` every frame with the position's key and its analysis (None while the AI thinks): the
    analysis to carry out now, or None. Meanwhile ``target`` is ``(key, cell, analysis)`` and ``glide`` the
    cursor's place on its way to the cell."""

    def __init__(self, speed: int, on: bool = False) -> None:
        self.on, self.speed = on, speed
        self.target = None
        self.t = 0.0
        self.glide = [0.0, 0.0]
        self.glide_from = (0.0, 0.0)

    def set(self, on: bool) -> None:
        self.on = on
        self.target = None

    def interval(self) -> float:
        return 0.0 if self.speed == 0 else 1.0 / self.speed

    def faster(self, delta: int, speeds) -> int:
        """The speed ``delta`` steps along ``speeds`` (from 4 if it is not one of them)."""
        speeds = list(speeds)
        i = speeds.index(self.speed) if self.speed in speeds else speeds.index(4)
        self.speed = speeds[max(0, min(len(speeds) - 1, i + delta))]
        return self.speed

    def step(self, dt: float, key, analysis):
        if self.target is None or self.target[0] != key:
            if analysis is None:
                return None
            self.target = (key, analysis.move, analysis)
            self.t = 0.0
            self.glide_from = tuple(self.glide)
        _key, cell, a = self.target
        self.t += dt
        wait = self.interval()
        if a.reason in ("guess", "endgame") and a.risk > 0 and wait > 0:
            wait += GUESS_PAUSE
        k = 1.0 if wait <= 0 else min(1.0, self.t / (wait * GLIDE))
        self.glide = [self.glide_from[0] + (cell[0] - self.glide_from[0]) * k,
                      self.glide_from[1] + (cell[1] - self.glide_from[1]) * k]
        if self.t < wait:
            return None
        self.target = None
        return a
