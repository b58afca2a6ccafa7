"""The Stairs layers: looping scenery, frame-rate independent camera, sky tints, robot animation queue, draw order."""
import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.stairs import layers as ly
from arcade.stairs import sky
from arcade.stairs import world as ly_world
from arcade.stairs.world import STEP_X, STEP_Y, World


@pytest.fixture
def screen(app):
    return app.screen


# ----------------------------------------------------------------------------------------------- scenery loop
@settings(max_examples=300, deadline=None)
@given(st.floats(-1e7, 1e7, allow_nan=False), st.sampled_from([400, 800, 1024, 1500]), st.sampled_from([0.3, 0.55, 1.0]))
def test_scenery_copies_always_cover_the_screen_one_period_apart(camera_y, period, parallax):
    sc = ly.Scenery((480, 800), parallax=parallax, period=period)
    ys = sc.copies(camera_y)
    h = sc.period
    assert len(ys) >= (1 if h >= 800 else 2)
    assert -h < ys[0] <= 0  # the first copy reaches the top edge...
    assert ys[-1] + h >= 800 and ys[-1] < 800  # ...the last one the bottom edge, and none is wasted
    assert all(b - a == h for a, b in zip(ys, ys[1:]))  # stacked exactly: no gap, no overlap, no seam offset
    assert ys == sc.copies(camera_y)  # a pure function of the camera


def test_scenery_art_is_there_and_taller_than_the_screen(app):
    sc = ly.Scenery(app.size)
    assert len(sc.strips) == 2 and sc.period >= app.size[1]
    xs = sorted(x for _, x in sc.strips)
    assert xs[0] == 0 and xs[1] + sc.strips[0][0].get_width() == app.size[0]  # hugging both edges


def test_scenery_slides_down_as_the_camera_climbs_and_loops(app):
    sc = ly.Scenery(app.size, parallax=0.5)
    h = sc.period
    # climbing (camera y decreasing) moves the leaves down, the opposite way, at half the speed
    for y0 in (0.0, -500.0, -12345.0):
        moved = (sc.copies(y0 - 20.0)[0] - sc.copies(y0)[0]) % h
        assert moved == 10
    # one loop period of scroll later the picture is the same
    a, b = pygame.Surface(app.size), pygame.Surface(app.size)
    for y0 in (0.0, -137.0, -1999.5):
        a.fill((0, 0, 0))
        b.fill((0, 0, 0))
        sc.draw(a, y0)
        sc.draw(b, y0 - 2 * h)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_scenery_seam_is_invisible(app):
    """Drawn across the seam, neighbouring rows differ no more than they do inside the strip."""
    sc = ly.Scenery(app.size, parallax=0.5)
    h = sc.period
    surf = pygame.Surface(app.size)
    surf.fill((60, 50, 90))
    cam = -2 * 400.0  # scroll 400: the seam sits at screen row 400
    assert 400 in sc.copies(cam)
    sc.draw(surf, cam)
    import numpy as np

    px = pygame.surfarray.array3d(surf).astype(int)
    strip_cols = np.r_[0:120, 360:480]

    def diff(y):
        return np.abs(px[strip_cols, y] - px[strip_cols, y + 1]).mean()

    seam = diff(399)
    inside = sorted(diff(y) for y in range(10, 790) if abs(y - 399) > 2)
    assert seam <= inside[int(len(inside) * 0.97)]  # within the ordinary row-to-row variation


def test_scenery_position_is_frame_rate_independent(app):
    """The camera's easing is exact for any dt split; the scenery is a function of the camera alone."""
    sc = ly.Scenery(app.size)
    cams = []
    for dt in (1 / 20, 1 / 60, 1 / 100):
        cam = ly.Camera(0.0, 0.0)
        t = 0.0
        trail = []
        for target in range(1, 9):  # a new target every 0.25 s (a hop)
            cam.follow(target * STEP_X, -target * STEP_Y)
            for _ in range(round(0.25 / dt)):
                cam.update(dt)
                t += dt
            trail.append((cam.x, cam.y))
        cams.append(trail)
    for trail in cams[1:]:
        for (x0, y0), (x1, y1) in zip(cams[0], trail):
            assert x1 == pytest.approx(x0, abs=1e-9) and y1 == pytest.approx(y0, abs=1e-9)
            assert sc.copies(y1) == sc.copies(y0) or abs(sc.scroll(y1) - round(sc.scroll(y1))) < 1e-6


