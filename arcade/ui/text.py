"""Cached text rendering: a label is rendered once, then blitted every frame."""
from __future__ import annotations

from functools import lru_cache

import pygame

from .. import assets


@lru_cache(maxsize=1024)
def render(text: str, size: int, color=(0, 0, 0), weight: str = "bold") -> pygame.Surface:
    return assets.font(size, weight).render(text, True, color)


@lru_cache(maxsize=1024)
def fit(text: str, max_width: int, size: int, color=(0, 0, 0), weight: str = "bold", min_size: int = 8) -> pygame.Surface:
    """Render at ``size`` or smaller so the text is at most ``max_width`` wide."""
    while size > min_size and assets.font(size, weight).size(text)[0] > max_width:
        size -= 1
    return render(text, size, color, weight)


def blit_center(surface: pygame.Surface, label: pygame.Surface, center) -> pygame.Rect:
    r = label.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(label, r)
    return r
