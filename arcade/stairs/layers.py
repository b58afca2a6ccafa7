"""The three layers of the Stairs screen, back to front: sky, scenery, staircase.

* :class:`Background` — the evening sky (``stairs_background.png``, or a gradient when the image is missing) whose
  colour drifts slowly with the score through a few tints (on a wide canvas the same evening is painted for its
  shape, :data:`WIDE_SKY`: the tall picture would have to be stretched or cut). The tints are rendered once at
  load; a frame blits one cached opaque surface, re-composed (two blits, one with ``set_alpha``) only when the
  quantised blend changes.
* :class:`Scenery` — the foliage strips on both sides. Each strip is drawn as stacked copies one strip height apart;
  their offset is a pure function of the camera's continuous height (``scroll = -camera_y * parallax``, wrapped at
  the strip height: a copy that passes the threshold goes back above the other), so the loop is seamless and
  independent of the frame rate. As the robot climbs the camera rises and the leaves slide down.
* :class:`StairLayer` — standing stairs and obstacles read from the world every frame (the world is the truth),
  dropped ones falling with gravity and fading, the robot with its shadow (hops in an arc, queued when taps come
  faster than the animation, falls or bumps and falls at game over), and the :class:`Camera` that eases so the
  robot stays a little below the centre of the screen (lower on a wide canvas: :func:`focus_for`). Each layer
  lays itself out again for a canvas of another shape (``StairsView.resize``) without touching the run.

Geometry: the world's design units (y down, a stair is 100 x 60, a step 50 x 34) times :data:`SCALE` pixels, fixed at
load: every image is pre-scaled once, nothing is scaled per frame. Draw order is the painter's order of a view from
the front: farther (higher, smaller y) things first, so a nearer stair's top face covers the foot of the riser of the
stair above it, and a robot falling past nearer stairs passes behind them. Spike traps, standing, passed or
falling, are drawn behind the whole staircase: a spike never covers a stair the player has to see; and none is
drawn while an edge of the canvas would cut it (it fades in over :data:`EDGE_FADE` pixels once wholly inside).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from arcade.engine import assets
from arcade.engine.ui.input import is_landscape
from arcade.stairs.autopilot import safe_step
from arcade.stairs.causes import CAUSES
from arcade.stairs.world import STEP_Y
from arcade.stairs.motion import (  # noqa: F401 - the motion constants, read here and by the tests
    HOP_TIME, HOP_HEIGHT, LAND_TIME, MAX_QUEUE, QUEUE_SPEEDUP, BUMP_TIME, BUMP_REACH, MISS_HANG, IMPACT_DX,
    IMPACT_DY, IMPACT_TIME, GRAVITY, FALL_FADE, RIPPLE, SHAKE_PX, SHAKE_RATE, WARN_TINT, WARN_AMOUNT,
    WARN_LEVELS, Falling, RobotView)

# --- layout (logical pixels) ----------------------------------------------------------------------------------
SCALE = 1.0  # design units -> logical pixels (the art is drawn at the design size)
FOCUS = (240, 480)  # where the camera keeps the robot's feet: a bit below the centre, so the stairs ahead show
FOCUS_WIDE = 0.69  # a wide canvas: the robot's feet this far down (11 rows ahead show on 560 px), centred across
CAMERA_RATE = 9.0  # 1/s: exponential easing of the camera towards the robot's stair



def focus_for(size) -> tuple[int, int]:
    """Where the camera keeps the robot's feet on a canvas of ``size``: :data:`FOCUS` on the portrait canvas; on a
    wide one lower down (a short screen shows the stairs ahead above the robot, what has dropped matters less) and
    centred, so the staircase shows far to both sides."""
    if is_landscape(size):
        return size[0] // 2, round(size[1] * FOCUS_WIDE)
    return FOCUS


# --- readability ----------------------------------------------------------------------------------------------
ROBOT_SCALE = 0.8  # the robot (and its shadow) against the stairs: small enough that a spike block two rows up
#                    (68 px) or on a neighbouring stair never overlaps it while it stands (its art is 76 px tall)
DEPTH_TINT = (30, 24, 62)  # stairs away from the robot's row fade towards the night: depth, and the near ones pop
DEPTH_UP = (0.62, 5.0)  # (most, rows): rows above fade by most * (1 - exp(-(rows_up / rows) ** DEPTH_CURVE))
DEPTH_CURVE = 1.3  # > 1: the next row stays nearly as bright as the robot's, the fade grows beyond
DEPTH_DOWN = (0.30, 3.0)  # ... and rows below, less (what is behind matters less, but it is no longer in play)
OBSTACLE_DEPTH = 0.55  # spike traps fade this fraction of a stair's fade at their row: a spike stays readable far up
PASSED_SPIKE = 0.35  # opacity of a spike trap at or below the robot's row: it can never be hopped into again, so it
#                      recedes instead of standing in front of the stairs ahead
EDGE_FADE = 24  # px: a spike trap fades in over this much room inside the canvas's edge, so none shows cut by it
DEPTH_STEP = 0.025  # quantisation of the fade (one pre-rendered sprite per step)
STAIR_INSET = 7  # the stair art's slab is this much narrower on each side than its tile (tools/make_assets.py)
HINT_HOPS = 4  # the safe next stair glows until this score: where to hop (never a spike or the void)
HINT_RATE = 3.0  # 1/s: easing of the glow in and out
HINT_PULSE = 1.1  # Hz: the glow breathes gently

# --- sky and scenery ------------------------------------------------------------------------------------------
PARALLAX = 0.55  # the scenery slides at this fraction of the staircase's speed (it is farther away)
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
# The wide canvas's sky is painted for its shape (the portrait picture would have to be stretched or cut): the
# picture's own gradient, stars, moon, clouds and far hills (tools/make_assets.py), laid out across the width.
# Positions are fractions of the canvas (x of the width, y of the height); sizes are pixels, as in the picture.
WIDE_SKY = ((0.0, (43, 41, 82)), (0.42, (90, 74, 134)), (0.78, (185, 109, 147)), (1.0, (243, 167, 122)))
WIDE_STARS = (120, 0.55)  # how many dots, down to this fraction of the height (fading out lower down)
WIDE_SPARKLES = 10  # four-pointed stars in the upper third
WIDE_MOON = (0.74, 0.17, 30)  # x, y, radius of the crescent (its glow twice as wide)
WIDE_CLOUDS = ((0.12, 0.60, 1.0, 0.22), (0.82, 0.70, 1.3, 0.20), (0.36, 0.86, 1.5, 0.25), (0.60, 0.50, 0.8, 0.16),
               (0.95, 0.40, 0.7, 0.14))  # x, y, size, opacity
WIDE_HILLS = ((0.10, 55, 250, 115, (160, 88, 127), 0.55), (0.48, 75, 300, 130, (140, 77, 120), 0.60),
              (0.88, 60, 260, 118, (160, 88, 127), 0.55))  # x, depth of the centre below the bottom, rx, ry, rgb, a
SKY_LIGHT = (249, 246, 242)
MOON = (251, 238, 212)
CLOUD = (253, 226, 214)

# order within one depth: a stair, the hint's glow on it, a spike trap, the ghost (the best run racing
# beside, see :mod:`arcade.stairs.ghost`), the robot's shadow, the robot
_STAIR, _HINT, _OBSTACLE, GHOST_ORDER, _SHADOW, _ROBOT = 0, 1, 2, 3, 4, 5

DEFAULT_ANCHORS = {
    "stair": (50, 13), "stair_cracked": (50, 13), "obstacle": (32, 64), "robot_shadow": (24, 7),
    **{f"robot_{p}_{f}": (32, 77) for p in ("idle", "hop", "fall") for f in ("left", "right")},
}


# ======================================================================================== sprites
@dataclass(frozen=True)
class Sprite:
    image: pygame.Surface
    anchor: tuple[int, int]  # pixel of the image that goes on the point it is drawn at


def _manifest_anchors() -> dict:
    try:
        data = json.loads(assets.data_file("images", "manifest.json").read_text())
        return {k: tuple(v["anchor"]) for k, v in data.items() if isinstance(v, dict) and "anchor" in v}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _placeholder(name: str) -> pygame.Surface:
    """A plain shape when an image is missing, so the game stays playable."""
    if name.startswith("stair"):
        s = pygame.Surface((100, 60), pygame.SRCALPHA)
        pygame.draw.rect(s, (214, 130, 92), s.get_rect(), border_radius=10)
        pygame.draw.rect(s, (250, 236, 205), (0, 0, 100, 26), border_radius=10)
    elif name == "obstacle":  # a spike trap: jagged on top, unlike a stair's flat slab
        s = pygame.Surface((64, 72), pygame.SRCALPHA)
        pygame.draw.rect(s, (58, 48, 82), (13, 40, 38, 27), border_radius=5)
        for x0, h in ((11, 17), (25, 27), (39, 17)):
            pygame.draw.polygon(s, (244, 242, 250), [(x0, 41), (x0 + 7, 40 - h), (x0 + 14, 41)])
    elif name == "robot_shadow":
        s = pygame.Surface((48, 14), pygame.SRCALPHA)
        pygame.draw.ellipse(s, (0, 0, 0, 90), s.get_rect())
    else:
        s = pygame.Surface((64, 80), pygame.SRCALPHA)
        pygame.draw.rect(s, (240, 240, 240), (12, 10, 40, 66), border_radius=12)
    return s


def _scaled(surf: pygame.Surface, k: float) -> pygame.Surface:
    if k == 1.0:
        return surf.copy()  # our own copy: per-sprite alpha must not leak into the shared cache
    w, h = surf.get_size()
    out = pygame.transform.smoothscale(surf, (max(1, round(w * k)), max(1, round(h * k))))
    if out.get_flags() & pygame.SRCALPHA:  # smoothscale rounds 255 down to 253: keep solid art solid
        alpha = pygame.surfarray.pixels_alpha(out)
        alpha[alpha >= 248] = 255
        del alpha  # unlock the surface
    return out


@lru_cache(maxsize=4)
def load_sprites(scale: float = SCALE) -> dict[str, Sprite]:
    """Every stair-layer image pre-scaled once (cached per scale), plus a squashed landing pose per facing."""
    anchors = {**DEFAULT_ANCHORS, **_manifest_anchors()}
    out: dict[str, Sprite] = {}
    for name in DEFAULT_ANCHORS:
        img = assets.image(name) if assets.has_image(name) else _placeholder(name)
        ax, ay = anchors.get(name, DEFAULT_ANCHORS[name])
        k = scale * ROBOT_SCALE if name.startswith("robot") else scale
        out[name] = Sprite(_scaled(img, k), (round(ax * k), round(ay * k)))
    for facing in ("left", "right"):  # squash and stretch, rendered once
        idle = out[f"robot_idle_{facing}"]
        w, h = idle.image.get_size()
        sw, sh = round(w * 1.12), round(h * 0.88)
        out[f"robot_land_{facing}"] = Sprite(pygame.transform.smoothscale(idle.image, (sw, sh)),
                                             (round(idle.anchor[0] * sw / w), round(idle.anchor[1] * sh / h)))
    for cause in CAUSES:
        name = f"cause_{cause}"
        if assets.has_image(name):
            img = assets.image(name)
            out[name] = Sprite(_scaled(img, scale * 1.25), (round(img.get_width() * scale * 1.25 / 2),) * 2)
    return out


def tinted(spr: Sprite, colour, amount: float) -> Sprite:
    """A copy of ``spr`` with its rgb moved ``amount`` (0..1) of the way to ``colour``, alpha untouched."""
    img = spr.image.copy()
    if amount > 0:
        keep = round(255 * (1.0 - amount))
        img.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        img.fill(tuple(round(c * amount) for c in colour), special_flags=pygame.BLEND_RGB_ADD)
    return Sprite(img, spr.anchor)


def depth_fade(rows_up: float) -> float:
    """How far (0..1) a stair ``rows_up`` rows above the robot's (negative: below) fades into the night."""
    most, rows = DEPTH_UP if rows_up >= 0 else DEPTH_DOWN
    return most * (1.0 - math.exp(-(abs(rows_up) / rows) ** DEPTH_CURVE))


