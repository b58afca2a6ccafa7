"""Controls cards: each game's ``GAME.help``, shown over the game on first launch and from the pause overlay."""
from __future__ import annotations

import pygame

from arcade.engine import assets
from arcade.engine.i18n import _
from arcade.engine.plugin import help_seen_key
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import Dimmer, two_lines

TEXT_SIZES = range(18, 12, -1)  # every card's text at one size: the largest at which every card's rows fit (13: larger text)
GUTTER = 28
# landscape: the keys and what they do in two columns side by side, the rules under them across the card
WIDE_CARD_W, WIDE_ROW_H, WIDE_RULE_H, WIDE_COL_GAP = 792, 48, 30, 28
# Where the card goes, one table a canvas (:func:`layout_for`), read by the card's sheet (:meth:`HelpOverlay.sheet`),
# which drawing and the page-turning clicks both read. The card is centred on the canvas, ``width`` wide and as high
# as its rows (``top``: from its top edge to the first row's; ``frame``: the title, the foot and the margins round the
# rows). Portrait: one column, the keys then what they do, every row at least ``row_h`` high, the rules centred in
# the order the card gives them. Landscape: the keyed rows in two ``columns`` side by side (``gap`` apart), the rules
# under them across the card, at least ``rule_h`` high.
PORTRAIT = {"width": 420, "columns": 1, "gap": 0, "top": 68, "frame": 110, "row_h": 44, "rule_h": 44}
LANDSCAPE = {"width": WIDE_CARD_W, "columns": 2, "gap": WIDE_COL_GAP, "top": 60, "frame": 118, "row_h": WIDE_ROW_H,
             "rule_h": WIDE_RULE_H}


def layout_for(size) -> dict:
    """The help card's table for a canvas of ``size``: :data:`LANDSCAPE` on the wide one, :data:`PORTRAIT`
    otherwise."""
    return LANDSCAPE if is_landscape(size) else PORTRAIT


def column_width(card: pygame.Rect, lay: dict) -> int:
    """The width of one column of rows inside ``card`` (its margins of 22 px each side taken off)."""
    return (card.w - 44 - lay["gap"] * (lay["columns"] - 1)) // lay["columns"]


def _width(text: str, size: int, weight: str) -> int:
    return assets.font_for(text, size, weight).size(text)[0]


def wrap(text: str, width: int, size: int, weight: str = "medium") -> list[str] | None:
    """``text`` in at most two lines of ``width`` at ``size`` (words kept whole), or None when it does not fit."""
    lines = two_lines(text, width, size, weight)
    return list(lines) if all(_width(line, size, weight) <= width for line in lines) else None


