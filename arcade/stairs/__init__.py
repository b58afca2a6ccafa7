"""Stairs: the endless staircase runner after the H5 game 指尖大冒险 ("fingertip adventure"): hop up-left or
up-right, dodge the spikes, outrun the stairs falling away behind you.

This module is the game's ``GAME`` record (cheap to import: no pygame, no numpy)."""
from __future__ import annotations

from collections import Counter

from arcade.engine.i18n import N_
from arcade.engine.plugin import Bench, Best, Breakdown, GameInfo, HelpCard
from arcade.engine.settings import Spec
from arcade.stairs.causes import CAUSES

ID = "stairs"


def stats(history: list) -> list:
    counts = Counter(r.get("cause") for r in history if isinstance(r.get("cause"), str))
    return [Breakdown("How runs ended", [(head, counts.get(cause, 0), f"cause_{cause}")
                                         for cause, (head, _) in CAUSES.items()])]


GAME = GameInfo(
    id=ID,
    title=N_("Stairs"),
    blurb="Hop up the endless staircase",
    icon="icon_stairs",
    scene="arcade.stairs.scene",
    best=Best(),
    settings=(
        Spec("stairs.mouse", "Stairs mouse", "halves", "choice",
             (("halves", "Screen halves"), ("buttons", "Left/right buttons")), section="Stairs"),
        Spec("stairs.ghost", "Stairs ghost", True, "bool", section="Stairs",
             note="Race your best run: its robot climbs beside yours"),
    ),
    help=HelpCard("How to play Stairs", (
        ("Left half / Left, A", "hop up-left"),
        ("Right half / Right, D", "hop up-right"),
        ("", "Hop onto the next stair,"),
        ("", "dodge the spikes, and hurry:"),
        ("", "the stairs fall away behind you;"),
        ("", "a stair that cracks falls next."),
        ("Esc", "pause, settings, help"),
    )),
    stats=stats,
    wins=False,
    prefetch=("arcade.stairs.layers", "arcade.stairs.world", "arcade.stairs.ghost"),
    replay="arcade.stairs.replay_scene",
    backend="arcade.stairs.backend:BACKEND",
    benches=(
        Bench("stairs", "arcade.stairs.bench.sampler", "alias sampler draws/s and stair world update cost"),
        Bench("stairs-frames", "arcade.stairs.bench.frames", "Stairs scene drawing: ms per frame mid-climb"),
    ),
    dev_hooks="arcade.stairs.bench.hooks",
)
