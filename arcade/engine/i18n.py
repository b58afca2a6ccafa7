"""The languages the app speaks: English (the source strings) and 简体中文, through gettext catalogues.

Every string a player sees goes through :func:`_` (or :func:`ngettext` for counts) where it is shown; a string
defined at import time (a setting's label, a help card row) is marked with :func:`N_` and translated where it is
drawn. The catalogues are ``arcade/locale/<lang>/LC_MESSAGES/arcade.po``, compiled to ``.mo`` by
``tools/i18n.py`` (Babel, a development tool) and read with the standard library's :mod:`gettext`.

The language: ``--lang`` on the command line, else the Language setting, else the system's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``zh_*`` speaks 中文). :func:`set_language` switches at once: listeners
(the text caches, the scenes on the stack) are told. A catalogue that is missing or damaged leaves the app in
English with one warning line.
"""
from __future__ import annotations

import gettext
import logging
import os
from importlib import resources
from typing import Callable

log = logging.getLogger("arcade")

__all__ = ["LANGUAGES", "_", "N_", "ngettext", "set_language", "language", "system_language", "on_change",
           "catalogue_path", "parse_lang"]

LANGUAGES = {"en": "English", "zh": "简体中文"}
DOMAIN = "arcade"
_state = {"lang": "en", "trans": gettext.NullTranslations()}
_listeners: list[Callable[[str], None]] = []
_warned: set = set()


def _(message: str) -> str:
    """``message`` in the current language."""
    return _state["trans"].gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue; it is translated where it is shown (``_(text)``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (Chinese has one form)."""
    return _state["trans"].ngettext(singular, plural, n)


def language() -> str:
    return _state["lang"]


def parse_lang(text: str) -> str:
    """``--lang``'s value: en or zh (``auto``: the system's); ValueError (one line) otherwise."""
    t = (text or "").strip().lower()
    if t in LANGUAGES or t == "auto":
        return t
    raise ValueError(f"unknown language {text!r}: choose from {', '.join(LANGUAGES)} or auto")


def system_language(env=None) -> str:
    env = os.environ if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            first = value.split(":")[0].strip().lower()
            if first in ("c", "posix", "c.utf-8"):
                continue
            return "zh" if first.startswith("zh") else "en"
    return "en"


def catalogue_path(lang: str, kind: str = "mo"):
    return resources.files("arcade").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.{kind}")


def _load(lang: str):
    if lang == "en":
        return gettext.NullTranslations()
    node = catalogue_path(lang)
    try:
        import io

        return gettext.GNUTranslations(io.BytesIO(node.read_bytes()))
    except (OSError, UnicodeDecodeError, ValueError, IndexError, KeyError) as e:
        key = (lang, type(e).__name__)
        if key not in _warned:
            _warned.add(key)
            log.warning("the %s catalogue cannot be read (%s); speaking English", LANGUAGES.get(lang, lang),
                        str(e).splitlines()[0][:120] if str(e) else type(e).__name__)
        return None


def set_language(lang: str) -> str:
    """Speak ``lang`` (en, zh or auto) from now on; returns the language in use (English when the catalogue
    cannot be read)."""
    want = system_language() if lang in ("auto", "", None) else lang
    if want not in LANGUAGES:
        want = "en"
    trans = _load(want)
    if trans is None:
        want, trans = "en", gettext.NullTranslations()
    changed = want != _state["lang"]
    _state["lang"], _state["trans"] = want, trans
    if changed:
        for fn in list(_listeners):
            fn(want)
    return want


def on_change(fn: Callable[[str], None]) -> None:
    """Call ``fn(lang)`` after every switch of language."""
    if fn not in _listeners:
        _listeners.append(fn)