def _hint_sprite(scale: float) -> Sprite:
    """A soft warm glow on a stair's top face (the walkable 26 rows of the slab, which is inset from its tile)."""
    w, h = round(100 * scale), round(60 * scale)
    top, inset = round(26 * scale), round(STAIR_INSET * scale)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 250, 220, 96), (inset + 2, 1, w - 2 * inset - 4, top - 1), border_radius=round(9 * scale))
    pygame.draw.rect(s, (255, 226, 120, 255), (inset, 0, w - 2 * inset, top + 1), width=max(2, round(4 * scale)),
                     border_radius=round(10 * scale))
    return Sprite(s, (round(50 * scale), round(13 * scale)))


@lru_cache(maxsize=4)
def shaded_sprites(scale: float = SCALE) -> dict[str, tuple[Sprite, ...]]:
    """Pre-rendered variants, built once per scale: ``"stair"`` and ``"obstacle"`` per depth step (index =
    round(fade / DEPTH_STEP)), ``"stair_cracked"`` per warning step (0..WARN_LEVELS), and the ``"hint"`` glow."""
    base = load_sprites(scale)
    steps = round(max(DEPTH_UP[0], DEPTH_DOWN[0]) / DEPTH_STEP) + 1
    return {
        "stair": tuple(tinted(base["stair"], DEPTH_TINT, i * DEPTH_STEP) for i in range(steps)),
        "obstacle": tuple(tinted(base["obstacle"], DEPTH_TINT, i * DEPTH_STEP * OBSTACLE_DEPTH) for i in range(steps)),
        "stair_cracked": tuple(tinted(base["stair_cracked"], WARN_TINT, WARN_AMOUNT * i / WARN_LEVELS)
                               for i in range(WARN_LEVELS + 1)),
        "hint": (_hint_sprite(scale),),
    }


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
    """The evening sky painted for a wide canvas (see :data:`WIDE_SKY`): nothing stretched, no seam."""
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
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h * reach)
        a = rng.uniform(0.35, 0.95) * max(0.0, 1.0 - y / (h * reach))
        r = rng.uniform(0.7, 1.5)
        if r < 1.1:
            dots.set_at((int(x), int(y)), (*SKY_LIGHT, round(255 * a)))
        else:
            pygame.draw.circle(dots, (*SKY_LIGHT, round(255 * a)), (x, y), r)
    for _ in range(WIDE_SPARKLES):
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
_SKIES: dict[tuple[int, int], list] = {}  # size -> the tints, built once per process


