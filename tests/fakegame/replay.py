"""Box's replay: the engine's session replay, with a review for the engine's card. The review is Box's own (each
stack that went past the goal is a costly move); the card, its rows and the jump to a move are the engine's."""
from functools import partial
from types import SimpleNamespace

import fakegame
from arcade.engine import replay_scene, session_replay
from arcade.engine.replay_scene import Sheet
from arcade.engine.ui import colors


class Review:
    """The review as a job already done (a real game's runs its AI in the worker a chunk at a time)."""
    done, error, progress = True, "", 1.0

    def __init__(self, steps):
        self.results = [SimpleNamespace(index=i) for i, p in enumerate(steps) if p.event and p.state[0] > p.state[1]]

    def update(self):
        pass

    def close(self):
        pass


class BoxHooks(session_replay.SessionHooks):
    def reviewer(self, steps):
        return Review(steps)

    def sheet(self, review):
        worst = tuple(review.results) if review is not None else ()
        return Sheet(f"{self.replay.score} boxes", (("past the goal", str(len(worst)), colors.TEXT),),
                     empty="No stack went past the goal", rows=tuple((colors.GOLD, f"input {w.index}") for w in worst),
                     worst=worst)


def make_replay(app, replay, review=False):
    return replay_scene.make_replay(app, replay, partial(BoxHooks, game=fakegame.GAME), review=review)


def validate(data):
    session_replay.validate(fakegame.GAME, data)
