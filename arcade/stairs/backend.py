"""Stairs' session backend: what the engine's session layer needs to know about the runner (pure, no pygame).

Stairs is real time: the world's clock runs between inputs and a run can end by it (the stair under the robot
drops). So the session keeps no positions for undo and no save (a run is never continued), only the log: a move is
a hop, ``(side, tick)``, recorded as ``L`` or ``R`` and the world's tick in base 36; applying it runs the world's
clock to that tick and hops. The scene runs the clock itself each frame on the session's world and, when the run
ends by a drop, calls :meth:`arcade.engine.session.Session.finish` with :meth:`StairsBackend.result`.

Parameters: none but the world's rules (``v1``), so a game code is ``stairs-v1-SEED``. A world's whole course
comes from its seed (the stairs, the spikes drawn by Vose's alias method), so a code and the same hops at the same
ticks give the same run.
"""
from __future__ import annotations

import random
import re

from arcade.engine.session import Backend, Result
from arcade.stairs import ID
from arcade.stairs.world import TICKS_PER_SECOND, World

__all__ = ["StairsBackend", "BACKEND", "RULES"]

RULES = "v1"
_SIDES = {"L": "left", "R": "right"}
_HOP = re.compile(r"([LR])([0-9a-z]{1,11})")
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _b36(n: int) -> str:
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = _B36[d] + out
        if not n:
            return out


class StairsBackend(Backend):
    id = ID
    undoable = False
    saved = False

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
        world.hop(side)
        return world, (side, tick)

    def result(self, params, world: World) -> Result | None:
        if not world.over:
            return None
        return Result("over", world.score, {"cause": world.cause, "ticks": world.ticks, "hops": len(world.hops)})

    def score(self, world: World) -> int:
        return world.score

    def encode(self, params, move) -> str:
        side, tick = move
        return side[0].upper() + _b36(tick)

    def decode(self, token: str, params):
        m = _HOP.fullmatch(token)
        if not m:
            raise ValueError(f"stairs input {token!r}")
        return _SIDES[m.group(1)], int(m.group(2), 36)

    def title(self, params, world: World, result, moves: int) -> str:
        from arcade.stairs.causes import CAUSES

        how = CAUSES[world.cause][0] if world.cause else "Left mid-run"
        return f"{how} · {len(world.hops):,} hop{'s' if len(world.hops) != 1 else ''} in " \
               f"{world.ticks / TICKS_PER_SECOND:,.1f} s"

    def legacy(self, data: dict) -> dict:
        """A replay written before the session layer (seed, hops with their ticks, the end)."""
        from arcade.stairs.replay import check

        run = check(data)
        log = ["p" + side[0].upper() + _b36(tick) for tick, side in run.hops]
        t = [tick // 1000 for tick, _ in run.hops]
        out = {"session": 1, "params": RULES, "seed": run.seed, "log": log, "t": t}
        if run.cause is not None:
            out["ended"] = len(log)
            out["result"] = {"outcome": "over", "score": run.score,
                             "fields": {"cause": run.cause, "ticks": run.end, "hops": len(run.hops)}}
        return out


BACKEND = StairsBackend()
