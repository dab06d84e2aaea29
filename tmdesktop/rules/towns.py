"""Towns: founding, merging, bridges and the Mermaids' river skips."""

from __future__ import annotations

from . import actions as A
from . import events as E
from . import final_scoring
from .abilities import ability
from .constants import BRIDGES_PER_FACTION, TOWN_MIN_BUILDINGS, TOWN_MIN_POWER
from .data import tile
from .errors import RuleError
from .state import Player


#: No river skips (shared: never changed).
_NO_LINKS: dict[str, set[str]] = {}


class Towns:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def town_group(self, p: Player, hex_: str) -> set[str]:
        """p's buildings connected to hex_ for towns: adjacency, bridges, Mermaids' river skips."""
        # (the hexes of p's buildings, as a set view: each hex's neighbours among them are found by
        # one intersection in C instead of a look-up of the owner of each neighbour)
        own = p.buildings.keys()
        links = final_scoring.river_links(self, p) if p.connects else _NO_LINKS  # (Mermaids' river skips)
        group = {hex_}
        stack = [hex_]
        while stack:
            h = stack.pop()
            found = own & self.adjacent(h)
            if links:
                found |= own & links.get(h, final_scoring.NO_HEXES)
            found -= group
            if found:
                group |= found
                stack += found
        return group

    def _check_town(self, p: Player, hex_: str) -> None:
        group = self.town_group(p, hex_)
        if group & p.town_hexes:
            p.town_hexes |= group
            return
        if self._is_town(p, group):
            p.town_hexes |= group
            p.towns_owed += 1
            self.state.owing.add(p.name)

    def _is_town(self, p: Player, group: set[str]) -> bool:
        """Enough buildings (a sanctuary counts twice) with enough power for a town."""
        kinds = [p.buildings[h] for h in group]
        size = len(kinds) + kinds.count("SA")
        if size < TOWN_MIN_BUILDINGS:
            return False  # (most groups a building joins: their power need not be summed)
        power = self.buildings_power(p, kinds)
        # FAV5 lowers the power a town needs (its TOWN_SIZE gain)
        need = TOWN_MIN_POWER + sum(tile(f)["gain"].get("TOWN_SIZE", 0) for f in p.favors)
        return power >= need

    def beside_river(self, p: Player, river: str) -> list[str]:
        """The hexes of p's buildings next to the river hex (the banks a Mermaids' skip joins)."""
        owner = self.state.owner
        return [h for h in self.board.neighbours[river] if owner.get(h) == p.name]

    def would_found_town(self, p: Player, hex_: str, river: str) -> bool:
        """Whether the Mermaids skipping `river` founds a new town with the group of hex_."""
        p.connects.append(river)
        try:
            group = self.town_group(p, hex_)
        finally:
            p.connects.pop()
        return not group & p.town_hexes and self._is_town(p, group)

    def _do_connect(self, p: Player, a: A.Connect) -> None:
        s = self.state
        river = a.river
        if ":" in river:
            x, y = river.split(":")
            common = [r for r in self.board.neighbours.get(x, ()) if r in self.board.neighbours.get(y, ())
                      and self.board.cells[r].is_river]
            if not common:
                raise RuleError("not_across_river", a=x, b=y)
            river = common[0]
        if not ability(p.name, "joins_towns_across_rivers") or river not in self.board.cells \
                or not self.board.cells[river].is_river:
            raise RuleError("mermaids_only")
        if s.turn.faction != p.name:
            raise RuleError("not_your_turn", faction=s.turn.faction)
        own = self.beside_river(p, river)
        if len(own) < 2:
            raise RuleError("river_not_between_own", river=river)
        p.connects.append(river)
        before = p.towns_owed
        self._check_town(p, own[0])
        if p.towns_owed == before:
            p.connects.pop()
            raise RuleError("connect_no_town", river=river)

    def bridge_owed(self, p: Player) -> bool:
        """A bridge granted this turn (ACT1, ACTE, the Riverwalkers' stronghold) that can still be
        placed: the turn does not end before it is (as the site requires)."""
        s = self.state
        if s.turn.faction != p.name or s.turn.followups.get("bridge", 0) <= 0 or len(p.bridges) >= 3:
            return False
        return self.free_bridge_slot(p)

    def free_bridge_slot(self, p: Player) -> bool:
        """Whether a bridge slot with one end on a building of `p` is free."""
        bridges, slots_at = self.state.bridges, self.board.bridge_slots_at
        for h in p.buildings:  # (asked at every listing while a bridge action is open to `p`)
            for pair in slots_at.get(h, ()):
                if pair not in bridges:
                    return True
        return False

    def _do_bridge(self, p: Player, a: A.PlaceBridge) -> None:
        s = self.state
        pair = frozenset((a.a, a.b))
        t = self._require_turn(p)
        if t.followups.get("bridge", 0) <= 0:
            raise RuleError("bridge_needs_action")
        if pair not in self.board.bridge_slots:
            raise RuleError("no_bridge_slot", a=a.a, b=a.b)
        if pair in s.bridges:
            raise RuleError("bridge_exists", a=a.a, b=a.b)
        if len(p.bridges) >= BRIDGES_PER_FACTION:
            raise RuleError("no_bridges_left")
        if not any(s.owner.get(h) == p.name for h in pair):
            raise RuleError("bridge_not_connected", a=a.a, b=a.b)
        t.followups["bridge"] -= 1
        s.bridges[pair] = p.name
        p.bridges.append((a.a, a.b))
        for h in pair:
            if s.owner.get(h) == p.name:
                self._check_town(p, h)

    def _take_town(self, p: Player, name: str) -> None:
        s = self.state
        if p.towns_owed <= 0:
            raise RuleError("no_town_owed")
        if s.town_pool.get(name, 0) <= 0:
            raise RuleError("tile_gone", tile=name)
        s.town_pool[name] -= 1
        p.towns_owed -= 1
        p.towns.append(name)
        gain = dict(tile(name)["gain"])
        if "carpet_range" in gain and p.faction.teleport and p.faction.teleport["type"] == "carpet":
            gain.pop("GAIN_SHIP", None)
        self._gain(p, gain, E.source(E.TOWN, name))
        special = p.faction.special.get("special")
        if special and name in special:  # a faction's extra for that town tile
            self._gain(p, special[name], E.source(E.FACTION, p.name))
        self._round_vp(p, name)
