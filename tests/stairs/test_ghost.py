"""The Stairs ghost and the scene's replays: every run saved by the session (best marked), the best run racing the
next ones in step with the world's clock (older replays too), the setting that hides it, a translucent robot on
screen, an edge marker off-screen, and a player's world the ghost never touches."""
import threading
import time

import pygame
import pytest

from arcade.stairs import GAME
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from arcade.stairs.ghost import GHOST_ALPHA, Ghost
from arcade.stairs.replay import check, world_at
from arcade.stairs.world import STEP_Y, World
from helpers import frames, key
from tests.stairs.runs import end_world, frame, hop as hop_at, legacy_replay, play

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}


def best_run(seed=31, gap=0.2, hops=24):
    """A run of ``hops`` hops ``gap`` seconds apart, then a wait until its stair drops (its session)."""
    s = play(seed, [], "none")
    for _ in range(hops):
        hop_at(s, next_hop(s.state))
        frame(s, gap)
    while not s.over:
        frame(s, 1 / 60)
    return s


def best_record(seed=31, gap=0.2, hops=24, best=True):
    """:func:`best_run`'s replay, as the session records it."""
    return best_run(seed, gap, hops).replay(best=best)


def state(w):
    return (w.score, w.over, w.cause, w.ticks, w.stairs, w.obstacles, w.robot, tuple(w.hops))


def start(app, store=(), ghost=True):
    app.profile.set("help.stairs", True)
    app.profile.set("stairs.ghost", ghost)
    for rec in store:
        app.replays.add(rec)
    app.replays.flush()
    s = sc.StairsScene(app)
    app.stack.reset(s, fade=False)
    deadline = time.monotonic() + 10
    while s.ghost_run is None and store and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 1)
    return s


def hop(app, s, n=1, gap=0):
    for _ in range(n):
        frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
        if gap:
            frames(app, gap)


# ------------------------------------------------------------------------------------------- the ghost, pure timing
@pytest.mark.parametrize("seed", range(4))
def test_the_ghost_is_where_the_best_run_was_at_the_same_moment(seed):
    rec = best_record(seed=seed, gap=0.15 + 0.1 * seed)
    g = Ghost(check(rec.data))
    you = World(seed + 100)
    tick = 0
    for step in (0, 1, 7_000, 150_000, 333_333, 600_000, 1_000_000, 2_500_000, 4_000_000, 9_000_000):
        tick += step
        g.update(5.0, tick, you)  # a long frame: every animation has finished
        best = world_at(rec.data, tick)
        assert g.index == best.robot_stair.index and g.tick == min(tick, rec.data["result"]["fields"]["ticks"])
        if not best.over:  # standing on your staircase at the best run's exact height
            assert g.robot.y == best.robot_stair.y == -g.index * STEP_Y
            assert g.robot.x == g.where(g.index)[0]
    assert g.over and g.robot.gone  # the best run ended: its robot fell


def test_the_ghost_hops_on_your_stairs():
    rec = best_record(gap=0.3)
    g = Ghost(check(rec.data))
    you = World(5)
    path = {s.index: (s.x, s.y) for s in you.stairs}
    g.update(0.01, 0, you)
    g.update(0.01, 300_000, you)  # the second hop of the best run: queued behind the first
    first, second = g.robot.action, g.robot.queue[-1]
    assert (first.kind, first.start, first.end) == ("hop", path[0], path[1])
    assert (second.kind, second.start, second.end) == ("hop", path[1], path[2])


def test_far_ahead_the_ghost_is_above_the_screen_with_a_marker():
    rec = best_record(gap=0.1, hops=40)
    app_surface = pygame.Surface((480, 800))
    g = Ghost(check(rec.data))
    from arcade.stairs.layers import Camera

    you = World(5)
    cam = Camera()
    g.update(5.0, 2_500_000, you)
    assert g.index == 26 and g.items(cam, (480, 800)) == []
    kind, r = g.draw_overlay(app_surface, cam, you.score)
    assert kind == "marker" and r.top < 160 and g.lead(you.score) == "+26"  # at the top edge, under the HUD
    you2 = World(6)
    for _ in range(30):
        you2.hop(next_hop(you2))
    cam.follow(you2.robot_stair.x, you2.robot_stair.y)
    cam.snap()
    g2 = Ghost(check(rec.data))
    g2.update(5.0, 500_000, you2)  # far behind you now
    kind, r = g2.draw_overlay(app_surface, cam, you2.score)
    assert kind == "marker" and r.bottom > 700 and g2.lead(you2.score) == f"-{30 - g2.index}"


