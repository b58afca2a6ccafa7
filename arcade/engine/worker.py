"""Run a game's AI off the UI thread: ``Worker`` keeps one search process and answers without blocking.

    worker = Worker("arcade.game2048.ai:choose", warm="arcade.game2048.ai.player:warm")
    rid = worker.request(grid, "expectimax", budget=0.1)   # fn(grid, "expectimax") in the worker
    ...                                                    # every frame:
    reply = worker.poll()        # None until the answer to the LATEST request is ready: Reply(rid, value, error)
    worker.cancel()              # forget the request in flight (its answer will be dropped)
    worker.close()

Any game can use it: the function is named as ``"package.module:function"`` (or given as a module-level
function) and is called with the request's positional and keyword arguments, which must be picklable; so must
its result. Only the latest request matters: the worker skips requests that were superseded before it got to them,
and answers to older requests are dropped.

A process, not a thread: numpy releases the GIL only inside its loops, and a 100 ms search would still steal
whole frames from a pygame loop in the same process. The process uses the ``spawn`` start method (safe next to
SDL, the same on every OS). It is started on a background thread (spawning costs tens of milliseconds, which
must not come out of a frame), on the first request or on ``start()``; requests made before it is up are sent
as soon as it is. It runs the optional ``warm`` function first (tables, calibration) and then says it is ready.

Failures never reach the caller as exceptions: a call that raises comes back from ``poll()`` as a ``Reply`` with
``error`` set; so does a process that died, and a request that is not answered in time. The time limit runs from
the moment of the request (or from the moment the process said it was ready, if that came later), not from any
acknowledgement by the worker, so a stopped (SIGSTOP), deadlocked or disconnected process is caught too: after
``hang_factor * budget + hang_grace`` seconds the process is killed and a new one is started for the next request.
A process that never becomes ready within ``startup_grace`` seconds counts as hung the same way.
If no process can be created at all, the calls run in a daemon thread instead (``mode == "thread"``; a hung
thread cannot be killed, it is abandoned and a new one started).

``probe_sleep``, ``probe_raise`` and ``probe_exit`` are tiny functions for exercising these paths (tests, faults).
"""
from __future__ import annotations

import importlib
import multiprocessing as mp
import queue
import threading
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Worker", "Reply", "HANG_FACTOR", "HANG_GRACE", "DEFAULT_BUDGET_S", "STARTUP_GRACE",
           "probe_sleep", "probe_raise", "probe_exit"]

HANG_FACTOR = 3.0       # a call may take this many times its budget ...
HANG_GRACE = 1.0        # ... plus this many seconds before it counts as hung
DEFAULT_BUDGET_S = 2.0  # budget assumed for a request that names none
STARTUP_GRACE = 30.0    # seconds a new process may take to import and warm up before it counts as hung


@dataclass(frozen=True)
class Reply:
    """The answer to one request: ``value`` (what the function returned) or ``error`` (a message)."""

    rid: int
    value: Any = None
    error: str = ""
    restarted: bool = False  # the worker itself failed (hung, died) and was replaced: asking again is fine

    @property
    def ok(self) -> bool:
        return not self.error


def resolve(fn) -> Callable:
    """A callable from ``"package.module:function"`` (or the callable itself)."""
    if callable(fn):
        return fn
    module, _, name = str(fn).partition(":")
    if not name:
        raise ValueError(f"{fn!r}: expected 'package.module:function'")
    return getattr(importlib.import_module(module), name)


def _describe(e: BaseException, tb: bool) -> str:
    text = f"{type(e).__name__}: {e}"
    return text + "\n" + traceback.format_exc(limit=6) if tb else text


# ----- probes: functions with known, controllable behaviour -----
def probe_sleep(seconds: float = 0.0, value="up"):
    """Sleep, then answer ``(value, milliseconds slept)``."""
    time.sleep(float(seconds))
    return value, round(float(seconds) * 1000)


def probe_raise(message: str = "probe failure"):
    raise RuntimeError(message)


def probe_exit(code: int = 3):
    import os

    os._exit(code)


