"""The alpha-beta's selective parts: late-move reductions (``lmr``), the leaf VCF cut below beta (``leaf_cut``) and
the leaf's reading of the cell classes (``quiesce``)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from arcade.tictactoe import gomoku_jit
from arcade.tictactoe.gomoku import COMPILED, PLAIN, WIN, Engine
from arcade.tictactoe.gomoku_jit import Kernel
from arcade.tictactoe.patterns import FLEX4, FOUR, THREE, board_patterns, combine

from .test_gomoku import K, N
from .test_gomoku_jit import clustered, quiet

PROVEN = WIN - 1000  # a score at least this far is a win (or, negated, a loss) found in the tree


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 30), st.integers(1, 3), st.booleans())
def test_leaf_vcfs_cut_where_the_static_score_fails_high_keep_every_value(seed, stones, depth, patterns):
    """A leaf VCF only where the leaf's static score is below beta: the same alpha-beta value, the same best root
    move and score, as at every leaf (a VCF can only raise a leaf's score)."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    kw = {"patterns": patterns, "prune": patterns}
    cut, every = Kernel(b, leaf_cut=True, **kw), Kernel(b, leaf_cut=False, **kw)
    assert cut.negamax(depth, 8, leaf_vcf=6) == every.negamax(depth, 8, leaf_vcf=6)
    order = cut.ordered(b.turn, 10)
    assert order == every.ordered(b.turn, 10)
    bi, scores, _ = cut.root(order, depth, 8, 6)
    bj, scores_every, _ = every.root(order, depth, 8, 6)
    assert (bi, scores[bi]) == (bj, scores_every[bj])  # (the other moves' scores are bounds: they may differ)


def nodes_to_depth(depth: int, **kw) -> int:
    """The alpha-beta's nodes to ``depth`` over 12 fixed positions (patterns, threat rules, leaf VCFs of 8)."""
    positions = [b for b in (quiet(clustered(seed, 12 + seed % 14)) for seed in range(12)) if b is not None]
    assert len(positions) >= 6
    total = 0
    for b in positions:
        k = Kernel(b, patterns=True, prune=True, **kw)
        k.root(k.ordered(b.turn, 10), depth, 10, 8)
        total += k.nodes
    return total


def test_leaf_vcfs_cut_where_the_static_score_fails_high_save_most_of_the_nodes():
    assert nodes_to_depth(4, leaf_cut=True) < 0.8 * nodes_to_depth(4, leaf_cut=False)


def test_late_move_reductions_save_nodes_at_a_fixed_depth():
    assert nodes_to_depth(6, leaf_cut=True, lmr=2) < 0.97 * nodes_to_depth(6, leaf_cut=True, lmr=0)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 40))
def test_a_quiet_move_makes_no_three_or_four_and_blocks_none(seed, stones):
    """The moves a reduction may search shallower, against the cell classes from scratch: a cell is quiet for a
    side exactly when its stone there makes no open three, four or better of its own, and the other side would
    make no four or double threat there (a block of a four or of an open three is never reduced)."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    k = Kernel(b, patterns=True, prune=True)
    cells = list(b.cells)
    classes = {s: {c: combine(p) for c, p in board_patterns(cells, N, N, s).items()} for s in (1, 2)}
    for p in (1, 2):
        for c, cls in classes[p].items():
            expected = cls < THREE and classes[3 - p][c] < FOUR
            assert bool(k.fn._quiet(k.S, p, c)) == expected, (p, c, cls, classes[3 - p][c])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 30), st.integers(3, 4))
def test_reductions_keep_the_wins_and_losses_the_full_tree_proves(seed, stones, depth):
    """A win the full-width tree proves at the root (fours, open fours, VCFs at the leaves) is proven with the
    reductions on too (the attacker's threats are never reduced, and a reduced move that looks better is searched
    again in full); and a root move the reductions score as a proven win is one the full tree scores as a win."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    kw = {"patterns": True, "prune": True, "leaf_cut": True}
    full, lmr = Kernel(b, lmr=0, **kw), Kernel(b, lmr=1, **kw)
    order = full.ordered(b.turn, 10)
    bi, scores, _ = full.root(order, depth, 8, 6)
    bj, scores_lmr, _ = lmr.root(order, depth, 8, 6)
    assert (scores[bi] >= PROVEN) == (scores_lmr[bj] >= PROVEN)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(8, 36))
def test_with_reductions_a_move_that_ignores_an_open_three_is_never_played(seed, stones):
    """Facing an open three and no four of its own to make, the side to move plays a cell that answers it (where
    the other side would make a four), reductions or not."""
    b = facing_an_open_three(seed, stones)
    if b is None:
        return
    theirs = {c: combine(x) for c, x in board_patterns(list(b.cells), N, N, 3 - b.turn).items()}
    res = Engine(b, budget=None, depth=4, lmr=1, leaf_cut=1).choose()
    assert res.reason != "search" or theirs[res.move] >= FOUR


def test_the_engine_hands_its_reductions_to_the_kernel_and_the_plain_run_keeps_them_off():
    b = quiet(clustered(3, 10))
    e = Engine(b, budget=None, depth=2, lmr=2, leaf_cut=1)
    e.choose()
    assert e.kernel.S[8][gomoku_jit.LMR] == 2 and e.kernel.S[8][gomoku_jit.LEAF_CUT] == 1
    assert PLAIN["lmr"] == 0 and PLAIN["leaf_cut"] == 0 and "lmr" in COMPILED
    plain = Engine(b, budget=None, depth=2, compiled=False)
    plain.choose()
    assert plain.lmr == 0 and plain.kernel.S[8][gomoku_jit.LMR] == 0


def facing_an_open_three(seed: int, stones: int):
    """A position (quiet) where the side to move faces an open three (a cell where the other side makes an open
    or double four) and has no four of its own to make; else None."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return None
    p, o = b.turn, 3 - b.turn
    cells = list(b.cells)
    mine = [combine(x) for x in board_patterns(cells, N, N, p).values()]
    theirs = [combine(x) for x in board_patterns(cells, N, N, o).values()]
    return b if max(theirs) >= FLEX4 and max(mine) < FOUR else None


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(8, 36), st.booleans(), st.booleans())
def test_a_node_facing_an_open_three_reduces_none_of_its_moves(seed, stones, prune, compiled):
    """Every move of a node facing an open three is searched in full: at depth 2 only the top node may reduce,
    and facing an open three it reduces nothing, so its tree is the one without reductions, node for node (with
    the threat rules, where only the answers are candidates, and without them, where every cell is)."""
    b = facing_an_open_three(seed, stones)
    if b is None:
        return
    kw = {"patterns": True, "prune": prune, "leaf_cut": True, "compiled": compiled}
    lmr, full = Kernel(b, lmr=1, **kw), Kernel(b, lmr=0, **kw)
    assert (lmr.negamax(2, 10, leaf_vcf=6), lmr.nodes) == (full.negamax(2, 10, leaf_vcf=6), full.nodes)



@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 40))
def test_a_leaf_the_cell_classes_score_as_a_win_has_a_vcf_of_two_fours(seed, stones):
    """The quiescence's win (a four-three of the side to move, no four of the other side's to make) is a real
    one: the VCF search finds two fours that win there; and where it finds none, the leaf scores as before."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    q, plain = Kernel(b, patterns=True, prune=True, quiesce=True), Kernel(b, patterns=True, prune=True)
    v = q.negamax(0, 10, leaf_vcf=0)
    if v >= PROVEN:
        assert q.vcf(b.turn, 2)
    else:
        assert v == plain.negamax(0, 10, leaf_vcf=0)
