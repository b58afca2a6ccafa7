#!/usr/bin/env python3
"""Regenerate the arcade's images and sounds, reproducibly.

    .venv/bin/python tools/make_assets.py              # writes assets/images/ and assets/sounds/
    .venv/bin/python tools/make_assets.py --out DIR    # writes DIR/images/ and DIR/sounds/ instead
    .venv/bin/python tools/make_assets.py --only images|sounds

Images are drawn with numpy alone: every shape is a signed-distance function, rasterised with analytic
antialiasing at 2x and box-filtered down with premultiplied alpha, then written as RGBA PNG by a small
encoder here (zlib, fixed filters, no timestamps). Sounds are synthesised with numpy (oscillators,
envelopes, a state-variable filter, seeded noise) and written as 16-bit mono 44.1 kHz WAV with the
``wave`` module. Fixed seeds everywhere, so a re-run gives byte-identical files. pygame is not needed to
generate (the script still sets the SDL dummy drivers, in case a caller imports pygame after it).

Each folder gets a ``manifest.json`` (name -> file, size / duration, peak, anchor points).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse
import contextlib
import io
import json
import math
import struct
import wave
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SS = 2  # supersampling factor for every image

# ---------------------------------------------------------------------------------------------------------------
# palette
# ---------------------------------------------------------------------------------------------------------------


def C(hexstr: str) -> tuple[float, float, float]:
    """'#rrggbb' -> (r, g, b) in 0..1."""
    h = hexstr.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(a, b, t: float):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


# the original 2048 (menu, icons)
PAGE, SAND, BEIGE, BOARD, BROWN, TEXT, DARK = (C(x) for x in (
    "#faf8ef", "#eee4da", "#ede0c8", "#bbada0", "#8f7a66", "#776e65", "#3c3a32"))
LIGHT = C("#f9f6f2")
T8, T16, T32, T64, T128, GOLD = (C(x) for x in ("#f2b179", "#f59563", "#f67c5f", "#f65e3b", "#edcf72", "#edc22e"))
# shared ink: outlines of characters and props
INK = C("#3b3548")
# the Stairs evening
SKY_TOP, SKY_MID, SKY_LOW, SKY_HORIZON = (C(x) for x in ("#2b2952", "#5a4a86", "#b96d93", "#f3a77a"))
STAIR_TOP, STAIR_TOP_LIGHT, STAIR_FRONT, STAIR_FRONT_DARK, STAIR_JOINT, STAIR_LIP = (C(x) for x in (
    "#f4dcb4", "#fbecd2", "#d98c5f", "#bb6c48", "#c47650", "#eaa677"))
STAIR_INK = C("#5a3a3e")
SPIKE_BODY, SPIKE_TOP, SPIKE_DARK, SPIKE_LIGHT, SPIKE_SHADE, SPIKE_WARN = (C(x) for x in (
    "#3a3052", "#5b5183", "#241d38", "#f4f2fa", "#aaa3c8", "#e8553f"))
LEAF_BACK, LEAF_DARK, LEAF_MID, LEAF_LIGHT, LEAF_TIP, BRANCH = (C(x) for x in (
    "#1d3a45", "#2a5a55", "#3b7d62", "#5b9f6c", "#86c27c", "#4b3238"))
ROBOT_BODY, ROBOT_SHADE, ROBOT_LIMB, ROBOT_JOINT, ROBOT_EYE = (C(x) for x in (
    "#f9f6f2", "#e8ddd0", "#bbada0", "#8f7a66", "#7ee6f5"))

# ---------------------------------------------------------------------------------------------------------------
# signed-distance shapes (design units; negative inside)
# ---------------------------------------------------------------------------------------------------------------
INF = 1e9


def _sqrt(v):
    return np.sqrt(np.maximum(v, 0.0))


class Shape:
    """A signed-distance function ``f(x, y)`` with a bounding box ``(x0, y0, x1, y1)`` in local units."""

    __slots__ = ("f", "bbox")

    def __init__(self, f, bbox):
        self.f = f
        self.bbox = bbox

    def __or__(self, o: "Shape") -> "Shape":
        f, g = self.f, o.f
        b, c = self.bbox, o.bbox
        return Shape(lambda x, y: np.minimum(f(x, y), g(x, y)),
                     (min(b[0], c[0]), min(b[1], c[1]), max(b[2], c[2]), max(b[3], c[3])))

    def __and__(self, o: "Shape") -> "Shape":
        f, g = self.f, o.f
        b, c = self.bbox, o.bbox
        return Shape(lambda x, y: np.maximum(f(x, y), g(x, y)),
                     (max(b[0], c[0]), max(b[1], c[1]), min(b[2], c[2]), min(b[3], c[3])))

    def __sub__(self, o: "Shape") -> "Shape":
        f, g = self.f, o.f
        return Shape(lambda x, y: np.maximum(f(x, y), -g(x, y)), self.bbox)

    def grow(self, r: float) -> "Shape":
        f = self.f
        b = self.bbox
        return Shape(lambda x, y: f(x, y) - r, (b[0] - r, b[1] - r, b[2] + r, b[3] + r))

    def ring(self, width: float) -> "Shape":
        """The band of ``width`` centred on the outline."""
        f = self.f
        b = self.bbox
        h = width / 2
        return Shape(lambda x, y: np.abs(f(x, y)) - h, (b[0] - h, b[1] - h, b[2] + h, b[3] + h))

    def moved(self, dx: float, dy: float) -> "Shape":
        f = self.f
        b = self.bbox
        return Shape(lambda x, y: f(x - dx, y - dy), (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy))


def union(*shapes: Shape) -> Shape:
    out = shapes[0]
    for s in shapes[1:]:
        out = out | s
    return out


def circle(cx, cy, r) -> Shape:
    return Shape(lambda x, y: _sqrt((x - cx) ** 2 + (y - cy) ** 2) - r, (cx - r, cy - r, cx + r, cy + r))


def ellipse(cx, cy, rx, ry) -> Shape:
    def f(x, y):
        px, py = (x - cx), (y - cy)
        k0 = _sqrt((px / rx) ** 2 + (py / ry) ** 2)
        k1 = _sqrt((px / (rx * rx)) ** 2 + (py / (ry * ry)) ** 2)
        return k0 * (k0 - 1.0) / np.maximum(k1, 1e-9)
    return Shape(f, (cx - rx, cy - ry, cx + rx, cy + ry))


def rbox(x0, y0, x1, y1, r=0.0) -> Shape:
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r

    def f(x, y):
        qx = np.abs(x - cx) - hx
        qy = np.abs(y - cy) - hy
        return _sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2) + np.minimum(np.maximum(qx, qy), 0) - r
    return Shape(f, (x0, y0, x1, y1))


def _seg_d2(x, y, ax, ay, bx, by):
    pax, pay = x - ax, y - ay
    bax, bay = bx - ax, by - ay
    den = bax * bax + bay * bay
    h = np.clip((pax * bax + pay * bay) / den, 0.0, 1.0) if den > 0 else 0.0
    dx, dy = pax - bax * h, pay - bay * h
    return dx * dx + dy * dy


def stroke(points, width) -> Shape:
    """A polyline with round caps; ``width`` a number or one per segment (a taper)."""
    pts = [(float(a), float(b)) for a, b in points]
    n = len(pts) - 1
    widths = [float(width)] * n if np.isscalar(width) else [float(w) for w in width]

    def f(x, y):
        d = None
        for i in range(n):
            di = _sqrt(_seg_d2(x, y, *pts[i], *pts[i + 1])) - widths[i] / 2
            d = di if d is None else np.minimum(d, di)
        return d
    m = max(widths) / 2
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return Shape(f, (min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m))


def polygon(points) -> Shape:
    pts = [(float(a), float(b)) for a, b in points]

    def f(x, y):
        d = (x - pts[0][0]) ** 2 + (y - pts[0][1]) ** 2
        s = np.ones_like(x)
        j = len(pts) - 1
        for i in range(len(pts)):
            vix, viy = pts[i]
            vjx, vjy = pts[j]
            ex, ey = vjx - vix, vjy - viy
            wx, wy = x - vix, y - viy
            den = ex * ex + ey * ey
            h = np.clip((wx * ex + wy * ey) / den, 0.0, 1.0) if den > 0 else 0.0
            bx, by = wx - ex * h, wy - ey * h
            d = np.minimum(d, bx * bx + by * by)
            c1 = y >= viy
            c2 = y < vjy
            c3 = ex * wy > ey * wx
            flip = (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
            s = np.where(flip, -s, s)
            j = i
        return s * _sqrt(d)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return Shape(f, (min(xs), min(ys), max(xs), max(ys)))


def halfplane(px, py, nx, ny) -> Shape:
    """Everything on the side of the line through (px, py) opposite to the normal (nx, ny)."""
    n = math.sqrt(nx * nx + ny * ny)
    nx, ny = nx / n, ny / n
    return Shape(lambda x, y: (x - px) * nx + (y - py) * ny, (-INF, -INF, INF, INF))


def below(y0) -> Shape:
    return halfplane(0, y0, 0, -1)


def above(y0) -> Shape:
    return halfplane(0, y0, 0, 1)


def leaf(cx, cy, angle_deg, length, width) -> Shape:
    """A pointed leaf (the lens between two circles), centred at (cx, cy), its axis at ``angle_deg``."""
    w = width / 2
    r = (length * length / 4 + w * w) / (2 * w)
    off = r - w
    ca, sa = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))

    def f(x, y):
        u = (x - cx) * ca + (y - cy) * sa
        v = -(x - cx) * sa + (y - cy) * ca
        d1 = _sqrt(u * u + (v - off) ** 2) - r
        d2 = _sqrt(u * u + (v + off) ** 2) - r
        return np.maximum(d1, d2)
    h = length / 2
    return Shape(f, (cx - h, cy - h, cx + h, cy + h))


def arc_points(cx, cy, r, a0, a1, n=16):
    """Points on a circle from angle a0 to a1 (degrees; y down, so 90 is straight down)."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def bezier(p0, p1, p2, n=12):
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# transforms and the canvas
# ---------------------------------------------------------------------------------------------------------------


