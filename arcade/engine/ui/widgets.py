"""Small widgets: a vertical list of buttons (menus, pause, panels) and a dimming panel."""
from __future__ import annotations

from dataclasses import dataclass
from arcade.engine import assets
from typing import Callable

import pygame

from arcade.engine.ui import colors
from arcade.engine.ui.frame import whole
from arcade.engine.ui.input import pointer_down, pointer_motion, pointer_up
from arcade.engine.ui.text import LABEL_PAD, blit_center, fit, render, row_size, wrap_lines


@dataclass
class Item:
    label: str
    action: Callable[[], None] | None = None
    detail: str = ""  # a right-aligned note (a best score, a setting's value)
    icon: pygame.Surface | None = None
    key: str = ""  # a stable id for tests
    enabled: bool = True
    # left/right on a selected item (settings); None = not adjustable
    adjust: Callable[[int], None] | None = None
    header: bool = False  # a section title between buttons: drawn as text, never selected (make it enabled=False)


def blit_label(surface, label: pygame.Surface, button: pygame.Rect, **at) -> None:
    """A label placed on its button (``at``: one of get_rect's keywords, the centre by default), moved as little as
    needed for its ink to keep :data:`~arcade.engine.ui.text.LABEL_PAD` pixels from the button's edges (a font's
    line box puts the ink of capitals low in it)."""
    r = label.get_rect(**(at or {"center": pygame.Rect(button).center}))
    ink = label.get_bounding_rect().move(r.topleft)
    inner = pygame.Rect(button).inflate(-2 * LABEL_PAD, -2 * LABEL_PAD)
    dy = min(0, inner.bottom - ink.bottom) or max(0, inner.top - ink.top)
    dx = min(0, inner.right - ink.right) or max(0, inner.left - ink.left)
    surface.blit(label, r.move(dx, dy))


