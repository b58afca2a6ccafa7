"""Long background jobs made of many small pieces (a game review: thousands of positions for the AI), run in the
engine's :class:`~arcade.engine.worker.Worker` a chunk at a time so results stream in and a frame never waits.
Pure (no pygame).

    job = Chunked("arcade.mygame.review:review_chunk", items, payload=lambda it: it.position, args=(depth,))
    job.update()      # every frame: never blocks; job.results fills in item order, job.progress is 0..1
    job.close()

The worker function is called as ``fn([payload, ...], *args)`` and returns one value per payload. The worker
answers only its latest request, so chunks go one after another. A worker that hung or died is replaced by the
Worker itself: the same chunk is asked again; any other error ends the job (``error``).
"""
from __future__ import annotations

import threading
from typing import Callable

__all__ = ["Chunked", "worker_factory"]

_worker_module = threading.Event()  # set once arcade.engine.worker is imported (off the UI thread)
_importing = threading.Lock()


def worker_factory(fn: str) -> Callable | None:
    """``None`` while the worker module is still being imported on a background thread (it pulls in
    multiprocessing: ~0.1 s that no frame should pay), then a function making a worker for ``fn``."""
    if not _worker_module.is_set():
        if _importing.acquire(blocking=False):
            def load():
                import arcade.engine.worker  # noqa: F401

                _worker_module.set()

            threading.Thread(target=load, name="import-worker", daemon=True).start()
        return None
    from arcade.engine.worker import Worker

    return lambda: Worker(fn)


class Chunked:
    """Runs ``items`` through the worker function ``fn`` ``chunk`` at a time; ``results`` holds
    ``result(item, value)`` for each item done, in order. ``item_s``: seconds one item may take on a slow, loaded
    machine (the request's hang-detection budget, not a time limit on the work)."""

    def __init__(self, fn: str, items: list, *, payload: Callable = lambda item: item,
                 result: Callable = lambda item, value: value, args: tuple = (), make_worker=None,
                 chunk: int = 16, item_s: float = 0.05):
        self.fn = fn
        self.todo = list(items)
        self.results: list = []
        self.payload, self.result, self.args = payload, result, tuple(args)
        self.chunk, self.item_s = chunk, item_s
        self._make_worker = make_worker
        self.worker = None
        self._asked = None  # the slice in flight
        self.error = ""

    @property
    def done(self) -> bool:
        return len(self.results) >= len(self.todo) or bool(self.error)

    @property
    def progress(self) -> float:
        return len(self.results) / len(self.todo) if self.todo else 1.0

    def update(self) -> None:
        if self.done:
            return
        if self.worker is None:
            make = self._make_worker or worker_factory(self.fn)
            if make is None:
                return  # next frame
            self.worker = make()
        if self._asked is None:
            part = self.todo[len(self.results):len(self.results) + self.chunk]
            self.worker.request([self.payload(it) for it in part], *self.args,
                                budget=max(2.0, len(part) * self.item_s))
            self._asked = part
            return
        reply = self.worker.poll()
        if reply is None:
            return
        part, self._asked = self._asked, None
        if reply.error:
            if not getattr(reply, "restarted", False):
                self.error = reply.error.splitlines()[0][:200]
            return  # a restarted worker: the same chunk is asked again next frame
        for item, value in zip(part, reply.value):
            self.results.append(self.result(item, value))

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
