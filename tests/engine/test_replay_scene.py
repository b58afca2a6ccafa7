"""The engine's replay scene through a game's hooks: the positions come from the hooks, a game's own keys reach
them, the caption and the count are the hooks' (pixels), the layout table of the canvas is the one clicks land
on, and a game with a clock gets a timeline of that clock with its world run between two positions."""
import time
from types import SimpleNamespace

import pygame

from arcade.engine.replay_scene import LANDSCAPE, PORTRAIT, ReplayHooks, make_replay
from arcade.engine.replays import Replay
from arcade.engine.ui.input import LANDSCAPE_SIZE
from helpers import click, frames, key, mouse_down, mouse_up
from tests.replays.common import shown

TIMES = (0.0, 0.5, 0.6, 2.0)  # seconds on the game's clock of the four positions
INK = (200, 30, 160)


class Counting(ReplayHooks):
    """Positions 0..3; remembers what the scene asked of it."""

    def __init__(self, scene, replay):
        super().__init__(scene, replay)
        self.shown, self.keys, self.ran, self.sizes = [], [], [], []

    def positions(self, data):
        return list(range(len(TIMES)))

    def show(self, i, animate):
        self.shown.append((i, animate))

    def key(self, k):
        self.keys.append(k)

    def resize(self, size, layout):
        self.sizes.append((size, layout))

    def caption(self, step):
        return f"position {step}", INK


class Clocked(Counting):
    CLOCK = True

    def seconds(self, i):
        return TIMES[i]

    def play_to(self, t):
        self.ran.append(t)


def opened(app, hooks):
    return shown(app, make_replay(app, Replay("box", 0, {}), hooks))


def test_the_hooks_give_the_positions_and_get_the_keys_the_replay_does_not_use(app):
    s = opened(app, Counting)
    assert s.steps == [0, 1, 2, 3] and s.hooks.shown[0] == (0, False)
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_RIGHT), key(pygame.K_p)])
    assert s.i == 1 and s.hooks.shown[-1] == (1, True) and s.hooks.keys == [pygame.K_p]
    frames(app, 1, events=[key(pygame.K_END)])
    assert s.hooks.shown[-1] == (3, False)


def test_the_caption_is_the_hooks_and_drawn_in_the_tables_box(app):
    s = opened(app, Counting)
    s.playing = False
    s.seek(2)
    frames(app, 1)
    surface = pygame.Surface(app.size)
    s.draw(surface)
    box = s.layout.caption
    inked = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
             if tuple(surface.get_at((x, y)))[:3] == INK]
    assert inked  # the hooks' colour, in the caption's box
    assert not any(tuple(surface.get_at((x, 5)))[:3] == INK for x in range(0, app.size[0]))


def test_the_canvas_table_is_where_the_clicks_land(app):
    s = opened(app, Counting)
    assert s.layout is PORTRAIT and s.BUTTONS == PORTRAIT.buttons and s.hooks.sizes[-1][1] is PORTRAIT
    s.playing = False
    frames(app, 1, events=[mouse_down(PORTRAIT.buttons["fwd"].center), mouse_up(PORTRAIT.buttons["fwd"].center)])
    assert s.i == 1
    app.window.size = (1280, 1000)
    frames(app, 2)
    assert app.size == LANDSCAPE_SIZE and s.layout is LANDSCAPE and s.hooks.sizes[-1] == (LANDSCAPE_SIZE, LANDSCAPE)
    frames(app, 1, events=click(LANDSCAPE.buttons["fwd"].center))
    assert s.i == 2
    tl = LANDSCAPE.timeline
    frames(app, 1, events=click((tl.right - 1, tl.centery)))
    assert s.i == 3


def test_a_clock_spaces_the_timeline_and_runs_the_world_between_positions(app):
    s = opened(app, Clocked)
    assert [round(s.fraction(i), 3) for i in range(4)] == [0.0, 0.25, 0.3, 1.0]
    assert s.position_at(0.27) == 1 and s.position_at(0.29) == 2 and s.position_at(0.7) == 3
    assert s.step_seconds(2) == TIMES[3] - TIMES[2]
    frames(app, 90)  # 1.5 s at 1x: past the second and third positions, into the long gap
    assert s.i == 2 and s.playing
    assert s.hooks.ran == sorted(s.hooks.ran) and TIMES[2] < s.hooks.ran[-1] < TIMES[3]
    assert abs(s.progress() - s.hooks.ran[-1] / TIMES[3]) < 1e-9
    frames(app, 1, events=[key(pygame.K_SPACE)])  # paused mid-gap, played on from there
    t = s.t
    frames(app, 1, events=[key(pygame.K_SPACE)])
    frames(app, 1)
    assert s.t >= t and s.i == 2


