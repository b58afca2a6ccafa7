"""The sky behind the Stairs screen: an evening picture (``stairs_background.png``, or a gradient when the image is
missing) in a few tints, cross-faded along the score. The picture is drawn for the portrait canvas; any other shape
(the landscape canvas, the whole frame of a wider or taller window) gets the same evening painted for it
(:data:`WIDE_SKY`), once across its width: nothing stretched, cut or repeated. The tints are rendered once per size
and process, in small bands the menu can build on idle frames (:func:`sky_steps`); a frame blits one cached opaque
surface (:class:`Background`). A sky laid out again for another size builds its tints a band a frame while the
sky shown so far stands in, scaled (:meth:`Background.resized`), so a window being resized does not stall.
"""
from __future__ import annotations

import math

import pygame

from arcade.engine import assets

# --- sky ------------------------------------------------------------------------------------------------------
SKY_STEP = 40  # score points from one sky tint to the next
SKY_RATE = 1.5  # 1/s: easing of the sky towards the score's tint
SKY_LEVELS = 32  # quantisation of a cross-fade (a re-compose at most once per level)
# (multiply rgb, add rgb): dusk (the image as drawn), night, deep violet night, dawn
SKY_TINTS = (
    ((1.00, 1.00, 1.00), (0, 0, 0)),
    ((0.55, 0.62, 0.95), (0, 4, 14)),
    ((0.62, 0.48, 0.80), (16, 0, 20)),
    ((1.10, 0.92, 0.82), (22, 14, 10)),
)
GRADIENT = ((44, 36, 84), (176, 96, 140), (236, 160, 120))  # fallback sky: top, middle, bottom
# Every shape but the picture's own gets its sky painted for it (the picture would have to be stretched or cut): the
# picture's own gradient, stars, moon, clouds and far hills (tools/make_assets.py), laid out across the width.
# Positions are fractions of the size (x of the width, y of the height); sizes are pixels, as in the picture.
WIDE_SKY = ((0.0, (43, 41, 82)), (0.42, (90, 74, 134)), (0.78, (185, 109, 147)), (1.0, (243, 167, 122)))
WIDE_STARS = (120, 0.55)  # how many dots on the landscape canvas (as many per pixel on any size), down to this
#                           fraction of the height (fading out lower down)
WIDE_SPARKLES = 10  # four-pointed stars in the upper third (on the landscape canvas; as many per pixel elsewhere)
WIDE_AREA = 840 * 560  # the size those counts are for
WIDE_MOON = (0.74, 0.17, 30)  # x, y, radius of the crescent (its glow twice as wide)
WIDE_CLOUDS = ((0.12, 0.60, 1.0, 0.22), (0.82, 0.70, 1.3, 0.20), (0.36, 0.86, 1.5, 0.25), (0.60, 0.50, 0.8, 0.16),
               (0.95, 0.40, 0.7, 0.14))  # x, y, size, opacity
WIDE_HILLS = ((0.10, 55, 250, 115, (160, 88, 127), 0.55), (0.48, 75, 300, 130, (140, 77, 120), 0.60),
              (0.88, 60, 260, 118, (160, 88, 127), 0.55))  # x, depth of the centre below the bottom, rx, ry, rgb, a
SKY_LIGHT = (249, 246, 242)
MOON = (251, 238, 212)
CLOUD = (253, 226, 214)


# ======================================================================================== background
def _tint(base: pygame.Surface, mul, add) -> pygame.Surface:
    """An opaque copy of ``base`` with every pixel's rgb * mul + add (computed once, with numpy)."""
    import numpy as np

    rgb = pygame.surfarray.array3d(base).astype(np.float32)
    rgb = rgb * np.asarray(mul, np.float32) + np.asarray(add, np.float32)
    out = pygame.Surface(base.get_size())
    pygame.surfarray.blit_array(out, np.clip(rgb, 0, 255).astype(np.uint8))
    return assets.for_display(out, alpha=False)


def _gradient(size) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((1, h))
    top, mid, low = GRADIENT
    for y in range(h):
        t = y / max(1, h - 1)
        a, b, k = (top, mid, t * 2) if t < 0.5 else (mid, low, t * 2 - 1)
        s.set_at((0, y), tuple(round(a[i] + (b[i] - a[i]) * k) for i in range(3)))
    return pygame.transform.scale(s, (w, h))


def _soft(size, draw, k: int = 3) -> pygame.Surface:
    """An antialiased shape: ``draw(surface, k)`` paints it ``k`` times larger, smoothscaled down to ``size``."""
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
    draw(big, k)
    return pygame.transform.smoothscale(big, size)


