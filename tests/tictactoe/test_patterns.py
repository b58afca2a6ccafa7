"""Line patterns: each pattern class on hand-made lines (open four, four, open and broken threes, blocked by a stone
or the edge, an overline counting as five), the cell classes they combine into on real boards (four-three,
three-three, double four), the compiled engine's incremental tables equal to a classification from scratch after
any plays and undos, and its move order and choices with the patterns' evaluation."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.tictactoe import gomoku_jit
from arcade.tictactoe.gomoku import Board, Engine
from arcade.tictactoe.gomoku_jit import Kernel
from arcade.tictactoe.patterns import (B1, B2, B3, B4, DEAD, F1, F2, F3, F4, F5, FIVE, FLEX4, FOUR, FOUR_THREE,
                                       NONE, THREE, THREE_THREE, VALUES, board_patterns, cell_value, combine,
                                       line_pattern, tables)

from .test_gomoku import K, N, board
from .test_gomoku_jit import clustered

assert gomoku_jit.available(), "numba is a dependency: the compiled searches must load"

# the stone goes on the centre (index 4); X is the side, O and # (the edge) block
@pytest.mark.parametrize("line, pattern", [
    ("XXXX.....", F5),   # five
    ("..XX.XX..", F5),   # five from two twos
    ("XXXX.XX..", F5),   # an overline (seven in a row) counts as five at freestyle
    ("..XX.XXX.", F5),   # six in a row
    (".XXX.....", F4),   # .XXXX. : an open four
    ("X.XX..X..", F4),   # X.XXX.X : two cells make five in one line
    ("OXXX.....", B4),   # closed at one end by a stone
    ("#XXX.....", B4),   # ... or by the edge
    ("XX.X.....", B4),   # XX.XX : a broken four, one cell makes five
    ("..X...X..", B3),   # X.X.X : every four it can make is closed
    ("O.XX.....", F3),   # O.XXX.. : still an open three
    ("..XX.....", F3),   # ..XXX.... : an open three
    (".X.X.....", F3),   # .X.XX.... : a broken three (one stone makes .XXXX.)
    ("OX.X.....", B3),   # OX.XX : closed
    ("##XX.....", B3),   # a three at the edge
    ("..XX....O", F3),   # ..XXX...O : open, the far stone does not reach
    (".OXX...O.", B3),   # OXXX..O : room for five only, never an open four
    ("...X.....", F2),   # ...XX... : an open two
    ("..X......", F2),   # ..X.X... : a split two
    ("OX....O..", B2),   # OX..X.O : room for five only
    (".........", F1),   # a lone stone on an empty line
    ("#........", F1),
    ("###....##", DEAD),  # four cells between the edges: no five ever
    ("..O...O..", DEAD),  # three cells between two stones of the other side
    ("O.....O..", B1),   # exactly five cells of room
])
def test_each_line_pattern_on_hand_made_lines(line, pattern):
    assert line_pattern(line) == pattern, (line, line_pattern(line))


def test_a_line_needs_nine_cells_and_an_empty_centre():
    for bad in ("XXXX", "XXXXX....", "...."):
        with pytest.raises(ValueError):
            line_pattern(bad)


def test_the_tables_agree_with_the_lines_for_both_sides():
    pat, cls, val = tables()
    rng = random.Random(5)
    code = {".": 0, "X": 1, "O": 2, "#": 3}
    for _ in range(2000):
        line = "".join(rng.choice("..XXO#") for _ in range(9))
        line = line[:4] + "." + line[5:]
        key = 0
        for j, ch in enumerate(line[:4] + line[5:]):
            key |= code[ch] << (2 * (7 - j))
        swapped = line.translate(str.maketrans("XO", "OX"))
        assert pat[1, key] == line_pattern(line)
        assert pat[2, key] == line_pattern(swapped)  # O's view of the same cells
    for a, b, c, d in [(F3, B4, DEAD, F1), (F3, F3, B2, F2), (B4, B4, F1, F1), (F5, F1, F1, F1)]:
        i = ((a * 10 + b) * 10 + c) * 10 + d
        assert cls[i] == combine((a, b, c, d)) and val[i] == cell_value((a, b, c, d))


@pytest.mark.parametrize("pats, cls", [
    ((F5, DEAD, DEAD, DEAD), FIVE),
    ((F4, F1, F1, F1), FLEX4),       # an open four
    ((B4, B4, F1, F1), FLEX4),       # a double four
    ((B4, F3, F1, F1), FOUR_THREE),
    ((B4, B3, F2, F1), FOUR),
    ((F3, F3, F1, F1), THREE_THREE),
    ((F3, B3, F2, F2), THREE),
    ((B3, B3, F2, F2), NONE),
])
def test_directions_combine_into_cell_classes(pats, cls):
    assert combine(pats) == cls
    for perm in ((pats[3], pats[1], pats[2], pats[0]), tuple(reversed(pats))):
        assert combine(perm) == cls  # the order of the directions does not matter


@pytest.mark.parametrize("values", sorted(VALUES))
def test_the_values_put_the_winning_threats_first(values):
    """In every value set a cell where a side makes a four-three, an open four or a double four outranks every cell
    where it makes less than a five (the move order's promise; a five is never ordered: the searches take one at
    once, and answer the other side's four at once)."""
    _, cls, val = tables(values)
    threat = (cls == FOUR_THREE) | (cls == FLEX4)
    assert val[threat].min() > val[(cls != FIVE) & ~threat].max()


def test_each_value_set_is_its_values_summed_over_the_directions_plus_the_class_bonus():
    _, cls, guessed = tables()
    assert tables("guessed")[2] is guessed and (tables("fitted")[1] == cls).all()
    for pats in [(F3, B4, DEAD, F1), (F3, F3, B2, F2), (B4, B4, F1, F1), (F4, B3, F2, B1)]:
        i = ((pats[0] * 10 + pats[1]) * 10 + pats[2]) * 10 + pats[3]
        for name, (by_dir, bonus) in VALUES.items():
            assert tables(name)[2][i] == cell_value(pats, name) == sum(by_dir[p] for p in pats) + bonus[cls[i]]
    assert cell_value((F3, F3, B2, F2), "guessed") == 80 + 80 + 6 + 20 + 400  # the values set by hand


def test_the_engine_plays_either_value_set_and_rejects_others():
    rows = board([(7, 5), (7, 6), (6, 7), (8, 8)], [(6, 6), (8, 6), (6, 8), (9, 9)])
    for values in VALUES:
        eng = Engine(Board.from_rows(rows, K), budget=None, depth=3, values=values)
        assert eng.choose().move >= 0 and eng.kernel.G[14] is tables(values)[2]
    with pytest.raises(ValueError, match="guessed, fitted"):
        Engine(Board(N, N, K), values="learned")


def cell_of(kern, r, c, side):
    _, pcls, pval, _, _ = kern.pattern_tables()
    return int(pcls[side, r * N + c]), int(pval[side, r * N + c])


# a stone of X on the cell makes the shape named, among the other stones
SHAPES = [
    ("four-three", [(7, 3), (7, 4), (7, 5), (5, 7), (6, 7)], [(7, 2), (0, 0)], (7, 7), FOUR_THREE),
    ("three-three", [(7, 5), (7, 6), (5, 7), (6, 7)], [(0, 0), (0, 14)], (7, 7), THREE_THREE),
    ("double four", [(7, 3), (7, 4), (7, 5), (4, 7), (5, 7), (6, 7)], [(7, 2), (3, 7), (0, 0)], (7, 7), FLEX4),
    ("double four in one line", [(7, 2), (7, 3), (7, 4), (7, 8), (7, 9), (7, 10)], [(0, 0)], (7, 6), FLEX4),
    ("open four", [(7, 4), (7, 5), (7, 6)], [(0, 0), (0, 14)], (7, 7), FLEX4),
    ("four", [(7, 4), (7, 5), (7, 6)], [(7, 3), (0, 14)], (7, 7), FOUR),
    ("open three", [(7, 5), (7, 6)], [(0, 0)], (7, 7), THREE),
    ("broken three", [(7, 4), (7, 6)], [(0, 0)], (7, 7), THREE),
    ("three blocked at the edge", [(7, 0), (7, 1)], [(0, 0)], (7, 2), NONE),
    ("four at the edge", [(0, 7), (1, 7), (2, 7)], [(9, 9)], (3, 7), FOUR),
    ("five", [(7, 3), (7, 4), (7, 5), (7, 6)], [(7, 2), (0, 0), (0, 1)], (7, 7), FIVE),
    ("overline", [(7, 4), (7, 5), (7, 6), (7, 8), (7, 9)], [(0, 0), (0, 1), (0, 2), (0, 3)], (7, 7), FIVE),
]


@pytest.mark.parametrize("name, xs, os_, cell, cls", SHAPES, ids=[s[0] for s in SHAPES])
def test_cell_classes_on_boards_for_either_side(name, xs, os_, cell, cls):
    rows = board(xs, os_)
    r, c = cell
    kern = Kernel(Board.from_rows(rows, K), patterns=True)
    ref = board_patterns([".XO".index(ch) for row in rows for ch in row], N, N, 1)
    assert combine(ref[r * N + c]) == cls
    assert cell_of(kern, r, c, 1) == (cls, cell_value(ref[r * N + c]))
    # the same shape in O's stones (whose turn it is does not matter to the classes)
    swapped = tuple(row.translate(str.maketrans("XO", "OX")) for row in rows)
    kern = Kernel(Board.from_rows(swapped, K), patterns=True)
    assert cell_of(kern, r, c, 2)[0] == cls


def reference(cells):
    """Both sides' classes, values, their sums and the class counts, classified from scratch."""
    out = {}
    for s in (1, 2):
        pats = board_patterns(cells, N, N, s)
        cls = {c: combine(p) for c, p in pats.items()}
        val = {c: cell_value(p) for c, p in pats.items()}
        counts = [0] * 7
        for v in cls.values():
            counts[v] += 1
        out[s] = (cls, val, sum(val.values()), counts)
    return out


def check_against_reference(kern):
    cells = kern.cells()
    _, pcls, pval, ptot, pcnt = kern.pattern_tables()
    for s, (cls, val, total, counts) in reference(cells).items():
        assert {c: int(pcls[s, c]) for c in cls} == cls
        assert {c: int(pval[s, c]) for c in val} == val
        assert int(ptot[s]) == total and list(pcnt[s]) == counts


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 2), min_size=1, max_size=80))
def test_incremental_patterns_equal_a_classification_from_scratch(seed, steps):
    """After any sequence of plays (anywhere, near the edges too) and undos, the tables kept move by move are
    those of a board classified from scratch, and those of a kernel built on the position."""
    rng = random.Random(seed)
    kern = Kernel(Board(N, N, K), patterns=True)
    start = kern.pattern_tables()
    played = 0
    for step in steps:
        if step == 0 and played:
            kern.undo()
            played -= 1
        else:
            empty = [c for c, v in enumerate(kern.cells()) if not v]
            kern.play(rng.choice(empty))
            played += 1
    check_against_reference(kern)
    rows = tuple("".join(".XO"[v] for v in kern.cells()[r * N:(r + 1) * N]) for r in range(N))
    fresh = Kernel(Board.from_rows(rows, K), patterns=True)
    for a, b in zip(fresh.pattern_tables()[:1] + fresh.pattern_tables()[3:], kern.pattern_tables()[:1]
                    + kern.pattern_tables()[3:]):
        assert (a == b).all()
    for _ in range(played):
        kern.undo()
    for a, b in zip(start, kern.pattern_tables()):
        assert (a == b).all()


