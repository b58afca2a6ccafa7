"""The Stairs scene: input (screen halves, mouse buttons, keys) -> the session's World -> the three layers; HUD,
game-over panel (with the game code and the run's replay); the demo on the autopilot.

Input: a click, tap or touch on the left half hops up-left, on the right half up-right (the setting
``stairs.mouse == "buttons"`` maps the left and right mouse buttons instead; touch always uses the halves); keys
Left/A and Right/D; Esc or the pause button pauses. Every press is applied to the world at once — the world is the
truth: a tap that beats the drop timer counts, whatever the animation shows — and the robot's hop animations
queue behind each other (:class:`arcade.stairs.motion.RobotView`), so fast taps are all shown, in order, each once.
There is no saved game: ``make_scene(app, resume=True)`` starts a new run.

A run is a game of the engine's session layer (:mod:`arcade.engine.session`, backend :mod:`arcade.stairs.backend`):
``self.session.state`` is the world, each hop goes through ``session.play((side, tick))`` tagged as the player's (or
the demo's, whose session records nothing), and a run ended by the clock is finished by the scene. The session
keeps the best as the score climbs, records each run once (history and replay; a run left after a hop counts as
abandoned) and names it by a game code (``stairs-v1-...``), shown on the pause overlay and the game-over panel (C
copies it). ``arcade play stairs --code CODE`` and ``--daily`` give a run its stairs; Restart climbs those same stairs
again, and otherwise new ones.

The best replay is read on a background thread when the scene is made, and races each run as the ghost
(:mod:`arcade.stairs.ghost`, setting ``stairs.ghost``); a new best races the next run at once.

The scene lays out on the whole frame (``fills_frame``: the canvas widened or heightened to the window's shape):
the sky is painted across it once and the foliage climbs at its edges, the staircase keeps the canvas's camera in
the frame's middle (a run plays the same in any window), the HUD keeps to the frame's edges
(:meth:`arcade.stairs.screens.Layout.placed`) and a tap anywhere on the frame's left or right half hops that way.
The demo, drawn by the shell's demo scene on the canvas, stays on the canvas.
"""
from __future__ import annotations

import logging
import random
import threading

import pygame

from arcade.engine.i18n import _
from arcade.engine import settings as specs
from arcade.engine.session import DEMO, PLAYER
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_down
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.stairs.autopilot import Autopilot, next_hop
from arcade.stairs.layers import StairsView
from arcade.stairs.scenery import scenery_strip
from arcade.stairs.sky import sky_steps
from arcade.stairs.sprites import DEFAULT_ANCHORS, SCALE, load_sprites, shaded_sprites
from arcade.stairs.ghost import Ghost, ghost_sprites
from arcade.stairs.hud import SCORE_EDGE, OutlinedLabel, make_shade
from arcade.stairs.palette import BUTTON, BUTTON_HOVER, CARD, CARD_EDGE, INK, SOFT
from arcade.stairs.replay import Run, check, of_world
from arcade.stairs.world import to_ticks
from arcade.stairs import ID as GAME_ID
from arcade.stairs.panel import DEMO_RESTART, GameOverPanel
from arcade.stairs.screens import LAYOUT, LAYOUT_WIDE, PAUSE_RECT, layout_for  # noqa: F401 - the tables, here too

PANEL_DELAY = 0.9  # seconds from game over to the panel (the fall plays first)
PANEL_SLIDE = 0.3  # the panel slides up this long
PANEL_GRACE = 0.2  # ... and takes clicks and taps this long after it is in place (frantic taps don't restart)
DEMO_HOPS_PER_SECOND = 4.0
DEMO_SLIP = (35, 120)  # the demo makes one wrong hop after a random number of hops in this range: a game over to show

KEY_SIDES = {pygame.K_LEFT: "left", pygame.K_a: "left", pygame.K_RIGHT: "right", pygame.K_d: "right"}
MOUSE_SIDES = {1: "left", 3: "right"}
PILL_ALPHA = 235  # the backing of small HUD text: nearly opaque, so the text keeps its contrast over anything
PAUSE_THEME = {  # the shell's pause overlay in the night palette of the game-over panel (keys: shell.pause)
    "veil": (*INK, 150), "button": BUTTON, "hover": BUTTON_HOVER, "text": colors.TEXT_LIGHT,
    "title": colors.TEXT_LIGHT, "card": CARD, "edge": CARD_EDGE,
}


def _other(side: str) -> str:
    return "right" if side == "left" else "left"


