"""Towns: founding, merging, bridges and the Mermaids' river skips."""

from __future__ import annotations

from . import actions as A
from . import events as E
from . import final_scoring
from .data import tile
from .errors import RuleError
from .state import Player
from ..i18n import _


class Towns:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _group(self, p: Player, hex_: str) -> set[str]:
        """p's buildings connected to hex_ for towns: adjacency, bridges, Mermaids' river skips."""
        s = self.state
        links = final_scoring.river_links(self, p)
        group = {hex_}
        stack = [hex_]
        while stack:
            h = stack.pop()
            for n in self.adjacent(h) | links.get(h, set()):
                if n not in group and s.owner.get(n) == p.name:
                    group.add(n)
                    stack.append(n)
        return group

    def _check_town(self, p: Player, hex_: str) -> None:
        group = self._group(p, hex_)
        if group & p.town_hexes:
            p.town_hexes |= group
            return
        kinds = [p.buildings[h] for h in group]
        size = len(kinds) + kinds.count("SA")
        power = sum(self.building_power(p, k) for k in kinds)
        need = 6 if "FAV5" in p.favors else 7
        if size >= 4 and power >= need:
            p.town_hexes |= group
            p.towns_owed += 1

    def _do_connect(self, p: Player, a: A.Connect) -> None:
        s = self.state
        river = a.river
        if ":" in river:
            x, y = river.split(":")
            common = [r for r in self.board.neighbours.get(x, ()) if r in self.board.neighbours.get(y, ())
                      and self.board.cells[r].is_river]
            if not common:
                raise RuleError(_("{a} and {b} are not separated by one river hex.").format(a=x, b=y))
            river = common[0]
        if p.faction.name != "mermaids" or river not in self.board.cells or not self.board.cells[river].is_river:
            raise RuleError(_("Only the Mermaids can join a town across a river hex."))
        if s.turn.faction != p.name:
            raise RuleError(_("It is not your turn."))
        own = [h for h in self.board.neighbours[river] if s.owner.get(h) == p.name]
        if len(own) < 2:
            raise RuleError(_("That river hex does not join two of your buildings."))
        p.connects.append(river)
        before = p.towns_owed
        self._check_town(p, own[0])
        if p.towns_owed == before:
            p.connects.pop()
            raise RuleError(_("Skipping that river hex does not found a town."))

    def _do_bridge(self, p: Player, a: A.PlaceBridge) -> None:
        s = self.state
        pair = frozenset((a.a, a.b))
        t = self._require_turn(p)
        if t.followups.get("bridge", 0) <= 0:
            raise RuleError(_("A bridge needs the bridge power action (or the Engineers' action)."))
        if pair not in self.board.bridge_slots:
            raise RuleError(_("A bridge cannot join {a} and {b}.").format(a=a.a, b=a.b))
        if pair in s.bridges:
            raise RuleError(_("There is already a bridge there."))
        if len(p.bridges) >= 3:
            raise RuleError(_("You have no bridges left."))
        if not any(s.owner.get(h) == p.name for h in pair):
            raise RuleError(_("One end of the bridge must touch one of your buildings."))
        t.followups["bridge"] -= 1
        s.bridges[pair] = p.name
        p.bridges.append((a.a, a.b))
        for h in pair:
            if s.owner.get(h) == p.name:
                self._check_town(p, h)

    def _take_town(self, p: Player, name: str) -> None:
        s = self.state
        if p.towns_owed <= 0:
            raise RuleError(_("You have not founded a town."))
        if s.town_pool.get(name, 0) <= 0:
            raise RuleError(_("No {tile} is left.").format(tile=name))
        s.town_pool[name] -= 1
        p.towns_owed -= 1
        p.towns.append(name)
        gain = dict(tile(name)["gain"])
        if name == "TW7" and p.faction.teleport and p.faction.teleport["type"] == "carpet":
            gain.pop("GAIN_SHIP", None)
        self._gain(p, gain, E.Source(E.TOWN, name))
        special = p.faction.special.get("special")
        if special and name in special:  # a faction's extra for that town tile
            self._gain(p, special[name], E.Source(E.FACTION, p.name))
        self._round_vp(p, name)
