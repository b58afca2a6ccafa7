"""The replay scene of every game: one scene (the engine's :class:`~arcade.engine.replay_player.ReplayPlayer`:
timeline, step and seek, speed, export, the review card) that draws any game's replay through a small
:class:`ReplayHooks` object the game lends it: how a position is drawn, its caption, its own keys and overlays, and
(for a game with a real-time clock) how the world runs between two positions. A replay changes no best and no stat.

A game's ``GAME.replay`` names a module with ``HOOKS`` (a :class:`ReplayHooks` subclass), ``validate(data)`` and
optionally ``label(replay)``; :func:`make_replay` builds the scene.

Where everything goes is one :class:`Layout` table a canvas (portrait and landscape), read by the drawing and by
the hit tests alike: the engine's :data:`PORTRAIT` and :data:`LANDSCAPE` (controls under the board, or in a column
at its right), or a game's own tables.
"""
from __future__ import annotations

import bisect
from typing import Callable
from dataclasses import dataclass, field

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.jobs import worker_factory
from arcade.engine.session import replay_data
from arcade.engine.replay_player import ReplayPlayer, Style, controls, progress_bar
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape, pointer_up
from arcade.engine.ui.text import blit_center, draw_lines as text_lines, fit, render
from arcade.engine.ui.widgets import Dimmer

__all__ = ["ReplayScene", "ReplayHooks", "Layout", "Style", "PORTRAIT", "LANDSCAPE", "column", "draw_lines",
           "make_replay", "Sheet", "SheetCard", "CARDS", "Chart", "draw_chart"]

SEPARATORS = ("  ·  ", " · ", ", ", " ")


@dataclass(frozen=True)
class Layout:
    """Where a replay's parts go on one canvas: the four buttons, the timeline, the keys' box (one line, or a few
    in a column), the caption's box (what the position shown is), the count's box (None: no count line), the
    title's box (None: the game draws its own heading), ``board``, the area the game's position may use, and
    ``status``, the strip where the review's progress bar (or an overlay's wait) goes."""

    buttons: dict
    timeline: pygame.Rect
    keys: pygame.Rect
    caption: pygame.Rect
    count: pygame.Rect | None = None
    title: pygame.Rect | None = None
    board: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 480, 612))
    caption_lines: int = 1
    keys_lines: int = 1
    caption_size: int = 20
    keys_size: int = 15
    status: pygame.Rect | None = None  # the strip for the review's progress or an overlay's wait (None: none)


def column(x: int, w: int, title_h: int = 40) -> Layout:
    """The landscape table with the board at the left and a column from ``x``, ``w`` wide, at its right: the title,
    the caption in up to three lines, the count, the timeline, the buttons two by two, the keys in three lines."""
    half = (w - 8) // 2
    buttons = {name: pygame.Rect(x + col * (half + 8), 362 + row * 52, half, 44)
               for name, (row, col) in (("back", (0, 0)), ("fwd", (0, 1)), ("play", (1, 0)), ("speed", (1, 1)))}
    return Layout(buttons, pygame.Rect(x + 10, 322, w - 20, 20), pygame.Rect(x, 474, w, 66),
                  pygame.Rect(x, 194, w, 80), pygame.Rect(x, 278, w, 24), pygame.Rect(x, 18, w, title_h),
                  pygame.Rect(8, 8, x - 16, 544), caption_lines=3, keys_lines=3, caption_size=18)


PORTRAIT = Layout(*controls(656, 690), keys=pygame.Rect(20, 764, 440, 24), caption=pygame.Rect(20, 614, 440, 30),
                  count=pygame.Rect(20, 738, 440, 20), title=pygame.Rect(24, 16, 432, 40),
                  board=pygame.Rect(0, 64, 480, 548))
LANDSCAPE = column(560, 264)


def draw_lines(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "medium",
               lines: int = 1) -> None:
    """``text`` in at most ``lines`` lines centred in ``box``, broken between the items of a list first (one
    line: a size smaller until it fits)."""
    if lines == 1:
        blit_center(surface, fit(text, box.w, size, colour, weight), box.center)
    else:
        text_lines(surface, text, box, size, colour, weight, lines, SEPARATORS)


