"""The AI demo (also the menu's attract mode): the games play themselves in turn, about a minute
each, under a "DEMO" banner. Any input returns to the menu."""
from __future__ import annotations

import math

import pygame

from arcade.engine.i18n import _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_user_input
from arcade.engine.ui.text import blit_center, render

SEGMENT_SECONDS = 60.0
SWITCH_FADE = 0.4
BANNER_PULSE = 1.6  # seconds for the banner's text to fade down and back up
BANNER_LOW = 0.45   # the text's opacity at the bottom of a pulse: it is always readable


class DemoScene(Scene):
    def __init__(self, app, segment: float = SEGMENT_SECONDS, start: int = 0):
        super().__init__(app)
        self.segment = segment
        self.entries = [e for e in app.registry.values() if e.demo]  # the games that can play themselves
        self.index = start % max(1, len(self.entries))
        self.child: Scene | None = None
        self.t = 0.0
        self.banner_t = 0.0  # seconds the banner has shown: its pulse
        self._veil = None
        self._banner: tuple[str, pygame.Surface, pygame.Surface] | None = None  # (text, pill, its text)

    def _start_child(self) -> None:
        if self.child is not None:
            self.child.exit()
        self.child = self.entries[self.index].make_demo(self.app) if self.entries else None
        if self.child is not None:
            self.child.enter()
        self.t = 0.0

    def enter(self) -> None:
        self._start_child()

    def exit(self) -> None:
        if self.child is not None:
            self.child.exit()
            self.child = None

    @property
    def fills_frame(self) -> bool:
        """The demo is drawn where the game playing now lays out: on the whole frame when that game fills it (the
        app reads this every frame, so it follows the games as they take turns)."""
        return bool(getattr(self.child, "fills_frame", False))

    def resize(self, size) -> None:
        """The game playing now lays itself out for ``size`` (the frame's when it fills the frame, else the
        canvas's); the veil between games is remade at its size."""
        self._veil = None
        if self.child is not None:
            self.child.resize(size)

    def handle(self, event) -> None:
        if is_user_input(event):
            self.app.stack.remove(self)  # once, however many events arrive in this frame

    def update(self, dt: float) -> None:
        self.t += dt
        self.banner_t += dt
        if self.t >= self.segment and len(self.entries) > 1:
            self.index = (self.index + 1) % len(self.entries)
            self._start_child()
        if self.child is not None:
            self.child.update(dt)

    def draw(self, surface) -> None:
        if self.child is not None:
            self.child.draw(surface)
        else:
            surface.fill(colors.PAGE)
        # fade between games
        k = 0.0
        if self.t < SWITCH_FADE:
            k = 1 - self.t / SWITCH_FADE
        elif self.segment - self.t < SWITCH_FADE and len(self.entries) > 1:
            k = 1 - (self.segment - self.t) / SWITCH_FADE
        if k > 0:
            if self._veil is None or self._veil.get_size() != surface.get_size():
                self._veil = pygame.Surface(surface.get_size())
            self._veil.set_alpha(round(255 * min(1.0, k)))
            surface.blit(self._veil, (0, 0))
        self._draw_banner(surface)

    def _draw_banner(self, surface) -> None:
        """The banner, "DEMO - press any key", on a dark pill at the bottom middle of what the demo is drawn on:
        only the pill shades the game under it, and its text pulses (time-based) instead of blinking out."""
        text = _("DEMO  -  press any key")
        if self._banner is None or self._banner[0] != text:
            label = render(text, 22, colors.TEXT_LIGHT).copy()  # its own copy: its opacity changes each frame
            pill = pygame.Surface((label.get_width() + 36, label.get_height() + 14), pygame.SRCALPHA)
            pygame.draw.rect(pill, (0, 0, 0, 150), pill.get_rect(), border_radius=pill.get_height() // 2)
            self._banner = (text, pill, label)
        _text, pill, label = self._banner
        w, h = surface.get_size()
        at = pill.get_rect(midbottom=(w // 2, h - 12))
        surface.blit(pill, at)
        wave = 0.5 + 0.5 * math.cos(2 * math.pi * self.banner_t / BANNER_PULSE)
        label.set_alpha(round(255 * (BANNER_LOW + (1 - BANNER_LOW) * wave)))
        blit_center(surface, label, at.center)
