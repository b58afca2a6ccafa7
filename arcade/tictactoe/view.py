"""Drawing the tic-tac-toe family's board (pygame). The scene hands :meth:`BoardView.draw` a :class:`Snapshot`;
the view never decides anything.

3x3 and 4x4 are drawn as cells in the collection's 2048 palette with X and O marks; Gomoku as a wooden board
with black (X) and white (O) stones on the 15 x 15 points, which stays readable at the smallest window (the canvas
is scaled by half there: a 30 px point becomes 15 px). Marks and stones are drawn at four times their size and
smooth-scaled down once per size (cached), so they are antialiased.
"""
from __future__ import annotations

import math

from dataclasses import dataclass

import pygame

from arcade.engine.ui import colors
from arcade.engine.ui.tween import ease_out

__all__ = ["BoardView", "Snapshot", "board_rect", "X_INK", "O_INK", "LINE_RED", "CELL", "CELL_LAST"]

X_INK = (96, 86, 78)
O_INK = (240, 118, 86)
CELL = (205, 193, 180)
CELL_LAST = (226, 214, 200)
LINE_RED = (214, 58, 52)
THREAT_FOUR = (200, 50, 40)    # a four: one stone from five
THREAT_THREE = (205, 130, 20)  # an open three: one stone from an open four
SAFE_FOUR, SAFE_THREE = (213, 94, 0), (0, 114, 178)  # Okabe and Ito's vermillion and blue: any colour vision
WOOD = (224, 182, 118)
WOOD_EDGE = (176, 132, 74)
GRID_INK = (112, 80, 46)
BLACK_STONE = (34, 34, 38)
WHITE_STONE = (244, 242, 236)
PREVIEW_ALPHA = 90  # the mark under the mouse before it is placed
HINT_ALPHA = 160  # the AI's suggested mark, in its gold ring
POP_SECONDS = 0.14
LINE_SECONDS = 0.35
LANDSCAPE_BOARD = 530  # the side a goban may take on the landscape canvas: 35 px points on 15 x 15
SS = 4  # supersampling of marks and stones
_ART: dict = {}  # (size, rect, what) -> surface: shared by every view of the same geometry (warmed by the menu)


