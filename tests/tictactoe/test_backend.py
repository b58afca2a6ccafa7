"""Tic-tac-toe on the session layer: turns, results for the person and between friends, Gomoku's overline, moves,
swaps, undo past the end (a finished game can be taken back), the opponent's moves leave the game the player's,
streaks are the player's wins in a row, and saves and replays written before the session layer still read."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine.replays import read_file
from arcade.engine.session import OPPONENT, MemoryStore, Session, replay_positions
from arcade.tictactoe import rules
from arcade.tictactoe.backend import BACKEND, Params, outcome_of

LEGACY = Path(__file__).parent.parent / "replays" / "legacy"
EXPECTED = json.loads((LEGACY / "ttt-expected.json").read_text())
SAVES = json.loads((LEGACY / "saves-expected.json").read_text())
WIN_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


def played(p: Params, moves):
    """The position after ``moves`` from the start, through the backend's rules."""
    pos = BACKEND.start(p, 0)
    for m in moves:
        pos = BACKEND.apply(p, pos, m, None)[0]
    return pos


def test_x_moves_first_and_turns_alternate():
    p = Params("3x3", "ai", "O", "perfect")
    pos = BACKEND.start(p, 0)
    assert pos.to_move == "X" and pos.human == "O" and not pos.over
    pos = BACKEND.apply(p, pos, (1, 1), None)[0]
    assert pos.to_move == "O" and pos.moves == ((1, 1),) and pos.rows[1][1] == "X"


def test_results_from_the_persons_side_and_between_friends():
    won = played(Params("3x3", "ai", "X", "easy"), WIN_TOP_ROW)
    assert won.over and won.winner == "X" and won.line == ((0, 0), (0, 2))
    assert outcome_of(Params("3x3", "ai", "X", "easy"), won) == "win"
    assert outcome_of(Params("3x3", "ai", "O", "easy"), played(Params("3x3", "ai", "O", "easy"), WIN_TOP_ROW)) == "loss"
    friends = Params("3x3", "friend")
    draw = played(friends, [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)])
    assert draw.over and draw.winner is None and outcome_of(friends, draw) == "draw"
    assert outcome_of(friends, played(friends, WIN_TOP_ROW)) == "X"
    assert outcome_of(friends, BACKEND.start(friends, 0)) is None


def test_gomoku_overline_wins_and_its_line_spans_the_run():
    p = Params("gomoku", "friend")
    moves = []
    for c in (0, 1, 2, 4, 5):
        moves += [(7, c), (9, c)]
    pos = played(p, moves)
    assert not pos.over
    pos = BACKEND.apply(p, pos, (7, 3), None)[0]  # six in a row: freestyle counts it
    assert pos.winner == "X" and pos.line == ((7, 0), (7, 5))


def test_undo_after_a_win_clears_it():
    s = Session(BACKEND, Params("3x3", "friend"))
    for c in WIN_TOP_ROW:
        s.play(c)
    assert s.over and s.undo()
    assert not s.over and s.state.line is None and s.state.to_move == "X"


def test_a_swap_hands_the_ai_the_persons_side_and_needs_the_ai():
    p = Params("3x3", "ai", "X", "perfect")
    pos = BACKEND.apply(p, played(p, [(0, 0)]), "swap", None)[0]
    assert pos.human == "O" and pos.to_move == "O" and outcome_of(p, pos) is None
    with pytest.raises(ValueError, match="needs the AI"):
        BACKEND.apply(Params("3x3", "friend"), BACKEND.start(Params("3x3", "friend"), 0), "swap", None)


def test_playing_on_a_taken_cell_or_a_finished_game_raises():
    p = Params("3x3", "friend")
    with pytest.raises(ValueError, match="not free"):
        BACKEND.apply(p, played(p, [(0, 0)]), (0, 0), None)
    with pytest.raises(ValueError, match="not free"):
        BACKEND.apply(p, played(p, [(0, 0)]), (3, 0), None)
    with pytest.raises(ValueError, match="over"):
        BACKEND.apply(p, played(p, WIN_TOP_ROW), (2, 2), None)


def test_a_saved_game_continues_where_it_was():
    s = Session(BACKEND, Params("4x4", "ai", "O", "hard"))
    s.play((0, 0), by=OPPONENT)
    s.play((3, 3))
    s.play("swap")
    t = Session.from_dict(BACKEND, json.loads(json.dumps(s.to_dict())))
    assert t.state == s.state and t.params == s.params and t.events == s.events


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


@pytest.mark.parametrize("name", ["ttt-save-v1", "ttt-save-log"])
def test_saves_written_before_the_session_layer_continue_where_they_were(name):
    s = Session.from_dict(BACKEND, json.loads((LEGACY / f"{name}.json").read_text()))
    want = SAVES[name]
    assert list(s.state.rows) == want["rows"] and s.state.human == want["human"]
    assert s.state.to_move == want["to_move"] and len(s.state.moves) == want["moves"]


def test_a_saves_log_keeps_its_times_swaps_and_undos():
    s = Session.from_dict(BACKEND, json.loads((LEGACY / "ttt-save-log.json").read_text()))
    assert s.times == [900, 1400, 3000, 3500, 5200, 5200, 6100, 7000, 8800]
    assert s.params.human == "X" and s.state.human == "O"  # the person began as X and swapped
    assert s.undo() and s.undo() and s.state.human == "O" and len(s.state.moves) == 2
    assert s.undo() and s.state.human == "X"  # the swap taken back


def test_a_save_whose_log_does_not_lead_to_its_moves_reads_its_moves():
    data = json.loads((LEGACY / "ttt-save-log.json").read_text())
    data["log"] = "M4.p0M0.dw"  # two moves, where the save lists four
    s = Session.from_dict(BACKEND, data)
    assert list(s.state.rows) == SAVES["ttt-save-log"]["rows"] and s.times == [0, 0, 0, 0]


OLD_SAVE = {"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy"}


@pytest.mark.parametrize("change, words", [
    ({"variant": "5x5"}, "unknown board"),
    ({"opponent": "cat"}, "unknown board"),
    ({"human": "Z"}, "unknown board"),
    ({"level": "godlike"}, "unknown board"),
    ({"moves": [[1, 1], [1, 1]]}, "not free"),
    ({"moves": [[5, 1]]}, "on the board"),
    ({"moves": [[1, "1"]]}, "pairs"),
    ({"moves": [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]}, "after the end"),
])
def test_a_bad_old_save_is_one_line_value_error(change, words):
    with pytest.raises(ValueError) as e:
        Session.from_dict(BACKEND, {**OLD_SAVE, "moves": [], **change})
    assert words in str(e.value) and "\n" not in str(e.value)


def test_a_game_with_no_chance_has_no_code():
    assert Session(BACKEND, Params()).code is None
