"""The Stairs runner as pure logic: endless path, alias-sampled obstacles, hops, the drop timer, fail causes.

Design space (the scene scales it to pixels): x to the right, y DOWN like the screen, so a higher stair has a
smaller y. Stair 0 sits at (0, 0). Path stair k+1 is ``STEP_X`` left or right of stair k and ``STEP_Y`` above it
(the 指尖大冒险 H5 development article's ``x = last.x + dir * width / 2``, ``y = last.y - (height - overlap)``). Internally everything lives on
an integer lattice: ``row`` (= the path stair index at that height) and ``col`` (x in half-widths).

Obstacles: for each path stair k an outcome n in 0..3 is drawn with P = 50/20/20/10 % (alias sampler); n > 0 puts
an obstacle n stairs away on the side opposite to stair k+1: row ``k + n``, col ``col_k - dir_k * n``. No obstacle can
ever sit on a path stair (the path reaches row k+n no further than ``col_k + dir_k * (2 - n)`` on that side) nor
on another obstacle; the tests check both over 20000 stairs.

Hops: the correct side moves the robot one stair up (score + 1). A wrong side ends the game: ``"hit"`` when an
obstacle stands where the robot would land, ``"fell"`` otherwise.

Dropping: the drop timer starts at the first hop; every ``drop_interval(score)`` seconds the tail path stair drops,
with every obstacle at its height or lower. The interval starts gentle (``DROP_START`` = 2.5 s up to score
``DROP_HOLD``, time for a newcomer to read the board) and shrinks smoothly with the score to ``DROP_FLOOR``. At most
``MAX_BELOW`` path stairs stay below and at the robot (its own stair counts): a hop past that drops the extras at
once. The robot's own stair dropping ends the game: ``"dropped"``. ``update(dt)`` advances the timer.

Time is an integer: ``ticks`` microseconds since the first hop (``update(dt)`` rounds ``dt`` to whole ticks, the
drop interval is a whole number of ticks too), so time adds up exactly: ``advance(a); advance(b)`` leaves the same
world as ``advance(a + b)``, however the frames split it. A run is therefore reproduced exactly by its seed and the
tick of each hop (:mod:`arcade.stairs.replay`), whatever frame rate it was played at. A drop that takes the robot's
stair ends the run at the exact tick it fell (``ticks`` stops there). ``hops`` is the run's input log: (tick, side)
of every hop that counted.

Warning: no drop comes unannounced. ``crack`` rises from 0 to 1 over the last ``min(WARN_LEAD, interval)`` seconds
before a timed drop of the tail stair, and ``tail_doomed`` says the next correct hop drops the tail (the robot has
``MAX_BELOW`` stairs below and at it); ``warned`` is either. The view draws a warned tail cracked and shaking.

Events for the animation layer (``drain_events()`` returns and clears them, oldest first):
    ("spawn", stairs, obstacles)      new path stairs / obstacles (tuples; the first one holds the initial set)
    ("hop", side, from_stair, to_stair)
    ("miss", side, (x, y), obstacle)  a wrong hop: where the robot tried to land; the obstacle hit, or None
    ("drop", stairs, obstacles)       what fell this time (tuples, tail first)
    ("over", cause)
Pure: numpy only, no pygame.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np
import numpy.random  # noqa: F401 - numpy loads it lazily; importing it here lets the menu's prefetch load it

from arcade.stairs.alias import AliasSampler
from arcade.stairs.causes import CAUSES as _CAUSE_WORDS

__all__ = [
    "World", "Stair", "Obstacle", "Robot", "PathGenerator", "drop_interval",
    "STAIR_WIDTH", "STAIR_HEIGHT", "STAIR_OVERLAP", "STEP_X", "STEP_Y",
    "OBSTACLE_PROBABILITIES", "AHEAD", "MAX_BELOW", "DROP_START", "DROP_HOLD", "DROP_FLOOR", "DROP_SCALE", "DROP_POWER",
    "WARN_LEAD", "SIDES", "CAUSES", "TICKS_PER_SECOND", "drop_interval_ticks", "to_ticks",
]

# --- geometry, design units (the original's 26 px overlap at its stair size; ours keeps the same role) -----------
STAIR_WIDTH = 100.0
STAIR_HEIGHT = 60.0
STAIR_OVERLAP = 26.0
STEP_X = STAIR_WIDTH / 2  # 50: half a stair sideways per step
STEP_Y = STAIR_HEIGHT - STAIR_OVERLAP  # 34: one step up

# --- generation -----------------------------------------------------------------------------------------------
PATH_PROBABILITIES = (0.5, 0.5)  # next stair up-left, up-right
OBSTACLE_PROBABILITIES = (0.5, 0.2, 0.2, 0.1)  # no obstacle, obstacle at distance 1, 2, 3
AHEAD = 16  # path stairs kept generated above the robot (the screen shows fewer)

# --- dropping -------------------------------------------------------------------------------------------------
MAX_BELOW = 9  # path stairs kept below and at the robot
DROP_START = 2.5  # seconds between drops for the first stairs: a newcomer has time to read the board
DROP_HOLD = 3  # ... up to this score; then the interval shrinks smoothly
DROP_SCALE = 4.0  # points of score past the hold that make the first big step of the shrink
DROP_POWER = 0.75  # how steep: 1.17 s at score 10, 0.54 s at 30, 0.37 s at 50 (the original's pace from there)
DROP_FLOOR = 0.200  # never faster than this (reached at score 116)
WARN_LEAD = 0.5  # seconds the tail stair cracks and shakes before a timed drop (less when drops come faster)

SIDES = ("left", "right")
CAUSES = tuple(_CAUSE_WORDS)  # "fell", "hit", "dropped"
_DIR = {"left": -1, "right": 1}
_EVENT_LIMIT = 4096  # undrained events beyond this are discarded oldest first


TICKS_PER_SECOND = 1_000_000  # the world's clock counts microseconds


def to_ticks(seconds: float) -> int:
    """``seconds`` as whole world ticks (rounded to the nearest)."""
    return round(seconds * TICKS_PER_SECOND)


def drop_interval_ticks(score: int) -> int:
    """:func:`drop_interval` in whole ticks: the interval the world runs on."""
    return to_ticks(drop_interval(score))


def drop_interval(score: int) -> float:
    """Seconds between two timed drops at this score: ``DROP_START`` up to ``DROP_HOLD``, then
    ``DROP_START / (1 + (score - DROP_HOLD) / DROP_SCALE) ** DROP_POWER``, never below ``DROP_FLOOR``.
    Non-increasing in the score, continuous, and at the floor from score 116 on."""
    x = max(0, score - DROP_HOLD)
    return max(DROP_FLOOR, DROP_START / (1.0 + x / DROP_SCALE) ** DROP_POWER)


@dataclass(frozen=True, slots=True)
class Stair:
    """A path stair. ``index`` is also its row; ``side`` is where it lies from the stair below (None for stair 0)."""

    index: int
    col: int
    x: float
    y: float
    side: str | None


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An obstacle ``distance`` stairs away from path stair ``origin``, on ``side`` (opposite to the path)."""

    row: int
    col: int
    x: float
    y: float
    distance: int
    origin: int
    side: str