def sky_steps(size=(480, 800)):
    """Build the sky tints for ``size`` into a per-process cache, one band of :data:`SKY_BAND_ROWS` rows per step.

    A generator: each ``next()`` is a few milliseconds of numpy work, so the menu can prepare the sky on idle frames
    (see ``warm_steps`` in the scene module) and entering Stairs stalls no frame. :class:`Background` runs whatever
    is left at once. Nothing is cached until every band is done.
    """
    key = (int(size[0]), int(size[1]))
    if key in _SKIES:
        return
    if is_landscape(key):
        base = _wide_sky(key)
    else:
        base = assets.image("stairs_background") if assets.has_image("stairs_background") else None
    if base is None or base.get_size() != key:
        base = _gradient(key) if base is None else pygame.transform.smoothscale(base, key)
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


def sky_tints(size=(480, 800)) -> list:
    """The cached sky tints for ``size`` (built now if the menu did not warm them)."""
    for _ in sky_steps(size):
        pass
    return _SKIES[(int(size[0]), int(size[1]))]


class Background:
    """The sky: a few tints of one picture, cross-faded along the score (:data:`SKY_STEP` points per tint)."""

    def __init__(self, size=(480, 800)):
        self.size = size
        self.tints = sky_tints(size)  # shared, never modified (a blend sets and restores a tint's alpha)
        self.level = 0.0  # position along the tints (0 = the first); eases towards target(score)
        self._key: tuple[int, int] | None = None
        self._composed = assets.for_display(pygame.Surface(size), alpha=False)
        self.composes = 0  # how often the cached sky was re-composed (benchmarks, tests)

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
        n = len(self.tints)
        whole = math.floor(self.level)
        level = round((self.level - whole) * SKY_LEVELS)
        if level >= SKY_LEVELS:
            whole, level = whole + 1, 0
        return whole % n, level

    def draw(self, surface: pygame.Surface) -> None:
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


