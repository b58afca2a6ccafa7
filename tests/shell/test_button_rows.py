"""Rows of buttons at every Text size, on both canvases: a row's labels in one size (the largest at which all of
them fit), each label at least 4 px inside its button, on every screen with rows of buttons (the menu, pause,
settings, stats, 2048's buttons, Minesweeper's picker and buttons, tic-tac-toe's chooser), reached from the menu
as a player reaches them."""
import pygame
import pytest

from helpers import frames, key, settle
from readable import drawn, list_rows, measured, row_problems  # noqa: F401 (a fixture)

SIZES = (1.0, 1.25, 1.5)
WINDOWS = ((480, 800), (800, 480))


def menu_app(make_app, window, scale):
    from arcade.shell.menu import MenuScene

    app = make_app(seed=5, window=window)
    app.set_setting("text_size", scale)
    app.stack.reset(MenuScene(app), fade=False)
    settle(app, 0.3)
    return app


def check(app, what, rows) -> list[str]:
    return [f"{what}: {p}" for p in row_problems(drawn(app), rows)]


def open_game(app, gid, **options):
    app.profile.set(f"help.{gid}", True)
    app.stack.push(app.registry[gid].make_scene(app, resume=False, **options), fade=False)
    settle(app, 0.5)
    return app.stack.top


@pytest.mark.parametrize("window", WINDOWS, ids=["portrait", "landscape"])
@pytest.mark.parametrize("scale", SIZES, ids=["100", "125", "150"])
def test_the_shell_rows_share_one_size_inside_their_buttons(make_app, measured, scale, window):
    from arcade.shell.pause import PauseOverlay

    app = menu_app(make_app, window, scale)
    menu = app.stack.top
    bad = check(app, "menu", list_rows(menu.list, card_h=menu.list.card_h if hasattr(menu.list, "card_h") else 10_000))
    menu.open_settings()
    settle(app, 0.3)
    bad += check(app, "settings", list_rows(app.stack.top.list))
    app.stack.pop()
    settle(app, 0.3)
    menu.open_stats()
    settle(app, 0.3)
    stats = app.stack.top
    rr = stats._replays_rect()
    tabs = [(stats._tab_rect(i), g.title) for i, g in enumerate(stats.games)]
    buttons = [(stats._back_rect(), "Back")] + ([(rr, "Replays (R)")] if rr is not None else [])
    bad += check(app, "stats", [tabs, buttons])
    app.stack.pop()
    settle(app, 0.3)
    open_game(app, "2048")
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    assert isinstance(app.stack.top, PauseOverlay)
    bad += check(app, "pause", list_rows(app.stack.top.list))
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("window", WINDOWS, ids=["portrait", "landscape"])
@pytest.mark.parametrize("scale", SIZES, ids=["100", "125", "150"])
def test_the_games_rows_share_one_size_inside_their_buttons(make_app, measured, scale, window):
    from arcade.minesweeper.screens import BUTTONS, LEVEL_CHIPS

    app = menu_app(make_app, window, scale)
    s = open_game(app, "2048")
    names = {"new": "New Game", "undo": "Undo", "auto": "Auto", "hint": "Hint"}
    bad = check(app, "2048", [[(s.layout[k], label) for k, label in names.items()]])
    app.stack.pop()
    s = open_game(app, "minesweeper")
    hud = s.hud
    rows = [[(hud.buttons[k], label) for k, label in BUTTONS]]
    if hud.picker is not None:
        rows.append([(hud.picker.rects[f"level:{k}"], label) for k, label in LEVEL_CHIPS])
    bad += check(app, "Minesweeper", rows)
    assert hud.picker is not None or window[0] < window[1]
    app.stack.pop()
    s = open_game(app, "tictactoe")
    assert s.chooser is not None
    bad += check(app, "tic-tac-toe's chooser", list_rows(s.chooser.list))
    assert not bad, "\n".join(bad)
