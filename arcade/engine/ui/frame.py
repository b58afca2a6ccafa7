"""The frame: the canvas widened (or heightened) to the window's shape, so no window shows black bars.

Scenes lay out on a fixed canvas (portrait 480x800, landscape 840x560). The app draws them on that canvas placed in
the middle of a larger *frame* whose short side is the canvas's and whose other side grows to the window's aspect
(up to :data:`MAX_ASPECT`); the frame, not the canvas, is scaled to the window. The frame's *margins* (the strips
beside or above and below the canvas) belong to the bottom scene drawn: it paints them in ``backdrop(frame, inner)``
when it has that hook, otherwise the canvas's outermost columns or rows are stretched over
them, so a page colour, a felt or a gradient runs on to the window's edges. Overlays' veils and the fade cover the
whole frame (:func:`whole`).

A scene may instead lay out on the whole frame (``Scene.fills_frame``): it is drawn on the frame, its pointer
events come in frame pixels (a press on a margin included), and it is laid out again (``resize(frame size)``)
whenever the frame changes shape. Its layout tables stay written for the canvas; :func:`anchor` places each of
their rectangles in a frame of any size: kept at the frame's start, centred, pushed to its end, or stretched over
the room the frame adds, along each axis. Drawing and hit tests read the same anchored table."""
from __future__ import annotations

import pygame

from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE, is_landscape

MAX_ASPECT = 32 / 9  # the frame grows to at most this shape (long side / short side; 2560x1080 is 2.37): beyond it, bars again

_frame: list = [None]  # the app's frame surface (the canvas it hands scenes is a subsurface of it)


def frame_size(window, canvas) -> tuple[int, int]:
    """The frame for a canvas shown in a window: the canvas grown along one side to the window's aspect (never
    smaller than the canvas, never beyond :data:`MAX_ASPECT`)."""
    ww, wh = (int(v) for v in window)
    cw, ch = canvas
    if ww <= 0 or wh <= 0:
        return tuple(canvas)
    if ww * ch > cw * wh:  # wider than the canvas: grow the width
        grown = min(round(ch * ww / wh), max(cw, round(ch * MAX_ASPECT)))
        return max(cw, grown), ch
    grown = min(round(cw * wh / ww), max(ch, round(cw * MAX_ASPECT)))
    return cw, max(ch, grown)


