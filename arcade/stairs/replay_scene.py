"""What Stairs lends the engine's replay scene (:mod:`arcade.engine.replay_scene`): its run on its own staircase,
with the game's hops, falling stairs and sounds, on a timeline of the run's clock. The positions are the start (a
moment before the first hop), the world just after each hop, and the end (when a drop ended the run after its last
hop); between two the world runs on its own clock, so the stairs drop as they did. The world is the record played
through :class:`arcade.stairs.replay.Player` (a seek applied at most once a frame however many a drag sends); the
run is checked on the loader thread (the seed's first stairs show meanwhile)."""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import Layout, ReplayHooks, Style, make_replay as make_scene
from arcade.engine.session import replay_data
from arcade.engine.ui import colors
from arcade.engine.ui.text import Label, blit_center, blit_pill, render
from arcade.stairs.backend import BACKEND
from arcade.stairs.causes import CAUSES
from arcade.stairs.hud import SCORE_EDGE, OutlinedLabel, make_shade
from arcade.stairs.layers import FALL_FADE, StairsView
from arcade.stairs.palette import BUTTON, BUTTON_HOVER, CARD_EDGE, INK, SOFT
from arcade.stairs.replay import LEAD, Player, Run, check, positions, validate
from arcade.stairs.world import TICKS_PER_SECOND

__all__ = ["StairsReplay", "make_replay", "validate", "LAYOUT", "LAYOUT_WIDE", "BUTTONS", "TIMELINE"]

LOUD_SPEED = 2.0  # the hop sounds play up to this speed (faster they would only rattle)
BUTTONS, TIMELINE = controls(664, 698, 16)
# portrait: the score and clock centred at the top, the controls in a dark band at the foot; landscape: the score
# and clock in the top-left corner as in the game, the timeline across the whole width, the buttons centred under it
LAYOUT = Layout(BUTTONS, TIMELINE, pygame.Rect(20, 762, 440, 24), pygame.Rect(20, 628, 440, 24), caption_size=17)
LAYOUT_WIDE = Layout(controls(0, 490, 16, x=200, w=440)[0], controls(458, 0, 16, x=20, w=800)[1],
                     pygame.Rect(20, 536, 800, 24), pygame.Rect(20, 426, 800, 24), caption_size=17)
HUD = (((240, 62), (240, 108), "center", (240, 160), 616),  # score, clock, align, headline, band top
       ((30, 56), (22, 104), "left", (420, 56), 396))  # (portrait, landscape)


