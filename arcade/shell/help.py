"""Controls cards: each game's ``GAME.help``, shown over the game on first launch and from the pause overlay."""
from __future__ import annotations

import pygame

from arcade.engine.plugin import help_seen_key
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import Dimmer

class HelpOverlay(Scene):
    """Any key, click or tap closes it."""

    overlay = True

    def __init__(self, app, game_id: str):
        super().__init__(app)
        card = app.registry[game_id].help
        self.title, self.rows = (card.title, card.rows) if card is not None else (app.registry[game_id].title, ())
        self.dim = Dimmer(app.size, (30, 25, 20, 190))
        self.t = 0.0

    def handle(self, event) -> None:
        if self.t < 0.15:  # a key held from the menu doesn't close it at once
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "touch", False):
                return
            self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        w, h = surface.get_size()
        card = pygame.Rect(30, 0, w - 60, 110 + 44 * len(self.rows))
        card.centery = h // 2
        pygame.draw.rect(surface, colors.PAGE, card, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, card, width=3, border_radius=12)
        blit_center(surface, render(self.title, 34, colors.TEXT), (w / 2, card.y + 40))
        y = card.y + 90
        for keys, what in self.rows:
            if keys:
                k = fit(keys, card.w // 2 - 20, 20, colors.BUTTON)
                surface.blit(k, k.get_rect(midleft=(card.x + 22, y)))
                d = fit(what, card.w // 2 - 20, 20, colors.TEXT, "medium")
                surface.blit(d, d.get_rect(midleft=(card.centerx + 4, y)))
            else:
                blit_center(surface, fit(what, card.w - 40, 20, colors.TEXT, "medium"), (w / 2, y))
            y += 44
        blit_center(surface, render("press any key", 16, colors.BUTTON, "regular"), (w / 2, card.bottom - 18))


def open_help(app, game_id: str, first_launch: bool = False):
    """Push the game's card; with ``first_launch`` only the first time the game is played. Returns the overlay
    (or None when it was not shown: already seen, or the game has no card)."""
    game = app.registry.get(game_id)
    if game is None or game.help is None:
        return None
    key = help_seen_key(game_id)
    if first_launch:
        if app.profile.get(key):
            return None
        app.profile.set(key, True)
    overlay = HelpOverlay(app, game_id)
    app.stack.push(overlay)
    return overlay
