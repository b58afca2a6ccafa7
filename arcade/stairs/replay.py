"""Stairs replays: a run as its seed and the tick of every hop, and the worlds they lead to. Pure (no pygame).

The world's clock is an integer (microsecond ticks, exactly additive: see :mod:`arcade.stairs.world`), so a fresh
``World(seed)`` advanced to each recorded tick and hopped there is the recorded run, stair for stair and tick for
tick, whatever frame rate it was played at. No setting changes the world (``stairs.mouse`` only maps the input), so
none is recorded; ``rules`` names the world's rules, and a record of other rules is refused rather than misplayed.

The record (``Replay.data``)::

    {"rules": 1, "seed": <the world's seed>, "hops": "L0R4c3iR5dk...", "end": <tick>, "cause": "hit"|..|null,
     "score": <score>}

``hops``: a side letter (``L``/``R``) and the ticks since the previous hop in base 36, per hop (the first comes at
tick 0: the clock starts there). ``end``: the tick the run ended (a timed drop ends it after the last hop) or was
left (``cause`` null). :func:`replay` checks that the inputs reproduce ``end``, ``cause`` and ``score`` exactly.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from arcade.engine.i18n import ngettext
from arcade.engine.replays import Replay, base36
from arcade.stairs import ID
from arcade.stairs.causes import CAUSES
from arcade.stairs.world import TICKS_PER_SECOND, World

__all__ = ["RULES", "MAX_HOPS", "Run", "record", "encode", "check", "replay", "world_at", "Player"]

RULES = 1  # the world's rules this module replays (bump when drops, generation or hops change)
MAX_HOPS = 100_000  # more than anyone climbs at the 0.2 s floor; bounds what a hostile file can cost
MAX_TICKS = 10**13  # about 116 days
_HOPS = re.compile(r"(?:[LR][0-9a-z]{1,9})*")
_HOP = re.compile(r"([LR])([0-9a-z]+)")
_SIDES = {"L": "left", "R": "right"}


class Run(NamedTuple):
    """A validated record: the seed, the hops as (tick, side), the end tick, the cause (None: left) and the score."""

    seed: int
    hops: tuple[tuple[int, str], ...]
    end: int
    cause: str | None
    score: int

    @property
    def seconds(self) -> float:
        return self.end / TICKS_PER_SECOND


def encode(hops) -> str:
    """``hops`` ((tick, side), ...) as the record's string."""
    out, last = [], 0
    for tick, side in hops:
        out.append(side[0].upper() + base36(tick - last))
        last = tick
    return "".join(out)


def record(world: World, best: bool = False) -> Replay | None:
    """The replay of ``world`` (over, or left mid-run), or None before its first hop."""
    if not world.hops:
        return None
    data = {"rules": RULES, "seed": world.seed, "hops": encode(world.hops), "end": world.ticks,
            "cause": world.cause, "score": world.score}
    how = CAUSES[world.cause][0] if world.cause else "Left mid-run"
    n = len(world.hops)
    hops = ngettext("{n} hop", "{n} hops", n).format(n=f"{n:,}")
    title = f"{how} · {hops} in {world.ticks / TICKS_PER_SECOND:,.1f} s"  # the list shows the score beside it
    return Replay(ID, world.score, data, best=best, title=title)


def _whole(name: str, v, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
        raise ValueError(f"Stairs replay: bad {name} {v!r}"[:160])
    return v


def check(data) -> Run:
    """``data``'s fields, validated (ValueError, one line); the hops are not played yet (see :func:`replay`)."""
    if not isinstance(data, dict):
        raise ValueError("Stairs replay: not an object")
    if data.get("rules") != RULES:
        raise ValueError(f"Stairs replay: rules {data.get('rules')!r}"[:80] + f", this version plays rules {RULES}")
    seed = _whole("seed", data.get("seed"), 2**128 - 1)
    end = _whole("end", data.get("end"), MAX_TICKS)
    score = _whole("score", data.get("score"), MAX_HOPS)
    cause = data.get("cause")
    if cause is not None and not (isinstance(cause, str) and cause in CAUSES):
        raise ValueError(f"Stairs replay: bad cause {cause!r}"[:120])
    text = data.get("hops")
    if not isinstance(text, str) or len(text) > MAX_HOPS * 11 or not _HOPS.fullmatch(text):
        raise ValueError("Stairs replay: its hops are not side letters with base-36 times")
    hops, tick = [], 0
    for m in _HOP.finditer(text):
        tick += int(m.group(2), 36)
        hops.append((tick, _SIDES[m.group(1)]))
    if not hops or len(hops) > MAX_HOPS:
        raise ValueError(f"Stairs replay: {len(hops):,} hops (1 to {MAX_HOPS:,})")
    if hops[0][0] != 0:
        raise ValueError("Stairs replay: the first hop must come at tick 0 (the clock starts with it)")
    if tick > end:
        raise ValueError(f"Stairs replay: a hop at tick {tick} after the end {end}")
    return Run(seed, tuple(hops), end, cause, score)


class Player:
    """A validated run played forward through a fresh world: ``advance_to(tick)`` makes every hop due by then and
    lets the drop timer run to ``tick`` (never past the run's end; before 0, nothing happens yet). Going back means a
    new Player."""

    def __init__(self, run: Run):
        self.run = run
        self.world = World(run.seed)
        self.next = 0  # index of the next hop to make
        self.tick = 0  # the replay's clock (the world's clock stands still before the first hop and at the end)

    @property
    def done(self) -> bool:
        return self.tick >= self.run.end and self.next >= len(self.run.hops)

    def advance_to(self, tick: int) -> None:
        tick = min(int(tick), self.run.end)
        hops, w = self.run.hops, self.world
        while self.next < len(hops) and hops[self.next][0] <= tick:
            at, side = hops[self.next]
            if not w.over:
                w.advance(max(0, at - w.ticks))
                w.hop(side)
            self.next += 1
        if tick > self.tick:
            if not w.over and w.running:
                w.advance(max(0, tick - w.ticks))
            self.tick = tick


def replay(data) -> World:
    """The world at the end of the record, checked hop by hop: the same stairs, score, cause and end tick as when
    it was recorded (ValueError, one line, at the first place it differs)."""
    run = check(data)
    w = World(run.seed)
    for i, (at, side) in enumerate(run.hops):
        w.advance(at - w.ticks)
        if w.over:
            raise ValueError(f"Stairs replay: hop {i + 1} comes after the run ended ({w.cause})")
        w.hop(side)
    if not w.over:
        w.advance(run.end - w.ticks)
    if (w.score, w.cause, w.ticks) != (run.score, run.cause, run.end):
        raise ValueError(f"Stairs replay: the hops end at score {w.score}, {w.cause or 'alive'}, tick {w.ticks}; "
                         f"the record says {run.score}, {run.cause or 'alive'}, tick {run.end}")
    w.drain_events()
    return w


def world_at(data, tick: int) -> World:
    """The world of a record at ``tick`` (0 .. end): every hop due by then made, the drop timer run to it."""
    p = Player(data if isinstance(data, Run) else check(data))
    p.advance_to(tick)
    p.world.drain_events()
    return p.world
