"""Minesweeper review: exact chord risk against brute force (hypothesis), guesses and missed safe cells on
hand-built positions, the luck/skill summary and its one line, and the reviewer over a whole replay."""
import itertools
import math
import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from arcade.minesweeper import solver
from arcade.minesweeper.field import FLAG, NO_MARK, QUESTION, Field
from arcade.minesweeper.replay import steps
from tests.replays.common import MinesGame


def play(f: MinesGame, actions, rng: random.Random, finish: bool = True) -> MinesGame:
    """Apply the actions (cells wrap onto the board); then, if ``finish``, open random covered cells until the
    game ends (a player who keeps clicking)."""
    for kind, r, c, dt in actions:
        if f.over:
            break
        f.clock_ms += dt
        r, c = r % f.rows, c % f.cols
        if kind == "open":
            f.open(r, c)
        elif kind == "chord":
            f.chord(r, c)
        elif kind == "flag":
            f.set_mark(r, c, {NO_MARK: FLAG, FLAG: NO_MARK, QUESTION: NO_MARK}[f.mark(r, c)])
        elif kind == "mark":
            f.set_mark(r, c, FLAG)
        elif kind == "unmark":
            f.set_mark(r, c, NO_MARK)
        elif kind == "question":
            f.set_mark(r, c, QUESTION)
    while finish and not f.over:
        f.clock_ms += rng.randrange(2000)
        cells = [(r, c) for r in range(f.rows) for c in range(f.cols) if not f.is_open(r, c)
                 and f.mark(r, c) != FLAG]
        if not cells:  # every covered cell flagged: lift one
            r, c = next((r, c) for r in range(f.rows) for c in range(f.cols) if not f.is_open(r, c))
            f.set_mark(r, c, NO_MARK)
            continue
        f.open(*rng.choice(cells))
    return f


def ai_game(level, seed, chords=True):
    """The solver plays; it flags the mines it is sure of and chords numbers whose flags are complete."""
    f = MinesGame.level(level, seed=seed)
    while not f.over:
        f.clock_ms += 250
        a = solver.analyse(f.view(), f.mines)
        for r, c in a.mines:
            if f.mark(r, c) != FLAG:
                f.set_mark(r, c, FLAG)
        if chords:
            ch = next(((r, c) for r in range(f.rows) for c in range(f.cols) if f.can_chord(r, c)), None)
            if ch is not None:
                f.chord(*ch)
                continue
        f.open(*a.move)
    return f
from arcade.minesweeper.review import (MoveReview, Reviewer, assess, move_words, positions, review_chunk, sentences,
                                       summarize, verdict, worst_words)


def brute(view, mines, cells):
    """P(no mine in ``cells``) over every layout that fits the numbers (the definition, by enumeration)."""
    rows, cols = len(view), len(view[0])
    covered = [(r, c) for r in range(rows) for c in range(cols) if view[r][c] in "#F"]
    fits = safe = 0
    for combo in itertools.combinations(covered, mines):
        m = set(combo)
        ok = all(int(view[r][c]) == sum((rr, cc) in m for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2))
                 for r in range(rows) for c in range(cols) if view[r][c] not in "#F")
        if ok:
            fits += 1
            safe += not (m & set(cells))
    return safe / fits


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rows=st.integers(3, 5), cols=st.integers(3, 5), mines=st.integers(2, 5),
       opens=st.integers(0, 4), k=st.integers(1, 4))
def test_all_safe_is_the_exact_joint_chance(seed, rows, cols, mines, opens, k):
    rng = random.Random(seed)
    f = Field(rows, cols, min(mines, rows * cols - 2), rule="safe", seed=seed)
    f.open(rng.randrange(rows), rng.randrange(cols))
    for _ in range(opens):
        safe = [(r, c) for r in range(rows) for c in range(cols) if not f.is_open(r, c) and not f.is_mine(r, c)]
        if f.over or not safe:
            break
        f.open(*rng.choice(safe))
    if f.over:
        return
    view = f.view()
    covered = [(r, c) for r in range(rows) for c in range(cols) if view[r][c] == "#"]
    cells = rng.sample(covered, min(k, len(covered)))
    assert math.isclose(solver.all_safe(view, f.mines, cells), brute(view, f.mines, cells), abs_tol=1e-12)
    risk, safest, best = assess(view, f.mines, cells)
    probs = solver.probabilities(view, f.mines)
    assert math.isclose(risk, 1 - brute(view, f.mines, cells), abs_tol=1e-12)
    if best is not None:
        assert safest == min(probs[r][c] for r, c in covered) == probs[best[0]][best[1]]


def test_a_fifty_fifty_is_a_guess_and_a_known_cell_is_not():
    # 2 x 2 corner: the 1 at (0, 0) sees (0, 1), (1, 0), (1, 1); the mines there: one
    view = ("1#", "##")
    risk, safest, best = assess(view, 1, [(0, 1)])
    assert risk == pytest.approx(1 / 3) and safest == pytest.approx(1 / 3)
    view = ("01#", "01#", "###")  # the 1s: (0, 2) or (1, 2) holds the mine; the bottom row is sure
    risk, safest, best = assess(view, 1, [(0, 2)])
    assert risk == pytest.approx(0.5)
    assert safest == 0.0 and best == (2, 0)  # a certain-safe cell was there: missed
    m = MoveReview(5, "O", (0, 2), risk, safest, best)
    assert m.guess and m.missed_safe and m.extra == pytest.approx(0.5)
    assert assess(view, 1, [(2, 2)])[0] == 0.0 and assess(view, 1, [(2, 0)]) == (0.0, 0.0, None)


