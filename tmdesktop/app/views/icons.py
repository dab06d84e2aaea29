"""Small resource icons and lines of icons-with-numbers ("tokens"), drawn procedurally.

A token line is a list of `(kind, value)`: `("t", "text")` for text, or an icon key with an
amount, e.g. `("C", 2)` draws "2" and a coin.  Icons are language-independent, which keeps
tiles compact in every language.
"""

from __future__ import annotations

import math
from functools import cache

import pygame
import pygame.gfxdraw

from .. import pieces, text, theme

BUILDING_KEYS = ("D", "TP", "TE", "SH", "SA")
WOOD = (196, 160, 112)


def _aacircle(surface, centre, r, colour):
    x, y = int(round(centre[0])), int(round(centre[1]))
    r = max(1, int(round(r)))
    pygame.gfxdraw.filled_circle(surface, x, y, r, colour)
    pygame.gfxdraw.aacircle(surface, x, y, r, colour)


@cache
def icon(kind: str, size: int) -> pygame.Surface:
    """An icon `size` pixels square, drawn at 4x and scaled down for smooth edges."""
    size = max(6, int(size))
    n = size * 4
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    if kind == "C":
        pygame.draw.circle(s, (150, 110, 30), (c, c), n * 0.46)
        pygame.draw.circle(s, theme.COIN, (c, c), n * 0.40)
        pygame.draw.circle(s, (250, 220, 120), (c - n * 0.08, c - n * 0.08), n * 0.22)
        pygame.draw.circle(s, theme.COIN, (c, c), n * 0.18)
    elif kind == "W":
        a = n * 0.36
        top = [(c, c - a), (c + a, c - a * 0.5), (c, c), (c - a, c - a * 0.5)]
        left = [(c - a, c - a * 0.5), (c, c), (c, c + a), (c - a, c + a * 0.5)]
        right = [(c, c), (c + a, c - a * 0.5), (c + a, c + a * 0.5), (c, c + a)]
        pygame.draw.polygon(s, (240, 240, 236), top)
        pygame.draw.polygon(s, (196, 196, 192), left)
        pygame.draw.polygon(s, (150, 150, 148), right)
        for poly in (top, left, right):
            pygame.draw.polygon(s, (70, 70, 70), poly, max(1, n // 28))
    elif kind == "P":
        img = pieces.sprite("P", theme.PRIEST, n)
        s.blit(img, img.get_rect(center=(c, c + n * 0.05)))
    elif kind == "PW":
        pygame.draw.circle(s, (80, 48, 110), (c, c), n * 0.46)
        pygame.draw.circle(s, theme.POWER, (c, c), n * 0.40)
        bolt = [(c + n * 0.06, c - n * 0.32), (c - n * 0.16, c + n * 0.04), (c, c + n * 0.04),
                (c - n * 0.06, c + n * 0.32), (c + n * 0.16, c - n * 0.04), (c, c - n * 0.04)]
        pygame.draw.polygon(s, (255, 236, 140), bolt)
    elif kind == "VP":
        pts = []
        for k in range(10):
            r = n * (0.47 if k % 2 == 0 else 0.21)
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((c + r * math.cos(a), c + 0.04 * n + r * math.sin(a)))
        pygame.draw.polygon(s, (40, 96, 48), pts)
        inner = [(c + (x - c) * 0.78, c + 0.04 * n + (y - c - 0.04 * n) * 0.78) for x, y in pts]
        pygame.draw.polygon(s, theme.VP, inner)
    elif kind in ("SPADE", "DIG"):
        pygame.draw.line(s, (120, 84, 44), (c + n * 0.28, c - n * 0.40), (c - n * 0.02, c + n * 0.06), n // 9)
        blade = [(c - n * 0.10, c - n * 0.02), (c + n * 0.10, c + n * 0.16), (c - n * 0.14, c + n * 0.44),
                 (c - n * 0.40, c + n * 0.32)]
        pygame.draw.polygon(s, (150, 156, 166), blade)
        pygame.draw.polygon(s, (60, 64, 72), blade, max(1, n // 30))
    elif kind == "SHIP":
        hull = [(c - n * 0.44, c + n * 0.08), (c + n * 0.44, c + n * 0.08), (c + n * 0.28, c + n * 0.34),
                (c - n * 0.28, c + n * 0.34)]
        pygame.draw.polygon(s, (130, 88, 50), hull)
        pygame.draw.line(s, (90, 60, 30), (c, c + n * 0.08), (c, c - n * 0.42), n // 18)
        pygame.draw.polygon(s, (240, 236, 220), [(c + n * 0.04, c - n * 0.40), (c + n * 0.36, c + n * 0.02),
                                                 (c + n * 0.04, c + n * 0.02)])
    elif kind == "KEY":
        pygame.draw.circle(s, (200, 160, 60), (c - n * 0.18, c), n * 0.2, n // 12)
        pygame.draw.line(s, (200, 160, 60), (c, c), (c + n * 0.44, c), n // 10)
        pygame.draw.line(s, (200, 160, 60), (c + n * 0.32, c), (c + n * 0.32, c + n * 0.18), n // 12)
    elif kind == "BRIDGE":
        pygame.draw.arc(s, (130, 88, 50), pygame.Rect(c - n * 0.44, c - n * 0.1, n * 0.88, n * 0.8),
                        0.2, math.pi - 0.2, n // 9)
        for k in range(-2, 3):
            x = c + k * n * 0.16
            pygame.draw.line(s, (100, 66, 36), (x, c + n * 0.02), (x, c + n * 0.30), n // 16)
    elif kind in theme.CULT_COLOURS:
        col = theme.CULT_COLOURS[kind]
        pygame.draw.circle(s, (40, 36, 32), (c, c), n * 0.46)
        pygame.draw.circle(s, col, (c, c), n * 0.40)
        _cult_glyph(s, kind, c, n)
    elif kind == "CULT":
        for k, cult in enumerate(("FIRE", "WATER", "EARTH", "AIR")):
            rect = pygame.Rect(0, 0, int(n * 0.84), int(n * 0.84))
            rect.center = (c, c)
            pygame.draw.arc(s, theme.CULT_COLOURS[cult], rect, k * math.pi / 2, (k + 1) * math.pi / 2,
                            int(n * 0.42))
        pygame.draw.circle(s, (40, 36, 32), (c, c), n * 0.44, max(1, n // 24))
    elif kind in BUILDING_KEYS:
        img = pieces.sprite(kind, WOOD, int(n / pieces.SCALE[kind] * 1.15))
        s.blit(img, img.get_rect(center=(c, c)))
    elif kind == "TOWN":
        # a group of buildings, as a town is (a stronghold alone reads as "stronghold", and both
        # "town -> 5 VP" and "stronghold -> 5 VP" are round scoring tiles)
        for kind_, dx, dy, k in (("TP", -0.19, -0.11, 0.86), ("TE", 0.27, -0.13, 0.78), ("D", 0.03, 0.21, 0.82)):
            img = pieces.sprite(kind_, WOOD, int(n * k / pieces.SCALE[kind_] * 1.15))
            s.blit(img, img.get_rect(center=(c + dx * n, c + dy * n)))
    elif kind == "ARROW":
        pygame.draw.line(s, (80, 70, 60), (c - n * 0.36, c), (c + n * 0.22, c), n // 9)
        pygame.draw.polygon(s, (80, 70, 60), [(c + n * 0.42, c), (c + n * 0.12, c - n * 0.2),
                                              (c + n * 0.12, c + n * 0.2)])
    else:
        pygame.draw.circle(s, (120, 120, 120), (c, c), n * 0.4)
    return pygame.transform.smoothscale(s, (size, size))


def _cult_glyph(s, kind, c, n):
    ink = (255, 255, 255) if kind != "AIR" else (90, 110, 140)
    w = max(2, n // 14)
    if kind == "FIRE":
        pygame.draw.polygon(s, (255, 214, 120), [(c, c - n * 0.26), (c + n * 0.16, c + n * 0.1),
                                                 (c, c + n * 0.24), (c - n * 0.16, c + n * 0.1)])
    elif kind == "WATER":
        for k in (-1, 1):
            pts = [(c + x, c + k * n * 0.09 + n * 0.05 * math.sin(x / n * 14)) for x in
                   range(int(-n * 0.26), int(n * 0.26), 2)]
            pygame.draw.lines(s, ink, False, pts, w)
    elif kind == "EARTH":
        pygame.draw.polygon(s, (226, 196, 150), [(c - n * 0.26, c + n * 0.16), (c - n * 0.04, c - n * 0.2),
                                                 (c + n * 0.08, c), (c + n * 0.14, c - n * 0.08),
                                                 (c + n * 0.28, c + n * 0.16)])
    elif kind == "AIR":
        for k, ln in ((-1, 0.24), (0, 0.3), (1, 0.18)):
            y = c + k * n * 0.12
            pygame.draw.line(s, ink, (c - n * 0.26, y), (c - n * 0.26 + n * ln * 1.6, y), w)


def draw_icon(surface, kind: str, centre, size: int) -> None:
    img = icon(kind, int(size))
    surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))


_widths: dict[tuple, int] = {}  # (tokens, size) -> width: panels and buttons measure the same lines every frame


def tokens_width(tokens, size: int, colour=theme.INK) -> int:
    key = (tuple(tokens), size)
    w = _widths.get(key)
    if w is None:
        if len(_widths) > 5000:
            _widths.clear()
        w = _widths[key] = sum(_token_width(t, size) for t in tokens)
    return w


def _word_gap(size: int) -> int:
    """The room after a word: a space ("Income 4", not "Income4" in small type), wider than the
    room between icons."""
    return max(3, size // 3)


def _token_width(tok, size: int) -> int:
    kind, value = tok
    gap = max(2, size // 6)
    if kind == "t":
        return text.width(str(value), size, "semibold") + _word_gap(size)
    w = size + gap
    if _label(value):
        w += text.width(_label(value), size, "bold") + 1
    return w


def _label(value) -> str:
    return "" if value in (None, "", 1) else str(value)


def draw_tokens(surface, tokens, pos, size: int, colour=theme.INK, anchor: str = "midleft") -> pygame.Rect:
    """Draw a token line; `pos` is interpreted by `anchor` (midleft, center or midright)."""
    total = tokens_width(tokens, size)
    x, y = int(pos[0]), int(pos[1])
    if anchor == "center":
        x -= total // 2
    elif anchor == "midright":
        x -= total
    start = x
    gap = max(2, size // 6)
    for tok in tokens:
        kind, value = tok
        if kind == "t":
            img = text.text(str(value), size, colour, "semibold")
            surface.blit(img, img.get_rect(midleft=(x, y)))
            x += img.get_width() + _word_gap(size)
            continue
        if _label(value):
            img = text.text(_label(value), size, colour, "bold")
            surface.blit(img, img.get_rect(midleft=(x, y)))
            x += img.get_width() + 1
        draw_icon(surface, kind, (x + size / 2, y), size)
        x += size + gap
    return pygame.Rect(start, y - size // 2, x - start, size)


def gains_tokens(gains: dict, sign: bool = False, counted: bool = False) -> list:
    """Tokens for a dict like {"C": 2, "PW": 3}.  A single one is an icon alone (a tile's "a spade"),
    unless `sign` or `counted`: in a total such as an income, an icon alone reads as nothing."""
    out = []
    order = ["VP", "C", "W", "P", "PW", "SPADE", "FIRE", "WATER", "EARTH", "AIR", "KEY"]
    for key in sorted(gains, key=lambda k: order.index(k) if k in order else 99):
        n = gains[key]
        if not n or key in ("TOWN_SIZE", "carpet_range", "CULTS_ON_SAME_TRACK"):
            continue
        if key == "GAIN_SHIP":
            key = "SHIP"
        if key == "CULT":
            out.append(("t", f"+{n}" if sign else str(n)))
            out.append(("FIRE", None))
            continue
        label = f"{'+' if sign and n > 0 else ''}{n}"
        if key in icon_keys():
            out.append((key, label if (n != 1 or sign or counted) else 1))
        else:
            out.append(("t", f"{label} {key}"))
    return out


@cache
def icon_keys() -> frozenset[str]:
    return frozenset({"C", "W", "P", "PW", "VP", "SPADE", "DIG", "SHIP", "KEY", "BRIDGE", "TOWN", "CULT",
                      *theme.CULT_COLOURS, *BUILDING_KEYS})


def clear() -> None:
    icon.cache_clear()
    _widths.clear()
