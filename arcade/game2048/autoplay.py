"""The 2048 AI as the scene uses it: autoplay, hints, requests in flight, autoplay speed. Pure (no pygame): the
search runs in a worker (anything with ``request(*args, budget=...)``, ``poll()`` -> reply with ``.value``,
``.error``, ``.restarted``, ``cancel()`` and ``close()``; the engine's :class:`arcade.engine.worker.Worker` in the
game, a fake in the tests), and the controller says each frame which move, if any, to play now.

    ai = AIController(make_worker, strategy=lambda: "expectimax")
    ai.set_autoplay(True)
    ...                                   # every frame:
    direction = ai.update(dt, game.grid, game.terminated)
    if direction: scene.move(direction, by_ai=True)

``think`` and ``warm`` are what the worker process runs.
"""
from __future__ import annotations

import logging
from typing import Callable

from arcade.engine.ai_requests import Requests
from arcade.game2048 import AI_SPEEDS

log = logging.getLogger("arcade")

THINK = "arcade.game2048.autoplay:think"
WARM = "arcade.game2048.autoplay:warm"
BUDGET_S = 2.0  # the longest a strategy's default search is expected to take (hang detection allows 3x + 1 s)


UNCOMPILED = "expectimax"  # what answers while the compiled searches load: expectimax on the numpy layers
_compiling: list = []  # the thread loading the compiled searches in this worker (empty: none started here)


def think(grid, strategy: str):
    """One search, in the worker: the strategy's default parameters (its own budget). While the compiled searches
    are still loading (:func:`warm` started them in the background: the first start on a machine compiles them,
    seconds to tens of seconds), the answer comes from expectimax on the numpy layers, which needs no compilation,
    so the first answer never waits for it."""
    from arcade.game2048 import ai

    if _compiling and _compiling[0].is_alive():
        return ai.choose(grid, UNCOMPILED, engine="layers")
    return ai.choose(grid, strategy)


def warm() -> None:
    """Before the first request (in the worker, right after it starts): build the bitboard tables, then load the
    compiled searches in a background thread (calibrating the expectimax budget with two small searches, and the
    learned search's kernel on a tiny network; its weights load on the first request that asks for them: about a
    second, 128 MB, only in a worker that uses them). The set-up compiles them ahead into numba's cache, so this is
    usually a load of well under a second; :func:`think` answers uncompiled meanwhile."""
    import threading

    from arcade.game2048 import bitboard

    bitboard.tables()
    if not _compiling:
        _compiling.append(threading.Thread(target=compile_searches, name="2048-kernels", daemon=True))
        _compiling[0].start()


def compile_searches() -> None:
    """Compile (or load from numba's cache) the compiled 2048 searches in this process, and calibrate the search
    budget: what :func:`warm` runs in the background and the set-up runs ahead (``GAME.compiled``)."""
    from arcade.game2048 import ai
    from arcade.game2048.ai import learned

    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    for _ in range(2):
        ai.choose(grid, budget_ms=20)
    learned.warm_kernel()


def make_worker():
    from arcade.engine.worker import Worker

    return Worker(THINK, warm=WARM)


