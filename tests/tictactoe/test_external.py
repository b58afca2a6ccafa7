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
    assert e.proc is None and proc.ended(timeout=10)  # the process is ended, its group gone


@pytest.mark.parametrize("mode, words", [
    ("crash", "ended (exit code 3)"), ("garbage", "answered garbage"), ("illegal", "illegal move 0,0"),
    ("refuse", "refused START"), ("hang", "did not move within"), ("mute", "did not answer START")])
def test_every_failure_is_one_line_and_the_process_is_ended(mode, words):
    # a deadline only where the failure is the deadline (a busy machine may start a Python engine slowly)
    e = engine(mode, turn_ms=200 if mode == "hang" else 20000, grace_s=0.3 if mode == "hang" else 5.0,
               start_s=1.0 if mode == "mute" else 30.0)
    assert e.start() is None
    proc = e.proc
    e.ask([(0, 0, 1)])
    r = e.wait(30)
    assert isinstance(r, Failure) and words in r.reason and "\n" not in r.reason, r
    assert e.state == "failed" and e.proc is None and proc.ended(timeout=10)
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


def test_a_ladder_game_can_play_our_side_through_our_engine_mode_and_a_failing_side_of_ours_loses():
    """``--ours-engine``: both sides are Gomocup engines run by the ladder as a manager runs them."""
    import random

    from arcade.tictactoe.bench.ladder import play

    ours = [sys.executable, "-m", "arcade", "gomoku-engine"]
    r = play([sys.executable, FAKE, "good"], "equal", True, 300, 2, random.Random(1), ours_argv=ours)
    assert r["result"] == "win" and r["why"] == "five in a row" and len(r["ours_ms"]) >= 3
    assert all(ms < 300 + 1000 for ms in r["ours_ms"]) and any("ms" in m for m in r["ours_messages"])
    r = play([sys.executable, FAKE, "good"], "equal", False, 100, 0, random.Random(1),
             ours_argv=[sys.executable, FAKE, "illegal"])
    assert r["result"] == "loss" and r["why"].startswith("our engine failed") and "illegal move" in r["why"]


def _engine_file(tmp_path, mode):
    """A pbrain executable (a shell script around the fake engine) for the game to start."""
    exe = tmp_path / f"pbrain-fake-{mode}"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} {FAKE} {mode}\n")
    exe.chmod(0o755)
    return str(exe)


def _play_engine_game(app, path, moves_by_hand):
    import time

    from arcade.tictactoe import scene as sc
    from helpers import click, frames

    app.profile.set("help.tictactoe", True)
    s = sc.make_scene(app, engine=path)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    assert s.match.opponent == "engine" and s.match.variant == "gomoku"
    for r, c in moves_by_hand:
        deadline = time.monotonic() + 30
        while not s.human_turn and s.forfeit is None and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.01)
        if s.forfeit is not None or s.match.over:
            break
        frames(app, 1, events=click(s.view.center(r, c)))
    deadline = time.monotonic() + 30
    while s.forfeit is None and not s.match.over and s.ai_turn and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    return s


def test_a_game_against_an_external_engine_from_the_command_line(app, tmp_path):
    path = _engine_file(tmp_path, "good")
    # the person (black) plays down column 7; the fake engine fills the top row from the left
    s = _play_engine_game(app, path, [(r, 7) for r in range(5, 10)])
    assert s.match.over and s.match.winner == "X" and s.forfeit is None
    assert s.names()["O"] == "pbrain-fake-good" and app.profile.get("tictactoe.engine") == path
    assert any(r.get("opponent") == "engine" for r in app.profile.history("tictactoe"))
    s._results_text = None
    assert s.results_line() == "vs pbrain-fake-good: 1 won, 0 drawn, 0 lost"
    proc = s.engine.proc
    s.exit()
    assert proc is None or proc.ended(timeout=10)


@pytest.mark.parametrize("mode", ["crash", "garbage", "illegal", "refuse"])
def test_an_engine_that_fails_loses_the_game_with_a_clear_line(app, tmp_path, mode):
    s = _play_engine_game(app, _engine_file(tmp_path, mode), [(7, 7), (8, 8)])
    assert s.forfeit is not None and "\n" not in s.forfeit
    text, _ = s.status()
    assert text.startswith("You win: ")
    rec = app.profile.history("tictactoe")[-1]
    assert rec.get("outcome", rec.get("result")) in ("won", "win") and rec.get("opponent") == "engine"
    assert s.engine is None or s.engine.proc is None  # the process was ended


def test_a_bad_engine_path_on_the_command_line_is_one_line_exit_2(tmp_path, capsys):
    from arcade.cli import main

    with pytest.raises(SystemExit) as e:
        main(["play", "tictactoe", "--engine", str(tmp_path / "nothing")])
    assert e.value.code == 2 and "no engine at" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--ours-engine", "no-such-engine"], "--ours-engine: no engine at no-such-engine"),
    (["--ours-engine", sys.executable, "--ours", "width=6"], "give one of them"),
])
def test_the_ladders_own_engine_option_is_checked_in_one_line(argv, words, capsys):
    from arcade.cli import main

    with pytest.raises(SystemExit) as e:
        main(["bench", "gomocup", "--engine", sys.executable, "--caps", "equal", "--games", "1"] + argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and words in err and "Traceback" not in err


def test_the_ladder_sets_our_engine_parameters_and_rejects_bad_ones_in_one_line():
    import argparse

    from arcade.tictactoe.bench.ladder import _ours_params

    assert _ours_params("leaf_vcf=8, vct_depth=6,compiled=0") == {"leaf_vcf": 8, "vct_depth": 6, "compiled": 0}
    assert _ours_params("") == {}
    assert _ours_params("eval=patterns,width=12") == {"eval": "patterns", "width": 12}
    assert _ours_params("values=fitted") == {"values": "fitted"}
    for bad, words in [("leaf=3", "NAME one of"), ("width", "NAME=VALUE"), ("width=x", "whole number"),
                       ("width=99", "0..60"), ("eval=3", "windows, patterns"), ("values=3", "guessed, fitted")]:
        with pytest.raises(argparse.ArgumentTypeError, match=words) as info:
            _ours_params(bad)
        assert "\n" not in str(info.value)


def test_a_ladder_game_with_our_parameters_plays_the_python_searches_too():
    import random

    from arcade.tictactoe.bench.ladder import play

    r = play([sys.executable, FAKE, "good"], "equal", True, 100, 2, random.Random(1), {"compiled": 0, "width": 6})
    assert r["result"] == "win" and r["moves"] >= 9
