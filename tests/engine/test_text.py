"""Line breaking (arcade.engine.ui.text.wrap_lines, fit_lines): words, Chinese, list separators, over-long words,
closing punctuation, the Text size setting."""
import re

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.engine import assets
from arcade.engine.ui.text import NO_LINE_START, fit_lines, wrap_lines


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    pygame.font.init()


def width(line: str, size: int = 17, weight: str = "medium") -> int:
    return assets.font_for(line, size, weight).size(line)[0]


def kept(text: str, lines, sep: str = " ") -> bool:
    """Whether ``lines`` are ``text`` in order, leaving out only spaces and separators at the breaks (and spaces
    before the first)."""
    gap = re.compile(r"(?:\s|%s)*" % re.escape(sep.strip())) if sep.strip() else re.compile(r"\s*")
    p = re.compile(r"\s*").match(text).end()
    for line in lines:
        at = text.find(line, p)
        if not line.strip() or at < 0 or not gap.fullmatch(text, p, at):
            return False
        p = at + len(line)
    return bool(gap.fullmatch(text, p))


def test_english_breaks_between_words_and_every_line_fits():
    text = "Up/Down choose and Left/Right change the value of the row"
    lines = wrap_lines(text, 130, 17)
    assert len(lines) > 2 and " ".join(lines) == text
    assert all(width(line) <= 130 for line in lines)
    assert wrap_lines(text, 2000, 17) == (text,)


def test_chinese_breaks_between_characters_and_no_line_starts_with_closing_punctuation():
    text = "方向键、空格、F、回车：移动光标、翻开、插旗、双击翻开；每一局都能不靠猜测解开（游戏画面上按 G）"
    seen = set()
    for w in range(60, 420, 5):
        lines = wrap_lines(text, w, 17)
        seen.add(len(lines))
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(width(line) <= w for line in lines), (w, lines)
        assert not any(line[0] in NO_LINE_START for line in lines[1:]), (w, lines)
        assert not any(line[-1] in "（「" for line in lines[:-1]), (w, lines)  # nor ends with opening punctuation
    assert len(seen) > 5  # the breaks moved with the width


def test_mixed_text_keeps_latin_words_whole_and_breaks_between_chinese_characters():
    text = "按 Shift+H 提示下一步，按 Esc 暂停游戏"
    for w in range(80, 300, 6):
        lines = wrap_lines(text, w, 17)
        assert kept(text, lines)
        assert all(width(line) <= w for line in lines)
        assert all("Shift+H" in line for line in lines if "Shift" in line)
        assert not any(line[0] in NO_LINE_START for line in lines[1:])


def test_a_number_stays_with_what_it_counts():
    for text in ("vs AI Medium: 0 won, 0 drawn, 0 lost", "Small text drawn larger, up to 28 px; titles keep 1,024 pts",
                 "对战 AI 简单：赢 10 局，平 0 局，输 0 局"):
        for w in range(100, 400, 9):  # (narrower, "1,024 pts" is broken between its characters)
            lines = wrap_lines(text, w, 17)
            assert kept(text, lines)
            assert not any(re.search(r"(^|\s)[\d,]*\d$", line) for line in lines[:-1]), (w, lines)


def test_a_list_separator_keeps_its_items_together_and_is_dropped_at_a_break():
    text = "Shift+A autoplay  ·  Shift+H hint  ·  I the AI panel"
    lines = wrap_lines(text, 236, 15, "medium", "  ·  ")
    assert lines == ("Shift+A autoplay  ·  Shift+H hint", "I the AI panel")
    narrow = wrap_lines(text, 160, 15, "medium", "  ·  ")
    assert narrow == ("Shift+A autoplay", "Shift+H hint", "I the AI panel")
    # the same text broken at its spaces leaves a separator at a line's end
    assert wrap_lines(text, 236, 15, "medium")[0].endswith("·")
    # an item too long for a line is broken between its words, the next item may follow on its last line
    long = "a first item much longer than the line so  ·  b"
    lines = wrap_lines(long, 150, 15, "medium", "  ·  ")
    assert len(lines) > 2 and kept(long, lines, "  ·  ") and lines[-1].endswith("·  b")
    assert all(width(line, 15) <= 150 for line in lines)


