"""The Gomoku searches (written once, compiled or plain) against the board and a slow reference
(``reference_search``): the same tables after any moves, the same VCF and VCT wins and the same alpha-beta values at
fixed depths on random positions, compiled and plain alike, valid VCF lines, node limits that stop a search and
leave the board as it was, and both runs taking wins, blocks and VCFs on hand-built positions."""
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from arcade.tictactoe import gomoku_jit, rules
from arcade.tictactoe.gomoku import WIN, Board, Engine
from arcade.tictactoe.gomoku_jit import Kernel

from .reference_search import Reference
from .test_gomoku import K, N, VCF_A, VCF_C, VCF_D, board, makes_five, put, transformed

assert gomoku_jit.available(), "numba is a dependency: the compiled searches must load"


def clustered(seed: int, stones: int) -> tuple:
    """A random position of ``stones`` stones (X first) around the centre, where threats are common."""
    rng = random.Random(seed)
    cells = ["."] * (N * N)
    for i in range(stones):
        while True:
            r, c = 7 + round(rng.gauss(0, 2.2)), 7 + round(rng.gauss(0, 2.2))
            if 0 <= r < N and 0 <= c < N and cells[r * N + c] == ".":
                break
        cells[r * N + c] = "X" if i % 2 == 0 else "O"
    return tuple("".join(cells[r * N:(r + 1) * N]) for r in range(N))


def quiet(rows) -> Board | None:
    """The position's board if nobody has five or a four (the threat searches' usual ground), else None."""
    b = Board.from_rows(rows, K)
    if b.fives or b.win_cells(1) or b.win_cells(2):
        return None
    return b


def tables(k: Kernel):
    S = [np.array(a, dtype=np.int64) for a in k.S]  # (lists in the plain run)
    return [S[i] for i in (0, 1, 2, 3, 4)] + [sorted(S[5][c, :S[6][c]]) for c in range(1, 6)] + [S[8][0]]


def same_tables(a, b) -> bool:
    return all((x == y).all() if hasattr(x, "all") else x == y for x, y in zip(a, b))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_kernel_tables_match_a_fresh_board_and_undo_restores_them(seed, moves):
    rng = random.Random(seed)
    k = Kernel(Board(N, N, K))
    start = tables(k)
    for _ in range(moves):
        empty = [c for c, v in enumerate(k.cells()) if not v]
        k.play(rng.choice(empty))
    rows = tuple("".join(".XO"[v] for v in k.cells()[r * N:(r + 1) * N]) for r in range(N))
    fresh = Kernel(Board.from_rows(rows, K))
    assert same_tables(tables(fresh), tables(k))
    py = Board.from_rows(rows, K)
    assert list(k.S[3][1:]) == py.score[1:] and [list(g) for g in k.S[2][1:]] == py.gain[1:]
    for p in (1, 2):
        assert sorted(k.win_cells(p)) == sorted(py.win_cells(p))
        assert set(k.four_moves(p)) == set(py.four_moves(p))
        assert set(k.three_moves(p)) == set(py.three_moves(p))
    for _ in range(moves):
        k.undo()
    assert same_tables(tables(k), start)


def python_threat_search(b, a, name, *args):
    """The reference's ``vcf``/``vct`` for side ``a`` as if it were to move (the board's turn restored)."""
    turn = b.turn
    b.turn = a
    try:
        return getattr(Reference(b), name)(a, *args)
    finally:
        b.turn = turn


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 30), st.integers(1, 6))
def test_compiled_vcf_finds_exactly_the_reference_vcfs(seed, stones, depth):
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    for a in (1, 2):
        py = python_threat_search(b, a, "vcf", depth)
        line = Kernel(b).vcf(a, depth)
        assert bool(py) == bool(line), (a, py, line)
        if line:  # the line is a VCF: each attacking move a four (the reply its only block), the last a win
            rows = tuple("".join(".XO"[v] for v in b.cells[r * N:(r + 1) * N]) for r in range(N))
            me, you = "XO"[a - 1], "XO"[2 - a]
            for i, c in enumerate(line):
                r, q = divmod(c, N)
                assert rows[r][q] == "."
                rows = put(rows, r, q, me if i % 2 == 0 else you)
            assert len(line) % 2 == 1 and makes_five(rows, r, q, me) or \
                sum(makes_five(put(rows, rr, cc, me), rr, cc, me) for rr in range(N) for cc in range(N)
                    if rows[rr][cc] == ".") >= 2


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 24))
def test_compiled_vct_finds_exactly_the_reference_vcts(seed, stones):
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    for a in (1, 2):
        assert bool(python_threat_search(b, a, "vct", 2)) == bool(Kernel(b).vct(a, 2, 6)), a


