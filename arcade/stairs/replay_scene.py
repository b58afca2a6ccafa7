"""Watching a Stairs replay (the engine's :class:`~arcade.engine.replay_player.ReplayPlayer`): the run on its own
staircase, with the game's hops, falling stairs and sounds, at its own pace, on a timeline of its clock.

The positions are the start (a moment before the first hop), the world just after each hop, and the end (when a
timed drop ended the run after its last hop); a step is one hop. Between two positions the world runs on its own
clock while the replay plays, so the stairs drop as they did. The world is the record played through
:class:`arcade.stairs.replay.Player` (forward as time runs; a seek back starts a fresh one, a few ms for a long run,
at most once a frame however many a drag sends). The record is the session layer's replay (or an older one, read
through the backend); its fields are checked before the scene is made, its hops replayed and its end checked on the
loader thread (the start, the seed's first stairs, shows meanwhile): a record that does not replay to its recorded
end says so on screen. A replay changes no best
and no stat: it reads the record and draws.

Keys: Space play/pause, Left/Right one hop back or forward (and pause), Home/End, + / - speed (0.5x to 16x), E
export, Esc back. Mouse or touch: the buttons, and a click or drag on the timeline (to the nearest hop).
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import ReplayPlayer, controls
from arcade.engine.session import replay_data
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.stairs.backend import BACKEND
from arcade.stairs.causes import CAUSES
from arcade.stairs.hud import SCORE_EDGE, OutlinedLabel, make_shade
from arcade.stairs.layers import FALL_FADE, StairsView
from arcade.stairs.palette import BUTTON, BUTTON_HOVER, CARD_EDGE, INK, SOFT
from arcade.stairs.replay import Player, Run, check
from arcade.stairs.world import TICKS_PER_SECOND

__all__ = ["StairsReplayScene", "make_replay", "validate", "positions", "layout_for", "LEAD", "BUTTONS", "TIMELINE"]

LEAD = 600_000  # ticks of the timeline before the first hop (a moment to see the start; the first hop is at 0)
LOUD_SPEED = 2.0  # the hop sounds play up to this speed (faster they would only rattle)
BAND_TOP = 616  # the control band at the bottom
BUTTONS, TIMELINE = controls(664, 698, 16)
KEYS_Y = 774
GOLD = colors.GOLD


@dataclass(frozen=True)
class Layout:
    """Where a replay's parts go on a canvas: the score and the clock (``align`` "center": centred on their points,
    "left": their left edges on them), the cause headline at the end, the control band's top, the title's centre
    line, the buttons and the timeline, and the keys line."""

    score: tuple[int, int]
    clock: tuple[int, int]
    align: str
    head: tuple[int, int]
    band_top: int
    title_y: int
    buttons: dict
    timeline: pygame.Rect
    keys_y: int


LAYOUT = Layout((240, 62), (240, 108), "center", (240, 160), BAND_TOP, 640, BUTTONS, TIMELINE, KEYS_Y)
# landscape: the score and clock in the top-left corner as in the game, the headline at the top centre; a lower
# band: the timeline across the whole width (a long bar seeks finely), the buttons centred under it, the keys below
_WIDE_TIMELINE = controls(458, 0, 16, x=20, w=800)[1]
_WIDE_BUTTONS = controls(0, 490, 16, x=200, w=440)[0]  # clear of the timeline's touch band (12 px round it)
LAYOUT_WIDE = Layout((30, 56), (22, 104), "left", (420, 56), 396, 438, _WIDE_BUTTONS, _WIDE_TIMELINE, 548)


def layout_for(size) -> Layout:
    return LAYOUT_WIDE if is_landscape(size) else LAYOUT


def positions(data) -> list[int]:
    """The replay's positions as ticks of the run's clock: ``-LEAD`` (the start), each hop's tick (the world just
    after it), and the end if a drop ended the run after its last hop. ``data``: a checked :class:`Run`, or a
    record's data, checked whole here (ValueError, one line, where it does not replay)."""
    run = data if isinstance(data, Run) else check(data)
    ticks = [-LEAD] + [t for t, _ in run.hops]
    if run.end > ticks[-1]:
        ticks.append(run.end)
    return ticks


