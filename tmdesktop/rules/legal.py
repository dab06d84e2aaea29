"""Every legal action for a faction's current decision: the one definition of what is legal.

`Game.apply` accepts an action only if it is listed here (after `canonical` has written a
notation variant in its listed form), so the engine accepts exactly what this module lists.
The handlers' own checks only explain a refusal in words; the property tests hold every listed
action to apply without error.  `apply` asks only for the listing of its action's kind and
hex or name (`at`): the same code, on less of the board.  Reach is computed once per state
(`Game.reach_map`, kept with the listings until the state changes); what depends only on the
game data (conversion rates, spade costs, power action costs, the colours n spades reach) is
worked out once per faction.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from itertools import filterfalse

from . import actions as A
from . import decisions
from .data import ALL_FACTIONS, CULTS, POWER_ACTIONS, action_def, faction, raw
from .constants import BRIDGES_PER_FACTION, CULT_SPOT_VALUES, FACTION_OPTION, UPGRADES
from .abilities import ability
from .engine import Game
from .maps import TERRAINS
from .resources import affordable as _affordable, conversion_rates
from .state import Player
from .terrain import spades_to_turn

#: Most spades one transformation can need (three steps round the wheel).
MAX_SPADES = 3


class _Made(dict):
    """Values made once for each key and found by subscription (`_BUILD[h]`), which is quicker
    than calling a cached function (a `functools.cache` hit makes, hashes and compares a tuple
    of the arguments): a listing names builds and transforms by the dozen, and reads tables per
    faction at every step. As a decorator, it makes a function of one argument such a table."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        action = self[key] = self.make(key)
        return action


#: The tables of game data per faction (`_per_faction`), made once the module is loaded.
_FACTION_TABLES: list[tuple[dict, object]] = []


def _per_faction(make) -> dict:
    """As a decorator, makes a function of a faction's name a plain dict of its values for every
    faction (filled at the end of the module, once what `make` reads is defined): read at every
    listing, and Python 3.11 reads a dict subclass such as `_Made` by subscription through a slow,
    generic path (a plain dict's `[]` is specialised)."""
    table: dict = {}
    _FACTION_TABLES.append((table, make))
    return table


def legal_actions(game: Game, name: str | None, only: type | tuple[type, ...] | None = None,
                  at: str | None = None) -> list[A.Action]:
    """The legal actions of `name`'s current decision; with `only`, just those of that class
    (the same listing, filtered, with the parts that cannot give that class skipped), or of
    those classes (a tuple: each class's actions in turn); with `at` too, just those on that hex
    (a build, transform or upgrade) or of that name (an action space or tile): what `apply`
    needs to check one action."""
    out = listing(game, name, only, at)
    if only is None:
        return out
    if at is not None:
        out = _on_target(out, at)
    return of_kinds(out, only)


# (Comprehensions that read a local variable of a listing function are functions of their own,
# or C iterators: such a variable is made a cell afresh at every call of the function holding
# it, whichever branch runs.)


def _on_target(actions: list[A.Action], at: str) -> list[A.Action]:
    return [a for a in actions if target_of(a) == at]


def of_kinds(actions, only: type | tuple[type, ...]) -> list[A.Action]:
    """The actions of class `only`, or of each class of the tuple `only` in turn (so that the
    actions of (Build, Upgrade) are those of Build, then those of Upgrade)."""
    if type(only) is not tuple:
        return [a for a in actions if type(a) is only]
    found = [a for a in actions if type(a) in only]  # (often none: one look at each)
    return [a for kind in only for a in found if type(a) is kind] if found else found


def by_kinds(game: Game, name: str | None, only: tuple[type, ...]) -> list[tuple[A.Action, ...]]:
    """`of_kinds(listing(game, name, only), kind)` for each class of `only` in turn. The builds and
    upgrades of a main action (random play asks for them at most steps) are the parts
    `_main_actions` keeps, taken as they are instead of filtered out of a listing."""
    s = game.state
    t = s.turn
    if (_ASKED.get(only) or _ask(only)).growth and s.phase == "play" and name is not None and t.faction == name and t.actions > 0 \
            and not t.closed and name not in s.owing:  # (`_turn_actions` lists the main actions alone)
        p = s.players[name]
        out = []
        for kind in only:
            out.append(_kept(game, _BUILDS_KEY, p, _builds, _reach(game, p)) if kind is A.Build
                       else _kept(game, _UPGRADES_KEY, p, _upgrades))
        return out
    listed = listing(game, name, only)
    out = []
    for kind in only:
        out.append(tuple(of_kinds(listed, kind)))
    return out


class _Asked:
    """Which parts of a listing can give the classes of action asked for (`only`: None for
    every class, a class or a tuple of classes), worked out once for each."""

    def __init__(self, only: type | tuple[type, ...] | None):
        kinds = None if only is None else frozenset(only if type(only) is tuple else (only,))

        def asks(*classes: type) -> bool:
            return kinds is None or not kinds.isdisjoint(classes)

        self.build, self.upgrade, self.use_action = asks(A.Build), asks(A.Upgrade), asks(A.UseAction)
        self.transform, self.dig, self.priest = asks(A.Transform), asks(A.Dig), asks(A.SendPriest)
        self.bridge, self.advance_or_pass = asks(A.PlaceBridge), asks(A.Advance, A.Pass)
        self.free, self.discard, self.done = asks(A.Convert, A.Connect, A.Burn), asks(A.DiscardSpade), asks(A.Done)
        #: nothing asked for can be the main action or a follow-up
        self.no_action = kinds is not None and kinds <= _NEVER_AN_ACTION
        #: everything asked for can only be the main action or a follow-up: in the action phase,
        #: listed only while one is open (`Game._main_action_open`)
        self.only_actions = kinds is not None and kinds.isdisjoint(_NEVER_AN_ACTION)
        #: builds or upgrades alone are asked for (`by_kinds`)
        self.growth = kinds is not None and kinds <= {A.Build, A.Upgrade}
        #: transforms are worked out only to know whether a `dig` is possible (the first is enough)
        self.first_transform = self.dig and not self.transform and kinds is not None
        #: the things owed (`_owed_choices`) whose choices can be asked for
        self.owed = frozenset(kind for kind, classes in _SETTLED_BY.items() if asks(*classes))


#: only -> its `_Asked` (a plain dict, read as `_ASKED.get(only) or _ask(only)`: see `_per_faction`)
_ASKED: dict = {}


def _ask(only: type | tuple[type, ...] | None) -> _Asked:
    asked = _ASKED[only] = _Asked(only)
    return asked


def listing(game: Game, name: str | None, only: type | tuple[type, ...] | None = None,
            at: str | None = None) -> list[A.Action]:
    """The listing `legal_actions` filters: with `only` (and `at`), the parts that cannot give
    that class (on that hex or name) are skipped, but what the other parts give is left in."""
    s = game.state
    if not s.owing and name == s.turn.faction and name is not None and s.phase == "play":
        # (the commonest case: nobody owes anything, so the decision is the turn's; and the
        # commonest ask, everything, needs no look-up of what is asked)
        asked = _ASK_ALL if only is None else _ASKED.get(only) or _ask(only)
        return _turn_actions(game, s.players[name], asked, at)
    d = game.decision_of(name)
    if d is None:
        return []
    kind = d.kind
    if kind in decisions.TURN_KINDS:  # (the commonest kinds: looked at first)
        return _turn_actions(game, s.players[name], _ASKED.get(only) or _ask(only), at)
    if kind in ("factions", "dwelling", "bonus"):
        return _setup_choices(game, name, kind)
    p = s.players[name]
    if kind == "color":  # a colour is chosen before anything else (setup, or the Shapeshifters' change)
        return _owed_choices(game, p, "color")
    if kind == "spades":
        return _transforms(game, p, income=True) + [_discard(p.spades)]
    asked = _ASKED.get(only) or _ask(only)
    if s.phase != "play":
        return _owed_choices(game, p, kind)
    # What a player owes may be settled in any order (a cult step before a power offer, a town
    # tile before a favor tile), as on the site; in their own turn they may also go on with the
    # turn (which declines open power offers): only ending it waits for what they owe.
    out: list[A.Action] = []
    for owed_kind, owed_field in decisions.OWED_FIELDS:
        if getattr(p, owed_field) and owed_kind in asked.owed:
            out += _owed_choices(game, p, owed_kind)
    if s.turn.faction == name and not p.lose_cult_owed:  # the site: "must lose cult steps first"
        out += _turn_actions(game, p, asked, at)
        if p.towns_owed:
            # before taking a town tile, a step back from 8 or 9 leaves the key for another track
            out += _steps_back(p.cult)
    return out


