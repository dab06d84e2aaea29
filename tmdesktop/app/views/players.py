"""A panel per player: VP, resources, power bowls, buildings left, tiles held, next income."""

from __future__ import annotations

import pygame

from tmdesktop.i18n import _, language
from tmdesktop.rules.data import BUILDING_TYPES

from .. import pieces, text, theme
from . import icons, tiles, widgets


class PlayersView:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.panels: dict[str, pygame.Rect] = {}
        self.chips: dict[tuple[str, str], pygame.Rect] = {}
        #: (owner, part) -> rect of the panel's parts a rule card explains: "bowl1".."bowl3", "ship",
        #: "dig", "income", "building:D".."building:SA" (see `hit`),
        #: and "bowls", the three together (a tutorial step rings them)
        self.parts: dict[tuple[str, str], pygame.Rect] = {}
        self.scale = 1.0
        self._cache: dict[str, tuple] = {}
        self._fits: dict[str, tuple] = {}  # per panel: (what it was fitted to, (font size, icon size))

    def layout(self, rect: pygame.Rect, scale: float, seats: list[str]) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        gap = max(3, int(6 * scale))
        n = max(1, len(seats))
        h = (rect.height - gap * (n - 1)) // n
        self.panels = {name: pygame.Rect(rect.x, rect.y + i * (h + gap), rect.width, h) for i, name in enumerate(seats)}

    def draw(self, surface, game, decider: str | None, glow=frozenset(), cached: bool = True) -> None:
        """Draw every panel.  Cached, a panel is rendered again only when what it shows changed
        (`_shown`): a move redraws the mover's panel, not all of them (4K frames stay short)."""
        self.chips = {}
        self.parts = {}
        for name in self.panels:
            self.draw_panel(surface, game, name, decider, glow, cached)

    def draw_panel(self, surface, game, name: str, decider: str | None, glow=frozenset(),
                   cached: bool = True, key: tuple | None = None) -> None:
        """One player's panel (see `draw`); its chips and parts replace those it had.  `key`:
        its `panel_key`, when the caller has it."""
        s = game.state
        r = self.panels[name]
        mine = frozenset(k for k in glow if k[0] == name)
        self.chips = {k: c for k, c in self.chips.items() if k[0] != name}
        self.parts = {k: c for k, c in self.parts.items() if k[0] != name}
        key = key or self.panel_key(game, name, decider, glow)
        sizes = key[-1]
        if not cached:
            self._draw_panel(surface, game, s.players[name], r, decider == name, mine, sizes)
            return
        entry = self._cache.get(name)
        if entry is None or entry[0] != key:
            size = (r.width + 8, r.height + 8)
            if entry is not None and entry[1].get_size() == size:  # drawn again in the same surface
                layer = entry[1]
                layer.fill((0, 0, 0, 0))
            else:
                layer = pygame.Surface(size, pygame.SRCALPHA)
                layer = layer.convert_alpha() if pygame.display.get_surface() else layer
            before, parts_before = self.chips, self.parts
            self.chips, self.parts = {}, {}
            self._draw_panel(layer, game, s.players[name], pygame.Rect(4, 4, r.width, r.height), decider == name,
                             mine, sizes)
            chips = {k: c.move(-4, -4) for k, c in self.chips.items()}
            parts = {k: c.move(-4, -4) for k, c in self.parts.items()}
            self.chips, self.parts = before, parts_before
            entry = (key, layer, chips, parts)
            self._cache[name] = entry
        surface.blit(entry[1], (r.x - 4, r.y - 4))
        self.chips.update({k: c.move(r.x, r.y) for k, c in entry[2].items()})
        self.parts.update({k: c.move(r.x, r.y) for k, c in entry[3].items()})

    def panel_key(self, game, name: str, decider: str | None, glow=frozenset()) -> tuple:
        """Everything one panel shows: equal keys, the same picture."""
        s = game.state
        return (_shown(s, s.players[name]), self.panels[name].size, self.scale, decider == name,
                frozenset(k for k in glow if k[0] == name), language(), self._sizes(game))

    def _sizes(self, game) -> tuple[int, int]:
        """One font and icon size for every panel (the same row reads the same in each): the
        largest at which every panel's rows fit across, fitted again when what they show changes."""
        s = game.state
        fits = []
        for name, r in self.panels.items():  # each panel fitted again only when what it shows changed
            key = (_shown(s, s.players[name]), r.size, self.scale, language())
            kept = self._fits.get(name)
            if kept is None or kept[0] != key:
                pad, x0, row_h, _ys = _geometry(r, self.scale)
                kept = (key, _fitted_sizes(s.players[name], _income(game, s.players[name]), r.right - pad - x0,
                                           row_h, self.scale))
                self._fits[name] = kept
            fits.append(kept[1])
        return min(fits, default=(11, 12))

    def _draw_panel(self, surface, game, p, r: pygame.Rect, active: bool, glow, sizes) -> None:
        sc = self.scale
        colour = theme.piece_colour(p.faction.home)
        widgets.panel(surface, r, theme.PANEL if not active else (64, 72, 64), radius=int(8 * sc),
                      edge=theme.ACCENT if active else theme.PANEL_EDGE)
        stripe = pygame.Rect(r.x, r.y, max(5, int(8 * sc)), r.height)
        pygame.draw.rect(surface, colour, stripe, border_top_left_radius=int(8 * sc), border_bottom_left_radius=int(8 * sc))
        pad, x0, row_h, ys = _geometry(r, sc)
        state = game.state
        tags = []
        if state.phase == "play" and state.turn.faction == p.name:
            tags.append((_("to act"), theme.ACCENT))
        if p.passed and state.phase == "play":
            tags.append((_("passed"), theme.TEXT_DIM))
        if p.leech_offers:
            tags.append((_("power offer"), theme.POWER))
        income = _income(game, p)
        fs, isz = sizes

        # row 1: name, state, VP
        name = _(p.faction.display)
        img = text.text(name, int(fs * 1.15), theme.TEXT, "bold")
        surface.blit(img, img.get_rect(midleft=(x0, ys[0])))
        x = x0 + img.get_width() + pad
        for label, col in tags:
            t = text.text(label, max(10, int(fs * 0.85)), theme.INK if col != theme.TEXT_DIM else theme.TEXT, "semibold")
            box = t.get_rect(midleft=(x, ys[0])).inflate(int(10 * sc), int(2 * sc))
            pygame.draw.rect(surface, col if col != theme.TEXT_DIM else (90, 96, 92), box, border_radius=box.height // 2)
            surface.blit(t, t.get_rect(center=box.center))
            x = box.right + int(6 * sc)
        vp = text.text(str(p.VP), int(fs * 1.45), theme.TEXT, "bold")
        vr = vp.get_rect(midright=(r.right - pad, ys[0]))
        surface.blit(vp, vr)
        icons.draw_icon(surface, "VP", (vr.x - isz // 2 - 3, ys[0]), int(isz * 1.1))

        # row 2: resources, bowls, shipping and digging
        parts = _resource_row(surface, p, (x0, ys[1]), fs, isz, sc)[1]
        self.parts.update({(p.name, part): rect for part, rect in parts.items()})

        # row 3: buildings left and the income the next one uncovers
        edges = _cell_edges(_building_widths(p, fs, isz), x0, r.right - pad - x0)
        for k, (kind, left, toks) in enumerate(_buildings_left(p)):
            bx = edges[k]
            self.parts[(p.name, f"building:{kind}")] = pygame.Rect(bx, int(ys[2] - row_h / 2), edges[k + 1] - bx - 2,
                                                                   int(row_h))
            img = pieces.faction_sprite(kind, p.faction.home, int(isz * 1.5))
            if left == 0:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, img.get_rect(center=(bx + isz * 3 // 4, ys[2] - isz * 0.05)))
            t = text.text(f"{left}", fs, theme.TEXT if left else theme.TEXT_DIM, "bold")
            tx = bx + isz * 3 // 2 + 2
            surface.blit(t, t.get_rect(midleft=(tx, ys[2])))
            if toks:
                icons.draw_tokens(surface, toks, (tx + t.get_width() + 4, ys[2]), max(10, int(fs * 0.85)),
                                  colour=theme.TEXT_DIM)

        # row 4: tiles held, then next round's income on the right
        x = x0
        held = ([p.bonus] if p.bonus else []) + list(p.favors) + list(p.towns)
        chip_h = int(row_h * 0.86)
        inc_toks = [("t", _("Income"))] + icons.gains_tokens(income)
        inc_w = icons.tokens_width(inc_toks, max(10, int(fs * 0.9)))
        limit = r.right - pad - inc_w - int(10 * sc)
        for name in held:
            line = tiles.lines_for(name)
            toks = line[0] if name.startswith(("FAV", "TW")) or len(line) == 1 else line[0] + line[1]
            csize = max(9, int(chip_h * 0.56))
            w = icons.tokens_width(toks, csize) + int(10 * sc)
            if x + w > limit:
                t = text.text("…", fs, theme.TEXT)
                surface.blit(t, t.get_rect(midleft=(x, ys[3])))
                break
            chip = pygame.Rect(x, ys[3] - chip_h // 2, w, chip_h)
            fill = (240, 230, 200) if name.startswith("BON") else (226, 232, 214) if name.startswith("TW") else (232, 226, 240)
            widgets.tile_card(surface, chip, fill, radius=4)
            if (p.name, name) in glow:
                pygame.draw.rect(surface, theme.HIGHLIGHT, chip.inflate(4, 4), 2, border_radius=5)
            icons.draw_tokens(surface, toks, chip.center, csize, anchor="center")
            self.chips[(p.name, name)] = chip
            x = chip.right + int(5 * sc)
        drawn = icons.draw_tokens(surface, inc_toks, (r.right - pad, ys[3]), max(10, int(fs * 0.9)),
                                  colour=theme.TEXT, anchor="midright")
        self.parts[(p.name, "income")] = drawn.inflate(int(6 * sc), int(6 * sc))

    def hit(self, pos):
        for (owner, name), r in self.chips.items():
            if r.collidepoint(pos):
                return ("held", (owner, name))
        for (owner, part), r in self.parts.items():
            if part != "bowls" and r.collidepoint(pos):  # "bowls" only frames the three for a ring
                if part.startswith("bowl"):
                    return ("bowl", (owner, int(part[4:])))
                if part.startswith("building:"):
                    return ("building", (owner, part[9:]))
                return ("income", owner) if part == "income" else ("track", (owner, part))
        for name, r in self.panels.items():
            if r.collidepoint(pos):
                return ("player", name)
        return None


def _shown(state, p) -> tuple:
    """Everything of the game a player's panel draws (income follows from buildings and tiles)."""
    return (state.phase, state.turn.faction == p.name, p.passed, bool(p.leech_offers), p.VP, p.C, p.W, p.P,
            tuple(p.power), p.ship, p.dig, tuple(sorted(p.counts.items())), p.bonus, tuple(p.favors),
            tuple(p.towns))


def _track_max(faction, name: str) -> int:
    try:
        return getattr(faction, name) or 0
    except (TypeError, KeyError, AttributeError):  # the faction has no such track
        return 0


def _geometry(r: pygame.Rect, sc: float) -> tuple[int, int, float, list[int]]:
    """A panel's padding, the left edge of its rows (right of the faction's stripe), the rows'
    height and their middles."""
    pad = int(10 * sc)
    x0 = r.x + max(5, int(8 * sc)) + pad
    row_h = (r.height - pad) / 4
    return pad, x0, row_h, [int(r.y + pad * 0.5 + row_h * (k + 0.5)) for k in range(4)]


def _income(game, p) -> dict:
    try:
        return game.income_of(p)
    except Exception:
        return {}


def _width(s: str, size: int, weight: str) -> int:
    return text.width(s, size, weight)


def _fitted_sizes(p, income, room: int, row_h: float, sc: float) -> tuple[int, int]:
    """The font and icon sizes for the panel's rows: as tall as the rows allow, smaller when the
    widest row (a long faction name in Italian, a 2-player table's tall panels) would not fit
    the `room` across; every part then stays inside the panel."""
    f = 1.0
    while True:
        floor = (11, 12) if f == 1.0 else (9, 10)  # the smallest that reads, then smaller only if needed
        fs, isz = max(floor[0], int(row_h * 0.50 * f)), max(floor[1], int(row_h * 0.62 * f))
        need = max(_row1_width(p, fs, isz, sc), _resource_row(None, p, (0, 0), fs, isz, sc)[0],
                   sum(_building_widths(p, fs, isz)),
                   icons.tokens_width([("t", _("Income"))] + icons.gains_tokens(income), max(10, int(fs * 0.9))))
        if need <= room or (fs, isz) == (9, 10):
            return fs, isz
        f *= max(0.5, min(0.95, room / need))


def _row1_width(p, fs, isz, sc) -> int:
    """Name, the widest tags it can show (to act or passed, and a power offer), VP."""
    def tag(label: str) -> int:
        return _width(label, max(10, int(fs * 0.85)), "semibold") + int(10 * sc) + int(6 * sc)

    w = _width(_(p.faction.display), int(fs * 1.15), "bold") + int(10 * sc)
    w += max(tag(_("to act")), tag(_("passed"))) + tag(_("power offer"))
    return w + int(isz * 1.1) + 3 + _width(str(p.VP), int(fs * 1.45), "bold")


def _resource_row(surface, p, pos, fs, isz, sc) -> tuple[int, dict]:
    """Coins, workers, priests, the three bowls, shipping and digging from `pos` (midleft);
    returns the width and the parts' rects.  With no surface it only measures."""
    x, y = pos
    parts = {}
    for key, value in (("C", p.C), ("W", p.W), ("P", p.P)):
        if surface:
            icons.draw_icon(surface, key, (x + isz // 2, y), isz)
        x += isz + 3
        t = text.text(str(value), fs, theme.TEXT, "bold")
        if surface:
            surface.blit(t, t.get_rect(midleft=(x, y)))
        x += max(t.get_width(), int(fs * 1.3)) + int(8 * sc)
    x += int(4 * sc)
    start = x
    x = _bowls(surface, p.power, (x, y), isz, fs)
    bowl_w = (x - start) // 3
    for k in range(3):
        parts[f"bowl{k + 1}"] = pygame.Rect(start + k * bowl_w, int(y - isz * 0.7), bowl_w, int(isz * 1.4))
    parts["bowls"] = pygame.Rect(start, int(y - isz * 0.7), x - start, int(isz * 1.4))
    x += int(4 * sc)
    for key, level, maxi in (("SHIP", p.ship, _track_max(p.faction, "max_ship")),
                             ("DIG", p.dig, _track_max(p.faction, "max_dig"))):
        if not maxi and not level:  # no such track (Fakirs' shipping, volcano factions' digging)
            continue
        x += int(10 * sc)
        left = x
        if surface:
            icons.draw_icon(surface, key, (x + isz // 2, y), isz)
        x += isz + 2
        t = text.text(f"{level}/{maxi}" if maxi else str(level), max(10, int(fs * 0.9)), theme.TEXT, "semibold")
        if surface:
            surface.blit(t, t.get_rect(midleft=(x, y)))
        x += t.get_width()
        parts[key.lower()] = pygame.Rect(left, int(y - isz * 0.7), x - left + int(4 * sc), int(isz * 1.4))
    return x - pos[0], parts


def _buildings_left(p) -> list[tuple[str, int, list]]:
    """(kind, how many are left, tokens of the income the next one uncovers) per building type."""
    out = []
    for kind in BUILDING_TYPES:
        built = p.counts[kind]
        left = p.faction.buildings[kind]["count"] - built
        toks = []
        if left:
            now, nxt = p.faction.income(kind, built), p.faction.income(kind, built + 1)
            toks = icons.gains_tokens({key: nxt.get(key, 0) - now.get(key, 0) for key in nxt}, sign=True)
        out.append((kind, left, toks))
    return out


def _building_widths(p, fs: int, isz: int) -> list[int]:
    """The width each building type's cell needs: piece, count, income it uncovers."""
    out = []
    for _kind, left, toks in _buildings_left(p):
        w = isz * 3 // 2 + 2 + _width(str(left), fs, "bold") + 6
        out.append(w + (4 + icons.tokens_width(toks, max(10, int(fs * 0.85))) if toks else 0))
    return out


def _cell_edges(widths: list[int], x0: int, room: int) -> list[int]:
    """Left edges of the building cells and the row's end: equal cells (the same column in every
    panel) when the widest fits in a fifth of the row, else each its own width plus a share of
    what is left."""
    n = len(widths)
    if max(widths) * n <= room:
        return [x0 + room * k // n for k in range(n + 1)]
    extra = max(0, room - sum(widths)) / n
    edges = [x0]
    for w in widths:
        edges.append(int(edges[-1] + w + extra))
    return edges


def _bowls(surface, power, pos, isz, fs) -> int:
    """Three power bowls I, II, III with their token counts; returns the x after them (with no
    surface it only measures)."""
    x, y = pos
    r = int(isz * 0.62)
    for k, n in enumerate(power):
        if surface:
            c = (x + r, y)
            shade = (110 + 40 * k, 76 + 20 * k, 150 + 30 * k)
            pygame.draw.circle(surface, (30, 24, 40), (c[0], c[1] + 2), r)
            pygame.draw.circle(surface, shade, c, r)
            pygame.draw.circle(surface, (230, 220, 245), c, r, 1)
            text.blit(surface, str(n), max(10, int(fs * 0.95)), (255, 255, 255), c, "center", "bold")
        x += 2 * r + 3
    return x
