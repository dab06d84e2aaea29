"""Passing with bonus tiles, favor tiles, town tiles, and the Riverwalkers' unlocks."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .constants import BONUS_TILE_NAMES
from .data import ALL_FACTIONS, BUILDING_TYPES, faction, raw, tile
from .errors import RuleError
from .maps import TERRAINS
from .state import Player


class Tiles:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _do_pass(self, p: Player, a: A.Pass) -> None:
        s = self.state
        if s.phase == "bonus":
            self._check_setup_turn(p)
            self._take_bonus(p, a.bonus)
            s.setup_queue.pop(0)
            self._record(E.Passed, p.name, a.bonus, 0)  # (round 0: the setup's pick, not a pass)
            return
        t = self._require_turn(p)
        if p.passed:
            raise RuleError("already_passed")
        if s.round < 6 and not a.bonus:
            raise RuleError("bonus_tile_needed")
        if s.round == 6 and a.bonus:
            raise RuleError("no_bonus_last_round")
        if a.bonus and a.bonus not in s.bonus_pool:
            raise RuleError("bonus_tile_unavailable", tile=a.bonus)
        self._use_subaction(p, "pass")
        if "strict-chaosmagician-sh" in s.options:
            t.actions = 0  # passing ends the turn, even in the middle of a double action
        for source, vp in self.pass_vp_by_source(p).items():
            self._add(p, "VP", vp, source)
        p.passed = True
        s.unpassed -= 1
        p.ship_bonus = 0
        s.pass_order.append(p.name)
        if a.bonus:
            self._take_bonus(p, a.bonus)
        elif p.bonus:
            s.bonus_pool[p.bonus] = 0
            p.bonus = None
        t.passed_now = True
        self._record(E.Passed, p.name, a.bonus, s.round)
        t.closed = True  # a pass ends the turn: no conversions after it (as the site plays it)

    def pass_vp(self, p: Player) -> int:
        return sum(self.pass_vp_by_source(p).values())

    def pass_vp_by_source(self, p: Player) -> dict[E.Source, int]:
        """VP for passing now: the bonus tile, favor tiles, the faction's buildings."""
        # (only a few tiles and buildings give VP for passing: their rules are read from tables
        # made once, instead of looking at every tile and building kind at every pass)
        out: dict[E.Source, int] = {}
        counts = p.counts
        if p.bonus in _TILE_PASS_VP:
            _tile_pass_vp(out, p, p.bonus, E.BONUS_PASS)
        for name in p.favors:
            if name in _TILE_PASS_VP:
                _tile_pass_vp(out, p, name, E.FAVOR)
        for kind, by_number, per_bridge in _BUILDING_PASS_VP[p.name]:
            if not counts[kind]:
                continue
            source = E.source(E.FACTION, p.name)
            if by_number is not None:
                for key, table in by_number[counts[kind]].items():
                    _add_vp(out, source, table[counts[key]])
            if per_bridge is not None:
                linking = sum(1 for x, y in p.bridges if x in p.buildings and y in p.buildings)
                _add_vp(out, source, per_bridge * linking)
        return out

    def _take_bonus(self, p: Player, name: str | None) -> None:
        s = self.state
        if name not in s.bonus_pool:
            raise RuleError("bonus_tile_unavailable", tile=name)
        coins = s.bonus_pool.pop(name)
        self._add(p, "C", coins, E.source(E.BONUS_COINS, name))
        if p.bonus:
            s.bonus_pool[p.bonus] = 0
        p.bonus = name

    def _do_take_tile(self, p: Player, a: A.TakeTile) -> None:
        name = a.tile.upper()
        if name.startswith("FAV"):
            self._take_favor(p, name)
        elif name.startswith("TW"):
            self._take_town(p, name)
        elif name in BONUS_TILE_NAMES:
            raise RuleError("bonus_tile_on_pass", tile=name)
        else:
            raise RuleError("unknown_tile", tile=a.tile)

    def _take_favor(self, p: Player, name: str) -> None:
        s = self.state
        if p.favors_owed <= 0:
            raise RuleError("no_favor_owed")
        if name in p.favors:
            raise RuleError("favor_tile_held", tile=name)
        if s.favor_pool.get(name, 0) <= 0:
            raise RuleError("tile_gone", tile=name)
        s.favor_pool[name] -= 1
        p.favors_owed -= 1
        p.favors.append(name)
        if "TOWN_SIZE" in tile(name)["gain"]:  # towns first: a town founded now brings a key for the cult step
            for h in list(p.buildings):
                if h not in p.town_hexes:
                    self._check_town(p, h)
        self._gain(p, {k: v for k, v in tile(name)["gain"].items() if k != "TOWN_SIZE"}, E.source(E.FAVOR, name))

    def _do_unlock(self, p: Player, a: A.UnlockTerrain) -> None:
        """Riverwalkers: a priest gained unlocks a colour (1 C, 2 C for another's home) or is kept."""
        if p.unlocks_owed <= 0:
            raise RuleError("no_unlock_owed")
        locked = p.faction.special["locked_terrain"]
        if a.color == "gain-priest":  # at the limit the priest is simply lost
            self._add(p, "P", min(p.P + 1, p.max_priests) - p.P, E.source(E.FACTION, p.name))
        else:
            if a.color not in TERRAINS:
                raise RuleError("unknown_terrain", terrain=a.color)
            if a.color in p.unlocked:
                raise RuleError("terrain_unlocked", terrain=a.color)
            rule = locked[a.color]["home" if a.color in self.home_colors(p) else "not_home"]
            self._pay(p, rule.get("cost", {}), "unlock", E.source(E.UNLOCK, a.color), terrain=a.color)
            p.priest_limit += rule.get("gain", {}).get("MAX_P", 0)
            p.unlocked.add(a.color)
        p.unlocks_owed -= 1


def _add_vp(out: dict[E.Source, int], source: E.Source, vp: int) -> None:
    if vp:
        out[source] = out.get(source, 0) + vp


def _tile_pass_vp(out: dict[E.Source, int], p: Player, name: str, kind: str) -> None:
    """The VP for passing that tile `name` (held as `kind`: a bonus or a favor) gives `p`."""
    _add_vp(out, E.source(kind, name), tile_pass_vp(p, name))


def tile_pass_vp(p: Player, name: str) -> int:
    """The VP tile `name` would give `p` for passing now, held or not (0: a tile that gives none)."""
    vp = 0
    for key, table in _TILE_PASS_VP.get(name, ()):
        level = p.ship if key == "ship" else p.counts[key]
        vp += table[min(level, len(table) - 1)]
    return vp


#: tile -> its VP for passing ((what is counted, VP by that count), ...), for the tiles giving some
_TILE_PASS_VP: dict[str, tuple[tuple[str, list[int]], ...]] = {
    name: tuple(t["pass_vp"].items()) for name, t in raw()["tiles_raw"].items() if t.get("pass_vp")}
#: faction -> (building, VP by the number built, VP per bridge linking two buildings) for each of
#: its buildings giving VP for passing (None: not that way); game data
_BUILDING_PASS_VP: dict[str, tuple[tuple[str, list | None, int | None], ...]] = {
    name: tuple((kind, b.get("pass_vp_by_number_built"), b.get("pass_vp_per_linking_bridge"))
                for kind in BUILDING_TYPES if (b := faction(name).buildings[kind]).keys()
                & {"pass_vp_by_number_built", "pass_vp_per_linking_bridge"})
    for name in ALL_FACTIONS}
