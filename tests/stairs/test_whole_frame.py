"""Stairs on the whole frame of a wide window (2560x1080: the landscape canvas widened to 1327x560): the sky painted
across the frame once with the foliage at the frame's own edges (no seam where the canvas ends, no foliage repeated
beside it), a tap anywhere on the frame's left or right half hops that way (the far margins included), the HUD at
the frame's edges and its pause button answering where it is drawn, and the run the same as on the canvas (the
camera keeps the canvas's focus, moved to the frame's middle). Events go through the app's window mapping (posted
in window pixels, as the player's mouse and fingers send them)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from arcade.engine.ui.input import LANDSCAPE_SIZE
from arcade.shell.pause import PauseOverlay
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from arcade.stairs.layers import focus_for
from helpers import frames, key, settle
from tests.stairs.test_landscape import sides

WIDE = (2560, 1080)
KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}


def start(make_app, window=WIDE, seed=5):
    app = make_app(window=window, seed=seed)
    app.profile.set("help.stairs", True)  # past the first-run card
    s = app.registry["stairs"].make_scene(app, resume=False)
    app.stack.reset(s, fade=False)
    settle(app, 0.3)
    assert app.stack.top is s
    return app, s


def inner_x(app) -> int:
    """Where the canvas's left edge is in the frame."""
    return (app.frame_size[0] - app.size[0]) // 2


def post(app, events) -> None:
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    for _ in range(3):
        app.step(1 / 60)


def press_at(app, at, touch=False) -> None:
    """A click (or a finger's tap) at window pixel ``at``."""
    if touch:
        ww, wh = app.fit.window
        nx, ny = (at[0] + 0.5) / ww, (at[1] + 0.5) / wh
        post(app, [pygame.event.Event(kind, x=nx, y=ny, dx=0.0, dy=0.0, touch_id=1, finger_id=0, pressure=1.0)
                   for kind in (pygame.FINGERDOWN, pygame.FINGERUP)])
        return
    post(app, [pygame.event.Event(kind, pos=at, button=1, touch=False)
               for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)])


def leafy(pixels: np.ndarray) -> np.ndarray:
    """Foliage pixels: green above red and blue (the evening sky is never green)."""
    r, g, b = (pixels[..., i].astype(int) for i in range(3))
    return (g > r + 12) & (g > b + 12)


def test_the_sky_and_the_foliage_fill_the_frame_without_a_seam(make_app):
    app, s = start(make_app)
    fw, fh = app.frame_size
    assert (fw, fh) == (1327, 560) and app.size == LANDSCAPE_SIZE
    assert s.area == (fw, fh) and s.view.size == (fw, fh)
    frames(app, 1)
    picture = pygame.surfarray.array3d(app.framed).astype(int)  # what the window shows, in frame pixels
    x0 = inner_x(app)
    rows = slice(200, 470)  # below the HUD's corner, above the start hint
    # the foliage climbs at the frame's own edges, and nowhere beside the canvas's old place
    edge_leaves = leafy(picture[:100, rows]).mean(), leafy(picture[fw - 100:, rows]).mean()
    assert min(edge_leaves) > 0.1, edge_leaves
    beside = leafy(picture[x0 - 120:x0 + 10, rows]).mean(), leafy(picture[x0 + 830:x0 + 960, rows]).mean()
    assert max(beside) < 0.01, beside  # (drawn at the canvas's edges, as before, the leaves would be there)

    # no seam where the canvas ends: the columns either side of its edges differ as little as neighbours in the sky
    def step(x):
        return np.abs(picture[x - 1, rows] - picture[x, rows]).mean()

    sky = np.median([step(x) for x in range(150, fw - 150)])
    for x in (x0, x0 + LANDSCAPE_SIZE[0]):
        assert step(x) <= 3 * sky + 2, (x, step(x), sky)


def test_a_tap_in_the_far_margins_hops_that_way(make_app):
    app, s = start(make_app)
    ww, wh = WIDE
    assert app.fit.to_canvas((6, wh // 2)) is None  # the window's edges are beyond the canvas: the frame's margins
    first = next_hop(s.world)
    near, far = ((6, wh // 2), (ww - 6, wh // 2)) if first == "left" else ((ww - 6, wh // 2), (6, wh // 2))
    press_at(app, near)  # a click at the window's edge on the side of the next stair: a hop up there
    assert [side for _, side in s.world.hops] == [first] and not s.world.over
    second = next_hop(s.world)
    press_at(app, near if second == first else far, touch=True)  # a finger's tap there too
    assert [side for _, side in s.world.hops] == [first, second] and not s.world.over
    seen = sides(s)
    press_at(app, (ww // 2 - 10, wh // 2))
    press_at(app, (ww // 2 + 10, wh // 2))
    assert seen == ["left", "right"]  # the halves split at the window's (the frame's) middle


def test_the_hud_keeps_to_the_frames_edges_and_pause_answers_where_it_is_drawn(make_app):
    from arcade.engine.ui import colors

    app, s = start(make_app)
    fw, fh = app.frame_size
    lay = s.layout
    assert lay.pause.right >= fw - 20 and lay.pause.top <= 20  # the top-right corner of the frame
    assert lay.score[0] <= 40 and lay.best[0] <= 40  # the score in the top-left corner
    assert lay.panel.card.centerx == fw // 2  # the card in the middle
    frames(app, 1)
    # the pause icon's bars are drawn there, light on the frame
    bar = (lay.pause.centerx - 4, lay.pause.centery)
    assert tuple(app.framed.get_at(bar))[:3] == colors.TEXT_LIGHT
    # the start hint: its pill centred, its arrows in the frame's bottom corners
    y = fh - lay.hint_y
    for x in (lay.arrow_x, fw - lay.arrow_x):
        assert tuple(app.framed.get_at((x, y)))[:3] == colors.TEXT_LIGHT, x
    assert tuple(app.framed.get_at((fw // 2, y - 20)))[:3] == sc.INK
    at = app.fit.to_window(lay.pause.center, frame=True)
    assert at[0] > WIDE[0] - 120  # at the window's right edge, beyond the canvas
    press_at(app, at)
    assert isinstance(app.stack.top, PauseOverlay) and not s.world.hops


@pytest.mark.parametrize("window", [(1920, 1080), (1280, 1000), (450, 1000)])
def test_a_run_plays_the_same_in_any_window(make_app, window):
    """The same seed and the same hops: the same run, the robot at the canvas's focus moved to the frame's middle."""
    def run(window):
        app, s = start(make_app, window, seed=9)
        for _ in range(12):
            frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
            frames(app, 4)
        settle(app, 1.0)
        return app, s

    app0, s0 = run(app_size := LANDSCAPE_SIZE if window[0] > window[1] else (480, 800))
    app1, s1 = run(window)
    assert app1.size == app_size and app1.frame_size != app_size
    assert s1.world.hops == s0.world.hops and s1.world.score == s0.world.score == 12
    assert s1.world.stairs == s0.world.stairs and s1.world.obstacles == s0.world.obstacles
    fx, fy = focus_for(app_size)
    ox, oy = (app1.frame_size[0] - app_size[0]) // 2, (app1.frame_size[1] - app_size[1]) // 2
    assert s1.view.camera.focus == (fx + ox, fy + oy)
    x0, y0 = s0.view.stairs.robot_screen()
    x1, y1 = s1.view.stairs.robot_screen()
    assert abs(x1 - ox - x0) < 1e-6 and abs(y1 - oy - y0) < 1e-6