def test_the_windows_kernel_keeps_no_pattern_tables_and_the_patterns_leave_the_windows_as_they_were():
    rng = random.Random(3)
    plain = Kernel(Board(N, N, K))
    pat = Kernel(Board(N, N, K), patterns=True)
    for _ in range(30):
        c = rng.choice([c for c, v in enumerate(plain.cells()) if not v])
        plain.play(c)
        pat.play(c)
    assert not plain.pattern_tables()[3].any()
    for i in (0, 1, 2, 3, 4, 5, 6, 9, 10):  # the stones, windows, gains, sums, near-counts, threat lists, moves
        assert (plain.S[i] == pat.S[i]).all()
    misc = pat.S[8].copy()
    misc[gomoku_jit.PATTERNS] = 0
    assert (plain.S[8] == misc).all()  # the hash, stones, turn ...


@pytest.mark.parametrize("values", sorted(VALUES))
def test_the_move_order_puts_double_threats_first(values):
    # X to move: (7, 7) makes a four-three; O's three-three cell (3, 3) is a defence after it
    xs = [(7, 3), (7, 4), (7, 5), (5, 7), (6, 7)]
    os_ = [(7, 2), (3, 4), (3, 5), (4, 3), (5, 3)]
    kern = Kernel(Board.from_rows(board(xs, os_), K), patterns=True, values=values)
    order = kern.ordered(1, 10)
    assert order[0] == 7 * N + 7
    if values == "guessed":  # by hand, the defence came next (the fitted values rate X's own threes higher than
        assert 3 * N + 3 in order[:3]  # half O's three-three: at the root the VCT defence looks after it)
    assert set(kern.ordered(2, 10)[:2]) == {3 * N + 3, 7 * N + 7}  # for O too: its three-three, X's four-three


