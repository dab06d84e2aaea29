"""Rule cards: what a thing on the table is, and what it means for the player now, with numbers.

`card(game, faction, element)` takes an element of the map view as the view's hit-testing names
it (("hex", "C3"), ("power", "ACT2"), ("bowl", ("witches", 2)) ...) and returns a `Card`: a title,
one or two sentences of rule, the numbers for `faction` read from the engine's public API (its
state, faction boards, `reach`, `spades_needed`, `income_of`, its refusals), and the id of the
Rules-screen page that explains the rule in full.  No pygame; every string is translated.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmdesktop.app import describe, faction_texts, tile_texts
from tmdesktop.i18n import _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules.constants import CULT_POINTS, CULT_POWER, TOWN_MIN_BUILDINGS, TOWN_MIN_POWER, UPGRADES
from tmdesktop.rules.data import BUILDING_TYPES, action_def, tile
from tmdesktop.refusals import never_for
from tmdesktop.rules.errors import RuleError


@dataclass(frozen=True)
class Card:
    title: str
    what: list[str]  # the rule, in one or two sentences
    now: list[str] = field(default_factory=list)  # the numbers for the player looking
    page: str = "overview"  # the Rules screen's page for this rule


def card(game, faction: str | None, element) -> Card | None:
    """The card for `element` as `faction` sees it (None: no card for this kind of element)."""
    if not element:
        return None
    kind, key = element
    maker = _MAKERS.get(kind)
    if maker is None:
        return None
    try:
        return maker(game, faction if faction in game.state.players else None, key)
    except (KeyError, IndexError):  # a name the data does not know (an old save's tile): no card
        return None


# ---------------------------------------------------------------------- helpers

def _name(game, faction: str) -> str:
    return describe.faction(game, faction)


def _cost(d: dict) -> str:
    return tile_texts.gains({k: v for k, v in d.items() if k in ("C", "W", "P", "PW")}) or _("nothing")


def _holders(game, attr: str, name: str) -> list[str]:
    st = game.state
    return [_name(game, n) for n in st.seats if name in (getattr(st.players[n], attr) or ())]


def _refusal(game, faction: str, action: A.Action) -> str | None:
    """The engine's reason for refusing `action` now (None: it would be accepted)."""
    from tmdesktop.refusals import message

    try:
        after, reason = game.try_apply(faction, action)
    except Exception:  # an engine bug must not take the card down: nothing to say
        return None
    return None if after is not None else message(reason)


# ---------------------------------------------------------------------- the map

_BUILDING_RULES = {
    "D": lambda: _("A dwelling: the first building on a hex; each one adds to its owner's income."),
    "TP": lambda: _("A trading house, upgraded from a dwelling: coins and power each round; it costs fewer "
                    "coins beside another player's building."),
    "TE": lambda: _("A temple, upgraded from a trading house: a priest each round and a favor tile at once."),
    "SH": lambda: _("The stronghold, upgraded from a trading house: it unlocks the faction's special ability."),
    "SA": lambda: _("The sanctuary, upgraded from a temple: a favor tile at once; a town needs one building "
                    "less with it."),
}


