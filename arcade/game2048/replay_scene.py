"""Watching a 2048 replay: play/pause, step forward and back, seek on the timeline, 0.5x to 16x, with the game's own
animations (the controls are the engine's :class:`~arcade.engine.replay_player.ReplayPlayer`). A replay changes
no best and no stat: it reads the record and draws; nothing is submitted.

Keys: Space play/pause, Left/Right one step (and pause), Home/End, + / - speed, V the AI's review, E export, Esc
back. Mouse or touch: the buttons, and a click or drag on the timeline. The positions are computed from the record
on a background thread, so a 10,000-move game opens without a stalled frame (the board shows the start until they
are ready).
"""
from __future__ import annotations

import pygame

from arcade.engine.replay_player import SPEEDS, ReplayPlayer, controls, progress_bar
from arcade.engine.ui import colors
from arcade.engine.i18n import N_, _
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.game2048 import rules
from arcade.game2048.game import MoveOutcome, decode_move
from arcade.game2048.hud import LAYOUT
from arcade.game2048.replay import check, steps, validate
from arcade.game2048.review import GRADE_COLORS
from arcade.game2048.view import BoardView

__all__ = ["ReplayScene", "make_replay", "validate", "SPEEDS", "STEP_S", "BUTTONS", "TIMELINE"]

STEP_S = 0.35  # seconds a step at 1x: the original's 100 ms slide and 200 ms pop, and a breath
BUTTONS, TIMELINE = controls(636, 116, 22)  # the buttons over the board, the timeline under it


class ReplayScene(ReplayPlayer):
    BUTTONS = BUTTONS
    TIMELINE = TIMELINE
    STEP_S = STEP_S
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · V review · E export · Esc back")

    def __init__(self, app, replay):
        params = check(replay.data)  # a bad record: ValueError before the scene exists
        self.size, self.target = params.size, params.target
        self.view = BoardView(LAYOUT["board"], self.size, speed=1.0)
        self.labels = {k: Label(22, (255, 255, 255), max_width=96) for k in ("score", "move")}
        super().__init__(app, replay)

    def compute_steps(self) -> list:
        return steps(self.replay.data)

    def show(self, i: int, animate: bool) -> None:
        if animate and self.steps[i].direction is not None:
            prev, step = self.steps[self.i], self.steps[i]
            _, spawn = decode_move(step.token, self.size)
            self.view.play(MoveOutcome(rules.slide(prev.grid, step.direction), spawn))
        else:
            self.view.finish()
            self.view.set_grid(self.steps[i].grid)

    def make_reviewer(self):
        from arcade.game2048.review import Reviewer

        return Reviewer(self.steps)

    def review_card(self):
        from arcade.game2048.review_scene import ReviewOverlay

        return ReviewOverlay(self.app, self)

    def update(self, dt: float) -> None:
        self.view.speed = min(4.0, self.speed)  # faster than 4x the animations would only blur: they are cut
        self.view.update(dt)
        super().update(dt)

    def marks(self) -> list:
        return [(i, GRADE_COLORS[m.grade]) for i, m in self.graded.items() if m.grade in ("mistake", "blunder")]

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        surface.blit(fit(_("Replay"), 220, 52, colors.TEXT), (20, 18))
        s = self.steps[self.i] if self.steps else None
        for name, label, value in (("score", _("SCORE"), s.score if s else 0),
                                   ("best", _("MOVE"), f"{self.i:,}/{self.last:,}" if self.ready else "...")):
            r = LAYOUT[name]
            pygame.draw.rect(surface, colors.BOARD, r, border_radius=3)
            blit_center(surface, render(label, 13, colors.LABEL), (r.centerx, r.y + 15))
            blit_center(surface, self.labels["score" if name == "score" else "move"].get(str(value)),
                        (r.centerx, r.y + 40))
        self.view.draw(surface)
        self.draw_controls(surface)
        m = self.graded.get(self.i)
        if m is not None:  # the AI's grade of the move just shown
            pct = f" (-{m.regret * 100:.1f} %)" if m.regret >= 0.0005 else ""
            title = f"{_(m.played.capitalize())}: {_(m.grade)}{pct}" + (
                "" if m.grade == "best" else "  ·  " + _("AI: {move}").format(move=_(m.best)))
            colour = GRADE_COLORS[m.grade]
        else:
            title = self.error or self.replay.title
            colour = (180, 60, 40) if self.error else colors.TEXT
        blit_center(surface, fit(title, 440, 18, colour, "bold" if m else "medium"), (240, 690))
        if self.reviewer is not None and not self.reviewer.done:
            progress_bar(surface, pygame.Rect(120, 714, 240, 8), self.reviewer.progress)


def make_replay(app, replay, review: bool = False):
    """The replay scene of a 2048 record (``ValueError`` for a record that is not one); ``review``: with the AI's
    review running and shown."""
    scene = ReplayScene(app, replay)
    if review:
        scene.review_on_enter = True
    return scene
