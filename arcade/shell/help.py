"""Controls cards: each game's ``GAME.help``, shown over the game on first launch and from the pause overlay."""
from __future__ import annotations

import pygame

from arcade.engine.plugin import help_seen_key
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import Dimmer

KEYS_INK = (110, 92, 76)  # the keys column and the foot, on the card: 6:1 (the house's button brown is 3.8:1)


class HelpOverlay(Scene):
    """One game's card, or (from the menu) every game's, Left/Right (or a click on the card's left/right third)
    turning the pages. Any other key, click or tap closes it."""

    overlay = True

    def __init__(self, app, game_id: str, pages: list[str] | None = None):
        super().__init__(app)
        self.pages = pages or [game_id]
        self.page = self.pages.index(game_id) if game_id in self.pages else 0
        self._show()
        self.dim = Dimmer(app.size, (30, 25, 20, 190))
        self.t = 0.0

    def _show(self) -> None:
        game = self.app.registry[self.pages[self.page]]
        card = game.help
        self.title, self.rows = (card.title, card.rows) if card is not None else (game.title, ())

    def turn(self, delta: int) -> None:
        self.page = (self.page + delta) % len(self.pages)
        self._show()
        self.app.play("menu_move")

    def card_rect(self, size) -> pygame.Rect:
        w, h = size
        card = pygame.Rect(30, 0, w - 60, 110 + 44 * len(self.rows) + (24 if len(self.pages) > 1 else 0))
        card.centery = h // 2
        return card

    def handle(self, event) -> None:
        if self.t < 0.15:  # a key held from the menu doesn't close it at once
            return
        if len(self.pages) > 1 and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "touch", False):
                return
            if len(self.pages) > 1 and event.type == pygame.MOUSEBUTTONUP:
                card = self.card_rect(self.app.size)
                if card.collidepoint(event.pos) and not card.w / 3 <= event.pos[0] - card.x <= 2 * card.w / 3:
                    self.turn(-1 if event.pos[0] - card.x < card.w / 3 else 1)
                    return
            self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        w, h = surface.get_size()
        card = self.card_rect((w, h))
        pygame.draw.rect(surface, colors.PAGE, card, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, card, width=3, border_radius=12)
        blit_center(surface, render(self.title, 34, colors.TEXT), (w / 2, card.y + 40))
        y = card.y + 90
        # two columns with a clear gutter: the keys as wide as the widest needs (at most 45 % of the card)
        inner = card.w - 44
        keys_w = min(int(inner * 0.45), max((fit(k, inner, 20, KEYS_INK).get_width() for k, _ in self.rows if k),
                                            default=0))
        gutter = 28
        for keys, what in self.rows:
            if keys:
                k = fit(keys, keys_w, 20, KEYS_INK)
                surface.blit(k, k.get_rect(midleft=(card.x + 22, y)))
                d = fit(what, inner - keys_w - gutter, 20, colors.TEXT, "medium")
                surface.blit(d, d.get_rect(midleft=(card.x + 22 + keys_w + gutter, y)))
            else:
                blit_center(surface, fit(what, card.w - 40, 20, colors.TEXT, "medium"), (w / 2, y))
            y += 44
        if len(self.pages) > 1:
            blit_center(surface, render(f"<  {self.page + 1} / {len(self.pages)}  >", 18, KEYS_INK),
                        (w / 2, card.bottom - 44))
            foot = "Left/Right: other games  ·  any other key closes"
        else:
            foot = "press any key"
        blit_center(surface, render(foot, 16, KEYS_INK, "regular"), (w / 2, card.bottom - 18))


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


def open_all_help(app):
    """Every game's card, from the menu: the pages turn with Left/Right."""
    ids = [g.id for g in app.registry.values() if g.help is not None]
    if not ids:
        return None
    overlay = HelpOverlay(app, ids[0], pages=ids)
    app.stack.push(overlay)
    return overlay
