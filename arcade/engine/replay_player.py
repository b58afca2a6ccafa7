"""What every game's replay scene shares: the positions computed off the UI thread, play/pause, step forward and
back, seek on a timeline bar (mouse, touch, keys), speed 0.5x to 16x, export with E. A replay changes no best and
no stat: it reads the record and draws; nothing is submitted.

A game subclasses :class:`ReplayPlayer` and gives it :meth:`~ReplayPlayer.compute_steps` (the positions, through
its pure logic), :meth:`~ReplayPlayer.show` (put position ``i`` on its board, animated or not) and its own
``draw``, calling :meth:`~ReplayPlayer.draw_controls`; optionally :meth:`~ReplayPlayer.step_seconds` (a step's
length at 1x: the recorded time between two inputs, capped), :meth:`~ReplayPlayer.on_key` and
:meth:`~ReplayPlayer.marks` (ticks on the timeline). Its ``BUTTONS`` and ``TIMELINE`` say where the controls go.
The timeline is spaced by position unless the game places the positions on its own clock
(:meth:`~ReplayPlayer.fraction`, :meth:`~ReplayPlayer.position_at`, :meth:`~ReplayPlayer.progress`);
:meth:`~ReplayPlayer.draw_button` and :meth:`~ReplayPlayer.draw_timeline` draw the controls in the house style
unless the game has its own.

A game with an AI review gives :meth:`~ReplayPlayer.make_reviewer` (a background job, e.g. an
:class:`arcade.engine.jobs.Chunked`, whose ``results`` carry the ``index`` of the position they grade) and
:meth:`~ReplayPlayer.review_card` (a scene over the replay: the engine's
:class:`~arcade.engine.replay_scene.SheetCard`): V opens it, the review streams into ``graded`` (position ->
result) while the replay plays on, and the card's costliest moves jump the replay there.

Keys: Space play/pause, Left/Right one step (and pause), Home/End, + / - speed, V review, E export, Esc back;
in the engine's replay scene Enter plays on from the position shown (:mod:`arcade.engine.replay_scene`).
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_down, pointer_motion, pointer_up
from arcade.engine.ui.text import blit_center, fit
from arcade.engine.ui.widgets import progress_bar

__all__ = ["ReplayPlayer", "Style", "SPEEDS", "controls", "progress_bar"]

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


@dataclass(frozen=True)
class Style:
    """The controls' colours: the buttons (and the playing one), their edge (None: none), the bar, its done part,
    the knob (and its centre: None for a plain knob), the corners' radius, the keys line, an error's colour and
    the caption's (where a game does not colour it); the house's by default."""

    button: tuple = colors.BUTTON
    active: tuple = colors.GOLD
    edge: tuple | None = None
    bar: tuple = colors.LABEL
    done: tuple = colors.BUTTON
    knob: tuple = colors.GOLD
    knob_eye: tuple | None = None
    radius: int = 3
    keys: tuple = colors.BUTTON
    error: tuple = (180, 60, 40)
    caption: tuple = colors.TEXT


def controls(timeline_y: int, buttons_y: int, timeline_h: int = 20, x: int = 20,
             w: int = 440) -> tuple[dict, pygame.Rect]:
    """The four buttons (step back, play, step forward, speed) in a row at ``buttons_y`` and the timeline bar at
    ``timeline_y``, across ``w`` pixels from ``x`` (by default the 480-wide portrait canvas): ``(BUTTONS,
    TIMELINE)``. The buttons keep their 96:128:96:96 widths and 8-pixel gaps, scaled to ``w``."""
    unit = (w - 24) / 416  # 96 + 128 + 96 + 96 = 416 pixels of buttons at w = 440
    buttons, left = {}, float(x)
    for name, bw in (("back", 96), ("play", 128), ("fwd", 96), ("speed", 96)):
        buttons[name] = pygame.Rect(round(left), buttons_y, round(left + bw * unit) - round(left), 44)
        left += bw * unit + 8
    return buttons, pygame.Rect(x + 10, timeline_y, w - 20, timeline_h)


class ReplayPlayer(Scene):
    BUTTONS, TIMELINE = controls(656, 690)
    STYLE = Style()
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · E export · Esc back")
    KEYS_Y = 776
    KEYS_COLOUR = colors.BUTTON
    STEP_LABELS = (N_("< Step"), N_("Step >"))
    STEP_S = 0.35  # seconds a step at 1x ...
    PACE = None    # ... or (first, shortest, longest): the recorded pace of the steps' ``ms``, each gap kept
    #                within shortest..longest seconds, the start shown ``first`` seconds

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay
        self.steps = None  # filled by the loader thread
        self.error = ""
        self.i = 0
        self.drawn = False  # the start has been handed to the game's view (once the positions are in)
        self.playing = True
        self.speed_i = SPEEDS.index(1.0)
        self.clock = 0.0
        self.dragging = False
        self.reviewer = None  # the AI's review, once asked for (V, or opened for review)
        self.review_wanted = False
        self.review_on_enter = False
        self.graded: dict = {}  # position -> the review's result for the move that led there
        threading.Thread(target=self._load, name="replay-load", daemon=True).start()

    def replay_title(self) -> str:
        """The replay's one line (board, result, moves ...) in the language the player has now: its game's wording
        of its summary, or the title stored with it."""
        game = getattr(self.app, "registry", {}).get(self.replay.game)
        return game.replay_title(self.replay) if game is not None else self.replay.title

    # ----- what a game gives -----
    def compute_steps(self) -> list:
        """Every position of the replay, the start first (runs on a background thread; ValueError, one line,
        for a record the rules refuse)."""
        raise NotImplementedError

    def show(self, i: int, animate: bool) -> None:
        """Put position ``i`` on the board; ``animate``: it follows the one shown (play its animation)."""

    def step_seconds(self, i: int) -> float:
        """Seconds at 1x from position ``i`` to the next."""
        if self.PACE is None:
            return self.STEP_S
        first, shortest, longest = self.PACE
        if i == 0:
            return first
        gap = (self.steps[i + 1].ms - self.steps[i].ms) / 1000 if i + 1 < len(self.steps) else 0.0
        return min(longest, max(shortest, gap))

    def on_key(self, key: int) -> None:
        """A key the player does not use."""

    def on_click(self, pos) -> None:
        """A click or tap that is not on the controls."""

    def marks(self) -> list:
        """``(position, colour)`` ticks to draw over the timeline (the review's costly moves)."""
        return []

    def fraction(self, i: int) -> float:
        """Where position ``i`` sits along the timeline, 0..1 (evenly spaced unless the game has a clock)."""
        return i / self.last if self.last else 0.0

    def position_at(self, frac: float) -> int:
        """The position at ``frac`` (0..1) along the timeline: the inverse of :meth:`fraction`."""
        return round(frac * self.last)

    def progress(self) -> float:
        """How far along the timeline the replay is now (its knob)."""
        return self.fraction(self.i)

    def make_reviewer(self):
        """The AI's review of ``self.steps`` as a background job (None: this game has no review)."""
        return None

    def review_card(self):
        """The scene showing the review over the replay (None: no review)."""
        return None

    # ----- the review -----
    def start_review(self) -> None:
        """Begin the AI's review in the background (once the positions are known)."""
        self.review_wanted = True

    def open_review(self) -> None:
        card = self.review_card()
        if card is None:
            return
        self.start_review()
        self.playing = False
        self.app.stack.push(card)

    def review_tick(self) -> None:
        """Feed the review job (every frame, also while its card covers the replay); never blocks."""
        if self.review_wanted and self.reviewer is None and self.steps:
            self.reviewer = self.make_reviewer()
        if self.reviewer is not None and not self.reviewer.done:
            self.reviewer.update()
            for m in self.reviewer.results[len(self.graded):]:
                self.graded[m.index] = m

    def enter(self) -> None:
        if self.review_on_enter:
            self.review_on_enter = False
            self.open_review()

    def exit(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()

    def cover(self) -> None:
        pass  # the review goes on under its card

    # ----- the positions -----
    def _load(self) -> None:
        try:
            steps = self.compute_steps()
        except ValueError as e:  # a record that replays wrong: said on screen, nothing else happens
            self.error = str(e).splitlines()[0] if str(e) else "this replay does not replay"
            steps = []
        self.steps = steps

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
        self.drawn = True
        self.show(i, animate and i == self.i + 1)
        self.i = i

    def step(self, delta: int) -> None:
        self.playing = False
        self.seek(self.i + delta, animate=delta == 1)

    def toggle(self) -> None:
        if self.i >= self.last:
            self.seek(0)
        self.playing = not self.playing
        self.clock = 0.0

    def change_speed(self, delta: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + delta))

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def export(self):
        """Write the replay as a small text file under the data dir's ``exports`` folder; the path is shown."""
        from arcade.engine.replays import write_file

        d = self.app.profile.dir
        if d is None:
            self.app.notify(N_("No data folder to export to"))
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.replay.time))
        path = d / "exports" / f"{self.replay.game}-{stamp}-{self.replay.score}.replay"
        try:
            path.parent.mkdir(exist_ok=True)
            write_file(self.replay, path)
        except (OSError, ValueError) as e:
            self.app.notify(_("Export failed: {error}").format(error=e))
            return None
        self.app.notify(_("Exported: {path}").format(path=path), 6.0)
        return path

    # ----- scene -----
    def back(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_SPACE:
                self.toggle()
            elif k == pygame.K_RIGHT:
                self.step(1)
            elif k == pygame.K_LEFT:
                self.step(-1)
            elif k == pygame.K_HOME:
                self.playing = False
                self.seek(0)
            elif k == pygame.K_END:
                self.playing = False
                self.seek(self.last)
            elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.change_speed(1)
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.change_speed(-1)
            elif k == pygame.K_e:
                self.export()
            elif k == pygame.K_v:
                self.open_review()
            else:
                self.on_key(k)
            return
        down = pointer_down(event)
        if down is not None:
            if self.TIMELINE.inflate(0, 24).collidepoint(down[:2]):
                self.dragging = True
                self.playing = False
                self._seek_to_x(down[0])
            return
        moved = pointer_motion(event)
        if moved is not None and self.dragging:
            self._seek_to_x(moved[0])
            return
        up = pointer_up(event)
        if up is not None:
            if self.dragging:
                self.dragging = False
                return
            name = next((n for n, r in self.BUTTONS.items() if r.collidepoint(up[:2])), None)
            if name == "back":
                self.step(-1)
            elif name == "fwd":
                self.step(1)
            elif name == "play":
                self.toggle()
            elif name == "speed":
                self.speed_i = (self.speed_i + 1) % len(SPEEDS)
            else:
                self.on_click(up[:2])

    def _seek_to_x(self, x: float) -> None:
        if self.steps:
            frac = (x - self.TIMELINE.x) / self.TIMELINE.w
            self.seek(self.position_at(max(0.0, min(1.0, frac))))

    def update(self, dt: float) -> None:
        self.review_tick()
        if self.steps and not self.drawn:  # the positions just came in: move 0 is the game's start, shown at once
            self.drawn = True
            self.show(self.i, False)
        if not self.ready or not self.playing or not self.steps:
            return
        self.clock += dt * self.speed
        while self.playing:
            if self.i >= self.last:
                self.playing = False
                break
            need = self.step_seconds(self.i)
            if self.clock < need:
                break
            self.clock -= need
            self.seek(self.i + 1, animate=True)

    # ----- drawing -----
    def draw_controls(self, surface) -> None:
        """The buttons, the timeline (with the game's marks) and the keys (:meth:`draw_keys`)."""
        b = self.BUTTONS
        back, fwd = self.STEP_LABELS
        self.draw_button(surface, b["back"], _(back))
        self.draw_button(surface, b["play"], _("Pause") if self.playing else _("Play"), active=self.playing)
        self.draw_button(surface, b["fwd"], _(fwd))
        self.draw_button(surface, b["speed"], f"{self.speed:g}x")
        self.draw_timeline(surface)
        self.draw_keys(surface)

    def draw_keys(self, surface) -> None:
        """The keys in one line across the canvas at ``KEYS_Y`` (a game's side column wraps them in a box)."""
        w = surface.get_width()
        blit_center(surface, fit(_(self.KEYS), w - 40, 15, self.KEYS_COLOUR, "medium"), (w / 2, self.KEYS_Y))

    def draw_button(self, surface, rect, label: str, active: bool = False) -> None:
        st = self.STYLE
        pygame.draw.rect(surface, st.active if active else st.button, rect, border_radius=st.radius)
        if st.edge is not None:
            pygame.draw.rect(surface, st.edge, rect, width=2, border_radius=st.radius)
        blit_center(surface, fit(label, rect.w - (8 if st.edge is None else 10), 20, colors.TEXT_LIGHT), rect.center)

    def draw_timeline(self, surface) -> None:
        """The bar, done up to :meth:`progress`, with the game's marks over it."""
        st, tl = self.STYLE, self.TIMELINE
        pygame.draw.rect(surface, st.bar, tl, border_radius=tl.h // 2)
        if st.edge is not None:
            pygame.draw.rect(surface, st.edge, tl, width=2, border_radius=tl.h // 2)
        if not self.last:
            return
        for i, colour in self.marks():
            x = tl.x + round(tl.w * self.fraction(i))
            pygame.draw.line(surface, colour, (x, tl.y - 7), (x, tl.y - 1), 3)
        done = tl.copy()
        done.w = max(tl.h, round(tl.w * self.progress()))
        pygame.draw.rect(surface, st.done, done, border_radius=tl.h // 2)
        knob = (done.right - tl.h // 2, tl.centery)
        pygame.draw.circle(surface, st.knob, knob, tl.h // 2 + 2 if st.knob_eye is None else 11)
        if st.knob_eye is not None:
            pygame.draw.circle(surface, st.knob_eye, knob, 7)

