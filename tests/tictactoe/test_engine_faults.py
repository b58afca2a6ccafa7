"""Misbehaving Gomocup engines against the tic-tac-toe scene, driven with real frames: a wrapper script that does not
exec its engine, an engine that leaves a grandchild holding the pipe, one that floods a 50 MB line, one that sleeps
and ignores SIGTERM. The window keeps drawing frames through each (also while the engine is being ended), the
game ends or goes on as it should, and no process of the engine's group is left afterwards."""
import faulthandler
import os
import signal
import sys
import threading
import time

import pytest

from arcade.engine.child import group_alive
from helpers import running

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and /proc are POSIX")

HANG_S = 30.0  # a frame that takes this long is a frozen window (a hang guard, not a speed check)

# The fake engine: its pid (and its grandchild's) appended to PIDS; plays the first free point in reading order.
# grandchild: leaves a process behind that holds stdout open and ignores SIGTERM; flood: a 50 MB MESSAGE line,
# a moment to show it, then the move; sleep: ignores SIGTERM and never answers a BOARD.
ENGINE = r"""
import os, signal, subprocess, sys, time
mode, pids = sys.argv[1], sys.argv[2]
mine = [os.getpid()]
if mode == "sleep":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
if mode == "grandchild":
    mine.append(subprocess.Popen([sys.executable, "-c", "import signal, time; "
                                  "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)"]).pid)
with open(pids, "a") as fh:
    fh.write("".join(f"{p}\n" for p in mine))
size = 15
for line in sys.stdin:
    word = (line.split() or [""])[0].upper()
    if word == "START":
        size = int(line.split()[1])
        print("OK", flush=True)
    elif word == "BOARD":
        taken = set()
        for row in sys.stdin:
            if row.strip().upper() == "DONE":
                break
            x, y, _ = row.strip().split(",")
            taken.add((int(x), int(y)))
        if mode == "sleep":
            time.sleep(3600)
        if mode == "flood":
            sys.stdout.write("MESSAGE " + "x" * 50_000_000 + "\n")
            sys.stdout.flush()
            time.sleep(0.3)
        x, y = next((x, y) for y in range(size) for x in range(size) if (x, y) not in taken)
        print(f"{x},{y}", flush=True)
    elif word == "END":
        break
"""


def engine_file(tmp_path, mode: str, wrap: bool):
    """A pbrain executable: a shell script that runs the fake engine, with ``exec`` or (``wrap``) as a child of
    its own, the way many wrapper scripts do."""
    script = tmp_path / "fake_engine.py"
    script.write_text(ENGINE)
    pids = tmp_path / "pids"
    exe = tmp_path / f"pbrain-{mode}{'-wrapped' if wrap else ''}"
    run = f"{sys.executable} {script} {mode} {pids}"
    exe.write_text(f"#!/bin/sh\necho $$ >> {pids}\n{run}\nexit $?\n" if wrap else f"#!/bin/sh\nexec {run}\n")
    exe.chmod(0o755)
    return str(exe), pids



class Window:
    """Real frames of the app, each watched: a frame that does not come back within HANG_S counts as a frozen
    window; the engine's processes are then killed (which frees a frame blocked on their pipe) so the test fails
    instead of hanging."""

    def __init__(self, app, pids):
        self.app, self.pids = app, pids
        self.frames = 0
        self.frozen = False
        self.ending_frames = 0  # frames drawn while an engine was being ended

    def _guard(self, done: threading.Event) -> None:
        if not done.wait(HANG_S):
            self.frozen = True
            for p in (int(x) for x in self.pids.read_text().split()) if self.pids.exists() else ():
                try:
                    os.kill(p, signal.SIGKILL)
                except OSError:
                    pass

    def frame(self, events=(), endings=()) -> None:
        from helpers import frames

        done = threading.Event()
        guard = threading.Thread(target=self._guard, args=(done,), daemon=True)
        guard.start()
        faulthandler.dump_traceback_later(HANG_S * 4, exit=True)  # a frame stuck in computing, not on a pipe
        try:
            frames(self.app, 1, events=events)
        finally:
            faulthandler.cancel_dump_traceback_later()
            done.set()
        self.frames += 1
        self.ending_frames += any(e.ending is not None and e.ending.is_alive() for e in endings)
        time.sleep(0.005)

    def until(self, cond, timeout: float = 60, endings=()) -> bool:
        end = time.monotonic() + timeout
        while not cond() and time.monotonic() < end and not self.frozen:
            self.frame(endings=endings)
        return cond()


