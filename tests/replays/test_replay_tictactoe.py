"""Tic-tac-toe / 4x4 / Gomoku replays on the session layer: a session's replay gives the same moves, sides and
result exactly (hypothesis over random games with undos, redos and swaps, and games the AI played), the steps carry
who played what with the move numbers and times, and bad records (old or new format) are one-line errors."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.engine.session import OPPONENT, PLAYER, Session
from arcade.tictactoe import ai
from arcade.tictactoe.backend import BACKEND, Params, outcome_of
from arcade.tictactoe.replay import check, label, steps

OPS = st.lists(st.tuples(st.sampled_from(["move"] * 6 + ["undo", "redo", "swap"]), st.integers(0, 10**6)),
               max_size=80)


class Clock:
    def __init__(self, rng):
        self.t, self.rng = 0.0, rng

    def __call__(self):
        self.t += self.rng.randrange(3000) / 1000
        return self.t


def free(s):
    n = s.params.size
    return [(r, c) for r in range(n) for c in range(n) if s.state.rows[r][c] == "."]


def finish(s, rng):
    while not s.over:
        s.play(rng.choice(free(s)))
    return s


def run(s, ops, rng):
    for op, x in ops:
        if s.over:
            break
        if op == "move":
            s.play(free(s)[x % len(free(s))])
        elif op == "undo":
            s.undo()
        elif op == "redo":
            s.redo()
        elif op == "swap":
            s.play("swap")
    return finish(s, rng)


@settings(max_examples=120, deadline=None)
@given(variant=st.sampled_from(["3x3", "4x4", "gomoku"]), opponent=st.sampled_from(["ai", "friend"]),
       human=st.sampled_from(["X", "O"]), level=st.sampled_from(["easy", "medium", "hard", "perfect"]),
       seed=st.integers(0, 2**32), ops=OPS)
def test_a_replay_reproduces_the_game_exactly(variant, opponent, human, level, seed, ops):
    rng = random.Random(seed)
    s = run(Session(BACKEND, Params(variant, opponent, human, level), clock=Clock(rng)), ops, rng)
    again = parse(s.replay().to_json())
    st_ = steps(again.data)
    assert len(st_) == len(s.events) + 1 and st_[-1].rows == s.state.rows and st_[-1].over
    assert [x.ms for x in st_[1:]] == s.times
    assert st_[-1].moves == s.state.moves and st_[-1].result == outcome_of(s.params, s.state)


def test_who_played_what_follows_the_sides_and_swaps():
    s = Session(BACKEND, Params("3x3", "ai", "X", "hard"))
    s.play((1, 1))                       # you (X)
    s.play((0, 0), by=OPPONENT)          # the AI (O)
    s.play("swap")                       # you take O; the AI plays X
    s.play((2, 2), by=OPPONENT)          # the AI, as X
    s.play((0, 2))                       # you, as O
    s.undo()                             # takes back your O
    s.play((2, 0))
    finish(s, random.Random(1))
    st_ = steps(s.replay().data)
    moves = [x for x in st_ if x.kind == "M"]
    assert [(x.side, x.by) for x in moves[:5]] == [("X", "You"), ("O", "AI Hard"), ("X", "AI Hard"), ("O", "You"),
                                                   ("O", "You")]
    swap = next(x for x in st_ if x.kind == "S")
    assert swap.human == "O"
    undo = next(x for x in st_ if x.kind == "U")
    assert undo.undone == 1 and len(undo.moves) == 3
    assert check(s.replay().data)[2] == "X" and st_[-1].human == "O"


def ai_game(variant, levels, seed):
    s = Session(BACKEND, Params(variant, "friend"))
    rng = random.Random(seed)
    while not s.over:
        st_ = s.state
        s.play(ai.choose(st_.rows, s.params.k, levels[st_.to_move], seed=rng.randrange(1 << 30), budget=0.05),
               by=PLAYER)
    return s


@pytest.mark.parametrize("variant,levels", [("3x3", {"X": "perfect", "O": "easy"}),
                                            ("4x4", {"X": "medium", "O": "hard"}),
                                            ("gomoku", {"X": "hard", "O": "medium"})])
def test_ai_games_replay_exactly_and_end_on_the_win_line(variant, levels):
    s = ai_game(variant, levels, 3)
    rec = s.replay()
    end = steps(rec.data)[-1]
    assert end.rows == s.state.rows and end.line == s.state.line
    assert label(rec) in ("X won", "O won", "Black won", "White won", "Drawn")


def test_labels_say_the_result():
    won = Session(BACKEND, Params("3x3", "ai", "X", "easy"))
    for c in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        won.play(c)
    assert label(won.replay()) == "Won"
    lost = Session(BACKEND, Params("3x3", "ai", "O", "easy"))
    for c in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        lost.play(c)
    assert label(lost.replay()) == "Lost"


def base():
    """A finished game in the format written before the session layer."""
    return {"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy", "log": "M0.0M3.0M1.0M4.0M2.0",
            "result": "win"}


@pytest.mark.parametrize("change", [
    {"variant": "5x5"}, {"opponent": "cat"}, {"human": "Z"}, {"level": "godlike"}, {"result": "maybe"},
    {"log": ""}, {"log": "M0.0M0.0"}, {"log": "Mz.0"}, {"log": "X0.0"}, {"log": "U1.0"}, {"log": "M0.0"},
    {"result": "loss"}, {"log": base()["log"] + "M8.0"},
    {"opponent": "friend", "log": "S0.0" + base()["log"]},
])
def test_bad_records_are_one_line_errors(change):
    assert steps(base())[-1].result == "win"
    with pytest.raises(ValueError) as e:
        steps(base() | change)
    assert "\n" not in str(e.value)
