"""Choosing what to play, as a new player does: from the menu with a fresh profile (the first-run help card
closed first), real frames, clicks and keys. The level picker on the game screen gives each level (the new game
has that width, height and mines); Custom asks for a width, height and mines within stated limits and refuses
others with a one-line reason; the no-guess switch beside it; the settings open at Minesweeper's own when the
game opens them; and a time is written one way everywhere."""
import pygame
import pytest

from arcade import cli
from arcade.engine.plugin import Best, format_time
from arcade.minesweeper import GAME, scene as sc, screens as places, stats, view as vw
from arcade.minesweeper.custom import ERROR as CUSTOM_ERROR, CustomOverlay
from arcade.minesweeper.field import (CUSTOM_HEIGHT, CUSTOM_WIDTH, LEVELS, Field, check_custom, custom_problem,
                                      max_custom_mines)
from arcade.shell.menu import MenuScene
from arcade.shell.pause import PauseOverlay
from arcade.shell.settings_scene import SettingsScene, open_settings
from helpers import click, frames, key, settle
from tests.minesweeper.test_scene import SyncWorker


def colour_at(app, pos):
    return tuple(app.screen.get_at((int(pos[0]), int(pos[1]))))[:3]


def chip(s, name):
    return s.hud.picker_rects[name]


def size_of(s):
    return (s.field.rows, s.field.cols, s.field.mines)


# ------------------------------------------------------------------------------------------------ the picker
@pytest.mark.parametrize("how", ["click", "key"])
def test_the_picker_starts_each_level(app, game, how):
    s = game
    keys = {"beginner": pygame.K_1, "intermediate": pygame.K_2, "expert": pygame.K_3}
    for level in ("intermediate", "expert", "beginner"):
        events = click(chip(s, f"level:{level}").center) if how == "click" else [key(keys[level])]
        frames(app, 1, events=events)
        frames(app, 1)
        assert size_of(s) == LEVELS[level] and s.field.state == "ready"
        assert app.profile.get("mines.level") == level  # kept: the next launch plays it too
        lit = chip(s, f"level:{level}")
        assert colour_at(app, (lit.x + 3, lit.centery)) == vw.colors.GOLD  # the chosen chip is lit
        others = [n for n in ("beginner", "intermediate", "expert", "custom") if n != level]
        assert all(colour_at(app, (chip(s, f"level:{n}").x + 3, chip(s, f"level:{n}").centery)) == vw.CHIP
                   for n in others)


def test_a_level_chosen_mid_game_starts_it_and_the_old_game_is_kept_for_its_level(app, game):
    s = game
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    assert s.field.state == "playing"
    shown = s.field.display()
    frames(app, 1, events=click(chip(s, "level:expert").center))
    assert size_of(s) == LEVELS["expert"] and s.hud.screen.base is places.TALL and s.field.state == "ready"
    assert app.profile.history("minesweeper") == []  # kept, not abandoned
    assert app.profile.saved_game("minesweeper/beginner") is not None
    frames(app, 1, events=click(chip(s, "level:beginner").center))  # back: the beginner game goes on
    assert size_of(s) == LEVELS["beginner"] and s.field.display() == shown and s.field.state == "playing"
    assert app.profile.history("minesweeper") == []  # the expert board nobody played left no record


def test_the_demo_ignores_the_picker(app):
    s = sc.MinesScene(app, demo=True, make_worker=SyncWorker)
    app.stack.reset(s, fade=False)
    frames(app, 1, events=click(s.hud.picker_rects["level:expert"].center) + [key(pygame.K_3)])
    assert size_of(s) == LEVELS[sc.DEMO_LEVEL]


# ------------------------------------------------------------------------------------------------ custom
def custom_card(app, s) -> CustomOverlay:
    frames(app, 1, events=click(chip(s, "level:custom").center))
    frames(app, 1)
    card = app.stack.top
    assert isinstance(card, CustomOverlay)
    return card


