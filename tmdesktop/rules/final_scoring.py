"""End-of-game measures: networks (area scoring) and the Fire & Ice final scoring tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import raw

if TYPE_CHECKING:
    from .engine import Game
    from .state import Player

#: Fire & Ice final scoring tiles and the short label of their ledger rows (from the game data).
FINAL_TILE_LABELS = {name: t["label"] for name, t in raw()["final_scoring_raw"].items()
                     if t.get("option") == "fire-and-ice-final-scoring"}
#: The default of a river-skip look-up: no hexes (shared: never changed).
NO_HEXES: frozenset[str] = frozenset()


def final_tile_points(tile: str) -> tuple[int, ...]:
    """Points for the first, second and third place on a Fire & Ice final scoring tile."""
    return tuple(raw()["final_scoring_raw"][tile]["points"])


def river_links(game: Game, p: Player) -> dict[str, set[str]]:
    """Mermaids' towns across one river hex join the buildings on both banks."""
    links: dict[str, set[str]] = {}
    for river in p.connects:
        own = set(game.beside_river(p, river))
        for h in own:
            links.setdefault(h, set()).update(own - {h})
    return links


def _components(hexes: list[str], linked) -> list[set[str]]:
    out, seen = [], set()
    for h in hexes:
        if h in seen:
            continue
        comp, stack = {h}, [h]
        while stack:
            x = stack.pop()
            for y in hexes:
                if y not in comp and linked(x, y):
                    comp.add(y)
                    stack.append(y)
        seen |= comp
        out.append(comp)
    return out


def networks(game: Game, p: Player) -> tuple[frozenset[str], ...]:
    """Groups of buildings linked directly (bridges included), by shipping (without the bonus
    tile's extra level), by tunnel or carpet range, or by the Mermaids' river skips."""
    s = game.state
    key = (s.map_key, p.name, tuple(p.buildings), p.ship, p.teleport_level, tuple(p.towns),
           tuple(s.bridges), tuple(p.connects))
    found = _NETWORKS_SEEN.get(key)
    if found is None:
        if len(_NETWORKS_SEEN) >= _NETWORKS_SEEN_MAX:
            _NETWORKS_SEEN.clear()
        found = _NETWORKS_SEEN[key] = tuple(frozenset(c) for c in _networks(game, p))
    return found


#: Networks already worked out, by everything `_networks` reads: the map, the faction (its
#: shipping and tunnel or carpet rules), its buildings' hexes, shipping level, carpet level and
#: town tiles (TW7's range), the bridges on the map and the Mermaids' river skips.  A search
#: evaluates every player's network at every position, and few moves change one.
_NETWORKS_SEEN: dict[tuple, tuple[frozenset[str], ...]] = {}
_NETWORKS_SEEN_MAX = 20000  # (a few hundred bytes each)


def _networks(game: Game, p: Player) -> list[set[str]]:
    board = game.board
    rng = game.teleport_range(p) if p.faction.teleport else -1
    links = river_links(game, p)
    buildings = set(p.buildings)
    ship = p.ship
    out, seen = [], set()
    for h in p.buildings:  # (the groups as `_components` finds them, from each building's links at once)
        if h in seen:
            continue
        comp, stack = {h}, [h]
        while stack:
            # the buildings linked to `a`: adjacent (bridges included) or joined by a river skip,
            # within shipping range (a land neighbour is 0 rivers away), or within tunnel or
            # carpet range (`rng` cells between them); worked out here, not by a closure made at
            # every call (its cells) and called for every building
            a = stack.pop()
            linked = (game.adjacent(a) | board.ship_within(a, ship)) & buildings
            if links:
                linked |= links.get(a, NO_HEXES) & buildings
            if rng >= 0:
                linked |= board.grid_within(a, rng + 1) & buildings
            linked -= comp
            comp |= linked
            stack += linked
        seen |= comp
        out.append(comp)
    return out


def network_size(game: Game, p: Player) -> int:
    return max((len(c) for c in networks(game, p)), default=0)


def clusters(game: Game, p: Player, hexes: set[str]) -> int:
    """Settlements: groups of directly adjacent buildings (a Mermaids' town across a river is one)."""
    links = river_links(game, p)
    return len(_components(sorted(hexes), lambda a, b: b in game.adjacent(a) or b in links.get(a, ())))


def final_tile_metric(game: Game, p: Player, tile: str) -> int:
    """The Fire & Ice final tile's measure: the best any one of the faction's networks reaches
    (as the site scores it; seed 004 speaks of the largest area, which is usually the same)."""
    return max((_measure(game, p, tile, c) for c in networks(game, p)), default=0)


def _measure(game: Game, p: Player, tile: str, hexes: set[str]) -> int:
    board = game.board
    if tile == "connected-distance":
        return max((board.hex_distance(a, b) for a in hexes for b in hexes), default=0)
    if tile == "connected-sa-sh-distance":
        sh = [h for h in hexes if p.buildings[h] == "SH"]
        sa = [h for h in hexes if p.buildings[h] == "SA"]
        return board.hex_distance(sh[0], sa[0]) if sh and sa else 0
    if tile == "building-on-edge":
        return sum(1 for h in hexes if h in board.edge)
    if tile == "connected-clusters":
        return clusters(game, p, hexes)
    raise ValueError(tile)