# ------------------------------------------------------------------------------------------- the scene's replays
def test_every_finished_run_is_saved_and_replays_to_the_same_world(app):
    s = start(app)
    hop(app, s, 6, gap=5)
    frames(app, 1, events=[key(KEYS["left" if next_hop(s.world) == "right" else "right"])])  # a wrong side
    assert s.world.over
    app.replays.flush()
    (rec,) = app.replays.list("stairs")
    assert rec.best and rec.score == 6 == app.profile.best("stairs")
    assert state(end_world(rec.data)) == state(s.world)
    s.restart()
    hop(app, s, 2, gap=3)
    s.restart()  # left mid-run: saved too, not a best
    app.replays.flush()
    newest = next(r for r in app.replays.list("stairs") if r.id != rec.id)
    assert not newest.best and "result" not in newest.data and newest.score == 2
    left = check(newest.data)
    assert (left.score, left.cause, len(left.hops)) == (2, None, 2)
    assert [r["outcome"] for r in app.profile.history("stairs")] == ["over", "abandoned"]


def test_a_dropped_run_is_saved_with_its_exact_end(app):
    s = start(app)
    hop(app, s, 3, gap=2)
    while not s.world.over:
        frames(app, 20)
    app.replays.flush()
    (rec,) = app.replays.list("stairs")
    end = rec.data["result"]["fields"]
    assert end["cause"] == "dropped" and end["ticks"] == s.world.ticks and end["hops"] == 3
    assert state(end_world(rec.data)) == state(s.world)


def test_the_demo_saves_nothing(app):
    s = sc.StairsScene(app, demo=True)
    app.stack.reset(s, fade=False)
    for _ in range(40):
        frames(app, 60, dt=0.05)
    app.replays.flush()
    assert app.replays.list("stairs") == [] and s.ghost is None


# ------------------------------------------------------------------------------------------- the race
def test_the_best_replay_races_in_step_with_the_world_clock(app):
    rec = best_record()
    worse = best_record(seed=2, hops=5)
    s = start(app, [worse, rec])
    assert s.ghost_run == check(rec.data)  # the highest best
    assert s.ghost is not None and s.view.stairs.ghost is s.ghost
    hop(app, s, 3, gap=20)
    assert s.ghost.tick == s.world.ticks > 0
    assert s.ghost.index == world_at(rec.data, s.world.ticks).robot_stair.index


def test_the_best_is_read_off_the_ui_thread(app):
    seen = []
    real = app.replays.list

    def spy(game):
        seen.append(threading.current_thread() is threading.main_thread())
        return real(game)

    app.replays.list = spy
    s = start(app, [best_record()])
    assert seen == [False] and s.ghost_run is not None


def test_a_damaged_best_is_passed_over(app):
    good = best_record(hops=6)
    bad = best_record(hops=30)
    result = bad.data["result"]
    bad = type(bad)(bad.game, bad.score, bad.data | {"result": result | {"score": result["score"] + 1}}, best=True)
    s = start(app, [good, bad])
    assert s.ghost_run == check(good.data)


def test_an_old_best_replay_races_too(app):
    s = start(app, [legacy_replay(best_run(hops=12).state, best=True)])
    assert s.ghost_run is not None and s.ghost_run.score == 12 and s.ghost_run.cause == "dropped"
    hop(app, s, 2, gap=20)
    assert s.ghost.tick == s.world.ticks > 0


def test_no_best_run_no_ghost(app):
    s = start(app, [best_record(best=False)])
    time.sleep(0.2)
    frames(app, 2)
    assert s.ghost_run is None and s.ghost is None and s.view.stairs.ghost is None