def test_custom_by_clicks_and_typing(app, game):
    s = game
    card = custom_card(app, s)
    assert card.values == [20, 24, 99]  # the first custom field offered
    for _ in range(3):  # width 20 -> 23 with the + button
        frames(app, 1, events=click(card.parts(0)["plus"].center))
    frames(app, 1, events=click(card.parts(1)["value"].center))  # height: typed
    frames(app, 1, events=[key(pygame.K_3, unicode="3"), key(pygame.K_0, unicode="0")])
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_1, unicode="1"), key(pygame.K_5, unicode="5"),
                           key(pygame.K_0, unicode="0")])
    assert card.values == [23, 30, 150] and not card.error
    frames(app, 1, events=click(card.start_rect.center))
    frames(app, 1)
    assert app.stack.top is s and size_of(s) == (30, 23, 150) and s.field.level_name == "custom"
    assert [app.profile.get(f"mines.custom_{k}") for k in ("width", "height", "mines")] == [23, 30, 150]
    assert app.profile.get("mines.level") == "custom"
    lit = chip(s, "level:custom")
    assert colour_at(app, (lit.x + 3, lit.centery)) == vw.colors.GOLD
    assert s.status()[0] == "Custom 23 x 30, 150 mines: click anywhere to start"
    card = custom_card(app, s)  # the card offers the current field again
    assert card.values == [23, 30, 150]
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert app.stack.top is s and size_of(s) == (30, 23, 150)


def test_a_custom_field_chosen_opens_again_from_the_menu(app, game):
    """The custom field is kept as settings (numbers the profile stores as floats: 24.0); the next Minesweeper
    from the menu deals it with whole numbers (it failed in its constructor and sent the player back)."""
    s = game
    card = custom_card(app, s)
    frames(app, 1, events=click(card.start_rect.center))
    frames(app, 1)
    assert app.stack.top is s and size_of(s) == (24, 20, 99)
    assert app.profile.get("mines.custom_height") == 24 and app.profile.get("mines.level") == "custom"
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert isinstance(app.stack.top, PauseOverlay)  # Quit to menu: its last entry, Up from the first
    frames(app, 1, events=[key(pygame.K_UP), key(pygame.K_RETURN)])
    settle(app, 0.6)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.select("play:minesweeper")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1)
    ask = app.stack.top  # the field was dealt and kept: continue it or deal a new one from the settings
    assert ask.keys() == ["continue:minesweeper/24x20m99", "new"]
    assert [it.label for it in ask.list.items] == ["Continue 24x20/99", "New 24x20/99 game"]
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
    settle(app, 0.6)
    again = app.stack.top
    assert isinstance(again, sc.MinesScene) and again is not s
    assert size_of(again) == (24, 20, 99) and again.field.level_name == "custom"
    assert all(type(v) is int for v in again.session.params[:3])


def test_custom_by_keys_from_key_4_with_enter(app, game):
    s = game
    frames(app, 1, events=[key(pygame.K_4)])
    frames(app, 1)
    card = app.stack.top
    assert isinstance(card, CustomOverlay)
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_LEFT, pygame.KMOD_SHIFT), key(pygame.K_TAB),
                           key(pygame.K_PAGEDOWN), key(pygame.K_TAB), key(pygame.K_MINUS, unicode="-"),
                           key(pygame.K_RETURN)])
    frames(app, 1)
    assert app.stack.top is s and size_of(s) == (14, 9, 98)