@pytest.mark.parametrize("seed", range(8))
def test_compiled_alpha_beta_values_equal_the_reference_ones(seed):
    b = quiet(clustered(seed, 10 + seed))
    if b is None:
        b = Board.from_rows(clustered(100 + seed, 4), K)
    for depth in (1, 2):
        py = Reference(b, width=8).negamax(depth, -2 * WIN, 2 * WIN, 0)
        assert Kernel(b).negamax(depth, 8) == py


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 26), st.booleans())
def test_the_plain_run_of_the_searches_finds_what_the_compiled_run_finds(seed, stones, patterns):
    """The same functions, compiled and plain: the same tables, VCF lines, VCT moves, alpha-beta values (with
    either evaluation, the threat rules and leaf VCFs) and root scores."""
    b = quiet(clustered(seed, stones))
    if b is None:
        return
    kw = {"patterns": patterns, "prune": patterns}
    fast, slow = Kernel(b, compiled=True, **kw), Kernel(b, compiled=False, **kw)
    assert fast.compiled and not slow.compiled and slow.fn is gomoku_jit.plain() and fast.fn is gomoku_jit
    assert same_tables(tables(fast), tables(slow)) and all(
        (x == y).all() for x, y in zip(fast.pattern_tables(), slow.pattern_tables()))
    for a in (1, 2):
        assert fast.vcf(a, 6) == slow.vcf(a, 6)
        assert fast.vct(a, 2, 6) == slow.vct(a, 2, 6)
    assert fast.negamax(2, 8, leaf_vcf=2) == slow.negamax(2, 8, leaf_vcf=2)
    order = fast.ordered(b.turn, 6)
    assert order == slow.ordered(b.turn, 6)
    assert fast.root(order, 2, 8, 0) == slow.root(order, 2, 8, 0)


def test_a_node_limit_stops_the_search_and_restores_the_board():
    b = Board.from_rows(clustered(8, 24), K)
    k = Kernel(b)
    assert k.vct(b.turn, 4, 12) == [] and k.nodes > 400  # the whole search: no VCT, in some hundreds of nodes
    first = k.nodes
    assert k.vct(b.turn, 4, 12) == [] and k.nodes == first + 1  # asked again: the failure table answers at once
    k = Kernel(b)
    before = tables(k)
    assert k.vct(b.turn, 4, 12, nodes=50) is None  # stopped
    best, scores, stopped = k.root(b.candidates()[:10], 6, 10, 0, nodes=500)
    assert stopped and k.S[8][gomoku_jit.NMOVES] == b.stones and same_tables(tables(k), before)
    assert k.turn == b.turn
    best, scores, stopped = k.root(b.candidates()[:3], 1, 10, 0)
    assert not stopped and 0 <= best < 3 and scores[best] == max(scores)


def test_a_leaf_vcf_scores_as_a_win():
    xs, os_ = VCF_A
    b = Board.from_rows(board(xs, os_ + [(12, 12)]), K)  # X to move, a two-four VCF
    b.turn = 1
    k = Kernel(b)
    assert k.negamax(0, 10, leaf_vcf=0) < WIN - 1000  # the static score cannot see it
    assert k.negamax(0, 10, leaf_vcf=1) < WIN - 1000  # nor a VCF of one four
    assert k.negamax(0, 10, leaf_vcf=2) == WIN - 3  # the line: four, block, four (then two winning cells)


