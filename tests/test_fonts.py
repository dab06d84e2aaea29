"""Every vendored font has the letters Spanish and Italian texts need."""

from pathlib import Path

import pytest

fontTools = pytest.importorskip("fontTools.ttLib")

FONTS = sorted((Path(__file__).resolve().parent.parent / "assets" / "fonts").glob("*.[ot]tf"))
NEEDED = "áéíóúüñ¿¡àèìòùÁÉÍÓÚÑ€–—·"


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_font_covers_spanish_and_italian(path):
    cmap = fontTools.TTFont(str(path)).getBestCmap()
    missing = [c for c in NEEDED if ord(c) not in cmap]
    assert not missing, f"{path.name} lacks {''.join(missing)}"


def test_fonts_are_vendored():
    assert len(FONTS) >= 3