def _wide_sky(size) -> pygame.Surface:
    """The evening sky painted for ``size`` (see :data:`WIDE_SKY`): nothing stretched, no seam."""
    import random

    import numpy as np

    w, h = size
    ys = np.arange(h, dtype=np.float32) / max(1, h - 1)
    at, rgb = zip(*WIDE_SKY)
    col = np.stack([np.interp(ys, at, [c[i] for c in rgb]) for i in range(3)], axis=1)
    sky = pygame.surfarray.make_surface(np.broadcast_to(col[None, :, :], (w, h, 3)).astype(np.uint8))
    rng = random.Random(11)
    dots = pygame.Surface(size, pygame.SRCALPHA)
    n, reach = WIDE_STARS
    for _ in range(round(n * w * h / WIDE_AREA)):
        x, y = rng.uniform(0, w), rng.uniform(0, h * reach)
        a = rng.uniform(0.35, 0.95) * max(0.0, 1.0 - y / (h * reach))
        r = rng.uniform(0.7, 1.5)
        if r < 1.1:
            dots.set_at((int(x), int(y)), (*SKY_LIGHT, round(255 * a)))
        else:
            pygame.draw.circle(dots, (*SKY_LIGHT, round(255 * a)), (x, y), r)
    for _ in range(round(WIDE_SPARKLES * w * h / WIDE_AREA)):
        x, y, r = rng.uniform(30, w - 30), rng.uniform(20, h * 0.33), rng.uniform(4, 6.5)

        def sparkle(s, k, r=r):
            c, q = 7 * k, r * k
            pts = [(c, c - q), (c + q * 0.22, c - q * 0.22), (c + q, c), (c + q * 0.22, c + q * 0.22), (c, c + q),
                   (c - q * 0.22, c + q * 0.22), (c - q, c), (c - q * 0.22, c - q * 0.22)]
            pygame.draw.polygon(s, (*SKY_LIGHT, 204), pts)

        dots.blit(_soft((14, 14), sparkle), (round(x) - 7, round(y) - 7))
    sky.blit(dots, (0, 0))
    mx, my, mr = WIDE_MOON
    mx, my = round(mx * w), round(my * h)
    glow = pygame.Surface((4 * mr + 2, 4 * mr + 2), pygame.SRCALPHA)
    for i in range(2 * mr, 0, -2):  # soft: fainter outwards
        pygame.draw.circle(glow, (*MOON, round(26 * (1 - i / (2 * mr)) ** 0.8)), (2 * mr + 1, 2 * mr + 1), i)
    sky.blit(glow, (mx - 2 * mr - 1, my - 2 * mr - 1))

    def crescent(s, k):
        c = (mr + 2) * k
        pygame.draw.circle(s, MOON, (c, c), mr * k)
        pygame.draw.circle(s, (0, 0, 0, 0), (c + 13 * mr / 30 * k, c - 9 * mr / 30 * k), 26 * mr / 30 * k)

    sky.blit(_soft((2 * mr + 4, 2 * mr + 4), crescent, 4), (mx - mr - 2, my - mr - 2))
    for fx, fy, k, alpha in WIDE_CLOUDS:
        cw, ch = round(128 * k), round(56 * k)

        def cloud(s, q, k=k):
            u = k * q
            pygame.draw.rect(s, CLOUD, (round(4 * u), round(32 * u), round(120 * u), round(22 * u)),
                             border_radius=round(11 * u))
            pygame.draw.circle(s, CLOUD, (42 * u, 32 * u), 20 * u)
            pygame.draw.circle(s, CLOUD, (78 * u, 26 * u), 25 * u)

        img = _soft((cw, ch), cloud, 2)
        img.set_alpha(round(255 * alpha))
        sky.blit(img, (round(fx * w - 64 * k), round(fy * h - 40 * k)))
    for fx, down, rx, ry, rgb, alpha in WIDE_HILLS:
        top = h + down - ry
        if top >= h:
            continue
        cut = (2 * rx, h - top)  # the part of the ellipse above the bottom edge

        def hill(s, k, rx=rx, ry=ry):
            pygame.draw.ellipse(s, rgb, (0, 0, 2 * rx * k, 2 * ry * k))

        img = _soft(cut, hill, 2)
        img.set_alpha(round(255 * alpha))
        sky.blit(img, (round(fx * w - rx), top))
    return sky


SKY_BAND_ROWS = 100  # rows of the sky tinted per warm step (a few ms each)
SKY_SIZES = 4  # the tints of this many sizes are kept (a window resized by dragging passes through many)
PICTURE_SIZE = (480, 800)  # the portrait canvas: the size the picture is drawn for
_SKIES: dict[tuple[int, int], list] = {}  # size -> the tints, built once per process (the newest SKY_SIZES)


