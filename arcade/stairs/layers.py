"""The three layers of the Stairs screen, back to front: sky, scenery, staircase, drawn together by
:class:`StairsView`. The sky and the scenery are modules of their own (:mod:`arcade.stairs.sky`,
:mod:`arcade.stairs.scenery`), as are the staircase's images (:mod:`arcade.stairs.sprites`) and the robot's
animation (:mod:`arcade.stairs.motion`); their names are importable from here too.

* :class:`Background` — the evening sky (``stairs_background.png``, or a gradient when the image is missing) whose
  colour drifts slowly with the score through a few tints (on any other shape than the picture's the same evening
  is painted for it, :data:`arcade.stairs.sky.WIDE_SKY`: the tall picture would have to be stretched or cut). The tints are rendered once at
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

The layers are drawn on the whole frame of the window (the canvas widened or heightened to its shape): the sky is
painted across it once, the foliage climbs at the frame's own edges, and the staircase is drawn through the same
camera as on the canvas, its focus moved with the canvas to the frame's middle, so the run looks and plays the same
with more of the staircase and the sky beside it.

Geometry: the world's design units (y down, a stair is 100 x 60, a step 50 x 34) times :data:`SCALE` pixels, fixed at
load: every image is pre-scaled once, nothing is scaled per frame. Draw order is the painter's order of a view from
the front: farther (higher, smaller y) things first, so a nearer stair's top face covers the foot of the riser of the
stair above it, and a robot falling past nearer stairs passes behind them. Spike traps, standing, passed or
falling, are drawn behind the whole staircase: a spike never covers a stair the player has to see; and none is
drawn while an edge of the canvas would cut it (it fades in over :data:`EDGE_FADE` pixels once wholly inside).
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.ui.frame import anchor_point
from arcade.engine.ui.input import is_landscape
from arcade.stairs.autopilot import safe_step
from arcade.stairs.world import STEP_Y
from arcade.stairs.motion import (  # noqa: F401 - the motion constants, read here and by the tests
    HOP_TIME, HOP_HEIGHT, LAND_TIME, MAX_QUEUE, QUEUE_SPEEDUP, BUMP_TIME, BUMP_REACH, MISS_HANG, IMPACT_DX,
    IMPACT_DY, IMPACT_TIME, GRAVITY, FALL_FADE, RIPPLE, SHAKE_PX, SHAKE_RATE, WARN_TINT, WARN_AMOUNT,
    WARN_LEVELS, Falling, RobotView)
# the back layers and the staircase's images, with the constants read here and by the tests
from arcade.stairs.scenery import PARALLAX, Scenery  # noqa: F401
from arcade.stairs.sky import (  # noqa: F401
    MOON, SKY_BAND_ROWS, SKY_LEVELS, SKY_STEP, SKY_TINTS, WIDE_MOON, Background, sky_steps)
from arcade.stairs.sprites import (  # noqa: F401
    DEPTH_DOWN, DEPTH_STEP, DEPTH_UP, SCALE, STAIR_INSET, Sprite, depth_fade, load_sprites, shaded_sprites)

# --- layout (logical pixels) ----------------------------------------------------------------------------------
FOCUS = (240, 480)  # where the camera keeps the robot's feet: a bit below the centre, so the stairs ahead show
FOCUS_WIDE = 0.69  # a wide canvas: the robot's feet this far down (11 rows ahead show on 560 px), centred across
CAMERA_RATE = 9.0  # 1/s: exponential easing of the camera towards the robot's stair


def focus_for(size, frame=None) -> tuple[int, int]:
    """Where the camera keeps the robot's feet on a canvas of ``size``: :data:`FOCUS` on the portrait canvas; on a
    wide one lower down (a short screen shows the stairs ahead above the robot, what has dropped matters less) and
    centred, so the staircase shows far to both sides. ``frame``: in a frame of that size round the canvas (the
    canvas's point, moved with the canvas to the frame's middle)."""
    focus = (size[0] // 2, round(size[1] * FOCUS_WIDE)) if is_landscape(size) else FOCUS
    return focus if frame is None else anchor_point(focus, size, frame)


# --- readability ----------------------------------------------------------------------------------------------
PASSED_SPIKE = 0.35  # opacity of a spike trap at or below the robot's row: it can never be hopped into again, so it
#                      recedes instead of standing in front of the stairs ahead
EDGE_FADE = 24  # px: a spike trap fades in over this much room inside the canvas's edge, so none shows cut by it
HINT_HOPS = 4  # the safe next stair glows until this score: where to hop (never a spike or the void)
HINT_RATE = 3.0  # 1/s: easing of the glow in and out
HINT_PULSE = 1.1  # Hz: the glow breathes gently

# order within one depth: a stair, the hint's glow on it, a spike trap, the ghost (the best run racing
# beside, see :mod:`arcade.stairs.ghost`), the robot's shadow, the robot
_STAIR, _HINT, _OBSTACLE, GHOST_ORDER, _SHADOW, _ROBOT = 0, 1, 2, 3, 4, 5


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
    ``draw(surface, world)``. Standing stairs and obstacles are read from the world at each draw. ``size`` is the
    surface drawn on, ``canvas`` the canvas whose layout it follows (the same by default; a frame round it).
    """

    def __init__(self, size=(480, 800), scale: float = SCALE, sound=None, canvas=None):
        self.size = size
        self.canvas = tuple(canvas or size)
        self.scale = scale
        self.sprites = load_sprites(scale)
        self.shaded = shaded_sprites(scale)
        self.hint = 1.0  # 0..1: the glow on the candidate stairs, fading out from HINT_HOPS on
        self.still = False  # Reduced motion: the warned stair does not shake, a spike hit does not flash
        self.sound = sound or (lambda name, volume=1.0: None)
        self.camera = Camera(scale=scale, focus=focus_for(self.canvas, size))
        self.robot = RobotView(0.0, 0.0, "right", self.sound)
        self.falling: list[Falling] = []
        self.cause: str | None = None
        self.time = 0.0
        self.ghost = None  # something with ``items(camera, size)`` -> draw items (the ghost), drawn in depth order

    def resize(self, size, canvas=None) -> None:
        """Lay out for a surface of ``size`` (the canvas, or a frame round ``canvas``): the camera keeps the robot at
        that canvas's focus (the run, the hops under way and what is falling go on)."""
        self.size = size
        self.canvas = tuple(canvas or size)
        self.camera.focus = focus_for(self.canvas, size)

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
            items.extend(self.ghost.items(cam, self.size, self.canvas))
        items.sort(key=_draw_key)
        return items

    def _edge(self, spr: Sprite, sx: float, sy: float) -> float:
        """0..1: how far a sprite drawn at (sx, sy) shows, by its room inside the surface drawn on: nothing while
        any of it would be cut by an edge, fading in over :data:`EDGE_FADE` pixels further in."""
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


