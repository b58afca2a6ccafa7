"""The Stairs scene driven by synthetic events and real frames: input, the hop queue, game overs, panel, demo."""
import pygame
import pytest

from arcade.shell.help import HelpOverlay
from arcade.shell.pause import PauseOverlay
from arcade.engine.scene import Scene
from arcade.stairs import layers as ly
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import Autopilot, next_hop
from arcade.stairs.world import drop_interval
from arcade.engine.storage import Profile
from helpers import click, finger, frames, key, mouse_down, mouse_up, settle, tap

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}


class Sounds:
    """Stands in for the mixer: remembers what was played."""

    def __init__(self):
        self.played = []
        self.volume, self.muted = 1.0, False

    def play(self, name, volume=1.0):
        self.played.append(name)

    def close(self):
        pass


def start(app, base=False, **kw):
    app.profile.set("help.stairs", True)  # no first-launch card in these tests
    app.audio = Sounds()
    s = sc.StairsScene(app, **kw)
    if base:
        root = Scene(app)
        app.stack.reset(root, fade=False)
        app.stack.push(s, fade=False)
    else:
        app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def spy(s):
    """Record the sides the scene presses (still applied to the world)."""
    sides = []
    real = s.press

    def press(side):
        sides.append(side)
        return real(side)

    s.press = press
    return sides


def wrong(world):
    return "left" if next_hop(world) == "right" else "right"


def climb(app, s, n, gap=9):
    for _ in range(n):
        frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
        frames(app, gap)


# ------------------------------------------------------------------------------------------------ input mapping
def test_screen_halves_keys_and_wasd(app):
    s = start(app)
    sides = spy(s)
    frames(app, 1, events=click((100, 500)))
    s.new_run()
    frames(app, 1, events=click((400, 300)))
    s.new_run()
    frames(app, 1, events=click((380, 700), button=3))  # right button in halves mode: where it was pressed
    s.new_run()
    for k in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d):
        frames(app, 1, events=[key(k)])
        s.new_run()
    frames(app, 1, events=[key(pygame.K_a, mod=pygame.KMOD_LCTRL)])  # a shortcut, not a hop
    frames(app, 1, events=click((200, 500), button=2))  # the middle button does nothing
    assert sides == ["left", "right", "right", "left", "left", "right", "right"]


def test_mouse_buttons_mode_and_touch_still_uses_halves(app):
    s = start(app)
    app.set_setting("stairs.mouse", "buttons")
    sides = spy(s)
    frames(app, 1, events=click((400, 500), button=1))  # left button on the right half: left
    s.new_run()
    frames(app, 1, events=click((60, 500), button=3))  # right button on the left half: right
    s.new_run()
    frames(app, 1, events=click((60, 500), button=2))
    frames(app, 1, events=tap(400, 500))  # a finger: the halves
    s.new_run()
    frames(app, 1, events=tap(60, 500))
    assert sides == ["left", "right", "right", "left"]


def test_a_touch_is_not_doubled_by_its_synthetic_mouse_copy(app):
    s = start(app)
    sides = spy(s)
    nx, ny = 400 / 480, 500 / 800
    frames(app, 1, events=[finger(pygame.FINGERDOWN, nx, ny), mouse_down((400, 500), touch=True),
                           finger(pygame.FINGERUP, nx, ny), mouse_up((400, 500), touch=True)])
    assert sides == ["right"] and s.presses == 1
    # two thumbs at once both count
    s.new_run()
    side = next_hop(s.world)
    frames(app, 1, events=[finger(pygame.FINGERDOWN, 0.2 if side == "left" else 0.8, 0.6, finger_id=0)])
    side2 = next_hop(s.world)
    frames(app, 1, events=[finger(pygame.FINGERDOWN, 0.2 if side2 == "left" else 0.8, 0.6, finger_id=1)])
    assert s.world.score == 2


def test_esc_and_the_pause_button_pause_without_hopping(app):
    s = start(app)
    sides = spy(s)
    frames(app, 1, events=click(sc.PAUSE_RECT.center))
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay) and sides == []
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # Esc resumes
    frames(app, 1)
    assert app.stack.top is s
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay) and sides == []
    assert "help" in app.stack.top.keys() and "restart" in app.stack.top.keys()
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    # Esc, a tap and the pause button in one frame: one pause, no hop behind its back
    frames(app, 1, events=[key(pygame.K_ESCAPE)] + tap(100, 500) + click(sc.PAUSE_RECT.center))
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay) and not isinstance(app.stack.scenes[-2], PauseOverlay)
    assert sides == [] and s.world.score == 0


