"""The scene stack: deferred switches, fades, overlays, held input."""
import pygame
import pytest

from arcade.engine.scene import FADE_SECONDS, Scene, SceneStack
from helpers import key


class Rec(Scene):
    def __init__(self, name, log, colour=(10, 20, 30), overlay=False):
        super().__init__(None)
        self.name, self.log, self.colour, self.overlay = name, log, colour, overlay
        self.events, self.updates = [], 0

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def cover(self):
        self.log.append(("cover", self.name))

    def uncover(self):
        self.log.append(("uncover", self.name))

    def handle(self, event):
        self.events.append(event)

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        if self.overlay:
            surface.fill(self.colour, pygame.Rect(0, 0, 10, 10))
        else:
            surface.fill(self.colour)


def run(stack, seconds, dt=1 / 60):
    for _ in range(round(seconds / dt)):
        stack.begin_frame()
        stack.update(dt)


def test_switch_requested_during_a_frame_waits_for_the_frame_boundary():
    log, st = [], SceneStack()
    a, b = Rec("a", log), Rec("b", log)
    st.push(a, fade=False)
    assert st.top is None  # nothing happens until the frame boundary
    st.begin_frame()
    assert st.top is a
    st.push(b, fade=False)
    st.update(1 / 60)
    assert st.top is a and a.updates == 1 and b.updates == 0
    st.begin_frame()
    assert st.top is b and log == [("enter", "a"), ("cover", "a"), ("enter", "b")]


def test_pop_and_replace_and_pop_to_root_lifecycle():
    log, st = [], SceneStack()
    a, b, c, d = (Rec(n, log) for n in "abcd")
    for s in (a, b, c):
        st.push(s, fade=False)
    st.begin_frame()
    st.replace(d, fade=False)
    st.begin_frame()
    assert st.scenes == [a, b, d] and ("exit", "c") in log
    st.pop(fade=False)
    st.begin_frame()
    assert st.scenes == [a, b] and log[-2:] == [("exit", "d"), ("uncover", "b")]
    st.push(c, fade=False)
    st.pop_to_root(fade=False)
    st.begin_frame()
    assert st.scenes == [a] and log[-1] == ("uncover", "a")


def test_fade_takes_about_250ms_and_switches_at_the_midpoint():
    log, st = [], SceneStack()
    a, b = Rec("a", log), Rec("b", log)
    st.push(a, fade=False)
    st.begin_frame()
    st.push(b)  # full scene: fades by default
    st.begin_frame()
    assert st.fading and st.top is a and st.veil_alpha == 0
    dt = 1 / 100
    alphas = []
    t = 0.0
    while st.fading:
        st.update(dt)
        t += dt
        alphas.append((t, st.veil_alpha, st.top))
        st.begin_frame()
        assert t < 1
    assert FADE_SECONDS - 0.02 <= t <= FADE_SECONDS + 0.02
    # the switch happens when the veil is fully black, half way through
    switch = next(x for x in alphas if x[2] is b)
    assert abs(switch[0] - FADE_SECONDS / 2) <= 0.011
    peak = max(alphas, key=lambda x: x[1])
    assert peak[1] >= 240
    assert alphas[-1][1] == 0


def test_fade_in_from_black_for_the_first_scene():
    st = SceneStack()
    st.push(Rec("a", []))
    st.begin_frame()
    assert st.fading and st.veil_alpha == 255
    run(st, FADE_SECONDS)
    assert not st.fading


def test_input_during_fade_out_is_held_and_given_to_the_new_scene():
    log, st = [], SceneStack()
    a, b = Rec("a", log), Rec("b", log)
    st.push(a, fade=False)
    st.begin_frame()
    st.push(b)
    st.begin_frame()
    ev = key(pygame.K_LEFT)
    st.handle(ev)
    assert a.events == [] and b.events == []
    run(st, FADE_SECONDS)
    assert b.events == [ev] and a.events == []


