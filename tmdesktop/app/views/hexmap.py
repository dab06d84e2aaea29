"""The hex map: terrain, rivers, bridges and buildings, with legal targets highlighted.

The static layer (terrain, rivers, colour-blind glyphs) is drawn at twice the size, scaled down
for smooth edges, and cached until the window size or a toggle changes; a terrain change redraws
just the changed hexes into it.  Hex labels are cached per hex.
Hit-testing is nearest-centre, which is exact for a hex grid.
"""

from __future__ import annotations

import math
import random

import pygame
import pygame.gfxdraw

from .. import pieces, text, theme

SQRT3 = math.sqrt(3)
#: (cos, sin) of a pointy-top hexagon's corners, from the upper right, clockwise
_CORNERS = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)]
SS = 2  # supersampling of the static layer


class HexMapView:
    def __init__(self, board):
        self.board = board
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 10.0  # centre-to-corner radius in pixels
        self.origin = (0.0, 0.0)
        self.show_labels = True
        self.colour_blind = False
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._static_terrain: dict[str, str] = {}  # the terrain the cached layer shows
        self._labels_key: tuple | None = None
        self._labels_terrain: dict = {}  # the terrain the labels' inks were chosen for
        self._board: pygame.Surface | None = None  # the board with pieces and labels: what a frame starts from
        #: the board as it is without the highlights' glow: where a glow goes out, the board is
        #: copied back from it instead of painted again (a move's frame ends most glows)
        self._bare: pygame.Surface | None = None
        self._placed: tuple = (None, [], [])  # (layers key, pieces, labels) placed on the screen
        self._layers_drawn: tuple | None = None
        self._label_images: dict[str, tuple] = {}  # hex -> (ink, image, position, pill, pill position)
        self._planks_kept: tuple = (None, [])  # (bridges and slots, their boxes)
        self._buckets: tuple = (None, {})  # (size and origin, the centres by square of a hex's radius)
        self.centres: dict[str, tuple[float, float]] = {}
        self._cell_order = tuple(board.cells)  # the order cells are painted in (later ones on top)
        cols = max(board.center(label)[0] for label in board.cells) + 1
        self._cols = cols
        self._rows = board.rows + 1 if board.rows else max(c.row for c in board.cells.values()) + 1
        self._rows = max(c.row for c in board.cells.values()) + 1

    # ------------------------------------------------------------------ geometry

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        pad = 0.35
        width_units = (self._cols + pad) * SQRT3  # in units of `size`
        height_units = (self._rows - 1) * 1.5 + 2 + pad * 2
        self.size = min(rect.width / width_units, rect.height / height_units)
        w = width_units * self.size
        h = height_units * self.size
        ox = rect.x + (rect.width - w) / 2 + pad / 2 * SQRT3 * self.size
        oy = rect.y + (rect.height - h) / 2 + pad * self.size
        self.origin = (ox, oy)
        self.board_rect = pygame.Rect(int(rect.x + (rect.width - w) / 2), int(rect.y + (rect.height - h) / 2),
                                      int(w), int(h))
        self.centres = {label: self._centre(label) for label in self.board.cells}
        self._static_key = self._labels_key = self._layers_drawn = None
        self._placed = (None, [], [])

    def _centre(self, label: str) -> tuple[float, float]:
        x, y = self.board.center(label)
        w = SQRT3 * self.size
        return (self.origin[0] + (x + 0.5) * w, self.origin[1] + self.size + y * 1.5 * self.size)

    def corners(self, centre, size: float) -> list[tuple[float, float]]:
        cx, cy = centre
        return [(cx + size * c, cy + size * s) for c, s in _CORNERS]

    def hit(self, pos) -> str | None:
        """The hex label under `pos`, or None (river cells included): the nearest centre closer
        than a hex's radius, looked for in the squares of that side around `pos` (every pointer
        move asks), in the cells' order as a scan of them all would."""
        if not self.rect.collidepoint(pos):
            return None
        if self._buckets[0] != (self.size, self.origin):
            buckets: dict[tuple[int, int], list] = {}
            for order, (label, (cx, cy)) in enumerate(self.centres.items()):
                buckets.setdefault((int(cx // self.size), int(cy // self.size)), []).append((order, label, cx, cy))
            self._buckets = ((self.size, self.origin), buckets)
        bx, by = int(pos[0] // self.size), int(pos[1] // self.size)
        near = sorted(c for dx in (-1, 0, 1) for dy in (-1, 0, 1) for c in self._buckets[1].get((bx + dx, by + dy), ()))
        best, best_d = None, self.size * self.size
        for _order, label, cx, cy in near:
            d = (cx - pos[0]) ** 2 + (cy - pos[1]) ** 2
            if d < best_d:
                best, best_d = label, d
        return best

    def bridge_midpoint(self, pair) -> tuple[float, float]:
        a, b = sorted(pair)
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        return ((ax + bx) / 2, (ay + by) / 2)

    def bridge_hit(self, pos, slots) -> frozenset | None:
        best, best_d = None, (self.size * 0.6) ** 2
        for pair in slots:
            mx, my = self.bridge_midpoint(pair)
            d = (mx - pos[0]) ** 2 + (my - pos[1]) ** 2
            if d < best_d:
                best, best_d = pair, d
        return best

    # ------------------------------------------------------------------ static layer

    def _static_layer(self, terrain: dict[str, str]) -> pygame.Surface:
        """The cached layer; a terrain change redraws only the hexes that changed (a full build
        costs 11-14 ms at 1080p and 80-110 ms at 4K, one hex well under a millisecond)."""
        key = (self.rect.size, self.colour_blind, round(self.size, 3))
        if self._static is None or key != self._static_key:
            self._static, self._static_key = self._build_static(terrain), key
        elif terrain != self._static_terrain:
            for label in self.board.land:
                if terrain.get(label) != self._static_terrain.get(label):
                    self._redraw_hex(label, terrain)
        else:
            return self._static
        self._static_terrain = dict(terrain)
        return self._static

    def _build_static(self, terrain: dict[str, str]) -> pygame.Surface:
        r = self.board_rect
        big = pygame.Surface((r.width * SS, r.height * SS))
        big.fill(theme.TABLE)  # opaque: the layer is blitted without per-pixel alpha
        size = self.size * SS
        pygame.draw.rect(big, theme.RIVER, big.get_rect(), border_radius=int(size * 0.6))
        pygame.draw.rect(big, (90, 120, 130), big.get_rect(), max(2, int(size * 0.06)),
                         border_radius=int(size * 0.6))
        for label in self._cell_order:
            self._draw_hex(big, label, terrain, r.topleft)
        small = pygame.transform.smoothscale(big, r.size)
        return small.convert() if pygame.display.get_surface() else small

    def _redraw_hex(self, label: str, terrain: dict[str, str]) -> None:
        """Draw one hex again into the cached layer: rendered alone on the river colour at the same
        supersampling, then copied inside its own cell (the hexes tile the board, so the
        neighbours' pixels stay as they were)."""
        cx, cy = self.centres[label]
        half_w, half_h = int(self.size * SQRT3 / 2) + 3, int(self.size) + 3
        area = pygame.Rect(int(cx) - half_w, int(cy) - half_h, 2 * half_w, 2 * half_h)
        area = area.move(-self.board_rect.x, -self.board_rect.y).clip(self._static.get_rect())
        if not area.width or not area.height:
            return
        big = pygame.Surface((area.width * SS, area.height * SS))
        big.fill(theme.RIVER)
        origin = (self.board_rect.x + area.x, self.board_rect.y + area.y)
        # the cell and its neighbours in the full build's order: a river's ripples drawn after the
        # cell reach over its rim there, and must here too; of a land neighbour only its outer
        # edge comes near enough to blend into the cell's edge pixels when scaled down
        near = set(self.board.neighbours[label])
        for cell in self._cell_order:
            if cell == label:
                self._draw_hex(big, cell, terrain, origin)
            elif cell in near:
                self._draw_hex(big, cell, terrain, origin, rim_only=True)
        patch = pygame.transform.smoothscale(big, area.size).convert_alpha()
        cell = pygame.Surface(area.size, pygame.SRCALPHA)
        local = (cx - origin[0], cy - origin[1])
        pygame.draw.polygon(cell, (255, 255, 255, 255), self.corners(local, self.size))
        patch.blit(cell, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self._static.blit(patch, area.topleft)

    def _draw_hex(self, big: pygame.Surface, label: str, terrain: dict[str, str], origin,
                  rim_only: bool = False) -> None:
        """One cell at SS times the size, on `big` whose top-left is `origin` on the screen; with
        `rim_only`, a land cell's outer edge alone (what reaches a neighbour's edge pixels)."""
        cell = self.board.cells[label]
        cx, cy = self.centres[label]
        c = ((cx - origin[0]) * SS, (cy - origin[1]) * SS)
        size = self.size * SS
        rng = random.Random(label)  # the same texture whether the layer is built whole or per hex
        if cell.is_river:
            self._river_texture(big, c, size, rng)
            return
        t = terrain.get(label, cell.terrain)
        col = theme.terrain_colour(t)
        dark = tuple(int(v * 0.62) for v in col)
        light = tuple(min(255, int(v * 1.12 + 10)) for v in col)
        pygame.draw.polygon(big, dark, self.corners(c, size * 0.985))
        if rim_only:
            return
        pygame.draw.polygon(big, col, self.corners(c, size * 0.90))
        hi = self.corners((c[0] - size * 0.05, c[1] - size * 0.06), size * 0.74)
        pygame.draw.polygon(big, light, hi)
        pygame.draw.polygon(big, col, self.corners((c[0] + size * 0.02, c[1] + size * 0.02), size * 0.74))
        self._texture(big, t, c, size, rng)
        if self.colour_blind:
            glyph_centre = (c[0], c[1] + size * 0.52)
            pygame.draw.circle(big, (250, 246, 236), glyph_centre, size * 0.25)
            pygame.draw.circle(big, (60, 50, 40), glyph_centre, size * 0.25, max(1, int(size * 0.03)))
            terrain_glyph(big, t, glyph_centre, size * 0.36, (40, 34, 28), bold=True)

    def _river_texture(self, surf, c, size, rng):
        for _ in range(2):
            x = c[0] + rng.uniform(-0.4, 0.2) * size
            y = c[1] + rng.uniform(-0.4, 0.4) * size
            pts = [(x + k * size * 0.07, y + math.sin(k * 1.3) * size * 0.04) for k in range(7)]
            pygame.draw.lines(surf, theme.RIVER_DEEP, False, pts, max(1, int(size * 0.03)))

    def _texture(self, surf, terrain, c, size, rng):
        col = theme.terrain_colour(terrain)
        ink = tuple(int(v * 0.8) for v in col) if terrain != "black" else (84, 82, 88)
        for _ in range(3):
            x = c[0] + rng.uniform(-0.45, 0.45) * size
            y = c[1] + rng.uniform(-0.1, 0.5) * size
            terrain_glyph(surf, terrain, (x, y), size * 0.2, ink)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, state, factions_home: dict[str, str], highlights=(),
             hover: str | None = None, bridge_slots=(), hover_bridge=None, key: tuple | None = None) -> None:
        """The board.  It is kept as a layer over the terrain layer, redrawn where the state, the
        highlights or a toggle changed; a hover then costs one blit and the outline, with what
        lies in its box drawn again in order (the terrain, bridges and glow, then the outline, then
        the pieces and labels).  `key`: `layers_key` of these, when the caller has it."""
        self.prepare(state, factions_home, highlights, bridge_slots, hover_bridge, key)
        top = self.board_rect.topleft
        surface.blit(self._board, top)
        outline = self._hover_outline(hover, highlights)
        if outline is None:
            return
        pts, colour, width = outline
        area = self.outline_area(hover, highlights, state, bridge_slots)
        clip = surface.get_clip()
        if not area.colliderect(clip):  # drawn in parts, outside this one
            return
        if self._placed[0] != self._layers_drawn:  # where the pieces and labels are, kept for hovers
            self._placed = (self._layers_drawn, self._placed_pieces(state, factions_home, (0, 0)),
                            self._placed_labels(state, (0, 0)))
        surface.set_clip(area.clip(clip))  # inside it, the same order as _draw_direct
        surface.blit(self._static, area.topleft, area.move(-top[0], -top[1]))
        self._paint_under(surface, (0, 0), state, factions_home, highlights, bridge_slots, hover_bridge, area)
        pygame.draw.polygon(surface, colour, pts, width)
        self._paint_pieces(surface, (0, 0), state, factions_home, area, self._placed[1])
        self._paint_labels(surface, (0, 0), state, area, self._placed[2])
        surface.set_clip(clip)

    def prepare(self, state, factions_home: dict[str, str], highlights=(), bridge_slots=(),
                hover_bridge=None, key: tuple | None = None) -> list[pygame.Rect] | None:
        """Bring the layers up to date; returns where on the screen the board changed: nothing,
        the boxes painted again, or None when it was built whole."""
        scene = (state, factions_home, tuple(highlights), tuple(bridge_slots), hover_bridge)
        key = key or self.layers_key(*scene)
        if key == self._layers_drawn and self._board is not None:
            return []
        boxes = self._update_layers(key, *scene)
        self._layers_drawn = key
        return boxes

    def outline_area(self, hover: str | None, highlights, state, bridge_slots=()) -> pygame.Rect | None:
        """Where the outline of the hovered hex is drawn, with what lies there drawn again (None:
        no outline); it holds whole any bridge it touches."""
        outline = self._hover_outline(hover, highlights)
        if outline is None:
            return None
        pts, _colour, width = outline
        xs, ys = [x for x, _y in pts], [y for _x, y in pts]
        area = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        planks = self._planks(state, bridge_slots)
        return _grown_over(area.inflate(2 * width + 4, 2 * width + 4), planks).clip(self.board_rect)

    def _draw_direct(self, surface: pygame.Surface, state, factions_home: dict[str, str], highlights=(),
                     hover: str | None = None, bridge_slots=(), hover_bridge=None) -> None:
        """Everything drawn straight onto `surface`, bottom to top, without the cached layers:
        the picture `draw` reproduces."""
        surface.blit(self._static_layer(state.terrain), self.board_rect.topleft)
        self._paint_under(surface, (0, 0), state, factions_home, highlights, bridge_slots, hover_bridge)
        outline = self._hover_outline(hover, highlights)
        if outline is not None:
            pygame.draw.polygon(surface, outline[1], outline[0], outline[2])
        self._paint_pieces(surface, (0, 0), state, factions_home)
        self._paint_labels(surface, (0, 0), state)

    def layers_key(self, state, factions_home, highlights, bridge_slots, hover_bridge) -> tuple:
        """Everything the layers show: equal keys, the same layers."""
        owned = tuple(sorted((h, o, state.players[o].buildings.get(h, "D")) for h, o in state.owner.items()))
        bridges = tuple(sorted((tuple(sorted(pair)), owner) for pair, owner in state.bridges.items()))
        return (self.rect.size, round(self.size, 3), self.show_labels, self.colour_blind,
                tuple(state.terrain.items()), owned, bridges, tuple(sorted(factions_home.items())),
                highlights, tuple(tuple(sorted(p)) for p in bridge_slots),
                tuple(sorted(hover_bridge)) if hover_bridge else None)

    def _update_layers(self, key: tuple, state, factions_home, highlights, bridge_slots,
                       hover_bridge) -> list[pygame.Rect] | None:
        """Bring the board layer up to `key`.  A move changes a few hexes (a building, a terrain, the
        glow of the targets): only the boxes around those are painted again, in the full build's
        order and clipped to each box, and only those boxes change on the screen.  The bare board
        (no glow) is painted where the terrain or a building changed; a box no glow reaches is then
        copied from it: a build ends the glow of all its targets, so its frame paints only the new
        building (at 4K 2.2 ms of CPU here instead of 3.8, which painted every box that lost a glow)."""
        # key: size, size, labels, colour-blind, terrain, owned, bridges, homes, highlights, slots, bridge hovered
        before = self._layers_drawn
        if (before is None or self._board is None or before[:4] != key[:4] or before[6:8] != key[6:8]
                or before[9:] != key[9:]):
            self._build_layers(state, factions_home, highlights, bridge_slots, hover_bridge)
            return None
        old_terrain, new_terrain = dict(before[4]), dict(key[4])
        old_owned = {h: (o, k) for h, o, k in before[5]}
        new_owned = {h: (o, k) for h, o, k in key[5]}
        changed = {h for h in new_terrain if new_terrain[h] != old_terrain.get(h)}
        changed |= {h for h in old_owned.keys() | new_owned.keys() if old_owned.get(h) != new_owned.get(h)}
        glowing = (set(before[8]) ^ set(key[8])) - changed
        shown = self._labels(state.terrain) if self.show_labels else {}
        planks = self._planks(state, bridge_slots)
        moved = _merged([_grown_over(self._hex_box(h, old_owned.get(h), new_owned.get(h), factions_home, shown.get(h)),
                                     planks) for h in sorted(changed) if h in self.centres])
        boxes = _merged(moved + [_grown_over(self._cell_box(h), planks) for h in sorted(glowing) if h in self.centres])
        self._static_layer(state.terrain)
        # where the pieces and labels are on the screen (kept for hovers, see `draw`)
        self._placed = (key, self._placed_pieces(state, factions_home, (0, 0)), self._placed_labels(state, (0, 0)))
        placed = self._placed[1:]
        self._paint_boxes(self._bare, moved, placed, state, factions_home, (), bridge_slots, hover_bridge)
        glows = self._glow_boxes(highlights)
        painted = []
        for box in boxes:
            local = box.move(-self.board_rect.x, -self.board_rect.y).clip(self._board.get_rect())
            if not local.width or not local.height:
                continue
            painted.append(local.move(self.board_rect.topleft))
            if painted[-1].collidelist(glows) == -1:  # no glow there: the bare board's pixels
                self._board.blit(self._bare, local, local)
            else:
                self._paint_boxes(self._board, [painted[-1]], placed, state, factions_home, highlights,
                                  bridge_slots, hover_bridge)
        return painted

    def _glow_boxes(self, highlights) -> list[pygame.Rect]:
        """On the screen, where each highlight's glow is drawn."""
        glow = self._glow()
        return [glow.get_rect(center=(int(self.centres[h][0]), int(self.centres[h][1])))
                for h in highlights if h in self.centres]

    def _paint_boxes(self, layer: pygame.Surface, boxes: list[pygame.Rect], placed: tuple, state, factions_home,
                     highlights, bridge_slots, hover_bridge) -> None:
        """Paint the layer again inside each box (on the screen), in the full build's order and
        clipped to the box: the terrain, what lies under the pieces, the pieces, the labels.
        `placed`: the pieces and the labels as placed on the screen (`_placed_pieces`, `_placed_labels`)."""
        if not boxes:
            return
        static = self._static_layer(state.terrain)
        off = (-self.board_rect.x, -self.board_rect.y)
        labels = [(rect.move(off), image) for rect, image in placed[1]]
        placed = [(bounds.move(off), kind, home, (cx + off[0], cy + off[1]))
                  for bounds, kind, home, (cx, cy) in placed[0]]
        for box in boxes:
            local = box.move(off).clip(layer.get_rect())
            if not local.width or not local.height:
                continue
            layer.set_clip(local)
            layer.blit(static, local.topleft, local)
            self._paint_under(layer, off, state, factions_home, highlights, bridge_slots, hover_bridge,
                              local.move(self.board_rect.topleft))
            self._paint_pieces(layer, off, state, factions_home, local, placed)
            self._paint_labels(layer, off, state, local, labels)
            layer.set_clip(None)

    def _cell_box(self, label: str) -> pygame.Rect:
        """On the screen, the box around a hex's cell: all its glow changes (the glow image is
        transparent outside the cell)."""
        cx, cy = self.centres[label]
        half_w, half_h = int(self.size * SQRT3 / 2) + 3, int(self.size) + 3
        return pygame.Rect(int(cx) - half_w, int(cy) - half_h, 2 * half_w, 2 * half_h)

    def _hex_box(self, label: str, old_piece, new_piece, factions_home, entry) -> pygame.Rect:
        """On the screen, everything drawn for one hex: the cell and its glow, the piece it had
        and the piece it has ((owner, kind) or None), and its label (`entry` of `_labels`, or
        None without labels), plain or on a pill."""
        cx, cy = self.centres[label]
        r = int(self.size * 1.2) + 2
        box = pygame.Rect(int(cx) - r, int(cy) - r, 2 * r, 2 * r)
        psize = int(self.size * 1.8)
        for piece in (old_piece, new_piece):
            if piece is not None and piece[0] in factions_home:
                box.union_ip(self._piece_bounds(piece[1], factions_home[piece[0]], (cx, cy), psize))
        if entry is not None:
            _ink, img, pos, pill, ppos = entry
            box.union_ip(img.get_rect(topleft=pos))
            box.union_ip(pill.get_rect(topleft=ppos))
        return box

    def _planks(self, state, bridge_slots) -> list[pygame.Rect]:
        """`_plank_box` of every bridge and bridge slot, kept while they stay (a frame asks for
        them in every box it draws the map in)."""
        key = (self.size, self.origin, tuple(state.bridges), tuple(bridge_slots))
        if self._planks_kept[0] != key:
            self._planks_kept = (key, [self._plank_box(pair) for pair in key[2] + key[3]])
        return self._planks_kept[1]

    def _plank_box(self, pair) -> pygame.Rect:
        """On the screen, everything drawn for a bridge or a bridge slot (shadow and edges too)."""
        start, end, _n = self._plank(pair, 0.62)
        box = pygame.Rect(int(min(start[0], end[0])), int(min(start[1], end[1])), 1, 1)
        box.union_ip(pygame.Rect(int(max(start[0], end[0])), int(max(start[1], end[1])), 1, 1))
        return box.inflate(int(self.size * 0.5) + 12, int(self.size * 0.5) + 12)

    def _build_layers(self, state, factions_home, highlights, bridge_slots, hover_bridge) -> None:
        """The bare board painted whole, then the board: the bare one with the glowing boxes
        painted again over it."""
        static = self._static_layer(state.terrain)
        for name in ("_bare", "_board"):
            if getattr(self, name) is None or getattr(self, name).get_size() != static.get_size():
                setattr(self, name, static.copy())
        # drawn into the surfaces already there: a fresh 4K copy costs several ms in page faults alone
        off = (-self.board_rect.x, -self.board_rect.y)
        self._bare.blit(static, (0, 0))
        self._paint_under(self._bare, off, state, factions_home, (), bridge_slots, hover_bridge)
        self._paint_pieces(self._bare, off, state, factions_home)
        self._paint_labels(self._bare, off, state)
        self._board.blit(self._bare, (0, 0))
        planks = self._planks(state, bridge_slots)
        glowing = _merged([_grown_over(box, planks) for box in self._glow_boxes(highlights)])
        placed = (self._placed_pieces(state, factions_home, (0, 0)), self._placed_labels(state, (0, 0)))
        self._paint_boxes(self._board, glowing, placed, state, factions_home, highlights, bridge_slots, hover_bridge)

    def _hover_outline(self, hover, highlights):
        """(points, colour, width) of the hovered hex's outline, or None."""
        if not (hover and hover in self.centres and not self.board.cells[hover].is_river):
            return None
        pts = [(round(x), round(y)) for x, y in self.corners(self.centres[hover], self.size * 0.93)]
        colour = theme.HIGHLIGHT if hover in highlights else (255, 255, 255)
        return pts, colour, max(2, int(self.size * 0.07))

    def _paint_under(self, surface, off, state, factions_home, highlights, bridge_slots, hover_bridge,
                     area: pygame.Rect | None = None) -> None:
        """Bridges, bridge slots and the highlights' glow: what lies under the pieces.  `off` is
        added to screen positions (to draw into a layer whose top-left is the board's); with
        `area` (on the screen), only what reaches into it."""
        planks = iter(self._planks(state, bridge_slots))  # in the order of the bridges, then the slots
        for (pair, owner), plank in zip(state.bridges.items(), planks):
            if area is None or area.colliderect(plank):
                self._draw_bridge(surface, pair, theme.piece_colour(factions_home.get(owner, "")), off)
        for pair, plank in zip(bridge_slots, planks):
            if area is None or area.colliderect(plank):
                colour = theme.HIGHLIGHT if pair == hover_bridge else (255, 255, 255)
                self._draw_bridge_slot(surface, pair, colour, off)
        glow = self._glow()
        for label in highlights:
            if label in self.centres:
                cx, cy = self.centres[label]
                at = glow.get_rect(center=(int(cx), int(cy)))
                if area is None or area.colliderect(at):
                    surface.blit(glow, at.move(off))

    def _paint_pieces(self, surface, off, state, factions_home, area: pygame.Rect | None = None,
                      placed: list | None = None) -> None:
        """The buildings, back to front; with `area`, only those that reach into it.  `placed` is
        `_placed_pieces` for this `off`, when several areas are painted in a row."""
        psize = int(self.size * 1.8)
        if placed is None:
            placed = self._placed_pieces(state, factions_home, off)
        if area is not None:  # the rectangles tested in one call, order kept
            placed = [placed[k] for k in area.collidelistall([bounds for bounds, *_rest in placed])]
        for _bounds, kind, home, (cx, cy) in placed:
            pieces.draw_piece(surface, kind, home, (cx, cy + self.size * 0.3), psize)
            if self.colour_blind:  # the owner's terrain glyph on a badge, so colour is not needed
                badge = (int(cx + self.size * 0.5), int(cy + self.size * 0.42))
                r = max(5, int(self.size * 0.2))
                pygame.draw.circle(surface, theme.piece_colour(home), badge, r)
                pygame.draw.circle(surface, (250, 246, 236), badge, r, max(1, r // 5))
                ink = theme.text_on(theme.piece_colour(home))
                terrain_glyph(surface, home, badge, r * 1.4, ink, bold=True)

    def _placed_pieces(self, state, factions_home, off) -> list[tuple[pygame.Rect, str, str, tuple]]:
        """(bounds, kind, home terrain, centre) of every building, back to front, moved by `off`."""
        psize = int(self.size * 1.8)
        out = []
        for label in sorted(state.owner, key=lambda h: self.centres[h][1]):
            owner = state.owner[label]
            kind = state.players[owner].buildings.get(label, "D")
            home = factions_home[owner]
            cx, cy = self.centres[label]
            centre = (cx + off[0], cy + off[1])
            out.append((self._piece_bounds(kind, home, centre, psize), kind, home, centre))
        return out

    def _piece_bounds(self, kind: str, home: str, centre, psize: int) -> pygame.Rect:
        """A rectangle holding everything `_paint_pieces` draws for one building (sprite, shadow, badge)."""
        w, h = pieces.faction_sprite(kind, home, psize).get_size()
        cx, cy = centre[0], centre[1] + self.size * 0.3
        box = pygame.Rect(int(cx - w / 2) - 2, int(cy - h * 0.62) - 2, w + 4, int(h + w * 0.2) + 4)
        r = max(5, int(self.size * 0.2)) + 2
        return box.union(pygame.Rect(int(centre[0] + self.size * 0.5) - r, int(centre[1] + self.size * 0.42) - r,
                                     2 * r, 2 * r))

    def _paint_labels(self, surface, off, state, area: pygame.Rect | None = None, placed: list | None = None) -> None:
        """Labels last, so no building hides one: on a dark pill over a piece, plain elsewhere.
        `placed` is `_placed_labels` for this `off`, when several areas are painted in a row."""
        placed = self._placed_labels(state, off) if placed is None else placed
        if area is not None:
            placed = [placed[k] for k in area.collidelistall([rect for rect, _image in placed])]
        surface.blits([(image, rect) for rect, image in placed], doreturn=False)

    def _placed_labels(self, state, off) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """(where, image) of every label shown, moved by `off`."""
        if not self.show_labels:
            return []
        out = []
        for label, (_ink, img, pos, pill, ppos) in self._labels(state.terrain).items():
            image, at = (pill, ppos) if label in state.owner else (img, pos)
            out.append((image.get_rect(topleft=(at[0] + off[0], at[1] + off[1])), image))
        return out

    def _labels(self, terrain: dict[str, str]) -> dict:
        """Per land hex: its label image and position, and a pill version to draw over pieces.
        Kept per hex: a terrain change re-renders only the labels whose ink changes."""
        key = (round(self.size, 3), self.rect.topleft)
        if key != self._labels_key:
            self._labels_key, self._label_images = key, {}
        elif terrain == self._labels_terrain:  # a frame asks several times; the terrain seldom changed
            return self._label_images
        self._labels_terrain = dict(terrain)
        fsize = max(9, int(self.size * 0.30))
        out = self._label_images
        for label in self.board.land:
            t = terrain.get(label)
            ink = (250, 246, 236) if t in ("black", "brown", "blue", "red", "green") else (40, 34, 28)
            if label in out and out[label][0] == ink:
                continue
            cx, cy = self.centres[label]
            img = text.text(label, fsize, ink, "semibold").copy()
            img.set_alpha(200)
            pos = img.get_rect(center=(int(cx), int(cy - self.size * 0.64))).topleft
            word = text.text(label, max(9, int(fsize * 0.92)), (250, 246, 236), "semibold")
            pill = pygame.Surface((word.get_width() + 8, word.get_height()), pygame.SRCALPHA)
            pygame.draw.rect(pill, (24, 22, 20, 190), pill.get_rect(), border_radius=pill.get_height() // 2)
            pill.blit(word, word.get_rect(center=pill.get_rect().center))
            ppos = pill.get_rect(center=(int(cx), int(cy - self.size * 0.70))).topleft
            out[label] = (ink, img, pos, pill, ppos)
        return out

    def _glow(self) -> pygame.Surface:
        key = round(self.size, 2)
        cached = getattr(self, "_glow_cache", None)
        if cached and cached[0] == key:
            return cached[1]
        n = int(self.size * 2.2) * SS
        s = pygame.Surface((n, n), pygame.SRCALPHA)
        c = (n / 2, n / 2)
        size = self.size * SS
        pygame.draw.polygon(s, (255, 250, 200, 60), self.corners(c, size * 0.92))
        pygame.draw.polygon(s, (*theme.HIGHLIGHT, 255), self.corners(c, size * 0.92), max(2, int(size * 0.09)))
        pygame.draw.polygon(s, (120, 90, 20, 200), self.corners(c, size * 0.80), max(1, int(size * 0.025)))
        img = pygame.transform.smoothscale(s, (n // SS, n // SS))
        self._glow_cache = (key, img)
        return img

    def _plank(self, pair, shrink: float):
        a, b = sorted(pair)
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        start = (ax + ux * self.size * shrink, ay + uy * self.size * shrink)
        end = (bx - ux * self.size * shrink, by - uy * self.size * shrink)
        return start, end, (-uy, ux)

    # Bridges are placed in screen pixels and only then moved by `off` (whole pixels): rounded
    # after the move, a layer whose corner is at an odd x would get them a pixel apart.

    def _draw_bridge(self, surface, pair, colour, off=(0, 0)):
        start, end, (nx, ny) = self._plank(pair, 0.62)
        w = self.size * 0.17
        poly = [(start[0] + nx * w, start[1] + ny * w), (end[0] + nx * w, end[1] + ny * w),
                (end[0] - nx * w, end[1] - ny * w), (start[0] - nx * w, start[1] - ny * w)]
        pts = [(round(x) + off[0], round(y) + off[1]) for x, y in poly]
        shadow = [(x + 2, y + 3) for x, y in pts]
        pygame.draw.polygon(surface, (40, 60, 70), shadow)
        pygame.gfxdraw.filled_polygon(surface, pts, colour)
        edge = (28, 22, 16) if sum(colour) > 210 else (232, 226, 214)
        pygame.gfxdraw.aapolygon(surface, pts, edge)
        pygame.draw.polygon(surface, edge, pts, 2)

    def _draw_bridge_slot(self, surface, pair, colour, off=(0, 0)):
        start, end, _n = self._plank(pair, 0.7)
        steps = 6
        for k in range(steps):
            if k % 2:
                continue
            p0 = (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
            p1 = (start[0] + (end[0] - start[0]) * (k + 1) / steps, start[1] + (end[1] - start[1]) * (k + 1) / steps)
            p0, p1 = [(round(x) + off[0], round(y) + off[1]) for x, y in (p0, p1)]
            pygame.draw.line(surface, colour, p0, p1, max(3, int(self.size * 0.12)))


def _grown_over(box: pygame.Rect, planks: list[pygame.Rect]) -> pygame.Rect:
    """`box` grown until it holds every bridge it touches whole: SDL's anti-aliased lines cut by a
    clipping rectangle are drawn from the cut ends, so a bridge drawn clipped would not be the
    same pixels as the bridge drawn whole."""
    grown = True
    while grown:
        grown = False
        for plank in planks:
            if box.colliderect(plank) and not box.contains(plank):
                box = box.union(plank)
                grown = True
    return box


def _merged(boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping boxes joined where their union is hardly larger than the boxes it holds
    (neighbouring hexes): each box costs its own pass over the glows, pieces and labels, and
    every pixel of it is copied to the screen.  A join is weighed against the area of the boxes
    joined so far, not of their union, so that a chain of joins cannot grow a box over much of
    the board that nothing changed."""
    out: list[tuple[pygame.Rect, int]] = []  # (box, area of the boxes it holds)
    for box in boxes:
        area = box.w * box.h
        joined = True
        while joined:
            joined = False
            for i, (other, other_area) in enumerate(out):
                union = box.union(other)
                if box.colliderect(other) and union.w * union.h <= 1.3 * (area + other_area):
                    box, area = union, area + other_area
                    del out[i]
                    joined = True
                    break
        out.append((box, area))
    return [box for box, _area in out]


def terrain_glyph(surface, terrain: str, centre, size: float, colour, bold: bool = False) -> None:
    """A small picture of the terrain: sun (desert), furrows (plains), reeds (swamp), waves
    (lakes), a tree (forest), peaks (mountains), cracks (wasteland); Fire & Ice: a snowflake
    (ice), a cone with a plume (volcano)."""
    cx, cy = centre
    s = size
    w = max(1, int(s * (0.16 if bold else 0.11)))
    if terrain == "yellow":
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.22, 0 if bold else w)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surface, colour, (cx + math.cos(a) * s * 0.32, cy + math.sin(a) * s * 0.32),
                             (cx + math.cos(a) * s * 0.46, cy + math.sin(a) * s * 0.46), w)
    elif terrain == "brown":
        for k in (-1, 0, 1):
            y = cy + k * s * 0.22
            pygame.draw.line(surface, colour, (cx - s * 0.42, y + s * 0.08), (cx + s * 0.42, y - s * 0.08), w)
    elif terrain == "black":
        for dx in (-0.24, 0, 0.24):
            x = cx + dx * s
            pygame.draw.line(surface, colour, (x, cy + s * 0.4), (x + dx * s * 0.6, cy - s * 0.3), w)
        pygame.draw.line(surface, colour, (cx - s * 0.44, cy + s * 0.4), (cx + s * 0.44, cy + s * 0.4), w)
    elif terrain == "blue":
        for k in (-1, 1):
            pts = [(cx + x * s / 10, cy + k * s * 0.16 + math.sin(x * 0.9) * s * 0.1) for x in range(-4, 5)]
            pygame.draw.lines(surface, colour, False, pts, w)
    elif terrain == "green":
        pygame.draw.polygon(surface, colour, [(cx, cy - s * 0.46), (cx + s * 0.32, cy + s * 0.22),
                                              (cx - s * 0.32, cy + s * 0.22)], 0 if bold else w)
        pygame.draw.line(surface, colour, (cx, cy + s * 0.22), (cx, cy + s * 0.46), w)
    elif terrain == "gray":
        pygame.draw.lines(surface, colour, False, [(cx - s * 0.46, cy + s * 0.36), (cx - s * 0.14, cy - s * 0.3),
                                                   (cx + s * 0.06, cy + s * 0.06), (cx + s * 0.22, cy - s * 0.16),
                                                   (cx + s * 0.46, cy + s * 0.36)], w)
    elif terrain == "red":
        pygame.draw.lines(surface, colour, False, [(cx - s * 0.1, cy - s * 0.44), (cx + s * 0.12, cy - s * 0.1),
                                                   (cx - s * 0.12, cy + s * 0.1), (cx + s * 0.1, cy + s * 0.44)], w)
        pygame.draw.line(surface, colour, (cx + s * 0.12, cy - s * 0.1), (cx + s * 0.4, cy - s * 0.2), w)
    elif terrain == "ice":
        for k in range(3):
            a = k * math.pi / 3
            dx, dy = math.cos(a) * s * 0.42, math.sin(a) * s * 0.42
            pygame.draw.line(surface, colour, (cx - dx, cy - dy), (cx + dx, cy + dy), w)
            for sign in (-1, 1):  # the little barbs near each tip
                tx, ty = cx + sign * dx * 0.62, cy + sign * dy * 0.62
                for turn in (-0.7, 0.7):
                    b = a + turn + (0 if sign > 0 else math.pi)
                    pygame.draw.line(surface, colour, (tx, ty),
                                     (tx + math.cos(b) * s * 0.14, ty + math.sin(b) * s * 0.14), max(1, w - 1))
    elif terrain == "volcano":
        cone = [(cx - s * 0.44, cy + s * 0.4), (cx - s * 0.1, cy - s * 0.14), (cx + s * 0.1, cy - s * 0.14),
                (cx + s * 0.44, cy + s * 0.4)]
        pygame.draw.polygon(surface, colour, cone, 0 if bold else w)
        for k in (-1, 0, 1):
            pygame.draw.line(surface, colour, (cx + k * s * 0.05, cy - s * 0.22),
                             (cx + k * s * 0.18, cy - s * 0.44), w)