def test_custom_limits_are_stated_and_enforced_with_a_clear_message(app, game):
    s = game
    before = size_of(s)
    card = custom_card(app, s)
    assert [card.limit_text(i) for i in range(3)] == ["5 to 25 columns", "5 to 35 rows", "1 to 437 on 20 x 24"]
    # typed past a limit: red, with the limit it breaks; Start refuses with the same line
    frames(app, 1, events=[key(pygame.K_3, unicode="3"), key(pygame.K_0, unicode="0")])
    assert card.values[0] == 30 and card.error and card.message == "Width must be 5 to 25 columns, not 30"
    frames(app, 1, events=click(card.start_rect.center))
    assert app.stack.top is card and size_of(s) == before
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert app.stack.top is card and card.message == "Width must be 5 to 25 columns, not 30" and card.focus == 0
    # a step brings it back within; a step at a limit stays there and says why
    frames(app, 1, events=click(card.parts(0)["plus"].center))
    assert card.values[0] == 25 and "25 columns at most" in card.message and "fit the window" in card.message
    frames(app, 1, events=click(card.parts(1)["value"].center))
    frames(app, 1, events=[key(pygame.K_4, unicode="4"), key(pygame.K_0, unicode="0")])
    assert card.message == "Height must be 5 to 35 rows, not 40"
    frames(app, 1, events=[key(pygame.K_BACKSPACE), key(pygame.K_3, unicode="3")])  # 40 -> 4 -> 43: still out
    assert card.values[1] == 43 and card.error
    frames(app, 1, events=[key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE), key(pygame.K_2, unicode="2")])
    assert card.values[1] == 2 and card.message == "Height must be 5 to 35 rows, not 2"
    frames(app, 1, events=[key(pygame.K_BACKSPACE), key(pygame.K_1, unicode="1"), key(pygame.K_0, unicode="0")])
    assert card.values[1] == 10 and not card.error
    frames(app, 1, events=click(card.parts(2)["value"].center))
    frames(app, 1, events=[key(pygame.K_5, unicode="5"), key(pygame.K_0, unicode="0"), key(pygame.K_0, unicode="0")])
    assert card.message == "Mines must be 1 to 216 on 25 x 10, not 500"
    frames(app, 1, events=click(card.parts(2)["minus"].center))
    assert card.values[2] == 216 and not card.error and card.message == "216 mines at most on 25 x 10"
    frames(app, 1, events=click(card.parts(0)["minus"].center))  # a narrower field lowers the mines to fit
    assert card.values == [24, 10, 207] and card.message == "Mines lowered to 207, the most on 24 x 10"
    for _ in range(6):
        frames(app, 1, events=click(card.parts(1)["minus"].center))
    assert card.values[1] == 5 and card.message == "5 rows at least"
    frames(app, 1, events=click(card.start_rect.center))
    frames(app, 1)
    assert app.stack.top is s and size_of(s) == (5, 24, 92)


def red_pixels(app, rect) -> int:
    """How many pixels of ``rect`` on the screen are the card's error red (the numbers and lines it marks)."""
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            if tuple(app.screen.get_at((x, y)))[:3] == CUSTOM_ERROR:
                n += 1
    return n


def test_every_number_out_of_its_limits_is_marked_at_once_and_named(app, game):
    """Width 999, height 0 and mines 999 typed on the card: each number and each limit under its name turn red
    together, the line under the numbers names all three, and Start refuses; one number brought back in is no
    longer marked, the others stay."""
    s = game
    before = size_of(s)
    card = custom_card(app, s)
    digits = {d: key(getattr(pygame, f"K_{d}"), unicode=d) for d in "0123456789"}
    frames(app, 1, events=[digits["9"], digits["9"], digits["9"], key(pygame.K_TAB), digits["0"], key(pygame.K_TAB),
                           digits["9"], digits["9"], digits["9"]])
    frames(app, 1)
    assert card.values == [999, 0, 999] and card.error
    assert card.message == "Out of limits, in red: width, height, mines"
    for i in range(3):
        value, label = card.parts(i)["value"], card.rows[i].copy()
        label.width = card.parts(i)["minus"].x - label.x
        assert red_pixels(app, value) > 20, f"row {i}: its number is not marked"
        assert red_pixels(app, label) > 20, f"row {i}: the limit it breaks is not marked"
    assert [i for i, _line in card.problems()] == [0, 1, 2]
    lines = [line for _i, line in card.problems()]
    assert lines == ["Width must be 5 to 25 columns, not 999", "Height must be 5 to 35 rows, not 0",
                     "Mines must be 1 to 816 on the largest field, not 999"]
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert app.stack.top is card and size_of(s) == before and card.focus == 0
    # the width brought back in: the height and the mines stay marked and named
    frames(app, 1, events=[key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE)])
    frames(app, 1)
    assert card.values[0] == 9 and card.message == "Out of limits, in red: height, mines"
    assert red_pixels(app, card.parts(0)["value"]) == 0 and red_pixels(app, card.parts(1)["value"]) > 20
    frames(app, 1, events=[key(pygame.K_DOWN), digits["9"], key(pygame.K_DOWN), key(pygame.K_BACKSPACE)])
    frames(app, 1)
    assert card.values == [9, 9, 99] and card.message == "Mines must be 1 to 64 on 9 x 9, not 99"
    assert red_pixels(app, card.parts(1)["value"]) == 0 and red_pixels(app, card.parts(2)["value"]) > 20
    frames(app, 1, events=[key(pygame.K_BACKSPACE)])
    assert card.values == [9, 9, 9] and not card.error and not card.problems()