# (The comprehensions of the setup's choices and the steps back are functions of their own: a
# comprehension reading a local variable makes it a cell, made afresh at every call of the
# function holding it, and `listing` is called at every step of a game.)


def _setup_choices(game: Game, name: str | None, kind: str) -> list[A.Action]:
    """The choices of the setup: a faction, an initial dwelling, the initial bonus tile."""
    s = game.state
    if kind == "factions":
        taken = game.colors_taken()
        kinds = {p.faction.home for p in s.players.values()} & {"ice", "volcano", "variable"}
        return [A.ChooseFaction(f) for f in ALL_FACTIONS
                if f not in s.players and faction(f).home not in taken | kinds
                and FACTION_OPTION.get(f) in (None, *s.options)]
    if kind == "dwelling":
        p = s.players[name]
        color = p.color or p.home
        river = p.faction.special.get("adjacency", {}).get("direct") == 0
        return [A.Build(h) for h in game.board.land if s.terrain[h] == color and h not in s.owner
                and (not river or game._by_river(h))]
    return [A.Pass(b) for b in s.bonus_pool]


def _steps_back(cult: dict[str, int]) -> list[A.Action]:
    return [_cult_step(c, -1) for c in CULTS if 8 <= cult[c] <= 9]


def target_of(action: A.Action) -> str | None:
    """What `legal_actions(..., at=)` narrows to for checking `action`: its hex (a build,
    transform or upgrade) or its name (an action space or tile); None for every other kind (and
    for a malformed one, whose listing of its kind then simply does not hold it)."""
    if isinstance(action, (A.Build, A.Transform, A.Upgrade)):
        target = action.hex
    elif isinstance(action, A.UseAction):
        target = action.name
    else:
        return None
    return target if isinstance(target, str) else None


def _owed_choices(game: Game, p: Player, kind: str) -> list[A.Action]:
    """The choices that settle one thing `p` owes."""
    s = game.state
    if kind == "color":
        if s.phase == "play":
            return [A.PickColor(c) for c in TERRAINS if c not in game.home_colors(p) and c != p.home]
        taken = game.colors_taken(exclude=p, picking=True)
        return [A.PickColor(c) for c in TERRAINS if c not in taken]
    if kind == "lose-cult":
        return [_cult_step(c, -p.lose_cult_owed) for c in CULTS if p.cult[c] >= p.lose_cult_owed]
    if kind == "unlock":
        out = []
        locked = p.faction.special["locked_terrain"]
        for c in TERRAINS:
            if c not in p.unlocked:
                rule = locked[c]["home" if c in game.home_colors(p) else "not_home"]
                if _affordable(p, rule.get("cost", {})):
                    out.append(A.UnlockTerrain(c))
        out.append(A.UnlockTerrain("gain-priest"))
        return out
    if kind == "p3":
        return ([A.TokenForVP(True)] if p.VP >= 1 else []) + [A.TokenForVP(False)]
    if kind == "leech":
        out = []
        for offer in p.leech_offers:
            answers = [_leech(offer.amount, offer.source), _decline(offer.amount, offer.source)]
            out += [a for a in answers if a not in out]  # two offers alike are answered alike
        return out
    if kind == "favor":
        return [_take_tile(f) for f, n in s.favor_pool.items() if n > 0 and f not in p.favors]
    if kind == "town":
        return [_take_tile(t) for t, n in s.town_pool.items() if n > 0]
    if kind == "cult":
        n = p.cult_steps if p.cult_steps_same_track else 1
        return [_cult_step(c, n) for c in CULTS]
    raise ValueError(kind)


#: The kinds of action that settle each thing owed (`_owed_choices`): a listing of one kind of
#: action skips what cannot give it.
_SETTLED_BY = {
    "leech": (A.Leech, A.Decline), "color": (A.PickColor,), "lose-cult": (A.CultStep,),
    "unlock": (A.UnlockTerrain,), "p3": (A.TokenForVP,), "favor": (A.TakeTile,), "town": (A.TakeTile,),
    "cult": (A.CultStep,),
}
#: Kinds of action that are never the main action or a follow-up (`_main_actions`, `_followups`).
_NEVER_AN_ACTION = frozenset({A.Convert, A.Connect, A.Burn, A.DiscardSpade, A.Done, A.Leech, A.Decline,
                              A.TakeTile, A.CultStep, A.PickColor, A.UnlockTerrain, A.TokenForVP})
#: What a listing of everything asks for (the commonest ask: found without a look-up).
_ASK_ALL = _ask(None)

# The answers listed again and again, each made once (actions are immutable values).
_cult_step = cache(A.CultStep)
_leech = cache(A.Leech)
_decline = cache(A.Decline)
_take_tile = cache(A.TakeTile)


def _turn_actions(game: Game, p: Player, asked: _Asked, at: str | None = None) -> list[A.Action]:
    """What the player whose turn it is may do: the main action (or what is left of it), free
    conversions, ending the turn."""
    t = game.state.turn
    if t.closed or asked.no_action:  # passed or picked a colour: only ending the turn is left
        out = []
    elif t.actions > 0:
        out = _main_actions(game, p, asked, at)
    else:
        out = _followups(game, p, asked, at) if t.followups else []  # (most often nothing is left)
        if game.alone_in_round(p):  # the last player in the round may start a new action at once
            out += _new_action(game, p, asked, at, out)
    if asked.free and not t.closed:
        _add_free_actions(game, p, out)
    if asked.discard and p.spades and t.actions == 0 and game.may_discard_spades(p):
        out.append(_discard(p.spades))  # spades are used or thrown away, never lost silently
    # (not with the action left; the turn's player in the action phase: `can_end_turn`'s checks
    # of those are known to hold)
    if asked.done and not t.actions and game._turn_may_end(p):
        out.append(_DONE)
    return out


_DONE = A.Done()
_discard = cache(A.DiscardSpade)


def _new_action(game: Game, p: Player, asked: _Asked, at: str | None, followups: list[A.Action]) -> list[A.Action]:
    """The main actions that start a new action of the last player in the round, besides the
    `followups` of the current one listed already: a build, transform, dig or upgrade while one
    is still owed to this action is that follow-up."""
    main = _main_actions(game, p, asked, at)
    owed = _owed_followup_kinds(game.state.turn.followups)
    if not followups and not owed:  # (most often nothing of the action is left: nothing to leave out)
        return main
    listed = set(followups)  # (a set: the follow-ups can be many transforms, the actions many more)
    return [a for a in main if a not in listed and type(a) not in owed]


def _owed_followup_kinds(f: dict[str, int]) -> set[type]:
    """The classes of action that would be a follow-up still owed (`f`: the turn's follow-ups)."""
    if not f:
        return set()
    return {cls for cls, keys in _FOLLOWUP_KINDS.items() if any(f.get(k, 0) > 0 for k in keys)}


# ---------------------------------------------------------------- main actions


