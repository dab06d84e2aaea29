"""A panel per player: VP, resources, power bowls, buildings left, tiles held, next income."""

from __future__ import annotations

import pygame

from tmdesktop.i18n import language

from .. import pieces, theme
from . import panel_rows, widgets


class PlayersView:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.panels: dict[str, pygame.Rect] = {}
        #: (owner, tile) -> its chip in the panel (a second copy of a tile: `panel_rows.chip_key`)
        self.chips: dict[tuple[str, str], pygame.Rect] = {}
        #: (owner, part) -> rect of the panel's parts a rule card explains: "bowl1".."bowl3", "ship",
        #: "dig", "income", "building:D".."building:SA" (see `hit`),
        #: and "bowls", the three together (a tutorial step rings them)
        self.parts: dict[tuple[str, str], pygame.Rect] = {}
        self.scale = 1.0
        self._cache: dict[str, list] = {}  # per panel: [key, layer, background key, rows drawn]
        self._fits: dict[str, tuple] = {}  # per panel: (what it was fitted to, (font size, icon size))
        self._incomes: dict[str, tuple] = {}  # per panel: (what it shows, next round's income)
        self._listed: dict[str, tuple] = {}  # per panel: (key, place) its chips and parts were listed for
        #: (panel, row or "all") -> the surface it is drawn on, and its colour if nothing was left
        #: outside its band (then only the band needs filling again)
        self._strips: dict[tuple[str, object], tuple] = {}
        self._blank: dict[tuple, tuple] = {}  # (strip size, colour) -> the plain strip's bytes above, below
        #: faction -> level of the seats the computer plays (their panels say so); set by the table
        self.computers: dict[str, str] = {}

    def layout(self, rect: pygame.Rect, scale: float, seats: list[str]) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        gap = max(3, int(6 * scale))
        n = max(1, len(seats))
        h = (rect.height - gap * (n - 1)) // n
        self.panels = {name: pygame.Rect(rect.x, rect.y + i * (h + gap), rect.width, h) for i, name in enumerate(seats)}

    def draw(self, surface, game, decider: str | None, glow=frozenset(), cached: bool = True) -> None:
        """Draw every panel.  Cached, a panel is rendered again only when what it shows changed
        (`shown`), and then only its rows that changed: a move redraws the mover's panel and a
        tag on the others, not all of them (4K frames stay short)."""
        self.chips = {}
        self.parts = {}
        self._listed = {}
        keys = self.keys(game, decider, glow)
        for name in self.panels:
            self.draw_panel(surface, game, name, decider, glow, cached, keys[name])

    def draw_panel(self, surface, game, name: str, decider: str | None, glow=frozenset(),
                   cached: bool = True, key: tuple | None = None) -> None:
        """One player's panel (see `draw`); its chips and parts replace those it had.  `key`:
        its `panel_key`, when the caller has it."""
        r = self.panels[name]
        key = key or self.panel_key(game, name, decider, glow)
        p = game.state.players[name]
        if cached:
            entry = self._updated_layer(game, p, key)
            surface.blit(entry[1], (r.x - 4, r.y - 4))
            if self._listed.get(name) == (key, tuple(r)):  # its chips and parts are listed already
                return
            self._listed[name] = (key, tuple(r))
        else:
            self._listed.pop(name, None)
        self.chips = {k: c for k, c in self.chips.items() if k[0] != name}
        self.parts = {k: c for k, c in self.parts.items() if k[0] != name}
        if not cached:
            self._background(surface, p, r, key[3])
            for row in range(4):
                chips, parts = self._draw_row(surface, game, p, r, row, key)
                self.chips.update(chips)
                self.parts.update(parts)
            return
        for _row_key, chips, parts in entry[3]:
            self.chips.update({k: c.move(r.x - 4, r.y - 4) for k, c in chips.items()})
            self.parts.update({k: c.move(r.x - 4, r.y - 4) for k, c in parts.items()})

    def _updated_layer(self, game, p, key: tuple) -> list:
        """The panel's layer brought up to `key`: the background drawn again when the panel's size,
        colour or type changed, then each row whose content changed drawn on a plain surface in
        the panel's flat colour and its band copied in (no alpha: the same pixels as drawing on the
        screen).  A row reaching out of its band (a small window's panels) has the panel drawn whole."""
        name = p.name
        r = self.panels[name]
        local = pygame.Rect(4, 4, r.width, r.height)
        background = (r.size, self.scale, key[3], key[5], key[6], pieces.piece_terrain(p), key[7])
        entry = self._cache.get(name)
        if entry is not None and entry[0] == key:
            return entry
        if entry is None or entry[2] != background:
            size = (r.width + 8, r.height + 8)
            if entry is not None and entry[1].get_size() == size:  # drawn again in the same surface
                layer = entry[1]
                layer.fill((0, 0, 0, 0))
            else:
                layer = pygame.Surface(size, pygame.SRCALPHA)
                layer = layer.convert_alpha() if pygame.display.get_surface() else layer
            self._background(layer, p, local, key[3])
            entry = [key, layer, background, [(None, {}, {})] * 4]
            self._cache[name] = entry
        rows = list(entry[3])
        bands = panel_rows.bands(local, self.scale)
        for row, band in enumerate(bands):
            row_key = panel_rows.row_key(key, row)
            if rows[row][0] == row_key or not band.width or not band.height:
                continue
            drawn = self._rows_in_band(game, p, local, band, (row,), key)
            if drawn is None:  # all four in one band, or else straight onto the layer
                whole = bands[0].unionall(bands[1:])
                drawn = self._rows_in_band(game, p, local, whole, range(4), key)
                if drawn is None:
                    entry[1].fill((0, 0, 0, 0))
                    self._background(entry[1], p, local, key[3])
                    rows = [(None, *self._draw_row(entry[1], game, p, local, k, key)) for k in range(4)]
                else:
                    entry[1].blit(drawn[0], whole, pygame.Rect(drawn[1], whole.size))
                    shift = (whole.x - drawn[1][0], whole.y - drawn[1][1])
                    rows = [(None, {k: c.move(shift) for k, c in drawn[2].items()},
                             {k: c.move(shift) for k, c in drawn[3].items()})] + [(None, {}, {})] * 3
                break
            entry[1].blit(drawn[0], band, pygame.Rect(drawn[1], band.size))
            shift = (band.x - drawn[1][0], band.y - drawn[1][1])
            rows[row] = (row_key, {k: c.move(shift) for k, c in drawn[2].items()},
                         {k: c.move(shift) for k, c in drawn[3].items()})
        entry[0], entry[3] = key, rows
        return entry

    def _rows_in_band(self, game, p, local: pygame.Rect, band: pygame.Rect, rows, key: tuple):
        """Rows drawn on a plain surface in the panel's colour, with room above and below `band`:
        (surface, the band's corner on it, chips, parts), or None if they drew outside the band.
        Across they stay inside it when the panel's rows were fitted (see `fitted_sizes`); at the
        smallest type, where they may not be, None."""
        if key[6] <= panel_rows.SMALLEST:
            return None
        my = band.height // 2 + 2  # more than a row's tallest piece reaches out (a piece or the VP is about a row)
        room = band.inflate(0, 2 * my)
        which = (p.name, rows[0] if len(rows) == 1 else "all")
        strip, clean = self._strips.get(which, (None, None))
        body = panel_rows.body(key[3])
        if strip is None or strip.get_size() != room.size:
            strip, clean = pygame.Surface(room.size), None
            strip = strip.convert() if pygame.display.get_surface() else strip
        if clean == body:  # nothing was drawn above or below the band last time
            strip.fill(body, (0, my, room.width, band.height))
        else:
            strip.fill(body)
        above, below = my * strip.get_pitch(), (my + band.height) * strip.get_pitch()
        blank = self._blank.get((room.size, body))
        if blank is None:  # the plain surface's bytes above and below the band
            if len(self._blank) > 16:  # sizes of windows resized since
                self._blank.clear()
            plain = strip.get_view("1").raw
            blank = self._blank[(room.size, body)] = (plain[:above], plain[below:])
        chips, parts = {}, {}
        for row in rows:
            row_chips, row_parts = self._draw_row(strip, game, p, local.move(-room.x, -room.y), row, key)
            chips.update(row_chips)
            parts.update(row_parts)
        view = strip.get_view("1")
        pixels = memoryview(view).cast("B")
        clear = pixels[:above].tobytes() == blank[0] and pixels[below:].tobytes() == blank[1]
        pixels.release()
        del view  # the surface stays locked while a view of it lives
        self._strips[which] = (strip, body if clear else None)
        return (strip, (0, my), chips, parts) if clear else None

    def keys(self, game, decider: str | None, glow=frozenset()) -> dict[str, tuple]:
        """Every panel's `panel_key`, each player's content read once."""
        s = game.state
        shown = {name: panel_rows.shown(s, s.players[name]) for name in self.panels}
        sizes = self._sizes(game, shown)
        lang = language()
        return {name: (shown[name], r.size, self.scale, decider == name, frozenset(k for k in glow if k[0] == name),
                       lang, sizes, self.computers.get(name)) for name, r in self.panels.items()}

    def panel_key(self, game, name: str, decider: str | None, glow=frozenset()) -> tuple:
        """Everything one panel shows: equal keys, the same picture."""
        return self.keys(game, decider, glow)[name]

    def _sizes(self, game, shown: dict[str, tuple] | None = None) -> tuple[int, int]:
        """One font and icon size for every panel (the same row reads the same in each): the
        largest at which every panel's rows fit across, fitted again when what they show changes.
        `shown`: each panel's `shown`, when the caller has it."""
        s = game.state
        shown = shown or {name: panel_rows.shown(s, s.players[name]) for name in self.panels}
        fits = []
        lang = language()
        for name, r in self.panels.items():  # each panel fitted again only when what it shows changed
            key = (shown[name], r.size, self.scale, lang)
            kept = self._fits.get(name)
            if kept is None or kept[0] != key:
                pad, x0, row_h, _ys = panel_rows.geometry(r, self.scale)
                p = s.players[name]
                kept = (key, panel_rows.fitted_sizes(p, self._income(game, p, shown[name]), r.right - pad - x0, row_h,
                                           self.scale))
                self._fits[name] = kept
            fits.append(kept[1])
        return min(fits, default=(11, 12))

    def _income(self, game, p, shown: tuple) -> dict:
        """Next round's income, asked of the game again only when what the panel shows changed
        (the income follows from the buildings and tiles it shows)."""
        kept = self._incomes.get(p.name)
        if kept is None or kept[0] != shown:
            kept = (shown, panel_rows.next_income(game, p))
            self._incomes[p.name] = kept
        return kept[1]

    def _background(self, surface, p, r: pygame.Rect, active: bool) -> None:
        """The panel, its edge and the faction's stripe."""
        sc = self.scale
        widgets.panel(surface, r, panel_rows.body(active), radius=int(8 * sc),
                      edge=theme.ACCENT if active else theme.PANEL_EDGE)
        stripe = pygame.Rect(r.x, r.y, panel_rows.stripe_width(sc), r.height)
        pygame.draw.rect(surface, theme.piece_colour(pieces.piece_terrain(p)), stripe, border_top_left_radius=int(8 * sc),
                         border_bottom_left_radius=int(8 * sc))

    def _draw_row(self, surface, game, p, r: pygame.Rect, row: int, key: tuple) -> tuple[dict, dict]:
        """One of the panel's four rows, for the panel at `r` on `surface`; returns its chips and
        parts (see `hit`)."""
        glow, sizes = key[4], key[6]
        if row == 0:
            panel_rows.head_row(surface, game.state, p, r, self.scale, sizes, key[7])
            return {}, {}
        if row == 1:
            pad, x0, row_h, ys = panel_rows.geometry(r, self.scale)
            parts = panel_rows.resource_row(surface, p, (x0, ys[1]), sizes[0], sizes[1], self.scale)[1]
            return {}, {(p.name, part): rect for part, rect in parts.items()}
        if row == 2:
            return {}, panel_rows.buildings_row(surface, p, r, self.scale, sizes)
        return panel_rows.tiles_row(surface, p, self._income(game, p, key[0]), r, self.scale, sizes, glow)

    def hit(self, pos):
        for (owner, name), r in self.chips.items():
            if r.collidepoint(pos):
                return ("held", (owner, panel_rows.chip_tile(name)))
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
