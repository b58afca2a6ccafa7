"""The small things a player notices: settings stop at their ends (Enter still goes round), the board size says
when it applies, the main menu has Help (every game's card, pages turned by Left/Right), M shows that sound is off."""
import pygame
import pytest

from arcade.engine import settings as specs
from helpers import frames, key, settle


def test_choices_clamp_at_both_ends_and_enter_goes_round():
    spec = specs.BY_KEY["anim_speed"]
    assert spec.step_value(2.0, 1) == 2.0 and spec.step_value(0.0, -1) == 0.0
    assert spec.step_value(2.0, 1, wrap=True) == 0.0
    assert spec.at_end(2.0, 1) and spec.at_end(0.0, -1) and not spec.at_end(1.0, 1)


def test_settings_scene_hides_the_arrow_at_an_end_and_shows_the_note(app):
    from arcade.shell.settings_scene import SettingsScene

    s = SettingsScene(app)
    app.stack.reset(s, fade=False)
    app.profile.set("anim_speed", 2.0)
    s.refresh()
    item = s.list.items[s.keys().index("anim_speed")]
    assert item.detail.startswith("<") and not item.detail.rstrip().endswith(">")
    s.list.selected = s.keys().index("anim_speed")
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert app.profile.get("anim_speed") == 2.0  # Fast stays Fast
    s.list.selected = s.keys().index("2048.size")
    assert "keeps its size" in s._notes["2048.size"]


def test_each_games_settings_sit_under_its_title_and_the_keys_skip_the_titles(app):
    from arcade.shell.settings_scene import SettingsScene

    s = SettingsScene(app)
    app.stack.reset(s, fade=False)
    keys = s.keys()
    for game in app.registry.values():
        shown = [spec.key for spec in game.settings if not spec.hidden]
        if shown:
            first = keys.index(shown[0])
            assert keys[first - 1] == f"header:{game.title}"  # the title right above its first setting
            assert keys[first:first + len(shown)] == shown
    header = keys.index(f"header:{next(iter(app.registry.values())).title}")
    s.list.selected = header - 1  # the last core setting
    frames(app, 1, events=[key(pygame.K_DOWN)])
    assert s.list.selected == header + 1  # Down steps over the title
    frames(app, 1, events=[key(pygame.K_UP)])
    assert s.list.selected == header - 1
    assert all(s.list.index_at(s.list.item_rect(i).center) is None for i, k in enumerate(keys) if k.startswith("header:"))


def test_menu_help_pages_through_every_games_card(app):
    from arcade.shell.help import HelpOverlay
    from arcade.shell.menu import MenuScene

    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("help")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    h = app.stack.top
    assert isinstance(h, HelpOverlay) and h.pages == [g for g in app.registry if app.registry[g].help]
    first = h.title
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert h.title != first and h.page == 1
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert h.title == first
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    assert app.stack.top is menu


def test_m_shows_muted_for_a_moment_and_a_marker_while_muted(app):
    from arcade.shell.menu import MenuScene

    app.stack.reset(MenuScene(app), fade=False)
    frames(app, 1)
    w, h = app.size
    corner = (w - 14, h - 11)
    before = app.screen.get_at(corner)
    frames(app, 1, events=[key(pygame.K_m)])
    assert app.audio.muted and app.toast and "Muted" in app.toast[0]
    assert app.screen.get_at(corner) != before  # the crossed-out speaker
    frames(app, 1, events=[key(pygame.K_m)])
    assert not app.audio.muted and app.toast[0] == "Sound on"
    frames(app, 1)
    assert app.screen.get_at(corner) == before


def test_a_long_list_scrolls_to_keep_the_selection_in_view(app):
    from arcade.engine.ui.widgets import ButtonList, Item

    items = [Item(f"Setting {i}", None, key=str(i), adjust=lambda d: None) for i in range(20)]
    lst = ButtonList(items, pygame.Rect(30, 130, 420, 0), height=48, gap=8, view_h=600)
    view = pygame.Rect(30, 130, 420, 600)
    for _ in range(19):
        lst.handle(key(pygame.K_DOWN))
        lst.draw(app.screen)
        assert view.contains(lst.item_rect(lst.selected))
    assert lst.scroll > 0 and lst.index_at((100, 100)) is None  # above the list's area: nothing
    assert lst.index_at(lst.item_rect(19).center) == 19
    lst.handle(key(pygame.K_DOWN))  # wraps to the top
    lst.draw(app.screen)
    assert lst.selected == 0 and lst.scroll == 0



@pytest.mark.parametrize("window", [None, (1260, 840)])
@pytest.mark.parametrize("gid", ["2048", "minesweeper", "stairs"])
def test_ctrl_c_in_every_game_with_chance_copies_its_code(make_app, gid, window):
    """From the menu on a fresh profile (the first-run help card closed), Ctrl+C puts the game's code on the
    clipboard and says so (or says the code where there is no clipboard), clear of the score, the counters and
    the title at the top, on the tall canvas and on the wide one."""
    from arcade.engine.session_scene import SessionScene
    from arcade.shell.menu import MenuScene

    app = make_app() if window is None else make_app(window=window)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.list.selected = menu.keys().index(f"play:{gid}")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.5)
    assert not isinstance(app.stack.top, SessionScene)  # the help card, the first time
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    game = app.stack.top
    assert isinstance(game, SessionScene) and game.info.id == gid
    app.toast = None
    frames(app, 1, events=[key(pygame.K_c, mod=pygame.KMOD_CTRL)])
    code = game.session.code
    assert code and code.startswith(f"{gid}-") and app.toast is not None and code in app.toast[0]
    assert app.stack.top is game
    box = app.toast_rect
    assert app.screen.get_rect().contains(box) and box.top > 120, box
    if gid == "2048":  # the wide canvas has the title and the score boxes at the right, down to y 192
        assert not any(box.colliderect(game.layout[k]) for k in ("score", "best", "new", "hint", "footer", "board"))
    if gid == "minesweeper":  # the message has the status line to itself, which comes back after it
        drawn = []
        game.hud.draw_status = lambda surface, text, colour=None, tag=None: drawn.append(text)
        frames(app, 1)
        assert drawn == []
        settle(app, 4.5)
        assert app.toast is None and drawn


def test_ctrl_c_does_not_close_the_tictactoe_new_game_card(app):
    """The card's C closes it; Ctrl+C (a copy, by habit) leaves it open: tic-tac-toe has no chance, so no code."""
    from arcade.tictactoe import scene as ttt

    s = ttt.make_scene(app)
    app.stack.reset(s, fade=False)
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_RETURN)])  # the first-run help card
    settle(app, 0.3)
    assert app.stack.top is s and s.chooser is not None
    frames(app, 1, events=[key(pygame.K_c, mod=pygame.KMOD_CTRL)])
    assert s.chooser is not None and s.session.code is None
    frames(app, 1, events=[key(pygame.K_c)])
    assert s.chooser is None
