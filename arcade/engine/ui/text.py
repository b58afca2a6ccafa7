"""Cached text rendering (a label is rendered once, then blitted every frame) and line breaking.

Text from outside (an engine's chatter, a file name, an error message) can be absurdly long; every function here
reads at most what a screen could show, so a 50 MB string costs what a screenful does: a line is cut at
:data:`LINE_CHARS` characters (wider than any canvas even at the smallest size), text to break into lines at
:data:`TEXT_CHARS`, and :func:`fit_lines` reads no more than its lines could hold at one pixel a character."""
from __future__ import annotations

import re

import pygame

from arcade.engine import assets

LINE_CHARS = 1000    # characters of a line drawn at most: more is wider than any canvas at any size
TEXT_CHARS = 10_000  # characters of a text broken into lines at most: more than any screen holds


def _head(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit]


MIN_TEXT = 13  # pixels: the smallest text :func:`draw_lines` draws (11 px at the smallest window)


# Bounded caches for labels drawn every frame (titles, buttons, small numbers). Text that keeps changing (a
# score, a nodes-per-second figure) goes through a Label instead: one surface, re-rendered when the text changes.
# An unbounded or large cache of big score digits grew the process by tens of MB over a long climb (the soak).
def _cut_first(limit):
    """Calls of the cached ``fn`` with its text cut at ``limit`` first (the cache never keeps a huge string);
    ``cache_clear`` is the cache's."""
    def wrap(fn):
        def cut(text: str, *args, **kw):
            return fn(_head(text, limit), *args, **kw)

        cut.__name__, cut.__doc__, cut.__wrapped__, cut.cache_clear = fn.__name__, fn.__doc__, fn, fn.cache_clear
        return cut
    return wrap


@_cut_first(LINE_CHARS)
@assets.text_cache(maxsize=512)
def render(text: str, size: int, color=(0, 0, 0), weight: str = "bold") -> pygame.Surface:
    return assets.font_for(text, size, weight).render(text, True, color)


@_cut_first(LINE_CHARS)
@assets.text_cache(maxsize=256)
def fit(text: str, max_width: int, size: int, color=(0, 0, 0), weight: str = "bold", min_size: int = 8) -> pygame.Surface:
    """Render at ``size`` or smaller so the text is at most ``max_width`` wide, never drawn under ``min_size``
    pixels (with the Text size setting above 100 % a size under ``min_size`` may still draw that large)."""
    while assets.scaled_size(size - 1) >= min_size and assets.font_for(text, size, weight).size(text)[0] > max_width:
        size -= 1
    return render(text, size, color, weight)


LABEL_PAD = 4  # a button's label keeps at least this many pixels from each of its button's edges


@assets.text_cache(maxsize=256)
def row_size(labels: tuple[str, ...], slots: tuple[tuple[int, int], ...], size: int, weight: str = "bold",
             min_size: int = 8) -> int:
    """The one size of a row of buttons: the largest from ``size`` down (not under ``min_size`` pixels, as
    :func:`fit`) at which each label's ink fits its slot ``(width, height)`` with :data:`LABEL_PAD` pixels to spare
    on every side. A row whose labels differ in length so draws them all alike, at the size the longest allows."""
    def fits(sz: int) -> bool:
        for text, (w, h) in zip(labels, slots):
            if _width(text, sz, weight) > w - 2 * LABEL_PAD:
                return False
            if render(text, sz, (0, 0, 0), weight).get_bounding_rect().h > h - 2 * LABEL_PAD:
                return False
        return True

    while assets.scaled_size(size - 1) >= min_size and not fits(size):
        size -= 1
    return size


def blit_center(surface: pygame.Surface, label: pygame.Surface, center) -> pygame.Rect:
    r = label.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(label, r)
    return r


def blit_pill(surface: pygame.Surface, label: pygame.Surface, colour, pad: tuple[int, int], **at) -> pygame.Rect:
    """``label`` centred on a pill of ``colour`` (fully rounded ends), ``pad`` wider and taller than it, placed by
    ``at`` (one rectangle keyword: ``center=``, ``midleft=`` ...): its own backing over a busy picture."""
    pill = pygame.Rect(0, 0, label.get_width() + pad[0], label.get_height() + pad[1])
    setattr(pill, *next(iter(at.items())))
    pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
    blit_center(surface, label, pill.center)
    return pill


class Label:
    """Text that changes now and then (a score, a figure): rendered only when it changes, one surface kept."""

    def __init__(self, size: int, color=(0, 0, 0), weight: str = "bold", max_width: int | None = None, min_size: int = 8):
        self.size, self.color, self.weight, self.max_width, self.min_size = size, color, weight, max_width, min_size
        self._text: str | None = None
        self._scale = assets.text_scale()  # the text size it was rendered at
        self._surface: pygame.Surface | None = None

    def get(self, text: str) -> pygame.Surface:
        text = _head(text, LINE_CHARS)
        if text != self._text or self._scale != assets.text_scale():
            self._scale = assets.text_scale()
            size = self.size
            if self.max_width is not None:
                while assets.scaled_size(size - 1) >= self.min_size and \
                        assets.font_for(text, size, self.weight).size(text)[0] > self.max_width:
                    size -= 1
            self._surface = assets.font_for(text, size, self.weight).render(text, True, self.color)
            self._text = text
        return self._surface


