"""The plug-in contract: a game the house has never heard of (tests/fakegame, one GAME record) shows up in the
menu, the demo, the stats, the settings, its help card and `arcade play`; and a game whose scene fails anywhere
is taken off the stack with one message, the player back on the menu, the app still running."""
import logging

import pygame
import pytest

import fakegame
from arcade import cli, games
from arcade.engine.plugin import Best
from arcade.shell.demo import DemoScene
from arcade.shell.help import HelpOverlay
from arcade.shell.menu import MenuScene
from arcade.shell.settings_scene import SettingsScene
from arcade.shell.stats import StatsScene, summary
from fakegame import broken
from fakegame import scene as box
from helpers import frames, key, leave, settle


@pytest.fixture
def house(make_app):
    """The real games plus the fake one, as if its package were one more line in games.py."""
    registry = dict(games.load(), box=fakegame.GAME)
    app = make_app(registry=registry)
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    box.made.clear()
    return app, menu


def test_the_fake_game_shows_in_the_menu_with_its_best(house):
    app, menu = house
    assert "play:box" in menu.keys()
    app.profile.submit_score("box", 12)
    menu.refresh()
    item = menu.list.items[menu.keys().index("play:box")]
    assert item.label == "Play Box" and item.detail == "Best 12"


def test_play_shows_its_help_card_once_and_the_pause_offers_it(house):
    app, menu = house
    menu.select("play:box")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    leave(app, menu)
    assert isinstance(app.stack.top, HelpOverlay)  # first launch: its own card
    assert app.stack.top.title == "How to play Box"
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_x)])
    frames(app, 1)
    game = app.stack.top
    assert isinstance(game, box.BoxScene)
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_SPACE)])
    assert game.session.state[0] == 2 and game.session.line == [("+1", "player")] * 2
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert "help" in pause.keys()  # the pause overlay knows its card from the record
    pause.list.selected = pause.keys().index("menu")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.5)
    assert app.stack.scenes == [menu]  # Esc, Menu: out of the game


def test_its_settings_are_in_the_settings_scene_and_persist(house):
    app, _ = house
    app.stack.push(SettingsScene(app), fade=False)
    frames(app, 1)
    s = app.stack.top
    assert "box.colour" in s.keys()
    s.list.selected = s.keys().index("box.colour")
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert app.profile.get("box.colour") == "blue"
    from arcade.engine.storage import Profile

    assert Profile(app.profile.dir).get("box.colour") == "blue"


def test_its_stats_tab_and_charts(house):
    app, _ = house
    for n in (3, 5):
        app.profile.record_game("box", n, boxes=n)
    app.profile.submit_score("box", 5)
    s = summary(app.profile, fakegame.GAME)
    assert s["played"] == 2 and s["best"] == 5 and s["extras"][0].values == [3, 5]
    stats = StatsScene(app, "box")
    app.stack.push(stats, fade=False)
    frames(app, 2)
    assert stats.game_id == "box"


def test_it_takes_its_turn_in_the_demo(house):
    app, _ = house
    demo = DemoScene(app, segment=0.5)
    app.stack.push(demo, fade=False)
    frames(app, 1)
    seen = set()
    for _ in range(len(demo.entries) + 1):
        seen.add(demo.entries[demo.index].id)
        settle(app, 0.55)
    assert "box" in seen and any(s.demo for s in box.made)


def test_a_lower_is_better_best(house):
    app, _ = house
    timed = fakegame.make("timed", "Timed", best=Best(lower=True, unit="s"))
    app.registry = dict(app.registry, timed=timed)
    for ms in (9000, 4200, 6000):
        app.profile.submit_low("timed", ms)
    assert timed.best_value(app.profile) == 4200 and timed.best.format(4200) == "4.2 s"
    menu = MenuScene(app)
    assert menu.list.items[menu.keys().index("play:timed")].detail == "Best 4.2 s"


def test_arcade_play_runs_it_with_its_own_options(tmp_path):
    registry = dict(games.load(), box=fakegame.GAME)
    box.made.clear()
    assert cli.main(["play", "box", "--shape", "wide", "--frames", "5", "--data-dir", str(tmp_path)],
                    games=registry) == 0
    assert box.made and box.made[-1].options == {"shape": "wide"} and box.made[-1].session.params == "wide"


def test_arcade_play_rejects_a_bad_value_of_its_options(tmp_path, capsys):
    registry = dict(games.load(), box=fakegame.GAME)
    with pytest.raises(SystemExit) as e:
        cli.main(["play", "box", "--shape", "round"], games=registry)
    assert e.value.code == 2 and "--shape" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "2048", "--shape", "wide"], games=registry)  # options belong to their game


@pytest.mark.scene_errors
@pytest.mark.parametrize("where", ["init", "enter", "update", "draw"])
def test_a_failing_scene_is_closed_and_the_player_lands_on_the_menu(make_app, monkeypatch, caplog, where):
    monkeypatch.setitem(broken.WHERE, "where", where)
    bad = fakegame.make("bad", "Bad", scene="fakegame.broken")
    app = make_app(registry=dict(games.load(), bad=bad))
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("play:bad")
    with caplog.at_level(logging.ERROR, logger="arcade"):
        frames(app, 1, events=[key(pygame.K_RETURN)])
        settle(app, 0.8)
    assert app.stack.scenes == [menu] and app.stack.top is menu
    assert app.toast is not None and "boom" in app.toast[0] and "\n" not in app.toast[0]
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1  # logged once, with its traceback
    # the app goes on: the menu still takes input, and the next game starts normally
    app.profile.set("help.2048", True)
    menu.select("play:2048")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.8)
    assert type(app.stack.top).__name__ == "Game2048Scene"


def test_a_failing_prepare_step_does_not_wedge_the_switch(house):
    app, menu = house

    def steps():
        yield
        raise OSError("art missing")

    app.stack.push(lambda: box.make_scene(app), fade=True, prepare=steps())
    settle(app, 0.8)
    assert isinstance(app.stack.top, (box.BoxScene, HelpOverlay))