class Xf:
    """Affine map local -> canvas: X = a x + b y + tx, Y = c x + d y + ty."""

    __slots__ = ("a", "b", "c", "d", "tx", "ty")

    def __init__(self, a=1.0, b=0.0, c=0.0, d=1.0, tx=0.0, ty=0.0):
        self.a, self.b, self.c, self.d, self.tx, self.ty = a, b, c, d, tx, ty

    def __matmul__(self, o: "Xf") -> "Xf":  # self after o
        return Xf(self.a * o.a + self.b * o.c, self.a * o.b + self.b * o.d,
                  self.c * o.a + self.d * o.c, self.c * o.b + self.d * o.d,
                  self.a * o.tx + self.b * o.ty + self.tx, self.c * o.tx + self.d * o.ty + self.ty)

    def apply(self, x, y):
        return self.a * x + self.b * y + self.tx, self.c * x + self.d * y + self.ty

    def inverse(self) -> "Xf":
        det = self.a * self.d - self.b * self.c
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Xf(a, b, c, d, -(a * self.tx + b * self.ty), -(c * self.tx + d * self.ty))

    @property
    def scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


def make_xf(translate=(0.0, 0.0), rotate=0.0, scale=1.0, flip=False, about=(0.0, 0.0)) -> Xf:
    """p -> about + R(rotate) S(scale) F(flip) (p - about) + translate (rotate in degrees, clockwise on screen)."""
    ca, sa = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
    fx = -1.0 if flip else 1.0
    a, b, c, d = ca * scale * fx, -sa * scale, sa * scale * fx, ca * scale
    ax, ay = about
    tx = ax + translate[0] - (a * ax + b * ay)
    ty = ay + translate[1] - (c * ax + d * ay)
    return Xf(a, b, c, d, tx, ty)


def _smooth(t):
    return t * t * (3.0 - 2.0 * t)


def box_blur(m: np.ndarray, r: int, axis: int, wrap: bool = False) -> np.ndarray:
    if r <= 0:
        return m
    pad = [(0, 0)] * m.ndim
    pad[axis] = (r + 1, r)
    p = np.pad(m, pad, mode="wrap" if wrap else "constant")
    c = np.cumsum(p, axis=axis)
    n = m.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / (2 * r + 1)


def blur(m: np.ndarray, radius: float, wrap_y: bool = False) -> np.ndarray:
    """About a gaussian of sigma ~ radius/1.7: three box passes per axis."""
    r = max(1, int(round(radius / 1.7)))
    for _ in range(3):
        m = box_blur(m, r, 0, wrap_y)
        m = box_blur(m, r, 1)
    return m


class Canvas:
    """An RGBA canvas of w x h design pixels, stored premultiplied at SS x resolution."""

    def __init__(self, w: int, h: int, ss: int = SS, wrap_y: bool = False):
        self.w, self.h, self.ss, self.wrap_y = w, h, ss, wrap_y
        self.W, self.H = w * ss, h * ss
        self.rgb = np.zeros((self.H, self.W, 3))
        self.a = np.zeros((self.H, self.W))
        self._stack = [Xf()]

    @contextlib.contextmanager
    def push(self, **kw):
        self._stack.append(self._stack[-1] @ make_xf(**kw))
        try:
            yield self
        finally:
            self._stack.pop()

    def layer(self) -> "Canvas":
        c = Canvas(self.w, self.h, self.ss, self.wrap_y)
        c._stack = [self._stack[-1]]
        return c

    # -- rasterising ----------------------------------------------------------------------------------------
    def _coverage(self, shape: Shape, M: Xf, soft: float, pad: float):
        b = shape.bbox
        bx0, by0 = max(b[0], -INF / 2), max(b[1], -INF / 2)
        bx1, by1 = min(b[2], INF / 2), min(b[3], INF / 2)
        if bx0 > bx1 or by0 > by1:
            return None
        corners = [M.apply(x, y) for x, y in ((bx0, by0), (bx1, by0), (bx0, by1), (bx1, by1))]
        X0 = min(c[0] for c in corners) - pad
        X1 = max(c[0] for c in corners) + pad
        Y0 = min(c[1] for c in corners) - pad
        Y1 = max(c[1] for c in corners) + pad
        s = self.ss
        i0, i1 = max(0, int(math.floor(X0 * s))), min(self.W, int(math.ceil(X1 * s)))
        j0, j1 = max(0, int(math.floor(Y0 * s))), min(self.H, int(math.ceil(Y1 * s)))
        if i0 >= i1 or j0 >= j1:
            return None
        X = ((np.arange(i0, i1) + 0.5) / s)[None, :]
        Y = ((np.arange(j0, j1) + 0.5) / s)[:, None]
        inv = M.inverse()
        lx, ly = inv.apply(X, Y)
        lx, ly = np.broadcast_to(lx, (j1 - j0, i1 - i0)), np.broadcast_to(ly, (j1 - j0, i1 - i0))
        d = shape.f(lx, ly) * (M.scale * s)  # in output pixels at SS resolution
        if soft > 0:
            cov = _smooth(np.clip(0.5 - d / (soft * s), 0.0, 1.0))
        else:
            cov = np.clip(0.5 - d, 0.0, 1.0)
        return (slice(j0, j1), slice(i0, i1)), cov, lx, ly

    def _matrices(self):
        M = self._stack[-1]
        if not self.wrap_y:
            return [M]
        return [Xf(ty=oy) @ M for oy in (-self.h, 0.0, self.h)]

    def fill(self, shape: Shape, color, alpha: float = 1.0, soft: float = 0.0) -> None:
        """Paint ``shape`` over the canvas. ``color``: (r, g, b) in 0..1, or ``f(x, y) -> (..., 3)`` in local
        units (a gradient). ``soft``: width of a feathered edge, in design pixels."""
        for M in self._matrices():
            got = self._coverage(shape, M, soft, 1.0 + soft)
            if got is None:
                continue
            sl, cov, lx, ly = got
            if callable(color):
                col = np.asarray(color(lx, ly), dtype=float)
            else:
                col = np.asarray(color, dtype=float)[None, None, :]
            sa = (cov * alpha)[..., None]
            self.rgb[sl] = col * sa + self.rgb[sl] * (1.0 - sa)
            self.a[sl] = sa[..., 0] + self.a[sl] * (1.0 - sa[..., 0])

    def shadow(self, shape: Shape, color, alpha: float, radius: float, dx: float = 0.0, dy: float = 0.0) -> None:
        """A blurred copy of ``shape`` (offset by dx, dy) painted underneath what comes next."""
        m = np.zeros((self.H, self.W))
        for M in self._matrices():
            got = self._coverage(shape.moved(dx, dy), M, 0.0, 1.0)
            if got is not None:
                sl, cov, _, _ = got
                m[sl] = np.maximum(m[sl], cov)
        m = blur(m, radius * self.ss, self.wrap_y) * alpha
        col = np.asarray(color, dtype=float)[None, None, :]
        self.rgb = col * m[..., None] + self.rgb * (1.0 - m[..., None])
        self.a = m + self.a * (1.0 - m)

    def paint(self, color) -> None:
        """Fill the whole canvas (opaque), ``color`` as in fill but in canvas design units."""
        X = ((np.arange(self.W) + 0.5) / self.ss)[None, :] * np.ones((self.H, 1))
        Y = ((np.arange(self.H) + 0.5) / self.ss)[:, None] * np.ones((1, self.W))
        col = np.asarray(color(X, Y) if callable(color) else np.broadcast_to(color, (self.H, self.W, 3)), dtype=float)
        self.rgb = col.copy()
        self.a = np.ones((self.H, self.W))

    def composite(self, other: "Canvas", alpha: float = 1.0) -> None:
        self.rgb = other.rgb * alpha + self.rgb * (1.0 - other.a[..., None] * alpha)
        self.a = other.a * alpha + self.a * (1.0 - other.a * alpha)

    def clip_to(self, shape: Shape) -> None:
        """Keep only what lies inside ``shape``."""
        m = np.zeros((self.H, self.W))
        for M in self._matrices():
            got = self._coverage(shape, M, 0.0, 1.0)
            if got is not None:
                sl, cov, _, _ = got
                m[sl] = np.maximum(m[sl], cov)
        self.rgb *= m[..., None]
        self.a *= m

    # -- output ---------------------------------------------------------------------------------------------
    def pixels(self) -> np.ndarray:
        """uint8 (h, w, 4), straight alpha: the SS x SS box average of the premultiplied samples."""
        s = self.ss
        rgb = np.zeros((self.h, self.w, 3))
        a = np.zeros((self.h, self.w))
        for j in range(s):
            for i in range(s):
                rgb = rgb + self.rgb[j::s, i::s]
                a = a + self.a[j::s, i::s]
        rgb /= s * s
        a /= s * s
        a8 = np.floor(np.clip(a, 0, 1) * 255 + 0.5)
        straight = np.where(a[..., None] > 1e-9, rgb / np.maximum(a, 1e-9)[..., None], 0.0)
        rgb8 = np.floor(np.clip(straight, 0, 1) * 255 + 0.5)
        rgb8[a8 == 0] = 0
        return np.dstack([rgb8, a8]).astype(np.uint8)


