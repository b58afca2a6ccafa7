"""Rules: winner detection equals a brute-force line scan on random boards of every variant; bad boards raise."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.tictactoe import rules
from tests.tictactoe.minimax import brute_winner

SHAPES = [(3, 3, 3), (4, 4, 4), (15, 15, 5), (5, 5, 4), (4, 6, 3), (6, 6, 5)]


@st.composite
def played(draw, shape=None):
    """A board reached by play: random moves until someone makes a line (or the board fills / a length is hit)."""
    h, w, k = shape or draw(st.sampled_from(SHAPES))
    order = draw(st.permutations(range(h * w)))
    length = draw(st.integers(0, h * w))
    grid = [["."] * w for _ in range(h)]
    for i, cell in enumerate(order[:length]):
        r, c = divmod(cell, w)
        grid[r][c] = "X" if i % 2 == 0 else "O"
        if _makes_line(grid, r, c, k):
            break
    return tuple("".join(row) for row in grid), k


def _makes_line(grid, r, c, k):
    """Does the stone at (r, c) lie on k in a row? (Its own scan: each of the k windows through it, each way.)"""
    h, w, p = len(grid), len(grid[0]), grid[r][c]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for back in range(k):
            cells = [(r + (i - back) * dr, c + (i - back) * dc) for i in range(k)]
            if all(0 <= rr < h and 0 <= cc < w and grid[rr][cc] == p for rr, cc in cells):
                return True
    return False


@st.composite
def filled(draw):
    """Any board at all (counts not checked), for the scan alone."""
    h, w, k = draw(st.sampled_from(SHAPES))
    cells = draw(st.lists(st.sampled_from("XO...."), min_size=h * w, max_size=h * w))
    return tuple("".join(cells[r * w:(r + 1) * w]) for r in range(h)), k


@settings(max_examples=300, deadline=None)
@given(played())
def test_winner_equals_a_brute_force_scan_on_played_boards(case):
    rows, k = case
    assert rules.winner(rows, k) == brute_winner(rows, k)


@settings(max_examples=300, deadline=None)
@given(filled())
def test_winner_equals_a_brute_force_scan_on_any_board(case):
    rows, k = case
    expected = brute_winner(rows, k)
    if expected == "both":
        with pytest.raises(ValueError, match="both"):
            rules.winner(rows, k)
    else:
        assert rules.winner(rows, k) == expected


@settings(max_examples=200, deadline=None)
@given(played())
def test_the_line_through_the_last_stone_is_found_in_o_of_k(case):
    rows, k = case
    h, w = len(rows), len(rows[0])
    won = rules.winner(rows, k)
    ends = rules.win_line(rows, k)
    assert (ends is None) == (won is None)
    if won:
        (r0, c0), (r1, c1) = ends
        assert rows[r0][c0] == rows[r1][c1] == won
        assert max(abs(r1 - r0), abs(c1 - c0)) + 1 >= k
        # every stone of that run sees the same line through it
        assert rules.line_through(rows, r0, c0, k) is not None
    for r in range(h):
        for c in range(w):
            if rows[r][c] != "." and not won:
                assert rules.line_through(rows, r, c, k) is None


def test_five_or_more_wins_freestyle():
    row = "XXXXXX........."
    rows = (row,) + ("OOOO.O" + "." * 9,) + ("." * 15,) * 13
    assert rules.winner(rows, 5) == "X"  # the overline counts
    assert rules.win_line(rows, 5) == ((0, 0), (0, 5))


def test_default_k_and_variants():
    assert rules.default_k(3, 3) == 3 and rules.default_k(4, 4) == 4 and rules.default_k(15, 15) == 5
    assert rules.default_k(5, 5) == 5 and rules.default_k(3, 7) == 3
    assert {v.id: (v.size, v.k) for v in rules.VARIANTS.values()} == {"3x3": (3, 3), "4x4": (4, 4), "gomoku": (15, 5)}
    assert rules.winner(("XXX", "OO.", "...")) == "X"


def test_status_to_move_place():
    rows = rules.empty_board(3)
    assert rules.status(rows) == "play" and rules.to_move(rows) == "X"
    rows = rules.place(rows, 1, 1)
    assert rows == ("...", ".X.", "...") and rules.to_move(rows) == "O"
    with pytest.raises(ValueError, match="taken"):
        rules.place(rows, 1, 1)
    with pytest.raises(ValueError, match="off"):
        rules.place(rows, 3, 0)
    assert rules.status(("XOX", "XOO", "OXX")) == "draw"
    assert rules.status(("XXX", "OO.", "...")) == "X"


@pytest.mark.parametrize("rows,k,message", [
    (("XX", "X"), None, "ragged"),
    (("XA.", "...", "..."), None, "'A'"),
    ((), None, "empty"),
    ("X........", None, "tuple of strings"),
    (("", ""), None, "empty strings"),
    ((1, 2), None, "row 0"),
    (("...", "...", "..."), 0, "k must be"),
    (("...", "...", "..."), 4, "k must be"),
    (("...", "...", "..."), 2.5, "k must be"),
    (("...", "...", "..."), True, "k must be"),
    (("." * 33,), None, "larger"),
])
def test_bad_boards_raise_one_line_value_errors(rows, k, message):
    with pytest.raises(ValueError, match=message) as info:
        rules.winner(rows, k)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("rows,message", [
    (("XXX", "OO.", "..."), "over"),
    (("XOX", "XOO", "OXX"), "full"),
])
def test_check_playable(rows, message):
    rules.check(rows)  # shape and counts alone may be fine ...
    with pytest.raises(ValueError, match=message):
        rules.check(rows, playable=True)


@pytest.mark.parametrize("rows", [("XX.", "...", "..."), ("O..", "...", "..."), ("XXX", "...", "...")])
def test_check_counts(rows):
    with pytest.raises(ValueError, match="impossible counts"):
        rules.check(rows)
