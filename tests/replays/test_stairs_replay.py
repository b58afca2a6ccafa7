"""Stairs replays, pure: a run played through its session at any frame rate with random hop timings replays from
the session's record to the same score, cause, end tick and world (stairs, obstacles, robot, timer), through its
file form; the world at any tick of the record is the live world at that tick; replays written before the session
layer still read; corrupt and hostile records are one-line ValueErrors."""
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse, read_file
from arcade.stairs.backend import BACKEND, MAX_HOPS
from arcade.stairs.causes import CAUSES
from arcade.stairs.replay import LEAD, Player, check, of_world, positions, world_at
from arcade.stairs.world import World
from tests.stairs.runs import end_world, legacy_data, play, state

LEGACY = Path(__file__).parent / "legacy"
GAPS = st.lists(st.floats(0.0, 1.6, allow_nan=False), min_size=1, max_size=80)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), gaps=GAPS, ending=st.sampled_from(["wrong", "drop", "leave"]),
       frame=st.sampled_from([1 / 30, 1 / 60, 1 / 144, 0.1]), jitter=st.integers(0, 1000))
def test_a_replay_reproduces_the_run_exactly(seed, gaps, ending, frame, jitter):
    s = play(seed, gaps, ending, frame, random.Random(jitter) if jitter % 2 else None)
    w = s.state
    rec = s.replay(best=True)
    again = parse(rec.to_json())  # through its file form
    run = check(again.data)
    if w.over:
        assert state(end_world(again.data)) == state(w)
        assert run == of_world(w) and again.data["result"]["fields"]["cause"] == w.cause
    else:  # left mid-run: the replay ends at its last hop
        assert run.hops == tuple(w.hops) and run.end == w.hops[-1][0] and run.cause is None
        assert "result" not in again.data
    assert (rec.score, rec.best) == (w.score, True)


def test_every_cause_is_replayed():
    seen = set()
    for seed in range(40):
        for ending in ("wrong", "drop", "leave"):
            s = play(seed, [0.1] * 5 + [0.9] * 3, ending)
            w = s.state
            run = check(s.replay().data)
            assert (run.score, run.cause, run.hops) == (w.score, w.cause, tuple(w.hops))
            seen.add(run.cause)
    assert seen == {"hit", "fell", "dropped", None}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), gaps=GAPS, ending=st.sampled_from(["wrong", "drop"]))
def test_the_world_at_any_tick_is_the_live_world_then(seed, gaps, ending):
    snaps = []
    s = play(seed, gaps, ending, 1 / 60, random.Random(seed), snaps)
    data = s.replay().data
    for tick, snap in snaps[:: max(1, len(snaps) // 12)]:
        assert state(world_at(data, tick)) == snap


def test_a_player_goes_forward_in_any_steps():
    s = play(7, [0.3, 0.2, 0.5, 0.1] * 10, "drop")
    w = s.state
    run = check(s.replay().data)
    p = Player(run)
    t = 0
    while not p.done:
        t += 12_345
        p.advance_to(t)
    assert state(p.world) == state(w)
    p.advance_to(run.end * 2)  # never past the end
    assert p.tick == run.end and state(p.world) == state(w)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), gaps=GAPS, ending=st.sampled_from(["wrong", "drop", "leave"]),
       order=st.randoms(use_true_random=False))
def test_a_seek_in_any_order_lands_on_the_world_at_that_position(seed, gaps, ending, order):
    """The replay's positions (the start ``LEAD`` ticks before the first hop, each hop, a drop's end) sought in
    any order: the player goes on when it can (the same object) and starts afresh when the position lies behind
    it, and the world is the one at that tick with that many hops made."""
    run = check(play(seed, gaps, ending, 1 / 60, random.Random(seed)).replay().data)
    ticks = positions(run)
    assert ticks[0] == -LEAD and ticks[1:len(run.hops) + 1] == [t for t, _ in run.hops]
    assert ticks[len(run.hops) + 1:] == ([run.end] if run.end > run.hops[-1][0] else [])
    p = Player(run)
    for i in order.sample(range(len(ticks)), min(len(ticks), 12)):
        before = (p, p.tick, p.next)
        p = p.seek(ticks[i], i)
        assert (p is before[0]) == (ticks[i] >= before[1] and before[2] <= i)
        assert state(p.world) == state(world_at(run, max(0, ticks[i]), i)), i


def test_the_record_is_small_and_titled():
    s = play(3, [0.25] * 200, "wrong")
    w = s.state
    rec = s.replay()
    assert sum(map(len, rec.data["log"])) <= 7 * 201  # a few bytes a hop
    assert rec.title == f"{CAUSES[w.cause][0]} · {len(w.hops)} hops in {w.ticks / 1e6:.1f} s"


def test_the_title_counts_one_hop_in_the_singular():
    s = play(5, [], "wrong")  # seed 5: a spike stands up-right of the first stair, the wrong side
    assert s.state.cause == "hit" and s.replay().title == "Hit a spike · 1 hop in 0.0 s"
    s = play(5, [0.0], "wrong")
    assert " · 2 hops in " in s.replay().title