def _hex(game, me, key) -> Card:
    st = game.state
    if not game.board.is_land(key):
        return Card(_("River {hex}").format(hex=key),
                    [_("Rivers cannot be built on. Shipping carries your reach across them, and a bridge joins "
                       "the land on both sides.")], [], "shipping")
    terrain = describe.terrain(st.terrain[key])
    owner = st.owner.get(key)
    if owner:
        return _building(game, me, key, owner, terrain)
    title = _("{hex} · {terrain}").format(hex=key, terrain=terrain[:1].upper() + terrain[1:])
    p = st.players[me] if me is not None else None
    unlocks = p is not None and bool(p.faction.special.get("locked_terrain"))  # the Riverwalkers: no spades
    if unlocks:
        what = [_("Your faction never transforms terrain: it builds on the terrains it has unlocked with "
                  "priests, on hexes its buildings reach across a river.")]
    else:
        what = [_("You build a dwelling on your home terrain; any other terrain is first transformed with spades, "
                  "one spade per step around the terrain wheel, the short way unless it passes your home "
                  "terrain.")]
    if p is None:
        return Card(title, what, [], "spades")
    now = []
    if st.phase == "dwellings":  # setup: starting dwellings cost nothing and need no reach
        now.append(_("Setup: your starting dwellings go free on hexes of your home terrain."))
        if st.setup_queue and st.setup_queue[0] == me:  # the engine says whether this one may take it
            why = _refusal(game, me, A.Build(key))
            now.append(_("Not here: {why}").format(why=why) if why else _("You may place one here."))
        elif st.terrain[key] != (p.color or p.home):
            now.append(_("This hex is not of your home terrain."))
        return Card(title, what, now, "building")
    if p.home == "volcano":  # Dragonlords, Acolytes: no spades, a price of their own
        now.append(_("Your faction turns a hex into volcano at its own price (see its faction board), not with "
                     "spades."))
        return _hex_end(game, me, key, title, what, now, None)
    if unlocks:
        now.append(_("You have unlocked this terrain: you may build here.") if st.terrain[key] in p.unlocked
                   else _("You have not unlocked this terrain."))
        return _hex_end(game, me, key, title, what, now, None)
    home = p.home if p.home else p.color
    try:
        spades = game.spades_needed(p, key, home) if home else 0
    except RuleError as exc:
        from tmdesktop.refusals import message

        spades = None
        now.append(message(exc))
    if spades == 0 and home:
        now.append(_("Your home terrain: no spades needed."))
    elif spades:
        now.append(_spades_line(st, p, spades))
    return _hex_end(game, me, key, title, what, now, spades)


def _spades_line(st, p, spades: int) -> str:
    """What the `spades` a hex needs cost `p` now: the spades held are used first, as the engine
    does, and only the rest are paid for (in a turn: not in the income spades' phase)."""
    held = min(p.spades, spades)
    more = spades - held
    if held and not more:
        return ngettext("{n} spade to turn it into your terrain: you hold it, nothing to pay",
                        "{n} spades to turn it into your terrain: you hold them, nothing to pay",
                        spades).format(n=spades)
    if held and st.phase != "play":
        return _("{n} spades to turn it into your terrain: {held} in hand, and no more can be paid for now").format(
            n=spades, held=held)
    cost = _cost({k: v * more for k, v in p.faction.spade_cost(p.dig).items()})
    if held:
        return _("{n} spades to turn it into your terrain: {held} in hand, {more} more for {cost} (digging level "
                 "{level})").format(n=spades, held=held, more=more, cost=cost, level=p.dig)
    return ngettext("{n} spade to turn it into your terrain: {cost} (digging level {level})",
                    "{n} spades to turn it into your terrain: {cost} (digging level {level})",
                    spades).format(n=spades, cost=cost, level=p.dig)


def _hex_end(game, me, key, title, what, now, spades) -> Card:
    """The lines every free land hex has: the dwelling's price, reach, and the engine's refusal."""
    st = game.state
    p = st.players[me]
    now.append(_("A dwelling costs {cost}.").format(cost=_cost(p.faction.cost("D"))))
    ok, by_tunnel = game.reach(p, key)
    if not ok and p.faction.teleport:  # Dwarves' tunnels, Fakirs' carpets
        n = game.teleport_range(p)
        now.append(ngettext("Out of your reach: it is not next to your buildings, and more than {n} hex lies "
                            "between it and them.",
                            "Out of your reach: it is not next to your buildings, and more than {n} hexes lie "
                            "between it and them.", n).format(n=n))
    elif not ok:
        now.append(_("Out of your reach: it is not next to your buildings, and your shipping ({n}) does not "
                     "get there.").format(n=p.ship + p.ship_bonus))
    elif by_tunnel:
        now.append(_("In reach only by your faction's special reach (it costs extra)."))
    else:
        now.append(_("In your reach."))
    if ok and (st.phase == "play"):
        why = _refusal(game, me, A.Build(key))
        if why and not (spades and st.turn.faction == me):  # a transform first is the normal way
            now.append(_("Not now: {why}").format(why=why))
    return Card(title, what, now, "spades")