def sky_steps(size=(480, 800)):
    """Build the sky tints for ``size`` into a per-process cache, one band of :data:`SKY_BAND_ROWS` rows per step.

    A generator: each ``next()`` is a few milliseconds of numpy work, so the menu can prepare the sky on idle frames
    (see ``warm_steps`` in the scene module) and entering Stairs stalls no frame. :class:`Background` runs whatever
    is left at once. Nothing is cached until every band is done.
    """
    key = (int(size[0]), int(size[1]))
    if key in _SKIES:
        return
    if key != PICTURE_SIZE:
        base = _wide_sky(key)
    elif assets.has_image("stairs_background"):
        base = assets.image("stairs_background")
        if base.get_size() != key:
            base = pygame.transform.smoothscale(base, key)
    else:
        base = _gradient(key)
    yield
    w, h = key
    tints = []
    for mul, add in SKY_TINTS:
        out = assets.for_display(pygame.Surface(key), alpha=False)
        for y in range(0, h, SKY_BAND_ROWS):
            band = base.subsurface((0, y, w, min(SKY_BAND_ROWS, h - y)))
            out.blit(_tint(band, mul, add), (0, y))
            yield
        tints.append(out)
    _SKIES.setdefault(key, tints)
    while len(_SKIES) > SKY_SIZES:  # the oldest size goes (a Background showing it keeps its own reference)
        del _SKIES[next(iter(_SKIES))]


def sky_tints(size=(480, 800)) -> list:
    """The cached sky tints for ``size`` (built now if the menu did not warm them)."""
    for _ in sky_steps(size):
        pass
    return _SKIES[(int(size[0]), int(size[1]))]


_DONE = object()


def _cover(picture: pygame.Surface, size) -> pygame.Surface:
    """``picture`` scaled evenly to cover ``size``, its middle shown (a stand-in: nothing stretched one way)."""
    (pw, ph), (w, h) = picture.get_size(), size
    k = max(w / pw, h / ph)
    big = pygame.transform.scale(picture, (math.ceil(pw * k), math.ceil(ph * k)))
    out = assets.for_display(pygame.Surface(size), alpha=False)
    out.blit(big, ((w - big.get_width()) // 2, (h - big.get_height()) // 2))
    return out


class Background:
    """The sky: a few tints of one picture, cross-faded along the score (:data:`SKY_STEP` points per tint)."""

    def __init__(self, size=(480, 800), level: float = 0.0, stand_in: pygame.Surface | None = None):
        """``stand_in`` (a sky of another size) given and this size's tints not built yet: they are built a band
        a frame, and ``stand_in`` scaled to ``size`` is drawn meanwhile."""
        self.size = size
        self.level = level  # position along the tints (0 = the first); eases towards target(score)
        self._key: tuple[int, int] | None = None
        self._composed = assets.for_display(pygame.Surface(size), alpha=False)
        self.composes = 0  # how often the cached sky was re-composed (benchmarks, tests)
        self._steps = self._stand_in = None
        if stand_in is None or (int(size[0]), int(size[1])) in _SKIES:
            self.tints = sky_tints(size)  # shared, never modified (a blend sets and restores a tint's alpha)
        else:
            self.tints = None
            self._steps = sky_steps(size)
            self._stand_in = _cover(stand_in, self._composed.get_size())

    @property
    def ready(self) -> bool:
        """This size's tints are built (not a stand-in on screen)."""
        return self.tints is not None

    def resized(self, size) -> "Background":
        """This sky laid out for another size, at the same point of the evening (built a band a frame when that
        size is new, this sky scaled standing in meanwhile)."""
        shown = self._stand_in if self.tints is None else self._composed if self._key is not None else None
        return Background(size, self.level, shown)

    @staticmethod
    def target(score: int) -> float:
        return score / SKY_STEP

    def reset(self, score: int = 0) -> None:
        self.level = self.target(score)

    def update(self, dt: float, score: int) -> None:
        goal = self.target(score)
        self.level += (goal - self.level) * (1.0 - math.exp(-SKY_RATE * dt))
        if abs(goal - self.level) < 1e-4:
            self.level = goal

    def key(self) -> tuple[int, int]:
        """(tint index, blend level 0..SKY_LEVELS-1 towards the next tint) for the current level."""
        n = len(SKY_TINTS)
        whole = math.floor(self.level)
        level = round((self.level - whole) * SKY_LEVELS)
        if level >= SKY_LEVELS:
            whole, level = whole + 1, 0
        return whole % n, level

    def draw(self, surface: pygame.Surface) -> None:
        if self.tints is None:  # another size's sky stands in while this one's tints are built, a band a frame
            if next(self._steps, _DONE) is not _DONE:
                surface.blit(self._stand_in, (0, 0))
                return
            self.tints, self._steps, self._stand_in = sky_tints(self.size), None, None
        key = self.key()
        if key != self._key:
            i, level = key
            self._composed.blit(self.tints[i], (0, 0))
            if level:
                nxt = self.tints[(i + 1) % len(self.tints)]
                nxt.set_alpha(round(255 * level / SKY_LEVELS))
                self._composed.blit(nxt, (0, 0))
                nxt.set_alpha(None)
            self._key = key
            self.composes += 1
        surface.blit(self._composed, (0, 0))
