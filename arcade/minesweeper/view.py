"""Drawing Minesweeper (pygame): the board and its cells, the HUD (mine counter, face, timer), the button row,
the probability heat map, the hint and cursor marks, and the reveal, win and loss animations.

The view never decides anything: it is given the field's ``display()`` (see ``field.py``: ``"0".."8"`` open,
``"#"`` covered, ``"F"`` flag, ``"?"`` question mark, ``"*"`` mine, ``"X"`` exploded mine, ``"x"`` wrong flag)
and draws it. Cells change with a short ripple from where the player clicked (a flood opens outwards, a lost
game's mines go off one after another from the exploded one); the board is kept as one surface and only the
cells that changed are redrawn.
"""
from __future__ import annotations

import math
import random

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine import assets
from arcade.engine.plugin import format_time
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render, wrap_lines
from arcade.engine.ui.tween import ease_out

__all__ = ["Layout", "Screen", "ROOMY", "TALL", "SIDE", "WIDE", "LANDSCAPE", "layout_for", "screen_for", "turned_for",
           "draw_wrapped", "BoardView", "Hud", "BUTTONS", "NUMBER_COLOURS", "SAFE_NUMBER_COLOURS",
           "COVERED", "OPENED", "INK", "CHIP", "LOSS", "ODDS_TEXT", "LEVEL_CHIPS", "MIN_TEXT",
           "heat_colour", "odds_text", "odds_words", "odds_font", "number_font", "banner_card", "banner_button",
           "draw_banner"]

CANVAS = (480, 800)
MIN_TEXT = 13  # the smallest text on the canvas: 11 px at the smallest window (0.85 of the canvas)


class Screen:
    """Where things go on the canvas: the HUD bar (``hud``; its LEDs ``led`` = (width, height, font size, top
    below the bar's top), the face's size ``face``, the font size ``label`` of a line of text at the bar's foot
    for screens without a level picker), the level picker in the bar (``picker``, None: no picker), the area the
    board is centred in (``board``), the status line (``status_y``, font size ``status``) and the button row
    (``buttons``).

    A wide canvas places more freely: ``leds`` the row the counter (at its left), the face (centred) and the timer
    (at its right) share, ``label_box`` where the bar's line of text goes (wrapped), ``picker_cols`` 2 for a
    picker of two columns of level chips over a no-guess row, ``status_box`` a box the status is wrapped in,
    ``button_cols`` the buttons in a grid of that many columns, ``mute_at`` where the muted sign goes."""

    def __init__(self, hud, led, face, label, board, status_y, status, buttons, picker=None, canvas=CANVAS,
                 leds=None, label_box=None, picker_cols=None, status_box=None, button_cols=None,
                 mute_at=(464, 22)) -> None:
        self.hud, self.led, self.face, self.label = hud, led, face, label
        self.board, self.status_y, self.status, self.buttons = board, status_y, status, buttons
        self.picker = picker
        self.canvas = canvas
        self.leds = leds if leds is not None else pygame.Rect(hud.x + 14, hud.y + led[3], hud.w - 28, led[1])
        self.label_box, self.picker_cols, self.status_box = label_box, picker_cols, status_box
        self.button_cols = button_cols or len(BUTTONS)
        self.mute_at = mute_at


BUTTONS = (("hint", N_("Hint  H")), ("odds", N_("Odds  P")), ("auto", N_("Auto  Shift+A")), ("pause", N_("Menu  Esc")))
# the usual screen, and a tall one for boards whose height limits the cells (expert's 30 rows): a slimmer HUD
# and button row give the board 56 more pixels, 22-pixel cells instead of 20 for expert. The HUD holds the mine
# counter, the face and the timer, and under them the level picker (levels, custom, no-guess).
ROOMY = Screen(pygame.Rect(8, 8, 464, 100), (124, 50, 38, 8), 54, 13, pygame.Rect(8, 114, 464, 616), 744, 17,
               pygame.Rect(8, 758, 464, 36), picker=pygame.Rect(16, 74, 448, 28))
TALL = Screen(pygame.Rect(8, 2, 464, 76), (108, 38, 30, 4), 40, 12, pygame.Rect(8, 80, 464, 672), 762, 14,
              pygame.Rect(8, 773, 464, 25), picker=pygame.Rect(14, 48, 452, 25))
LANDSCAPE = (840, 560)
# the wide canvas: the board at the left at full height, and at its right a column with the HUD (the counters,
# the face, the picker in two columns), the status wrapped in a box, the buttons two by two (the Menu button at
# the bottom right, as in the portrait row) ...
SIDE = Screen(pygame.Rect(560, 8, 272, 186), (92, 48, 34, 12), 50, 13, pygame.Rect(8, 8, 544, 544), 0, 16,
              pygame.Rect(560, 452, 272, 100), picker=pygame.Rect(570, 80, 252, 104), canvas=LANDSCAPE,
              leds=pygame.Rect(572, 20, 236, 48), picker_cols=2, status_box=pygame.Rect(568, 206, 256, 232),
              button_cols=2, mute_at=(814, 36))
