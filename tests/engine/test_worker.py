"""Worker: answers off the caller's thread, only the latest request, cancel, hang (also a stopped process),
raise, death, fallback to a thread, start-up that costs the caller nothing."""
from __future__ import annotations

import os
import signal
import time

import pytest

from arcade.engine import worker as worker_mod
from arcade.engine.worker import Worker
from arcade.game2048 import rules

GRID = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
CHOOSE = "arcade.game2048.ai:choose"
SLEEP, RAISE, EXIT = worker_mod.probe_sleep, worker_mod.probe_raise, worker_mod.probe_exit


def wait(w: Worker, timeout: float = 20.0):
    """Poll like a frame loop until an answer comes (None on timeout)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        d = w.poll()
        if d is not None:
            return d
        time.sleep(0.01)
    return None


def dispatch(fn, *args, **kwargs):
    """One worker serves every probe in these tests: the first argument names the function to run."""
    return fn(*args, **kwargs)


@pytest.fixture(scope="module")
def proc():
    w = Worker(dispatch, hang_factor=1.0, hang_grace=0.3)
    yield w
    w.close()


def test_real_search_in_a_process(proc):
    # the first search also starts the process and builds the move tables (no warm-up here): a deadline far past
    # what a loaded machine needs, since this checks the answer, not the time
    rid = proc.request(worker_mod.resolve(CHOOSE), GRID, "expectimax", budget_ms=20, budget=30.0)
    assert proc.busy and rid >= 1
    d = wait(proc)
    assert proc.mode == "process"
    assert d.ok and d.value.direction in [x for x in rules.DIRECTIONS if rules.slide_grid(GRID, x)[2]]
    assert not proc.busy and proc.poll() is None


def test_poll_does_not_block(proc):
    proc.request(SLEEP, 0.5)
    for _ in range(20):  # a blocking poll would return the answer here instead of None
        assert proc.poll() is None
    assert wait(proc).value[0] == "up"


def test_only_the_latest_answer_comes_back(proc):
    proc.request(SLEEP, 0.4)
    proc.request(SLEEP, 0.05)
    d = wait(proc)
    assert d.value[1] == 50  # the second request's answer (milliseconds slept); the first was dropped
    assert proc.poll() is None and not proc.busy


def test_cancel_drops_the_answer(proc):
    proc.request(SLEEP, 0.2)
    proc.cancel()
    assert not proc.busy
    assert wait(proc, timeout=0.6) is None
    proc.request(SLEEP, 0.0)
    assert wait(proc).ok


def test_an_exception_comes_back_as_an_error_reply(proc):
    proc.request(RAISE, "boom")
    d = wait(proc)
    assert d.value is None and not d.ok and "boom" in d.error
    proc.request(worker_mod.resolve(CHOOSE), GRID, "expectimax", bogus=1)  # an error inside the search
    d = wait(proc)
    assert "bogus" in d.error
    proc.request(worker_mod.resolve(CHOOSE), GRID, "expectimax", budget_ms=10)
    assert wait(proc).ok  # still serving


def test_a_hung_call_is_killed_and_the_worker_restarts(proc):
    before = proc.restarts
    proc.request(SLEEP, 60, budget=0.05)  # deadline 0.05 * 1 + 0.3 s
    d = wait(proc, timeout=10)
    assert d is not None and "deadline" in d.error
    assert proc.restarts == before + 1
    proc.request(SLEEP, 0.0)
    assert wait(proc).ok


def test_a_stopped_process_is_caught_from_the_moment_of_the_request(proc):
    """SIGSTOP before the worker could even acknowledge: the deadline runs from the request, not from an ack."""
    proc.request(SLEEP, 0.0)
    assert wait(proc).ok  # the process is up and ready
    pid = proc.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        before = proc.restarts
        proc.request(SLEEP, 0.0, budget=0.05)
        d = wait(proc, timeout=10)
        assert d is not None and "deadline" in d.error and "restarted" in d.error
        assert proc.restarts == before + 1
        proc.request(SLEEP, 0.0)
        d = wait(proc)
        assert d.ok and proc.pid != pid  # a new process answers
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_a_process_that_never_gets_ready_is_replaced():
    w = Worker(dispatch, warm=f"{__name__}:_stall", startup_grace=0.5)
    try:
        w.request(SLEEP, 0.0)
        d = wait(w, timeout=10)
        assert d is not None and "did not start" in d.error
    finally:
        w.close()


def _stall():
    time.sleep(30)


def _slow_warm():
    time.sleep(0.5)


def test_warming_is_true_until_the_worker_is_ready():
    w = Worker(dispatch, warm=f"{__name__}:_slow_warm")
    try:
        assert not w.warming          # not started yet
        w.request(SLEEP, 0.0)
        assert w.warming              # starting: importing, then the half-second warm-up
        assert wait(w).ok
        assert not w.warming          # it answered, so it was ready
    finally:
        w.close()
    assert not w.warming


def test_a_dead_process_is_reported_and_replaced(proc):
    proc.request(EXIT)
    d = wait(proc)
    assert d is not None and d.value is None and "stopped" in d.error
    proc.request(SLEEP, 0.0)
    assert wait(proc).ok


def test_unsendable_request_is_an_error_not_an_exception(proc):
    proc.request(SLEEP, object.__new__(type("Local", (), {})))  # a class defined here cannot be pickled
    d = wait(proc, timeout=2)
    assert d is not None and not d.ok


def test_starting_costs_the_caller_nothing():
    """The process is spawned on a background thread: request() returns before it exists."""
    w = Worker(dispatch)
    try:
        w.request(SLEEP, 0.0)
        assert w.mode is None or w.mode == "process"  # not necessarily up yet, and nothing waited for it
        assert wait(w).ok and w.mode == "process"
    finally:
        w.close()


def test_thread_mode():
    w = Worker(dispatch, "thread")
    try:
        w.request(SLEEP, 0.0, "left")
        assert wait(w).value == ("left", 0) and w.mode == "thread"
        w.request(RAISE)
        assert not wait(w).ok
        w.request(SLEEP, 0.1)
        w.cancel()
        assert wait(w, timeout=0.4) is None
    finally:
        w.close()


def test_falls_back_to_a_thread_when_processes_fail(monkeypatch):
    def broken(*a, **k):
        raise OSError("no processes here")

    monkeypatch.setattr(worker_mod, "_ProcessBackend", broken)
    w = Worker(dispatch)
    try:
        w.request(SLEEP, 0.0)
        assert wait(w).value[0] == "up" and w.mode == "thread"
    finally:
        w.close()


def test_close_is_idempotent_and_final():
    w = Worker(dispatch, "thread")
    w.close()
    w.close()
    assert w.poll() is None
    with pytest.raises(RuntimeError):
        w.request(SLEEP)
    with pytest.raises(ValueError):
        Worker(dispatch, "fibre")
