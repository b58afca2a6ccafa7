"""The robot's animation (hops queued behind each other, misses, bumps, falls) and the falling pieces of the
staircase, in design units and seconds, drawn by :mod:`arcade.stairs.layers`."""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

# --- motion (seconds, design units) ---------------------------------------------------------------------------
HOP_TIME = 0.12  # one hop
HOP_HEIGHT = 30.0  # top of the hop arc above the straight line
LAND_TIME = 0.07  # the squashed landing pose after a hop (when nothing else is queued)
MAX_QUEUE = 3  # hop animations waiting behind the current one; older ones are skipped beyond this
QUEUE_SPEEDUP = 0.8  # each waiting hop makes the current one play this much faster
BUMP_TIME = 0.16  # hop towards a spike, hit it, recoil
BUMP_REACH = 0.42  # how far towards the spike the robot gets
MISS_HANG = 0.08  # a hop into the void hangs this long before the fall
IMPACT_DX, IMPACT_DY, IMPACT_TIME = 24.0, 20.0, 0.35  # the flash where the robot hits a spike block
GRAVITY = 2600.0  # design units / s^2 for everything that falls
FALL_FADE = 0.75  # seconds for a falling stair, obstacle or robot to fade out
RIPPLE = 0.03  # seconds between the pieces of a burst of drops, tail first
SHAKE_PX = (0.6, 2.6)  # a warned tail stair (``world.crack`` 0..1) shakes sideways this many pixels, growing
SHAKE_RATE = 75.0  # rad/s of the shake
WARN_TINT = (236, 72, 52)  # ... and reddens towards this colour
WARN_AMOUNT = 0.42  # ... by this much at the moment it drops
WARN_LEVELS = 8  # pre-rendered steps of the reddening


# ======================================================================================== robot
@dataclass
class _Action:
    kind: str  # "hop" | "miss" | "bump" | "drop"
    side: str
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    struck: bool = False  # a bump has reached the spike (the flash and the sound happened)


