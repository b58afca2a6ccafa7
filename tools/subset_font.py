#!/usr/bin/env python3
"""The Chinese font: Noto Sans SC (SIL Open Font License 1.1), subset to exactly the characters the app draws.

    .venv/bin/python tools/subset_font.py [--source-dir /usr/share/fonts/opentype/noto]

Reads the Simplified Chinese faces of the Noto Sans CJK collections (Debian's ``fonts-noto-cjk``: the SC face is
number 2 of ``NotoSansCJK-Regular.ttc`` and ``-Bold.ttc``) and writes ``assets/fonts/NotoSansSC-Regular.otf`` and
``-Bold.otf`` with: printable ASCII and Latin-1, the punctuation and symbols the UI uses, and every character of
every catalogue (``arcade/locale/*/LC_MESSAGES/arcade.po``) and of the CJK text in the code itself (the
language's own name in the Language setting). fontTools is a development tool (``pip install fonttools``); run
this after ``tools/i18n.py compile``. Prints each file's size.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
FACES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
SC_INDEX = 2  # the collections' faces: JP, KR, SC, TC, HK, then the Mono ones
EXTRA = "·–—…×÷°±←→↑↓★☆✓✗•“”‘’「」『』（）《》【】，。、：；！？～％＋－＝"


def characters() -> str:
    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)} | set(EXTRA)
    for po in sorted((ROOT / "arcade" / "locale").glob("*/LC_MESSAGES/arcade.po")):
        chars |= set(po.read_text(encoding="utf-8"))
    for py in sorted((ROOT / "arcade").rglob("*.py")):
        chars |= {ch for ch in py.read_text(encoding="utf-8") if ord(ch) >= 0x2E80}
    return "".join(sorted(ch for ch in chars if ch.isprintable() or ch == " "))


def main() -> int:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source-dir", default="/usr/share/fonts/opentype/noto")
    args = ap.parse_args()
    text = characters()
    for weight, ttc in FACES.items():
        font = TTFont(str(Path(args.source_dir) / ttc), fontNumber=SC_INDEX, lazy=False)
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = False
        sub = subset.Subsetter(options)
        sub.populate(text=text)
        sub.subset(font)
        out = OUT / f"NotoSansSC-{weight}.otf"
        font.save(str(out))
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size / 1024:.0f} KiB, {len(text)} characters")
    lic = Path("/usr/share/doc/fonts-noto-cjk/copyright")
    if lic.is_file():
        body = lic.read_text(encoding="utf-8")
        m = re.search(r"SIL OPEN FONT LICENSE Version 1\.1.*?(?=\nLicense:|\Z)", body, re.S)
        if m:
            (OUT / "LICENSE-NotoSansSC.txt").write_text(
                "Noto Sans SC (Noto Sans CJK), Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font "
                "Name 'Source'.\nSubset for arcade by tools/subset_font.py.\n\n"
                + "\n".join(line[1:] if line.startswith(" ") else line for line in m.group(0).splitlines())
                .replace("\n.\n", "\n\n") + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
