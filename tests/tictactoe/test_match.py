"""The Match the scene plays (pure): turns, results, undo of a move pair, swap, the saved form and its errors."""
import pytest

from arcade.tictactoe.match import Match


def test_turns_and_who_moves():
    m = Match("3x3", "ai", "O", "perfect")
    assert m.ai == "X" and m.ai_to_move and not m.human_to_move
    m.play(1, 1)
    assert m.to_move == "O" and m.human_to_move and m.last == (1, 1)
    assert Match("3x3", "friend").ai is None and not Match("3x3", "friend").ai_to_move


def test_results_from_the_persons_side_and_between_friends():
    won = Match("3x3", "ai", "X", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    assert won.over and won.winner == "X" and won.win_line == ((0, 0), (0, 2)) and won.result() == "win"
    lost = Match("3x3", "ai", "O", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    assert lost.result() == "loss"
    draw = Match("3x3", "friend", moves=[(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)])
    assert draw.over and draw.winner is None and draw.result() == "draw"
    assert Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]).result() == "X"
    assert Match("3x3").result() is None


def test_gomoku_overline_wins_and_its_line_spans_the_run():
    moves = []
    for c in (0, 1, 2, 4, 5):
        moves += [(7, c), (9, c)]
    m = Match("gomoku", "friend", moves=moves)
    assert not m.over
    m.play(7, 3)  # six in a row: freestyle counts it
    assert m.winner == "X" and m.win_line == ((7, 0), (7, 5))


def test_undo_turn_takes_back_the_ais_reply_and_my_move():
    m = Match("3x3", "ai", "X", "perfect", moves=[(0, 0), (1, 1), (2, 2), (0, 2)])
    assert m.undo_turn() == 2 and m.moves == [(0, 0), (1, 1)]
    m.play(2, 2)  # the AI is thinking: only my move goes
    assert m.undo_turn() == 1 and m.moves == [(0, 0), (1, 1)]
    o = Match("3x3", "ai", "O", "perfect", moves=[(1, 1)])
    assert o.undo_turn() == 0 and o.moves == [(1, 1)]  # nothing of mine to take back
    f = Match("3x3", "friend", moves=[(0, 0), (1, 1)])
    assert f.undo_turn() == 1 and f.moves == [(0, 0)]


def test_undo_after_a_win_clears_it():
    m = Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    m.undo()
    assert not m.over and m.win_line is None and m.to_move == "X"


def test_swap():
    m = Match("3x3", "ai", "X", "perfect", moves=[(0, 0)])
    m.swap()
    assert m.human == "O" and m.ai == "X" and m.human_to_move


def test_saved_form_round_trip():
    m = Match("4x4", "ai", "O", "hard", moves=[(0, 0), (3, 3)])
    assert Match.from_dict(m.to_dict()) == m


@pytest.mark.parametrize("data, words", [
    ([1, 2], "mapping"),
    ({"variant": "5x5", "opponent": "ai", "human": "X", "level": "easy"}, "variant"),
    ({"variant": "3x3", "opponent": "cat", "human": "X", "level": "easy"}, "opponent"),
    ({"variant": "3x3", "opponent": "ai", "human": "Z", "level": "easy"}, "side"),
    ({"variant": "3x3", "opponent": "ai", "human": "X", "level": "godlike"}, "level"),
    ({"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy", "moves": [[1, 1], [1, 1]]}, "taken"),
    ({"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy", "moves": [[5, 1]]}, "off the"),
    ({"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy", "moves": [[1, "1"]]}, "pairs"),
    ({"variant": "3x3", "opponent": "ai", "human": "X", "level": "easy",
      "moves": [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]}, "over"),
])
def test_a_bad_saved_game_is_one_line_value_error(data, words):
    with pytest.raises(ValueError) as e:
        Match.from_dict(data)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_playing_on_a_finished_game_or_a_taken_cell_raises():
    m = Match("3x3", "friend", moves=[(0, 0)])
    with pytest.raises(ValueError, match="taken"):
        m.play(0, 0)
    m = Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    assert not m.legal(2, 2)
    with pytest.raises(ValueError, match="over"):
        m.play(2, 2)