def _building(game, me, key, owner, terrain) -> Card:
    st = game.state
    po = st.players[owner]
    kind = po.buildings[key]
    title = _("{hex} · {building} {of_faction}").format(hex=key, building=describe.building(kind),
                                                        of_faction=describe.of_faction(owner))
    value = game.building_power(po, kind)
    what = [_BUILDING_RULES[kind](), _power_value(value)]
    now = [_("On {terrain}.").format(terrain=terrain)]
    count = po.counts[kind]
    base, built = po.faction.income(kind, 0), po.faction.income(kind, count)
    income = {k: built.get(k, 0) - base.get(k, 0) for k in built}
    if tile_texts.gains(income):
        now.append(_("{building} {of_faction} ({n} built): {what} each round.").format(
            of_faction=describe.of_faction(owner), building=describe.building(kind), n=count, what=tile_texts.gains(income)))
    if me == owner:
        for to, frm in UPGRADES.items():
            if frm == kind and po.counts[to] < po.faction.buildings[to]["count"]:
                now.append(_upgrade_line(game, me, key, to))
        page = "upgrading"
    else:
        if me is not None and any(st.owner.get(n) == me for n in game.adjacent(key)):
            now.append(ngettext("Beside your buildings: when you build or upgrade next to it, {the_faction} may "
                                "take {n} power from it.",
                                "Beside your buildings: when you build or upgrade next to it, {the_faction} may "
                                "take {n} power from it.", value).format(the_faction=describe.the_faction(owner), n=value))
        page = "leech"
    if key in po.town_hexes:
        now.append(_("Part of a town."))
    return Card(title, what, now, page)


def _power_value(value: int) -> str:
    return ngettext("Power value {n}: it counts {n} towards a town, and when a neighbour builds beside it, its "
                    "owner may take {n} power.",
                    "Power value {n}: it counts {n} towards a town, and when a neighbour builds beside it, its "
                    "owner may take {n} power.", value).format(n=value)


def _building_kind(game, me, key) -> Card:
    """A kind of building on a player's board: how many are left, what one costs, what the next
    one adds to the income."""
    owner, kind = key
    p = game.state.players[owner]
    f = p.faction
    built, total = p.counts[kind], f.buildings[kind]["count"]
    now = [_("{left} of {total} left on the board ({n} built).").format(left=total - built, total=total, n=built)]
    frm = UPGRADES.get(kind)
    if frm:
        now.append(_("Upgraded from a {building}: {cost}").format(building=describe.building_in_sentence(frm),
                                                                   cost=_cost(f.cost(kind))))
        if kind == "TP":
            now[-1] += " " + _("(twice the coins with no other player's building beside it)")
    else:
        now.append(_("Costs {cost}.").format(cost=_cost(f.cost(kind))))
    if built < total:
        have, nxt = f.income(kind, built), f.income(kind, built + 1)
        gain = tile_texts.gains({k: nxt.get(k, 0) - have.get(k, 0) for k in nxt})
        now.append(_("The next one adds {what} to the income.").format(what=gain) if gain
                   else _("The next one adds nothing to the income."))
    title = _("{building} {of_faction}").format(building=describe.building(kind), of_faction=describe.of_faction(owner))
    what = [_BUILDING_RULES[kind](), _power_value(game.building_power(p, kind))]
    return Card(title, what, now, "upgrading" if frm else "building")


def _upgrade_line(game, me, key, to) -> str:
    """What upgrading costs: the engine's price now if it would accept the upgrade now, else the
    faction board's price (a trading house's coins double with no other player beside it)."""
    from tmdesktop.rules.preview import preview

    building = describe.building_in_sentence(to)
    d = preview(game, me, A.Upgrade(key, to))
    if d is not None:
        paid = {k: -getattr(d, k) for k in ("W", "C", "P") if getattr(d, k) < 0}
        return _("Upgrade to a {building} now: {cost}").format(building=building, cost=_cost(paid))
    line = _("Upgrade to a {building}: {cost}").format(building=building,
                                                       cost=_cost(game.state.players[me].faction.cost(to)))
    if to == "TP":
        line += " " + _("(twice the coins with no other player's building beside it)")
    return line


def _bridge(game, me, key) -> Card:
    a, b = sorted(key)
    return Card(_("Bridge between {a} and {b}").format(a=a, b=b),
                [_("A bridge joins two hexes across a river: they count as neighbours for reach, towns and "
                   "power.")], [], "digging_bridges")


# ---------------------------------------------------------------------- the supply

