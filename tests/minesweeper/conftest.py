"""The player's way into Minesweeper, shared by its screen tests."""
import pygame
import pytest

from arcade.minesweeper import scene as sc
from arcade.shell.help import HelpOverlay
from arcade.shell.menu import MenuScene
from helpers import frames, key, settle
from tests.minesweeper.test_scene import SyncWorker


def from_the_menu(app, monkeypatch):
    """Minesweeper started from the menu on a fresh profile; returns the first-run help card over it."""
    monkeypatch.setattr(sc, "_worker", SyncWorker)  # the AI answers in this process
    app.seed = 7  # the same boards every run
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("play:minesweeper")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.6)
    card = app.stack.top
    assert isinstance(card, HelpOverlay)  # the card a new player sees first
    return card


@pytest.fixture
def game(app, monkeypatch):
    """Minesweeper started from the menu on a fresh profile, its first-run help card read and closed."""
    from_the_menu(app, monkeypatch)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    s = app.stack.top
    assert isinstance(s, sc.MinesScene) and s.field.level_name == "beginner"
    return s
