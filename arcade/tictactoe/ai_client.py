"""Tic-tac-toe's AI as the scene asks it, pure (no pygame): the AI's moves and the player's hints asked of the engine's
worker process (every variant: Gomoku searches for a second, and even the 4x4 solver's cold start must not cost a
frame), each answer checked against the position it was asked for, and a greedy move when the worker fails.
The game on the board is read through the scene's match (``moves``, ``rows``, ``k``, ``legal``).
"""
from __future__ import annotations

import logging

from arcade.engine.ai_requests import Requests

__all__ = ["AiClient", "make_worker", "THINK", "WARM", "SMALL_BUDGET"]

log = logging.getLogger("arcade")

THINK = "arcade.tictactoe.ai:think"
WARM = "arcade.tictactoe.ai:warm"
WORKER_MODE = "process"  # tests may use "thread": the same protocol without a process start per scene
SMALL_BUDGET = 2.0   # what the worker's hang detection assumes for the small boards' requests


def make_worker():
    from arcade.engine.worker import Worker

    return Worker(THINK, WORKER_MODE, warm=WARM)


class AiClient:
    """The worker's requests for one scene: the AI's move for the position on the board (``asked``, ``reply``, the
    time it has thought, ``think_t``) and the player's hint (``hint_asked``, ``hint``). ``rng`` seeds each search
    and the greedy fallback."""

    def __init__(self, rng) -> None:
        self.rng = rng
        self.requests = Requests(lambda: make_worker())  # the AI's moves and hints (arcade.engine.ai_requests)
        self.reset()

    def reset(self) -> None:
        self.asked: tuple | None = None  # the moves the pending request was made for
        self.reply = None                # (moves, move) once the worker answered
        self.think_t = 0.0
        self.hint_asked: tuple | None = None  # the moves a hint was asked for
        self.hint: tuple[int, int] | None = None  # the AI's move for the player, on the board until a move

    def cancel(self) -> None:
        self.requests.cancel()

    def close(self) -> None:
        self.requests.close()

    # ----- the AI's move -----
    def ask_move(self, m, level: str, seconds: float | None) -> None:
        """The AI's move in the position of the match ``m`` at ``level`` (Gomoku: thinking ``seconds``)."""
        budget = seconds if seconds is not None else SMALL_BUDGET
        self.requests.ask(("move", tuple(m.moves)), m.rows, m.k, level, self.rng.randrange(1 << 30), seconds,
                          budget=budget)
        self.asked = tuple(m.moves)
        self.think_t = 0.0

    def poll_move(self, m, dt: float):
        """The AI's move once it is known (``think_t`` grows by ``dt`` meanwhile); None while it thinks, and when
        the worker was replaced (``asked`` is cleared: ask again)."""
        self.think_t += dt
        answer = self.requests.poll() if self.reply is None else None
        if answer is not None and answer[0] == ("move", self.asked):  # an answer about this position
            self.reply = self.move_of(m, answer[1])
            if self.reply is None:
                self.asked = None  # the worker was replaced: ask again
        return self.reply

    # ----- the hint -----
    def ask_hint(self, m, seconds: float | None) -> None:
        """The AI's move for the player at its strongest level."""
        self.requests.ask(("hint", tuple(m.moves)), m.rows, m.k, "perfect", self.rng.randrange(1 << 30), seconds,
                          budget=seconds if seconds is not None else SMALL_BUDGET)
        self.hint_asked, self.hint = tuple(m.moves), None

    def poll_hint(self, m, human_turn: bool) -> bool:
        """True when the hint asked for this position has just come (``hint``); a hint for another position, or
        once it is no longer the player's turn, is dropped."""
        if self.hint_asked is None or self.hint is not None:
            return False
        if self.hint_asked != tuple(m.moves) or not human_turn:
            self.hint_asked = None
            return False
        answer = self.requests.poll()
        if answer is None:
            return False
        key, r = answer
        if key != ("hint", self.hint_asked):
            return False  # an answer about another position
        move = self.move_of(m, r)
        if move is None:
            self.hint_asked = None  # the worker was replaced: H asks again
            return False
        self.hint = move
        return True

    # ----- answers -----
    def move_of(self, m, r):
        """The move in the worker's reply ``r``; a greedy move if the reply failed or is not a legal move; None
        when the worker was replaced (ask again)."""
        move = r.value
        if r.ok and isinstance(move, tuple) and len(move) == 2 and m.legal(*move):
            return move
        if r.restarted:
            return None
        return self.fallback(m, r.error or f"bad move {move!r}")

    def fallback(self, m, why: str):
        """The worker failed: a move from the quick greedy baseline (pure, milliseconds), so the game goes on."""
        from arcade.tictactoe.baselines import greedy_move

        log.warning("tic-tac-toe AI: %s; playing a greedy move instead", why.splitlines()[0] if why else "no answer")
        return greedy_move(m.rows, m.k, self.rng)
