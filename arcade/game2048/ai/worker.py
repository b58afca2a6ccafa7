"""Run AI searches off the UI thread: ``AIWorker`` keeps one search process and answers without blocking.

    worker = AIWorker()
    rid = worker.request(game.grid, "expectimax", {"budget_ms": 100})
    ...                                    # every frame:
    decision = worker.poll()               # None until the answer to the LATEST request is ready
    worker.cancel()                        # forget the request in flight (its answer will be dropped)
    worker.close()

A process, not a thread: numpy releases the GIL only inside its loops, and a 100 ms search would still steal
whole frames from a pygame loop in the same process. The process uses the ``spawn`` start method (safe next to
SDL, the same on every OS) and starts lazily on the first request (or ``start()``); it warms the bitboard tables.

Failures never reach the caller as exceptions: a search that raises comes back from ``poll()`` as a
``Decision`` with ``direction=None`` and ``error`` set (the message); so does a search that runs past its
deadline (``3 * budget + 1 s``; the process is killed and restarted on the next request) and a process that died.
If no process can be created at all, the worker runs its searches in a daemon thread instead (``mode ==
"thread"``; a hung thread cannot be killed, it is abandoned and a new one started).

Test hook: ``AIWorker(test_hooks=True)`` accepts the strategies ``"_test:sleep"`` (sleeps ``params["seconds"]``
then answers "up" with ``nodes`` = the milliseconds slept), ``"_test:raise"`` (raises RuntimeError) and ``"_test:exit"`` (the process dies), so the
cancel / hang / error paths can be tested without long searches.
"""
from __future__ import annotations

import multiprocessing as mp
import queue
import threading
import time
import traceback

__all__ = ["AIWorker", "HANG_FACTOR", "HANG_GRACE", "DEFAULT_BUDGET_S"]

HANG_FACTOR = 3.0      # a search may take this many times its budget ...
HANG_GRACE = 1.0       # ... plus this many seconds before it counts as hung
DEFAULT_BUDGET_S = 2.0  # budget assumed for a strategy whose params have no budget_ms


def _decision_cls():
    from arcade.game2048.ai.player import Decision
    return Decision


def _search(grid, strategy: str, params: dict, test_hooks: bool):
    """Run one search in the worker (process or thread). Returns a Decision; may raise."""
    if test_hooks and strategy.startswith("_test:"):
        what = strategy[6:]
        Decision = _decision_cls()
        if what == "sleep":
            seconds = float(params.get("seconds", 0.0))
            time.sleep(seconds)
            return Decision("up", {"up": 1.0, "down": None, "left": None, "right": None}, round(seconds * 1000), 1,
                            seconds, strategy, "general")
        if what == "raise":
            raise RuntimeError(params.get("message", "test failure"))
        if what == "exit":
            import os
            os._exit(3)
        raise ValueError(f"unknown test strategy {strategy!r}")
    from arcade.game2048 import ai
    return ai.choose(grid, strategy, **params)


def _error(strategy: str, message: str):
    return _decision_cls()(None, {}, 0, 0, 0.0, strategy, "none", message)


def _warm() -> None:
    """Build the tables and calibrate the expectimax budget with two small searches, before the first request."""
    from arcade.game2048 import ai
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    for _ in range(2):
        ai.choose(grid, budget_ms=20)


def _process_main(conn, test_hooks: bool) -> None:
    """The worker process: answer the latest request, skip older ones, until told to stop."""
    try:
        _warm()
    except Exception:  # noqa: BLE001 - a failure shows up again in the first search, with its message
        pass
    while True:
        try:
            msg = conn.recv()
            while conn.poll():
                msg = conn.recv()  # only the newest request matters
        except (EOFError, OSError):
            return
        if msg is None:
            return
        rid, grid, strategy, params = msg
        try:
            conn.send(("start", rid, None))
            try:
                result = _search(grid, strategy, params, test_hooks)
            except Exception as e:  # noqa: BLE001 - reported to the caller as an error decision
                result = _error(strategy, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}")
            conn.send(("done", rid, result))
        except (EOFError, OSError, BrokenPipeError):
            return