# ======================================================================================== scenery
@lru_cache(maxsize=8)
def scenery_strip(name: str, scale: float = SCALE) -> pygame.Surface:
    """A foliage strip pre-scaled once per process (shared by every Scenery; only ever blitted)."""
    return _scaled(assets.image(name), scale) if scale != 1.0 else assets.image(name)


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


# ======================================================================================== camera
class Camera:
    """The design-space point shown at ``focus`` (:func:`focus_for` the canvas); eases towards its target, exactly
    for any frame rate while the target holds still (``1 - exp(-rate * dt)`` per step)."""

    def __init__(self, x: float = 0.0, y: float = 0.0, scale: float = SCALE, focus=FOCUS):
        self.x, self.y = x, y
        self.tx, self.ty = x, y
        self.scale = scale
        self.focus = focus

    def follow(self, x: float, y: float) -> None:
        self.tx, self.ty = x, y

    def snap(self) -> None:
        self.x, self.y = self.tx, self.ty

    def update(self, dt: float, rate: float = CAMERA_RATE) -> None:
        k = 1.0 - math.exp(-rate * dt)
        self.x += (self.tx - self.x) * k
        self.y += (self.ty - self.y) * k

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x) * self.scale + self.focus[0], (y - self.y) * self.scale + self.focus[1]


