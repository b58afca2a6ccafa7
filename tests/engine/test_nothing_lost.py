"""Nothing lost in ordinary use: two processes on one profile, a best on disk within a second, kills and hangups,
oversized files, saved games that are continued (or kept aside), crafted values, and saving trouble shown."""
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from arcade.engine import storage
from arcade.engine.storage import FILENAME, Profile
from arcade.game2048.game import Game
from helpers import frames, key, settle

ROOT = Path(__file__).resolve().parents[2]


def env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))


WRITER = textwrap.dedent("""
    import sys, time
    from arcade import games
    from arcade.engine.storage import Profile
    games.load()
    name, d = sys.argv[1], sys.argv[2]
    p = Profile(d)
    print("shared" if p.shared else "first", flush=True)
    for i in range(40):
        p.submit_score(f"{name}/{i}", 100 + i)
        p.record_game(name, i)
        if i == 20:
            p.set("volume", 0.1 if name == "a" else 0.9)
        time.sleep(0.01)
    p.save_game(name, {"who": name})
    p.close()
""")


def test_two_processes_on_one_profile_lose_nothing(data_dir):
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, n, str(data_dir)], stdout=subprocess.PIPE, text=True,
                              env=env()) for n in ("a", "b")]
    outs = [p.communicate(timeout=60)[0].split() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sorted(o[0] for o in outs) in (["first", "shared"], ["first", "first"])  # "first" twice if a ended early
    q = Profile(data_dir)
    for n in ("a", "b"):
        assert all(q.best(f"{n}/{i}") == 100 + i for i in range(40)), n  # every best of both windows
        assert len(q.history(n)) == 40 and q.totals(n)["played"] == 40
        assert q.saved_game(n) == {"who": n}
    assert q.get("volume") in (0.1, 0.9) and q.warnings == []
    assert not list(data_dir.glob("*.tmp-*"))


def test_a_second_profile_on_the_dir_knows_it_is_shared(data_dir, make_app):
    first = Profile(data_dir)
    second = Profile(data_dir)
    assert not first.shared and second.shared
    app = make_app()  # a third profile on the dir: the app says so on screen
    assert app.profile.shared and "Another window" in app.toast[0]
    first.close()
    second.close()


def test_a_live_writers_temp_file_is_never_touched(data_dir):
    Profile(data_dir, sync=True).submit_score("stairs", 3)
    mine = data_dir / f"{FILENAME}.tmp-{os.getpid()}"  # a write in progress by a live process
    mine.write_text('{"schema": 1, "be')
    Profile(data_dir, sync=True)
    assert mine.exists()


def test_a_best_is_on_disk_within_a_second(data_dir):
    p = Profile(data_dir)  # the real, background writer
    p.submit_score("stairs", 17)
    t0 = time.monotonic()
    while time.monotonic() - t0 < 1.0:
        raw = json.loads((data_dir / FILENAME).read_text()) if (data_dir / FILENAME).exists() else {}
        if raw.get("best", {}).get("stairs") == 17:
            break
        time.sleep(0.02)
    else:
        pytest.fail("the best was not on disk after a second")
    p.close()


CLIMBER = textwrap.dedent("""
    import sys, time
    from arcade import shell
    from arcade.engine.app import Options
    from arcade.engine.storage import Profile
    from arcade.stairs.autopilot import next_hop
    from arcade.stairs.scene import StairsScene
    app = shell.build(Options(data_dir=sys.argv[1], seed=5))
    app.profile.set("help.stairs", True)
    s = StairsScene(app)
    app.stack.reset(s, fade=False)
    while s.world.score < 12:
        s.press(next_hop(s.world))
        app.step(1 / 60, [])
    print(s.world.score, flush=True)
    while True:  # playing on, never reaching game over or a clean exit
        app.step(1 / 60, [])
        time.sleep(1 / 60)
""")


@pytest.mark.parametrize("sig", [signal.SIGKILL])
def test_stairs_best_survives_a_kill_mid_run(data_dir, sig):
    p = subprocess.Popen([sys.executable, "-c", CLIMBER, str(data_dir)], stdout=subprocess.PIPE, text=True, env=env())
    try:
        score = int(p.stdout.readline())
        time.sleep(1.0)  # "within a second"
        p.send_signal(sig)
        p.wait(20)
    finally:
        p.kill()
    assert score >= 12 and Profile(data_dir).best("stairs") >= 12


def test_sighup_quits_and_saves_like_sigterm(data_dir):
    from arcade.engine.app import App

    p = subprocess.Popen([sys.executable, "-m", "arcade", "play", "2048", "--data-dir", str(data_dir), "--seed", "3"],
                         env=env(), stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    p.send_signal(signal.SIGHUP)
    try:
        p.wait(20)
    finally:
        p.kill()
    assert p.returncode == 0, p.stderr.read()
    assert Profile(data_dir).saved_game("2048/4x4") is not None  # the scene's exit saved the game
    assert App  # (imported: the signal handlers are the App's)


def test_arcade_play_2048_continues_the_saved_game_and_new_starts_afresh(data_dir):
    p = Profile(data_dir, sync=True)
    g = Game(4, seed=9)
    for d in ("left", "up", "right", "down") * 10:
        g.move(d)
    p.save_game("2048", g.to_dict())
    p.close()
    run = [sys.executable, "-m", "arcade", "play", "2048", "--frames", "5", "--data-dir", str(data_dir)]
    assert subprocess.run(run, env=env(), capture_output=True, timeout=60).returncode == 0
    from arcade.engine.session import Session
    from arcade.game2048.backend import BACKEND

    # a save written before sessions, and before each board kept its own: moved to its board's file
    saved = Session.from_dict(BACKEND, Profile(data_dir).saved_game("2048/4x4"))
    assert saved.moves == g.moves and saved.state.score == g.score and saved.state.grid == g.grid  # continued
    assert Profile(data_dir).saved_game("2048") is None and not (data_dir / "saves" / "2048.json").exists()
    assert (data_dir / "saves" / "2048.4x4.json").is_file()
    assert subprocess.run(run + ["--new"], env=env(), capture_output=True, timeout=60).returncode == 0
    assert Session.from_dict(BACKEND, Profile(data_dir).saved_game("2048/4x4")).moves == 0


def test_menu_play_with_a_save_asks_continue_or_new(app):
    from arcade.engine.ui.ask import AskOverlay
    from arcade.shell.menu import MenuScene

    g = Game(4, seed=9)
    g.move("left") or g.move("right")
    app.profile.save_game("2048", g.to_dict())
    app.profile.set("help.2048", True)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("play:2048")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1)
    ask = app.stack.top
    assert isinstance(ask, AskOverlay) and ask.keys() == ["continue:2048/4x4", "new"]
    assert [it.label for it in ask.list.items] == ["Continue 4x4", "New 4x4 game"]  # the board is named
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # cancel: nothing happens to the save (moved to its board's key)
    settle(app, 0.4)
    assert app.stack.top is menu and app.profile.saved_game("2048/4x4") == g.to_dict()
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1, events=[key(pygame.K_RETURN)])  # "Continue" is the first choice
    settle(app, 0.8)
    assert type(app.stack.top).__name__ == "Game2048Scene" and app.stack.top.game.moves == g.moves


