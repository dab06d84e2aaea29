"""A rule card on screen: title, "what it is", "for you now", what a click would do, "F1: rules".

The card is placed beside the thing it explains (right, left, below or above it, whichever fits
first), never over it when the window leaves room, and always inside the window.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import _

from .. import text, theme
from . import icons, widgets

PAPER = (250, 244, 226)


def _sizes(scale: float) -> tuple[int, int, int]:
    """(title, body, heading) font sizes: readable at 1280 x 720 (13 px body) and larger."""
    return max(16, int(21 * scale)), max(14, int(17 * scale)), max(12, int(14 * scale))


def render(card, extra: list, scale: float, width: int) -> pygame.Surface:
    """The card as an image `width` pixels wide; `extra` holds what a click would do (strings or
    token lines, see icons.draw_tokens)."""
    title_fs, body_fs, head_fs = _sizes(scale)
    pad = max(10, int(16 * scale))
    inner = width - 2 * pad
    gap = max(4, int(6 * scale))
    parts: list[tuple[str, object]] = [("img", text.text(card.title, title_fs, theme.INK, "bold", wrap=inner))]

    def section(heading: str, lines: list) -> None:
        if not lines:
            return
        parts.append(("gap", gap))
        parts.append(("img", text.text(heading.upper(), head_fs, theme.INK_SOFT, "bold", wrap=inner)))
        for line in lines:
            if isinstance(line, str):
                parts.append(("img", text.text(line, body_fs, theme.INK, "regular", wrap=inner)))
            else:
                parts.append(("tokens", line))

    section(_("What it is"), card.what)
    section(_("For you now"), card.now)
    section(_("A click here"), extra)
    parts.append(("gap", gap))
    parts.append(("footer", text.text(_("F1: rules"), head_fs, theme.INK_SOFT, "semibold")))
    token_h = int(body_fs * 1.5)
    height = pad * 2 + sum(p[1] if p[0] == "gap" else token_h if p[0] == "tokens" else p[1].get_height()
                           for p in parts)
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    widgets.panel(surf, surf.get_rect(), PAPER, radius=max(6, int(10 * scale)), edge=theme.INK_SOFT, shadow=False)
    pygame.draw.rect(surf, theme.ACCENT, pygame.Rect(0, 0, width, max(3, int(5 * scale))),
                     border_top_left_radius=max(6, int(10 * scale)), border_top_right_radius=max(6, int(10 * scale)))
    y = pad
    for kind, what in parts:
        if kind == "gap":
            y += what
        elif kind == "tokens":
            icons.draw_tokens(surf, what, (pad, y + token_h // 2), body_fs + 2)
            y += token_h
        elif kind == "footer":
            surf.blit(what, what.get_rect(topright=(width - pad, y)))
            y += what.get_height()
        else:
            surf.blit(what, (pad, y))
            y += what.get_height()
    return surf


def place(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect, gap: int,
          avoid: list[pygame.Rect] = ()) -> pygame.Rect:
    """Where a card of `size` goes beside `anchor`: the first side where it fits inside `screen`
    without covering the anchor or meeting what is drawn over the card (`avoid`: a lesson's panel
    would hide part of it); if no side fits, the side where it covers the least of them."""
    w, h = size
    a = pygame.Rect(anchor)
    candidates = [
        pygame.Rect(a.right + gap, a.y, w, h),  # right
        pygame.Rect(a.x - gap - w, a.y, w, h),  # left
        pygame.Rect(a.centerx - w // 2, a.bottom + gap, w, h),  # below
        pygame.Rect(a.centerx - w // 2, a.y - gap - h, w, h),  # above
    ]
    best, best_cover = None, None
    for r in candidates:
        r = r.clamp(screen)
        area = sum(c.width * c.height for c in (r.clip(b) for b in [a, *avoid]))
        if area == 0:
            return r
        if best_cover is None or area < best_cover:
            best, best_cover = r, area
    return best


def draw(surface, card, extra: list, anchor: pygame.Rect, scale: float, avoid: list[pygame.Rect] = ()) -> pygame.Rect:
    """Draw the card beside `anchor` (and clear of `avoid`, see `place`); returns where it went."""
    sw, sh = surface.get_size()
    margin = max(4, int(6 * scale))
    width = min(max(320, int(460 * scale)), sw - 2 * margin)
    img = render(card, extra, scale, width)
    while img.get_height() > sh - 2 * margin and width < sw * 0.7:  # too tall: wider, so fewer lines
        width = min(int(width * 1.3), sw - 2 * margin)
        img = render(card, extra, scale, width)
    rect = place(img.get_size(), anchor, pygame.Rect(margin, margin, sw - 2 * margin, sh - 2 * margin),
                 max(6, int(12 * scale)), avoid)
    shadow = pygame.Rect(rect).move(3, 4)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=max(6, int(10 * scale)))
    surface.blit(img, rect)
    return rect