def board_rect(size: int, landscape: bool = False) -> pygame.Rect:
    """Where a board of ``size`` x ``size`` goes on the 480 x 800 canvas, or with ``landscape`` on the left of the
    840 x 560 one at nearly its full height (the players, the status and the buttons take the column at its right)."""
    if landscape:
        if size >= 9:
            cell = LANDSCAPE_BOARD // size
            side = cell * size
            return pygame.Rect(24 + (LANDSCAPE_BOARD - side) // 2, (560 - side) // 2, side, side)
        return pygame.Rect(24, 24, 512, 512)
    if size >= 9:
        cell = 450 // size
        side = cell * size
        return pygame.Rect((480 - side) // 2, 168, side, side)
    return pygame.Rect(30, 176, 420, 420)


def thick_line(surface, colour, p, q, width: float) -> None:
    """A line ``width`` thick measured across it, with round ends (pygame's own thick lines are measured along
    an axis, so a diagonal comes out thinner than its end caps)."""
    (x0, y0), (x1, y1) = p, q
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    r = width / 2
    if length > 0:
        nx, ny = -dy / length * r, dx / length * r
        pygame.draw.polygon(surface, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                                              (x0 - nx, y0 - ny)])
    for x, y in (p, q):
        pygame.draw.circle(surface, colour, (x, y), r)


@dataclass
class Snapshot:
    rows: tuple[str, ...]
    last: tuple[int, int] | None = None
    since_last: float = 1.0                    # seconds since the last move (its mark pops in)
    line: tuple[tuple[int, int], tuple[int, int]] | None = None
    since_line: float = 1.0                    # seconds since the line appeared (it draws itself)
    hover: tuple[int, int] | None = None       # a preview of the mover's mark here
    hover_piece: str = ""
    cursor: tuple[int, int] | None = None      # the keyboard cursor
    hint: tuple[int, int] | None = None        # the AI's move for the player, shown until a move is played
    hint_piece: str = ""
    threats: tuple = ()                        # Gomoku's fours and open threes (:mod:`arcade.tictactoe.threats`)
    safe: bool = False                         # the colour-blind-safe colours
    t: float = 0.0                             # the scene's clock, for the hint's pulse


class BoardView:
    def __init__(self, size: int, rect: pygame.Rect | None = None):
        self.size = size
        self.rect = pygame.Rect(rect or board_rect(size))
        self.goban = size >= 9
        self.cell = self.rect.w / size
        self._key = (size, tuple(self.rect))

    # ----- geometry -----
    def center(self, row: int, col: int) -> tuple[float, float]:
        return self.rect.x + (col + 0.5) * self.cell, self.rect.y + (row + 0.5) * self.cell

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        if self.goban:
            x, y = self.center(row, col)
            s = round(self.cell)
            return pygame.Rect(round(x - s / 2), round(y - s / 2), s, s)
        gap = self._gap
        x0 = self.rect.x + gap + col * (self.rect.w - gap) / self.size
        y0 = self.rect.y + gap + row * (self.rect.h - gap) / self.size
        w = (self.rect.w - gap) / self.size - gap
        return pygame.Rect(round(x0), round(y0), round(w), round(w))

    @property
    def _gap(self) -> int:
        return 12 if self.size <= 3 else 10

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        col = int((x - self.rect.x) // self.cell)
        row = int((y - self.rect.y) // self.cell)
        if 0 <= row < self.size and 0 <= col < self.size:
            return row, col
        return None

    # ----- art -----
    def mark(self, piece: str, alpha: int = 255) -> pygame.Surface:
        key = (self._key, piece, alpha)
        surf = _ART.get(key)
        if surf is None:
            surf = _ART[key] = self._make_mark(piece, alpha)
        return surf

    def warm_steps(self):
        """Render the board and every mark (full and preview) one per step."""
        self._background()
        yield
        for piece in "XO":
            for alpha in (255, PREVIEW_ALPHA, HINT_ALPHA):
                self.mark(piece, alpha)
                yield

    def _make_mark(self, piece: str, alpha: int) -> pygame.Surface:
        if self.goban:
            d = max(6, round(self.cell * 0.9))
        else:
            d = max(8, round(self.cell_rect(0, 0).w * 0.62))
        big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
        r = d * SS / 2
        if self.goban:
            shade = BLACK_STONE if piece == "X" else WHITE_STONE
            pygame.draw.circle(big, (0, 0, 0, 70), (r + SS * 1.2, r + SS * 1.6), r - SS)  # shadow
            pygame.draw.circle(big, shade, (r, r), r - SS * 1.5)
            if piece == "X":
                pygame.draw.circle(big, (92, 92, 100), (r * 0.72, r * 0.68), r * 0.22)
            else:
                pygame.draw.circle(big, (200, 196, 188), (r, r), r - SS * 1.5, width=max(1, SS))
                pygame.draw.circle(big, (255, 255, 255), (r * 0.72, r * 0.68), r * 0.2)
        elif piece == "X":
            w = max(SS, round(d * SS * 0.15))
            a, b = w * 0.9, d * SS - w * 0.9
            for p, q in (((a, a), (b, b)), ((a, b), (b, a))):
                thick_line(big, X_INK, p, q, w)
        else:
            w = max(SS, round(d * SS * 0.14))
            pygame.draw.circle(big, O_INK, (r, r), r - SS, width=w)
        surf = pygame.transform.smoothscale(big, (d, d))
        if alpha < 255:
            surf.set_alpha(alpha)
        return surf

    def _background(self):
        key = (self._key, "board")
        if key in _ART:
            return _ART[key]
        pad = 10 if self.goban else 0
        outer = self.rect.inflate(2 * pad, 2 * pad)
        s = pygame.Surface(outer.size, pygame.SRCALPHA)
        local = self.rect.move(-outer.x, -outer.y)
        if self.goban:
            pygame.draw.rect(s, WOOD_EDGE, s.get_rect(), border_radius=10)
            pygame.draw.rect(s, WOOD, s.get_rect().inflate(-6, -6), border_radius=8)
            first = self.cell / 2
            last = self.rect.w - self.cell / 2
            for i in range(self.size):
                p = first + i * self.cell
                width = 2 if i in (0, self.size - 1) else 1
                pygame.draw.line(s, GRID_INK, (local.x + first, local.y + p), (local.x + last, local.y + p), width)
                pygame.draw.line(s, GRID_INK, (local.x + p, local.y + first), (local.x + p, local.y + last), width)
            n = self.size
            stars = [(3, 3), (3, n - 4), (n // 2, n // 2), (n - 4, 3), (n - 4, n - 4)] if n >= 13 else [(n // 2,) * 2]
            for r, c in stars:
                x, y = self.center(r, c)
                pygame.draw.circle(s, GRID_INK, (x - outer.x, y - outer.y), max(2, self.cell * 0.1))
        else:
            pygame.draw.rect(s, colors.BOARD, local, border_radius=10)
            for r in range(self.size):
                for c in range(self.size):
                    pygame.draw.rect(s, CELL, self.cell_rect(r, c).move(-outer.x, -outer.y), border_radius=6)
        _ART[key] = (s, outer.topleft)
        return _ART[key]

    # ----- the frame -----
    def draw(self, surface: pygame.Surface, snap: Snapshot) -> None:
        bg, at = self._background()
        surface.blit(bg, at)
        if snap.last is not None and not self.goban:
            pygame.draw.rect(surface, CELL_LAST, self.cell_rect(*snap.last), border_radius=6)
        if snap.threats:
            self._threats(surface, snap.threats, snap.safe)
        if snap.hint is not None and snap.rows[snap.hint[0]][snap.hint[1]] == ".":
            ghost = self.mark(snap.hint_piece, HINT_ALPHA)
            surface.blit(ghost, ghost.get_rect(center=self.center(*snap.hint)))
            pulse = 0.5 + 0.5 * math.sin(snap.t * 5)
            radius = self.cell * (0.5 + 0.06 * pulse)
            width = max(3, round(self.cell / 9))
            pygame.draw.circle(surface, colors.TEXT, self.center(*snap.hint), radius + 1, width=width + 2)
            pygame.draw.circle(surface, colors.GOLD, self.center(*snap.hint), radius, width=width)
        if snap.hover is not None and snap.hover_piece and snap.rows[snap.hover[0]][snap.hover[1]] == ".":
            ghost = self.mark(snap.hover_piece, PREVIEW_ALPHA)
            surface.blit(ghost, ghost.get_rect(center=self.center(*snap.hover)))
        for r, row in enumerate(snap.rows):
            for c, ch in enumerate(row):
                if ch == ".":
                    continue
                img = self.mark(ch)
                if (r, c) == snap.last and snap.since_last < POP_SECONDS:
                    k = 0.55 + 0.45 * ease_out(snap.since_last / POP_SECONDS)
                    img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)),) * 2)
                surface.blit(img, img.get_rect(center=self.center(r, c)))
        if snap.cursor is not None:
            rect = self.cell_rect(*snap.cursor).inflate(4, 4)
            pygame.draw.rect(surface, colors.GOLD, rect, width=3 if self.goban else 5,
                             border_radius=6 if self.goban else 9)
        if snap.line is not None:
            self._line(surface, snap.line, min(1.0, snap.since_line / LINE_SECONDS))
        if snap.last is not None and self.goban:
            self._last_mark(surface, snap)

    def _last_mark(self, surface, snap) -> None:
        """The goban's last-move mark: a red dot on the stone. Over a winning line (red too, drawn through the
        stones) it is drawn above the line, wider than it, in the stone's contrasting ink, inside a gold ring round
        the stone: the last move still shows."""
        x, y = self.center(*snap.last)
        ink = WHITE_STONE if snap.rows[snap.last[0]][snap.last[1]] == "X" else BLACK_STONE
        dot = max(3, self.cell * 0.16)
        if snap.line is None:
            pygame.draw.circle(surface, LINE_RED, (x, y), dot)
            pygame.draw.circle(surface, ink, (x, y), dot, width=1)
            return
        ring, dot = max(2, round(self.cell * 0.08)), max(4, self.cell * 0.22)  # the dot wider than the line
        pygame.draw.circle(surface, colors.TEXT, (x, y), self.cell * 0.5 + 1, width=ring + 2)
        pygame.draw.circle(surface, colors.GOLD, (x, y), self.cell * 0.5, width=ring)
        pygame.draw.circle(surface, ink, (x, y), dot)
        pygame.draw.circle(surface, colors.TEXT, (x, y), dot, width=1)

    def _threats(self, surface, found, safe: bool = False) -> None:
        """Each threat as a band through its stones (fours red and solid, open threes amber and hollow: told
        apart by shape as well as colour) and its key cells as small marks: a diamond where a stone makes five,
        a ring where one makes an open four. The bands of a position are drawn once, onto a layer the size of
        the board, and blitted each frame."""
        def ink(t):
            four = t.kind != "open three"
            return four, (SAFE_FOUR if four else SAFE_THREE) if safe else THREAT_FOUR if four else THREAT_THREE

        cached = getattr(self, "_bands", None)
        if cached is None or cached[0] is not found or cached[1] != safe:
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            ox, oy = self.rect.topleft
            for t in found:
                four, colour = ink(t)
                (x0, y0), (x1, y1) = self.center(*t.stones[0]), self.center(*t.stones[-1])
                x0, y0, x1, y1 = x0 - ox, y0 - oy, x1 - ox, y1 - oy
                width = max(3, round(self.cell * (0.5 if four else 0.36)))
                if four:  # solid
                    pygame.draw.line(layer, (*colour, 110), (x0, y0), (x1, y1), width)
                    for x, y in ((x0, y0), (x1, y1)):
                        pygame.draw.circle(layer, (*colour, 110), (x, y), width / 2)
                else:  # hollow: the band's two edges only
                    dx, dy = x1 - x0, y1 - y0
                    n = max(1.0, math.hypot(dx, dy))
                    nx, ny = -dy / n * width / 2, dx / n * width / 2
                    for sgn in (1, -1):
                        pygame.draw.line(layer, (*colour, 240), (x0 + sgn * nx, y0 + sgn * ny),
                                         (x1 + sgn * nx, y1 + sgn * ny), 3)
            cached = self._bands = (found, safe, layer)
        surface.blit(cached[2], self.rect.topleft)
        size = max(4, self.cell * 0.18)
        for t in found:
            four, colour = ink(t)
            for r, c in t.points:
                x, y = self.center(r, c)
                if four:
                    pygame.draw.polygon(surface, colour, [(x, y - size), (x + size, y), (x, y + size), (x - size, y)])
                else:
                    pygame.draw.circle(surface, colour, (x, y), size * 1.2, width=3)

    def _line(self, surface, line, k: float) -> None:
        (r0, c0), (r1, c1) = line
        x0, y0 = self.center(r0, c0)
        x1, y1 = self.center(r1, c1)
        # reach a little past the end marks
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ext = self.cell * 0.32
        ux, uy = dx / length, dy / length
        sx, sy = x0 - ux * ext, y0 - uy * ext
        ex, ey = x1 + ux * ext, y1 + uy * ext
        k = ease_out(k)
        ex, ey = sx + (ex - sx) * k, sy + (ey - sy) * k
        width = max(4, round(self.cell * (0.16 if self.goban else 0.1)))
        thick_line(surface, LINE_RED, (sx, sy), (ex, ey), width)