@pytest.fixture
def leftovers(app, tmp_path):
    """After the test and before the app closes its scenes: any engine process still listed is killed, so a
    regression fails the test instead of hanging the run in the scene's teardown."""
    yield
    pids = tmp_path / "pids"
    for p in (int(x) for x in pids.read_text().split()) if pids.exists() else ():
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def start_game(app, path, think=0.5):
    from arcade.tictactoe import scene as sc

    app.profile.set("help.tictactoe", True)
    app.profile.set("tictactoe.think", think)
    s = sc.make_scene(app, engine=path)
    app.stack.reset(s, fade=False)
    return s


def play_by_hand(w, s, r, c):
    from helpers import click

    assert w.until(lambda: s.human_turn or s.forfeit is not None)
    if s.forfeit is None:
        w.frame(events=click(s.view.center(r, c)))


def assert_nothing_left(pids, *groups):
    started = [int(x) for x in pids.read_text().split()]
    assert started and not [p for p in started if running(p)], "engine processes left running"
    assert not any(group_alive(g) for g in groups)


@pytest.mark.parametrize("wrap", [True, False], ids=["wrapper-without-exec", "exec"])
def test_an_engine_that_sleeps_loses_on_time_and_the_window_keeps_drawing(app, tmp_path, wrap, leftovers):
    path, pids = engine_file(tmp_path, "sleep", wrap)
    s = start_game(app, path)
    w = Window(app, pids)
    play_by_hand(w, s, 7, 7)
    assert w.until(lambda: s.engine is not None and s.engine.proc is not None)
    proc = s.engine.proc
    assert w.until(lambda: s.forfeit is not None, endings=[proc])  # turn 0.5 s + grace 1 s
    assert not w.frozen and "did not move within" in s.forfeit and not s.ai_turn
    assert s.status()[0].startswith("You win: ")
    rec = app.profile.history("tictactoe")[-1]
    assert rec.get("opponent") == "engine" and rec.get("outcome", rec.get("result")) in ("won", "win")
    assert w.until(lambda: not proc.ending.is_alive(), timeout=30, endings=[proc])
    assert not w.frozen and w.ending_frames >= 2  # frames kept coming while the engine was being ended
    assert proc.ended(0) and len(set(pids.read_text().split())) == (2 if wrap else 1)
    assert_nothing_left(pids, proc.pid)


@pytest.mark.parametrize("wrap", [True, False], ids=["wrapper-without-exec", "exec"])
def test_an_engine_that_leaves_a_grandchild_plays_on_and_a_new_game_ends_them_all(app, tmp_path, wrap, leftovers):
    from helpers import key
    import pygame

    path, pids = engine_file(tmp_path, "grandchild", wrap)
    s = start_game(app, path)
    w = Window(app, pids)
    for r, c in ((7, 7), (8, 8)):
        play_by_hand(w, s, r, c)
    assert w.until(lambda: s.human_turn or s.forfeit is not None)
    assert s.forfeit is None and len(s.match.moves) == 4 and not s.match.over  # it answered both moves
    proc = s.engine.proc
    started = [int(x) for x in pids.read_text().split()]
    assert len(set(started)) == (3 if wrap else 2) and all(os.getpgid(p) == proc.pid for p in started)
    w.frame(events=[key(pygame.K_n)])  # a new game: the engine (END) and what it left behind are ended
    assert not s.match.moves and proc.ending is not None
    assert w.until(lambda: not proc.ending.is_alive(), timeout=30, endings=[proc])
    assert not w.frozen and w.ending_frames >= 2
    assert_nothing_left(pids, proc.pid)


def test_an_engine_that_floods_a_50_mb_line_plays_on_and_its_message_is_cut(app, tmp_path, leftovers):
    from arcade.tictactoe.external import MESSAGE_MAX

    path, pids = engine_file(tmp_path, "flood", False)
    s = start_game(app, path, think=2.0)  # its turn: 2 s and a second's grace (the flood takes a moment)
    w = Window(app, pids)
    play_by_hand(w, s, 7, 7)
    shown = []

    def thinking_shown():
        text = s.status()[0]
        if s.ai_turn and "xxx" in text:
            shown.append(text)
        return bool(shown)

    assert w.until(thinking_shown)  # the message is on the status line (drawn in the frames around)
    for _ in range(5):
        w.frame()
    assert len(shown[0]) <= MESSAGE_MAX + 40 and shown[0].endswith("...")
    assert w.until(lambda: s.human_turn or s.forfeit is not None)
    assert not w.frozen and s.forfeit is None and len(s.match.moves) == 2  # its move came after the flood
    proc = s.engine.proc
    s.exit()
    assert proc.ended(timeout=20)
    assert_nothing_left(pids, proc.pid)
