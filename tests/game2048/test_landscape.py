"""2048 in a wide window: the board at the left at full height, the score, buttons and AI panel in a column at its
right, the win / game-over panel and the hint over the board, the replay and its review laid out the same way; the
window turned mid-game lays everything out again and the game goes on. Each screen is measured as the player sees it
(readable at the smallest wide window, inside the canvas, no two texts on top of each other), in English and 简体中文."""
import time

import pygame
import pytest

from arcade.engine.app import MIN_LANDSCAPE, fit_canvas
from arcade.engine.session import Session
from arcade.engine.ui import colors
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE
from arcade.game2048 import hud, rules, scene as sc
from arcade.game2048.backend import BACKEND, Params, Position
from helpers import click, frames, key, mouse_down, mouse_move, mouse_up, settle
from readable import MIN_CONTRAST, MIN_PX, Canvas, drawn, install, overlapping

WIDE = (840, 560)  # the landscape canvas's own shape: the table as written (wider frames: tests/engine/test_fills_frame.py)
TALL = (480, 800)


@pytest.fixture
def measured(monkeypatch):
    install(monkeypatch)
    yield
    Canvas.meta.clear()


def wide_app(make_app, lang="en"):
    app = make_app(window=WIDE, seed=5)
    app.profile.set("help.2048", True)  # no first-launch card
    if lang != "en":
        app.set_setting("language", lang)
    assert app.size == LANDSCAPE_SIZE
    return app


def play(app, **options):
    """The 2048 scene as the menu makes it."""
    s = app.registry["2048"].make_scene(app, resume=False, **options)
    app.stack.reset(s, fade=False)
    settle(app, 0.4)
    return s


def prepared(app, rows, seed=1):
    """A game from ``rows`` (its later tiles from the seed) on screen."""
    grid = tuple(tuple(r) for r in rows)
    won = any(v >= 2048 for r in grid for v in r)
    game = Session(BACKEND, Params(len(rows)), seed,
                   start=Position(grid, 0, won, not rules.can_move(grid)))
    s = sc.Game2048Scene(app, session=game)
    app.stack.reset(s, fade=False)
    settle(app, 0.4)
    return s


def problems(app) -> list:
    """What a player could not read on the screen now: text too small at the smallest wide window, too faint, cut
    by the canvas's edge, or on top of another text."""
    canvas = drawn(app)
    assert canvas.pieces, "no text measured"
    scale = fit_canvas(MIN_LANDSCAPE, app.size).scale
    bad = [f"{p.text!r} {p.size} px" for p in canvas.pieces if p.size * scale < MIN_PX - 1e-9]
    bad += [f"{p.text!r} {p.colour} on {p.background} {p.contrast:.2f}:1" for p in canvas.pieces
            if p.contrast < MIN_CONTRAST]
    bad += [f"{p.text!r} cut at {tuple(p.rect)}" for p in canvas.pieces if p.cut]
    bad += [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
    return bad


# ----------------------------------------------------------------------------------------------------- the layout
def test_the_board_takes_the_height_and_the_hud_stands_in_a_column_at_its_right(make_app):
    app = wide_app(make_app)
    s = play(app)
    b = s.view.rect
    assert b.h >= 500 and b.h > hud.LAYOUT["board"].h  # bigger than the portrait board
    assert b.left <= 30 and b.top >= 0 and b.bottom <= LANDSCAPE_SIZE[1]
    column = [s.layout[k] for k in ("goal", "score", "best", "new", "undo", "auto", "hint", "panel", "footer")]
    assert all(r.left > b.right and r.right <= LANDSCAPE_SIZE[0] and r.bottom <= LANDSCAPE_SIZE[1] for r in column)
    buttons = [s.layout[k] for k in hud.BUTTONS]
    assert not any(a.colliderect(c) for i, a in enumerate(buttons) for c in buttons[i + 1:])
    assert s.layout["score"].bottom < s.layout["new"].top < s.layout["panel"].top
    frames(app, 1)
    screen = app.screen
    assert screen.get_at((b.x + 4, b.bottom - 40))[:3] == tuple(colors.BOARD)[:3]  # the board reaches down there
    assert screen.get_at(s.layout["new"].move(0, -18).center)[:3] == tuple(colors.BUTTON)[:3]


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7, 8])
def test_every_board_size_fits_the_wide_board_and_its_end_panel(make_app, size):
    app = wide_app(make_app)
    s = play(app, size=size)
    assert s.game.size == size and s.view.size == size
    board = hud.LANDSCAPE["board"]
    assert board.contains(s.view.rect) and s.view.rect.w == board.w
    last = s.view.cell_rect(size - 1, size - 1)
    assert s.view.rect.contains(last) and s.view.rect.right - last.right < s.view.tile_px / 3
    for won, over in ((True, False), (False, True)):
        assert all(board.contains(r) for r in hud.end_buttons(won, over, s.layout).values())