def test_first_launch_shows_the_help_card_once(app):
    s = sc.make_scene(app)
    app.stack.reset(s, fade=False)
    frames(app, 2)
    assert isinstance(app.stack.top, HelpOverlay)
    assert app.profile.get("help.stairs")


def test_make_scene_resume_starts_a_new_run(app):
    s = sc.make_scene(app, resume=True)
    assert isinstance(s, sc.StairsScene) and not s.demo and s.world.score == 0


# ------------------------------------------------------------------------------------------------ the hop queue
def test_taps_during_a_hop_all_land_in_order_none_doubled(app):
    s = start(app)
    r = s.view.robot
    expected = []
    for i in range(3):  # three taps, one per frame, while the first hop is still in the air
        side = next_hop(s.world)
        frames(app, 1, events=[key(KEYS[side])])
        expected.append((s.world.robot_stair.x, s.world.robot_stair.y))
        assert s.world.score == i + 1  # the world took it at once: a tap that beats the drop counts
    assert s.view.robot.busy
    ends = []
    for _ in range(60):
        frames(app, 1)
        if r.action is not None and (not ends or ends[-1] != r.action.end):
            ends.append(r.action.end)
    assert ends[-2:] == expected[-2:] and ends == expected[-len(ends):]
    assert r.hops_shown == 3 and r.skipped == 0  # each shown once
    assert (r.x, r.y) == expected[-1] and not r.busy
    assert s.world.score == 3 and not s.world.over  # nothing doubled, nobody killed


def test_a_burst_of_taps_in_one_frame_is_not_lost(app):
    s = start(app)
    evs = []
    w = s.world
    # the path for the next 6 hops, computed from the world's stairs
    idx = w.robot_stair.index
    for k in range(6):
        a, b = w.stair(idx + k), w.stair(idx + k + 1)
        evs.append(key(KEYS["right" if b.x > a.x else "left"]))
    frames(app, 1, events=evs)
    assert w.score == 6 and not w.over
    settle(app, 1.0)
    r = s.view.robot
    assert r.hops_shown + r.skipped == 6 and r.skipped == 6 - 1 - ly.MAX_QUEUE
    assert (r.x, r.y) == (w.robot_stair.x, w.robot_stair.y)


def test_animations_off_snap(app):
    app.profile.set("anim_speed", 0.0)
    s = start(app)
    frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
    frames(app, 1)
    assert not s.view.robot.busy and (s.view.robot.x, s.view.robot.y) == (s.world.robot_stair.x, s.world.robot_stair.y)


# ------------------------------------------------------------------------------------------------ game over
def _find_hit(app, s):
    for _ in range(400):
        w = s.world
        side = wrong(w)
        d = -1 if side == "left" else 1
        here = w.robot_stair
        if w.obstacle_at(here.index + 1, here.col + d) is not None:
            return side
        frames(app, 1, events=[key(KEYS[next_hop(w)])])
        frames(app, 8)
    raise AssertionError("no spike next to the path in 400 stairs")


def _find_void(app, s):
    for _ in range(400):
        w = s.world
        side = wrong(w)
        d = -1 if side == "left" else 1
        here = w.robot_stair
        if w.obstacle_at(here.index + 1, here.col + d) is None:
            return side
        frames(app, 1, events=[key(KEYS[next_hop(w)])])
        frames(app, 8)
    raise AssertionError("no void next to the path in 400 stairs")


