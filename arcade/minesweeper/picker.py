"""Minesweeper's level picker: the chips under the HUD's face (Beginner, Intermediate, Expert, Custom) and the
no-guess switch, where they are and how they are drawn (:class:`Picker`), and what choosing one does to the game
(:class:`LevelChoice`: the settings' level and custom field, a new game, the custom field's card)."""
from __future__ import annotations

import pygame

from arcade.engine import assets
from arcade.engine.i18n import _
from arcade.engine.ui import colors
from arcade.engine.ui.widgets import label_row
from arcade.engine.ui.text import blit_center, fit
from arcade.minesweeper.backend import MinesBackend, Params
from arcade.minesweeper.field import LEVELS, check_custom
from arcade.minesweeper.screens import LEVEL_CHIPS, MIN_TEXT, NO_GUESS_LABEL, Screen
from arcade.minesweeper.view import CHIP, CHIP_TEXT, ON_TEXT

__all__ = ["Picker", "LevelChoice", "DEMO_LEVEL", "SETTINGS_KEYS"]

DEMO_LEVEL = "intermediate"
SETTINGS_KEYS = ("mines.level", "mines.custom_width", "mines.custom_height", "mines.custom_mines", "mines.no_guess")


class Picker:
    """The chips of ``screen.picker``: ``rects`` names each (``"level:<name>"``, ``"noguess"``)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.rects = self._picker_rects()

    def picker_font(self) -> int:
        return 15 if self.chip_height() >= 28 else 14

    def chip_height(self) -> int:
        """A picker chip's height: the picker's, or a third of it in two columns (two rows of levels, no-guess)."""
        row = self.screen.picker
        return row.h if self.screen.picker_cols is None else (row.h - 8) // 3

    def _picker_rects(self) -> dict:
        """The picker's chips, as wide as their words need plus an equal share of the row; the no-guess switch
        (a box and its words) set apart at the right."""
        row = self.screen.picker
        if self.screen.picker_cols is not None:
            return self._picker_grid()
        size = self.picker_font()
        font = assets.font_for(_(NO_GUESS_LABEL), size, "bold")
        box = row.h - 12
        words = [font.size(_(label))[0] for _key, label in LEVEL_CHIPS] + [font.size(_(NO_GUESS_LABEL))[0] + box + 6]
        gap, apart = 4, 12
        spare = row.w - sum(words) - gap * (len(LEVEL_CHIPS) - 1) - apart
        pad = spare // len(words)
        rects, x = {}, row.x
        for (name, _label), w in zip(LEVEL_CHIPS, words):
            rects[f"level:{name}"] = pygame.Rect(x, row.y, w + pad, row.h)
            x += w + pad + gap
        rects["noguess"] = pygame.Rect(x - gap + apart, row.y, row.right - (x - gap + apart), row.h)
        return rects

    def _picker_grid(self) -> dict:
        """The level chips two by two, the no-guess switch a row of its own under them."""
        row, gap = self.screen.picker, 4
        h = self.chip_height()
        w = (row.w - gap) // 2
        rects = {f"level:{name}": pygame.Rect(row.x + (i % 2) * (w + gap), row.y + (i // 2) * (h + gap), w, h)
                 for i, (name, _label) in enumerate(LEVEL_CHIPS)}
        rects["noguess"] = pygame.Rect(row.x, row.y + 2 * (h + gap), row.w, h)
        return rects

    def draw(self, surface, level: str | None, no_guess: bool) -> None:
        """The chips, ``level`` (a level's name or "custom") and the no-guess switch lit."""
        size = self.picker_font()
        chips = []
        for name, label in LEVEL_CHIPS:
            r = self.rects[f"level:{name}"]
            on = name == level
            pygame.draw.rect(surface, colors.GOLD if on else CHIP, r, border_radius=7)
            chips.append((r, _(label), ON_TEXT if on else CHIP_TEXT))
        label_row(surface, chips, size, min_size=MIN_TEXT)
        r = self.rects["noguess"]
        pygame.draw.rect(surface, colors.GOLD if no_guess else CHIP, r, border_radius=7)
        ink = ON_TEXT if no_guess else CHIP_TEXT
        words = fit(_(NO_GUESS_LABEL), r.w - r.h, size, ink, min_size=MIN_TEXT)
        box_side = r.h - 12
        total = box_side + 6 + words.get_width()
        box = pygame.Rect(r.centerx - total // 2, r.centery - box_side // 2, box_side, box_side)
        pygame.draw.rect(surface, ink, box, width=2, border_radius=3)
        if no_guess:  # a tick in the box
            pygame.draw.lines(surface, ink, False, [(box.x + 3, box.centery), (box.centerx - 1, box.bottom - 4),
                                                    (box.right - 3, box.y + 3)], 3)
        surface.blit(words, words.get_rect(midleft=(box.right + 6, r.centery)))


class LevelChoice:
    """The level of the scene's games: the settings' level (or the command line's), the custom field, no-guess
    and the first-click rule; the demo's own. ``choose``, ``start_custom`` and ``toggle_no_guess`` start a game
    with the choice and keep it as the setting."""

    def __init__(self, scene, level: str | None, custom: tuple | None, first_click: str | None) -> None:
        self.scene, self.app = scene, scene.app
        self.level_override, self.custom, self.rule_override = level, custom, first_click
        self.seen = self.now()

    def now(self) -> tuple:
        """The settings the choice reads, to tell when they change under the pause menu."""
        return tuple(self.app.profile.get(k) for k in SETTINGS_KEYS)

    def forget_command_line(self) -> None:
        """The settings decide from now on (the player chose in the picker or the settings)."""
        self.level_override = self.custom = None

    def level(self) -> str:
        if self.scene.demo:
            return DEMO_LEVEL
        return self.level_override or self.app.profile.get("mines.level")

    def rule(self) -> str:
        if self.scene.demo:
            return "opening"
        return self.rule_override or self.app.profile.get("mines.first_click")

    def custom_setting(self) -> tuple[int, int, int]:
        """The custom field of the settings as (width, height, mines), brought within the limits."""
        return MinesBackend.custom_setting(self.app.profile.get)

    def wanted_size(self) -> tuple[int, int, int]:
        """(rows, cols, mines) of the next new game."""
        if self.custom is not None and not self.scene.demo:
            return tuple(self.custom)
        if self.level() == "custom":
            cols, rows, mines = self.custom_setting()
            return rows, cols, mines
        return LEVELS[self.level()]

    def new_params(self) -> Params:
        rows, cols, mines = self.wanted_size()
        no_guess = False if self.scene.demo else bool(self.app.profile.get("mines.no_guess"))
        return Params(rows, cols, mines, self.rule(), no_guess)

    def choose(self, name: str) -> None:
        """A level from the picker (or keys 1-3): a new game at that level, kept as the setting; "custom" asks
        for the size first."""
        if self.scene.demo:
            return
        if name == "custom":
            self.open_custom()
            return
        self.forget_command_line()
        self.app.set_setting("mines.level", name)
        self.scene.new_game()

    def open_custom(self) -> None:
        """The custom field's card, filled with the current custom field (or the last one chosen)."""
        from arcade.minesweeper.custom import CustomOverlay

        f = self.scene.field
        size = (f.cols, f.rows, f.mines) if f.level_name == "custom" else self.custom_setting()
        self.app.stack.push(CustomOverlay(self.app, size, on_start=self.start_custom))

    def start_custom(self, width: int, height: int, mines: int) -> None:
        """A new custom game (``ValueError`` outside the limits: the card says why and starts nothing)."""
        check_custom(width, height, mines)
        p = self.app.profile
        for key, value in (("mines.custom_width", width), ("mines.custom_height", height),
                           ("mines.custom_mines", mines), ("mines.level", "custom")):
            p.set(key, value)
        self.forget_command_line()
        self.scene.new_game()

    def toggle_no_guess(self) -> None:
        """The no-guess switch (or G): kept as the setting; a board not clicked yet takes it at once, else a new
        game starts with it."""
        if self.scene.demo:
            return
        on = not self.scene.no_guess
        self.app.set_setting("mines.no_guess", on)
        self.scene.new_game()  # a board not clicked yet is simply dealt again (nothing is recorded for it)
        self.scene.say(_("No-guess: every board can be solved without guessing") if on
                       else _("No-guess off: some boards need a guess"))