# ----- the serving loops -----
def _serve(recv, poll_more, send, fn, warm) -> None:
    """Shared by the process and the thread: warm up, say ready, answer the newest request until told to stop."""
    try:
        call = resolve(fn)
        if warm is not None:
            resolve(warm)()
    except Exception:  # noqa: BLE001 - the failure shows up again, with its message, in the first answer
        call = None
    send(("ready", 0, None, ""))
    while True:
        msg = recv()
        while poll_more():
            msg = recv()  # only the newest request matters
        if msg is None:
            return
        rid, args, kwargs = msg
        try:
            f = call if call is not None else resolve(fn)
            send(("done", rid, f(*args, **kwargs), ""))
        except Exception as e:  # noqa: BLE001 - reported to the caller as an error reply
            send(("done", rid, None, _describe(e, tb=True)))


def _process_main(conn, fn, warm) -> None:
    try:
        _serve(conn.recv, conn.poll, conn.send, fn, warm)
    except (EOFError, OSError, BrokenPipeError):
        return


class _ThreadBackend:
    """Fallback: the same protocol over queues, served by a daemon thread."""

    pid = None

    def __init__(self, fn, warm) -> None:
        self.inbox: queue.Queue = queue.Queue()
        self.outbox: queue.Queue = queue.Queue()

        def more() -> bool:
            return not self.inbox.empty()

        self.thread = threading.Thread(target=_serve, args=(self.inbox.get, more, self.outbox.put, fn, warm),
                                       daemon=True, name="ai-worker")
        self.thread.start()

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
        self.inbox.put(None)  # the thread cannot be interrupted: it stops after its current call

    stop = kill


class _ProcessBackend:
    def __init__(self, fn, warm) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_process_main, args=(child, fn, warm), daemon=True, name="ai-worker")
        self.proc.start()
        child.close()

    @property
    def pid(self):
        return self.proc.pid

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
                self.proc.kill()  # SIGKILL: a stopped (SIGSTOP) process ignores SIGTERM until it is continued
            except (OSError, ValueError):
                pass
        _reap(self.proc, grace=0.0)

    def stop(self, timeout: float = 1.0) -> None:
        """Ask the process to exit; a reaper thread waits ``timeout`` for it, then kills it."""
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
    """Join (and if need be kill) ``proc`` on a daemon thread."""
    def run() -> None:
        try:
            proc.join(grace)
            if proc.is_alive():
                proc.kill()
                proc.join(0.5)
        except (OSError, ValueError, AssertionError):
            pass

    threading.Thread(target=run, name="ai-reaper", daemon=True).start()


