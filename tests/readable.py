"""Is the text on a screen readable? Each text is followed from the font to the frame: the fonts are wrapped so
every rendered text surface is known (its words, size and colour), the frame is drawn onto a surface that records
where each was blitted, and then

- its size: at least :data:`MIN_PX` pixels at the default window;
- its contrast: the 10th percentile of the contrast between the text colour and the frame's pixels in a 2-pixel
  ring round its letters (its own anti-aliasing excluded), at least :data:`MIN_CONTRAST` (WCAG's 4.5:1);
- its place: no two texts' inked rectangles intersect.

Use: ``spy = FontSpy(monkeypatch)``, ``frame = drawn(app, spy)`` (the stack's top scene with what it overlays),
``problems(frame)`` -> the lines that break a rule (an empty list when the screen reads well)."""
from __future__ import annotations

import numpy as np
import pygame

from arcade.engine import assets
from arcade.engine.ui import text as ui_text

MIN_PX = 11
MIN_CONTRAST = 4.5


def luminance(rgb) -> np.ndarray:
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a, b) -> np.ndarray:
    la, lb = luminance(a), luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


class FontSpy:
    """Wraps ``assets.font_for`` so every rendered text surface is known: id -> (text, size, colour)."""

    def __init__(self, monkeypatch):
        self.made: dict[int, tuple[str, int, tuple]] = {}
        self._keep: list[pygame.Surface] = []  # alive, so ids are not reused
        real = assets.font_for
        spy = self

        class Font:
            def __init__(self, text, size, weight="bold"):
                self._f, self._size = real(text, size, weight), size

            def render(self, text, aa, color, *rest):
                surf = self._f.render(text, aa, color, *rest)
                spy.made[id(surf)] = (text, self._size, tuple(color)[:3])
                spy._keep.append(surf)
                return surf

            def __getattr__(self, name):
                return getattr(self._f, name)

        monkeypatch.setattr(assets, "font_for", Font)
        ui_text.render.cache_clear()
        ui_text.fit.cache_clear()


class Recorder(pygame.Surface):
    """A frame that remembers where each known text surface was blitted."""

    def __init__(self, size, spy: FontSpy):
        super().__init__(size)
        self.spy, self.texts = spy, []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        info = self.spy.made.get(id(source))
        if info is not None and area is None and source.get_alpha() in (None, 255):
            self.texts.append((info, source, pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0)).topleft))
        return rect


def drawn(app, spy: FontSpy) -> Recorder:
    """The stack's top scene drawn on a recorder, over the scenes it overlays (as the app draws a frame)."""
    frame = Recorder(app.size, spy)
    scenes = app.stack.scenes
    first = len(scenes) - 1
    while first > 0 and getattr(scenes[first], "overlay", False):
        first -= 1
    for scene in scenes[first:]:
        frame.texts.clear()  # only the top scene's texts are judged; those beneath are its backdrop
        scene.draw(frame)
    return frame


def report(frame: Recorder) -> list[tuple[str, int, float, pygame.Rect]]:
    """(text, size, contrast, inked rectangle) of each text in the frame."""
    px = pygame.surfarray.array3d(frame).astype(np.int32)  # (w, h, 3)
    out = []
    for (words, size, colour), src, (x0, y0) in frame.texts:
        if not words.strip():
            continue
        a = pygame.surfarray.array_alpha(src) if src.get_flags() & pygame.SRCALPHA else None
        if a is None:  # rendered without alpha: letters are the pixels of the text colour
            a = np.where((pygame.surfarray.array3d(src) == colour).all(axis=2), 255, 0)
        ink = a > 0
        ring = np.zeros_like(ink)
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                ring |= np.roll(np.roll(ink, dx, axis=0), dy, axis=1)
        ring &= ~ink
        xs, ys = np.nonzero(ring)
        xs, ys = xs + x0, ys + y0
        keep = (xs >= 0) & (ys >= 0) & (xs < px.shape[0]) & (ys < px.shape[1])
        around = px[xs[keep], ys[keep]]
        ratio = float(np.percentile(contrast(np.asarray(colour)[None, :], around), 10)) if len(around) else 0.0
        out.append((words, size, ratio, src.get_bounding_rect().move(x0, y0)))
    return out


def problems(frame: Recorder) -> list[str]:
    """Every broken rule of the frame's texts, one line each."""
    texts = report(frame)
    bad = [f"{w!r} at {size} px" for w, size, _, _ in texts if size < MIN_PX]
    bad += [f"{w!r}: contrast {ratio:.2f}:1" for w, _, ratio, _ in texts if ratio < MIN_CONTRAST]
    shrunk = [r.inflate(-2, -2) for *_, r in texts]
    bad += [f"{texts[i][0]!r} overlaps {texts[j][0]!r}" for i in range(len(texts)) for j in range(i + 1, len(texts))
            if shrunk[i].colliderect(shrunk[j])]
    return bad


def words(frame: Recorder) -> set[str]:
    return {w for w, *_ in report(frame)}
