"""Minesweeper in a wide window (800x480): drawn on the landscape canvas and laid out for it, on the player's way
from the menu. The board is at the left at full height with the HUD, the picker and the buttons in a column at its
right (expert, kept 16 wide and 30 tall, is shown 30 wide under a bar); every button does what it says where it is
drawn; the window turning mid-game lays everything out again and the game goes on; the custom card, the end card,
the replay and the review are laid out for the wide canvas; every text reads, in English and in Chinese."""
import pygame
import pytest

from arcade.engine.app import MIN_LANDSCAPE, fit_canvas
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE
from arcade.engine.replay_scene import CARDS, SheetCard
from arcade.minesweeper import hud as mhud, replay_scene as rs, scene as sc, screens as places, view as vw
from arcade.engine.ui import text as ui_text
from arcade.minesweeper.custom import CustomOverlay
from arcade.minesweeper.field import CUSTOM_HEIGHT, CUSTOM_WIDTH, FLAG, LEVELS, max_custom_mines
from helpers import click, frames, key, mouse_down, mouse_move, mouse_up, settle
from readable import MIN_CONTRAST, MIN_PX, Canvas, drawn, install, overlapping
from tests.minesweeper.conftest import from_the_menu
from tests.minesweeper.test_readable import screens
from tests.replays.test_review_mines import SyncWorker as ReviewWorker

SCALE = fit_canvas(MIN_LANDSCAPE, LANDSCAPE_SIZE).scale  # the smallest wide window's
CANVAS = pygame.Rect((0, 0), LANDSCAPE_SIZE)


@pytest.fixture
def measured(monkeypatch):
    install(monkeypatch)
    yield
    Canvas.meta.clear()


@pytest.fixture
def wide(make_app, monkeypatch):
    """Minesweeper from the menu in a wide window, its first-run help card read and closed."""
    app = make_app(window=(840, 560))
    assert app.size == LANDSCAPE_SIZE and app.landscape
    from_the_menu(app, monkeypatch)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    s = app.stack.top
    assert isinstance(s, sc.MinesScene) and s.field.level_name == "beginner"
    return app, s


def problems(canvas) -> list[str]:
    """Every broken rule of the texts on ``canvas``: too small at the smallest wide window, too faint, off the
    canvas, on top of another."""
    bad = [f"{p.text!r} at {p.size} px" for p in canvas.pieces if p.size * SCALE < MIN_PX - 1e-9]
    bad += [f"{p.text!r}: {p.colour} on {p.background}: {p.contrast:.2f}:1" for p in canvas.pieces
            if p.contrast < MIN_CONTRAST]
    bad += [f"{p.text!r} runs off the canvas at {tuple(p.rect)}" for p in canvas.pieces if p.cut]
    return bad + [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas)]


def hud_rects(s) -> list:
    h = s.hud
    return [h.counter_rect, h.timer_rect, h.face_rect, *h.picker_rects.values(), *h.button_rects().values()]


def pixel(app, pos):
    return tuple(app.screen.get_at(pos))[:3]


