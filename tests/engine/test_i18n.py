"""The languages: English and 简体中文 from gettext catalogues, the system's language by default, --lang to force
one, a switch at once, English with one warning for a damaged catalogue, and every catalogue string drawn with the
bundled fonts without a missing glyph."""
import gettext
import logging
import re

import pygame
import pytest

from arcade import cli
from arcade.engine import assets, i18n
from arcade.engine.i18n import _


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def po_messages(lang="zh") -> dict:
    """msgid -> msgstr of the .po file, read with a small parser of the format (independent of Babel)."""
    text = i18n.catalogue_path(lang, "po").read_text(encoding="utf-8")
    out, key, cur, field = {}, None, [], None
    for line in text.splitlines() + [""]:
        m = re.match(r'(msgid|msgstr) "(.*)"$', line)
        if m:
            if m.group(1) == "msgid" and field == "msgstr":
                out[key] = "".join(cur)
            field, cur = m.group(1), [m.group(2)]
            if field == "msgstr":
                key = "".join(prev)
            prev = cur
        elif line.startswith('"') and field:
            cur.append(line[1:-1])
        elif not line.strip() and field == "msgstr":
            out[key] = "".join(cur)
            field = None
    return {k.encode().decode("unicode_escape").encode("latin-1").decode("utf-8"):
            v.encode().decode("unicode_escape").encode("latin-1").decode("utf-8") for k, v in out.items() if k}


@pytest.mark.parametrize("env, want", [({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LANG": "en_GB.UTF-8"}, "en"),
                                       ({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US"}, "zh"),
                                       ({"LANGUAGE": "zh_CN:en", "LANG": "en_US"}, "zh"), ({}, "en"),
                                       ({"LANG": "C.UTF-8"}, "en")])
def test_the_system_language(env, want):
    assert i18n.system_language(env) == want


def test_switching_language_at_once():
    assert i18n.set_language("zh") == "zh" and _("Settings") == "设置"
    assert i18n.set_language("en") == "en" and _("Settings") == "Settings"


def test_the_compiled_catalogue_holds_every_translation_of_the_po_file():
    po = po_messages()
    mo = gettext.GNUTranslations(open(str(i18n.catalogue_path("zh")), "rb"))
    assert po and all(mo.gettext(k) == v for k, v in po.items())
    assert all(v for v in po.values()), "untranslated strings in zh"


def test_a_damaged_catalogue_leaves_english_with_one_warning(tmp_path, monkeypatch, caplog):
    bad = tmp_path / "arcade.mo"
    bad.write_bytes(b"\x00garbage" * 10)
    monkeypatch.setattr(i18n, "catalogue_path", lambda lang, kind="mo": bad)
    monkeypatch.setattr(i18n, "_warned", set())
    with caplog.at_level(logging.WARNING, logger="arcade"):
        assert i18n.set_language("zh") == "en"
        assert i18n.set_language("zh") == "en"
    assert _("Settings") == "Settings"
    assert len([r for r in caplog.records if "catalogue" in r.getMessage()]) == 1


NO_SUCH_CHARACTER = "\U0010fffd"  # a private-use code point no bundled font draws: its box is the font's "missing"


def missing_glyphs(text: str, weight: str = "medium") -> list[str]:
    """The characters of ``text`` that the font it is drawn with has no glyph for: no metrics, or drawn as the
    font's box for a missing character (an OpenType font maps every unknown character to that box, with metrics)."""
    f = assets.font_for(text, 20, weight)

    def look(ch):
        return pygame.image.tobytes(f.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")

    box = look(NO_SUCH_CHARACTER)
    return [ch for ch, m in zip(text, f.metrics(text))
            if not ch.isspace() and (m is None or (ord(ch) > 0x7E and look(ch) == box))]


def test_the_missing_glyph_check_sees_a_missing_glyph():
    pygame.font.init()
    assert missing_glyphs("地雷", "medium") in (["地"], [])  # the subset may gain it one day ...
    assert missing_glyphs("雷" + NO_SUCH_CHARACTER) == [NO_SUCH_CHARACTER]  # ... but this is never drawn


def test_every_catalogue_string_has_its_glyphs_in_the_bundled_fonts():
    pygame.font.init()
    missing = []
    for text in set(po_messages().values()):
        for weight in ("bold", "medium", "regular"):
            missing += [(text, ch, weight) for ch in missing_glyphs(text, weight)]
    assert not missing


def test_the_language_settings_own_name_draws_in_english_too():
    pygame.font.init()
    assert None not in assets.font_for("简体中文", 20).metrics("简体中文")


def test_lang_on_the_command_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--lang", "fr", "--frames", "1", "--data-dir", str(tmp_path)])
    assert e.value.code == 2 and "unknown language 'fr'" in capsys.readouterr().err
    assert cli.main(["--lang", "zh", "--frames", "2", "--data-dir", str(tmp_path)]) == 0


def test_the_menu_speaks_chinese_and_switches_back(make_app):
    from arcade.shell.menu import MenuScene
    from helpers import frames

    app = make_app()
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    app.set_setting("language", "zh")
    frames(app, 1)
    labels = [it.label for it in menu.list.items]
    assert "设置" in labels and "开始 扫雷" in labels
    app.set_setting("language", "en")
    frames(app, 1)
    assert "Settings" in [it.label for it in menu.list.items]
