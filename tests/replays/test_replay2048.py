"""2048 replays: record -> replay reproduces the game exactly (hypothesis over seeded games with undos and
"keep going"), survives a save and resume, and refuses a bad record with one line."""
import json

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.game2048.game import Game
from arcade.game2048.replay import record, replay, steps

OPS = st.lists(st.sampled_from(["up", "down", "left", "right", "undo", "keep"]), max_size=300)


def play(game, ops):
    for op in ops:
        if op == "undo":
            game.undo()
        elif op == "keep":
            if game.won:
                game.keep_going()
        else:
            game.move(op)
    return game


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 6), seed=st.integers(0, 2**32), ops=OPS, p=st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_a_replay_reproduces_the_game_exactly(size, seed, ops, p):
    g = play(Game(size, seed=seed, four_probability=p, target=8 if size == 3 else 16), ops)
    rec = record(g)
    if rec is None:  # no input at all
        assert not g.log
        return
    again = parse(rec.to_json())  # through its file form
    end = replay(again.data)
    assert (end.grid, end.score, end.won, end.over) == (g.grid, g.score, g.won, g.over)
    assert rec.score == g.score


def test_a_resumed_game_keeps_its_replay():
    g = play(Game(4, seed=3), ["left", "up", "undo", "right", "down"] * 20)
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    play(again, ["left", "up"] * 5)
    play(g, ["left", "up"] * 5)
    assert replay(record(again).data).grid == g.grid == again.grid


def test_steps_carry_the_moves_and_undos():
    g = play(Game(4, seed=5), ["left", "right", "undo", "up"])
    s = steps(record(g).data)
    assert [x.direction for x in s] == [None, "left", "right", None, "up"]
    assert s[3].grid == s[1].grid  # the undo went back


def test_a_game_edited_outside_the_rules_has_no_replay():
    g = play(Game(4, seed=5), ["left", "up"])
    g.place(0, 0, 1024)
    assert record(g) is None


@pytest.mark.parametrize("bad", [
    {"size": 9, "target": 2048, "four_probability": 0.1, "start": "0" * 81, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "0" * 15, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 2, "start": "0" * 16, "log": ""},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "abc"},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "zy"},  # undo at start
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" + "0" * 15, "log": "0!"},
    {"size": 4, "target": 2048, "four_probability": 0.1, "start": "1" * 16, "log": "00"},  # a full board moves nothing
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
    s = sc.Game2048Scene(app, game=Game(4, seed=11))
    app.stack.reset(s, fade=False)
    frames(app, 1)
    for d in ("left", "up", "right", "down") * 30:
        s.move(d)
    final = (s.game.grid, s.game.score)
    played = app.profile.totals("2048")["played"]
    s.new_game()  # the game so far is recorded
    assert app.replays.flush()
    (r,) = app.replays.list("2048")
    assert r.best and r.score == final[1]
    end = replay(r.data)
    assert (end.grid, end.score) == final
    steps(r.data)  # replaying touches nothing in the profile
    assert app.profile.totals("2048")["played"] == played + 1