def test_patterns_play_wins_blocks_and_double_threats_deterministically():
    # a win in one
    win = board([(7, 3), (7, 4), (7, 5), (7, 6)], [(8, 3), (8, 4), (8, 5), (0, 0)])
    assert Engine(Board.from_rows(win, K), budget=None, depth=3, eval="patterns").choose().move in (7 * N + 2,
                                                                                                 7 * N + 7)
    # X to move makes a three-three at (7, 7); no fours around, so the alpha-beta finds it or the VCT does
    rows = board([(7, 5), (7, 6), (5, 7), (6, 7)], [(0, 0), (0, 14), (14, 0), (14, 14)])
    moves = {Engine(Board.from_rows(rows, K), budget=None, depth=4, eval="patterns").choose().move for _ in range(2)}
    assert len(moves) == 1  # deterministic at a fixed depth
    # the same search without the threat searches: the patterns' evaluation alone sees the three-three
    eng = Engine(Board.from_rows(rows, K), budget=None, depth=3, eval="patterns", use_vct=False, defend=False,
                 vcf_depth=0, leaf_vcf=0)
    assert eng.choose().move == 7 * N + 7


def test_the_engine_rejects_an_unknown_evaluation():
    with pytest.raises(ValueError, match="windows, patterns"):
        Engine(Board(N, N, K), eval="stones")


