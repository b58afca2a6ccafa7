"""The hint a newcomer meets: on a fresh profile, started as `arcade play stairs --seed S` starts it, the help card
closed, the glow shows where to hop, and hopping where it glows never kills, on seeds 1..200.

The side is read off the real frame, the way a player reads it: the pixels the glow changes (the frame against the
same frame with the glow off) lie left or right of the robot; that key is pressed."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from arcade.engine.app import App
from arcade.shell.help import HelpOverlay
from arcade.stairs import layers as ly
from arcade.stairs.scene import StairsScene
from arcade.stairs.world import STEP_X
from helpers import frames, key
from tests.stairs.runs import play_app

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}
DT = 0.05  # a frame of 50 ms: the tests play in game time, a few frames per hop
SEEDS = range(1, 201)
CHUNK = 25


def cli_app(data_dir, seed: int) -> App:
    """The app `arcade play stairs --seed SEED --data-dir DIR` runs: the menu, the Stairs scene pushed over it."""
    return play_app(data_dir, fade=True, seed=seed)


def glow_mask(app, scene: StairsScene) -> np.ndarray:
    """Where the frame just drawn differs from the same frame with the hint's glow off (a bool (w, h) mask)."""
    shown = pygame.surfarray.array3d(app.screen).astype(np.int16)
    layer = scene.view.stairs
    hint = layer.hint
    plain = pygame.Surface(app.size)
    layer.hint = 0.0
    try:
        app.stack.draw(plain)
    finally:
        layer.hint = hint
    diff = np.abs(shown - pygame.surfarray.array3d(plain).astype(np.int16)).max(axis=2)
    return diff > 24  # what an eye notices, not a rounding difference


def glowing_side(app, scene: StairsScene) -> str | None:
    """Which way the glow points from the robot, judged from the pixels; None when nothing glows."""
    mask = glow_mask(app, scene)
    if mask.sum() < 40:
        return None
    xs, ys = np.nonzero(mask)
    cx, cy = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
    rx, ry = scene.view.camera.to_screen(scene.world.robot_stair.x, scene.world.robot_stair.y)
    assert abs(abs(cx - rx) - STEP_X * ly.SCALE) <= 8, "the glow sits on one of the two places a hop lands"
    assert cy < ry, "... in the row above the robot"
    return "left" if cx < rx else "right"


def play_the_glow(data_dir, seed: int) -> tuple[int, list[str]]:
    """A newcomer on seed ``seed``: close the help card, then press wherever the glow points, while it shows.
    The score reached and the sides pressed; fails at once if a glowed hop kills."""
    app = cli_app(data_dir, seed)
    try:
        frames(app, 3, DT)
        assert isinstance(app.stack.top, HelpOverlay), "a fresh profile opens the help card first"
        frames(app, 1, DT, events=[key(pygame.K_SPACE)])
        frames(app, 2, DT)
        scene = app.stack.top
        assert isinstance(scene, StairsScene) and scene.world.score == 0 and scene.world.seed == seed
        pressed = []
        for _ in range(40):
            side = glowing_side(app, scene)
            if side is None:
                break
            frames(app, 1, DT, events=[key(KEYS[side])])
            pressed.append(side)
            w = scene.world
            assert not w.over, f"seed {seed}: the glow pointed {side} at score {w.score}; that hop: {w.cause}"
            frames(app, 3, DT)  # the hop lands; the glow moves on (and fades out past the first hops)
        assert app.stack.errors == 0
        return scene.world.score, pressed
    finally:
        app.stack.close()
        app.profile.close()


@pytest.mark.parametrize("first", range(SEEDS.start, SEEDS.stop, CHUNK))
def test_hopping_where_the_glow_is_never_kills(tmp_path, first):
    for seed in range(first, min(first + CHUNK, SEEDS.stop)):
        score, pressed = play_the_glow(tmp_path / f"profile-{seed}", seed)
        assert score >= ly.HINT_HOPS, f"seed {seed}: the glow led only {score} hops"
        assert score == len(pressed)


def test_seed_5_glows_left_where_the_stair_is_not_right_where_the_spike_is(tmp_path):
    score, pressed = play_the_glow(tmp_path / "profile", 5)
    assert pressed[0] == "left" and score >= ly.HINT_HOPS
