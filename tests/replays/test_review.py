"""2048 game review: grades by regret, a hand-built blunder, the summary, and the reviewer driving a worker."""
from types import SimpleNamespace

from hypothesis import given, strategies as st

from arcade.engine.session import Session
from arcade.game2048.backend import BACKEND, Params
from arcade.game2048.replay import steps
from arcade.game2048.review import GRADES, Reviewer, evaluate, grade, review_move, summarize


def test_grade_thresholds():
    assert [grade(r) for r in (0.0, 0.0019, 0.005, 0.02, 0.05, 0.2)] == \
        ["best", "best", "good", "inaccuracy", "mistake", "blunder"]
    assert [g for g, _ in GRADES] == ["best", "good", "inaccuracy", "mistake", "blunder"]


def test_throwing_away_the_corner_is_a_blunder_and_the_ai_move_is_best():
    grid = ((0, 0, 0, 0), (0, 0, 0, 0), (2, 0, 0, 0), (512, 128, 32, 8))  # the 512 in its corner
    scores = evaluate(grid)
    assert evaluate(grid) == scores  # a fixed depth: the same grades every time
    up = review_move(1, "up", scores)  # lifts the 512 out of the corner
    assert up.grade in ("mistake", "blunder") and up.best != "up"
    assert review_move(1, up.best, scores).grade == "best"


def test_a_forced_move_costs_nothing():
    m = review_move(3, "left", {"up": None, "down": None, "left": 5.0, "right": None})
    assert m.grade == "best" and m.regret == 0.0


def test_summary_accuracy_counts_and_worst_five():
    moves = [review_move(i, "up", {"up": 100.0 - r, "down": 100.0, "left": None, "right": None})
             for i, r in enumerate([0, 0, 0.5, 2, 5, 12, 30])]
    s = summarize(moves)
    assert s["counts"] == {"best": 2, "good": 1, "inaccuracy": 1, "mistake": 1, "blunder": 2}
    assert [m.index for m in s["worst"]] == [6, 5, 4, 3, 2]
    assert 0 < s["accuracy"] < 100


class FakeWorker:
    def __init__(self):
        self.asked, self.answers = [], []

    def request(self, grids, depth, budget=None):
        self.asked.append(grids)
        self.answers.append([{"up": 1.0, "down": 2.0, "left": None, "right": None} for _ in grids])

    def poll(self):
        return SimpleNamespace(value=self.answers.pop(0), error=None) if self.answers else None

    def close(self):
        pass


def test_the_reviewer_streams_chunks_in_order_without_blocking():
    g = Session(BACKEND, Params(), 2)
    for i in range(40):
        g.play(("left", "up", "right", "down")[i % 4]) or g.play("down")
    st = steps(g.replay().data)
    w = FakeWorker()
    r = Reviewer(st, make_worker=lambda: w, chunk=16)
    frames = 0
    while not r.done and frames < 100:
        r.update()
        frames += 1
    n = len([s for s in st if s.direction])
    assert r.done and len(r.moves) == n and [len(a) for a in w.asked][:2] == [16, 16]
    assert [m.index for m in r.moves] == [i for i, s in enumerate(st) if i and s.direction]
    assert all(m.best == "down" for m in r.moves)


