"""What the readability tests measure on a drawn screen: every piece of text with its font size, its colour and the
background it was drawn on (sampled just before it was drawn), so a test can ask for text no smaller than 11
pixels at the smallest window, a contrast of at least 4.5:1 (WCAG AA) and no two texts on top of each other
(:func:`overlapping`)."""
from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame
import pytest

from arcade.engine import assets
from arcade.engine.ui import text as text_mod

MIN_PX = 11
MIN_CONTRAST = 4.5


@dataclass
class Piece:
    text: str
    size: int
    colour: tuple
    rect: pygame.Rect       # the ink on the canvas
    background: tuple       # the median colour under it before it was drawn
    cut: bool = False       # part of the ink fell outside the canvas

    @property
    def contrast(self) -> float:
        return contrast(self.colour, self.background)


def luminance(rgb) -> float:
    def ch(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class Canvas(pygame.Surface):
    """A canvas that remembers each text drawn on it, with what was under it."""

    meta: dict = {}  # id(text surface) -> (text, size, colour, the surface: kept alive, so its id is not reused)

    def __init__(self, size):
        super().__init__(size)
        self.pieces: list[Piece] = []

    def blit(self, source, dest, area=None, special_flags=0):
        info = Canvas.meta.get(id(source)) if area is None else None
        under = None
        if info is not None:
            ink = source.get_bounding_rect()
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (round(dest[0]), round(dest[1]))
            whole = ink.move(pos)
            clip = self.get_clip()  # a scrolling list clips its rows to its view: what shows is what is read
            scrolled = clip != self.get_rect()
            box = whole.clip(clip)
            if box.w and box.h:
                px = pygame.surfarray.array3d(self.subsurface(box)).reshape(-1, 3)  # a copy: the canvas stays unlocked
                under = tuple(int(v) for v in sorted_median(px))
            elif whole.w and whole.h and not scrolled:  # drawn wholly off the canvas: nobody reads it
                box, under = whole, tuple(info[2])[:3]
        r = super().blit(source, dest, area, special_flags)
        if under is not None:  # cut: ink off the canvas (not a row half-scrolled out of its list's view)
            cut = not self.get_rect().contains(whole) if scrolled else box != whole
            self.pieces.append(Piece(info[0], info[1], tuple(info[2])[:3], box, under, cut))
        return r


def sorted_median(px):
    import numpy as np

    return np.median(px, axis=0)


def install(monkeypatch) -> None:
    """Tag every text surface the app renders (render, fit, Label) with its text, size and colour."""
    orig_render, orig_get = text_mod.render, text_mod.Label.get

    def render(text, size, color=(0, 0, 0), weight="bold"):
        s = orig_render(text, size, color, weight)
        Canvas.meta[id(s)] = (text, assets.scaled_size(size), color, s)  # the size drawn (the Text size setting)
        return s

    def get(self, t):
        s = orig_get(self, t)
        size = self.size
        if self.max_width is not None:
            while assets.scaled_size(size - 1) >= self.min_size and \
                    assets.font_for(t, size, self.weight).size(t)[0] > self.max_width:
                size -= 1
        Canvas.meta[id(s)] = (t, assets.scaled_size(size), self.color, s)
        return s

    text_mod.render.cache_clear()
    text_mod.fit.cache_clear()
    for name, mod in list(sys.modules.items()):
        if name.startswith("arcade") and mod is not None and getattr(mod, "render", None) is orig_render:
            monkeypatch.setattr(mod, "render", render)
    monkeypatch.setattr(text_mod.Label, "get", get)


def drawn(app) -> Canvas:
    """The stack drawn bottom to top on a canvas (what the player sees); the text measured is the top scene's
    (an overlay's text over the dimmed picture beneath: the dimmed text is not meant to be read)."""
    start = 0
    for i, s in enumerate(app.stack.scenes):
        if not s.overlay:
            start = i
    canvas = None
    for s in app.stack.scenes[start:]:
        # a scene laid out on the whole frame is drawn on a frame-sized canvas; one on the canvas over it sees
        # the middle of what is beneath (the canvas's place in the frame)
        size = app.frame_size if getattr(s, "fills_frame", False) else app.size
        if canvas is None or canvas.get_size() != tuple(size):
            under, canvas = canvas, Canvas(size)
            if under is not None:
                from arcade.engine.ui.frame import inner_rect

                canvas.blit(under, (0, 0), area=inner_rect(under.get_size(), size).clip(under.get_rect()))
        canvas.pieces.clear()
        s.draw(canvas)
    return canvas


def overlapping(canvas: Canvas) -> list[tuple[str, str]]:
    """Pairs of texts whose ink intersects (a pixel's touch at the edges allowed)."""
    pieces = canvas.pieces
    shrunk = [p.rect.inflate(-2, -2) for p in pieces]
    return [(pieces[i].text, pieces[j].text) for i in range(len(pieces)) for j in range(i + 1, len(pieces))
            if shrunk[i].colliderect(shrunk[j])]



PAD = 4  # a button's label keeps at least this many pixels from each edge of its button


def row_problems(canvas: Canvas, rows) -> list[str]:
    """What is wrong with the labels drawn on ``rows`` of buttons (each a list of ``(rect, label)``): a row's
    labels in more than one size, a label closer than :data:`PAD` pixels to an edge of its button, a button
    whose label is not drawn on it."""
    bad = []
    for row in rows:
        sizes = {}
        for r, label in row:
            r = pygame.Rect(r)
            on = [p for p in canvas.pieces if p.text == label and r.collidepoint(p.rect.center)]
            if not on:
                bad.append(f"{label!r} is not drawn on its button {tuple(r)}")
                continue
            for p in on:
                sizes.setdefault(p.size, []).append(p.text)
                if not r.inflate(-2 * PAD, -2 * PAD).contains(p.rect):
                    bad.append(f"{p.text!r} {tuple(p.rect)} is less than {PAD} px inside its button {tuple(r)}")
        if len(sizes) > 1:
            bad.append("one row in several sizes: " + "; ".join(f"{s} px {t}" for s, t in sorted(sizes.items())))
    return bad


def list_rows(widget, card_h: int = 10_000) -> list[list[tuple]]:
    """A ButtonList's or ButtonGrid's buttons in rows by where they are: buttons side by side (the same top and
    height) are a row; a column of single buttons (a list) is one set; headers and cards (``card_h`` high or
    more) are left out."""
    view = widget.item_rect(0).unionall([widget.item_rect(i) for i in range(len(widget.items))])
    if widget.view_h is not None:  # a scrolled list: the buttons wholly in view
        view = pygame.Rect(widget.rect.x, widget.rect.y, widget.rect.w, widget.view_h)
    cells = [(widget.item_rect(i), it.label) for i, it in enumerate(widget.items)
             if not it.header and widget.item_rect(i).h < card_h and view.contains(widget.item_rect(i))]
    by_y: dict = {}
    for r, label in cells:
        by_y.setdefault((r.y, r.h), []).append((r, label))
    rows = [row for row in by_y.values() if len(row) > 1]
    singles = [row[0] for row in by_y.values() if len(row) == 1]
    return rows + ([singles] if singles else [])


@pytest.fixture
def measured(monkeypatch):
    """Every text drawn during the test is tagged (:func:`install`), the tags dropped after."""
    install(monkeypatch)
    yield
    Canvas.meta.clear()
