"""Every text the Stairs screen draws is readable: at least 11 px at the default window, and at least 4.5:1 against
what surrounds its letters, whatever passes behind it (checked over the real scene, a white and a black backdrop).

Text is followed from the font to the screen: the fonts are wrapped so each rendered text surface is known (its
words, size and colour), the frame is drawn onto a surface that records where each was blitted, and the contrast is
measured between the text colour and the frame's pixels in a thin ring round the letters."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from arcade.engine import assets
from arcade.engine.ui import text as ui_text
from arcade.stairs import scene as sc
from arcade.stairs.autopilot import next_hop
from helpers import frames, key, settle
from tests.stairs.test_ghost import best_record, hop, start

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT}
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

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        info = self.spy.made.get(id(source))
        if info is not None and source.get_alpha() in (None, 255):
            self.texts.append((info, source, pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0)).topleft))
        return rect


def text_report(frame: Recorder) -> list[tuple[str, int, float]]:
    """(text, size, contrast) of each text in the frame: the 10th percentile of the contrast between the text
    colour and the pixels of a 2 px ring round its letters (its own anti-aliasing excluded)."""
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
        ratios = contrast(np.asarray(colour)[None, :], around)
        out.append((words, size, float(np.percentile(ratios, 10))))
    return out


def check(scene, spy: FontSpy, backdrop=None) -> list[tuple[str, int, float]]:
    """Draw the scene (over ``backdrop`` instead of the sky and stairs, when given) and check its texts."""
    frame = Recorder(scene.app.size, spy)
    if backdrop is not None:
        real = scene.view.draw
        scene.view.draw = lambda surface, world: surface.fill(backdrop)
        try:
            scene.draw(frame)
        finally:
            scene.view.draw = real
    else:
        scene.draw(frame)
    report = text_report(frame)
    for words, size, ratio in report:
        assert size >= MIN_PX, f"{words!r} at {size} px"
        assert ratio >= MIN_CONTRAST, f"{words!r}: contrast {ratio:.2f}:1 over {backdrop or 'the scene'}"
    return report


def all_backdrops(scene, spy) -> set[str]:
    seen = set()
    for backdrop in (None, (255, 255, 255), (0, 0, 0), (244, 220, 180)):  # ..., a stair's top face
        seen |= {words for words, _, _ in check(scene, spy, backdrop)}
    return seen


def best_run():
    return best_record(gap=0.15, hops=60)


def test_the_hud_at_the_start_and_mid_climb(app, monkeypatch):
    spy = FontSpy(monkeypatch)
    s = start(app)
    assert {"0", "BEST 0", "Tap left or right to hop"} <= all_backdrops(s, spy)
    hop(app, s, 12, gap=6)
    assert {"12", "BEST 12"} <= all_backdrops(s, spy)


def test_the_ghost_tag_and_its_edge_marker(app, monkeypatch):
    spy = FontSpy(monkeypatch)
    s = start(app, [best_run()])
    hop(app, s, 1, gap=0)
    frames(app, 33)  # the best run is a few stairs above: on screen, "BEST" over its head
    assert s.ghost is not None and s.ghost.on_screen(s.view.camera, app.size)
    assert "BEST" in all_backdrops(s, spy)
    frames(app, 180)  # three seconds later it is far above: the marker at the top edge says how far
    assert not s.world.over and not s.ghost.on_screen(s.view.camera, app.size)
    seen = all_backdrops(s, spy)
    assert any(t.startswith("+") for t in seen), seen


@pytest.mark.parametrize("cause", ["hit", "fell", "dropped"])
def test_the_game_over_panel(make_app, monkeypatch, cause):
    spy = FontSpy(monkeypatch)
    app = make_app(seed=5)
    s = start(app)
    w = s.world
    if cause == "dropped":
        hop(app, s, 2, gap=6)
        settle(app, 12.0)
    else:
        hop(app, s, 3, gap=6)
        for _ in range(300):
            here = w.robot_stair
            other = "left" if next_hop(w) == "right" else "right"
            d = -1 if other == "left" else 1
            if (w.obstacle_at(here.index + 1, here.col + d) is not None) == (cause == "hit"):
                break
            hop(app, s, 1, gap=6)
        frames(app, 1, events=[key(KEYS[other])])
    assert w.over and w.cause == cause
    settle(app, 2.0)
    assert s.panel_ready
    seen = all_backdrops(s, spy)
    assert {"Game over", "SCORE", "BEST", "Restart", "Menu", "New best!"} <= seen, seen


def test_the_demo_panel(app, monkeypatch):
    spy = FontSpy(monkeypatch)
    s = sc.StairsScene(app, demo=True)
    app.stack.reset(s, fade=False)
    s.slip_at = 3
    settle(app, 1.5 + sc.PANEL_DELAY + sc.PANEL_SLIDE)
    assert s.world.over and s.panel_shown
    seen = all_backdrops(s, spy)
    assert any(t.startswith("Next climb in") for t in seen), seen
