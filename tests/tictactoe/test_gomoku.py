"""Gomoku: a win in one, blocks (a four, an open four's end, an open three), VCFs found and refuted on hand-built
positions, checked by an independent four-finder; fixed-depth choices are deterministic; the engine beats greedy."""
import random

import pytest

from arcade.tictactoe import ai, baselines, rules
from arcade.tictactoe.gomoku import Board
from arcade.tictactoe.gomoku_jit import Kernel

N, K = 15, 5
DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


def board(stones_x, stones_o):
    grid = [["."] * N for _ in range(N)]
    for r, c in stones_x:
        grid[r][c] = "X"
    for r, c in stones_o:
        grid[r][c] = "O"
    return tuple("".join(row) for row in grid)


def transformed(cells, t):
    """One of the 8 symmetries of the 15x15 board applied to a list of cells."""
    out = []
    for r, c in cells:
        for _ in range(t % 4):
            r, c = c, N - 1 - r
        if t >= 4:
            c = N - 1 - c
        out.append((r, c))
    return out


# ----- an independent four-finder (its own line scan, nothing from the engine) -----
def makes_five(rows, r, c, p):
    for dr, dc in DIRS:
        n = 1
        for sgn in (1, -1):
            i = 1
            while 0 <= r + sgn * i * dr < N and 0 <= c + sgn * i * dc < N and rows[r + sgn * i * dr][c + sgn * i * dc] == p:
                n += 1
                i += 1
        if n >= K:
            return True
    return False


def win_cells_near(rows, r, c, p):
    """Empty cells on the four lines through (r, c), within K-1, where p makes five."""
    out = set()
    for dr, dc in DIRS:
        for i in range(-(K - 1), K):
            rr, cc = r + i * dr, c + i * dc
            if 0 <= rr < N and 0 <= cc < N and rows[rr][cc] == "." and makes_five(rows, rr, cc, p):
                out.add((rr, cc))
    return out


def all_win_cells(rows, p):
    return {(r, c) for r in range(N) for c in range(N) if rows[r][c] == "." and makes_five(rows, r, c, p)}


def put(rows, r, c, p):
    return rows[:r] + (rows[r][:c] + p + rows[r][c + 1:],) + rows[r + 1:]


def has_vcf(rows, a, depth):
    """Can ``a`` (to move) win by continuous fours within ``depth`` moves? Brute force over every four."""
    d = "O" if a == "X" else "X"
    if all_win_cells(rows, a):
        return True
    theirs = all_win_cells(rows, d)
    if len(theirs) >= 2 or depth == 0:
        return False
    stones = [(r, c) for r in range(N) for c in range(N) if rows[r][c] == a]
    cand = {(r + i * dr, c + i * dc) for r, c in stones for dr, dc in DIRS for i in range(-4, 5)}
    for r, c in sorted(cand):
        if not (0 <= r < N and 0 <= c < N) or rows[r][c] != "." or (theirs and (r, c) not in theirs):
            continue
        nxt = put(rows, r, c, a)
        wins = win_cells_near(nxt, r, c, a)
        if not wins:
            continue
        if len(wins) >= 2:
            return True
        (br, bc), = wins
        if has_vcf(put(nxt, br, bc, d), a, depth - 1):
            return True
    return False


# ----- positions -----
# X to move: a four on the anti-diagonal forces O to (8, 5); then (7, 7) makes fours on row 7 and column 7 at once
VCF_A = ([(7, 4), (7, 5), (7, 6), (4, 7), (5, 7), (4, 9), (5, 8)],
         [(7, 3), (3, 7), (3, 10), (0, 0), (0, 14), (14, 0), (14, 14)])
# Two positions met in greedy-vs-greedy games (seeds 0 and 4), where the shortest VCF takes three fours
VCF_C = ("...............", "...............", "...............", "...............", "...............",
         "...............", "...............", ".....O.X.......", "....OXO........", ".....OXX.X.....",
         "...XOOOOX......", "O.O...XXOX.....", ".X.......XX....", "...........O...", "...............")  # O
