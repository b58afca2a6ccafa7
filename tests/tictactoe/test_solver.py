"""The small-board AI: the 3x3 proof over every reachable position, sampled 4x4 positions, alpha-beta against plain
minimax, the symmetry canonicalisation, and the open-lines e(P) levels."""
import random

import pytest

from arcade.tictactoe import ai, rules
from arcade.tictactoe.solver import WIN, Geometry, bits_of
from tests.tictactoe.minimax import (brute_winner, exact, exact_move, move_value, reachable, symmetric_forms,
                                     value)

REACHABLE_3X3 = sorted(reachable(3, 3))
NON_TERMINAL_3X3 = [p for p in REACHABLE_3X3 if brute_winner(p, 3) is None and any("." in r for r in p)]


def test_there_are_4520_non_terminal_reachable_3x3_positions():
    assert len(REACHABLE_3X3) == 5478
    assert len(NON_TERMINAL_3X3) == 4520


def test_the_3x3_proof_perfect_never_lowers_the_value_and_wins_fastest():
    lowered, slower = [], []
    for rows in NON_TERMINAL_3X3:
        r, c = ai.choose(rows)
        if move_value(rows, 3, r, c) != value(rows, 3):
            lowered.append(rows)
        if exact_move(rows, 3, r, c) != exact(rows, 3):
            slower.append(rows)
    assert not lowered, lowered[:3]
    assert not slower, slower[:3]  # faster wins and slower losses too


def test_perfect_with_a_seed_still_never_lowers_the_value():
    rng = random.Random(7)
    for rows in rng.sample(NON_TERMINAL_3X3, 600):
        r, c = ai.choose(rows, seed=rng.randrange(1000))
        assert exact_move(rows, 3, r, c) == exact(rows, 3)


def _random_position(rng, h, w, k, stones):
    """A position reached by random play with ``stones`` stones and no winner yet, or None."""
    rows = rules.empty_board(h, w)
    cells = rng.sample(range(h * w), stones)
    for i, cell in enumerate(cells):
        rows = rules.place(rows, *divmod(cell, w), "X" if i % 2 == 0 else "O")
        if brute_winner(rows, k):
            return None
    return rows if stones < h * w else None


