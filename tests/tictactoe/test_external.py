"""A Gomocup engine as an opponent: moves read without blocking, and every way an engine fails (cannot start,
refuses, crashes, hangs, garbage, an illegal move) is one Failure line with the process ended."""
import sys
from pathlib import Path

import pytest

from arcade.tictactoe.external import EngineProcess, Failure, Move

FAKE = str(Path(__file__).with_name("fake_engine.py"))


def engine(mode, **kw):
    return EngineProcess([sys.executable, FAKE, mode], size=15, **kw)


def test_a_good_engine_moves_and_its_messages_are_kept():
    e = engine("good", turn_ms=2000)
    assert e.start() is None
    assert e.ask([(0, 0, 1)]) is None  # asked before START is answered: sent once it is
    r = e.wait(20)
    assert r == Move(1, 0) and e.messages == ["thinking about it"]
    assert e.ask([(0, 0, 1), (1, 0, 2), (5, 5, 1)]) is None
    assert e.wait(20) == Move(2, 0)
    proc = e.proc
    e.close()
    assert proc.poll() is not None and e.proc is None  # the process is ended


@pytest.mark.parametrize("mode, words", [
    ("crash", "ended (exit code 3)"), ("garbage", "answered garbage"), ("illegal", "illegal move 0,0"),
    ("refuse", "refused START"), ("hang", "did not move within"), ("mute", "did not answer START")])
def test_every_failure_is_one_line_and_the_process_is_ended(mode, words):
    e = engine(mode, turn_ms=200, grace_s=0.3, start_s=1.0)
    assert e.start() is None
    proc = e.proc
    e.ask([(0, 0, 1)])
    r = e.wait(30)
    assert isinstance(r, Failure) and words in r.reason and "\n" not in r.reason, r
    assert e.state == "failed" and e.proc is None and proc.wait(timeout=5) is not None
    assert e.poll() == r and e.ask([]) == r  # it stays failed


def test_an_engine_that_cannot_be_started_is_a_failure_not_a_traceback(tmp_path):
    e = EngineProcess([str(tmp_path / "pbrain-nothing")])
    r = e.start()
    assert isinstance(r, Failure) and "cannot start" in r.reason and e.poll() == r


def test_our_own_engine_through_the_protocol_takes_a_win():
    e = EngineProcess([sys.executable, "-m", "arcade", "gomoku-engine"], turn_ms=500, start_s=60)
    try:
        assert e.start() is None
        stones = [(5, 5, 1), (0, 0, 2), (6, 5, 1), (0, 1, 2), (7, 5, 1), (0, 2, 2), (8, 5, 1), (0, 3, 2)]
        e.ask(stones)
        assert e.wait(60) in (Move(4, 5), Move(9, 5))
    finally:
        e.close()


def test_a_ladder_game_through_the_protocol_ends_in_five_or_in_the_engines_failure():
    import random

    from arcade.tictactoe.bench.ladder import five, play

    r = play([sys.executable, FAKE, "good"], "equal", True, 100, 2, random.Random(1))
    assert r["result"] == "win" and r["why"] == "five in a row" and r["moves"] >= 9
    r = play([sys.executable, FAKE, "illegal"], 2, False, 100, 0, random.Random(1))
    assert r["result"] == "win" and "illegal move" in r["why"]
    assert five({(i, 3): 1 for i in range(5)}, 2, 3) and not five({(i, 3): 1 for i in range(4)}, 0, 3)
