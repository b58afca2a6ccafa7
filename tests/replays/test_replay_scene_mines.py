"""The Minesweeper scene leaves a replay of every finished game (best marked), the replay scene plays, steps, seeks
and exports it and changes no stat, the review card shows the luck and skill and jumps to a guess (pixels: the
rings), the end card's Review button opens it all, and `arcade replay FILE` opens good files and refuses bad ones
in one line."""
import time

import pygame

from arcade.engine.replays import read_file, write_file
from arcade.minesweeper import best_key, scene as sc, view as vw
from arcade.minesweeper.backend import Params
from arcade.minesweeper.replay import steps
from arcade.minesweeper.replay_scene import MinesReplay, make_replay
from arcade.minesweeper.screens import REPLAY_BUTTONS as BUTTONS, REPLAY_TIMELINE as TIMELINE
from arcade.minesweeper.view import GUESS_ORANGE, RISK_RED, SAFE_GREEN
from arcade.engine.replay_scene import SheetCard
from arcade.minesweeper.review import summarize
from helpers import click, frames, key, mouse_down, mouse_move, mouse_up, settle
from tests.replays.common import refused_in_one_line, replay_file_runs, replays_list, shown
from tests.minesweeper.test_scene import SyncWorker, centre
from tests.minesweeper.test_scene import start as start_game
from tests.replays.test_review_mines import SyncWorker as ReviewWorker


def won_game(app, seed=4):
    """A beginner game won by clicks (a flag on the way), a few frames between inputs."""
    app.seed = seed
    s = start_game(app, (Params(), None))
    frames(app, 1, events=click(centre(s, 4, 4)))
    mine = s.field.mine_cells()[0]
    frames(app, 6, events=click(centre(s, *mine), 3))
    for r, c in [(r, c) for r in range(9) for c in range(9) if not s.field.is_mine(r, c)]:
        if not s.field.is_open(r, c):
            frames(app, 3, events=click(centre(s, r, c)))
    assert s.field.state == "won"
    assert app.replays.flush()
    return s, s.field