def _positions(seed, h, w, k, lo, hi, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        p = _random_position(rng, h, w, k, rng.randint(lo, hi))
        if p is not None:
            out.append(p)
    return out


def test_sampled_4x4_positions_keep_their_value():
    for rows in _positions(44, 4, 4, 4, 8, 13, 40):
        r, c = ai.choose(rows)
        assert exact_move(rows, 4, r, c) == exact(rows, 4), rows


@pytest.mark.parametrize("h,w,k,lo,hi", [(3, 3, 3, 0, 8), (3, 4, 3, 4, 11), (4, 4, 3, 8, 15), (2, 5, 2, 1, 9),
                                         (4, 4, 4, 8, 15), (3, 5, 3, 7, 14)])
def test_alphabeta_returns_the_plain_minimax_value(h, w, k, lo, hi):
    g = Geometry(h, w, k)
    for rows in _positions(h * 100 + w * 10 + k, h, w, k, lo, hi, 25):
        x, o = bits_of(rows, "X"), bits_of(rows, "O")
        n = x.bit_count() + o.bit_count()
        me, op = (x, o) if n % 2 == 0 else (o, x)
        got = g.value(me, op, n)
        want = exact(rows, k)
        # the same game length: a win in s stones is WIN - s there, 100 - s here
        assert (got > 0) - (got < 0) == (want > 0) - (want < 0), rows
        if want:
            assert WIN - abs(got) == 100 - abs(want), rows


def test_4x4_is_a_draw_solved_in_a_small_tree():
    """The answer's speed is a benchmark figure (`arcade bench tictactoe`, `make bench`: about 0.2-0.3 s); here the
    machine-independent part: the search from a cold table stays a small tree (17,512 nodes when measured)."""
    g = Geometry(4, 4, 4)  # a fresh table: nothing cached from other tests
    cell, score, _ = g.solve(0, 0, 0)
    assert score == 0
    assert g.nodes < 60_000 and len(g.tt) < 40_000


@pytest.mark.parametrize("shape", [(3, 3), (4, 4), (3, 4), (2, 5)])
def test_the_canonical_form_is_the_same_for_every_symmetric_board_and_only_for_them(shape):
    h, w = shape
    g = Geometry(h, w, min(h, w))
    rng = random.Random(h * w)
    boards = []
    for _ in range(150):
        n = rng.randint(0, h * w)
        cells = rng.sample(range(h * w), n)
        grid = ["."] * (h * w)
        for i, c in enumerate(cells):
            grid[c] = "XO"[i % 2]
        boards.append(tuple("".join(grid[r * w:(r + 1) * w]) for r in range(h)))
    for rows in boards:
        keys = {g.canonical(bits_of(f, "X"), bits_of(f, "O"))[0] for f in symmetric_forms(rows)}
        assert len(keys) == 1
    # and two boards share a key only if one is a symmetry of the other
    by_key = {}
    for rows in boards:
        key = g.canonical(bits_of(rows, "X"), bits_of(rows, "O"))[0]
        other = by_key.setdefault(key, rows)
        assert other in symmetric_forms(rows)


def test_the_3x3_reachable_positions_fall_into_765_classes():
    g = Geometry(3, 3, 3)
    keys = {g.canonical(bits_of(p, "X"), bits_of(p, "O"))[0] for p in REACHABLE_3X3}
    assert len(keys) == 765  # the known count of essentially different tic-tac-toe positions


def test_the_symmetry_maps_a_move_back_to_the_board():
    g = Geometry(4, 4, 4)
    for s, perm in enumerate(g.syms):
        for c in range(16):
            assert g.inverse[s][perm[c]] == c
            assert g.transform(1 << c, s) == 1 << perm[c]


# ----- the open-lines search (easy, medium, hard) -----
def test_e_of_p_counts_open_lines():
    g = Geometry(3, 3, 3)
    assert g.e(0, 0) == 0
    centre = 1 << 4
    assert g.e(centre, 0) == 8 - 4      # MAX in the centre: all 8 lines open for MAX, 4 left for MIN
    corner = 1 << 0
    assert g.e(corner, centre) == 4 - 5  # corner vs centre: MAX keeps 4 lines, MIN 5


def test_medium_blocks_and_wins_in_one_easy_does_not_always():
    threat = ("XX.", "O..", "...")  # O to move must block at (0, 2)
    for seed in range(10):
        assert ai.choose(threat, level="medium", seed=seed) == (0, 2)
        assert ai.choose(threat, level="hard", seed=seed) == (0, 2)
    win = ("XX.", "OO.", "X..")  # O to move wins at (1, 2)
    assert ai.choose(win, level="medium") == (1, 2)
    # depth 1 (easy) sees its own wins but not the opponent's threats, and makes mistakes on purpose
    easy = {ai.choose(threat, level="easy", seed=s) for s in range(40)}
    assert len(easy) > 1


def test_easy_is_reproducible_with_a_seed():
    rows = ("X..", "...", "...")
    a = [ai.choose(rows, level="easy", seed=s) for s in range(20)]
    b = [ai.choose(rows, level="easy", seed=s) for s in range(20)]
    assert a == b
    assert ai.choose(rows, level="easy", mistakes=0, seed=1) in {(1, 1)}  # e(P) at depth 1 takes the centre


def test_the_levels_order_on_3x3():
    """Perfect never loses to anyone; easy loses to perfect sometimes."""
    rng = random.Random(3)
    results = {"easy": [], "medium": [], "hard": []}
    for level in results:
        for game in range(12):
            rows = rules.empty_board(3)
            perfect_side = "XO"[game % 2]
            while rules.status(rows) == "play":
                side = rules.to_move(rows)
                if side == perfect_side:
                    mv = ai.choose(rows, seed=rng.randrange(10**6))
                else:
                    mv = ai.choose(rows, level=level, seed=rng.randrange(10**6))
                rows = rules.place(rows, *mv)
            results[level].append(rules.status(rows) == perfect_side)
            assert rules.status(rows) in (perfect_side, "draw")
    assert any(results["easy"])
