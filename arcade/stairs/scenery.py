"""The foliage at both edges of the Stairs screen, sliding down slower than the staircase as the robot climbs
(parallax) and looping forever: a pure function of the camera's height (:class:`Scenery`)."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from arcade.engine import assets
from arcade.stairs.sprites import SCALE, scaled

PARALLAX = 0.55  # the scenery slides at this fraction of the staircase's speed (it is farther away)


# ======================================================================================== scenery
@lru_cache(maxsize=8)
def scenery_strip(name: str, scale: float = SCALE) -> pygame.Surface:
    """A foliage strip pre-scaled once per process (shared by every Scenery; only ever blitted)."""
    return scaled(assets.image(name), scale) if scale != 1.0 else assets.image(name)


class Scenery:
    """Foliage strips at both edges, looping forever as the camera climbs."""

    def __init__(self, size=(480, 800), parallax: float = PARALLAX, scale: float = SCALE, period: int | None = None):
        """``period`` given: no art is loaded (the loop arithmetic alone, for tests)."""
        self.size = size
        self.parallax = parallax
        self.scale = scale
        self.strips: list[tuple[pygame.Surface, int]] = []  # (image, x)
        if period is None:
            for name, side in (("scenery_left", "left"), ("scenery_right", "right")):
                if assets.has_image(name):
                    img = scenery_strip(name, scale)
                    self.strips.append((img, 0 if side == "left" else size[0] - img.get_width()))
            period = self.strips[0][0].get_height() if self.strips else size[1]
        self.period = int(period)

    def scroll(self, camera_y: float) -> float:
        """Pixels the leaves have slid down for this camera height (design y; it decreases as the robot climbs)."""
        return -camera_y * self.scale * self.parallax

    def copies(self, camera_y: float) -> list[int]:
        """Top edges (screen y) of the stacked copies of a strip: one period apart, together covering the screen.

        A pure function of the camera: the first copy's top is the scroll wrapped into ``(-period, 0]``. With the
        shipped strips (taller than the screen) that is two copies, or one when a copy's top is exactly at 0.
        """
        h = self.period
        top = -(-math.floor(self.scroll(camera_y)) % h)  # in (-h, 0]: a copy that passed the threshold went back above
        n = -(-(self.size[1] - top) // h)  # enough copies to reach the bottom edge
        return [top + k * h for k in range(n)]

    def draw(self, surface: pygame.Surface, camera_y: float) -> None:
        ys = self.copies(camera_y)
        for img, x in self.strips:
            for y in ys:
                surface.blit(img, (x, y))

