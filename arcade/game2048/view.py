"""Drawing of a 2048 board (any size 3..8) and its move animations, in the look of the original web game.

No input handling and no scene: the scene owns a ``BoardView``, calls ``set_grid`` / ``play`` / ``update`` /
``draw``. Everything expensive is done once and cached: the board background with its empty cells, each tile
(value x cell size: rounded rect, number, glow), and scaled copies for the pop/appear frames (scale quantised to
1/32, kept in a bounded LRU). A frame is only blits; no font rendering per frame.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple, Optional

import numpy as np
import pygame

from arcade.engine import assets
from arcade.engine.ui import colors
from arcade.game2048.anim import Timeline

__all__ = ["BoardView", "tile_colors", "BOARD", "EMPTY", "EMPTY_BLEND", "PAGE", "DARK_TEXT", "LIGHT_TEXT",
           "TILE_COLORS", "SUPER_COLOR", "load_font"]

PAGE = pygame.Color(colors.PAGE)  # the shared palette is the original 2048's
BOARD = pygame.Color(colors.BOARD)
EMPTY = pygame.Color(colors.LABEL)
EMPTY_ALPHA = 0.35
EMPTY_BLEND = pygame.Color(*(round(e * EMPTY_ALPHA + b * (1 - EMPTY_ALPHA)) for e, b in zip(EMPTY[:3], BOARD[:3])))
DARK_TEXT = pygame.Color(colors.TEXT)
LIGHT_TEXT = pygame.Color(colors.TEXT_LIGHT)
GLOW = pygame.Color("#f3d774")  # #edc22e lightened 15 %
TILE_COLORS = {2: "#eee4da", 4: "#ede0c8", 8: "#f2b179", 16: "#f59563", 32: "#f67c5f", 64: "#f65e3b",
               128: "#edcf72", 256: "#edcc61", 512: "#edc850", 1024: "#edc53f", 2048: "#edc22e"}
TILE_COLORS = {k: pygame.Color(v) for k, v in TILE_COLORS.items()}
SUPER_COLOR = pygame.Color("#3c3a32")
# glow strength (alpha 0..1) of the original's box-shadow for 128 .. 2048
GLOW_ALPHA = {128: 0.238, 256: 0.317, 512: 0.397, 1024: 0.476, 2048: 0.556}

# proportions of the original's 500 px board: 15 px gaps, 106.25 px tiles, radii 6 and 3 px
GAP_RATIO = 15 / 106.25
TILE_RADIUS = 3 / 106.25
BOARD_RADIUS = 6 / 500
# font size / tile size: 1-2 digits 55 px, 3 digits 45, 4 digits 35, super tiles 30 (then shrink to fit)
FONT_RATIO = {1: 55 / 106.25, 2: 55 / 106.25, 3: 45 / 106.25, 4: 35 / 106.25}
SUPER_FONT_RATIO = 30 / 106.25
TEXT_FIT = 0.86  # the widest number takes at most this share of the tile
MIN_FONT_RATIO = 0.17  # below this share of the tile numbers are written as powers of two
GLOW_SPREAD = 10 / 106.25
GLOW_BLUR = 30 / 106.25
SCALE_STEPS = 32
SCALED_CACHE = 512


def tile_colors(value: int) -> tuple:
    """(background, text) colours of a tile."""
    bg = TILE_COLORS.get(value, SUPER_COLOR if value > 2048 else TILE_COLORS[2])
    return bg, (DARK_TEXT if value <= 4 else LIGHT_TEXT)


def load_font(size: int) -> pygame.font.Font:
    """Clear Sans Bold at ``size`` px (the engine's font cache)."""
    return assets.font(size, "bold")


class _TileArt(NamedTuple):
    """A rendered tile: ``plain`` (cell sized), its halo ``glow`` (None below 128 and above 2048; ``margin`` px
    wider on each side) and ``composite`` (halo + tile, what the pop/appear frames scale)."""
    plain: pygame.Surface
    glow: Optional[pygame.Surface]
    margin: int
    composite: pygame.Surface


class BoardView:
    """Draws an N x N board into ``rect`` (the largest centred square that fits) and animates moves.

    ``speed`` multiplies the animation rate (2.0 twice as fast, 0 = no animation: moves snap to the end).
    """

    def __init__(self, rect, size: int, speed: float = 1.0):
        if not 3 <= size <= 8:
            raise ValueError(f"board size {size!r}: expected 3..8")
        self.size = size
        self.speed = speed
        self._grid = tuple((0,) * size for _ in range(size))
        self._timeline: Optional[Timeline] = None
        self._t = 0.0
        self._tiles: dict = {}
        self._scaled: OrderedDict = OrderedDict()
        self._static: Optional[pygame.Surface] = None
        self.set_rect(rect)

    # ------------------------------------------------------------------------------------------------ layout
    def set_rect(self, rect) -> None:
        """Place the board in ``rect`` (re-renders the caches if the cell size changes)."""
        outer = pygame.Rect(rect)
        side = min(outer.w, outer.h)
        n = self.size
        cell = side / (n + (n + 1) * GAP_RATIO)
        gap = cell * GAP_RATIO
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = outer.center
        self.outer = outer
        new_px = max(1, round(cell))
        if getattr(self, "tile_px", None) != new_px:
            self._tiles.clear()
            self._scaled.clear()
        self.tile_px = new_px
        self.gap = gap
        self._step = cell + gap
        self._background = self._render_background()
        self._static = None

    def cell_origin(self, row: float, col: float) -> tuple:
        """Top-left pixel (x, y) of a (possibly fractional) cell, in surface coordinates."""
        return (round(self.rect.x + self.gap + col * self._step), round(self.rect.y + self.gap + row * self._step))

    def cell_rect(self, row: float, col: float) -> pygame.Rect:
        x, y = self.cell_origin(row, col)
        return pygame.Rect(x, y, self.tile_px, self.tile_px)

    def warm(self, max_value: int = 2048) -> None:
        """Render ahead the tiles up to ``max_value`` and the appear frames of 2 and 4 (about 10 ms), so the
        first moves of a game fill no cache. Optional: everything is also rendered on first use."""
        for _ in self.warm_steps(max_value):
            pass

    def warm_steps(self, max_value: int = 2048):
        """``warm()`` in small steps (a generator: each ``next()`` does about a millisecond of rendering), for a
        scene that spreads the work over its first frames instead of stalling one."""
        v = 2
        while v <= max_value:
            self._tile(v)
            v *= 2
            yield
        for value in (2, 4):
            for q in range(1, SCALE_STEPS + 1):
                self._scaled_tile(value, q / SCALE_STEPS, q / SCALE_STEPS)
                if q % 8 == 0:
                    yield

    # ------------------------------------------------------------------------------------------------ state
    @property
    def grid(self) -> tuple:
        """The grid shown when the running animation (if any) ends."""
        return self._grid

    @property
    def busy(self) -> bool:
        return self._timeline is not None

    def set_grid(self, grid, appear: bool = False) -> None:
        """Show ``grid`` at once (``appear=True``: its tiles appear with the new-tile animation, as at a start)."""
        g = tuple(tuple(int(v) for v in row) for row in grid)
        if len(g) != self.size or any(len(row) != self.size for row in g):
            raise ValueError(f"grid is not {self.size}x{self.size}")
        self._grid = g
        self._static = None
        self._timeline = None
        if appear and self.speed > 0:
            spawns = [(r, c, v) for r, row in enumerate(g) for c, v in enumerate(row) if v]
            if spawns:
                self._timeline = Timeline((), spawns)
                self._t = 0.0

    def play(self, outcome) -> None:
        """Animate a move: ``outcome`` is a ``game.MoveOutcome`` (``.result``, ``.spawn``) or a bare
        ``rules.SlideResult`` (no new tile). A running animation is finished first (no move is dropped)."""
        self.finish()
        if outcome is None:  # Game.move() returns None when nothing moved
            return
        result = getattr(outcome, "result", outcome)
        spawn = getattr(outcome, "spawn", None)
        final = [list(row) for row in result.grid]
        if spawn is not None:
            r, c, v = spawn
            final[r][c] = v
        self._grid = tuple(tuple(row) for row in final)
        self._static = None
        if self.speed > 0:
            self._timeline = Timeline(result.motions, [spawn])
            self._t = 0.0

    def update(self, dt: float) -> None:
        """Advance the animation by ``dt`` seconds of real time (times ``speed``)."""
        if self._timeline is None:
            return
        if self.speed <= 0:
            self.finish()
            return
        self._t += dt * self.speed
        if self._t >= self._timeline.duration:
            self.finish()

    def finish(self) -> None:
        """Jump to the end of the running animation."""
        self._timeline = None

    # ------------------------------------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the board (and the running animation's current frame) at ``self.rect`` on ``surface``."""
        if self._timeline is None:
            if self._static is None:
                self._static = self._render_static()
            surface.blit(self._static, self.rect.topleft)
            return
        surface.blit(self._background, self.rect.topleft)
        px = self.tile_px
        sprites = self._timeline.sprites(self._t)
        placed = []
        for s in sprites:
            x, y = self.cell_origin(s.row, s.col)
            full = 0.999 <= s.scale <= 1.001 and s.alpha >= 0.999
            placed.append((s, x, y, full))
            if full:  # halos first, under every tile
                tile = self._tile(s.value)
                if tile.glow is not None:
                    surface.blit(tile.glow, (x - tile.margin, y - tile.margin))
        for s, x, y, full in placed:
            if full:
                surface.blit(self._tile(s.value).plain, (x, y))
            else:
                surf = self._scaled_tile(s.value, s.scale, s.alpha)
                if surf is not None:
                    w = surf.get_width()
                    surface.blit(surf, (x + (px - w) // 2, y + (px - w) // 2))

    def _render_background(self) -> pygame.Surface:
        side = self.rect.w
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.rect(surf, BOARD, surf.get_rect(), border_radius=max(1, round(side * BOARD_RADIUS)))
        radius = max(1, round(self.tile_px * TILE_RADIUS))
        for r in range(self.size):
            for c in range(self.size):
                x, y = self.cell_origin(r, c)
                pygame.draw.rect(surf, EMPTY_BLEND, (x - self.rect.x, y - self.rect.y, self.tile_px, self.tile_px),
                                 border_radius=radius)
        return assets.for_display(surf)

    def _render_static(self) -> pygame.Surface:
        surf = self._background.copy()
        cells = [(self._tile(v), self.cell_origin(r, c)) for r, row in enumerate(self._grid)
                 for c, v in enumerate(row) if v]
        ox, oy = self.rect.topleft
        for tile, (x, y) in cells:
            if tile.glow is not None:
                surf.blit(tile.glow, (x - ox - tile.margin, y - oy - tile.margin))
        for tile, (x, y) in cells:
            surf.blit(tile.plain, (x - ox, y - oy))
        return surf

    def _tile(self, value: int) -> "_TileArt":
        hit = self._tiles.get(value)
        if hit is None:
            hit = self._tiles[value] = self._render_tile(value)
        return hit

    def _render_tile(self, value: int) -> "_TileArt":
        px = self.tile_px
        bg, fg = tile_colors(value)
        plain = pygame.Surface((px, px), pygame.SRCALPHA)
        pygame.draw.rect(plain, bg, (0, 0, px, px), border_radius=max(1, round(px * TILE_RADIUS)))
        text = _render_number(value, px, fg)
        plain.blit(text, text.get_rect(center=(px / 2, px / 2)))
        strength = GLOW_ALPHA.get(value, 0.0)
        if not strength:
            return _TileArt(assets.for_display(plain), None, 0, assets.for_display(plain))
        margin = round(px * (GLOW_SPREAD + GLOW_BLUR))
        glow = pygame.Surface((px + 2 * margin, px + 2 * margin), pygame.SRCALPHA)
        _paint_glow(glow, margin, px, strength)
        composite = glow.copy()
        composite.blit(plain, (margin, margin))
        return _TileArt(assets.for_display(plain), assets.for_display(glow), margin, assets.for_display(composite))

    def _scaled_tile(self, value: int, scale: float, alpha: float):
        """The tile scaled about its centre (to a 1/32 step) with opacity ``alpha``; None when invisible."""
        q = round(scale * SCALE_STEPS)
        a = round(alpha * SCALE_STEPS)
        if q <= 0 or a <= 0:
            return None
        key = (value, q, a)
        surf = self._scaled.get(key)
        if surf is not None:
            self._scaled.move_to_end(key)
            return surf
        base = self._tile(value).composite
        w = max(1, round(base.get_width() * q / SCALE_STEPS))
        surf = pygame.transform.smoothscale(base, (w, w))
        if a < SCALE_STEPS:
            surf.set_alpha(round(255 * a / SCALE_STEPS))
        self._scaled[key] = surf
        if len(self._scaled) > SCALED_CACHE:
            self._scaled.popitem(last=False)
        return surf


def _fit_font(text: str, size: int, limit: float, floor: int):
    """The largest font not above ``size`` (and not below ``floor``) in which ``text`` is at most ``limit`` wide."""
    font = load_font(size)
    w = font.size(text)[0]
    while w > limit and size > floor:
        size = max(floor, min(size - 1, int(size * limit / w)))
        font = load_font(size)
        w = font.size(text)[0]
    return font, w


def _render_number(value: int, px: int, colour) -> pygame.Surface:
    """The number of a tile, as large as the original's sizes allow and never wider than the tile allows.

    Numbers too long to stay legible at the tile's size (e.g. 2^40 on 8x8) are written as a power: 2 with a
    raised exponent."""
    text = str(value)
    ratio = SUPER_FONT_RATIO if value > 2048 else FONT_RATIO.get(len(text), SUPER_FONT_RATIO)
    size = max(6, round(px * ratio))
    limit = px * TEXT_FIT
    floor = max(6, round(px * MIN_FONT_RATIO))
    font, w = _fit_font(text, size, limit, floor)
    if w <= limit:
        return font.render(text, True, colour)
    exponent = str(value.bit_length() - 1)
    size = max(6, round(px * SUPER_FONT_RATIO))
    while True:
        base = load_font(size).render("2", True, colour)
        sup = load_font(max(5, round(size * 0.6))).render(exponent, True, colour)
        if base.get_width() + sup.get_width() <= limit or size <= 6:
            break
        size -= 1
    h = base.get_height()
    lift = round(h * 0.3)
    surf = pygame.Surface((base.get_width() + sup.get_width(), h + lift), pygame.SRCALPHA)
    surf.blit(base, (0, lift))
    surf.blit(sup, (base.get_width(), 0))
    return surf


def _paint_glow(surf: pygame.Surface, margin: int, px: int, strength: float) -> None:
    """A soft gold halo around the tile (the original's box-shadow 0 0 30px 10px), painted with numpy."""
    side = surf.get_width()
    coords = np.arange(side, dtype=np.float32) + 0.5
    lo, hi = margin, margin + px
    d1 = np.maximum(np.maximum(lo - coords, coords - hi), 0.0)
    dist = np.hypot(d1[:, None], d1[None, :])
    spread = px * GLOW_SPREAD
    sigma = max(0.5, px * GLOW_BLUR / 2)
    # a blurred edge at distance ``spread``: logistic approximation of the Gaussian-blurred step
    level = 1.0 / (1.0 + np.exp((dist - spread) / (sigma * 0.6)))
    alpha = np.clip(level * strength * 255.0, 0, 255).astype(np.uint8)
    surf.fill((GLOW.r, GLOW.g, GLOW.b, 0))
    pygame.surfarray.pixels_alpha(surf)[:, :] = alpha
