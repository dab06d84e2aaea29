"""The cult board: four tracks 0-10 with a marker per faction, and the priests' order spaces."""

from __future__ import annotations

import functools

import pygame

from tmdesktop.i18n import _, language
from tmdesktop.rules.constants import CULT_SPOT_VALUES as SPOT_VALUES
from tmdesktop.rules.data import CULTS

from .. import pieces, text, theme
from . import icons, widgets


class CultView:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.columns: dict[str, pygame.Rect] = {}
        self.spots: dict[tuple[str, int], pygame.Rect] = {}
        self.scale = 1.0
        self._cache: tuple | None = None
        self._heads: tuple | None = None  # (what they were worked out for, the tracks' names as drawn)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        pad = int(8 * scale)
        inner = rect.inflate(-2 * pad, -2 * pad)
        col_w = inner.width // 4
        self.columns = {c: pygame.Rect(inner.x + i * col_w, inner.y, col_w - int(4 * scale), inner.height)
                        for i, c in enumerate(CULTS)}
        self.spots = {}
        for c, col in self.columns.items():
            d = min(col.width // 2 - 2, int(30 * scale))
            for i in range(4):
                row, k = divmod(i, 2)
                x = col.x + col.width // 4 + k * col.width // 2
                y = col.bottom - int(d * (2.1 - row * 1.05)) + d // 2
                self.spots[(c, i)] = pygame.Rect(x - d // 2, y - d // 2, d, d)

    def names(self) -> tuple[bool, dict[str, tuple[str, int, int]]]:
        """The tracks' names as drawn: (under the icons?, {cult: (name, type size, room)}). The
        four share one type, the largest up to the board's at which each fits its own column, no
        smaller than the smallest `text` draws (one name a size smaller than the others looked like
        a mistake: "Tierra" in Spanish); beside their icons where every name fits so, else all four
        under their icons, in the column's whole width (a narrow board: "Acqua" is wider than the
        room an icon leaves)."""
        key = (language(), self.scale, tuple(col.width for col in self.columns.values()))
        if self._heads is None or self._heads[0] != key:
            fs = max(10, int(15 * self.scale))
            titles = {cult: _(theme.CULT_NAMES[cult]) for cult in self.columns}

            def sized(margin: int) -> dict[str, tuple[str, int, int]]:
                rooms = {c: col.width - margin for c, col in self.columns.items()}
                size = min(text.fit(t, fs, rooms[c], "bold") for c, t in titles.items())
                return {c: (t, size, rooms[c]) for c, t in titles.items()}

            beside = sized(int(24 * self.scale) + 6)
            under = any(text.width(t, size, "bold") > room for t, size, room in beside.values())
            self._heads = (key, (under, sized(4) if under else beside))
        return self._heads[1]

    def _head(self) -> int:
        """The height of the tracks' heads: the icon and the name beside it, or under it."""
        under, named = self.names()
        if not under:
            return int(34 * self.scale)
        return int(30 * self.scale) + max(text.font(size, "bold").get_linesize() for _t, size, _room in named.values())

    def _track_area(self, col: pygame.Rect) -> tuple[int, int]:
        spots = int(30 * self.scale * 2.3)
        return col.y + self._head(), col.bottom - spots

    def level_y(self, col: pygame.Rect, level: int) -> int:
        top, bottom = self._track_area(col)
        step = (bottom - top) / 11
        return int(bottom - step * (level + 0.5))

    def draw(self, surface, state, homes: dict[str, str], highlight_cults=(), highlight_spots=(),
             hover=None, cached: bool = True, colour_blind: bool = False) -> None:
        """Draw the board.  Cached, it is rendered again only when the markers, the priests on the
        spots or the highlights changed, not after every move."""
        if not cached:
            return self._draw(surface, state, homes, highlight_cults, highlight_spots, colour_blind)
        key = self.key(state, homes, highlight_cults, highlight_spots, colour_blind)
        if self._cache is None or self._cache[0] != key:
            layer = pygame.Surface((self.rect.width + 8, self.rect.height + 8), pygame.SRCALPHA)
            moved = self.rect
            self._shift(4 - self.rect.x, 4 - self.rect.y)
            try:
                self._draw(layer, state, homes, highlight_cults, highlight_spots, colour_blind)
            finally:
                self._shift(moved.x - 4, moved.y - 4)
            self._cache = (key, layer.convert_alpha() if pygame.display.get_surface() else layer)
        surface.blit(self._cache[1], (self.rect.x - 4, self.rect.y - 4))

    def key(self, state, homes: dict[str, str], highlight_cults=(), highlight_spots=(), colour_blind: bool = False):
        """Everything the board shows: equal keys, the same picture."""
        shown = tuple((name, homes.get(name), tuple(sorted(state.players[name].cult.items()))) for name in state.seats)
        return (shown, tuple((c, tuple(v)) for c, v in sorted(state.cult_spots.items())), self.rect.size, self.scale,
                frozenset(highlight_cults), frozenset(highlight_spots), colour_blind, language())

    def _shift(self, dx: int, dy: int) -> None:
        self.rect = self.rect.move(dx, dy)
        self.columns = {c: r.move(dx, dy) for c, r in self.columns.items()}
        self.spots = {k: r.move(dx, dy) for k, r in self.spots.items()}

    def _draw(self, surface, state, homes, highlight_cults, highlight_spots, colour_blind) -> None:
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(10 * self.scale), edge=theme.INK_SOFT)
        isize = int(24 * self.scale)
        under, named = self.names()
        for cult, col in self.columns.items():
            colour = theme.CULT_COLOURS[cult]
            top, bottom = self._track_area(col)
            band = pygame.Rect(col.x, top, col.width, bottom - top)
            tint = tuple(int(v * 0.35 + 236 * 0.65) for v in colour)
            pygame.draw.rect(surface, tint, band, border_radius=int(6 * self.scale))
            if cult in highlight_cults:
                pygame.draw.rect(surface, theme.HIGHLIGHT, band.inflate(4, 4), max(2, int(3 * self.scale)),
                                 border_radius=int(6 * self.scale))
            title, size, room = named[cult]
            if under:  # the icon centred, its name under it
                icons.draw_icon(surface, cult, (col.centerx, col.y + int(15 * self.scale)), isize)
                text.blit(surface, title, size, theme.INK, (col.centerx, col.y + int(28 * self.scale)), "midtop", "bold",
                          max_width=room)
            else:
                icons.draw_icon(surface, cult, (col.x + isize // 2 + 2, col.y + int(17 * self.scale)), isize)
                text.blit(surface, title, size, theme.INK,
                          (col.x + isize + int(6 * self.scale), col.y + int(17 * self.scale)), "midleft", "bold",
                          max_width=room)
            step = (bottom - top) / 11
            for level in range(11):
                y = self.level_y(col, level)
                if level in (3, 5, 7, 10):
                    pygame.draw.line(surface, tuple(int(v * 0.7) for v in tint), (col.x + 3, y + step / 2),
                                     (col.right - 3, y + step / 2), 1)
                label_col = theme.INK if level in (3, 5, 7, 10) else theme.INK_SOFT
                text.blit(surface, str(level), max(9, int(12 * self.scale)), label_col, (col.x + int(12 * self.scale), y),
                          "center", "bold" if level in (3, 5, 7, 10) else "regular")
            # faction markers: wooden discs, side by side when several share a level
            at: dict[int, list[str]] = {}
            for name in state.seats:
                at.setdefault(state.players[name].cult[cult], []).append(name)
            disc = max(6, min(int(step * 0.42), int((col.width - 26 * self.scale) / 8)))
            for level, names in at.items():
                y = self.level_y(col, level)
                x0 = col.x + int(24 * self.scale) + disc
                for k, name in enumerate(names):
                    x = x0 + k * int(disc * 1.9)
                    _disc(surface, (x, y), disc, theme.piece_colour(homes[name]),
                          homes[name] if colour_blind else None)
            for i, value in enumerate(SPOT_VALUES):
                r = self.spots[(cult, i)]
                occupant = state.cult_spots[cult][i]
                glow = (cult, i) in highlight_spots
                pygame.draw.circle(surface, (250, 246, 232), r.center, r.width // 2)
                pygame.draw.circle(surface, theme.HIGHLIGHT if glow else colour, r.center, r.width // 2,
                                   max(2, int((4 if glow else 2) * self.scale)))
                if occupant:
                    pieces.draw_piece(surface, "P", homes[occupant], (r.centerx, r.centery + r.height * 0.12),
                                      int(r.height * 1.5), shadow=False)
                else:
                    text.blit(surface, str(value), max(10, int(16 * self.scale)), theme.INK, r.center, "center", "bold")

    def hit(self, pos):
        for key, r in self.spots.items():
            if r.inflate(4, 4).collidepoint(pos):
                return ("spot", (key[0], SPOT_VALUES[key[1]], key[1]))
        for cult, col in self.columns.items():
            if col.collidepoint(pos):
                return ("cult", cult)
        return None


@functools.lru_cache(maxsize=64)
def _shadow(size: tuple[int, int]) -> pygame.Surface:
    """A disc's shadow, translucent (drawn straight onto the board's layer, its alpha would replace
    the parchment's and let the table show through)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(img, (0, 0, 0, 90), img.get_rect())
    return img


def _disc(surface, centre, r, colour, glyph: str | None = None):
    x, y = centre
    dark = tuple(int(v * 0.55) for v in colour)
    edge = (20, 16, 12) if sum(colour) > 210 else (230, 224, 214)
    shadow = pygame.Rect(x - r + 1, y - r * 0.45 + 3, 2 * r, r * 1.2)
    surface.blit(_shadow(shadow.size), shadow)  # blended: the same on the board's layer as on the screen
    pygame.draw.ellipse(surface, dark, pygame.Rect(x - r, y - r * 0.55 + 2, 2 * r, r * 1.2))
    pygame.draw.ellipse(surface, colour, pygame.Rect(x - r, y - r * 0.55 - 1, 2 * r, r * 1.2))
    pygame.draw.ellipse(surface, edge, pygame.Rect(x - r, y - r * 0.55 - 1, 2 * r, r * 1.2), 1)
    if glyph:  # colour-blind aid: the owner's terrain glyph on the disc
        from .hexmap import terrain_glyph

        terrain_glyph(surface, glyph, (x, y - 1), r * 1.25, theme.text_on(colour), bold=True)
