"""2048 on the session layer: the backend plays exactly the rules (:mod:`arcade.game2048.rules`), its codes
round-trip, and replays and saves written before the session layer still read."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import read_file
from arcade.engine.session import MemoryStore, Session, replay_positions
from arcade.game2048.backend import BACKEND, Params
from arcade.game2048 import rules

LEGACY = Path(__file__).parent.parent / "replays" / "legacy"
EXPECTED = json.loads((LEGACY / "2048-expected.json").read_text())
directions = st.lists(st.sampled_from(["up", "down", "left", "right"]), max_size=120)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**30), st.sampled_from([3, 4, 5, 8]), directions)
def test_the_backend_plays_the_rules(seed, size, moves):
    """Each move is the slide of :func:`rules.slide` plus one new 2 or 4 on a cell the slide left empty; the score
    grows by the merges; over when no direction moves; won once a merge made the winning tile."""
    target = 256 if size == 3 else 2048
    s = Session(BACKEND, Params(size, 0.1, target), seed)
    for d in moves:
        before = s.state
        slid = rules.slide(before.grid, d)
        if s.play(d):
            direction, (r, c, v) = s.backend.decode(s.line[-1][0], s.params)
            assert direction == d and slid.moved and slid.grid[r][c] == 0 and v in (2, 4)
            assert s.state.grid == rules.place(slid.grid, r, c, v)
            assert s.state.score == before.score + slid.gained
            assert s.state.over == (not rules.can_move(s.state.grid))
            made = any(m.merged and 2 * m.value == target for m in slid.motions)
            assert s.state.won == (before.won or made)
        else:
            assert before.terminated or not slid.moved
            assert s.state is before


@given(st.sampled_from([3, 4, 6, 8]), st.sampled_from([0.0, 0.1, 0.15, 1.0]))
def test_parameters_round_trip_through_their_code_text(size, p):
    params = Params(size, p, 256 if size == 3 else 2048)
    assert BACKEND.parse_params(BACKEND.params_text(params)) == params


@pytest.mark.parametrize("text", ["4x5", "9x9", "2x2", "4x4.p200", "4x4.t100", "four"])
def test_bad_parameters_are_one_line(text):
    with pytest.raises(ValueError) as e:
        BACKEND.parse_params(text)
    assert "\n" not in str(e.value)


def test_the_start_has_two_tiles_and_a_code():
    s = Session(BACKEND, Params(), 123)
    assert sum(1 for row in s.state.grid for v in row if v) == 2
    assert s.code.startswith("2048-4x4-")


def test_keep_going_after_the_win_and_a_win_left_on_its_panel_counts_as_won():
    store = MemoryStore()
    s = Session(BACKEND, Params(3, 0.1, 8), 4, store=store)
    n = 0
    while not s.state.won and n < 500:
        s.play(["left", "down", "right", "up"][n % 4])
        n += 1
    assert s.state.won and s.state.terminated and not s.over
    assert not s.play("left")  # waiting on the win panel
    s.leave(keep_save=False)
    assert store.records[0][2]["outcome"] == "won"


@pytest.mark.parametrize("name", ["2048-4x4", "2048-3x3"])
def test_replays_written_before_the_session_layer_still_play_to_the_same_end(name):
    rec = read_file(LEGACY / f"{name}.json")
    positions = replay_positions(BACKEND, rec.data)
    want = EXPECTED[name]
    last = positions[-1].state
    assert len(positions) == want["positions"]
    assert [list(r) for r in last.grid] == want["grid"] and last.score == want["score"]
    assert (last.won, last.over) == (want["won"], want["over"])
    assert positions[0].event is None and sum(1 for r in positions[0].state.grid for v in r if v) == 2


@pytest.mark.parametrize("name", ["2048-save", "2048-save-fresh"])
def test_saves_written_before_the_session_layer_continue(name):
    store = MemoryStore()
    store.saves["2048"] = json.loads((LEGACY / f"{name}.json").read_text())
    s = Session.resume(BACKEND, store)
    want = EXPECTED[name]
    assert s is not None and [list(r) for r in s.state.grid] == want["grid"] and s.state.score == want["score"]
