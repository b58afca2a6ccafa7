"""Watching a 2048 replay: play/pause, step forward and back, seek on the timeline, 0.5x to 16x, with the game's own
animations. A replay changes no best and no stat: it reads the record and draws; nothing is submitted.

Keys: Space play/pause, Left/Right one step (and pause), Home/End, + / - speed, Esc back. Mouse or touch: the
buttons, and a click or drag on the timeline. The positions are computed from the record on a background thread,
so a 10,000-move game opens without a stalled frame (the board shows the start until they are ready).
"""
from __future__ import annotations

import threading

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.replay_controls import SPEEDS, ReplayControls
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.game2048 import rules
from arcade.game2048.game import MoveOutcome, decode_move
from arcade.game2048.hud import LAYOUT, button
from arcade.game2048.replay import check, steps
from arcade.game2048.review import GRADE_COLORS
from arcade.game2048.view import BoardView

STEP_S = 0.35  # seconds a step at 1x: the original's 100 ms slide and 200 ms pop, and a breath
BUTTONS = {"back": pygame.Rect(20, 116, 96, 44), "play": pygame.Rect(124, 116, 128, 44),
           "fwd": pygame.Rect(260, 116, 96, 44), "speed": pygame.Rect(364, 116, 96, 44)}
TIMELINE = pygame.Rect(30, 636, 420, 22)