def test_an_open_four_the_other_side_cannot_answer_is_a_win_and_a_free_three_three_almost_one():
    # X to move has an open three (a cell making an open four); O has nothing that makes a four
    rows = board([(7, 5), (7, 6), (7, 7), (12, 12)], [(0, 0), (0, 14), (14, 0), (14, 14)])
    kern = Kernel(Board.from_rows(rows, K), patterns=True, prune=True)
    assert kern.negamax(0, 10) == gomoku_jit.WIN - 2  # seen at once, with no depth left
    assert Kernel(Board.from_rows(rows, K), patterns=True).negamax(0, 10) < gomoku_jit.WIN // 2  # not without
    # once O has a four to make, no such shortcut
    rows = board([(7, 5), (7, 6), (7, 7), (12, 12)], [(3, 0), (3, 1), (3, 2), (14, 14)])
    assert Kernel(Board.from_rows(rows, K), patterns=True, prune=True).negamax(0, 10) < gomoku_jit.WIN // 2
    # a three-three to make, at a leaf: worth half a win (not proven), and nothing like it when O can make a four
    rows = board([(7, 5), (7, 6), (5, 7), (6, 7)], [(0, 0), (0, 14), (14, 0), (14, 14)])
    assert Kernel(Board.from_rows(rows, K), patterns=True, prune=True).negamax(0, 10) == gomoku_jit.WIN // 2
    rows = board([(7, 5), (7, 6), (5, 7), (6, 7)], [(3, 0), (3, 1), (3, 2), (14, 14)])
    assert Kernel(Board.from_rows(rows, K), patterns=True, prune=True).negamax(0, 10) < gomoku_jit.WIN // 4


