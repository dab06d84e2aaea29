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


def test_every_character_of_every_message_is_in_the_text_fonts():
    """The review showed 'VP by trading house count: 1 ▯ 2, 2 ▯ 3…': an arrow the text fonts do
    not have. Every character of the English messages and their Spanish and Italian translations
    must be in the fonts that draw them, and so must the characters the code writes itself
    (strings that are not docstrings: an f-string's arrow, a separator)."""
    import re

    locale = Path(__file__).resolve().parent.parent / "tmdesktop" / "locale"
    used = set()
    for po in locale.rglob("*.po"):
        for m in re.finditer(r'^(?:msgid|msgstr)(?:\[\d\])? "(.*)"$', po.read_text(encoding="utf-8"), re.M):
            used |= set(m.group(1).encode().decode("unicode_escape").encode("latin-1").decode("utf-8"))
    assert "ñ" in used and "è" in used  # the translations were read
    used |= _code_characters()
    for path in FONTS:
        if not path.name.startswith("OpenSans"):
            continue
        cmap = fontTools.TTFont(str(path)).getBestCmap()
        missing = sorted(c for c in used if c.isprintable() and ord(c) not in cmap)
        assert not missing, f"{path.name} lacks {''.join(missing)}"


def _code_characters() -> set[str]:
    """The characters of the package's string constants, docstrings left out (the fuzzer's
    deliberately broken input too)."""
    import ast

    package = Path(__file__).resolve().parent.parent / "tmdesktop"
    out = set()
    for path in package.rglob("*.py"):
        if "fuzz" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                out |= {c for c in node.value if ord(c) > 127}
    return out


def test_the_title_font_draws_lining_figures():
    """'Ronda ı de 6' and 'Gana con ıoı PV': the title font's old-style 1 reads as a small
    capital I. Its digits now stand as tall as its capitals and its 1 is not its I."""
    import pygame

    from tmdesktop.app import text

    pygame.font.init()
    font = text.font(60, "title")

    def ink(s: str) -> pygame.Rect:
        return font.render(s, True, (255, 255, 255)).get_bounding_rect()

    cap = ink("H").height
    for digit in "0123456789":
        assert ink(digit).height >= 0.9 * cap, digit
    one, capital_i = font.render("1", True, (255, 255, 255)), font.render("I", True, (255, 255, 255))
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(capital_i, "RGBA") or one.get_size() != capital_i.get_size()