@pytest.mark.parametrize("compiled", [False, True])
def test_both_runs_take_wins_block_fours_and_find_vcfs(compiled):
    def move(rows, **kw):
        eng = Engine(Board.from_rows(rows, K), budget=None, depth=2, compiled=compiled, **kw)
        assert eng.compiled == compiled
        r = eng.choose()
        return divmod(r.move, N), r.reason

    win = board([(7, 5), (7, 6), (7, 8), (7, 9), (3, 3), (4, 4)], [(8, 8), (9, 9), (10, 10), (2, 2), (0, 5), (0, 9)])
    assert move(win) == ((7, 7), "win")
    closed = board([(7, 7), (5, 5), (8, 2), (1, 1)], [(8, 3), (8, 4), (8, 5), (8, 6)])
    assert move(closed) == ((8, 7), "block")
    for t in (0, 5):
        xs, os_ = VCF_A
        (r, c), reason = move(board(transformed(xs, t), transformed(os_, t)))
        assert reason == "vcf"
    for rows in (VCF_C, VCF_D):
        assert move(rows)[1] == "vcf"
    three = board([(7, 7), (2, 2), (12, 12)], [(8, 4), (8, 5), (8, 6)])
    assert move(three)[0] in {(8, 3), (8, 7)}


def test_both_runs_choose_legal_moves_within_a_budget():
    """(How long they take is the benchmark's to measure: the budget on a scripted clock is tested in test_gomoku.)"""
    rows = clustered(7, 16)
    for compiled in (False, True):
        r = Engine(Board.from_rows(rows, K), budget=0.15, compiled=compiled).choose()
        row, col = divmod(r.move, N)
        assert rows[row][col] == "." and r.nodes > 0 and r.depth >= 1
    assert rules.winner(rows, K) is None


# From a game lost to Rapfi at 1 s a move (ours X, to move): O wins by force within a few moves
LOST = ('...............', '...............', '...............', '...............', '...O.XX.O......',
        '....XOOX.O.....', '...XOXXOOOOX...', '..O.XOXXX.O....', '....OXXXO......', '.....XOOOX.....',
        '....OOXX.X.....', '...............', '...............', '...............', '...............')


def test_a_loss_found_in_the_narrow_tree_is_searched_again_wider_before_it_is_believed(monkeypatch):
    widths = []
    real = Kernel.root

    def spy(self, order, depth, width, leaf_vcf, seconds=None, nodes=None):
        widths.append((depth, width, len(order)))
        return real(self, order, depth, width, leaf_vcf, seconds, nodes)

    monkeypatch.setattr(Kernel, "root", spy)
    for widen in (0, 2):
        widths.clear()
        # the windows' move order: with the patterns' threat rules, the root against LOST's open three is already
        # every answer there is (nothing more to widen it with)
        r = Engine(Board.from_rows(LOST, K), budget=None, depth=6, widen=widen, eval="windows").choose()
        row, col = divmod(r.move, N)
        assert LOST[row][col] == "." and r.score <= -(WIN - 1000)  # lost either way: the slowest loss
        last = widths[-1][0]
        at_last = [w for d, w, _ in widths if d == last]
        assert at_last == [10, 20, 40][:widen + 1]  # the same depth, twice as wide each time
        if widen:
            assert widths[-1][2] > widths[0][2]  # and over more root moves


def test_while_the_kernels_load_in_the_background_the_plain_searches_play(monkeypatch):
    class Loading:
        def is_alive(self):
            return True

    monkeypatch.setattr(gomoku_jit, "_warming", [Loading()])
    assert gomoku_jit.available() and not gomoku_jit.ready()
    b = Board.from_rows(clustered(2, 8), K)
    assert not Engine(b, budget=None, depth=2).compiled
    assert Engine(b, budget=None, depth=2, compiled=True).compiled  # asked for: it waits for them
    monkeypatch.setattr(gomoku_jit, "_warming", [])
    assert gomoku_jit.ready() and Engine(b, budget=None, depth=2).compiled