# ======================================================================================== stair layer
class StairLayer:
    """Stairs, obstacles, falling pieces and the robot, drawn through the camera.

    ``reset(world)`` at a new run; ``feed(events)`` with ``world.drain_events()``; ``update(dt, world)``;
    ``draw(surface, world)``. Standing stairs and obstacles are read from the world at each draw.
    """

    def __init__(self, size=(480, 800), scale: float = SCALE, sound=None):
        self.size = size
        self.scale = scale
        self.sprites = load_sprites(scale)
        self.shaded = shaded_sprites(scale)
        self.hint = 1.0  # 0..1: the glow on the candidate stairs, fading out from HINT_HOPS on
        self.still = False  # Reduced motion: the warned stair does not shake, a spike hit does not flash
        self.sound = sound or (lambda name, volume=1.0: None)
        self.camera = Camera(scale=scale, focus=focus_for(size))
        self.robot = RobotView(0.0, 0.0, "right", self.sound)
        self.falling: list[Falling] = []
        self.cause: str | None = None
        self.time = 0.0
        self.ghost = None  # something with ``items(camera, size)`` -> draw items (the ghost), drawn in depth order

    def resize(self, size) -> None:
        """Lay out for a canvas of ``size``: the camera keeps the robot at that canvas's focus (the run, the hops
        under way and what is falling go on)."""
        self.size = size
        self.camera.focus = focus_for(size)

    def reset(self, world) -> None:
        s = world.robot_stair
        self.robot = RobotView(s.x, s.y, world.facing, self.sound)
        self.falling.clear()
        self.cause = None
        self.hint = 1.0 if world.score < HINT_HOPS else 0.0
        self.camera.follow(s.x, s.y)
        self.camera.snap()
        world.drain_events()

    # ----- events -----
    def feed(self, events) -> None:
        for ev in events:
            kind = ev[0]
            if kind == "hop":
                _, side, a, b = ev
                self.robot.hop(side, (a.x, a.y), (b.x, b.y))
                self.camera.follow(b.x, b.y)
            elif kind == "miss":
                _, side, (x, y), obstacle = ev
                self.robot.miss(side, self.robot.last_end(), (x, y), hit=obstacle is not None)
            elif kind == "drop":
                _, stairs, obstacles = ev
                first = stairs[0].index if stairs else 0
                for s in stairs:  # tail first: a burst of drops falls like a ripple, cracked as it was announced
                    self.falling.append(Falling("stair_cracked", s.x, s.y, _STAIR, s.y, RIPPLE * (s.index - first)))
                for o in obstacles:
                    delay = RIPPLE * max(0, o.row - first)
                    self.falling.append(Falling("obstacle", o.x, o.y, _OBSTACLE, o.y, delay, opacity=PASSED_SPIKE))
                if stairs or obstacles:
                    self.sound("drop", 0.35)
            elif kind == "over":
                self.cause = ev[1]
                if ev[1] == "dropped":
                    self.robot.drop()

    # ----- frame -----
    def update(self, dt: float, score: int | None = None) -> None:
        self.time += dt
        if score is not None:
            goal = 1.0 if score < HINT_HOPS else 0.0
            self.hint += (goal - self.hint) * (1.0 - math.exp(-HINT_RATE * dt))
            if abs(goal - self.hint) < 0.01:
                self.hint = goal
        self.camera.update(dt)
        self.robot.update(dt)
        for f in self.falling:
            f.update(dt)
        if self.falling:
            self.falling = [f for f in self.falling if f.alpha > 0.0]

    @staticmethod
    def hint_target(world):
        """The stair the hint glows on: where the safe hop lands (:func:`arcade.stairs.autopilot.safe_step`)."""
        return safe_step(world)

    def robot_screen(self) -> tuple[float, float]:
        """Where the robot's feet are drawn (logical pixels)."""
        r = self.robot
        return self.camera.to_screen(r.x, r.y - r.lift)

    def draw_list(self, world) -> list[tuple]:
        """What a frame draws, in the order it is drawn: ``(depth, order, sprite, sx, sy, alpha 0..1)`` with the
        sprite's anchor at (sx, sy) on the canvas. Spike traps, standing or dropped, come first (:func:`_draw_key`):
        a spike never covers a stair."""
        sp = self.sprites
        cam = self.camera
        w, h = self.size
        items: list[tuple] = []
        stairs_by_depth, obstacles_by_depth = self.shaded["stair"], self.shaded["obstacle"]
        last = len(stairs_by_depth) - 1
        here = cam.y  # the robot's row as the camera sees it (eased: the fade glides with the climb)

        def fade_index(y: float) -> int:
            return min(last, round(depth_fade((here - y) / STEP_Y) / DEPTH_STEP))

        tail = world.stairs[0].index if world.stairs else None
        crack = world.crack
        warned = crack > 0.0 or world.tail_doomed
        for s in world.stairs:
            sx, sy = cam.to_screen(s.x, s.y)
            if sy < -80 or sy > h + 60 or sx < -80 or sx > w + 80:
                continue
            if warned and s.index == tail:  # announced: cracked, reddening and shaking towards its drop
                spr = self.shaded["stair_cracked"][round(crack * WARN_LEVELS)]
                shake = 0.0
                if crack > 0.0 and not self.still:
                    shake = (SHAKE_PX[0] + (SHAKE_PX[1] - SHAKE_PX[0]) * crack) * math.sin(self.time * SHAKE_RATE)
                items.append((s.y, _STAIR, spr, sx + shake, sy, 1.0))
            else:
                items.append((s.y, _STAIR, stairs_by_depth[fade_index(s.y)], sx, sy, 1.0))
        for o in world.obstacles:
            sx, sy = cam.to_screen(o.x, o.y)
            if sy < -80 or sy > h + 80 or sx < -80 or sx > w + 80:
                continue
            alpha = (PASSED_SPIKE if o.row <= world.robot_stair.index else 1.0) * self._edge(sp["obstacle"], sx, sy)
            items.append((o.y, _OBSTACLE, obstacles_by_depth[fade_index(o.y)], sx, sy, alpha))  # no step under it
        if self.hint > 0.0 and not world.over:
            glow = 0.8 + 0.2 * math.sin(self.time * HINT_PULSE * math.tau)
            t = self.hint_target(world)
            sx, sy = cam.to_screen(t.x, t.y)
            items.append((t.y, _HINT, self.shaded["hint"][0], sx, sy, self.hint * glow))
        for f in self.falling:
            sx, sy = cam.to_screen(f.x, f.y + f.dy)
            if sy > h + 80:
                continue
            edge = self._edge(sp[f.name], sx, sy) if f.order == _OBSTACLE else 1.0
            items.append((f.depth, f.order, sp[f.name], sx, sy, f.alpha * edge))
        r = self.robot
        if not r.gone:
            gx, gy = cam.to_screen(*r.ground)
            if r.shadow > 0.02:
                depth = r.depth if r.depth != math.inf else r.ground[1]
                items.append((depth, _SHADOW, sp["robot_shadow"], gx, gy, r.shadow * 0.9))
            rx, ry = cam.to_screen(r.x, r.y - r.lift)
            items.append((r.depth, _ROBOT, sp[r.sprite_name()], rx, ry, r.alpha))
        if self.ghost is not None:
            items.extend(self.ghost.items(cam, self.size))
        items.sort(key=_draw_key)
        return items

    def _edge(self, spr: Sprite, sx: float, sy: float) -> float:
        """0..1: how far a sprite drawn at (sx, sy) shows, by its room inside the canvas: nothing while any of it
        would be cut by an edge, fading in over :data:`EDGE_FADE` pixels further in."""
        ink = _ink(spr)
        x, y = round(sx) - spr.anchor[0] + ink.x, round(sy) - spr.anchor[1] + ink.y
        room = min(x, y, self.size[0] - (x + ink.w), self.size[1] - (y + ink.h))
        return max(0.0, min(1.0, room / EDGE_FADE))

    def draw(self, surface: pygame.Surface, world) -> None:
        sp = self.sprites
        cam = self.camera
        r = self.robot
        blit = surface.blit
        for _, _, spr, sx, sy, alpha in self.draw_list(world):
            img = spr.image
            pos = (round(sx) - spr.anchor[0], round(sy) - spr.anchor[1])
            if alpha >= 1.0:
                blit(img, pos)
            elif alpha > 0.0:
                img.set_alpha(round(255 * alpha))
                blit(img, pos)
                img.set_alpha(255)
        if r.impact is not None and "cause_hit" in sp and not self.still:
            x, y, left = r.impact
            spr = sp["cause_hit"]
            sx, sy = cam.to_screen(x, y)
            spr.image.set_alpha(round(255 * min(1.0, left / (IMPACT_TIME * 0.6))))
            blit(spr.image, (round(sx) - spr.anchor[0], round(sy) - spr.anchor[1]))
            spr.image.set_alpha(255)


