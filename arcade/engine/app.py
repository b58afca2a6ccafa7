"""The window and the main loop.

A portrait logical canvas (:data:`LOGICAL_SIZE`) drawn into a resizable window with
``pygame.SCALED`` (SDL letterboxes it and maps mouse coordinates back to logical pixels).
Each frame: apply scene switches requested last frame, hand every event to the top scene,
update with a clamped ``dt``, draw, flip. F11 toggles fullscreen, M mutes, Ctrl+Q or closing the
window quits after every scene has saved. Updates pause while the window is minimised or unfocused.

The engine knows neither the shell nor the list of games: ``cli.py`` hands the app its games (the ``GAME``
records) and the shell registers its scenes as services by name (``home``, ``pause``, ``help``, ``settings``),
which a game opens with ``app.open("pause", ...)`` without importing the shell.
"""
from __future__ import annotations

import logging
import os
import signal
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from arcade import __version__
from arcade.engine.scene import Scene, SceneStack
from arcade.engine.util import quiet_stderr
from arcade.engine.ui.input import LOGICAL_SIZE

log = logging.getLogger("arcade")

FPS = 60
MAX_DT = 0.1  # a dragged window or a breakpoint must not teleport anything
PAUSED_FPS = 15  # while minimised or unfocused: keep handling events, stop updating
MIN_WINDOW = (240, 400)
MAX_WINDOW = (7680, 4320)


class AppError(Exception):
    """A condition the player should read about in one line (no display, bad window size)."""


@dataclass
class Options:
    mode: str = "menu"  # "menu" | "play" | "demo"
    game: str | None = None
    seed: int | None = None
    fullscreen: bool = False
    mute: bool = False
    data_dir: Path | None = None
    frames: int | None = None
    window: tuple[int, int] | None = None
    game_options: dict = field(default_factory=dict)  # the game's own `arcade play NAME` options (make_scene kwargs)


