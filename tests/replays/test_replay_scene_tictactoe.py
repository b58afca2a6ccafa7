"""The tic-tac-toe scene leaves a replay of every finished game (a new best streak marked), the replay scene steps
through the moves with their numbers and ends on the win line (pixels), plays at the recorded pace, changes no
stat, is listed from the stats screen, and `arcade replay FILE` opens it (bad files: one line)."""
import time

import pygame
import pytest

from arcade.engine.replays import write_file
from arcade.tictactoe import ID, STREAK_KEY
from arcade.tictactoe import ai_client
from arcade.tictactoe import scene as sc
from arcade.tictactoe.backend import Params
from arcade.tictactoe.replay import check, steps
from arcade.engine.replay_scene import ReplayScene
from arcade.tictactoe.replay_scene import BUTTONS, TIMELINE, make_replay
from arcade.tictactoe.view import LINE_RED, LINE_SECONDS
from helpers import click, frames, key, mouse_down, mouse_up, settle
from tests.replays.common import refused_in_one_line, replay_file_runs, replays_list, shown


@pytest.fixture(autouse=True)
def thread_worker(monkeypatch):
    monkeypatch.setattr(ai_client, "WORKER_MODE", "thread")


def Match(variant="3x3", opponent="ai", human="X", level="perfect"):
    return Params(variant, opponent, human, level)


def start(app, match):
    app.profile.set("help.tictactoe", True)
    s = sc.TicTacToeScene(app, params=match)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def friends_game(app):
    """Two people: X wins the top row after an undo, with some time between the moves."""
    s = start(app, Match("3x3", "friend"))
    for cell in [(0, 0), (1, 0), (2, 2)]:
        frames(app, 20, events=click(s.view.center(*cell)))
    frames(app, 5, events=[key(pygame.K_u)])  # takes back (2, 2)
    for cell in [(0, 1), (1, 1), (0, 2)]:
        frames(app, 20, events=click(s.view.center(*cell)))
    assert s.match.winner == "X"
    assert app.replays.flush()
    return s


def won_against_the_ai(app):
    """The person (X, playing the perfect AI's moves) against the easy AI: a win or a draw."""
    from arcade.tictactoe import ai

    s = start(app, Match("3x3", "ai", "X", "easy"))
    deadline = time.monotonic() + 30
    while not s.match.over and time.monotonic() < deadline:
        if s.human_turn and s.since_move > 0.1:
            frames(app, 1, events=click(s.view.center(*ai.choose(s.match.rows, 3, "perfect", seed=1))))
        frames(app, 1)
        time.sleep(0.002)
    assert s.match.over
    assert app.replays.flush()
    return s


def test_every_finished_game_leaves_a_replay_with_times_and_the_undo(app):
    s = friends_game(app)
    (rec,) = app.replays.list(ID)
    st = steps(rec.data)
    assert check(rec.data)[1] == "friend" and st[-1].result == "X" and not rec.best
    assert [x.kind for x in st[1:]] == ["M", "M", "M", "U", "M", "M", "M"]
    times = [x.ms for x in st[1:]]
    assert times == sorted(times) and times[-1] >= 1000  # about 1/3 s between the moves
    assert st[-1].moves == tuple(s.match.moves) and st[-1].line == ((0, 0), (0, 2))


def test_a_win_against_the_ai_that_sets_the_best_streak_is_marked_best(app):
    s = won_against_the_ai(app)
    (rec,) = app.replays.list(ID)
    res = s.match.result()
    assert steps(rec.data)[-1].result == res and rec.best == (res == "win")
    if res == "win":
        assert app.profile.best(STREAK_KEY) == 1


def test_the_demo_keeps_no_replay(app):
    demo = sc.TicTacToeScene(app, demo=True)
    app.stack.reset(demo, fade=False)
    deadline = time.monotonic() + 60
    while not demo.match.over and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.002)
    assert demo.match.over and app.replays.flush() and app.replays.list(ID) == []