# ----------------------------------------------------------------------------------------------------- the buttons
def test_the_column_buttons_do_what_they_say(make_app):
    app = wide_app(make_app)
    s = play(app)
    L = s.layout
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1, events=[key(pygame.K_DOWN)])
    settle(app, 0.4)
    moved = s.game.moves
    assert moved >= 1
    frames(app, 1, events=click(L["undo"].center))
    assert s.game.moves == moved - 1
    frames(app, 1, events=click(L["auto"].center))
    assert s.ai.autoplay and s.panel_open
    frames(app, 1, events=click(L["auto"].center))  # now "Stop"
    assert not s.ai.autoplay
    s.panel_open = False
    frames(app, 1, events=click(L["hint"].center))
    assert s.panel_open
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    settle(app, 0.4)
    assert s.game.moves >= 1
    frames(app, 1, events=click(L["new"].center))
    assert s.game.moves == 0


def test_a_press_where_the_portrait_buttons_were_is_on_the_board_and_swipes(make_app):
    app = wide_app(make_app)
    s = prepared(app, ((0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    x, y = hud.LAYOUT["new"].center  # the portrait "New Game": the wide board's top-left cells
    assert s.view.rect.collidepoint(x, y)
    frames(app, 1, events=[mouse_down((x, y)), mouse_move((x + 80, y), buttons=(1, 0, 0)), mouse_up((x + 80, y))])
    assert s.game.moves == 1 and s.game.grid[1][3] == 2  # a swipe right, not a new game


def test_the_end_panel_is_over_the_board_and_its_buttons_work(make_app):
    app = wide_app(make_app)
    s = prepared(app, ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 8)))
    assert s.game.over
    settle(app, 2.5)
    buttons = s.panel_buttons()
    assert set(buttons) == {"review", "again"} and all(s.view.rect.contains(r) for r in buttons.values())
    veil = app.screen.get_at((s.view.rect.x + 3, s.view.rect.bottom - 4))[:3]
    assert veil != tuple(colors.BOARD)[:3]  # the veil covers the board ...
    assert app.screen.get_at((s.layout["score"].centerx, s.layout["score"].y + 4))[:3] == tuple(colors.BUTTON)[:3]
    frames(app, 1, events=click(buttons["again"].center))  # ... and "Try again" starts a new game
    assert not s.game.over and s.game.moves == 0


def test_a_win_offers_keep_going_over_the_board(make_app):
    app = wide_app(make_app)
    s = prepared(app, ((1024, 1024, 0, 0), (0,) * 4, (0,) * 4, (0, 0, 0, 2)))
    frames(app, 1, events=[key(pygame.K_LEFT)])
    settle(app, 2.5)
    assert s.game.won and not s.game.keep_playing
    keep = s.panel_buttons()["keep"]
    assert s.view.rect.contains(keep)
    frames(app, 1, events=click(keep.center))
    assert s.game.keep_playing


def test_the_hint_arrow_is_drawn_over_the_wide_board_and_in_proportion(make_app):
    app = wide_app(make_app)
    s = prepared(app, ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (2, 0, 0, 2)))
    frames(app, 1)
    c = s.view.rect.center
    plain = app.screen.copy()
    s.ai.hint, s.ai.hint_for = "left", s.game.grid
    frames(app, 1)
    arrow = app.screen
    changed = [(x, y) for x in range(0, LANDSCAPE_SIZE[0], 4) for y in range(0, LANDSCAPE_SIZE[1], 4)
               if arrow.get_at((x, y)) != plain.get_at((x, y))]
    assert changed and all(s.view.rect.collidepoint(p) for p in changed)
    xs = [p[0] for p in changed]
    assert min(xs) < c[0] - 50 < c[0] + 50 < max(xs)  # about the board's centre
    assert max(xs) - min(xs) >= 120 * s.view.rect.w / hud.LAYOUT["board"].w - 8  # scaled with the board