class App:
    def __init__(self, options: Options | None = None, *, games=None, profile=None, audio=None):
        from arcade.engine.assets import Audio
        from arcade.engine.storage import Profile, default_data_dir

        self.options = options or Options()
        self.size = LOGICAL_SIZE
        self.services: dict = {}
        self.registry = games or {}  # registers the games' settings before the profile validates them
        self.profile = profile if profile is not None else Profile(self.options.data_dir or default_data_dir())
        self.toast: tuple[str, float] | None = None  # (message, seconds left) shown over every scene
        self._init_display()
        if audio is None:
            audio = Audio(volume=self.profile.get("volume"), muted=self.profile.get("muted") or self.options.mute)
        self.audio = audio
        self.stack = SceneStack(self.size, home=self._home, on_error=self.notify)
        self.clock = pygame.time.Clock()
        self.running = False
        self.paused = False  # minimised or unfocused
        self.frame = 0
        self.frame_ms: list[float] = []  # recent frame work times, for the fuzzer and soak
        self.frame_phases: tuple = (0.0, 0.0, 0.0, 0.0)
        self.seed = self.options.seed

    # ----- window -----
    def _init_display(self) -> None:
        try:
            with quiet_stderr():  # SDL/ALSA/Wayland probes print to fd 2 directly
                pygame.display.init()
            pygame.font.init()
            driver = pygame.display.get_driver()
            if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
                # SDL fell back to an invisible window: for a player that is "no display"
                pygame.display.quit()
                raise pygame.error("SDL found no screen to open a window on")
            flags = pygame.SCALED | pygame.RESIZABLE
            with warnings.catch_warnings():  # "no fast renderer available" with the dummy driver
                warnings.simplefilter("ignore")
                self.screen = pygame.display.set_mode(self.size, flags)
        except pygame.error as e:
            raise AppError(f"no display available ({e}); run it in a desktop session, or set SDL_VIDEODRIVER=dummy for a headless run") from None
        pygame.display.set_caption(f"arcade {__version__}")
        from arcade.engine import assets

        if assets.has_image("window_icon"):
            try:
                pygame.display.set_icon(assets.image("window_icon"))
            except pygame.error:
                pass
        self.window = None
        self._fullscreen_warned = False
        try:
            with warnings.catch_warnings():  # deprecated for drawing through Window; we only set sizes
                warnings.simplefilter("ignore", DeprecationWarning)
                self.window = pygame.Window.from_display_module()
            self.window.minimum_size = MIN_WINDOW
            if self.options.window:
                self.window.size = self.options.window
        except (pygame.error, AttributeError):
            pass
        if self.options.fullscreen or self.profile.get("fullscreen"):
            self.set_fullscreen(True, persist=False)
        pygame.key.set_repeat(0)

    @property
    def fullscreen(self) -> bool:
        surf = pygame.display.get_surface()
        return bool(surf and surf.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, on: bool, persist: bool = True) -> None:
        if on != self.fullscreen:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as e:
                if not self._fullscreen_warned:
                    self._fullscreen_warned = True
                    log.warning("fullscreen is not available here (%s)", e)
        if persist:
            self.profile.set("fullscreen", on)

    # ----- games and services -----
    @property
    def registry(self) -> dict:
        """The games by id (their ``GAME`` records), in menu order."""
        return self._registry

    @registry.setter
    def registry(self, games) -> None:
        from arcade.engine.plugin import register

        self._registry = register(games)

    def open(self, name: str, *args, **kwargs):
        """Open a shell service by name: ``app.open("pause", "2048", on_restart=...)`` pushes the pause overlay,
        ``app.open("help", "2048", first_launch=True)`` the help card (once), ``app.open("settings")`` the settings.
        Returns what the service returns; ``None`` when the shell is not installed (a game's scene run alone by its benchmark)."""
        service = self.services.get(name)
        if service is None:
            log.info("no %r service (the shell is not installed): not opened", name)
            return None
        return service(self, *args, **kwargs)

    def _home(self):
        """The bottom scene (the shell's menu), built fresh: the stack pushes it when a failure leaves it empty."""
        home = self.services.get("home")
        return home(self) if home is not None else None

    def notify(self, message: str, seconds: float = 4.0) -> None:
        """Show a one-line message over every scene for a few seconds (errors, storage trouble)."""
        self.toast = (message, seconds)

    def _draw_toast(self, surface, dt: float) -> None:
        if self.toast is None:
            return
        message, left = self.toast
        left -= dt
        if left <= 0:
            self.toast = None
            return
        self.toast = (message, left)
        from arcade.engine.ui import colors
        from arcade.engine.ui.text import fit

        w, _ = surface.get_size()
        label = fit(message, w - 40, 16, colors.TEXT_LIGHT, "medium")
        box = label.get_rect(midtop=(w // 2, 10)).inflate(20, 12)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((40, 30, 25, round(220 * min(1.0, left / 0.3))))
        surface.blit(shade, box)
        surface.blit(label, label.get_rect(center=box.center))

    # ----- settings that act on the app -----
    def set_setting(self, key: str, value) -> None:
        self.profile.set(key, value)
        self.apply_setting(key)

    def apply_setting(self, key: str) -> None:
        if key == "fullscreen":
            self.set_fullscreen(self.profile.get("fullscreen"), persist=False)
        elif key == "volume":
            self.audio.volume = self.profile.get("volume")
        elif key == "muted":
            self.audio.muted = self.profile.get("muted") or self.options.mute

    def toggle_mute(self) -> None:
        self.set_setting("muted", not self.profile.get("muted"))

    def play(self, sound: str, volume: float = 1.0) -> None:
        self.audio.play(sound, volume)

    # ----- loop -----
    def quit(self) -> None:
        self.running = False

    def handle_global(self, event) -> bool:
        """Window-level events; returns True if the event was used here."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.quit()
                return True
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.fullscreen)
                return True
            if event.key == pygame.K_m and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.toggle_mute()
                return True
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.paused = True
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED):
            if event.type != pygame.WINDOWEXPOSED or not self._minimised():
                self.paused = False
        return False

    def _minimised(self) -> bool:
        try:
            return bool(pygame.display.get_window_size() == (0, 0))
        except pygame.error:
            return False

    def step(self, dt: float, events=None) -> None:
        """One frame: switches, events, update, draw. ``dt`` in seconds, clamped."""
        import time

        clock = time.perf_counter
        t0 = clock()
        dt = max(0.0, min(dt, MAX_DT))
        self.stack.begin_frame()
        t1 = clock()
        for event in pygame.event.get() if events is None else events:
            if not self.handle_global(event):
                self.stack.handle(event)
        t2 = clock()
        if not self.paused:
            self.stack.update(dt)
        t3 = clock()
        self.screen.fill((0, 0, 0))
        self.stack.draw(self.screen)
        self._draw_toast(self.screen, dt)
        t4 = clock()
        # where the last frame's time went (ms): scene switches, events, update, draw - for the fuzzer's slow frames
        self.frame_phases = ((t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000, (t4 - t3) * 1000)
        self.frame_ms.append((t4 - t0) * 1000)
        del self.frame_ms[:-2000]
        self.frame += 1

    def run(self, first: Scene | None = None, frames: int | None = None) -> int:
        frames = self.options.frames if frames is None else frames
        if first is not None:
            self.stack.reset(first, fade=True)
        self.running = True
        prev = signal.getsignal(signal.SIGTERM) if hasattr(signal, "SIGTERM") else None
        try:
            if prev is not None:
                signal.signal(signal.SIGTERM, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
        except ValueError:  # not the main thread
            prev = None
        try:
            while self.running:
                ms = self.clock.tick(PAUSED_FPS if self.paused else FPS)
                self.step(ms / 1000.0)
                pygame.display.flip()
                if frames is not None and self.frame >= frames:
                    self.quit()
                if not self.stack.scenes and not self.stack.busy:
                    self.quit()
        finally:
            self.shutdown()
            if prev is not None:
                signal.signal(signal.SIGTERM, prev)
        return 0

    def shutdown(self) -> None:
        """Every scene exits (and saves), the profile reaches the disk, the window closes."""
        try:
            self.stack.close()
        finally:
            self.profile.close()
            self.audio.close()
            pygame.display.quit()
