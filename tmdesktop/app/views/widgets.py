"""Small drawing helpers shared by the views: panels, buttons, tooltips, toasts."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import pygame

from tmdesktop.i18n import _

from .. import text, theme


_shadows: dict[tuple[int, int, int], pygame.Surface] = {}


def _shadow(w: int, h: int, radius: int) -> pygame.Surface:
    key = (w, h, radius)
    sh = _shadows.get(key)
    if sh is None:
        if len(_shadows) > 200:
            _shadows.clear()
        sh = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect().inflate(-4, -4).move(2, 3), border_radius=radius + 2)
        _shadows[key] = sh
    return sh


def panel(surface, rect, colour=theme.PANEL, radius: int = 8, edge=theme.PANEL_EDGE, shadow: bool = True):
    rect = pygame.Rect(rect)
    if shadow:
        surface.blit(_shadow(rect.width, rect.height, radius), (rect.x - 4, rect.y - 4))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


def tile_card(surface, rect, colour=theme.PARCHMENT, edge=theme.INK_SOFT, radius: int = 6, shadow=(0, 0, 0, 60)):
    """A tile's card.  Its shadow's alpha counts only on a surface with alpha (a layer), where it
    replaces what is under it; on the screen the shadow is opaque."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, shadow, rect.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


@dataclass
class Button:
    key: str
    label: str  # the message id: translated each time the button is drawn
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    active: bool = False
    hint: str = ""  # keyboard shortcut shown small
    primary: bool = False

    def draw(self, surface, font_size: int, hover: bool = False) -> None:
        if not self.enabled:
            bg, fg = (58, 62, 60), (120, 124, 120)
        elif self.active:
            bg, fg = theme.ACCENT, theme.INK
        elif self.primary:
            bg, fg = (92, 150, 96) if not hover else (112, 176, 116), (250, 250, 244)
        else:
            bg, fg = (theme.PANEL_LIGHT if not hover else (92, 104, 96)), theme.TEXT
        r = self.rect
        label_text = _(self.label)
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, 2), border_radius=max(4, r.height // 5))
        pygame.draw.rect(surface, bg, r, border_radius=max(4, r.height // 5))
        pygame.draw.rect(surface, (255, 255, 255, 40) if self.enabled else (70, 74, 72), r, 1,
                         border_radius=max(4, r.height // 5))
        size = text.fit(label_text, font_size, r.width - 10, "semibold")
        if self.hint:
            label = text.text(label_text, size, fg, "semibold")
            hint = text.text(self.hint, max(9, int(font_size * 0.72)), fg if self.active else theme.TEXT_DIM)
            total = label.get_height() + hint.get_height() - 4
            y = r.centery - total // 2
            surface.blit(label, label.get_rect(midtop=(r.centerx, y)))
            surface.blit(hint, hint.get_rect(midtop=(r.centerx, y + label.get_height() - 4)))
        else:
            text.blit(surface, label_text, size, fg, r.center, "center", "semibold")

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


@functools.lru_cache(maxsize=16)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((40, 30, 40, 170))
    return veil


def taken_marker(surface, r: pygame.Rect, token: pygame.Rect | None = None) -> None:
    """An octagonal 'taken' token over an action used this round (a power action on the board, a
    held tile's action in a panel): `r` veiled, the token centred in `token` (default `r`)."""
    surface.blit(_veil(r.size), r)  # what is under it fades, so its edges do not read as numbers
    token = token or r
    d = min(token.width, token.height) * 0.8
    c = token.center
    pts = [(c[0] + d / 2 * math.cos(math.radians(22.5 + 45 * k)), c[1] + d / 2 * math.sin(math.radians(22.5 + 45 * k)))
           for k in range(8)]
    pygame.draw.polygon(surface, (140, 60, 150), pts)
    pygame.draw.polygon(surface, (250, 240, 250), pts, 2)
    w = max(2, int(d * 0.1))
    pygame.draw.line(surface, (250, 240, 250), (c[0] - d * 0.2, c[1] - d * 0.2), (c[0] + d * 0.2, c[1] + d * 0.2), w)
    pygame.draw.line(surface, (250, 240, 250), (c[0] - d * 0.2, c[1] + d * 0.2), (c[0] + d * 0.2, c[1] - d * 0.2), w)


def tooltip(surface, lines: list, pos, font_size: int) -> pygame.Rect | None:
    """A floating box near `pos`; lines are strings or token lists (see icons.draw_tokens).
    Returns the box (its shadow reaches 4 pixels further)."""
    from . import icons

    if not lines:
        return None
    pad = max(6, font_size // 2)
    line_h = int(font_size * 1.6)
    sw, sh = surface.get_size()
    # measured in the weight each line is drawn in (the first is bold), so no letter falls outside
    widths = [text.width(l, font_size, "bold" if i == 0 else "regular") if isinstance(l, str) else
              icons.tokens_width(l, font_size + 2) for i, l in enumerate(lines)]
    w = min(max(widths) + 2 * pad + 2, sw - 8)
    h = line_h * len(lines) + 2 * pad
    x = max(4, min(pos[0] + 18, sw - w - 4))
    y = pos[1] + 22
    if y + h > sh - 4:
        y = pos[1] - h - 10
    rect = pygame.Rect(x, max(4, y), w, h)
    panel(surface, rect, (250, 244, 226), radius=6, edge=theme.INK_SOFT)
    y = rect.y + pad
    for i, line in enumerate(lines):
        if isinstance(line, str):
            weight = "bold" if i == 0 else "regular"
            text.blit(surface, line, font_size, theme.INK, (rect.x + pad, y + line_h // 2), "midleft", weight,
                      max_width=w - 2 * pad)
        else:
            icons.draw_tokens(surface, line, (rect.x + pad, y + line_h // 2), font_size + 2)
        y += line_h
    return rect


def toast(surface, message: str, centre_bottom, font_size: int, alpha: int = 255,
          colour=theme.ERROR, max_width: int = 0) -> pygame.Rect:
    """A message in a box centred above `centre_bottom` (its text wrapped to `max_width` if given,
    else to about 40 characters' width); returns the box."""
    width = min(surface.get_width() - 40, max_width or int(font_size * 40))
    img = text.text(message, font_size, (255, 255, 255), "semibold", wrap=width)
    pad = font_size
    rect = img.get_rect().inflate(2 * pad, pad * 1.2)
    rect.midbottom = (int(centre_bottom[0]), int(centre_bottom[1]))
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*colour, 240), box.get_rect(), border_radius=10)
    pygame.draw.rect(box, (255, 255, 255, 120), box.get_rect(), 2, border_radius=10)
    box.blit(img, img.get_rect(center=box.get_rect().center))
    box.set_alpha(alpha)
    surface.blit(box, rect)
    return rect


def terrain_swatch(surface, terrain: str, centre, radius: float, edge=theme.INK_SOFT, edge_width: int = 1) -> int:
    """A small hex of `terrain`'s colour with its glyph and an `edge`; returns the x just right of it."""
    from .hexmap import terrain_glyph  # (hexmap draws with these widgets: imported when drawn)

    cx, cy = centre
    pts = [(cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
           for i in range(6)]
    col = theme.terrain_colour(terrain)
    pygame.draw.polygon(surface, col, pts)
    pygame.draw.polygon(surface, edge, pts, edge_width)
    terrain_glyph(surface, terrain, (cx, cy), radius * 1.1, theme.text_on(col), bold=True)
    return int(cx + radius)