def test_overlay_draws_over_the_scene_beneath_and_only_top_updates():
    log, st = [], SceneStack()
    a = Rec("a", log, colour=(200, 0, 0))
    o = Rec("o", log, colour=(0, 0, 200), overlay=True)
    st.push(a, fade=False)
    st.begin_frame()
    st.push(o)  # overlays default to no fade
    st.begin_frame()
    assert st.top is o and not st.fading
    surf = pygame.Surface((100, 100))
    st.draw(surf)
    assert surf.get_at((50, 50))[:3] == (200, 0, 0)  # the scene beneath is drawn
    assert surf.get_at((5, 5))[:3] == (0, 0, 200)  # the overlay over it
    st.update(1 / 60)
    assert o.updates == 1 and a.updates == 0  # paused beneath
    o.update_below = True
    st.update(1 / 60)
    assert a.updates == 1


def test_full_scene_hides_everything_beneath():
    st = SceneStack()
    a, b = Rec("a", [], colour=(200, 0, 0)), Rec("b", [], colour=(0, 200, 0))
    st.push(a, fade=False)
    st.push(b, fade=False)
    st.begin_frame()
    calls = []
    a.draw = lambda s: calls.append("a")
    st.draw(pygame.Surface((20, 20)))
    assert calls == []


def test_close_exits_every_scene_top_first():
    log, st = [], SceneStack()
    st.push(Rec("a", log), fade=False)
    st.push(Rec("b", log), fade=False)
    st.begin_frame()
    log.clear()
    st.close()
    assert log == [("exit", "b"), ("exit", "a")] and st.top is None


@pytest.mark.parametrize("dt", [1 / 30, 1 / 60, 1 / 144])
def test_fade_is_time_based(dt):
    st = SceneStack()
    st.push(Rec("a", []), fade=False)
    st.begin_frame()
    st.push(Rec("b", []))
    st.begin_frame()
    n = 0
    while st.fading:
        st.update(dt)
        st.begin_frame()
        n += 1
    assert abs(n * dt - FADE_SECONDS) <= dt + 1e-9


def test_a_factory_is_built_at_the_switch_under_the_fade():
    log, st = [], SceneStack()
    st.push(Rec("a", log), fade=False)
    st.begin_frame()
    built = []

    def make():
        built.append(st.veil_alpha)
        return Rec("b", log)

    st.push(make)
    st.begin_frame()
    assert built == []  # not in the frame that asked for it
    run(st, FADE_SECONDS)
    assert len(built) == 1 and built[0] >= 240 and st.top.name == "b"  # built when the screen is black


def _steps(n, done, fail_at=None):
    for i in range(n):
        if i == fail_at:
            raise OSError("image missing")
        done.append(i)
        yield


def test_prepare_steps_run_during_the_fade_out_and_the_screen_holds_black_until_done(monkeypatch):
    import arcade.engine.scene as scene_mod

    log, st = [], SceneStack()
    a = Rec("a", log)
    st.push(a, fade=False)
    run(st, 0.01)
    done = []
    slow = _steps(40, done)

    def step_each_call():  # one step per _prepare call: 40 steps take 40 frames, longer than the fade-out
        monkeypatch.setattr(scene_mod, "PREPARE_MS", 0.0)

    step_each_call()
    b = Rec("b", log)
    st.push(lambda: b, fade=True, prepare=slow)
    st.begin_frame()
    st.handle(key(pygame.K_x))  # typed while loading: held for b
    frames = 0
    while st.top is not b and frames < 200:
        st.update(1 / 60)
        st.begin_frame()
        frames += 1
        if st.top is not b and frames > FADE_SECONDS / 2 * 60 + 1:
            assert st.veil_alpha == 255  # past the midpoint: black, frames still running, no switch yet
    assert len(done) == 40 and frames >= 40  # every step ran before the switch, at least one a frame
    assert [e.key for e in b.events] == [pygame.K_x]
    run(st, FADE_SECONDS)
    assert st.veil_alpha == 0 and not st.fading


def test_a_failing_prepare_step_does_not_block_the_switch():
    log, st = [], SceneStack()
    a, b = Rec("a", log), Rec("b", log)
    st.push(a, fade=False)
    run(st, 0.01)
    done = []
    st.push(b, fade=True, prepare=_steps(10, done, fail_at=3))
    run(st, FADE_SECONDS + 0.05)
    assert st.top is b and done == [0, 1, 2] and not st.fading