def test_a_saved_games_size_grows_by_a_few_bytes_a_move():
    """A save is the game's log: every move stays undoable and replayable, at a bounded cost a move."""
    from arcade.engine.session import Session
    from arcade.game2048.backend import BACKEND, Params

    s = Session(BACKEND, Params(8), 1)
    dirs = ("left", "down", "right", "down")
    i = 0
    while s.moves < 3000 and not s.over:
        if s.state.won and not s.state.keep_playing:
            s.play("keep")
        s.play(dirs[i % 4]) or s.play("up")
        i += 1
    size = len(json.dumps(s.to_dict()))
    assert s.moves >= 3000 and size / len(s.events) < 16
    again = Session.from_dict(BACKEND, json.loads(json.dumps(s.to_dict())))
    assert again.state == s.state
    n = 0
    while again.undo():
        n += 1
    assert n == s.moves and again.state == s.states[0]

def test_the_writer_never_writes_what_the_reader_refuses(data_dir, monkeypatch):
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 40_000)
    p = Profile(data_dir, sync=True)
    for i in range(400):
        p.record_game("stairs", i, cause="hit", note="x" * 60)
    p.submit_score("stairs", 399)
    assert (data_dir / FILENAME).stat().st_size <= 40_000
    q = Profile(data_dir, sync=True)
    assert q.warnings == [] and q.best("stairs") == 399


def test_a_file_over_the_cap_is_mined_for_its_bests(data_dir, monkeypatch):
    p = Profile(data_dir, sync=True)
    p.submit_score("stairs", 55)
    p.submit_low("mines/expert", 91234)
    raw = json.loads((data_dir / FILENAME).read_text())
    raw["history"]["stairs"] = [{"score": 1, "pad": "y" * 1000}] * 200
    (data_dir / FILENAME).write_text(json.dumps(raw, separators=(",", ":")))
    (data_dir / (FILENAME + ".bak")).unlink()
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 100_000)
    q = Profile(data_dir, sync=True)
    assert q.best("stairs") == 55 and q.lowest("mines/expert") == 91234
    assert len(q.warnings) == 1 and "too large" in q.warnings[0]


def test_crafted_scores_are_refused(data_dir):
    (data_dir / FILENAME).write_text(json.dumps({"schema": 1, "settings": {}, "best": {"stairs": 10**4000, "2048/4x4": 5},
                                                 "saves": {}, "history": {}, "totals": {}}))
    p = Profile(data_dir, sync=True)
    assert p.best("stairs") == 0 and p.best("2048/4x4") == 5
    with pytest.raises(ValueError):
        p.submit_score("stairs", 10**4000)


def test_a_saved_game_that_fails_validation_is_kept_aside(app):
    from arcade.game2048.scene import make_scene

    g = Game(4, seed=3)
    g.move("left") or g.move("right")
    good = g.to_dict()
    bad = dict(good, log=good["log"] + ["pzy"], t=good["t"] + [0])  # a move the rules do not know
    app.profile.save_game("2048", bad)
    s = make_scene(app, resume=True)
    assert s.game.moves == 0 and app.profile.saved_game("2048") is None
    aside = list(app.profile.dir.glob(f"{FILENAME}.save-2048_4x4-*"))  # a session's save is kept by its board
    assert len(aside) == 1 and len(app.profile.warnings) == 1


