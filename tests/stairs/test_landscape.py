"""Stairs on the landscape canvas (840x560, drawn in a wide window), along the player's path: the run made from the
menu through the registry, driven by synthetic events and real frames. The world uses the width (the robot lower
and centred, the sky painted for the wide shape), the HUD sits in the corners, the halves still split at the middle,
the game-over card and the replay are laid out wide, every text reads and none overlaps (English and 简体中文), and
a window turned mid-run lays everything out again without losing the run."""
from __future__ import annotations

import time

import pygame
import pytest

from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE
from arcade.shell.pause import PauseOverlay
from arcade.stairs import layers as ly
from arcade.stairs import replay_scene as rs
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from arcade.stairs.ghost import MARKS_WIDE, TAG_SIZE
from helpers import click, frames, key, settle, tap, until
from readable import MIN_CONTRAST, MIN_PX, Canvas, drawn, install, overlapping
from tests.stairs.test_ghost import best_record
from tests.stairs.test_text import FontSpy, all_backdrops

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}
SMALLEST = 714 / 840  # the smallest wide window shows the canvas at this scale
PANEL = sc.PANEL_DELAY + sc.PANEL_SLIDE + sc.PANEL_GRACE + 0.1


@pytest.fixture
def measured(monkeypatch):
    """The readability harness, with every text surface it tagged kept alive: a tag goes by the surface's id, which
    a later surface (the score's outline, say) could otherwise reuse."""
    import sys

    from arcade.engine.ui import text as text_mod

    install(monkeypatch)
    keep = []
    tagged_get, tagged_render = text_mod.Label.get, text_mod.render

    def get(self, t):
        keep.append(tagged_get(self, t))
        return keep[-1]

    def render(*args, **kwargs):
        keep.append(tagged_render(*args, **kwargs))
        return keep[-1]

    monkeypatch.setattr(text_mod.Label, "get", get)
    for name, mod in list(sys.modules.items()):
        if name.startswith("arcade") and mod is not None and getattr(mod, "render", None) is tagged_render:
            monkeypatch.setattr(mod, "render", render)
    yield
    Canvas.meta.clear()


def wide(make_app, **options):
    app = make_app(window=LANDSCAPE_SIZE, **options)  # the canvas's own shape: the tables as written (wider: test_frame.py)
    assert app.size == LANDSCAPE_SIZE and app.landscape
    app.profile.set("help.stairs", True)  # past the first-run card
    return app


def play(app, store=()):
    """Stairs as the menu starts it (the registry's make_scene over the menu), a few frames in."""
    from arcade.shell.menu import MenuScene

    for rec in store:
        app.replays.add(rec)
    app.replays.flush()
    app.stack.reset(MenuScene(app), fade=False)
    s = app.registry["stairs"].make_scene(app, resume=False)
    app.stack.push(s, fade=False)
    deadline = time.monotonic() + 10
    while store and s.ghost_run is None and time.monotonic() < deadline:  # the best is read off the UI thread
        time.sleep(0.01)
    settle(app, 0.3)
    assert app.stack.top is s
    return s


def climb(app, s, score, gap=3):
    while s.world.score < score:
        frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
        frames(app, gap)
    assert not s.world.over


def die(app, s):
    """A wrong hop, and the panel in place."""
    wrong = "left" if next_hop(s.world) == "right" else "right"
    frames(app, 1, events=[key(KEYS[wrong])])
    settle(app, PANEL)
    assert s.world.over and s.panel_ready


def sides(s):
    """Record the sides the scene presses, instead of hopping (a wrong side would end the run)."""
    seen = []

    def press(side):
        seen.append(side)
        return True

    s.press = press
    return seen


