"""Stairs replays, pure: a run played at any frame rate with random hop timings replays from its record to the same
score, cause, end tick and world (stairs, obstacles, robot, timer), through its file form; the world at any tick of
the record is the live world at that tick; corrupt and hostile records are one-line ValueErrors."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.stairs.autopilot import next_hop
from arcade.stairs.causes import CAUSES
from arcade.stairs.replay import MAX_HOPS, Player, check, encode, record, replay, world_at
from arcade.stairs.world import World


def wrong(w):
    return "left" if next_hop(w) == "right" else "right"


def state(w):
    return (w.score, w.over, w.cause, w.ticks, w.stairs, w.obstacles, w.robot, w.time_to_drop, w.crack, tuple(w.hops))


def live(seed, gaps, ending, frame_dt=1 / 60, rng=None, snapshots=None):
    """Play like the scene does: hops between frames, ``update(dt)`` once a frame; each gap (seconds of frames
    before a correct hop), then ``ending``: "wrong" (a wrong side: hit or fell), "drop" (wait for the stairs) or
    "leave" (stop mid-run). ``rng`` jitters the frame time; ``snapshots`` collects (tick, state) before frames."""
    w = World(seed)
    for gap in gaps:
        left = gap
        while left > 0 and not w.over:
            if snapshots is not None and w.running:  # the world at this tick, every hop made by then
                snapshots.append((w.ticks, state(w)))
            dt = frame_dt * (0.5 + rng.random()) if rng else frame_dt
            w.update(dt)
            left -= dt
        if w.over:
            return w
        w.hop(next_hop(w))
    if ending == "wrong":
        w.hop(wrong(w))
    elif ending == "drop":
        while not w.over:
            w.update(frame_dt)
    return w


GAPS = st.lists(st.floats(0.0, 1.6, allow_nan=False), min_size=1, max_size=80)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**64), gaps=GAPS, ending=st.sampled_from(["wrong", "drop", "leave"]),
       frame=st.sampled_from([1 / 30, 1 / 60, 1 / 144, 0.1]), jitter=st.integers(0, 1000))
def test_a_replay_reproduces_the_run_exactly(seed, gaps, ending, frame, jitter):
    w = live(seed, gaps, ending, frame, random.Random(jitter) if jitter % 2 else None)
    rec = record(w, best=True)
    again = parse(rec.to_json())  # through its file form
    end = replay(again.data)
    assert state(end) == state(w)
    assert (rec.score, rec.best, again.data["cause"]) == (w.score, True, w.cause)


def test_every_cause_is_replayed():
    seen = set()
    for seed in range(40):
        for ending in ("wrong", "drop", "leave"):
            w = live(seed, [0.1] * 5 + [0.9] * 3, ending)
            assert state(replay(record(w).data)) == state(w)
            seen.add(w.cause)
    assert seen == {"hit", "fell", "dropped", None}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), gaps=GAPS, ending=st.sampled_from(["wrong", "drop", "leave"]))
def test_the_world_at_any_tick_is_the_live_world_then(seed, gaps, ending):
    snaps = []
    w = live(seed, gaps, ending, 1 / 60, random.Random(seed), snaps)
    data = record(w).data
    for tick, snap in snaps[:: max(1, len(snaps) // 12)]:
        assert state(world_at(data, tick)) == snap


def test_a_player_goes_forward_in_any_steps():
    w = live(7, [0.3, 0.2, 0.5, 0.1] * 10, "drop")
    run = check(record(w).data)
    p = Player(run)
    t = 0
    while not p.done:
        t += 12_345
        p.advance_to(t)
    assert state(p.world) == state(w)
    p.advance_to(run.end * 2)  # never past the end
    assert p.tick == run.end and state(p.world) == state(w)


def test_no_hop_no_replay_and_the_record_is_small():
    assert record(World(3)) is None
    w = live(3, [0.25] * 200, "wrong")
    rec = record(w)
    assert len(rec.data["hops"]) <= 6 * 201  # a few bytes a hop
    assert rec.title == f"{CAUSES[w.cause][0]} · {len(w.hops)} hops in {w.ticks / 1e6:.1f} s"


def test_the_title_counts_one_hop_in_the_singular():
    w = World(5)
    w.hop("right")  # seed 5: a spike stands up-right of the first stair
    assert record(w).title == "Hit a spike · 1 hop in 0.0 s"
    w = World(5)
    w.hop("left")
    w.hop("left" if w.next_side == "right" else "right")
    assert " · 2 hops in " in record(w).title


# ----------------------------------------------------------------------------------------------- bad records
def good():
    return record(live(5, [0.2] * 12, "drop")).data


def one_line_error(data):
    with pytest.raises(ValueError) as e:
        replay(data)
    msg = str(e.value)
    assert msg and "\n" not in msg and len(msg) < 300, msg
    return msg


@pytest.mark.parametrize("change", [
    {"rules": 2}, {"rules": None}, {"seed": -1}, {"seed": 2**128}, {"seed": "7"}, {"seed": True}, {"end": -5},
    {"end": 1.5}, {"end": 10**30}, {"score": 10**9}, {"cause": "eaten"}, {"hops": ""}, {"hops": "x0"},
    {"hops": "L"}, {"hops": "L0R"}, {"hops": "l0"}, {"hops": ["L0"]}, {"hops": "L5R3"}, {"hops": "L0" * (MAX_HOPS + 1)},
    {"hops": "L0R" + "z" * 12}, {"score": 3}, {"cause": "hit"}, {"cause": None}, {"end": 1},
])
def test_corrupt_records_are_one_line(change):
    one_line_error(good() | change)


def test_hops_after_the_end_and_a_wrong_end_are_refused():
    data = good()
    late = {"hops": data["hops"] + "R" + "1" * 7, "end": data["end"] + 36**7}  # a hop long after the stair fell
    assert "after the run ended" in one_line_error(data | late)
    assert "the record says" in one_line_error(data | {"end": data["end"] + 1})
    assert one_line_error("not a dict") and one_line_error(None) and one_line_error([1, 2])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["rules", "seed", "hops", "end", "cause", "score", "x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**130), st.floats(),
                                 st.text(alphabet="lrLR0123456789az ", max_size=30),
                                 st.lists(st.integers(), max_size=3))))
def test_any_hostile_record_is_a_value_error_never_a_crash(data):
    base = good()
    try:
        replay(base | data)
    except ValueError as e:
        assert "\n" not in str(e)


def test_encode_is_the_inverse_of_check():
    hops = ((0, "left"), (5, "right"), (5, "right"), (10**9, "left"))
    data = {"rules": 1, "seed": 1, "hops": encode(hops), "end": 10**9, "cause": None, "score": 0}
    assert check(data).hops == hops
    assert json.loads(json.dumps(data)) == data