# ======================================================================================== all three
class StairsView:
    """The three layers together: ``reset``, ``feed``, ``update``, ``draw`` (see :class:`StairLayer`), on a surface
    of ``size``: the canvas, or a frame round ``canvas`` (the sky and the foliage laid out for the frame, the
    staircase's camera for the canvas in its middle)."""

    def __init__(self, size=(480, 800), scale: float = SCALE, sound=None, canvas=None):
        self.size = size
        self.background = Background(size)
        self.scenery = Scenery(size, scale=scale)
        self.stairs = StairLayer(size, scale, sound, canvas)

    def resize(self, size, canvas=None) -> None:
        """Lay the three layers out for a surface of ``size`` round ``canvas`` (the sky keeps its tint, the run goes
        on; a sky of a size not seen yet is built over the next frames, the one shown so far scaled meanwhile)."""
        self.size = size
        if tuple(size) != tuple(self.background.size):
            self.background = self.background.resized(size)
        self.scenery = Scenery(size, scale=self.stairs.scale)
        self.stairs.resize(size, canvas)

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


__all__ = [
    "SCALE", "FOCUS", "focus_for", "HOP_TIME", "MAX_QUEUE", "PARALLAX", "SKY_STEP",
    "Background", "Scenery", "Camera", "RobotView", "Falling", "StairLayer", "StairsView", "load_sprites",
    "sky_steps", "GHOST_ORDER",
]
