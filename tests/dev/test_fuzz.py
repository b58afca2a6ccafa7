"""A seeded input-fuzzer run over the real app loop (the benchmark sends 100,000 events; this sends fewer)."""
import pytest

from arcade.dev.fuzz import FuzzFailure, Fuzzer, fuzz


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fuzzed_input_never_crashes_and_invariants_hold(seed):
    rep = fuzz(2500, seed)
    assert rep.events >= 2500 and rep.frames > 500
    assert len(rep.scenes) >= 3  # it got around: menu and at least two other scenes


def test_the_fuzzer_can_fail():
    """The invariant checker catches a score that drops without an undo."""
    f = Fuzzer(seed=9)
    try:
        from arcade.game2048.scene import Game2048Scene

        s = Game2048Scene(f.app)
        f.app.stack.push(s, fade=False)
        f.app.step(1 / 60, [])
        sess = s.session
        sess.states[sess.pos] = sess.state._replace(score=100)
        f.check()
        sess.states[sess.pos] = sess.state._replace(score=50)
        with pytest.raises(FuzzFailure):
            f.check()
    finally:
        f.close()


def test_the_fuzzer_catches_a_lost_best_score():
    f = Fuzzer(seed=9)
    try:
        f.app.profile.submit_score("stairs", 10)
        f.check()
        f.app.profile.data["best"]["stairs"] = 3
        with pytest.raises(FuzzFailure):
            f.check()
    finally:
        f.close()


def test_a_slow_frame_is_recorded_with_where_its_time_went(monkeypatch):
    import time

    from arcade.shell.menu import MenuScene

    f = Fuzzer(seed=4)
    try:
        slow_draw = MenuScene.draw

        def draw(self, surface):
            slow_draw(self, surface)
            time.sleep(0.07)

        monkeypatch.setattr(MenuScene, "draw", draw)
        idle = f.pg.event.Event(f.pg.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0), touch=False)
        monkeypatch.setattr(f, "random_events", lambda: [idle])  # harmless input: the menu stays on top
        rep = f.run(events=3)
        assert rep.slow, "a 70 ms frame was not recorded"
        s = rep.slow[-1]
        assert s["ms"] > 50 and s["scene"] == "MenuScene" and s["draw"] >= 60 > s["update"]
        assert rep.slow_play_frames + rep.slow_switch_frames + rep.slow_start_frames == rep.slow_frames
        assert "MenuScene: mostly draw" in rep.summary()
        assert s["cpu_ms"] < 50 and rep.slow_cpu_frames == 0  # a sleep is a wait, not the UI thread's work

        def busy(self, surface):
            slow_draw(self, surface)
            end = time.thread_time() + 0.07
            while time.thread_time() < end:
                pass

        monkeypatch.setattr(MenuScene, "draw", busy)
        f.close()
        f = Fuzzer(seed=4)  # a fuzzer runs once
        monkeypatch.setattr(f, "random_events", lambda: [idle])
        rep = f.run(events=3)
        assert rep.slow and rep.slow[-1]["cpu_ms"] > 50 and rep.slow_cpu_frames >= 1
        assert "with over 50 ms of the UI thread's own CPU time" in rep.summary()
    finally:
        f.close()