class RobotView:
    """The robot on screen: where its feet are, its pose, its depth, and the queue of hops still to show.

    The world applies every hop at once; this only shows them, in order, each once. When taps come faster than
    the hops can be shown, the current hop speeds up, and beyond :data:`MAX_QUEUE` waiting hops the oldest are
    skipped to their landing spot, so the robot on screen is never far behind the world.
    """

    def __init__(self, x: float, y: float, facing: str, sound=None):
        self.x, self.y = x, y  # feet, design units
        self.lift = 0.0  # height above (x, y) of the drawn feet (an arc)
        self.ground = (x, y)  # where the shadow goes
        self.depth = y  # painter's key
        self.facing = facing
        self.pose = "idle"
        self.queue: deque[_Action] = deque()
        self.action: _Action | None = None
        self.t = 0.0
        self.land = 0.0  # seconds of landing pose left
        self.falling = False
        self.vy = 0.0
        self.fall_t = 0.0
        self.alpha = 1.0
        self.shadow = 1.0
        self.hops_shown = 0  # hop animations started (tests: one per hop, never two)
        self.skipped = 0  # hop animations skipped because too many were waiting
        self.impact: tuple[float, float, float] | None = None  # (x, y, seconds left) of a spike hit flash
        self.sound = sound or (lambda name, volume=1.0: None)

    @property
    def busy(self) -> bool:
        return self.action is not None or bool(self.queue)

    @property
    def gone(self) -> bool:
        return self.falling and self.alpha <= 0.0

    def push(self, action: _Action) -> None:
        if self.falling:
            return
        self.queue.append(action)
        if self.action is None:
            self._begin(self.queue.popleft())  # at once: the hop starts in the frame of the tap
        while sum(1 for a in self.queue if a.kind == "hop") > MAX_QUEUE:
            # skip the oldest waiting hop: the robot jumps to where it would have landed
            for i, a in enumerate(self.queue):
                if a.kind == "hop":
                    del self.queue[i]
                    self.skipped += 1
                    break

    def hop(self, side: str, start, end) -> None:
        self.push(_Action("hop", side, start, end, HOP_TIME))

    def miss(self, side: str, start, end, hit: bool) -> None:
        self.push(_Action("bump" if hit else "miss", side, start, end, BUMP_TIME if hit else HOP_TIME))

    def drop(self) -> None:
        at = self.last_end()
        self.push(_Action("drop", self.facing, at, at, 0.0))

    def last_end(self) -> tuple[float, float]:
        """Where the robot will stand once every queued action has been shown."""
        if self.queue:
            return self.queue[-1].end
        if self.action is not None:
            return self.action.end
        return self.x, self.y

    def _begin(self, a: _Action) -> None:
        self.action, self.t = a, 0.0
        self.facing = a.side
        self.land = 0.0
        if a.kind == "hop":
            self.hops_shown += 1
            self.sound("hop", 0.7)
        self.x, self.y = a.start
        self.depth = a.start[1]

    def _finish(self, a: _Action) -> None:
        self.action = None
        if a.kind == "hop":
            self.x, self.y = a.end
            self.ground = a.end
            self.lift = 0.0
            self.depth = a.end[1]
            self.pose = "idle"
            self.land = LAND_TIME
            self.shadow = 1.0
        elif a.kind == "miss":  # nothing there: a moment of surprise, then down, in front of everything
            self.x, self.y = a.end
            self.lift = 0.0
            self._fall(vy=0.0, hang=MISS_HANG, front=True)
        elif a.kind == "bump":
            self._strike(a)  # even when a long frame skipped the moment of contact
            sx, sy = a.start
            ex, ey = a.end
            k = BUMP_REACH * 0.55
            self.x, self.y = sx + (ex - sx) * k, sy + (ey - sy) * k - self.lift
            self.lift = 0.0
            self._fall(vy=-260.0, front=True)
        elif a.kind == "drop":  # down with its stair, at its stair's depth
            self._fall(vy=0.0)

    def _fall(self, vy: float, hang: float = 0.0, front: bool = False) -> None:
        self.falling = True
        self.vy = vy
        self.fall_t = -hang
        self.pose = "fall"
        if front:  # leaving the staircase: nothing may hide the fall (no stair overlaps it at this moment)
            self.depth = math.inf
        self.queue.clear()
        self.sound("fall", 0.9)

    def update(self, dt: float) -> None:
        if self.impact is not None:
            x, y, left = self.impact
            self.impact = (x, y, left - dt) if left > dt else None
        while dt > 0 and not self.falling:
            if self.action is None:
                if not self.queue:
                    self.land = max(0.0, self.land - dt)
                    break
                self._begin(self.queue.popleft())
            a = self.action
            rate = 1.0 + QUEUE_SPEEDUP * len(self.queue)
            need = (a.duration - self.t) / rate
            if dt >= need:
                dt -= max(0.0, need)
                self.t = a.duration
                self._finish(a)
            else:
                self.t += dt * rate
                dt = 0.0
                self._pose_in(a)
        if self.falling:
            if self.fall_t < 0:  # hanging in the air
                used = min(dt, -self.fall_t)
                self.fall_t += used
                dt -= used
            self.fall_t += dt
            self.y += (self.vy + 0.5 * GRAVITY * dt) * dt  # exact for any dt: the fall is frame-rate independent
            self.vy += GRAVITY * dt
            self.alpha = max(0.0, 1.0 - self.fall_t / FALL_FADE)
            self.shadow = max(0.0, self.shadow - dt * 8.0)

    def _strike(self, a: _Action) -> None:
        """The moment a bump reaches the spike: a flash on the block's near side and the hit sound, once."""
        if a.struck:
            return
        a.struck = True
        (sx, _), (ex, ey) = a.start, a.end
        d = 1.0 if ex > sx else -1.0
        self.impact = (ex - d * IMPACT_DX, ey - IMPACT_DY, IMPACT_TIME)
        self.sound("hit", 1.0)

    def _pose_in(self, a: _Action) -> None:
        """Position and pose part way through an action (t in 0..duration)."""
        k = self.t / a.duration if a.duration > 0 else 1.0
        (sx, sy), (ex, ey) = a.start, a.end
        if a.kind in ("hop", "miss"):
            self.x, self.y = sx + (ex - sx) * k, sy + (ey - sy) * k
            self.lift = HOP_HEIGHT * 4.0 * k * (1.0 - k)
            self.pose = "hop"
            self.ground = (self.x, self.y)
            self.depth = sy if k < 0.5 else ey  # in front of the stair it leaves until it is above the next
            if a.kind == "miss":
                self.shadow = max(0.0, 1.0 - 2.0 * k)  # nothing to cast it on over there
            else:
                self.shadow = 1.0 - 0.5 * self.lift / HOP_HEIGHT
        elif a.kind == "bump":
            hit_at = 0.6  # fraction of the action spent reaching the spike; the rest is the recoil
            reach = BUMP_REACH * (k / hit_at if k < hit_at else 1.0 - 0.45 * (k - hit_at) / (1.0 - hit_at))
            self.x, self.y = sx + (ex - sx) * reach, sy + (ey - sy) * reach
            self.lift = HOP_HEIGHT * 0.7 * math.sin(math.pi * min(1.0, k / hit_at) * 0.5)
            self.pose = "hop" if k < hit_at else "fall"
            self.depth = sy
            self.shadow = 1.0 - 0.5 * self.lift / HOP_HEIGHT
            if k >= hit_at:
                self._strike(a)

    def sprite_name(self) -> str:
        if self.pose == "idle" and self.land > 0:
            return f"robot_land_{self.facing}"
        return f"robot_{self.pose}_{self.facing}"


# ======================================================================================== falling pieces
@dataclass
class Falling:
    """A dropped stair or obstacle: falls from (x, y) with gravity, fades, disappears."""

    name: str  # sprite name
    x: float
    y: float
    order: int
    depth: float
    delay: float = 0.0
    opacity: float = 1.0  # at the start of the fall
    vy: float = 0.0
    dy: float = 0.0
    t: float = 0.0

    def update(self, dt: float) -> None:
        if self.delay > 0:
            used = min(dt, self.delay)
            self.delay -= used
            dt -= used
        self.t += dt
        self.dy += (self.vy + 0.5 * GRAVITY * dt) * dt
        self.vy += GRAVITY * dt

    @property
    def alpha(self) -> float:
        return self.opacity * max(0.0, 1.0 - self.t / FALL_FADE)
