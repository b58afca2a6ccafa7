"""Gamepads: SDL game controllers (pygame-ce's ``pygame._sdl2.controller``, which reads SDL's mapping database, so
an Xbox, PlayStation or Switch pad has the same A/B/X/Y and D-pad) turned into the keys every scene already reads.

:data:`BUTTONS` is the one table of what each button does, the same in every scene: the D-pad and the left stick
are the arrow keys (menus, 2048's slides, Stairs' hops, the cursor on the Minesweeper and tic-tac-toe boards), A is
Enter (confirm, open, place), B is Esc (back), Start is Esc (pause), X is F (flag), Y is Shift+H (hint), the
shoulders are undo and redo. A synthesized key event carries ``gamepad=True``, so the help cards can show buttons
when a pad was used last.

Hot-plugging: a pad connected mid-game is opened at once; a pad pulled out pauses the game in play (an Esc to a game
scene that is on top). Anything a pad sends that is not in the table, or a pad that misbehaves, is ignored: a scene
never sees a controller event it could choke on.
"""
from __future__ import annotations

import logging

import pygame

from arcade.engine.i18n import N_

log = logging.getLogger("arcade")

__all__ = ["BUTTONS", "AXIS_ON", "AXIS_OFF", "Gamepads", "button_names"]

SHIFT = pygame.KMOD_SHIFT
# button -> (key, modifiers, unicode, what it does, as the help card says it)
BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (pygame.K_UP, 0, "", N_("up")),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (pygame.K_DOWN, 0, "", N_("down")),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (pygame.K_LEFT, 0, "", N_("left")),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (pygame.K_RIGHT, 0, "", N_("right")),
    pygame.CONTROLLER_BUTTON_A: (pygame.K_RETURN, 0, "\r", N_("confirm, open, place")),
    pygame.CONTROLLER_BUTTON_B: (pygame.K_ESCAPE, 0, "\x1b", N_("back")),
    pygame.CONTROLLER_BUTTON_START: (pygame.K_ESCAPE, 0, "\x1b", N_("pause")),
    pygame.CONTROLLER_BUTTON_X: (pygame.K_f, 0, "f", N_("flag (Minesweeper)")),
    pygame.CONTROLLER_BUTTON_Y: (pygame.K_h, SHIFT, "H", N_("hint")),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (pygame.K_u, 0, "u", N_("undo")),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (pygame.K_u, SHIFT, "U", N_("redo")),
}
NAMES = {pygame.CONTROLLER_BUTTON_DPAD_UP: "D-pad", pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B",
         pygame.CONTROLLER_BUTTON_START: "Start", pygame.CONTROLLER_BUTTON_X: "X", pygame.CONTROLLER_BUTTON_Y: "Y",
         pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB"}
AXIS_ON, AXIS_OFF = 0.55, 0.35  # the stick presses a direction past 55 % and lets go under 35 %
_AXIS_MAX = 32767
STICK = {pygame.CONTROLLER_AXIS_LEFTX: (pygame.K_LEFT, pygame.K_RIGHT),
         pygame.CONTROLLER_AXIS_LEFTY: (pygame.K_UP, pygame.K_DOWN)}


def button_names() -> list[tuple[str, str]]:
    """(button, what it does) for the help cards."""
    return [(N_("D-pad, stick"), N_("move, slide, hop"))] + [(NAMES[b], BUTTONS[b][3]) for b in NAMES
                                                   if b != pygame.CONTROLLER_BUTTON_DPAD_UP]


def _key(kind, key, mod, uni):
    e = pygame.event.Event(kind, key=key, mod=mod, unicode=uni if kind == pygame.KEYDOWN else "", scancode=0,
                           gamepad=True)
    return e


class Gamepads:
    """The pads the app has open, and the translation of their events (see the module docstring)."""

    def __init__(self, on_removed=None):
        self.pads: dict = {}  # instance id -> Controller
        self.on_removed = on_removed  # called when a pad is pulled out (the app pauses the game)
        self.stick: dict = {}  # axis -> the arrow key it holds down (or None)
        self.used_last = False  # the last input came from a pad
        self._ok = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
            self._ok = True
            for i in range(controller.get_count()):
                self._open(i)
        except (ImportError, pygame.error, AttributeError) as e:
            log.info("no game controllers: %s", e)

    def _open(self, index: int) -> None:
        try:
            if not self._controller.is_controller(index):
                return
            pad = self._controller.Controller(index)
            jid = pad.as_joystick().get_instance_id()
            self.pads[jid] = pad
            log.info("game controller connected: %s", pad.name)
        except (pygame.error, AttributeError, IndexError) as e:
            log.info("a game controller could not be opened: %s", e)

    def translate(self, event) -> list:
        """The events a scene should see for ``event``: key events for a pad's buttons and stick, nothing for the
        pad's other events, ``[event]`` for anything else."""
        t = event.type
        if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and not getattr(event, "gamepad", False):
            self.used_last = False
        if t == pygame.CONTROLLERDEVICEADDED:
            if self._ok:
                self._open(getattr(event, "device_index", -1))
            return []
        if t == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.pads.pop(getattr(event, "instance_id", None), None)
            if pad is not None:
                try:
                    pad.quit()
                except (pygame.error, AttributeError):
                    pass
            self.stick.clear()
            if self.on_removed is not None:
                self.on_removed()
            return []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            spec = BUTTONS.get(getattr(event, "button", None))
            if spec is None:
                return []
            self.used_last = True
            key, mod, uni, _ = spec
            return [_key(pygame.KEYDOWN if t == pygame.CONTROLLERBUTTONDOWN else pygame.KEYUP, key, mod, uni)]
        if t == pygame.CONTROLLERAXISMOTION:
            keys = STICK.get(getattr(event, "axis", None))
            value = getattr(event, "value", 0)
            if keys is None or not isinstance(value, (int, float)):
                return []
            x = max(-1.0, min(1.0, value / _AXIS_MAX))
            held = self.stick.get(event.axis)
            out = []
            want = keys[0] if x <= -AXIS_ON else keys[1] if x >= AXIS_ON else None
            if held is not None and (abs(x) < AXIS_OFF or (want is not None and want != held)):
                out.append(_key(pygame.KEYUP, held, 0, ""))
                held = None
            if held is None and want is not None:
                out.append(_key(pygame.KEYDOWN, want, 0, ""))
                held = want
                self.used_last = True
            self.stick[event.axis] = held
            return out
        if t in (pygame.CONTROLLERDEVICEREMAPPED, pygame.CONTROLLERTOUCHPADDOWN, pygame.CONTROLLERTOUCHPADMOTION,
                 pygame.CONTROLLERTOUCHPADUP, pygame.CONTROLLERSENSORUPDATE):
            return []
        return [event]