def test_camera_converges_to_its_target():
    cam = ly.Camera(0.0, 0.0)
    cam.follow(100.0, -340.0)
    for _ in range(120):
        cam.update(1 / 60)
    assert cam.x == pytest.approx(100.0, abs=0.01) and cam.y == pytest.approx(-340.0, abs=0.05)
    assert cam.to_screen(100.0, -340.0) == pytest.approx(ly.FOCUS, abs=0.1)


# ----------------------------------------------------------------------------------------------- sky
def test_sky_shifts_with_the_score_and_recomposes_only_on_change(app, screen):
    bg = ly.Background(app.size)
    assert len(bg.tints) == len(ly.SKY_TINTS) >= 2
    bg.reset(0)
    bg.draw(screen)
    bg.draw(screen)
    assert bg.composes == 1  # the same blend twice: one compose, then a plain blit
    top0 = tuple(screen.get_at((240, 60)))
    bg.reset(ly.SKY_STEP)  # one whole tint later
    bg.draw(screen)
    top1 = tuple(screen.get_at((240, 60)))
    assert top0 != top1
    # slowly: one point of score moves the blend by a small step, eased over time
    bg.reset(10)
    start = bg.level
    bg.update(1 / 60, 11)
    assert start < bg.level < start + 1 / ly.SKY_STEP
    for _ in range(600):
        bg.update(1 / 60, 11)
    assert bg.level == pytest.approx(11 / ly.SKY_STEP)


def test_sky_is_built_in_small_bands_once_per_process(app, monkeypatch):
    import numpy as np

    from arcade.engine import assets

    monkeypatch.setattr(sky, "_SKIES", {})
    w, h = app.size
    steps = sum(1 for _ in ly.sky_steps(app.size))
    assert steps == 1 + len(ly.SKY_TINTS) * math.ceil(h / ly.SKY_BAND_ROWS)  # many small steps, not one big one
    tints = sky._SKIES[(w, h)]
    base = assets.image("stairs_background")
    for (mul, add), tint in zip(ly.SKY_TINTS, tints):  # banding changes nothing: same pixels as one whole pass
        whole = pygame.surfarray.array3d(sky._tint(base, mul, add))
        assert np.array_equal(pygame.surfarray.array3d(tint), whole)

    def boom(*_):
        raise AssertionError("the sky was tinted again")

    monkeypatch.setattr(sky, "_tint", boom)
    a, b = ly.Background(app.size), ly.Background(app.size)
    assert a.tints is tints and b.tints is tints
    assert sum(1 for _ in ly.sky_steps(app.size)) == 0  # warm: nothing left to do


def test_sky_tints_builds_what_the_menu_did_not_warm(app, monkeypatch):
    monkeypatch.setattr(sky, "_SKIES", {})
    gen = ly.sky_steps(app.size)
    next(gen), next(gen)  # a warm-up left half-way (the player pressed Play early)
    assert sky._SKIES == {}
    assert len(ly.Background(app.size).tints) == len(ly.SKY_TINTS)


def test_sky_key_wraps_through_the_tints():
    class B(ly.Background):
        def __init__(self):  # no images needed for the key arithmetic
            self.tints = [None] * 4
            self.level = 0.0

    b = B()
    seen = set()
    for i in range(0, 8 * ly.SKY_STEP + 1):
        b.level = i / ly.SKY_STEP
        k = b.key()
        assert 0 <= k[0] < 4 and 0 <= k[1] < ly.SKY_LEVELS
        seen.add(k[0])
    assert seen == {0, 1, 2, 3}


