"""The 2048 replay scene (play, step, seek, speed, export), the replays list from the stats screen, and
`arcade replay FILE` with good and bad files."""
import time

import pygame

from arcade import cli
from arcade.engine.replays import read_file, write_file
from arcade.game2048.game import Game
from arcade.game2048.replay import record, steps
from arcade.game2048.replay_scene import TIMELINE, ReplayScene
from helpers import click, frames, key, mouse_down, mouse_move, mouse_up, run_replay_file, settle, watch_from_stats


def a_replay(n=40, seed=4):
    g = Game(4, seed=seed)
    for i in range(n):
        g.move(("left", "up", "right", "down")[i % 4]) or g.move("down")
    return g, record(g)


def opened(app, rec):
    s = ReplayScene(app, rec)
    app.stack.reset(s, fade=False)
    deadline = time.monotonic() + 10
    while not s.ready and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 1)
    return s


def test_plays_to_the_end_and_lands_on_the_recorded_game(app):
    g, rec = a_replay()
    s = opened(app, rec)
    assert s.playing and s.i == 0
    s.speed_i = 5  # 16x
    settle(app, 2.0)
    assert s.i == s.last and not s.playing
    assert s.view.grid == g.grid and s.steps[s.i].score == g.score


def test_step_keys_seek_and_the_timeline(app):
    g, rec = a_replay()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])  # pause
    assert not s.playing
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert s.i == 2
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.i == 1 and s.view.grid == s.steps[1].grid
    frames(app, 1, events=[key(pygame.K_END)])
    assert s.i == s.last
    frames(app, 1, events=[mouse_down((TIMELINE.x + TIMELINE.w // 2, TIMELINE.centery)),
                           mouse_move((TIMELINE.x + TIMELINE.w // 4, TIMELINE.centery), buttons=(1, 0, 0)),
                           mouse_up((TIMELINE.x + TIMELINE.w // 4, TIMELINE.centery))])
    assert abs(s.i - s.last // 4) <= 1 and s.view.grid == s.steps[s.i].grid
    frames(app, 1, events=[key(pygame.K_PLUS), key(pygame.K_PLUS)])
    assert s.speed == 4.0
    for _ in range(8):
        frames(app, 1, events=[key(pygame.K_MINUS)])
    assert s.speed == 0.5


def test_a_replay_changes_no_best_and_no_stat(app):
    g, rec = a_replay()
    before = (app.profile.bests(), app.profile.totals("2048"), app.profile.history("2048"))
    s = opened(app, rec)
    settle(app, 1.0)
    frames(app, 1, events=[key(pygame.K_END)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.4)
    assert (app.profile.bests(), app.profile.totals("2048"), app.profile.history("2048")) == before


def test_export_writes_a_file_that_imports_back(app):
    g, rec = a_replay()
    s = opened(app, rec)
    path = s.export()
    assert path is not None and read_file(path) == rec and "Exported" in app.toast[0]


def test_stats_lists_the_replays_and_opens_one(app):
    g, rec = a_replay()
    keys, top = watch_from_stats(app, "2048", rec)
    assert keys == [rec.id, "back"]
    assert isinstance(top, ReplayScene) and top.replay == rec


def test_arcade_replay_file_opens_and_bad_files_are_one_line(tmp_path, capsys):
    g, rec = a_replay()
    good = tmp_path / "good.replay"
    write_file(rec, good)
    r = run_replay_file(good, tmp_path / "d")
    assert r.returncode == 0, r.stderr
    bad_moves = rec.data | {"log": rec.data["log"][:-2] + "zz" + "00" * 3}
    cases = {"garbage.replay": "x", "folder": None, "missing.replay": None,
             "future.replay": rec.to_json().replace('"arcade-replay":1', '"arcade-replay":9'),
             "game.replay": rec.to_json().replace('"game":"2048"', '"game":"tetris"'),
             "moves.replay": type(rec)(rec.game, rec.score, bad_moves).to_json()}
    (tmp_path / "folder").mkdir()
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        assert cli.main(["replay", str(tmp_path / name), "--data-dir", str(tmp_path / "d")]) == 2, name
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("arcade replay: error:"), (name, err)


def test_steps_are_computed_off_the_ui_thread(app):
    g, rec = a_replay(n=400)
    s = ReplayScene(app, rec)  # returns at once; the loader thread fills steps
    assert len(steps(rec.data)) == len(rec.data["log"]) // 2 + 1
    app.stack.reset(s, fade=False)
    frames(app, 1)  # a frame before the steps are ready draws fine
