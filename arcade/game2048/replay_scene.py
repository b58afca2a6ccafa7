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
from arcade.engine.ui.text import Label, blit_center, fit, render, wrap_lines
from arcade.game2048 import rules
from arcade.game2048.backend import decode_move
from arcade.game2048.rules import MoveOutcome
from arcade.engine.ui.input import is_landscape
from arcade.game2048.hud import LANDSCAPE as HUD_WIDE, LAYOUT, MIN_TEXT, PARTS, legible
from arcade.game2048.replay import check, steps, validate
from arcade.game2048.review import GRADE_COLORS
from arcade.game2048.view import BoardView

__all__ = ["ReplayScene", "make_replay", "validate", "SPEEDS", "STEP_S", "BUTTONS", "TIMELINE"]

STEP_S = 0.35  # seconds a step at 1x: the original's 100 ms slide and 200 ms pop, and a breath
BUTTONS, TIMELINE = controls(636, 116, 22)  # the buttons over the board, the timeline under it
# the wide canvas: the board at the left as in the game, and at its right a column with the title, the score and
# move boxes, the grade line, the buttons two by two, the timeline and the keys
WIDE = {
    "board": HUD_WIDE["board"],
    "title": pygame.Rect(560, 10, 260, 60),
    "score": pygame.Rect(560, 88, 126, 60),
    "best": pygame.Rect(694, 88, 126, 60),
    "line": pygame.Rect(560, 156, 260, 50),  # the grade of the move shown, or the replay's title
    "review": pygame.Rect(600, 212, 180, 8),  # the review's progress
    "keys": pygame.Rect(560, 400, 260, 110),
}
WIDE_BUTTONS = {"play": pygame.Rect(560, 232, 126, 44), "speed": pygame.Rect(694, 232, 126, 44),
                "back": pygame.Rect(560, 284, 126, 44), "fwd": pygame.Rect(694, 284, 126, 44)}
WIDE_TIMELINE = pygame.Rect(570, 356, 240, 22)


class ReplayScene(ReplayPlayer):
    BUTTONS = BUTTONS
    TIMELINE = TIMELINE
    STEP_S = STEP_S
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · V review · E export · Esc back")

    def __init__(self, app, replay):
        params = check(replay.data)  # a bad record: ValueError before the scene exists
        self.size, self.target = params.size, params.target
        self.labels = {k: Label(22, (255, 255, 255), max_width=96) for k in ("score", "move")}
        self.view = BoardView(LAYOUT["board"], self.size, speed=1.0)
        super().__init__(app, replay)
        self.resize(app.size)

    def resize(self, size) -> None:
        """Lay the replay out for a canvas of ``size``: the board, the boxes and the controls move; the position
        shown, its animation and the play state stay."""
        self.wide = is_landscape(size)
        self.layout = WIDE if self.wide else LAYOUT
        self.BUTTONS, self.TIMELINE = (WIDE_BUTTONS, WIDE_TIMELINE) if self.wide else (BUTTONS, TIMELINE)
        self.view.set_rect(self.layout["board"])

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
        if self.wide:
            t = self.layout["title"]
            surface.blit(fit(_("Replay"), t.w, 52, colors.TEXT), t.topleft)
        else:
            surface.blit(fit(_("Replay"), 220, 52, colors.TEXT), (20, 18))
        s = self.steps[self.i] if self.steps else None
        for name, label, value in (("score", _("SCORE"), s.score if s else 0),
                                   ("best", _("MOVE"), f"{self.i:,}/{self.last:,}" if self.ready else "...")):
            r = self.layout[name]
            # the game's score boxes: light text on the button brown (5:1; the board's grey read at 1.7:1)
            pygame.draw.rect(surface, colors.BUTTON, r, border_radius=3)
            blit_center(surface, render(label, 13, colors.TEXT_LIGHT), (r.centerx, r.y + 15))
            blit_center(surface, self.labels["score" if name == "score" else "move"].get(str(value)),
                        (r.centerx, r.y + 40))
        self.view.draw(surface)
        self.draw_controls(surface)
        m = self.graded.get(self.i)
        if m is not None:  # the AI's grade of the move just shown
            pct = f" (-{m.regret * 100:.1f} %)" if m.regret >= 0.0005 else ""
            title = f"{_(m.played.capitalize())}: {_(m.grade)}{pct}" + (
                "" if m.grade == "best" else "  ·  " + _("AI: {move}").format(move=_(m.best)))
            colour = legible(GRADE_COLORS[m.grade])
        else:
            title = self.error or self.replay_title()
            colour = (180, 60, 40) if self.error else colors.TEXT
        weight = "bold" if m else "medium"
        if self.wide:
            r = self.layout["line"]
            lines = wrap_lines(title, r.w, 18, weight, PARTS)[:2]
            for i, line in enumerate(lines):
                blit_center(surface, fit(line, r.w, 18, colour, weight, min_size=MIN_TEXT),
                            (r.centerx, r.centery + 24 * (i - (len(lines) - 1) / 2)))
        else:
            blit_center(surface, fit(title, 440, 18, colour, weight), (240, 690))
        if self.reviewer is not None and not self.reviewer.done:
            bar = self.layout["review"] if self.wide else pygame.Rect(120, 714, 240, 8)
            progress_bar(surface, bar, self.reviewer.progress)

    def draw_keys(self, surface) -> None:
        """The engine's keys line; in the wide layout the keys go under the timeline, a few to a line."""
        if not self.wide:
            super().draw_keys(surface)
            return
        r, keys = self.layout["keys"], _(self.KEYS)
        for i, line in enumerate(wrap_lines(keys.replace(" · ", PARTS), r.w, 15, "medium", PARTS)):
            blit_center(surface, fit(line, r.w, 15, self.KEYS_COLOUR, "medium", min_size=MIN_TEXT),
                        (r.centerx, r.y + 10 + 22 * i))


def make_replay(app, replay, review: bool = False):
    """The replay scene of a 2048 record (``ValueError`` for a record that is not one); ``review``: with the AI's
    review running and shown."""
    scene = ReplayScene(app, replay)
    if review:
        scene.review_on_enter = True
    return scene