def _power(game, me, key) -> Card:
    st = game.state
    cost = action_def(key)["cost"].get("PW", 0)
    what = [_("Power actions are paid with power from bowl III; each one is taken by one player per round."),
            *tile_texts.explain(key)]
    now = [_("Taken this round.") if key in st.blocked else _("Free this round.")]
    never = never_for(me, key)
    if never:
        now.append(never)
    elif me is not None and cost:
        p = st.players[me]
        burn = p.power[1] // 2
        if p.power[2] >= cost:
            now.append(_("You have {n} power in bowl III: enough.").format(n=p.power[2]))
        elif p.power[2] + burn >= cost:
            now.append(ngettext("You have {n} power in bowl III: burn {k} token first.",
                                "You have {n} power in bowl III: burn {k} tokens first.",
                                cost - p.power[2]).format(n=p.power[2], k=cost - p.power[2]))
        else:
            now.append(_("You have {n} power in bowl III, {k} with burning: not enough.").format(
                n=p.power[2], k=p.power[2] + burn))
    return Card(describe.action_name(key), what, now, "power_actions")


def _tile_card(game, me, name: str, holder: str | None = None) -> Card:
    st = game.state
    lines = tile_texts.explain(name)
    if name.startswith("BON"):
        what = [_("Bonus tile: you take one when you pass; it gives its income in the next round, and you keep "
                  "it until you pass again.")]
        holders = [_name(game, n) for n in st.seats if st.players[n].bonus == name]
        now = []
        if name in st.bonus_pool:
            coins = st.bonus_pool.get(name, 0)
            now.append(ngettext("In the supply, with {n} coin on it.", "In the supply, with {n} coins on it.",
                                coins).format(n=coins) if coins else _("In the supply."))
        page = "bonus_tiles"
    elif name.startswith("FAV"):
        what = [_("Favor tile: you take one when you build a temple or the sanctuary; never two of the same.")]
        holders = _holders(game, "favors", name)
        now = [ngettext("{n} left in the supply.", "{n} left in the supply.", st.favor_pool.get(name, 0)).format(
            n=st.favor_pool.get(name, 0))]
        page = "favor_tiles"
    else:
        what = [_("Town tile: you take one when {n} or more of your connected buildings (3 if the sanctuary is "
                  "among them) have a total power value of {power} or more.").format(n=TOWN_MIN_BUILDINGS, power=TOWN_MIN_POWER)]
        holders = _holders(game, "towns", name)
        now = [ngettext("{n} left in the supply.", "{n} left in the supply.", st.town_pool.get(name, 0)).format(
            n=st.town_pool.get(name, 0))]
        page = "towns"
    if holders:
        now.append(_("Held by: {who}").format(who=", ".join(holders)))
    never = never_for(me, name)
    if never:
        now.append(never)
    return Card(describe.tile_name(name), what + lines, now, page)


def _held(game, me, key) -> Card:
    owner, name = key
    if name.startswith(("BON", "FAV", "TW")):
        return _tile_card(game, me, name)
    return _power(game, me, name) if name.startswith("ACT") and name[3:].isdigit() else Card(
        describe.action_name(name), tile_texts.explain(name), [], "special_actions")


def _round(game, me, key) -> Card:
    st = game.state
    n = st.score_tiles.index(key) + 1
    what = [_("Round scoring tile: during its round it pays VP for what it names; at the round's end it pays "
              "for your cult positions."), *tile_texts.explain(key)]
    if st.round == n and st.phase not in ("finished",):
        now = [_("This round's tile (round {n} of 6).").format(n=n)]
    elif st.round > n or st.phase == "finished":
        now = [_("Round {n}: already played.").format(n=n)]
    else:
        now = [_("Scores in round {n} of 6.").format(n=n)]
    if me is not None and n < 6 and st.round <= n and st.phase != "finished":
        from tmdesktop.rules.round_bonus import cult_bonus

        got = tile_texts.gains(cult_bonus(st, me, key))
        now.append(_("Your cults now would give you: {what}").format(what=got or _("nothing")))
    elif n == 6:
        now.append(_("The last round's tile pays no cult bonus."))
    return Card(describe.tile_name(key), what, now, "round_scoring")


def _final(game, me, key) -> Card:
    from tmdesktop.rules.final_scoring import final_tile_metric

    st = game.state
    lines = tile_texts.final_tile(key)
    now = [_("Now: {scores}").format(scores=", ".join(
        f"{_name(game, n)} {final_tile_metric(game, st.players[n], key)}" for n in st.seats))]
    return Card(lines[0], lines[1:], now, "final_scoring")


