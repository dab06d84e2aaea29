"""Reaching hexes, terraforming (spades, volcanoes, the Nomads' sandstorm) and placing buildings."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .abilities import ability
from .constants import wheel_distance
from .data import tile
from .errors import RuleError
from .maps import TERRAINS
from .resources import affordable
from .state import Player


def spades_to_turn(p: Player, current: str, target: str) -> int:
    """Spades `p` needs to turn a hex of `current` (not ice or volcano) into `target`."""
    key = (p.name, p.home, p.color, current, target)
    found = _SPADES.get(key)
    if found is None:
        found = _SPADES[key] = _spades_to_turn(p, current, target)
    return found


#: (faction, home, colour, terrain, target) -> spades: all the answer depends on (the `spades`
#: hook may read only the home and colour), kept because searches and listings ask again and again.
_SPADES: dict[tuple, int] = {}


def _spades_to_turn(p: Player, current: str, target: str) -> int:
    if target == "ice":
        return wheel_distance(current, p.color, p.color) or 1
    hook = ability(p.name, "spades")
    if hook is not None:
        return hook(p, current, target)
    return wheel_distance(current, target, p.color or p.home)


def transform_sizes(p: Player) -> frozenset[int]:
    """The numbers of spades one transformation of any hex can take for `p`: 1, 2 and 3 (every
    terrain is one, two and three steps round the wheel from others, away from the home terrain),
    only 2 for the Giants (every transformation takes two). (Going round past the home terrain
    takes more, but only from some terrains: a dig counted on that could leave a turn with no end.)"""
    key = (p.name, p.home, p.color)
    found = _SIZES.get(key)
    if found is None:
        found = _SIZES[key] = frozenset(n for a in TERRAINS for b in TERRAINS if a != b
                                        for n in (spades_to_turn(p, a, b),) if n <= 3)
    return found


_SIZES: dict[tuple, frozenset[int]] = {}


#: The source of spades paid for and used (made once, as resources' `_CONVERTING`).
_DIGGING = E.source(E.SPADES)


class Terrain:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def adjacent(self, hex_: str) -> frozenset[str]:
        """Hexes directly adjacent to hex_, bridges included."""
        out = self.board.land_neighbours[hex_]
        for pair in self.state.bridges:
            if hex_ in pair:
                out = out | (pair - {hex_})
        return out

    def _check_empty_land(self, hex_: str) -> None:
        if not self.board.is_land(hex_):
            raise RuleError("not_land", hex=hex_)
        if hex_ in self.state.owner:
            raise RuleError("hex_occupied", hex=hex_, faction=self.state.owner[hex_])

    def _by_river(self, hex_: str) -> bool:
        return any(self.board.cells[n].is_river for n in self.board.neighbours[hex_])

    def reach(self, p: Player, hex_: str) -> tuple[bool, bool]:
        """(reachable, only by tunnel/carpet) for building or transforming on hex_."""
        by_land = p.faction.special.get("adjacency", {}).get("direct", 1)  # Riverwalkers: 0
        if by_land and any(self.state.owner.get(n) == p.name for n in self.adjacent(hex_)):
            return True, False
        ship = p.ship + p.ship_bonus
        if ship:
            for b in p.buildings:
                d = self.board.ship_distance[b].get(hex_)
                if d is not None and d <= ship:
                    return True, False
        tp = p.faction.teleport
        if tp:
            rng = self.teleport_range(p)
            for b in p.buildings:
                if self.board.grid_distance[b].get(hex_, 99) - 1 <= rng:
                    return True, True
        return False, False

    def reach_map(self, p: Player) -> dict[str, bool]:
        """Every land hex `p` reaches now for building or transforming -> only by tunnel/carpet.
        The same rule as `reach`, for all hexes at once (legal-action listing)."""
        board = self.board
        near: set[str] = set()  # (unions of the kept sets of each building: no loop per hex)
        if p.faction.special.get("adjacency", {}).get("direct", 1):
            for b in p.buildings:
                near |= self.adjacent(b)
        ship = p.ship + p.ship_bonus
        if ship:
            for b in p.buildings:
                near |= board.ship_within(b, ship)
        out = dict.fromkeys(near, False)
        if p.faction.teleport:
            steps = self.teleport_range(p) + 1
            far: set[str] = set()
            for b in p.buildings:
                far |= board.grid_within(b, steps)
            out.update(dict.fromkeys(far - near, True))
        return out

    def teleport_range(self, p: Player) -> int:
        tp = p.faction.teleport
        if tp["type"] == "carpet":
            extra = sum(tile(t)["gain"].get("carpet_range", 0) for t in p.towns)  # TW7 for flying carpets
            return min(tp["range_start"] + p.teleport_level + extra, tp["range_max"])
        return tp["range_start"]

    @staticmethod
    def teleport_cost_level(p: Player) -> int:
        """The level of `p`'s tunnel or carpet whose cost applies (a carpet's cost never changes)."""
        tp = p.faction.teleport
        return min(p.teleport_level, len(tp["cost_by_level"]) - 1) if tp["type"] == "tunnel" else 0

    def _check_reach(self, p: Player, hex_: str) -> None:
        ok, teleport = self.reach(p, hex_)
        if not ok:
            ship = p.ship + p.ship_bonus
            dists = [self.board.ship_distance[b][hex_] for b in p.buildings if hex_ in self.board.ship_distance[b]]
            if dists and not p.faction.teleport:
                raise RuleError("out_of_reach_shipping", hex=hex_, ship=ship, d=min(dists))
            raise RuleError("out_of_reach", hex=hex_)
        t = self.state.turn
        if teleport and t.teleported != hex_:
            if t.teleported is not None:
                raise RuleError("teleport_used")
            tp = p.faction.teleport
            level = self.teleport_cost_level(p)
            source = E.source(E.REACH)
            self._pay(p, tp["cost_by_level"][level], "reach", source, hex=hex_)
            self._gain(p, tp["gain_by_level"][level], source)
            t.teleported = hex_

    def spades_needed(self, p: Player, hex_: str, target: str) -> int:
        """Spades to turn hex_ into target (0: nothing to do); RuleError when impossible."""
        current = self.state.terrain[hex_]
        if current == target:
            return 0
        if current in ("ice", "volcano"):
            raise RuleError("terrain_fixed", hex=hex_, terrain=current)
        if target == "ice" and p.home != "ice":
            raise RuleError("ice_only_for_ice")
        if target not in TERRAINS + ("ice",):
            raise RuleError("unknown_terrain", terrain=target)
        return spades_to_turn(p, current, target)

    def _place(self, p: Player, hex_: str, kind: str) -> None:
        s = self.state
        old = p.buildings.get(hex_)
        if old:
            p.counts[old] -= 1
        p.buildings[hex_] = kind
        p.counts[kind] += 1
        s.owner[hex_] = p.name
        self._record(E.Built, p.name, hex_, kind, old)

    def _transform(self, p: Player, hex_: str, target: str, in_build: bool = False) -> None:
        s = self.state
        if not in_build:
            self._check_empty_land(hex_)
        if p.unlocked:
            raise RuleError("riverwalkers_no_transform")
        if target == "volcano" or p.home == "volcano":
            return self._volcano(p, hex_, target, in_build)
        need = self.spades_needed(p, hex_, target)
        if need == 0:
            raise RuleError("already_terrain", hex=hex_, terrain=target)
        # a build after this action's last transformation may not dig (as the site plays it)
        may_dig = not s.turn.transformed or s.turn.followups.get("transform", 0) > 0
        if s.phase == "play" and s.turn.followups.get("sandstorm"):
            return self._sandstorm(p, hex_, target)
        if s.phase == "income-spades":
            if p.spades <= 0:
                raise RuleError("no_spades")
        else:
            t = s.turn
            if t.followups.get("transform", 0) > 0:
                t.followups["transform"] -= 1
            elif in_build:
                pass  # the build action itself includes one transformation
            else:
                self._use_subaction(p, "transform", {"build": 1})
            if self.home_only_next(p, target):
                raise RuleError("second_transform_home_only", terrain=p.home)
        self._check_reach(p, hex_)
        if p.spades < need:
            if s.phase != "play":
                raise RuleError("not_enough_spades", hex=hex_, n=need, have=p.spades)
            if in_build and not may_dig:
                # after a transform, the build uses the spades held: digging more is refused
                raise RuleError("dig_after_transform")
            self.auto_dug = need - p.spades  # written out as `dig N` when the log is exported
            self._dig(p, need - p.spades)
        p.spades -= need
        if s.phase == "play":
            if self.dug_spades_stranded(p, p.spades, s.turn.followups.get("transform", 0), (hex_, target)):
                raise RuleError("dug_spades_unused", n=p.spades)
            s.turn.home_next = bool(p.spades) and target != p.home
        self._record(E.Gained, p.name, "spades", -need, _DIGGING)
        s.terrain[hex_] = target
        s.turn.transformed.add(hex_)
        self._record(E.Transformed, p.name, hex_, target)
        if s.phase == "play" and s.turn.followups.get("transform", 0) <= 0:
            s.turn.followups.pop("dig", None)  # the action's last transformation: no digging after it

    def volcano_owed(self, p: Player) -> bool:
        """A volcano faction's free `dig` of this action whose volcano is not raised yet: the turn
        does not end before it is (the dig is no action of its own)."""
        return p.volcano_tf > 0 and self.state.turn.followups.get("transform", 0) > 0

    def _volcano(self, p: Player, hex_: str, target: str, in_build: bool) -> None:
        """Volcano factions raise a volcano with `dig`, paying cult steps or power tokens."""
        s = self.state
        if p.home != "volcano" or target != "volcano":
            raise RuleError("volcano_only")
        current = s.terrain[hex_]
        if current in ("ice", "volcano"):
            raise RuleError("terrain_fixed", hex=hex_, terrain=current)
        if s.phase != "play":
            raise RuleError("volcano_in_play_only")
        t = s.turn
        if t.followups.get("transform", 0) > 0:
            t.followups["transform"] -= 1
        elif not in_build:
            self._use_subaction(p, "transform", {"build": 1})
        self._check_reach(p, hex_)
        if p.volcano_tf <= 0:
            self.auto_dug = 1
            self._dig(p, 1)
        effect = p.faction.special["volcano_effect"]["home" if current in self.home_colors(p) else "not_home"]
        if "LOSE_CULT" in effect:
            n = effect["LOSE_CULT"]
            if max(p.cult.values()) < n:
                raise RuleError("volcano_cult_short", hex=hex_, n=n)
            p.lose_cult_owed = n
            s.owing.add(p.name)
        if "LOSE_PW_TOKEN" in effect:
            self._lose_tokens(p, effect["LOSE_PW_TOKEN"], E.source(E.VOLCANO))
        p.volcano_tf -= 1
        s.terrain[hex_] = "volcano"
        t.transformed.add(hex_)
        self._record(E.Transformed, p.name, hex_, "volcano")
        if t.followups.get("transform", 0) <= 0:
            t.followups.pop("dig", None)  # the action's last transformation: no digging after it

    def _sandstorm(self, p: Player, hex_: str, target: str) -> None:
        """Nomads' stronghold action: a free transformation of a hex directly next to them."""
        s = self.state
        self._require_turn(p)
        if target != p.home:
            raise RuleError("sandstorm_desert_only")
        if not any(s.owner.get(n) == p.name for n in self.board.land_neighbours[hex_]):
            raise RuleError("sandstorm_out_of_reach", hex=hex_)
        s.turn.followups["sandstorm"] = 0
        s.turn.followups["transform"] = 0
        s.terrain[hex_] = target
        s.turn.transformed.add(hex_)
        self._record(E.Transformed, p.name, hex_, target)

    def _do_transform(self, p: Player, a: A.Transform) -> None:
        if not self.board.is_land(a.hex):  # before anything looks the hex up
            raise RuleError("not_land", hex=a.hex)
        target = a.color
        if target == "grey":
            target = "gray"
        if target is None:
            target = self._closest_to_home(p, a.hex)
        if target not in TERRAINS + ("ice", "volcano"):
            raise RuleError("unknown_terrain", terrain=target)
        self._transform(p, a.hex, target)

    def _closest_to_home(self, p: Player, hex_: str) -> str:
        home = p.home
        current = self.state.terrain[hex_]
        if home not in TERRAINS:
            return home
        if p.spades <= 0 or self.spades_needed(p, hex_, home) <= p.spades:
            return home
        i, h = TERRAINS.index(current), TERRAINS.index(home)
        step = 1 if (h - i) % 7 <= 3 else -1
        return TERRAINS[(i + step * p.spades) % 7]

    def _dig(self, p: Player, n: int) -> None:
        if not p.faction.digging:
            raise RuleError("riverwalkers_no_dig")
        cost = {k: v * n for k, v in p.faction.spade_cost(p.dig).items()}
        self._pay(p, cost, "spades", _DIGGING, n=n)
        gain = {k: v * n for k, v in p.faction.dig_gain(p.dig).items()}
        self._gain(p, {"SPADE": gain.pop("SPADE", 0)}, _DIGGING)
        self._gain(p, gain, E.source(E.FACTION, p.name))  # the Darklings' VP per spade

    def _do_dig(self, p: Player, a: A.Dig) -> None:
        if a.spades <= 0:
            raise RuleError("dig_at_least_one")
        t = self.state.turn
        if self.state.phase == "play" and t.transformed and t.faction == p.name and not t.followups.get("dig") \
                and t.actions <= 0 and not self.alone_in_round(p):
            raise RuleError("dig_after_transform")
        self._use_subaction(p, "dig", {"dig": 9, "transform": 1, "build": 1})
        if self.state.phase == "play":
            if not self.dug_spades_fit(p, a.spades, self.spade_transforms_left()):
                raise RuleError("dig_unusable", n=a.spades)
            t.dug = True
        self._dig(p, a.spades)

    def spade_transforms_left(self) -> int:
        """The transformations left in the current action that spades can be used by: none while
        it is the Nomads' sandstorm, which takes none (a spade dug before it would be left with
        no use and, being dug, could not be thrown away: the turn would have no end)."""
        f = self.state.turn.followups
        return 0 if f.get("sandstorm", 0) > 0 else f.get("transform", 0)

    @staticmethod
    def spades_fit(p: Player, spades: int, transforms: int) -> bool:
        """Whether `transforms` transformations can use exactly `spades` spades (each takes one of
        the `transform_sizes`)."""
        sizes = transform_sizes(p)
        most = max(sizes)
        if len(sizes) == 1:  # (the Giants: two spades each)
            return spades % most == 0 and spades <= most * transforms
        return spades <= most * transforms

    def home_only_next(self, p: Player, target: str) -> bool:
        """Whether turning a hex into `target` is refused because the action's spades may now only
        make a hex home: 001, the second spade goes to another hex once one made a hex home (the
        site: one hex at most turned into another terrain than home in an action)."""
        return self.state.turn.home_next and target != p.home

    def dug_spades_stranded(self, p: Player, left: int, transforms: int,
                            turned: tuple[str, str] | None = None) -> bool:
        """Whether spades paid for with `dig` in this action would be left unused: `left` spades
        that the `transforms` transformations still to come cannot take (the site: spades paid
        for are used in their action). With `turned`, the transformation (hex, terrain) about to
        leave them: some free hex in reach must then take them, only to home when that terrain
        is not home (going the long way, a hex can take 4 or 5 spades and leave one that no hex
        can use, and a turn that could not end)."""
        if not self.state.turn.dug or not left:
            return False
        if not self.spades_fit(p, left, transforms):
            return True
        return turned is not None and not self._spades_have_a_use(p, left, transforms, *turned)

    def _spades_have_a_use(self, p: Player, left: int, transforms: int, hex_: str | None, target: str | None,
                           home_only: bool = False, paid: dict | None = None,
                           reach: dict[str, bool] | None = None) -> bool:
        """Whether the `transforms` transformations still to come can use all the `left` spades
        once `hex_` is `target` (None: as the map is, the next one home only if `home_only`):
        the next one on a free hex in reach takes them all, or digs a shortfall it can afford,
        or takes some and the ones after it take the rest (only to home after another terrain).
        `paid`: what a dig being checked costs, not spent yet; `reach`: `reach_map(p)`, if at hand."""
        if not left:
            return True
        if transforms <= 0:
            return False
        s = self.state
        if target is not None:
            home_only = target != p.home
        goals = (p.home,) if home_only else TERRAINS + ((p.home,) if p.home not in TERRAINS else ())
        per_spade = p.faction.spade_cost(p.dig)
        reach = self.reach_map(p) if reach is None else reach  # (made once for the whole search)
        for h in reach:
            current = target if h == hex_ else s.terrain[h]
            if h in s.owner or current in ("ice", "volcano"):
                continue
            for goal in goals:
                if goal == current:
                    continue
                need = spades_to_turn(p, current, goal)
                if need == left:
                    return True
                if need > left and affordable(p, {k: v * (need - left) for k, v in per_spade.items()}, paid):
                    return True
                if need < left and self._spades_have_a_use(p, left - need, transforms - 1, h, goal, paid=paid,
                                                           reach=reach):
                    return True
        return False

    def dug_spades_fit(self, p: Player, n: int, transforms: int, reach: dict[str, bool] | None = None) -> bool:
        """Whether the spades `p` holds and `n` more dug now can all be used by the `transforms`
        transformations left in the action, on a hex reached without a tunnel (or carpet) or with
        one still affordable once they are paid for. The site requires spades paid for with `dig`
        to be used in their action: they cannot be thrown away, so a dig that could leave some
        over would leave the turn with no end. `reach`: `reach_map(p)`, if at hand (the listing
        keeps it for the state)."""
        if not self.spades_fit(p, p.spades + n, transforms):
            return False
        if not n:
            return True
        dug = {k: v * n for k, v in p.faction.spade_cost(p.dig).items()}
        reach = self.reach_map(p) if reach is None else reach
        if not self._spades_have_a_use(p, p.spades + n, transforms, None, None, self.state.turn.home_next, dug, reach):
            return False  # (no hex in reach can take them all)
        tp = p.faction.teleport
        if not tp:
            return True
        s, t = self.state, self.state.turn
        for h, by_teleport in reach.items():
            if h not in s.owner and s.terrain[h] not in ("ice", "volcano") and (not by_teleport or t.teleported == h):
                return True  # a hex reached directly
        if t.teleported is not None:
            return False  # (the action's one tunnel or carpet went elsewhere)
        return affordable(p, dug, tp["cost_by_level"][self.teleport_cost_level(p)])

    def may_discard_spades(self, p: Player) -> bool:
        """Spades may be thrown away, but not those paid for with `dig` in the current action."""
        t = self.state.turn
        return not (self.state.phase == "play" and t.dug and t.faction == p.name)

    def _do_discard_spade(self, p: Player, a: A.DiscardSpade) -> None:
        if p.spades < a.n:
            raise RuleError("no_spade_to_discard")
        if not self.may_discard_spades(p):
            raise RuleError("dug_spades_kept")
        if self.state.phase == "play":
            t = self._require_turn(p)
            if t.actions > 0:
                raise RuleError("no_spade_to_discard")
        p.spades -= a.n