class StairsScene(SessionScene):
    """Stairs runs one after another (Restart), a panel at each game over; ``demo=True`` plays itself. Each run is
    a game of ``self.session``; :attr:`world` is its state."""

    fills_frame = True  # the whole frame, in the demo too (the demo scene draws where its game lays out)

    def __init__(self, app, demo: bool = False, resume: bool = False, **options):
        from arcade import stairs

        super().__init__(app, stairs.GAME, resume=resume, options=options, demo=demo)
        self.fixed = "code" in options or "daily" in options  # a code's or the daily game's stairs: Restart keeps them
        self.runs = 0
        self.view = StairsView(self.area, sound=self._sound, canvas=app.size)
        self.speed = self._anim_speed()
        self.autopilot: Autopilot | None = None
        self.slip_at = 0
        self._rng = random.Random(app.seed)
        self.ghost_run: Run | None = None  # the best run to race (read in the background)
        self.ghost: Ghost | None = None
        self._ghost_lock = threading.Lock()
        if not demo:
            threading.Thread(target=self._load_ghost, name="stairs-ghost", daemon=True).start()
        self.new_run()
        self._pause_icon = self._make_pause_icon()
        self.layout = layout_for(app.size, self.area)
        self._shade = self._make_shade(self.area, self.layout.shade)
        self._pills: dict[tuple[int, int], pygame.Surface] = {}
        # the score changes every hop: one surface each, re-rendered on change (not kept per value in a cache)
        self._score_label = OutlinedLabel(64, colors.TEXT_LIGHT, INK, SCORE_EDGE)
        self._best_label = Label(16, SOFT)

    @property
    def world(self):
        """The run on screen: the session's state."""
        return self.session.state

    # ----- settings, sound -----
    def _anim_speed(self) -> float:
        self.view.stairs.still = bool(self.app.profile.get("reduce_motion"))  # no shaking stair, no hit flash
        return specs.anim_speed(self.app.profile.get)

    def _sound(self, name: str, volume: float = 1.0) -> None:
        self.app.play(name, volume)

    @property
    def mouse_mode(self) -> str:
        return self.app.profile.get("stairs.mouse")

    @property
    def ghost_on(self) -> bool:
        return bool(self.app.profile.get("stairs.ghost"))

    # ----- the ghost -----
    def _load_ghost(self) -> None:
        """The best replay that replays (newest of the highest), off the UI thread."""
        try:
            bests = sorted((r for r in self.app.replays.list(GAME_ID) if r.best), key=lambda r: (r.score, r.time),
                           reverse=True)
            for r in bests:
                try:
                    run = check(r.data)  # the whole record, checked: a damaged best is passed over
                except ValueError:
                    continue
                self.set_ghost(run, only_if_none=True)
                return
        except Exception as e:  # noqa: BLE001 - no ghost is better than a dead thread's traceback
            logging.getLogger("arcade").warning("Stairs ghost not loaded: %s", e)

    def set_ghost(self, run: Run, only_if_none: bool = False) -> None:
        """Race ``run`` from the next run on (``only_if_none``: unless a best set meanwhile got there first)."""
        with self._ghost_lock:
            if not (only_if_none and self.ghost_run is not None):
                self.ghost_run = run

    def _ghost_tick(self, dt: float) -> None:
        if self.demo:
            return
        if self.ghost is None and self.ghost_run is not None:
            self.ghost = Ghost(self.ghost_run)
        g = self.ghost
        if g is not None:  # in step with the world's clock (waiting for your first hop); once over, on by the frame
            w = self.world
            tick = g.tick + to_ticks(dt) if w.over else w.ticks if w.running else -1
            g.update(dt * self.speed if self.speed > 0 else 1e3, tick, self.world)
        self.view.stairs.ghost = g if self.ghost_on else None

    # ----- runs -----
    def new_run(self) -> None:
        """The next run: the run on screen is left (abandoned if it was under way: the session records it), and a
        new staircase begins (the same one again for a code or the daily game)."""
        if self.runs:
            self._leave_run()
            if self.fixed:
                self.session.restart()
            else:
                self.session.new(seed=None if self.app.seed is None else self.app.seed + self.runs)
        self.runs += 1
        self.view.reset(self.world)
        self.over_t = 0.0
        self.panel: GameOverPanel | None = None
        self.ghost = None  # rebuilt from ghost_run at the next frame: the race starts again
        self.view.stairs.ghost = None
        self.presses = 0
        self._over_sound = False
        self.demo_wait = 0.0
        if self.demo:
            self.autopilot = Autopilot(seed=self._rng.randrange(1 << 30), hops_per_second=DEMO_HOPS_PER_SECOND)
            self.slip_at = self._rng.randint(*DEMO_SLIP)

    def _leave_run(self) -> None:
        """The run on screen is left: the session records it if it was under way; a best it set races next."""
        s = self.session
        s.leave()
        if s.new_best and not self.demo and self.world.hops:
            self.set_ghost(of_world(self.world))

    def restart(self) -> None:
        self.new_run()

    def to_menu(self) -> None:
        self.app.stack.remove(self)

    def watch_replay(self) -> None:
        """The replay of the run just played, from its start (its first stairs, before the first hop)."""
        from arcade.stairs.replay_scene import make_replay

        if self.world.hops:
            self.app.stack.push(make_replay(self.app, self.session.replay()))

    def press(self, side: str) -> bool:
        """A player's (or the autopilot's) hop, applied to the world at once. False once the run is over."""
        if self.world.over:
            return False
        self.presses += 1
        self.session.play((side, self.world.ticks), by=DEMO if self.demo else PLAYER)
        self._drain()
        return True

    def _drain(self) -> None:
        events = self.world.drain_events()
        if not events:
            return
        self.view.feed(events)
        for ev in events:
            if ev[0] == "over":
                self._game_over(ev[1])

    def _game_over(self, cause: str) -> None:
        self.over_t = 0.0
        s, w = self.session, self.world
        if not s.over:  # ended by the clock (a drop), not by a hop: the session hears it from here
            s.finish(s.backend.result(s.params, w))
        if s.new_best and not self.demo:
            self.set_ghost(of_world(w))
        best = w.score if self.demo else max(w.score, self.app.profile.best(GAME_ID))
        self.panel = GameOverPanel(self, w.score, best, cause, s.new_best and not self.demo,
                                   code=None if self.demo else s.code, daily=s.daily)

    @property
    def panel_delay(self) -> float:
        return 0.2 if self.speed <= 0 else min(1.4, PANEL_DELAY / self.speed)

    @property
    def panel_shown(self) -> bool:
        return self.panel is not None and self.over_t >= self.panel_delay

    @property
    def panel_ready(self) -> bool:
        """The panel is in place and takes clicks and taps."""
        return self.panel is not None and self.over_t >= self.panel_delay + PANEL_SLIDE + PANEL_GRACE

    # ----- lifecycle -----
    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def uncover(self) -> None:
        self.speed = self._anim_speed()  # settings may have changed under the pause overlay

    def pause(self) -> None:
        if self.app.stack.switching:  # the overlay arrives at the next frame: nothing else this frame acts
            return
        self.open_pause(on_restart=self.restart, theme=PAUSE_THEME)

    def resize(self, size) -> None:
        """The window turned or changed shape: the HUD, the card and the three layers lay out for the new frame
        (``size``; the canvas in the demo) round the app's canvas; the run, the hops under way, the ghost and the
        panel's countdown go on."""
        canvas = self.app.size
        self.layout = layout_for(canvas, size)
        self._shade = self._make_shade(size, self.layout.shade)
        self.view.resize(size, canvas)
        if self.panel is not None:
            self.panel.resize(size, self.layout.panel)

    # ----- input -----
    def handle(self, event) -> None:
        if self.demo or self.app.stack.switching:
            return
        if event.type == pygame.KEYDOWN:
            if self.session_key(event):  # Ctrl+C copies the game code (Stairs has no undo)
                return
            if self.world.over:
                if event.key == pygame.K_ESCAPE:
                    self.to_menu()
                elif self.panel_shown:
                    self.panel.handle(event, self.panel_ready)
                return
            if event.key in (pygame.K_ESCAPE, pygame.K_p):
                self.pause()
                return
            side = KEY_SIDES.get(event.key)
            if side is not None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.press(side)
            return
        if self.world.over:
            if self.panel_shown:
                self.panel.handle(event, self.panel_ready)
            return
        down = pointer_down(event)
        if down is None:
            return
        x, y, button = down
        if self.layout.pause.inflate(16, 16).collidepoint(x, y):
            self.pause()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.mouse_mode == "buttons":
            side = MOUSE_SIDES.get(button)
        elif button in (1, 3):
            side = "left" if x < self.view.size[0] / 2 else "right"  # the halves of the whole frame
        else:
            side = None
        if side is not None:
            self.press(side)

    # ----- frame -----
    def update(self, dt: float) -> None:
        if self.demo:
            self._demo(dt)
        w = self.world
        if not w.over:
            w.update(dt)
            self._drain()
        self._ghost_tick(dt)
        self.view.update(dt * self.speed if self.speed > 0 else 1e3, w.score)
        if w.over:
            before = self.panel_shown
            self.over_t += dt
            if self.panel_shown and not before and not self._over_sound:
                self._over_sound = True
                self.app.play("game_over", 0.8)

    def _demo(self, dt: float) -> None:
        if self.world.over:
            self.demo_wait += dt
            if self.demo_wait >= DEMO_RESTART:
                self.new_run()
            return
        side = self.autopilot.poll(self.world, dt)
        if side is not None:
            if self.world.score >= self.slip_at:
                side = _other(next_hop(self.world))  # the demo's one slip: show how a run ends
            self.press(side)

    @property
    def toast_area(self):
        """Messages ("Copied stairs-...") at the bottom, under the game-over card and clear of the score."""
        w, h = self.view.size
        card = self.layout.panel.card
        return pygame.Rect(40, card.bottom + 8, w - 80, h - card.bottom - 16)

    def draw(self, surface) -> None:
        self.view.draw(surface, self.world)
        if self.ghost is not None and self.ghost_on and not self.panel_shown:
            self.ghost.draw_overlay(surface, self.view.camera, self.world.score, self.view.stairs.canvas)
        self._hud(surface)
        if self.panel_shown and not self.under_overlay:
            k = (self.over_t - self.panel_delay) / PANEL_SLIDE if self.speed > 0 else 1.0
            self.panel.draw(surface, max(0.0, min(1.0, k)))

    def _hud(self, surface) -> None:
        lay = self.layout
        left = lay.align == "left"
        surface.blit(self._shade, (0, 0))
        text = str(self.world.score)
        self._score_label.draw(surface, text, lay.score, left=left)
        if not self.demo:
            best = max(self.world.score, self.app.profile.best(GAME_ID))
            label = self._best_label.get(_("BEST {n}").format(n=best))
            pill = self._pill(label.get_width() + 24, label.get_height() + 6)
            at = pill.get_rect(midleft=lay.best) if left else pill.get_rect(center=lay.best)
            surface.blit(pill, at)
            blit_center(surface, label, at.center)
            tag = self.session.label
            if tag:
                label = fit(tag, 260, 14, colors.TEXT_LIGHT, "medium", min_size=13)
                pill = self._pill(label.get_width() + 20, label.get_height() + 4)
                at = pill.get_rect(midleft=lay.tag) if left else pill.get_rect(center=lay.tag)
                surface.blit(pill, at)
                blit_center(surface, label, at.center)
            surface.blit(self._pause_icon, lay.pause)
            if not self.world.running and not self.world.over:
                self._start_hint(surface)

    def _start_hint(self, surface) -> None:
        w, h = surface.get_size()
        y = h - self.layout.hint_y
        pill = pygame.Rect(0, 0, 300, 48)
        pill.center = (w // 2, y)
        pygame.draw.rect(surface, INK, pill, border_radius=24)
        blit_center(surface, render(_("Tap left or right to hop"), 20, colors.TEXT_LIGHT, "medium"), pill.center)
        ax = self.layout.arrow_x
        for sx, d in ((ax, -1), (w - ax, 1)):
            pts = [(sx + d * 14, y), (sx - d * 6, y - 18), (sx - d * 6, y + 18)]
            pygame.draw.polygon(surface, colors.TEXT_LIGHT, pts)
            pygame.draw.polygon(surface, INK, pts, width=3)

    def _pill(self, w: int, h: int) -> pygame.Surface:
        """A translucent rounded backing for small HUD text (cached per size)."""
        key = (w, h)
        if key not in self._pills:
            s = pygame.Surface(key, pygame.SRCALPHA)
            pygame.draw.rect(s, (*INK, PILL_ALPHA), s.get_rect(), border_radius=h // 2)
            self._pills[key] = s
        return self._pills[key]

    _make_shade = staticmethod(make_shade)

    @staticmethod
    def _make_pause_icon() -> pygame.Surface:
        s = pygame.Surface(PAUSE_RECT.size, pygame.SRCALPHA)
        r = s.get_rect()
        pygame.draw.circle(s, (*INK, 170), r.center, r.w // 2)
        pygame.draw.circle(s, (*SOFT, 200), r.center, r.w // 2, width=2)
        for dx in (-6, 4):
            pygame.draw.rect(s, colors.TEXT_LIGHT, (r.centerx + dx, r.centery - 9, 5, 18), border_radius=2)
        return s


def make_scene(app, resume: bool = False, **options):
    """A new run (Stairs keeps no saved game: ``resume`` starts a new one too); ``code`` or ``daily`` in the
    options: that game's stairs."""
    return StairsScene(app, **options)


def make_demo(app):
    return StairsScene(app, demo=True)


def warm_steps(app):
    """The art a run needs, prepared in small steps (a generator, a few ms a ``next()``): the menu runs it on idle
    frames, so starting Stairs does not stall the fade on image decoding, scaling and the sky's tints."""
    from arcade.engine import assets

    for name in ("stairs_background", "scenery_left", "scenery_right", *DEFAULT_ANCHORS):
        if assets.has_image(name):
            assets.image(name)
            yield
    load_sprites(SCALE)
    yield
    shaded_sprites(SCALE)  # the depth fades, the warning's reddening, the candidate glow
    yield
    ghost_sprites(SCALE)
    yield
    for name in ("scenery_left", "scenery_right"):
        if assets.has_image(name):
            scenery_strip(name, SCALE)
            yield
    for size in dict.fromkeys((getattr(app, "frame_size", None), app.size)):  # the game's frame, the demo's canvas
        if size is not None:
            yield from sky_steps(size)