def test_a_record_the_hooks_refuse_is_refused_before_the_scene(app):
    class Refusing(ReplayHooks):
        def __init__(self, scene, replay):
            raise ValueError("box replay: not one")

    try:
        make_replay(app, Replay("box", 0, {}), Refusing)
    except ValueError as e:
        assert str(e) == "box replay: not one"
    else:
        raise AssertionError("a refused record made a scene")


class Answer:
    """A worker answering at once: the overlay of a position is its number squared."""

    asked: list = []

    def __init__(self):
        self.replies = []

    def request(self, n, budget=None):
        Answer.asked.append(n)
        self.replies.append(SimpleNamespace(ok=True, value=n * n))

    def poll(self):
        return self.replies.pop(0) if self.replies else None

    def close(self):
        pass


class Overlaid(Counting):
    OVERLAY = (pygame.K_o, "anything:squares")

    def overlay_request(self, step):
        return None if step == 3 else (step,)  # the last position has nothing to show


def test_an_overlay_is_asked_once_a_position_and_kept(app, monkeypatch):
    from arcade.engine import replay_scene

    Answer.asked = []
    monkeypatch.setattr(replay_scene, "worker_factory", lambda fn: (lambda: Answer()) if fn == "anything:squares"
                        else None)
    s = opened(app, Overlaid)
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    frames(app, 3)
    assert not s.overlay and s.overlays == {} and Answer.asked == []  # nothing asked while it is hidden
    frames(app, 1, events=[key(pygame.K_o)])
    assert s.overlay and s.hooks.keys == []  # its key is the overlay's, not passed on
    assert s.overlay_pending
    frames(app, 3)
    assert s.overlays == {2: 4} and not s.overlay_pending
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 3)
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 3)
    assert s.overlays == {2: 4, 1: 1} and Answer.asked == [2, 1]  # position 2 was not asked again
    frames(app, 1, events=[key(pygame.K_END)])
    frames(app, 3)
    assert 3 not in s.overlays and not s.overlay_pending


def test_the_replay_draws_while_it_loads_and_when_its_record_fails(app):
    class Slow(Counting):
        def positions(self, data):
            time.sleep(0.3)
            raise ValueError("box replay: input 3 is not a move")

    s = make_replay(app, Replay("box", 0, {}), Slow)
    app.stack.reset(s, fade=False)
    frames(app, 2)  # the positions are not in: drawn all the same
    assert not s.ready and app.stack.top is s
    deadline = time.monotonic() + 5
    while not s.ready and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 2)
    assert s.error == "box replay: input 3 is not a move" and app.stack.top is s


def test_the_review_chart_draws_a_line_with_marks_or_bars_with_ticks():
    """The card's chart from a game's series: a line from the lowest value (at the foot) to the highest (at the
    top) with a dot in each marked colour; or a bar a value in its colour up to ``top``, a white tick at its
    reference value, and the scale's label; nothing for a series too short to chart."""
    from arcade.engine.replay_scene import Chart, draw_chart
    from arcade.engine.ui import colors

    inner, page = pygame.Rect(20, 30, 200, 100), (250, 250, 250)
    surface = pygame.Surface((240, 150))
    surface.fill(page)
    draw_chart(surface, inner, Chart((5.0, 1.0, 9.0), (None, INK, None)), 12)

    def near(x, y):
        return {tuple(surface.get_at((x + dx, y + dy)))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)}

    assert colors.BUTTON in near(20, 80)  # the line starts half way up at the left ...
    assert tuple(surface.get_at((120, 129)))[:3] == INK  # ... its marked low point at the foot, dotted
    assert colors.BUTTON in near(220, 30) and INK not in near(220, 30)  # the highest at the top right, unmarked
    surface.fill(page)
    draw_chart(surface, inner, Chart((0.5, 0.25), (INK, (30, 160, 60)), True, (0.25, 0.0), 0.5, "50 %"), 12)
    slot = inner.w / 2
    assert tuple(surface.get_at((round(inner.x + slot / 2), inner.y + 2)))[:3] == INK  # the full bar: to the top
    assert tuple(surface.get_at((round(inner.x + slot * 1.5), inner.y + 60)))[:3] == (30, 160, 60)  # half way
    assert tuple(surface.get_at((round(inner.x + slot * 1.5), inner.y + 40)))[:3] == page
    assert tuple(surface.get_at((round(inner.x + slot / 2), inner.bottom - 50)))[:3] == (255, 255, 255)  # its tick
    label = surface.subsurface((inner.x - 2, inner.y - 13, 40, 12))
    assert any(tuple(label.get_at((x, y)))[:3] != page for x in range(40) for y in range(12))  # the scale's label
    for empty in (Chart((3.0,), (INK,)), Chart((), (), True)):
        surface.fill(page)
        blank = pygame.image.tobytes(surface, "RGB")
        draw_chart(surface, inner, empty, 12)
        assert pygame.image.tobytes(surface, "RGB") == blank