# ----------------------------------------------------------------------------------------------- robot queue
def _hops(n):
    return [((i * STEP_X, -i * STEP_Y), ((i + 1) * STEP_X, -(i + 1) * STEP_Y)) for i in range(n)]


def test_robot_shows_queued_hops_in_order_each_once():
    r = ly.RobotView(0.0, 0.0, "right")
    ends = []
    for a, b in _hops(3):
        r.hop("right", a, b)
    while r.busy:
        r.update(1 / 240)
        if r.action is not None and (not ends or ends[-1] != r.action.end):
            ends.append(r.action.end)
    assert ends == [b for _, b in _hops(3)]
    assert r.hops_shown == 3 and r.skipped == 0
    assert (r.x, r.y) == _hops(3)[-1][1] and r.lift == 0.0


def test_robot_queue_is_bounded_and_skips_the_oldest():
    r = ly.RobotView(0.0, 0.0, "right")
    hops = _hops(ly.MAX_QUEUE + 4)
    for a, b in hops:
        r.hop("right", a, b)
    assert len(r.queue) == ly.MAX_QUEUE
    r.update(10.0)
    assert r.hops_shown + r.skipped == len(hops)
    assert (r.x, r.y) == hops[-1][1]


def test_queued_hops_play_faster_than_one_alone():
    one = ly.RobotView(0.0, 0.0, "right")
    one.hop("right", *_hops(1)[0])
    three = ly.RobotView(0.0, 0.0, "right")
    for a, b in _hops(3):
        three.hop("right", a, b)
    t1 = t3 = 0.0
    while one.busy:
        one.update(0.001)
        t1 += 0.001
    while three.busy:
        three.update(0.001)
        t3 += 0.001
    assert t1 == pytest.approx(ly.HOP_TIME, abs=0.002)
    assert t3 < 3 * ly.HOP_TIME * 0.8


def test_hop_arc_rises_and_faces_its_side():
    r = ly.RobotView(0.0, 0.0, "right")
    r.hop("left", (0.0, 0.0), (-STEP_X, -STEP_Y))
    r.update(ly.HOP_TIME / 2)
    assert r.facing == "left" and r.pose == "hop"
    assert r.lift == pytest.approx(ly.HOP_HEIGHT, rel=0.05)
    assert r.sprite_name() == "robot_hop_left"
    r.update(ly.HOP_TIME)
    assert r.lift == 0.0 and r.sprite_name() in ("robot_land_left", "robot_idle_left")
    r.update(1.0)
    assert r.sprite_name() == "robot_idle_left"


@pytest.mark.parametrize("kind", ["miss", "bump", "drop"])
def test_every_game_over_ends_in_a_fall_that_fades(kind):
    sounds = []
    r = ly.RobotView(0.0, 0.0, "right", sound=lambda name, volume=1.0: sounds.append(name))
    if kind == "drop":
        r.drop()
    else:
        r.miss("left", (0.0, 0.0), (-STEP_X, -STEP_Y), hit=kind == "bump")
    y0 = r.last_end()[1]
    r.update(0.3)
    assert r.falling and r.pose == "fall" and r.y > y0
    r.update(2.0)
    assert r.gone
    assert "fall" in sounds and (("hit" in sounds) == (kind == "bump"))


# ----------------------------------------------------------------------------------------------- stair layer
def _layer(app):
    layer = ly.StairLayer(app.size)
    w = World(seed=11)
    layer.reset(w)
    return layer, w