def _main_actions(game: Game, p: Player, asked: _Asked, at: str | None = None) -> list[A.Action]:
    s = game.state
    out: list[A.Action] = []
    if asked.build or asked.transform or asked.dig:
        reach = _reach(game, p, at)
        if asked.build:
            out += _builds(game, p, reach) if at is not None else _kept(game, _BUILDS_KEY, p, _builds, reach)
        if asked.transform or asked.dig:
            transforms = _transforms(game, p, reach=reach, first=asked.first_transform)
            out += transforms
            out += _digs(game, p, transforms)
    if asked.upgrade:
        out += _upgrades(game, p, at) if at is not None else _kept(game, _UPGRADES_KEY, p, _upgrades)
    if asked.use_action:
        out += _special_actions(game, p, at)
    if asked.priest and p.P > 0:
        spots, cult_of = s.cult_spots, p.cult
        for cult in CULTS:
            if cult_of[cult] < 10:
                out += _priests_for(cult, tuple(spots[cult]))
    if not asked.advance_or_pass:
        return out
    max_ship, (c, w, pr), max_dig, dig_needs = _advance_table[p.name]
    C, W, P = p.C, p.W, p.P
    if p.ship < max_ship and C >= c and W >= w and P >= pr:
        out.append(_SHIP)
    if dig_needs and p.dig < max_dig:
        c, w, pr = dig_needs
        if C >= c and W >= w and P >= pr:
            out.append(_DIG)
    if s.round == 6:
        out.append(_LAST_PASS)
    else:
        out += _PASSES[tuple(s.bonus_pool)]
    return out


_SHIP, _DIG = A.Advance("ship"), A.Advance("dig")
_PASS = _Made(A.Pass)  # bonus tile (None in the last round) -> the pass taking it
_LAST_PASS = _PASS[None]
#: the bonus tiles left (in the pool's order) -> a pass taking each
_PASSES = _Made(lambda tiles: tuple(map(_PASS.__getitem__, tiles)))


@_per_faction
def _advance_table(name: str) -> tuple[int, tuple[int, int, int], int, tuple[int, int, int] | None]:
    """Faction `name`'s top shipping level, a step's cost (`_needs`), its top digging level and a
    step's cost (None: no digging track, or a free one); game data, worked out once per faction."""
    f = faction(name)
    dig_cost = (f.digging or {}).get("advance_cost")
    return (f.max_ship, _needs(f.shipping.get("advance_cost") or {}), f.max_dig,
            _needs(dig_cost) if dig_cost else None)


def _kept(game: Game, keys: dict[str, str], p: Player, make, *args) -> tuple[A.Action, ...]:
    """`make(game, p, *args)`, a part of the main-action listing, kept with the state's listings
    under `keys[p.name]` (`_part_keys`): random play and a search ask for the builds and upgrades
    alone, then for everything."""
    key = keys[p.name]
    found = game._legal_cache.get(key)
    if found is None:
        found = game._legal_cache[key] = tuple(make(game, p, *args))
    return found


def _part_keys(part: str) -> dict[str, str]:
    """faction -> the key under which `part` of its listing is kept with the state's listings: a
    string, which a dict finds by its kept hash (a (part, faction) tuple was made and hashed at
    every look-up, a dozen times per main-action listing)."""
    return {name: f"{part} {name}" for name in ALL_FACTIONS}


_REACH_KEY, _FREE_KEY = _part_keys("reach"), _part_keys("free")
_BUILDS_KEY, _UPGRADES_KEY = _part_keys("builds"), _part_keys("upgrades")
_FOLLOWUP_BUILDS_KEY = _part_keys("followup builds")


def _special_actions(game: Game, p: Player, at: str | None = None) -> list[A.Action]:
    """Power actions, the bonus and favor tiles' actions and the factions' own actions (with
    `at`, only the one of that name)."""
    s = game.state
    out: list[A.Action] = []
    blocked, bowl3 = s.blocked, p.power[2]
    table = _power_actions_of(game, p)
    if bowl3 >= _LEAST_POWER[p.name]:  # (most often too little power for any of them)
        for act, cost, power in table:
            if at is not None and act != at:
                continue
            if (act not in blocked or game.may_reuse(p, act)) \
                    and (bowl3 >= power if power is not None else _affordable(p, cost)) \
                    and (act not in _BRIDGE_ACTIONS or _bridge_placeable(game, p, act)):
                out.append(_USE_ACTION[act])
    tiles = game.tile_actions(p)
    if tiles:
        forbidden = _forbidden_actions[p.name]
        used = p.actions_used
        for t in tiles:
            if t not in used and t not in forbidden and at in (None, t):
                out.append(_USE_ACTION[t])
    for act in game._faction_actions(p):
        if at not in (None, act):
            continue
        d = action_def(act)
        if not d.get("dont_block") and act in p.actions_used:
            continue
        cost, tokens = _faction_action_cost(act)
        if not _affordable(p, cost) or sum(p.power) < tokens:
            continue
        gain = d["gain"]
        if not _bridge_placeable(game, p, act):
            continue
        if "FREE_TP" in gain and (not p.counts["D"] or p.counts["TP"] >= p.faction.buildings["TP"]["count"]):
            continue
        if "FREE_D" in gain and (p.counts["D"] >= p.faction.buildings["D"]["count"] or not _has_free_home_hex(game, p)):
            continue
        out.append(_USE_ACTION[act])
    return out


_USE_ACTION = _Made(A.UseAction)


@_per_faction
def _forbidden_actions(name: str) -> frozenset[str]:
    """The actions faction `name` may never take (`Faction.forbids`; game data, once per faction)."""
    f = faction(name)
    return frozenset(n for n in (f.special.get("action") or {}) if f.forbids(n))


#: faction -> (power action, its cost for that faction, the power that cost is when it is power
#: alone, else None) for each power action it may take at all (static data: worked out once per
#: faction).
_POWER_TABLES: dict[str, tuple[tuple[str, dict, int | None], ...]] = {}


#: faction -> the least bowl III that may pay for one of its power actions: the least power one
#: costs when all cost power alone, else 0 (worked out with `_POWER_TABLES`)
_LEAST_POWER: dict[str, int] = {}


def _power_actions_of(game: Game, p: Player) -> tuple[tuple[str, dict, int | None], ...]:
    found = _POWER_TABLES.get(p.name)
    if found is None:
        found = _POWER_TABLES[p.name] = _power_table(game, p)
        powers = [power for _, _, power in found]
        _LEAST_POWER[p.name] = 0 if None in powers else min(powers, default=0)
    return found


def _power_table(game: Game, p: Player) -> tuple[tuple[str, dict, int | None], ...]:
    # (apart from `_power_actions_of`: its comprehensions would make cells at every call of that)
    forbidden = _forbidden_actions[p.name]
    costs = [(act, game.power_action_cost(p, act)) for act in POWER_ACTIONS if act not in forbidden]
    return tuple((act, cost, cost["PW"] if set(cost) == {"PW"} else None) for act, cost in costs)


@cache
def _faction_action_cost(act: str) -> tuple[dict, int]:
    """What a faction's own action costs in resources, and in power tokens removed (game data)."""
    cost = action_def(act)["cost"]
    return {k: v for k, v in cost.items() if k not in ("ALLOW_SHAPESHIFT", "PW_TOKEN")}, cost.get("PW_TOKEN", 0)


#: The actions that bring a bridge (ACT1, the Engineers' ACTE ...), from the game data.
_BRIDGE_ACTIONS = frozenset(n for n in raw()["actions_raw"] if "BRIDGE" in action_def(n)["gain"])


def _bridge_placeable(game: Game, p: Player, act: str) -> bool:
    """An action that brings a bridge needs a bridge left and a free slot to place it."""
    if act not in _BRIDGE_ACTIONS:
        return True
    return len(p.bridges) < BRIDGES_PER_FACTION and game.free_bridge_slot(p)