def test_game_over_offers_review_and_the_card_shows_grades_and_jumps(app, monkeypatch):
    import time

    import pygame

    from arcade.engine import replay_scene as engine
    from arcade.engine.replay_scene import ReplayScene, SheetCard
    from arcade.game2048 import scene as sc
    from arcade.game2048.replay_scene import Replay2048
    from helpers import click, frames, key, settle

    app.profile.set("help.2048", True)
    s = sc.Game2048Scene(app, session=Session(BACKEND, BACKEND.parse_params("3x3"), 1))
    app.stack.reset(s, fade=False)
    frames(app, 1)
    while not s.game.over:  # a 3x3 game ends soon
        s.move("left") or s.move("down") or s.move("right") or s.move("up")
        if s.game.won and not s.game.keep_playing:
            s.keep_going()
    settle(app, 2.5)  # the game-over panel fades in
    frames(app, 1, events=click(s.panel_buttons()["review"].center))
    settle(app, 0.4)
    card = app.stack.top
    assert isinstance(card, SheetCard) and isinstance(app.stack.scenes[-2], ReplayScene)
    assert isinstance(app.stack.scenes[-2].hooks, Replay2048)
    rs = card.rs
    deadline = time.monotonic() + 60
    while not (rs.reviewer is not None and rs.reviewer.done) and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.005)
    assert rs.reviewer.done and not rs.reviewer.error
    assert len(rs.reviewer.moves) == len([x for x in rs.steps if x.direction])
    # the count of each grade reads right on the card: "1 mistake", "0 inaccuracies", "4 blunders", and the
    # figures name theirs in the same number ("1" over "mistake", "4" over "blunders")
    texts, real_lines, real_fit = [], engine.draw_lines, engine.fit
    monkeypatch.setattr(engine, "draw_lines", lambda surface, text, *a, **k: (texts.append(text),
                                                                            real_lines(surface, text, *a, **k))[1])
    monkeypatch.setattr(engine, "fit", lambda text, *a, **k: (texts.append(text), real_fit(text, *a, **k))[1])
    frames(app, 1)
    parts = {part for text in texts for part in text.split("  ·  ")}
    summary = summarize(rs.reviewer.moves)
    words = {"best": ("best", "best"), "good": ("good", "good"), "inaccuracy": ("inaccuracy", "inaccuracies"),
             "mistake": ("mistake", "mistakes"), "blunder": ("blunder", "blunders")}
    for name, n in summary["counts"].items():
        assert f"{n:,} {words[name][n != 1]}" in parts, (name, n, texts)
    figures = card.sheet.figures
    assert figures[0][:2] == ("accuracy", f"{summary['accuracy']:.0f}") and {"accuracy", figures[0][1]} <= set(texts)
    for (word, value, _colour), name in zip(figures[1:], ("inaccuracy", "mistake", "blunder")):
        n = summary["counts"][name]
        assert (word, value) == (words[name][n != 1], f"{n:,}") and {word, value} <= set(texts)
    worst = summary["worst"]
    assert card.worst() == worst
    if worst:
        frames(app, 1, events=[key(pygame.K_1)])
        settle(app, 0.3)
        assert app.stack.top is rs and rs.i == worst[0].index and rs.graded[rs.i] == worst[0]


class CoachWorker(FakeWorker):
    def request(self, grids, depth, budget=None):
        self.asked.append(grids)
        self.answers.append([{"up": 100.0, "down": 50.0, "left": None, "right": 99.5}])


def test_the_coach_grades_the_players_moves_only_when_asked(app):
    from arcade.game2048 import scene as sc
    from arcade.game2048.review import Coach
    from helpers import frames

    app.profile.set("help.2048", True)
    s = sc.Game2048Scene(app, session=Session(BACKEND, Params(), 3))
    w = CoachWorker()
    s.coach = Coach(make_worker=lambda: w)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    s.move("left") or s.move("right")
    assert w.asked == []  # off by default
    app.profile.set("2048.coach", True)
    before = s.game.grid
    assert s.move("down") or s.move("up")
    frames(app, 1)
    assert w.asked == [[before]] and s.coach.visible is not None
    assert s.coach.visible.grade in ("blunder", "best")
    s.move("left", by_ai=True) or s.move("right", by_ai=True)
    assert len(w.asked) == 1  # the AI's own moves are not coached


_value = st.one_of(st.none(), st.floats(-1e6, 1e7, allow_nan=False))


@given(st.lists(st.tuples(st.sampled_from(("up", "down", "left", "right")),
                          st.fixed_dictionaries({d: _value for d in ("up", "down", "left", "right")})),
                min_size=1, max_size=30))
def test_the_costliest_moves_are_real_losses_and_their_lines_agree(moves):
    reviews = [review_move(i + 1, played, scores) for i, (played, scores) in enumerate(moves)]
    for m in summarize(reviews)["worst"]:
        assert m.grade != "best" and m.best != m.played
        assert m.regret >= GRADES[0][1] and f"{m.regret * 100:.1f}" != "0.0"  # the loss shown is never -0.0 %
        assert m.scores[m.best] > m.scores[m.played]  # the move named better is better
    for m in reviews:
        assert (m.grade == "best") == (m.regret < GRADES[0][1])