def test_against_an_open_three_only_the_answers_are_candidates():
    # O has an open three in row 7 (X to move, no fours of its own): the answers are the three's four cells
    rows = board([(3, 3), (10, 10), (11, 3)], [(7, 5), (7, 6), (7, 7)])
    kern = Kernel(Board.from_rows(rows, K), patterns=True, prune=True)
    assert sorted(kern.ordered(1, 40)) == sorted(7 * N + c for c in (3, 4, 8, 9))
    assert len(Kernel(Board.from_rows(rows, K), patterns=True).ordered(1, 40)) == 40  # no such rule without prune
    # X's own fours answer it too
    rows = board([(3, 3), (3, 4), (3, 5), (11, 3)], [(7, 5), (7, 6), (7, 7), (14, 14)])
    cand = Kernel(Board.from_rows(rows, K), patterns=True, prune=True).ordered(1, 40)
    assert {3 * N + 2, 3 * N + 6, 3 * N + 1, 3 * N + 7} <= set(cand)


def loses_to_an_open_four(b: Board, o: int) -> bool:
    """Whether ``o`` (to move on ``b``) has five now, or a stone that leaves two cells making five while the other
    side has no five to make (the engine's plain board, nothing of the patterns)."""
    if b.win_cells(o):
        return True
    for c in range(len(b.cells)):
        if not b.cells[c]:
            b.play(c)
            won = len(b.win_cells(o)) >= 2 and not b.win_cells(3 - o)
            b.undo()
            if won:
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(8, 40))
def test_every_move_the_defence_rule_leaves_out_loses_to_an_open_four(seed, stones):
    b = Board.from_rows(clustered(seed, stones), K)
    p, o = b.turn, 3 - b.turn
    if b.fives or b.win_cells(1) or b.win_cells(2):
        return
    kern = Kernel(b, patterns=True, prune=True)
    if not kern.pattern_tables()[4][o, FLEX4]:
        return  # the rule applies only against an open three or a double four
    cand = set(kern.ordered(p, N * N))
    for c in range(N * N):
        if not b.cells[c] and c not in cand:
            b.play(c)
            assert loses_to_an_open_four(b, o), (c, clustered(seed, stones))
            b.undo()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(8, 40), st.integers(1, 20), st.booleans(), st.sampled_from((1, 3)))
def test_the_defence_rule_never_orders_out_a_block_whatever_the_width(seed, stones, width, compiled, prune):
    """Against an open three (or a double four to make), every move that stops it (after it the other side has
    no open four to make, and it is not a four of ours that only delays) is a candidate at every width, compiled
    or plain: the threat rule keeps all the answers (``prune`` 1) or every block and our fours within the width
    (``prune`` 3)."""
    b = Board.from_rows(clustered(seed, stones), K)
    p, o = b.turn, 3 - b.turn
    if b.fives or b.win_cells(1) or b.win_cells(2):
        return
    kern = Kernel(b, patterns=True, prune=prune, compiled=compiled)
    if not kern.pattern_tables()[4][o, FLEX4]:
        return
    cand = set(kern.ordered(p, width))
    for c in range(N * N):
        if not b.cells[c] and c not in cand:
            b.play(c)
            assert b.win_cells(p) or loses_to_an_open_four(b, o), (c, width, clustered(seed, stones))
            b.undo()



def test_the_answers_rule_has_a_setting_where_the_width_cuts_the_blocks():
    """``prune`` 2 (the width orders the answers to an open three and cuts them like any other list) searches one
    move at width 1; 1 and 3 keep every block (a move after which the other side has no open four to make and that
    is not a four of ours), and there are positions with more than one."""
    several = 0
    for seed in range(200):
        b = Board.from_rows(clustered(seed, 20), K)
        p, o = b.turn, 3 - b.turn
        if b.fives or b.win_cells(1) or b.win_cells(2):
            continue
        if not Kernel(b, patterns=True, prune=1).pattern_tables()[4][o, FLEX4]:
            continue
        blocks = set()
        for c in range(N * N):
            if not b.cells[c]:
                b.play(c)
                if not b.win_cells(p) and not loses_to_an_open_four(b, o):
                    blocks.add(c)
                b.undo()
        assert len(Kernel(b, patterns=True, prune=2).ordered(p, 1)) == 1
        for prune in (1, 3):
            assert blocks <= set(Kernel(b, patterns=True, prune=prune).ordered(p, 1)), (seed, prune)
        several += len(blocks) > 1
    assert several >= 3
