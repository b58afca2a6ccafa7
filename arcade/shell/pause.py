"""The pause overlay a game pushes on Esc: resume, restart, settings, help, quit to menu.

A game may theme it to its own screen: ``app.open("pause", id, theme={...})`` with any of the keys of
:data:`DEFAULT_THEME` (colours as tuples; ``card``/``edge`` give the title and buttons a rounded card). The game
knows nothing of this module, only the keys; the shell knows nothing of the game."""
from __future__ import annotations

from collections.abc import Mapping

import pygame

from arcade.engine import assets
from arcade.engine.i18n import N_, _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import LANDSCAPE_SIZE, is_landscape
from arcade.engine.ui.text import blit_center, fit
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


WIDE_CARD = (46, 39, 33, 225)  # the card of a theme without one, in the wide layout (dark: the light title reads on it)

# Where everything on the pause overlay goes, one table a canvas and a count of buttons (:func:`layout_for`), read by
# drawing and by the buttons' hit tests alike. Portrait: the title, the game code under it, then the column of
# buttons a little below the middle; a code that takes two lines pushes the buttons and the card down by a line.
# Landscape: the title and the code on the left, the buttons beside them on the right (each SIDE_W wide), held
# together on one card (the theme's, or WIDE_CARD: the wide layout spreads over the game).
BUTTON_W, BUTTON_H, BUTTON_GAP = 300, 56, 12
SIDE_W = 300  # landscape: the title and the game code on the left, the buttons on the right, each this wide
COUNTS = range(1, 7)  # how many buttons a pause may have (Resume, Restart, Settings, Help, Quit to menu)


def _column(n: int) -> int:
    return n * BUTTON_H + (n - 1) * BUTTON_GAP


def _portrait(n: int) -> dict:
    buttons = pygame.Rect(90, 400 - _column(n) // 2 + 30, BUTTON_W, _column(n))
    return {
        "buttons": buttons,
        "title": (240, buttons.y - 70), "title_coded": (240, buttons.y - 70),  # without a code, with one
        "code": (240, buttons.y - 26),  # the code's first line (centre)
        "text_w": 440,  # the title's and the code's width
        "card": pygame.Rect(buttons.x - 40, buttons.y - 120, buttons.w + 80, buttons.h + 150),
        "code_pushes": True,  # a code on two lines moves the buttons and the card's foot down by a line
        "card_colours": None,  # a theme without a card has none here: the buttons stand over the veil
    }


def _landscape(n: int) -> dict:
    w, h = LANDSCAPE_SIZE
    buttons = pygame.Rect(w // 2 + 20, h // 2 - _column(n) // 2, SIDE_W, _column(n))
    title = (w // 2 - 20 - SIDE_W // 2, h // 2)
    return {
        "buttons": buttons,
        "title": title, "title_coded": (title[0], title[1] - 18),
        "code": (title[0], title[1] - 18 + 48),
        "text_w": SIDE_W + 40,
        "card": pygame.Rect(w // 2 - SIDE_W - 50, buttons.y - 30, 2 * SIDE_W + 100, buttons.h + 60),
        "code_pushes": False,
        "card_colours": (WIDE_CARD, colors.BUTTON),
    }


PORTRAIT = {n: _portrait(n) for n in COUNTS}
LANDSCAPE = {n: _landscape(n) for n in COUNTS}


def layout_for(size, n: int) -> dict:
    """The pause overlay's table for a canvas of ``size`` and ``n`` buttons: :data:`LANDSCAPE` on the wide canvas,
    :data:`PORTRAIT` otherwise."""
    return (LANDSCAPE if is_landscape(size) else PORTRAIT)[n]


def pause_theme(theme: Mapping | None) -> dict:
    """:data:`DEFAULT_THEME` with a game's keys over it (an unknown key is a mistake: ValueError)."""
    theme = dict(theme or {})
    unknown = set(theme) - set(DEFAULT_THEME)
    if unknown:
        raise ValueError(f"pause theme: unknown keys {sorted(unknown)}; known: {sorted(DEFAULT_THEME)}")
    return {**DEFAULT_THEME, **theme}


class PauseOverlay(Scene):
    overlay = True

    def __init__(self, app, game_id: str | None = None, on_restart=None, title: str = N_("Paused"),
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
        self.list = ButtonList(items, pygame.Rect(0, 0, BUTTON_W, 0), colour=t["button"], hover=t["hover"], text=t["text"],
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"))
        self.resize(app.size)

    def resize(self, size) -> None:
        """Lay out for the canvas from its table (:func:`layout_for`): the title over a column of buttons in
        portrait; in landscape the title and the code on the left and the buttons beside them, so every button
        stands well inside the canvas."""
        t = self.theme
        lay = layout_for(size, len(self.list.items))
        self.list.rect = pygame.Rect(lay["buttons"])
        self.title_at = lay["title_coded" if self.code else "title"]
        self.code_at = lay["code"]
        self.text_w = lay["text_w"]
        rect = pygame.Rect(lay["card"])
        self._code_step = assets.font_for("Ag", 16, "bold").get_linesize()
        self._lines = self.code_lines()
        if len(self._lines) > 1 and lay["code_pushes"]:  # the code's second line goes above the buttons
            self.list.rect.y += self._code_step
            rect.h += self._code_step
        self.dim = Dimmer(size, t["veil"])
        self.card: tuple[pygame.Surface, pygame.Rect] | None = None
        fill, edge = t["card"], t["edge"]
        if fill is None and lay["card_colours"] is not None:
            fill, edge = lay["card_colours"]
        if fill is not None:
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(card, fill, card.get_rect(), border_radius=18)
            if edge is not None:
                pygame.draw.rect(card, edge, card.get_rect(), width=3, border_radius=18)
            self.card = (card, rect)

    def language_changed(self) -> None:
        """The code's line is measured in the language shown: lay out again."""
        self.resize(self.app.size)

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

    def code_lines(self) -> list[str]:
        """The game code's line, or two (the code, then "C copies") when larger text makes it too long for one."""
        if not self.code:
            return []
        line = _("Game code {code}  ·  C copies").format(code=self.code)
        if assets.font_for(line, 13, "bold").size(line)[0] <= self.text_w:
            return [line]
        head, _dot, tail = line.rpartition("  ·  ")
        return [head, tail] if head else [line]

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        if self.card is not None:
            surface.blit(*self.card)
        blit_center(surface, fit(_(self.title), self.text_w, 56, self.theme["title"], min_size=40), self.title_at)
        x, y = self.code_at
        for i, line in enumerate(self._lines):
            blit_center(surface, fit(line, self.text_w, 16, self.theme["title"], min_size=13),
                        (x, y + i * self._code_step))
        self.list.draw(surface)


def open_pause(app, game_id: str | None = None, on_restart=None, title: str = N_("Paused"),
               theme: Mapping | None = None, code: str | None = None) -> PauseOverlay:
    overlay = PauseOverlay(app, game_id, on_restart=on_restart, title=title, theme=theme, code=code)
    app.stack.push(overlay)
    return overlay
