"""The autopilot: the correct side for any world, and a human-like tapping rhythm for the demo.

Pure: no pygame. Uses only the world's public read access.
"""
from __future__ import annotations

import numpy as np

from arcade.stairs.world import Stair, World

__all__ = ["next_hop", "landing", "safe_step", "Autopilot"]


def next_hop(world: World) -> str:
    """The side ("left"/"right") of the path stair above the robot's: the hop that never fails."""
    here, nxt = world.robot_stair, world.next_stair
    return "right" if nxt.x > here.x else "left"


def landing(world: World, side: str) -> tuple[int, int]:
    """(row, col) of the place a hop to ``side`` lands on: one row up, one column to that side."""
    here = world.robot_stair
    return here.index + 1, here.col + (1 if side == "right" else -1)


def safe_step(world: World) -> Stair:
    """The stair the hop of :func:`next_hop` lands on: the one place the robot can hop to now and live (the
    other side holds a spike or nothing). What a hint may point at, and nothing else."""
    row, col = landing(world, next_hop(world))
    stair = world.stair(row)
    assert stair.col == col and world.obstacle_at(row, col) is None, "the path is never blocked"
    return stair


class Autopilot:
    """Taps at a human rhythm: about ``hops_per_second`` with +-``jitter`` relative noise from a seeded rng,
    but never slower than ``safety`` times the world's drop interval, so it always outruns the drops.

    Either ``poll(world, dt)`` -> the side to hop now or None (the scene feeds it to its input queue, one per
    call), or ``step(world, dt)`` which hops on the world itself and returns how many hops it made.
    """

    def __init__(self, seed: int | None = None, hops_per_second: float = 4.0, jitter: float = 0.15,
                 safety: float = 0.85) -> None:
        if hops_per_second <= 0:
            raise ValueError("hops_per_second must be > 0")
        if not 0 <= jitter < 1:
            raise ValueError("jitter must be in [0, 1)")
        if not 0 < safety * (1 + jitter) < 1:
            raise ValueError("safety * (1 + jitter) must be in (0, 1) to outrun the drops")
        self.rng = np.random.default_rng(seed)
        self.base_delay = 1.0 / hops_per_second
        self.jitter = jitter
        self.safety = safety
        self._wait: float | None = None  # seconds left until the next tap; None = not planned yet

    def delay(self, world: World) -> float:
        """A fresh gap before the next tap, for this world's current drop speed."""
        base = min(self.base_delay, world.drop_interval * self.safety)
        return base * (1.0 + self.jitter * (2.0 * self.rng.random() - 1.0))

    def poll(self, world: World, dt: float) -> str | None:
        """Advance the rhythm by ``dt``; the side to hop now, or None. At most one tap per call (leftover time is
        kept, so a long frame is followed by a quick tap)."""
        if world.over:
            return None
        if self._wait is None:
            self._wait = self.delay(world)
        self._wait -= dt
        if self._wait > 0:
            return None
        self._wait += self.delay(world)
        return next_hop(world)

    def step(self, world: World, dt: float) -> int:
        """Advance by ``dt`` and make every hop that falls due on the world itself; the number of hops."""
        hops = 0
        side = self.poll(world, dt)
        while side is not None:
            world.hop(side)
            hops += 1
            side = self.poll(world, 0.0)
        return hops
