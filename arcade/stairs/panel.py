"""The Stairs game-over card: score, best, what ended the run, the game code, and the buttons (Restart, Replay, Menu);
in the demo a countdown to the next climb. Laid out by :mod:`arcade.stairs.screens`."""
from __future__ import annotations

import math
import pygame

from arcade.engine.i18n import _
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.tween import ease_out
from arcade.engine.ui.widgets import ButtonList, Item
from arcade.stairs.causes import CAUSES
from arcade.stairs.palette import BUTTON, BUTTON_HOVER, CARD, CARD_EDGE, INK, SOFT
from arcade.stairs.screens import layout_for

__all__ = ["DEMO_RESTART", "GameOverPanel"]

DEMO_RESTART = 3.0  # seconds the demo shows a finished run before the next


class GameOverPanel:
    """Score, best, the cause (icon + words), the game code (C copies it), Restart, Replay (the run just played,
    from its start) and Menu; ``scene`` is the :class:`~arcade.stairs.scene.StairsScene` it belongs to."""

    def __init__(self, scene, score: int, best: int, cause: str, new_best: bool,
                 code: str | None = None, daily: str | None = None):
        self.scene = scene
        self.score, self.best, self.cause, self.new_best = score, best, cause, new_best
        self.code, self.daily = code, daily
        items = [Item(_("Restart"), scene.restart, key="restart"), Item(_("Replay"), scene.watch_replay, key="replay"),
                 Item(_("Menu"), scene.to_menu, key="menu")]
        app = scene.app
        self.list = ButtonList(items, pygame.Rect(0, 0, 1, 1), colour=BUTTON, hover=BUTTON_HOVER,
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"))
        self.resize(scene.area, scene.layout.panel)

    def resize(self, size, layout=None) -> None:
        """Lay the card out on a surface of ``size`` (the button selected stays selected): as ``layout`` says (the
        scene's table placed in the frame), or as the table of a canvas of ``size`` does."""
        self.layout = layout if layout is not None else layout_for(size).panel
        self.card = self.layout.card
        self.list.rect = self._list_rect(0)
        self._surface = pygame.Surface(self.card.size, pygame.SRCALPHA)
        pygame.draw.rect(self._surface, CARD, self._surface.get_rect(), border_radius=18)
        pygame.draw.rect(self._surface, CARD_EDGE, self._surface.get_rect(), width=3, border_radius=18)
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill((*INK, 110))

    def _list_rect(self, dy: int) -> pygame.Rect:
        return self.layout.buttons.move(self.card.x, self.card.y + dy)

    @property
    def code_line(self) -> str:
        """What the panel says under the score: the game code (and the daily game's date), and that C copies it."""
        if not self.code:
            return ""
        if self.daily:
            return _("Daily {date}  ·  {code}  ·  C copies").format(date=self.daily, code=self.code)
        return _("Code {code}  ·  C copies").format(code=self.code)

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def button_rect(self, key: str) -> pygame.Rect:
        i = self.keys().index(key)
        return self.list.item_rect(i)

    def handle(self, event, pointer_ok: bool) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.scene.to_menu()
            elif event.key == pygame.K_c and not event.mod & pygame.KMOD_ALT:
                self.scene.copy_code()
            else:
                self.list.handle(event)
            return
        if pointer_ok:
            self.list.handle(event)

    def draw(self, surface: pygame.Surface, k: float) -> None:
        """``k`` 0..1: how far the panel has slid in."""
        e = ease_out(k)
        self._veil.set_alpha(round(255 * e))
        surface.blit(self._veil, (0, 0))
        dy = round((1.0 - e) * (surface.get_height() - self.card.y))
        card = self.card.move(0, dy)
        self.list.rect = self._list_rect(dy)
        surface.blit(self._surface, card)
        lay = self.layout

        def at(point) -> tuple[int, int]:
            return card.x + point[0], card.y + point[1]

        blit_center(surface, fit(_("Game over"), self.card.w - 40, 40, colors.TEXT_LIGHT), at(lay.title))
        head, advice = CAUSES.get(self.cause, (str(self.cause), ""))
        head, advice = _(head), _(advice) if advice else ""
        icon = self.scene.view.stairs.sprites.get(f"cause_{self.cause}")
        label = fit(head, lay.cause_w, 24, colors.GOLD if self.cause == "hit" else colors.TEXT_LIGHT, min_size=14)
        lw = label.get_width() + (icon.image.get_width() + 12 if icon else 0)
        cx, cy = at(lay.cause)
        x = cx - lw // 2
        if icon is not None:
            surface.blit(icon.image, icon.image.get_rect(midleft=(x, cy)))
            x += icon.image.get_width() + 12
        surface.blit(label, label.get_rect(midleft=(x, cy)))
        blit_center(surface, fit(advice, lay.advice_w, 16, SOFT, "medium", min_size=13), at(lay.advice))
        for (bx, by), (name, value) in zip(lay.boxes, ((_("SCORE"), self.score), (_("BEST"), self.best))):
            box = pygame.Rect(card.x + bx, card.y + by, 150, 82)
            pygame.draw.rect(surface, INK, box, border_radius=12)
            blit_center(surface, render(name, 15, SOFT), (box.centerx, box.y + 18))
            blit_center(surface, fit(str(value), box.w - 16, 38, colors.TEXT_LIGHT), (box.centerx, box.y + 52))
        if self.new_best:
            blit_center(surface, render(_("New best!"), 20, colors.GOLD), at(lay.new_best))
        if self.scene.demo:  # nobody to press the buttons: say what happens next
            left = max(1, math.ceil(DEMO_RESTART - self.scene.demo_wait))
            blit_center(surface, render(_("Next climb in {n}").format(n=left), 24, SOFT), at(lay.demo))
        else:
            if self.code:
                blit_center(surface, fit(self.code_line, lay.code_w, 16, SOFT, "medium", min_size=13), at(lay.code))
            self.list.draw(surface)