def test_beginner_uses_the_height_with_the_hud_in_a_column_at_its_right(wide):
    app, s = wide
    lay = s.view.layout
    assert s.hud.screen.base is places.SIDE and lay.cell == 56  # as large as cells go
    assert lay.frame.h >= 0.9 * LANDSCAPE_SIZE[1] and CANVAS.contains(lay.frame)
    rects = hud_rects(s)
    assert all(CANVAS.contains(r) for r in rects)
    assert all(r.x > lay.frame.right for r in rects)  # everything else at the board's right
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:] if a is not b)
    # the board is drawn where input finds its cells: a click opens the cell under it
    target = lay.cell_rect(4, 4)
    frames(app, 1, events=click(target.center))
    settle(app, 0.6)
    assert s.field.is_open(4, 4) and s.field.state == "playing"
    assert pixel(app, (target.x + target.w // 2, target.y + 3)) != vw.COVERED_HI


def test_the_columns_buttons_and_chips_do_what_they_say(wide):
    app, s = wide
    buttons = s.hud.button_rects()
    assert buttons["pause"].bottom > buttons["hint"].bottom and buttons["pause"].right > buttons["hint"].right
    frames(app, 1, events=click(buttons["odds"].center))
    frames(app, 1)
    assert s.odds_on
    assert pixel(app, (buttons["odds"].x + 4, buttons["odds"].centery)) == tuple(vw.colors.GOLD)[:3]
    frames(app, 1, events=click(buttons["odds"].center))
    assert not s.odds_on
    frames(app, 1, events=click(s.hud.picker_rects["level:intermediate"].center))
    frames(app, 1)
    assert (s.field.rows, s.field.cols) == (16, 16) and s.hud.screen.base is places.SIDE
    assert s.view.layout.cell == 33 and s.view.layout.frame.h >= 0.9 * LANDSCAPE_SIZE[1]
    frames(app, 1, events=click(s.hud.picker_rects["noguess"].center))
    assert s.no_guess
    frames(app, 1, events=click(s.hud.picker_rects["noguess"].center))
    frames(app, 1, events=click(s.hud.picker_rects["level:custom"].center))
    frames(app, 1)
    assert isinstance(app.stack.top, CustomOverlay)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    assert s.field.state == "playing"
    frames(app, 1, events=click(s.hud.face_rect.center))
    assert s.field.state == "ready"
    frames(app, 1, events=click(buttons["pause"].center))
    settle(app, 0.3)
    assert app.stack.top is not s and app.stack.top.overlay  # the pause card
    mute = pygame.Rect(*s.mute_at, 14, 14)
    assert CANVAS.contains(mute) and not any(mute.colliderect(r) for r in hud_rects(s))


def test_expert_is_shown_thirty_wide_with_the_biggest_cells_that_fit(wide):
    app, s = wide
    frames(app, 1, events=click(s.hud.picker_rects["level:expert"].center))
    frames(app, 1)
    f, lay = s.field, s.view.layout
    assert (f.rows, f.cols) == LEVELS["expert"][:2] == (30, 16)  # the field is kept 16 wide ...
    assert lay.turned and lay.board.size == (30 * lay.cell, 16 * lay.cell)  # ... and shown 30 wide
    assert lay.cell == 26 and s.hud.screen.base is places.WIDE and CANVAS.contains(lay.frame)
    assert all(lay.frame.top >= r.bottom or lay.frame.bottom <= r.top for r in hud_rects(s))
    # the cell in the 21st column of the 3rd row on screen is the field's row 20, column 2, for clicks ...
    rect = pygame.Rect(lay.board.x + 20 * lay.cell, lay.board.y + 2 * lay.cell, lay.cell, lay.cell)
    assert lay.cell_rect(20, 2) == rect and lay.cell_at(rect.center) == (20, 2)
    frames(app, 1, events=click(rect.center, 3))
    assert s.field.mark(20, 2) == FLAG
    frames(app, 1)
    assert pixel(app, (rect.x + round(rect.w * 0.4), rect.y + round(rect.h * 0.38))) == vw.FLAG_RED
    # ... and for the keys: Right moves the cursor a column to the right on screen
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    before = tuple(s.cursor)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert tuple(s.cursor) == (before[0] + 1, before[1])
    frames(app, 1, events=[key(pygame.K_DOWN)])
    assert tuple(s.cursor) == (before[0] + 1, before[1] + 1)
    frames(app, 1)
    cur = lay.cell_rect(*s.cursor)
    assert pixel(app, (cur.centerx, cur.y - 1)) == (40, 110, 220)  # the cursor's ring drawn round that cell
    # the status names the cell as the player sees it
    s.hint = (s.key, (20, 2), "why")
    assert s.status()[0].startswith("Hint: row 3, column 21")


def test_turning_the_window_mid_game_lays_out_again_and_the_game_goes_on(wide):
    app, s = wide
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    frames(app, 2)
    flag = next((r, c) for r in range(9) for c in range(9) if not s.field.is_open(r, c))
    frames(app, 1, events=click(s.view.layout.cell_rect(*flag).center, 3))
    assert s.field.mark(*flag)
    display, clock = s.field.display(), s.elapsed
    s.view.set_display(display, origin=(0, 0))  # a ripple under way ...
    s.view.pending = [[0.5, 0, 0]]
    s.view.shown[0][0] = "#"
    hold = s.view.layout.cell_rect(*flag).center
    app.window.size = (1280, 1000)  # still wider than tall: the same canvas
    frames(app, 2)
    assert app.size == LANDSCAPE_SIZE and s.hud.screen.base is places.SIDE
    app.window.size = (480, 800)
    frames(app, 2)
    assert app.size == LOGICAL_SIZE and app.screen.get_size() == LOGICAL_SIZE
    roomy = places.ROOMY.placed(app.frame_size)  # (the window keeps the wide one's least width: a wider frame)
    assert s.hud.screen is roomy and s.view.layout.board == vw.Layout(9, 9, roomy.board).board
    assert s.hud.button_rects()["hint"] == mhud.Hud(roomy).button_rects()["hint"]  # the portrait row, placed
    assert s.field.display() == display and s.field.state == "playing" and s.elapsed > clock
    assert s.view.pending  # ... still under way, then shown
    settle(app, 0.6)
    assert not s.view.pending and s.view.shown[0][0] == display[0][0]
    frames(app, 1, events=click(s.view.layout.cell_rect(*flag).center, 3))  # the portrait cell is found
    assert not s.field.mark(*flag)
    assert hold != s.view.layout.cell_rect(*flag).center
    # back to the wide window: a button held down is released where it is now
    app.window.size = (840, 560)
    frames(app, 2)
    assert app.size == LANDSCAPE_SIZE and s.hud.screen.base is places.SIDE and s.view.layout.cell == 56
    cell = next((r, c) for r in range(9) for c in range(9) if not s.field.is_open(r, c) and not s.field.mark(r, c)
                and not s.field.is_mine(r, c))
    frames(app, 1, events=[mouse_down(s.view.layout.cell_rect(*cell).center)])
    assert s.left_down == cell and s.face() == "oh"
    app.window.size = (480, 800)
    frames(app, 2)
    frames(app, 1, events=[mouse_up(s.view.layout.cell_rect(*cell).center)])
    assert s.field.is_open(*cell)


def test_expert_turns_with_the_window_and_keeps_its_cursor(wide):
    app, s = wide
    frames(app, 1, events=[key(pygame.K_3)])
    frames(app, 1, events=click(s.view.layout.cell_rect(15, 8).center))
    settle(app, 0.6)
    frames(app, 1, events=[key(pygame.K_LEFT)])
    cursor, display = tuple(s.cursor), s.field.display()
    assert s.view.layout.turned
    app.window.size = (480, 800)
    frames(app, 2)
    lay = s.view.layout
    assert not lay.turned and s.hud.screen.base is places.TALL and lay.cell == 22  # as the portrait expert always was
    assert lay.board.size == (16 * 22, 30 * 22) and tuple(s.cursor) == cursor and s.field.display() == display
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert tuple(s.cursor) == (cursor[0], cursor[1] + 1)  # the field's columns run across in portrait
    app.window.size = (840, 560)
    frames(app, 2)
    # (the window keeps the portrait one's least height: a taller frame, its room the board's)
    assert s.view.layout.turned and s.view.layout.cell >= 26 and s.hud.screen.base is places.WIDE


def every_custom_size():
    return [(w, h) for w in range(CUSTOM_WIDTH[0], CUSTOM_WIDTH[1] + 1)
            for h in range(CUSTOM_HEIGHT[0], CUSTOM_HEIGHT[1] + 1)]


def test_every_custom_size_fits_the_wide_canvas():
    """The 560-pixel height holds 29 rows of 18-pixel cells; the tallest custom fields (30 to 35 rows) get cells
    of 15 to 17 pixels, their numbers still 13 px, the odds told by the shading and the bubble."""
    for w, h in every_custom_size():
        screen = vw.screen_for(h, w, LANDSCAPE_SIZE)
        lay = vw.Layout(h, w, screen.board)
        hud = mhud.Hud(screen)
        assert lay.cell >= (18 if h <= 29 else 15), (w, h, lay.cell)
        assert screen.board.contains(lay.frame) and CANVAS.contains(lay.frame)
        assert not any(lay.frame.colliderect(r) for r in (*hud.picker_rects.values(), *hud.button_rects().values(),
                                                           hud.counter_rect, hud.timer_rect, hud.face_rect))
        size = vw.number_font(lay.cell)
        assert size >= vw.MIN_TEXT and vw.assets.font_for("8", size, "bold").size("8")[1] <= lay.cell + 3
    assert vw.Layout(35, 25, vw.screen_for(35, 25, LANDSCAPE_SIZE).board).cell == 15


def test_the_tallest_custom_field_in_play(wide):
    app, s = wide
    s.start_custom(CUSTOM_WIDTH[1], CUSTOM_HEIGHT[1], max_custom_mines(25, 35) // 8)
    frames(app, 1)
    lay = s.view.layout
    assert (s.field.rows, s.field.cols) == (35, 25) and not lay.turned and lay.cell == 15
    assert CANVAS.contains(lay.frame) and all(r.x > lay.frame.right for r in hud_rects(s))
    frames(app, 1, events=click(lay.cell_rect(34, 24).center))
    assert s.field.is_open(34, 24)


def test_the_custom_card_is_centred_and_follows_the_window(wide):
    app, s = wide
    frames(app, 1, events=[key(pygame.K_4)])
    frames(app, 1)
    card = app.stack.top
    assert isinstance(card, CustomOverlay)
    assert card.CARD.center == CANVAS.center and CANVAS.contains(card.CARD)
    w = card.values[0]
    frames(app, 1, events=click(card.parts(0)["plus"].center))
    assert card.values[0] == w + 1
    app.window.size = (480, 800)
    frames(app, 2)
    assert card.CARD == CustomOverlay.CARD and card.dim.surface.get_size() == app.framed.get_size()
    assert card.values[0] == w + 1  # what was chosen stays
    frames(app, 1, events=click(card.parts(0)["plus"].center))
    assert card.values[0] == w + 2
    app.window.size = (840, 560)
    frames(app, 2)
    assert card.CARD.center == CANVAS.center and card.dim.surface.get_size() == app.framed.get_size()
    frames(app, 1, events=click(card.start_rect.center))
    frames(app, 1)
    assert app.stack.top is s and s.field.cols == w + 2


def won(app, s):
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    for r in range(9):
        for c in range(9):
            if not s.field.is_mine(r, c) and not s.field.is_open(r, c):
                s.open_cell(r, c)
    settle(app, 2.5)
    assert s.field.state == "won"


def test_the_end_card_sits_over_the_board_and_its_review_button_opens_the_replay(wide, monkeypatch):
    app, s = wide
    monkeypatch.setattr(rs.MinesReplay, "reviewer",
                        lambda self, steps: rs.Reviewer(steps, self.mines, make_worker=ReviewWorker))
    won(app, s)
    review = s.review_rect()
    card = mhud.banner_card(len(s._banner_lines()[1]), 1.0, True, s.hud.screen)
    assert card.center == s.view.layout.frame.center and s.view.layout.frame.contains(card)
    assert card.contains(review)
    frames(app, 1, events=click(review.center))
    settle(app, 0.5)
    top = app.stack.top
    assert isinstance(top, SheetCard) and top.frame == CARDS[1]["frame"] and CANVAS.contains(top.frame)
    for _ in range(20):
        frames(app, 2)
    player = top.rs
    assert player.reviewer is not None and player.reviewer.done
    assert all(top.frame.contains(r) and r.x > top.table["body"].right for r in map(top.row_rect, range(5)))
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert app.stack.top is player and player.layout is places.REPLAY_SIDE_TABLE
    # the replay's controls in the column at the board's right work where they are drawn
    assert all(b.x > player.hooks.view.layout.frame.right for b in player.BUTTONS.values())
    assert player.TIMELINE.x > player.hooks.view.layout.frame.right
    frames(app, 1, events=[key(pygame.K_HOME)])
    frames(app, 1, events=click(player.BUTTONS["fwd"].center))
    assert player.i == 1 and not player.playing
    tl = player.TIMELINE
    frames(app, 1, events=click((tl.right - 1, tl.centery)))
    assert player.i == player.last
    app.window.size = (480, 800)
    frames(app, 2)
    assert player.BUTTONS == places.REPLAY_BUTTONS and player.TIMELINE == places.REPLAY_TIMELINE
    assert player.layout is places.REPLAY_TABLE
    assert player.hooks.view.layout.board == vw.Layout(9, 9, places.REPLAY.board).board and player.i == player.last
    frames(app, 1, events=click(player.BUTTONS["back"].center))
    assert player.i == player.last - 1


def wide_screens(app, s, monkeypatch):
    """The game's screens in play (tests/minesweeper/test_readable.py's walk), then the replay and its review."""
    monkeypatch.setattr(rs.MinesReplay, "reviewer",
                        lambda self, steps: rs.Reviewer(steps, self.mines, make_worker=ReviewWorker))
    out = {k: v for k, v in screens(app, s).items() if not k.startswith(("paused", "settings"))}  # the shell's
    app.stack.reset(s, fade=False)
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_3)])
    frames(app, 1, events=click(s.view.layout.cell_rect(15, 8).center))
    settle(app, 0.6)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1)
    out["expert, the cursor"] = drawn(app)
    mine = next((r, c) for r in range(s.field.rows) for c in range(s.field.cols) if s.field.is_mine(r, c))
    s.open_cell(*mine)
    settle(app, 2.5)
    out["expert, lost, wide"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_v)])
    for _ in range(20):
        frames(app, 2)
    out["expert, review"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_HOME)])
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    out["expert, replay"] = drawn(app)
    app.stack.remove(app.stack.top)
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_1)])
    won(app, s)
    frames(app, 1, events=[key(pygame.K_v)])
    for _ in range(20):
        frames(app, 2)
    out["beginner, review"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    out["beginner, replay"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_p)])
    frames(app, 3)
    out["beginner, replay, odds"] = drawn(app)
    return out