VCF_D = ("...............", "...............", "...............", "...............", "......OO.......",
         ".......XO......", ".......XXXO....", "......OXXX.....", "......OXO......", "......OO.......",
         "........X......", "...............", "...............", "...............", "...............")  # X


def play_out_vcf(rows, attacker, moves=10):
    """The engine attacks, the defender blocks each four; the engine must win with a four every move."""
    d = "O" if attacker == "X" else "X"
    for _ in range(moves):
        a = ai.analyse(rows, level="perfect", depth=2)
        r, c = a.move
        rows = put(rows, r, c, attacker)
        if rules.winner(rows, K) == attacker:
            return True
        wins = win_cells_near(rows, r, c, attacker)
        assert wins, f"{a.reason} move {(r, c)} is not a four"
        br, bc = sorted(wins)[0]
        rows = put(rows, br, bc, d)
    return False


@pytest.mark.parametrize("t", range(8))
def test_vcf_a_is_found_in_every_orientation(t):
    xs, os_ = VCF_A
    rows = board(transformed(xs, t), transformed(os_, t))
    assert not all_win_cells(rows, "X") and not all_win_cells(rows, "O")
    assert has_vcf(rows, "X", 2) and not has_vcf(rows, "X", 1)  # a real two-move VCF, nothing shorter
    a = ai.analyse(rows, depth=2)
    assert a.reason == "vcf"
    assert play_out_vcf(rows, "X")


@pytest.mark.parametrize("rows", [VCF_C, VCF_D])
def test_three_four_vcfs_from_play(rows):
    side = rules.to_move(rows)
    assert not all_win_cells(rows, "X") and not all_win_cells(rows, "O")
    assert has_vcf(rows, side, 3) and not has_vcf(rows, side, 2)
    assert ai.analyse(rows, depth=2).reason == "vcf"
    assert play_out_vcf(rows, side)


@pytest.mark.parametrize("t", [0, 3, 5])
def test_the_defender_stops_a_vcf(t):
    xs, os_ = VCF_A
    # O to move (one more X stone far away): whatever O plays must leave X without a VCF
    rows = board(transformed(xs + [(12, 2)], t), transformed(os_, t))
    r, c = ai.choose(rows, depth=2)
    after = put(rows, r, c, "O")
    assert not has_vcf(after, "X", 3)


def test_win_in_one_before_anything_else():
    # X has an open three to extend and a broken four to complete: completing wins
    rows = board([(7, 5), (7, 6), (7, 8), (7, 9), (3, 3), (4, 4)], [(8, 8), (9, 9), (10, 10), (2, 2), (0, 5), (0, 9)])
    for level in ai.LEVELS:
        assert ai.choose(rows, level=level, seed=1, depth=2 if level in ("medium", "hard", "perfect") else None) \
            == (7, 7)


def test_blocks_a_four():
    # O's four on row 8 is closed at (8, 2) by X: the only block is (8, 7)
    closed = board([(7, 7), (5, 5), (8, 2), (1, 1)], [(8, 3), (8, 4), (8, 5), (8, 6)])
    assert ai.choose(closed, depth=2) == (8, 7)
    for level in ("medium", "hard", "perfect"):
        assert ai.choose(closed, level=level, seed=0) == (8, 7)


def test_blocks_an_open_four_at_one_end():
    rows = board([(7, 7), (5, 5), (1, 1), (3, 12)], [(8, 3), (8, 4), (8, 5), (8, 6)])
    assert ai.choose(rows, depth=2) in {(8, 2), (8, 7)}  # lost anyway, but it still blocks


def test_blocks_an_open_three():
    # O's open three on row 8 (cols 4..6) would become an open four: X, with nothing better, stops it
    rows = board([(7, 7), (2, 2), (12, 12)], [(8, 4), (8, 5), (8, 6)])
    r, c = ai.choose(rows, depth=2)
    assert (r, c) in {(8, 3), (8, 7)}
    after = put(rows, r, c, "X")
    # O can no longer make a four with two winning cells
    for cc in range(N):
        if after[8][cc] == ".":
            assert len(win_cells_near(put(after, 8, cc, "O"), 8, cc, "O")) < 2