# ... or, for boards wider than tall (expert's 30 columns, 26-pixel cells), a bar on top (the counters and the
# face, then the picker in one row), the board under it across the canvas, the status and the button row below
WIDE = Screen(pygame.Rect(8, 4, 824, 52), (96, 42, 32, 5), 42, 13, pygame.Rect(8, 60, 824, 436), 0, 15,
              pygame.Rect(8, 524, 824, 32), picker=pygame.Rect(292, 12, 508, 36), canvas=LANDSCAPE,
              leds=pygame.Rect(16, 9, 262, 42), status_box=pygame.Rect(8, 498, 824, 22), mute_at=(812, 23))
BOARD_AREA = ROOMY.board
LEVEL_CHIPS = (("beginner", N_("Beginner")), ("intermediate", N_("Intermediate")), ("expert", N_("Expert")),
               ("custom", N_("Custom")))
NO_GUESS_LABEL = N_("No-guess")

PAGE = colors.PAGE
FRAME = (187, 173, 160)          # the board's frame (2048's board colour)
COVERED = (205, 193, 180)        # a covered cell
COVERED_HI = (232, 224, 214)     # its lit top-left bevel
COVERED_LO = (150, 136, 122)     # its shaded bottom-right bevel
OPENED = (238, 230, 220)         # an open cell
GRID = (214, 204, 193)           # lines between open cells
EXPLODED = (232, 72, 60)
MINE = (44, 40, 38)
FLAG_RED = (220, 52, 40)
INK = (60, 52, 46)
CHIP = colors.BUTTON             # buttons and picker chips, under light text (5.0:1)
CHIP_TEXT = colors.TEXT_LIGHT
ON_TEXT = INK                    # text on a gold (active) chip (7:1)
BUBBLE_BG = (250, 248, 239)      # the odds bubble (the page's colour)
CARD_BG = (60, 50, 44)           # the end card
LOSS = (255, 150, 130)           # the end card's "Boom!" (5:1 on the card)
ODDS_TEXT = (24, 20, 18)         # odds numbers on the shaded cells (5:1 on the reddest)
# the classic colours, deep enough to read at 4.5:1 or more on an open cell
NUMBER_COLOURS = {1: (30, 84, 210), 2: (28, 115, 44), 3: (190, 30, 30), 4: (36, 40, 140), 5: (140, 30, 30),
                  6: (12, 112, 120), 7: (30, 30, 30), 8: (96, 96, 96)}
# the same digits in colours told apart with any colour vision (after Okabe and Ito's palette, darkened to read on
# the opened cell): no red against green, each a different lightness or hue family
SAFE_NUMBER_COLOURS = {1: (0, 100, 170), 2: (150, 85, 0), 3: (170, 30, 120), 4: (20, 30, 110), 5: (110, 55, 0),
                       6: (0, 110, 90), 7: (30, 30, 30), 8: (96, 96, 96)}
LED_BG = (44, 34, 30)
LED_ON = (255, 82, 56)
LED_OFF = (78, 44, 36)

RIPPLE_STEP = 0.012   # seconds per cell of distance in an opening's ripple
RIPPLE_MAX = 0.30
BOOM_STEP = 0.045     # seconds per cell of distance between mines going off after a loss
BOOM_MAX = 1.4
SHAKE_S = 0.35
WIN_WAVE_STEP = 0.02


HEAT_STOPS = ((0.0, (40, 180, 80)), (0.1, (150, 205, 70)), (0.25, (245, 215, 60)), (0.5, (245, 140, 50)),
              (1.0, (220, 40, 40)))


def odds_text(p: float) -> str:
    """A chance as the overlay prints it in a cell: whole per cent, "<1" for a small but real chance."""
    if p <= 0:
        return "0"
    if p >= 1:
        return "100"
    return "<1" if p < 0.005 else str(min(99, round(100 * p)))


def odds_words(p: float) -> str:
    """A cell's chance of a mine in words, for the bubble of the cell under the pointer."""
    if p <= 0:
        return _("Safe: no mine here")
    if p >= 1:
        return _("A mine, for certain")
    return _("{p} % chance of a mine").format(p=odds_text(p))


def odds_font(cell: int) -> int | None:
    """The size of the odds numbers in cells of ``cell`` pixels: six tenths of the cell, from :data:`MIN_TEXT` to
    18 px; None when two digits that size do not fit (the shading and the bubble still tell the odds)."""
    size = max(MIN_TEXT, min(18, round(cell * 0.6)))
    return size if assets.font_for("99", size, "bold").size("99")[0] <= cell - 2 else None