# ---------------------------------------------------------------------------------------------- line breaking
NO_LINE_START = "、，。；：！？）」』》〉】〕］｝％…,.;:!?)]}%"  # punctuation that closes: it stays at the end of a line
NO_LINE_END = "（「『《〈【〔［｛([{"  # punctuation that opens: it goes to the next line with what it opens
_CJK = "\u2e80-\u2fff\u3001-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"  # each character a word of its own
_WORD = re.compile(rf"(?:[{_CJK}]|[^\s{_CJK}]+)\s*")  # a word (or one CJK character) with the spaces after it


_NUMBER = re.compile(r"\d(?:[\d,.]*\d)?\s*$")  # "0 won", "28 px", "1,024 points": kept with what it counts


def _words(text: str) -> list[str]:
    """``text`` (starting with no space) in the pieces a line may break between, each with its trailing spaces:
    words, and single CJK characters; closing punctuation joins the piece before, opening punctuation and a
    number the one after."""
    out: list[str] = []
    for w in _WORD.findall(text):
        if out and (w[0] in NO_LINE_START or out[-1].rstrip()[-1] in NO_LINE_END or _NUMBER.match(out[-1])):
            out[-1] += w
        else:
            out.append(w)
    return out


def _width(text: str, size: int, weight: str) -> int:
    return assets.font_for(text, size, weight).size(text)[0]


def _fits(text: str, width: int, size: int, weight: str) -> bool:
    return _width(text, size, weight) <= width


def _characters(word: str, width: int, size: int, weight: str) -> list[str]:
    """A word wider than a line, broken between characters (at least one a line, no spaces at a line's ends;
    closing punctuation brings the character it closes to the next line rather than start one)."""
    out, line = [], ""
    for ch in word:
        if line and not _fits(line + ch, width, size, weight):
            k = 1  # the characters to carry: back to one that is no closing punctuation
            while k < len(line) and line[-k] in NO_LINE_START:
                k += 1
            carry = ch in NO_LINE_START and k < len(line) and not line[-k].isspace() and \
                _fits(line[-k:] + ch, width, size, weight)
            out.append(line[:-k].rstrip() if carry else line.rstrip())
            line = line[-k:] if carry else ""
        if line or not ch.isspace():
            line += ch
    return out + [line]


def _fill(text: str, width: int, size: int, weight: str, split_words: bool, end: bool) -> list[str]:
    """``text`` in lines between its words; the last line as it ends (its trailing spaces count only at the
    text's ``end``: a line goes on after it otherwise)."""
    lines, line = [], ""
    pieces = _words(text)
    for i, piece in enumerate(pieces):
        trial = line + piece
        if line and _fits(trial if end and i == len(pieces) - 1 else trial.rstrip(), width, size, weight):
            line = trial
            continue
        if line:
            lines.append(line.rstrip())
        body = piece.rstrip()
        if split_words and not _fits(body, width, size, weight):
            *full, body = _characters(body, width, size, weight)
            lines += full
        line = body + piece[len(piece.rstrip()):]
    return lines + [line] if line else lines


def _lines(text: str, width: int, size: int, weight: str, sep: str, split_words: bool) -> tuple[str, ...]:
    text = text.lstrip()
    if not sep.strip():
        return tuple(_fill(text, width, size, weight, split_words, True))
    lines, line = [], None  # line: the one being filled, None until a part starts it
    parts = text.split(sep)
    for i, part in enumerate(parts):
        end = i == len(parts) - 1
        if line is not None:
            trial = line + sep + part
            if _fits(trial if end else trial.rstrip(), width, size, weight):
                line = trial
                continue
            lines.append(line.rstrip())
            line = None
        *full, last = _fill(part.lstrip(), width, size, weight, split_words, end) or [None]
        lines += full
        line = last
    return tuple(lines + [line] if line else lines)


@_cut_first(TEXT_CHARS)
@assets.text_cache(maxsize=512)
def wrap_lines(text: str, width: int, size: int, weight: str = "medium", sep: str = " ",
               split_words: bool = True, balance: bool = False) -> tuple[str, ...]:
    """``text`` in lines at most ``width`` pixels wide in the type it is drawn in (``size`` at the Text size
    setting, the font its characters need). Broken at ``sep``: a space, or a list's separator ("  ·  ") that keeps
    the items between separators together (an item too long for a line is broken like any text); between words,
    and between any two Chinese characters (Chinese has no spaces); closing punctuation (，。、！？） never starts
    a line, opening punctuation never ends one. A word wider than the line is broken between characters (with
    ``split_words`` false it keeps a line of its own, wider than ``width``). The text's separators and spaces at
    a break are dropped, every other character kept in order; its trailing spaces stay on the last line (a
    changing ending such as "thinking.  " keeps its width). Empty text: no lines. ``balance``: the lines as even
    as their count allows (no lone word on the last), else each as full as it goes."""
    lines = _lines(text, width, size, weight, sep, split_words)
    return _balanced(text, width, size, weight, sep, split_words, len(lines)) if balance and len(lines) > 1 else lines


