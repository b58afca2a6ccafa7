"""Easing curves (t in 0..1)."""
from __future__ import annotations


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def ease_in(t: float) -> float:
    t = clamp01(t)
    return t * t


def ease_out(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) * (1 - t)


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)