def vgradient(stops):
    """A colour function of y (local units): stops = [(y, colour), ...] sorted by y."""
    ys = np.array([s[0] for s in stops], dtype=float)
    cols = np.array([s[1] for s in stops], dtype=float)

    def f(x, y):
        y = np.asarray(y, dtype=float) + 0.0 * np.asarray(x, dtype=float)
        return np.stack([np.interp(y, ys, cols[:, k]) for k in range(3)], axis=-1)
    return f


# ---------------------------------------------------------------------------------------------------------------
# PNG and WAV writers
# ---------------------------------------------------------------------------------------------------------------


def png_bytes(px: np.ndarray) -> bytes:
    """RGBA8 PNG; per row the filter (0..4) with the smallest sum of absolute signed bytes."""
    h, w, _ = px.shape
    x = px.reshape(h, w * 4).astype(np.int16)
    a = np.zeros_like(x)
    a[:, 4:] = x[:, :-4]
    b = np.zeros_like(x)
    b[1:] = x[:-1]
    c = np.zeros_like(x)
    c[1:, 4:] = x[:-1, :-4]
    p = a + b - c
    pa, pb, pc = np.abs(p - a), np.abs(p - b), np.abs(p - c)
    paeth = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
    cands = [x, x - a, x - b, x - (a + b) // 2, x - paeth]
    cands = [np.mod(f, 256).astype(np.uint8) for f in cands]
    costs = np.stack([np.abs(f.astype(np.int8).astype(np.int32)).sum(axis=1) for f in cands])
    best = np.argmin(costs, axis=0)
    raw = bytearray()
    for row in range(h):
        k = int(best[row])
        raw.append(k)
        raw += cands[k][row].tobytes()

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


SR = 44100
PEAK_DBFS = -3.0


def wav_bytes(samples: np.ndarray) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(samples.astype("<i2").tobytes())
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------------------------
# the robot
# ---------------------------------------------------------------------------------------------------------------
ROBOT_SIZE = (64, 80)
ROBOT_ANCHOR = (32, 77)  # the point between the feet that stands on the stair
OUTLINE = 1.8


def _part(cv: Canvas, shape: Shape, color, outline: bool = True, ink=INK, ow: float = OUTLINE) -> None:
    if outline:
        cv.fill(shape.grow(ow), ink)
    cv.fill(shape, color)


def draw_robot(cv: Canvas, pose: str = "idle", ink=INK) -> None:
    """The robot facing right, in robot space (64 x 80, feet at ROBOT_ANCHOR). Poses: idle, hop, fall."""
    if pose == "fall":
        with cv.push(rotate=-16.0, about=(32.0, 48.0), scale=0.93):
            _robot(cv, pose, ink)
    else:
        _robot(cv, pose, ink)


def _robot(cv: Canvas, pose: str, ink) -> None:
    P = lambda s, col, outline=True: _part(cv, s, col, outline, ink)  # noqa: E731
    # antenna
    if pose == "idle":
        stem, ball = [(32, 16), (33.5, 8)], (34, 6.5)
    elif pose == "hop":
        stem, ball = [(32, 16), (29.5, 9), (27, 7)], (26.5, 6.5)
    else:
        stem, ball = [(32, 16), (34.5, 9), (38, 6.5)], (38.5, 6.5)
    P(stroke(stem, 2.4), ROBOT_JOINT)
    P(circle(*ball, 3.6), GOLD)
    cv.fill(circle(ball[0] - 1.1, ball[1] - 1.2, 1.2), LIGHT, 0.9)

    # legs and feet
    if pose == "idle":
        legs = [[(26, 63), (26, 72)], [(38, 63), (38, 72)]]
        feet = [rbox(22, 70, 33.5, 77, 3.5), rbox(34.5, 70, 46, 77, 3.5)]
    elif pose == "hop":
        legs = [[(26, 63), (22.5, 67.5), (25, 71)], [(38, 63), (42, 66.5), (40.5, 70)]]
        feet = [rbox(21, 68.5, 32.5, 75, 3.3), rbox(37, 67, 48.5, 73.5, 3.3)]
    else:
        legs = [[(26, 63), (21, 71)], [(38, 63), (44.5, 70)]]
        feet = [rbox(15.5, 69, 27, 76, 3.5), rbox(41.5, 67, 53, 74, 3.5)]
    for lg in legs:
        P(stroke(lg, 5.5), ROBOT_LIMB)
    for ft in feet:
        P(ft, ROBOT_JOINT)

    # ears (behind the head)
    P(circle(12.5, 29, 4.4), ROBOT_LIMB)
    P(circle(51.5, 29, 3.6), ROBOT_LIMB)

    # body
    body = rbox(18, 43, 46, 65.5, 8)
    P(body, ROBOT_BODY)
    cv.fill(body & below(59.5), ROBOT_SHADE)
    cv.fill(rbox(24.5, 48.5, 39.5, 58.5, 3.2), T16)
    cv.fill(rbox(24.5, 48.5, 39.5, 58.5, 3.2) & below(55.5), mix(T16, T64, 0.35))
    cv.fill(circle(32, 53.5, 2.4), LIGHT)

    # head
    head = rbox(13, 13.5, 51, 43.5, 11)
    P(head, ROBOT_BODY)
    cv.fill(head & below(38.5), ROBOT_SHADE)
    cv.fill(stroke(arc_points(24.5, 24.5, 7.5, 200, 250, 6), 2.0), LIGHT, 0.95)  # shine
    visor = rbox(21, 19.5, 50, 37.5, 7.5)
    cv.fill(visor, DARK)
    cv.fill(visor & below(33.5), mix(DARK, ROBOT_EYE, 0.08))

    # face
    eye_l, eye_r, mouth = 31.5, 43.0, 37.25
    if pose == "idle":
        for ex in (eye_l, eye_r):
            cv.fill(rbox(ex - 2.3, 23.5, ex + 2.3, 31.5, 2.3), ROBOT_EYE)
            cv.fill(circle(ex - 0.7, 25.3, 0.9), LIGHT)
        cv.fill(stroke(arc_points(mouth, 31.2, 2.6, 25, 155, 8), 1.5), ROBOT_EYE)
    elif pose == "hop":
        for ex in (eye_l, eye_r):
            cv.fill(stroke([(ex - 3.0, 29.5), (ex, 25.5), (ex + 3.0, 29.5)], 2.3), ROBOT_EYE)
        cv.fill(circle(mouth, 31.5, 2.8) & below(31.5), ROBOT_EYE)
    else:
        for ex in (eye_l, eye_r):
            cv.fill(circle(ex, 27.5, 3.0).ring(1.9), ROBOT_EYE)
            cv.fill(circle(ex, 27.5, 0.9), ROBOT_EYE)
        cv.fill(circle(mouth, 33.8, 1.5).ring(1.3), ROBOT_EYE)
    for cx in (25.5, 48.2):
        cv.fill(ellipse(cx, 33.2, 2.3, 1.3), T8, 0.9)

    # arms (in front of the body)
    if pose == "idle":
        arms = [[(19.5, 48.5), (14, 55), (13.5, 60)], [(44.5, 48.5), (50, 55), (50.5, 60)]]
        hands = [(13.5, 61.5), (50.5, 61.5)]
    elif pose == "hop":
        arms = [[(19.5, 48), (12, 43), (8.5, 36.5)], [(44.5, 48), (52, 43), (55.5, 36.5)]]
        hands = [(8, 35), (56, 35)]
    else:
        arms = [[(19.5, 48), (12, 41), (9, 33)], [(44.5, 48), (53.5, 42), (57, 33.5)]]
        hands = [(8.5, 31.5), (57.5, 32)]
    for arm, hand in zip(arms, hands):
        P(stroke(arm, 5.0), ROBOT_LIMB)
        P(circle(*hand, 3.7), ROBOT_JOINT)


def robot_image(pose: str, facing: str) -> np.ndarray:
    cv = Canvas(*ROBOT_SIZE)
    draw_robot(cv, pose)
    px = cv.pixels()
    return px if facing == "right" else px[:, ::-1].copy()


def robot_shadow() -> np.ndarray:
    cv = Canvas(48, 14)
    cv.fill(ellipse(24, 7, 19, 4.2), INK, 0.38, soft=5.0)
    return cv.pixels()


# ---------------------------------------------------------------------------------------------------------------
# stairs, obstacle
# ---------------------------------------------------------------------------------------------------------------
STAIR_SIZE = (100, 60)
STAIR_WALK = 26  # the top face: the walkable top, overlapped by the next stair
STAIR_STAND = (50, 13)  # the centre of the walkable top
STAIR_INSET = 7  # the slab is drawn this much narrower on each side than its 100-unit place: a clear gap between
#                  two stairs side by side in a row, so every step reads as a step of its own


def draw_stair(cv: Canvas, cracked: bool = False) -> None:
    w, h, t = STAIR_SIZE[0], STAIR_SIZE[1], STAIR_WALK
    x0, x1 = STAIR_INSET, w - STAIR_INSET
    outer = rbox(x0, 0, x1, h, 10)
    inner = rbox(x0 + 1.6, 1.6, x1 - 1.6, h - 1.6, 8.6)
    cv.fill(outer, STAIR_INK)
    front = inner & below(t)
    cv.fill(front, STAIR_FRONT)
    cv.fill(inner & below(t) & above(t + 4.5), STAIR_LIP)
    cv.fill(inner & below(h - 11), STAIR_FRONT_DARK)
    joints = [stroke([(x0 + 2, 43), (x1 - 2, 43)], 1.6)]
    joints += [stroke([(x, t + 4.5), (x, 43)], 1.6) for x in (36, 64)]
    joints += [stroke([(x, 43), (x, h - 11)], 1.6) for x in (22, 50, 78)]
    for j in joints:
        cv.fill(j & inner, STAIR_JOINT)
    top = inner & above(t)
    cv.fill(top, STAIR_TOP)
    cv.fill(rbox(x0 + 6, 4, x1 - 6, t - 4.5, 6), STAIR_TOP_LIGHT)
    cv.fill(stroke([(x0 + 9, t - 1.6), (x1 - 9, t - 1.6)], 1.2), LIGHT, 0.8)
    if cracked:
        crack = stroke([(43, 0), (47, 8), (42, 15), (49, 24), (45, 33), (52, 44), (48, h)], [2.4, 2.2, 2.0, 2.0, 1.8, 1.6])
        cv.fill(crack & inner, STAIR_INK)
        cv.fill(stroke([(47, 8), (56, 11)], 1.4) & inner, STAIR_INK)
        cv.fill(stroke([(45, 33), (36, 38)], 1.4) & inner, STAIR_INK)


def stair_image(cracked=False) -> np.ndarray:
    cv = Canvas(*STAIR_SIZE)
    draw_stair(cv, cracked)
    return cv.pixels()


OBSTACLE_SIZE = (64, 72)
OBSTACLE_ANCHOR = (32, 64)  # the world point of the obstacle: where a stair's STAIR_STAND would be


def draw_obstacle(cv: Canvas) -> None:
    """A spike trap standing in a stair's place, with no step under it: a dark, hazard-striped block under a crown of
    tall steel spikes and a spike out of each side, so its outline is jagged where a stair's is a flat slab. It keeps
    within 25 units of its anchor sideways and 5 below it, so it never overlaps the robot on a neighbouring stair."""
    ax, ay = OBSTACLE_ANCHOR
    cv.fill(ellipse(ax, ay + 1.0, 16, 2.4), INK, 0.4, soft=2.0)
    top, bottom = ay - 24.0, ay + 2.0
    spikes = [((ax + x0, top + 1), (ax + (x0 + x1) / 2, top - hgt), (ax + x1, top + 1)) for x0, x1, hgt in
              ((-18.0, -6.0, 17.0), (-6.5, 6.5, 27.0), (6.0, 18.0, 17.0))]
    sides = [((ax - 16, ay - 18), (ax - 22, ay - 11), (ax - 16, ay - 4)),
             ((ax + 16, ay - 18), (ax + 22, ay - 11), (ax + 16, ay - 4))]
    body = rbox(ax - 17, top, ax + 17, bottom, 5)
    for tri in spikes + sides:
        cv.fill(polygon(list(tri)).grow(OUTLINE + 0.4), INK)
    cv.fill(body.grow(OUTLINE), INK)
    for tri in spikes + sides:
        a, tip, b = tri
        cv.fill(polygon(list(tri)).grow(0.4), SPIKE_LIGHT)
        if tip[1] < a[1] - 8:  # the crown: the right half in shade
            cv.fill(polygon(list(tri)).grow(0.4) & halfplane(tip[0], 0, -1, 0), SPIKE_SHADE)
        else:  # a side spike: the lower half in shade
            cv.fill(polygon(list(tri)).grow(0.4) & below(tip[1]), SPIKE_SHADE)
    cv.fill(body, SPIKE_BODY)
    cv.fill(body & above(top + 6), SPIKE_TOP)
    # hazard stripes across the front
    stripes = union(*(polygon([(ax - 30 + 9 * i, bottom), (ax - 22 + 9 * i, top + 8), (ax - 17.5 + 9 * i, top + 8),
                               (ax - 25.5 + 9 * i, bottom)]) for i in range(7)))
    cv.fill(body & below(top + 8) & stripes, SPIKE_WARN)
    cv.fill(body & below(bottom - 4), SPIKE_DARK, 0.55)
    cv.fill(stroke([(ax - 13, top + 3), (ax + 13, top + 3)], 1.2), LIGHT, 0.35)


def obstacle_image() -> np.ndarray:
    cv = Canvas(*OBSTACLE_SIZE)
    draw_obstacle(cv)
    return cv.pixels()


# ---------------------------------------------------------------------------------------------------------------
# scenery strips (seamless top to bottom: drawn on a torus)
# ---------------------------------------------------------------------------------------------------------------
STRIP_SIZE = (120, 1024)


def draw_strip(cv: Canvas, seed: int) -> None:
    """Foliage entering from the left edge; the canvas wraps vertically, so the strip tiles."""
    rng = np.random.default_rng(seed)
    w, h = cv.w, cv.h
    # a dark, leafy mass along the edge: big silhouette leaves in two deep tones
    n = 30
    for i in range(n):
        y = (i + rng.uniform(-0.3, 0.3)) * h / n
        cv.fill(circle(rng.uniform(-30, -16), y, rng.uniform(30, 40)), LEAF_BACK)
    back2 = mix(LEAF_BACK, LEAF_DARK, 0.45)
    for i in range(70):
        y = (i + rng.uniform(0, 1)) * h / 70
        a = rng.uniform(-65, 65)
        ln = rng.uniform(28, 44)
        cx = rng.uniform(-2, 16) + math.cos(math.radians(a)) * ln * 0.3
        col = LEAF_BACK if rng.random() < 0.5 else back2
        cv.fill(leaf(cx, y + math.sin(math.radians(a)) * ln * 0.3, a, ln, ln * 0.42), col)
    # branches, evenly spread with jitter so the density is the same across the seam
    nb = 9
    order = rng.permutation(nb)
    for k in order:
        y0 = (k + rng.uniform(-0.25, 0.25)) * h / nb
        reach = rng.uniform(62, 108)
        rise = rng.uniform(-46, 18)
        p0 = (-6.0, y0)
        p2 = (reach, y0 + rise)
        p1 = (reach * rng.uniform(0.35, 0.6), y0 + rng.uniform(18, 40))
        pts = bezier(p0, p1, p2, 14)
        widths = [6.5 - 4.2 * i / 13 for i in range(14)]
        cv.fill(stroke(pts, [x + 2.4 for x in widths]), INK, 0.55)
        cv.fill(stroke(pts, widths), BRANCH)
        # leaves along the branch, alternating sides
        for i in range(2, 15):
            if rng.random() < 0.18:
                continue
            px, py = pts[i]
            qx, qy = pts[i - 1]
            ang = math.degrees(math.atan2(py - qy, px - qx))
            side = 1 if i % 2 else -1
            a = ang + side * rng.uniform(38, 68)
            ln = rng.uniform(16, 25) * (1.0 - 0.25 * i / 14)
            wd = ln * rng.uniform(0.38, 0.48)
            cx = px + math.cos(math.radians(a)) * ln * 0.5
            cy = py + math.sin(math.radians(a)) * ln * 0.5
            _leaf(cv, cx, cy, a, ln, wd, rng)
        # the tip
        ang = math.degrees(math.atan2(pts[-1][1] - pts[-2][1], pts[-1][0] - pts[-2][0]))
        ln = rng.uniform(18, 24)
        _leaf(cv, pts[-1][0] + math.cos(math.radians(ang)) * ln * 0.42,
              pts[-1][1] + math.sin(math.radians(ang)) * ln * 0.42, ang, ln, ln * 0.45, rng)
    # front clusters hugging the edge
    m = 26
    for i in range(m):
        y = (i + rng.uniform(0, 1)) * h / m
        for _ in range(3):
            a = rng.uniform(-70, 70)
            ln = rng.uniform(20, 30)
            cx = rng.uniform(-4, 18)
            _leaf(cv, cx, y + rng.uniform(-14, 14), a, ln, ln * 0.46, rng)
    # a few blossoms, warm like the 2048 tiles
    for i in range(7):
        y = (i + rng.uniform(0.1, 0.9)) * h / 7
        x = rng.uniform(14, 62)
        col = (T8, T16, T128)[i % 3]
        for j in range(5):
            a = math.radians(j * 72 + rng.uniform(0, 10))
            cv.fill(circle(x + 2.6 * math.cos(a), y + 2.6 * math.sin(a), 2.5).grow(0.9), INK, 0.6)
        for j in range(5):
            a = math.radians(j * 72)
            cv.fill(circle(x + 2.6 * math.cos(a), y + 2.6 * math.sin(a), 2.5), col)
        cv.fill(circle(x, y, 1.6), LIGHT)


def _leaf(cv: Canvas, cx, cy, ang, ln, wd, rng) -> None:
    tone = rng.integers(0, 3)
    base, dark = [(LEAF_MID, LEAF_DARK), (LEAF_LIGHT, LEAF_MID), (LEAF_TIP, LEAF_LIGHT)][int(tone)]
    shape = leaf(cx, cy, ang, ln, wd)
    cv.fill(shape.grow(1.1), INK, 0.7)
    cv.fill(shape, base)
    nx, ny = -math.sin(math.radians(ang)), math.cos(math.radians(ang))
    cv.fill(shape & halfplane(cx, cy, -nx, -ny), dark)
    ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
    cv.fill(stroke([(cx - ca * ln * 0.38, cy - sa * ln * 0.38), (cx + ca * ln * 0.3, cy + sa * ln * 0.3)], 0.9), dark, 0.9)


def strip_image(side: str) -> np.ndarray:
    cv = Canvas(*STRIP_SIZE, wrap_y=True)
    draw_strip(cv, seed=20481 if side == "left" else 20482)
    px = cv.pixels()
    return px if side == "left" else px[:, ::-1].copy()


# ---------------------------------------------------------------------------------------------------------------
# backgrounds
# ---------------------------------------------------------------------------------------------------------------
STAGE = (480, 800)


def menu_background() -> np.ndarray:
    w, h = STAGE
    rng = np.random.default_rng(7)
    cv = Canvas(w, h)
    cv.paint(vgradient([(0, PAGE), (h * 0.55, PAGE), (h, mix(PAGE, SAND, 0.55))]))
    # a faint diagonal weave
    for k in range(-12, 20):
        x = k * 48.0
        cv.fill(stroke([(x, -10), (x + h * 0.6, h + 10)], 14), SAND, 0.18)
    # floating tiles along the top and bottom, away from the menu's middle and the little staircase
    cols = [SAND, BEIGE, T8, T16, T32, T128, GOLD]
    spots = []
    for band, (ylo, yhi), count, (slo, shi) in ((0, (6, 130), 8, (28, 50)), (1, (600, 700), 4, (24, 40))):
        for i in range(count):
            for _ in range(200):  # rejection sampling: keep tiles apart
                x = (i + rng.uniform(0.15, 0.85)) * w / count if band == 0 else rng.uniform(24, 236)
                y, sz = rng.uniform(ylo, yhi), rng.uniform(slo, shi)
                if all((x - a) ** 2 + (y - b) ** 2 > ((sz + c) * 0.75) ** 2 for a, b, c in spots):
                    break
            spots.append((x, y, sz))
    for i, (x, y, sz) in enumerate(spots):
        col = cols[i % len(cols)]
        rot = rng.uniform(-16, 16)
        with cv.push(rotate=rot, about=(x, y)):
            tile = rbox(x - sz / 2, y - sz / 2, x + sz / 2, y + sz / 2, sz * 0.09)
            cv.fill(tile.moved(0, 3), BOARD, 0.35, soft=6)
            cv.fill(tile, col, 0.6)
    # the ground: a soft hill, a little staircase and the robot
    hill = ellipse(w * 0.5, h + 150, w * 0.95, 235)
    cv.fill(hill.moved(0, -6), BOARD, 0.25, soft=10)
    cv.fill(hill, mix(SAND, BEIGE, 0.5))
    cv.fill(ellipse(w * 0.2, h + 40, 160, 90), mix(SAND, BOARD, 0.25))
    steps = [(300, 760), (350, 726), (300, 692), (350, 658)]
    for (sx, sy) in steps[::-1]:
        with cv.push(translate=(sx - 50 * 0.6, sy - 13 * 0.6), scale=0.6, about=(0, 0)):
            draw_stair(cv)
    sx, sy = steps[-1]
    with cv.push(translate=(sx - ROBOT_ANCHOR[0] * 0.6, sy - ROBOT_ANCHOR[1] * 0.6), scale=0.6, about=(0, 0)):
        cv.fill(ellipse(ROBOT_ANCHOR[0], ROBOT_ANCHOR[1], 16, 3.5), INK, 0.3, soft=4)
        draw_robot(cv, "idle")
    return cv.pixels()


def stairs_background() -> np.ndarray:
    w, h = STAGE
    rng = np.random.default_rng(11)
    cv = Canvas(w, h)
    cv.paint(vgradient([(0, SKY_TOP), (h * 0.42, SKY_MID), (h * 0.78, SKY_LOW), (h, SKY_HORIZON)]))
    # stars, fading out lower down
    for _ in range(70):
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.55) ** 1.0
        fade = max(0.0, 1.0 - y / (h * 0.55))
        cv.fill(circle(x, y, rng.uniform(0.7, 1.5)), LIGHT, rng.uniform(0.35, 0.95) * fade)
    for _ in range(6):
        x, y, s = rng.uniform(30, w - 30), rng.uniform(20, h * 0.35), rng.uniform(4, 6.5)
        cv.fill(polygon([(x, y - s), (x + s * 0.22, y - s * 0.22), (x + s, y), (x + s * 0.22, y + s * 0.22),
                         (x, y + s), (x - s * 0.22, y + s * 0.22), (x - s, y), (x - s * 0.22, y - s * 0.22)]),
                LIGHT, 0.8)
    # a crescent moon with a glow
    mx, my = 370, 120
    cv.fill(circle(mx, my, 62), C("#fbeed4"), 0.10, soft=40)
    cv.fill(circle(mx, my, 30) - circle(mx + 13, my - 9, 26), C("#fbeed4"))
    # soft flat clouds low down
    for (cx, cy, s, al) in ((90, 520, 1.0, 0.22), (400, 600, 1.3, 0.2), (180, 690, 1.6, 0.25), (330, 430, 0.8, 0.16)):
        cloud = union(rbox(cx - 60 * s, cy - 8 * s, cx + 60 * s, cy + 14 * s, 11 * s),
                      circle(cx - 22 * s, cy - 8 * s, 20 * s), circle(cx + 14 * s, cy - 14 * s, 25 * s))
        cv.fill(cloud, C("#fde2d6"), al)
    # far hills
    cv.fill(ellipse(90, h + 60, 230, 120), C("#a0587f"), 0.55)
    cv.fill(ellipse(400, h + 80, 260, 130), C("#8c4d78"), 0.6)
    return cv.pixels()


