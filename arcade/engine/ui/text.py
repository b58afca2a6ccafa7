"""Cached text rendering: a label is rendered once, then blitted every frame."""
from __future__ import annotations

import pygame

from arcade.engine import assets


# Bounded caches for labels drawn every frame (titles, buttons, small numbers). Text that keeps changing (a
# score, a nodes-per-second figure) goes through a Label instead: one surface, re-rendered when the text changes.
# An unbounded or large cache of big score digits grew the process by tens of MB over a long climb (the soak).
@assets.text_cache(maxsize=512)
def render(text: str, size: int, color=(0, 0, 0), weight: str = "bold") -> pygame.Surface:
    return assets.font_for(text, size, weight).render(text, True, color)


@assets.text_cache(maxsize=256)
def fit(text: str, max_width: int, size: int, color=(0, 0, 0), weight: str = "bold", min_size: int = 8) -> pygame.Surface:
    """Render at ``size`` or smaller so the text is at most ``max_width`` wide, never drawn under ``min_size``
    pixels (with the Text size setting above 100 % a size under ``min_size`` may still draw that large)."""
    while assets.scaled_size(size - 1) >= min_size and assets.font_for(text, size, weight).size(text)[0] > max_width:
        size -= 1
    return render(text, size, color, weight)


def blit_center(surface: pygame.Surface, label: pygame.Surface, center) -> pygame.Rect:
    r = label.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(label, r)
    return r


class Label:
    """Text that changes now and then (a score, a figure): rendered only when it changes, one surface kept."""

    def __init__(self, size: int, color=(0, 0, 0), weight: str = "bold", max_width: int | None = None, min_size: int = 8):
        self.size, self.color, self.weight, self.max_width, self.min_size = size, color, weight, max_width, min_size
        self._text: str | None = None
        self._scale = assets.text_scale()  # the text size it was rendered at
        self._surface: pygame.Surface | None = None

    def get(self, text: str) -> pygame.Surface:
        if text != self._text or self._scale != assets.text_scale():
            self._scale = assets.text_scale()
            size = self.size
            if self.max_width is not None:
                while assets.scaled_size(size - 1) >= self.min_size and \
                        assets.font_for(text, size, self.weight).size(text)[0] > self.max_width:
                    size -= 1
            self._surface = assets.font_for(text, size, self.weight).render(text, True, self.color)
            self._text = text
        return self._surface
