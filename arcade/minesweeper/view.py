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

from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.tween import ease_out

__all__ = ["Layout", "Screen", "ROOMY", "TALL", "screen_for", "BoardView", "Hud", "BUTTONS", "NUMBER_COLOURS",
           "COVERED", "OPENED", "heat_colour", "banner_card", "banner_button", "draw_banner"]

CANVAS = (480, 800)


class Screen:
    """Where things go on the canvas: the HUD bar (``hud``; its LEDs ``led`` = (width, height, font size, top
    below the bar's top), the
    face's size ``face`` and the level label's font size ``label``), the area the board is centred in
    (``board``), the status line (``status_y``, font size ``status``) and the button row (``buttons``)."""

    def __init__(self, hud, led, face, label, board, status_y, status, buttons) -> None:
        self.hud, self.led, self.face, self.label = hud, led, face, label
        self.board, self.status_y, self.status, self.buttons = board, status_y, status, buttons


# the usual screen, and a tall one for boards whose height limits the cells (expert's 30 rows): a slimmer HUD
# and button row give the board 44 more pixels, 22-pixel cells instead of 20
ROOMY = Screen(pygame.Rect(8, 8, 464, 84), (104, 52, 40, 16), 60, 13, pygame.Rect(8, 100, 464, 630), 744, 17,
               pygame.Rect(8, 758, 464, 36))
TALL = Screen(pygame.Rect(8, 4, 464, 66), (96, 44, 34, 6), 50, 12, pygame.Rect(8, 74, 464, 674), 759, 15,
              pygame.Rect(8, 770, 464, 28))
