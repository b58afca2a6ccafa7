"""Stairs on the session layer: hops at world ticks, a run that ends by the clock is finished by the scene, a code
and the same hops give the same run, and replays written before the session layer still read."""
import json
from pathlib import Path

from hypothesis import given, settings, strategies as st

from arcade.engine import codes
from arcade.engine.replays import read_file
from arcade.engine.session import MemoryStore, Session, replay_data, replay_positions
from arcade.stairs.autopilot import next_hop
from arcade.stairs.backend import BACKEND
from arcade.stairs.world import TICKS_PER_SECOND

LEGACY = Path(__file__).parent.parent / "replays" / "legacy"


def climb(session, hops, gap=TICKS_PER_SECOND // 4):
    for _ in range(hops):
        w = session.state
        if w.over:
            break
        session.play((next_hop(w), w.ticks + gap))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**30), st.integers(1, 40))
def test_a_code_and_the_same_hops_give_the_same_run(seed, hops):
    a = Session(BACKEND, "v1", seed)
    climb(a, hops)
    c = codes.parse(a.code)
    assert c.game == "stairs" and c.params == "v1"
    b = Session(BACKEND, "v1", c.seed)
    for token, _ in a.line:
        assert b.play(BACKEND.decode(token, "v1"))
    assert (b.state.score, b.state.ticks, b.state.hops) == (a.state.score, a.state.ticks, a.state.hops)


def test_a_run_ended_by_the_clock_is_recorded_once_with_its_cause():
    store = MemoryStore()
    s = Session(BACKEND, "v1", 7, store=store)
    climb(s, 10)
    s.state.advance(TICKS_PER_SECOND * 10)
    assert s.state.over
    s.finish(BACKEND.result("v1", s.state))
    s.leave()
    (gid, score, fields), = store.records
    assert fields["outcome"] == "over" and fields["cause"] == "dropped" and score == 10
    assert store.bests == {"stairs": 10} and not s.can_undo


def test_a_run_left_mid_way_is_abandoned():
    store = MemoryStore()
    s = Session(BACKEND, "v1", 7, store=store)
    climb(s, 3)
    s.leave()
    assert store.records[0][2]["outcome"] == "abandoned" and store.saves == {}


def test_replays_written_before_the_session_layer_still_read():
    rec = read_file(LEGACY / "stairs-dropped.json")
    want = json.loads((LEGACY / "stairs-expected.json").read_text())
    data = replay_data(BACKEND, rec.data)
    assert data["result"]["fields"]["ticks"] == want["ticks"] and data["result"]["score"] == want["score"]
    positions = replay_positions(BACKEND, rec.data)
    assert positions[-1].state.score == want["score"]
