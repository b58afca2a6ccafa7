"""Watching a Stairs replay: the run on its own staircase, with the game's animations, on a timeline of its time.

Keys: Space play/pause, Left/Right one hop back or forward (and pause), Home/End, + / - speed (0.5x to 16x), E
export, Esc back. Mouse or touch: the buttons, and a click or drag on the timeline. The world is the record played
through :class:`arcade.stairs.replay.Player` (forward as time runs; a seek back starts a fresh one, a few ms for a
long run, at most once a frame). The whole record is also checked on a background thread: a record that does not
replay to its recorded end says so on screen. A replay changes no best and no stat: it reads the record and draws.
"""
from __future__ import annotations

import threading

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.replay_controls import SPEEDS, ReplayControls
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.stairs import ID
from arcade.stairs.causes import CAUSES
from arcade.stairs.layers import StairsView
from arcade.stairs.replay import Player, check, replay
from arcade.stairs.scene import BUTTON, BUTTON_HOVER, CARD_EDGE, INK, SOFT
from arcade.stairs.world import TICKS_PER_SECOND

LEAD = 600_000  # ticks of the timeline before the first hop (a moment to see the start; the first hop is at 0)
LOUD_SPEED = 2.0  # the hop sounds play up to this speed (faster they would only rattle)
BAND_TOP = 616  # the control band at the bottom
TIMELINE = pygame.Rect(30, 664, 420, 16)
BUTTONS = {"back": pygame.Rect(20, 698, 100, 44), "play": pygame.Rect(128, 698, 120, 44),
           "fwd": pygame.Rect(256, 698, 100, 44), "speed": pygame.Rect(364, 698, 96, 44)}
GOLD = colors.GOLD


