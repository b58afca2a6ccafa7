"""A small question over the current scene: a title and a few buttons (keys, mouse, touch); Esc or a click
outside the buttons cancels. The menu asks "Continue or new game?" with it when a game has a save; 2048 asks
whether a new board size starts now."""
from __future__ import annotations

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape, pointer_up
from arcade.engine.ui.text import blit_center, fit
from arcade.engine.ui.widgets import ButtonGrid, ButtonList, Dimmer, Item

LANDSCAPE_CARD_W = 560  # in a wide canvas the choices stand side by side (two a row from four on)


class AskOverlay(Scene):
    overlay = True

    def __init__(self, app, title: str, choices):
        """``choices``: (key, label, action) in order; the first is selected."""
        super().__init__(app)
        self.title = title
        self.items = [Item(label, self._choose(action), key=key) for key, label, action in choices]
        self.resize(app.size)

    def resize(self, size) -> None:
        """The card and its buttons for the canvas: a column in portrait, side by side in landscape."""
        items = self.items
        selected = self.list.selected if hasattr(self, "list") else 0
        n = len(items)
        sounds = dict(on_move=lambda: self.app.play("menu_move"), on_select=lambda: self.app.play("menu_select"))
        if is_landscape(size):
            cols = n if n <= 3 else 2
            rows = -(-n // cols)
            h = rows * 56 + (rows - 1) * 12
            self.card = pygame.Rect(0, 0, LANDSCAPE_CARD_W, h + 120)
            self.card.center = (size[0] // 2, size[1] // 2)
            bw = (self.card.w - 80 - 12 * (cols - 1)) // cols
            cells = [pygame.Rect(self.card.x + 40 + (i % cols) * (bw + 12), self.card.y + 90 + (i // cols) * 68, bw, 56)
                     for i in range(n)]
            self.list = ButtonGrid(items, cells, **sounds)
        else:
            h = n * 56 + (n - 1) * 12
            self.card = pygame.Rect(50, 400 - h // 2 - 70, 380, h + 120)
            self.list = ButtonList(items, pygame.Rect(90, self.card.y + 90, 300, h), **sounds)
        self.list.selected = min(selected, n - 1) if n else 0
        self.dim = Dimmer(size, (30, 25, 20, 170))

    def _choose(self, action):
        def run():
            self.app.stack.remove(self, fade=False)
            action()

        return run

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def cancel(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        up = pointer_up(event)
        if up is not None and not self.card.collidepoint(up[:2]):
            self.cancel()
            return
        self.list.handle(event)

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        pygame.draw.rect(surface, colors.PAGE, self.card, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, self.card, width=3, border_radius=12)
        blit_center(surface, fit(self.title, self.card.w - 40, 30, colors.TEXT), (self.card.centerx, self.card.y + 45))
        self.list.draw(surface)
