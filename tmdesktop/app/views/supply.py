"""The shared supply: round scoring tiles, power actions, bonus, favor and town tiles."""

from __future__ import annotations

import pygame

from tmdesktop.i18n import _, language
from tmdesktop.rules.data import FAVOR_TILES, POWER_ACTIONS, TOWN_TILES

from .. import text, theme
from . import icons, tiles, widgets


class TileStrip:
    """A titled row (or grid) of tile cards; remembers each card's rect for hit-testing."""

    def __init__(self, kind: str):
        self.kind = kind
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[str, pygame.Rect] = {}

    def place(self, rect: pygame.Rect, names: list[str], cols: int, scale: float, title_h: int) -> None:
        self.rect = pygame.Rect(rect)
        self.cards = {}
        if not names:
            return
        rows = (len(names) + cols - 1) // cols
        gap = max(3, int(6 * scale))
        area = pygame.Rect(rect.x, rect.y + title_h, rect.width, rect.height - title_h)
        w = (area.width - gap * (cols - 1)) // cols
        h = (area.height - gap * (rows - 1)) // rows
        h = min(h, int(w * 1.35))  # tall narrow spaces (the replay viewer's) must not stretch the tiles
        for i, name in enumerate(names):
            r, c = divmod(i, cols)
            self.cards[name] = pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h)

    def hit(self, pos):
        for name, r in self.cards.items():
            if r.collidepoint(pos):
                return (self.kind, name)
        return None


_cards: dict[tuple, pygame.Surface] = {}


def draw_card(surface, rect: pygame.Rect, name: str, scale: float, colour=theme.PARCHMENT, dim: bool = False,
              glow: bool = False, badge: str | None = None, corner: str | None = None) -> None:
    """A tile card; its face is rendered once per look and language, then blitted."""
    rect = pygame.Rect(rect)
    key = (name, rect.size, round(scale, 3), tuple(colour), dim, glow, badge, corner, language())
    face = _cards.get(key)
    if face is None:
        if len(_cards) > 600:
            _cards.clear()
        face = pygame.Surface((rect.width + 2, rect.height + 3), pygame.SRCALPHA)
        _draw_face(face, pygame.Rect(0, 0, rect.width, rect.height), name, scale, colour, dim, glow, badge, corner)
        if pygame.display.get_surface():
            face = face.convert_alpha()
        _cards[key] = face
    surface.blit(face, rect.topleft)
    if glow:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), max(2, int(3 * scale)), border_radius=8)


def _draw_face(surface, rect, name, scale, colour, dim, glow, badge, corner) -> None:
    widgets.tile_card(surface, rect, colour, edge=theme.HIGHLIGHT if glow else theme.INK_SOFT)
    for line, s, y in face_lines(rect, name, scale, bool(corner or badge)):
        icons.draw_tokens(surface, line, (rect.centerx, y), s, anchor="center")
    if corner:
        text.blit(surface, corner, max(8, int(11 * scale)), theme.INK_SOFT, (rect.x + 4, rect.y + 1), "topleft",
                  "semibold")
    if badge is not None:
        r = max(8, int(11 * scale))
        c = (rect.right - r - 1, rect.y + r + 1)
        pygame.draw.circle(surface, (60, 40, 20), c, r + 1)
        pygame.draw.circle(surface, theme.COIN, c, r)
        text.blit(surface, badge, max(9, int(13 * scale)), theme.INK, c, "center", "bold")
    if dim:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (30, 30, 30, 150), veil.get_rect(), border_radius=6)
        surface.blit(veil, rect)


def face_lines(rect: pygame.Rect, name: str, scale: float, corner: bool) -> list[tuple[list, int, float]]:
    """(tokens, type size, centre y) of each line printed on the card of tile `name` at `rect`;
    `corner`: a corner label or badge takes room above the lines.  A line too long for the card
    is broken in two when that leaves the smallest type larger."""
    lines = tiles.lines_for(name)
    # room for the corner label (round number, tiles left) and the coin badge
    top = int(max(8, 11 * scale) * 1.1) if corner and len(lines) > 1 else 0
    inner_h = rect.height - top
    room = rect.width - 8
    laid = _laid_out(lines, inner_h, scale, room)
    split = _split_narrow(lines, _line_size(inner_h, len(lines), scale), room)
    if split is not lines:
        other = _laid_out(split, inner_h, scale, room)
        # larger type, or less cut off where even the smallest type is too wide (Italian
        # "Passare: SH/SA 4 VP" ran over both edges of a replay's narrow bonus card)
        if min(other) > min(laid) or _overflow(split, other, room) < _overflow(lines, laid, room):
            lines, laid = split, other
    n = len(lines)
    return [(line, s, rect.y + top + inner_h * (k + 0.62) / (n + 0.25)) for k, (line, s) in enumerate(zip(lines, laid))]


