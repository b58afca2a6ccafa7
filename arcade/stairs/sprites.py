"""The Stairs sprites: every image of the staircase layer (stairs, spike traps, the robot and its shadow, the causes'
marks) pre-scaled once from the design size (:data:`SCALE`), a plain shape standing in for a missing image, and
their pre-rendered variants: the fade into the night with depth (:func:`depth_fade`), the warned stair's reddening
and the candidate stair's glow. Drawn by :mod:`arcade.stairs.layers` and :mod:`arcade.stairs.ghost`; the scenery
strips are pre-scaled the same way (:func:`scaled`)."""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from arcade.engine import assets
from arcade.stairs.causes import CAUSES
from arcade.stairs.motion import WARN_AMOUNT, WARN_LEVELS, WARN_TINT

SCALE = 1.0  # design units -> logical pixels (the art is drawn at the design size)

# --- readability ----------------------------------------------------------------------------------------------
ROBOT_SCALE = 0.8  # the robot (and its shadow) against the stairs: small enough that a spike block two rows up
#                    (68 px) or on a neighbouring stair never overlaps it while it stands (its art is 76 px tall)
DEPTH_TINT = (30, 24, 62)  # stairs away from the robot's row fade towards the night: depth, and the near ones pop
DEPTH_UP = (0.62, 5.0)  # (most, rows): rows above fade by most * (1 - exp(-(rows_up / rows) ** DEPTH_CURVE))
DEPTH_CURVE = 1.3  # > 1: the next row stays nearly as bright as the robot's, the fade grows beyond
DEPTH_DOWN = (0.30, 3.0)  # ... and rows below, less (what is behind matters less, but it is no longer in play)
OBSTACLE_DEPTH = 0.55  # spike traps fade this fraction of a stair's fade at their row: a spike stays readable far up
DEPTH_STEP = 0.025  # quantisation of the fade (one pre-rendered sprite per step)
STAIR_INSET = 7  # the stair art's slab is this much narrower on each side than its tile (tools/make_assets.py)

DEFAULT_ANCHORS = {
    "stair": (50, 13), "stair_cracked": (50, 13), "obstacle": (32, 64), "robot_shadow": (24, 7),
    **{f"robot_{p}_{f}": (32, 77) for p in ("idle", "hop", "fall") for f in ("left", "right")},
}


# ======================================================================================== sprites
@dataclass(frozen=True)
class Sprite:
    image: pygame.Surface
    anchor: tuple[int, int]  # pixel of the image that goes on the point it is drawn at


def _manifest_anchors() -> dict:
    try:
        data = json.loads(assets.data_file("images", "manifest.json").read_text())
        return {k: tuple(v["anchor"]) for k, v in data.items() if isinstance(v, dict) and "anchor" in v}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _placeholder(name: str) -> pygame.Surface:
    """A plain shape when an image is missing, so the game stays playable."""
    if name.startswith("stair"):
        s = pygame.Surface((100, 60), pygame.SRCALPHA)
        pygame.draw.rect(s, (214, 130, 92), s.get_rect(), border_radius=10)
        pygame.draw.rect(s, (250, 236, 205), (0, 0, 100, 26), border_radius=10)
    elif name == "obstacle":  # a spike trap: jagged on top, unlike a stair's flat slab
        s = pygame.Surface((64, 72), pygame.SRCALPHA)
        pygame.draw.rect(s, (58, 48, 82), (13, 40, 38, 27), border_radius=5)
        for x0, h in ((11, 17), (25, 27), (39, 17)):
            pygame.draw.polygon(s, (244, 242, 250), [(x0, 41), (x0 + 7, 40 - h), (x0 + 14, 41)])
    elif name == "robot_shadow":
        s = pygame.Surface((48, 14), pygame.SRCALPHA)
        pygame.draw.ellipse(s, (0, 0, 0, 90), s.get_rect())
    else:
        s = pygame.Surface((64, 80), pygame.SRCALPHA)
        pygame.draw.rect(s, (240, 240, 240), (12, 10, 40, 66), border_radius=12)
    return s


def scaled(surf: pygame.Surface, k: float) -> pygame.Surface:
    if k == 1.0:
        return surf.copy()  # our own copy: per-sprite alpha must not leak into the shared cache
    w, h = surf.get_size()
    out = pygame.transform.smoothscale(surf, (max(1, round(w * k)), max(1, round(h * k))))
    if out.get_flags() & pygame.SRCALPHA:  # smoothscale rounds 255 down to 253: keep solid art solid
        alpha = pygame.surfarray.pixels_alpha(out)
        alpha[alpha >= 248] = 255
        del alpha  # unlock the surface
    return out