class StairsReplay(ReplayHooks):
    KEYS = N_("Space play · Left/Right hop · drag the bar · +/- speed · E export · Esc back")
    STEP_LABELS = (N_("< Hop"), N_("Hop >"))
    CLOCK = True
    STYLE = Style(BUTTON, BUTTON_HOVER, CARD_EDGE, INK, colors.GOLD, colors.TEXT_LIGHT, colors.GOLD, 12, SOFT,
                  (236, 120, 100), caption=SOFT)
    LAYOUTS = (LAYOUT, LAYOUT_WIDE)

    def __init__(self, scene, replay) -> None:
        super().__init__(scene, replay)
        self.run = Run(replay_data(BACKEND, replay.data)["seed"], (), 0, None, 0)  # ValueError before the scene
        self.view = StairsView(scene.app.size, sound=self._sound)
        self.player = Player(self.run)
        self.t = -float(LEAD)  # the tick shown (a float: slow speeds add fractions)
        self._pending: tuple | None = None  # a seek not applied yet (see :attr:`world`)
        self._score, self._shadow, self._clock = Label(64, colors.TEXT_LIGHT), Label(64, INK), Label(16, SOFT)
        self._outlined = OutlinedLabel(64, colors.TEXT_LIGHT, INK, SCORE_EDGE)  # over a light stair in the corner
        self.view.reset(self.world)

    def resize(self, size, layout) -> None:
        self.hud = HUD[layout is LAYOUT_WIDE]
        top = self.hud[4]
        self._band = pygame.Surface((size[0], size[1] - top), pygame.SRCALPHA)
        for y in range(self._band.get_height()):
            self._band.fill((*INK, round(min(1.0, y / 40) * 215)), (0, y, size[0], 1))
        self._shade = make_shade(size, "corner") if self.hud[2] == "left" else None
        self.view.resize(size)

    def _sound(self, name: str, volume: float = 1.0) -> None:
        if self.scene.playing and self.scene.speed <= LOUD_SPEED:
            self.scene.app.play(name, volume)

    # ----- the positions on the run's clock -----
    def positions(self, data) -> list:
        self.run = check(data)  # the world shown follows it from the next time it is looked at
        return positions(self.run)

    def seconds(self, i: int) -> float:
        return (self.scene.steps[i] + LEAD) / TICKS_PER_SECOND

    @property
    def end(self) -> int:
        return self.run.end

    @property
    def world(self):
        """The world at :attr:`t`; a seek is applied here, once, when the world is next looked at."""
        if self.player.run is not self.run:  # the run is checked: play it from the tick shown
            self.player = Player(self.run)
            self._pending = self._pending or (self.t, self.scene.i)
        if self._pending is not None:
            (tick, hops), self._pending = self._pending, None
            self.player = self.player.seek(tick, hops)
            self.view.reset(self.player.world)  # snaps the camera, clears what was falling
            if self.player.world.over:  # the robot has left the staircase (faded: its fall is over)
                robot = self.view.robot
                robot.falling, robot.alpha, robot.fall_t = True, 0.0, FALL_FADE
                self.view.stairs.cause = self.player.world.cause
        return self.player.world

    @property
    def hops_made(self) -> int:
        self.world  # noqa: B018 - applies a pending seek
        return self.player.next

    def _forward(self, tick: float, hops: int) -> None:
        """Play on to ``tick`` (at most ``hops`` hops made) with the animations (hops arc, stairs fall)."""
        world = self.world
        self.t = max(self.t, tick)
        if tick >= 0:
            self.player.advance_to(int(tick), hops)
            self.view.feed(world.drain_events())

    def show(self, i: int, animate: bool) -> None:
        if animate:
            self._forward(self.scene.steps[i], i)
        else:
            self.t = float(self.scene.steps[i])
            self._pending = (self.t, i)

    def play_to(self, t: float) -> None:
        self._forward(t * TICKS_PER_SECOND - LEAD, self.scene.i)

    def update(self, dt: float) -> None:
        self.view.update(dt * max(1.0, self.scene.speed), self.world.score)

    # ----- drawing -----
    def draw(self, surface, step) -> None:
        score_at, clock_at, align, head_at, band_top = self.hud
        world = self.world
        self.view.draw(surface, world)
        if self._shade is not None:  # the game's corner: the score outlined over a glow, as in the game
            surface.blit(self._shade, (0, 0))
            self._outlined.draw(surface, str(world.score), score_at, left=True)
        else:
            blit_center(surface, self._shadow.get(str(world.score)), (score_at[0], score_at[1] + 3))
            blit_center(surface, self._score.get(str(world.score)), score_at)
        seconds = max(0.0, self.t) / TICKS_PER_SECOND
        clock = self._clock.get(_("REPLAY  ·  {t} / {all} s").format(t=f"{seconds:,.1f}",
                                                                    all=f"{self.run.seconds:,.1f}"))
        blit_pill(surface, clock, INK, (28, 8), **({"midleft": clock_at} if align == "left" else
                                                    {"center": (surface.get_width() // 2, clock_at[1])}))
        if world.over and self.t >= self.end:  # the headline on its own backing: it may sit over a light stair
            blit_pill(surface, render(_(CAUSES.get(world.cause, (str(world.cause), ""))[0]), 26,
                                      colors.GOLD if world.cause == "hit" else colors.TEXT_LIGHT), INK, (32, 10),
                      center=head_at)
        surface.blit(self._band, (0, band_top))


def make_replay(app, replay_record):
    """The replay scene of a Stairs record (``ValueError`` for a record that is not one)."""
    return make_scene(app, replay_record, StairsReplay)
