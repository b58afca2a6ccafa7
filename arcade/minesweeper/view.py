"""Drawing Minesweeper's board (pygame): the cells, the probability heat map and the odds bubble, the hint and
cursor marks, and the reveal, win and loss animations.

The view never decides anything: it is given the field's ``display()`` (see ``field.py``: ``"0".."8"`` open,
``"#"`` covered, ``"F"`` flag, ``"?"`` question mark, ``"*"`` mine, ``"X"`` exploded mine, ``"x"`` wrong flag)
and draws it. Cells change with a short ripple from where the player clicked (a flood opens outwards, a lost
game's mines go off one after another from the exploded one); the board is kept as one surface and only the
cells that changed are redrawn. Where the board goes is ``screens``; the HUD around it is ``hud``.
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.i18n import _
from arcade.engine import assets
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render
from arcade.minesweeper.screens import BOARD_AREA, MIN_TEXT, Layout, screen_for, turned_for

__all__ = ["BoardView", "Sprites", "NUMBER_COLOURS", "SAFE_NUMBER_COLOURS", "COVERED", "OPENED", "INK", "CHIP",
           "LOSS", "ODDS_TEXT", "heat_colour", "odds_text", "odds_words", "odds_font", "number_font",
           "draw_position", "SAFE_GREEN", "RISK_RED", "GUESS_ORANGE", "SAFE_INK", "GUESS_INK", "TONE_INK",
           "guess_colour"]

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
# the review's colours: a certain-safe cell (its ring), a guess that risked more than it had to (or a certain mine),
# and a guess; the green and the orange deepened for text (5.2:1 on the page; the bright ones mark cells, bars and
# stripes)
SAFE_GREEN = (60, 170, 80)
RISK_RED = (200, 60, 45)
GUESS_ORANGE = (215, 120, 40)
SAFE_INK = (30, 120, 50)
GUESS_INK = (165, 80, 0)
TONE_INK = {"safe": SAFE_INK, "risk": RISK_RED, "guess": GUESS_INK}  # a review's word on a move, by its tone


def guess_colour(m) -> tuple:
    """A reviewed guess's mark: red when it risked a mine while a cell was certain, orange otherwise."""
    return RISK_RED if m.missed_safe else GUESS_ORANGE

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


def draw_position(surface, state, params) -> None:
    """A position of a replay, for the engine's replay scene."""
    size = surface.get_size()
    turned = turned_for(state.level_name, size)
    view = BoardView(state.rows, state.cols, speed=0.0, area=screen_for(state.rows, state.cols, size, turned).board,
                     turned=turned)
    view.set_display(state.display())
    view.draw(surface)
