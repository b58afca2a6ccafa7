"""2048 replays on the session layer: a session's replay reproduces the game exactly (hypothesis over seeded games
with undos, redos and "keep going"), survives a save and continue, opens at the start position, and a bad record
is refused with one line."""
import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.engine.session import Session
from arcade.game2048.backend import BACKEND, Params
from arcade.game2048.replay import steps

OPS = st.lists(st.sampled_from(["up", "down", "left", "right", "undo", "redo", "keep"]), max_size=300)


def play(s, ops):
    for op in ops:
        if op == "undo":
            s.undo()
        elif op == "redo":
            s.redo()
        else:
            s.play(op)
    return s


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 6), seed=st.integers(0, 2**30), ops=OPS, p=st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_a_replay_reproduces_the_game_exactly(size, seed, ops, p):
    s = play(Session(BACKEND, Params(size, p, 8 if size == 3 else 16), seed), ops)
    again = parse(s.replay().to_json())  # through its file form
    end = steps(again.data)[-1]
    assert (end.grid, end.score, end.won, end.over) == (s.state.grid, s.state.score, s.state.won, s.state.over)


def test_a_continued_game_keeps_its_replay():
    s = play(Session(BACKEND, Params(), 3), ["left", "up", "undo", "right", "down"] * 20)
    again = Session.from_dict(BACKEND, s.to_dict())
    play(again, ["left", "up"] * 5)
    play(s, ["left", "up"] * 5)
    assert steps(again.replay().data)[-1].grid == s.state.grid == again.state.grid


def test_steps_carry_the_moves_undos_and_redos_from_the_start_position():
    s = play(Session(BACKEND, Params(), 5), ["left", "right", "undo", "redo", "up"])
    st_ = steps(s.replay().data)
    assert [x.direction for x in st_] == [None, "left", "right", None, None, "up"]
    assert st_[3].grid == st_[1].grid and st_[4].grid == st_[2].grid
    assert sum(1 for row in st_[0].grid for v in row if v) == 2  # move 0: the two starting tiles


@pytest.mark.parametrize("bad", [
    {"size": 9, "target": 2048, "four_probability": 0.1, "start": "0" * 81, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "0" * 15, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 2, "start": "0" * 16, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "abc"},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "zy"},  # undo at start
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "0!"},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" * 16, "log": "00"},  # a full board moves nothing
    {"session": 1, "params": "4x4", "seed": 1, "log": ["p00"], "t": []},
    {"session": 9, "params": "4x4", "seed": 1, "log": [], "t": []},
    [],
])
def test_bad_records_are_one_line_errors(bad):
    with pytest.raises(ValueError) as e:
        steps(bad)
    assert "\n" not in str(e.value)


def test_a_finished_2048_game_in_the_scene_leaves_a_replay_and_replays_change_no_stats(app):
    from arcade.game2048 import scene as sc
    from helpers import frames

    app.profile.set("help.2048", True)
    s = sc.Game2048Scene(app, session=Session(BACKEND, Params(), 11))
    app.stack.reset(s, fade=False)
    frames(app, 1)
    for d in ("left", "up", "right", "down") * 30:
        s.move(d)
    final = (s.game.grid, s.game.score)
    s.new_game()  # the game so far is recorded (abandoned)
    assert app.replays.flush()
    (r,) = app.replays.list("2048")
    assert r.score == final[1]
    end = steps(r.data)[-1]
    assert (end.grid, end.score) == final
    played = len(app.profile.history("2048"))
    steps(r.data)  # replaying touches nothing in the profile
    assert len(app.profile.history("2048")) == played == 1