@pytest.mark.parametrize("cause", ["hit", "fell", "dropped"])
def test_each_cause_ends_the_run_records_it_and_shows_the_panel(make_app, cause):
    app = make_app(seed=7)
    s = start(app)
    climb(app, s, 3)
    if cause == "hit":
        frames(app, 1, events=[key(KEYS[_find_hit(app, s)])])
    elif cause == "fell":
        frames(app, 1, events=[key(KEYS[_find_void(app, s)])])
    else:
        for _ in range(600):  # wait for the stairs to drop under the robot
            frames(app, 1)
            if s.world.over:
                break
    w = s.world
    assert w.over and w.cause == cause
    score = w.score
    assert s.panel is not None and not s.panel_shown  # the fall plays first
    frames(app, 3, events=[key(pygame.K_LEFT)])  # hop keys do nothing any more
    assert w.score == score and s.presses == score + (0 if cause == "dropped" else 1)
    settle(app, sc.PANEL_DELAY + sc.PANEL_SLIDE + sc.PANEL_GRACE + 0.1)
    assert s.panel_shown and s.panel_ready and "game_over" in app.audio.played
    assert s.view.robot.gone  # it fell and faded
    assert "fall" in app.audio.played and (("hit" in app.audio.played) == (cause == "hit"))
    p = Profile(app.profile.dir)  # on disk
    assert p.best("stairs") == score
    hist = p.history("stairs")
    assert len(hist) == 1 and hist[0]["score"] == score and hist[0]["cause"] == cause
    assert (hist[0]["by"], hist[0]["outcome"], hist[0]["code"]) == ("player", "over", s.session.code)
    assert s.panel.cause == cause and s.panel.score == score and s.panel.best == score
    # the panel names the cause with its icon
    assert f"cause_{cause}" in s.view.stairs.sprites
    frames(app, 30)
    assert len(Profile(app.profile.dir).history("stairs")) == 1  # once per run


def _die(app, s):
    frames(app, 1, events=[key(KEYS[_find_void(app, s)])])
    settle(app, sc.PANEL_DELAY + sc.PANEL_SLIDE + sc.PANEL_GRACE + 0.1)
    assert s.panel_ready


@pytest.mark.parametrize("how", ["space", "enter", "click"])
def test_panel_restart(app, how):
    s = start(app)
    climb(app, s, 2)
    _die(app, s)
    first = s.world
    score = s.panel.score
    if how == "click":
        frames(app, 1, events=click(s.panel.button_rect("restart").center))
    else:
        frames(app, 1, events=[key(pygame.K_SPACE if how == "space" else pygame.K_RETURN)])
    assert s.world is not first and s.world.score == 0 and not s.world.over and s.panel is None
    assert app.stack.top is s
    assert len(app.profile.history("stairs")) == 1 and app.profile.best("stairs") == score >= 2


@pytest.mark.parametrize("how", ["esc", "click"])
def test_panel_menu_leaves_the_game(app, how):
    s = start(app, base=True)
    _die(app, s)
    if how == "click":
        frames(app, 1, events=click(s.panel.button_rect("menu").center))
    else:
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 30)
    assert s not in app.stack and len(app.stack) == 1


def test_frantic_taps_right_after_dying_do_not_restart(app):
    s = start(app)
    climb(app, s, 2)
    frames(app, 1, events=[key(KEYS[_find_void(app, s)])])
    first = s.world
    for _ in range(int((sc.PANEL_DELAY + sc.PANEL_SLIDE) * 60)):
        r = s.panel.button_rect("restart")
        frames(app, 1, events=click(r.center) + tap(*r.center))
    assert s.world is first


def test_best_score_kept_and_shown_new_best_only_when_beaten(make_app):
    app = make_app(seed=21)
    s = start(app)
    climb(app, s, 8)
    _die(app, s)
    first = s.panel.score
    assert first >= 8 and s.panel.new_best and Profile(app.profile.dir).best("stairs") == first
    frames(app, 1, events=[key(pygame.K_SPACE)])
    _die(app, s)
    assert s.panel.score < first  # (this seed's second run dies early)
    assert not s.panel.new_best and s.panel.best == first
    assert Profile(app.profile.dir).best("stairs") == first


def test_leaving_mid_run_keeps_the_best_and_counts_the_run_as_abandoned(app):
    s = start(app, base=True)
    climb(app, s, 5)
    app.stack.pop()
    frames(app, 30)
    p = Profile(app.profile.dir)
    (rec,) = p.history("stairs")
    assert p.best("stairs") == 5 and (rec["outcome"], rec["by"], rec["score"], rec["moves"]) == ("abandoned", "player",
                                                                                                5, 5)


def test_drop_and_hop_sounds(app):
    s = start(app)
    climb(app, s, 2, gap=1)
    assert app.audio.played.count("hop") >= 1
    settle(app, drop_interval(2) + 0.1)  # the drop timer runs from the first hop
    assert "drop" in app.audio.played


