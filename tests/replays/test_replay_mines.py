"""Minesweeper replays: record -> replay reproduces the final field exactly (hypothesis over random players with
flags, question marks and chords, AI-played games, no-guess layouts, saved and resumed games), the record is
compact, and a corrupt or hostile record is a one-line ValueError."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.minesweeper import solver
from arcade.minesweeper.field import FLAG, NO_MARK, QUESTION, Field
from arcade.minesweeper.replay import check, fingerprint, label, record, replay, steps

ACTIONS = st.lists(st.tuples(st.sampled_from(["open", "chord", "flag", "mark", "unmark", "question"]),
                             st.integers(0, 99), st.integers(0, 99), st.integers(0, 3000)), max_size=120)


def play(f: Field, actions, rng: random.Random, finish: bool = True) -> Field:
    """Apply the actions (cells wrap onto the board); then, if ``finish``, open random covered cells until the
    game ends (a player who keeps clicking)."""
    for kind, r, c, dt in actions:
        if f.over:
            break
        f.clock_ms += dt
        r, c = r % f.rows, c % f.cols
        if kind == "open":
            f.open(r, c)
        elif kind == "chord":
            f.chord(r, c)
        elif kind == "flag":
            f.toggle_flag(r, c)
        elif kind == "mark":
            f.set_mark(r, c, FLAG)
        elif kind == "unmark":
            f.set_mark(r, c, NO_MARK)
        elif kind == "question" and f.question_marks:
            f.set_mark(r, c, QUESTION)
    while finish and not f.over:
        f.clock_ms += rng.randrange(2000)
        cells = [(r, c) for r in range(f.rows) for c in range(f.cols) if not f.is_open(r, c)
                 and f.mark(r, c) != FLAG]
        if not cells:  # every covered cell flagged: lift one
            r, c = next((r, c) for r in range(f.rows) for c in range(f.cols) if not f.is_open(r, c))
            f.set_mark(r, c, NO_MARK)
            continue
        f.open(*rng.choice(cells))
    return f


def round_trip(f: Field, **kw):
    rec = record(f, time_ms=f.clock_ms, **kw)
    assert rec is not None
    again = parse(rec.to_json())  # through its file form
    end = replay(again.data)
    assert fingerprint(end) == fingerprint(f)
    s = steps(again.data)
    assert len(s) == len(f.log) + 1 and s[-1].display == f.display() and s[-1].state == f.state
    assert s[-1].view == f.view()
    assert [x.ms for x in s[1:]] == [t for _, _, t in f.log]
    return rec


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), density=st.floats(0.05, 0.6),
       rule=st.sampled_from(["safe", "opening"]), qm=st.booleans(), seed=st.integers(0, 2**40), actions=ACTIONS)
def test_a_replay_reproduces_any_game_exactly(rows, cols, density, rule, qm, seed, actions):
    mines = max(1, min(rows * cols - 1, round(rows * cols * density)))
    f = play(Field(rows, cols, mines, rule=rule, seed=seed, question_marks=qm), actions, random.Random(seed))
    rec = round_trip(f)
    assert rec.score == round(100 * f.opened / (f.size - f.mines))
    assert rec.data["seed"] == seed and rec.data["state"] == f.state


def ai_game(level, seed, chords=True):
    """The solver plays; it flags the mines it is sure of and chords numbers whose flags are complete."""
    f = Field.level(level, seed=seed)
    while not f.over:
        f.clock_ms += 250
        a = solver.analyse(f.view(), f.mines)
        for r, c in a.mines:
            if f.mark(r, c) != FLAG:
                f.set_mark(r, c, FLAG)
        if chords:
            ch = next(((r, c) for r in range(f.rows) for c in range(f.cols) if f.can_chord(r, c)), None)
            if ch is not None:
                f.chord(*ch)
                continue
        f.open(*a.move)
    return f


@pytest.mark.parametrize("level,seed", [("beginner", s) for s in range(6)] + [("intermediate", 1)])
def test_ai_played_games_with_flags_and_chords_replay_exactly(level, seed):
    f = ai_game(level, seed)
    rec = round_trip(f)
    kinds = {k for k, _, _ in f.log}
    assert "F" in kinds and "O" in kinds
    if level == "intermediate":
        assert "C" in kinds


def test_a_no_guess_layout_replays_from_the_layout_not_the_seed():
    from arcade.minesweeper.noguess import generate

    g = generate(9, 9, 10, (4, 4), "opening", seed=5)
    f = Field(9, 9, 10, rule="opening", seed=123)
    f.place_mines(4 * 9 + 4, g["mines"])
    f.open(4, 4)
    while not f.over:
        safe, _ = solver.certain(f.view(), f.mines)
        f.clock_ms += 100
        f.open(*safe[0])
    rec = round_trip(f, no_guess=True)
    assert rec.data["no_guess"] and f.state == "won"


def test_a_saved_and_resumed_game_keeps_its_replay():
    rng = random.Random(4)
    f = Field.level("beginner", seed=9, question_marks=True)
    play(f, [("open", 4, 4, 0), ("flag", 0, 0, 500), ("flag", 0, 0, 500), ("flag", 8, 8, 700)], rng, finish=False)
    g = Field.from_dict(json.loads(json.dumps(f.to_dict())))
    assert g.log == f.log and g.clock_ms == f.log[-1][2]
    play(g, [], rng)
    assert g.over
    round_trip(g)


def test_a_save_older_than_replays_has_none():
    f = Field.level("beginner", seed=9)
    f.open(4, 4)
    data = f.to_dict()
    del data["log"]
    g = Field.from_dict(data)
    assert g.log is None
    play(g, [], random.Random(1))
    assert record(g, time_ms=1000) is None


def test_a_game_not_over_has_no_replay_and_the_record_is_compact():
    f = Field.level("expert", seed=3)
    assert record(f, time_ms=0) is None
    f = ai_game("expert", 3)
    rec = record(f, time_ms=f.clock_ms, best=True)
    text = rec.to_json()
    assert rec.best and len(text) < 200 + 130 + 9 * len(f.log)  # the layout is 120 hex digits, ~7 bytes an input
    assert label(rec).startswith("Won" if f.state == "won" else "Lost")


def base():
    f = ai_game("beginner", 0)
    return record(f, time_ms=f.clock_ms).data


@pytest.mark.parametrize("change", [
    {"rows": 1}, {"cols": 101}, {"mines": 0}, {"rule": "nope"}, {"state": "playing"}, {"no_guess": 1},
    {"time_ms": -5}, {"seed": "x"}, {"layout": "zz"}, {"layout": "0" * 21}, {"layout": "f" * 21},
    {"log": ""}, {"log": "O1.0 "}, {"log": "X1.0"}, {"log": "O2p.0"},  # cell 97 is off a 9 x 9 board
    {"mines": 11}, {"log": "F0.0U0.0" * 50_001},  # too long to keep every position
])
def test_bad_records_are_one_line_errors(change):
    data = base() | change
    with pytest.raises(ValueError) as e:
        steps(data)
    assert "\n" not in str(e.value)


def test_inputs_the_rules_refuse_are_one_line_errors():
    data = base()
    events = data["log"]
    for log, why in [(events + "O0.0", "already over"), ("F0.0F0.0" + events, "changes no mark"),
                     ("C0.0" + events, "chord"), (events.replace("O", "U", 1), "changes no mark")]:
        with pytest.raises(ValueError) as e:
            steps(data | {"log": log})
        assert "\n" not in str(e.value) and why in str(e.value)
    with pytest.raises(ValueError, match="end the game"):
        steps(data | {"state": "lost" if data["state"] == "won" else "won"})
    with pytest.raises(ValueError):
        check([])


def test_a_mine_under_the_first_click_is_refused():
    data = base()
    first = int(data["log"][1:data["log"].index(".")], 36)
    bits = int(data["layout"], 16)
    moved = (bits & ~(bits & -bits)) | (1 << first)  # one mine moved under the first click
    with pytest.raises(ValueError, match="first click"):
        steps(data | {"layout": format(moved, "x").zfill(21)})