def test_a_held_button_repeats_then_goes_by_tens(app, game):
    s = game
    card = custom_card(app, s)
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.parts(2)["plus"].center, button=1,
                                              touch=False)])
    assert card.values[2] == 100
    settle(app, 1.0)
    mid = card.values[2]
    assert 100 < mid < 120
    settle(app, 1.2)
    assert card.values[2] > mid + 40  # by tens after a while
    frames(app, 1, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card.parts(2)["plus"].center, button=1,
                                              touch=False)])
    held = card.values[2]
    settle(app, 0.5)
    assert card.values[2] == held <= 437


def test_a_click_outside_the_card_cancels(app, game):
    s = game
    card = custom_card(app, s)
    frames(app, 1, events=click((5, 5)))
    frames(app, 1)
    assert app.stack.top is s and card not in app.stack.scenes and s.field.level_name == "beginner"


@pytest.mark.parametrize("width, height", [(CUSTOM_WIDTH[1], CUSTOM_HEIGHT[1]), (CUSTOM_WIDTH[1], CUSTOM_HEIGHT[0]),
                                           (CUSTOM_WIDTH[0], CUSTOM_HEIGHT[1]), (CUSTOM_WIDTH[0], CUSTOM_HEIGHT[0])])
def test_the_custom_limits_fit_the_window(width, height):
    """At the limits the cells are 18 pixels or more (numbers of 11 px and up) and the board stays in its area."""
    screen = vw.screen_for(height, width)
    lay = vw.Layout(height, width, screen.board)
    assert lay.cell >= 18 and vw.number_font(lay.cell) >= 11
    assert screen.board.contains(lay.frame) and screen.hud.bottom <= lay.frame.top
    assert vw.odds_font(lay.cell) is not None and vw.odds_font(lay.cell) >= 11


def test_the_limits_in_words_and_the_command_line(capsys):
    assert custom_problem(26, 10, 10) == ("width", "Width must be 5 to 25 columns, not 26")
    assert custom_problem(10, 36, 10) == ("height", "Height must be 5 to 35 rows, not 36")
    assert custom_problem(10, 10, 82) == ("mines", "Mines must be 1 to 81 on 10 x 10, not 82")
    assert custom_problem(10, 10, 0)[0] == "mines" and custom_problem(5, 5, 16) is None
    assert max_custom_mines(25, 35) == 816
    with pytest.raises(ValueError, match="Width"):
        check_custom(4, 10, 3)
    for bad, why in (("30x26x10", "Width must be 5 to 25 columns, not 26"),
                     ("40x10x10", "Height must be 5 to 35 rows, not 40"),
                     ("10x10x90", "Mines must be 1 to 81 on 10 x 10, not 90")):
        with pytest.raises(SystemExit) as e:
            cli.main(["play", "minesweeper", "--custom", bad])
        assert e.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert why in err and "Traceback" not in err


def test_the_command_lines_level_becomes_the_setting(tmp_path):
    from arcade.engine.storage import Profile

    assert cli.main(["play", "minesweeper", "--custom", "12x20x30", "--frames", "2", "--data-dir", str(tmp_path)]) == 0
    p = Profile(tmp_path)
    assert (p.get("mines.level"), p.get("mines.custom_width"), p.get("mines.custom_height"),
            p.get("mines.custom_mines")) == ("custom", 20, 12, 30)
    assert cli.main(["play", "minesweeper", "--level", "expert", "--frames", "2", "--data-dir", str(tmp_path)]) == 0
    assert Profile(tmp_path).get("mines.level") == "expert"


def test_a_level_asked_for_on_the_command_line_keeps_a_saved_game_of_another_size(app):
    """`arcade play minesweeper --level expert` over a saved beginner game: the expert game starts; the beginner
    game is kept (not abandoned) and `--level beginner` continues it."""
    s = sc.make_scene(app, resume=False, level="beginner")
    s.open_cell(4, 4)
    shown = s.field.display()
    s.exit()
    assert app.profile.saved_game("minesweeper/beginner") is not None
    s = sc.make_scene(app, resume=True, level="expert")
    assert size_of(s) == LEVELS["expert"] and s.field.state == "ready"
    assert app.profile.history("minesweeper") == []
    s.exit()
    again = sc.make_scene(app, resume=True, level="beginner")
    assert size_of(again) == LEVELS["beginner"] and again.field.display() == shown


