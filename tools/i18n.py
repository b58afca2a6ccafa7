#!/usr/bin/env python3
"""The translation catalogues: extract the strings, update the catalogues, compile them.

    .venv/bin/python tools/i18n.py extract    # arcade/locale/arcade.pot from every _(), N_() and ngettext() in arcade/
    .venv/bin/python tools/i18n.py update     # merge the template into each arcade/locale/<lang>/LC_MESSAGES/arcade.po
    .venv/bin/python tools/i18n.py compile    # .po -> .mo (what the app reads)
    .venv/bin/python tools/i18n.py check      # untranslated or fuzzy entries, one line each; exit 1 if any

Babel does the work (a development tool: ``pip install babel`` in the venv; the app itself reads the .mo files
with the standard library's gettext). After ``compile``, run ``tools/subset_font.py`` so the Chinese font has
every character the catalogue uses.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "arcade" / "locale"
POT = LOCALE / "arcade.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / "arcade.po").is_file())


def record_strings():
    """(message, where) of the texts the games' GAME records and the core settings carry as data (titles, blurbs,
    help cards, setting labels, notes and choices, chart titles): the shell translates them where it draws them."""
    sys.path.insert(0, str(ROOT))
    from arcade.engine import settings
    from arcade.games import load

    def spec_strings(spec, where):
        yield spec.label, where
        if spec.note:
            yield spec.note, where
        if spec.section:
            yield spec.section, where
        for _, text in spec.choices or ():
            if isinstance(text, str):
                yield text, where
        if spec.kind == "bool":
            yield from (("On", where), ("Off", where))

    for spec in settings.CORE:
        yield from spec_strings(spec, "arcade/engine/settings.py")
    for game in load().values():
        where = f"arcade/{game.scene.split('.')[1]}/__init__.py"
        for text in (game.title, game.blurb, game.scores):
            if text:
                yield text, where
        if game.help is not None:
            yield game.help.title, where
            for keys, what in game.help.rows:
                for text in (keys, what):
                    if text:
                        yield text, where
        for spec in game.settings:
            yield from spec_strings(spec, where)
        for chart in (game.stats([]) if game.stats is not None else ()):  # the charts' titles and row labels
            yield chart.title, where
            for row in getattr(chart, "rows", ()):
                if row[0] and "{" not in row[0] and not any(ch.isdigit() for ch in row[0]):
                    yield row[0], where


def extract() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="arcade", charset="utf-8")
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "arcade"), method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        catalog.add(message, None, [(f"arcade/{filename}", lineno)], auto_comments=comments, context=context)
    for message, where in record_strings():
        if message not in catalog:
            catalog.add(message, None, [(where, 0)])
    with open(POT, "wb") as f:
        write_po(f, catalog, width=120, sort_output=True)
    print(f"{POT.relative_to(ROOT)}: {len(catalog)} messages")


def update() -> None:
    from babel.messages.pofile import read_po, write_po

    template = read_po(open(POT, "rb"))
    for lang in languages():
        path = LOCALE / lang / "LC_MESSAGES" / "arcade.po"
        catalog = read_po(open(path, "rb"), locale=lang)
        catalog.update(template, no_fuzzy_matching=True)
        with open(path, "wb") as f:
            write_po(f, catalog, width=120, sort_output=True, ignore_obsolete=True)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compile_all() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for lang in languages():
        po = LOCALE / lang / "LC_MESSAGES" / "arcade.po"
        catalog = read_po(open(po, "rb"), locale=lang)
        with open(po.with_suffix(".mo"), "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"{po.with_suffix('.mo').relative_to(ROOT)}: {len(catalog)} messages")


def check() -> int:
    from babel.messages.pofile import read_po

    bad = 0
    for lang in languages():
        catalog = read_po(open(LOCALE / lang / "LC_MESSAGES" / "arcade.po", "rb"), locale=lang)
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.fuzzy or not all(strings):
                bad += 1
                print(f"{lang}: untranslated{' (fuzzy)' if m.fuzzy else ''}: {m.id!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "extract":
        extract()
    elif cmd == "update":
        update()
    elif cmd == "compile":
        compile_all()
    elif cmd == "check":
        sys.exit(check())
    else:
        print(__doc__)
        sys.exit(2)