class AIController:
    """See the module docstring. ``strategy`` is a function (the setting may change between requests)."""

    def __init__(self, make_worker: Callable = make_worker, strategy: Callable[[], str] = lambda: "expectimax",
                 speed: int = 10) -> None:
        self.strategy = strategy
        self.requests = Requests(make_worker)  # the worker and what its answer is about
        self.autoplay = False
        self.hint = None        # the direction to show as a hint
        self.hint_for = None    # the grid the hint was asked for
        self.pending = None     # (grid, purpose) of the request in flight
        self.ready = None       # (grid, direction) the AI chose, waiting for its turn (autoplay speed)
        self.decision = None    # the last decision, for the panel
        self.decision_for = None  # the grid that decision is about
        self.watch = False      # the panel is open: keep a decision about the board on screen
        self.moves = 0          # moves the AI played in this game
        self.since_move = 1e9
        self.error = ""         # the last failure, shown in the panel
        self.notice = ""        # a passing message ("AI restarted")
        self.speed_index = AI_SPEEDS.index(speed) if speed in AI_SPEEDS else AI_SPEEDS.index(10)

    # ----- settings -----
    @property
    def warming(self) -> bool:
        """The worker is starting up (imports, tables, compiling the search) and has not answered yet."""
        return self.requests.warming

    @property
    def moves_per_second(self) -> int:
        return AI_SPEEDS[self.speed_index]

    def change_speed(self, delta: int) -> int:
        """Step the autoplay speed (the list runs 1..30 then 0 = as fast as it thinks: + walks up to it, - back
        down, clamped at both ends). Returns the new moves a second."""
        self.speed_index = max(0, min(len(AI_SPEEDS) - 1, self.speed_index + delta))
        return self.moves_per_second

    def set_speed(self, moves_per_second) -> None:
        if moves_per_second in AI_SPEEDS:
            self.speed_index = AI_SPEEDS.index(moves_per_second)

    # ----- requests -----
    def start(self) -> None:
        """Start the worker ahead of the first request (it spawns on a background thread)."""
        self.requests.start()

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        if not on:
            self.cancel()
        self.since_move = 1e9

    def cancel(self) -> None:
        self.requests.cancel()
        self.pending = self.ready = None

    def ask_hint(self, grid) -> None:
        self.hint = None
        self.hint_for = grid
        self._request(grid, "hint")

    def new_game(self) -> None:
        """Forget everything about the previous game (its decision, moves, hint)."""
        self.cancel()
        self.hint = self.hint_for = None
        self.decision = self.decision_for = None
        self.moves = 0
        self.error = ""

    def decision_about(self, grid):
        """The last decision if it is about ``grid`` (the board on screen), else None: the panel never shows the
        bars of a position that is gone (after a move, an undo or a new game it waits for a fresh analysis)."""
        return self.decision if self.decision_for == grid else None

    def shown_decision(self, grid):
        """What the panel draws: ``(decision, current)``. The decision about ``grid`` (the board on screen) when it
        is known, ``current`` True; otherwise, while the AI is at work (autoplay, a request in flight, the open
        panel waiting for its analysis), the last decision, about a board that is gone, ``current`` False, so the
        panel keeps its bars and labels them as the last move's; ``(None, True)`` before the AI's first answer in
        this game."""
        d = self.decision_about(grid)
        if d is not None or self.decision is None:
            return d, True
        if self.autoplay or self.pending is not None or self.watch:
            return self.decision, False
        return None, True

    def moved(self, by_ai: bool) -> None:
        self.hint = None
        if by_ai:
            self.moves += 1

    def _request(self, grid, purpose: str) -> None:
        self.pending = (grid, purpose)
        self.requests.ask(self.pending, grid, self.strategy(), budget=BUDGET_S)

    def close(self) -> None:
        self.requests.close()
        self.pending = self.ready = None

    # ----- the frame -----
    def update(self, dt: float, grid, terminated: bool) -> str | None:
        """Collect the worker's answer, ask again when needed; the direction to play now, or None."""
        self.since_move += dt
        answer = self.requests.poll() if self.pending is not None else None
        if answer is not None:
            self._answer(answer[1], grid)
        if not self.autoplay or terminated:
            if (self.watch and not terminated and self.pending is None and self.decision_for != grid
                    and not self.error):
                self._request(grid, "panel")  # the open panel analyses the board on screen
            return None
        if self.ready is not None and self.ready[0] != grid:
            self.ready = None  # the board changed (a human move, undo): ask again
        move = None
        interval = 0.0 if self.moves_per_second == 0 else 1.0 / self.moves_per_second
        if self.ready is not None and self.since_move >= interval:
            move, self.ready = self.ready[1], None
            self.since_move = 0.0
        elif self.ready is None and self.pending is None:
            self._request(grid, "auto")
        return move

    def _answer(self, reply, grid) -> None:
        asked, purpose = self.pending
        self.pending = None
        if reply.error:
            log.warning("AI: %s", reply.error)
            if reply.restarted:
                self.notice = "AI restarted"  # a hung or dead worker was replaced: autoplay goes on
                return
            self.error = reply.error.splitlines()[0]
            self.set_autoplay(False)  # don't hammer a failing search; the player can try again
            return
        decision = reply.value
        self.error = ""
        self.decision, self.decision_for = decision, asked
        if asked == grid and decision.direction is not None:
            if purpose == "hint" and not self.autoplay:
                self.hint = decision.direction
            else:
                self.ready = (grid, decision.direction)
