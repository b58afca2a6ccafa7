"""Fonts, images and sounds shipped inside the package (``arcade.data``, the repo's ``assets/``).

Everything is loaded through importlib.resources, so a wheel install works with no repository
around, and cached: a font or image is read once. Sound is optional: with no audio device, a mixer
that fails, or a missing file, ``Audio.play`` does nothing.
"""
from __future__ import annotations

import io
import logging
from functools import lru_cache
from importlib import resources

import pygame

log = logging.getLogger("arcade")

FONT_FILES = {"bold": "ClearSans-Bold.ttf", "medium": "ClearSans-Medium.ttf", "regular": "ClearSans-Regular.ttf"}
# Chinese text: Noto Sans SC, subset to the characters the catalogues and the UI use (tools/subset_font.py)
CJK_FONT_FILES = {"bold": "NotoSansSC-Bold.otf", "medium": "NotoSansSC-Regular.otf",
                  "regular": "NotoSansSC-Regular.otf"}
CJK_START = 0x2E80  # CJK radicals onwards (ideographs, kana, CJK punctuation, full-width forms)


def needs_cjk(text: str) -> bool:
    """Whether ``text`` has characters Clear Sans lacks and Noto Sans SC has."""
    return any(ord(ch) >= CJK_START for ch in text)


def data_file(*parts: str):
    """A Traversable for a file under the package's data folder."""
    node = resources.files("arcade.data")
    for p in parts:
        node = node.joinpath(p)
    return node


def _open(node):
    # A real file path when installed on disk (the usual case), else the bytes in memory.
    try:
        import pathlib

        if isinstance(node, pathlib.Path):
            return str(node)
    except Exception:  # pragma: no cover
        pass
    return io.BytesIO(node.read_bytes())


@lru_cache(maxsize=None)
def font(size: int, weight: str = "bold", cjk: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = (CJK_FONT_FILES if cjk else FONT_FILES)[weight]
    return pygame.font.Font(_open(data_file("fonts", name)), max(1, int(size)))


TEXT_SIZES = (1.0, 1.25, 1.5)  # the Text size setting's choices
LARGE_TEXT = 28  # px: text this size or larger (titles, scores, tile numbers) is not enlarged, smaller text grows up to it
_text_scale = [1.0]
_text_caches: list = []


def text_cache(maxsize: int):
    """``lru_cache`` for a function whose result depends on how text measures (wrapping, fitting, rendering): the
    cache is emptied when the text size changes."""
    def wrap(fn):
        cached = lru_cache(maxsize=maxsize)(fn)
        _text_caches.append(cached)
        return cached
    return wrap


def text_scale() -> float:
    return _text_scale[0]


def set_text_scale(scale: float) -> bool:
    """Small text drawn ``scale`` times larger (the Text size setting: 1, 1.25 or 1.5); True if it changed (every
    text cache is then emptied: scenes lay their text out again)."""
    scale = float(scale)
    if scale not in TEXT_SIZES:
        raise ValueError(f"text size {scale!r}: one of {', '.join(f'{s:g}' for s in TEXT_SIZES)}")
    if scale == _text_scale[0]:
        return False
    _text_scale[0] = scale
    for cached in _text_caches:
        cached.cache_clear()
    return True


def scaled_size(size: int) -> int:
    """The pixel size text of logical ``size`` is drawn at, at the current text size."""
    k = _text_scale[0]
    if k == 1.0 or size >= LARGE_TEXT:
        return int(size)
    return min(LARGE_TEXT, round(size * k))


def font_for(text: str, size: int, weight: str = "bold") -> pygame.font.Font:
    """The font that has ``text``'s characters (Clear Sans, or Noto Sans SC for Chinese), at ``size`` as the Text
    size setting draws it (:func:`scaled_size`)."""
    return font(scaled_size(size), weight, needs_cjk(text))


def for_display(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """``surf`` in the display's pixel format for fast blits (``convert_alpha()``, or ``convert()`` for an opaque
    surface) once a display mode is set; ``surf`` as is before that (headless benchmarks, tests)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


@lru_cache(maxsize=None)
def image(name: str) -> pygame.Surface:
    """A PNG from assets/images (converted for fast blits once a display mode is set)."""
    node = data_file("images", name if "." in name else name + ".png")
    return for_display(pygame.image.load(_open(node), name))


def has_image(name: str) -> bool:
    return data_file("images", name if "." in name else name + ".png").is_file()


class Audio:
    """Sound effects. Silent, never broken, when the mixer is missing or fails."""

    def __init__(self, volume: float = 0.8, muted: bool = False, enabled: bool = True):
        self.volume = volume
        self.muted = muted
        self.ok = False
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        if enabled:
            from arcade.engine.util import quiet_stderr

            try:
                with quiet_stderr():  # ALSA prints its probing errors to fd 2
                    pygame.mixer.init()
                self.ok = pygame.mixer.get_init() is not None
            except (pygame.error, NotImplementedError) as e:
                log.warning("no audio (%s); playing silently", e)

    def sound(self, name: str):
        if not self.ok:
            return None
        if name not in self._cache:
            node = data_file("sounds", name if "." in name else name + ".wav")
            try:
                self._cache[name] = pygame.mixer.Sound(_open(node)) if node.is_file() else None
            except (pygame.error, OSError):
                self._cache[name] = None
        return self._cache[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.muted or self.volume <= 0:
            return
        snd = self.sound(name)
        if snd is None:
            return
        try:
            ch = snd.play()
            if ch is not None:
                ch.set_volume(max(0.0, min(1.0, self.volume * volume)))
        except pygame.error:
            pass

    def close(self) -> None:
        if self.ok:
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
