"""Readable screens: on every scene, no two pieces of text overlap (no "1max 1" in Stats, no Quit over the
robot), the menu's buttons end above the art's robot whatever the number of games and saves, and the 2048 "+N"
floats stay in their lane: inside the window, never over the score."""
import sys

import pygame
import pytest

from arcade.engine.ui import text as text_mod
from helpers import click, frames, key, settle


class Recorder(pygame.Surface):
    """A canvas that remembers where text surfaces were blitted."""

    texts: set = set()

    def __init__(self, size):
        super().__init__(size)
        self.rects: list = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if id(source) in Recorder.texts and r.w and r.h and area is None:
            ink = source.get_bounding_rect()  # the glyphs' pixels, not the font's line box
            if ink.w and ink.h:
                self.rects.append(ink.move(r.topleft))
        return r


@pytest.fixture
def texts(monkeypatch):
    """Tag every text surface the app renders (render, fit, Label) so the Recorder knows it."""
    orig_render, orig_fit, orig_get = text_mod.render, text_mod.fit, text_mod.Label.get

    def tag(s):
        Recorder.texts.add(id(s))
        return s

    def render(*a, **k):
        return tag(orig_render(*a, **k))

    def fit(*a, **k):
        return tag(orig_fit(*a, **k))

    for name, mod in list(sys.modules.items()):
        if name.startswith("arcade") and mod is not None:
            if getattr(mod, "render", None) is orig_render:
                monkeypatch.setattr(mod, "render", render)
            if getattr(mod, "fit", None) is orig_fit:
                monkeypatch.setattr(mod, "fit", fit)
    monkeypatch.setattr(text_mod.Label, "get", lambda self, t: tag(orig_get(self, t)))
    yield
    Recorder.texts.clear()


def overlaps(rects):
    """Pairs of text rectangles (the ink of each) that intersect; a drop shadow (the same size, a few pixels off)
    is not an overlap."""
    shrunk = [r.inflate(-2, -2) for r in rects]

    def shadow(a, b):
        return a.size == b.size and abs(a.x - b.x) <= 4 and abs(a.y - b.y) <= 4

    return [(rects[i], rects[j]) for i in range(len(rects)) for j in range(i + 1, len(rects))
            if shrunk[i].colliderect(shrunk[j]) and not shadow(rects[i], rects[j])]


def drawn(app):
    """The top scene drawn on a recorder (an overlay alone: what is under its dimmer is not read with it)."""
    canvas = Recorder(app.size)
    app.stack.top.draw(canvas)
    return canvas


def test_no_text_overlaps_on_any_screen(app, texts):
    from arcade.engine.ui.ask import AskOverlay
    from arcade.game2048.scene import Game2048Scene
    from arcade.shell.help import open_all_help
    from arcade.shell.menu import MenuScene
    from arcade.shell.settings_scene import SettingsScene
    from arcade.shell.stats import StatsScene
    from arcade.stairs.scene import StairsScene

    p = app.profile
    for i in range(30):
        p.record_game("2048", 100 * i + 4, max_tile=2 ** (i % 7 + 4), moves=10, size=4, won=False)
        p.record_game("stairs", i, cause=("hit", "fell", "dropped")[i % 3])
    for _ in range(3):  # the tallest bar last, where the chart's scale used to sit ("1max 1")
        p.record_game("2048", 3000, max_tile=1024, moves=10, size=4, won=False)
    p.submit_score("2048/4x4", 3000)
    p.submit_score("stairs", 29)
    p.save_game("2048", {"x": 1})
    for g in app.registry:
        p.set(f"help.{g}", True)
    screens = {}
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    screens["menu"] = drawn(app)
    app.stack.push(AskOverlay(app, "2048: continue or new game?", [("c", "Continue", lambda: None),
                                                                   ("n", "New game", lambda: None)]), fade=False)
    frames(app, 1)
    screens["ask"] = drawn(app)
    app.stack.reset(SettingsScene(app), fade=False)
    frames(app, 1)
    screens["settings"] = drawn(app)
    stats = StatsScene(app)
    app.stack.reset(stats, fade=False)
    for i in range(len(app.registry)):
        frames(app, 1)
        screens[f"stats {i}"] = drawn(app)
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    app.stack.reset(MenuScene(app), fade=False)
    frames(app, 1)
    open_all_help(app)
    for i in range(len(app.registry)):
        settle(app, 0.2)
        screens[f"help {i}"] = drawn(app)
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    g = Game2048Scene(app, size=4)
    app.stack.reset(g, fade=False)
    frames(app, 1)
    screens["2048"] = drawn(app)
    g.panel_open = True
    frames(app, 1)
    screens["2048 with the AI panel"] = drawn(app)
    s = StairsScene(app)
    app.stack.reset(s, fade=False)
    frames(app, 2)
    screens["stairs"] = drawn(app)
    bad = {name: overlaps(c.rects) for name, c in screens.items()}
    assert all(c.rects for c in screens.values())  # the recorder sees the text (else this test proves nothing)
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_overlap_check_can_fail(app, texts):
    from arcade.engine.ui.text import render

    canvas = Recorder(app.size)
    canvas.blit(render("max 1", 13), (100, 100))
    canvas.blit(render("1", 14), (104, 100))
    assert overlaps(canvas.rects)


@pytest.mark.parametrize("games", [2, 4, 6])
def test_menu_buttons_end_above_the_robot_for_any_number_of_games(make_app, games):
    from arcade.shell.menu import LIST_AREA, MenuScene
    from fakegame import make

    reg = {f"g{i}": make(id=f"g{i}", title=f"Game {i}") for i in range(games)}
    app = make_app(registry=reg)
    for i in range(games):
        app.profile.save_game(f"g{i}", {"x": 1})
    menu = MenuScene(app)
    n = len(menu.list.items)
    last = menu.list.item_rect(n - 1)
    assert menu.list.item_rect(0).top >= LIST_AREA[0] and last.bottom <= LIST_AREA[1]
    assert menu.list.height >= 30 and "help" in menu.keys()


