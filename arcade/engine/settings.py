"""Settings as specs: key, label, default and the values it may take.

The profile validates what it loads against these specs (a hand-edited or corrupt value falls back to the
default), and the settings scene is drawn from the same list. The core settings are here; a game declares its
own in its ``GAME`` record, and the app registers them at start-up.
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    key: str
    label: str
    default: object
    kind: str  # "choice" | "bool" | "float" | "path" (a file, set from the command line; shown, not stepped)
    choices: tuple = ()  # (value, label) pairs for "choice"
    lo: float = 0.0
    hi: float = 1.0
    step: float = 0.1
    section: str = "General"
    hidden: bool = False  # kept in the profile, not shown in the settings scene
    fmt: str = "{:.0%}"  # how a float is shown
    note: str = ""  # one line the settings scene shows under the list while this setting is selected

    def validate(self, value):
        """Return ``value`` in canonical form, or raise ValueError."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"{self.key}: expected true/false, got {value!r}")
        if self.kind == "path":
            if not isinstance(value, str) or len(value) > 4096 or any(ch in value for ch in "\0\n\r"):
                raise ValueError(f"{self.key}: expected a file path, got {str(value)[:60]!r}")
            return value
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
        if self.kind == "path":
            import os

            return os.path.basename(str(value).split()[0]) if value else "None"
        if self.kind == "float":
            return self.fmt.format(value)
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)

    def step_value(self, value, delta: int, wrap: bool = False):
        """The next value left (-1) or right (+1), clamped at both ends (``wrap``: choices go round, as Enter does)."""
        if self.kind == "path":
            return value
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
        if wrap:
            return values[(i + delta) % len(values)]
        return values[max(0, min(len(values) - 1, i + delta))]

    def at_end(self, value, delta: int) -> bool:
        """True when stepping ``delta`` from ``value`` changes nothing (the scene hides that side's arrow)."""
        return self.kind != "bool" and self.step_value(value, delta) == value


CORE: tuple[Spec, ...] = (
    Spec("volume", "Volume", 0.8, "float", step=0.1, section="Sound"),
    Spec("muted", "Mute (M)", False, "bool", section="Sound"),
    Spec("fullscreen", "Fullscreen (F11)", False, "bool", section="Display"),
    Spec("anim_speed", "Animations", 1.0, "choice",
         ((0.0, "Off"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast")), section="Display"),
    Spec("reduce_motion", "Reduced motion", False, "bool", section="Display",
         note="No screen shake or flashes; every animation short"),
    Spec("colour_safe", "Colour-blind-safe colours", False, "bool", section="Display",
         note="Colours told apart with any colour vision; every mark differs in shape too"),
    Spec("text_size", "Text size", 1.0, "choice", ((1.0, "100 %"), (1.25, "125 %"), (1.5, "150 %")),
         section="Display", note="Small text drawn larger, up to 28 px; titles and numbers keep their size"),
    Spec("language", "Language", "auto", "choice", (("auto", "System"), ("en", "English"), ("zh", "简体中文")),
         section="Display", note="System: the language of your desktop; switches at once"),
)
"""The settings every game shares; each game's own come with its ``GAME`` record and are :func:`register`-ed."""

BY_KEY: dict[str, Spec] = {s.key: s for s in CORE}
"""Every known setting by key: the core ones plus those registered by the games of this process."""


def anim_speed(get) -> float:
    """How fast animations play (``get`` reads a setting): the Animations setting (0 = off); with Reduced motion
    every animation is at least twice as fast (short), and none is turned back on."""
    speed = float(get("anim_speed"))
    return max(speed, 2.0) if speed and get("reduce_motion") else speed


def register(specs) -> None:
    """Make settings known (the app registers its games' settings at start-up). Registering the same key again
    replaces its spec."""
    for spec in specs:
        BY_KEY[spec.key] = spec


def specs() -> tuple[Spec, ...]:
    return tuple(BY_KEY.values())


def default(key: str):
    return BY_KEY[key].default


def validate(key: str, value):
    spec = BY_KEY.get(key)
    if spec is None:
        raise KeyError(f"unknown setting {key!r}")
    return spec.validate(value)


__all__ = ["Spec", "CORE", "BY_KEY", "register", "specs", "default", "validate"]
