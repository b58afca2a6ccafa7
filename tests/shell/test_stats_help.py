"""Stats records and screen; help cards."""
import pygame
import pytest

from arcade.engine.plugin import Bars, Breakdown
from arcade.games import load
from arcade.shell.help import HelpOverlay, open_help
from arcade.shell.stats import StatsScene, summary
from arcade.engine.storage import Profile
from helpers import click, frames, key, settle


def test_summary_counts_from_the_profile(data_dir):
    p = Profile(data_dir, sync=True)
    for score, tile in ((100, 128), (300, 256), (200, 256)):
        p.record_game("2048", score, max_tile=tile, size=4)
    p.submit_score("2048/4x4", 300)
    p.submit_score("2048/5x5", 500)
    for cause in ("hit", "fell", "fell", "dropped"):
        p.record_game("stairs", 5, cause=cause)
    games = load()
    s = summary(Profile(data_dir), games["2048"])  # what survives a reload
    assert s["played"] == 3 and s["average"] == 200 and s["best"] == 500
    assert s["recent"] == [100, 300, 200]
    (tiles,) = s["extras"]
    assert isinstance(tiles, Bars) and list(tiles.labels) == ["128", "256"] and list(tiles.values) == [1, 2]
    t = summary(p, games["stairs"])
    (causes,) = t["extras"]
    assert isinstance(causes, Breakdown) and t["played"] == 4
    assert {label: n for label, n, _ in causes.rows} == {"Hit a spike": 1, "Stepped into the void": 2, "Stair fell away": 1}


def test_summary_ignores_hand_edited_records(data_dir):
    p = Profile(data_dir, sync=True)
    p.record_game("2048", 30, max_tile=64)
    for score, tile in ((10, "lots"), (40, 3), (50, 6)):  # not tiles: counted in no chart, never a crash
        p.record_game("2048", score, max_tile=tile)
    p.record_game("stairs", 1, cause="no such cause")
    for bad in ({"max_tile": [1]}, {"cause": ["hit"]}):  # the profile refuses to write what it would not load
        with pytest.raises(ValueError):
            p.record_game("2048", 5, **bad)
    games = load()
    (tiles,) = summary(Profile(data_dir), games["2048"])["extras"]
    assert list(tiles.labels) == ["64"] and list(tiles.values) == [1]
    (causes,) = summary(Profile(data_dir), games["stairs"])["extras"]
    assert sum(n for _, n, _ in causes.rows) == 0


def test_stats_scene_draws_switches_and_returns(app):
    from arcade.shell.menu import MenuScene

    for i in range(30):
        app.profile.record_game("2048", i * 10, max_tile=2 ** (i % 8 + 4))
        app.profile.record_game("stairs", i, cause=("hit", "fell", "dropped")[i % 3])
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    app.stack.push(StatsScene(app), fade=False)
    frames(app, 2)
    s = app.stack.top
    assert s.game_id == "2048"
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert s.game_id == "stairs"
    frames(app, 1, events=click(s._tab_rect(0).center))
    assert s.game_id == "2048"
    frames(app, 1, events=click(s._back_rect().center))
    settle(app, 0.4)
    assert app.stack.top is menu


def test_help_card_shows_once_and_any_key_closes_it(app):
    from arcade.engine.scene import Scene

    base = Scene(app)
    app.stack.reset(base, fade=False)
    frames(app, 1)
    open_help(app, "2048", first_launch=True)
    frames(app, 1)
    assert isinstance(app.stack.top, HelpOverlay)
    frames(app, 1, events=[key(pygame.K_LEFT)])  # too soon: a key still held from the menu
    assert isinstance(app.stack.top, HelpOverlay)
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1)
    assert app.stack.top is base
    open_help(app, "2048", first_launch=True)
    frames(app, 1)
    assert app.stack.top is base and Profile(app.profile.dir).get("help.2048") is True


def test_the_chart_says_what_a_games_score_is_and_the_average_carries_its_unit(app, monkeypatch):
    mines = app.registry["minesweeper"]
    assert mines.scores != "Recent scores" and mines.score_unit == "%"
    app.profile.record_game("minesweeper", 40, level="beginner", won=False, time_ms=5000)
    app.profile.record_game("minesweeper", 100, level="beginner", won=True, time_ms=9000)
    drawn = []
    real = StatsScene._chart

    def spy(self, surface, rect, title, values, labels, unit="", outcomes=None):
        drawn.append((title, list(values), unit))
        return real(self, surface, rect, title, values, labels, unit, outcomes)

    monkeypatch.setattr(StatsScene, "_chart", spy)
    s = StatsScene(app, "minesweeper")
    app.stack.reset(s, fade=False)
    frames(app, 1)
    assert drawn[0] == (mines.scores, [40, 100], "%")
    charts = len(drawn)
    frames(app, 1, events=[key(pygame.K_RIGHT)])  # a game with no history yet: "No games yet", no empty axes
    assert app.stack.top is s and s.game_id != "minesweeper" and len(drawn) == charts


def test_a_game_between_friends_is_played_but_not_scored(app):
    ttt = app.registry["tictactoe"]
    app.profile.record_game("tictactoe", 2, variant="3x3", level="easy", side="X", result="win", moves=5)
    app.profile.record_game("tictactoe", 0, variant="3x3", opponent="friend", result="X", moves=7)
    app.profile.record_game("tictactoe", 1, variant="3x3", level="easy", side="X", result="draw", moves=9)
    s = summary(app.profile, ttt)
    assert s["played"] == 3 and s["recent"] == [2, 1] and s["average"] == 1.5


def test_every_help_card_uses_one_text_size_and_no_row_is_shrunk(app):
    """The cards read as one set: the same size on every page, long rows wrapped onto two lines, never shrunk."""
    from arcade.shell.help import TEXT_SIZES, card_layout, wrap

    cards = [g.help for g in app.registry.values() if g.help is not None]
    inner = 480 - 60 - 44
    size, keys_w = card_layout(cards, inner)
    assert size in TEXT_SIZES and size >= 15
    for card in cards:
        for keys, what in card.rows:
            assert wrap(what, (inner - keys_w - 28) if keys else inner, size) is not None
            if keys:
                assert wrap(keys, int(inner * 0.4), size, "bold") is not None


def test_losses_show_in_the_tictactoe_chart_in_their_own_colour(app):
    from arcade.shell.stats import LOSS_BAR

    for res, score in (("win", 2), ("loss", 0), ("draw", 1), ("loss", 0)):
        app.profile.record_game("tictactoe", score, variant="3x3", level="easy", side="X", result=res, moves=5)
    s = StatsScene(app, "tictactoe")
    app.stack.reset(s, fade=False)
    frames(app, 2)
    summ = summary(app.profile, app.registry["tictactoe"])
    assert summ["recent"] == [2, 0, 1, 0] and summ["recent_outcomes"] == ["won", "lost", "draw", "lost"]
    w = app.canvas.get_width() if hasattr(app, "canvas") else 480
    surface = pygame.Surface((w, 800))
    s.draw(surface)
    reds = sum(1 for x in range(30, w - 30) for y in range(300, 470, 2) if tuple(surface.get_at((x, y)))[:3] == LOSS_BAR)
    assert reds > 2 * 40  # two lost games, each a visible red bar, not a two-pixel sliver