# ---------------------------------------------------------------------- cults

def _next_power(level: int) -> tuple[int, int] | None:
    return next(((space, pw) for space, pw in CULT_POWER if space > level), None)


def _cult_lines(game, me, cult: str) -> list[str]:
    st = game.state
    now = []
    if me is not None:
        level = st.players[me].cult[cult]
        now.append(_("You are on space {n}.").format(n=level))
        nxt = _next_power(level)
        if nxt:
            space, pw = nxt
            now.append(ngettext("Next: space {space}, {k} step away, gives {power}.",
                                "Next: space {space}, {k} steps away, gives {power}.", space - level).format(
                space=space, k=space - level, power=describe.amount(pw, "PW")))
            if space == 10:
                now.append(_("Space 10 needs a town key, and only one player can be there."))
    top = max((st.players[n].cult[cult] for n in st.seats), default=0)
    if top:
        leaders = [_name(game, n) for n in st.seats if st.players[n].cult[cult] == top]
        now.append(_("Leading at {n}: {who}").format(n=top, who=", ".join(leaders)))
    return now


def _cult(game, me, cult) -> Card:
    spaces = ", ".join(_("{power} at {space}").format(power=describe.amount(n, "PW"), space=space)
                       for space, n in CULT_POWER)
    what = [_("Priests, favor tiles and some tiles move your marker up. Reaching a space gives power once: "
              "{spaces}.").format(spaces=spaces),
            _("At the end, the first three on each track score {a}, {b} and {c} VP.").format(
                a=CULT_POINTS[0], b=CULT_POINTS[1], c=CULT_POINTS[2])]
    return Card(_("{cult} cult track").format(cult=describe.cult(cult)), what, _cult_lines(game, me, cult), "cults")


def _spot(game, me, key) -> Card:
    cult, value, index = key
    st = game.state
    what = [ngettext("An order space: a priest sent here stays for the rest of the game and moves you {n} step "
                     "up the track.",
                     "An order space: a priest sent here stays for the rest of the game and moves you {n} steps "
                     "up the track.", value).format(n=value),
            _("A priest can always move you 1 step instead; it then does not stay on the board.")]
    occupant = st.cult_spots[cult][index]
    now = [_("Taken {by_faction}.").format(by_faction=describe.by_faction(occupant)) if occupant else _("Free.")]
    if me is not None:
        now.append(ngettext("Priests in your supply: {n}", "Priests in your supply: {n}", st.players[me].P).format(
            n=st.players[me].P))
    return Card(_("{cult}: order space {n}").format(cult=describe.cult(cult), n=value), what,
                now + _cult_lines(game, me, cult), "priests")


# ---------------------------------------------------------------------- a player's board

_BOWL_RULES = {
    1: lambda: _("Power you gain first moves tokens from bowl I to bowl II."),
    2: lambda: _("When bowl I is empty, power you gain moves tokens from bowl II to bowl III. Burning: remove "
                 "one token of bowl II from the game to move another one to bowl III."),
    3: lambda: _("Only the tokens in bowl III can be spent (power actions, conversions); spent tokens go back "
                 "to bowl I."),
}


def _bowl(game, me, key) -> Card:
    owner, bowl = key
    p = game.state.players[owner]
    i, ii, iii = p.power
    roman = ("I", "II", "III")[bowl - 1]
    title = _("Power bowl {bowl} {of_faction}").format(bowl=roman, of_faction=describe.of_faction(owner))
    now = [_("Tokens: {a} in I, {b} in II, {c} in III.").format(a=i, b=ii, c=iii)]
    if i:
        now.append(_("Gaining power: the next {a} move tokens from I to II, then {b} more from II to III.").format(
            a=i, b=i + ii))
    elif ii:
        now.append(_("Gaining power: bowl I is empty, so the next {b} move tokens from II to III.").format(b=ii))
    burn = ii // 2
    if burn:
        now.append(ngettext("Burning now: at most {n} token, for {n} more power in bowl III.",
                            "Burning now: at most {n} tokens, for {n} more power in bowl III.", burn).format(n=burn))
    else:
        now.append(_("Burning now: not possible (fewer than 2 tokens in bowl II)."))
    now.append(_("Power to spend: {n} now, {m} after burning.").format(n=iii, m=iii + burn))
    return Card(title, [_BOWL_RULES[bowl]()], now, "power")


