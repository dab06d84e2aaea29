"""Fonts and cached text surfaces.

Text is rendered through `text()`, cached by (string, size, weight, colour).  The cache is
cleared when the language changes (`clear()`), so every label is re-translated on the next frame.
Every string is passed through `safe_text.clean` before it reaches the font renderer, which
raises on NUL, lone surrogates or text of zero width: nothing read from a file can stop a frame.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from ..safe_text import clean
from .paths import asset

FONT_FILES = {
    "regular": "OpenSans-Regular.ttf",
    "semibold": "OpenSans-Semibold.ttf",
    "bold": "OpenSans-Bold.ttf",
    "title": "EBGaramond12-Regular.otf",  # the only cut with every accented letter we need
}
_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_MAX = 3000
_widths: dict[tuple[str, int, str], int] = {}  # measured widths: a frame measures the same labels again and again


def font(size: int, weight: str = "regular") -> pygame.font.Font:
    size = max(8, int(round(size)))
    key = (weight, size)
    f = _fonts.get(key)
    if f is None:
        f = pygame.font.Font(str(asset("fonts", FONT_FILES[weight])), size)
        _fonts[key] = f
    return f


def text(s: str, size: int, colour=(0, 0, 0), weight: str = "regular", wrap: int = 0) -> pygame.Surface:
    size = max(8, int(round(size)))
    key = (s, size, weight, tuple(colour), wrap)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    f = font(size, weight)
    shown = clean(s, limit=2000, newlines=bool(wrap))
    try:
        surf = f.render(shown, True, colour, wraplength=wrap) if wrap else f.render(shown, True, colour)
    except pygame.error:  # e.g. only zero-width characters left: draw nothing
        surf = pygame.Surface((0, f.get_height()), pygame.SRCALPHA)
    _cache[key] = surf
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return surf


def width(s: str, size: int, weight: str = "regular") -> int:
    """The width in pixels of `s` as `text()` draws it."""
    size = max(8, int(round(size)))
    key = (s, size, weight)
    w = _widths.get(key)
    if w is None:
        if len(_widths) > 20000:
            _widths.clear()
        w = _widths[key] = font(size, weight).size(clean(s, limit=2000, newlines=False))[0]
    return w


def lines(s: str, size: int, max_width: int, weight: str = "regular") -> list[str]:
    """`s` broken at spaces into lines no wider than `max_width` (a word wider than that alone on
    its line), as even as the fewest lines allow (`even_wrap`): for text drawn line by line,
    centred (a dialog's title)."""
    words = clean(s, limit=2000, newlines=False).split()
    if not words:
        return [""]
    room = even_wrap(s, size, max_width, weight)
    out = [words[0]]
    for w in words[1:]:
        if width(out[-1] + " " + w, size, weight) <= room:
            out[-1] += " " + w
        else:
            out.append(w)
    return out


_even: dict[tuple[str, int, str, int], int] = {}  # `even_wrap`'s answers


def even_wrap(s: str, size: int, max_width: int, weight: str = "regular") -> int:
    """The narrowest wrap width up to `max_width` that keeps `s` on as few lines as `max_width`
    does: its lines come out even, no word left alone on the last ("…(bowl II to / III)")."""
    size = max(8, int(round(size)))
    key = (s, size, weight, max_width)
    found = _even.get(key)
    if found is not None:
        return found
    shown = clean(s, limit=2000, newlines=True)
    f = font(size, weight)
    if f.size(shown)[0] <= max_width or not shown.strip():
        found = max_width
    else:
        def height(w: int) -> int:  # of `s` wrapped at `w` pixels: its number of lines
            return f.render(shown, True, (0, 0, 0), wraplength=w).get_height()

        most = height(max_width)
        lo, hi = max_width // 2, max_width
        while lo < hi:  # (fewer pixels never give fewer lines)
            mid = (lo + hi) // 2
            if height(mid) <= most:
                hi = mid
            else:
                lo = mid + 1
        found = hi
    if len(_even) > 2000:
        _even.clear()
    _even[key] = found
    return found


#: The smallest type `fit` shrinks text to; below it, `blit` cuts the text instead.
MIN_SIZE = 9


def fit(s: str, size: int, max_width: int, weight: str = "regular", min_size: int = MIN_SIZE) -> int:
    """The largest font size up to `size` at which `s` fits in `max_width` pixels."""
    size = int(round(size))
    while size > min_size and width(s, size, weight) > max_width:
        size -= 1
    return size


def fit_all(strings, size: int, max_width: int, weight: str = "regular") -> int:
    """The largest font size up to `size` at which each of `strings` fits in `max_width` pixels:
    names drawn side by side in one type (one of them alone a size smaller reads as another kind)."""
    return min((fit(s, size, max_width, weight) for s in strings), default=int(round(size)))


def shorten(s: str, size: int, max_width: int, weight: str = "regular") -> str:
    """`s`, cut with an ellipsis where it would run past `max_width` pixels at `size`."""
    s = clean(s, limit=2000, newlines=False)
    f = font(size, weight)
    if f.size(s)[0] <= max_width:
        return s
    lo, hi = 0, len(s)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "…"


def blit(surface: pygame.Surface, s: str, size: int, colour, pos, anchor: str = "topleft",
         weight: str = "regular", max_width: int = 0) -> pygame.Rect:
    if max_width:  # smaller type first, then an ellipsis: never past max_width
        size = fit(s, size, max_width, weight)
        if size <= MIN_SIZE:  # fit measured it already: only the smallest type may still be too wide
            s = shorten(s, size, max_width, weight)
    img = text(s, size, colour, weight)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(img, rect)
    return rect


def clear() -> None:
    _cache.clear()


def reset() -> None:
    """Forget fonts too (call before pygame.quit(): Font objects die with the font module)."""
    _fonts.clear()
    _widths.clear()
    _even.clear()
    _cache.clear()
