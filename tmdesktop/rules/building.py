"""Building dwellings, upgrading, advancing shipping and digging."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .constants import UPGRADES
from .data import raw
from .errors import RuleError
from .state import GameState, Player, Turn


class Building:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _do_build(self, p: Player, a: A.Build) -> None:
        s = self.state
        if s.phase == "dwellings":
            return self._setup_dwelling(p, a.hex)
        t = s.turn
        if _away_from_the_transform(s, t, p, a.hex) and (t.actions > 0 or self.alone_in_round(p)):
            # a new action instead: the Chaos Magicians' second action of their double turn, or
            # the last player in the round
            t.followups.pop("build", None)
        self._use_subaction(p, "build")  # a new action starts its transform-and-build afresh
        self._check_empty_land(a.hex)
        if _away_from_the_transform(s, t, p, a.hex):
            # one transformation per transform-and-build (as the site plays it)
            raise RuleError("build_where_transformed", hex=a.hex)
        if p.counts["D"] >= p.faction.buildings["D"]["count"]:
            raise RuleError("no_dwellings_left")
        free = p.free_dwelling
        if free:
            if s.terrain[a.hex] != p.home:
                raise RuleError("free_dwelling_home_only", terrain=p.home)
        else:
            if s.terrain[a.hex] in p.unlocked:
                self._check_reach(p, a.hex)
            elif s.terrain[a.hex] != p.home:
                if p.unlocked:
                    raise RuleError("terrain_locked", terrain=s.terrain[a.hex])
                self._transform(p, a.hex, p.home, in_build=True)
            else:
                self._check_reach(p, a.hex)
            self._pay(p, p.faction.cost("D"), "dwelling", E.source(E.BUILDING, "D"))
        if p.spades:
            # every spade is used (or thrown away) before the dwelling goes up, as the site requires
            raise RuleError("spades_before_build", n=p.spades)
        p.free_dwelling = False
        self._place(p, a.hex, "D")
        for k in ("transform", "dig", "sandstorm"):  # the build ends the transform-and-build
            t.followups.pop(k, None)
        self._favor_vp(p, "D")
        self._round_vp(p, "D")
        self._offer_leech(p, a.hex)
        self._check_town(p, a.hex)

    def _do_upgrade(self, p: Player, a: A.Upgrade) -> None:
        s = self.state
        to = a.to
        if p.buildings.get(a.hex) is None:
            raise RuleError("no_building_here", hex=a.hex)
        frm = p.buildings[a.hex]
        if UPGRADES.get(to) != frm:
            raise RuleError("bad_upgrade", frm=frm, to=to)
        if p.counts[to] >= p.faction.buildings[to]["count"]:
            raise RuleError("no_buildings_left", kind=to)
        if p.free_tp and to == "TP":
            self._use_subaction(p, "upgrade")
            p.free_tp = False
        else:
            self._use_subaction(p, "upgrade")
            cost = dict(p.faction.cost(to))
            if to == "TP" and not any(s.owner.get(n) not in (None, p.name) for n in self.adjacent(a.hex)):
                cost["C"] = cost.get("C", 0) * 2
            self._pay(p, cost, "building", E.source(E.BUILDING, to), kind=to)
        index = p.counts[to]
        self._place(p, a.hex, to)
        gains = p.faction.on_build(to, index)
        self._gain(p, gains, E.source(E.BUILDING, to))
        followups = p.faction.buildings[to].get("followup_subactions")
        if followups:
            for k, v in followups.items():
                s.turn.followups[k] = s.turn.followups.get(k, 0) + v
        if to == "TP":
            self._favor_vp(p, to)
        self._round_vp(p, to)
        self._offer_leech(p, a.hex)
        self._check_town(p, a.hex)

    def _favor_vp(self, p: Player, kind: str) -> None:
        """The VP the favor tiles `p` holds give for building a `kind` (FAV11's dwellings, FAV10's
        trading houses)."""
        vp_of = _FAVOR_VP.get(kind)
        if vp_of:
            for fav in p.favors:
                if fav in vp_of:
                    self._add(p, "VP", vp_of[fav], E.source(E.FAVOR, fav))

    def _do_advance(self, p: Player, a: A.Advance) -> None:
        track = a.track.lower()
        if track.startswith("ship"):
            if p.ship >= p.faction.max_ship:
                raise RuleError("shipping_at_max")
            self._use_subaction(p, "advance")
            self._advance_ship(p)
        elif track.startswith("dig"):
            if p.dig >= p.faction.max_dig or not p.faction.digging.get("advance_cost"):
                raise RuleError("digging_at_max")
            self._use_subaction(p, "advance")
            source = E.source(E.ADVANCE, "dig")
            self._pay(p, p.faction.digging["advance_cost"], "advance_dig", source)
            p.dig += 1
            self._add(p, "VP", int(p.faction.digging["vp_on_reaching_level"][str(p.dig)]), source)
        else:
            raise RuleError("unknown_track", track=a.track)


def _away_from_the_transform(s: GameState, t: Turn, p: Player, hex_: str) -> bool:
    """A build on `hex_` not on the hex this action transformed (nor transforming with a spade left)."""
    return bool(t.transformed) and hex_ not in t.transformed and (
        t.followups.get("transform", 0) <= 0 or s.terrain.get(hex_) in (p.home, *p.unlocked))


def _favor_vp_table() -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for name, t in raw()["tiles_raw"].items():
        if name.startswith("FAV"):
            for kind, vp in (t.get("vp") or {}).items():
                if vp:
                    table.setdefault(kind, {})[name] = vp
    return table


#: building -> favor tile -> the VP it gives for building one (only the tiles giving some: game data)
_FAVOR_VP = _favor_vp_table()
