"""Tic-tac-toe on the session layer: moves, swaps, undo past the end (a finished game can be taken back), the
opponent's moves leave the game the player's, streaks are the player's wins in a row, and replays written before
the session layer still read."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import read_file
from arcade.engine.session import OPPONENT, MemoryStore, Session, replay_positions
from arcade.tictactoe import rules
from arcade.tictactoe.backend import BACKEND, Params

LEGACY = Path(__file__).parent.parent / "replays" / "legacy"
EXPECTED = json.loads((LEGACY / "ttt-expected.json").read_text())


def test_a_finished_game_can_be_taken_back_and_its_record_stays():
    store = MemoryStore()
    s = Session(BACKEND, Params("3x3", "ai", "X", "perfect"), store=store)
    for i, cell in enumerate([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]):
        s.play(cell, by="player" if i % 2 == 0 else OPPONENT)
    assert s.over and s.recorded.outcome == "won"
    assert s.can_undo and s.undo() and s.undo() and not s.over
    s.play((2, 2))
    (gid, score, fields), = store.records
    assert fields["by"] == "player" and fields["outcome"] == "won" and fields["result"] == "win"
    assert store.bests == {"tictactoe/streak": 1}


def test_streaks_count_the_players_wins_in_a_row():
    store = MemoryStore()
    for cells in ([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
                  [(1, 0), (0, 0), (1, 1), (0, 1), (2, 2), (0, 2)]):
        s = Session(BACKEND, Params("3x3", "ai", "X", "perfect"), store=store)
        for c in cells:
            s.play(c)
    assert [r[2]["outcome"] for r in store.records] == ["won", "won", "lost"] and store.bests["tictactoe/streak"] == 2


def test_friends_games_are_neither_won_nor_lost_by_the_player():
    store = MemoryStore()
    s = Session(BACKEND, Params("3x3", "friend", "X", "perfect"), store=store)
    for c in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        s.play(c)
    assert store.records[0][2]["outcome"] == "over" and store.records[0][2]["result"] == "X"


@settings(max_examples=50, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.integers(0, 3), st.integers(0, 3)), st.just("swap"), st.just("undo")),
                max_size=30))
def test_replays_reproduce_any_game(inputs):
    s = Session(BACKEND, Params("4x4", "ai", "O", "easy"))
    for m in inputs:
        s.undo() if m == "undo" else s.play(m)
    positions = replay_positions(BACKEND, s.replay().data)
    assert positions[-1].state == s.state
    assert positions[0].state.rows == rules.empty_board(4)


@pytest.mark.parametrize("name", ["ttt-3x3-swap-undo", "ttt-gomoku-friend"])
def test_replays_written_before_the_session_layer_still_play_to_the_same_end(name):
    rec = read_file(LEGACY / f"{name}.json")
    positions = replay_positions(BACKEND, rec.data)
    want = EXPECTED[name]
    last = positions[-1].state
    assert list(last.rows) == want["rows"] and last.human == want["human"]
    assert all(ch == "." for row in positions[0].state.rows for ch in row)


def test_a_game_with_no_chance_has_no_code():
    assert Session(BACKEND, Params()).code is None
