"""The window and the main loop.

Scenes draw on a logical canvas (``app.screen``, ``app.size``): portrait (:data:`LOGICAL_SIZE`, 480x800) in a
window taller than it is wide, landscape (:data:`LANDSCAPE_SIZE`, 840x560) in a wider one (:func:`canvas_for`:
whichever fills more of the window). When the window turns, the app makes the other canvas and every scene on the
stack lays itself out again (``Scene.resize``). The app shows the canvas in a resizable window of any size from the
canvas's minimum (:func:`min_window`) up: in the middle of a frame of the window's shape (:mod:`arcade.engine.ui.frame`:
black bars only beyond its widest shape, 32:9), scaled to fit with the aspect kept (:func:`fit_canvas`), smoothly
(``pygame.transform.smoothscale``). Pointer events from the window are mapped back to canvas pixels (frame pixels for
a scene that fills the frame) through the same :class:`Fit` before any scene sees them (a press outside what the scene
lays out on is dropped). We scale
ourselves rather than use ``pygame.SCALED``: SCALED scales by whole numbers in a window (a 300x500 window crops the
canvas, a bigger one leaves it small), filters nearest-neighbour, and leaves the mapping of input to SDL, where no
test under the dummy driver can reach it.
Each frame: apply scene switches requested last frame, hand every event to the top scene,
update with a clamped ``dt``, draw, present (scale, flip). F11 toggles (desktop) fullscreen, M mutes, Ctrl+Q or
closing the window quits after every scene has saved. Updates pause while the window is minimised or unfocused.

The engine knows neither the shell nor the list of games: ``cli.py`` hands the app its games (the ``GAME``
records) and the shell registers its scenes as services by name (``home``, ``pause``, ``help``, ``settings``),
which a game opens with ``app.open("pause", ...)`` without importing the shell.
"""
from __future__ import annotations

import functools
import logging
import math
import os
import signal
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from arcade import __version__
from arcade.engine.i18n import N_
from arcade.engine.scene import Scene, SceneStack
from arcade.engine.util import quiet_stderr
from arcade.engine.ui.frame import frame_size, inner_rect, set_frame
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE, canvas_for, set_current_canvas

log = logging.getLogger("arcade")

FPS = 60
MAX_DT = 0.1  # a dragged window or a breakpoint must not teleport anything
PAUSED_FPS = 15  # while minimised or unfocused: keep handling events, stop updating
MIN_WINDOW = (408, 680)  # the smallest window: 0.85 of the canvas, so its smallest text (13 px) is still 11 pixels;
#                         680 pixels high fits a 768-pixel laptop screen under its panel and title bar
MIN_LANDSCAPE = (714, 476)  # the landscape canvas at the same 0.85 (800x480, a small screen, is above it)
MAX_WINDOW = (7680, 4320)
BARS = (0, 0, 0)  # the letterbox