class ReplayHooks:
    """What a game lends the replay scene. ``scene`` is the scene (its ``steps``, ``i``, ``speed``, ``playing``,
    ``graded`` ...); the hooks keep the game's own view of the position. Override what the game has.

    ``CLOCK``: the positions stand on the game's own clock (:meth:`seconds`): the timeline is that clock, a step
    lasts the time between two positions and :meth:`play_to` runs the world between them; otherwise the timeline
    is spaced by position and a step lasts ``STEP_S`` or the recorded pace (``PACE``, see the player)."""

    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · E export · Esc back")
    STEP_LABELS = (N_("< Step"), N_("Step >"))
    PACE: tuple | None = None
    STEP_S = 0.35
    CLOCK = False
    STYLE = Style()
    LAYOUTS = (PORTRAIT, LANDSCAPE)  # (portrait, landscape)

    def __init__(self, scene, replay) -> None:
        self.scene, self.replay = scene, replay

    def layout(self, size) -> Layout:
        return self.LAYOUTS[is_landscape(size)]

    # ----- the positions -----
    def positions(self, data) -> list:
        """Every position of the replay, the start first (on a background thread; ValueError, one line)."""
        raise NotImplementedError

    def seconds(self, i: int) -> float:
        """With ``CLOCK``: where position ``i`` stands on the game's clock, seconds from the timeline's start."""
        return 0.0

    def show(self, i: int, animate: bool) -> None:
        """Position ``i`` is shown now; ``animate``: it follows the one shown before (play its animation), which
        ``self.scene.i`` still names during the call (a game animating from one position to the next reads both)."""

    def play_to(self, t: float) -> None:
        """With ``CLOCK``: the world runs on to ``t`` (seconds on the clock) between two positions."""

    def resize(self, size, layout: Layout) -> None:
        """The canvas changed: lay the game's view out in ``layout.board``."""

    def update(self, dt: float) -> None:
        """A frame passed (animations)."""

    def key(self, key: int) -> None:
        """A key the replay does not use."""

    # ----- an overlay computed in the AI worker (Minesweeper's odds) -----
    OVERLAY: tuple | None = None  # (the key that shows and hides it, "module:function" the worker runs)
    OVERLAY_WAIT = N_("Counting the layouts...")

    def overlay_request(self, step) -> tuple | None:
        """The worker's arguments for the overlay of ``step`` (None: nothing to show there)."""
        return None

    def close(self) -> None:
        """The replay is left: stop the game's workers."""

    # ----- drawing -----
    def draw(self, surface, step) -> None:
        """The position (``step`` None until the positions are in): its board and whatever the game shows."""

    def caption(self, step) -> tuple[str, tuple]:
        """The line saying what the position shown is, its colour (and optionally its weight)."""
        return self.scene.replay_title(), self.STYLE.caption

    def count(self, step) -> str:
        """The count line ("input 3 / 20")."""
        return _("INPUT {i} / {n}").format(i=self.scene.i, n=self.scene.last)

    def title(self) -> str:
        return _("Replay")

    def inputs_at(self, i: int) -> int:
        """How many of the record's inputs lead to position ``i`` (play from here takes them)."""
        return i

    # ----- the review (a game with an AI review) -----
    def reviewer(self, steps):
        """The AI's review of ``steps`` as a background job (None: no review)."""
        return None

    def card(self):
        """The review card over the replay: the engine's :class:`SheetCard` when the game words and charts its
        review (:meth:`sheet`), None for a game without a review."""
        return SheetCard(self.scene.app, self.scene) if type(self).sheet is not ReplayHooks.sheet else None

    def sheet(self, reviewer) -> "Sheet":
        """What the review (a job with results, running or done) says so far, for the card: its words and its
        chart."""
        raise NotImplementedError

    def marks(self, graded: dict) -> list:
        """``(position, colour)`` ticks over the timeline from the review's results."""
        return []


