"""The replay every game on the session layer gets without hooks of its own: the positions of a replay (the start
at move 0, then each input, undos and redos included) through the game's backend, drawn by the game's
``draw_position(surface, state, params)``, in the engine's replay scene (:mod:`arcade.engine.replay_scene`)."""
from __future__ import annotations

from functools import partial

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import Layout, ReplayHooks, ReplayScene
from arcade.engine.session import replay_data, replay_positions
from arcade.engine.ui import colors

__all__ = ["SessionHooks", "make_replay", "validate"]

WHO = {"player": N_("move {n} by you"), "hint": N_("move {n} by you, with a hint"), "ai": N_("move {n} by the AI"),
       "demo": N_("move {n} by the demo")}


def validate(game, data) -> None:
    """``ValueError`` (one line) unless ``data`` replays through ``game``'s rules to its end."""
    replay_positions(game.make_backend(), data)


class SessionHooks(ReplayHooks):
    PACE = (0.6, 0.15, 2.0)  # the start shows 0.6 s; inputs at their recorded pace, 0.15 s to 2 s apart

    def __init__(self, scene, replay, game):
        super().__init__(scene, replay)
        self.game, self.backend = game, game.make_backend()
        self.params = self.backend.parse_params(replay_data(self.backend, replay.data)["params"])  # ValueError

    def layout(self, size) -> Layout:
        """The caption and the controls along the bottom of the canvas, whichever its shape (the game's
        ``draw_position`` has the rest)."""
        w, h = size
        buttons, timeline = controls(h - 144, h - 110, x=20, w=min(440, w - 40))
        return Layout(buttons, timeline, pygame.Rect(20, h - 36, w - 40, 24), pygame.Rect(20, h - 182, w - 40, 24),
                      board=pygame.Rect(0, 0, w, h - 190), caption_size=15)

    def positions(self, data) -> list:
        return replay_positions(self.backend, data)

    def caption(self, p) -> tuple[str, tuple]:
        if p.event is None:
            what = _("the start")
        elif p.by is None:
            what = _("undo") if p.event.endswith("u") else _("redo")
        else:
            what = _(WHO[p.by]).format(n=p.ply)
        return _("{what}  ·  input {i} / {n}").format(what=what, i=self.scene.i, n=self.scene.last), colors.TEXT

    def draw(self, surface, p) -> None:
        surface.fill(colors.PAGE)
        if p is not None:
            self.game.module().draw_position(surface, p.state, self.params)


def make_replay(app, replay, game) -> ReplayScene:
    """The replay scene of ``game``'s ``replay`` through its backend and its ``draw_position``."""
    return ReplayScene(app, replay, partial(SessionHooks, game=game))