@cache
def _priests_for(cult: str, spots: tuple[str | None, ...]) -> tuple[A.Action, ...]:
    """Send a priest to the best free order space, to another free value, or for one step, with
    the order spaces `spots` (None: free; made once for each)."""
    values = [v for v, taken_by in zip(CULT_SPOT_VALUES, spots) if taken_by is None]
    out = [A.SendPriest(cult)]  # no free space: one step, the priest back to the supply
    if values:
        out += [A.SendPriest(cult, v) for v in sorted(set(values) - {values[0]}, reverse=True)]
        out.append(A.SendPriest(cult, 1))  # one step, the priest back to the supply
    return tuple(out)


def _digs(game: Game, p: Player, transforms: list[A.Action]) -> tuple[A.Action, ...]:
    """`dig N` before a transform or build: as many spades as `p` can pay for (every spade costs
    the same: the affordable ones are the first few) and the action's transformations can use:
    those left to a dig that follows up the action (`Game._use_subaction` takes the follow-up
    first, even with a full action left), else the one of the new action the dig starts."""
    if not transforms or not _can_dig(p):
        return ()
    most = 1 if p.home == "volcano" else MAX_SPADES
    f = game.state.turn.followups
    left = game.spade_transforms_left() if f.get("dig", 0) > 0 else 1
    reach = _reach(game, p)  # (the state's kept reach, not made again for each dig)
    return tuple(d for d in _DIGS[:min(most, _most_spades_dug(p, _NO_EXTRA))]
                 if game.dug_spades_fit(p, d.spades, left, reach))


_DIGS = tuple(A.Dig(n) for n in range(1, MAX_SPADES + 1))


#: The follow-ups of an action that a later action of that class uses up (see `_use_subaction`).
_FOLLOWUP_KINDS = {A.Build: ("build",), A.Transform: ("transform", "sandstorm"), A.Dig: ("dig",),
                   A.Upgrade: ("upgrade",)}


def _followups(game: Game, p: Player, asked: _Asked, at: str | None = None) -> list[A.Action]:
    f = game.state.turn.followups
    out: list[A.Action] = []
    if not f:  # (the common case: nothing of the action is left)
        return out
    reach = None
    if f.get("build", 0) > 0 and asked.build:
        reach = _reach(game, p, at)
        # (random play lists the builds and upgrades, then everything: made once per state)
        out += _followup_builds(game, p, reach) if at is not None \
            else _kept(game, _FOLLOWUP_BUILDS_KEY, p, _followup_builds, reach)
    if (f.get("transform", 0) > 0 or f.get("sandstorm", 0) > 0) and (asked.transform or asked.dig):
        reach = reach if reach is not None else _reach(game, p, at)
        transforms = _transforms(game, p, reach=reach, first=asked.first_transform)
        out += transforms
        if f.get("dig", 0) > 0:
            out += _digs(game, p, transforms)
    if f.get("bridge", 0) > 0 and len(p.bridges) < BRIDGES_PER_FACTION and asked.bridge:
        out += [A.PlaceBridge(*sorted(pair)) for pair in _bridge_slots(game, p)]
    if f.get("upgrade", 0) > 0 and asked.upgrade:
        out += _upgrades(game, p, at) if at is not None else _kept(game, _UPGRADES_KEY, p, _upgrades)
    return out


def _follows_the_spades(game: Game, p: Player, a: A.Transform) -> bool:
    """Whether transformation `a` may go on with the action's spades (`Game._transform` refuses
    it otherwise, by the same two rules)."""
    if game.home_only_next(p, a.color):
        return False
    t = game.state.turn
    if not t.dug or a.color == "volcano":  # (nothing dug can be stranded; a volcano takes no spades)
        return True
    left = max(0, p.spades - game.spades_needed(p, a.hex, a.color))  # (a shortfall is dug: none left)
    return not game.dug_spades_stranded(p, left, t.followups.get("transform", 0) - 1, (a.hex, a.color))


def _followup_builds(game: Game, p: Player, reach: dict[str, bool]) -> list[A.Action]:
    """The builds a follow-up of the action allows: after a transform, on a hex it transformed."""
    t = game.state.turn
    if t.transformed and t.followups.get("transform", 0) > 0:
        # a spade left (ACT6): building elsewhere transforms that hex with it
        return [b for b in _builds(game, p, reach) if b.hex in t.transformed
                or game.state.terrain[b.hex] not in (p.home, *p.unlocked)]
    return _builds(game, p, reach, t.transformed)


