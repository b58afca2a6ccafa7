"""The simple Gomoku opponents: the minimax over line shapes takes a win in one, blocks a four and an open three,
scores shapes the same for either side, and answers legal moves at depths 2 and 3."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.tictactoe import baselines, rules

from .test_gomoku import K, N, board
from .test_gomoku_jit import clustered


def swapped(rows):
    return tuple(row.translate(str.maketrans("XO", "OX")) for row in rows)


def score_of(xs, os_=()):
    return baselines.board_score(board(xs, list(os_)), "X")


def test_shapes_are_scored_by_the_table():
    worth = dict(baselines.SHAPES)
    singles = score_of([(7, 7)])
    assert singles == 0  # a lone stone is no shape
    # an open three in a row; its stones are lone in their columns and diagonals
    assert score_of([(7, 5), (7, 6), (7, 7)]) == worth["01110"]
    assert score_of([(7, 4), (7, 6), (7, 7)]) == worth["010110"]  # broken
    assert score_of([(7, 5), (7, 6), (7, 7)], [(7, 4)]) == worth["211100"]  # closed by O on the left
    assert score_of([(7, 5), (7, 6), (7, 7)], [(7, 4), (7, 8)]) == 0  # closed at both ends
    assert score_of([(0, 0), (0, 1), (0, 2), (0, 3)]) == worth["211110"]  # at the edge: one open end
    assert score_of([(7, 4), (7, 5), (7, 6), (7, 7)]) == worth["011110"]
    assert score_of([(7, 4), (7, 5), (7, 7), (7, 8)]) == worth["11011"]
    assert score_of([(3, c) for c in range(5)]) >= baselines.FIVE


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 30))
def test_the_score_of_one_side_is_the_score_of_the_other_with_colours_swapped(seed, stones):
    rows = clustered(seed, stones)
    assert baselines.board_score(rows, "X") == -baselines.board_score(rows, "O")
    assert baselines.board_score(rows, "X") == baselines.board_score(swapped(rows), "O")


@pytest.mark.parametrize("depth", [2, 3])
def test_minimax_wins_in_one_and_blocks(depth):
    win = board([(7, 5), (7, 6), (7, 7), (7, 8), (0, 0)], [(8, 3), (8, 4), (8, 5), (8, 6), (1, 1)])
    assert baselines.minimax_move(win, K, depth=depth) in {(7, 4), (7, 9)}
    four = board([(7, 5), (7, 6), (0, 0), (2, 9)], [(8, 3), (8, 4), (8, 5), (8, 6)])
    assert baselines.minimax_move(four, K, depth=depth) in {(8, 2), (8, 7)}
    three = board([(7, 7), (2, 2), (12, 12)], [(8, 4), (8, 5), (8, 6)])  # X to move against O's open three
    assert baselines.minimax_move(three, K, depth=depth) in {(8, 3), (8, 7), (8, 2), (8, 8)}


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 24))
def test_minimax_answers_an_empty_cell(seed, stones):
    rows = clustered(seed, stones)
    if rules.winner(rows, K):
        return
    r, c = baselines.minimax_move(rows, K, random.Random(seed), depth=2)
    assert rows[r][c] == "."


def test_the_ladder_counts_every_game_not_won_and_fails_the_run(tmp_path, capsys):
    """``arcade bench tictactoe --parts ladder``: the strongest level against the simple opponents with either
    colour; a game cut off as a draw (8 stones here) is not a win, so the run exits 1 and says how many."""
    import json

    from arcade import cli

    out = tmp_path / "ladder.json"
    code = cli.main(["bench", "tictactoe", "--parts", "ladder", "--games", "1", "--max-moves", "8", "--budget",
                     "0.05", "--quiet", "--json", str(out)])
    assert code == 1
    got = json.loads(out.read_text())
    games = got["ladder"]["games"]
    assert sorted((g["opponent"], g["engine"]) for g in games) == sorted(
        (o, s) for o in ("greedy", "minimax2", "minimax3") for s in "XO")
    assert all(g["result"] == "D" and g["stones"] <= 8 for g in games)
    assert got["ladder"]["not_won"] == 6 and got["games"] == 6 and got["wins"] == 0
    assert "Gomoku ladder" in capsys.readouterr().out


def test_the_ladder_and_the_matches_are_asked_for_apart(capsys):
    from arcade import cli

    with pytest.raises(SystemExit) as e:
        cli.main(["bench", "tictactoe", "--parts", "gomoku,ladder", "--quiet"])
    assert e.value.code == 2 and "not both" in capsys.readouterr().err.strip().splitlines()[-1]
