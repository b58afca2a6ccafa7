"""The Stairs ghost: your best run, racing beside you as a translucent robot.

The best run's record is played forward through its own world (:class:`arcade.stairs.replay.Player`), in step with
the player's clock (ticks since the first hop, the same clock the record keeps), so at every moment the ghost is on
the stair the best run stood on at that moment. It is drawn on *your* staircase, through the world's own camera: its
height is exactly the best run's (``-index * STEP_Y``), its hops arc from one of your stairs to the next, so "ahead"
and "behind" read at a glance. Off-screen, a small marker at the top or bottom edge says how many stairs ahead or
behind it is.

The ghost only reads the record and the player's world (where your stairs are): it never changes the player's world.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from arcade.engine.i18n import _
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import Label, blit_center
from arcade.stairs.layers import GHOST_ORDER
from arcade.stairs.motion import RobotView
from arcade.stairs.sprites import SCALE, Sprite, load_sprites, tinted
from arcade.stairs.replay import Player, Run
from arcade.stairs.world import STEP_X, STEP_Y

__all__ = ["Ghost", "ghost_sprites", "GHOST_ALPHA", "GHOST_TINT", "Marks", "marks_for"]

GHOST_ALPHA = 0.6  # how opaque the ghost robot is
GHOST_TINT = (110, 200, 255)  # a pale ice blue: not the player's robot at a glance
GHOST_TINT_AMOUNT = 0.6
MARK_TOP = 146  # the top marker sits just under the HUD's score and best
MARK_BOTTOM = 40  # ... the bottom one this far above the bottom edge
MARK_INK = (34, 26, 58, 190)
MARK_TEXT = (214, 236, 255)
TAG_ALPHA = 200  # the "BEST" tag over the ghost's head: a dark pill with light text (its own backing, so it reads
#                  over the sky and over a stair alike)
TAG_LIFT = 70  # ... this far above its feet
VISIBLE = (120, 30)  # the ghost shows on screen from this y below the top (above: behind the HUD) to this below
TAG_SIZE = 13


@dataclass(frozen=True)
class Marks:
    """Where the ghost's marks go on a canvas: the top and bottom markers' centre lines, the band where the ghost
    itself shows (from ``visible`` below the top to ``below`` under the bottom edge), the markers' centres kept
    ``left`` and ``right`` px from the edges, and ``hud``: a corner of the HUD where the ghost's tag is not drawn
    (the marker shows instead)."""

    top: int
    bottom: int
    visible: int
    below: int
    left: int
    right: int
    hud: tuple[int, int] | None = None  # (w, h) of the top-left corner the HUD holds


MARKS = Marks(MARK_TOP, MARK_BOTTOM, *VISIBLE, 8, 8)  # portrait: under the score and best, across the width
# landscape: the score sits in the top-left corner and pause at the top right; the top marker goes between them
MARKS_WIDE = Marks(36, MARK_BOTTOM, 108, VISIBLE[1], 210, 78, hud=(200, 130))


def marks_for(size) -> Marks:
    return MARKS_WIDE if is_landscape(size) else MARKS


@lru_cache(maxsize=4)
def ghost_sprites(scale: float = SCALE) -> dict[str, Sprite]:
    """The robot's poses tinted ice blue (rendered once; the translucency is set at each blit)."""
    return {name: tinted(spr, GHOST_TINT, GHOST_TINT_AMOUNT)
            for name, spr in load_sprites(scale).items() if name.startswith("robot_") and name != "robot_shadow"}