@dataclass(frozen=True)
class Fit:
    """Where the picture lands in a window: the frame (the canvas grown to the window's shape, :mod:`frame`),
    ``w`` x ``h`` pixels at ``(x, y)`` (the frame times ``scale``, aspect kept, centred), with the canvas at
    ``inner`` (x, y) in the frame; what is left of the window (only beyond the frame's largest shape) is bars. The
    one transform both drawing and input go through."""

    window: tuple[int, int]
    canvas: tuple[int, int]
    scale: float
    x: int
    y: int
    w: int
    h: int
    frame: tuple[int, int] | None = None  # None: the canvas itself
    inner: tuple[int, int] = (0, 0)

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.w, self.h

    @property
    def picture(self) -> tuple[int, int]:
        """The size of what is scaled: the frame."""
        return self.frame or self.canvas

    @property
    def identity(self) -> bool:
        """The window is the canvas's size: shown as is, positions unchanged."""
        return (self.x, self.y, self.w, self.h) == (0, 0, *self.canvas) and self.picture == self.canvas

    def to_canvas(self, pos, clamp: bool = False) -> tuple[int, int] | None:
        """The canvas pixel shown under window pixel ``pos`` (the one covering its centre). Outside the canvas
        (on the frame's margins or a bar): ``None``, or with ``clamp`` the nearest canvas pixel."""
        (cw, ch), (fw, fh), (wx, wy), (ox, oy) = self.canvas, self.picture, pos, self.inner
        cx = math.floor((wx + 0.5 - self.x) * fw / self.w) - ox
        cy = math.floor((wy + 0.5 - self.y) * fh / self.h) - oy
        if 0 <= cx < cw and 0 <= cy < ch:
            return cx, cy
        if not clamp:
            return None
        return min(max(cx, 0), cw - 1), min(max(cy, 0), ch - 1)

    def to_frame(self, pos, clamp: bool = False) -> tuple[int, int] | None:
        """The frame pixel shown under window pixel ``pos`` (for a scene that fills the frame). On a bar:
        ``None``, or with ``clamp`` the nearest frame pixel."""
        (fw, fh), (wx, wy) = self.picture, pos
        cx = math.floor((wx + 0.5 - self.x) * fw / self.w)
        cy = math.floor((wy + 0.5 - self.y) * fh / self.h)
        if 0 <= cx < fw and 0 <= cy < fh:
            return cx, cy
        if not clamp:
            return None
        return min(max(cx, 0), fw - 1), min(max(cy, 0), fh - 1)

    def to_window(self, pos, frame: bool = False) -> tuple[int, int]:
        """The window pixel that shows the centre of canvas pixel ``pos`` (with ``frame``: of frame pixel ``pos``)."""
        (fw, fh), (cx, cy), (ox, oy) = self.picture, pos, (0, 0) if frame else self.inner
        return (self.x + math.floor((cx + ox + 0.5) * self.w / fw),
                self.y + math.floor((cy + oy + 0.5) * self.h / fh))

    def normalised_to_canvas(self, nx: float, ny: float, clamp: bool = False) -> tuple[float, float] | None:
        """A touch position normalised to the window (0..1, as SDL reports fingers) -> normalised to the canvas;
        ``None`` outside the canvas unless ``clamp``."""
        (ww, wh), (cw, ch), (fw, fh), (ox, oy) = self.window, self.canvas, self.picture, self.inner
        fx = ((nx * ww - self.x) * fw / self.w - ox) / cw
        fy = ((ny * wh - self.y) * fh / self.h - oy) / ch
        if 0.0 <= fx <= 1.0 and 0.0 <= fy <= 1.0:
            return fx, fy
        if not clamp:
            return None
        return min(max(fx, 0.0), 1.0), min(max(fy, 0.0), 1.0)

    def normalised_to_frame(self, nx: float, ny: float, clamp: bool = False) -> tuple[float, float] | None:
        """A touch position normalised to the window -> frame pixels divided by the canvas's size (so
        :func:`arcade.engine.ui.input.finger_to_logical` gives frame pixels); ``None`` on a bar unless ``clamp``."""
        (ww, wh), (cw, ch), (fw, fh) = self.window, self.canvas, self.picture
        px = (nx * ww - self.x) * fw / self.w
        py = (ny * wh - self.y) * fh / self.h
        if not (0.0 <= px <= fw and 0.0 <= py <= fh):
            if not clamp:
                return None
            px, py = min(max(px, 0.0), fw), min(max(py, 0.0), fh)
        return px / cw, py / ch