class Worker:
    """Calls ``fn`` in a separate process (or a thread as fallback); see the module docstring.

    ``mode``: "process" (default; falls back to a thread when no process can be started) or "thread".
    ``hang_factor``/``hang_grace`` set a request's deadline; ``startup_grace`` the new process's.
    """

    def __init__(self, fn, mode: str = "process", *, warm=None, hang_factor: float = HANG_FACTOR,
                 hang_grace: float = HANG_GRACE, startup_grace: float = STARTUP_GRACE) -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode {mode!r}: expected 'process' or 'thread'")
        self.fn, self.warm = fn, warm
        self._want = mode
        self._hang_factor = hang_factor
        self._hang_grace = hang_grace
        self._startup_grace = startup_grace
        self._lock = threading.Lock()
        self._backend = None
        self._starting: threading.Thread | None = None
        self._started_at = 0.0
        self._ready_at: float | None = None  # when the backend said it was ready
        self.mode: str | None = None         # "process" or "thread" once started
        self._next_id = 0
        self._latest: tuple | None = None    # (rid, requested at, allowance) of the request whose answer we want
        self._unsent = None                  # the newest message, while the backend is still starting
        self._ready_reply: Reply | None = None  # an answer known without asking the backend (a failed send)
        self.restarts = 0
        self.closed = False

    @property
    def warming(self) -> bool:
        """Started (or starting) and not yet ready: the process is importing and running ``warm`` (a first start
        can take seconds, e.g. while numba compiles a search), so a scene can say so instead of "thinking"."""
        return not self.closed and (self._starting is not None or self._backend is not None) and self._ready_at is None

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the backend on a background thread (otherwise the first request does). Never blocks."""
        if self.closed:
            raise RuntimeError("the worker is closed")
        with self._lock:
            if self._backend is not None or self._starting is not None:
                return
            self._started_at = time.monotonic()
            self._ready_at = None
            self._starting = threading.Thread(target=self._create, name="ai-worker-start", daemon=True)
            self._starting.start()

    def _create(self) -> None:
        backend, mode = None, "thread"
        if self._want == "process":
            try:
                backend, mode = _ProcessBackend(self.fn, self.warm), "process"
            except Exception:  # noqa: BLE001 - no processes here (sandbox, frozen app...): use a thread
                backend = None
        if backend is None:
            backend = _ThreadBackend(self.fn, self.warm)
        with self._lock:
            if self.closed:
                backend.stop()
                return
            self._backend, self.mode = backend, mode
            self._starting = None

    @property
    def pid(self):
        b = self._backend
        return None if b is None else b.pid

    def close(self) -> None:
        """Stop the worker (idempotent)."""
        with self._lock:
            self.closed = True
            backend, self._backend = self._backend, None
        if backend is not None:
            backend.stop()
        self._latest = None
        self._unsent = None

    def __enter__(self) -> "Worker":
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
        return self._latest is not None or self._ready_reply is not None

    def request(self, *args, budget: float | None = None, **kwargs) -> int:
        """Ask for ``fn(*args, **kwargs)``; ``budget`` is the seconds it is expected to take (default
        :data:`DEFAULT_BUDGET_S`). Returns the request id. Any earlier request's answer will be dropped."""
        self.start()
        self._next_id += 1
        rid = self._next_id
        allowance = (budget if budget and budget > 0 else DEFAULT_BUDGET_S) * self._hang_factor + self._hang_grace
        self._latest = (rid, time.monotonic(), allowance)
        self._ready_reply = None
        msg = (rid, args, kwargs)
        try:
            import pickle

            pickle.dumps(msg)  # fail here, as an error reply, rather than inside the pipe
        except Exception as e:  # noqa: BLE001
            self._ready_reply = Reply(rid, None, f"cannot send the request: {_describe(e, tb=False)}")
            self._latest = None
            return rid
        self._unsent = msg
        self._flush()
        return rid

    def _flush(self) -> None:
        if self._unsent is None or self._backend is None:
            return
        msg, self._unsent = self._unsent, None
        try:
            self._backend.send(msg)
        except (OSError, BrokenPipeError, ValueError):
            self._unsent = msg
            self._restart()

    def cancel(self) -> None:
        """Drop the request in flight: its answer will never be returned."""
        self._latest = None
        self._ready_reply = None
        self._unsent = None

    def poll(self) -> Reply | None:
        """The reply to the latest request if it is ready, else None. Never blocks, never raises."""
        if self._ready_reply is not None:
            reply, self._ready_reply = self._ready_reply, None
            return reply
        backend = self._backend
        if backend is None:
            return self._check_health()
        self._flush()
        answer = None
        while True:
            try:
                msg = backend.recv_ready()
            except (EOFError, OSError):
                return self._fail("the AI worker stopped unexpectedly: restarted")
            if msg is None:
                break
            kind, rid, value, error = msg
            if kind == "ready":
                self._ready_at = time.monotonic()
                continue
            if self._latest is not None and rid == self._latest[0]:
                answer = Reply(rid, value, error)
                self._latest = None
        if answer is not None:
            return answer
        return self._check_health()

    # -- failures --------------------------------------------------------------------------------------------
    def _check_health(self) -> Reply | None:
        now = time.monotonic()
        if self._backend is None:
            if self._starting is None and self._latest is not None and not self.closed:
                self.start()  # a restart that has not begun yet
            return None
        if self._ready_at is None:
            if now - self._started_at > self._startup_grace:
                return self._fail(f"the AI worker did not start within {self._startup_grace:.0f} s: restarted")
        elif self._latest is not None:
            rid, asked, allowance = self._latest
            if now - max(asked, self._ready_at) > allowance:
                return self._fail(f"the AI did not answer within its deadline ({allowance:.1f} s): restarted")
        if not self._backend.alive():
            return self._fail("the AI worker stopped unexpectedly: restarted")
        return None

    def _fail(self, message: str) -> Reply | None:
        """Kill the backend (a new one starts for the next request); the latest request gets an error reply."""
        latest = self._latest
        self._kill_backend()
        self._latest = None
        self._unsent = None
        if latest is None:
            return None
        return Reply(latest[0], None, message, restarted=True)

    def _kill_backend(self) -> None:
        with self._lock:
            backend, self._backend = self._backend, None
        if backend is not None:
            backend.kill()
        self._ready_at = None
        self.restarts += 1

    def _restart(self) -> None:
        self._kill_backend()
        self.start()