def _overflow(lines: list[list], sizes: list[int], room: int) -> int:
    """How far the widest of `lines` at `sizes` runs past `room` (0: they all fit)."""
    return max(0, max(icons.tokens_width(line, s) for line, s in zip(lines, sizes)) - room)


def _laid_out(lines: list[list], inner_h: int, scale: float, room: int) -> list[int]:
    """The type size of each of `lines`: the cards' size for that many lines, smaller for a line
    that does not fit across `room` at it."""
    size = _line_size(inner_h, len(lines), scale)
    out = []
    for line in lines:
        s = size
        while s > 8 and icons.tokens_width(line, s) > room:  # shrink the line until it fits
            s -= 1
        out.append(s)
    return out


def _line_size(inner_h: int, n: int, scale: float) -> int:
    """The type size of a card's `n` lines in `inner_h` pixels: 10 or more where the card has the
    room, else what the lines fit in (at 1024x600 three lines at 10 ran into each other and out of
    the favor card's bottom)."""
    return max(min(10, int(inner_h / (n + 0.4))), min(int(inner_h / (n + 0.7)), int(22 * scale)), 7)


def _split_narrow(lines: list[list], size: int, room: int) -> list[list]:
    """`lines` with each line that would have to shrink to hard-to-read type (under 12 pixels,
    or 60% of `size`) to fit across `room` broken in two: after its label ("Pass:", "Action:"),
    before its arrow, or else between its gains.  (On a small window's cards "Pass: SH/SA 4 VP"
    was drawn at 8 pixels; a large card's line a little smaller than the rest reads better whole.)
    The same list if none."""
    out, changed = [], False
    for line in lines:
        if icons.tokens_width(line, max(12, int(size * 0.6))) <= room:
            out.append(line)
            continue
        cut = 1 if line[0][0] == "t" and str(line[0][1]).endswith(":") else \
            next((k for k, token in enumerate(line) if token[0] == "ARROW" and k > 0), len(line) // 2)
        if cut and cut < len(line):
            out += [line[:cut], line[cut:]]
            changed = True
        else:
            out.append(line)
    return out if changed else lines


def clear() -> None:
    _cards.clear()


class SupplyView:
    """Below the map: rounds and towns on the first row, power actions and bonus tiles on the second."""

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rounds = TileStrip("round")
        self.towns = TileStrip("town")
        self.powers = TileStrip("power")
        self.bonuses = TileStrip("bonus")
        self.scale = 1.0

    def layout(self, rect: pygame.Rect, scale: float, state) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        gap = int(10 * scale)
        # a strip's title line: its type's full height, so that the tiles never cover its descenders
        title = max(int(20 * scale), text.font(self.title_size(), "semibold").get_linesize())
        half = (rect.height - gap) // 2
        row1 = pygame.Rect(rect.x, rect.y, rect.width, half)
        row2 = pygame.Rect(rect.x, rect.y + half + gap, rect.width, half)
        split1 = int(rect.width * 0.52)
        self.rounds.place(pygame.Rect(row1.x, row1.y, split1 - gap, row1.height), state.score_tiles, 6, scale, title)
        towns = [t for t in TOWN_TILES if t in state.town_pool]
        self.towns.place(pygame.Rect(row1.x + split1, row1.y, row1.width - split1, row1.height), towns,
                         max(1, len(towns)), scale, title)
        split2 = int(rect.width * 0.42)
        self.powers.place(pygame.Rect(row2.x, row2.y, split2 - gap, row2.height), list(POWER_ACTIONS), 6, scale,
                          title)
        bonus = sorted(state.bonus_pool, key=lambda b: int(b[3:]))
        self.bonuses.place(pygame.Rect(row2.x + split2, row2.y, row2.width - split2, row2.height), bonus,
                           max(len(bonus), 6), scale, title)

    def strips(self) -> dict[str, TileStrip]:
        return {"round": self.rounds, "town": self.towns, "power": self.powers, "bonus": self.bonuses}

    def key(self, state, name: str, glow=frozenset()) -> tuple:
        """Everything the strip `name` ("round", "town", "power", "bonus") shows: equal keys, the
        same picture."""
        strip = self.strips()[name]
        shown = {"round": lambda: state.round, "town": lambda: tuple(sorted(state.town_pool.items())),
                 "power": lambda: tuple(sorted(state.blocked)),
                 "bonus": lambda: tuple(sorted(state.bonus_pool.items()))}[name]()
        return (tuple(strip.rect), tuple((card, tuple(r)) for card, r in strip.cards.items()), self.scale, language(),
                shown, frozenset(k for k in glow if k[0] == name))

    def draw(self, surface, state, glow=frozenset(), held_by=None) -> None:
        for name in self.strips():
            self.draw_strip(surface, state, name, glow)

    def title_size(self) -> int:
        return max(10, int(14 * self.scale))

    def draw_strip(self, surface, state, name: str, glow=frozenset()) -> None:
        """One titled strip of tiles: "round", "town", "power" or "bonus"."""
        s = self.scale
        fs = self.title_size()
        title_col = theme.TEXT_DIM
        strip = self.strips()[name]
        title = {"round": _("Round scoring"), "town": _("Town tiles"), "power": _("Power actions"),
                 "bonus": _("Bonus tiles")}[name]
        text.blit(surface, title, fs, title_col, (strip.rect.x + 2, strip.rect.y), "topleft", "semibold")
        if name == "round":
            for i, (card, r) in enumerate(strip.cards.items()):
                current = state.round == i + 1
                done = state.round > i + 1
                draw_card(surface, r, card, s, theme.PARCHMENT if not done else theme.PARCHMENT_DARK, dim=done,
                          corner=str(i + 1))
                if current:
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(6, 6), max(3, int(4 * s)), border_radius=9)
        elif name == "town":
            for card, r in strip.cards.items():
                left = state.town_pool.get(card, 0)
                draw_card(surface, r, card, s, (226, 232, 214), dim=left <= 0, glow=("town", card) in glow,
                          corner=f"×{left}")
        elif name == "power":
            for card, r in strip.cards.items():
                taken = card in state.blocked
                draw_card(surface, r, card, s, (232, 220, 240), glow=("power", card) in glow and not taken)
                if taken:
                    widgets.taken_marker(surface, r)
        else:
            for card, r in strip.cards.items():
                coins = state.bonus_pool.get(card, 0)
                draw_card(surface, r, card, s, (240, 230, 200), glow=("bonus", card) in glow,
                          badge=str(coins) if coins else None)

    def hit(self, pos):
        for strip in (self.rounds, self.towns, self.powers, self.bonuses):
            t = strip.hit(pos)
            if t:
                return t
        return None