def _ink(spr: Sprite) -> pygame.Rect:
    """The rectangle of a sprite's visible pixels in its image (cached per image)."""
    key = id(spr.image)
    found = _INK.get(key)
    if found is None or found[0] is not spr.image:
        found = _INK[key] = (spr.image, spr.image.get_bounding_rect(min_alpha=32))
    return found[1]


_INK: dict[int, tuple] = {}


def _draw_key(item) -> tuple:
    """Spike traps behind everything else, then the painter's order of depth. A spike trap stands in a stair's
    place, so in the painter's order it would cover a corner of the stair up the other way and the riser of the
    one two rows up: stairs the player has to see (the next safe one among them). Behind the staircase it never
    does; nothing of the staircase stands behind a spike (a spike is never below the stairs it neighbours)."""
    return item[1] != _OBSTACLE, item[0], item[1]


MARGIN_SKY = 180  # the sky's outer strip mirrored into a wide window's margins (the moon stays within the canvas)


# ======================================================================================== all three
class StairsView:
    """The three layers together: ``reset``, ``feed``, ``update``, ``draw`` (see :class:`StairLayer`)."""

    def __init__(self, size=(480, 800), scale: float = SCALE, sound=None):
        self.size = size
        self.background = Background(size)
        self.scenery = Scenery(size, scale=scale)
        self.stairs = StairLayer(size, scale, sound)

    def resize(self, size) -> None:
        """Lay the three layers out for a canvas of ``size`` (the sky keeps its tint, the run goes on)."""
        self.size = size
        level = self.background.level
        self.background = Background(size)
        self.background.level = level
        self.scenery = Scenery(size, scale=self.stairs.scale)
        self.stairs.resize(size)

    @property
    def camera(self) -> Camera:
        return self.stairs.camera

    @property
    def robot(self) -> RobotView:
        return self.stairs.robot

    def reset(self, world) -> None:
        self.stairs.reset(world)
        self.background.reset(world.score)

    def feed(self, events) -> None:
        self.stairs.feed(events)

    def update(self, dt: float, score: int) -> None:
        self.stairs.update(dt, score)
        self.background.update(dt, score)

    def draw(self, surface: pygame.Surface, world) -> None:
        self.background.draw(surface)
        self.scenery.draw(surface, self.camera.y)
        self.stairs.draw(surface, world)

    def draw_margins(self, frame: pygame.Surface, inner: pygame.Rect) -> None:
        """The margins of a frame round the canvas (``inner`` in it, drawn this frame): beside it, the sky
        mirrored out from the canvas's edges and more foliage climbing with the camera; above and below it (a
        squarer window), the canvas's edge rows carried out."""
        from arcade.engine.ui.frame import mirror_margins, stretch_edges

        x, y, w, h = inner
        fw = frame.get_width()
        if x <= 0:
            stretch_edges(frame, inner)
            return
        if not hasattr(self, "_margins"):
            self._margins = {}
        mirror_margins(frame, inner, self.background._composed, self._margins, self.background._key,
                       reach=MARGIN_SKY)
        scenery = self.scenery
        for img, sx in scenery.strips:
            iw, period = img.get_width(), scenery.period
            step, edge = (-iw, x) if sx < w // 2 else (iw, x + w - iw)
            for n in range(1, 64):
                at = edge + n * step
                if at + iw <= 0 or at >= fw:
                    break
                shift = round(period * 0.37 * n) % period  # each copy further out a different stretch of leaves
                top = -((shift - math.floor(scenery.scroll(self.camera.y))) % period)
                while top < h:
                    frame.blit(img, (at, y + top))
                    top += period


__all__ = [
    "SCALE", "FOCUS", "focus_for", "HOP_TIME", "MAX_QUEUE", "PARALLAX", "SKY_STEP",
    "Background", "Scenery", "Camera", "RobotView", "Falling", "StairLayer", "StairsView", "load_sprites",
    "scenery_strip", "sky_steps", "sky_tints", "tinted", "GHOST_ORDER",
]