@pytest.mark.parametrize("text", [1.0, 1.5], ids=["text100", "text150"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_wide_minesweeper_screen_reads_well(wide, measured, monkeypatch, lang, text):
    from arcade.engine import i18n

    app, s = wide
    try:
        app.set_setting("language", lang)
        app.set_setting("text_size", text)
        shots = wide_screens(app, s, monkeypatch)
    finally:
        i18n.set_language("en")
    assert all(canvas.get_size() == LANDSCAPE_SIZE for canvas in shots.values())
    assert sum(len(c.pieces) for c in shots.values()) > 150
    bad = {name: problems(canvas) for name, canvas in shots.items()}
    assert {name: p for name, p in bad.items() if p} == {}


def test_the_check_can_fail(wide, measured):
    """A status too long for the column at 13 px, drawn on one line as the portrait does, is caught."""
    app, s = wide
    canvas = Canvas(LANDSCAPE_SIZE)
    canvas.fill(vw.PAGE)
    text = "A status line much too long for the column at the right of the board " * 2
    canvas.blit(ui_text.fit(text, 456, 16, vw.INK, "medium", min_size=vw.MIN_TEXT), (560, 300))
    canvas.blit(ui_text.render("tiny", 11, vw.INK), (600, 100))
    assert any("runs off" in p for p in problems(canvas)) and any("tiny" in p for p in problems(canvas))
    canvas = Canvas(LANDSCAPE_SIZE)
    canvas.fill(vw.PAGE)
    mhud.draw_wrapped(canvas, text, places.SIDE.status_box, 16, vw.INK)
    assert not problems(canvas) and len(canvas.pieces) > 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_column_recalls_the_controls_while_it_has_nothing_else_to_say(wide, measured, lang):
    """In play with no status to show, the column's status box lists the controls (the help card's words), a row a
    line, readable and clear of everything; a status (the odds, a hint) takes its place, and the portrait screen shows none."""
    from arcade.engine import i18n

    app, s = wide
    try:
        app.set_setting("language", lang)
        flag = i18n._("flag (or ? if on)")
        frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
        settle(app, 0.6)
        assert s.field.state == "playing" and s.status()[0] == ""
        canvas = drawn(app)
        keys = [p for p in canvas.pieces if flag in p.text]
        assert keys and all(s.hud.screen.status_box.contains(p.rect) for p in keys)
        assert not problems(canvas)
        rows = [i18n._("{keys}: {what}").format(keys=i18n._(k), what=i18n._(w)) for k, w in sc.KEY_ROWS]
        assert all(any(row in p.text for p in canvas.pieces) for row in rows)  # each on a line of its own, whole
        frames(app, 1, events=[key(pygame.K_p)])  # the odds overlay says its own line there
        settle(app, 0.3)
        assert s.status()[0] and not any(flag in p.text for p in drawn(app).pieces)
    finally:
        i18n.set_language("en")


def test_the_portrait_screen_has_no_room_for_the_controls(make_app, monkeypatch, measured):
    app = make_app()
    from_the_menu(app, monkeypatch)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    s = app.stack.top
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    settle(app, 0.6)
    assert s.field.state == "playing" and s.status()[0] == ""
    assert not any("flag (or ? if on)" in p.text for p in drawn(app).pieces)