def test_saving_trouble_is_shown_and_so_is_its_end(data_dir, monkeypatch):
    p = Profile(data_dir, sync=True)
    notes = []
    p.on_notice = notes.append
    real = os.replace

    def full(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full)
    p.submit_score("stairs", 4)
    p.submit_score("stairs", 5)
    monkeypatch.setattr(storage.os, "replace", real)
    p.submit_score("stairs", 6)
    assert len(notes) == 2 and "Cannot save" in notes[0] and notes[1] == "Saving works again"
    assert Profile(data_dir).best("stairs") == 6


def test_absorbing_another_windows_file_never_drops_a_record_added_meanwhile(data_dir):
    """The writer thread merges what another window wrote into memory while play goes on: a game recorded after the
    write's snapshot (absent from the merged data) stays, and the other window's record is added."""
    p = Profile(data_dir, sync=True)
    p.record_game("stairs", 5)
    merged = p.snapshot()  # the write's view: taken before the next game ends
    other = {"score": 9, "time": 1, "id": "other-window"}
    merged["history"]["stairs"] = merged["history"]["stairs"] + [other]
    p.record_game("stairs", 7)  # meanwhile, on the play thread
    p._absorb(merged)
    assert sorted(r["score"] for r in p.history("stairs")) == [5, 7, 9]


def test_a_game_in_progress_lives_in_its_own_file(data_dir):
    p = Profile(data_dir, sync=True)
    p.submit_score("stairs", 3)
    size = (data_dir / FILENAME).stat().st_size
    for i in range(50):  # a long game saving every move: the profile file is not rewritten bigger
        p.save_game("2048", {"moves": i, "cells": "x" * 1000})
    assert json.loads((data_dir / FILENAME).read_text())["saves"] == {}
    assert (data_dir / FILENAME).stat().st_size <= size + 50
    on_disk = json.loads((data_dir / "saves" / "2048.json").read_text())
    assert on_disk["game"] == "2048" and on_disk["state"]["moves"] == 49
    assert Profile(data_dir, sync=True).saved_game("2048")["moves"] == 49
    p.clear_saved("2048")
    assert not (data_dir / "saves" / "2048.json").exists()
    assert Profile(data_dir, sync=True).saved_game("2048") is None


def test_a_profile_from_before_the_split_moves_its_saves_to_their_files(data_dir):
    (data_dir / FILENAME).write_text(json.dumps({"schema": 1, "settings": {}, "best": {"stairs": 4}, "saves":
                                                 {"2048": {"old": True}}, "history": {}, "totals": {}}))
    p = Profile(data_dir, sync=True)
    assert p.saved_game("2048") == {"old": True} and p.warnings == []
    p.submit_score("stairs", 5)  # the next write
    assert json.loads((data_dir / FILENAME).read_text())["saves"] == {}
    assert Profile(data_dir, sync=True).saved_game("2048") == {"old": True}


def test_a_bad_save_file_is_kept_aside_and_the_rest_is_fine(data_dir):
    p = Profile(data_dir, sync=True)
    p.submit_score("stairs", 8)
    p.save_game("2048", {"a": 1})
    p.save_game("stairs", {"b": 2})
    (data_dir / "saves" / "2048.json").write_text('{"schema": 1, "game": "2048", "sta')
    q = Profile(data_dir, sync=True)
    assert q.saved_game("2048") is None and q.saved_game("stairs") == {"b": 2} and q.best("stairs") == 8
    assert len(q.warnings) == 1 and "saves/2048.json" in q.warnings[0]
    assert list((data_dir / "saves").glob("2048.json.corrupt-*"))


def test_a_dead_writers_save_temp_file_is_finished_or_removed(data_dir):
    from arcade.dev.faults import _dead_pid

    p = Profile(data_dir, sync=True)
    p.save_game("2048", {"n": 1})
    dead = _dead_pid()
    saves = data_dir / "saves"
    (saves / f"2048.json.tmp-{dead}").write_text(json.dumps({"schema": 1, "game": "2048", "state": {"n": 2}}))
    (saves / f"stairs.json.tmp-{dead}").write_text('{"schema": 1, "ga')  # cut short
    q = Profile(data_dir, sync=True)
    assert q.saved_game("2048") == {"n": 2} and q.saved_game("stairs") is None and q.warnings == []
    assert not list(saves.glob("*.tmp-*"))


def test_a_save_too_large_to_reload_is_not_written_and_the_last_good_one_stays(data_dir, monkeypatch):
    p = Profile(data_dir, sync=True)
    p.save_game("2048", {"n": 1})
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 2000)
    p.save_game("2048", {"n": 2, "pad": "x" * 3000})
    assert any("too large" in w for w in p.warnings)
    monkeypatch.undo()
    assert Profile(data_dir, sync=True).saved_game("2048") == {"n": 1}