def test_stepping_shows_the_move_numbers_and_ends_on_the_win_line(app):
    friends_game(app)
    (rec,) = app.replays.list(ID)
    s = shown(app, make_replay(app, rec))
    frames(app, 1, events=[key(pygame.K_SPACE)])
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert s.i == 3 and s.steps[3].moves == ((0, 0), (1, 0), (2, 2))
    text, _ = s.hooks.caption(s.steps[3])
    assert text.startswith("Move 3: X (Player 1) on row 3, column 3")
    frames(app, 1)
    r = s.hooks.view.cell_rect(2, 2)  # the number 3, in red (the last move), in the cell's corner
    corner = [tuple(app.screen.get_at((x, y)))[:3] for x in range(r.x + 8, r.x + 30) for y in range(r.y + 6, r.y + 30)]
    assert LINE_RED in corner
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert s.steps[s.i].kind == "U" and s.hooks.caption(s.steps[s.i])[0].startswith("Undo: 1 move taken back")
    frames(app, 1, events=[key(pygame.K_END)])
    settle(app, LINE_SECONDS + 0.1)
    assert s.i == s.last and "wins with 3 in a row" in s.hooks.caption(s.steps[s.i])[0]
    (x0, y0), (x1, y1) = s.hooks.view.center(0, 0), s.hooks.view.center(0, 1)
    # the end was reached by a jump: the line is drawn whole
    assert tuple(app.screen.get_at((round((x0 + x1) / 2), round((y0 + y1) / 2))))[:3] == LINE_RED


def test_plays_to_the_end_at_its_pace_and_changes_no_stat(app):
    friends_game(app)
    (rec,) = app.replays.list(ID)
    before = (app.profile.bests(), app.profile.totals(ID), app.profile.history(ID))
    s = shown(app, make_replay(app, rec))
    assert s.step_seconds(0) == 0.6 and all(0.4 <= s.step_seconds(i) <= 2.0 for i in range(s.last))
    frames(app, 1, events=click(BUTTONS["speed"].center))
    frames(app, 1, events=click(BUTTONS["speed"].center))
    frames(app, 1, events=click(BUTTONS["speed"].center))
    assert s.speed == 8.0
    settle(app, 2.0)
    assert s.i == s.last and not s.playing
    frames(app, 1, events=[mouse_down((TIMELINE.x + 1, TIMELINE.centery)), mouse_up((TIMELINE.x + 1,
                                                                                      TIMELINE.centery))])
    assert s.i == 0
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert (app.profile.bests(), app.profile.totals(ID), app.profile.history(ID)) == before


def test_gomoku_numbers_sit_on_the_stones(app):
    m = Match("gomoku", "friend")
    s = start(app, m)
    for i in range(4):
        frames(app, 2, events=click(s.view.center(7, 3 + i)))
        frames(app, 2, events=click(s.view.center(8, 3 + i)))
    frames(app, 2, events=click(s.view.center(7, 7)))
    assert s.match.winner == "X" and app.replays.flush()
    (rec,) = app.replays.list(ID)
    r = shown(app, make_replay(app, rec))
    frames(app, 1, events=[key(pygame.K_END)])
    settle(app, LINE_SECONDS + 0.1)
    assert r.hooks.caption(r.steps[-1])[0] == "Move 9: Player 1 (Black) wins with 5 in a row"
    x, y = r.hooks.view.center(8, 3)  # move 2: a white stone with a dark number
    px = [tuple(app.screen.get_at((x + dx, y + dy)))[:3] for dx in range(-4, 5) for dy in range(-5, 6)]
    assert (34, 34, 38) in px


def test_stats_lists_results_and_arcade_replay_file(app, tmp_path, capsys):
    friends_game(app)
    lst = replays_list(app, ID)
    assert [it.label for it in lst.list.items] == ["X won", "Back"]
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    assert isinstance(app.stack.top, ReplayScene)
    (rec,) = app.replays.list(ID)
    good = tmp_path / "ttt.replay"
    write_file(rec, good)
    replay_file_runs(good, tmp_path / "d")
    for name, change in {"moves": {"log": ["pM0", "pM0"], "t": [0, 0]}, "board": {"params": "9x9.ai.x.easy"},
                         "off": {"log": ["pM0", "pMz"], "t": [0, 1]}}.items():
        bad = type(rec)(rec.game, rec.score, rec.data | change)
        (tmp_path / name).write_text(bad.to_json())
        assert "tic-tac-toe" in refused_in_one_line(tmp_path / name, tmp_path / "d", capsys)


def test_play_from_here_sets_the_board_of_the_move_shown(app):
    friends_game(app)
    (rec,) = app.replays.list(ID)
    s = shown(app, make_replay(app, rec))
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    top = app.stack.top
    assert isinstance(top, sc.TicTacToeScene) and top.session.mode == "study"
    assert top.session.state.rows == s.steps[2].rows and top.session.state.moves == s.steps[2].moves
