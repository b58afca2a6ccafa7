"""AIWorker: answers off the caller's thread, only the latest request, cancel, hang, raise, death, fallback."""
from __future__ import annotations

import time

import pytest

from arcade.game2048 import rules
from arcade.game2048.ai import worker as worker_mod
from arcade.game2048.ai.worker import AIWorker

GRID = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))


def wait(w: AIWorker, timeout: float = 20.0):
    """Poll like a frame loop until an answer comes (None on timeout)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        d = w.poll()
        if d is not None:
            return d
        time.sleep(0.01)
    return None


@pytest.fixture(scope="module")
def proc():
    w = AIWorker(test_hooks=True, hang_factor=1.0, hang_grace=0.3)
    yield w
    w.close()


def test_real_search_in_a_process(proc):
    rid = proc.request(GRID, "expectimax", {"budget_ms": 20})
    assert proc.busy and rid >= 1
    d = wait(proc)
    assert proc.mode == "process"
    assert d.ok and d.direction in [x for x in rules.DIRECTIONS if rules.slide_grid(GRID, x)[2]]
    assert not proc.busy and proc.poll() is None


def test_poll_does_not_block(proc):
    proc.request(None, "_test:sleep", {"seconds": 0.5})
    for _ in range(20):  # a blocking poll would return the answer here instead of None
        assert proc.poll() is None
    assert wait(proc).direction == "up"


def test_only_the_latest_answer_comes_back(proc):
    proc.request(None, "_test:sleep", {"seconds": 0.4})
    proc.request(None, "_test:sleep", {"seconds": 0.05})
    d = wait(proc)
    assert d.nodes == 50  # the second request's answer (the hook reports milliseconds slept); the first was dropped
    assert proc.poll() is None and not proc.busy


def test_cancel_drops_the_answer(proc):
    proc.request(None, "_test:sleep", {"seconds": 0.2})
    proc.cancel()
    assert not proc.busy
    assert wait(proc, timeout=0.6) is None
    proc.request(GRID, "expectimax", {"budget_ms": 10})
    assert wait(proc).ok


def test_an_exception_comes_back_as_an_error_decision(proc):
    proc.request(GRID, "_test:raise", {"message": "boom"})
    d = wait(proc)
    assert d.direction is None and not d.ok and "boom" in d.error
    proc.request(GRID, "expectimax", {"bogus": 1})  # a TypeError inside the search
    d = wait(proc)
    assert "bogus" in d.error
    proc.request(GRID, "expectimax", {"budget_ms": 10})
    assert wait(proc).ok  # still serving


def test_a_hung_search_is_killed_and_the_worker_restarts(proc):
    before = proc.restarts
    proc.request(None, "_test:sleep", {"seconds": 60, "budget_ms": 50})  # deadline 0.05 * 1 + 0.3 s
    d = wait(proc, timeout=10)
    assert d is not None and "deadline" in d.error
    assert proc.restarts == before + 1
    proc.request(GRID, "expectimax", {"budget_ms": 10})
    assert wait(proc).ok


def test_a_dead_process_is_reported_and_replaced(proc):
    proc.request(None, "_test:exit", {})
    d = wait(proc)
    assert d is not None and d.direction is None and "stopped" in d.error
    proc.request(GRID, "expectimax", {"budget_ms": 10})
    assert wait(proc).ok


def test_unsendable_request_is_an_error_not_an_exception(proc):
    proc.request(((object(),),), "expectimax", {})
    d = wait(proc, timeout=2)
    assert d is not None and not d.ok


def test_thread_mode():
    w = AIWorker("thread", test_hooks=True)
    try:
        w.request(GRID, "expectimax", {"budget_ms": 10})
        assert wait(w).ok and w.mode == "thread"
        w.request(None, "_test:raise", {})
        assert not wait(w).ok
        w.request(None, "_test:sleep", {"seconds": 0.1})
        w.cancel()
        assert wait(w, timeout=0.4) is None
    finally:
        w.close()


def test_falls_back_to_a_thread_when_processes_fail(monkeypatch):
    def broken(*a, **k):
        raise OSError("no processes here")

    monkeypatch.setattr(worker_mod, "_ProcessBackend", broken)
    w = AIWorker(test_hooks=True)
    try:
        w.request(None, "_test:sleep", {"seconds": 0.0})
        assert wait(w).direction == "up" and w.mode == "thread"
    finally:
        w.close()


def test_close_is_idempotent_and_final():
    w = AIWorker("thread")
    w.close()
    w.close()
    assert w.poll() is None
    with pytest.raises(RuntimeError):
        w.request(GRID)
    with pytest.raises(ValueError):
        AIWorker("fibre")