def test_the_float_rises_out_of_the_score_box_into_the_gap_above_it():
    h = hud.Hud(hud.LANDSCAPE)
    L = hud.LANDSCAPE
    h.add_float(131072)
    seen = []
    for _ in range(40):
        for r, _lab, k in h.float_rects():
            assert pygame.Rect(0, 0, *LANDSCAPE_SIZE).contains(r)
            assert not r.colliderect(L["goal"]) and not r.colliderect(L["best"]) and not r.colliderect(L["new"])
            seen.append(r.centery)
        h.update(1 / 60)
    assert L["score"].top < seen[0] < L["score"].bottom and seen[-1] < L["score"].top


# ----------------------------------------------------------------------------------------------------- readable in play
@pytest.mark.parametrize("text", [1.0, 1.5], ids=["text100", "text150"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_wide_screens_in_play_are_readable(make_app, measured, monkeypatch, lang, text):
    from arcade.engine import i18n
    from arcade.game2048.autoplay import AIController
    from arcade.game2048.review import MoveReview

    app = wide_app(make_app, lang)
    app.set_setting("text_size", text)
    try:
        bad = []
        s = play(app)
        for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN):
            frames(app, 1, events=[key(k)])
            settle(app, 0.3)
        settle(app, 0.7)  # the last "+N" has risen away (it starts on the score, as the original's does)
        bad += [f"playing: {p}" for p in problems(app)]
        s.coach.last, s.coach.shown = MoveReview(4, "down", "left", {}, 0.021, "inaccuracy"), 0.0
        bad += [f"coach: {p}" for p in problems(app)]
        s.coach.last = None
        frames(app, 1, events=[key(pygame.K_i)])
        with monkeypatch.context() as m:
            m.setattr(AIController, "warming", property(lambda self: True))
            bad += [f"AI panel, starting: {p}" for p in problems(app)]
        with monkeypatch.context() as m:  # a decision about the board on screen: the bars and every figure
            from arcade.game2048.ai.player import Decision

            d = Decision("left", {"up": 1.0, "down": None, "left": 3.0, "right": 2.0}, nodes=5_500_000, depth=12,
                         elapsed=1.0, strategy="montecarlo", path="general", iterations=12_345)
            m.setattr(AIController, "decision_about", lambda self, grid: d)
            m.setattr(AIController, "pending", None, raising=False)
            bad += [f"AI panel, its figures: {p}" for p in problems(app)]
        s.ai.error = "the worker stopped: it is started again at the next move"
        bad += [f"AI panel, an error: {p}" for p in problems(app)]
        s.ai.error = ""
        frames(app, 1, events=[key(pygame.K_i)])
        s.ai.hint, s.ai.hint_for = "left", s.game.grid
        bad += [f"hint: {p}" for p in problems(app)]
        over = prepared(app, ((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 4, 8)))
        assert over.game.over
        settle(app, 2.5)
        bad += [f"game over: {p}" for p in problems(app)]
        won = prepared(app, ((1024, 1024, 0, 0), (0,) * 4, (0,) * 4, (0, 0, 0, 2)))
        frames(app, 1, events=[key(pygame.K_LEFT)])
        settle(app, 2.5)
        assert won.game.won
        bad += [f"won: {p}" for p in problems(app)]
        assert not bad, "\n".join(bad)
    finally:
        i18n.set_language("en")


# ----------------------------------------------------------------------------------------------------- turning
def test_turning_the_window_mid_game_lays_out_again_and_the_game_goes_on(make_app):
    app = wide_app(make_app)
    s = play(app)
    for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
        frames(app, 1, events=[key(k)])
        settle(app, 0.3)
    s.panel_open = True
    frames(app, 1, events=[key(pygame.K_DOWN)])
    assert s.view.busy  # mid-animation
    grid, score, moves, floats = s.game.grid, s.game.score, s.game.moves, list(s.hud.floats)
    app.window.size = TALL
    frames(app, 2)
    assert app.size == LOGICAL_SIZE and app.stack.top is s
    tall = hud.layout_for(app.frame_size)  # (the window keeps the wide one's least width: a wider frame)
    assert s.layout is tall and s.hud.layout is tall and not hud.is_wide(tall)
    assert s.view.rect == tall["board"] and s.view.rect.size == hud.LAYOUT["board"].size and s.view.tile_px < 120
    assert (s.game.grid, s.game.score, s.game.moves) == (grid, score, moves) and s.panel_open
    assert [p for _, p in s.hud.floats] == [p for _, p in floats]
    settle(app, 0.4)
    assert not s.view.busy and s.view.grid == s.game.grid  # the animation ran to its end on the new board
    assert app.screen.get_size() == LOGICAL_SIZE
    assert app.framed.get_at((tall["board"].x + 3, tall["board"].bottom - 30))[:3] == tuple(colors.BOARD)[:3]
    frames(app, 1, events=click(tall["undo"].center))  # the portrait buttons answer
    assert s.game.moves == moves - 1
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    settle(app, 0.4)
    moves = s.game.moves
    app.window.size = (1280, 1000)  # wider than tall enough: the wide canvas again
    frames(app, 2)
    wide = hud.layout_for(app.frame_size)
    assert app.size == LANDSCAPE_SIZE and s.layout is wide and s.view.rect == wide["board"] and hud.is_wide(wide)
    assert s.game.moves == moves and s.view.grid == s.game.grid
    frames(app, 1, events=click(wide["new"].center))
    assert s.game.moves == 0


def test_the_hint_follows_the_board_when_the_window_turns(make_app):
    app = wide_app(make_app)
    s = prepared(app, ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (2, 0, 0, 2)))
    s.ai.hint, s.ai.hint_for = "up", s.game.grid
    app.window.size = TALL
    frames(app, 2)
    fw, fh = app.frame_size  # the game is drawn on the whole frame
    board = hud.layout_for(app.frame_size)["board"]
    plain = pygame.Surface((fw, fh))
    s.ai.hint = None
    s.draw(plain)
    s.ai.hint = "up"
    hinted = pygame.Surface((fw, fh))
    s.draw(hinted)
    changed = [(x, y) for x in range(0, fw, 4) for y in range(0, fh, 4) if hinted.get_at((x, y)) != plain.get_at((x, y))]
    assert changed and all(board.collidepoint(p) for p in changed)
    mid = (sum(x for x, _ in changed) / len(changed), sum(y for _, y in changed) / len(changed))
    assert abs(mid[0] - board.centerx) < 12 and abs(mid[1] - board.centery) < 40


