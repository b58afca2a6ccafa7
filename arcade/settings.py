"""Every setting in one place: key, label, default and the values it may take.

The profile validates what it loads against these specs (a hand-edited or corrupt value falls
back to the default), and the settings scene is drawn from the same list.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    key: str
    label: str
    default: object
    kind: str  # "choice" | "bool" | "float"
    choices: tuple = ()  # (value, label) pairs for "choice"
    lo: float = 0.0
    hi: float = 1.0
    step: float = 0.1
    section: str = "General"
    hidden: bool = False  # kept in the profile, not shown in the settings scene
    fmt: str = "{:.0%}"  # how a float is shown

    def validate(self, value):
        """Return ``value`` in canonical form, or raise ValueError."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"{self.key}: expected true/false, got {value!r}")
        if self.kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{self.key}: expected a number, got {value!r}")
            if not self.lo <= value <= self.hi:
                raise ValueError(f"{self.key}: {value} is outside {self.lo}..{self.hi}")
            return float(value)
        for v, _ in self.choices:
            if isinstance(value, bool) != isinstance(v, bool):
                continue  # JSON true is not the choice 1
            if value == v and (isinstance(value, str) == isinstance(v, str)):
                return v
        raise ValueError(f"{self.key}: {value!r} is not one of {[v for v, _ in self.choices]}")

    def label_of(self, value) -> str:
        if self.kind == "bool":
            return "On" if value else "Off"
        if self.kind == "float":
            return self.fmt.format(value)
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)

    def step_value(self, value, delta: int):
        """The next value left (-1) or right (+1), wrapping through choices, clamping floats."""
        if self.kind == "bool":
            return not value
        if self.kind == "float":
            n = round((value - self.lo) / self.step) + delta
            return round(min(self.hi, max(self.lo, self.lo + n * self.step)), 6)
        values = [v for v, _ in self.choices]
        try:
            i = values.index(value)
        except ValueError:
            i = 0
        return values[(i + delta) % len(values)]


SPECS: tuple[Spec, ...] = (
    Spec("volume", "Volume", 0.8, "float", step=0.1, section="Sound"),
    Spec("muted", "Mute (M)", False, "bool", section="Sound"),
    Spec("fullscreen", "Fullscreen (F11)", False, "bool", section="Display"),
    Spec("anim_speed", "Animations", 1.0, "choice",
         ((0.0, "Off"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast")), section="Display"),
    Spec("2048.size", "Board size", 4, "choice", tuple((n, f"{n} x {n}") for n in range(3, 9)), section="2048"),
    Spec("2048.four_probability", "Chance of a 4", 0.1, "float", step=0.05, section="2048"),
    Spec("ai.strategy", "AI strategy", "expectimax", "choice",
         (("expectimax", "Expectimax"), ("alphabeta", "Alpha-beta"), ("montecarlo", "Monte Carlo"), ("mcts", "UCT tree search")),
         section="2048"),
    Spec("ai.speed", "Autoplay speed", 10, "choice",
         tuple((n, f"{n} moves/s") for n in (1, 2, 3, 5, 10, 15, 20, 30)) + ((0, "As fast as it thinks"),), section="2048"),
    Spec("stairs.mouse", "Stairs mouse", "halves", "choice",
         (("halves", "Screen halves"), ("buttons", "Left/right buttons")), section="Stairs"),
    Spec("help.2048", "2048 help seen", False, "bool", hidden=True),
    Spec("help.stairs", "Stairs help seen", False, "bool", hidden=True),
)

BY_KEY: dict[str, Spec] = {s.key: s for s in SPECS}
DEFAULTS: dict[str, object] = {s.key: s.default for s in SPECS}

AI_SPEEDS: tuple[int, ...] = tuple(v for v, _ in BY_KEY["ai.speed"].choices)


def validate(key: str, value):
    spec = BY_KEY.get(key)
    if spec is None:
        raise KeyError(f"unknown setting {key!r}")
    return spec.validate(value)


__all__ = ["Spec", "SPECS", "BY_KEY", "DEFAULTS", "AI_SPEEDS", "validate"]