# ------------------------------------------------------------------------------------------------ camera, drawing
def test_camera_keeps_the_robot_near_the_focus_through_a_long_climb(app):
    s = start(app)
    pilot = Autopilot(seed=3, hops_per_second=4.0)
    worst = 0.0
    for _ in range(60 * 30):  # 30 s at 60 fps: about 120 hops
        side = pilot.poll(s.world, 1 / 60)
        frames(app, 1, events=[key(KEYS[side])] if side else [])
        if not s.view.robot.busy:
            x, y = s.view.stairs.robot_screen()
            worst = max(worst, abs(x - ly.FOCUS[0]), abs(y - ly.FOCUS[1]))
    assert not s.world.over and s.world.score >= 100
    assert worst < 60  # standing: never far from the focus point...
    settle(app, 1.0)
    x, y = s.view.stairs.robot_screen()
    assert abs(x - ly.FOCUS[0]) < 1 and abs(y - ly.FOCUS[1]) < 1  # ...and right on it once it stops


def test_the_robot_is_drawn_where_it_stands(make_app):
    app = make_app(seed=5)
    s = start(app)
    climb(app, s, 5)
    settle(app, 0.3)
    spr = s.view.stairs.sprites[s.view.robot.sprite_name()]
    fx, fy = s.view.stairs.robot_screen()
    ox, oy = round(fx) - spr.anchor[0], round(fy) - spr.anchor[1]
    hits = 0
    # the body above the feet (a nearer spike block beside the stair may rightly hide the feet)
    probes = [(x, y) for x in range(8, spr.image.get_width() - 8, 6) for y in range(8, spr.anchor[1] - 16, 6)
              if spr.image.get_at((x, y)).a == 255]
    assert len(probes) > 20
    for x, y in probes:
        if tuple(app.screen.get_at((ox + x, oy + y)))[:3] == tuple(spr.image.get_at((x, y)))[:3]:
            hits += 1
    assert hits == len(probes)  # every opaque robot pixel is on screen, nothing drawn over it
    # and the score is drawn at the top, in white
    from arcade.engine.ui import colors

    white = sum(1 for x in range(200, 280) for y in range(30, 95)
                if tuple(app.screen.get_at((x, y)))[:3] == colors.TEXT_LIGHT)
    assert white > 100


# ------------------------------------------------------------------------------------------------ demo
def test_demo_plays_by_itself_restarts_and_writes_nothing(app):
    app.audio = Sounds()
    d = sc.make_demo(app)
    d.enter()
    frames(app, 1)
    d.handle(key(pygame.K_LEFT))  # the demo host never passes input, and the demo ignores it anyway
    d.handle(click((100, 500))[0])
    top_score, t = 0, 0.0
    runs = d.runs
    bys = set()
    while d.runs == runs and t < 120:
        d.update(1 / 30)
        bys |= {by for _, by in d.session.line}
        if d.world.over:
            top_score = max(top_score, d.world.score)
        t += 1 / 30
    d.draw(app.screen)
    d.exit()
    assert d.runs == runs + 1  # it lost once (its planned slip) and started again
    assert top_score >= sc.DEMO_SLIP[0]
    p = Profile(app.profile.dir)
    assert d.session.mode == "demo" and bys == {"demo"}  # its hops are the demo's
    assert app.profile.best("stairs") == 0 and p.best("stairs") == 0
    assert app.profile.history("stairs") == [] and not app.profile.get("help.stairs")
    app.replays.flush()
    assert app.replays.list("stairs") == []


def test_demo_cadence_outruns_the_drops(app):
    d = sc.make_demo(app)
    d.slip_at = 10**9  # no planned slip
    d.enter()
    for _ in range(60 * 40):
        d.update(1 / 60)
    assert not d.world.over and d.world.score > 120


def test_the_pause_overlay_wears_the_night_palette(app):
    """Issue 16.8: Stairs pauses on its own night card, not 2048's beige buttons; other games keep the default."""
    from arcade.engine.ui import colors
    from arcade.shell.pause import DEFAULT_THEME, pause_theme

    s = start(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    assert (pause.list.colour, pause.list.hover) == (sc.BUTTON, sc.BUTTON_HOVER) and pause.card is not None
    pause.draw(app.screen)
    card, rect = pause.card
    assert tuple(app.screen.get_at((rect.x + 10, rect.centery)))[:3] != tuple(colors.BUTTON)[:3]
    plain = PauseOverlay(app, "stairs")
    assert (plain.list.colour, plain.card) == (colors.BUTTON, None) and plain.theme == DEFAULT_THEME
    with pytest.raises(ValueError):
        pause_theme({"buton": (1, 2, 3)})
    assert s.world.score == 0
