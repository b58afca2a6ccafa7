"""A Stairs run as the replay scene and the ghost play it: its seed, the tick of every hop and its end, and the
worlds they lead to. Pure (no pygame).

A replay is the session layer's (:mod:`arcade.engine.session`: the hops in its log, the run's end in its result),
or an older one read through :meth:`arcade.stairs.backend.StairsBackend.legacy`. :func:`check` plays the log
through the session (every hop through the rules) and then runs the clock to the recorded end, which must come
out exactly: the same score, cause and tick. The world's clock is an integer (microsecond ticks, exactly additive:
see :mod:`arcade.stairs.world`), so a fresh ``World(seed)`` advanced to each recorded tick and hopped there is the
recorded run, stair for stair and tick for tick, whatever frame rate it was played at.
"""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.session import Session, replay_data
from arcade.stairs.backend import BACKEND, MAX_TICKS
from arcade.stairs.causes import CAUSES
from arcade.stairs.world import TICKS_PER_SECOND, World

__all__ = ["Run", "check", "of_world", "world_at", "Player", "positions", "validate", "LEAD"]

LEAD = 600_000  # ticks of a replay's timeline before the first hop (a moment to see the start; the first hop is at 0)


class Run(NamedTuple):
    """A checked run: the seed, the hops as (tick, side), the end tick, the cause (None: left mid-run, ending at
    its last hop) and the score."""

    seed: int
    hops: tuple[tuple[int, str], ...]
    end: int
    cause: str | None
    score: int

    @property
    def seconds(self) -> float:
        return self.end / TICKS_PER_SECOND


def of_world(world: World) -> Run:
    """The run of ``world`` as it stands (over, or left now)."""
    return Run(world.seed, tuple(world.hops), world.ticks, world.cause, world.score)


def _recorded_end(result) -> tuple[int, str, int]:
    """(score, cause, ticks) of a replay's recorded result (ValueError, one line, for a malformed one)."""
    fields = result.get("fields") if isinstance(result, dict) else None
    if not isinstance(fields, dict):
        raise ValueError("Stairs replay: its result is not a run's end")
    score, cause, ticks = result.get("score"), fields.get("cause"), fields.get("ticks")
    if isinstance(score, bool) or not isinstance(score, int) or score < 0:
        raise ValueError(f"Stairs replay: bad score {score!r}"[:120])
    if not (isinstance(cause, str) and cause in CAUSES):
        raise ValueError(f"Stairs replay: bad cause {cause!r}"[:120])
    if isinstance(ticks, bool) or not isinstance(ticks, int) or not 0 <= ticks <= MAX_TICKS:
        raise ValueError(f"Stairs replay: bad end tick {ticks!r}"[:120])
    return score, cause, ticks


def check(data) -> Run:
    """The run of a replay's data, played whole and checked (ValueError, one line, at the first place it does
    not hold): every hop through the rules, then the clock to the recorded end, which must give the recorded
    score, cause and tick."""
    data = replay_data(BACKEND, data)
    w = Session.from_dict(BACKEND, data, mode="study").state
    if not w.hops:
        raise ValueError("Stairs replay: no hops")
    hops = tuple(w.hops)
    if "result" not in data:
        return Run(w.seed, hops, w.ticks, w.cause, w.score)  # left mid-run (or over on its last hop)
    score, cause, ticks = _recorded_end(data["result"])
    if not w.over and ticks > w.ticks:
        w.advance(ticks - w.ticks)
    if (w.score, w.cause, w.ticks) != (score, cause, ticks):
        raise ValueError(f"Stairs replay: the hops end at score {w.score}, {w.cause or 'alive'}, tick {w.ticks}; "
                         f"the record says {score}, {cause}, tick {ticks}")
    return Run(w.seed, hops, w.ticks, w.cause, w.score)


def validate(data) -> None:
    """Replay the whole record through the world (ValueError, one line, where it does not hold)."""
    check(data)


def positions(data) -> list[int]:
    """A replay's positions as ticks of the run's clock: ``-LEAD`` (the start), each hop's tick, and the end if a
    drop ended the run after its last hop. ``data``: a checked :class:`Run`, or a record's data (checked here)."""
    run = data if isinstance(data, Run) else check(data)
    ticks = [-LEAD] + [t for t, _ in run.hops]
    return ticks + [run.end] if run.end > ticks[-1] else ticks


class Player:
    """A checked run played forward through a fresh world: ``advance_to(tick)`` makes every hop due by then (or the
    first ``hops`` of them in all: hops can share a tick) and lets the drop timer run to ``tick`` (never past the
    run's end; before 0, nothing happens yet). Going back means a new Player."""

    def __init__(self, run: Run):
        self.run = run
        self.world = World(run.seed)
        self.next = 0  # index of the next hop to make
        self.tick = 0  # the replay's clock (the world's clock stands still before the first hop and at the end)

    @property
    def done(self) -> bool:
        return self.tick >= self.run.end and self.next >= len(self.run.hops)

    def advance_to(self, tick: int, hops: int | None = None) -> None:
        tick = min(int(tick), self.run.end)
        last = len(self.run.hops) if hops is None else min(hops, len(self.run.hops))
        hops, w = self.run.hops, self.world
        while self.next < last and hops[self.next][0] <= tick:
            at, side = hops[self.next]
            if not w.over:
                w.advance(max(0, at - w.ticks))
                w.hop(side)
            self.next += 1
        if tick > self.tick:
            if not w.over and w.running:
                w.advance(max(0, tick - w.ticks))
            self.tick = tick

    def seek(self, tick: float, hops: int) -> "Player":
        """The run at ``tick`` with at most ``hops`` hops made: this player played on to it, or a fresh one when it
        has passed either already."""
        p = self if tick >= self.tick and self.next <= hops else Player(self.run)
        if tick >= 0:
            p.advance_to(int(tick), hops)
        return p


def world_at(data, tick: int, hops: int | None = None) -> World:
    """The world of a replay (its data, or a checked :class:`Run`) at ``tick`` (0 .. end): every hop due by then
    made (at most ``hops``), the drop timer run to it."""
    p = Player(data if isinstance(data, Run) else check(data))
    p.advance_to(tick, hops)
    p.world.drain_events()
    return p.world