def _track(game, me, key) -> Card:
    owner, which = key
    p = game.state.players[owner]
    f = p.faction
    who = _name(game, owner)
    if which == "ship":
        title = _("Shipping {of_faction}: level {n}").format(of_faction=describe.of_faction(owner), n=p.ship + p.ship_bonus)
        what = [_("Shipping lets you reach land across rivers: level N reaches hexes across up to N river "
                  "hexes. At the end it also helps join your largest network.")]
        level, top, track, page = p.ship, f.max_ship, f.shipping, "shipping"
        now = [_("Bonus tile: +{n} while held.").format(n=p.ship_bonus)] if p.ship_bonus else []
    else:
        title = _("Digging {of_faction}: level {n}").format(of_faction=describe.of_faction(owner), n=p.dig)
        what = [_("Digging makes spades cheaper: each level lowers the workers one spade costs.")]
        level, top, track, page = p.dig, f.max_dig, f.digging or {}, "digging_bridges"
        now = [_("One spade costs {cost} now.").format(cost=_cost(f.spade_cost(p.dig)))] if f.digging and \
            f.digging.get("cost_per_spade_by_level") else []
    if not top:
        now.append(_("The {faction} cannot advance this track.").format(faction=who))
    elif level >= top:
        now.append(_("At the top level ({n}).").format(n=top))
    else:
        vp = (track.get("vp_on_reaching_level") or {}).get(str(level + 1), 0)
        now.append(_("Next level {n}: costs {cost}, gives {vp} VP.").format(
            n=level + 1, cost=_cost(track.get("advance_cost") or {}), vp=vp))
    return Card(title, what, now, page)


def _income(game, me, owner) -> Card:
    st = game.state
    p = st.players[owner]
    now = [_("Next round: {what}").format(what=tile_texts.gains(game.income_of(p)) or _("nothing"))]
    for kind in BUILDING_TYPES:
        got = tile_texts.gains(p.faction.income(kind, p.counts[kind]))
        if got:
            now.append(_("{building} ({n} built, faction board included): {what}").format(
                building=describe.building(kind), n=p.counts[kind], what=got))
    for name in ([p.bonus] if p.bonus else []) + list(p.favors):
        got = tile_texts.gains(tile(name)["income"])
        if got:
            now.append(f"{describe.tile_name(name)}: {got}")
    if st.phase == "play" and 1 <= st.round <= 5:
        from tmdesktop.rules.round_bonus import cult_bonus

        got = tile_texts.gains(cult_bonus(st, owner, st.score_tiles[st.round - 1]))
        if got:
            now.append(_("And at this round's end, from the cults: {what}").format(what=got))
    what = [_("At the start of each round every player takes the income their faction board shows: the "
              "spaces their buildings uncovered, plus bonus and favor tiles.")]
    return Card(_("Income {of_faction}").format(of_faction=describe.of_faction(owner)), what, now, "round_cycle")


def _player(game, me, owner) -> Card:
    what = [faction_texts.ability(owner)]
    if faction_texts.stronghold(owner):
        what.append(_("Stronghold: {what}").format(what=faction_texts.stronghold(owner)))
    p = game.state.players[owner]
    now = [_("{vp} VP, {c} coins, {w} workers, {pr} priests.").format(vp=p.VP, c=p.C, w=p.W, pr=p.P),
           _("Click to see the faction board")]
    if p.unlocked:  # the Riverwalkers: what they may build on
        now.insert(1, _("Terrains unlocked: {terrains}").format(
            terrains=describe.and_list([describe.terrain(t) for t in sorted(p.unlocked)])))
    elif p.color:  # a colour chosen in the setup, which the pieces' colour does not tell
        now.insert(1, _("Chosen terrain: {terrain}").format(terrain=describe.terrain(p.color)))
    return Card(_name(game, owner), what, now, "factions")


_MAKERS = {
    "hex": _hex, "bridge": _bridge, "power": _power,
    "bonus": lambda g, me, k: _tile_card(g, me, k), "favor": lambda g, me, k: _tile_card(g, me, k),
    "town": lambda g, me, k: _tile_card(g, me, k), "held": _held, "round": _round, "final": _final,
    "building": _building_kind, "cult": _cult, "spot": _spot, "bowl": _bowl, "track": _track, "income": _income, "player": _player,
}
