"""Tic-tac-toe / 4x4 / Gomoku replays: record -> replay gives the same moves, sides and result exactly (hypothesis
over random games with undos and swaps, and games the AI played), the steps carry who played what with the move
numbers and times, a saved and resumed game keeps its log, and bad records are one-line errors."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import parse
from arcade.tictactoe import ai
from arcade.tictactoe.match import Match
from arcade.tictactoe.replay import label, record, replay, steps

OPS = st.lists(st.tuples(st.sampled_from(["move"] * 6 + ["undo", "undo_turn", "swap"]), st.integers(0, 10**6),
                         st.integers(0, 5000)), max_size=80)


def finish(m: Match, rng: random.Random) -> Match:
    while not m.over:
        m.clock_ms += rng.randrange(3000)
        free = [(r, c) for r in range(m.size) for c in range(m.size) if m.rows[r][c] == "."]
        m.play(*rng.choice(free))
    return m


def run(m: Match, ops, rng) -> Match:
    for op, x, dt in ops:
        if m.over:
            break
        m.clock_ms += dt
        if op == "move":
            free = [(r, c) for r in range(m.size) for c in range(m.size) if m.rows[r][c] == "."]
            m.play(*free[x % len(free)])
        elif op == "undo":
            m.undo(1 + x % 3)
        elif op == "undo_turn":
            m.undo_turn()
        elif op == "swap" and m.opponent == "ai":
            m.swap()
    return finish(m, rng)


def same(a: Match, b: Match) -> bool:
    return (a.variant, a.opponent, a.human, a.level, a.moves, a.rows, a.win_line, a.result()) == \
        (b.variant, b.opponent, b.human, b.level, b.moves, b.rows, b.win_line, b.result())


@settings(max_examples=120, deadline=None)
@given(variant=st.sampled_from(["3x3", "4x4", "gomoku"]), opponent=st.sampled_from(["ai", "friend"]),
       human=st.sampled_from(["X", "O"]), level=st.sampled_from(["easy", "medium", "hard", "perfect"]),
       seed=st.integers(0, 2**32), ops=OPS)
def test_a_replay_reproduces_the_game_exactly(variant, opponent, human, level, seed, ops):
    m = run(Match(variant, opponent, human, level), ops, random.Random(seed))
    rec = record(m)
    assert rec is not None
    again = parse(rec.to_json())
    assert same(replay(again.data), m)
    s = steps(again.data)
    assert len(s) == len(m.log) + 1 and s[-1].rows == m.rows and s[-1].over
    assert [x.ms for x in s[1:]] == [t for _, _, t in m.log]
    assert s[-1].moves == tuple(m.moves)
    if opponent == "ai":
        assert rec.score == {"win": 2, "draw": 1, "loss": 0}[m.result()]


def test_who_played_what_follows_the_sides_and_swaps():
    m = Match("3x3", "ai", "X", "hard")
    m.play(1, 1)                 # you (X)
    m.clock_ms = 800
    m.play(0, 0)                 # the AI (O)
    m.clock_ms = 2500
    m.swap()                     # you take O; the AI plays X
    m.play(2, 2)                 # the AI, as X
    m.clock_ms = 4000
    m.play(0, 2)                 # you, as O
    m.undo_turn()                # takes back your O
    m.play(2, 0)
    finish(m, random.Random(1))
    s = steps(record(m).data)
    moves = [x for x in s if x.kind == "M"]
    assert [(x.side, x.by) for x in moves[:5]] == [("X", "You"), ("O", "AI Hard"), ("X", "AI Hard"), ("O", "You"),
                                                   ("O", "You")]
    swap = next(x for x in s if x.kind == "S")
    assert swap.human == "O" and swap.ms == 2500
    undo = next(x for x in s if x.kind == "U")
    assert undo.undone == 1 and len(undo.moves) == 3
    assert record(m).data["human"] == "X" and replay(record(m).data).human == "O"


def ai_game(variant, levels, seed):
    m = Match(variant, "friend")
    rng = random.Random(seed)
    while not m.over:
        m.clock_ms += 300
        m.play(*ai.choose(m.rows, m.k, levels[m.to_move], seed=rng.randrange(1 << 30), budget=0.05))
    return m


@pytest.mark.parametrize("variant,levels", [("3x3", {"X": "perfect", "O": "easy"}),
                                            ("4x4", {"X": "medium", "O": "hard"}),
                                            ("gomoku", {"X": "hard", "O": "medium"})])
def test_ai_games_replay_exactly_and_end_on_the_win_line(variant, levels):
    m = ai_game(variant, levels, 3)
    rec = record(m)
    end = steps(rec.data)[-1]
    assert same(replay(rec.data), m) and end.line == m.win_line and end.result == m.result()
    assert label(rec) in ("X wins", "O wins", "Black wins", "White wins", "Draw")


def test_a_saved_game_keeps_its_log_and_an_old_save_replays_its_moves():
    m = Match("4x4", "ai", "O", "easy")
    for t, cell in enumerate([(0, 0), (1, 1), (2, 2)]):
        m.clock_ms = 1000 * t
        m.play(*cell)
    m.swap()
    g = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert g.log == m.log and g.clock_ms == 2000 and g == m
    finish(g, random.Random(2))
    assert same(replay(record(g).data), g)
    old = m.to_dict()
    del old["log"]
    h = Match.from_dict(old)
    assert [k for k, _, _ in h.log] == ["M"] * 3 and all(t == 0 for _, _, t in h.log)
    tampered = m.to_dict() | {"log": "M0.0M0.0"}
    assert Match.from_dict(tampered).log == h.log


def test_not_over_has_no_replay_and_labels():
    m = Match("3x3", "ai", "X", "easy")
    m.play(0, 0)
    assert record(m) is None
    won = Match("3x3", "ai", "X", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    assert label(record(won)) == "Win" and record(won).score == 2
    lost = Match("3x3", "ai", "O", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    assert label(record(lost)) == "Loss" and "you O" in record(lost).title


def base():
    return record(Match("3x3", "ai", "X", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])).data


@pytest.mark.parametrize("change", [
    {"variant": "5x5"}, {"opponent": "cat"}, {"human": "Z"}, {"level": "godlike"}, {"result": "maybe"},
    {"log": ""}, {"log": "M0.0M0.0"}, {"log": "Mz.0"}, {"log": "X0.0"}, {"log": "U1.0"}, {"log": "M0.0"},
    {"result": "loss"}, {"log": base()["log"] + "M8.0"}, {"log": "M0.0U1.0" * 2501 + base()["log"]},
    {"opponent": "friend", "log": "S0.0" + base()["log"]},
])
def test_bad_records_are_one_line_errors(change):
    with pytest.raises(ValueError) as e:
        steps(base() | change)
    assert "\n" not in str(e.value)