# ------------------------------------------------------------------------------------------------ no-guess
def test_the_no_guess_switch(app, game):
    s = game
    switch = chip(s, "noguess")
    frames(app, 1, events=click(switch.center))  # a board not clicked yet is dealt again with it
    frames(app, 1)
    assert s.no_guess and app.profile.get("mines.no_guess") is True and app.profile.history("minesweeper") == []
    assert colour_at(app, (switch.x + 3, switch.centery)) == vw.colors.GOLD
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    assert s.field.state in ("playing", "won") and "No-guess board" in s.notice
    frames(app, 1, events=[key(pygame.K_g)])  # in a game: a new game without it
    frames(app, 1)
    assert not s.no_guess and app.profile.get("mines.no_guess") is False and s.field.state == "ready"
    assert colour_at(app, (switch.x + 3, switch.centery)) == vw.CHIP


# ------------------------------------------------------------------------------------------------ settings
def settings_from_the_game(app, s) -> SettingsScene:
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    pause.list.selected = pause.keys().index("settings")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    st = app.stack.top
    assert isinstance(st, SettingsScene)
    return st


def test_settings_open_at_the_games_own(app, game):
    s = game
    st = settings_from_the_game(app, s)
    assert st.keys()[st.list.selected] == "mines.level"
    view = st.list._view()
    header = st.list.item_rect(st.keys().index("header:Minesweeper"))
    assert view.contains(header) and view.contains(st.list.item_rect(st.list.selected))
    # the Level row, changed there, gives an Expert game back in a game not started yet
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert app.profile.get("mines.level") == "expert"
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # the pause overlay: resume
    frames(app, 2)
    assert app.stack.top is s and size_of(s) == LEVELS["expert"]


def test_settings_changed_mid_game_wait_for_the_next_game(app, game):
    s = game
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    st = settings_from_the_game(app, s)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 2)
    assert app.stack.top is s and size_of(s) == LEVELS["beginner"] and s.field.state == "playing"
    assert "next game" in s.status()[0]
    frames(app, 1, events=click(s.hud.face_rect.center))
    assert size_of(s) == LEVELS["intermediate"]
    assert st.keys()  # (the scene was real)


def test_settings_sections_for_any_game_and_core(app):
    st = open_settings(app, section="2048")
    assert st.keys()[st.list.selected] == "2048.size"
    st = open_settings(app, section="Sound")
    assert st.keys()[st.list.selected] == "volume"
    st = open_settings(app, section="no such thing")  # opened at the top, no error
    assert st.list.selected == 0
    assert open_settings(app).list.selected == 0


# ------------------------------------------------------------------------------------------------ time
def test_one_way_to_write_a_time():
    assert [format_time(ms) for ms in (0, 49, 50, 850, 2000, 12345, 12350, 999_949, 1_234_567)] == \
        ["0.0 s", "0.0 s", "0.1 s", "0.9 s", "2.0 s", "12.3 s", "12.4 s", "999.9 s", "1234.6 s"]
    assert [format_time(x) for x in (None, "x", -1, True)] == ["-"] * 4
    assert Best(unit="s").format(850) == "0.9 s" and GAME.best.format(12345) == "12.3 s"
    rows = stats([{"level": "beginner", "won": True, "time_ms": 12345},
                  {"level": "expert", "won": True, "time_ms": 234567, "assisted": True}])[0].rows
    assert [r[0] for r in rows] == ["Beginner: 1 of 1 won, best 12.3 s, last 12.3 s",
                                    "Intermediate: 0 of 0 won, best -, last -",
                                    "Expert: 1 of 1 won, best -, last 234.6 s"]


def test_the_timer_the_end_card_and_the_best_write_it_the_same(app, game, monkeypatch):
    from readable import Canvas, drawn, install

    def words(canvas):
        return {p.text for p in canvas.pieces}

    install(monkeypatch)
    monkeypatch.setattr(Canvas, "meta", {})
    s = game
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    s.elapsed = 12.34
    seen = words(drawn(app))
    assert "12.3" in seen and "s" in seen  # the timer: the digits and their unit
    f = s.field
    for r in range(f.rows):
        for c in range(f.cols):
            if not f.is_mine(r, c) and not s.field.is_open(r, c):
                s.open_cell(r, c)
    assert s.field.state == "won"
    settle(app, 2.0)
    shown = words(drawn(app))
    assert {"Cleared!", "Time 12.3 s", "New best time!"} <= shown
    assert MenuScene(app).list.items[MenuScene(app).keys().index("play:minesweeper")].detail == "Best 12.3 s"