def test_kernels_that_fail_hand_the_move_to_the_plain_searches(monkeypatch):
    from arcade.tictactoe import gomoku

    real = Kernel.root

    def broken(self, *args, **kw):
        if self.compiled:
            raise RuntimeError("no compiler here")
        return real(self, *args, **kw)

    monkeypatch.setattr(gomoku_jit, "_failed", [])
    monkeypatch.setattr(Kernel, "root", broken)
    rows = clustered(2, 8)
    eng = Engine(Board.from_rows(rows, K), budget=None, depth=2)
    assert eng.compiled
    r = eng.choose()
    row, col = divmod(r.move, N)
    assert rows[row][col] == "." and not eng.compiled and not eng.kernel.compiled
    assert (eng.vcf_depth, eng.vct_depth, eng.eval) == (gomoku.PLAIN["vcf_depth"], gomoku.PLAIN["vct_depth"], "windows")
    assert not gomoku_jit.available() and not Engine(Board.from_rows(rows, K), budget=None).compiled


def test_a_background_warm_up_runs_once_and_a_failing_one_gives_up_the_kernels(monkeypatch):
    from arcade.tictactoe.gomoku import warm_compiled

    calls = []
    monkeypatch.setattr(gomoku_jit, "_warming", [])
    monkeypatch.setattr(gomoku_jit, "_failed", [])
    monkeypatch.setattr(gomoku_jit, "_warm_up", lambda board: calls.append((board.g.h, board.stones)))
    warm_compiled(15, 15, 5, background=True)
    warm_compiled(15, 15, 5, background=True)
    gomoku_jit._warming[0].join(10)
    assert calls == [(15, 3)] and gomoku_jit.ready()

    def broken(board):
        raise RuntimeError("no compiler here")

    monkeypatch.setattr(gomoku_jit, "_warming", [])
    monkeypatch.setattr(gomoku_jit, "_warm_up", broken)
    warm_compiled(15, 15, 5, background=True)
    gomoku_jit._warming[0].join(10)
    assert not gomoku_jit.available() and not gomoku_jit.ready()


def test_a_warm_up_loads_the_kernels_and_leaves_the_board_as_it_was():
    from arcade.tictactoe.gomoku import warm_compiled

    warm_compiled(9, 9, 5)  # another board shape: its tables are built on the way
    b = Board.from_rows(clustered(1, 6), K)
    cells = list(b.cells)
    gomoku_jit.warm(b)
    assert b.cells == cells and gomoku_jit.ready()


def test_timed_searches_keep_their_tables_from_move_to_move_and_fixed_depths_do_not(monkeypatch):
    monkeypatch.setattr(gomoku_jit, "_SHARED", {})
    b = Board.from_rows(clustered(8, 24), K)
    a, a2, other, own = Kernel(b, shared=(1,)), Kernel(b, shared=(1,)), Kernel(b, shared=(2,)), Kernel(b)
    assert a.T is a2.T and other.T is not a.T and own.T is not a.T and own.T is not other.T
    assert a.vct(b.turn, 4, 12) == [] and a.nodes > 400
    assert a2.vct(b.turn, 4, 12) == [] and a2.nodes == 1  # the failure the first one stored
    monkeypatch.setattr(gomoku_jit, "_SHARED", {})
    timed = Engine(b, budget=0.05)
    timed.choose()
    again = Engine(b, budget=0.05)
    again.choose()
    assert again.kernel.T is timed.kernel.T and len(gomoku_jit._SHARED) == 1
    fixed = Engine(b, budget=None, depth=2)
    fixed.choose()
    assert all(fixed.kernel.T is not t for t in gomoku_jit._SHARED.values())


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 24))
def test_the_double_threats_the_threat_finder_names_are_all_found(seed, stones):
    """Every cell where, after a stone of the side there, :mod:`.threats` (its own line scan) lists fours or open
    threes through that stone in two or more directions is a double threat. (Not the other way round: a "three"
    of two windows two short of ``k`` also counts shapes that cannot become an open four, as in the VCT.)"""
    from arcade.tictactoe.threats import threats

    rows = clustered(seed, stones)
    b = quiet(rows)
    if b is None:
        return
    k = Kernel(b)
    for s, ch in ((1, "X"), (2, "O")):
        combos = set(k.combo_cells(s))
        for c in b.candidates():
            r, q = divmod(c, N)
            through = [t for t in threats(put(rows, r, q, ch), K) if t.side == ch and (r, q) in t.stones]
            directions = {((t.stones[-1][0] > t.stones[0][0]) - (t.stones[-1][0] < t.stones[0][0]),
                           (t.stones[-1][1] > t.stones[0][1]) - (t.stones[-1][1] < t.stones[0][1])) for t in through}
            if len(directions) >= 2:
                assert c in combos, (ch, (r, q), through)


