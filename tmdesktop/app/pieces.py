"""Wooden-piece sprites in faction colours, composed from the grey art in assets/pieces/."""

from __future__ import annotations

from functools import cache

import pygame

from . import theme
from .paths import asset

def piece_terrain(p) -> str:
    """The terrain whose colour a player's pieces wear (see `worn_terrain`)."""
    return worn_terrain(p.faction.home, p.color)


def worn_terrain(home: str, chosen: str | None) -> str:
    """The terrain whose colour a faction's pieces wear: its home terrain, or the colour chosen
    by a faction that chooses one (Riverwalkers, Shapeshifters: "pieces of the colour of their
    starting terrain"); ice and volcano factions wear their own."""
    return home if home in theme.PIECE else (chosen or home)


KIND_FILES = {"D": "dwelling", "TP": "trading_house", "TE": "temple", "SH": "stronghold",
              "SA": "sanctuary", "P": "priest"}
#: Height of each piece relative to the dwelling, so the stronghold looks big.
SCALE = {"D": 1.0, "TP": 1.06, "TE": 1.0, "SH": 1.08, "SA": 1.06, "P": 0.9}


@cache
def _layer(kind: str, layer: str) -> pygame.Surface:
    img = pygame.image.load(str(asset("pieces", f"{KIND_FILES[kind]}_{layer}.png")))
    return img.convert_alpha() if pygame.display.get_surface() else img


def _luma(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@cache
def sprite(kind: str, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """The piece `kind` tinted `colour`, `size` pixels square (the dwelling fills ~70% of it)."""
    size = max(8, int(size * SCALE[kind]))
    body = _layer(kind, "body").copy()
    lift = colour if _luma(colour) > 70 else tuple(min(255, int(v * 1.9 + 18)) for v in colour)
    body.fill((*lift, 255), special_flags=pygame.BLEND_RGBA_MULT)
    ink = _layer(kind, "ink")
    rim = _layer(kind, "rim").copy()
    edge = (28, 22, 16) if _luma(colour) > 70 else (232, 226, 214)
    rim.fill((*edge, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    out.blit(rim, (0, 0))
    out.blit(body, (0, 0))
    out.blit(ink, (0, 0))
    return pygame.transform.smoothscale(out, (size, size))


def faction_sprite(kind: str, home_terrain: str, size: int) -> pygame.Surface:
    return sprite(kind, theme.piece_colour(home_terrain), size)


def draw_piece(surface: pygame.Surface, kind: str, home_terrain: str, centre, size: int,
               shadow: bool = True) -> pygame.Rect:
    """Draw a piece standing on `centre` (its base sits slightly below the centre point)."""
    img = faction_sprite(kind, home_terrain, size)
    w, h = img.get_size()
    x, y = int(centre[0] - w / 2), int(centre[1] - h * 0.62)
    if shadow:
        sh = _shadow(max(4, int(w * 0.62)), max(3, int(w * 0.16)))
        surface.blit(sh, (int(centre[0] - sh.get_width() / 2 + w * 0.05), int(y + h * 0.86)))
    surface.blit(img, (x, y))
    return pygame.Rect(x, y, w, h)


@cache
def _shadow(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for k in range(6, 0, -1):
        r = pygame.Rect(0, 0, int(w * k / 6), int(h * k / 6))
        r.center = (w // 2, h // 2)
        pygame.draw.ellipse(s, (0, 0, 0, 26), r)
    return s


def clear() -> None:
    sprite.cache_clear()
    _layer.cache_clear()