class _ThreadBackend:
    """Fallback: the same protocol over queues, served by a daemon thread."""

    def __init__(self, test_hooks: bool) -> None:
        self.inbox: queue.Queue = queue.Queue()
        self.outbox: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, args=(test_hooks,), daemon=True, name="ai-worker")
        self.thread.start()

    def _run(self, test_hooks: bool) -> None:
        while True:
            msg = self.inbox.get()
            try:
                while True:
                    msg = self.inbox.get_nowait()
            except queue.Empty:
                pass
            if msg is None:
                return
            rid, grid, strategy, params = msg
            self.outbox.put(("start", rid, None))
            try:
                result = _search(grid, strategy, params, test_hooks)
            except Exception as e:  # noqa: BLE001
                result = _error(strategy, f"{type(e).__name__}: {e}")
            self.outbox.put(("done", rid, result))

    def send(self, msg) -> None:
        self.inbox.put(msg)

    def recv_ready(self):
        try:
            return self.outbox.get_nowait()
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self.thread.is_alive()

    def kill(self) -> None:
        self.inbox.put(None)  # the thread cannot be interrupted: it stops after its current search

    stop = kill


class _ProcessBackend:
    def __init__(self, test_hooks: bool) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_process_main, args=(child, test_hooks), daemon=True, name="ai-worker")
        self.proc.start()
        child.close()

    def send(self, msg) -> None:
        self.conn.send(msg)

    def recv_ready(self):
        if self.conn.poll():
            return self.conn.recv()
        return None

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        """Terminate now; the join happens on a reaper thread (a UI thread must never wait for it)."""
        try:
            self.conn.close()
        except OSError:
            pass
        if self.proc.is_alive():
            try:
                self.proc.terminate()
            except (OSError, ValueError):
                pass
        _reap(self.proc, grace=0.0)

    def stop(self, timeout: float = 1.0) -> None:
        """Ask the process to exit; a reaper thread waits ``timeout`` for it, then terminates it."""
        try:
            self.conn.send(None)
        except (OSError, BrokenPipeError, ValueError):
            pass
        try:
            self.conn.close()
        except OSError:
            pass
        _reap(self.proc, grace=timeout)


def _reap(proc, grace: float) -> None:
    """Join (and if need be terminate, then kill) ``proc`` on a daemon thread."""
    def run() -> None:
        try:
            proc.join(grace)
            if proc.is_alive():
                proc.terminate()
                proc.join(0.5)
            if proc.is_alive():
                proc.kill()
                proc.join(0.5)
        except (OSError, ValueError, AssertionError):
            pass

    threading.Thread(target=run, name="ai-reaper", daemon=True).start()