def test_nearer_stairs_are_drawn_over_farther_ones(app, screen):
    layer, w = _layer(app)
    s0, s1 = w.stairs[0], w.stairs[1]
    d = 1 if s1.x > s0.x else -1
    screen.fill((0, 0, 0))
    layer.draw(screen, w)
    # a point on stair 0's top face that stair 1's riser also covers (outside the robot)
    px = (ly.FOCUS[0] + d * 40, ly.FOCUS[1] - 5)
    tile = layer.sprites["stair"]
    ax, ay = tile.anchor
    near = tuple(tile.image.get_at((ax + d * 40, ay - 5)))[:3]  # stair 0's own pixel there
    far = tuple(tile.image.get_at((ax + d * 40 - d * 50, ay - 5 + 34)))[:3]  # stair 1's pixel there
    assert near != far
    assert tuple(screen.get_at(px))[:3] == near


def test_dropped_stairs_fall_with_gravity_and_fade(app, screen):
    layer, w = _layer(app)
    w.hop(w.next_side)
    w.update(w.drop_interval + 1e-6)
    layer.feed(w.drain_events())
    assert layer.falling and all(f.alpha == 1.0 for f in layer.falling)
    f = layer.falling[0]
    layer.update(0.1)
    d1 = f.dy
    layer.update(0.1)
    assert f.dy - d1 > d1 > 0  # accelerating
    assert 0 < f.alpha < 1
    layer.draw(screen, w)
    layer.update(ly.FALL_FADE)
    assert not layer.falling


def test_sprites_are_prescaled_once():
    a = ly.load_sprites(ly.SCALE)
    assert a is ly.load_sprites(ly.SCALE)
    st = a["stair"].image
    assert st.get_size() == (round(100 * ly.SCALE), round(60 * ly.SCALE))
    assert {"robot_idle_left", "robot_hop_right", "robot_fall_left", "robot_land_right", "obstacle",
            "robot_shadow", "stair_cracked"} <= set(a)
    assert math.isclose(a["robot_land_left"].image.get_width(), a["robot_idle_left"].image.get_width() * 1.12, abs_tol=1)


# ----------------------------------------------------------------------------------------------- readability (#16)
class RecordingSurface(pygame.Surface):
    """A surface that remembers what was blitted where (images by identity)."""

    def __init__(self, size):
        super().__init__(size)
        self.blits_done = []

    def blit(self, source, dest, *args, **kwargs):
        self.blits_done.append((source, tuple(dest)))
        return super().blit(source, dest, *args, **kwargs)


def _opaque(spr, x, y):
    """The screen rectangle of a sprite's visible pixels when its anchor goes on design point (x, y)."""
    r = spr.image.get_bounding_rect(min_alpha=32)  # faint anti-aliasing and the block's soft shadow aside
    return r.move(round(x * ly.SCALE) - spr.anchor[0], round(y * ly.SCALE) - spr.anchor[1])


@pytest.mark.parametrize("seed", range(6))
def test_no_spike_block_overlaps_the_robot_where_it_stands(app, seed):
    """A spike two rows up, or on a stair beside or below, never touches the standing robot's sprite."""
    sp = ly.load_sprites(ly.SCALE)
    w = World(seed=seed)
    poses = [sp[f"robot_{p}_{f}"] for p in ("idle", "land") for f in ("left", "right")]
    near = 0
    for _ in range(400):
        r = w.robot_stair
        for o in w.obstacles:
            if abs(o.row - r.index) <= 3:
                near += 1
                spike = _opaque(sp["obstacle"], o.x, o.y)
                for pose in poses:
                    assert not _opaque(pose, r.x, r.y).colliderect(spike), (seed, r, o)
        w.hop(w.next_side)
    assert near > 100


def test_depth_fade_grows_with_the_distance_from_the_robots_row():
    assert ly.depth_fade(0.0) == 0.0
    up = [ly.depth_fade(k / 4) for k in range(80)]
    down = [ly.depth_fade(-k / 4) for k in range(80)]
    assert all(a < b for a, b in zip(up, up[1:])) and all(a < b for a, b in zip(down, down[1:]))
    assert ly.depth_fade(1.0) < 0.1  # the next row stays nearly as bright as the robot's own
    assert ly.depth_fade(8.0) > 0.4 > ly.depth_fade(-8.0)  # far up fades into the night more than far below
    shaded = ly.shaded_sprites(ly.SCALE)
    assert len(shaded["stair"]) * ly.DEPTH_STEP > max(ly.DEPTH_UP[0], ly.DEPTH_DOWN[0])