class ReplayScene(ReplayPlayer):
    """The engine's replay scene over a game's :class:`ReplayHooks` (``hooks(scene, replay)`` makes them)."""

    def __init__(self, app, replay, hooks: Callable[..., ReplayHooks]):
        self.app = app
        self.hooks = hooks(self, replay)  # a record its game cannot read: ValueError before the scene
        self.KEYS, self.STEP_LABELS = self.hooks.KEYS, self.hooks.STEP_LABELS
        self.PACE, self.STEP_S, self.STYLE = self.hooks.PACE, self.hooks.STEP_S, self.hooks.STYLE
        self.KEYS_COLOUR = self.STYLE.keys
        self.t = 0.0  # with a clock: seconds on the timeline shown
        self.overlay = False  # the game's overlay shown (its key toggles it)
        self.overlays: dict = {}  # position -> the worker's answer for it
        self._overlay_worker, self._overlay_asked = None, None
        super().__init__(app, replay)
        self.resize(app.size)

    def resize(self, size) -> None:
        """The table of ``size``'s canvas; the position, the speed and a drag go on."""
        self.layout = self.hooks.layout(size)
        self.BUTTONS, self.TIMELINE = self.layout.buttons, self.layout.timeline
        self.KEYS_Y = self.layout.keys.centery
        self.hooks.resize(size, self.layout)

    # ----- the positions, through the hooks -----
    def compute_steps(self) -> list:
        return self.hooks.positions(self.replay.data)

    def show(self, i: int, animate: bool) -> None:
        self.hooks.show(i, animate)
        if self.hooks.CLOCK and self.steps:
            self.t = self.hooks.seconds(i)
            if not animate:
                self.clock = 0.0  # a play from here starts at the position

    def play_from_here(self) -> None:
        """The game's own scene over the replay, playing on from the position shown (undo and the log as in a
        game; nothing is recorded); a record the game cannot continue is said in one line."""
        game = getattr(self.app, "registry", {}).get(self.replay.game)
        if not self.steps or game is None or not game.backend:
            return
        n = self.hooks.inputs_at(self.i)
        try:
            data = replay_data(game.make_backend(), self.replay.data)
            study = {k: v for k, v in data.items() if k not in ("ended", "result")} | {"log": data["log"][:n],
                                                                                       "t": data["t"][:n]}
            scene = game.make_scene(self.app, study=study)
        except ValueError as e:
            self.app.notify(str(e).splitlines()[0] if str(e) else N_("This replay cannot be played on"))
            return
        self.playing = False
        self.app.stack.push(scene)

    def on_key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_from_here()
        elif self.hooks.OVERLAY is not None and key == self.hooks.OVERLAY[0]:
            self.overlay = not self.overlay
        else:
            self.hooks.key(key)

    @property
    def overlay_pending(self) -> bool:
        """The overlay is asked for at the position shown and not in yet."""
        return (self.overlay and bool(self.steps) and self.i not in self.overlays
                and self.hooks.overlay_request(self.steps[self.i]) is not None)

    def _overlay_tick(self) -> None:
        """Ask the worker for the overlay of the position shown, or collect its answer; never blocks."""
        if not self.overlay_pending:
            return
        if self._overlay_worker is None:
            make = worker_factory(self.hooks.OVERLAY[1])
            if make is None:
                return
            self._overlay_worker = make()
        if self._overlay_asked != self.i:
            self._overlay_worker.request(*self.hooks.overlay_request(self.steps[self.i]), budget=3.0)
            self._overlay_asked = self.i
            return
        reply = self._overlay_worker.poll()
        if reply is not None:
            self._overlay_asked = None
            if reply.ok:
                self.overlays[self.i] = reply.value

    def make_reviewer(self):
        return self.hooks.reviewer(self.steps)

    def review_card(self):
        return self.hooks.card()

    def marks(self) -> list:
        return self.hooks.marks(self.graded)

    def exit(self) -> None:
        super().exit()
        self.hooks.close()
        if self._overlay_worker is not None:
            self._overlay_worker.close()
            self._overlay_worker = None

    # ----- the clock -----
    @property
    def total(self) -> float:
        return self.hooks.seconds(self.last) if self.steps else 0.0

    def step_seconds(self, i: int) -> float:
        if not self.hooks.CLOCK:
            return super().step_seconds(i)
        return self.hooks.seconds(i + 1) - self.hooks.seconds(i)

    def fraction(self, i: int) -> float:
        if not self.hooks.CLOCK:
            return super().fraction(i)
        return self.hooks.seconds(i) / self.total if self.steps and self.total else 0.0

    def position_at(self, frac: float) -> int:
        """The position nearest ``frac`` of the timeline (on a clock: the later of two as near)."""
        if not self.hooks.CLOCK or not self.steps:
            return super().position_at(frac)
        t = frac * self.total
        k = bisect.bisect_left(self.times, t)
        if k >= len(self.times):
            return len(self.times) - 1
        return k - 1 if k > 0 and t - self.times[k - 1] < self.times[k] - t else k

    @property
    def times(self) -> list:
        """With a clock: every position's time on it (made once the positions are in)."""
        if getattr(self, "_times", None) is None or len(self._times) != len(self.steps or ()):
            self._times = [self.hooks.seconds(k) for k in range(len(self.steps or ()))]
        return self._times

    def progress(self) -> float:
        if not self.hooks.CLOCK:
            return super().progress()
        return self.t / self.total if self.steps and self.total else 0.0

    def toggle(self) -> None:
        super().toggle()
        if self.hooks.CLOCK and self.playing and self.steps:  # resumed between two positions: from the time shown
            self.clock = max(0.0, self.t - self.hooks.seconds(self.i))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hooks.CLOCK and self.playing and self.steps and self.i < self.last:
            t = min(self.hooks.seconds(self.i + 1), self.hooks.seconds(self.i) + self.clock)
            self.t = max(self.t, t)
            self.hooks.play_to(t)
        self.hooks.update(dt)
        self._overlay_tick()

    # ----- drawing -----
    def draw(self, surface) -> None:
        lay, step = self.layout, (self.steps[self.i] if self.steps else None)
        self.hooks.draw(surface, step)
        if lay.title is not None:
            surface.blit(fit(self.hooks.title(), lay.title.w, 34 if lay.title.w > 300 else 28, colors.TEXT),
                         lay.title.topleft)
        weight = []
        if self.error:
            text, colour = self.error, self.hooks.STYLE.error
        elif step is None:
            text, colour = _("Replaying..."), colors.BUTTON
        else:
            text, colour, *weight = self.hooks.caption(step)
        draw_lines(surface, text, lay.caption, lay.caption_size, colour, (weight or ["medium"])[0],
                   lay.caption_lines)
        self.draw_controls(surface)
        if lay.count is not None and step is not None:
            draw_lines(surface, self.hooks.count(step), lay.count, 15, colors.BUTTON, "medium")
        if lay.status is not None and self.reviewer is not None and not self.reviewer.done:
            bar = pygame.Rect(0, 0, lay.status.w * 2 // 3, 8)
            bar.center = lay.status.center
            progress_bar(surface, bar, self.reviewer.progress)
        elif lay.status is not None and self.overlay_pending:
            draw_lines(surface, _(self.hooks.OVERLAY_WAIT), lay.status, 14, colors.BUTTON, "medium")

    def draw_keys(self, surface) -> None:
        lay = self.layout
        draw_lines(surface, _(self.KEYS), lay.keys, lay.keys_size, self.KEYS_COLOUR, "medium", lay.keys_lines)


@dataclass(frozen=True)
class Chart:
    """A review's chart: a series of values over the game, each with the colour of its mark (None: unmarked).
    Drawn as a line through the values (scaled from the lowest to the highest) with a dot on each marked one, or
    (``bars``) as a bar a value in its colour, from 0 to ``top`` (labelled ``scale``, in ``ink``), each with a white
    tick at its value of ``ticks`` (what the best choice then would have given)."""

    values: tuple = ()
    marks: tuple = ()
    bars: bool = False
    ticks: tuple = ()
    top: float = 1.0
    scale: str = ""
    ink: tuple = colors.TEXT


def draw_chart(surface, inner: pygame.Rect, chart: Chart, text_size: int) -> None:
    """``chart`` in ``inner`` (the card's chart frame less its margins), its scale's label ``text_size`` high."""
    n = len(chart.values)
    if chart.bars and n:
        surface.blit(render(chart.scale, text_size, chart.ink, "medium"), (inner.x - 2, inner.y - 13))
        slot = inner.w / n
        bw = max(2, min(40, round(slot * 0.7)))
        for k, (value, colour, tick) in enumerate(zip(chart.values, chart.marks, chart.ticks)):
            x = round(inner.x + slot * (k + 0.5))
            h = max(2, round(inner.h * min(1.0, value / chart.top)))
            pygame.draw.rect(surface, colour, (x - bw // 2, inner.bottom - h, bw, h), border_radius=2)
            y = inner.bottom - round(inner.h * min(1.0, tick / chart.top))
            pygame.draw.line(surface, (255, 255, 255), (x - bw // 2 - 2, y), (x + bw // 2 + 2, y), 2)
    elif not chart.bars and n >= 2:
        lo, span = min(chart.values), (max(chart.values) - min(chart.values)) or 1.0

        def at(i):
            return inner.x + inner.w * i / (n - 1), inner.bottom - inner.h * (chart.values[i] - lo) / span

        pygame.draw.lines(surface, colors.BUTTON, False, [at(i) for i in range(0, n, max(1, n // inner.w))], 2)
        for i, colour in enumerate(chart.marks):
            if colour is not None:
                pygame.draw.circle(surface, colour, [round(c) for c in at(i)], 4)


@dataclass(frozen=True)
class Sheet:
    """A game's review in words, for the engine's card: the game's result, its figures (name, value, colour) in
    a row, sentences under them, the chart's title and the chart (``plot``), and the costliest moves (``worst``,
    each with the ``index`` of the position a click jumps to) as rows of (stripe colour, text) under ``heading``
    (``empty`` when none)."""

    result: str
    figures: tuple = ()
    lines: tuple = ()
    chart: str = ""
    heading: str = N_("Costliest moves (click, or 1-5)")
    empty: str = ""
    rows: tuple = ()
    worst: tuple = ()
    plot: Chart = Chart()


# the card's table on each canvas: its frame (the title across its top), the body's column, the chart, the first
# row of the costliest moves and their pitch, the lines a row and a figure's name may take, where the sentences
# start and the height each takes, the size of the chart's labels and the rules drawn between the parts; on the wide
# canvas the rows stand at the right, past a rule
CARDS = ({"frame": pygame.Rect(20, 60, 440, 680), "body": pygame.Rect(40, 60, 400, 680),
          "chart": pygame.Rect(40, 330, 400, 100), "rows": pygame.Rect(40, 474, 400, 40), "pitch": 46,
          "row_lines": 1, "name_lines": 1, "lines_y": 195, "line_h": 22, "chart_text": 12, "rules": ()},
         {"frame": pygame.Rect(20, 12, 800, 536), "body": pygame.Rect(40, 12, 380, 536),
          "chart": pygame.Rect(40, 334, 380, 184), "rows": pygame.Rect(440, 116, 360, 66), "pitch": 74,
          "row_lines": 3, "name_lines": 2, "lines_y": 208, "line_h": 44, "chart_text": 13,
          "rules": (((430, 84), (430, 528)),)})


class SheetCard(Scene):
    """The engine's review card over a replay, drawn from the game's :class:`Sheet`: the result, the
    review's progress (or its error), the figures, the sentences, the chart and the costliest moves. Clicking one
    of them (or pressing 1-5) closes the card on the replay at that move; Esc, Enter, Space or V close it, a click
    off the card too; the review goes on. Where everything goes is the canvas's table in :data:`CARDS`."""

    overlay = True
    TITLE = N_("Game review")

    def __init__(self, app, player: ReplayPlayer):
        super().__init__(app)
        self.rs = player
        self.resize(app.size)

    def resize(self, size) -> None:
        self.wide = is_landscape(size)
        self.table = CARDS[self.wide]
        self.frame = self.table["frame"]
        self.dim = Dimmer(size, (30, 25, 20, 180))

    @property
    def sheet(self) -> Sheet:
        return self.rs.hooks.sheet(self.rs.reviewer)

    def worst(self) -> list:
        return list(self.sheet.worst) if self.rs.reviewer is not None else []

    def row_rect(self, k: int) -> pygame.Rect:
        r = self.table["rows"]
        return pygame.Rect(r.x, r.y + k * self.table["pitch"], r.w, r.h)

    def chart_area(self) -> pygame.Rect:
        """Where the game's chart is drawn (under the scale's label)."""
        ch = self.table["chart"]
        return pygame.Rect(ch.x + 8, ch.y + 16, ch.w - 16, ch.h - 20)

    def jump(self, k: int) -> None:
        worst = self.worst()
        if k >= len(worst):
            return
        self.app.stack.remove(self)
        self.rs.playing = False
        self.rs.seek(worst[k].index)  # the board after the move, its review on the replay's line

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_v):
                self.app.stack.remove(self)
            elif pygame.K_1 <= event.key <= pygame.K_5:
                self.jump(event.key - pygame.K_1)
            return
        up = pointer_up(event)
        if up is not None:
            for k in range(5):
                if self.row_rect(k).collidepoint(up[:2]):
                    self.jump(k)
                    return
            if not self.frame.collidepoint(up[:2]):
                self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        self.rs.review_tick()  # the replay under this card is not updated while covered

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        f = self.frame
        pygame.draw.rect(surface, colors.PAGE, f, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, f, width=3, border_radius=12)
        for a, b in self.table["rules"]:
            pygame.draw.line(surface, colors.LABEL, a, b, 2)
        blit_center(surface, fit(_(self.TITLE), f.w - 40, 34, colors.TEXT), (f.centerx, f.y + 36))
        self.draw_body(surface)

    def draw_body(self, surface) -> None:
        """Everything under the title."""
        t, col, top, r = self.table, self.table["body"], self.frame.y, self.rs.reviewer
        sheet = self.sheet
        draw_lines(surface, sheet.result, pygame.Rect(col.x, top + 56, col.w, 20), 16, colors.BUTTON)
        if r is None or (not r.results and not r.done):
            draw_lines(surface, _("The AI is looking at every move..."), pygame.Rect(col.x, top + 118, col.w, 24),
                       18, colors.BUTTON)
            return
        if not r.done:
            progress_bar(surface, pygame.Rect(col.x + 20, top + 86, col.w - 40, 10), r.progress)
            done = ngettext("{done} / {all} move", "{done} / {all} moves", len(r.todo)).format(
                done=f"{len(r.results):,}", all=f"{len(r.todo):,}")
            blit_center(surface, render(done, 14, colors.BUTTON, "medium"), (col.centerx, top + 108))
        elif r.error:
            draw_lines(surface, r.error, pygame.Rect(col.x, top + 86, col.w, 20), 15, self.rs.STYLE.error)
        w = col.w // max(1, len(sheet.figures))
        for k, (name, value, colour) in enumerate(sheet.figures):
            x = col.x + w * k
            blit_center(surface, fit(value, w - 6, 34, colour), (x + w // 2, top + 150))
            draw_lines(surface, name, pygame.Rect(x + 2, top + 168, w - 4, 12 + 12 * t["name_lines"]), 13,
                       colors.BUTTON, lines=t["name_lines"])
        for k, line in enumerate(sheet.lines):
            box = pygame.Rect(col.x, top + t["lines_y"] + k * t["line_h"], col.w, t["line_h"])
            draw_lines(surface, line, box, 16, colors.TEXT, lines=t["line_h"] // 22)
        ch = t["chart"]
        pygame.draw.rect(surface, colors.LABEL, ch, border_radius=6)
        blit_center(surface, render(sheet.chart, 14, colors.BUTTON, "medium"), (ch.centerx, ch.y - 12))
        draw_chart(surface, self.chart_area(), sheet.plot, t["chart_text"])
        self.draw_rows(surface, sheet.heading, sheet.empty, list(sheet.rows))

    def draw_rows(self, surface, heading: str, empty: str, rows: list) -> None:
        """The costliest moves: ``rows`` of (stripe colour, text), clickable, under ``heading``."""
        top, lines = self.row_rect(0), self.table["row_lines"]
        draw_lines(surface, _(heading), pygame.Rect(top.x, top.y - 32, top.w, 24), 16, colors.TEXT, "bold")
        if not rows:
            draw_lines(surface, _(empty), pygame.Rect(top.x, top.y + 6, top.w, 20 * lines), 16, colors.BUTTON,
                       lines=lines)
        for k, (stripe, text) in enumerate(rows[:5]):
            rr = self.row_rect(k)
            pygame.draw.rect(surface, colors.LABEL, rr, border_radius=6)
            pygame.draw.rect(surface, stripe, (rr.x, rr.y, 6, rr.h), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            draw_lines(surface, f"{k + 1}.  {text}", rr.inflate(-28, -6).move(4, 0), 16 if lines == 1 else 15,
                       colors.BUTTON_HOVER, lines=lines)


def make_replay(app, replay, hooks: Callable[..., ReplayHooks], review: bool = False) -> ReplayScene:
    """The replay scene of ``replay`` drawn through ``hooks`` (``ValueError`` from the hooks for a record that is
    not one); ``review``: with the AI's review running and its card shown."""
    scene = ReplayScene(app, replay, hooks)
    scene.review_on_enter = review
    return scene
