"""Counts read right in both languages: every counted string of the catalogue goes through plural forms
(ngettext) and is drawn at 0, 1 and 2 in English (one form for 1, another for the rest) and in 简体中文 (one form,
every glyph in the bundled fonts); no translated string puts a count before a plural noun without plural forms;
`arcade stats` counts the AI's games in the right number."""
import json
import re
import string

import pygame
import pytest

from arcade.engine import assets, i18n
from arcade.engine.i18n import ngettext
from tests.engine.test_i18n import missing_glyphs


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def po_entries(path) -> list[dict]:
    """The entries of a .po/.pot file (msgid, msgid_plural, msgstr, msgstr[0], ...), read with a small parser of
    the format (independent of Babel)."""
    entries, cur, field = [], {}, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
        if m:
            if m.group(1) == "msgid" and cur.get("msgid") is not None:
                entries.append(cur)
                cur = {}
            field = m.group(1)
            cur[field] = m.group(2)
        elif line.startswith('"') and field:
            cur[field] += line[1:-1]
        elif not line.strip():
            if cur.get("msgid"):
                entries.append(cur)
            cur, field = {}, None
    unescape = lambda s: s.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")  # noqa: E731
    return [{k: unescape(v) for k, v in e.items()} for e in entries if e.get("msgid")]


def counted() -> list[dict]:
    return [e for e in po_entries(i18n.catalogue_path("zh", "po")) if "msgid_plural" in e]


def filled(text: str, n: int) -> str:
    """``text`` with ``{n}`` as ``n`` and every other field as 7 (a number fits any format it has)."""
    names = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
    return text.format(**{name: (n if name == "n" else 7) for name in names})


def drawn(text: str) -> list[str]:
    """The characters of ``text`` the bundled fonts have no glyph for (drawn, they would be boxes)."""
    assets.font_for(text, 16, "medium").render(text, True, (0, 0, 0))
    return missing_glyphs(text)


def test_there_are_counted_strings_and_each_has_its_count():
    entries = counted()
    assert len(entries) >= 30
    for e in entries:
        for form in (e["msgid"], e["msgid_plural"], e["msgstr[0]"]):
            assert "{n}" in form or "{all}" in form, f"{form!r}: the count is not in the text"


@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_counted_string_in_english_at_0_1_2(n):
    pygame.font.init()
    i18n.set_language("en")
    for e in counted():
        text = ngettext(e["msgid"], e["msgid_plural"], n)
        assert text == (e["msgid"] if n == 1 else e["msgid_plural"])
        shown = filled(text, n)
        assert not drawn(shown), shown


@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_counted_string_in_chinese_at_0_1_2(n):
    pygame.font.init()
    assert i18n.set_language("zh") == "zh"
    for e in counted():
        text = ngettext(e["msgid"], e["msgid_plural"], n)
        assert text == e["msgstr[0]"] and text not in (e["msgid"], e["msgid_plural"]), e["msgid"]
        shown = filled(text, n)
        assert not drawn(shown), shown


# a field, then a word ending in s: "{n} mines", "{all} moves" (not "{t} s", a unit, nor a range's top
# "{lo} to {hi} columns", which is more than one)
FIELD_BEFORE_PLURAL = re.compile(r"(?<!to )\{(\w+)(?::[^}]*)?\} ([A-Za-z]{2,}s)\b", re.IGNORECASE)
WORDS = {"move", "grade", "who", "game", "name", "level", "what", "side", "path", "piece", "names"}  # not counts


def test_no_singular_only_string_puts_a_count_before_a_plural_noun():
    singular_only = [e["msgid"] for e in po_entries(i18n.catalogue_path("zh", "po")) if "msgid_plural" not in e]
    offenders = [m for m in singular_only
                 if any(field not in WORDS for field, _word in FIELD_BEFORE_PLURAL.findall(m))]
    assert offenders == []


def test_arcade_stats_counts_the_ais_games_in_the_right_number(tmp_path, capsys):
    from arcade.cli import main
    from arcade.engine.storage import Profile

    def line() -> str:
        assert main(["stats", "minesweeper", "--data-dir", str(tmp_path)]) == 0
        return capsys.readouterr().out

    p = Profile(tmp_path, sync=True)
    p.record_game("minesweeper", 100, by="ai", outcome="won", level="beginner", won=True, time_ms=900)
    p.close()
    assert "AI: 1 game, 1 won" in line()
    p = Profile(tmp_path, sync=True)
    p.record_game("minesweeper", 30, by="ai", outcome="lost", level="beginner", won=False, time_ms=500)
    p.record_game("minesweeper", 100, by="player", outcome="won", level="beginner", won=True, time_ms=5000)
    p.close()
    out = line()
    assert "AI: 2 games, 1 won" in out and "1 played, 1 won, 0 lost; 0 abandoned" in out
    assert main(["stats", "minesweeper", "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["minesweeper"]["ai"]["played"] == 2