@functools.lru_cache(maxsize=16)
def fit_canvas(window: tuple[int, int], canvas: tuple[int, int] = LOGICAL_SIZE, frame=None) -> Fit:
    """The canvas, grown to the window's shape (its frame, :func:`frame_size`, unless ``frame`` names the one drawn
    on: the canvas itself for the plain letterbox), scaled to fit
    inside ``window`` with its aspect kept, centred (pure arithmetic). A window of no area (minimised) gets the
    identity, so input maps to something sane."""
    ww, wh = (int(v) for v in window)
    cw, ch = canvas
    if ww <= 0 or wh <= 0:
        return Fit((ww, wh), canvas, 1.0, 0, 0, cw, ch)
    fw, fh = frame_size((ww, wh), canvas) if frame is None else frame
    inner = inner_rect((fw, fh), canvas)
    scale = min(ww / fw, wh / fh)
    w, h = min(ww, max(1, round(fw * scale))), min(wh, max(1, round(fh * scale)))
    if frame is None or tuple(frame) != tuple(canvas):  # a frame of the window's shape to a frame pixel: all of it
        w, h = (ww if ww - w < scale else w), (wh if wh - h < scale else h)
    return Fit((ww, wh), canvas, scale, (ww - w) // 2, (wh - h) // 2, w, h,
               (fw, fh) if (fw, fh) != tuple(canvas) else None, (inner.x, inner.y))


def min_window(canvas: tuple[int, int]) -> tuple[int, int]:
    """The smallest window a canvas may be shown in (its text stays >= 11 pixels)."""
    return MIN_LANDSCAPE if tuple(canvas) == LANDSCAPE_SIZE else MIN_WINDOW


def window_allowed(window: tuple[int, int]) -> bool:
    """A window size the app opens: at least the minimum of the canvas it would show, at most MAX_WINDOW."""
    w, h = window
    lo = min_window(canvas_for(window))
    return lo[0] <= w <= MAX_WINDOW[0] and lo[1] <= h <= MAX_WINDOW[1]


