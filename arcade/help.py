"""Controls cards: one per game, shown over the game on first launch and from the pause overlay."""
from __future__ import annotations

import pygame

from .scene import Scene
from .ui import colors
from .ui.text import blit_center, fit, render
from .ui.widgets import Dimmer

CARDS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "2048": ("How to play 2048", [
        ("Arrows, WASD, HJKL", "slide the tiles"),
        ("Drag or swipe", "slide the tiles"),
        ("U, Backspace, Ctrl+Z", "undo"),
        ("R", "new game"),
        ("Shift+A", "AI autoplay on / off"),
        ("Shift+H or ?", "AI hint for one move"),
        ("+ / -", "autoplay speed"),
        ("Esc", "pause, settings, help"),
        ("", "Equal tiles merge. Reach 2048!"),
    ]),
    "stairs": ("How to play Stairs", [
        ("Left half / Left, A", "hop up-left"),
        ("Right half / Right, D", "hop up-right"),
        ("", "Hop onto the next stair,"),
        ("", "dodge the spikes, and hurry:"),
        ("", "the stairs fall away behind you!"),
        ("Esc", "pause, settings, help"),
    ]),
}


class HelpOverlay(Scene):
    """Any key, click or tap closes it."""

    overlay = True

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.title, self.rows = CARDS[game_id]
        self.dim = Dimmer(app.size, (30, 25, 20, 190))
        self.t = 0.0
        self._closed = False

    def handle(self, event) -> None:
        if self._closed or self.t < 0.15:  # a key held from the menu doesn't close it at once
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "touch", False):
                return
            self._closed = True
            self.app.stack.pop()

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


def maybe_first_launch(app, game_id: str) -> None:
    """Show the card once per game, the first time it is played."""
    key = f"help.{game_id}"
    if not app.profile.get(key):
        app.profile.set(key, True)
        app.stack.push(HelpOverlay(app, game_id))
