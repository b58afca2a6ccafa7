"""An external Gomocup engine as the scene's opponent, pure (no pygame): its process (``external.EngineProcess``)
started on its first turn, asked each position once and polled every frame (never waiting), its move handed to
the scene, and every failure (it would not start, crashed, hung, answered garbage) turned into a reason: an engine
that fails loses the game (:meth:`EngineClient.lose`).
"""
from __future__ import annotations

import logging
import os

from arcade.engine.i18n import _

__all__ = ["EngineClient", "engine_name"]

log = logging.getLogger("arcade")


def engine_name(profile) -> str:
    """The engine as the players' cards and the results name it: its file's name."""
    path = profile.get("tictactoe.engine") or ""
    return os.path.basename(path) or _("Engine")


class EngineClient:
    """The engine of the ``tictactoe.engine`` setting, thinking ``tictactoe.think`` seconds a move. ``process`` is
    its process once started; ``forfeit`` why it lost, once it has."""

    def __init__(self, profile) -> None:
        self.profile = profile
        self.process = None   # a Gomocup engine process, when that is the opponent
        self.forfeit = None   # why the engine lost (it failed), once it has
        self.reset()

    def reset(self) -> None:
        self.asked: tuple | None = None  # the moves the engine was last asked about
        self.think_t = 0.0

    def name(self) -> str:
        return engine_name(self.profile)

    def update(self, m, dt: float):
        """The engine's turn in the match ``m``: start it if it is not running, ask it about a new position, look
        for its answer. Returns its move (row, col), a failure's reason (a str), or None while it thinks."""
        from arcade.tictactoe.external import EngineProcess, Failure

        if self.process is None or self.process.state in ("failed", "closed"):
            path = self.profile.get("tictactoe.engine")
            turn_ms = round(float(self.profile.get("tictactoe.think")) * 1000)
            self.process = EngineProcess([path], size=m.size, turn_ms=turn_ms)
            failed = self.process.start()
            if failed is not None:
                return failed.reason
        if self.asked != tuple(m.moves):
            order = [(c, r, 1 + i % 2) for i, (r, c) in enumerate(m.moves)]  # x is the column; X moved first
            failed = self.process.ask(order)
            self.asked = tuple(m.moves)
            self.think_t = 0.0
            if failed is not None:
                return failed.reason
        self.think_t += dt
        r = self.process.poll()
        if isinstance(r, Failure):
            return r.reason
        return None if r is None else (r.y, r.x)

    def lose(self, m, reason: str):
        """An engine that crashed, hung, answered garbage or played an illegal move loses the game: its process
        ended, and the game's result (a win for the person, with the reason) for the session to record."""
        from arcade.engine.session import Result
        from arcade.tictactoe.backend import RESULT_SCORE

        log.warning("external engine: %s", reason)
        if self.process is not None:
            self.process.close()
        self.forfeit = reason
        return Result("won", RESULT_SCORE["win"], {"variant": m.variant, "opponent": "engine", "result": "win",
                                                   "level": "engine", "side": m.human, "forfeit": reason[:200]})

    def close(self) -> None:
        if self.process is not None:
            self.process.close()
            self.process = None
        self.forfeit = None