def test_summary_luck_and_skill():
    moves = [MoveReview(1, "O", (0, 0), 0.0, 0.0, None),
             MoveReview(4, "O", (1, 1), 0.5, 0.5, (1, 1)),      # a forced 50/50: luck only
             MoveReview(7, "O", (2, 2), 0.2, 0.0, (3, 3)),      # a missed safe cell: all skill
             MoveReview(9, "C", (4, 4), 0.3, 0.1, (5, 5))]
    s = summarize(moves)
    assert s["guesses"] == 3 and s["missed"] == 1
    assert s["survival"] == pytest.approx(0.5 * 0.8 * 0.7)
    assert s["extra"] == pytest.approx(1 - (0.5 * 0.8 * 0.7) / (0.5 * 1.0 * 0.9))
    assert [m.index for m in s["worst"]] == [7, 9, 4]
    assert verdict(s) == "3 guesses, survival odds 28 % (luck); 1 safe cell missed, extra risk taken 38 % (skill)"
    none = summarize([moves[0]])
    assert verdict(none) == "0 guesses, survival odds 100 % (luck); 0 safe cells missed, extra risk taken 0 % (skill)"


def test_the_cards_words_and_the_charts_scale():
    """The card's sentences (plural forms, capitalised), a costly guess's row in the cell's place on screen, the
    word on each move with its tone, and the chart's scale: the highest risk rounded up to a tenth."""
    moves = [MoveReview(1, "O", (0, 0), 0.0, 0.0, None), MoveReview(4, "O", (1, 1), 0.5, 0.5, (1, 1)),
             MoveReview(7, "O", (2, 2), 0.2, 0.0, (3, 3)), MoveReview(9, "C", (4, 4), 1.0, 0.1, (5, 5))]
    s = summarize(moves)
    assert sentences(s) == ("3 guesses, survival odds 0 % (luck)", "1 safe cell missed, extra risk taken 100 % (skill)")
    assert sentences(summarize([moves[2]]))[0] == "1 guess, survival odds 80 % (luck)"
    assert s["guessed"] == moves[1:] and s["top"] == 1.0
    assert summarize(moves[1:3])["top"] == 0.5 and summarize([moves[2]])["top"] == 0.2
    assert summarize([MoveReview(2, "O", (0, 0), 0.21, 0.1, (1, 1))])["top"] == 0.3
    assert worst_words(moves[2], (5, 8)) == ("input 7: row 6, col 9  ·  risk 20 %  ·  safest 0 %  ·  "
                                             "a safe cell missed")
    assert worst_words(moves[1], (1, 1)) == "input 4: row 2, col 2  ·  risk 50 %  ·  safest 50 %"
    assert [move_words(m)[1] for m in moves] == ["safe", "guess", "risk", "risk"]
    assert move_words(moves[1])[0] == "A guess at 50 % risk; the safest cell had 50 % (green)"
    assert "certainly a mine" in move_words(moves[3])[0] and "while a cell was certain" in move_words(moves[2])[0]


class SyncWorker:
    def __init__(self):
        self.replies = []

    def request(self, items, *args, budget=None):
        self.replies.append(SimpleNamespace(value=review_chunk(items), error=""))

    def poll(self):
        return self.replies.pop(0) if self.replies else None

    def close(self):
        pass


def reviewed(f):
    st_ = steps(f.record())
    r = Reviewer(st_, f.mines, make_worker=SyncWorker, chunk=5)
    for _ in range(1000):
        if r.done:
            break
        r.update()
    assert r.done and not r.error
    return st_, r


def test_every_steps_view_and_display_are_the_fields():
    """A step keeps the display as one string; its view (what the review and the odds see) is derived."""
    f = MinesGame.level("beginner", seed=3)
    rng = random.Random(3)
    seen = [(f.display(), f.view())]
    actions = [("open", 4, 4, 0), ("question", 0, 0, 10), ("flag", 8, 8, 10), ("flag", 8, 7, 10)]
    actions += [("open", rng.randrange(9), rng.randrange(9), 5) for _ in range(200)]
    for a in actions:
        if f.over:
            break
        n = len(f.session.events)
        play(f, [a], rng, finish=False)
        if len(f.session.events) > n:
            seen.append((f.display(), f.view()))
    assert f.over
    st_ = steps(f.record())
    assert [(s.display, s.view) for s in st_] == seen


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_ai_never_misses_a_safe_cell(seed):
    f = ai_game("beginner", seed, chords=False)
    st_, r = reviewed(f)
    moves = r.moves
    assert [m.index for m in moves] == [p[0] for p in positions(st_, f.mines)]
    assert len(moves) == f.opens - 1  # every open but the first click
    assert summarize(moves)["missed"] == 0
    if f.state == "lost":
        assert moves[-1].guess  # the fatal move was a guess (the solver never opens a known mine)


def test_a_random_clicker_misses_safe_cells_and_its_loss_is_a_guess():
    for seed in range(20):
        f = play(MinesGame.level("beginner", seed=seed), [("open", 4, 4, 0)], random.Random(seed))
        if f.state == "lost" and f.opens > 4:
            break
    st_, r = reviewed(f)
    s = summarize(r.moves)
    assert s["guesses"] >= 1 and r.moves[-1].risk > 0 and s["survival"] < 1
    assert s["missed"] >= 1 and s["extra"] > 0
