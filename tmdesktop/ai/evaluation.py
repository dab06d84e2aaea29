"""The evaluation: an honest projection of a faction's end-game VP, as named parts.

Each part is in VP. Their sum is what the faction can expect to finish with if it plays on
sensibly from here; the planners compare positions by that sum, and `suggest` explains a move by
how the parts change. The parts are data (names and numbers), never words: the app words them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from functools import cached_property

from ..rules.data import CULTS, tile
from ..rules.errors import RuleError
from . import engine_api as E
from .factions import stronghold_per_round
from .values import power_gain_value, unit_value

#: Evaluation parts, in the order they are reported.
PARTS = ("vp_now", "income_to_come", "area_outlook", "cult_outlook", "town_progress",
         "resources_left", "position", "neighbours")


@dataclass(frozen=True)
class Weights:
    """How much each projected part counts (1.0 everywhere is the honest projection)."""

    income_to_come: float = 1.0
    area_outlook: float = 1.0
    cult_outlook: float = 1.0
    town_progress: float = 1.0
    resources_left: float = 1.0
    position: float = 1.0
    neighbours: float = 1.0
    #: multipliers of single terms within the parts (`TERMS`), as (term, multiplier) pairs; a
    #: term not named counts once
    terms: tuple[tuple[str, float], ...] = ()

    @cached_property
    def term_scale(self) -> dict[str, float]:
        """Each term's multiplier, its part's weight included (made once: `evaluate` is the
        planners' innermost call)."""
        named = dict(self.terms)
        return {name: named.get(name, 1.0) * (getattr(self, part) if part != "vp_now" else 1.0)
                for part, names in TERMS.items() for name in names}


HONEST = Weights()

#: The terms each part is the sum of (what the planners' weights can single out).
TERMS = {
    "vp_now": ("vp",),
    "income_to_come": ("inc_pass", "inc_bonus", "inc_C", "inc_W", "inc_P", "inc_PW", "inc_cult"),
    "area_outlook": ("area",),
    "cult_outlook": ("cult",),
    "town_progress": ("town",),
    "resources_left": ("res_C", "res_W", "res_P", "res_PW", "res_TOK"),
    "position": ("pos_ship", "pos_dig", "st_D", "st_TP", "st_TE", "st_SH", "st_SA", "sh_abil", "fav", "room", "start", "prep"),
    "neighbours": ("neigh",),
}
TERM_NAMES = tuple(name for names in TERMS.values() for name in names)


@dataclass(frozen=True)
class Evaluation:
    vp_now: float
    income_to_come: float
    area_outlook: float
    cult_outlook: float
    town_progress: float
    resources_left: float
    position: float
    neighbours: float

    @property
    def total(self) -> float:
        return sum(getattr(self, f.name) for f in fields(self))

    def parts(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in PARTS}

    def minus(self, other: Evaluation) -> dict[str, float]:
        """The change of each part from `other` to this one."""
        return {name: getattr(self, name) - getattr(other, name) for name in PARTS}


def game_progress(game, p) -> tuple[float, int]:
    """(rounds of action left for p counting the current one by half if p still acts in it,
    income phases still to come)."""
    s = E.state(game)
    if s.phase == "finished":
        return 0.0, 0
    if s.phase in ("factions", "colors", "dwellings", "bonus"):
        return 6.0, 6
    r = s.round
    if s.phase == "income-spades":
        return 7.0 - r, 7 - r
    return (6 - r) + (0.0 if p.passed else 0.5), 6 - r


#: What a town founded is worth (its tile, and the round tiles and abilities that pay for towns).
TOWN_VALUE = 8.0
#: The progress a town that only waits to be founded counts (the Mermaids': skipping a river is a
#: choice), so that founding it ranks above keeping it.
READY_TO_FOUND = 0.9


def _resource_value(gains: dict, rounds_left: float, bowls: list[int]) -> float:
    v = 0.0
    for key, n in gains.items():
        if key == "PW":
            v += power_gain_value(bowls, n, rounds_left)
        elif key in ("C", "W", "P", "SPADE"):
            v += n * unit_value(key, rounds_left)
        elif key == "VP":
            v += n
    return v


def _add_income(terms: dict, gains: dict, rounds_left: float, bowls: list[int]) -> None:
    """`_resource_value` of a round's income, kept apart by resource."""
    for key, n in gains.items():
        if key == "PW":
            terms["inc_PW"] += power_gain_value(bowls, n, rounds_left)
        elif key in ("C", "W", "P"):
            terms["inc_" + key] += n * unit_value(key, rounds_left)
        elif key == "VP":
            terms["inc_pass"] += n


def _income_terms(game, p, s, rounds_left: float, income_rounds: int) -> dict[str, float]:
    t = dict.fromkeys(TERMS["income_to_come"], 0.0)
    t["inc_pass"] = _pass_vp_to_come(game, p, s, rounds_left)
    if income_rounds <= 0:
        return t
    per_round = dict(E.income(game, p))
    bonus = tile(p.bonus)["income"] if p.bonus else {}
    for key, n in bonus.items():  # a bonus tile is held for one round only
        per_round[key] -= n
    first = 7 - income_rounds  # the first round whose income is still to come
    if s.phase != "play" or p.passed:  # the tile now held pays the next income
        t["inc_bonus"] = _resource_value(bonus, 7 - first, p.power)
    elif s.bonus_pool:  # the one still to be taken when passing: its income, coins and pass VP
        t["inc_bonus"] = max(_resource_value(tile(b)["income"], 7 - first, p.power) + s.bonus_pool[b] * unit_value("C", 7 - first)
                     + E.tile_pass_vp(p, b) for b in s.bonus_pool)
    for k in range(first, 7):
        _add_income(t, per_round, 7 - k, p.power)
    # cult income from the round scoring tiles still to pay (round k's tile pays at k+1)
    for k in range(max(1, first - 1), 6):
        scoring = tile(s.score_tiles[k - 1])
        if scoring["cult"] == "CULT_P":
            times = sum(spot == p.name for spots in s.cult_spots.values() for spot in spots)
        else:
            times = p.cult[scoring["cult"]] // scoring["req"]
        if times:
            t["inc_cult"] += _resource_value({key: v * times for key, v in scoring["income"].items()}, 6 - k, p.power)
    return t


def _pass_vp_to_come(game, p, s, rounds_left: float) -> float:
    """Pass VP still to come: the bonus tile's at the next pass, favors' and buildings' at every one."""
    passes = int(rounds_left + 0.5) if s.phase == "play" else 6
    if not passes:
        return 0.0
    all_pass = E.pass_vp(game, p)
    tile_vp = E.tile_pass_vp(p, p.bonus) if p.bonus else 0
    return all_pass + (all_pass - tile_vp) * (passes - 1)


#: How far apart (in hexes of network, or cult steps) a faction's standing today and at the end of
#: the game may be, per round of play still to come: the spread of the rank projection below.
NETWORK_SPREAD = 1.2
CULT_SPREAD = 1.0


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def expected_rank_points(mine: float, others: list[float], points: tuple[int, ...], spread: float) -> float:
    """The points a ranking pays `mine` at the end of the game, on average, if every standing may
    still move by about `spread`: each opponent is passed or not with a normal chance, and the
    number passed gives the rank. Equal standings at the end share the points of their ranks
    (with no spread left, a tie is an even chance either way, which pays the same on average)."""
    chances = [_phi((mine - o) / spread) if spread > 0 else (1.0 if mine > o else 0.5 if mine == o else 0.0)
               for o in others]
    beaten = [1.0]  # beaten[k]: the chance of finishing ahead of exactly k opponents
    for c in chances:
        beaten = [(beaten[k] if k < len(beaten) else 0.0) * (1 - c) + (beaten[k - 1] * c if k else 0.0)
                  for k in range(len(beaten) + 1)]
    n = len(others)
    return sum(chance * points[n - k] for k, chance in enumerate(beaten) if n - k < len(points))


def _area_part(game, p, s, rounds_left: float) -> float:
    others = [E.network_size(game, q) for n, q in s.players.items() if not q.dropped and n != p.name]
    points = (18, 12, 6)
    spread = 0.5 + NETWORK_SPREAD * max(0.0, rounds_left)
    extra = 0.0
    final = E.setup_of(game).final_scoring
    if final:  # the Fire & Ice final tile: assume a share like the network's
        extra = sum(points[: len(others) + 1]) / (len(others) + 1) * 0.5
    return expected_rank_points(E.network_size(game, p), others, points, spread) + extra


def _cult_part(p, s, rounds_left: float) -> float:
    live = [q for n, q in s.players.items() if not q.dropped and n != p.name]
    spread = 0.3 + CULT_SPREAD * max(0.0, rounds_left)
    return sum(expected_rank_points(p.cult[c], [q.cult[c] for q in live], (8, 4, 2), spread) for c in CULTS)


def _town_part(game, p, s, rounds_left: float) -> float:
    if rounds_left <= 0:
        return 0.0
    need_power = 6 if "FAV5" in p.favors else 7

    def progress(group: set[str]) -> float:
        kinds = [p.buildings[x] for x in group]
        size = len(kinds) + kinds.count("SA")
        power = E.buildings_power(game, p, kinds)
        return min(size, 4) / 4 * min(power, need_power) / need_power

    seen: set[str] = set()
    groups: list[tuple[float, set[str]]] = []  # (progress, hexes) of each group not yet a town
    for h in p.buildings:
        if h in seen or h in p.town_hexes:
            continue
        group = E.town_group(game, p, h)
        seen |= group
        groups.append((progress(group), group))
    rivers = E.rivers_to_skip(game, p)
    if not rivers:
        best = sorted((x for x, _group in groups), reverse=True)[:2]
    else:
        # the Mermaids: two groups on the sides of a river may become one town; one ready to be
        # founded by skipping the river counts as nearly one, below what founding it brings
        index = {h: i for i, (_x, group) in enumerate(groups) for h in group}
        candidates = list(groups)
        for sides in rivers.values():
            joined = {index[h] for h in sides if h in index}
            if len(joined) > 1:
                merged = set().union(*(groups[i][1] for i in joined))
                candidates.append((min(READY_TO_FOUND, progress(merged)), merged))
        candidates.sort(key=lambda c: -c[0])
        best, used = [], set()
        for x, group in candidates:  # the two best towns in the making that share no building
            if len(best) == 2:
                break
            if not group & used:
                best.append(x)
                used |= group
    soon = min(1.0, rounds_left / 2)
    return sum(TOWN_VALUE * x * x * soon for x in best)


def _build_terrain(p) -> str | None:
    """The terrain the faction builds on: its home, or the colour it chose when its home is ice or
    variable (None while it has not chosen one)."""
    return p.color if p.home in ("ice", "variable") else p.home


#: Resources in hand beyond what a faction can spend in a round or two are only worth their
#: final conversion: hoarding is not building.
SPENDABLE = {"C": 14, "W": 7, "P": 3}


def _held(key: str, n: int, rounds_left: float, end: float) -> float:
    cap = SPENDABLE[key] * max(1.0, min(2.0, rounds_left / 2))
    return min(n, cap) * unit_value(key, rounds_left, end) + max(0.0, n - cap) * unit_value(key, 0, end)


def _resources_terms(game, p, rounds_left: float) -> dict[str, float]:
    # what is left at the end is sold at the faction's own rate (the Alchemists: two coins a VP)
    end = 3 / E.coins_per_vp(game, p)
    return {
        "res_C": _held("C", p.C, rounds_left, end), "res_W": _held("W", p.W, rounds_left, end),
        "res_P": _held("P", p.P, rounds_left, end),
        "res_PW": p.power[2] * unit_value("PW3", rounds_left, end) + p.power[1] * unit_value("PW2", rounds_left, end)
        + p.power[0] * unit_value("PW1", rounds_left),
        "res_TOK": sum(p.power) * unit_value("TOKEN", rounds_left) + p.spades * unit_value("SPADE", rounds_left),
    }


#: What a building on the map is worth beyond its income while rounds remain (the round scoring
#: tiles, upgrades, towns and power from neighbours it makes possible). A trading house is worth
#: most: it is the step to a temple (priests, a favor tile) or the stronghold, which a planner
#: that looks one turn ahead would otherwise never take, since its own income barely changes.
STRUCTURE = {"D": 1.5, "TP": 5.5, "TE": 4.5, "SH": 3.0, "SA": 3.0}


#: Buildings of a kind a faction builds per round of play still to come (tournament players who
#: take FAV11 or FAV10 in the first rounds build about ten dwellings and four or five trading
#: houses after it: 14.8 and 9.9 VP per player from those tiles in the corpus games).
BUILDS_PER_ROUND = {"D": 1.7, "TP": 0.8}


def _builds_left(p, kind: str) -> int:
    """How many more buildings of `kind` the faction can still build: free places on its board,
    and the places each upgrade of one of them frees again."""
    if kind == "D":
        return 8 - p.counts["D"] + 4 - p.counts["TP"]
    return 4 - p.counts["TP"] + 3 - p.counts["TE"] + 1 - p.counts["SH"]


def _favor_vp_to_come(p, name: str, rounds_left: float) -> float:
    """VP a favor tile that pays for each building of a kind will still bring."""
    return sum(vp * min(BUILDS_PER_ROUND[kind] * rounds_left, _builds_left(p, kind))
               for kind, vp in (tile(name).get("vp") or {}).items())


#: What a free place for a priest under the Riverwalkers' priest limit is worth, in priests.
PRIEST_PLACE = 0.5


def _position_terms(game, p, s, rounds_left: float) -> dict[str, float]:
    """Abilities and room still to use: shipping and digging levels, the stronghold's ability,
    favor tiles that pay VP per building, free hexes next to the faction's buildings."""
    share = min(6.0, rounds_left) / 6
    t = {"pos_ship": 1.5 * p.ship * share, "pos_dig": 2.0 * p.dig * share}
    # buildings on the map are the base of later round scoring, upgrades, towns and power
    for k in ("D", "TP", "TE", "SH", "SA"):
        t["st_" + k] = min(1.0, rounds_left / 2) * STRUCTURE[k] * p.counts[k]
    # the stronghold ability, used every round
    t["sh_abil"] = stronghold_per_round(p.name) * rounds_left if p.counts["SH"] else 0.0
    t["fav"] = sum(_favor_vp_to_come(p, name, rounds_left) for name in p.favors)
    t["room"] = 0.0
    if rounds_left > 0 and p.unlocked:
        # Riverwalkers: no spades, so the room is the free hexes of the unlocked terrains in reach;
        # and a priest gained beyond their priest limit is lost, so a free place for one (each
        # terrain unlocked adds one) is worth part of a priest. Valued as neither, a priest was
        # always "kept" (and lost at the limit), no terrain was unlocked and no dwelling ever built.
        free = [h for h in E.reach_map(game, p) if h not in s.owner and s.terrain.get(h) in p.unlocked]
        places = min(2, max(0, p.max_priests - p.P))
        t["room"] = (0.45 * min(8, len(free)) + PRIEST_PLACE * places * unit_value("P", rounds_left)) \
            * min(1.0, rounds_left / 3)
    elif rounds_left > 0 and p.buildings:
        target = _build_terrain(p)
        room = set()
        for h in p.buildings:
            for n in E.adjacent(game, h):
                if n in s.owner or n in room:
                    continue
                terrain = s.terrain.get(n)
                if terrain is None or terrain in ("ice", "volcano") and terrain != p.home:
                    continue
                if terrain == p.home or p.home == "volcano" or (target and _cheap(game, p, n, target)):
                    room.add(n)
        t["room"] = 0.45 * min(8, len(room)) * min(1.0, rounds_left / 3)
    t["start"] = _start_room(game, p, s) if s.phase in ("dwellings", "bonus") else 0.0
    t["prep"] = _prepared_land(game, p, s, rounds_left)
    return t


#: What a free hex of the faction's own terrain within its reach is worth (up to `PREPARED_MAX`
#: of them): a dwelling can go there with no spade, so a turn with a worker and two coins
#: builds. Valued as nothing more than a hex one spade away (`room`), land was never turned
#: ahead of building (income spades were thrown away), and most turns could not afford a
#: transformation and a dwelling at once.
PREPARED = 1.0
PREPARED_MAX = 3


def _prepared_land(game, p, s, rounds_left: float) -> float:
    if rounds_left <= 0 or not PREPARED or p.unlocked or s.phase not in ("play", "income-spades"):
        return 0.0
    target = _build_terrain(p)
    if not target:
        return 0.0
    owner, terrain = s.owner, s.terrain
    ready = sum(1 for h in E.reach_map(game, p) if h not in owner and terrain.get(h) == target)
    return PREPARED * min(PREPARED_MAX, ready) * min(1.0, rounds_left / 2)


#: The setup's dwellings: what a free hex near them is worth by the spades it needs (0, 1, 2, 3)
#: and by how far it is from the nearest of them (1, 2 or 3 cells of the map, rivers counted), and
#: what two of them close together are worth (per cell closer than 4 apart).
START_SPADES = (1.0, 0.6, 0.25, 0.1)
START_STEPS = (0.0, 1.0, 0.5, 0.25)
START_CLOSE = 1.0


def _start_room(game, p, s) -> float:
    """How much land to grow into the starting dwellings have, and how close together they are
    (setup only).

    `room` sees only the hexes next to a building that need at most one spade, so a dwelling in a
    corner with two such neighbours ranked first: the forest factions started on A3 (two land
    neighbours) in 30 of 35 seats where the tournament players start on F4 and E9 (Auren 88 VP a
    game), others on B2, A5 or A6 (Halflings, Cultists, Nomads, Giants), far from their second
    dwelling. On the original map this ranks the tournament players' usual pair of starting hexes
    first for six of the seven home terrains (third for the plains)."""
    if p.unlocked or not p.buildings:
        return 0.0
    target = _build_terrain(p)
    if not target or target == "volcano":
        return 0.0
    grid = E.board(game).grid_distance
    own = sorted(p.buildings)
    near: dict[str, int] = {}
    for h in own:
        for n, d in grid[h].items():
            if 0 < d < len(START_STEPS) and n not in s.owner and d < near.get(n, 99):
                near[n] = d
    total = 0.0
    for n in sorted(near):
        terrain = s.terrain.get(n)
        if terrain is None or terrain in ("ice", "volcano") and terrain != target:
            continue
        try:
            spades = E.spades_needed(game, p, n, target)
        except (RuleError, ValueError, KeyError):
            continue
        if spades < len(START_SPADES):
            total += START_SPADES[spades] * START_STEPS[near[n]]
    for i, a in enumerate(own):
        for b in own[i + 1:]:
            total += START_CLOSE * max(0, 4 - grid[a].get(b, 99))
    return total


#: What a unit of power taken from a neighbour's move is worth, once the VP paid for it (one less
#: than the power taken) is counted: it comes between one's own turns, for nothing but VP.
LEECH_VP = 0.5
#: The chance that a neighbour's building of a kind is upgraded before the end, and that a free
#: hex next to a neighbour's building and one's own is built on by the neighbour.
UPGRADE_CHANCE = {"D": 0.5, "TP": 0.35, "TE": 0.1, "SH": 0.0, "SA": 0.0}
BUILD_CHANCE = 0.25


def _neighbour_part(game, p, s, rounds_left: float) -> float:
    """Power still to come from neighbours building and upgrading next to the faction's buildings.

    Tournament players take about 30 power a game this way (three quarters of their buildings
    stand next to an opponent's); a planner that sees only the power offered today builds apart."""
    if rounds_left <= 0 or not p.buildings:
        return 0.0
    offered: dict[str, int] = {}  # hex -> power a building there would offer the faction
    for h, kind in p.buildings.items():
        pw = E.building_power(game, p, kind)
        for n in E.adjacent(game, h):
            if n not in p.buildings:
                offered[n] = offered.get(n, 0) + pw
    owner, expected = s.owner, 0.0
    for n in sorted(offered):  # one order in every process (set order varies with the hash seed)
        pw, who = offered[n], owner.get(n)
        if who is not None:
            expected += UPGRADE_CHANCE[s.players[who].buildings[n]] * pw
        elif s.terrain.get(n) is not None and any(owner.get(x) not in (None, p.name) for x in E.adjacent(game, n)):
            expected += BUILD_CHANCE * pw
    return LEECH_VP * expected * min(1.0, rounds_left / 3)


def _cheap(game, p, hex_: str, target: str) -> bool:
    try:
        return E.spades_needed(game, p, hex_, target) <= 1
    except (RuleError, ValueError, KeyError):
        return False


def terms(game, faction: str) -> dict[str, float]:
    """The honest projection of `faction`'s end-game VP in `game`, term by term (`TERMS`)."""
    s = E.state(game)
    p = s.players[faction]
    if s.phase == "finished":
        out = dict.fromkeys(TERM_NAMES, 0.0)
        out["vp"] = float(p.VP)
        return out
    rounds_left, income_rounds = game_progress(game, p)
    out = {"vp": float(p.VP)}
    out.update(_income_terms(game, p, s, rounds_left, income_rounds))
    out["area"] = _area_part(game, p, s, rounds_left)
    out["cult"] = _cult_part(p, s, rounds_left)
    out["town"] = _town_part(game, p, s, rounds_left)
    out.update(_resources_terms(game, p, rounds_left))
    out.update(_position_terms(game, p, s, rounds_left))
    out["neigh"] = _neighbour_part(game, p, s, rounds_left)
    return out


def evaluate(game, faction: str, weights: Weights = HONEST) -> Evaluation:
    """The projected end-game VP of `faction` in `game`, by part, as `weights` count them."""
    t = terms(game, faction)
    scale = weights.term_scale
    return Evaluation(**{part: sum(t[name] * scale[name] for name in names) for part, names in TERMS.items()})


def advantage(game, faction: str, weights: Weights = HONEST, rivalry: float = 0.0) -> float:
    """The faction's projected total, less `rivalry` times the best opponent's (0: play for VP)."""
    own = evaluate(game, faction, weights).total
    if not rivalry:
        return own
    s = E.state(game)
    others = [evaluate(game, n, weights).total for n, q in s.players.items() if n != faction and not q.dropped]
    return own - rivalry * max(others, default=0.0)