# ------------------------------------------------------------------------- one layout table a canvas, read by all
@pytest.mark.parametrize("window", [(480, 800), (840, 560)])
def test_stats_draws_its_tabs_and_buttons_where_its_table_says_and_clicks_land_there(make_app, window):
    """Each tab and button is drawn inside the rect of the screen's table for the canvas, and a click on that
    rect does what the button says: drawing and hit tests read one table."""
    from arcade.shell.menu import MenuScene
    from arcade.shell.stats import StatsScene, layout_for, tab_rects
    from arcade.engine.ui import colors

    app = make_app(window=window)
    app.stack.reset(MenuScene(app), fade=False)
    s = StatsScene(app)
    app.stack.push(s)
    settle(app, 1.0)
    lay = layout_for(app.size)
    assert s.layout is lay
    tabs = tab_rects(lay["tabs"], len(s.games))
    for i, r in enumerate(tabs):
        # the unselected tabs' outline is the button colour at each edge's middle, the page just outside
        if i != s.index:
            assert tuple(app.screen.get_at((r.centerx, r.top)))[:3] == tuple(colors.BUTTON)
            assert tuple(app.screen.get_at((r.centerx, r.top - 2)))[:3] == tuple(colors.PAGE)
        frames(app, 1, events=click(r.center))
        assert s.index == i
    back = lay["back_beside" if s.games[s.index].replay else "back"]
    assert tuple(app.screen.get_at((back.centerx, back.top + 1)))[:3] == tuple(colors.GOLD)  # Back's gold rim
    frames(app, 1, events=click(back.center))
    settle(app, 1.0)
    assert app.stack.top is not s


def test_the_stats_table_is_built_once_a_canvas_not_each_frame(make_app):
    from arcade.shell.stats import LANDSCAPE, PORTRAIT, StatsScene

    app = make_app()
    s = StatsScene(app)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    tabs = s.tabs
    frames(app, 3)
    assert s.tabs is tabs and s.layout is PORTRAIT
    app.window.size = (840, 560)
    frames(app, 2)
    assert s.layout is LANDSCAPE and s.tabs is not tabs and s.tabs[0].y == LANDSCAPE["tabs"].y


@pytest.mark.parametrize("window", [(480, 800), (840, 560)])
def test_the_menu_draws_its_plates_and_title_where_its_table_says(make_app, window):
    from arcade.shell.menu import MenuScene, layout_for

    app = make_app(window=window)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    lay = layout_for(app.size)
    assert menu.layout is lay
    # the plates are drawn at the table's rects: opaque there, clear just outside the title plate's corner band
    plate = menu._plates(app.size)
    for rect in lay["plates"]:
        assert plate.get_at(rect.center).a == 215
        assert plate.get_at((rect.left - 1, rect.centery)).a == 0
    # the buttons fill the table's areas: the list's rows in portrait, the cards and the other buttons in landscape
    cells = [menu.list.item_rect(i) for i in range(len(menu.keys()))]
    areas = [lay["list"]] if "list" in lay else [lay["cards"], lay["buttons"]]
    assert all(any(a.contains(c) for a in areas) for c in cells)


def test_settings_take_their_table_when_the_window_turns_and_draw_the_panel_only_where_it_has_one(make_app):
    from arcade.engine.ui import colors
    from arcade.shell.settings_scene import LANDSCAPE, PORTRAIT, SettingsScene

    app = make_app()
    s = SettingsScene(app)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    assert s.layout is PORTRAIT and s.list.rect.topleft == PORTRAIT["list"].topleft
    app.window.size = (840, 560)
    frames(app, 2)
    panel = LANDSCAPE["panel"]
    assert s.layout is LANDSCAPE and s.list.rect.topleft == LANDSCAPE["list"].topleft
    assert tuple(app.screen.get_at((panel.centerx, panel.y + 4)))[:3] == tuple(colors.LABEL)  # the panel's top
    assert tuple(app.screen.get_at((panel.centerx, panel.y - 4)))[:3] == tuple(colors.PAGE)


@pytest.mark.parametrize("window", [(480, 800), (840, 560)])
def test_the_help_card_is_laid_out_once_a_canvas_and_page_and_clicked_where_drawn(make_app, window, monkeypatch):
    """The card's rows are placed (text wrapped, rows measured) once for the canvas and the page, not every frame;
    a click on the right third of the card drawn turns the page."""
    from arcade.engine.ui import colors
    from arcade.shell.help import HelpOverlay, open_all_help
    from arcade.shell.menu import MenuScene

    placed = []
    original = HelpOverlay.placed
    monkeypatch.setattr(HelpOverlay, "placed", lambda self, *a: placed.append(a) or original(self, *a))
    app = make_app(window=window)
    app.stack.reset(MenuScene(app), fade=False)
    frames(app, 1)
    h = open_all_help(app)
    settle(app, 0.3)
    n = len(placed)
    frames(app, 5)
    assert len(placed) == n  # nothing laid out again while the page stays
    card = h.sheet(app.size)[0]
    assert tuple(app.screen.get_at((card.centerx, card.y + 1)))[:3] == tuple(colors.BOARD)  # its rim, drawn there
    frames(app, 1, events=click((card.right - 10, card.centery)))
    assert h.page == 1 and app.stack.top is h
    frames(app, 2)
    assert len(placed) > n  # the new page is laid out (once)