def test_fixed_depth_is_deterministic_and_budget_is_kept(monkeypatch):
    from arcade.tictactoe import gomoku

    rng = random.Random(5)
    rows = rules.empty_board(N)
    for _ in range(10):
        rows = rules.place(rows, *baselines.greedy_move(rows, K, rng))
    assert ai.choose(rows, depth=3) == ai.choose(rows, depth=3)
    # the budget is the search's CPU time: a scripted clock (10 ms a reading) shows where it stops, no wall time
    ticks = [0.0]

    def clock():
        ticks[0] += 0.01
        return ticks[0]

    monkeypatch.setattr(gomoku, "CPU_CLOCK", clock)
    a = ai.analyse(rows, budget=0.3)
    assert a.engine == "gomoku" and ticks[0] <= 0.3 + 0.05  # the last readings run past the deadline by a step


def test_board_tables_stay_consistent_through_play_and_undo():
    rng = random.Random(9)
    b = Board(N, N, K)
    snapshot = (list(b.st), [list(g) for g in b.gain[1:]], list(b.score), b.hash, list(b.near))
    for _ in range(40):
        empty = [c for c in range(N * N) if not b.cells[c]]
        b.play(rng.choice(empty))
    fresh = Board.from_rows(tuple("".join(".XO"[b.cells[r * N + c]] for c in range(N)) for r in range(N)), K)
    assert fresh.st == b.st and fresh.gain == b.gain and fresh.score == b.score and fresh.hash == b.hash
    assert fresh.sets == b.sets and fresh.near == b.near
    for _ in range(40):
        b.undo()
    assert (list(b.st), [list(g) for g in b.gain[1:]], list(b.score), b.hash, list(b.near)) == snapshot
    assert not any(b.sets)


def test_engine_beats_greedy_both_colours_short_games():
    """Two quick games at a small fixed depth (the 1 s matches are in the benchmark)."""
    for engine_side in "XO":
        rng = random.Random(11)
        rows = rules.empty_board(N)
        while rules.status(rows, K) == "play":
            if rules.to_move(rows) == engine_side:
                mv = ai.choose(rows, depth=2)
            else:
                mv = baselines.greedy_move(rows, K, rng)
            rows = rules.place(rows, *mv)
        assert rules.status(rows, K) == engine_side


def test_greedy_takes_wins_and_blocks():
    rows = board([(7, 5), (7, 6), (7, 7), (7, 8), (0, 0)], [(8, 3), (8, 4), (8, 5), (8, 6), (1, 1)])
    assert baselines.greedy_move(rows, K) in {(7, 4), (7, 9)}
    rows = board([(7, 5), (7, 6), (0, 0), (2, 9)], [(8, 3), (8, 4), (8, 5), (8, 6)])
    assert baselines.greedy_move(rows, K) in {(8, 2), (8, 7)}
    rng = random.Random(1)
    assert rules.empty_board(N)[baselines.random_move(rules.empty_board(N), K, rng)[0]] is not None


# From a lost benchmark game (greedy as X, the engine as O, 1 s a move): X threatens a VCF starting at (6, 9).
# O's four at (8, 0) only delays it (X blocks at (8, 1) and the VCF is still there), yet the defence used to count
# such fours as refutations, because after a four the attacker's forced block is not itself a four.
DELAYING_FOUR = ('...............', '...............', '...............', '........OO.....', '........X......',
                 '.......XX.XO...', '...O.OXOX.X....', '..XOXXXOXOO.X..', '..OOOXOXOXX....', '...XOX.OX.O....',
                 '....OOXXOOX.X..', '....XOXOOOXO...', '...XOOOX.OX....', '.....X...XO....', '........X......')


def test_a_delaying_four_is_not_a_defence_against_a_vcf():
    b = Board.from_rows(DELAYING_FOUR, 5)
    for compiled in (True, False):
        k = Kernel(b, compiled=compiled)
        assert k.vcf(1, 12)  # X (1) wins by fours if O passes
        four = 8 * 15 + 0
        assert four in k.four_moves(2)
        safe, stopped = k.refuting([four, 8 * 15 + 1, 6 * 15 + 9], 1, False, 12, 4)
        assert not stopped and safe == []  # nothing here stops it, the four included: the position is lost
