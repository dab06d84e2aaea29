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


def test_text_with_a_max_width_never_runs_past_it():
    """A long replay line ran off the window at 1280x720: the type shrinks to its minimum, then the
    line is cut with an ellipsis."""
    import pygame

    from tmdesktop.app import text

    pygame.font.init()
    surface = pygame.Surface((400, 40))
    line = "552. Halflings: Send a priest to Water (1 step, priest returns to the supply)"
    for width in (60, 150, 300):
        rect = text.blit(surface, line, 15, (255, 255, 255), (0, 20), "midleft", max_width=width)
        assert rect.width <= width
    assert text.shorten(line, 15, 150).endswith("…")
    assert text.shorten("Pass", 15, 150) == "Pass"