@dataclass(frozen=True, slots=True)
class Robot:
    """A snapshot of the robot: the stair it stands on (or stood on, once over) and where it faces."""

    stair: Stair
    facing: str

    @property
    def index(self) -> int:
        return self.stair.index

    @property
    def x(self) -> float:
        return self.stair.x

    @property
    def y(self) -> float:
        return self.stair.y


def _stair(index: int, col: int, side: str | None) -> Stair:
    return Stair(index, col, col * STEP_X, -index * STEP_Y, side)


class PathGenerator:
    """The endless path and its obstacles, one stair at a time, from two seeded streams (path, obstacles)."""

    def __init__(self, seed: np.random.SeedSequence | int | None = None) -> None:
        ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        path_ss, obstacle_ss = ss.spawn(2)
        self._path = AliasSampler(PATH_PROBABILITIES, np.random.default_rng(path_ss))
        self._obstacles = AliasSampler(OBSTACLE_PROBABILITIES, np.random.default_rng(obstacle_ss))
        self.first = _stair(0, 0, None)
        self.last = self.first

    def next(self) -> tuple[Stair, Obstacle | None]:
        """The next path stair, and the obstacle (or None) drawn for the stair below it, whose next stair it is."""
        prev = self.last
        d = 1 if self._path.sample() else -1
        stair = _stair(prev.index + 1, prev.col + d, SIDES[d > 0])
        n = self._obstacles.sample()
        obstacle = None
        if n:
            row, col = prev.index + n, prev.col - d * n
            obstacle = Obstacle(row, col, col * STEP_X, -row * STEP_Y, n, prev.index, SIDES[d < 0])
        self.last = stair
        return stair, obstacle


