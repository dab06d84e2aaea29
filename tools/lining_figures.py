"""Give the title font lining figures by default (run: python tools/lining_figures.py).

EB Garamond draws old-style figures unless a text engine turns on its `lnum` feature, and
SDL_ttf (pygame's fonts) cannot: "Round 1 of 6" read "Round ı of 6" and a winner's 101 VP
"ıoı". This rewrites assets/fonts/EBGaramond12-Regular.otf so that the digits' code points name
the glyphs of the font's own `lnum` feature (the old-style ones stay in the font, unused).
The font is under the SIL Open Font License 1.1, which declares no reserved name for it and
allows modified versions. Running it again changes nothing. Needs fontTools (a test dependency).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.ttLib import TTFont

FONT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "EBGaramond12-Regular.otf"
DIGITS = [ord(c) for c in "0123456789"]


def lining_glyphs(font: TTFont) -> dict[str, str]:
    """Old-style digit glyph -> lining glyph, as the font's `lnum` feature substitutes them."""
    gsub = font["GSUB"].table
    out: dict[str, str] = {}
    for record in gsub.FeatureList.FeatureRecord:
        if record.FeatureTag != "lnum":
            continue
        for index in record.Feature.LookupListIndex:
            for sub in gsub.LookupList.Lookup[index].SubTable:
                out.update(getattr(sub, "mapping", None) or {})
    return out


def main() -> int:
    font = TTFont(FONT)
    swap = lining_glyphs(font)
    changed = 0
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for code in DIGITS:
            glyph = table.cmap.get(code)
            if glyph in swap:
                table.cmap[code] = swap[glyph]
                changed += 1
    if changed:
        font.save(FONT)
    print(f"{FONT.name}: {changed} digit mappings changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