# ---------------------------------------------------------------------------------------------------------------
# icons
# ---------------------------------------------------------------------------------------------------------------


def digit(ch: str, x: float, y: float, hgt: float, width: float) -> Shape:
    """A rounded stroke digit (2, 0, 4 or 8) in a box of height ``hgt`` whose top-left is (x, y)."""
    k = hgt / 14.0
    P = lambda pts: [(x + a * k, y + b * k) for a, b in pts]  # noqa: E731
    if ch == "0":
        return rbox(x + 1.4 * k, y + 1.3 * k, x + 8.6 * k, y + 12.7 * k, 3.6 * k).ring(width)
    if ch == "8":
        return circle(x + 5 * k, y + 4.1 * k, 2.75 * k).ring(width) | circle(x + 5 * k, y + 9.7 * k, 3.1 * k).ring(width)
    if ch == "4":
        return stroke(P([(7.0, 12.8), (7.0, 1.3), (1.2, 9.3), (9.0, 9.3)]), width)
    if ch == "2":
        pts = arc_points(5.0, 4.7, 3.4, 165, 385, 14) + [(1.4, 12.6), (8.8, 12.6)]
        return stroke(P(pts), width)
    raise ValueError(ch)


def icon_2048() -> np.ndarray:
    cv = Canvas(96, 96)
    frame = rbox(5, 4, 91, 90, 11)
    cv.shadow(frame, INK, 0.35, 3.0, dy=2.5)
    cv.fill(frame, BOARD)
    g, s = 6.0, (86 - 3 * 6.0) / 2
    tiles = [("2", T8), ("0", T16), ("4", T32), ("8", GOLD)]
    for i, (ch, col) in enumerate(tiles):
        tx = 5 + g + (i % 2) * (s + g)
        ty = 4 + g + (i // 2) * (s + g)
        tile = rbox(tx, ty, tx + s, ty + s, 4)
        if ch == "8":
            cv.fill(tile.grow(2.5), GOLD, 0.45, soft=5)
        cv.fill(tile, col)
        dh = s * 0.64
        dw = dh * 10 / 14
        cv.fill(digit(ch, tx + (s - dw) / 2, ty + (s - dh) / 2, dh, 3.6), LIGHT)
    return cv.pixels()


def icon_mines() -> np.ndarray:
    """Four cells of a Minesweeper board: a flag, a 1, a 2 and a mine (the game's own cell colours)."""
    cv = Canvas(96, 96)
    frame = rbox(5, 4, 91, 90, 11)
    cv.shadow(frame, INK, 0.35, 3.0, dy=2.5)
    cv.fill(frame, BOARD)
    covered, lit, shade, opened = C("#cdc1b4"), C("#e8e0d6"), C("#96887a"), C("#eee6dc")
    g, s = 6.0, (86 - 3 * 6.0) / 2
    for i in range(4):
        x = 5 + g + (i % 2) * (s + g)
        y = 4 + g + (i // 2) * (s + g)
        cell = rbox(x, y, x + s, y + s, 4)
        if i in (0, 3):  # covered: a bevel lit from the top left
            cv.fill(cell, shade)
            cv.fill(cell & polygon([(x, y), (x + s, y), (x, y + s)]), lit)
            cv.fill(rbox(x + 4.5, y + 4.5, x + s - 4.5, y + s - 4.5, 2), covered)
        else:
            cv.fill(cell, opened)
        cx, cy = x + s / 2, y + s / 2
        if i == 0:  # a flag
            cv.fill(stroke([(cx + 3, cy - 12), (cx + 3, cy + 10)], 3.2), INK)
            cv.fill(rbox(cx - 8, cy + 8.5, cx + 13, cy + 13, 1.5), INK)
            cv.fill(polygon([(cx + 3, cy - 13), (cx + 3, cy + 1), (cx - 13, cy - 6)]), C("#dc3428"))
        elif i == 1:  # a 1
            h = s * 0.62
            k = h / 14.0
            x0, y0 = cx - 5 * k, cy - h / 2
            cv.fill(stroke([(x0 + 2.2 * k, y0 + 3.4 * k), (x0 + 5.6 * k, y0 + 1.2 * k), (x0 + 5.6 * k, y0 + 12.8 * k)],
                           3.8), C("#1e5adc"))
            cv.fill(stroke([(x0 + 2.2 * k, y0 + 12.8 * k), (x0 + 9 * k, y0 + 12.8 * k)], 3.8), C("#1e5adc"))
        elif i == 2:  # a 2
            h = s * 0.62
            cv.fill(digit("2", cx - h * 5 / 14, cy - h / 2, h, 3.8), C("#248c38"))
        else:  # a mine
            for a in range(4):
                t = math.radians(a * 45)
                dx, dy = 13.5 * math.cos(t), 13.5 * math.sin(t)
                cv.fill(stroke([(cx - dx, cy - dy), (cx + dx, cy + dy)], 3.2), INK)
            cv.fill(circle(cx, cy, 10), INK)
            cv.fill(circle(cx - 3.5, cy - 3.5, 2.6), LIGHT)
    return cv.pixels()


def icon_tictactoe() -> np.ndarray:
    """X, O and a struck-through diagonal on a 3 x 3 board, in the scene's colours."""
    cv = Canvas(96, 96)
    frame = rbox(5, 4, 91, 90, 11)
    cv.shadow(frame, INK, 0.35, 3.0, dy=2.5)
    cv.fill(frame, BOARD)
    g = 5.0
    s = (86 - 4 * g) / 3
    x_ink, o_ink, red = C("#60564e"), C("#f07656"), C("#d63a34")
    centres = {}
    for r in range(3):
        for c in range(3):
            tx, ty = 5 + g + c * (s + g), 4 + g + r * (s + g)
            cv.fill(rbox(tx, ty, tx + s, ty + s, 3.5), C("#cdc1b4"))
            centres[r, c] = (tx + s / 2, ty + s / 2)
    m = s * 0.3
    for r, c in ((0, 0), (1, 1), (2, 2)):
        x, y = centres[r, c]
        cv.fill(stroke([(x - m, y - m), (x + m, y + m)], 5.0) | stroke([(x - m, y + m), (x + m, y - m)], 5.0), x_ink)
    for r, c in ((0, 2), (1, 0)):
        x, y = centres[r, c]
        cv.fill(circle(x, y, m + 1.5).ring(4.4), o_ink)
    (x0, y0), (x1, y1) = centres[0, 0], centres[2, 2]
    cv.fill(stroke([(x0 - 7, y0 - 7), (x1 + 7, y1 + 7)], 4.0), red)
    return cv.pixels()


def _sky_icon(cv: Canvas, frame: Shape, y0: float, y1: float) -> None:
    cv.fill(frame, vgradient([(y0, SKY_TOP), (y0 + (y1 - y0) * 0.5, SKY_MID), (y1, SKY_LOW)]))


def icon_stairs() -> np.ndarray:
    cv = Canvas(96, 96)
    frame = rbox(5, 4, 91, 90, 11)
    cv.shadow(frame, INK, 0.35, 3.0, dy=2.5)
    lay = cv.layer()
    _sky_icon(lay, frame, 4, 90)
    lay.fill(circle(26, 24, 9) - circle(30.5, 20, 8), C("#fbeed4"))
    for (x, y) in ((14, 12), (50, 14), (84, 40), (12, 40), (66, 26)):
        lay.fill(circle(x, y, 0.9), LIGHT, 0.8)
    sc = 0.36
    dx, dy = 50 * sc, 34 * sc
    x0, y0 = 12, 108
    steps = [(x0 + dx * c, y0 - dy * r) for c, r in ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (3, 5))]
    obst = (x0 + dx, y0 - 3 * dy)
    for (sx, sy) in sorted(steps + [obst], key=lambda p: p[1]):
        if (sx, sy) == obst:  # a spike trap stands in a stair's place
            ox, oy = OBSTACLE_ANCHOR
            with lay.push(translate=(sx - ox * sc, sy - oy * sc), scale=sc, about=(0, 0)):
                draw_obstacle(lay)
        else:
            with lay.push(translate=(sx - 50 * sc, sy - 13 * sc), scale=sc, about=(0, 0)):
                draw_stair(lay)
    rs = 0.46
    sx, sy = steps[2]
    with lay.push(translate=(sx - ROBOT_ANCHOR[0] * rs, sy - ROBOT_ANCHOR[1] * rs), scale=rs, about=(0, 0)):
        lay.fill(ellipse(ROBOT_ANCHOR[0], ROBOT_ANCHOR[1], 17, 3.6), INK, 0.35, soft=4)
        draw_robot(lay, "idle")
    # leaves in the corners
    lrng = np.random.default_rng(3)
    for (cx, cy, a) in ((90, 16, 200), (88, 6, 150), (92, 28, 170)):
        _leaf(lay, cx, cy, a, 17, 8, lrng)
    lay.clip_to(frame)
    cv.composite(lay)
    cv.fill(frame.ring(1.2), INK, 0.35)
    return cv.pixels()


def window_icon() -> np.ndarray:
    cv = Canvas(64, 64)
    frame = rbox(2, 2, 62, 62, 12)
    cv.fill(frame, vgradient([(2, T128), (62, T16)]))
    lay = cv.layer()
    sc = 1.02
    with lay.push(translate=(32 - 32 * sc, 3.5 - 1.0 * sc), scale=sc, about=(0, 0)):
        draw_robot(lay, "idle")
    lay.clip_to(frame)
    cv.composite(lay)
    return cv.pixels()


def cause_icon(cause: str) -> np.ndarray:
    cv = Canvas(32, 32)
    badge = circle(16, 16, 14.0)
    col = {"hit": T64, "fell": C("#6a5aa6"), "dropped": STAIR_FRONT_DARK}[cause]
    cv.fill(badge.grow(1.0), INK, 0.9)
    cv.fill(badge, col)
    cv.fill(badge & below(23), mix(col, INK, 0.18))
    if cause == "hit":
        pts = []
        for i in range(16):
            r = 11.0 if i % 2 == 0 else 5.2
            a = math.radians(i * 22.5 - 90 + (6 if i % 4 == 2 else 0))
            pts.append((16 + r * math.cos(a), 16 + r * math.sin(a)))
        cv.fill(polygon(pts), LIGHT)
        cv.fill(polygon([(12.5, 20), (16, 11.5), (19.5, 20)]), col)
    elif cause == "fell":
        cv.fill(rbox(4.5, 8, 14, 13, 1.8), LIGHT)
        cv.fill(stroke(bezier((12.5, 10.5), (20.5, 10.5), (20.5, 21.5), 10), 2.8), LIGHT)
        cv.fill(polygon([(15.6, 19.5), (25.4, 19.5), (20.5, 26.5)]).grow(0.5), LIGHT)
    else:
        cv.fill(rbox(8, 14, 24, 23, 2.2), LIGHT)
        cv.fill(rbox(8, 14, 24, 23, 2.2) & above(18), mix(LIGHT, SAND, 0.9))
        cv.fill(stroke([(15.5, 13), (17.2, 16.5), (15, 19.5), (16.8, 24)], 1.5), col)
        for x in (10.5, 16, 21.5):
            cv.fill(stroke([(x, 6.5), (x, 10.5)], 1.8), LIGHT, 0.9)
    return cv.pixels()


# ---------------------------------------------------------------------------------------------------------------
# sounds
# ---------------------------------------------------------------------------------------------------------------


def _phase(freq) -> np.ndarray:
    """Running phase (radians) of a frequency track in Hz."""
    return 2 * np.pi * np.cumsum(freq) / SR


def _env(n: int, attack: float, tau: float, release: float = 0.01) -> np.ndarray:
    """Linear attack, exponential decay (time constant tau), a short linear fade at the very end."""
    t = np.arange(n) / SR
    e = np.where(t < attack, t / max(attack, 1e-9), np.exp(-(t - attack) / tau))
    r = int(release * SR)
    if r > 0:
        e[-r:] *= np.linspace(1.0, 0.0, r)
    return e


def _svf(x: np.ndarray, fc, q: float = 0.7, mode: str = "lp") -> np.ndarray:
    """A state-variable filter (trapezoidal), cutoff ``fc`` in Hz (a number or a track)."""
    fc = np.broadcast_to(np.asarray(fc, dtype=float), x.shape)
    g = np.tan(np.pi * np.clip(fc, 10, SR * 0.45) / SR)
    k = 1.0 / q
    ic1 = ic2 = 0.0
    out = np.empty_like(x)
    gl = g.tolist()
    xl = x.tolist()
    for i in range(len(xl)):
        gi = gl[i]
        a1 = 1.0 / (1.0 + gi * (gi + k))
        v3 = xl[i] - ic2
        v1 = a1 * ic1 + gi * a1 * v3
        v2 = ic2 + gi * v1
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        out[i] = v2 if mode == "lp" else (v1 if mode == "bp" else xl[i] - k * v1 - v2)
    return out


def _tone(freq, n: int, harmonics=(1.0,)) -> np.ndarray:
    f = np.broadcast_to(np.asarray(freq, dtype=float), (n,))
    ph = _phase(f)
    out = np.zeros(n)
    for k, amp in enumerate(harmonics, start=1):
        out += amp * np.sin(k * ph)
    return out


def _note(freq: float, dur: float, tau: float, harmonics=(1.0, 0.35, 0.12), attack=0.004) -> np.ndarray:
    n = int(round(dur * SR))
    return _tone(freq, n, harmonics) * _env(n, attack, tau)


def _place(buf: np.ndarray, sig: np.ndarray, at: float) -> None:
    i = int(round(at * SR))
    j = min(len(buf), i + len(sig))
    buf[i:j] += sig[: j - i]


def _finish(x: np.ndarray) -> np.ndarray:
    """Remove DC, fade the ends a little, normalise to PEAK_DBFS, quantise to int16."""
    x = x - np.mean(x)
    f = min(len(x) // 4, int(0.002 * SR))
    x[:f] *= np.linspace(0, 1, f)
    g = min(len(x) // 4, int(0.006 * SR))
    x[-g:] *= np.linspace(1, 0, g)
    peak = np.max(np.abs(x))
    x = x * (10 ** (PEAK_DBFS / 20) / peak)
    return np.clip(np.floor(x * 32767 + 0.5), -32767, 32767).astype(np.int16)


PENTATONIC = (0, 2, 4, 7, 9)


def merge_freq(exponent: int) -> float:
    """Pitch of the merge that makes 2**exponent: a major pentatonic climb from A3 (exponent 1)."""
    i = exponent - 1
    return 220.0 * 2 ** ((12 * (i // 5) + PENTATONIC[i % 5]) / 12)


def snd_merge(exponent: int) -> np.ndarray:
    f = merge_freq(exponent)
    dur = 0.26 + 0.012 * exponent
    n = int(round(dur * SR))
    t = np.arange(n) / SR
    glide = f * (1.0 - 0.22 * np.exp(-t / 0.018))  # a quick upward "bloop" into the note
    x = _tone(glide, n, (1.0, 0.45, 0.18, 0.06)) * _env(n, 0.003, 0.07 + 0.004 * exponent)
    bell = _tone(2 * f, n, (1.0,)) * _env(n, 0.001, 0.035) * 0.35
    x = x + bell
    if exponent >= 11:  # 2048 and beyond sparkle
        sp = _tone(3 * f, n, (1.0,)) * _env(n, 0.02, 0.12) * 0.25
        x = x + sp * (1 + 0.3 * np.sin(2 * np.pi * 9 * t))
    return _finish(x)


def snd_slide() -> np.ndarray:
    rng = np.random.default_rng(101)
    n = int(0.12 * SR)
    t = np.arange(n) / SR
    noise = rng.standard_normal(n)
    fc = 2400 * np.exp(-t / 0.07) + 500
    x = _svf(_svf(noise, fc, q=1.6, mode="bp"), 2600, q=0.7) * _env(n, 0.012, 0.035)
    x += 0.25 * _tone(180 * np.exp(-t / 0.2), n) * _env(n, 0.002, 0.02)
    return _finish(x)


def snd_win() -> np.ndarray:
    buf = np.zeros(int(1.4 * SR))
    notes = [523.25, 659.25, 783.99, 1046.5]
    for i, f in enumerate(notes):
        _place(buf, _note(f, 0.45, 0.14, (1.0, 0.4, 0.15, 0.05)), 0.0 + 0.11 * i)
    t = np.arange(int(0.95 * SR)) / SR
    for f in (523.25, 659.25, 783.99, 1046.5):
        vib = f * (1 + 0.004 * np.sin(2 * np.pi * 5.5 * t))
        _place(buf, 0.45 * _tone(vib, len(t), (1.0, 0.3, 0.1)) * _env(len(t), 0.03, 0.35, 0.08), 0.44)
    sp = _tone(2093.0, int(0.3 * SR), (1.0,)) * _env(int(0.3 * SR), 0.002, 0.06)
    _place(buf, 0.3 * sp, 0.44)
    return _finish(buf)


def snd_game_over() -> np.ndarray:
    buf = np.zeros(int(1.3 * SR))
    seq = [(392.0, 0.0, 0.28), (311.13, 0.26, 0.28), (261.63, 0.52, 0.75)]
    for f, at, dur in seq:
        n = int(dur * SR)
        t = np.arange(n) / SR
        droop = f * (1 - 0.06 * (t / dur) ** 2) if dur > 0.5 else f
        x = _tone(droop, n, (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)) * _env(n, 0.01, 0.22 if dur < 0.5 else 0.35, 0.05)
        x = _svf(x, 1800, q=0.8)
        _place(buf, x, at)
    return _finish(buf)


def snd_hop() -> np.ndarray:
    n = int(0.14 * SR)
    t = np.arange(n) / SR
    f = 380 * (2.4 ** (t / 0.09))
    x = _tone(np.minimum(f, 1000), n, (1.0, 0.3)) * _env(n, 0.003, 0.045)
    return _finish(x)


def snd_hit() -> np.ndarray:
    rng = np.random.default_rng(202)
    n = int(0.34 * SR)
    t = np.arange(n) / SR
    thump = _tone(120 * np.exp(-t / 0.08) + 45, n) * _env(n, 0.001, 0.07)
    noise = _svf(rng.standard_normal(n), 1400, q=0.7) * _env(n, 0.0005, 0.03) * 1.4
    clank = sum(a * np.sin(2 * np.pi * f * t) for f, a in ((523, 0.5), (1187, 0.35), (1731, 0.3), (2543, 0.15)))
    clank = clank * _env(n, 0.0005, 0.09) * 0.6
    return _finish(thump + noise + clank)


def snd_fall() -> np.ndarray:
    rng = np.random.default_rng(303)
    n = int(0.56 * SR)
    t = np.arange(n) / SR
    f = 1000 * (0.17 ** (t / 0.56)) * (1 + 0.025 * np.sin(2 * np.pi * 7 * t))
    env = np.minimum(1.0, t / 0.01) * (1 - t / 0.56) ** 0.6
    x = _tone(f, n, (1.0, 0.25)) * env
    wind = _svf(_svf(rng.standard_normal(n), 600 + 900 * (1 - t / 0.56), q=1.2, mode="bp"), 2000) * env * 0.3
    return _finish(x + wind)


def snd_drop() -> np.ndarray:
    rng = np.random.default_rng(404)
    n = int(0.42 * SR)
    t = np.arange(n) / SR
    grains = np.zeros(n)
    for _ in range(24):
        at = rng.uniform(0, 0.3)
        g = rng.standard_normal(int(0.02 * SR)) * _env(int(0.02 * SR), 0.0005, 0.004)
        _place(grains, g * rng.uniform(0.4, 1.0), at)
    rumble = _svf(rng.standard_normal(n), 2600 * np.exp(-t / 0.12) + 250, q=0.9) * _env(n, 0.002, 0.12)
    thud = _tone(95 * np.exp(-t / 0.3), n) * _env(n, 0.002, 0.08) * 0.8
    return _finish(_svf(grains, 3000, q=0.7) * 0.9 + rumble + thud)


def snd_menu_move() -> np.ndarray:
    n = int(0.06 * SR)
    x = _tone(1318.5, n, (1.0, 0.2)) * _env(n, 0.002, 0.014)
    return _finish(x)


def snd_menu_select() -> np.ndarray:
    buf = np.zeros(int(0.22 * SR))
    _place(buf, _note(659.25, 0.07, 0.03, (1.0, 0.0, 0.2)), 0.0)
    _place(buf, _note(987.77, 0.15, 0.05, (1.0, 0.0, 0.2)), 0.065)
    return _finish(buf)


# ---------------------------------------------------------------------------------------------------------------
# the catalogue
# ---------------------------------------------------------------------------------------------------------------


def images() -> dict[str, tuple[np.ndarray, dict]]:
    """name -> (pixels, extra manifest fields)."""
    out: dict[str, tuple[np.ndarray, dict]] = {}
    for pose in ("idle", "hop", "fall"):
        for facing in ("left", "right"):
            ax = ROBOT_ANCHOR[0] if facing == "right" else ROBOT_SIZE[0] - ROBOT_ANCHOR[0]
            out[f"robot_{pose}_{facing}"] = (robot_image(pose, facing), {
                "anchor": [ax, ROBOT_ANCHOR[1]], "note": f"robot, {pose} pose, facing {facing}; anchor = feet"})
    out["robot_shadow"] = (robot_shadow(), {"anchor": [24, 7], "note": "soft contact shadow under the robot"})
    out["stair"] = (stair_image(), {
        "anchor": list(STAIR_STAND), "walkable_top": STAIR_WALK, "step": [STAIR_SIZE[0] // 2, STAIR_SIZE[1] - STAIR_WALK],
        "inset": STAIR_INSET,
        "note": "stair tile: top face (walkable, rows 0..25) over the front face, the slab inset from the tile's sides; "
                "anchor = centre of the top"})
    out["stair_cracked"] = (stair_image(True), {
        "anchor": list(STAIR_STAND), "walkable_top": STAIR_WALK, "note": "the same tile, cracked (about to drop)"})
    out["obstacle"] = (obstacle_image(), {
        "anchor": list(OBSTACLE_ANCHOR),
        "note": "spike trap standing in a stair's place (no step under it); anchor = where a stair's anchor would be"})
    out["scenery_left"] = (strip_image("left"), {"tiles": "vertical", "note": "foliage for the left edge"})
    out["scenery_right"] = (strip_image("right"), {"tiles": "vertical", "note": "foliage for the right edge"})
    out["stairs_background"] = (stairs_background(), {"note": "evening sky behind the Stairs game"})
    out["menu_background"] = (menu_background(), {"note": "menu background"})
    out["icon_2048"] = (icon_2048(), {"note": "menu icon for 2048"})
    out["icon_stairs"] = (icon_stairs(), {"note": "menu icon for Stairs"})
    out["icon_mines"] = (icon_mines(), {"note": "menu icon for Minesweeper"})
    out["icon_tictactoe"] = (icon_tictactoe(), {"note": "menu icon for Tic-tac-toe"})
    for cause in ("hit", "fell", "dropped"):
        out[f"cause_{cause}"] = (cause_icon(cause), {"note": f"Stairs cause of death: {cause}"})
    out["window_icon"] = (window_icon(), {"note": "window icon"})
    return out


def sounds() -> dict[str, tuple[np.ndarray, str]]:
    out: dict[str, tuple[np.ndarray, str]] = {"slide": (snd_slide(), "2048: tiles slide")}
    for e in range(1, 18):
        out[f"merge_{e}"] = (snd_merge(e), f"2048: a merge that makes {2 ** e} ({merge_freq(e):.1f} Hz)")
    out["win"] = (snd_win(), "2048: reached 2048")
    out["game_over"] = (snd_game_over(), "2048: no moves left")
    out["hop"] = (snd_hop(), "Stairs: a hop")
    out["hit"] = (snd_hit(), "Stairs: hopped into an obstacle")
    out["fall"] = (snd_fall(), "Stairs: hopped into the void")
    out["drop"] = (snd_drop(), "Stairs: a stair drops away")
    out["menu_move"] = (snd_menu_move(), "menu: selection moves")
    out["menu_select"] = (snd_menu_select(), "menu: selection confirmed")
    return out


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)


def _manifest_bytes(d: dict) -> bytes:
    return (json.dumps(d, indent=1, sort_keys=True) + "\n").encode()


def build(out: Path, only: str | None = None) -> dict[str, int]:
    """Write everything under ``out`` (images/, sounds/); returns file name -> size in bytes."""
    sizes: dict[str, int] = {}
    if only in (None, "images"):
        man = {}
        for name, (px, extra) in images().items():
            data = png_bytes(px)
            _write(out / "images" / f"{name}.png", data)
            sizes[f"images/{name}.png"] = len(data)
            man[name] = {"file": f"{name}.png", "size": [int(px.shape[1]), int(px.shape[0])], **extra}
        data = _manifest_bytes(man)
        _write(out / "images" / "manifest.json", data)
        sizes["images/manifest.json"] = len(data)
    if only in (None, "sounds"):
        man = {}
        for name, (s, note) in sounds().items():
            data = wav_bytes(s)
            _write(out / "sounds" / f"{name}.wav", data)
            sizes[f"sounds/{name}.wav"] = len(data)
            peak = int(np.max(np.abs(s.astype(np.int32))))
            man[name] = {"file": f"{name}.wav", "rate": SR, "samples": int(len(s)),
                         "duration": round(len(s) / SR, 4), "peak": peak,
                         "peak_dbfs": round(20 * math.log10(peak / 32768), 2), "note": note}
        data = _manifest_bytes(man)
        _write(out / "sounds" / "manifest.json", data)
        sizes["sounds/manifest.json"] = len(data)
    return sizes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets", help="folder that gets images/ and sounds/")
    ap.add_argument("--only", choices=("images", "sounds"), default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    sizes = build(args.out, args.only)
    if not args.quiet:
        for k in sorted(sizes):
            print(f"{sizes[k]:>9,}  {k}")
        print(f"{sum(sizes.values()):>9,}  total in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
