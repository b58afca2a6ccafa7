"""Timing of the board animations, as pure data (no pygame): what to draw where at time t.

The original's motion (its stylesheet): tiles slide 100 ms ease-in-out from the old cell to the new one; after
the slide a merged tile "pops" (200 ms, CSS ``ease``, scale 0 -> 1.2 at 50 % -> 1, drawn above the others, the two
tiles it came from stay visible under it) and a new tile "appears" (200 ms ``ease``, scale and opacity 0 -> 1).
Before its animation starts a merged or new tile is not drawn (CSS ``animation-fill-mode: backwards``).
"""
from __future__ import annotations

from typing import Iterable, NamedTuple, Optional, Sequence

SLIDE = 0.100
POP = 0.200
APPEAR = 0.200
POP_PEAK = 1.2


def cubic_bezier(x1: float, y1: float, x2: float, y2: float, samples: int = 512):
    """A CSS ``cubic-bezier(x1, y1, x2, y2)`` timing function, tabulated once (x in 0..1 -> y)."""
    def bez(a, b, t):
        u = 1.0 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t

    table = []
    for i in range(samples + 1):
        x = i / samples
        lo, hi = 0.0, 1.0
        for _ in range(40):  # x(t) is monotonic for 0 <= x1, x2 <= 1
            mid = (lo + hi) / 2
            if bez(x1, x2, mid) < x:
                lo = mid
            else:
                hi = mid
        table.append(bez(y1, y2, (lo + hi) / 2))
    table[0], table[-1] = 0.0, 1.0

    def f(x: float) -> float:
        if x <= 0.0:
            return 0.0
        if x >= 1.0:
            return 1.0
        p = x * samples
        i = int(p)
        return table[i] + (table[i + 1] - table[i]) * (p - i)

    return f


ease = cubic_bezier(0.25, 0.1, 0.25, 1.0)        # CSS "ease"
ease_in_out = cubic_bezier(0.42, 0.0, 0.58, 1.0)  # CSS "ease-in-out"


def pop_scale(u: float) -> float:
    """Scale of a popping tile at progress u in 0..1 (keyframes 0 -> 1.2 -> 1, each half eased)."""
    if u >= 1.0:
        return 1.0
    if u < 0.5:
        return POP_PEAK * ease(u / 0.5)
    return POP_PEAK + (1.0 - POP_PEAK) * ease((u - 0.5) / 0.5)


class Sprite(NamedTuple):
    """A tile to draw: ``value`` at fractional cell (``row``, ``col``), ``scale`` about its centre, ``alpha``
    0..1. Sprites come in drawing order."""
    value: int
    row: float
    col: float
    scale: float
    alpha: float


class Timeline:
    """The animation of one move (or of tiles appearing on a new board).

    ``motions``: ``rules.Motion``-like items (src, dst, value, merged); ``spawns``: (row, col, value) of new
    tiles. ``sprites(t)`` gives what to draw at ``t`` seconds; at ``t >= duration`` it is the final position.
    """

    def __init__(self, motions: Sequence = (), spawns: Iterable[Optional[tuple]] = ()):
        self.motions = tuple(motions)
        self.spawns = tuple(s for s in spawns if s is not None)
        seen = {}
        for m in self.motions:
            if m.merged:
                seen.setdefault(tuple(m.dst), 2 * m.value)
        self.merges = tuple((dst[0], dst[1], v) for dst, v in seen.items())
        tail = max(POP if self.merges else 0.0, APPEAR if self.spawns else 0.0)
        self.duration = (SLIDE if (self.motions or self.spawns) else 0.0) + tail

    def sprites(self, t: float) -> list:
        out = []
        p = ease_in_out(t / SLIDE) if t < SLIDE else 1.0
        for m in self.motions:
            (r0, c0), (r1, c1) = m.src, m.dst
            out.append(Sprite(m.value, r0 + (r1 - r0) * p, c0 + (c1 - c0) * p, 1.0, 1.0))
        if t < SLIDE:
            return out
        u = t - SLIDE
        if self.merges:
            s = pop_scale(u / POP)
            for r, c, v in self.merges:
                out.append(Sprite(v, r, c, s, 1.0))
        if self.spawns:
            e = ease(u / APPEAR)
            for r, c, v in self.spawns:
                out.append(Sprite(v, r, c, e, e))
        return out