def card_layout(cards, inner: int):
    """``(size, keys width)`` shared by every card: the largest text size at which every row's keys fit 40 % of the
    card and its description the rest, each in at most two lines."""
    rows = [(_(k) if k else "", _(w)) for c in cards for k, w in c.rows]
    size = TEXT_SIZES[-1]
    for size in TEXT_SIZES:
        keys_w = int(inner * 0.4)
        need = max((max(_width(line, size, "bold") for line in (wrap(k, keys_w, size, "bold") or [k]))
                    for k, _w in rows if k), default=0)
        if all((wrap(k, keys_w, size, "bold") if k else True) and
               wrap(w, (inner - need - GUTTER) if k else inner, size) for k, w in rows):
            return size, need
    return size, int(inner * 0.4)


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

    def resize(self, size) -> None:
        self.dim = Dimmer(size, (30, 25, 20, 190))

    def _show(self) -> None:
        game = self.app.registry[self.pages[self.page]]
        card = game.help
        self.title, self.rows = (card.title, card.rows) if card is not None else (game.title, ())
        if getattr(self.app, "last_pad", False):  # a gamepad was used last: its buttons, then the game's rules
            from arcade.engine.gamepad import button_names

            self.rows = tuple(button_names()) + tuple(r for r in self.rows if not r[0])
        self._layout = None
        self._sheet = None

    def layout(self, inner: int):
        """One text size for every game's card (they read as one set, whichever is open)."""
        if self._layout is None or self._layout[0] != inner:
            cards = [g.help for g in self.app.registry.values() if g.help is not None]
            self._layout = (inner, *card_layout(cards, inner))
        return self._layout[1:]

    def language_changed(self) -> None:
        self._layout = None
        self._sheet = None  # (the Text size setting comes this way too)

    def sheet(self, size) -> tuple:
        """The page laid out for a canvas of ``size``, once per canvas, page, language and text size, and read by
        drawing and by the clicks that turn the pages: ``(card, text size, rows)``, a row ``(keys x, keys' lines,
        what x or None (centred), what's lines, centre y)``."""
        if self._sheet is None or self._sheet[0] != (tuple(size), self.page):
            card = self.card_rect(size)
            lay = layout_for(size)
            text, keys_w = self.layout(column_width(card, lay))
            rows = [(kx, (wrap(_(keys), keys_w, text, "bold") or [_(keys)]) if keys else [], x,
                     wrap(_(what), width, text) or [_(what)], y)
                    for keys, what, kx, x, width, y, _h in self.placed(card, lay)]
            self._sheet = ((tuple(size), self.page), (card, text, rows))
        return self._sheet[1]

    def turn(self, delta: int) -> None:
        self.page = (self.page + delta) % len(self.pages)
        self._show()
        self.app.play("menu_move")

    @staticmethod
    def line_step(size: int) -> int:
        """Half the distance between a row's two lines at text ``size``: 10 px at 100 %, wider apart as the Text
        size setting makes the text larger."""
        return max(10, round(assets.scaled_size(size) * 0.55))

    def _pitch(self, n: int, size: int, least: int) -> int:
        """The height of a row of ``n`` lines (at least ``least``, the row height at 100 %)."""
        return max(least, 2 * self.line_step(size) * (n - 1) + assets.scaled_size(size) + 4)

    def _lines(self, keys: str, what: str, keys_w: int, width: int, size: int) -> int:
        k = (wrap(_(keys), keys_w, size, "bold") or [_(keys)]) if keys else []
        d = wrap(_(what), width, size) or [_(what)]
        return max(len(k), len(d))

    def card_rect(self, size) -> pygame.Rect:
        w, h = size
        lay = layout_for(size)
        pager = 24 if len(self.pages) > 1 else 0
        card = pygame.Rect(0, 0, lay["width"], 0)
        rows = self.placed(card, lay)
        card.h = lay["frame"] + pager + (rows[-1][6] if rows else 0)
        card.center = (w // 2, h // 2)
        return card

    def placed(self, card: pygame.Rect, lay: dict) -> list:
        """Where each row goes on the canvas's table ``lay``: ``(keys, what, keys x, what x or None (centred),
        what's width, centre y, the rows' height so far)``: rows of two lines are as high as their text needs (more
        at a larger text size)."""
        out = []
        inner = column_width(card, lay)
        size, keys_w = self.layout(inner)
        if lay["columns"] == 1:
            y = 0
            for keys, what in self.rows:
                x, width = (card.x + 22 + keys_w + GUTTER, inner - keys_w - GUTTER) if keys else (None, card.w - 40)
                pitch = self._pitch(self._lines(keys, what, keys_w, width, size), size, lay["row_h"])
                out.append((keys, what, card.x + 22, x, width, card.y + lay["top"] + y + pitch // 2, y + pitch))
                y += pitch
            return out
        columns, gap = lay["columns"], lay["gap"]
        keyed = [r for r in self.rows if r[0]]
        per = -(-len(keyed) // columns)
        pitches = [self._pitch(self._lines(k, wh, keys_w, inner - keys_w - GUTTER, size), size, lay["row_h"])
                   for k, wh in keyed]
        # a row and the one beside it share a line: each pair as high as the higher
        row_h = [max(p for k, p in enumerate(pitches) if k % per == r) for r in range(per)] if per else []
        tops = [sum(row_h[:r]) for r in range(per)]
        grid = sum(row_h)
        y0 = card.y + lay["top"]
        for i, (keys, what) in enumerate(keyed):
            col, row = divmod(i, per)
            kx = card.x + 22 + col * (inner + gap)
            out.append((keys, what, kx, kx + keys_w + GUTTER, inner - keys_w - GUTTER,
                        y0 + tops[row] + row_h[row] // 2, grid))
        y = grid
        for keys, what in (r for r in self.rows if not r[0]):
            pitch = self._pitch(self._lines("", what, 0, card.w - 40, size), size, lay["rule_h"])
            out.append((keys, what, None, None, card.w - 40, y0 + y + 4 + pitch // 2, y + pitch))
            y += pitch
        return out

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
                card = self.sheet(self.app.size)[0]
                if card.collidepoint(event.pos) and not card.w / 3 <= event.pos[0] - card.x <= 2 * card.w / 3:
                    self.turn(-1 if event.pos[0] - card.x < card.w / 3 else 1)
                    return
            self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        w, h = surface.get_size()
        card, size, rows = self.sheet((w, h))
        pygame.draw.rect(surface, colors.PAGE, card, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, card, width=3, border_radius=12)
        blit_center(surface, render(_(self.title), 34, colors.TEXT), (w / 2, card.y + 40))
        # two columns with a clear gutter: the keys as wide as the widest of all the cards needs
        off = self.line_step(size)
        for kx, klines, x, lines, y in rows:
            for i, line in enumerate(klines):
                k = render(line, size, colors.BUTTON)
                dy = 0 if len(klines) == 1 else (-off if i == 0 else off)
                surface.blit(k, k.get_rect(midleft=(kx, y + dy)))
            for i, line in enumerate(lines):
                d = render(line, size, colors.TEXT, "medium")
                dy = 0 if len(lines) == 1 else (-off if i == 0 else off)
                if x is None:
                    blit_center(surface, d, (w / 2, y + dy))
                else:
                    surface.blit(d, d.get_rect(midleft=(x, y + dy)))
        if len(self.pages) > 1:
            blit_center(surface, render(f"<  {self.page + 1} / {len(self.pages)}  >", 18, colors.BUTTON),
                        (w / 2, card.bottom - 44))
            foot = _("Left/Right: other games  ·  any other key closes")
        else:
            foot = _("press any key")
        blit_center(surface, fit(foot, card.w - 24, 16, colors.BUTTON, "regular", min_size=13), (w / 2, card.bottom - 18))


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