class World:
    """One run of the Stairs game. See the module docstring for the rules; all times in seconds."""

    def __init__(self, seed: int | None = None) -> None:
        ss = np.random.SeedSequence(seed)
        self.seed: int = ss.entropy  # World(seed=w.seed) replays this world
        self._gen = PathGenerator(ss)
        first = self._gen.first
        self._stairs: deque[Stair] = deque([first])  # standing path stairs, tail (lowest) first, consecutive
        self._obstacles: dict[tuple[int, int], Obstacle] = {}  # standing, keyed by (row, col)
        self._robot = first
        self.score = 0
        self.over = False
        self.cause: str | None = None
        self.running = False  # the drop timer starts at the first hop
        self.ticks = 0  # microseconds since the first hop (at a "dropped" end: the tick the robot's stair fell)
        self._clock = 0  # ticks since the last timed drop
        self._events: deque[tuple] = deque(maxlen=_EVENT_LIMIT)
        self.hops: list[tuple[int, str]] = []  # the inputs so far: (tick, side) of every hop that counted
        self._grow(initial=True)
        self.facing: str = self.next_side

    # --- read access -----------------------------------------------------------------------------------------
    @property
    def stairs(self) -> tuple[Stair, ...]:
        """Standing path stairs, lowest first; their indices are consecutive."""
        return tuple(self._stairs)

    @property
    def obstacles(self) -> tuple[Obstacle, ...]:
        """Standing obstacles, in the order they were generated."""
        return tuple(self._obstacles.values())

    @property
    def robot(self) -> Robot:
        return Robot(self._robot, self.facing)

    @property
    def robot_stair(self) -> Stair:
        """The stair the robot stands on (after a "dropped" game over: the one it stood on)."""
        return self._robot

    @property
    def next_stair(self) -> Stair:
        """The path stair above the robot's (always generated)."""
        return self.stair(self._robot.index + 1)

    @property
    def next_side(self) -> str:
        """The correct side to hop now."""
        return self.next_stair.side  # type: ignore[return-value]

    @property
    def below(self) -> int:
        """Standing path stairs below and at the robot (0 once its stair has dropped)."""
        return max(0, self._robot.index - self._stairs[0].index + 1) if self._stairs else 0

    @property
    def time(self) -> float:
        """Seconds since the first hop (``ticks`` in seconds)."""
        return self.ticks / TICKS_PER_SECOND

    @property
    def drop_interval(self) -> float:
        """The current seconds between timed drops."""
        return drop_interval_ticks(self.score) / TICKS_PER_SECOND

    @property
    def time_to_drop(self) -> float | None:
        """Seconds until the next timed drop, or None before the first hop and after game over."""
        if not self.running or self.over:
            return None
        return max(0, drop_interval_ticks(self.score) - self._clock) / TICKS_PER_SECOND

    @property
    def crack(self) -> float:
        """How near the tail stair is to its timed drop: 0, then rising to 1 over the last
        ``min(WARN_LEAD, drop_interval)`` seconds before it (0 before the first hop and after game over)."""
        left = self.time_to_drop
        if left is None:
            return 0.0
        lead = min(WARN_LEAD, self.drop_interval)
        return 0.0 if left >= lead else 1.0 - left / lead

    @property
    def tail_doomed(self) -> bool:
        """The next correct hop drops the tail stair at once (``MAX_BELOW`` stairs stand below and at the robot)."""
        return not self.over and self.below >= MAX_BELOW

    @property
    def warned(self) -> bool:
        """The tail stair is announced: the next drop, timed or by a hop, takes it (see the module docstring)."""
        return self.crack > 0.0 or self.tail_doomed

    def stair(self, index: int) -> Stair:
        """The standing path stair with this index (IndexError if it has dropped or is not generated yet)."""
        offset = index - self._stairs[0].index
        if offset < 0:
            raise IndexError(f"stair {index} has dropped")
        return self._stairs[offset]

    def obstacle_at(self, row: int, col: int) -> Obstacle | None:
        return self._obstacles.get((row, col))

    def drain_events(self) -> list[tuple]:
        """The events since the last call, oldest first (see the module docstring), and forget them."""
        out = list(self._events)
        self._events.clear()
        return out

    # --- play --------------------------------------------------------------------------------------------------
    def hop(self, side: str) -> bool:
        """Hop to the stair up-left or up-right. True if the robot is still alive (no-op False once over)."""
        d = _DIR.get(side)
        if d is None:
            raise ValueError(f"hop side must be 'left' or 'right', got {side!r}")
        if self.over:
            return False
        self.hops.append((self.ticks, side))
        self.running = True
        here = self._robot
        self.facing = side
        nxt = self._stairs[here.index - self._stairs[0].index + 1]
        if nxt.side == side:
            self._robot = nxt
            self.score += 1
            self._events.append(("hop", side, here, nxt))
            self._grow()
            extra = self._robot.index - self._stairs[0].index + 1 - MAX_BELOW
            if extra > 0:
                self._drop(extra)
            return True
        row, col = here.index + 1, here.col + d
        obstacle = self._obstacles.get((row, col))
        self._events.append(("miss", side, (col * STEP_X, -row * STEP_Y), obstacle))
        self._end("hit" if obstacle is not None else "fell")
        return False

    def update(self, dt: float) -> None:
        """Advance the drop timer by ``dt`` seconds, rounded to whole ticks (see :meth:`advance`)."""
        if not (dt >= 0.0) or math.isinf(dt):
            raise ValueError(f"update(dt): dt must be a finite number >= 0, got {dt!r}")
        self.advance(to_ticks(dt))

    def advance(self, ticks: int) -> None:
        """Advance the drop timer by ``ticks`` microseconds (nothing happens before the first hop or after game
        over). Exactly additive: two calls leave the same world as one call with the sum."""
        if isinstance(ticks, bool) or not isinstance(ticks, int) or ticks < 0:
            raise ValueError(f"advance(ticks): a whole number >= 0, got {ticks!r}")
        if self.over or not self.running or not ticks:  # nothing happens in no time (not even an overdue drop)
            return
        interval = drop_interval_ticks(self.score)  # the score cannot change inside one advance
        total = self._clock + ticks  # may reach past several intervals (and past one already, if a hop sped it up)
        count = total // interval
        below = self.below
        if count >= below:  # the robot's own stair goes, at the tick its drop came due (not later: no time passes)
            self.ticks += max(0, below * interval - self._clock)
            self._clock = 0
            self._drop(below)
            return
        self.ticks += ticks
        self._clock = total - count * interval
        if count:
            self._drop(count)

    # --- internals -------------------------------------------------------------------------------------------
    def _grow(self, initial: bool = False) -> None:
        """Generate path stairs (and obstacles) until AHEAD stairs stand above the robot."""
        last = self._gen.last
        new_stairs: list[Stair] = [last] if initial else []
        new_obstacles: list[Obstacle] = []
        target = self._robot.index + AHEAD
        while last.index < target:
            last, obstacle = self._gen.next()
            self._stairs.append(last)
            new_stairs.append(last)
            if obstacle is not None:
                self._obstacles[(obstacle.row, obstacle.col)] = obstacle
                new_obstacles.append(obstacle)
        if new_stairs:
            self._events.append(("spawn", tuple(new_stairs), tuple(new_obstacles)))

    def _drop(self, count: int) -> None:
        """Drop ``count`` tail stairs with every obstacle at their height or lower; the robot's stair ends the game."""
        count = min(count, len(self._stairs))
        dropped = tuple(self._stairs.popleft() for _ in range(count))
        top = dropped[-1].index
        gone = tuple(o for o in self._obstacles.values() if o.row <= top)
        for o in gone:
            del self._obstacles[(o.row, o.col)]
        self._events.append(("drop", dropped, gone))
        if top >= self._robot.index:
            self._end("dropped")

    def _end(self, cause: str) -> None:
        self.over = True
        self.cause = cause
        self.running = False
        self._events.append(("over", cause))

    def __repr__(self) -> str:
        state = f"over={self.cause!r}" if self.over else f"below={self.below}"
        return f"World(seed={self.seed}, score={self.score}, {state})"
