"""The autopilot: the correct side, the endless run, the human cadence that still outruns the drops."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.stairs.autopilot import Autopilot, landing, next_hop, safe_step
from arcade.stairs.world import DROP_FLOOR, World, drop_interval


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 300))
def test_next_hop_is_the_correct_side(seed, hops):
    w = World(seed=seed)
    for _ in range(hops):
        side = next_hop(w)
        assert side == w.next_side
        assert (w.next_stair.x > w.robot_stair.x) == (side == "right")
        assert w.hop(side)
    other = "left" if next_hop(w) == "right" else "right"
    assert not w.hop(other) and w.cause in ("hit", "fell")  # and the other side really is wrong


def _copy(w: World) -> World:
    """The same world, replayed from its seed and hops (no time passes in these tests)."""
    c = World(seed=w.seed)
    for _, side in w.hops:
        c.hop(side)
    return c


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 200))
def test_the_hinted_step_is_the_one_safe_hop_and_never_a_spike(seed, hops):
    """What a hint may point at (``safe_step``) is where the safe hop lands: a path stair with no spike; hopping
    there lives and stands on it; the other landing place is deadly (a spike or the void), never hinted."""
    w = World(seed=seed)
    for _ in range(hops):
        w.hop(next_hop(w))
    step = safe_step(w)
    side = next_hop(w)
    assert (step.index, step.col) == landing(w, side)
    assert w.obstacle_at(step.index, step.col) is None
    assert not any((o.row, o.col) == (step.index, step.col) for o in w.obstacles)
    other = "left" if side == "right" else "right"
    assert landing(w, other) != (step.index, step.col)
    dead = _copy(w)
    assert not dead.hop(other) and dead.cause in ("hit", "fell")
    assert w.hop(side) and w.robot_stair == step


def test_seed_5_hints_the_stair_not_the_spike_beside_it():
    """On seed 5 the first row offers a stair up-left and a spike up-right: the hint is the stair."""
    w = World(seed=5)
    assert w.obstacle_at(*landing(w, "right")) is not None
    assert safe_step(w) == w.next_stair and next_hop(w) == "left"


def test_endless_5000_hops_on_the_autopilot():
    w = World(seed=5)
    pilot = Autopilot(seed=5)
    dt = 1 / 60
    frames = 0
    while w.score < 5000:
        pilot.step(w, dt)
        w.update(dt)
        frames += 1
        assert not w.over, (w.score, w.cause)
    assert w.below >= 1


def test_poll_gives_at_most_one_side_and_keeps_the_rhythm():
    w = World(seed=1)
    pilot = Autopilot(seed=1, hops_per_second=4.0, jitter=0.15)
    taps, t, dt = [], 0.0, 1 / 120
    while t < 30.0:
        side = pilot.poll(w, dt)
        if side is not None:
            assert side == next_hop(w)
            w.hop(side)
            taps.append(t)
        w.update(dt)
        t += dt
    assert not w.over
    gaps = np.diff(taps)
    # human-ish: never two taps in one frame, about 4 a second at first (+-15 % jitter), varied
    assert gaps.min() >= 0.1
    early = gaps[:40]
    assert 0.25 * 0.85 - dt <= early.min() and early.max() <= 0.25 * 1.15 + dt
    assert 3.4 <= 1 / early.mean() <= 4.6
    assert early.std() > 0.005


def test_cadence_speeds_up_with_the_drops():
    pilot = Autopilot(seed=3, hops_per_second=4.0, jitter=0.15, safety=0.85)
    w = World(seed=3)
    for _ in range(200):  # score 200: the floor interval
        w.hop(w.next_side)
    assert w.drop_interval == DROP_FLOOR
    delays = [pilot.delay(w) for _ in range(2000)]
    assert max(delays) < DROP_FLOOR  # always faster than the drops
    assert np.mean(delays) == pytest.approx(DROP_FLOOR * 0.85, rel=0.02)


def test_even_a_slow_pilot_outruns_the_drops():
    w = World(seed=9)
    pilot = Autopilot(seed=9, hops_per_second=1.0)  # 1 tap a second would lose at once without the safety rule
    dt = 1 / 50
    for _ in range(50 * 60):  # one minute
        pilot.step(w, dt)
        w.update(dt)
    assert not w.over and w.score > 150 and w.drop_interval < drop_interval(0)  # the gentle start: fewer hops


def test_step_catches_up_after_a_long_frame_but_only_with_correct_hops():
    w = World(seed=4)
    pilot = Autopilot(seed=4)
    hops = pilot.step(w, 2.0)  # the rhythm owes about 2.0 / 0.25 taps
    assert 6 <= hops <= 10 and w.score == hops and not w.over
    assert pilot.step(w, 0.0) == 0  # and then it is square again


def test_deterministic_under_a_seed():
    def run(seed):
        w, pilot, taps = World(seed=0), Autopilot(seed=seed), []
        for frame in range(600):
            if pilot.poll(w, 1 / 60):
                w.hop(next_hop(w))
                taps.append(frame)
            w.update(1 / 60)
        return taps
    assert run(1) == run(1)
    assert run(1) != run(2)


def test_silent_once_over():
    w = World(seed=2)
    w.hop("left" if next_hop(w) == "right" else "right")
    assert w.over
    pilot = Autopilot(seed=2)
    assert pilot.poll(w, 10.0) is None and pilot.step(w, 10.0) == 0


@pytest.mark.parametrize("kwargs", [dict(hops_per_second=0), dict(jitter=-0.1), dict(jitter=1.0),
                                    dict(safety=1.0), dict(safety=0.9, jitter=0.2)])
def test_bad_parameters(kwargs):
    with pytest.raises(ValueError):
        Autopilot(**kwargs)