def lost_game(app):
    """A 5 x 5 game: a forced guess (6.25 %, the safest there was), then a click on a cell that was certainly a
    mine while certain-safe cells were there."""
    layout = ["*....", ".....", ".....", "...*.", "....."]
    mines = tuple(r * 5 + c for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*")
    s = start_game(app, (Params(5, 5, 2, "safe"), None))
    s.elapsed = 0.5
    s.session.play(("O", 6, 500, mines))  # the first click: a 1 next to the corner mine
    s._start()
    frames(app, 4)
    frames(app, 4, events=click(centre(s, 4, 0)))  # floods the left and bottom
    frames(app, 4, events=click(centre(s, 3, 3)))  # boom
    assert s.field.state == "lost"
    assert app.replays.flush()
    return s, s.field


def opened(app, rec, review_worker=ReviewWorker):
    s = make_replay(app, rec)
    s.hooks.review_worker = review_worker
    return shown(app, s)


def test_a_won_game_leaves_a_best_replay_that_replays_exactly(app):
    s, f = won_game(app)
    (rec,) = app.replays.list("minesweeper")
    assert rec.best and s.new_best and app.profile.lowest(best_key("beginner")) is not None
    st = steps(rec.data)
    assert st[-1].state == "won" and st[-1].display == f.display() and st[0].opened == 0
    kinds = [x.kind for x in st[1:]]
    assert kinds[0] == "O" and "F" in kinds
    times = [x.ms for x in st[1:]]
    assert times == sorted(times) and times[-1] > 0  # the clock ran between the inputs


def test_a_lost_game_is_kept_too_and_the_demo_keeps_none(app):
    lost_game(app)
    (rec,) = app.replays.list("minesweeper")
    assert not rec.best and steps(rec.data)[-1].state == "lost" and rec.score < 100
    demo = sc.MinesScene(app, demo=True, make_worker=SyncWorker)
    app.stack.reset(demo, fade=False)
    settle(app, 3.0)
    assert app.replays.flush() and len(app.replays.list("minesweeper")) == 1


def test_plays_to_the_end_at_16x_and_lands_on_the_recorded_board(app):
    _, f = won_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    assert s.playing and s.i == 0
    s.speed_i = 5
    settle(app, 4.0)
    assert s.i == s.last and not s.playing
    s.hooks.view.finish()
    assert tuple(map(tuple, s.hooks.view.shown)) == tuple(map(tuple, f.display()))
    assert s.steps[-1].display == f.display()


def test_step_seek_speed_and_export(app):
    _, f = won_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    assert not s.playing
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert s.i == 2 and s.steps[2].kind == "F"
    frames(app, 1, events=[key(pygame.K_LEFT)])
    s.hooks.view.finish()
    assert s.i == 1 and tuple(map(tuple, s.hooks.view.shown)) == tuple(map(tuple, s.steps[1].display))
    x = TIMELINE.x + TIMELINE.w // 2
    frames(app, 1, events=[mouse_down((x, TIMELINE.centery)), mouse_move((TIMELINE.right - 1, TIMELINE.centery)),
                           mouse_up((TIMELINE.right - 1, TIMELINE.centery))])
    assert s.i >= s.last - 1
    frames(app, 1, events=click(BUTTONS["speed"].center))
    assert s.speed == 2.0
    path = s.export()
    assert path is not None and read_file(path) == rec and path.name.startswith("minesweeper-")


def test_the_pace_follows_the_recorded_times(app):
    _, f = won_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    gaps = [s.step_seconds(i) for i in range(s.last)]
    assert gaps[0] == 0.6 and all(0.15 <= g <= 2.0 for g in gaps)
    assert gaps[1] == max(0.15, (s.steps[2].ms - s.steps[1].ms) / 1000)


def test_a_replay_changes_no_best_and_no_stat(app):
    won_game(app)
    (rec,) = app.replays.list("minesweeper")
    before = (app.profile.bests(), app.profile.bests(lower=True), app.profile.totals("minesweeper"),
              app.profile.history("minesweeper"))
    s = opened(app, rec)
    s.speed_i = 5
    settle(app, 3.0)
    frames(app, 1, events=[key(pygame.K_v)])
    settle(app, 0.5)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.4)
    assert (app.profile.bests(), app.profile.bests(lower=True), app.profile.totals("minesweeper"),
            app.profile.history("minesweeper")) == before
    assert app.replays.flush() and len(app.replays.list("minesweeper")) == 1


def review_done(app, s):
    deadline = time.monotonic() + 60
    while not (s.reviewer is not None and s.reviewer.done) and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.002)
    assert s.reviewer.done and not s.reviewer.error


