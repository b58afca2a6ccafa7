"""2048 game review: the AI grades every move of a replay, like a chess engine's game review. Pure (no pygame).

For every position where a move was played, expectimax values the four moves (:func:`evaluate`, in the AI worker).
The *regret* of the move played is its loss against the best move as a share of the position's value,
``(best - played) / best``; a forced move (the only legal one) has none. Grades, by regret:

=========== ============
best        < 0.2 %
good        < 1 %
inaccuracy  < 3 %
mistake     < 8 %
blunder     >= 8 %
=========== ============

A move's accuracy is ``100 * exp(-regret / 2 %)`` (a best move ~100, a 1 % loss 61, a 3 % loss 22, a blunder ~1);
the game's accuracy is their mean. The costliest moves are the five with the largest regret among the moves graded
below "best" (a move within 0.2 % of the best move is not a mistake and names no better move).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from arcade.engine.ai_requests import Requests
from arcade.engine.jobs import Chunked, worker_factory

__all__ = ["GRADES", "MoveReview", "grade", "evaluate", "review_chunk", "positions", "review_move", "summarize",
           "Reviewer", "Coach", "EVAL_DEPTH", "CHUNK"]

GRADES = (("best", 0.002), ("good", 0.01), ("inaccuracy", 0.03), ("mistake", 0.08), ("blunder", math.inf))
GRADE_COLORS = {"best": (80, 140, 70), "good": (110, 140, 90), "inaccuracy": (190, 150, 40),
                "mistake": (215, 110, 40), "blunder": (190, 50, 40)}  # how the scenes show each grade
ACCURACY_SCALE = 0.02
EVAL_DEPTH = 3  # expectimax player moves a position is searched (a fixed depth: the same game gets the same grades
# on any machine, under any load; ~4 ms a position here)
EVAL_CAP_MS = 5000  # a time cap far above what that depth takes
CHUNK = 16  # positions a worker request


def grade(regret: float) -> str:
    for name, limit in GRADES:
        if regret < limit:
            return name
    return "blunder"  # pragma: no cover - inf catches everything


@dataclass(frozen=True)
class MoveReview:
    index: int          # the replay step the move led to
    played: str
    best: str
    scores: dict        # direction -> value (None: illegal)
    regret: float       # share of the position's value lost against the best move
    grade: str

    @property
    def accuracy(self) -> float:
        return 100.0 * math.exp(-self.regret / ACCURACY_SCALE)

    @property
    def value(self) -> float:
        """The position's value (its best move's)."""
        return self.scores[self.best]


def evaluate(grid, depth: int = EVAL_DEPTH) -> dict:
    """direction -> expectimax value of playing it from ``grid`` (None when illegal), at a fixed depth."""
    from arcade.game2048 import ai

    return dict(ai.choose(grid, "expectimax", depth=depth, budget_ms=EVAL_CAP_MS).scores)


def review_chunk(grids, depth: int = EVAL_DEPTH) -> list:
    """What the AI worker runs: the scores of each position in ``grids``."""
    return [evaluate(g, depth) for g in grids]


def positions(steps) -> list:
    """``(index, grid before, direction played)`` for every move of a replay's steps (undos and "keep going"
    are not moves: the grid before a move is the step before it)."""
    return [(i, steps[i - 1].grid, s.direction) for i, s in enumerate(steps) if i and s.direction is not None]


def review_move(index: int, played: str, scores: dict) -> MoveReview:
    legal = {d: v for d, v in scores.items() if v is not None}
    best = max(legal, key=legal.get) if legal else played
    if len(legal) <= 1 or played not in legal:
        return MoveReview(index, played, best, scores, 0.0, "best")
    top, mine = legal[best], legal[played]
    regret = max(0.0, (top - mine) / abs(top)) if top else 0.0
    return MoveReview(index, played, best, scores, regret, grade(regret))


def summarize(moves: list) -> dict:
    """The game's accuracy, the count of each grade and the five costliest moves (largest regret first)."""
    counts = {name: 0 for name, _ in GRADES}
    for m in moves:
        counts[m.grade] += 1
    # only moves that lost something worth a grade below "best": a move within 0.2 % of the best is the best
    # move for the review, so it never appears here naming another move as better
    worst = sorted((m for m in moves if m.grade != "best"), key=lambda m: -m.regret)[:5]
    return {"accuracy": sum(m.accuracy for m in moves) / len(moves) if moves else 100.0, "counts": counts,
            "worst": worst, "moves": len(moves)}


class Reviewer(Chunked):
    """Reviews a replay in the engine's AI worker, a chunk of positions a request (see
    :class:`arcade.engine.jobs.Chunked`); ``update()`` each frame never blocks. ``moves`` fills in replay order;
    ``progress`` is 0..1."""

    WORKER = "arcade.game2048.review:review_chunk"

    def __init__(self, steps, make_worker=None, depth: int = EVAL_DEPTH, chunk: int = CHUNK):
        # the hang-detection budget allows a slow, loaded machine 50 ms a position
        super().__init__(self.WORKER, positions(steps), payload=lambda p: p[1],
                         result=lambda p, scores: review_move(p[0], p[2], scores), args=(depth,),
                         make_worker=make_worker, chunk=chunk, item_s=0.05)
        self.depth = depth

    @property
    def moves(self) -> list:
        return self.results


class Coach:
    """The live coach (a setting, off by default): after each of the player's moves the AI values the position the
    move was played from, in its own worker, and the grade of that move is shown for a moment. Moves faster than the
    AI answers only get the newest graded (the worker answers its latest request); input never waits."""

    SHOW_S = 2.5

    def __init__(self, make_worker=None, depth: int = EVAL_DEPTH):
        self._make_worker = make_worker
        self.requests: Requests | None = None  # made once the worker module is loaded
        self.depth = depth
        self.last: MoveReview | None = None
        self.shown = 0.0  # seconds the last grade has been on screen

    @property
    def asked(self):
        """(grid, direction) in flight, or None."""
        return self.requests.key if self.requests is not None else None

    def moved(self, grid_before, direction: str) -> None:
        if self.requests is None:
            make = self._make_worker or worker_factory(Reviewer.WORKER)
            if make is None:
                return  # the worker module is still loading: this move goes ungraded
            self.requests = Requests(make)
        self.requests.ask((grid_before, direction), [grid_before], self.depth, budget=2.0)

    def update(self, dt: float) -> None:
        self.shown += dt
        answer = self.requests.poll() if self.requests is not None else None
        if answer is None:
            return
        (_, direction), reply = answer
        if not reply.error and reply.value:
            self.last = review_move(0, direction, reply.value[0])
            self.shown = 0.0

    @property
    def visible(self) -> MoveReview | None:
        return self.last if self.last is not None and self.shown < self.SHOW_S else None

    def reset(self) -> None:
        if self.requests is not None:
            self.requests.cancel()
        self.last = None

    def close(self) -> None:
        if self.requests is not None:
            self.requests.close()
            self.requests = None