def test_a_word_wider_than_the_line_is_broken_between_its_characters():
    text = "see Supercalifragilisticexpialidocious here"
    lines = wrap_lines(text, 90, 17)
    assert len(lines) >= 4 and kept(text, lines) and all(width(line) <= 90 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    # kept whole on a line of its own when asked
    whole = wrap_lines(text, 90, 17, split_words=False)
    assert "Supercalifragilisticexpialidocious" in whole and width(whole[1]) > 90


def test_a_break_inside_a_word_does_not_start_a_line_with_its_comma():
    for w in range(40, 200, 3):
        lines = wrap_lines("abcdefghijklmnopqrstu,vwxyz", w, 17)
        assert not any(line[0] in NO_LINE_START for line in lines[1:]), (w, lines)
        assert "".join(lines) == "abcdefghijklmnopqrstu,vwxyz"


def test_empty_text_has_no_lines_and_a_narrow_width_gives_a_character_a_line():
    assert wrap_lines("", 100, 17) == () and wrap_lines("   ", 100, 17) == ()
    assert wrap_lines("", 100, 17, sep="  ·  ") == ()
    assert wrap_lines("abc 你好", 1, 17) == ("a", "b", "c", "你", "好")
    assert wrap_lines("ab  ·  c", 0, 17, sep="  ·  ") == ("a", "b", "c")


def test_trailing_spaces_stay_on_the_last_line():
    assert wrap_lines("X is thinking.  ", 2000, 20, "bold") == ("X is thinking.  ",)
    assert wrap_lines("X is thinking.  ", 100, 20, "bold")[-1] == "thinking.  "


def test_lines_are_measured_at_the_text_size_setting():
    text = "Up/Down choose and Left/Right change the value of the row"
    small = wrap_lines(text, 200, 17)
    try:
        assets.set_text_scale(1.5)
        large = wrap_lines(text, 200, 17)  # the cache was emptied: measured again, larger
        assert len(large) > len(small)
        assert all(assets.font(26, "medium").size(line)[0] <= 200 for line in large)
    finally:
        assets.set_text_scale(1.0)
    assert wrap_lines(text, 200, 17) == small


WORDS = st.sampled_from(["a", "go", "Shift+H", "undo", "Supercalifragilistic", "3.5", "(AI)", "好", "你好", "提示",
                         "，", "。", "、", "！", "」", "「", "（", "）", ",", ".", "·", "|", "：", "G"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(WORDS, st.sampled_from(["", " ", "  ", "  ·  ", " · ", "  |  "])), max_size=25),
       st.sampled_from([" ", "  ·  ", " · ", "  |  "]), st.integers(0, 420), st.sampled_from([13, 17, 24]),
       st.sampled_from(["medium", "bold"]))
def test_every_character_is_kept_in_order_and_every_line_fits(pieces, sep, w, size, weight):
    text = "".join(a + b for a, b in pieces)
    lines = wrap_lines(text, w, size, weight, sep)
    assert kept(text, lines, sep), (text, lines)
    for line in lines:
        assert width(line.rstrip(), size, weight) <= w or len(line.strip()) == 1, (text, w, lines)
    assert bool(lines) == bool(text.strip())
    even = wrap_lines(text, w, size, weight, sep, balance=True)
    assert kept(text, even, sep) and len(even) <= len(lines), (text, w, lines, even)
    assert all(width(line.rstrip(), size, weight) <= w or len(line.strip()) == 1 for line in even), (text, w, even)


PROSE = st.lists(st.sampled_from(["a", "go", "Shift+H", "undo", "3.5", "(AI)", "好", "你好", "提示", "开局", "G"]),
                 min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(PROSE, st.lists(st.sampled_from(["", " ", "，", "。", "、", "！", "」", "）", ",", ".", "：", "? "]),
                       min_size=30, max_size=30), st.integers(60, 420))
def test_closing_punctuation_never_starts_a_line(words, marks, w):
    text = "".join(word + mark for word, mark in zip(words, marks))
    lines = wrap_lines(text, w, 17)
    assert kept(text, lines)
    assert not any(line[0] in NO_LINE_START for line in lines[1:]), (text, w, lines)


def test_fit_lines_keeps_the_size_while_the_lines_are_enough():
    assert fit_lines("Your turn (X)", 400, 20) == (20, ("Your turn (X)",))
    size, lines = fit_lines("Black to play, a rather longer status line", 240, 20, "bold", 2)
    assert size == 20 and len(lines) == 2
    assert all(width(line, 20, "bold") <= 240 for line in lines)


def test_fit_lines_breaks_after_a_label_colon():
    assert fit_lines("vs AI Easy: 0 won, 0 drawn, 0 lost", 200, 17, "medium") == \
        (17, ("vs AI Easy:", "0 won, 0 drawn, 0 lost"))
    text = "对战 AI 简单：赢 0 局，平 0 局，输 0 局"
    assert fit_lines(text, 190, 17, "medium") == (17, ("对战 AI 简单：", "赢 0 局，平 0 局，输 0 局"))
    assert wrap_lines(text, 190, 17) == ("对战 AI 简单：赢 0 局，", "平 0 局，输 0 局")
    # a list of parts breaks between its parts, a colon inside one of them kept on its line
    assert fit_lines("Down: blunder (-100.0 %)  ·  AI: up", 260, 18, "bold", 2, "  ·  ") == \
        (18, ("Down: blunder (-100.0 %)", "AI: up"))
    assert fit_lines("Undo: 1 move taken back · 12.5 s", 220, 18, "bold", 2, " · ") == \
        (18, ("Undo: 1 move taken back", "12.5 s"))


def test_fit_lines_balances_the_lines():
    text = "Arrows + Enter  |  H hint  |  U undo  |  Esc pause"
    size, lines = fit_lines(text, 300, 15, "medium", 2, "  |  ")
    assert size == 15 and lines == ("Arrows + Enter  |  H hint", "U undo  |  Esc pause")  # not three items and one
    assert wrap_lines(text, 300, 15, "medium", "  |  ") == ("Arrows + Enter  |  H hint  |  U undo", "Esc pause")


def test_balanced_lines_are_as_many_and_even_and_chinese_breaks_after_its_punctuation():
    assert wrap_lines("Right click, long press", 150, 17, "bold") == ("Right click, long", "press")
    assert wrap_lines("Right click, long press", 150, 17, "bold", balance=True) == ("Right click,", "long press")
    for w in range(120, 190, 10):  # not "难度、自定义、无需猜" over a lone "测"
        assert wrap_lines("难度、自定义、无需猜测", w, 17, balance=True) == ("难度、自定义、", "无需猜测")
    assert wrap_lines("一二三四五六七八九、十", 170, 17, balance=True) == ("一二三四五六", "七八九、十")
    text = "Up/Down choose and Left/Right change the value of the row"
    for w in range(120, 400, 23):
        greedy, even = wrap_lines(text, w, 17), wrap_lines(text, w, 17, balance=True)
        assert len(even) == len(greedy) and " ".join(even) == text
        assert max(map(width, even)) <= max(map(width, greedy))


def test_fit_lines_shrinks_then_cuts_with_an_ellipsis():
    text = "one two three four five six seven eight"
    size, lines = fit_lines(text, 170, 20, "bold", 2)
    full = wrap_lines(text, 170, 20, "bold")
    assert len(full) == 3 and size < 20 and len(lines) == 2 and kept(text, lines)
    size, lines = fit_lines("blah " * 60, 260, 15, "medium", 2)
    assert size == 13 and len(lines) == 2 and lines[1].endswith("...")
    assert all(width(line, 13) <= 260 for line in lines)


class _Counted:
    """A font that counts the characters it is asked to measure or render (the work text layout does)."""

    def __init__(self, font, tally):
        self.font, self.tally = font, tally

    def size(self, text):
        self.tally[0] += len(text)
        return self.font.size(text)

    def render(self, text, *a):
        self.tally[0] += len(text)
        return self.font.render(text, *a)

    def get_linesize(self):
        return self.font.get_linesize()


@pytest.mark.parametrize("text", ["x" * 50_000_000, "word " * 10_000_000, "a 「b」" * 5_000_000],
                         ids=["one word", "words", "punctuation"])
def test_absurdly_long_text_costs_what_a_screenful_does(monkeypatch, text):
    """An engine's 50 MB MESSAGE on the status line: every entry point reads at most what a screen could show (the
    characters measured stay under a million, not 50 million times the sizes tried), and the results still fit."""
    from arcade.engine.ui import text as tx

    tally = [0]
    real = assets.font_for
    monkeypatch.setattr(assets, "font_for", lambda t, size, weight="bold": _Counted(real(t, size, weight), tally))
    size, lines = fit_lines(text, 400, 20, "bold", 2)
    assert len(lines) == 2 and lines[-1].endswith("...") and all(width(x, size, "bold") <= 400 for x in lines)
    assert lines[0] == text[:len(lines[0])]
    wrapped = wrap_lines(text, 400, 16)
    assert wrapped and all(width(x, 16) <= 400 for x in wrapped) and wrapped[0] == text[:len(wrapped[0])]
    assert tx.fit(text, 400, 20).get_width() > 0 and tx.Label(20, max_width=400).get(text).get_width() > 0
    assert tx.render(text, 20).get_width() > 0
    assert tally[0] < 1_000_000, tally[0]