def initial_window(desktop: tuple[int, int] | None, canvas: tuple[int, int] = LOGICAL_SIZE,
                   room: float = 0.9) -> tuple[int, int]:
    """The window size to open with when none is asked for: the canvas's own size, or on a desktop too small for it
    (a 768-pixel-high laptop) the canvas scaled down to ``room`` of the desktop, never below :data:`MIN_WINDOW`."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return canvas
    cw, ch = canvas
    scale = min(1.0, desktop[0] * room / cw, desktop[1] * room / ch)
    return max(MIN_WINDOW[0], round(cw * scale)), max(MIN_WINDOW[1], round(ch * scale))


def _two(lines: list[str]) -> list[str]:
    """At most two lines: the rest joins the second (fitted to the width by the caller)."""
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]


class AppError(Exception):
    """A condition the player should read about in one line (no display, bad window size)."""


def _regular_file(path):
    """``path`` opened to be written from its start, as long as it is a regular file: opening never waits (a named
    pipe that nobody reads is refused, not waited on) and a pipe, device or socket is refused (``OSError``)."""
    import errno
    import stat

    nonblock = getattr(os, "O_NONBLOCK", 0)
    not_regular = f"{path} is not a regular file (a named pipe, a device or a socket)"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | nonblock, 0o666)
    except OSError as e:
        if e.errno == errno.ENXIO:  # a named pipe with no reader
            raise OSError(not_regular) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(not_regular)
        if nonblock:
            os.set_blocking(fd, True)
        os.ftruncate(fd, 0)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "wb")


@dataclass
class Options:
    mode: str = "menu"  # "menu" | "play" | "demo" | "replay"
    game: str | None = None
    seed: int | None = None
    fullscreen: bool = False
    mute: bool = False
    data_dir: Path | None = None
    frames: int | None = None
    window: tuple[int, int] | None = None
    screenshot: Path | None = None  # with frames: the last frame is saved here as a PNG, at the window's size
    game_options: dict = field(default_factory=dict)  # the game's own `arcade play NAME` options (make_scene kwargs)
    replay: object = None  # mode "replay": the arcade.engine.replays.Replay to open
    lang: str | None = None  # --lang: en, zh or auto (None: the Language setting)


class App:
    def __init__(self, options: Options | None = None, *, games=None, profile=None, audio=None):
        from arcade.engine.assets import Audio
        from arcade.engine.storage import Profile, default_data_dir

        self.options = options or Options()
        self.size = LOGICAL_SIZE
        self.present_ms = 0.0  # the last present's cost (scale to the window, bars): not part of frame_ms
        self._scale_warned = False
        self._shown: tuple | None = None  # (surface, size) the bars were last painted for; None: paint them again
        self.services: dict = {}
        self.registry = games or {}  # registers the games' settings before the profile validates them
        self.profile = profile if profile is not None else Profile(self.options.data_dir or default_data_dir())
        self.toast: tuple[str, float] | None = None  # (message, seconds left) shown over every scene
        self.toast_rect: pygame.Rect | None = None  # where the last one was drawn
        self.profile.on_notice = self.notify  # saving trouble, and its end
        from arcade.engine.replays import ReplayStore

        # finished games, beside the profile (none when it cannot be written)
        self.replays = ReplayStore(self.profile.dir if self.profile.writable else None, sync=self.profile.sync)
        if self.profile.shared:
            self.notify(N_("Another window uses this profile: bests and settings are merged"), 6.0)
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
        self.time = 0.0  # seconds of frames run (not while minimised): the clock a game's log is timed by
        from arcade.engine.gamepad import Gamepads

        self.gamepads = Gamepads(on_removed=self._pad_removed)
        self.last_pad = False  # the last input came from a gamepad (not the keyboard, mouse or touch)
        from arcade.engine import i18n

        i18n.on_change(self._language_changed)
        i18n.set_language(self.options.lang or self.profile.get("language"))
        self._apply_text_size()

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
            size = self.options.window
            if size is None:
                headless = driver in ("offscreen", "dummy")
                size = initial_window(None if headless else _desktop(), self.size)
            self.size = canvas_for(size)
            set_current_canvas(self.size)
            display = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._make_frame(size)
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
            self.window.minimum_size = min_window(self.size)
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
        """Desktop fullscreen (no video mode change): the window becomes the screen's size and the canvas is fitted
        to it like to any window."""
        if on != self.fullscreen:
            try:
                if self.window is None:
                    pygame.display.toggle_fullscreen()
                elif on:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
            except pygame.error as e:
                if not self._fullscreen_warned:
                    self._fullscreen_warned = True
                    log.warning("fullscreen is not available here (%s)", e)
        if persist:
            self.profile.set("fullscreen", on)

    # ----- canvas <-> window -----
    @property
    def landscape(self) -> bool:
        return self.size == LANDSCAPE_SIZE

    def follow_window(self) -> None:
        """Draw on the canvas that fits the window's shape now: when the window turned (a resize, fullscreen, a
        rotated screen), make the other canvas and have every scene lay itself out for it."""
        try:
            window = tuple(pygame.display.get_window_size())
        except pygame.error:
            return
        if window[0] <= 0 or window[1] <= 0:
            return  # minimised: keep what there is
        want = canvas_for(window)
        if want == self.size:
            if frame_size(window, want) != self.framed.get_size():
                self._make_frame(window)  # the same canvas in a frame of another shape: only the scenes that
                self.stack.reframe(self.framed.get_size())  # fill the frame lay out again
            return
        self.size = want
        set_current_canvas(want)
        self._make_frame(window)
        if self.window is not None:
            try:
                self.window.minimum_size = min_window(want)
            except pygame.error:
                pass
        self.stack.resize(want, self.framed.get_size())

    def _make_frame(self, window) -> None:
        """The frame for the canvas in a window of this size (:mod:`arcade.engine.ui.frame`), in the display's
        pixel format (fast blits, and smoothscale wants equal formats); ``screen``, the scenes' canvas, is its
        middle."""
        display = pygame.display.get_surface()
        frame = pygame.Surface(frame_size(window, self.size))
        self.framed = frame.convert(display) if display is not None else frame
        self.framed.fill((0, 0, 0))
        self.screen = self.framed.subsurface(inner_rect(self.framed.get_size(), self.size))
        set_frame(self.framed)
        self._shown = None

    @property
    def frame_size(self) -> tuple[int, int]:
        """The frame's size: what a scene that fills the frame lays out for."""
        return tuple(self.framed.get_size())

    def _fills_frame(self) -> bool:
        top = self.stack.top if getattr(self, "stack", None) is not None else None
        return bool(getattr(top, "fills_frame", False))

    @property
    def fit(self) -> Fit:
        """Where the canvas sits in the window now, in window coordinates (those of mouse events)."""
        try:
            size = pygame.display.get_window_size()
        except pygame.error:
            size = self.size
        return fit_canvas(tuple(size), self.size, self.framed.get_size())

    def to_canvas(self, event):
        """``event`` with its pointer position mapped from the window to the canvas (mouse: canvas pixels; finger:
        normalised to the canvas, see :func:`arcade.engine.ui.input.finger_to_logical`). ``None`` for a press off the
        canvas, on the frame's margins or a bar (no scene sees it); releases and motion there are clamped to the
        canvas edge, so a drag that ends off the canvas still ends. When the scene on top fills the frame,
        positions are in the frame's pixels instead (mouse: frame pixels; finger: frame pixels over the canvas's
        size) and a press on the frame's margins reaches it."""
        t = event.type
        framed = self._fills_frame()
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            fit = self.fit
            if fit.identity:
                return event
            clamp = t != pygame.MOUSEBUTTONDOWN
            pos = fit.to_frame(event.pos, clamp) if framed else fit.to_canvas(event.pos, clamp=clamp)
            if pos is None:
                return None
            d = dict(event.dict, pos=pos)
            if t == pygame.MOUSEMOTION and "rel" in d:
                d["rel"] = tuple(_scaled(r, fit.scale) for r in d["rel"])
            return pygame.event.Event(t, d)
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            fit = self.fit
            if fit.identity:
                return event
            clamp = t != pygame.FINGERDOWN
            pos = (fit.normalised_to_frame if framed else fit.normalised_to_canvas)(event.x, event.y, clamp=clamp)
            if pos is None:
                return None
            ww, wh = fit.window
            d = dict(event.dict, x=pos[0], y=pos[1])
            if "dx" in d and "dy" in d:  # normalised deltas: window fraction -> canvas fraction
                d["dx"], d["dy"] = d["dx"] * ww / fit.w, d["dy"] * wh / fit.h
            return pygame.event.Event(t, d)
        return event

    def present(self) -> None:
        """Show the frame (the canvas in its middle): scaled to the window's current size (re-fitted after every
        resize and in fullscreen), smooth, centred (between bars only beyond the frame's widest shape). The bars
        are painted, and the whole window sent to the screen, only when the window's size changed or it was
        exposed; other frames send the picture's rectangle alone, since uploading the window is what a big window
        costs, more than the scaling."""
        import time

        t0 = time.perf_counter()
        surface = pygame.display.get_surface()
        if surface is not None:
            size = surface.get_size()  # pixels (equal to the window size except on high-DPI screens)
            if size[0] > 0 and size[1] > 0:
                fit = fit_canvas(size, self.size, self.framed.get_size())
                whole = self._shown != (id(surface), size)
                self._blit_fitted(surface, fit, bars=whole)
                self._shown = (id(surface), size)
                if whole or fit.identity:
                    pygame.display.flip()
                else:
                    pygame.display.update(fit.rect)
        self.present_ms = (time.perf_counter() - t0) * 1000

    def save_screenshot(self, path) -> None:
        """Save the last frame as the window shows it (the frame fitted to the window's size, any bars included)
        as a PNG; AppError with one line if it cannot be written."""
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else self.size
        shot = pygame.Surface(size, 0, self.screen)  # the canvas's pixel format: smoothscale wants equal formats
        self._blit_fitted(shot, fit_canvas(size, self.size, self.framed.get_size()), bars=True)
        try:
            with _regular_file(path) as fh:
                pygame.image.save(shot, fh, str(path))
        except (OSError, pygame.error) as e:
            raise AppError(f"cannot write the screenshot {path}: {getattr(e, 'strerror', None) or e}") from None

    def _blit_fitted(self, surface, fit: Fit, bars: bool = True) -> None:
        if fit.identity:
            surface.blit(self.framed, (0, 0))
            return
        (ww, wh), (x, y, w, h) = fit.window, fit.rect
        try:
            pygame.transform.smoothscale(self.framed, (w, h), surface.subsurface(fit.rect))
        except (ValueError, pygame.error) as e:  # a display format smoothscale cannot write (8/16-bit): nearest
            if not self._scale_warned:
                self._scale_warned = True
                log.warning("smooth scaling unavailable (%s): scaling nearest-neighbour", e)
            surface.blit(pygame.transform.scale(self.framed, (w, h)), (x, y))
        if bars:
            for bar in ((0, 0, x, wh), (x + w, 0, ww - x - w, wh), (x, 0, w, y), (x, y + h, w, wh - y - h)):
                if bar[2] > 0 and bar[3] > 0:
                    surface.fill(BARS, bar)

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
        ``app.open("help", "2048", first_launch=True)`` the help card (once), ``app.open("settings",
        section="2048")`` the settings, opened at that game's.
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
        """Show a one-line message over every scene for a few seconds (errors, storage trouble), in the player's
        language when the catalogue has it: at the top centre, or centred in the ``toast_area`` (a rect) of the
        scene on top, which a game whose score or counters sit at the top names."""
        from arcade.engine.i18n import _

        self.toast = (_(message), seconds)

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
        # at the top centre, or where the scene on top names a free place (a game whose top holds its score)
        area = getattr(self.stack.top, "toast_area", None)
        width = area.w - 20 if area is not None else w - 40
        cached = getattr(self, "_toast_lines", None)
        if cached is None or cached[0] != (message, width):
            from arcade.engine.ui.text import wrap_lines

            # one line when it fits (at 13 px at least), else two: a long path stays readable on either canvas
            one = fit(message, width, 16, colors.TEXT_LIGHT, "medium", min_size=13)
            lines = [one] if one.get_width() <= width else [
                fit(line, width, 15, colors.TEXT_LIGHT, "medium", min_size=13)
                for line in _two(wrap_lines(message, width, 15, "medium"))]
            cached = self._toast_lines = ((message, width), lines)
        lines = cached[1]
        lh = max(s.get_height() for s in lines)
        box = pygame.Rect(0, 0, max(s.get_width() for s in lines), lh * len(lines)).inflate(20, 12)
        if area is not None:  # a bar across the area: over a status line it hides the whole line
            box.w = max(box.w, area.w)
            box.center = area.center
            box.clamp_ip(surface.get_rect())
        else:
            box.midtop = (w // 2, 4)
        self.toast_rect = box
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((40, 30, 25, round((220 if area is None else 250) * min(1.0, left / 0.3))))
        surface.blit(shade, box)
        for i, label in enumerate(lines):
            surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 6 + i * lh)))

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
        elif key == "language":
            from arcade.engine import i18n

            i18n.set_language(self.profile.get("language"))
        elif key == "text_size":
            self._apply_text_size()

    def _apply_text_size(self) -> None:
        """The Text size setting: small text drawn larger; every scene on the stack lays its text out again."""
        from arcade.engine import assets

        try:
            changed = assets.set_text_scale(self.profile.get("text_size"))
        except ValueError as e:  # a hand-edited profile: the setting's own check should have caught it
            log.warning("%s", e)
            return
        if changed and getattr(self, "stack", None) is not None:
            self._language_changed(None)  # the scenes' cached labels are rebuilt as after a change of language
            self.stack.resize(self.size, self.frame_size)

    def _pad_removed(self) -> None:
        """A pad was pulled out: a game in play pauses (its own Esc), so nothing happens while the player reaches
        for the keyboard."""
        top = self.stack.top
        if top is not None and not top.overlay and hasattr(top, "session"):
            self.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                                 scancode=0))

    def _language_changed(self, lang: str) -> None:
        """Every scene on the stack redraws its text in the new language (a scene with cached labels rebuilds them
        in ``language_changed``)."""
        from arcade.engine.ui import text

        for cached in (text.render, text.fit):
            getattr(cached, "cache_clear", lambda: None)()  # (a test may measure through uncached stand-ins)
        for scene in list(getattr(getattr(self, "stack", None), "scenes", ())):
            hook = getattr(scene, "language_changed", None)
            if hook is not None:
                hook()

    def toggle_mute(self) -> None:
        self.set_setting("muted", not self.profile.get("muted"))
        self.notify(N_("Muted (M for sound)") if self.audio.muted else N_("Sound on"), 1.5)

    def _draw_muted(self, surface) -> None:
        """While muted: a small crossed-out speaker in the bottom-right corner, over every scene (a scene whose
        corner holds a button names another place in its ``mute_at``)."""
        if not self.audio.muted:
            return
        w, h = surface.get_size()
        x, y = getattr(self.stack.top, "mute_at", None) or (w - 18, h - 17)
        col = (150, 140, 130)
        pygame.draw.polygon(surface, col, [(x, y + 4), (x + 4, y + 4), (x + 9, y), (x + 9, y + 12), (x + 4, y + 8),
                                           (x, y + 8)])
        pygame.draw.line(surface, (200, 70, 60), (x - 1, y + 13), (x + 13, y - 1), 2)

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
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                          pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE):
            self._shown = None  # re-fit: bars and the whole window again at the next present
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
        """One frame: switches, events, update, draw. ``dt`` in seconds, clamped. ``events``: canvas-space events
        (tests, the fuzzer); by default the window's queue, its pointer events mapped to the canvas (:meth:`to_canvas`)."""
        import time

        clock = time.perf_counter
        t0 = clock()
        dt = max(0.0, min(dt, MAX_DT))
        self.follow_window()
        self.stack.begin_frame()
        t1 = clock()
        for raw in (self.to_canvas(e) for e in pygame.event.get()) if events is None else events:
            for event in self.gamepads.translate(raw) if raw is not None else ():
                if getattr(event, "gamepad", False):
                    self.last_pad = True  # the help cards show buttons while the pad is what is used
                elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
                    self.last_pad = False
                if not self.handle_global(event):
                    self.stack.handle(event)
        t2 = clock()
        if not self.paused:
            self.time += dt
            self.stack.update(dt)
        t3 = clock()
        self.framed.fill((0, 0, 0))
        self.stack.draw(self.screen)
        top = self.framed if self._fills_frame() else self.screen  # the toast and the muted sign: in the top
        self._draw_toast(top, dt)                                   # scene's coordinates
        self._draw_muted(top)
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
        # SIGTERM and SIGHUP (a closed terminal) quit like the window's close button: every scene saves
        prev = {}
        for name in ("SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            try:
                prev[sig] = signal.signal(sig, lambda *_: pygame.event.post(pygame.event.Event(pygame.QUIT)))
            except ValueError:  # not the main thread
                break
        shot = self.options.screenshot
        try:
            while self.running:
                ms = self.clock.tick(PAUSED_FPS if self.paused else FPS)
                # a screenshot run advances exactly 1/60 s a frame: its picture does not depend on the machine's speed
                self.step(1 / FPS if shot is not None else ms / 1000.0)
                self.present()
                if frames is not None and self.frame >= frames:
                    if shot is not None:
                        self.save_screenshot(shot)
                    self.quit()
                if not self.stack.scenes and not self.stack.busy:
                    self.quit()
        finally:
            self.shutdown()
            for sig, handler in prev.items():
                signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
        return 0

    def shutdown(self) -> None:
        """Every scene exits (and saves), the profile reaches the disk, the window closes."""
        try:
            self.stack.close()
        finally:
            self.replays.flush()
            self.profile.close()
            self.audio.close()
            pygame.display.quit()


def _desktop() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return None
    return tuple(sizes[0]) if sizes else None


def _scaled(delta: int, scale: float) -> int:
    """A motion delta in window pixels -> canvas pixels; a move stays a move (never rounded to 0)."""
    if not delta:
        return 0
    return int(math.copysign(max(1, round(abs(delta) / scale)), delta))
