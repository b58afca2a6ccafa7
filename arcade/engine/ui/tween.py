"""Easing curves (t in 0..1) and a tiny time-based tween."""
from __future__ import annotations


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def linear(t: float) -> float:
    return clamp01(t)


def ease_in(t: float) -> float:
    t = clamp01(t)
    return t * t


def ease_out(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) * (1 - t)


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """A value moving from ``a`` to ``b`` over ``duration`` seconds after ``delay``."""

    def __init__(self, a: float, b: float, duration: float, ease=ease_in_out, delay: float = 0.0):
        self.a, self.b, self.duration, self.ease, self.delay = a, b, duration, ease, delay
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    @property
    def value(self) -> float:
        if self.duration <= 0:
            return self.b if self.t >= self.delay else self.a
        return lerp(self.a, self.b, self.ease((self.t - self.delay) / self.duration))