def test_double_threats_come_first_in_the_move_order_when_asked():
    # X to move, with an open three on row 2 (its ends make an open four: the best gains); O can make two open
    # threes at once on (7, 7) (row 7 and column 7), a cell X's gain ranks low
    rows = board([(0, 0), (2, 2), (2, 3), (2, 4)], [(7, 5), (7, 6), (5, 7), (6, 7)])
    b = Board.from_rows(rows, K)
    assert b.turn == 1
    k = Kernel(b)
    assert k.combo_cells(2) == [7 * N + 7] and k.combo_cells(1) == []
    order = np.zeros(N * N + 1, np.int64)
    plain = Kernel(b, combo=False)
    n = gomoku_jit._ordered(plain.G, plain.S, 1, -1, 3, order, 0)
    assert n == 3 and 7 * N + 7 not in order[:n]  # by gain alone the block is not among the best three
    first = Kernel(b, combo=True)
    n = gomoku_jit._ordered(first.G, first.S, 1, -1, 3, order, 0)
    assert n == 3 and order[0] == 7 * N + 7


def test_medium_and_hard_keep_their_search_and_perfect_gets_the_compiled_extras(monkeypatch):
    from arcade.tictactoe import gomoku

    made = []
    real = gomoku.Engine.__init__

    def record(self, *args, **kw):
        real(self, *args, **kw)
        made.append(self)

    monkeypatch.setattr(gomoku.Engine, "__init__", record)
    rows = clustered(2, 8)
    for level in ("medium", "hard", "perfect"):
        gomoku.think(rows, K, level, depth=2)
    medium, hard, perfect = made
    assert (medium.leaf_vcf, medium.widen, hard.leaf_vcf, hard.widen) == (0, 0, 0, 0)
    assert medium.eval == hard.eval == "windows" and medium.prune == hard.prune == medium.spend == hard.spend == 0
    assert perfect.compiled and perfect.leaf_vcf == gomoku.COMPILED["leaf_vcf"] > 0 and perfect.widen > 0
    assert perfect.eval == gomoku.COMPILED["eval"]


def test_spend_starts_another_iteration_while_time_is_left_and_never_past_the_budget(monkeypatch):
    """Each alpha-beta iteration costs three times the last on a fake CPU clock: without ``spend`` the search stops
    when the next would not fit, with it the next starts (and is cut at the budget), but none starts after it."""
    from arcade.tictactoe import gomoku

    clock = [100.0]
    monkeypatch.setattr(gomoku, "CPU_CLOCK", lambda: clock[0])
    real = Kernel.root

    def costly(self, order, depth, width, leaf_vcf, seconds=None, nodes=None):
        cost = 0.01 * 3 ** (depth - 1)
        left = seconds[0] if seconds is not None else cost
        clock[0] += min(cost, left)
        calls.append((depth, cost <= left))
        if cost > left:  # cut at the budget: as the node limit does
            return real(self, order, depth, width, leaf_vcf, None, 1)
        return real(self, order, min(depth, 2), width, leaf_vcf)

    monkeypatch.setattr(Kernel, "root", costly)
    rows = clustered(3, 10)
    depths = {}
    for spend in (0, 1):
        calls = []
        eng = Engine(Board.from_rows(rows, K), budget=1.0, spend=spend, vcf_depth=0, use_vct=False, defend=False)
        clock[0] = 100.0
        eng.choose()
        depths[spend] = calls[:]
        assert clock[0] - 100.0 <= 1.0 * gomoku.SAFETY + 1e-9  # never past the budget
    assert all(done for _, done in depths[0])  # every iteration it started finished
    assert len(depths[1]) == len(depths[0]) + 1 and not depths[1][-1][1]  # one more, cut at the budget