def test_a_warned_tail_is_drawn_cracked_and_reddening(app):
    layer, w = _layer(app)
    shaded = layer.shaded["stair_cracked"]
    w.hop(w.next_side)
    w.update(w.drop_interval - ly_world.WARN_LEAD / 2)  # half way through the warning
    layer.feed(w.drain_events())
    assert 0.4 < w.crack < 0.6 and w.stairs[0].index == 0
    surf = RecordingSurface(app.size)
    layer.draw(surf, w)
    used = [img for img, _ in surf.blits_done]
    assert any(img is shaded[round(w.crack * ly.WARN_LEVELS)].image for img in used)
    quiet = World(seed=11)
    surf = RecordingSurface(app.size)
    layer.reset(quiet)
    layer.draw(surf, quiet)  # nothing warned: no cracked stair at all
    assert not any(img is c.image for img, _ in surf.blits_done for c in shaded)


@pytest.mark.parametrize("seed", [5, 7, 9])
def test_only_the_safe_stair_glows_and_only_for_the_first_hops(app, seed):
    """One glow, on the stair the safe hop lands on, even when a spike stands in the other landing place
    (seeds 5 and 9 offer one early on); gone once the first hops are made."""
    w = World(seed=seed)
    layer = ly.StairLayer(app.size)
    layer.reset(w)
    glow = layer.shaded["hint"][0]
    spike_beside = False
    for _ in range(ly.HINT_HOPS):
        r = w.robot_stair
        side = w.next_side
        other_col = r.col + (-1 if side == "right" else 1)
        spike_beside |= w.obstacle_at(r.index + 1, other_col) is not None
        surf = RecordingSurface(app.size)
        layer.draw(surf, w)
        where = [pos for img, pos in surf.blits_done if img is glow.image]
        sx, sy = layer.camera.to_screen(w.next_stair.x, w.next_stair.y)
        assert where == [(round(sx) - glow.anchor[0], round(sy) - glow.anchor[1])]
        w.hop(side)
        layer.feed(w.drain_events())
        layer.update(0.2, w.score)
    layer.update(3.0, w.score)  # past HINT_HOPS: the glow fades out
    surf = RecordingSurface(app.size)
    layer.draw(surf, w)
    assert layer.hint == 0.0 and not any(img is glow.image for img, _ in surf.blits_done)
    assert spike_beside == (seed in (5, 9))


