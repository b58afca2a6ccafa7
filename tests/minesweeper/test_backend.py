"""Minesweeper on the session layer: the backend plays the rules of Field, a code and the same clicks give the same
field, undo works past a lost game, no-guess bests are kept apart, and saves and replays written before the session
layer still read."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine import codes
from arcade.engine.replays import read_file
from arcade.engine.session import MemoryStore, Session, replay_positions
from arcade.minesweeper.backend import BACKEND, Params

LEGACY = Path(__file__).parent.parent / "replays" / "legacy"
EXPECTED = json.loads((LEGACY / "mines-expected.json").read_text())
SAVES = json.loads((LEGACY / "saves-expected.json").read_text())


def clicks(session, cells, ms0=0):
    for k, cell in enumerate(cells):
        session.play(("O", cell, ms0 + 100 * k))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**30), st.lists(st.integers(0, 80), min_size=1, max_size=25))
def test_a_code_and_the_same_clicks_give_the_same_field(seed, cells):
    a = Session(BACKEND, Params(), seed)
    clicks(a, cells)
    c = codes.parse(a.code)
    b = Session(BACKEND, BACKEND.parse_params(c.params), c.seed)
    clicks(b, cells)
    assert [s.display() for s in a.states] == [s.display() for s in b.states]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**30), st.lists(st.tuples(st.sampled_from("OCM"), st.integers(0, 80)), max_size=30))
def test_replays_and_saves_reproduce_the_game(seed, inputs):
    s = Session(BACKEND, Params(), seed)
    for k, (kind, cell) in enumerate(inputs):
        s.play(("M", cell, 1, k) if kind == "M" else (kind, cell, k))
        if k % 7 == 6:
            s.undo()
    positions = replay_positions(BACKEND, s.replay().data)
    assert positions[-1].state.display() == s.state.display()
    t = Session.from_dict(BACKEND, s.to_dict())
    assert t.state.display() == s.state.display() and t.pos == s.pos


def test_the_first_click_is_safe_and_opens_a_region():
    s = Session(BACKEND, Params(16, 16, 40), 3)
    assert s.play(("O", 100, 0))
    f = s.state
    assert f.state == "playing" and f.opened >= 9 and not f.is_mine(6, 4)


def test_undo_after_a_lost_game_and_the_record_stays_lost():
    store = MemoryStore()
    s = Session(BACKEND, Params(), 11, store=store)
    s.play(("O", 40, 0))
    mine = next(i for i in range(81) if s.state._mine[i])
    s.play(("O", mine, 900))
    assert s.over and s.recorded.outcome == "lost"
    assert s.undo() and not s.over and s.play(("M", mine, 1, 1000))
    assert len(store.records) == 1 and store.records[0][2]["outcome"] == "lost" and store.bests == {}


def test_a_win_sets_the_best_time_and_no_guess_bests_are_apart():
    for ng, key in ((False, "minesweeper/beginner"), (True, "minesweeper/beginner.noguess")):
        store = MemoryStore()
        s = Session(BACKEND, Params(no_guess=ng), 4, store=store)
        s.play(("O", 40, 0))
        safe = [i for i in range(81) if not s.state._mine[i]]
        for k, i in enumerate(safe):
            s.play(("O", i, 1000 + k))
        assert s.recorded.outcome == "won"
        assert list(store.bests) == [key] and store.bests[key] == s.state.clock_ms


@pytest.mark.parametrize("text, want", [("beginner", Params()), ("expert.ng", Params(30, 16, 99, "opening", True)),
                                        ("20x24m99.safe", Params(20, 24, 99, "safe", False))])
def test_parameters_round_trip(text, want):
    assert BACKEND.parse_params(text) == want and BACKEND.params_text(want) == text


@pytest.mark.parametrize("text", ["huge", "9x9m81", "1x9m1", "beginner.fast", "9x9m0"])
def test_bad_parameters_are_one_line(text):
    with pytest.raises(ValueError) as e:
        BACKEND.parse_params(text)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("name", ["mines-beginner-won", "mines-intermediate-lost"])
def test_replays_written_before_the_session_layer_still_play_to_the_same_end(name):
    rec = read_file(LEGACY / f"{name}.json")
    positions = replay_positions(BACKEND, rec.data)
    want = EXPECTED[name]
    last = positions[-1].state
    assert len(positions) == want["positions"] and last.state == want["state"]
    assert list(last.display()) == want["display"]
    assert positions[0].state.opened == 0  # the untouched field at move 0


def old_save(name: str) -> dict:
    return json.loads((LEGACY / f"{name}.json").read_text())


@pytest.mark.parametrize("name", ["mines-save-v1", "mines-save-log"])
def test_saves_written_before_the_session_layer_continue_where_they_were(name):
    s = Session.from_dict(BACKEND, old_save(name))
    want = SAVES[name]
    assert list(s.state.display()) == want["display"] and s.state.state == want["state"]
    assert s.state.flags == want["flags"] and s.state.question_marks
    assert s.events[0].startswith("pO") and ":" in s.events[0]  # the first open carries the saved mines
    t = Session.from_dict(BACKEND, json.loads(json.dumps(s.to_dict())))  # and it saves again in today's format
    assert t.state.display() == s.state.display() and t.events == s.events


def test_an_old_saves_inputs_keep_their_times_and_its_hints():
    s = Session.from_dict(BACKEND, old_save("mines-save-log"))
    data = old_save("mines-save-log")
    assert len(s.events) == 14 and s.times[0] == 0 and s.times[-1] == s.state.clock_ms == 9503
    assert s.hints == 1  # it was saved as assisted: it sets no best time
    assert s.undo() and s.undo() and s.state.display() != tuple(SAVES["mines-save-log"]["display"])
    v1 = Session.from_dict(BACKEND, old_save("mines-save-v1"))  # older than replays: the clock as saved
    assert v1.times[0] == 0 and v1.times[-1] == v1.state.clock_ms == 8400 and v1.hints == 0
    assert data["field"]["log"]


def test_an_old_save_with_a_damaged_log_continues_from_its_cells():
    data = old_save("mines-save-log")
    data["field"]["log"] = data["field"]["log"][:12]  # cut off after the second input
    s = Session.from_dict(BACKEND, data)
    assert list(s.state.display()) == SAVES["mines-save-log"]["display"]
    assert s.times[0] == 0 and set(s.times[1:]) == {data["elapsed_ms"]}


def field_change(**change):
    data = old_save("mines-save-v1")
    data["field"].update(change)
    return data


def mine_open():
    f = old_save("mines-save-v1")["field"]
    i = f["mine_cells"][0]
    return f["open"][:i] + "1" + f["open"][i + 1:]


@pytest.mark.parametrize("data", [
    field_change(version=2), field_change(rows=1), field_change(mines=0), field_change(rule="x"),
    field_change(state="paused"), field_change(open="01"), field_change(marks="Z" * 81),
    field_change(mine_cells=[0] * 10), field_change(mine_cells=list(range(9))), field_change(first_click=99),
    field_change(state="won"), field_change(open=mine_open()), field_change(marks="F" * 81),
    field_change(mine_cells=[40] + old_save("mines-save-v1")["field"]["mine_cells"][1:]),
    {**old_save("mines-save-v1"), "elapsed_ms": -1}, {**old_save("mines-save-v1"), "field": "nope"},
])
def test_a_bad_old_save_is_one_line_value_error(data):
    with pytest.raises(ValueError) as e:
        Session.from_dict(BACKEND, data)
    assert "\n" not in str(e.value) and str(e.value).startswith("minesweeper")


@given(st.floats(2, 100), st.floats(2, 100), st.floats(1, 9999))
def test_the_custom_setting_gives_whole_numbers_within_the_limits(width, height, mines):
    """Whatever numbers the settings hold (floats, as the profile keeps them), a custom game is dealt."""
    from arcade.minesweeper.field import check_custom

    values = {"mines.custom_width": width, "mines.custom_height": height, "mines.custom_mines": mines,
              "mines.level": "custom", "mines.first_click": "opening", "mines.no_guess": False}
    w, h, m = BACKEND.custom_setting(values.get)
    assert all(type(v) is int for v in (w, h, m))
    check_custom(w, h, m)
    p = BACKEND.new_params(values.get, {})
    assert (p.rows, p.cols, p.mines) == (h, w, m)
