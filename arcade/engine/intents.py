"""What a key means in a scene: one table per game of ``(key, modifiers) -> intent``, read by one rule everywhere.

Keys from a gamepad arrive as the same key events (:mod:`arcade.engine.gamepad`), so one table says what every key
and every button does. The rule, for a KEYDOWN event:

1. a chord with its modifiers, the most specific first: Ctrl+Shift, then Ctrl, then Shift (``(K_z, CTRL | SHIFT)``
   redo, ``(K_z, CTRL)`` undo, ``(K_a, SHIFT)`` autoplay);
2. any other key with Ctrl or Alt held means nothing here (it is the window's or the desktop's shortcut);
3. a character typed, for keys that differ between keyboard layouts (``"?"``, ``"+"``);
4. the key alone (Shift held or not: Shift+Left is Left).
"""
from __future__ import annotations

import pygame

__all__ = ["IntentMap", "SHIFT", "CTRL", "ALT"]

SHIFT, CTRL, ALT = pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT


class IntentMap:
    """``keys``: ``(key, 0 | SHIFT | CTRL | CTRL | SHIFT) -> intent``; ``chars``: a typed character -> intent.
    Calling the map with an event gives its intent or None."""

    def __init__(self, keys: dict, chars: dict | None = None):
        for (_key, mod), _intent in keys.items():
            if mod not in (0, SHIFT, CTRL, CTRL | SHIFT):
                raise ValueError(f"a chord's modifiers are 0, SHIFT, CTRL or CTRL | SHIFT, got {mod}")
        self.keys = dict(keys)
        self.chars = dict(chars or {})

    def __call__(self, event) -> str | None:
        if getattr(event, "type", None) != pygame.KEYDOWN:
            return None
        key, mod = getattr(event, "key", None), getattr(event, "mod", 0) or 0
        shift, ctrl, alt = bool(mod & SHIFT), bool(mod & CTRL), bool(mod & ALT)
        for held, chord in ((ctrl and shift, CTRL | SHIFT), (ctrl, CTRL), (shift and not ctrl, SHIFT)):
            if held and (key, chord) in self.keys:
                return self.keys[(key, chord)]
        if ctrl or alt:
            return None
        char = getattr(event, "unicode", "")
        if char and char in self.chars:
            return self.chars[char]
        return self.keys.get((key, 0))
