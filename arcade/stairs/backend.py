"""Stairs' session backend: what the engine's session layer needs to know about the runner (pure, no pygame).

Stairs is real time: the world's clock runs between inputs and a run can end by it (the stair under the robot
drops). So the session keeps no positions for undo and no save (a run is never continued), only the log: a move is
a hop, ``(side, tick)``, recorded as ``L`` or ``R`` and the world's tick in base 36; applying it runs the world's
clock to that tick and hops. The scene runs the clock itself each frame on the session's world and, when the run
ends by a drop, calls :meth:`arcade.engine.session.Session.finish` with :meth:`StairsBackend.result`.

Parameters: none but the world's rules (``v1``), so a game code is ``stairs-v1-SEED``. A world's whole course
comes from its seed (the stairs, the spikes drawn by Vose's alias method), so a code and the same hops at the same
ticks give the same run. The best follows the score while the player climbs (``live_best``): it is on disk within a
second of a hop, whatever happens to the run.

Replays written before the session layer (``{"rules": 1, "seed", "hops": "L0R4c3i...", "end", "cause",
"score"}``: a side letter and the ticks since the previous hop in base 36, per hop) are read by :meth:`legacy`.
"""
from __future__ import annotations

import random
import re

from arcade.engine.i18n import _, ngettext
from arcade.engine.replays import base36
from arcade.engine.session import SESSION_FORMAT, Backend, Result, count
from arcade.stairs import ID
from arcade.stairs.causes import CAUSES
from arcade.stairs.world import TICKS_PER_SECOND, World

__all__ = ["StairsBackend", "BACKEND", "RULES", "MAX_HOPS", "MAX_TICKS"]

RULES = "v1"
_SIDES = {"L": "left", "R": "right"}
_HOP = re.compile(r"([LR])([0-9a-z]{1,11})")
MAX_HOPS = 100_000  # more than anyone climbs at the 0.2 s floor; bounds what a hostile file can cost
MAX_TICKS = 10**13  # about 116 days
LEGACY_RULES = 1  # the "rules" of a replay written before the session layer
_LEGACY_HOPS = re.compile(r"(?:[LR][0-9a-z]{1,9})*")
_LEGACY_HOP = re.compile(r"([LR])([0-9a-z]+)")


def _whole(name: str, v, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
        raise ValueError(f"Stairs replay: bad {name} {v!r}"[:160])
    return v


class StairsBackend(Backend):
    id = ID
    name = "Stairs"
    undoable = False
    saved = False
    live_best = True

    def parse_params(self, text: str) -> str:
        if text != RULES:
            raise ValueError(f"stairs parameters {text!r}: this version plays the rules {RULES}")
        return RULES

    def params_text(self, params) -> str:
        return RULES

    def new_params(self, setting, options: dict) -> str:
        return RULES

    def start(self, params, seed: int) -> World:
        return World(seed)

    def apply(self, params, world: World, move, rng: random.Random):
        side, tick = move
        if world.over:
            raise ValueError("the run is over")
        if tick < world.ticks:
            raise ValueError(f"a hop at tick {tick}, before the world's clock ({world.ticks})")
        world.advance(tick - world.ticks)
        if world.over:
            raise ValueError("the run ended before the hop")
        at = world.ticks  # the clock stands at 0 until the first hop: a first hop is at 0, whenever it came
        world.hop(side)
        return world, (side, at)

    def result(self, params, world: World) -> Result | None:
        if not world.over:
            return None
        return Result("over", world.score, {"cause": world.cause, "ticks": world.ticks, "hops": len(world.hops)})

    def score(self, world: World) -> int:
        return world.score

    def encode(self, params, move) -> str:
        side, tick = move
        return side[0].upper() + base36(tick)

    def decode(self, token: str, params):
        m = _HOP.fullmatch(token)
        if not m:
            raise ValueError(f"stairs input {token!r}")
        return _SIDES[m.group(1)], int(m.group(2), 36)

    def summary(self, params, world: World, result, moves: int) -> dict:
        return {"cause": world.cause, "hops": len(world.hops), "ms": world.ticks * 1000 // TICKS_PER_SECOND}

    def describe(self, summary: dict) -> str:
        """"Hit a spike · 23 hops in 12.4 s" (the list shows the score beside it)."""
        cause = summary["cause"]
        if cause is not None and cause not in CAUSES:
            raise ValueError(f"stairs replay summary: bad cause {cause!r}"[:120])
        n = count(summary, "hops", MAX_HOPS)
        hops = ngettext("{n} hop", "{n} hops", n).format(n=f"{n:,}")
        how = _(CAUSES[cause][0]) if cause is not None else _("Left mid-run")
        return f"{how} · " + _("{hops} in {s} s").format(hops=hops, s=f"{count(summary, 'ms') / 1000:,.1f}")

    def legacy(self, data: dict) -> dict:
        """A replay written before the session layer (seed, hops with their ticks, the end) as session data; its
        fields checked (ValueError, one line). Its hops are played, and its end checked, as any replay's."""
        if data.get("rules") != LEGACY_RULES:
            raise ValueError(f"Stairs replay: rules {data.get('rules')!r}"[:80] + f", this version plays rules "
                             f"{LEGACY_RULES}")
        seed = _whole("seed", data.get("seed"), 2**128 - 1)
        end = _whole("end", data.get("end"), MAX_TICKS)
        score = _whole("score", data.get("score"), MAX_HOPS)
        cause = data.get("cause")
        if cause is not None and not (isinstance(cause, str) and cause in CAUSES):
            raise ValueError(f"Stairs replay: bad cause {cause!r}"[:120])
        text = data.get("hops")
        if not isinstance(text, str) or len(text) > MAX_HOPS * 11 or not _LEGACY_HOPS.fullmatch(text):
            raise ValueError("Stairs replay: its hops are not side letters with base-36 times")
        log, t, tick = [], [], 0
        for m in _LEGACY_HOP.finditer(text):
            tick += int(m.group(2), 36)
            log.append("p" + m.group(1) + base36(tick))
            t.append(tick // 1000)
        if not log or len(log) > MAX_HOPS:
            raise ValueError(f"Stairs replay: {len(log):,} hops (1 to {MAX_HOPS:,})")
        if tick > end:
            raise ValueError(f"Stairs replay: a hop at tick {tick} after the end {end}")
        out = {"session": SESSION_FORMAT, "params": RULES, "seed": seed, "log": log, "t": t}
        if cause is not None:
            out["ended"] = len(log)
            out["result"] = {"outcome": "over", "score": score,
                             "fields": {"cause": cause, "ticks": end, "hops": len(log)}}
        return out


BACKEND = StairsBackend()
