"""The solver: ``probabilities`` equals brute-force enumeration of every layout (hypothesis, flags and boards
without a frontier included), ``choose`` opens certain-safe cells and never a certain mine, bad views raise a
one-line ValueError, the fallback approximation is sound and counted, the endgame search plays real moves."""
import itertools
import pytest
from hypothesis import HealthCheck, assume, event, given, settings, strategies as st

from arcade.minesweeper import solver
from arcade.minesweeper.field import Field, neighbours


def brute(view, mines):
    """Every layout of ``mines`` mines on the covered cells that agrees with the numbers, counted; None if none."""
    rows, cols = len(view), len(view[0])
    nb = neighbours(rows, cols)
    cov = [i for i in range(rows * cols) if view[i // cols][i % cols] in "#F"]
    nums = [(i, int(view[i // cols][i % cols])) for i in range(rows * cols) if view[i // cols][i % cols] not in "#F"]
    hits = dict.fromkeys(cov, 0)
    total = 0
    for combo in itertools.combinations(cov, mines):
        s = set(combo)
        if all(sum(1 for j in nb[i] if j in s) == v for i, v in nums):
            total += 1
            for c in combo:
                hits[c] += 1
    if total == 0:
        return None
    return [[hits[r * cols + c] / total if r * cols + c in hits else 0.0 for c in range(cols)] for r in range(rows)]


@st.composite
def views(draw, consistent=True):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    n = rows * cols
    # brute force stays cheap: boards over 16 cells hold at most 4 mines
    mines = set(draw(st.sets(st.integers(0, n - 1), max_size=n if n <= 16 else 4)))
    opened = draw(st.sets(st.integers(0, n - 1), max_size=n)) - mines
    flags = draw(st.sets(st.integers(0, n - 1), max_size=n))
    nb = neighbours(rows, cols)
    cells = [str(sum(1 for j in nb[i] if j in mines)) if i in opened else ("F" if i in flags else "#")
             for i in range(n)]
    view = tuple("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    count = len(mines)
    if not consistent:
        covered = n - len(opened)
        count = draw(st.integers(0, covered if n <= 16 else min(covered, 4)))
        if opened and draw(st.booleans()):  # a number that may contradict its neighbours
            i = draw(st.sampled_from(sorted(opened)))
            cells[i] = str(draw(st.integers(0, 8)))
            view = tuple("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    return view, count


def check_equal(view, mines):
    expected = brute(view, mines)
    if expected is None:
        with pytest.raises(ValueError):
            solver.probabilities(view, mines)
        return
    got = solver.probabilities(view, mines)
    assert len(got) == len(view) and all(len(r) == len(view[0]) for r in got)
    for er, gr in zip(expected, got):
        for e, g in zip(er, gr):
            assert g == pytest.approx(e, abs=1e-12)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views())
def test_probabilities_equal_brute_force(case):
    check_equal(*case)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views(consistent=False))
def test_probabilities_equal_brute_force_or_raise(case):
    check_equal(*case)


def test_no_frontier_board_is_uniform():
    assert solver.probabilities(("###", "#F#"), 2) == ((1 / 3,) * 3,) * 2
    p = solver.probabilities(("0##", "0##", "0##"), 1)  # numbers without covered neighbours
    assert p[0][0] == 0.0


def test_a_known_position():
    # 1-2-1 along a wall: the middle is safe, the outer two are mines; far cells share the rest
    view = ("###", "121", "...".replace(".", "0"))
    p = solver.probabilities(view, 2)
    assert p[0] == (1.0, 0.0, 1.0)
    assert solver.choose(view, 2) == (0, 1)


def layouts_position(seed, level="beginner", moves=3):
    """A real mid-game position: a game played a few solver moves in (``f.over`` if it ended before)."""
    f = Field.level(level, seed=seed, rule="safe")
    for _ in range(moves):
        if f.over:
            break
        f.open(*solver.choose(f.view(), f.mines, first_click="safe"))
    return f


def live_position(seed, level, moves):
    """Like ``layouts_position`` but the first seed from ``seed`` whose game is still on."""
    while True:
        f = layouts_position(seed, level, moves)
        if not f.over:
            return f
        seed += 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6))
def test_choose_opens_certain_cells_and_never_certain_mines(seed, moves):
    f = layouts_position(seed, moves=moves)
    assume(not f.over and any(ch.isdigit() for row in f.view() for ch in row))
    view = f.view()
    p = solver.probabilities(view, f.mines)
    r, c = solver.choose(view, f.mines)
    assert view[r][c] in "#F" and p[r][c] < 1.0
    if any(p[i][j] == 0.0 and view[i][j] in "#F" for i in range(f.rows) for j in range(f.cols)):
        assert p[r][c] == 0.0
    else:
        assert p[r][c] == min(p[i][j] for i in range(f.rows) for j in range(f.cols) if view[i][j] in "#F") or \
            p[r][c] <= 1 - solver.CUTOFF * (1 - min(p[i][j] for i in range(f.rows) for j in range(f.cols)
                                                   if view[i][j] in "#F"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views())
def test_choose_on_small_boards(case):
    view, mines = case
    covered = sum(row.count("#") + row.count("F") for row in view)
    assume(covered > mines)
    p = brute(view, mines)
    r, c = solver.choose(view, mines)
    assert view[r][c] in "#F" and p[r][c] < 1.0
    if any(p[i][j] == 0.0 and view[i][j] in "#F" for i in range(len(view)) for j in range(len(view[0]))):
        assert p[r][c] == 0.0


@pytest.mark.parametrize("view,mines,match", [
    ((), 0, "non-empty"), ("###", 1, "non-empty"), (("##", "#"), 1, "ragged"), (("#x",), 1, "unknown"),
    (("#9",), 1, "unknown"), (("3#",), 1, "covered neighbours"), (("##", "##"), 5, "more mines"),
    (("#1#", "###"), -1, "0 or more"), (("#1", "##"), 1.5, "whole number"), (("1#1", "###"), 3, "layout|contradict"),
    (("##", "12", "00"), 2, "layout|contradict"), (("0#",), 1, "layout|contradict|mine count"), ((5, 6), 1, "string"),
])
def test_bad_views_raise_one_line(view, mines, match):
    with pytest.raises(ValueError, match=match) as e:
        solver.probabilities(view, mines)
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        solver.choose(view, mines)


def test_choose_refuses_a_board_with_nothing_to_open():
    with pytest.raises(ValueError, match="nothing"):
        solver.choose(("1#",), 1)
    with pytest.raises(ValueError, match="first_click"):
        solver.choose(("##",), 1, first_click="anywhere")


def test_opening_cells():
    assert solver.choose(("#" * 9,) * 9, 10, first_click="safe") == (0, 0)
    assert solver.choose(("#" * 9,) * 9, 10) == (2, 2)
    assert solver.choose(("#" * 16,) * 30, 99) == (3, 3)
    assert solver.opening_cell(2, 2) == (0, 0)
    for rule in ("safe", "opening"):  # either rule keeps the first click mine-free: no risk
        a = solver.analyse(("#" * 9,) * 9, 10, first_click=rule)
        assert a.reason == "opening" and a.risk == 0.0


def test_fallback_is_sound_and_counted(monkeypatch):
    f = live_position(11, "expert", 40)
    view = f.view()
    exact = solver.probabilities(view, f.mines)
    monkeypatch.setattr(solver, "MAX_STATES", 2)
    solver._cache.clear()
    a = solver.analyse(view, f.mines, want_probs=True)
    assert a.fallbacks > 0
    for er, ar in zip(exact, a.probs):
        for e, x in zip(er, ar):
            if x in (0.0, 1.0):
                assert e == x  # what the relaxation calls certain is certain
    solver._cache.clear()


def test_endgame_plays_a_legal_best_move():
    # two 50/50s left: any move is a coin toss, and the endgame knows the exact chance to clear
    view = ("##", "11", "11", "##")
    a = solver.analyse(view, 2, want_probs=True)
    assert a.reason in ("endgame", "guess") and view[a.move[0]][a.move[1]] == "#"
    assert a.layouts == 4
    if a.reason == "endgame":
        assert a.win == pytest.approx(0.25)


def test_games_are_won_at_the_expected_rate_roughly():
    wins = 0
    for seed in range(40):
        f = Field.level("beginner", seed=seed, rule="opening")
        while not f.over:
            f.open(*solver.choose(f.view(), f.mines))
        wins += f.state == "won"
    assert wins >= 34  # ~97 % expected; 34/40 is far in the tail


def test_probabilities_of_a_real_expert_position_sum_to_the_mine_count():
    f = live_position(5, "expert", 30)
    p = solver.probabilities(f.view(), f.mines)
    assert sum(map(sum, p)) == pytest.approx(f.mines)


def consistent_layouts(view, mines):
    """Every layout (a set of mine cells) of ``mines`` mines on the covered cells that agrees with the numbers."""
    rows, cols = len(view), len(view[0])
    nb = neighbours(rows, cols)
    cov = [i for i in range(rows * cols) if view[i // cols][i % cols] in "#F"]
    nums = [(i, int(view[i // cols][i % cols])) for i in range(rows * cols) if view[i // cols][i % cols] not in "#F"]
    return [set(c) for c in itertools.combinations(cov, mines)
            if all(sum(1 for j in nb[i] if j in c) == v for i, v in nums)], cov, nb


@st.composite
def mostly_open_views(draw):
    """Small boards (at most 16 cells, brute force stays cheap) with every mine covered and most safe cells open:
    positions where mines sit in clusters and covered cells share their numbers, so 50/50s are common."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    n = rows * cols
    mines = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=min(n - 2, 5)))
    hidden = draw(st.sets(st.sampled_from(sorted(set(range(n)) - mines)), max_size=4))
    nb = neighbours(rows, cols)
    cells = ["#" if i in mines or i in hidden else str(sum(1 for j in nb[i] if j in mines)) for i in range(n)]
    return tuple("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)), len(mines)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(views(), mostly_open_views()))
def test_an_unavoidable_pair_is_a_5050_no_later_number_can_settle(case):
    view, mines = case
    b = solver._Board(view, mines)
    s = solver._System.from_board(b)
    pair = solver._unavoidable_pair(b, s)
    event("pair found" if pair is not None else "no pair")
    if pair is None:
        return
    x, y = pair
    layouts, cov, nb = consistent_layouts(view, mines)
    for lay in layouts:
        assert (x in lay) != (y in lay)  # exactly one mine in the pair, in every layout
        twin = lay ^ {x, y}               # the same layout with the pair's mine on the other cell
        assert twin in layouts
        for z in cov:                     # and no cell that could be opened later shows a different number
            if z not in lay and z not in (x, y):
                assert sum(1 for j in nb[z] if j in lay) == sum(1 for j in nb[z] if j in twin)


def test_an_unavoidable_5050_is_guessed_first(monkeypatch):
    # the top-left pair is a 50/50 for ever: its numbers see both cells, and (0, 2) and (1, 2), the only cells
    # beside one and not the other, are known mines; the cells on the right hold safer guesses, which the numbers
    # they open may make unnecessary, so the pair goes first
    view = ("######",
            "13#4##",
            "0113##",
            "0001##")
    monkeypatch.setattr(solver, "ENDGAME_LAYOUTS", 0)  # the guessing rules, not the exact endgame search
    b = solver._Board(view, 6)
    s = solver._System.from_board(b)
    assert solver._unavoidable_pair(b, s) == (0, 1)
    probs = solver.probabilities(view, 6)
    assert min(p for row in probs for p in row if p > 0) < 0.5  # a safer guess exists
    a = solver.analyse(view, 6)
    assert a.reason == "guess" and a.move in ((0, 0), (0, 1)) and a.risk == pytest.approx(0.5)
    monkeypatch.setattr(solver, "FIFTY_FIRST", False)
    assert solver.analyse(view, 6).risk < 0.5


class FakeClocks:
    """Stand-ins for ``time.thread_time`` and ``time.perf_counter`` that the test moves by hand."""

    def __init__(self):
        self.cpu = self.wall = 100.0

    reads = 0

    def thread_time(self):
        self.reads += 1
        return self.cpu

    def perf_counter(self):
        return self.wall


def test_budgets_count_cpu_time_with_a_wall_clock_backstop(monkeypatch):
    clocks = FakeClocks()
    monkeypatch.setattr(solver, "time", clocks)
    d = solver._Deadline(0.35)
    clocks.wall += 0.9          # a busy machine: wall time passes, little of it is ours
    clocks.cpu += 0.1
    assert not d.over()
    clocks.cpu += 0.3           # the budget's CPU time is spent
    assert d.over()
    d = solver._Deadline(0.35)
    clocks.wall += 3 * 0.35 + 0.01   # starved: the backstop ends it though little CPU time was spent
    assert d.over()


def best_play(view, mines):
    """The chance to clear the board with best play, by brute force over the layouts: a position is the set of
    layouts still possible; opening a cell ends the game in the layouts where it is a mine and splits the others by
    the number it shows."""
    layouts, cov, nb = consistent_layouts(view, mines)
    shows = {c: [-1 if c in lay else sum(1 for j in nb[c] if j in lay) for lay in layouts] for c in cov}
    memo = {}

    def value(ids):
        if len(ids) == 1:
            return 1.0
        if ids not in memo:
            best = 0.0
            for c in cov:
                parts = {}
                for i in ids:
                    parts.setdefault(shows[c][i], []).append(i)
                if len(parts) > 1:
                    best = max(best, sum(len(p) * value(frozenset(p)) for o, p in parts.items() if o != -1) / len(ids))
            memo[ids] = best
        return memo[ids]

    return value(frozenset(range(len(layouts))))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(views(), mostly_open_views()))
def test_the_endgame_search_finds_the_best_plays_chance_to_win(case):
    view, mines = case
    assume(sum(row.count("#") + row.count("F") for row in view) <= 12)
    try:
        a = solver.analyse(view, mines)
    except ValueError:
        return
    event(a.reason)
    if a.reason != "endgame":
        return
    assert a.win == pytest.approx(best_play(view, mines), abs=1e-12)
    # and the cell it opens is as good as that: its safety times the best play after it
    assert a.win <= 1 - a.risk + 1e-12


def test_the_thread_clock_is_read_only_once_the_budgets_wall_time_has_passed(monkeypatch):
    # a thread cannot spend more CPU time than wall time passes: until the budget's wall time has gone by, the
    # deadline cannot be over, and the endgame search, which asks every 64 positions, need not read the clock
    clocks = FakeClocks()
    monkeypatch.setattr(solver, "time", clocks)
    d = solver._Deadline(0.35, cpu0=clocks.cpu, wall0=clocks.wall)
    for _ in range(100):
        clocks.wall += 0.003
        clocks.cpu += 0.003
        assert not d.over()
    assert clocks.reads == 0
    clocks.wall += 0.1          # past the budget's wall time: now the thread's own clock decides
    assert not d.over() and clocks.reads == 1
    clocks.cpu += 0.1
    assert d.over()
