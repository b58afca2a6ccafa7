"""The Text size setting in play, on the portrait canvas: each game with its busiest text on screen (2048's AI panel,
a Gomoku game with threats, Stairs' game-over card) stays readable at 150 %: no text off the canvas or over another,
in English and 简体中文. (The menu, settings, stats, help and pause: tests/shell/test_readable.py; the wide canvas:
each game's test_landscape.py.)"""
import pygame
import pytest

from helpers import frames, key, settle
from readable import MIN_CONTRAST, drawn, install, overlapping


@pytest.fixture
def measured(monkeypatch):
    from readable import Canvas

    install(monkeypatch)
    yield
    Canvas.meta.clear()


def problems(app) -> list:
    canvas = drawn(app)
    assert canvas.pieces
    bad = [f"{p.text!r} runs off the canvas" for p in canvas.pieces if p.cut]
    bad += [f"{p.text!r} {p.contrast:.2f}:1" for p in canvas.pieces if p.contrast < MIN_CONTRAST]
    return bad + [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas)]


def start(app, gid, **options):
    from arcade.shell.menu import MenuScene

    app.profile.set(f"help.{gid}", True)
    app.stack.reset(MenuScene(app), fade=False)
    app.stack.push(app.registry[gid].make_scene(app, resume=False, **options), fade=False)
    settle(app, 0.5)
    return app.stack.top


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_games_in_play_read_at_the_largest_text_size(make_app, measured, lang):
    from arcade.engine import assets, i18n

    app = make_app(seed=5)
    app.set_setting("text_size", 1.5)
    app.set_setting("language", lang)
    assert assets.text_scale() == 1.5
    bad = []
    try:
        s = start(app, "2048")
        for k in (pygame.K_LEFT, pygame.K_DOWN):
            frames(app, 1, events=[key(k)])
            settle(app, 0.8)
        frames(app, 1, events=[key(pygame.K_i)])  # the AI panel
        settle(app, 0.3)
        assert s.panel_open
        bad += [f"2048 with its AI panel: {p}" for p in problems(app)]
        s = start(app, "tictactoe", variant="gomoku")
        settle(app, 0.3)
        bad += [f"Gomoku, choosing: {p}" for p in problems(app)]
        s = start(app, "minesweeper")
        bad += [f"Minesweeper: {p}" for p in problems(app)]
        s = start(app, "stairs", seed=5)
        frames(app, 1, events=[key(pygame.K_SPACE)])
        settle(app, 0.3)
        wrong = pygame.K_LEFT if s.world.next_side == "right" else pygame.K_RIGHT  # the run ends there
        frames(app, 1, events=[key(wrong)])
        settle(app, 3.0)
        assert s.world.over and s.panel is not None
        bad += [f"Stairs, game over: {p}" for p in problems(app)]
    finally:
        i18n.set_language("en")
    assert not bad, "\n".join(bad)


def test_the_pause_code_line_follows_a_change_of_language_made_while_paused(make_app):
    """The pause overlay measures its code line when it lays out; a language changed in the settings opened from
    it (the overlay stays under them) lays it out again, in the new language."""
    from arcade.engine import i18n
    from arcade.shell.pause import PauseOverlay

    app = make_app(seed=5)
    try:
        start(app, "2048")
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        settle(app, 0.3)
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay) and pause.code
        english = list(pause._lines)
        assert english and english == pause.code_lines() and "Game code" in english[0]
        app.set_setting("language", "zh")
        frames(app, 1)
        assert pause._lines == pause.code_lines() != english
        assert pause.code in pause._lines[0] and "Game code" not in pause._lines[0]
    finally:
        i18n.set_language("en")
