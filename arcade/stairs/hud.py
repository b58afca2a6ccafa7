"""What the Stairs screens draw over the world to keep their numbers readable: the score's outlined digits and
the soft dark behind them (a band across the top, or a glow in the corner). The game and its replay share them."""
from __future__ import annotations

import pygame

from arcade.engine.ui.text import Label
from arcade.stairs.palette import INK

HUD_SHADE = (160, 185)  # height, top alpha of the band behind the score
CORNER_SHADE = (360, 190)  # the corner glow's reach across and down
SCORE_EDGE = 3  # px of dark outline round the score's digits: they read over the sky and over a light stair alike


class OutlinedLabel:
    """Text that changes now and then, light on a dark outline all round (deeper below, a drop shadow), so it reads
    over the sky and over a light stair alike. ``draw(surface, text, center)``."""

    def __init__(self, size: int, color, edge_color, edge: int):
        self.edge = edge
        self._text, self._ink = Label(size, color), Label(size, edge_color)
        self._key: str | None = None
        self._outline: pygame.Surface | None = None

    def outline(self, text: str) -> pygame.Surface:
        """The dark outline of ``text``, ``edge`` px larger than the text on every side (twice that below)."""
        if text != self._key:
            ink, e = self._ink.get(text), self.edge
            out = pygame.Surface((ink.get_width() + 2 * e, ink.get_height() + 3 * e), pygame.SRCALPHA)
            for dx in range(-e, e + 1):
                for dy in range(-e, e + 1):
                    if dx * dx + dy * dy <= e * e + 1:
                        out.blit(ink, (e + dx, e + dy))
                        out.blit(ink, (e + dx, e + dy + e))
            self._key, self._outline = text, out
        return self._outline

    def draw(self, surface: pygame.Surface, text: str, center, left: bool = False) -> pygame.Rect:
        """``left``: the text's left edge (not its centre) on ``center``'s x."""
        fg = self._text.get(text)
        at = (round(center[0]), round(center[1]))
        r = fg.get_rect(midleft=at) if left else fg.get_rect(center=at)
        surface.blit(self.outline(text), (r.x - self.edge, r.y - self.edge))
        surface.blit(fg, r)
        return r


def make_shade(size, kind: str = "band") -> pygame.Surface:
    """Soft dark behind the score, so it reads over the stairs: a band across the top, or (``"corner"``) a glow
    in the top-left corner that leaves the rest of the sky clear."""
    if kind == "corner":
        import numpy as np

        cw, ch = CORNER_SHADE
        s = pygame.Surface((cw, ch), pygame.SRCALPHA)
        s.fill((*INK, 0))
        x, y = np.meshgrid(np.arange(cw) / cw, np.arange(ch) / ch, indexing="ij")
        d = np.clip(np.hypot(x, y), 0.0, 1.0)
        alpha = pygame.surfarray.pixels_alpha(s)
        alpha[:] = np.round(HUD_SHADE[1] * (1.0 - d) ** 1.6).astype(np.uint8)
        del alpha  # unlock the surface
        return s
    width, h = size[0], HUD_SHADE[0]
    s = pygame.Surface((width, h), pygame.SRCALPHA)
    for y in range(h):
        a = HUD_SHADE[1] * (1.0 - y / h) ** 1.6
        s.fill((*INK, round(a)), (0, y, width, 1))
    return s