def _add_free_actions(game: Game, p: Player, out: list[A.Action]) -> None:
    """Conversions (every amount the player can afford) and burning, at any moment of the turn,
    added to `out` (the listing of the turn: no list of their own made and copied)."""
    # (coins and VP are given only by a few factions: for the others they are left out of what
    # the conversions are kept by, which their values change at nearly every action)
    gives = _gives[p.name]
    # (`max_priests` written out: Python 3.11 reads a property through its slow, generic look-up)
    out += _exchanges(p.name, p.C if "C" in gives else 0, p.W, p.P, p.VP if "VP" in gives else 0,
                      p.power[2], p.priest_limit - p.priests_on_cults, p.w_to_p)
    if p.name in _JOIN_ACROSS_RIVERS:
        out += _connects(game, p)
    out += _burns[p.power[1] // 2]


#: The factions whose towns may skip a river hex (the `joins_towns_across_rivers` ability).
_JOIN_ACROSS_RIVERS = frozenset(f for f in ALL_FACTIONS if ability(f, "joins_towns_across_rivers"))


@_per_faction
def _gives(name: str) -> frozenset[str]:
    """What faction `name` may give in a conversion (game data: once per faction)."""
    return frozenset(give for give, _ in conversion_rates(name))


def _exchanges(name: str, C: int, W: int, P: int, VP: int, bowl3: int, max_priests: int,
               w_to_p: int) -> tuple[A.Action, ...]:
    """The conversions of faction `name` with these resources: those paid with power, made once
    for each bowl III and room for priests, then the others, made once for each set of resources
    they take (an end-of-turn listing is little else, and random play and searches meet the same
    values often: kept apart, each is found made more often than both together), then the
    Darklings' workers into priests."""
    out = _power_exchanges(name, bowl3, max_priests - P) + _other_exchanges(name, C, W, P, VP)
    if w_to_p:
        out += _conversions(1, "W", "P", min(w_to_p, W))
    return out


@lru_cache(maxsize=4096)
def _power_exchanges(name: str, bowl3: int, room: int) -> tuple[A.Action, ...]:
    out: list[A.Action] = []
    for give, get, rate, capped, first in _exchange_table[name][0]:
        most = bowl3 // rate
        if capped:
            most = min(most, room)
        if most > 0:
            out += first[:most] if most <= _FIRST else _conversions(rate, give, get, most)
    return tuple(out)


@lru_cache(maxsize=20000)
def _other_exchanges(name: str, C: int, W: int, P: int, VP: int) -> tuple[A.Action, ...]:
    have = {"C": C, "W": W, "P": P, "VP": VP}
    out: list[A.Action] = []
    for give, get, rate, _, first in _exchange_table[name][1]:
        most = have[give] // rate
        if most > 0:
            out += first[:most] if most <= _FIRST else _conversions(rate, give, get, most)
    return tuple(out)


#: How many units of each conversion `_exchange_table` holds made (more are made when asked for).
_FIRST = 64


@_Made
def _exchange_table(name: str) -> tuple[tuple[tuple[str, str, int, bool, tuple[A.Action, ...]], ...], ...]:
    """For each conversion of faction `name` (in the order of `conversion_rates`: those giving
    power first, then the others, as two tables): what it gives and gets, how many it gives for
    one, whether the priests it brings are capped by the priests left (the Riverwalkers' become
    unlocks), and its conversions of 1 to _FIRST units, of which a listing takes the first few
    (game data: once per faction; slicing is quicker than a cached call per conversion, and a new
    set of resources lists them all again)."""
    priest_cap = not faction(name).special.get("locked_terrain")
    rows = [(give, get, rate, get == "P" and priest_cap, _conversions(rate, give, get, _FIRST))
            for (give, get), rate in conversion_rates(name).items()]
    power = tuple(row for row in rows if row[0] == "PW")
    others = tuple(row for row in rows if row[0] != "PW")
    if power + others != tuple(rows) or any(row[3] for row in others):
        raise ValueError(f"{name}: conversions giving power first, and only those capped, expected")
    return power, others


@cache
def _conversions(rate: int, give: str, get: str, most: int) -> tuple[A.Action, ...]:
    """Converting `rate` × n of `give` into n of `get`, for n from 1 to `most` (made once)."""
    return tuple(A.Convert(rate * n, give, n, get) for n in range(1, most + 1))


@_Made
def _burns(most: int) -> tuple[A.Action, ...]:
    return tuple(A.Burn(n) for n in range(1, most + 1))


def _connects(game: Game, p: Player) -> tuple[A.Action, ...]:
    """Mermaids: river hexes whose skipping founds a town now (kept by what that depends on: the
    map, the faction's buildings, river skips, towns and favor tiles (FAV5), and the bridges)."""
    s = game.state
    key = (s.map_key, p.name, tuple(p.buildings.items()), tuple(p.connects), frozenset(p.town_hexes),
           tuple(p.favors), tuple(s.bridges))
    found = _CONNECTS_SEEN.get(key)
    if found is None:
        if len(_CONNECTS_SEEN) >= _REACH_SEEN_MAX:
            _CONNECTS_SEEN.clear()
        found = _CONNECTS_SEEN[key] = tuple(_town_connects(game, p))
    return found


_CONNECTS_SEEN: dict[tuple, tuple[A.Action, ...]] = {}


def _town_connects(game: Game, p: Player) -> list[A.Action]:
    out = []
    for river in game.board.rivers:
        if river in p.connects:
            continue
        own = game.beside_river(p, river)
        if len(own) >= 2 and game.would_found_town(p, own[0], river):
            out.append(A.Connect(river))
    return out


def _free_home_hexes(game: Game, p: Player) -> list[str]:
    s = game.state
    return [h for h in game.board.land if h not in s.owner and s.terrain[h] == p.home]


def _has_free_home_hex(game: Game, p: Player) -> bool:
    """`bool(_free_home_hexes(game, p))`, stopping at the first (asked at every listing of a
    faction whose action builds a free dwelling)."""
    owner, terrain, home = game.state.owner, game.state.terrain, p.home
    for h in game.board.land:
        if terrain[h] == home and h not in owner:
            return True
    return False


def _teleport_cost(game: Game, p: Player) -> dict | None:
    """What reaching a hex by tunnel or carpet costs `p` now: the same for every hex so reached
    but the one this turn's tunnel or carpet already reached (which costs nothing more: its callers
    take it as reached directly); None when that one is used up on another hex, or `p` has none.
    Worked out once per listing, not for every hex."""
    t = game.state.turn
    tp = p.faction.teleport
    if t.teleported is not None or not tp:
        return None
    return dict(tp["cost_by_level"][game.teleport_cost_level(p)])


@cache
def _dig_cost(name: str, level: int, spades: int) -> dict:
    """What digging `spades` costs faction `name` at digging level `level` (a shared dict: never
    changed; asked as `_dig_cost(p.name, p.dig, n)`)."""
    return {k: v * spades for k, v in faction(name).spade_cost(level).items()}


def _builds(game: Game, p: Player, reach: dict[str, bool], transformed: set[str] | None = None) -> list[A.Action]:
    """Dwellings `p` can build now; after a transform in this action (`transformed`), only on a
    hex it transformed, with the spades held (one transformation per transform-and-build)."""
    s = game.state
    if p.counts["D"] >= p.faction.buildings["D"]["count"]:
        return []
    if p.free_dwelling:
        return [_BUILD[h] for h in _free_home_hexes(game, p)] if not p.spades else []
    base = p.faction.cost("D")
    c, w, pr = _dwelling_needs[p.name]
    if p.C < c or p.W < w or p.P < pr:
        return []  # every way of building pays at least this (digging, tunnels and carpets add to it)
    if transformed:  # (the hexes transformed, in the board order of `reach`)
        reach = _narrowed(reach, transformed, game.board.land_index)
    sandstorm = s.turn.followups.get("sandstorm", 0) > 0
    can_dig = _can_dig(p) and not transformed
    owner, terrain_of = s.owner, s.terrain
    if not (sandstorm or p.unlocked or p.faction.teleport or p.home == "volcano"):
        # (most factions: every hex is reached the same way, so a terrain decides alone)
        free, terrains = _free_in_reach(game, p, reach)
        # spades affordable on top of the dwelling (digging costs the same per spade)
        dug = _most_spades_dug(p, base) if can_dig else 0
        key = (p.name, p.home, p.color, p.spades, dug)
        ok = _BUILDABLE.get(key, _UNSEEN)
        if ok is _UNSEEN:
            ok = _BUILDABLE[key] = _buildable_terrains(p, dug)
        if ok is not None:
            return _builds_on(free, terrain_of, ok) if ok else []
        # (some terrain needs more spades than one dig gives: whether they are affordable depends
        # on the resources, terrain by terrain)
        ok = set()
        home_spades = _SPADES_HOME.get((p.name, p.home, p.color)) or _spades_home(p)
        for terrain in terrains:
            verdict = _dwelling_on(p, terrain, home_spades, dug)
            if verdict or verdict is None and _can_build_on(p, terrain, base, can_dig, _NO_EXTRA):
                ok.add(terrain)
        return _builds_on(free, terrain_of, ok) if ok else []
    # terrain -> a dwelling (dug there) is affordable on a hex reached directly / by tunnel or
    # carpet (which costs extra); _HEX_BY_HEX: it depends on the hex
    direct: dict[str, object] = {}
    tunnelled: dict[str, object] = {}
    teleported = s.turn.teleported
    teleport = _teleport_cost(game, p)
    out = []
    for h, by_teleport in reach.items():
        if h in owner:
            continue
        terrain = terrain_of[h]
        if p.unlocked and terrain not in p.unlocked:
            continue
        if by_teleport and teleported != h:
            if teleport is None:
                continue
            extra, by_terrain = teleport, tunnelled
        else:  # (most hexes: reached without a tunnel or carpet, or this turn's one again)
            extra, by_terrain = _NO_EXTRA, direct
        ok = by_terrain.get(terrain)
        if ok is None:
            if terrain == p.home or p.unlocked:
                ok = not p.spades and _affordable(p, base, extra)
            elif terrain in ("ice", "volcano"):
                ok = False
            elif sandstorm or p.home == "volcano":
                ok = _HEX_BY_HEX
            else:
                ok = _can_build_on(p, terrain, base, can_dig, extra)
            by_terrain[terrain] = ok
        if ok is _HEX_BY_HEX:
            if sandstorm:
                ok = not p.spades and _borders(owner, game.board.land_neighbours[h], p.name) \
                    and _affordable(p, base, extra)
            else:
                ok = not p.spades and _volcano_payable(game, p, h) and _affordable(p, base, extra)
        if ok:
            out.append(_BUILD[h])
    return out


def _buildable_terrains(p: Player, dug: int) -> frozenset[str] | None:
    """The terrains on which `_builds`' loop (most factions) allows a dwelling to `p`, holding
    `p.spades` and able to pay for `dug` more, whatever the resources (the dwelling's own cost is
    affordable); None when a terrain needs more than MAX_SPADES besides those held (its answer
    depends on the resources)."""
    home_spades = _SPADES_HOME.get((p.name, p.home, p.color)) or _spades_home(p)
    ok = set()
    for terrain in (*TERRAINS, "ice", "volcano"):  # (every terrain a hex can have)
        verdict = _dwelling_on(p, terrain, home_spades, dug)
        if verdict is None:
            return None
        if verdict:
            ok.add(terrain)
    return frozenset(ok)


def _dwelling_on(p: Player, terrain: str, home_spades: dict[str, int], dug: int) -> bool | None:
    """Whether `p`, holding `p.spades` and able to pay for `dug` more, may build a dwelling on
    `terrain` (the dwelling's own cost is affordable); None when the terrain needs more than
    MAX_SPADES besides those held (`_can_build_on` answers by the resources)."""
    if terrain == p.home:
        return not p.spades
    if terrain in ("ice", "volcano"):
        return False
    missing = home_spades[terrain] - p.spades
    if missing > MAX_SPADES:
        return None
    return 0 <= missing <= dug


#: (faction, home, colour, spades held, spades affordable) -> `_buildable_terrains` (None too).
_BUILDABLE: dict[tuple, frozenset[str] | None] = {}
_UNSEEN = object()


def _narrowed(reach: dict[str, bool], hexes: set[str], land_index: dict[str, int]) -> dict[str, bool]:
    """The entries of `reach` for `hexes`, in board order."""
    return {h: reach[h] for h in sorted(hexes & reach.keys(), key=land_index.__getitem__)}


def _builds_on(free: list[str], terrain_of: dict[str, str], ok: set[str]) -> list[A.Action]:
    """The builds on the hexes of `free` whose terrain is in `ok`."""
    return [_BUILD[h] for h in free if terrain_of[h] in ok]


def _borders(owner: dict[str, str], neighbours, name: str) -> bool:
    """Whether one of `neighbours` holds a building of `name`."""
    for n in neighbours:
        if owner.get(n) == name:
            return True
    return False


#: (faction, home, colour) -> terrain -> the spades it takes to turn it into the home terrain,
#: for every colour of the wheel (what `spades_to_turn` depends on: worked out once for each)
_SPADES_HOME: dict[tuple, dict[str, int]] = {}


def _spades_home(p: Player) -> dict[str, int]:
    table = _SPADES_HOME[p.name, p.home, p.color] = {terrain: spades_to_turn(p, terrain, p.home)
                                                     for terrain in TERRAINS}
    return table


#: The extra cost of reaching a hex without a tunnel or carpet (shared: never changed).
_NO_EXTRA: dict = {}
#: `_builds`' mark for terrains whose answer depends on the hex (the sandstorm, a volcano's price).
_HEX_BY_HEX = object()


def _can_build_on(p: Player, terrain: str, base: dict, can_dig: bool, extra) -> bool:
    """A dwelling on `terrain` with the spades it still needs dug now (and a tunnel/carpet cost);
    never with spades left over (they are all used before building)."""
    missing = spades_to_turn(p, terrain, p.home) - p.spades
    if missing < 0:
        return False
    if missing == 0:
        return _affordable(p, base, extra)
    if not can_dig:
        return False
    cost = dict(base)
    for k, v in _dig_cost(p.name, p.dig, missing).items():
        cost[k] = cost.get(k, 0) + v
    return _affordable(p, cost, extra)


_BUILD = _Made(A.Build)


@_per_faction
def _dwelling_needs(name: str) -> tuple[int, int, int]:
    """What a dwelling costs faction `name` (`_needs`; game data, once per faction)."""
    return _needs(faction(name).cost("D"))


def _reach(game: Game, p: Player, at: str | None = None) -> dict[str, bool]:
    """`game.reach_map(p)` in board order, kept with the state's listings (the builds,
    transforms and digs of one listing, and the listings of one kind that `apply` and a search
    ask for, share it) and looked up by what reach depends on (most actions change no one's
    reach: a conversion, a neighbour's build, a new turn); with `at`, just that hex's entry."""
    if at is not None:
        if not game.board.is_land(at):
            return {}
        reached, by_teleport = game.reach(p, at)
        return {at: by_teleport} if reached else {}
    key = _REACH_KEY[p.name]
    found = game._legal_cache.get(key)
    if found is None:
        s = game.state
        # A player's buildings and towns and the map's bridges are only ever added to, so within
        # this player's own history (this object, its copies and the snapshots it is restored
        # from) their counts tell them apart: the reach kept with the player is still right
        # while the counts and shipping (with BON4) and tunnel or carpet levels are the same,
        # as they are after most actions. (Cheaper than the full inputs, made and hashed.)
        mark = (len(p.buildings), p.ship + p.ship_bonus, p.teleport_level, len(p.towns), len(s.bridges))
        kept = p.reach_kept
        if kept is not None and kept[0] == mark:
            found = kept[1]
        else:
            found = _reach_of(game, p)
            p.reach_kept = (mark, found)
        game._legal_cache[key] = found
    return found


def _reach_of(game: Game, p: Player) -> dict[str, bool]:
    """`game.reach_map(p)` in board order, looked up by what reach depends on."""
    s = game.state
    inputs = (s.map_key, p.name, tuple(p.buildings), p.ship + p.ship_bonus, p.teleport_level,
              tuple(p.towns), tuple(s.bridges))
    found = _REACH_SEEN.get(inputs)
    if found is None:
        if len(_REACH_SEEN) >= _REACH_SEEN_MAX:
            _REACH_SEEN.clear()
        reach = game.reach_map(p)
        in_board_order = sorted(reach, key=game.board.land_index.__getitem__)
        found = _REACH_SEEN[inputs] = dict(zip(in_board_order, map(reach.__getitem__, in_board_order)))
    return found


def _free_in_reach(game: Game, p: Player, reach: dict[str, bool]) -> tuple[list[str], set[str]]:
    """The hexes of `reach` with no building on them (in its order) and their terrains: the
    builds and transforms of one state share them (kept with the state's listings, for the
    `reach` object they were found in: a listing narrowed to a hex or to the hexes transformed
    passes another)."""
    key = _FREE_KEY[p.name]
    kept = game._legal_cache.get(key)
    if kept is not None and kept[0] is reach:  # (`kept` holds `reach`: its id is not reused)
        return kept[1], kept[2]
    s = game.state
    owner, terrain_of = s.owner, s.terrain
    free = list(filterfalse(owner.__contains__, reach))
    terrains = set(map(terrain_of.__getitem__, free))
    game._legal_cache[key] = (reach, free, terrains)
    return free, terrains


#: Reach maps already worked out, by everything `Terrain.reach_map` reads: the map, the faction
#: (its adjacency and teleport rules), its buildings' hexes, shipping (with BON4), tunnel or
#: carpet level, town tiles (TW7's carpet range) and the bridges on the map.  Shared, never changed.
_REACH_SEEN: dict[tuple, dict[str, bool]] = {}
_REACH_SEEN_MAX = 5000  # (about 0.5-2 kB each: a few MB at most)


def _volcano_payable(game: Game, p: Player, h: str) -> bool:
    effect = p.faction.special["volcano_effect"]["home" if game.state.terrain[h] in game.home_colors(p)
                                                  else "not_home"]
    if "LOSE_CULT" in effect:
        return max(p.cult.values()) >= effect["LOSE_CULT"]
    return sum(p.power) >= effect.get("LOSE_PW_TOKEN", 0)


def _can_dig(p: Player) -> bool:
    return bool(_spade_cost_by_level[p.name])  # (empty for a faction that cannot dig)


def _transforms(game: Game, p: Player, income: bool = False, reach: dict[str, bool] | None = None,
                first: bool = False) -> list[A.Action]:
    """The transformations `p` can make now (with `first`, just the first one found: whether
    there is any is all a `dig` needs)."""
    t = game.state.turn
    if income or not (t.dug or t.home_next) or t.followups.get("transform", 0) <= 0:
        return _transforms_found(game, p, income, reach, first)
    # (the action goes on with spades dug, or left after another terrain than home: rarely)
    out = [a for a in _transforms_found(game, p, income, reach) if _follows_the_spades(game, p, a)]
    return out[:1] if first else out


def _transforms_found(game: Game, p: Player, income: bool = False, reach: dict[str, bool] | None = None,
                      first: bool = False) -> list[A.Action]:
    s = game.state
    if p.unlocked:
        return []  # Riverwalkers never transform
    sandstorm = not income and s.turn.followups.get("sandstorm", 0) > 0
    can_dig = _can_dig(p)
    dug = None  # spades affordable with nothing else to pay (worked out once)
    if not sandstorm and p.home != "volcano":
        dug = 0 if income or not can_dig else _most_spades_dug(p, _NO_EXTRA)
        if not p.spades and not dug:
            return []  # every transformation takes a spade at least, and none can be had
    if reach is None:
        reach = _reach(game, p)
    out = []
    if dug is not None and not p.faction.teleport:
        # (most factions: every hex is reached the same way, so a terrain decides alone)
        terrain_of = s.terrain
        free = _free_in_reach(game, p, reach)[0]
        budget = p.spades + dug
        key = (p.name, p.home, p.color, budget)
        into = _INTO.get(key)
        if into is None:
            into = _INTO[key] = _transforms_by_terrain(p, budget)
        for h in free:
            transforms = into.get(terrain_of[h])
            if transforms is not None:
                out += transforms[h]
                if first:
                    break
        return out
    # terrain -> the colours it can be turned into on a hex reached directly / by tunnel or carpet
    # (which costs extra), and the spades held and affordable on top of each way's extra cost
    direct: dict[str, tuple[str, ...]] = {}
    tunnelled: dict[str, tuple[str, ...]] = {}
    budgets: dict[str, int] = {}  # "direct" or "tunnel" -> that budget
    teleport = _teleport_cost(game, p)
    for h, by_teleport in reach.items():
        if h in s.owner:
            continue
        current = s.terrain[h]
        if current in ("ice", "volcano"):
            continue
        if by_teleport and s.turn.teleported != h:
            if teleport is None:
                continue
            extra, by_terrain, way = teleport, tunnelled, "tunnel"
        else:
            extra, by_terrain, way = _NO_EXTRA, direct, "direct"
        if sandstorm:
            if current != p.home and _borders(s.owner, game.board.land_neighbours[h], p.name):
                out.append(A.Transform(h, p.home))
            continue
        if p.home == "volcano":
            if not income and _affordable(p, {}, extra) and _volcano_payable(game, p, h):
                out.append(A.Transform(h, "volcano"))
            continue
        # every hex of one terrain (reached the same way: a tunnel or carpet costs extra) allows
        # the same colours
        found = by_terrain.get(current)
        if found is None:
            if extra and not _affordable(p, extra):
                found = ()
            else:
                budget = budgets.get(way)
                if budget is None:
                    budget = budgets[way] = p.spades + (
                        0 if income or not can_dig else _most_spades_dug(p, extra))
                found = _turnable(p, current, budget)
            by_terrain[current] = found
        if found:
            out += _TRANSFORMS_INTO[found][h]
        if first and out:
            break
    return out


def _transforms_by_terrain(p: Player, budget: int) -> dict[str, dict]:
    """terrain -> the table of each hex's transforms into the colours `budget` spades turn it into
    (only the terrains turned into some colour; never ice or volcano)."""
    into = {}
    for terrain in TERRAINS:
        found = _turnable(p, terrain, budget)
        if found:
            into[terrain] = _TRANSFORMS_INTO[found]
    return into


#: (faction, home, colour, spades) -> `_transforms_by_terrain` (what it depends on: made once).
_INTO: dict[tuple, dict[str, dict]] = {}


#: colours -> hex -> the transforms of the hex into each colour (a table per set of colours:
#: found by the hex alone, whose hash is kept, instead of by a new (hex, colours) tuple)
_TRANSFORMS_INTO = _Made(lambda colours: _Made(lambda h: tuple(A.Transform(h, colour) for colour in colours)))


def _most_spades_dug(p: Player, extra) -> int:
    """How many spades `p` can pay for now (0 to MAX_SPADES), on top of `extra`: every spade costs
    the same, so each resource a spade takes pays for so many, and the fewest is the most."""
    most = MAX_SPADES
    for key, n in _spade_cost_by_level[p.name][p.dig]:
        can = ((p.power[2] if key == "PW" else getattr(p, key, 0)) - extra.get(key, 0)) // n
        if can < most:
            most = can
    if most <= 0:
        return 0
    if extra:
        per_spade = _dig_cost(p.name, p.dig, 1)
        for key, n in extra.items():  # (what no spade takes must be affordable too)
            if n and not per_spade.get(key) and (p.power[2] if key == "PW" else getattr(p, key, 0)) < n:
                return 0
    return most


@_per_faction
def _spade_cost_by_level(name: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Digging level -> what one spade costs faction `name` ((resource, n) for each n > 0), for
    every level it can reach (game data, once per faction: `_most_spades_dug` reads it at most
    main-turn listings)."""
    f = faction(name)
    if not f.digging or f.digging["cost_per_spade_by_level"] is None:
        return ()  # (no digging at all: the Riverwalkers)
    return tuple(tuple((k, v) for k, v in f.spade_cost(level).items() if v) for level in range(f.max_dig + 1))


#: (faction, home, colour, terrain, spades) -> the colours that many spades turn the terrain into.
_TURNABLE: dict[tuple, tuple[str, ...]] = {}


def _turnable(p: Player, current: str, budget: int) -> tuple[str, ...]:
    """The colours `budget` spades turn `current` into, for `p` (what `spades_to_turn` depends on:
    the faction, its home terrain and chosen colour), worked out once."""
    key = (p.name, p.home, p.color, current, budget)
    found = _TURNABLE.get(key)
    if found is None:
        found = _TURNABLE[key] = _turned_into(p, current, budget)
    return found


def _turned_into(p: Player, current: str, budget: int) -> tuple[str, ...]:
    # (apart from `_turnable`: its comprehension would make cells at every call of that)
    targets = TERRAINS + (("ice",) if p.home == "ice" else ())
    return tuple(target for target in targets if target != current and spades_to_turn(p, current, target) <= budget)


def _upgrades(game: Game, p: Player, at: str | None = None) -> list[A.Action] | tuple[A.Action, ...]:
    # the upgrades each kind of building allows (in the order of `UPGRADES`): (building it
    # replaces, building, True) when it is allowed, or (..., "with_neighbour") for a trading
    # house affordable only next to another faction (double coins without one)
    C, W = p.C, p.W
    least_c, least_w = _upgrade_floor[p.name]
    if (C < least_c or W < least_w) and not p.free_tp:
        return []  # (too few coins or workers for any upgrade: most listings, the loop is not needed)
    allowed = []
    counts = p.counts
    P = p.P
    for to, frm, limit, (c, w, pr), lonely_c in _upgrade_table[p.name]:
        if counts[to] >= limit or not counts[frm]:  # (none left, or nothing to upgrade)
            continue
        if p.free_tp:
            ok = to == "TP"
        elif C < c or W < w or P < pr:
            ok = False
        elif lonely_c is not None:
            ok = True if C >= lonely_c else "with_neighbour"
        else:
            ok = True
        if ok:
            allowed.append((frm, to, ok))
    if not allowed:
        return []
    if at is not None:
        return _upgrades_on(game, p, allowed, ((at, p.buildings.get(at)),))
    # (the same buildings and the same upgrades allowed give the same listing, unless one depends
    # on the neighbours: a player's buildings change only with their own builds, and what they
    # can afford often stays the same from one listing to the next)
    buildings = p.buildings  # (the hexes and the kinds as two tuples: no pair made per building)
    key = (p.name, tuple(allowed), tuple(buildings), tuple(buildings.values()))
    found = _UPGRADES_SEEN.get(key)
    if found is None:
        found = tuple(_upgrades_on(game, p, allowed, p.buildings.items()))
        if all(ok is True for _, _, ok in allowed):
            if len(_UPGRADES_SEEN) >= _REACH_SEEN_MAX:
                _UPGRADES_SEEN.clear()
            _UPGRADES_SEEN[key] = found
    return found  # (a tuple, never changed: `_kept` keeps it as it is)


#: Upgrade listings already worked out, by the faction, the upgrades allowed (none depending on
#: the neighbours) and the faction's buildings.  Shared, never changed.
_UPGRADES_SEEN: dict[tuple, tuple[A.Action, ...]] = {}


def _upgrades_on(game: Game, p: Player, allowed: list[tuple[str, str, bool | str]], buildings) -> list[A.Action]:
    """The upgrades `allowed` of the `buildings` (hex, kind) of `p`, in their order."""
    by_kind: dict[str, list[tuple[str, bool | str]]] = {}
    for frm, to, ok in allowed:
        by_kind.setdefault(frm, []).append((_UPGRADE_TO[to], ok))
    out = []
    for h, kind in buildings:
        for upgrade_to, ok in by_kind.get(kind, ()):
            if ok == "with_neighbour" and not _has_other_neighbour(game, h, p.name):
                continue  # no neighbour: the trading house costs double coins
            out.append(upgrade_to[h])
    return out


def _has_other_neighbour(game: Game, h: str, name: str) -> bool:
    """Whether a building of another faction than `name` is next to `h` (bridges included)."""
    owner = game.state.owner
    for n in game.adjacent(h):
        other = owner.get(n)
        if other is not None and other != name:
            return True
    return False


@_per_faction
def _upgrade_table(name: str) -> tuple[tuple[str, str, int, tuple[int, int, int], int | None], ...]:
    """For each upgrade (in the order of `UPGRADES`): the building, the building it replaces, how
    many faction `name` may build, what one costs (`_needs`), and for a trading house the coins
    it costs with no other faction next to it (double coins); game data, worked out once per
    faction."""
    f = faction(name)
    return tuple((to, frm, f.buildings[to]["count"], _needs(f.cost(to)),
                  2 * f.cost("TP").get("C", 0) if to == "TP" else None)
                 for to, frm in UPGRADES.items())


@_per_faction
def _upgrade_floor(name: str) -> tuple[int, int]:
    """The fewest coins and the fewest workers an upgrade costs faction `name`: with less of
    either, none is affordable (game data, once per faction)."""
    costs = [_needs(faction(name).cost(to)) for to in UPGRADES]
    return min(c for c, _, _ in costs), min(w for _, w, _ in costs)


def _needs(cost: dict) -> tuple[int, int, int]:
    """A building's or a track's cost as (coins, workers, priests), compared with the player's
    at once instead of key by key (`_affordable`): in the game data such costs ask for nothing
    else."""
    if not cost.keys() <= {"C", "W", "P"}:
        raise ValueError(f"a cost of coins, workers and priests expected: {cost}")
    return cost.get("C", 0), cost.get("W", 0), cost.get("P", 0)


#: building -> hex -> the upgrade there to that building (a table per building: found by the
#: hex alone, whose hash is kept, instead of by a new (hex, building) tuple)
_UPGRADE_TO = _Made(lambda to: _Made(lambda h: A.Upgrade(h, to)))


def _bridge_slots(game: Game, p: Player) -> list[frozenset[str]]:
    """The free bridge slots with an end on a building of `p`, in the board's order of slots."""
    bridges, slots_at = game.state.bridges, game.board.bridge_slots_at
    # (found from p's buildings, as `free_bridge_slot` does, instead of asking every slot of the
    # map who owns each of its ends)
    mine = {pair for h in p.buildings for pair in slots_at.get(h, ()) if pair not in bridges}
    return [pair for pair in _slots_in_order(game.board.bridge_slots) if pair in mine]


@cache
def _slots_in_order(slots: frozenset[frozenset[str]]) -> tuple[frozenset[str], ...]:
    return tuple(sorted(slots, key=sorted))


# ---------------------------------------------------------------- notation variants


def canonical(game: Game, name: str | None, action: A.Action) -> A.Action:
    """The listed form of an action written another way in the notation (a transform without a
    colour, a priest sent to the space it would take anyway, a river joined by its two hexes)."""
    rewrite = _REWRITES.get(type(action))
    if rewrite is None:
        return action  # (a kind with one written form)
    p = game.state.players.get(name)
    if p is None:
        return action
    return rewrite(game, p, action)


def _transform_form(game: Game, p: Player, action: A.Transform) -> A.Action:
    s = game.state
    color = "gray" if action.color == "grey" else action.color
    if color is None and action.hex in s.terrain and s.terrain[action.hex] not in ("ice", "volcano"):
        try:
            color = game._closest_to_home(p, action.hex)
        except Exception:
            return action
    return action if color == action.color else A.Transform(action.hex, color)


def _priest_form(game: Game, p: Player, action: A.SendPriest) -> A.Action:
    cult = action.cult.upper()
    spot = action.spot
    if spot is not None and cult in game.state.cult_spots and spot == game.priest_space(cult):
        spot = None  # the space it would take anyway
    return action if (cult, spot) == (action.cult, action.spot) else A.SendPriest(cult, spot)


def _bridge_form(game: Game, p: Player, action: A.PlaceBridge) -> A.Action:
    return A.PlaceBridge(*sorted((action.a, action.b)))


def _answer_form(game: Game, p: Player, action: A.Leech | A.Decline) -> A.Action:
    if action.source is not None:
        for offer in p.leech_offers:
            if offer.source == action.source.lower() and action.amount in (offer.amount, game.leech_amount(p, offer)):
                return type(action)(offer.amount, offer.source)
    return action


def _convert_form(game: Game, p: Player, action: A.Convert) -> A.Action:
    give, get = action.give.upper(), action.get.upper()
    if give == action.give and get == action.get:
        return action  # (the listed object itself: `apply` finds it at once)
    return A.Convert(action.give_n, give, action.get_n, get)


def _connect_form(game: Game, p: Player, action: A.Connect) -> A.Action:
    if ":" in action.river:
        x, y = action.river.split(":", 1)
        common = [r for r in game.board.neighbours.get(x, ()) if r in game.board.neighbours.get(y, ())
                  and game.board.cells[r].is_river]
        if common:
            return A.Connect(common[0])
    return action


def _upper_form(field: str):
    """The rewrite of a kind whose one field (a name) is listed in capitals."""
    def rewrite(game: Game, p: Player, action: A.Action) -> A.Action:
        value = getattr(action, field)
        return action if value.isupper() else replace(action, **{field: value.upper()})
    return rewrite


#: The kinds of action the notation writes in more than one way, and how each is listed.
_REWRITES = {
    A.Transform: _transform_form,
    A.SendPriest: _priest_form,
    A.PlaceBridge: _bridge_form,
    A.Leech: _answer_form,
    A.Decline: _answer_form,
    A.Convert: _convert_form,
    A.Connect: _connect_form,
    A.UseAction: _upper_form("name"),
    A.TakeTile: _upper_form("tile"),
    A.CultStep: _upper_form("cult"),
}


def _fill_faction_tables() -> None:
    for table, make in _FACTION_TABLES:
        table.update((name, make(name)) for name in ALL_FACTIONS)


_fill_faction_tables()