class Ghost:
    """The best run (a validated :class:`Run`) on the player's staircase. ``update(dt, tick, world)`` once a frame
    with the player's world and clock; :meth:`items` for the stair layer; :meth:`draw_overlay` over it (a "BEST" tag
    over its head, or the edge marker when it is off-screen)."""

    def __init__(self, run: Run, scale: float = SCALE):
        self.run = run
        self.player = Player(run)
        self.path: dict[int, tuple[float, float]] = {}  # the player's path stairs seen so far: index -> (x, y)
        self._top = -1  # the highest index in path
        self.sprites = ghost_sprites(scale)
        self.robot = RobotView(0.0, 0.0, run.hops[0][1])  # silent: no sound of its own
        self.player.world.drain_events()
        self._marker = Label(16, MARK_TEXT)
        self._icon = pygame.transform.smoothscale_by(self.sprites["robot_idle_right"].image, 0.42)
        self._tag = Label(TAG_SIZE, MARK_TEXT).get(_("BEST"))  # our own surface: its alpha changes as the ghost fades
        self._tag_pill = pygame.Surface((self._tag.get_width() + 12, self._tag.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(self._tag_pill, MARK_INK[:3], self._tag_pill.get_rect(),
                         border_radius=self._tag_pill.get_height() // 2)

    # ----- where it is -----
    @property
    def tick(self) -> int:
        return self.player.tick

    @property
    def index(self) -> int:
        """The stair the best run stood on at this moment (its score then)."""
        return self.player.world.robot_stair.index

    @property
    def over(self) -> bool:
        return self.player.world.over

    def where(self, k: int) -> tuple[float, float]:
        """Where stair ``k`` of the player's path is (design units); beyond what has been seen, straight up or down
        from the nearest seen stair at the exact height of stair k."""
        p = self.path.get(k)
        if p is not None:
            return p
        if not self.path:
            return 0.0, -k * STEP_Y
        near = self._top if k > self._top else min(self.path)
        return self.path[near][0], -k * STEP_Y

    def learn(self, world) -> None:
        """Remember the player's path stairs (new ones are always at the top)."""
        stairs = world.stairs
        for s in reversed(stairs):
            if s.index <= self._top:
                break
            self.path[s.index] = (s.x, s.y)
        if stairs and stairs[-1].index > self._top:
            self._top = stairs[-1].index

    # ----- frame -----
    def update(self, dt: float, tick: int, world) -> None:
        """Play the best run up to ``tick`` (the player's clock) and animate what happened."""
        first = not self.path
        self.learn(world)
        if first:  # the ghost starts where its run stands, on the player's path
            x, y = self.where(self.index)
            self.robot = RobotView(x, y, self.robot.facing)
        self.player.advance_to(tick)
        for ev in self.player.world.drain_events():
            if ev[0] == "hop":
                k = ev[2].index
                a, b = self.where(k), self.where(k + 1)
                self.robot.hop("right" if b[0] > a[0] else "left", a, b)
            elif ev[0] == "miss":  # a wrong hop of the best run: off the other side of your stair
                k = self.player.world.robot_stair.index
                a, b = self.where(k), self.where(k + 1)
                d = 1.0 if b[0] > a[0] else -1.0
                self.robot.miss("left" if d > 0 else "right", a, (a[0] - d * STEP_X, a[1] - STEP_Y), hit=False)
            elif ev[0] == "over" and ev[1] == "dropped":
                self.robot.drop()
        self.robot.update(dt)

    def items(self, camera, size, canvas=None) -> list[tuple]:
        """The ghost as draw items for the stair layer (depth, order, sprite, x, y, alpha); none when off-screen
        (a surface of ``size``, laid out as ``canvas`` is: see :meth:`on_screen`)."""
        r = self.robot
        if r.gone:
            return []
        sx, sy = camera.to_screen(r.x, r.y - r.lift)
        if not self.on_screen(camera, size, canvas):
            return []
        spr = self.sprites.get(r.sprite_name()) or self.sprites[f"robot_idle_{r.facing}"]
        return [(r.depth, GHOST_ORDER, spr, sx, sy, GHOST_ALPHA * r.alpha)]

    def lead(self, score: int) -> str:
        """How far ahead of ``score`` (the player's) the best run is, as the marker says it: "+3", "-2", "level"."""
        ahead = self.index - score
        return f"{ahead:+d}" if ahead else _("level")

    def screen_y(self, camera) -> float:
        return camera.to_screen(self.robot.x, self.robot.y - self.robot.lift)[1]

    def on_screen(self, camera, size, canvas=None) -> bool:
        """The ghost shows on a surface of ``size`` (the canvas, or a frame round ``canvas``: its marks are the
        canvas's, kept to the frame's edges as the HUD is)."""
        m = marks_for(canvas or size)
        x, y = camera.to_screen(self.robot.x, self.robot.y - self.robot.lift)
        if not m.visible <= y <= size[1] + m.below:
            return False
        return m.hud is None or not (x < m.hud[0] and y - TAG_LIFT < m.hud[1])  # its tag would be under the HUD

    def draw_overlay(self, surface: pygame.Surface, camera, score: int,
                     canvas=None) -> tuple[str, pygame.Rect] | None:
        """On screen: a small "BEST" over the ghost's head (``("tag", rect)``). Above or below the screen: a marker
        at that edge, "+N" stairs ahead or "-N" behind against ``score`` (the player's): ``("marker", rect)``.
        None once the ghost is gone. ``canvas``: the canvas whose marks are kept (``surface`` a frame round it)."""
        w, h = surface.get_size()
        if self.robot.gone:
            return None
        if self.on_screen(camera, (w, h), canvas):
            x, y = camera.to_screen(self.robot.x, self.robot.y - self.robot.lift - TAG_LIFT)
            alpha = round(TAG_ALPHA * min(1.0, self.robot.alpha))  # falling: the tag fades with it
            self._tag_pill.set_alpha(alpha)
            rect = blit_center(surface, self._tag_pill, (x, y))
            if self.robot.alpha >= 1.0:
                blit_center(surface, self._tag, (x, y))
            else:
                self._tag.set_alpha(round(255 * self.robot.alpha))
                blit_center(surface, self._tag, (x, y))
                self._tag.set_alpha(None)
            return "tag", rect
        m = marks_for(canvas or (w, h))
        above = self.screen_y(camera) < m.visible or m.hud is not None and self.screen_y(camera) - TAG_LIFT < m.hud[1]
        text = self._marker.get(self.lead(score))
        icon = self._icon
        pw = icon.get_width() + text.get_width() + 30
        ph = max(icon.get_height(), text.get_height()) + 8
        x = camera.to_screen(self.robot.x, 0.0)[0]
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (round(min(w - pw / 2 - m.right, max(pw / 2 + m.left, x))), m.top if above else h - m.bottom)
        pill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, MARK_INK, pill.get_rect(), border_radius=ph // 2)
        surface.blit(pill, rect)
        cx = rect.x + 12
        surface.blit(icon, icon.get_rect(midleft=(cx, rect.centery)))
        surface.blit(text, text.get_rect(midleft=(cx + icon.get_width() + 6, rect.centery)))
        tip = (rect.centerx, rect.top - 7) if above else (rect.centerx, rect.bottom + 7)  # points where it is
        base = rect.top if above else rect.bottom
        pygame.draw.polygon(surface, MARK_INK, [(tip[0] - 7, base), (tip[0] + 7, base), tip])
        return "marker", rect
