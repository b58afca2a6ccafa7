"""Input helpers shared by scenes: one logical pointer press per physical click or tap.

SDL reports a touch twice: as FINGERDOWN (window-normalised coordinates) and, for the first finger,
as a synthetic mouse click flagged ``touch``. We take touches from the FINGER events (so two thumbs
tapping fast both count) and ignore the synthetic mouse copy, so nothing is counted twice.
"""
from __future__ import annotations

import math

import pygame

LOGICAL_SIZE = (480, 800)  # the portrait canvas (a phone's shape, the original games' own)
LANDSCAPE_SIZE = (840, 560)  # the landscape canvas: aspect 1.5 fills >= 84 % of 1280x1000, 1920x1080 and 800x480,
#                             and 560 high shows its smallest text (13 px) at 11 pixels in a 480-pixel-high window
CANVASES = (LOGICAL_SIZE, LANDSCAPE_SIZE)
# the window aspect (width / height) from which the landscape canvas fills more of it than the portrait one: the
# geometric mean of the two canvases' aspects (0.6 x 1.5), where the two fill the same share
TURN_ASPECT = math.sqrt(LOGICAL_SIZE[0] / LOGICAL_SIZE[1] * LANDSCAPE_SIZE[0] / LANDSCAPE_SIZE[1])

_current = [LOGICAL_SIZE]  # the canvas the app draws on now (set by the app when the window turns)


def canvas_for(window) -> tuple[int, int]:
    """The canvas a window of this size is drawn on: landscape when it fills more of it than portrait."""
    w, h = window
    if w <= 0 or h <= 0:
        return LOGICAL_SIZE
    return LANDSCAPE_SIZE if w / h > TURN_ASPECT else LOGICAL_SIZE


def is_landscape(size) -> bool:
    return size[0] > size[1]


def current_canvas() -> tuple[int, int]:
    return _current[0]


def set_current_canvas(size) -> None:
    _current[0] = tuple(size)


def finger_to_logical(nx: float, ny: float, window_size=None, logical=None) -> tuple[float, float]:
    """Normalised finger coordinates -> logical canvas pixels (of ``logical``, by default the canvas drawn on now).
    Scenes get fingers already normalised to the canvas (the app maps them from the window, letterbox and all:
    ``App.to_canvas``), so by default this only scales; with ``window_size`` it undoes the letterbox of a canvas
    fitted into a window of that size."""
    if logical is None:
        logical = current_canvas()
    if window_size is None:
        window_size = logical
    ww, wh = window_size
    lw, lh = logical
    if ww <= 0 or wh <= 0:
        return nx * lw, ny * lh
    scale = min(ww / lw, wh / lh)
    ox, oy = (ww - lw * scale) / 2, (wh - lh * scale) / 2
    return (nx * ww - ox) / scale, (ny * wh - oy) / scale


def pointer_down(event) -> tuple[float, float, int] | None:
    """(x, y, button) for a mouse click or a finger touch, None for anything else.

    ``button`` is the mouse button (1 left, 3 right), 1 for a touch.
    """
    return _pointer(event, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)


def pointer_up(event) -> tuple[float, float, int] | None:
    """(x, y, button) for a mouse button or a finger let go, None for anything else (as :func:`pointer_down`)."""
    return _pointer(event, pygame.MOUSEBUTTONUP, pygame.FINGERUP)


def _pointer(event, mouse: int, finger: int) -> tuple[float, float, int] | None:
    """(x, y, button) of a mouse event of type ``mouse`` (the left, middle or right button; a mouse event SDL made
    from a touch is skipped: the finger's own event counts) or a finger event of type ``finger``."""
    if event.type == mouse and not getattr(event, "touch", False):
        if event.button in (1, 2, 3):
            return event.pos[0], event.pos[1], event.button
        return None
    if event.type == finger:
        x, y = finger_to_logical(event.x, event.y)
        return x, y, 1
    return None


def pointer_motion(event) -> tuple[float, float] | None:
    if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
        return event.pos
    if event.type == pygame.FINGERMOTION:
        return finger_to_logical(event.x, event.y)
    return None


def is_user_input(event) -> bool:
    """Anything a player does (for idle timers and 'any input' checks)."""
    return event.type in (
        pygame.KEYDOWN,
        pygame.MOUSEBUTTONDOWN,
        pygame.FINGERDOWN,
        pygame.MOUSEWHEEL,
        pygame.JOYBUTTONDOWN,
        pygame.CONTROLLERBUTTONDOWN,
    ) or (event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False) and any(event.rel))