class ButtonList:
    """Buttons stacked vertically. Keys: Up/Down (wrap), Enter/Space activate, Left/Right adjust.
    Mouse: hover selects, press + release on the same button activates. Touch taps likewise."""

    def __init__(self, items: list[Item], rect: pygame.Rect, height: int = 56, gap: int = 12, font_size: int = 26,
                 colour=colors.BUTTON, hover=colors.BUTTON_HOVER, text=colors.TEXT_LIGHT, on_move=None, on_select=None,
                 view_h: int | None = None):
        """``view_h``: the height the list may use; longer lists scroll to keep the selected button in view (with
        a fade hint at the clipped edge)."""
        self.items = items
        self.rect = pygame.Rect(rect)
        self.view_h = view_h
        self.scroll = 0  # pixels scrolled (0 unless the list is longer than view_h)
        self.height, self.gap, self.font_size = height, gap, font_size
        self.colour, self.hover, self.text = colour, hover, text
        self.selected = next((i for i, it in enumerate(items) if it.enabled), 0)
        self._pressed: int | None = None
        self._seen_pointer = False
        self.on_move = on_move  # sound hooks
        self.on_select = on_select

    def set_items(self, items: list[Item]) -> None:
        key = self.items[self.selected].key if self.items and self.selected < len(self.items) else None
        self.items = items
        self.selected = next((i for i, it in enumerate(items) if it.key == key and it.enabled),
                             next((i for i, it in enumerate(items) if it.enabled), 0))

    def item_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + i * (self.height + self.gap) - self.scroll, self.rect.w,
                           self.height)

    def _view(self) -> pygame.Rect | None:
        return None if self.view_h is None else pygame.Rect(self.rect.x - 4, self.rect.y - 4, self.rect.w + 8,
                                                              self.view_h + 8)

    def _follow(self) -> None:
        """Scroll so the selected button is wholly in view."""
        if self.view_h is None:
            return
        total = len(self.items) * (self.height + self.gap) - self.gap
        top = self.selected * (self.height + self.gap)
        if top < self.scroll:
            self.scroll = top
        elif top + self.height > self.scroll + self.view_h:
            self.scroll = top + self.height - self.view_h
        self.scroll = max(0, min(self.scroll, max(0, total - self.view_h)))

    def index_at(self, pos) -> int | None:
        view = self._view()
        if view is not None and not view.collidepoint(pos):
            return None
        for i in range(len(self.items)):
            if self.item_rect(i).collidepoint(pos) and self.items[i].enabled:
                return i
        return None

    def _step(self, delta: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            j = (self.selected + delta * k) % n
            if self.items[j].enabled:
                if j != self.selected and self.on_move:
                    self.on_move()
                self.selected = j
                return

    def activate(self, i: int | None = None) -> None:
        i = self.selected if i is None else i
        it = self.items[i]
        if it.enabled and it.action:
            if self.on_select:
                self.on_select()
            it.action()

    def handle(self, event) -> bool:
        """Returns True if the event was used."""
        if not self.items:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w, pygame.K_k):
                self._step(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_j, pygame.K_TAB):
                self._step(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                it = self.items[self.selected]
                if it.enabled and it.adjust is not None and it.action is None:  # a setting row: steps forward,
                    it.adjust(1)                                                # as a click on it does
                    if self.on_move:
                        self.on_move()
                else:
                    self.activate()
            elif event.key in (pygame.K_LEFT, pygame.K_a, pygame.K_h, pygame.K_RIGHT, pygame.K_d, pygame.K_l):
                it = self.items[self.selected]
                if it.adjust is None:
                    return False
                it.adjust(-1 if event.key in (pygame.K_LEFT, pygame.K_a, pygame.K_h) else 1)
                if self.on_move:
                    self.on_move()
            else:
                return False
            return True
        pos = pointer_motion(event)
        if pos is not None:
            first, self._seen_pointer = not self._seen_pointer, True
            if first:  # where the pointer rests when the window opens is not a choice
                return False
            i = self.index_at(pos)
            if i is not None and i != self.selected:
                self.selected = i
                if self.on_move:
                    self.on_move()
            return i is not None
        down = pointer_down(event)
        if down is not None:
            i = self.index_at(down[:2])
            self._pressed = i
            if i is not None:
                self.selected = i
            return i is not None
        up = pointer_up(event)
        if up is not None:
            i = self.index_at(up[:2])
            pressed, self._pressed = self._pressed, None
            if i is not None and i == pressed:
                it = self.items[i]
                if it.adjust is not None and it.action is None:
                    # a setting row: the left third steps back, the rest steps forward
                    r = self.item_rect(i)
                    it.adjust(-1 if up[0] < r.x + r.w / 3 else 1)
                    if self.on_move:
                        self.on_move()
                else:
                    self.activate(i)
                return True
            return i is not None
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._follow()
        view = self._view()
        clip = surface.get_clip()
        if view is not None:
            surface.set_clip(view.clip(clip) if clip else view)
        try:
            self._draw_items(surface, view)
        finally:
            surface.set_clip(clip)
        if view is not None:  # more above / below: a small arrow at that edge
            total = len(self.items) * (self.height + self.gap) - self.gap
            cx = self.rect.centerx
            if self.scroll > 0:
                y = view.top - 6
                pygame.draw.polygon(surface, colors.BUTTON, [(cx - 9, y + 4), (cx + 9, y + 4), (cx, y - 5)])
            if total - self.scroll > self.view_h:
                y = view.bottom + 6
                pygame.draw.polygon(surface, colors.BUTTON, [(cx - 9, y - 4), (cx + 9, y - 4), (cx, y + 5)])

    def _draw_items(self, surface, view) -> None:
        self._sizes = self.label_sizes()
        for i, it in enumerate(self.items):
            r = self.item_rect(i)
            if view is not None and not r.colliderect(view):
                continue
            self._draw_item(surface, i, it, r)

    def rows(self) -> list[list[int]]:
        """The items whose labels share one size: all of a list's buttons (a column of alike buttons reads as
        one set; headers are text, not buttons)."""
        row = [i for i, it in enumerate(self.items) if not it.header]
        return [row] if row else []

    def label_sizes(self) -> dict[int, int]:
        """Each item's label size: its row's (:func:`~arcade.engine.ui.text.row_size`), so no label of a row is
        smaller than another, and each is :data:`~arcade.engine.ui.text.LABEL_PAD` pixels inside its button."""
        sizes = {}
        for row in self.rows():
            slots = [(i, self._label_slot(i, self.items[i], self.item_rect(i))) for i in row]
            slots = [(i, slot) for i, slot in slots if slot is not None]
            if not slots:
                continue
            size = row_size(tuple(self.items[i].label for i, _s in slots), tuple(slot for _i, slot in slots),
                            self.font_size, "bold", self.min_size)
            sizes.update((i, size) for i, _s in slots)
        return sizes

    min_size = 13  # a button's label is never drawn smaller (pixels)

    def _label_x(self, it: Item, r: pygame.Rect) -> int:
        """Where a label beside an icon starts."""
        return r.x + 16 + (it.icon.get_width() + 12 if it.icon is not None else 0)

    def _label_slot(self, i: int, it: Item, r: pygame.Rect) -> tuple[int, int] | None:
        """The room of an item's label ``(width, height)``, its padding included; None: no single-line label."""
        if it.header:
            return None
        if it.detail or it.icon is not None:
            avail = r.right - 16 - self._label_x(it, r)
            if it.detail:
                avail -= max(d.get_width() for d in self._detail_lines(it.detail, r)) + 12
            return max(20, avail) + 2 * LABEL_PAD, r.h
        return r.w - 24 + 2 * LABEL_PAD, r.h

    def _label(self, i: int, it: Item) -> pygame.Surface:
        """An item's label at its row's size."""
        size = getattr(self, "_sizes", {}).get(i, self.font_size)
        return render(it.label, size, self.text)

    def _draw_item(self, surface, i: int, it: Item, r: pygame.Rect) -> None:
        if it.header:
            t = fit(it.label, r.w - 16, self.font_size - 2, colors.TEXT)
            surface.blit(t, t.get_rect(bottomleft=(r.x + 4, r.bottom - 6)))
            return
        self._draw_face(surface, i, it, r)
        x = r.x + 16
        if it.icon is not None:
            ir = it.icon.get_rect(midleft=(x, r.centery))
            surface.blit(it.icon, ir)
            x = ir.right + 12
        if it.detail:
            lines = self._detail_lines(it.detail, r)
            top = r.centery - sum(d.get_height() for d in lines) / 2
            for d in lines:
                surface.blit(d, d.get_rect(topright=(r.right - 16, round(top))))
                top += d.get_height()
        lab = self._label(i, it)
        if it.detail or it.icon is not None:
            blit_label(surface, lab, r, midleft=(x, r.centery))
        else:
            blit_label(surface, lab, r)

    def _detail_lines(self, detail: str, r: pygame.Rect) -> list:
        """The detail right of the label in at most half the row: one line, made smaller down to 13 px; a detail
        too long for that (a replay's title and date) in as many lines as the row is high, so it never runs over
        the label."""
        size = max(13, self.font_size - 6)
        one = fit(detail, r.w // 2, size, self.text, "medium", min_size=13)
        if one.get_width() <= r.w // 2:
            return [one]
        lines = [render(line, size, self.text, "medium") for line in wrap_lines(detail, r.w // 2, size, sep=" · ")]
        if len(lines) < 2 or sum(d.get_height() for d in lines[:2]) > r.h - 4:
            return [one]
        while sum(d.get_height() for d in lines) > r.h - 4:
            lines.pop()  # what the row cannot hold is left out (the end: a date)
        return lines

    def _draw_face(self, surface, i: int, it: Item, r: pygame.Rect, radius: int = 8) -> None:
        """The button itself: its colour (hovered, disabled) and the gold ring of the selected one."""
        sel = i == self.selected
        col = self.hover if sel else self.colour
        if not it.enabled:
            col = tuple((c + 200) // 2 for c in self.colour[:3])
        pygame.draw.rect(surface, col, r, border_radius=radius)
        if sel:
            pygame.draw.rect(surface, colors.GOLD, r, width=3, border_radius=radius)


class Dimmer:
    """A translucent veil over the whole picture (overlays draw it over the scene beneath): the canvas, and the
    app's frame round it (:func:`arcade.engine.ui.frame.whole`)."""

    def __init__(self, size, rgba=(0, 0, 0, 150)):
        self.rgba = rgba
        self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.surface.fill(rgba)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> None:
        target = whole(surface)
        if self.surface.get_size() != target.get_size():
            self.surface = pygame.Surface(target.get_size(), pygame.SRCALPHA)
            self.surface.fill(self.rgba)
        self.surface.set_alpha(round(255 * alpha))
        target.blit(self.surface, (0, 0))


DISABLED_BG, DISABLED_INK = (214, 205, 196), (96, 80, 65)  # a button that does nothing now: faded, still legible


def button(surface, r, label, enabled=True, active=False) -> None:
    """The house's flat button (gold when active; light with dark text when disabled, still 4.9:1 to read)."""
    button_row(surface, [(r, label, enabled, active)])


def button_row(surface, buttons, size: int = 20, min_size: int = 13) -> None:
    """House buttons side by side, ``(rect, label, enabled, active)`` each: their labels at one size, the largest
    (from ``size`` down) at which each is :data:`~arcade.engine.ui.text.LABEL_PAD` pixels inside its button."""
    buttons = list(buttons)
    sz = row_size(tuple(b[1] for b in buttons), tuple(pygame.Rect(b[0]).size for b in buttons), size, "bold",
                  min_size)
    for r, label, enabled, active in buttons:
        col = colors.GOLD if active else colors.BUTTON if enabled else DISABLED_BG
        pygame.draw.rect(surface, col, r, border_radius=3)
        blit_label(surface, render(label, sz, colors.TEXT_LIGHT if enabled else DISABLED_INK), r)


def label_row(surface, chips, size: int, weight: str = "bold", min_size: int = 13) -> None:
    """Labels centred on chips side by side, ``(rect, label, ink)`` each (a game's own chips, drawn under them by
    the caller): one size, the largest from ``size`` down at which each is
    :data:`~arcade.engine.ui.text.LABEL_PAD` pixels inside its chip."""
    chips = list(chips)
    sz = row_size(tuple(c[1] for c in chips), tuple(pygame.Rect(c[0]).size for c in chips), size, weight, min_size)
    for r, label, ink in chips:
        blit_label(surface, render(label, sz, ink, weight), r)


def progress_bar(surface, rect, fraction: float) -> None:
    """A gold bar filling ``rect`` to ``fraction`` (0..1)."""
    pygame.draw.rect(surface, colors.LABEL, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, colors.GOLD, (rect.x, rect.y, round(rect.w * max(0.0, min(1.0, fraction))), rect.h),
                     border_radius=rect.h // 2)


@assets.text_cache(maxsize=256)
def two_lines(text: str, width: int, size: int, weight: str = "bold") -> tuple[str, ...]:
    """``text`` on one line of ``width`` at ``size``, else on two as even as they go
    (:func:`~arcade.engine.ui.text.wrap_lines`, words kept whole); one line when two do not fit: the caller fits
    it. Cached: cards draw it every frame."""
    lines = wrap_lines(text, width, size, weight, split_words=False, balance=True)
    if len(lines) == 2 and all(assets.font_for(s, size, weight).size(s)[0] <= width for s in lines):
        return lines
    return (text,)


class ButtonGrid(ButtonList):
    """Buttons placed anywhere (a grid of cards, a row, two columns): ``cells`` holds each item's rect, in the
    items' order. The arrow keys move to the nearest button that way (Left/Right adjust a setting row instead),
    Tab to the next. A cell at least ``card_h`` high is drawn as a card: the icon over the label over the detail;
    a narrow cell with a detail puts the detail under the label."""

    def __init__(self, items: list[Item], cells, card_h: int = 100, **kwargs):
        self.cells = [pygame.Rect(c) for c in cells]
        super().__init__(items, self._union(), **kwargs)
        self.card_h = card_h

    def _union(self) -> pygame.Rect:
        return self.cells[0].unionall(self.cells[1:]) if self.cells else pygame.Rect(0, 0, 0, 0)

    def set_cells(self, cells) -> None:
        self.cells = [pygame.Rect(c) for c in cells]
        self.rect = self._union()

    def item_rect(self, i: int) -> pygame.Rect:
        return self.cells[i] if i < len(self.cells) else pygame.Rect(0, 0, 0, 0)

    def rows(self) -> list[list[int]]:
        """The buttons side by side (the same top and height) share one label size, and so do the buttons alone
        on their rows (a column); cards keep their own."""
        rows: dict[tuple[int, int], list[int]] = {}
        for i, it in enumerate(self.items):
            r = self.item_rect(i)
            if not it.header and r.h < self.card_h:
                rows.setdefault((r.y, r.h), []).append(i)
        singles = [row[0] for row in rows.values() if len(row) == 1]
        return [row for row in rows.values() if len(row) > 1] + ([singles] if singles else [])

    def _label_slot(self, i: int, it: Item, r: pygame.Rect) -> tuple[int, int] | None:
        if it.header or r.h >= self.card_h:
            return None
        if it.detail and r.w < 260:
            return r.w - 20 + 2 * LABEL_PAD, r.h - 20
        if not it.icon and not it.detail:
            return r.w - 20 + 2 * LABEL_PAD, r.h
        return super()._label_slot(i, it, r)

    def nearest(self, dx: int, dy: int) -> int | None:
        """The enabled item whose centre lies most nearly in direction (dx, dy) from the selected one's."""
        hx, hy = self.item_rect(self.selected).center
        best, score = None, None
        for j, it in enumerate(self.items):
            if j == self.selected or not it.enabled:
                continue
            cx, cy = self.item_rect(j).center
            along = (cx - hx) * dx + (cy - hy) * dy
            if along <= 0:
                continue
            s = along + 2 * (abs(cx - hx) * abs(dy) + abs(cy - hy) * abs(dx))
            if score is None or s < score:
                best, score = j, s
        return best

    def handle(self, event) -> bool:
        if self.items and event.type == pygame.KEYDOWN:
            way = {pygame.K_UP: (0, -1), pygame.K_w: (0, -1), pygame.K_k: (0, -1),
                   pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1), pygame.K_j: (0, 1),
                   pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0), pygame.K_h: (-1, 0),
                   pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0), pygame.K_l: (1, 0)}.get(event.key)
            if way is not None and not (way[0] and self.items[self.selected].adjust is not None):
                j = self.nearest(*way)
                if j is None:
                    self._step(1 if way[0] + way[1] > 0 else -1)
                else:
                    self.selected = j
                    if self.on_move:
                        self.on_move()
                return True
        return super().handle(event)

    def _draw_item(self, surface, i: int, it: Item, r: pygame.Rect) -> None:
        if it.header:
            return super()._draw_item(surface, i, it, r)
        if r.h >= self.card_h:
            self._draw_face(surface, i, it, r, radius=10)
            self._draw_card(surface, r, it)
        elif it.detail and r.w < 260:
            self._draw_face(surface, i, it, r)
            blit_label(surface, self._label(i, it), r, center=(r.centerx, r.centery - 10))
            blit_center(surface, fit(it.detail, r.w - 20, 14, self.text, "medium", min_size=13),
                        (r.centerx, r.centery + 13))
        elif not it.icon and not it.detail:
            self._draw_face(surface, i, it, r)
            blit_label(surface, self._label(i, it), r)
        else:
            super()._draw_item(surface, i, it, r)

    def _draw_card(self, surface, r, it) -> None:
        lines = two_lines(it.label, r.w - 20, self.font_size)
        detail_h = 22 if it.detail else 0
        text_h = len(lines) * (self.font_size + 6) + detail_h
        icon_h = it.icon.get_height() + 10 if it.icon is not None else 0
        y = r.centery - (icon_h + text_h) // 2
        if it.icon is not None:
            surface.blit(it.icon, it.icon.get_rect(midtop=(r.centerx, y)))
            y += icon_h
        for line in lines:
            blit_center(surface, fit(line, r.w - 20, self.font_size, self.text), (r.centerx, y + (self.font_size + 6) / 2))
            y += self.font_size + 6
        if it.detail:
            blit_center(surface, fit(it.detail, r.w - 20, max(13, self.font_size - 6), self.text, "medium", min_size=13),
                        (r.centerx, y + 11))