class StairsReplayScene(ReplayPlayer):
    BUTTONS, TIMELINE = BUTTONS, TIMELINE
    KEYS = N_("Space play · Left/Right hop · drag the bar · +/- speed · E export · Esc back")
    KEYS_Y = KEYS_Y
    KEYS_COLOUR = SOFT
    STEP_LABELS = (N_("< Hop"), N_("Hop >"))

    def __init__(self, app, replay_record):
        seed = replay_data(BACKEND, replay_record.data)["seed"]  # a malformed record: ValueError before the scene
        self.run = Run(seed, (), 0, None, 0)  # the start, until the loader thread has checked the whole run
        self.view = StairsView(app.size, sound=self._sound)
        self.player = Player(self.run)
        self.t = -float(LEAD)  # the tick shown (a float: slow speeds add fractions); < 0: before the first hop
        self._pending: float | None = None  # a seek not applied yet (see :attr:`world`)
        self._score = Label(64, colors.TEXT_LIGHT)
        self._shadow = Label(64, INK)
        self._clock = Label(16, SOFT)
        self._outlined = OutlinedLabel(64, colors.TEXT_LIGHT, INK, SCORE_EDGE)  # over a light stair in the corner
        super().__init__(app, replay_record)
        self.resize(app.size)
        self.view.reset(self.world)

    def resize(self, size) -> None:
        """Lay the replay out for a canvas of ``size``: the controls (where clicks land), the band, the view; the
        position, the speed and a drag on the timeline go on."""
        self.layout = layout_for(size)
        self.BUTTONS, self.TIMELINE, self.KEYS_Y = self.layout.buttons, self.layout.timeline, self.layout.keys_y
        self._band = self._make_band(size, self.layout.band_top)
        self._shade = make_shade(size, "corner") if self.layout.align == "left" else None
        self.view.resize(size)

    def _sound(self, name: str, volume: float = 1.0) -> None:
        if self.playing and self.speed <= LOUD_SPEED:
            self.app.play(name, volume)

    # ----- the positions -----
    def compute_steps(self) -> list:
        run = check(self.replay.data)
        self.run = run  # the world shown follows it from the next time it is looked at
        return positions(run)

    @property
    def end(self) -> int:
        return self.run.end

    def step_seconds(self, i: int) -> float:
        return (self.steps[i + 1] - self.steps[i]) / TICKS_PER_SECOND

    def fraction(self, i: int) -> float:
        return (self.steps[i] + LEAD) / (self.end + LEAD) if self.steps else 0.0

    def position_at(self, frac: float) -> int:
        """The position nearest ``frac`` of the run's clock."""
        tick = frac * (self.end + LEAD) - LEAD
        k = bisect.bisect_left(self.steps, tick)
        if k >= len(self.steps):
            return len(self.steps) - 1
        return k - 1 if k > 0 and tick - self.steps[k - 1] < self.steps[k] - tick else k

    def progress(self) -> float:
        return (self.t + LEAD) / (self.end + LEAD)

    # ----- the world shown -----
    @property
    def world(self):
        """The world at :attr:`t`; a seek is applied here, once, when the world is next looked at."""
        if self.player.run is not self.run:  # the run is checked: play it from the tick shown
            self.player = Player(self.run)
            if self._pending is None:
                self._pending = (self.t, self.i)
        if self._pending is not None:
            (tick, hops), self._pending = self._pending, None
            self._goto(tick, hops)
        return self.player.world

    @property
    def hops_made(self) -> int:
        self.world  # noqa: B018 - applies a pending seek
        return self.player.next

    def _goto(self, tick: float, hops: int) -> None:
        """The world at ``tick`` (-LEAD .. end) after at most ``hops`` hops (two taps in one frame are two hops
        at one tick), shown at rest."""
        if tick < self.player.tick or self.player.next > hops:
            self.player = Player(self.run)
        if tick >= 0:
            self.player.advance_to(int(tick), hops)
        self.view.reset(self.player.world)  # snaps the camera, clears what was falling
        if self.player.world.over:  # the robot has left the staircase (faded: its fall is over)
            robot = self.view.robot
            robot.falling, robot.alpha, robot.fall_t = True, 0.0, FALL_FADE
            self.view.stairs.cause = self.player.world.cause

    def _forward(self, tick: float, hops: int) -> None:
        """Play on to ``tick`` (at most ``hops`` hops made) with the animations (hops arc, stairs fall)."""
        world = self.world
        self.t = max(self.t, tick)
        if tick >= 0:
            self.player.advance_to(int(tick), hops)
            self.view.feed(world.drain_events())

    def show(self, i: int, animate: bool) -> None:
        if animate:
            self._forward(self.steps[i], i)
        else:
            self.t = float(self.steps[i])
            self._pending = (self.t, i)
            self.clock = 0.0  # a play from here starts at the hop

    def toggle(self) -> None:
        super().toggle()
        if self.playing and self.steps:  # resumed between two hops: the clock goes on from the tick shown
            self.clock = max(0.0, (self.t - self.steps[self.i]) / TICKS_PER_SECOND)

    def update(self, dt: float) -> None:
        super().update(dt)  # the positions passed, hop by hop
        if self.playing and self.steps and self.i < self.last:
            self._forward(min(self.steps[self.i + 1], self.steps[self.i] + self.clock * TICKS_PER_SECOND), self.i)
        self.view.update(dt * max(1.0, self.speed), self.world.score)

    # ----- drawing -----
    @staticmethod
    def _make_band(size, top: int = BAND_TOP) -> pygame.Surface:
        w, h = size
        band = pygame.Surface((w, h - top), pygame.SRCALPHA)
        for y in range(band.get_height()):
            band.fill((*INK, round(min(1.0, y / 40) * 215)), (0, y, w, 1))
        return band

    def draw_button(self, surface, rect, label: str, active: bool = False) -> None:
        pygame.draw.rect(surface, BUTTON_HOVER if active else BUTTON, rect, border_radius=12)
        pygame.draw.rect(surface, CARD_EDGE, rect, width=2, border_radius=12)
        blit_center(surface, fit(label, rect.w - 10, 20, colors.TEXT_LIGHT), rect.center)

    def draw_timeline(self, surface) -> None:
        tl = self.TIMELINE
        pygame.draw.rect(surface, INK, tl, border_radius=8)
        pygame.draw.rect(surface, CARD_EDGE, tl, width=2, border_radius=8)
        done = tl.copy()
        done.w = max(tl.h, round(tl.w * self.progress()))
        pygame.draw.rect(surface, GOLD, done, border_radius=8)
        knob = (done.right - tl.h // 2, tl.centery)
        pygame.draw.circle(surface, colors.TEXT_LIGHT, knob, 11)
        pygame.draw.circle(surface, GOLD, knob, 7)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        lay = self.layout
        world = self.world
        self.view.draw(surface, world)
        text = str(world.score)
        if self._shade is not None:  # the game's corner: the score outlined over a glow, as in the game
            surface.blit(self._shade, (0, 0))
            self._outlined.draw(surface, text, lay.score, left=True)
        else:
            blit_center(surface, self._shadow.get(text), (lay.score[0], lay.score[1] + 3))
            blit_center(surface, self._score.get(text), lay.score)
        seconds = max(0.0, self.t) / TICKS_PER_SECOND
        clock = self._clock.get(_("REPLAY  ·  {t} / {all} s").format(t=f"{seconds:,.1f}", all=f"{self.run.seconds:,.1f}"))
        pill = pygame.Rect(0, 0, clock.get_width() + 28, clock.get_height() + 8)
        if lay.align == "left":
            pill.midleft = lay.clock
        else:
            pill.center = (w // 2, lay.clock[1])
        pygame.draw.rect(surface, INK, pill, border_radius=pill.h // 2)
        blit_center(surface, clock, pill.center)
        if world.over and self.t >= self.end:
            head = CAUSES.get(world.cause, (str(world.cause), ""))[0]
            label = render(_(head), 26, GOLD if world.cause == "hit" else colors.TEXT_LIGHT)
            back = label.get_rect(center=lay.head).inflate(32, 10)  # its own backing: it may sit over a light stair
            pygame.draw.rect(surface, INK, back, border_radius=back.h // 2)
            blit_center(surface, label, lay.head)
        surface.blit(self._band, (0, lay.band_top))
        title = self.error or self.replay_title()
        blit_center(surface, fit(title, w - 40, 17, (236, 120, 100) if self.error else SOFT, "medium"),
                    (w / 2, lay.title_y))
        self.draw_controls(surface)


def validate(data) -> None:
    """Replay the whole record through the world (ValueError, one line, where it does not hold)."""
    check(data)


def make_replay(app, replay_record):
    """The replay scene of a Stairs record (``ValueError`` for a record that is not one)."""
    return StairsReplayScene(app, replay_record)
