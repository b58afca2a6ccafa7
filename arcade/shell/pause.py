"""The pause overlay a game pushes on Esc: resume, restart, settings, help, quit to menu."""
from __future__ import annotations

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render
from arcade.engine.ui.widgets import ButtonList, Dimmer, Item


class PauseOverlay(Scene):
    overlay = True

    def __init__(self, app, game_id: str | None = None, on_restart=None, title: str = "Paused"):
        super().__init__(app)
        self.game_id = game_id
        self.title = title
        items = [Item("Resume", self.resume, key="resume")]
        if on_restart is not None:
            items.append(Item("Restart", lambda: (on_restart(), self.resume()), key="restart"))
        items.append(Item("Settings", self.settings, key="settings"))
        if game_id is not None and getattr(app.registry.get(game_id), "help", None) is not None:
            items.append(Item("Help", lambda: app.open("help", game_id), key="help"))
        items.append(Item("Quit to menu", self.quit_to_menu, key="menu"))
        n = len(items)
        h = n * 56 + (n - 1) * 12
        self.list = ButtonList(items, pygame.Rect(90, 400 - h // 2 + 30, 300, h),
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"))
        self.dim = Dimmer(app.size, (30, 25, 20, 170))

    def resume(self) -> None:
        self.app.stack.remove(self)

    def settings(self) -> None:
        self.app.open("settings")

    def quit_to_menu(self) -> None:
        if self in self.app.stack:
            self.app.stack.pop_to_root()

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.resume()
            return
        self.list.handle(event)

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        top = self.list.rect.y
        blit_center(surface, render(self.title, 56, colors.TEXT_LIGHT), (surface.get_width() / 2, top - 70))
        self.list.draw(surface)


def open_pause(app, game_id: str | None = None, on_restart=None, title: str = "Paused") -> PauseOverlay:
    overlay = PauseOverlay(app, game_id, on_restart=on_restart, title=title)
    app.stack.push(overlay)
    return overlay