HUD_RECT, BOARD_AREA, STATUS_Y, BUTTON_ROW = ROOMY.hud, ROOMY.board, ROOMY.status_y, ROOMY.buttons
BUTTONS = (("hint", "Hint  H"), ("odds", "Odds  P"), ("auto", "Auto  Shift+A"), ("pause", "Menu  Esc"))

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
NUMBER_COLOURS = {1: (30, 90, 220), 2: (36, 140, 56), 3: (214, 48, 40), 4: (36, 40, 140), 5: (140, 30, 30),
                  6: (20, 140, 150), 7: (30, 30, 30), 8: (120, 120, 120)}
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
    ``area`` (the screen's board area) with a 6-pixel frame."""

    def __init__(self, rows: int, cols: int, area: pygame.Rect = BOARD_AREA) -> None:
        self.rows, self.cols = rows, cols
        inner = area.inflate(-12, -12)
        self.cell = max(4, min(inner.w // cols, inner.h // rows, 56))
        w, h = self.cell * cols, self.cell * rows
        self.board = pygame.Rect(0, 0, w, h)
        self.board.center = area.center
        self.frame = self.board.inflate(12, 12)

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        return pygame.Rect(self.board.x + c * self.cell, self.board.y + r * self.cell, self.cell, self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        return (int(y - self.board.y) // self.cell, int(x - self.board.x) // self.cell)

    def centre(self, r: int, c: int) -> tuple[float, float]:
        return (self.board.x + (c + 0.5) * self.cell, self.board.y + (r + 0.5) * self.cell)


def screen_for(rows: int, cols: int) -> Screen:
    """The tall screen when it gives the board bigger cells (a board limited by its height), else the roomy one."""
    return TALL if Layout(rows, cols, TALL.board).cell > Layout(rows, cols, ROOMY.board).cell else ROOMY


# ====================================================================================================== cells
class Sprites:
    """One surface per cell kind at one cell size."""

    def __init__(self, size: int) -> None:
        self.size = size
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
                blit_center(s, render(ch, max(8, int(n * 0.66)), NUMBER_COLOURS[d]), (n / 2, n / 2 + 1))
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

    def __init__(self, rows: int, cols: int, speed: float = 1.0, area: pygame.Rect = BOARD_AREA) -> None:
        self.layout = Layout(rows, cols, area)
        self.sprites = Sprites(self.layout.cell)
        self.speed = speed  # the animation-speed setting (0 = off)
        self.rows, self.cols = rows, cols
        self.shown = [["#"] * cols for _ in range(rows)]  # what the board surface shows
        self.target = tuple("#" * cols for _ in range(rows))
        self.pending: list = []  # [time left, r, c]
        self.surface = pygame.Surface(self.layout.board.size)
        self.shake = 0.0
        self.wave: tuple | None = None  # (t, origin) of the win's gold wave
        self.pressed: set = set()
        for r in range(rows):
            for c in range(cols):
                self._blit(r, c, "#")

    @property
    def busy(self) -> bool:
        return bool(self.pending)

    def _blit(self, r: int, c: int, ch: str) -> None:
        n = self.layout.cell
        self.surface.blit(self.sprites.get(ch), (c * n, r * n))

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
        if self.shake <= 0:
            return (0, 0)
        k = self.shake / SHAKE_S
        return (round(math.sin(self.shake * 90) * 6 * k), round(math.cos(self.shake * 70) * 4 * k))

    def draw(self, surface) -> None:
        lay = self.layout
        ox, oy = self.offset()
        pygame.draw.rect(surface, FRAME, lay.frame.move(ox, oy), border_radius=8)
        surface.blit(self.surface, lay.board.move(ox, oy))
        n = lay.cell
        for r, c in self.pressed:
            if self.shown[r][c] in "#?":
                surface.blit(self.sprites.get("pressed"), (lay.board.x + c * n + ox, lay.board.y + r * n + oy))
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
    def draw_heat(self, surface, probs, display, font_min: int = 22) -> None:
        """The probability overlay: covered cells tinted green..red, with the percentage when cells are big
        enough (a certain cell shows a tick or a cross)."""
        lay = self.layout
        n = lay.cell
        tint = pygame.Surface((n, n), pygame.SRCALPHA)
        size = max(8, int(n * 0.36))
        for r in range(self.rows):
            row, drow = probs[r], display[r]
            for c in range(self.cols):
                if drow[c] not in "#F?":
                    continue
                p = row[c]
                tint.fill((*heat_colour(p), 150))
                rect = lay.cell_rect(r, c)
                surface.blit(tint, rect)
                if n >= font_min:
                    text = "0" if p == 0 else "100" if p == 1 else f"{100 * p:.0f}" if p >= 0.01 else "<1"
                    blit_center(surface, render(text, size, INK), rect.center)
                elif p in (0.0, 1.0):
                    pygame.draw.circle(surface, INK, rect.center, max(2, n // 6))

    def draw_ring(self, surface, cell, colour, t: float = 0.0, width: int = 3) -> None:
        lay = self.layout
        rect = lay.cell_rect(*cell).inflate(4 + round(3 * abs(math.sin(t * 4))), 4 + round(3 * abs(math.sin(t * 4))))
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=4)

    def draw_cursor(self, surface, pos, colour=(40, 110, 220)) -> None:
        """The keyboard / AI cursor at ``pos`` = (row, col), fractional while it glides."""
        lay = self.layout
        n = lay.cell
        x = lay.board.x + pos[1] * n
        y = lay.board.y + pos[0] * n
        rect = pygame.Rect(round(x) - 2, round(y) - 2, n + 4, n + 4)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=4)


# ====================================================================================================== HUD
class Hud:
    """The top bar (mine counter, face, timer), the status line and the button row."""

    def __init__(self, screen: Screen = ROOMY) -> None:
        self.screen = sc = screen
        hud = sc.hud
        lw, lh, _, dy = sc.led
        top = hud.y + dy
        self.counter_rect = pygame.Rect(hud.x + 14, top, lw, lh)
        self.timer_rect = pygame.Rect(hud.right - 14 - lw, top, lw, lh)
        self.face_rect = pygame.Rect(0, 0, sc.face, sc.face)
        self.face_rect.center = (hud.centerx, self.counter_rect.centery)
        self.confetti: list = []

    def button_rects(self) -> dict:
        row = self.screen.buttons
        n = len(BUTTONS)
        gap = 8
        w = (row.w - gap * (n - 1)) // n
        return {key: pygame.Rect(row.x + i * (w + gap), row.y, w, row.h) for i, (key, _) in enumerate(BUTTONS)}

    def button_at(self, pos) -> str | None:
        if self.face_rect.collidepoint(pos):
            return "face"
        for key, r in self.button_rects().items():
            if r.collidepoint(pos):
                return key
        return None

    def draw(self, surface, mines_left: int, seconds: float, face: str, level_text: str) -> None:
        hud = self.screen.hud
        pygame.draw.rect(surface, FRAME, hud, border_radius=10)
        self._led(surface, self.counter_rect, mines_left)
        self._led(surface, self.timer_rect, min(999, int(seconds)))
        self._face(surface, face)
        blit_center(surface, render(level_text, self.screen.label, colors.TEXT_LIGHT, "medium"),
                    (hud.centerx, hud.bottom - 6))

    def _led(self, surface, rect, value: int) -> None:
        pygame.draw.rect(surface, LED_BG, rect, border_radius=6)
        text = f"{value:03d}" if value >= 0 else f"-{min(99, -value):02d}"
        size = self.screen.led[2]
        off = render("888", size, LED_OFF)
        on = render(text, size, LED_ON)
        blit_center(surface, off, rect.center)
        blit_center(surface, on, rect.center)

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

    def draw_status(self, surface, text: str, colour=None) -> None:
        if text:
            sc = self.screen
            blit_center(surface, fit(text, 456, sc.status, colour or colors.TEXT, "medium"), (240, sc.status_y))

    def draw_buttons(self, surface, active: dict) -> None:
        for key, label in BUTTONS:
            r = self.button_rects()[key]
            on = active.get(key, False)
            pygame.draw.rect(surface, colors.GOLD if on else colors.BUTTON, r, border_radius=8)
            blit_center(surface, fit(label, r.w - 8, 16, colors.TEXT_LIGHT), r.center)

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
            if p[1] < CANVAS[1] + 20:
                keep.append(p)
        self.confetti = keep

    def draw_confetti(self, surface) -> None:
        for x, y, _, _, colour, a in self.confetti:
            w = 3 + 3 * abs(math.sin(a))
            pygame.draw.rect(surface, colour, (x, y, w, 8))


def banner_card(n_lines: int, k: float = 1.0, button: bool = False) -> pygame.Rect:
    """Where the end-of-game card is, ``k`` 0..1 of the way in (it slides up over the board)."""
    card = pygame.Rect(60, 0, 360, 86 + 28 * n_lines + (58 if button else 0))
    card.centery = round(BOARD_AREA.centery + (1 - ease_out(k)) * 300)
    return card


def banner_button(n_lines: int) -> pygame.Rect:
    """The card's button (Review) once the card is in place."""
    card = banner_card(n_lines, 1.0, True)
    return pygame.Rect(card.centerx - 80, card.bottom - 58, 160, 42)


def draw_banner(surface, title: str, lines: list, k: float, colour=colors.GOLD, button: str | None = None) \
        -> pygame.Rect:
    """The end-of-game card over the board, sliding in with ``k`` 0..1, with an optional button at its foot."""
    e = ease_out(k)
    card = banner_card(len(lines), k, button is not None)
    shade = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (60, 50, 44, round(225 * e)), shade.get_rect(), border_radius=16)
    surface.blit(shade, card)
    pygame.draw.rect(surface, colour, card, width=3, border_radius=16)
    blit_center(surface, render(title, 36, colour), (card.centerx, card.y + 36))
    for i, line in enumerate(lines):
        blit_center(surface, fit(line, card.w - 24, 18, colors.TEXT_LIGHT, "medium"),
                    (card.centerx, card.y + 76 + 28 * i))
    if button is not None:
        b = banner_button(len(lines)).move(0, card.y - banner_card(len(lines), 1.0, True).y)
        pygame.draw.rect(surface, colour, b, border_radius=10)
        blit_center(surface, fit(button, b.w - 16, 20, (60, 50, 44)), b.center)
    return card
