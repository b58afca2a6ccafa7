"""The night palette of Stairs' panels, HUD and replay controls (cheap to import: no pygame)."""
from __future__ import annotations

__all__ = ["INK", "CARD", "CARD_EDGE", "BUTTON", "BUTTON_HOVER", "SOFT"]

INK = (34, 26, 58)
CARD = (40, 32, 74, 232)
CARD_EDGE = (118, 96, 178)
BUTTON = (96, 78, 160)
BUTTON_HOVER = (112, 92, 182)  # lighter than BUTTON, still dark enough for light text (5:1)
SOFT = (214, 206, 240)
