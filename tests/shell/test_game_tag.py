"""A daily game and a game started from its code say so on the game screen ("Daily 2026-11-28", "Code ..."):
2048, Stairs and Minesweeper, started from the menu's Daily game or from a code as `arcade play GAME --code CODE`
starts them, on both canvases, in English and 简体中文, at text size 100 and 150 %; the words are on the canvas, over no other text. A game
started otherwise says nothing of the kind, and neither does the next game after a daily one."""
import pygame
import pytest

from helpers import frames, key, settle
from readable import drawn, measured, overlapping  # noqa: F401 (a fixture)

GAMES = ("2048", "stairs", "minesweeper")
WINDOWS = ((480, 800), (800, 480))


def menu_app(make_app, window, lang, scale):
    from arcade.shell.menu import MenuScene

    app = make_app(seed=5, window=window)
    app.set_setting("language", lang)
    app.set_setting("text_size", scale)
    for gid in GAMES:
        app.profile.set(f"help.{gid}", True)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    settle(app, 0.3)
    return app, menu


def tag_problems(app, words) -> list[str]:
    canvas = drawn(app)
    shown = [p for p in canvas.pieces if words in p.text]
    if not shown:
        return [f"{words!r} is not on the screen"]
    bad = [f"{p.text!r} runs off the canvas" for p in shown if p.cut]
    return bad + [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas) if words in a or words in b]


@pytest.mark.parametrize("scale", (1.0, 1.5), ids=["100", "150"])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("window", WINDOWS, ids=["portrait", "landscape"])
def test_a_daily_game_and_a_coded_game_name_themselves_on_the_game_screen(make_app, measured, window, lang, scale):
    from arcade.cli import _session_options as game_options  # what `arcade play GAME --code CODE` hands the game
    from arcade.engine import i18n
    from arcade.engine.session import today
    from arcade.engine.ui.ask import AskOverlay

    day = today()
    daily = {"en": f"Daily {day}", "zh": f"每日 {day}"}[lang]
    bad = []
    try:
        app, menu = menu_app(make_app, window, lang, scale)
        for gid in GAMES:
            menu.open_daily()  # the menu's Daily game, then the game's button
            settle(app, 0.3)
            ask = app.stack.top
            assert isinstance(ask, AskOverlay)
            ask.list.activate(next(i for i, it in enumerate(ask.list.items) if it.key == gid))
            settle(app, 0.8)
            scene = app.stack.top
            assert scene.session.daily == day
            bad += [f"{gid} daily: {p}" for p in tag_problems(app, daily)]
            code = scene.session.code
            app.stack.pop()
            settle(app, 0.3)
            options = game_options(app.registry[gid], {"code": code})
            app.stack.push(app.registry[gid].make_scene(app, resume=False, **options), fade=False)
            settle(app, 0.8)
            bad += [f"{gid} from its code: {p}" for p in tag_problems(app, code)]
            app.stack.pop()
            app.stack.push(app.registry[gid].make_scene(app, resume=False), fade=False)
            settle(app, 0.8)
            plain = [p.text for p in drawn(app).pieces if day in p.text or code in p.text]
            assert app.stack.top.session.code != code
            bad += [f"{gid}, a new game, says {t!r}" for t in plain]
            app.stack.pop()
            settle(app, 0.3)
            assert app.stack.top is menu
    finally:
        i18n.set_language("en")
    assert not bad, "\n".join(bad)
