"""Tic-tac-toe's new-game card, over the board (portrait) or in the column beside it (landscape): the board, the
opponent (the AI, a friend, an external engine on Gomoku), the side and the AI's level, kept as settings, and Start.
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import _
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_up
from arcade.engine.ui.text import blit_center, fit
from arcade.engine.ui.widgets import ButtonList, Dimmer, Item
from arcade.tictactoe import LEVEL_TITLES, VARIANT_TITLES
from arcade.tictactoe.hud import INK, SOFT, level_name
from arcade.tictactoe.screens import layout_for

__all__ = ["Chooser"]


class Chooser:
    """The new-game card over the board: board, opponent, side and level (kept as settings), and Start."""

    def __init__(self, scene):
        self.scene = scene
        app = scene.app
        self.list = ButtonList([], pygame.Rect(0, 0, 0, 0), on_move=lambda: app.play("menu_move"),
                               on_select=lambda: app.play("menu_select"))
        self.resize(scene.area)
        self.refresh()

    def resize(self, size) -> None:
        """The card where the canvas's layout puts it: over the board (portrait) or at the right (landscape)."""
        self.card = pygame.Rect(layout_for(size).chooser)
        self.list.rect = pygame.Rect(self.card.x + 28, self.card.y + 86, self.card.w - 56, 360)
        self.dim = Dimmer(size, (30, 25, 20, 150))

    def _cycle(self, key: str, choices: tuple):
        def adjust(d: int) -> None:
            ids = [c for c, _ in choices]
            cur = self.scene.app.profile.get(key)
            i = ids.index(cur) if cur in ids else 0
            self.scene.app.set_setting(key, ids[(i + d) % len(ids)])
            self.refresh()

        return adjust

    def refresh(self) -> None:
        p = self.scene.app.profile
        if p.get("tictactoe.opponent") == "engine" and not (p.get("tictactoe.variant") == "gomoku"
                                                            and p.get("tictactoe.engine")):
            self.scene.app.set_setting("tictactoe.opponent", "ai")  # an engine plays Gomoku only
        opponent = p.get("tictactoe.opponent")
        vs_ai = opponent in ("ai", "engine")
        if p.get("tictactoe.variant") == "gomoku":
            sides = (("X", _("Black (first)")), ("O", _("White (second)")))
        else:
            sides = (("X", _("X (first)")), ("O", _("O (second)")))
        opponents = (("ai", _("The AI")), ("friend", _("A friend")))
        if p.get("tictactoe.variant") == "gomoku" and p.get("tictactoe.engine"):
            opponents += (("engine", _("External engine")),)
        self.list.set_items([
            Item(_("Board"), detail=_(dict(VARIANT_TITLES)[p.get("tictactoe.variant")]), key="variant",
                 adjust=self._cycle("tictactoe.variant", VARIANT_TITLES)),
            Item(_("Opponent"), detail=dict(opponents)[p.get("tictactoe.opponent")], key="opponent",
                 adjust=self._cycle("tictactoe.opponent", opponents)),
            Item(_("You play"), detail=dict(sides)[p.get("tictactoe.side")], key="side", enabled=vs_ai,
                 adjust=self._cycle("tictactoe.side", sides)),
            Item(_("AI level"), detail=level_name(p.get("tictactoe.variant"), p.get("tictactoe.level")), key="level",
                 enabled=opponent == "ai",
                 adjust=self._cycle("tictactoe.level", LEVEL_TITLES)),
            Item(_("Start"), self.scene.start_from_settings, key="start"),
        ])

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_ESCAPE
                                             or event.key == pygame.K_c and not event.mod & pygame.KMOD_CTRL):
            self.scene.chooser = None
            return
        up = pointer_up(event)
        if up is not None and not self.card.collidepoint(up[:2]):
            self.scene.chooser = None
            return
        self.list.handle(event)

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        pygame.draw.rect(surface, colors.PAGE, self.card, border_radius=14)
        pygame.draw.rect(surface, colors.BOARD, self.card, width=3, border_radius=14)
        blit_center(surface, fit(_("New game"), self.card.w - 40, 34, INK), (self.card.centerx, self.card.y + 36))
        blit_center(surface, fit(_("Left / Right or click to change"), self.card.w - 40, 16, SOFT, "medium"),
                    (self.card.centerx, self.card.y + 66))
        self.list.draw(surface)