def number_font(cell: int) -> int:
    """The size of a cell's number: about seven tenths of the cell (13 px in the smallest custom cells, 18 px), never
    under :data:`MIN_TEXT`."""
    return max(MIN_TEXT, round(cell * 0.72))


def heat_colour(p: float) -> tuple[int, int, int]:
    """Green (no mine) through yellow (about one in four) and orange to red (a mine), for the odds overlay."""
    p = 0.0 if p < 0 else 1.0 if p > 1 else p
    for (p0, c0), (p1, c1) in zip(HEAT_STOPS, HEAT_STOPS[1:]):
        if p <= p1:
            k = (p - p0) / (p1 - p0)
            return tuple(round(a + (b - a) * k) for a, b in zip(c0, c1))
    return HEAT_STOPS[-1][1]


class Layout:
    """Where the cells of a ``rows`` x ``cols`` field go: the largest square cells (at most 56 pixels) that fit
    ``area`` (the screen's board area) with a 6-pixel frame. ``turned``: the field is shown with its rows as
    columns (expert, kept 16 wide and 30 tall, is shown 30 wide on a wide canvas); every method takes and gives
    the field's (row, col), :meth:`shown` says where a cell is on screen."""

    def __init__(self, rows: int, cols: int, area: pygame.Rect = BOARD_AREA, turned: bool = False) -> None:
        self.rows, self.cols, self.turned = rows, cols, turned
        down, across = (cols, rows) if turned else (rows, cols)
        inner = area.inflate(-12, -12)
        self.cell = max(4, min(inner.w // across, inner.h // down, 56))
        w, h = self.cell * across, self.cell * down
        self.board = pygame.Rect(0, 0, w, h)
        self.board.center = area.center
        self.frame = self.board.inflate(12, 12)

    def shown(self, r, c) -> tuple:
        """The (row, column) on screen of the field's cell (r, c)."""
        return (c, r) if self.turned else (r, c)

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        y, x = self.shown(r, c)
        return pygame.Rect(self.board.x + x * self.cell, self.board.y + y * self.cell, self.cell, self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        return self.shown(int(y - self.board.y) // self.cell, int(x - self.board.x) // self.cell)

    def centre(self, r: int, c: int) -> tuple[float, float]:
        y, x = self.shown(r, c)
        return (self.board.x + (x + 0.5) * self.cell, self.board.y + (y + 0.5) * self.cell)


def layout_for(size) -> tuple:
    """The screens of a canvas of ``size``, the usual one first: portrait (ROOMY, TALL), landscape (SIDE, WIDE)."""
    return (SIDE, WIDE) if size[0] > size[1] else (ROOMY, TALL)


def screen_for(rows: int, cols: int, size=CANVAS, turned: bool = False) -> Screen:
    """Of the canvas's screens, the one giving the board the bigger cells (the usual one when they tie): in
    portrait the tall screen for boards limited by their height, in landscape the bar on top for boards wider
    than the column layout leaves room for."""
    usual, other = layout_for(size)
    better = Layout(rows, cols, other.board, turned).cell > Layout(rows, cols, usual.board, turned).cell
    return other if better else usual


def turned_for(level: str, size) -> bool:
    """Whether a field of ``level`` is shown turned on a canvas of ``size``: expert, kept 16 wide and 30 tall
    for the portrait canvas, is shown as the classic 30 wide on a wide one (a custom field keeps the shape the
    player chose)."""
    return level == "expert" and size[0] > size[1]


def draw_wrapped(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "medium",
                 middle: bool = False, sep: str = " ") -> None:
    """``text`` wrapped into ``box`` (at ``sep``), each line centred; type a point smaller at a time (not under
    :data:`MIN_TEXT`) while the lines overflow the box; ``middle``: the lines centred in the box's height."""
    while True:
        lines = wrap_lines(text, box.w, size, weight, sep)
        step = round(assets.scaled_size(size) * 1.3)  # (as drawn at the Text size setting)
        if assets.scaled_size(size - 1) < MIN_TEXT or len(lines) * step <= box.h:
            break
        size -= 1
    top = box.y + (box.h - len(lines) * step) / 2 if middle else box.y
    for i, line in enumerate(lines[:max(1, box.h // step)]):
        blit_center(surface, fit(line, box.w, size, colour, weight, min_size=MIN_TEXT),
                    (box.centerx, top + step * (i + 0.5)))


# ====================================================================================================== cells
class Sprites:
    """One surface per cell kind at one cell size."""

    def __init__(self, size: int, safe: bool = False) -> None:
        self.size = size
        self.numbers = SAFE_NUMBER_COLOURS if safe else NUMBER_COLOURS
        self.cache: dict = {}

    def get(self, ch: str) -> pygame.Surface:
        s = self.cache.get(ch)
        if s is None:
            s = self.cache[ch] = self._make(ch)
        return s

    def _make(self, ch: str) -> pygame.Surface:
        n = self.size
        s = pygame.Surface((n, n))
        if ch in "#F?":
            self._covered(s)
            if ch == "F":
                self._flag(s)
            elif ch == "?":
                blit_center(s, render("?", max(8, int(n * 0.62)), INK), (n / 2, n / 2 + 1))
        elif ch == "pressed":
            self._open(s)
        elif ch in "*Xx":
            self._open(s, EXPLODED if ch == "X" else OPENED)
            self._mine(s)
            if ch == "x":
                w = max(2, n // 9)
                pygame.draw.line(s, FLAG_RED, (n * 0.18, n * 0.18), (n * 0.82, n * 0.82), w)
                pygame.draw.line(s, FLAG_RED, (n * 0.82, n * 0.18), (n * 0.18, n * 0.82), w)
        else:
            self._open(s)
            d = int(ch)
            if d:
                blit_center(s, render(ch, number_font(n), self.numbers[d]), (n / 2, n / 2 + 1))
        return s

    def _covered(self, s) -> None:
        n = self.size
        b = max(2, n // 9)
        s.fill(COVERED)
        pygame.draw.polygon(s, COVERED_HI, [(0, 0), (n, 0), (n - b, b), (b, b), (b, n - b), (0, n)])
        pygame.draw.polygon(s, COVERED_LO, [(n, n), (0, n), (b, n - b), (n - b, n - b), (n - b, b), (n, 0)])
        pygame.draw.rect(s, COVERED, (b, b, n - 2 * b, n - 2 * b))

    def _open(self, s, fill=OPENED) -> None:
        n = self.size
        s.fill(fill)
        pygame.draw.line(s, GRID, (0, 0), (n - 1, 0))
        pygame.draw.line(s, GRID, (0, 0), (0, n - 1))

    def _flag(self, s) -> None:
        n = self.size
        pole_x = n * 0.56
        pygame.draw.polygon(s, FLAG_RED, [(pole_x, n * 0.2), (pole_x, n * 0.56), (n * 0.22, n * 0.38)])
        pygame.draw.line(s, INK, (pole_x, n * 0.2), (pole_x, n * 0.74), max(1, n // 14))
        pygame.draw.rect(s, INK, (n * 0.3, n * 0.72, n * 0.44, max(2, n * 0.09)))

    def _mine(self, s) -> None:
        n = self.size
        c = (n / 2, n / 2)
        r = n * 0.26
        w = max(1, n // 14)
        for a in range(4):
            ang = a * math.pi / 4
            dx, dy = math.cos(ang) * r * 1.45, math.sin(ang) * r * 1.45
            pygame.draw.line(s, MINE, (c[0] - dx, c[1] - dy), (c[0] + dx, c[1] + dy), w)
        pygame.draw.circle(s, MINE, c, r)
        pygame.draw.circle(s, (250, 250, 250), (c[0] - r * 0.35, c[1] - r * 0.35), max(1, r * 0.25))


# ====================================================================================================== the board
class BoardView:
    """The board surface and its animations. ``set_display(display, origin, kind)`` with the field's new
    ``display()``: changed cells appear after a delay growing with their distance from ``origin`` (``kind``
    "open": a quick ripple, "boom": mines going off one by one). ``update(dt)``; ``draw(surface)``."""

    def __init__(self, rows: int, cols: int, speed: float = 1.0, area: pygame.Rect = BOARD_AREA,
                 safe: bool = False, turned: bool = False) -> None:
        self.area = area
        self.layout = Layout(rows, cols, area, turned)
        self.sprites = Sprites(self.layout.cell, safe)
        self.speed = speed  # the animation-speed setting (0 = off)
        self.rows, self.cols = rows, cols
        self.shown = [["#"] * cols for _ in range(rows)]  # what the board surface shows
        self.target = tuple("#" * cols for _ in range(rows))
        self.pending: list = []  # [time left, r, c]
        self.surface = pygame.Surface(self.layout.board.size)
        self.shake = 0.0
        self.still = False  # Reduced motion: the board never shakes
        self.wave: tuple | None = None  # (t, origin) of the win's gold wave
        self.pressed: set = set()
        for r in range(rows):
            for c in range(cols):
                self._blit(r, c, "#")

    @property
    def busy(self) -> bool:
        return bool(self.pending)

    def relayout(self, area: pygame.Rect, turned: bool = False) -> None:
        """Centre the board in another ``area`` (the canvas turned), ``turned`` or not: cells sized to it, the
        cells shown and the animations under way kept."""
        if area == self.area and turned == self.layout.turned:
            return
        self.area = area
        self.layout = Layout(self.rows, self.cols, area, turned)
        self.sprites = Sprites(self.layout.cell, self.sprites.numbers is SAFE_NUMBER_COLOURS)
        self.surface = pygame.Surface(self.layout.board.size)
        for r in range(self.rows):
            for c in range(self.cols):
                self._blit(r, c, self.shown[r][c])

    def set_palette(self, safe: bool) -> None:
        """The numbers in the colour-blind-safe colours or the classic ones (redrawn at once)."""
        if (self.sprites.numbers is SAFE_NUMBER_COLOURS) == bool(safe):
            return
        self.sprites = Sprites(self.layout.cell, safe)
        for r in range(self.rows):
            for c in range(self.cols):
                self._blit(r, c, self.shown[r][c])

    def _blit(self, r: int, c: int, ch: str) -> None:
        n = self.layout.cell
        y, x = self.layout.shown(r, c)
        self.surface.blit(self.sprites.get(ch), (x * n, y * n))

    def set_display(self, display, origin=None, kind: str = "open") -> None:
        """Show ``display`` (the field's picture), animating the cells that changed from ``origin``."""
        self.target = tuple(display)
        step, cap = (BOOM_STEP, BOOM_MAX) if kind == "boom" else (RIPPLE_STEP, RIPPLE_MAX)
        waiting = {(r, c) for _, r, c in self.pending}
        for r in range(self.rows):
            row, shown = display[r], self.shown[r]
            for c in range(self.cols):
                ch = row[c]
                if ch == shown[c] and (r, c) not in waiting:
                    continue
                if origin is None or self.speed <= 0 or ch in "#F?":
                    self.pending = [p for p in self.pending if (p[1], p[2]) != (r, c)]
                    shown[c] = ch
                    self._blit(r, c, ch)
                    continue
                d = math.hypot(r - origin[0], c - origin[1])
                delay = min(cap, d * step) / self.speed
                if (r, c) not in waiting:
                    self.pending.append([delay, r, c])
        if kind == "boom" and self.speed > 0:
            self.shake = SHAKE_S
        if kind == "win" and self.speed > 0:
            self.wave = (0.0, origin or (self.rows // 2, self.cols // 2))

    def finish(self) -> None:
        """Show the target at once (animations off, or a test)."""
        for _, r, c in self.pending:
            self.shown[r][c] = self.target[r][c]
            self._blit(r, c, self.target[r][c])
        self.pending = []

    def update(self, dt: float) -> None:
        if self.pending:
            keep = []
            for p in self.pending:
                p[0] -= dt
                if p[0] <= 0:
                    ch = self.target[p[1]][p[2]]
                    self.shown[p[1]][p[2]] = ch
                    self._blit(p[1], p[2], ch)
                else:
                    keep.append(p)
            self.pending = keep
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.wave is not None:
            t, o = self.wave
            t += dt * (self.speed or 1)
            self.wave = None if t > 2.5 else (t, o)

    def offset(self) -> tuple[int, int]:
        if self.shake <= 0 or self.still:
            return (0, 0)
        k = self.shake / SHAKE_S
        return (round(math.sin(self.shake * 90) * 6 * k), round(math.cos(self.shake * 70) * 4 * k))

    def draw(self, surface) -> None:
        lay = self.layout
        ox, oy = self.offset()
        pygame.draw.rect(surface, FRAME, lay.frame.move(ox, oy), border_radius=8)
        surface.blit(self.surface, lay.board.move(ox, oy))
        for r, c in self.pressed:
            if self.shown[r][c] in "#?":
                surface.blit(self.sprites.get("pressed"), lay.cell_rect(r, c).move(ox, oy))
        if self.wave is not None:
            self._draw_wave(surface)

    def _draw_wave(self, surface) -> None:
        t, (orow, ocol) = self.wave
        lay = self.layout
        n = lay.cell
        glow = pygame.Surface((n, n), pygame.SRCALPHA)
        for r in range(self.rows):
            for c in range(self.cols):
                k = t - math.hypot(r - orow, c - ocol) * WIN_WAVE_STEP
                if 0 < k < 0.5:
                    a = round(150 * math.sin(k / 0.5 * math.pi))
                    glow.fill((*colors.GOLD, a))
                    surface.blit(glow, lay.cell_rect(r, c))

    # ----- marks over the board -----
    def draw_heat(self, surface, probs, display, hover=None) -> None:
        """The odds overlay: every covered cell shaded green (no mine) .. red (a mine); the cells by the numbers
        (the frontier, where the odds differ) also show their percentage in type of 11 pixels or more, a certain
        mine a small mine; ``hover`` (row, col) gets a ring and a bubble saying its odds in words."""
        lay = self.layout
        n = lay.cell
        tint = pygame.Surface((n, n), pygame.SRCALPHA)
        bubble = None
        if hover is not None and display[hover[0]][hover[1]] in "#F?":
            bubble = self._bubble_rect(hover, odds_words(probs[hover[0]][hover[1]]))
        size = odds_font(n)
        for r in range(self.rows):
            row, drow = probs[r], display[r]
            for c in range(self.cols):
                ch = drow[c]
                if ch not in "#F?":
                    continue
                p = row[c]
                tint.fill((*heat_colour(p), 150))
                rect = lay.cell_rect(r, c)
                surface.blit(tint, rect)
                if ch != "#" or size is None or not self.frontier(display, r, c):
                    continue  # a flag or question mark keeps its sign; inner cells say it in the status line
                if bubble is not None and rect.colliderect(bubble):
                    continue
                if p >= 1.0:
                    self._small_mine(surface, rect)
                else:
                    blit_center(surface, render(odds_text(p), size, ODDS_TEXT), rect.center)
        if bubble is not None:
            rect = lay.cell_rect(*hover)
            pygame.draw.rect(surface, ODDS_TEXT, rect.inflate(2, 2), width=2)
            pygame.draw.rect(surface, BUBBLE_BG, bubble, border_radius=8)
            pygame.draw.rect(surface, ODDS_TEXT, bubble, width=2, border_radius=8)
            blit_center(surface, render(odds_words(probs[hover[0]][hover[1]]), self.BUBBLE_FONT, ODDS_TEXT),
                        bubble.center)

    def frontier(self, display, r: int, c: int) -> bool:
        """A covered cell next to an open number: its odds come from the numbers."""
        for rr in range(max(0, r - 1), min(self.rows, r + 2)):
            line = display[rr]
            for cc in range(max(0, c - 1), min(self.cols, c + 2)):
                if line[cc] in "12345678":
                    return True
        return False

    def _small_mine(self, surface, rect) -> None:
        c, rad = rect.center, max(3, rect.w * 0.2)
        for a in range(4):
            ang = a * math.pi / 4
            dx, dy = math.cos(ang) * rad * 1.4, math.sin(ang) * rad * 1.4
            pygame.draw.line(surface, ODDS_TEXT, (c[0] - dx, c[1] - dy), (c[0] + dx, c[1] + dy), max(1, rect.w // 12))
        pygame.draw.circle(surface, ODDS_TEXT, c, rad)

    BUBBLE_FONT = 16

    def _bubble_rect(self, cell, words: str) -> pygame.Rect:
        """Where a cell's odds bubble goes: over the row above the cell (so the numbers round the cell stay in
        sight), or under the row below it near the top, within the board's frame."""
        lay = self.layout
        w, h = assets.font_for(words, self.BUBBLE_FONT, "bold").size(words)
        box = pygame.Rect(0, 0, w + 20, h + 10)
        rect = lay.cell_rect(*cell)
        box.midbottom = (rect.centerx, rect.top - rect.h - 4)
        if box.top < lay.frame.top:
            box.midtop = (rect.centerx, rect.bottom + rect.h + 4)
        box.clamp_ip(lay.frame)
        return box

    def draw_ring(self, surface, cell, colour, t: float = 0.0, width: int = 3) -> None:
        lay = self.layout
        rect = lay.cell_rect(*cell).inflate(4 + round(3 * abs(math.sin(t * 4))), 4 + round(3 * abs(math.sin(t * 4))))
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=4)

    def draw_cursor(self, surface, pos, colour=(40, 110, 220)) -> None:
        """The keyboard / AI cursor at ``pos`` = (row, col), fractional while it glides."""
        lay = self.layout
        n = lay.cell
        down, across = lay.shown(*pos)
        x = lay.board.x + across * n
        y = lay.board.y + down * n
        rect = pygame.Rect(round(x) - 2, round(y) - 2, n + 4, n + 4)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=4)


# ====================================================================================================== HUD
class Hud:
    """The top bar (mine counter, face, timer, and the level picker under them), the status line and the button
    row. ``button_at(pos)`` names what is at a point: "face", a button of :data:`BUTTONS`, ``"level:<name>"`` for
    a level chip of the picker, ``"noguess"`` for its no-guess switch."""

    def __init__(self, screen: Screen = ROOMY) -> None:
        self.screen = sc = screen
        lw, lh, _size, _dy = sc.led
        row = sc.leds
        self.counter_rect = pygame.Rect(row.x, row.y, lw, lh)
        self.timer_rect = pygame.Rect(row.right - lw, row.y, lw, lh)
        self.face_rect = pygame.Rect(0, 0, sc.face, sc.face)
        self.face_rect.center = (row.centerx, self.counter_rect.centery)
        self.picker_rects = self._picker_rects() if sc.picker is not None else {}
        self.buttons = self._button_rects()
        self.confetti: list = []

    # ----- where things are -----
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

    def _button_rects(self) -> dict:
        """The buttons in a row, or in a grid of ``button_cols`` columns."""
        row = self.screen.buttons
        cols = self.screen.button_cols
        lines = -(-len(BUTTONS) // cols)
        gap = 8
        w = (row.w - gap * (cols - 1)) // cols
        h = (row.h - gap * (lines - 1)) // lines
        return {key: pygame.Rect(row.x + (i % cols) * (w + gap), row.y + (i // cols) * (h + gap), w, h)
                for i, (key, _) in enumerate(BUTTONS)}

    def button_rects(self) -> dict:
        return self.buttons

    def button_at(self, pos) -> str | None:
        if self.face_rect.collidepoint(pos):
            return "face"
        for key, r in (*self.button_rects().items(), *self.picker_rects.items()):
            if r.collidepoint(pos):
                return key
        return None

    # ----- drawing -----
    def draw(self, surface, mines_left: int, seconds: float, face: str, level_text: str = "",
             level: str | None = None, no_guess: bool = False) -> None:
        """The bar: ``level`` (a level's name or "custom") and ``no_guess`` light the picker's chips; a screen
        without a picker shows ``level_text`` at the bar's foot instead."""
        hud = self.screen.hud
        pygame.draw.rect(surface, FRAME, hud, border_radius=10)
        count = f"{mines_left:03d}" if mines_left >= 0 else f"-{min(99, -mines_left):02d}"
        self._led(surface, self.counter_rect, count)
        self._led(surface, self.timer_rect, format_time(round(min(seconds, 999.9) * 1000))[:-2], unit="s")
        self._face(surface, face)
        if self.picker_rects:
            self._picker(surface, level, no_guess)
        elif level_text and self.screen.label_box is not None:
            draw_wrapped(surface, level_text, self.screen.label_box, max(MIN_TEXT, self.screen.label), INK,
                         middle=True, sep="  -  ")
        elif level_text:
            blit_center(surface, fit(level_text, hud.w - 16, max(MIN_TEXT, self.screen.label), INK, "medium",
                                     min_size=MIN_TEXT),
                        (hud.centerx, hud.bottom - 8))

    def _led(self, surface, rect, text: str, unit: str = "") -> None:
        """A counter: red digits on a dark plate (a time with its unit, smaller, after the digits)."""
        pygame.draw.rect(surface, LED_BG, rect, border_radius=6)
        size = self.screen.led[2]
        u = render(unit, max(MIN_TEXT, size // 2), LED_ON) if unit else None
        room = rect.w - 12 - (u.get_width() + 3 if u is not None else 0)
        digits = fit(text, room, size, LED_ON, min_size=MIN_TEXT)
        d = digits.get_rect(center=rect.center)
        if u is not None:
            d.right = rect.right - 6 - u.get_width() - 3
            surface.blit(u, u.get_rect(bottomleft=(d.right + 3, d.bottom - round(d.h * 0.18))))
        surface.blit(digits, d)

    def _picker(self, surface, level: str | None, no_guess: bool) -> None:
        size = self.picker_font()
        for name, label in LEVEL_CHIPS:
            r = self.picker_rects[f"level:{name}"]
            on = name == level
            pygame.draw.rect(surface, colors.GOLD if on else CHIP, r, border_radius=7)
            ink = ON_TEXT if on else CHIP_TEXT
            blit_center(surface, fit(_(label), r.w - 4, size, ink, min_size=MIN_TEXT), r.center)
        r = self.picker_rects["noguess"]
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

    def _face(self, surface, mood: str) -> None:
        """``mood``: "smile", "oh" (a button is held), "cool" (won), "dead" (lost), "think" (the AI guesses)."""
        r = self.face_rect
        pygame.draw.rect(surface, COVERED, r, border_radius=10)
        pygame.draw.rect(surface, COVERED_LO, r, width=2, border_radius=10)
        cx, cy = r.center
        k = r.h / 60  # drawn for a 60-pixel face, scaled

        def p(x, y):
            return (cx + round(x * k), cy + round(y * k))

        def q(v):
            return max(1, round(v * k))

        pygame.draw.circle(surface, (250, 206, 60), (cx, cy), q(22))
        pygame.draw.circle(surface, INK, (cx, cy), q(22), width=2)
        ex, ey = 8, -5
        if mood == "cool":
            pygame.draw.rect(surface, INK, (*p(-15, -10), q(13), q(8)), border_radius=3)
            pygame.draw.rect(surface, INK, (*p(2, -10), q(13), q(8)), border_radius=3)
            pygame.draw.line(surface, INK, p(-19, -8), p(19, -8), 2)
        elif mood == "dead":
            for sx in (-ex, ex):
                pygame.draw.line(surface, INK, p(sx - 4, ey - 4), p(sx + 4, ey + 4), 2)
                pygame.draw.line(surface, INK, p(sx + 4, ey - 4), p(sx - 4, ey + 4), 2)
        else:
            for sx in (-ex, ex):
                pygame.draw.circle(surface, INK, p(sx, ey), q(3))
        mouth = pygame.Rect(*p(-10, -2), q(20), q(14))
        if mood == "oh":
            pygame.draw.circle(surface, INK, p(0, 8), q(5), width=2)
        elif mood == "dead":
            pygame.draw.arc(surface, INK, mouth.move(0, q(8)), 0.2, math.pi - 0.2, 2)
        elif mood == "think":
            pygame.draw.line(surface, INK, p(-7, 9), p(7, 9), 2)
        else:
            pygame.draw.arc(surface, INK, mouth, math.pi + 0.3, 2 * math.pi - 0.3, 2)

    def draw_keys(self, surface, rows) -> None:
        """The controls, ``(keys, what)`` rows in words, in the status box when it has room for several lines (the
        wide canvas' column) and nothing else to say there; one row a line where it fits, never split."""
        sc = self.screen
        if sc.status_box is None or sc.status_box.h < 4 * sc.status or not rows:
            return
        text = "  ·  ".join(_("{keys}: {what}").format(keys=k, what=w) for k, w in rows)
        draw_wrapped(surface, text, sc.status_box, sc.status - 2, colors.TEXT, middle=True, sep="  ·  ")

    def draw_status(self, surface, text: str, colour=None) -> None:
        sc = self.screen
        if text and sc.status_box is not None:
            draw_wrapped(surface, text, sc.status_box, sc.status, colour or colors.TEXT,
                         middle=sc.status_box.h < 2 * sc.status)
        elif text:
            blit_center(surface, fit(text, 456, sc.status, colour or colors.TEXT, "medium", min_size=MIN_TEXT),
                        (240, sc.status_y))

    def draw_buttons(self, surface, active: dict) -> None:
        size = 16 if self.buttons["hint"].h >= 30 else 14
        for key, label in BUTTONS:
            r = self.buttons[key]
            on = active.get(key, False)
            pygame.draw.rect(surface, colors.GOLD if on else CHIP, r, border_radius=8)
            ink = ON_TEXT if on else CHIP_TEXT
            blit_center(surface, fit(_(label), r.w - 8, size, ink, min_size=MIN_TEXT), r.center)

    # ----- the win's confetti -----
    def burst(self, rng: random.Random) -> None:
        cx, cy = self.face_rect.center
        palette = [colors.GOLD, FLAG_RED, (30, 90, 220), (36, 140, 56), (250, 206, 60)]
        self.confetti = [[cx, cy, rng.uniform(-260, 260), rng.uniform(-420, -80), rng.choice(palette),
                          rng.uniform(0, 6.28)] for _ in range(70)]

    def update(self, dt: float) -> None:
        if not self.confetti:
            return
        keep = []
        for p in self.confetti:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 700 * dt
            p[5] += 8 * dt
            if p[1] < self.screen.canvas[1] + 20:
                keep.append(p)
        self.confetti = keep

    def draw_confetti(self, surface) -> None:
        for x, y, _vx, _vy, colour, a in self.confetti:
            w = 3 + 3 * abs(math.sin(a))
            pygame.draw.rect(surface, colour, (x, y, w, 8))


def banner_card(n_lines: int, k: float = 1.0, button: bool = False, screen: Screen = ROOMY) -> pygame.Rect:
    """Where the end-of-game card is, ``k`` 0..1 of the way in (it slides up over the board of ``screen``)."""
    card = pygame.Rect(0, 0, 360, 86 + 28 * n_lines + (58 if button else 0))
    card.center = (screen.board.centerx, round(screen.board.centery + (1 - ease_out(k)) * 300))
    return card


def banner_button(n_lines: int, screen: Screen = ROOMY) -> pygame.Rect:
    """The card's button (Review) once the card is in place."""
    card = banner_card(n_lines, 1.0, True, screen)
    return pygame.Rect(card.centerx - 80, card.bottom - 58, 160, 42)


def draw_banner(surface, title: str, lines: list, k: float, colour=colors.GOLD, button: str | None = None,
                screen: Screen = ROOMY) -> pygame.Rect:
    """The end-of-game card over the board, sliding in with ``k`` 0..1, with an optional button at its foot."""
    e = ease_out(k)
    card = banner_card(len(lines), k, button is not None, screen)
    shade = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*CARD_BG, round(240 * e)), shade.get_rect(), border_radius=16)
    surface.blit(shade, card)
    pygame.draw.rect(surface, colour, card, width=3, border_radius=16)
    blit_center(surface, render(title, 36, colour), (card.centerx, card.y + 36))
    for i, line in enumerate(lines):
        blit_center(surface, fit(line, card.w - 24, 18, colors.TEXT_LIGHT, "medium", min_size=MIN_TEXT),
                    (card.centerx, card.y + 76 + 28 * i))
    if button is not None:
        b = banner_button(len(lines), screen).move(0, card.y - banner_card(len(lines), 1.0, True, screen).y)
        pygame.draw.rect(surface, colour, b, border_radius=10)
        blit_center(surface, fit(button, b.w - 16, 20, CARD_BG, min_size=MIN_TEXT), b.center)
    return card
