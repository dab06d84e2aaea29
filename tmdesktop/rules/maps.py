"""Map geometry: hex labels, terrain, adjacency, river distances and bridge slots.

Maps are data (`data/maps/*.json`, terrain rows in the notation's encoding).  Rows are
lettered A, B, ...; land hexes are numbered along a row skipping river cells; river cells are
named r0, r1, ... in reading order.  Odd rows (B, D, ...) sit half a hex to the right.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

TERRAINS = ("yellow", "brown", "black", "blue", "green", "gray", "red")
RIVER = "river"
MAP_KEYS = ("original", "fire_ice_side1", "fire_ice_side2", "fjords", "loon_lakes")


@dataclass(frozen=True, slots=True)
class Cell:
    label: str
    row: int
    col: int  # index within the row, river cells included
    terrain: str  # one of TERRAINS, or RIVER

    @property
    def is_river(self) -> bool:
        return self.terrain == RIVER


class Board:
    """The fixed geometry of one map.  Game state (buildings, changed terrain) lives elsewhere."""

    def __init__(self, key: str, title: str, site_map_id: str, terrain: str, bridge_pairs: list[str]):
        self.key = key
        self.title = title
        self.site_map_id = site_map_id
        self.cells: dict[str, Cell] = {}
        self._grid: dict[tuple[int, int], Cell] = {}
        row = col = land_no = river_no = 0
        for token in terrain.split():
            if token == "E":
                row, col, land_no = row + 1, 0, 0
                continue
            if token == "x":
                label, kind = f"r{river_no}", RIVER
                river_no += 1
            else:
                land_no += 1
                label, kind = f"{chr(ord('A') + row)}{land_no}", token
            cell = Cell(label, row, col, kind)
            self.cells[label] = cell
            self._grid[(row, col)] = cell
            col += 1
        self.rows = row
        self.land = tuple(c.label for c in self.cells.values() if not c.is_river)
        self.rivers = tuple(c.label for c in self.cells.values() if c.is_river)
        self.land_index = {h: i for i, h in enumerate(self.land)}  # board order, for sorting
        self.neighbours: dict[str, tuple[str, ...]] = {
            label: tuple(n.label for n in self._grid_neighbours(c)) for label, c in self.cells.items()
        }
        self.land_neighbours: dict[str, frozenset[str]] = {
            h: frozenset(n for n in self.neighbours[h] if not self.cells[n].is_river) for h in self.land
        }
        self.ship_distance: dict[str, dict[str, int]] = {h: self._river_bfs(h) for h in self.land}
        self.grid_distance: dict[str, dict[str, int]] = {h: self._grid_bfs(h) for h in self.land}
        self._ship_within: dict[tuple[str, int], frozenset[str]] = {}
        self._grid_within: dict[tuple[str, int], frozenset[str]] = {}
        self.bridge_slots: frozenset[frozenset[str]] = frozenset(
            frozenset(p.split(":")) for p in bridge_pairs
        )
        #: land hex -> the bridge slots with one end on it
        self.bridge_slots_at: dict[str, tuple[frozenset[str], ...]] = {
            h: tuple(pair for pair in self.bridge_slots if h in pair) for h in self.land
        }
        nonempty = sorted({c.row for c in self.cells.values()})
        self.edge = frozenset(
            c.label
            for c in self.cells.values()
            if not c.is_river
            and (c.row in (nonempty[0], nonempty[-1]) or c.col == 0 or (c.row, c.col + 1) not in self._grid)
        )

    def _grid_neighbours(self, c: Cell):
        r, col = c.row, c.col
        offsets = [(r, col - 1), (r, col + 1)]
        above_below = (col - 1, col) if r % 2 == 0 else (col, col + 1)
        for rr in (r - 1, r + 1):
            offsets += [(rr, cc) for cc in above_below]
        return [self._grid[o] for o in offsets if o in self._grid]

    def _river_bfs(self, start: str) -> dict[str, int]:
        """Land hexes reachable across rivers: number of river cells crossed (1..)."""
        found: dict[str, int] = {}
        seen = {start}
        queue = deque((n, 1) for n in self.neighbours[start] if self.cells[n].is_river)
        seen.update(n for n, _ in queue)
        while queue:
            cell, depth = queue.popleft()
            for n in self.neighbours[cell]:
                if self.cells[n].is_river:
                    if n not in seen:
                        seen.add(n)
                        queue.append((n, depth + 1))
                elif n != start and n not in found:
                    found[n] = depth
        return found

    def _grid_bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for n in self.neighbours[cell]:
                if n not in dist:
                    dist[n] = dist[cell] + 1
                    queue.append(n)
        return {h: d for h, d in dist.items() if not self.cells[h].is_river}

    def terrain(self, label: str) -> str:
        return self.cells[label].terrain

    def ship_within(self, label: str, rivers: int) -> frozenset[str]:
        """Land hexes reached from `label` crossing at most `rivers` river cells (shipping)."""
        key = (label, rivers)
        found = self._ship_within.get(key)
        if found is None:
            found = self._ship_within[key] = _within(self.ship_distance[label], rivers)
        return found

    def grid_within(self, label: str, steps: int) -> frozenset[str]:
        """Land hexes at most `steps` cells away from `label`, rivers counted (tunnels, carpets)."""
        key = (label, steps)
        found = self._grid_within.get(key)
        if found is None:
            found = self._grid_within[key] = _within(self.grid_distance[label], steps)
        return found

    def is_land(self, label: str) -> bool:
        cell = self.cells.get(label)
        return cell is not None and not cell.is_river

    def hex_distance(self, a: str, b: str) -> int:
        """Straight-line hex distance (Fire & Ice final scoring), ignoring what lies between."""
        ca, cb = self.cells[a], self.cells[b]
        dr = abs(ca.row - cb.row)
        dx = abs((2 * ca.col + ca.row % 2) - (2 * cb.col + cb.row % 2))
        return dr if dx < dr else dr + (dx - dr) // 2

    def center(self, label: str) -> tuple[float, float]:
        """Hex centre in units of hex width (x) and row height (y), for renderers."""
        c = self.cells[label]
        return (c.col + (0.5 if c.row % 2 else 0.0), float(c.row))

    def cell_at(self, row: int, col: int) -> Cell | None:
        return self._grid.get((row, col))


@cache
def load_board(key: str) -> Board:
    if key not in MAP_KEYS:
        raise KeyError(key)
    raw = json.loads(files("tmdesktop.rules").joinpath("data", "maps", f"{key}.json").read_text("utf-8"))
    return Board(raw["key"], raw["title"], raw["site_map_id"], raw["terrain"], raw["bridge_pairs"])


def board_by_site_id(site_map_id: str) -> Board:
    for key in MAP_KEYS:
        board = load_board(key)
        if board.site_map_id == site_map_id:
            return board
    raise KeyError(site_map_id)


def _within(distance: dict[str, int], most: int) -> frozenset[str]:
    """The hexes of `distance` at most `most` away (a function of its own: a comprehension in the
    methods above would make a cell at every call of theirs, and reach asks them for every building)."""
    return frozenset(h for h, d in distance.items() if d <= most)