# ----------------------------------------------------------------------------------------------- older replays
def test_a_replay_written_before_the_session_layer_reads_to_its_end():
    rec = read_file(LEGACY / "stairs-dropped.json")  # written by the old format's code
    want = json.loads((LEGACY / "stairs-expected.json").read_text())
    run = check(rec.data)
    assert (run.score, run.cause, run.end, run.seed) == (want["score"], want["cause"], want["ticks"], 424242)
    w = world_at(run, run.end)
    assert w.over and w.cause == "dropped" and w.score == want["score"] and w.ticks == want["ticks"]


@pytest.mark.parametrize("ending", ["wrong", "drop"])
def test_old_and_session_records_of_a_run_are_the_same_run(ending):
    s = play(11, [0.2, 0.4, 0.1] * 6, ending)
    assert check(legacy_data(s.state)) == check(s.replay().data) == of_world(s.state)


# ----------------------------------------------------------------------------------------------- bad records
def good():
    return play(5, [0.2] * 12, "drop").replay().data


def one_line_error(data):
    with pytest.raises(ValueError) as e:
        check(data)
    msg = str(e.value)
    assert msg and "\n" not in msg and len(msg) < 300, msg
    return msg


def result_with(data, **fields):
    r = data["result"]
    return data | {"result": r | {"fields": r["fields"] | fields}}


@pytest.mark.parametrize("change", [
    {"session": 2}, {"session": None}, {"params": "v2"}, {"params": 1}, {"seed": -1}, {"seed": 2**128},
    {"seed": "7"}, {"seed": True}, {"log": []}, {"log": ["pL0"]}, {"log": "pL0"}, {"t": [0]}, {"ended": 10**6},
    {"result": None}, {"result": {"score": 3}}, {"result": {"outcome": "over", "score": -1, "fields": {}}},
])
def test_corrupt_records_are_one_line(change):
    one_line_error(good() | change)


def test_hops_that_do_not_follow_and_a_wrong_end_are_refused():
    data = good()
    log = data["log"]
    late = {"log": log + ["pR" + "1" * 7], "t": data["t"] + [data["t"][-1]]}  # a hop long after the stair fell
    assert "ended before the hop" in one_line_error(data | late)
    assert "does not follow" in one_line_error(data | {"log": ["pL5"] + log[1:]})  # the first hop is at tick 0
    assert one_line_error(data | {"log": ["~u"] + log[1:]})  # no undo in a real-time run
    end = data["result"]["fields"]["ticks"]
    assert "the record says" in one_line_error(result_with(data, ticks=end + 1))
    assert "the record says" in one_line_error(result_with(data, cause="hit"))
    assert "the record says" in one_line_error(data | {"result": data["result"] | {"score": 3}})
    assert "bad cause" in one_line_error(result_with(data, cause="eaten"))
    assert "bad end tick" in one_line_error(result_with(data, ticks=1.5))
    assert one_line_error("not a dict") and one_line_error(None) and one_line_error([1, 2])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["session", "params", "seed", "log", "t", "ended", "result", "x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**130), st.floats(),
                                 st.text(alphabet="plrLR0123456789az~ ", max_size=30),
                                 st.lists(st.text(alphabet="pLR019az", max_size=4), max_size=3),
                                 st.lists(st.integers(-5, 10**6), max_size=3))))
def test_any_hostile_record_is_a_value_error_never_a_crash(data):
    try:
        check(good() | data)
    except ValueError as e:
        assert "\n" not in str(e)


# ----------------------------------------------------------------------------------------------- bad old records
def good_legacy():
    return legacy_data(play(5, [0.2] * 12, "drop").state)


@pytest.mark.parametrize("change", [
    {"rules": 2}, {"rules": None}, {"seed": -1}, {"seed": 2**128}, {"seed": "7"}, {"seed": True}, {"end": -5},
    {"end": 1.5}, {"end": 10**30}, {"score": 10**9}, {"cause": "eaten"}, {"hops": ""}, {"hops": "x0"},
    {"hops": "L"}, {"hops": "L0R"}, {"hops": "l0"}, {"hops": ["L0"]}, {"hops": "L5R3"}, {"hops": "L0" * (MAX_HOPS + 1)},
    {"hops": "L0R" + "z" * 12}, {"score": 3}, {"cause": "hit"}, {"end": 1},
])
def test_corrupt_old_records_are_one_line(change):
    one_line_error(good_legacy() | change)


def test_an_old_record_with_hops_after_the_end_is_refused():
    data = good_legacy()
    late = {"hops": data["hops"] + "R" + "1" * 7, "end": data["end"] + 36**7}
    assert "ended before the hop" in one_line_error(data | late)
    assert "the record says" in one_line_error(data | {"end": data["end"] + 1})


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["rules", "seed", "hops", "end", "cause", "score", "x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**130), st.floats(),
                                 st.text(alphabet="lrLR0123456789az ", max_size=30),
                                 st.lists(st.integers(), max_size=3))))
def test_any_hostile_old_record_is_a_value_error_never_a_crash(data):
    try:
        check(good_legacy() | data)
    except ValueError as e:
        assert "\n" not in str(e)


def test_the_backend_reads_old_records_into_session_data():
    w = play(5, [0.2] * 4, "wrong").state
    data = BACKEND.legacy(legacy_data(w))
    assert data["session"] == 1 and data["params"] == "v1" and len(data["log"]) == len(w.hops)
    assert data["result"]["fields"] == {"cause": w.cause, "ticks": w.ticks, "hops": len(w.hops)}
    assert check(data) == of_world(w) and World(data["seed"]).seed == w.seed
