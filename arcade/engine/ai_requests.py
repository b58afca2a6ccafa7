"""The one way a scene asks its AI: :class:`Requests` holds an AI worker (:class:`arcade.engine.worker.Worker`,
started on first use) and the position its answer will be about.

A scene asks about a position under a ``key`` (the board, the moves played, a grid) and polls every frame; the
answer comes back with the key it was asked for, so a scene never applies an answer to a position that has gone
(an answer to an older request is dropped by the worker). Nothing here blocks: the worker runs in its own process
or thread, restarts itself when it hangs or dies (the reply says so), and a failure is a reply with its error.
2048's autoplay and coach, Minesweeper's odds and hints, and tic-tac-toe's opponent and hints all ask this way.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["Requests"]


class Requests:
    """``make_worker()`` builds the worker when it is first needed."""

    def __init__(self, make_worker: Callable[[], Any]):
        self._make = make_worker
        self.worker = None
        self.key = None  # what the request in flight is about (None: nothing asked)

    def _get(self):
        if self.worker is None:
            self.worker = self._make()
        return self.worker

    def start(self) -> None:
        """Start the worker ahead of the first request (it warms up in the background)."""
        self._get().start()

    def ask(self, key, *args, budget: float | None = None, **kwargs) -> None:
        """Ask about ``key``'s position (the worker's function with ``args``); any earlier request is dropped."""
        self._get().request(*args, budget=budget, **kwargs)
        self.key = key

    def poll(self):
        """``(key, reply)`` once the answer to the request in flight is in, else None."""
        if self.worker is None or self.key is None:
            return None
        reply = self.worker.poll()
        if reply is None:
            return None
        key, self.key = self.key, None
        return key, reply

    @property
    def pending(self) -> bool:
        return self.key is not None

    @property
    def warming(self) -> bool:
        """The worker is starting (imports, compiling) and has not answered yet."""
        return self.worker is not None and bool(getattr(self.worker, "warming", False))

    def cancel(self) -> None:
        """Forget the request in flight (its answer will never be returned)."""
        if self.worker is not None:
            self.worker.cancel()
        self.key = None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.key = None