def readable(canvas, where: str) -> list[str]:
    """What is wrong with the texts on ``canvas``: too small at the smallest wide window, too faint, off the
    canvas, or on top of each other."""
    bad = [f"{where}: {p.text!r} {p.size} px" for p in canvas.pieces if p.size * SMALLEST < MIN_PX - 1e-9]
    bad += [f"{where}: {p.text!r} {p.contrast:.2f}:1" for p in canvas.pieces if p.contrast < MIN_CONTRAST]
    bad += [f"{where}: {p.text!r} runs off at {tuple(p.rect)}" for p in canvas.pieces if p.cut]
    bad += [f"{where}: {a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
    return bad


def piece(canvas, text):
    found = [p for p in canvas.pieces if p.text == text]
    assert found, (text, [p.text for p in canvas.pieces])
    return found[0]


# ------------------------------------------------------------------------------------------------ the world
def test_the_robot_stands_lower_and_centred_and_the_view_is_the_canvas(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    w, h = LANDSCAPE_SIZE
    fx, fy = ly.focus_for(LANDSCAPE_SIZE)
    assert fx == w // 2 and fy / h > ly.FOCUS[1] / LOGICAL_SIZE[1] + 0.05  # lower than on the portrait canvas
    climb(app, s, 8)
    settle(app, 1.0)
    x, y = s.view.stairs.robot_screen()
    assert abs(x - fx) < 1 and abs(y - fy) < 1
    # the robot is drawn there: its opaque pixels are on the canvas where its feet are
    spr = s.view.stairs.sprites[s.view.robot.sprite_name()]
    ox, oy = round(x) - spr.anchor[0], round(y) - spr.anchor[1]
    probes = [(px, py) for px in range(8, spr.image.get_width() - 8, 6) for py in range(8, spr.anchor[1] - 16, 6)
              if spr.image.get_at((px, py)).a == 255]
    assert probes and all(tuple(app.screen.get_at((ox + px, oy + py)))[:3] == tuple(spr.image.get_at((px, py)))[:3]
                          for px, py in probes)
    # more rows ahead than behind: at least 10 rows of stairs above the robot's feet; the layer culls by the wide
    # canvas, so what stands beyond the portrait canvas's 480-pixel column is drawn too
    assert fy / ly.STEP_Y >= 10 and s.view.stairs.size == LANDSCAPE_SIZE


def test_the_sky_and_the_foliage_fill_the_width_unstretched(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    bg, scenery = s.view.background, s.view.scenery
    assert all(t.get_size() == LANDSCAPE_SIZE for t in bg.tints)
    # the moon is the portrait picture's moon, its size and shape: the picture stretched to the wide canvas would
    # make it 1.75 times as wide and 0.7 times as tall
    from arcade.engine import assets

    def moon(sky, around):
        x0, y0 = around
        xs, ys = zip(*[(x, y) for x in range(x0 - 90, x0 + 90) for y in range(max(0, y0 - 90), y0 + 90)
                       if sum(abs(a - b) for a, b in zip(sky.get_at((x, y))[:3], ly.MOON)) < 30])
        return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1

    mx, my, _r = ly.WIDE_MOON
    wide_moon = moon(bg.tints[0], (round(mx * LANDSCAPE_SIZE[0]), round(my * LANDSCAPE_SIZE[1])))
    tall_moon = moon(assets.image("stairs_background"), (370, 120))
    assert all(abs(a - b) <= 3 for a, b in zip(wide_moon, tall_moon)), (wide_moon, tall_moon)
    sky = bg.tints[0]
    # the sky is one gradient across the width: the same colour at the left and right edges of a starless row
    row = round(LANDSCAPE_SIZE[1] * 0.7)
    left, right = sky.get_at((2, row)), sky.get_at((LANDSCAPE_SIZE[0] - 3, row))
    assert sum(abs(a - b) for a, b in zip(left[:3], right[:3])) <= 6, (left, right)
    # the foliage strips stand at both edges of the wide canvas, stacked over its whole height
    (img_l, x_l), (img_r, x_r) = scenery.strips
    assert x_l == 0 and x_r + img_r.get_width() == LANDSCAPE_SIZE[0]
    tops = scenery.copies(s.view.camera.y)
    assert tops[0] <= 0 and tops[-1] + scenery.period >= LANDSCAPE_SIZE[1]
    # ...and drawn there: where the right strip is opaque at the canvas's right edge, the canvas shows its pixels
    frames(app, 1)
    tops = scenery.copies(s.view.camera.y)
    sx = img_r.get_width() - 4
    opaque = [y for y in range(0, LANDSCAPE_SIZE[1], 4) if img_r.get_at((sx, (y - tops[0]) % scenery.period)).a == 255]
    assert len(opaque) > 10
    assert all(app.screen.get_at((x_r + sx, y))[:3] == img_r.get_at((sx, (y - tops[0]) % scenery.period))[:3]
               for y in opaque)


# ------------------------------------------------------------------------------------------------ input
def test_the_halves_split_at_the_middle_and_the_pause_button_is_top_right(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    pressed = sides(s)
    mid = LANDSCAPE_SIZE[0] // 2
    frames(app, 1, events=click((mid - 2, 300)))
    frames(app, 12)
    frames(app, 1, events=click((mid + 2, 300)))
    frames(app, 12)
    frames(app, 1, events=tap(mid - 30, 500, logical=LANDSCAPE_SIZE))
    assert pressed == ["left", "right", "left"]
    # where the portrait canvas has its pause button, the wide canvas is the right half: a hop
    frames(app, 12)
    frames(app, 1, events=click(sc.PAUSE_RECT.center))
    assert pressed[-1] == "right" and app.stack.top is s
    frames(app, 12)
    before, hops = len(pressed), s.world.score
    pause = sc.LAYOUT_WIDE.pause
    assert pause.right <= LANDSCAPE_SIZE[0] - 8 and pause.top <= 24 and pause.left > mid
    frames(app, 1, events=click(pause.center))
    frames(app, 2)
    assert isinstance(app.stack.top, PauseOverlay) and len(pressed) == before and s.world.score == hops


# ------------------------------------------------------------------------------------------------ the HUD
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hud_reads_in_its_corners_at_every_height(make_app, measured, lang):
    app = wide(make_app, seed=5)
    app.set_setting("language", lang)
    s = play(app)
    bad = []
    for score in (0, 10, 50, 150):
        climb(app, s, score)
        canvas = drawn(app)
        bad += readable(canvas, f"{lang} score {score}")
        p = piece(canvas, str(score))
        assert p.rect.right < 200 and p.rect.bottom < 100, p.rect  # the score in the top-left corner
        top = [q for q in canvas.pieces if q.rect.top < 130]
        assert len(top) == 2 and all(q.rect.right < 200 for q in top), top  # ...and the best under it
    assert not bad, "\n".join(bad)


def test_the_hud_reads_over_any_backdrop(make_app, monkeypatch):
    spy = FontSpy(monkeypatch)
    app = wide(make_app, seed=5)
    s = play(app)
    assert {"0", "BEST 0", "Tap left or right to hop"} <= all_backdrops(s, spy)
    climb(app, s, 12)
    assert {"12", "BEST 12"} <= all_backdrops(s, spy)


def test_the_start_hint_sits_at_the_bottom_with_its_arrows_at_the_sides(make_app, measured):
    app = wide(make_app, seed=5)
    play(app)
    canvas = drawn(app)
    hint = piece(canvas, "Tap left or right to hop")
    assert hint.rect.bottom <= LANDSCAPE_SIZE[1] - 20 and hint.rect.top > ly.focus_for(LANDSCAPE_SIZE)[1] + 40
    assert abs(hint.rect.centerx - LANDSCAPE_SIZE[0] / 2) <= 2


# ------------------------------------------------------------------------------------------------ the ghost
def test_the_ghost_tag_reads_and_its_marker_keeps_out_of_the_hud(make_app, monkeypatch):
    spy = FontSpy(monkeypatch)
    app = wide(make_app, seed=5)
    app.profile.set("stairs.ghost", True)
    s = play(app, [best_record(gap=0.15, hops=60)])
    frames(app, 1, events=[key(KEYS[next_hop(s.world)])])
    frames(app, 33)  # the best run is a few stairs above: on screen, its tag over its head
    assert s.ghost is not None and s.ghost.on_screen(s.view.camera, app.size)
    assert "BEST" in all_backdrops(s, spy) and TAG_SIZE >= 13
    frames(app, 180)  # far above now: the marker at the top edge, between the score's corner and pause
    assert not s.world.over and not s.ghost.on_screen(s.view.camera, app.size)
    kind, rect = s.ghost.draw_overlay(pygame.Surface(app.size), s.view.camera, s.world.score)
    assert kind == "marker" and rect.top < 60
    assert rect.left >= MARKS_WIDE.left and rect.right <= sc.LAYOUT_WIDE.pause.left
    assert any(t.startswith("+") for t in all_backdrops(s, spy))


# ------------------------------------------------------------------------------------------------ game over
@pytest.mark.parametrize("text", [1.0, 1.5], ids=["text100", "text150"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_game_over_card_is_wide_and_reads(make_app, measured, lang, text):
    app = wide(make_app, seed=5)
    app.set_setting("language", lang)
    app.set_setting("text_size", text)
    s = play(app)
    climb(app, s, 6)
    die(app, s)
    canvas = drawn(app)
    assert not readable(canvas, lang), "\n".join(readable(canvas, lang))
    card = s.panel.card
    assert card.w > card.h and card.h <= LANDSCAPE_SIZE[1] - 80  # wide, with the world showing round it
    inside = [p for p in canvas.pieces if p.rect.colliderect(card)]
    assert inside and all(card.contains(p.rect) for p in inside)
    buttons = [s.panel.button_rect(k) for k in s.panel.keys()]
    assert all(b.left > card.centerx for b in buttons)  # the buttons in a column on the right
    score = [p for p in inside if p.text == "6"]
    assert score and all(p.rect.right < card.centerx for p in score)  # what happened and the score on the left
    labels = {p.text for p in inside}
    from arcade.engine.i18n import _

    assert {_("Game over"), _("Restart"), _("Replay"), _("Menu"), _("SCORE")} <= labels


def test_the_game_over_card_reads_over_any_backdrop(make_app, monkeypatch):
    spy = FontSpy(monkeypatch)
    app = wide(make_app, seed=5)
    s = play(app)
    climb(app, s, 4)
    die(app, s)
    assert {"Game over", "SCORE", "BEST", "Restart", "Menu", "New best!"} <= all_backdrops(s, spy)


def test_the_wide_cards_buttons_do_what_they_say(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    climb(app, s, 3)
    die(app, s)
    first = s.world
    frames(app, 1, events=click(s.panel.button_rect("restart").center))
    assert s.world is not first and s.world.score == 0 and s.panel is None and app.stack.top is s
    climb(app, s, 3)
    die(app, s)
    frames(app, 1, events=click(s.panel.button_rect("replay").center))
    settle(app, 0.6)
    assert isinstance(app.stack.top.hooks, rs.StairsReplay)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.6)
    assert app.stack.top is s
    frames(app, 1, events=click(s.panel.button_rect("menu").center))
    settle(app, 0.6)
    assert s not in app.stack


# ------------------------------------------------------------------------------------------------ the window turns
def test_a_window_turned_mid_run_lays_out_again_and_the_run_goes_on(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    climb(app, s, 5)
    world, runs = s.world, s.runs
    frames(app, 1, events=[key(KEYS[next_hop(s.world)])])  # a hop under way as the window turns
    assert s.view.robot.busy
    app.window.size = (480, 800)  # (held 714 wide by the landscape canvas's smallest window: a frame round it)
    frames(app, 2)
    frame = app.frame_size
    focus = ly.focus_for(LOGICAL_SIZE, frame)
    assert app.size == LOGICAL_SIZE and frame[1] == LOGICAL_SIZE[1] and s.layout == sc.LAYOUT.placed(LOGICAL_SIZE, frame)
    assert s.view.size == frame and s.view.camera.focus == focus
    assert s._shade.get_width() == frame[0]
    assert s.world is world and s.world.score == 6 and s.runs == runs and not s.world.over
    until(app, lambda: s.view.background.ready)  # the sky for the new frame, built over a few frames
    assert all(t.get_size() == frame for t in s.view.background.tints)
    settle(app, 0.6)
    x, y = s.view.stairs.robot_screen()
    assert abs(x - focus[0]) < 1 and abs(y - focus[1]) < 1  # the camera keeps it at the portrait focus
    pressed = sides(s)
    frames(app, 1, events=click((frame[0] // 2 + 5, 600)))  # the halves of the frame (its pixels)
    assert pressed == ["right"]
    app.window.size = (1280, 1000)
    frames(app, 2)
    frame = app.frame_size
    assert app.size == LANDSCAPE_SIZE and s.layout == sc.LAYOUT_WIDE.placed(LANDSCAPE_SIZE, frame)
    assert s.view.camera.focus == ly.focus_for(LANDSCAPE_SIZE, frame)
    assert s.world is world and not s.world.over
    frames(app, 1, events=click(s.layout.pause.center))
    frames(app, 2)
    assert isinstance(app.stack.top, PauseOverlay)


def test_the_game_over_card_follows_a_turn(make_app, measured):
    app = wide(make_app, seed=5)
    s = play(app)
    climb(app, s, 4)
    wrong = "left" if next_hop(s.world) == "right" else "right"
    frames(app, 1, events=[key(KEYS[wrong])])
    settle(app, sc.PANEL_DELAY + 0.1)  # the card sliding in
    panel = s.panel
    app.window.size = (480, 800)  # (held 714 wide by the landscape canvas's smallest window: a frame round it)
    frames(app, 2)
    frame = app.frame_size
    assert s.panel is panel and panel.card == sc.LAYOUT.placed(LOGICAL_SIZE, frame).panel.card
    assert panel._veil.get_size() == frame
    settle(app, PANEL)
    assert s.panel_ready
    canvas = drawn(app)
    assert not readable(canvas, "portrait"), readable(canvas, "portrait")
    app.window.size = (800, 480)
    frames(app, 2)
    frame = app.frame_size
    assert panel.card == sc.LAYOUT_WIDE.placed(LANDSCAPE_SIZE, frame).panel.card and panel._veil.get_size() == frame
    first = s.world
    frames(app, 1, events=click(panel.button_rect("restart").center))
    assert s.world is not first and s.panel is None


# ------------------------------------------------------------------------------------------------ the replay
def replay_of(app, s):
    climb(app, s, 8)
    die(app, s)
    frames(app, 1, events=click(s.panel.button_rect("replay").center))
    settle(app, 0.6)
    r = app.stack.top
    assert isinstance(r.hooks, rs.StairsReplay)
    deadline = time.monotonic() + 10
    while not r.ready and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 2)
    return r


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_replay_is_laid_out_wide_and_reads(make_app, measured, lang):
    app = wide(make_app, seed=5)
    app.set_setting("language", lang)
    s = play(app)
    r = replay_of(app, s)
    assert r.layout is rs.LAYOUT_WIDE and r.BUTTONS == rs.LAYOUT_WIDE.buttons
    tl = r.TIMELINE
    assert tl.w >= LANDSCAPE_SIZE[0] - 60 and tl.inflate(0, 24).bottom < min(b.top for b in r.BUTTONS.values())
    assert all(b.bottom <= LANDSCAPE_SIZE[1] - 20 for b in r.BUTTONS.values())
    frames(app, 1, events=[key(pygame.K_END)])
    canvas = drawn(app)
    assert not readable(canvas, lang), "\n".join(readable(canvas, lang))
    score = piece(canvas, str(r.hooks.world.score))
    assert score.rect.right < 200 and score.rect.bottom < 100


def test_the_wide_replays_buttons_and_timeline_work(make_app):
    app = wide(make_app, seed=5)
    s = play(app)
    r = replay_of(app, s)
    frames(app, 1, events=click(r.BUTTONS["play"].center))
    assert not r.playing
    frames(app, 1, events=[key(pygame.K_HOME)])
    frames(app, 1, events=click(r.BUTTONS["fwd"].center))
    assert r.i == 1 and r.hooks.hops_made == 1
    frames(app, 1, events=click(r.BUTTONS["back"].center))
    assert r.i == 0
    tl = r.TIMELINE
    frames(app, 1, events=click((tl.right - 2, tl.centery)))
    assert r.i == r.last
    frames(app, 1, events=click((tl.left + 2, tl.centery)))
    assert r.i == 0
    frames(app, 1, events=click(r.BUTTONS["speed"].center))
    assert r.speed == 2.0
    # the window turns: the controls are those of the portrait canvas, the position and speed kept
    frames(app, 1, events=click(r.BUTTONS["fwd"].center))
    i = r.i
    app.window.size = (480, 800)
    frames(app, 2)
    assert r.layout is rs.LAYOUT and r.BUTTONS == rs.BUTTONS and r.TIMELINE == rs.TIMELINE
    assert r.i == i and r.speed == 2.0 and r.hooks.view.size == LOGICAL_SIZE
    frames(app, 1, events=click(rs.BUTTONS["fwd"].center))
    assert r.i == i + 1
    frames(app, 1, events=click(rs.BUTTONS["play"].center))
    assert r.playing


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_demo_says_when_it_climbs_again_on_the_wide_card(make_app, measured, lang):
    app = wide(make_app, seed=5)
    app.set_setting("language", lang)
    s = app.registry["stairs"].make_demo(app)
    app.stack.reset(s, fade=False)
    s.slip_at = 3
    settle(app, 1.5 + sc.PANEL_DELAY + sc.PANEL_SLIDE)
    assert s.world.over and s.panel_shown
    canvas = drawn(app)
    assert not readable(canvas, lang), "\n".join(readable(canvas, lang))
    from arcade.engine.i18n import _

    countdown = [p for p in canvas.pieces if p.text == _("Next climb in {n}").format(n=2)]
    assert countdown and countdown[0].rect.left > s.panel.card.centerx  # where the buttons would be
    assert pygame.Rect(sc.LAYOUT_WIDE.panel.card).contains(countdown[0].rect)