def test_the_review_card_shows_luck_and_skill_and_jumps_to_the_guess_with_rings(app):
    lost_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_v)])
    settle(app, 0.3)
    card = app.stack.top
    assert isinstance(card, SheetCard) and not s.playing
    review_done(app, s)
    frames(app, 1)
    summ = summarize(s.reviewer.moves)
    assert summ["guesses"] == 2 and summ["missed"] == 1 and summ["survival"] == 0.0 and summ["extra"] == 1.0
    worst, forced = card.worst()
    assert worst.cell == (3, 3) and worst.missed_safe and worst.risk == 1.0
    assert forced.cell == (4, 0) and forced.risk == forced.safest == 1 / 16 and not forced.missed_safe
    # the chart: the forced guess's bar in orange, the fatal one's in red
    ch = card.chart_area()
    assert tuple(app.screen.get_at((ch.x + ch.w // 4, ch.bottom - 1)))[:3] == GUESS_ORANGE
    assert tuple(app.screen.get_at((ch.x + 3 * ch.w // 4, ch.bottom - 1)))[:3] == RISK_RED
    frames(app, 1, events=click(card.row_rect(0).center))
    settle(app, 0.3)
    assert app.stack.top is s and s.i == worst.index and s.graded[s.i] == worst
    frames(app, 1)
    played = s.hooks.view.layout.cell_rect(3, 3)
    assert tuple(app.screen.get_at((played.x - 1, played.centery)))[:3] == RISK_RED  # the guess, framed red
    best = s.hooks.view.layout.cell_rect(*worst.best)
    ring = [tuple(app.screen.get_at((best.x - d, best.centery)))[:3] for d in range(1, 6)]
    assert SAFE_GREEN in ring  # the certain-safe cell that was missed, ringed green
    text, colour, _ = s.hooks.caption(s.steps[s.i])
    assert "certainly a mine" in text and colour == RISK_RED
    assert (worst.index, RISK_RED) in s.marks()


def test_the_end_cards_review_button_opens_the_replay_with_the_review(app):
    s, f = lost_game(app)
    settle(app, 2.5)  # the end card slides in
    rect = s.review_rect()
    assert rect is not None
    assert tuple(app.screen.get_at((rect.x + 6, rect.centery)))[:3] == vw.LOSS  # the button, drawn
    frames(app, 1, events=click(rect.center))
    settle(app, 0.4)
    card = app.stack.top
    assert isinstance(card, SheetCard) and isinstance(app.stack.scenes[-2].hooks, MinesReplay)
    review_done(app, card.rs)  # the real worker process
    assert summarize(card.rs.reviewer.moves)["guesses"] == 2
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.5)
    assert app.stack.top is s


def test_odds_overlay_in_the_replay(app):
    lost_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_p)])
    assert s.overlay and s.i == 2
    deadline = time.monotonic() + 30
    while 2 not in s.overlays and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.005)
    assert s.overlays[2][3][3] == 1.0 and s.overlays[2][3][4] == 0.0 and s.overlays[2][0][0] == 1.0
    frames(app, 1)
    r = s.hooks.view.layout.cell_rect(3, 4)  # covered: tinted
    assert tuple(app.screen.get_at((r.x + 3, r.y + 3)))[:3] != (205, 193, 180)


def test_stats_lists_minesweeper_replays_by_result(app):
    won_game(app)
    lost_game(app)
    lst = replays_list(app, "minesweeper")
    labels = [it.label for it in lst.list.items]
    assert sorted(x.split()[0] for x in labels[:2]) == ["Lost", "Won"] and labels[2] == "Back"
    won = next(i for i, x in enumerate(labels) if x.startswith("Won"))
    frames(app, 1, events=[key(pygame.K_DOWN)] * won + [key(pygame.K_RETURN)])
    settle(app, 0.3)
    assert isinstance(app.stack.top.hooks, MinesReplay) and steps(app.stack.top.replay.data)[-1].state == "won"


def test_arcade_replay_file_opens_and_bad_files_are_one_line(app, tmp_path, capsys):
    won_game(app)
    (rec,) = app.replays.list("minesweeper")
    good = tmp_path / "good.replay"
    write_file(rec, good)
    replay_file_runs(good, tmp_path / "d")
    first = rec.data["log"][0]
    cases = {"inputs.replay": type(rec)(rec.game, rec.score, rec.data | {"log": rec.data["log"] + ["pO0.0"],
                                                                         "t": rec.data["t"] + [10**6]}),
             "layout.replay": type(rec)(rec.game, rec.score, rec.data | {
                 "log": [first.split(":")[0] + ":" + "0" * 21] + rec.data["log"][1:]}),
             "size.replay": type(rec)(rec.game, rec.score, rec.data | {"params": "500x9m10"})}
    for name, bad in cases.items():
        (tmp_path / name).write_text(bad.to_json())
        assert "minesweeper" in refused_in_one_line(tmp_path / name, tmp_path / "d", capsys)


def test_make_replay_refuses_a_bad_record(app):
    import pytest

    won_game(app)
    (rec,) = app.replays.list("minesweeper")
    with pytest.raises(ValueError):
        make_replay(app, type(rec)(rec.game, rec.score, {"rows": 3}))
    assert steps(rec.data)[0].state == "ready"


def test_play_from_here_opens_the_board_of_the_input_shown(app):
    _, f = won_game(app)
    (rec,) = app.replays.list("minesweeper")
    s = opened(app, rec)
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    top = app.stack.top
    assert isinstance(top, sc.MinesScene) and top.session.mode == "study"
    assert "".join(top.session.state.display()) == s.steps[3].board and top.session.state.state == "playing"