class ReplayScene(ReplayControls, Scene):
    TIMELINE, BUTTONS = TIMELINE, BUTTONS

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay
        self.size, self.target, *_ = check(replay.data)  # a bad record: ValueError before the scene exists
        self.view = BoardView(LAYOUT["board"], self.size, speed=1.0)
        self.steps = None  # filled by the loader thread
        self.error = ""
        self.i = 0
        self.playing = True
        self.speed_i = SPEEDS.index(1.0)
        self.clock = 0.0
        self.dragging = False
        self.labels = {k: Label(22, (255, 255, 255), max_width=96) for k in ("score", "move")}
        self.reviewer = None  # the AI's review, once asked for (V, or opened for review)
        self.review_wanted = False
        self.review_on_enter = False
        self.graded: dict = {}  # step index -> MoveReview
        threading.Thread(target=self._load, name="replay-load", daemon=True).start()

    def _load(self) -> None:
        try:
            self.steps = steps(self.replay.data)
        except ValueError as e:  # a record that replays wrong: said on screen, nothing else happens
            self.error = str(e)
            self.steps = []

    @property
    def ready(self) -> bool:
        return self.steps is not None

    @property
    def last(self) -> int:
        return max(0, len(self.steps) - 1) if self.steps else 0

    # ----- moving through the replay -----
    def seek(self, i: int, animate: bool = False) -> None:
        if not self.steps:
            return
        i = max(0, min(self.last, i))
        if animate and i == self.i + 1 and self.steps[i].direction is not None:
            prev, step = self.steps[self.i], self.steps[i]
            _, spawn = decode_move(step.token, self.size)
            self.view.play(MoveOutcome(rules.slide(prev.grid, step.direction), spawn))
        else:
            self.view.finish()
            self.view.set_grid(self.steps[i].grid)
        self.i = i

    def step(self, delta: int) -> None:
        self.playing = False
        self.seek(self.i + delta, animate=delta == 1)

    def toggle(self) -> None:
        if self.i >= self.last:
            self.seek(0)
        self.playing = not self.playing
        self.clock = 0.0

    def to_start(self) -> None:
        self.playing = False
        self.seek(0)

    def to_end(self) -> None:
        self.playing = False
        self.seek(self.last)

    def seek_fraction(self, frac: float) -> None:
        if self.steps:
            self.seek(round(frac * self.last))

    def export(self):
        """Write the replay as a small text file under the data dir's ``exports`` folder; the path is shown."""
        from arcade.engine.replays import export

        return export(self.app, self.replay, "2048")

    # ----- scene -----
    def back(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.open_review()
            return
        self.handle_controls(event)

    def enter(self) -> None:
        if self.review_on_enter:
            self.review_on_enter = False
            self.open_review()

    # ----- the review -----
    def start_review(self) -> None:
        """Begin the AI's review in the background (once the positions are known)."""
        self.review_wanted = True

    def open_review(self) -> None:
        from arcade.game2048.review_scene import ReviewOverlay

        self.start_review()
        self.playing = False
        self.app.stack.push(ReviewOverlay(self.app, self))

    def _review_tick(self) -> None:
        if self.review_wanted and self.reviewer is None and self.steps:
            from arcade.game2048.review import Reviewer

            self.reviewer = Reviewer(self.steps)
        if self.reviewer is not None and not self.reviewer.done:
            self.reviewer.update()
            for m in self.reviewer.moves[len(self.graded):]:
                self.graded[m.index] = m

    def exit(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()

    def cover(self) -> None:
        pass  # the review goes on under its overlay

    def update(self, dt: float) -> None:
        self._review_tick()
        self.view.speed = min(4.0, self.speed)  # faster than 4x the animations would only blur: they are cut
        self.view.update(dt)
        if not self.ready or not self.playing or not self.steps:
            return
        self.clock += dt * self.speed
        while self.clock >= STEP_S and self.playing:
            self.clock -= STEP_S
            if self.i >= self.last:
                self.playing = False
                break
            self.seek(self.i + 1, animate=True)

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        surface.blit(render("Replay", 52, colors.TEXT), (20, 18))
        s = self.steps[self.i] if self.steps else None
        for name, label, value in (("score", "SCORE", s.score if s else 0),
                                   ("best", "MOVE", f"{self.i:,}/{self.last:,}" if self.ready else "...")):
            r = LAYOUT[name]
            pygame.draw.rect(surface, colors.BOARD, r, border_radius=3)
            blit_center(surface, render(label, 13, colors.LABEL), (r.centerx, r.y + 15))
            blit_center(surface, self.labels["score" if name == "score" else "move"].get(str(value)),
                        (r.centerx, r.y + 40))
        button(surface, BUTTONS["back"], "< Step")
        button(surface, BUTTONS["play"], "Pause" if self.playing else "Play", active=self.playing)
        button(surface, BUTTONS["fwd"], "Step >")
        sp = self.speed
        button(surface, BUTTONS["speed"], f"{sp:g}x")
        self.view.draw(surface)
        pygame.draw.rect(surface, colors.LABEL, TIMELINE, border_radius=11)
        if self.last:
            done = TIMELINE.copy()
            done.w = max(TIMELINE.h, round(TIMELINE.w * self.i / self.last))
            pygame.draw.rect(surface, colors.BUTTON, done, border_radius=11)
            pygame.draw.circle(surface, colors.GOLD, (done.right - TIMELINE.h // 2, TIMELINE.centery), 13)
        m = self.graded.get(self.i)
        if m is not None:  # the AI's grade of the move just shown
            pct = f" (-{m.regret * 100:.1f} %)" if m.regret >= 0.0005 else ""
            title = f"{m.played.capitalize()}: {m.grade}{pct}" + ("" if m.grade == "best" else f" · AI: {m.best}")
            colour = GRADE_COLORS[m.grade]
        else:
            title = self.error or self.replay.title
            colour = (180, 60, 40) if self.error else colors.TEXT
        blit_center(surface, fit(title, 440, 18, colour, "bold" if m else "medium"), (240, 690))
        if self.reviewer is not None and not self.reviewer.done:
            bar = pygame.Rect(120, 714, 240, 8)
            pygame.draw.rect(surface, colors.LABEL, bar, border_radius=4)
            pygame.draw.rect(surface, colors.GOLD, (bar.x, bar.y, round(bar.w * self.reviewer.progress), bar.h),
                             border_radius=4)
        keys = "Space play · Left/Right step · drag the bar · +/- speed · V review · E export · Esc back"
        blit_center(surface, fit(keys, 440, 15, colors.BUTTON, "medium"), (240, 776))


def validate(data) -> None:
    """Replay the whole record through the rules (ValueError, one line, at the first input they refuse)."""
    steps(data)


def make_replay(app, replay, review: bool = False):
    """The replay scene of a 2048 record (``ValueError`` for a record that is not one); ``review``: with the AI's
    review running and shown."""
    scene = ReplayScene(app, replay)
    if review:
        scene.review_on_enter = True
    return scene