def test_a_new_best_races_the_next_run(app):
    s = start(app, [best_record(hops=3)])
    old = s.ghost_run
    hop(app, s, 8, gap=2)
    frames(app, 1, events=[key(KEYS["left" if next_hop(s.world) == "right" else "right"])])
    assert s.ghost_run != old and s.ghost_run.score == 8
    s.restart()
    frames(app, 1)
    assert s.ghost.run.score == 8 and s.ghost.index == 0


def test_the_ghost_never_changes_your_world(app, make_app):
    """The same inputs with and without a ghost leave the same world."""
    worlds = []
    for ghost in (True, False):
        a = make_app(seed=11) if ghost else app
        a.seed = 11
        s = start(a, [best_record()], ghost=ghost)
        for i in range(12):
            hop(a, s, 1, gap=7 + i % 5)
        frames(a, 30)
        worlds.append(state(s.world))
    assert worlds[0] == worlds[1]


# ------------------------------------------------------------------------------------------- drawing
def ghost_on_screen(app):
    s = start(app, [best_record(gap=0.15)])
    hop(app, s, 1)
    frames(app, 33)  # 0.55 s: the best run has made 4 hops (0, 0.15, 0.3, 0.45 s), you 1: the ghost is 3 above
    assert s.ghost.index - s.world.score == 3 and not s.ghost.robot.busy
    return s


def test_a_translucent_robot_is_drawn_where_the_ghost_is(app):
    s = ghost_on_screen(app)
    (item,) = s.ghost.items(s.view.camera, app.size)
    _, _, spr, sx, sy, alpha = item
    assert alpha == pytest.approx(GHOST_ALPHA)
    on, off = pygame.Surface(app.size), pygame.Surface(app.size)
    s.draw(on)
    app.profile.set("stairs.ghost", False)
    s._ghost_tick(0.0)
    s.draw(off)
    x0, y0 = round(sx) - spr.anchor[0], round(sy) - spr.anchor[1]
    changed = blended = 0
    for y in range(spr.image.get_height()):
        for x in range(spr.image.get_width()):
            a, b = on.get_at((x0 + x, y0 + y)), off.get_at((x0 + x, y0 + y))
            if a == b:
                continue  # not the ghost's pixel, or covered by a nearer stair
            changed += 1
            src = spr.image.get_at((x, y))
            if src.a >= 240:  # where the robot is solid, the screen is half robot, half what is behind it
                want = [b[i] + (src[i] - b[i]) * GHOST_ALPHA * src.a / 255 for i in range(3)]
                assert all(abs(a[i] - want[i]) <= 4 for i in range(3)), (a, b, src)
                blended += 1
    assert changed > 800 and blended > 500
    assert on.get_rect().collidepoint(sx, sy)
    kind, tag = s.ghost.draw_overlay(on, s.view.camera, s.world.score)
    assert kind == "tag" and tag.bottom < y0 + 10 and s.ghost.lead(s.world.score) == "+3"  # "BEST" over its head


def test_the_setting_hides_the_ghost(app):
    s = ghost_on_screen(app)
    with_ghost = pygame.Surface(app.size)
    s.draw(with_ghost)
    app.profile.set("stairs.ghost", False)
    frames(app, 1)
    assert s.view.stairs.ghost is None
    bare = pygame.Surface(app.size)
    s.draw(bare)
    (_, _, spr, sx, sy, _), = s.ghost.items(s.view.camera, app.size)
    box = spr.image.get_rect(topleft=(round(sx) - spr.anchor[0], round(sy) - spr.anchor[1]))
    diff = sum(with_ghost.get_at(p) != bare.get_at(p) for p in ((x, y) for x in range(box.left, box.right, 3)
                                                                for y in range(box.top, box.bottom, 3)))
    assert diff > 50
    app.profile.set("stairs.ghost", True)
    frames(app, 1)
    assert s.view.stairs.ghost is s.ghost


def test_the_setting_is_declared_on_by_default_and_shown():
    from arcade.engine import settings

    spec = next(sp for sp in GAME.settings if sp.key == "stairs.ghost")
    assert spec.kind == "bool" and spec.default is True and not spec.hidden
    assert settings.default("stairs.ghost") is True


def test_the_settings_scene_lists_the_ghost(app):
    from arcade.shell.settings_scene import SettingsScene

    s = SettingsScene(app)
    assert "stairs.ghost" in [it.key for it in s.list.items]
