"""The pause overlay a game pushes on Esc: resume, restart, settings, help, quit to menu.

A game may theme it to its own screen: ``app.open("pause", id, theme={...})`` with any of the keys of
:data:`DEFAULT_THEME` (colours as tuples; ``card``/``edge`` give the title and buttons a rounded card). The game
knows nothing of this module, only the keys; the shell knows nothing of the game."""
from __future__ import annotations

from collections.abc import Mapping

import pygame

from arcade.engine.i18n import _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render
from arcade.engine.ui.widgets import ButtonList, Dimmer, Item


DEFAULT_THEME: dict[str, tuple | None] = {
    "veil": (30, 25, 20, 170),  # rgba over the paused game
    "button": colors.BUTTON,
    "hover": colors.BUTTON_HOVER,
    "text": colors.TEXT_LIGHT,  # on the buttons
    "title": colors.TEXT_LIGHT,
    "card": None,  # rgba of a card behind the title and buttons (None: no card)
    "edge": None,  # rgb of the card's border
}


def pause_theme(theme: Mapping | None) -> dict:
    """:data:`DEFAULT_THEME` with a game's keys over it (an unknown key is a mistake: ValueError)."""
    theme = dict(theme or {})
    unknown = set(theme) - set(DEFAULT_THEME)
    if unknown:
        raise ValueError(f"pause theme: unknown keys {sorted(unknown)}; known: {sorted(DEFAULT_THEME)}")
    return {**DEFAULT_THEME, **theme}


class PauseOverlay(Scene):
    overlay = True

    def __init__(self, app, game_id: str | None = None, on_restart=None, title: str = "Paused",
                 theme: Mapping | None = None, code: str | None = None):
        super().__init__(app)
        self.game_id = game_id
        self.code = code  # the game code, shown under the title; C copies it
        self.title = title
        self.theme = t = pause_theme(theme)
        items = [Item(_("Resume"), self.resume, key="resume")]
        if on_restart is not None:
            items.append(Item(_("Restart"), lambda: (on_restart(), self.resume()), key="restart"))
        items.append(Item(_("Settings"), self.settings, key="settings"))
        if game_id is not None and getattr(app.registry.get(game_id), "help", None) is not None:
            items.append(Item(_("Help"), lambda: app.open("help", game_id), key="help"))
        items.append(Item(_("Quit to menu"), self.quit_to_menu, key="menu"))
        n = len(items)
        h = n * 56 + (n - 1) * 12
        self.list = ButtonList(items, pygame.Rect(90, 400 - h // 2 + 30, 300, h), colour=t["button"],
                               hover=t["hover"], text=t["text"],
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"))
        self.dim = Dimmer(app.size, t["veil"])
        self.card: tuple[pygame.Surface, pygame.Rect] | None = None
        if t["card"] is not None:
            r = self.list.rect
            rect = pygame.Rect(r.x - 40, r.y - 120, r.w + 80, r.h + 150)
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(card, t["card"], card.get_rect(), border_radius=18)
            if t["edge"] is not None:
                pygame.draw.rect(card, t["edge"], card.get_rect(), width=3, border_radius=18)
            self.card = (card, rect)

    def resume(self) -> None:
        self.app.stack.remove(self)

    def settings(self) -> None:
        self.app.open("settings", section=self.game_id)  # at the paused game's own settings

    def quit_to_menu(self) -> None:
        if self in self.app.stack:
            self.app.stack.pop_to_root()

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.resume()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.code:
            from arcade.engine.session_scene import copy_text

            copy_text(self.app, self.code)
            return
        self.list.handle(event)

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        if self.card is not None:
            surface.blit(*self.card)
        top = self.list.rect.y
        blit_center(surface, render(_(self.title), 56, self.theme["title"]), (surface.get_width() / 2, top - 70))
        if self.code:
            blit_center(surface, render(_("Game code {code}  ·  C copies").format(code=self.code), 16, self.theme["title"]),
                        (surface.get_width() / 2, top - 26))
        self.list.draw(surface)


def open_pause(app, game_id: str | None = None, on_restart=None, title: str = "Paused",
               theme: Mapping | None = None, code: str | None = None) -> PauseOverlay:
    overlay = PauseOverlay(app, game_id, on_restart=on_restart, title=title, theme=theme, code=code)
    app.stack.push(overlay)
    return overlay