# ----------------------------------------------------------------------------------------------------- replay
def finished_game(app):
    """A 3x3 game played to its end on the wide screen, its end panel shown."""
    s = play(app, size=3)
    for _ in range(80):
        for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN):
            frames(app, 1, events=[key(k)])
            s.view.finish()
        if s.game.over:
            break
    assert s.game.over
    settle(app, 2.5)
    return s


def open_review(app, s):
    """The end panel's Review: the replay, its review card on top once the AI is done."""
    from arcade.engine.replay_scene import ReplayScene

    frames(app, 1, events=click(s.panel_buttons()["review"].center))
    deadline = time.monotonic() + 60
    replay = None
    while time.monotonic() < deadline:
        frames(app, 1)
        replay = next((x for x in app.stack.scenes if isinstance(x, ReplayScene)), None)
        if replay is not None and replay.ready and replay.reviewer is not None and replay.reviewer.done:
            break
        time.sleep(0.01)
    frames(app, 2)
    assert replay is not None and replay.reviewer.done
    return replay


def test_the_replay_and_its_review_are_laid_out_for_the_wide_screen(make_app, measured):
    from arcade.engine.replay_scene import SheetCard
    from arcade.game2048 import replay_scene as rs

    app = wide_app(make_app)
    s = finished_game(app)
    replay = open_review(app, s)
    card = app.stack.top
    assert isinstance(card, SheetCard) and card.wide
    assert card.dim.surface.get_size() == app.framed.get_size()
    worst = card.worst()
    assert worst, "a 3x3 game played blindly has costly moves"
    rows = [card.row_rect(k) for k in range(min(5, len(worst)))]
    assert all(r.left > card.table["chart"].right for r in rows)  # the costliest moves at the right of the chart
    assert not problems(app), problems(app)
    frames(app, 1, events=click(rows[0].center))  # a costly move: the replay at the board it led to
    frames(app, 1)
    assert app.stack.top is replay and replay.i == worst[0].index
    # the replay: the board at the left at full height, the controls in the column at its right
    assert replay.hooks.view.rect == hud.LANDSCAPE["board"]
    assert all(r.left > replay.hooks.view.rect.right for r in replay.BUTTONS.values())
    assert replay.TIMELINE.left > replay.hooks.view.rect.right and replay.TIMELINE.right <= LANDSCAPE_SIZE[0]
    assert replay.BUTTONS is rs.WIDE_BUTTONS
    frames(app, 1)
    assert not problems(app), problems(app)
    i = replay.i
    frames(app, 1, events=click(replay.BUTTONS["back"].center))
    assert replay.i == i - 1 and not replay.playing
    frames(app, 1, events=click(replay.BUTTONS["fwd"].center))
    assert replay.i == i
    speed = replay.speed
    frames(app, 1, events=click(replay.BUTTONS["speed"].center))
    assert replay.speed != speed
    tl = replay.TIMELINE
    frames(app, 1, events=[mouse_down((tl.x + 1, tl.centery)), mouse_up((tl.x + 1, tl.centery))])
    assert replay.i == 0
    frames(app, 1, events=click(replay.BUTTONS["play"].center))
    assert replay.playing
    frames(app, 1, events=click(replay.BUTTONS["play"].center))
    assert not replay.playing
    frames(app, 1, events=[mouse_down((tl.right - 1, tl.centery)), mouse_up((tl.right - 1, tl.centery))])
    assert replay.i == replay.last


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_replay_turns_with_the_window_and_keeps_its_place(make_app, measured, lang):
    from arcade.engine import i18n
    from arcade.game2048 import replay_scene as rs

    app = wide_app(make_app, lang)
    try:
        s = finished_game(app)
        replay = open_review(app, s)
        card = app.stack.top
        app.window.size = TALL
        frames(app, 2)
        assert not card.wide and card.dim.surface.get_size() == app.framed.get_size()
        assert card.row_rect(0) == pygame.Rect(40, 474, 400, 40)  # the portrait card's rows
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        frames(app, 1)
        assert app.stack.top is replay
        frames(app, 1, events=[key(pygame.K_END)])
        last = replay.i
        assert last == replay.last and last > 0
        assert replay.BUTTONS is rs.BUTTONS and replay.TIMELINE is rs.TIMELINE
        assert replay.hooks.view.rect == hud.LAYOUT["board"]
        frames(app, 1, events=click(rs.BUTTONS["back"].center))
        assert replay.i == last - 1
        app.window.size = WIDE
        frames(app, 2)
        assert replay.i == last - 1 and replay.hooks.view.rect == hud.LANDSCAPE["board"]
        assert replay.BUTTONS is rs.WIDE_BUTTONS
        assert not problems(app), problems(app)
        frames(app, 1, events=click(rs.WIDE_BUTTONS["fwd"].center))
        assert replay.i == last
        assert not problems(app), problems(app)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("text", ["Shift+A autoplay  ·  Shift+H hint  ·  I the AI panel",
                                  "starting the AI (its first start compiles the search)...",
                                  "正在启动 AI（第一次启动要编译搜索）……", "Shift+A 自动  ·  Shift+H 提示  ·  I AI 面板"])
def test_the_column_wraps_long_lines_between_parts_words_and_characters(text):
    from arcade.engine import assets
    from arcade.engine.ui.text import wrap_lines

    pygame.font.init()
    lines = wrap_lines(text, 236, 15, "medium", hud.PARTS)
    font = assets.font_for(text, 15, "medium")
    assert len(lines) >= 2 and all(font.size(line)[0] <= 236 for line in lines)
    assert "".join(lines).replace(" ", "").replace("·", "") == text.replace(" ", "").replace("·", "")  # all kept