@lru_cache(maxsize=4)
def load_sprites(scale: float = SCALE) -> dict[str, Sprite]:
    """Every stair-layer image pre-scaled once (cached per scale), plus a squashed landing pose per facing."""
    anchors = {**DEFAULT_ANCHORS, **_manifest_anchors()}
    out: dict[str, Sprite] = {}
    for name in DEFAULT_ANCHORS:
        img = assets.image(name) if assets.has_image(name) else _placeholder(name)
        ax, ay = anchors.get(name, DEFAULT_ANCHORS[name])
        k = scale * ROBOT_SCALE if name.startswith("robot") else scale
        out[name] = Sprite(scaled(img, k), (round(ax * k), round(ay * k)))
    for facing in ("left", "right"):  # squash and stretch, rendered once
        idle = out[f"robot_idle_{facing}"]
        w, h = idle.image.get_size()
        sw, sh = round(w * 1.12), round(h * 0.88)
        out[f"robot_land_{facing}"] = Sprite(pygame.transform.smoothscale(idle.image, (sw, sh)),
                                             (round(idle.anchor[0] * sw / w), round(idle.anchor[1] * sh / h)))
    for cause in CAUSES:
        name = f"cause_{cause}"
        if assets.has_image(name):
            img = assets.image(name)
            out[name] = Sprite(scaled(img, scale * 1.25), (round(img.get_width() * scale * 1.25 / 2),) * 2)
    return out


def tinted(spr: Sprite, colour, amount: float) -> Sprite:
    """A copy of ``spr`` with its rgb moved ``amount`` (0..1) of the way to ``colour``, alpha untouched."""
    img = spr.image.copy()
    if amount > 0:
        keep = round(255 * (1.0 - amount))
        img.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        img.fill(tuple(round(c * amount) for c in colour), special_flags=pygame.BLEND_RGB_ADD)
    return Sprite(img, spr.anchor)


def depth_fade(rows_up: float) -> float:
    """How far (0..1) a stair ``rows_up`` rows above the robot's (negative: below) fades into the night."""
    most, rows = DEPTH_UP if rows_up >= 0 else DEPTH_DOWN
    return most * (1.0 - math.exp(-(abs(rows_up) / rows) ** DEPTH_CURVE))


def _hint_sprite(scale: float) -> Sprite:
    """A soft warm glow on a stair's top face (the walkable 26 rows of the slab, which is inset from its tile)."""
    w, h = round(100 * scale), round(60 * scale)
    top, inset = round(26 * scale), round(STAIR_INSET * scale)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 250, 220, 96), (inset + 2, 1, w - 2 * inset - 4, top - 1), border_radius=round(9 * scale))
    pygame.draw.rect(s, (255, 226, 120, 255), (inset, 0, w - 2 * inset, top + 1), width=max(2, round(4 * scale)),
                     border_radius=round(10 * scale))
    return Sprite(s, (round(50 * scale), round(13 * scale)))


@lru_cache(maxsize=4)
def shaded_sprites(scale: float = SCALE) -> dict[str, tuple[Sprite, ...]]:
    """Pre-rendered variants, built once per scale: ``"stair"`` and ``"obstacle"`` per depth step (index =
    round(fade / DEPTH_STEP)), ``"stair_cracked"`` per warning step (0..WARN_LEVELS), and the ``"hint"`` glow."""
    base = load_sprites(scale)
    steps = round(max(DEPTH_UP[0], DEPTH_DOWN[0]) / DEPTH_STEP) + 1
    return {
        "stair": tuple(tinted(base["stair"], DEPTH_TINT, i * DEPTH_STEP) for i in range(steps)),
        "obstacle": tuple(tinted(base["obstacle"], DEPTH_TINT, i * DEPTH_STEP * OBSTACLE_DEPTH) for i in range(steps)),
        "stair_cracked": tuple(tinted(base["stair_cracked"], WARN_TINT, WARN_AMOUNT * i / WARN_LEVELS)
                               for i in range(WARN_LEVELS + 1)),
        "hint": (_hint_sprite(scale),),
    }