class StairsReplayScene(ReplayControls, Scene):
    TIMELINE, BUTTONS = TIMELINE, BUTTONS

    def __init__(self, app, replay_record):
        super().__init__(app)
        self.replay = replay_record
        self.run = check(replay_record.data)  # a bad record: ValueError before the scene exists
        self.hop_ticks = [t for t, _ in self.run.hops]
        self.view = StairsView(app.size, sound=self._sound)
        self.player = Player(self.run)
        self.view.reset(self.world)
        self.t = -float(LEAD)  # the replay's clock, ticks (a float: slow speeds add fractions of a tick); < 0: before
        #                        the first hop, which comes at tick 0
        self.playing = True
        self.speed_i = SPEEDS.index(1.0)
        self.dragging = False
        self._seek_frac: float | None = None  # the pointer's latest timeline position: applied once a frame
        self.error = ""
        self.checked = False
        self._score = Label(64, colors.TEXT_LIGHT)
        self._shadow = Label(64, INK)
        self._clock = Label(16, SOFT)
        self._band = self._make_band(app.size)
        threading.Thread(target=self._verify, name="stairs-replay-check", daemon=True).start()

    def _verify(self) -> None:
        try:
            replay(self.replay.data)
        except ValueError as e:  # said on screen, nothing else happens
            self.error = str(e)
        self.checked = True

    def _sound(self, name: str, volume: float = 1.0) -> None:
        if self.playing and self.speed <= LOUD_SPEED:
            self.app.play(name, volume)

    # ----- where we are -----
    @property
    def world(self):
        return self.player.world

    @property
    def end(self) -> int:
        return self.run.end

    @property
    def hops_made(self) -> int:
        return self.player.next

    # ----- moving through the replay -----
    def _forward(self, tick: int) -> None:
        """Play on to ``tick`` with the animations (hops arc, stairs fall)."""
        self.player.advance_to(tick)
        self.view.feed(self.world.drain_events())

    def seek(self, tick: float) -> None:
        """Jump to ``tick`` (-LEAD .. end; < 0: before the first hop): the world there, shown at rest."""
        tick = max(-float(LEAD), min(float(self.end), tick))
        if tick < self.player.tick or (tick < 0 and self.hops_made):
            self.player = Player(self.run)
        if tick >= 0:
            self.player.advance_to(int(tick))
        self.t = tick
        self.view.reset(self.world)  # snaps the camera, clears what was falling
        if self.world.over:  # the robot has left the staircase
            self.view.robot.falling, self.view.robot.alpha = True, 0.0
            self.view.stairs.cause = self.world.cause

    def step(self, delta: int) -> None:
        """One hop forward (animated) or back; pauses."""
        self.playing = False
        if delta > 0:
            if self.hops_made < len(self.hop_ticks):
                tick = self.hop_ticks[self.hops_made]
            else:
                tick = self.end
            self.t = max(self.t, float(tick))
            self._forward(tick)
        else:
            k = self.hops_made - 2  # the hop before the last one made: its tick, that hop made
            self.seek(self.hop_ticks[k] if k >= 0 else -LEAD)

    def toggle(self) -> None:
        if self.t >= self.end and not self.playing:
            self.seek(-LEAD)
        self.playing = not self.playing

    def to_start(self) -> None:
        self.playing = False
        self.seek(-LEAD)

    def to_end(self) -> None:
        self.playing = False
        self.seek(self.end)

    def seek_fraction(self, frac: float) -> None:
        self._seek_frac = frac  # a drag sends many: the latest is applied at the next frame

    def export(self):
        """Write the replay as a small text file under the data dir's ``exports`` folder; the path is shown."""
        from arcade.engine.replays import export

        return export(self.app, self.replay, ID)

    # ----- scene -----
    def back(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> None:
        self.handle_controls(event)

    def update(self, dt: float) -> None:
        if self._seek_frac is not None:
            frac, self._seek_frac = self._seek_frac, None
            self.seek(frac * (self.end + LEAD) - LEAD)
        if self.playing:
            self.t = min(float(self.end), self.t + dt * self.speed * TICKS_PER_SECOND)
            if self.t >= 0:
                self._forward(int(self.t))
            if self.t >= self.end:
                self.playing = False
        self.view.update(dt * max(1.0, self.speed), self.world.score)

    # ----- drawing -----
    @staticmethod
    def _make_band(size) -> pygame.Surface:
        w, h = size
        band = pygame.Surface((w, h - BAND_TOP), pygame.SRCALPHA)
        for y in range(band.get_height()):
            band.fill((*INK, round(min(1.0, y / 40) * 215)), (0, y, w, 1))
        return band

    def _button(self, surface, name: str, label: str, active: bool = False) -> None:
        r = BUTTONS[name]
        pygame.draw.rect(surface, BUTTON_HOVER if active else BUTTON, r, border_radius=12)
        pygame.draw.rect(surface, CARD_EDGE, r, width=2, border_radius=12)
        blit_center(surface, fit(label, r.w - 10, 20, colors.TEXT_LIGHT), r.center)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        world = self.world
        self.view.draw(surface, world)
        text = str(world.score)
        blit_center(surface, self._shadow.get(text), (w / 2, 62 + 3))
        blit_center(surface, self._score.get(text), (w / 2, 62))
        seconds = max(0.0, self.t) / TICKS_PER_SECOND
        clock = self._clock.get(f"REPLAY  ·  {seconds:,.1f} / {self.run.seconds:,.1f} s")
        pill = pygame.Rect(0, 0, clock.get_width() + 28, clock.get_height() + 8)
        pill.center = (w // 2, 108)
        pygame.draw.rect(surface, INK, pill, border_radius=pill.h // 2)
        blit_center(surface, clock, pill.center)
        if world.over and self.t >= self.end:
            head = CAUSES.get(world.cause, (str(world.cause), ""))[0]
            blit_center(surface, render(head, 26, GOLD if world.cause == "hit" else colors.TEXT_LIGHT), (w / 2, 160))
        surface.blit(self._band, (0, BAND_TOP))
        title = self.error or self.replay.title
        blit_center(surface, fit(title, w - 40, 17, (236, 120, 100) if self.error else SOFT, "medium"), (w / 2, 640))
        pygame.draw.rect(surface, INK, TIMELINE, border_radius=8)
        pygame.draw.rect(surface, CARD_EDGE, TIMELINE, width=2, border_radius=8)
        frac = (self.t + LEAD) / (self.end + LEAD)
        done = TIMELINE.copy()
        done.w = max(TIMELINE.h, round(TIMELINE.w * frac))
        pygame.draw.rect(surface, GOLD, done, border_radius=8)
        pygame.draw.circle(surface, colors.TEXT_LIGHT, (done.right - TIMELINE.h // 2, TIMELINE.centery), 11)
        pygame.draw.circle(surface, GOLD, (done.right - TIMELINE.h // 2, TIMELINE.centery), 7)
        self._button(surface, "back", "< Hop")
        self._button(surface, "play", "Pause" if self.playing else "Play", active=self.playing)
        self._button(surface, "fwd", "Hop >")
        self._button(surface, "speed", f"{self.speed:g}x")
        keys = "Space play · Left/Right hop · drag the bar · +/- speed · E export · Esc back"
        blit_center(surface, fit(keys, w - 30, 14, SOFT, "medium"), (w / 2, 774))


def validate(data) -> None:
    """Replay the whole record through the world (ValueError, one line, where it does not hold)."""
    replay(data)


def make_replay(app, replay_record):
    """The replay scene of a Stairs record (``ValueError`` for a record that is not one)."""
    return StairsReplayScene(app, replay_record)
