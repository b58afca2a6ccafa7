"""A seeded input-fuzzer run over the real app loop (the benchmark sends 100,000 events; this sends fewer)."""
import pytest

from arcade.fuzz import FuzzFailure, Fuzzer, fuzz


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
        s.game.score = 100
        f.check()
        s.game.score = 50
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
