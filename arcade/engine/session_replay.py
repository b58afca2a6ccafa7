"""The replay scene every game on the session layer gets: the positions of a replay (the start at move 0, then each
input, undos and redos included) through the game's backend, drawn by the game's ``draw_position(surface, state,
params)``, with the engine's replay controls. A game with more to show (a review, its own captions) subclasses
:class:`SessionReplay` in its package."""
from __future__ import annotations

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import ReplayPlayer, controls
from arcade.engine.session import replay_data, replay_positions
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render

__all__ = ["SessionReplay", "validate"]

WHO = {"player": N_("move {n} by you"), "hint": N_("move {n} by you, with a hint"), "ai": N_("move {n} by the AI"),
       "demo": N_("move {n} by the demo")}


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
        self.resize(app.size)

    def resize(self, size) -> None:
        """The caption and the controls along the bottom of the canvas, whichever its shape (the game's
        ``draw_position`` has the rest)."""
        h = size[1]
        self.BUTTONS, self.TIMELINE = controls(h - 144, h - 110, x=20, w=min(440, size[0] - 40))
        self.KEYS_Y, self.caption_y = h - 24, h - 170

    def compute_steps(self) -> list:
        return replay_positions(self.backend, self.replay.data)

    def caption(self, p) -> str:
        if p.event is None:
            return _("the start")
        if p.by is None:
            return _("undo") if p.event.endswith("u") else _("redo")
        return _(WHO[p.by]).format(n=p.ply)

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        if self.steps:
            p = self.steps[self.i]
            self.game.module().draw_position(surface, p.state, self.params)
            text = _("{what}  ·  input {i} / {n}").format(what=self.caption(p), i=self.i, n=self.last)
        else:
            text = self.error or _("Replaying...")
        blit_center(surface, render(text, 15, colors.TEXT, "medium"), (surface.get_width() / 2, self.caption_y))
        self.draw_controls(surface)