class AIWorker:
    """Searches in a separate process (or a thread as fallback); see the module docstring.

    ``mode``: "process" (default), "thread", or "auto" (process, thread if that fails; the same as "process"
    today: a failing process start always falls back). ``hang_factor``/``hang_grace`` set the deadline.
    """

    def __init__(self, mode: str = "process", *, test_hooks: bool = False, hang_factor: float = HANG_FACTOR,
                 hang_grace: float = HANG_GRACE) -> None:
        if mode not in ("process", "thread", "auto"):
            raise ValueError(f"mode {mode!r}: expected 'process', 'thread' or 'auto'")
        self._want = mode
        self._test_hooks = test_hooks
        self._hang_factor = hang_factor
        self._hang_grace = hang_grace
        self._backend = None
        self.mode: str | None = None      # "process" or "thread" once started
        self._next_id = 0
        self._latest: tuple | None = None  # (rid, strategy, allowance) of the request whose answer we want
        self._allowance: dict = {}         # rid -> seconds it may run
        self._running: tuple | None = None  # (rid, started at) of what the backend is computing now
        self._ready = None                 # an answer known without asking the backend (a request that failed)
        self.restarts = 0
        self.closed = False

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the process now (otherwise the first request does)."""
        if self.closed:
            raise RuntimeError("AIWorker is closed")
        if self._backend is not None:
            return
        if self._want in ("process", "auto"):
            try:
                self._backend = _ProcessBackend(self._test_hooks)
                self.mode = "process"
                return
            except Exception:  # noqa: BLE001 - no processes here (sandbox, frozen app...): use a thread
                self._backend = None
        self._backend = _ThreadBackend(self._test_hooks)
        self.mode = "thread"

    def close(self) -> None:
        """Stop the worker (idempotent)."""
        if self._backend is not None:
            self._backend.stop()
        self._backend = None
        self._latest = None
        self._running = None
        self.closed = True

    def __enter__(self) -> "AIWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:  # best effort
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass

    # -- requests --------------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while the answer to the latest request is still awaited."""
        return self._latest is not None

    def request(self, grid, strategy: str = "expectimax", params: dict | None = None) -> int:
        """Ask for a move; returns the request id. Any earlier request's answer will be dropped."""
        params = dict(params or {})
        self.start()
        self._next_id += 1
        rid = self._next_id
        budget = params.get("budget_ms")
        budget_s = float(budget) / 1000.0 if budget else DEFAULT_BUDGET_S
        self._allowance[rid] = budget_s * self._hang_factor + self._hang_grace
        self._latest = (rid, strategy)
        self._ready = None
        try:
            grid = None if grid is None else tuple(tuple(int(v) for v in row) for row in grid)
            msg = (rid, grid, strategy, params)
            try:
                self._backend.send(msg)
            except (OSError, BrokenPipeError):
                self._restart()
                self._backend.send(msg)
        except Exception as e:  # noqa: BLE001 - a grid or params that cannot be sent: answer with the error
            self._ready = _error(strategy, f"{type(e).__name__}: {e}")
        return rid

    def cancel(self) -> None:
        """Drop the request in flight: its answer will never be returned."""
        self._latest = None
        self._ready = None

    def poll(self):
        """The Decision for the latest request if it is ready, else None. Never blocks, never raises."""
        if self._ready is not None:
            answer, self._ready, self._latest = self._ready, None, None
            return answer
        if self._backend is None:
            return None
        answer = None
        while True:
            try:
                msg = self._backend.recv_ready()
            except (EOFError, OSError):
                return self._fail("the AI worker stopped unexpectedly: restarted")
            if msg is None:
                break
            kind, rid, result = msg
            if kind == "start":
                self._running = (rid, time.monotonic())
                continue
            self._running = None
            self._allowance.pop(rid, None)
            if self._latest is not None and rid == self._latest[0]:
                answer = result
                self._latest = None
        if answer is not None:
            return answer
        return self._check_health()

    # -- failures --------------------------------------------------------------------------------------------
    def _check_health(self):
        if self._backend is None:
            return None
        if self._running is not None:
            rid, since = self._running
            if time.monotonic() - since > self._allowance.get(rid, DEFAULT_BUDGET_S * 3 + 1):
                return self._fail(f"the search ran past its deadline ({self._allowance.get(rid, 0):.1f} s): "
                                  "worker restarted")
        if not self._backend.alive():
            return self._fail("the AI worker stopped unexpectedly: restarted")
        return None

    def _fail(self, message: str):
        """Kill the backend; the latest request (if any) gets an error decision."""
        latest = self._latest
        if self._backend is not None:
            self._backend.kill()
        self._backend = None
        self._running = None
        self._allowance.clear()
        self._latest = None
        self.restarts += 1
        if latest is None:
            return None
        return _error(latest[1], message)

    def _restart(self) -> None:
        if self._backend is not None:
            self._backend.kill()
        self._backend = None
        self.restarts += 1
        self.start()
