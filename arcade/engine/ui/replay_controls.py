"""The controls every replay scene shares: its keys, a timeline to click or drag, a row of buttons, the speeds.

A replay scene mixes :class:`ReplayControls` in, sets ``TIMELINE`` (a rect) and ``BUTTONS`` (rects named ``back``,
``play``, ``fwd``, ``speed``), and provides ``back()``, ``toggle()``, ``step(delta)``, ``to_start()``, ``to_end()``,
``seek_fraction(frac)`` (0..1 along the timeline) and ``export()``. :meth:`ReplayControls.handle_controls` maps
input to them: Esc back, Space play/pause, Left/Right one step (the scene pauses), Home/End, + / - speed, E export;
a press on the timeline pauses and seeks, a drag follows the pointer, a click on a button steps, toggles or cycles
the speed. Mouse and touch alike.
"""
from __future__ import annotations

import pygame

from arcade.engine.ui.input import pointer_down, pointer_motion, pointer_up

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
GRAB = 24  # extra pixels above and below the timeline that still take a press


class ReplayControls:
    TIMELINE: pygame.Rect
    BUTTONS: dict[str, pygame.Rect]
    speed_i = SPEEDS.index(1.0)
    dragging = False
    playing = True

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def change_speed(self, delta: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + delta))

    def _fraction(self, x: float) -> float:
        return max(0.0, min(1.0, (x - self.TIMELINE.x) / self.TIMELINE.w))

    def handle_controls(self, event) -> bool:
        """Act on ``event`` if it is one of the shared controls; True when it was."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        down = pointer_down(event)
        if down is not None:
            if self.TIMELINE.inflate(0, GRAB).collidepoint(down[:2]):
                self.dragging, self.playing = True, False
                self.seek_fraction(self._fraction(down[0]))
            return True
        moved = pointer_motion(event)
        if moved is not None and self.dragging:
            self.seek_fraction(self._fraction(moved[0]))
            return True
        up = pointer_up(event)
        if up is None:
            return False
        if self.dragging:
            self.dragging = False
            return True
        name = next((n for n, r in self.BUTTONS.items() if r.collidepoint(up[:2])), None)
        if name in ("back", "fwd"):
            self.step(1 if name == "fwd" else -1)
        elif name == "play":
            self.toggle()
        elif name == "speed":
            self.speed_i = (self.speed_i + 1) % len(SPEEDS)
        return True

    def _key(self, k: int) -> bool:
        actions = {
            pygame.K_ESCAPE: self.back, pygame.K_SPACE: self.toggle, pygame.K_e: self.export,
            pygame.K_RIGHT: lambda: self.step(1), pygame.K_LEFT: lambda: self.step(-1),
            pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
            pygame.K_PLUS: lambda: self.change_speed(1), pygame.K_EQUALS: lambda: self.change_speed(1),
            pygame.K_KP_PLUS: lambda: self.change_speed(1),
            pygame.K_MINUS: lambda: self.change_speed(-1), pygame.K_KP_MINUS: lambda: self.change_speed(-1),
        }
        act = actions.get(k)
        if act is None:
            return False
        act()
        return True

    # ----- what the scene provides -----
    def back(self) -> None:
        raise NotImplementedError

    def toggle(self) -> None:
        raise NotImplementedError

    def step(self, delta: int) -> None:
        raise NotImplementedError

    def to_start(self) -> None:
        raise NotImplementedError

    def to_end(self) -> None:
        raise NotImplementedError

    def seek_fraction(self, frac: float) -> None:
        raise NotImplementedError

    def export(self):
        raise NotImplementedError
