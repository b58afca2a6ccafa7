"""Gomoku threats as a player names them: fours, open fours and open threes, for both sides, in every direction."""
from hypothesis import given, settings, strategies as st

from arcade.tictactoe.threats import FOUR, OPEN_FOUR, OPEN_THREE, lines, threats


def board(*marks, n=15):
    rows = [["."] * n for _ in range(n)]
    for side, cells in marks:
        for r, c in cells:
            rows[r][c] = side
    return ["".join(r) for r in rows]


def kinds(rows):
    return sorted((t.side, t.kind, t.stones, t.points) for t in threats(rows))


def test_an_open_three_and_the_cells_that_make_it_an_open_four():
    got = kinds(board(("X", [(7, 5), (7, 6), (7, 7)])))
    assert got == [("X", OPEN_THREE, ((7, 5), (7, 6), (7, 7)), ((7, 4), (7, 8)))]


def test_a_broken_three_is_open_and_its_gap_is_the_key_cell():
    got = kinds(board(("O", [(3, 3), (5, 5), (6, 6)])))  # a diagonal O . O O
    assert got == [("O", OPEN_THREE, ((3, 3), (5, 5), (6, 6)), ((4, 4),))]


def test_a_blocked_three_is_no_threat_and_a_blocked_four_is_a_four():
    assert kinds(board(("X", [(7, 5), (7, 6), (7, 7)]), ("O", [(7, 4)]))) == []
    got = kinds(board(("X", [(2, 9), (3, 9), (4, 9), (5, 9)]), ("O", [(1, 9)])))
    assert got == [("X", FOUR, ((2, 9), (3, 9), (4, 9), (5, 9)), ((6, 9),))]


def test_an_open_four_has_two_winning_cells_and_no_three_is_listed_inside_it():
    got = kinds(board(("X", [(7, 4), (7, 5), (7, 6), (7, 7)])))
    assert got == [("X", OPEN_FOUR, ((7, 4), (7, 5), (7, 6), (7, 7)), ((7, 3), (7, 8)))]


def test_a_three_at_the_edge_cannot_open_and_is_no_threat():
    assert kinds(board(("X", [(0, 0), (0, 1), (0, 2)]))) == []  # X X X . . : one more makes a closed four only


def test_lines_cover_every_cell_in_four_directions():
    ls = lines(15, 15)
    assert len(ls) == 15 + 15 + 29 + 29
    for r in range(15):
        for c in range(15):
            assert sum((r, c) in line for line in ls) == 4


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.sampled_from("XO")), max_size=40))
def test_every_threat_is_what_it_says(stones):
    rows = [["."] * 9 for _ in range(9)]
    for r, c, s in stones:
        rows[r][c] = s
    rows = ["".join(r) for r in rows]
    for t in threats(rows):
        assert all(rows[r][c] == t.side for r, c in t.stones)
        assert all(rows[r][c] == "." for r, c in t.points)
        for r, c in t.points:  # each key cell does what the kind promises
            after = [list(x) for x in rows]
            after[r][c] = t.side
            after = ["".join(x) for x in after]
            if t.kind in (FOUR, OPEN_FOUR):
                assert _five(after, t.side)
            else:
                assert any(u.kind == OPEN_FOUR and (r, c) in u.stones and u.side == t.side for u in threats(after))
        if t.kind == OPEN_FOUR:
            assert len(t.points) == 2


def _five(rows, side):
    return any(side * 5 in "".join(rows[r][c] for r, c in line) for line in lines(len(rows), len(rows[0])))