def test_a_spike_trap_stands_alone_and_differs_from_a_stair_in_shape(app):
    """No step is drawn under a spike (it is not a place to stand), and the outlines differ without colour: a
    stair's top edge is flat across the slab, a spike trap's is jagged (several separate peaks)."""
    w = World(seed=5)
    layer = ly.StairLayer(app.size)
    layer.reset(w)
    surf = RecordingSurface(app.size)
    layer.draw(surf, w)
    stair = layer.shaded["stair"][0]
    stairs = {id(s.image) for s in layer.shaded["stair"]} | {id(s.image) for s in layer.shaded["stair_cracked"]}
    spikes = {id(s.image) for s in layer.shaded["obstacle"]}
    stair_at = {pos for img, pos in surf.blits_done if id(img) in stairs}
    spike_at = {pos for img, pos in surf.blits_done if id(img) in spikes}
    assert len(spike_at) >= 3
    for o in w.obstacles:
        sx, sy = layer.camera.to_screen(o.x, o.y)
        assert (round(sx) - stair.anchor[0], round(sy) - stair.anchor[1]) not in stair_at
    shown = [layer.camera.to_screen(s.x, s.y) for s in w.stairs]
    assert all((round(x) - stair.anchor[0], round(y) - stair.anchor[1]) in stair_at
               for x, y in shown if 0 <= x <= app.size[0] and 0 <= y <= app.size[1])  # every step is drawn

    def top_profile(img):
        a = pygame.surfarray.array_alpha(img)  # (w, h)
        cols = [int((a[x] > 128).argmax()) if (a[x] > 128).any() else None for x in range(a.shape[0])]
        return [c for c in cols if c is not None]

    def peaks(profile):
        """Local minima of the top edge (the highest points), after merging plateaus."""
        n = 0
        for i in range(1, len(profile) - 1):
            if profile[i] < profile[i - 1] and profile[i] <= profile[i + 1]:
                n += 1
        return n

    sp = ly.load_sprites(ly.SCALE)
    stair_top = top_profile(sp["stair"].image)
    spike_top = top_profile(sp["obstacle"].image)
    flat = stair_top[len(stair_top) // 6: -len(stair_top) // 6]
    assert max(flat) - min(flat) <= 1  # a slab: flat across its middle
    assert peaks(spike_top) >= 3 and max(spike_top) - min(spike_top) >= 20  # a crown of spikes


def test_spikes_the_robot_has_passed_recede(app):
    """A spike trap at or below the robot's row can never be hopped into again: drawn see-through, so it does not
    stand in front of the stairs ahead; every spike above is drawn solid. Dropped ones fall from that faintness."""
    w = World(seed=7)
    for _ in range(30):
        w.hop(w.next_side)
    layer = ly.StairLayer(app.size)
    layer.reset(w)
    spikes = {id(s.image) for s in layer.shaded["obstacle"]}
    seen = []

    class Alphas(RecordingSurface):
        def blit(self, source, dest, *args, **kwargs):
            if id(source) in spikes:
                seen.append((tuple(dest), source.get_alpha()))
            return super().blit(source, dest, *args, **kwargs)

    layer.draw(Alphas(app.size), w)
    anchor = layer.shaded["obstacle"][0].anchor
    row_of = {}
    for o in w.obstacles:
        sx, sy = layer.camera.to_screen(o.x, o.y)
        if layer._edge(layer.sprites["obstacle"], sx, sy) == 1.0:  # clear of the edges, where spikes fade in
            row_of[(round(sx) - anchor[0], round(sy) - anchor[1])] = o.row
    here = w.robot_stair.index
    passed = [a for pos, a in seen if pos in row_of and row_of[pos] <= here]
    ahead = [a for pos, a in seen if pos in row_of and row_of[pos] > here]
    assert passed and ahead
    assert all(a == round(255 * ly.PASSED_SPIKE) for a in passed) and all(a in (None, 255) for a in ahead)
    for _ in range(6):  # drops, until a spike trap falls with its row
        w.update(w.drop_interval)
        layer.feed(w.drain_events())
        fell = [f for f in layer.falling if f.name == "obstacle"]
        if fell:
            break
    assert fell and not w.over and all(f.alpha == pytest.approx(ly.PASSED_SPIKE) for f in fell)


def test_the_glow_fits_the_stair_art(app):
    """The glow is drawn on the slab, which the art insets from its tile by the manifest's inset."""
    import json

    from arcade.engine import assets

    manifest = json.loads(assets.data_file("images", "manifest.json").read_text())
    assert manifest["stair"]["inset"] == ly.STAIR_INSET
    glow = ly.shaded_sprites(ly.SCALE)["hint"][0].image.get_bounding_rect()
    assert glow.left == round(ly.STAIR_INSET * ly.SCALE) and glow.right == round((100 - ly.STAIR_INSET) * ly.SCALE)


def test_stairs_side_by_side_are_apart(app):
    """Two stairs in one row (a step's width apart) never touch: a clear gap, so each step reads on its own."""
    sp = ly.load_sprites(ly.SCALE)
    a = _opaque(sp["stair"], 0, 0)
    b = _opaque(sp["stair"], 2 * STEP_X, 0)
    assert b.left - a.right >= 10