def inner_rect(frame, canvas) -> pygame.Rect:
    """Where the canvas sits in a frame: centred."""
    (fw, fh), (cw, ch) = frame, canvas
    return pygame.Rect((fw - cw) // 2, (fh - ch) // 2, cw, ch)


def set_frame(surface) -> None:
    _frame[0] = surface


ANCHORS = ("start", "centre", "end", "stretch")


def anchor(rect, canvas, frame, x: str = "centre", y: str = "centre") -> pygame.Rect:
    """Where ``rect``, from a layout table written for ``canvas``, goes in a frame of size ``frame``: along each
    axis ``"start"`` (where it is: held to the frame's left or top edge), ``"centre"`` (moved by half the room the
    frame adds, as the canvas itself is), ``"end"`` (moved by all of it: held to the right or bottom edge) or
    ``"stretch"`` (grown by all of it). A frame no larger than the canvas leaves ``rect`` as it is."""
    r = pygame.Rect(rect)
    for axis, mode in ((0, x), (1, y)):
        extra = max(0, int(frame[axis]) - int(canvas[axis]))
        if mode not in ANCHORS:
            raise ValueError(f"unknown anchor {mode!r} (one of {', '.join(ANCHORS)})")
        if not extra or mode == "start":
            continue
        if mode == "stretch":  # r[2 + axis]: the width or the height
            r[2 + axis] += extra
        else:  # r[axis]: x or y
            r[axis] += extra if mode == "end" else extra // 2
    return r


def anchor_point(point, canvas, frame, x: str = "centre", y: str = "centre") -> tuple[int, int]:
    """A point of a layout table placed as :func:`anchor` places a rectangle (``"stretch"`` moves it as
    ``"end"`` does)."""
    r = anchor((point[0], point[1], 0, 0), canvas, frame, "end" if x == "stretch" else x, "end" if y == "stretch" else y)
    return r.x, r.y


def whole(surface):
    """The surface a veil over ``surface`` should cover: the app's whole frame when ``surface`` is the canvas
    inside it, else ``surface`` itself."""
    frame = _frame[0]
    if frame is not None and surface.get_parent() is frame:
        return frame
    return surface


def canvas_round(size) -> tuple[tuple[int, int], tuple[int, int]]:
    """For a layout asked for at ``size`` (a canvas, or a frame grown round one): the canvas its table is written for
    (the landscape one when ``size`` is wider than tall) and the frame, at least that canvas along each side."""
    canvas = LANDSCAPE_SIZE if is_landscape(size) else LOGICAL_SIZE
    return canvas, (max(canvas[0], int(size[0])), max(canvas[1], int(size[1])))


def remember(cache: dict, key, build, maxsize: int = 32):
    """``cache[key]``, made by ``build()`` the first time it is asked for: a screen's table placed in one frame size.
    The oldest entry goes past ``maxsize``, so a window dragged through many sizes does not grow the cache without
    end."""
    if key not in cache:
        if len(cache) >= maxsize:
            cache.pop(next(iter(cache)))
        cache[key] = build()
    return cache[key]


def place_table(table: dict, canvas, frame, anchors: dict, default=("centre", "centre")) -> dict:
    """A layout table (name -> rectangle, point or anything else) written for ``canvas``, placed in a frame of size
    ``frame``: each rectangle by :func:`anchor` with the modes ``anchors`` names for it (``default`` otherwise; a
    tuple of rectangles takes a tuple of modes), each point (an ``(x, y)`` pair of numbers) named in ``anchors`` by
    :func:`anchor_point`; other entries are copied. The same table for the canvas's own size."""
    if tuple(frame) == tuple(canvas):
        return table
    out = {}
    for name, value in table.items():
        how = anchors.get(name, default)
        if isinstance(value, pygame.Rect):
            out[name] = anchor(value, canvas, frame, *how)
        elif isinstance(value, tuple) and value and all(isinstance(v, pygame.Rect) for v in value):
            modes = how if isinstance(how[0], tuple) else (how,) * len(value)
            out[name] = tuple(anchor(v, canvas, frame, *m) for v, m in zip(value, modes))
        elif name in anchors and isinstance(value, tuple) and len(value) == 2 \
                and all(isinstance(v, (int, float)) for v in value):
            out[name] = anchor_point(value, canvas, frame, *how)
        else:
            out[name] = value
    return out


def surface_for(surface, scene):
    """The surface ``scene`` draws on: the whole frame for a scene that lays out on it, else ``surface``."""
    return whole(surface) if getattr(scene, "fills_frame", False) else surface


def paint_margins(surface, scene) -> None:
    """Paint the margins of the frame around ``surface`` (the canvas) for ``scene``, the bottom scene drawn:
    its ``backdrop(frame, inner)`` hook, or the canvas's edges stretched out to the frame's (nothing for a scene
    that fills the frame itself)."""
    frame = whole(surface)
    if frame is surface or getattr(scene, "fills_frame", False):
        return
    inner = pygame.Rect(surface.get_offset(), surface.get_size())
    hook = getattr(scene, "backdrop", None)
    if hook is not None:
        hook(frame, inner)
        return
    stretch_edges(frame, inner)


def stretch_edges(frame, inner: pygame.Rect) -> None:
    """Fill the margins around ``inner`` with its outermost column (left, right) or row (top, bottom) repeated."""
    fw, fh = frame.get_size()
    x, y, w, h = inner
    if x > 0:
        frame.blit(pygame.transform.scale(frame.subsurface((x, y, 1, h)), (x, h)), (0, y))
    if fw - x - w > 0:
        frame.blit(pygame.transform.scale(frame.subsurface((x + w - 1, y, 1, h)), (fw - x - w, h)), (x + w, y))
    if y > 0:
        frame.blit(pygame.transform.scale(frame.subsurface((0, y, fw, 1)), (fw, y)), (0, 0))
    if fh - y - h > 0:
        frame.blit(pygame.transform.scale(frame.subsurface((0, y + h - 1, fw, 1)), (fw, fh - y - h)), (0, y + h))


def mirror_margins(frame, inner: pygame.Rect, art, cache: dict, key=None, reach: int | None = None) -> None:
    """Fill the margins around ``inner`` with ``art`` (a canvas-sized picture: a scene's background without what
    stands on it) mirrored out from the canvas's edges, so its texture runs on without a seam: the outermost
    ``reach`` pixels of the art (all of it by default), flipped, then as they are, flipped again... as far as the
    margin goes. The strips are kept in ``cache`` (the scene's) until ``key`` or the margins change."""
    fw, fh = frame.get_size()
    x, y, w, h = inner
    want = (key, fw, fh, tuple(inner), reach)
    if cache.get("key") != want:
        cache.clear()
        cache["key"] = want
        pieces = []
        rx = max(1, min(w, reach or w))
        ry = max(1, min(h, reach or h))
        for room, rect, flip, place in (
                (x, (0, 0, rx, h), (True, False), lambda k, r: (x - (k + 1) * r, y)),
                (fw - x - w, (w - rx, 0, rx, h), (True, False), lambda k, r: (x + w + k * r, y)),
                (y, (0, 0, w, ry), (False, True), lambda k, r: (x, y - (k + 1) * r)),
                (fh - y - h, (0, h - ry, w, ry), (False, True), lambda k, r: (x, y + h + k * r))):
            if room <= 0:
                continue
            strip = art.subsurface(rect)
            mirrored = pygame.transform.flip(strip, *flip)
            r = rect[2] if flip[0] else rect[3]
            for k in range(-(-room // r)):
                pieces.append((mirrored if k % 2 == 0 else strip.copy(), place(k, r)))
        cache["pieces"] = pieces
    for piece, at in cache["pieces"]:
        frame.blit(piece, at)