class PoolsView:
    """Favor tiles left (beside the cult board): 12 tiles in a 3 x 4 grid with counts."""

    def __init__(self):
        self.strip = TileStrip("favor")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        pad = int(8 * scale)
        self.strip.place(rect.inflate(-2 * pad, -2 * pad), list(FAVOR_TILES), 3, scale, int(22 * scale))

    def key(self, state, glow=frozenset()) -> tuple:
        """Everything the favor tiles show: equal keys, the same picture."""
        return (tuple(self.rect), tuple((name, tuple(r)) for name, r in self.strip.cards.items()), self.scale,
                language(), tuple(sorted(state.favor_pool.items())), frozenset(k for k in glow if k[0] == "favor"))

    def draw(self, surface, state, glow=frozenset()) -> None:
        widgets.panel(surface, self.rect, theme.PANEL, radius=int(10 * self.scale))
        pad = int(8 * self.scale)
        text.blit(surface, _("Favor tiles"), max(10, int(14 * self.scale)), theme.TEXT_DIM,
                  (self.rect.x + pad + 2, self.rect.y + pad), "topleft", "semibold")
        for name, r in self.strip.cards.items():
            left = state.favor_pool.get(name, 0)
            cult = next(iter(k for k in ("FIRE", "WATER", "EARTH", "AIR") if k in _gain(name)), "AIR")
            base = theme.CULT_COLOURS[cult]
            colour = tuple(int(v * 0.25 + 240 * 0.75) for v in base)
            draw_card(surface, r, name, self.scale, colour, dim=left <= 0, glow=("favor", name) in glow,
                      corner=f"×{left}")

    def hit(self, pos):
        return self.strip.hit(pos)


def _gain(name):
    from tmdesktop.rules.data import tile
    return tile(name)["gain"]