def _fit_all(lines, width: int, size: int, weight: str) -> bool:
    return all(_fits(line.rstrip(), width, size, weight) for line in lines)


def _ideograph(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _balanced(text: str, width: int, size: int, weight: str, sep: str, split_words: bool,
              count: int) -> tuple[str, ...]:
    """``text`` in ``count`` lines as even as they go, no word broken: of the ways to break it (each width from
    ``width`` down gives one), the one whose widest line is the narrowest, a break inside a run of Chinese
    characters (not after its punctuation) counting as two characters wider, a list's items kept whole where a
    way keeps them so; as it is at ``width`` when a word must break there."""
    em, best, w = assets.scaled_size(size), None, width
    while w > 0:
        lines = _lines(text, w, size, weight, sep, False)
        if len(lines) > count or not _fit_all(lines, w, size, weight):
            break
        whole = not sep.strip() or sep.join(line.strip() for line in lines) == text.strip()
        if best is not None and best[2] and not whole:
            break  # a list's items stay whole where they can
        widest = max(_width(line.rstrip(), size, weight) for line in lines)
        inside = sum(_ideograph(a.rstrip()[-1]) and _ideograph(b[0]) for a, b in zip(lines, lines[1:]))
        if best is None or widest + 2 * em * inside <= best[0]:
            best = (widest + 2 * em * inside, lines, whole)
        w = widest - 1
    return best[1] if best is not None else _lines(text, width, size, weight, sep, split_words)


def fit_lines(text: str, width: int, size: int, weight: str = "bold", lines: int = 2, sep: str = " ",
              min_size: int = 13) -> tuple[int, tuple[str, ...]]:
    """``(size, lines)``: ``text`` in at most ``lines`` lines of at most ``width`` pixels (:func:`wrap_lines`) at
    the largest size from ``size`` down to ``min_size`` where it fits, the lines as even as their count allows (no
    lone word on the last). A text in two lines breaks after a label's colon when both halves fit ("vs AI Easy:"
    over "0 won, 0 drawn, 0 lost"), but a list of parts (``sep`` a middle dot) between its parts ("Down: blunder
    (-9.5 %)" over "AI: up"). Too long even at ``min_size`` (an engine's chatter): the last line is cut,
    with an ellipsis; a text longer than the lines could hold at one pixel a character is not read past that."""
    cap = max(1, lines) * max(1, width) + 1  # more characters than this cannot fit (a character is 1 px or wider)
    return _fit_lines(_head(text, cap + 1), width, size, weight, lines, sep, min_size, cap)


@assets.text_cache(maxsize=128)
def _fit_lines(text: str, width: int, size: int, weight: str, lines: int, sep: str, min_size: int,
               cap: int) -> tuple[int, tuple[str, ...]]:
    """:func:`fit_lines` of a text of at most ``cap + 1`` characters (more than ``cap``: too long)."""
    out: tuple[str, ...] = ()
    cut = len(text) > cap
    text = _head(text, cap)
    for sz in range(size, min_size - 1, -1):
        if cut:
            out = _lines(text, width, min_size, weight, sep, True)
            break
        out = _lines(text, width, sz, weight, sep, True)
        if len(out) <= 1:
            return sz, out
        head, colon, tail = text.partition("：") if "：" in text else text.partition(": ")
        head, tail = (head + colon).strip(), tail.strip()
        if colon and tail and lines >= 2 and "·" not in sep and _fit_all((head, tail), width, sz, weight):
            return sz, (head, tail)
        if len(out) <= lines:
            return sz, _balanced(text, width, sz, weight, sep, True, len(out))
    last = " ".join(out[lines - 1:])
    lo, hi = 1, len(last)  # the longest start of the last line that fits with an ellipsis (at least 1 character)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _fits(last[:mid].rstrip() + "...", width, min_size, weight):
            lo = mid
        else:
            hi = mid - 1
    return min_size, out[:lines - 1] + (last[:lo].rstrip() + "...",)


def draw_lines(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "bold", lines: int = 2,
               separators: tuple = (" · ",)) -> None:
    """``text`` in at most ``lines`` lines centred in ``box`` (:func:`fit_lines`: a size smaller if it must, to
    fit its width and then its height, never under :data:`MIN_TEXT` pixels), a list broken between its items (the
    first of ``separators`` found in it)."""
    sep = next((s for s in separators if s in text), " ")
    smallest = next((s for s in range(8, size + 1) if assets.scaled_size(s) >= MIN_TEXT), size)
    while True:  # a size smaller while the lines overflow the box's height, down to the smallest text drawn
        sz, rows = fit_lines(text, box.w, size, weight, lines, sep, min(13, smallest))
        height = assets.font_for(text, sz, weight).get_linesize()
        if height * len(rows) <= box.h or size <= smallest:
            break
        size -= 1
    top = box.centery - height * len(rows) / 2
    for i, row in enumerate(rows):
        blit_center(surface, fit(row, box.w, sz, colour, weight), (box.centerx, top + height * (i + 0.5)))
