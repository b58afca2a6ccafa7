"""The replay scene every game on the session layer gets: the positions of a replay (the start at move 0, then each
input, undos and redos included) through the game's backend, drawn by the game's ``draw_position(surface, state,
params)``, with the engine's replay controls. A game with more to show (a review, its own captions) subclasses
:class:`SessionReplay` in its package."""
from __future__ import annotations

from arcade.engine.replay_player import ReplayPlayer
from arcade.engine.session import replay_data, replay_positions
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render

__all__ = ["SessionReplay", "validate"]

WHO = {"player": "you", "hint": "you, with a hint", "ai": "the AI", "demo": "the demo"}


def validate(game, data) -> None:
    """``ValueError`` (one line) unless ``data`` replays through ``game``'s rules to its end."""
    replay_positions(game.make_backend(), data)


class SessionReplay(ReplayPlayer):
    PACE = (0.6, 0.15, 2.0)  # the start shows 0.6 s; inputs at their recorded pace, 0.15 s to 2 s apart

    def __init__(self, app, replay, game):
        self.game = game
        self.backend = game.make_backend()
        self.params = self.backend.parse_params(replay_data(self.backend, replay.data)["params"])  # ValueError
        super().__init__(app, replay)

    def compute_steps(self) -> list:
        return replay_positions(self.backend, self.replay.data)

    def caption(self, p) -> str:
        if p.event is None:
            return "the start"
        if p.by is None:
            return "undo" if p.event.endswith("u") else "redo"
        return f"move {p.ply} by {WHO[p.by]}"

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        if self.steps:
            p = self.steps[self.i]
            self.game.module().draw_position(surface, p.state, self.params)
            text = f"{self.caption(p)}  ·  input {self.i} / {self.last}"
        else:
            text = self.error or "Replaying..."
        blit_center(surface, render(text, 15, colors.TEXT, "medium"), (surface.get_width() / 2, 630))
        self.draw_controls(surface)
