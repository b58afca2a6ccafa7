"""The custom field's card, over the game: width, height and mines, each with its limits written under it.

Each number has a - and a + (held, they repeat, by tens after a while) and takes typed digits: Up/Down or Tab
choose the number, digits type it (Backspace takes one off), Left/Right or - / + step it (Shift or Page Up/Down by
ten), Enter starts, Esc or a click outside the card cancels. Steps stop at the limits and say so; a typed number
outside them is shown in red with the limit it breaks (every such number at once, the line under the numbers naming
each), and Start then refuses with the same line. The limits are
:func:`arcade.minesweeper.field.check_custom`'s.
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import _, ngettext
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import LOGICAL_SIZE, pointer_down, pointer_up
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import Dimmer
from arcade.minesweeper.field import CUSTOM_HEIGHT, CUSTOM_WIDTH, max_custom_mines
from arcade.minesweeper.screens import MIN_TEXT
from arcade.minesweeper.view import CHIP, INK

__all__ = ["CustomOverlay", "NAMES"]

NAMES = ("width", "height", "mines")
ERROR = (170, 40, 30)            # 6.5:1 on the card
REPEAT_AFTER = 0.4               # seconds a - or + is held before it repeats
REPEAT_EVERY = 0.06
TENS_AFTER = 1.6                 # held this long, it steps by ten
MAX_DIGITS = 3


class CustomOverlay(Scene):
    """``CustomOverlay(app, (width, height, mines), on_start)``: ``on_start(width, height, mines)`` is called with
    numbers within the limits when the player starts; ``values`` holds what the card shows (typed numbers may be
    outside the limits until started), ``focus`` the chosen number (0 width, 1 height, 2 mines), ``message`` and
    ``error`` the line under the numbers."""

    overlay = True
    CARD = pygame.Rect(30, 165, 420, 470)  # on the portrait canvas; centred on any other (:meth:`resize`)

    def __init__(self, app, size, on_start) -> None:
        super().__init__(app)
        self.values = [int(v) for v in size]
        self.on_start = on_start
        self.focus = 0
        self.typing = False       # digits replace the focused number until one is typed, then add to it
        self.message = ""
        self.error = False
        self.held = None          # (index, delta, seconds held, seconds to the next repeat) while - or + is held
        self.pressed = None       # what the pointer went down on
        self.resize(app.size)

    def resize(self, size) -> None:
        """The card over the middle of a canvas of ``size`` (where the portrait one puts it on 480x800), its veil
        as big as the canvas; the numbers typed stay."""
        self.dim = Dimmer(size, (30, 25, 20, 170))
        self.CARD = c = type(self).CARD.copy()
        if tuple(size) != LOGICAL_SIZE:
            c.center = (size[0] // 2, size[1] // 2)
        self.rows = [pygame.Rect(c.x + 20, c.y + 78 + 86 * i, c.w - 40, 74) for i in range(3)]
        self.start_rect = pygame.Rect(c.right - 24 - 170, c.bottom - 104, 170, 50)
        self.cancel_rect = pygame.Rect(c.x + 24, c.bottom - 104, 170, 50)

    # ----- geometry -----
    def parts(self, i: int) -> dict:
        """The rectangles of row ``i``: its "minus", "value" and "plus"."""
        r = self.rows[i]
        plus = pygame.Rect(r.right - 48, r.centery - 24, 48, 48)
        value = pygame.Rect(plus.x - 8 - 84, r.centery - 24, 84, 48)
        minus = pygame.Rect(value.x - 8 - 48, r.centery - 24, 48, 48)
        return {"minus": minus, "value": value, "plus": plus}

    def at(self, pos) -> tuple | None:
        """What is at ``pos``: ("minus"|"value"|"plus", row), ("start",), ("cancel",), ("card",) or None (outside)."""
        for i in range(3):
            for name, rect in self.parts(i).items():
                if rect.collidepoint(pos):
                    return name, i
        if self.start_rect.collidepoint(pos):
            return ("start",)
        if self.cancel_rect.collidepoint(pos):
            return ("cancel",)
        return ("card",) if self.CARD.collidepoint(pos) else None

    # ----- the numbers -----
    def limits(self, i: int) -> tuple[int, int]:
        if i == 0:
            return CUSTOM_WIDTH
        if i == 1:
            return CUSTOM_HEIGHT
        w, h = self.values[0], self.values[1]
        if CUSTOM_WIDTH[0] <= w <= CUSTOM_WIDTH[1] and CUSTOM_HEIGHT[0] <= h <= CUSTOM_HEIGHT[1]:
            return 1, max_custom_mines(w, h)
        return 1, max_custom_mines(CUSTOM_WIDTH[1], CUSTOM_HEIGHT[1])

    def limit_text(self, i: int) -> str:
        lo, hi = self.limits(i)
        if i == 2:
            w, h = self.values[0], self.values[1]
            if self._size_ok():
                return _("{lo} to {hi} on {w} x {h}").format(lo=lo, hi=hi, w=w, h=h)
            return _("1 to (width-1) x (height-1)")
        if i == 0:
            return _("{lo} to {hi} columns").format(lo=lo, hi=hi)
        return _("{lo} to {hi} rows").format(lo=lo, hi=hi)

    def _size_ok(self) -> bool:
        w, h = self.values[0], self.values[1]
        return CUSTOM_WIDTH[0] <= w <= CUSTOM_WIDTH[1] and CUSTOM_HEIGHT[0] <= h <= CUSTOM_HEIGHT[1]

    def problems(self) -> list[tuple[int, str]]:
        """(the row, the line saying which limit it breaks) of every number outside its limits, top to bottom.
        Mines are held to the field's (width-1) x (height-1) when the size is within its limits, else to the most
        any allowed field takes."""
        w, h, m = self.values
        out = []
        for i, line in ((0, _("Width must be {lo} to {hi} columns, not {v}")),
                        (1, _("Height must be {lo} to {hi} rows, not {v}"))):
            lo, hi = self.limits(i)
            if not lo <= self.values[i] <= hi:
                out.append((i, line.format(lo=lo, hi=hi, v=self.values[i])))
        lo, hi = self.limits(2)
        if not lo <= m <= hi:
            line = (_("Mines must be 1 to {hi} on {w} x {h}, not {v}") if self._size_ok()
                    else _("Mines must be 1 to {hi} on the largest field, not {v}"))
            out.append((2, line.format(hi=hi, v=m, w=w, h=h)))
        return out

    def problem(self) -> tuple[int, str] | None:
        """The first of :meth:`problems` with the line to show under the numbers: that number's line when it is
        the only one out of its limits, else one naming each (each is red on the card), or None."""
        found = self.problems()
        if not found:
            return None
        if len(found) == 1:
            return found[0]
        names = _(", ").join((_("width"), _("height"), _("mines"))[i] for i, _line in found)
        return found[0][0], _("Out of limits, in red: {names}").format(names=names)

    def _check(self) -> None:
        p = self.problem()
        self.error = p is not None
        self.message = p[1] if p is not None else ""

    def step(self, i: int, delta: int) -> None:
        """The - or + of row ``i``: clamped at its limits (saying so); a smaller field lowers the mines to fit."""
        self.focus, self.typing = i, False
        lo, hi = self.limits(i)
        old = self.values[i]
        new = max(lo, min(hi, old + delta))
        self.values[i] = new
        self.message, self.error = "", False
        w, h = self.values[0], self.values[1]
        if new != old + delta and new == hi:  # held at (or brought back to) a limit: say which and why
            self.message = (
                ngettext("{n} column at most: a bigger board does not fit the window",
                         "{n} columns at most: a bigger board does not fit the window", hi),
                ngettext("{n} row at most: a bigger board does not fit the window",
                         "{n} rows at most: a bigger board does not fit the window", hi),
                ngettext("{n} mine at most on {w} x {h}", "{n} mines at most on {w} x {h}", hi))[i].format(n=hi, w=w, h=h)
        elif new != old + delta:
            self.message = (ngettext("{n} column at least", "{n} columns at least", lo),
                            ngettext("{n} row at least", "{n} rows at least", lo),
                            ngettext("{n} mine at least", "{n} mines at least", lo))[i].format(n=lo)
        if i < 2 and self._size_ok():
            top = max_custom_mines(self.values[0], self.values[1])
            if self.values[2] > top:
                self.values[2] = top
                self.message = _("Mines lowered to {n}, the most on {w} x {h}").format(n=top, w=self.values[0],
                                                                                     h=self.values[1])
        if self.problem() is not None:
            self._check()
        self.app.play("menu_move")

    def type_digit(self, d: int) -> None:
        v = self.values[self.focus]
        if self.typing and len(str(v)) >= MAX_DIGITS:
            return
        self.values[self.focus] = v * 10 + d if self.typing else d
        self.typing = True
        self._check()

    def backspace(self) -> None:
        self.values[self.focus] //= 10
        self.typing = True
        self._check()

    def choose(self, i: int) -> None:
        self.focus = i % 3
        self.typing = False

    def start(self) -> None:
        p = self.problem()
        if p is not None:
            self.focus, self.message, self.error = p[0], p[1], True
            self.typing = False
            self.app.play("menu_move")
            return
        self.app.stack.remove(self, fade=False)
        self.app.play("menu_select")
        self.on_start(*self.values)

    def cancel(self) -> None:
        self.app.stack.remove(self)

    # ----- input -----
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        down = pointer_down(event)
        if down is not None:
            self.pressed = self.at(down[:2]) if down[2] == 1 else None
            if self.pressed is not None and self.pressed[0] in ("minus", "plus"):
                i = self.pressed[1]
                delta = -1 if self.pressed[0] == "minus" else 1
                self.step(i, delta)
                self.held = [i, delta, 0.0, REPEAT_AFTER]
            elif self.pressed is not None and self.pressed[0] == "value":
                self.choose(self.pressed[1])
            return
        up = pointer_up(event)
        if up is not None:
            self.held = None
            where, pressed, self.pressed = self.at(up[:2]), self.pressed, None
            if where is None and pressed is None:
                self.cancel()  # a click outside the card
            elif where == pressed == ("start",):
                self.start()
            elif where == pressed == ("cancel",):
                self.cancel()

    def _key(self, event) -> None:
        k, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        text = getattr(event, "unicode", "")
        if k == pygame.K_ESCAPE:
            self.cancel()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.choose(self.focus + (-1 if k == pygame.K_UP or (k == pygame.K_TAB and shift) else 1))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(self.focus, (10 if shift else 1) * (1 if k == pygame.K_RIGHT else -1))
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.step(self.focus, 10 if k == pygame.K_PAGEUP else -10)
        elif text == "+" or k in (pygame.K_PLUS, pygame.K_KP_PLUS):
            self.step(self.focus, 1)
        elif text == "-" or k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(self.focus, -1)
        elif text.isdigit() and len(text) == 1:
            self.type_digit(int(text))
        elif k == pygame.K_BACKSPACE:
            self.backspace()

    def update(self, dt: float) -> None:
        if self.held is None:
            return
        self.held[2] += dt
        self.held[3] -= dt
        while self.held is not None and self.held[3] <= 0:
            i, delta, t, _ = self.held
            self.held[3] += REPEAT_EVERY
            self.step(i, delta * (10 if t >= TENS_AFTER else 1))

    # ----- drawing -----
    def draw(self, surface) -> None:
        self.dim.draw(surface)
        c = self.CARD
        pygame.draw.rect(surface, colors.PAGE, c, border_radius=14)
        pygame.draw.rect(surface, colors.BOARD, c, width=3, border_radius=14)
        blit_center(surface, render(_("Custom field"), 30, INK), (c.centerx, c.y + 40))
        bad = {i for i, _line in self.problems()}
        for i, (label, row) in enumerate(zip((_("Width"), _("Height"), _("Mines")), self.rows)):
            parts = self.parts(i)
            focus = i == self.focus
            name = render(label, 22, INK)
            surface.blit(name, name.get_rect(bottomleft=(row.x + 4, row.centery + 2)))
            wrong = i in bad
            limit = fit(self.limit_text(i), parts["minus"].x - row.x - 12, 15, ERROR if wrong else INK, "medium",
                        min_size=MIN_TEXT)
            surface.blit(limit, limit.get_rect(topleft=(row.x + 4, row.centery + 6)))
            for key, sign in (("minus", "-"), ("plus", "+")):
                pygame.draw.rect(surface, CHIP, parts[key], border_radius=8)
                blit_center(surface, render(sign, 28, colors.TEXT_LIGHT), parts[key].center)
            box = parts["value"]
            pygame.draw.rect(surface, (255, 255, 255), box, border_radius=8)
            pygame.draw.rect(surface, colors.GOLD if focus else colors.BOARD, box, width=3 if focus else 2,
                             border_radius=8)
            blit_center(surface, render(str(self.values[i]), 26, ERROR if wrong else INK), box.center)
        if self.message:
            ink = ERROR if self.error else INK
            blit_center(surface, fit(self.message, c.w - 32, 16, ink, "medium", min_size=MIN_TEXT),
                        (c.centerx, self.rows[-1].bottom + 22))
        pygame.draw.rect(surface, CHIP, self.cancel_rect, border_radius=10)
        blit_center(surface, render(_("Cancel"), 22, colors.TEXT_LIGHT), self.cancel_rect.center)
        pygame.draw.rect(surface, colors.GOLD, self.start_rect, border_radius=10)
        blit_center(surface, render(_("Start"), 22, INK), self.start_rect.center)
        blit_center(surface, fit("Type or -/+  ·  Up/Down: next  ·  Enter: start  ·  Esc: cancel", c.w - 32, 14, INK,
                                 "regular", min_size=MIN_TEXT), (c.centerx, c.bottom - 30))