def test_without_numba_the_same_searches_run_as_plain_python():
    """A process where numba cannot be imported: the searches are this module's own functions, uncompiled, and the
    strongest level answers with the plain run's settings (the same move as the plain run here)."""
    import json
    import subprocess
    import sys

    rows = clustered(4, 12)
    script = ("import sys, json; sys.modules['numba'] = None\n"
              "from arcade.tictactoe import ai, gomoku, gomoku_jit\n"
              "b = gomoku.Board.from_rows(json.loads(sys.argv[1]), 5)\n"
              "k = gomoku_jit.Kernel(b)\n"
              "e = gomoku.Engine(b, budget=None, depth=3)\n"
              "r = e.choose()\n"
              "print(json.dumps([gomoku_jit.available(), gomoku_jit.plain() is gomoku_jit, k.compiled,\n"
              "    type(k.S[0]).__name__, e.compiled, e.eval, r.move, list(ai.choose(tuple(json.loads(sys.argv[1])),\n"
              "    5, depth=3))]))\n")
    out = subprocess.run([sys.executable, "-c", script, json.dumps(rows)], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    available, same, compiled, kind, engine_compiled, evaluation, move, chosen = json.loads(out)
    assert not available and same and not compiled and kind == "list" and not engine_compiled
    assert evaluation == "windows"
    here = Engine(Board.from_rows(rows, K), budget=None, depth=3, compiled=False).choose()
    assert move == here.move and tuple(chosen) == divmod(here.move, N) and rows[chosen[0]][chosen[1]] == "."


@pytest.mark.parametrize("floor", [0, 4])
def test_a_timed_search_finishes_the_floor_depths_when_the_threat_searches_leave_it_no_time(monkeypatch, floor):
    """A busy machine: the clock says nothing is left by the time the alpha-beta starts. Without a floor the move
    rests on depth 1 or 2; with ``floor`` the iterations to that depth still finish (within a node cap)."""
    monkeypatch.setattr(Engine, "_left", lambda self, share: (0.0, 0.0))
    rows = clustered(3, 10)
    r = Engine(Board.from_rows(rows, K), budget=1.0, floor=floor).choose()
    row, col = divmod(r.move, N)
    assert rows[row][col] == "."
    if floor:
        assert r.depth >= floor
    else:
        assert r.depth <= 2


def test_the_floor_stops_at_a_hard_wall_ceiling(monkeypatch):
    """A tournament's time a move (``wall``) is never overrun for the floor: with nothing left on the CPU clock and
    the wall ceiling reached, the floor's iterations are held to the wall (a node limit from the wall time left,
    none), not run to their node cap as they are without a ceiling."""
    monkeypatch.setattr(Engine, "_left", lambda self, share: (0.0, 0.0))
    calls = []
    real = Kernel.root

    def spy(self, order, depth, width, leaf_vcf, seconds=None, nodes=None):
        calls.append((depth, seconds, nodes))
        return real(self, order, depth, width, leaf_vcf, seconds, nodes)

    monkeypatch.setattr(Kernel, "root", spy)
    rows = clustered(3, 10)
    for wall in (None, 1e-9):
        calls.clear()
        r = Engine(Board.from_rows(rows, K), budget=1.0, floor=4, wall=wall).choose()
        row, col = divmod(r.move, N)
        assert rows[row][col] == "." and calls and calls[0][0] == 1
        for depth, seconds, nodes in calls:
            assert nodes is not None  # the floor's node cap
            if wall is None:
                assert seconds is None  # the CPU clock is ignored: the floor's depths finish
            else:
                assert seconds is not None and seconds[1] == 0.0  # the wall ceiling left binds
