"""Minesweeper replays on the session layer: a session's replay reproduces the game exactly (hypothesis over random
players with flags, question marks, chords, undos and redos; AI-played games), the first open carries the mine
layout so a replay needs no generator, the record is compact, and a corrupt or hostile record (old format or new)
is a one-line ValueError."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.engine.session import AI, Session
from arcade.minesweeper import solver
from arcade.minesweeper.backend import BACKEND, Params
from arcade.minesweeper.field import FLAG, NO_MARK, QUESTION, check_size
from arcade.minesweeper.replay import Step, check, cleared, label, step_words, steps

ACTIONS = st.lists(st.tuples(st.sampled_from(["open", "chord", "flag", "unmark", "question", "undo", "redo"]),
                             st.integers(0, 99), st.integers(0, 99)), max_size=120)


class Clock:
    def __init__(self, rng):
        self.t, self.rng = 0.0, rng

    def __call__(self):
        self.t += self.rng.randrange(2000) / 1000
        return self.t


def play(s: Session, actions, rng: random.Random) -> Session:
    """Apply the actions (cells wrap onto the board); then open random covered cells until the game ends."""
    ms = 0
    for kind, r, c in actions:
        if s.over:
            break
        f = s.state
        ms += 37
        i = (r % f.rows) * f.cols + c % f.cols
        if kind == "undo":
            s.undo()
        elif kind == "redo":
            s.redo()
        elif kind in ("open", "chord"):
            s.play(("O" if kind == "open" else "C", i, ms))
        else:
            s.play(("M", i, {"flag": FLAG, "unmark": NO_MARK, "question": QUESTION}[kind], ms))
    while not s.over:
        f = s.state
        ms += rng.randrange(2000)
        cells = [i for i in range(f.size) if not f._state[i] and f._mark[i] != FLAG]
        if not cells:
            i = next(i for i in range(f.size) if not f._state[i])
            s.play(("M", i, NO_MARK, ms))
            continue
        s.play(("O", rng.choice(cells), ms))
    return s


def round_trip(s: Session):
    again = parse(s.replay().to_json())  # through its file form
    st_ = steps(again.data)
    f = s.state
    assert len(st_) == len(s.events) + 1 and st_[-1].display == f.display() and st_[-1].state == f.state
    assert st_[-1].view == f.view() and st_[0].opened == 0  # the untouched field at move 0
    return again


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), density=st.floats(0.05, 0.6),
       rule=st.sampled_from(["safe", "opening"]), seed=st.integers(0, 2**30), actions=ACTIONS)
def test_a_replay_reproduces_any_game_exactly(rows, cols, density, rule, seed, actions):
    mines = max(1, min(rows * cols - 1, round(rows * cols * density)))
    check_size(rows, cols, mines)
    rng = random.Random(seed)
    s = play(Session(BACKEND, Params(rows, cols, mines, rule), seed, clock=Clock(rng)), actions, rng)
    round_trip(s)


def ai_game(level_params: Params, seed: int) -> Session:
    """The solver plays as the AI; it flags the mines it is sure of and chords numbers whose flags are complete."""
    s = Session(BACKEND, level_params, seed)
    ms = 0
    while not s.over:
        f = s.state
        ms += 250
        a = solver.analyse(f.view(), f.mines, budget=30.0)  # the move never cut by the clock: the same game under any load
        for r, c in a.mines:
            if f.mark(r, c) != FLAG:
                s.play(("M", r * f.cols + c, FLAG, ms), by=AI)
        f = s.state
        ch = next(((r, c) for r in range(f.rows) for c in range(f.cols) if f.can_chord(r, c)), None)
        if ch is not None:
            s.play(("C", ch[0] * f.cols + ch[1], ms), by=AI)
            continue
        s.play(("O", a.move[0] * f.cols + a.move[1], ms), by=AI)
    return s


@pytest.mark.parametrize("seed", range(5))
def test_ai_played_games_with_flags_and_chords_replay_exactly(seed):
    s = ai_game(Params(), seed)
    again = round_trip(s)
    kinds = {x.kind for x in steps(again.data)}
    assert "F" in kinds and "O" in kinds
    assert label(again).startswith(("Won", "Lost"))


def test_the_first_open_carries_the_layout_so_a_replay_needs_no_generator():
    s = Session(BACKEND, Params(9, 9, 10, "opening", no_guess=True), 5)
    s.play(("O", 40, 0))
    first = s.events[0]
    assert ":" in first  # the layout in hex after the open
    again = json.loads(json.dumps(s.replay().data))
    assert steps(again)[-1].display == s.state.display()


def test_the_record_is_compact():
    s = ai_game(Params(16, 16, 40), 1)
    text = s.replay().to_json()
    assert len(text) < 400 + 16 * len(s.events)


def base():
    return ai_game(Params(), 0).replay().data


@pytest.mark.parametrize("change", [
    {"params": "1x9m1"}, {"params": "101x9m9"}, {"params": "9x9m0"}, {"params": "beginner.fast"},
    {"seed": "x"}, {"log": ["pO0.0:zz"], "t": [0]}, {"log": ["pX1.0"], "t": [0]},
    {"log": ["pO2p.0"], "t": [0]},  # cell 97 is off a 9 x 9 board
    {"session": 7}, {"t": [0]},
])
def test_bad_records_are_one_line_errors(change):
    with pytest.raises(ValueError) as e:
        steps(base() | change)
    assert "\n" not in str(e.value)


def test_inputs_the_rules_refuse_are_one_line_errors():
    data = base()
    log, t = data["log"], data["t"]
    for bad in (log + ["pO0.0"], ["pM10.0", "pM10.0"] + log, ["pC0.0"] + log):
        with pytest.raises(ValueError) as e:
            steps(data | {"log": bad, "t": [0] * len(bad)})
        assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        check([])


def test_a_mine_under_the_first_click_is_refused():
    data = base()
    first = data["log"][0]
    cell = int(first[2:first.index(".")], 36)
    bits = int(first.split(":")[1], 16)
    moved = (bits & ~(bits & -bits)) | (1 << cell)  # one mine moved under the first click
    bad = first.split(":")[0] + ":" + format(moved, "x").zfill(21)
    with pytest.raises(ValueError):
        steps(data | {"log": [bad] + data["log"][1:]})


def test_the_words_of_each_input_name_it_where_the_board_shows_it():
    """The line under the board: the input, its cell as shown (a turned board swaps row and column) and the
    time; an undo or a redo; a win's time, a loss's share of the safe cells cleared."""
    def at(kind, cell, state="playing", opened=10, ms=2345):
        return Step("#" * 81, 9, state, 10, ms, kind, cell, opened)

    assert step_words(at("O", (2, 7)), (2, 7), 9, 9, 10) == "Open row 3, column 8 at 2.3 s"
    assert step_words(at("F", (2, 7)), (7, 2), 9, 9, 10) == "Flag row 8, column 3 at 2.3 s"
    assert [step_words(at(k, (0, 0)), (0, 0), 9, 9, 10).split(" row")[0] for k in "CQU"] == [
        "Chord", "Question mark", "Mark off"]
    assert step_words(at("<", None), None, 9, 9, 10) == "Undo at 2.3 s"
    assert step_words(at(">", None), None, 9, 9, 10) == "Redo at 2.3 s"
    assert step_words(at("O", (1, 1), "won", 71, 65_432), (1, 1), 9, 9, 10) == "Cleared in 65.4 s"
    assert step_words(at("C", (1, 1), "lost", 35), (1, 1), 9, 9, 10) == "Boom! 49 % cleared"
    assert cleared(at("O", (1, 1), opened=71), 9, 9, 10) == 100
