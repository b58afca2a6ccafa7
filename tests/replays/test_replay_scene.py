"""The 2048 replay (the engine's replay scene over 2048's hooks: play, step with the game's animations, seek,
speed, export, play on from a position), the replays list from the stats screen, and `arcade replay FILE` with good
and bad files."""
import time

import pygame

from arcade.engine.replays import read_file, write_file
from arcade.engine.session import Session
from arcade.game2048.backend import BACKEND, Params
from arcade.game2048.replay import steps
from arcade.engine.replay_scene import ReplayScene
from arcade.game2048 import GAME
from arcade.game2048.replay_scene import TIMELINE, Replay2048, make_replay
from helpers import frames, key, mouse_down, mouse_move, mouse_up, settle
from tests.replays.common import refused_in_one_line, replay_file_runs, replays_list, shown


class Finished:
    """What a test compares a replay's end with: the session's position on screen."""

    def __init__(self, session):
        self.grid, self.score = session.state.grid, session.state.score


def a_replay(n=40, seed=4):
    s = Session(BACKEND, Params(), seed)
    for i in range(n):
        s.play(("left", "up", "right", "down")[i % 4]) or s.play("down")
    return Finished(s), s.replay()


def opened(app, rec):
    return shown(app, make_replay(app, rec))


def test_plays_to_the_end_and_lands_on_the_recorded_game(app):
    g, rec = a_replay()
    s = opened(app, rec)
    assert s.playing and s.i == 0
    s.speed_i = 5  # 16x
    settle(app, 2.0)
    assert s.i == s.last and not s.playing
    assert s.hooks.view.grid == g.grid and s.steps[s.i].score == g.score


def test_step_keys_seek_and_the_timeline(app):
    g, rec = a_replay()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])  # pause
    assert not s.playing
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert s.i == 2
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.i == 1 and s.hooks.view.grid == s.steps[1].grid
    frames(app, 1, events=[key(pygame.K_END)])
    assert s.i == s.last
    frames(app, 1, events=[mouse_down((TIMELINE.x + TIMELINE.w // 2, TIMELINE.centery)),
                           mouse_move((TIMELINE.x + TIMELINE.w // 4, TIMELINE.centery), buttons=(1, 0, 0)),
                           mouse_up((TIMELINE.x + TIMELINE.w // 4, TIMELINE.centery))])
    assert abs(s.i - s.last // 4) <= 1 and s.hooks.view.grid == s.steps[s.i].grid
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
    app.replays.add(rec)
    app.replays.flush()
    lst = replays_list(app, "2048")
    assert lst.keys() == [rec.id, "back"] and lst.list.items[0].label == f"{rec.score:,}"
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.replay == rec


def test_arcade_replay_file_opens_and_bad_files_are_one_line(tmp_path, capsys):
    g, rec = a_replay()
    good = tmp_path / "good.replay"
    write_file(rec, good)
    replay_file_runs(good, tmp_path / "d")
    bad_moves = rec.data | {"log": rec.data["log"][:-1] + ["pzz", "p00"], "t": rec.data["t"] + [10**6]}
    cases = {"garbage.replay": "x", "folder": None, "missing.replay": None,
             "future.replay": rec.to_json().replace('"arcade-replay":1', '"arcade-replay":9'),
             "game.replay": rec.to_json().replace('"game":"2048"', '"game":"tetris"'),
             "moves.replay": type(rec)(rec.game, rec.score, bad_moves).to_json()}
    (tmp_path / "folder").mkdir()
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        refused_in_one_line(tmp_path / name, tmp_path / "d", capsys)


def test_steps_are_computed_off_the_ui_thread(app):
    g, rec = a_replay(n=400)
    s = make_replay(app, rec)  # returns at once; the loader thread fills steps
    assert len(steps(rec.data)) == len(rec.data["log"]) + 1
    app.stack.reset(s, fade=False)
    frames(app, 1)  # a frame before the steps are ready draws fine


def test_the_2048_replay_is_the_engines_replay_scene(app):
    """The record's make_replay (the game-over panel's Review, the replays list, `arcade replay`) builds the
    engine's scene over 2048's hooks: 2048 has no replay scene or review card class of its own."""
    import arcade.game2048.replay_scene as module
    from arcade.engine.scene import Scene

    g, rec = a_replay()
    s = GAME.make_replay(app, rec)
    assert type(s) is ReplayScene and isinstance(s.hooks, Replay2048)
    assert not [name for name, v in vars(module).items() if isinstance(v, type) and issubclass(v, Scene)]


def test_a_step_forward_slides_and_pops_as_in_the_game_and_a_jump_snaps(app):
    g, rec = a_replay()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    frames(app, 1, events=[key(pygame.K_END)])
    assert s.i == s.last and not s.playing and not s.hooks.view.busy  # a jump shows the position at once
    i = next(k for k in range(s.last) if s.steps[k + 1].direction is not None)
    s.seek(i)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert s.i == i + 1 and s.hooks.view.busy  # the move animates from the position before it ...
    assert s.hooks.view.grid == s.steps[i + 1].grid  # ... to the recorded board, its new tile included
    settle(app, 0.5)
    assert not s.hooks.view.busy
    frames(app, 1, events=[key(pygame.K_HOME)])
    assert s.i == 0 and s.hooks.view.grid == s.steps[0].grid


def test_enter_plays_on_from_the_position_shown(app):
    from arcade.game2048.scene import Game2048Scene

    app.profile.set("help.2048", True)  # no first-launch card over the game
    g, rec = a_replay()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    s.seek(10)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    game = app.stack.top
    assert isinstance(game, Game2048Scene) and game.session.mode == "study"
    assert game.game.grid == s.steps[10].grid and game.game.score == s.steps[10].score


def test_the_review_runs_in_the_background_its_progress_under_the_board(app, monkeypatch):
    """V: the card over the replay; closed, the review goes on a chunk a frame, its progress in the strip under
    the board, and a graded move's caption names its grade in the grade's colour."""
    from arcade.engine import replay_scene as engine
    from arcade.game2048.hud import legible
    from arcade.game2048.review import GRADE_COLORS, Reviewer
    from tests.replays.test_review import FakeWorker

    monkeypatch.setattr(Replay2048, "reviewer", lambda self, positions: Reviewer(
        positions, make_worker=FakeWorker, chunk=4))
    bars = []
    monkeypatch.setattr(engine, "progress_bar", lambda surface, rect, frac: bars.append((rect.copy(), frac)))
    g, rec = a_replay()
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_v)])
    frames(app, 1)
    assert isinstance(app.stack.top, engine.SheetCard) and not s.playing
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert app.stack.top is s
    assert s.reviewer is not None and not s.reviewer.done
    assert bars and bars[-1][0].center == s.layout.status.center and bars[-1][0].bottom < s.layout.keys.top
    frames(app, 40)
    assert s.reviewer.done and s.graded
    k = min(s.graded)
    s.seek(k)
    m = s.graded[k]
    text, colour, weight = s.hooks.caption(s.steps[k])
    assert m.index == k and text.startswith(f"{m.played.capitalize()}: {m.grade}")
    assert colour == legible(GRADE_COLORS[m.grade]) and weight == "bold"
