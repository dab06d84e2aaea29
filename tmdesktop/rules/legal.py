"""Every legal action for a faction's current decision.

The generator mirrors the engine's checks (reach, costs, limits) so that each listed action
applies without error; the property tests hold it to that.
"""

from __future__ import annotations

from . import actions as A
from .data import ALL_FACTIONS, CULTS, action_def, faction
from .constants import FACTION_OPTION, PW_RATES, UPGRADES
from .engine import Game
from .maps import TERRAINS
from .state import Player


def legal_actions(game: Game, name: str | None) -> list[A.Action]:
    s = game.state
    kind = game.decision(name)
    if kind is None:
        return []
    if kind == "factions":
        taken = game.colors_taken()
        kinds = {p.faction.home for p in s.players.values()} & {"ice", "volcano", "variable"}
        return [A.ChooseFaction(f) for f in ALL_FACTIONS
                if f not in s.players and faction(f).home not in taken | kinds
                and FACTION_OPTION.get(f) in (None, *s.options)]
    p = s.players[name]
    if kind == "color":
        if s.phase == "play":
            return [A.PickColor(c) for c in TERRAINS if c not in game.home_colors(p) and c != p.home]
        taken = game.colors_taken(exclude=p, picking=True)
        return [A.PickColor(c) for c in TERRAINS if c not in taken]
    if kind == "lose-cult":
        return [A.CultStep(c, -p.lose_cult_owed) for c in CULTS if p.cult[c] >= p.lose_cult_owed]
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
    if kind == "dwelling":
        color = p.color or p.home
        river = p.faction.special.get("adjacency", {}).get("direct") == 0
        return [A.Build(h) for h in game.board.land if s.terrain[h] == color and h not in s.owner
                and (not river or game._by_river(h))]
    if kind == "bonus":
        return [A.Pass(b) for b in s.bonus_pool]
    if kind == "spades":
        return _transforms(game, p, income=True) + [A.DiscardSpade(p.spades)]
    if kind == "leech":
        out: list[A.Action] = []
        for offer in p.leech_offers[:1]:
            out += [A.Leech(offer.amount, offer.source), A.Decline(offer.amount, offer.source)]
        if s.turn.faction == name and not (p.favors_owed or p.towns_owed or p.cult_steps):
            out += _turn_actions(game, p)  # acting in one's turn declines the open offers
        return out
    if kind == "favor":
        return [A.TakeTile(f) for f, n in s.favor_pool.items() if n > 0 and f not in p.favors]
    if kind == "town":
        return [A.TakeTile(t) for t, n in s.town_pool.items() if n > 0]
    if kind == "cult":
        n = p.cult_steps if p.cult_steps_same_track else 1
        return [A.CultStep(c, n) for c in CULTS]
    return _turn_actions(game, p)


def _turn_actions(game: Game, p: Player) -> list[A.Action]:
    """What the player whose turn it is may do: the main action (or what is left of it), free
    conversions, ending the turn."""
    out = _main_actions(game, p) if game.state.turn.actions > 0 else _followups(game, p)
    out += _free_actions(game, p)
    if game.can_end_turn(p.name):
        out.append(A.Done())
    return out


# ---------------------------------------------------------------- main actions


def _main_actions(game: Game, p: Player) -> list[A.Action]:
    s = game.state
    out: list[A.Action] = []
    out += _builds(game, p)
    out += _transforms(game, p)
    out += _upgrades(game, p)
    forbidden = {n for n, o in (p.faction.special.get("action") or {}).items() if o.get("forbid")}
    for act in ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6"):
        if (act not in s.blocked or game.may_reuse(p, act)) and act not in forbidden \
                and _affordable(p, game.power_action_cost(p, act)):
            if act != "ACT1" or (_bridge_slots(game, p) and len(p.bridges) < 3):
                out.append(A.UseAction(act))
    if p.bonus in ("BON1", "BON2") and p.bonus not in p.actions_used and p.bonus not in forbidden:
        out.append(A.UseAction(p.bonus))
    if "FAV6" in p.favors and "FAV6" not in p.actions_used:
        out.append(A.UseAction("FAV6"))
    for act in sorted(game._faction_actions(p)):
        d = action_def(act)
        if not d.get("dont_block") and act in p.actions_used:
            continue
        cost = {k: v for k, v in d["cost"].items() if k not in ("ALLOW_SHAPESHIFT", "PW_TOKEN")}
        if not _affordable(p, cost) or sum(p.power) < d["cost"].get("PW_TOKEN", 0):
            continue
        if act == "ACTE" and (len(p.bridges) >= 3 or not _bridge_slots(game, p)):
            continue
        if act == "ACTS" and (not p.counts["D"] or p.counts["TP"] >= 4):
            continue
        if act == "ACTW" and (p.counts["D"] >= 8 or not _free_home_hexes(game, p)):
            continue
        out.append(A.UseAction(act))
    if p.P > 0:
        for cult in CULTS:
            if p.cult[cult] < 10:
                out.append(A.SendPriest(cult))
                if None in s.cult_spots[cult]:
                    out.append(A.SendPriest(cult, 1))  # one step, the priest back to the supply
    if p.ship < p.faction.max_ship and _affordable(p, p.faction.shipping["advance_cost"]):
        out.append(A.Advance("ship"))
    adv = (p.faction.digging or {}).get("advance_cost")
    if adv and p.dig < p.faction.max_dig and _affordable(p, adv):
        out.append(A.Advance("dig"))
    if s.round == 6:
        out.append(A.Pass())
    else:
        out += [A.Pass(b) for b in s.bonus_pool]
    return out


def _followups(game: Game, p: Player) -> list[A.Action]:
    f = game.state.turn.followups
    out: list[A.Action] = []
    if f.get("build", 0) > 0:
        out += _builds(game, p)
    if f.get("transform", 0) > 0 or f.get("sandstorm", 0) > 0:
        out += _transforms(game, p)
    if f.get("dig", 0) > 0 and _can_dig(p) and _affordable(p, p.faction.spade_cost(p.dig)):
        out.append(A.Dig(1))
    if f.get("bridge", 0) > 0 and len(p.bridges) < 3:
        out += [A.PlaceBridge(*sorted(pair)) for pair in _bridge_slots(game, p)]
    if f.get("upgrade", 0) > 0:
        out += _upgrades(game, p)
    return out


def _free_actions(game: Game, p: Player) -> list[A.Action]:
    out: list[A.Action] = []
    rates = dict(PW_RATES)
    for give, targets in (p.faction.special.get("exchange_rates") or {}).items():
        for get, rate in targets.items():
            rates[(give, get)] = rate
    for (give, get), rate in rates.items():
        have = p.power[2] if give == "PW" else getattr(p, give)
        if have >= rate and not (get == "P" and p.P >= p.max_priests and not p.faction.special.get("locked_terrain")):
            out.append(A.Convert(rate, give, 1, get))
    if p.w_to_p and p.W:
        out.append(A.Convert(1, "W", 1, "P"))
    if p.faction.name == "mermaids":
        out += _connects(game, p)
    if p.power[1] >= 2:
        out.append(A.Burn(1))
    return out


def _connects(game: Game, p: Player) -> list[A.Action]:
    """Mermaids: river hexes whose skipping founds a town now."""
    s = game.state
    out = []
    for river in game.board.rivers:
        if river in p.connects:
            continue
        own = [h for h in game.board.neighbours[river] if s.owner.get(h) == p.name]
        if len(own) >= 2 and game.try_apply(p.name, A.Connect(river))[0] is not None:
            out.append(A.Connect(river))
    return out


def _affordable(p: Player, cost: dict, extra: dict | None = None) -> bool:
    total = dict(cost)
    for k, v in (extra or {}).items():
        total[k] = total.get(k, 0) + v
    for key, n in total.items():
        have = p.power[2] if key == "PW" else getattr(p, key, 0)
        if have < n:
            return False
    return True


def _free_home_hexes(game: Game, p: Player) -> list[str]:
    s = game.state
    return [h for h in game.board.land if h not in s.owner and s.terrain[h] == p.home]


def _reach_cost(game: Game, p: Player, hex_: str) -> dict | None:
    """None when hex_ cannot be reached; else what reaching it costs (tunnel or carpet)."""
    ok, teleport = game.reach(p, hex_)
    if not ok:
        return None
    t = game.state.turn
    if not teleport or t.teleported == hex_:
        return {}
    if t.teleported is not None:
        return None
    tp = p.faction.teleport
    level = min(p.teleport_level, len(tp["cost_by_level"]) - 1) if tp["type"] == "tunnel" else 0
    return dict(tp["cost_by_level"][level])


def _dig_cost(p: Player, spades: int) -> dict:
    return {k: v * spades for k, v in p.faction.spade_cost(p.dig).items()}


def _builds(game: Game, p: Player) -> list[A.Action]:
    s = game.state
    if p.counts["D"] >= 8:
        return []
    if p.free_dwelling:
        return [A.Build(h) for h in _free_home_hexes(game, p)]
    sandstorm = s.turn.followups.get("sandstorm", 0) > 0
    out = []
    for h in game.board.land:
        if h in s.owner:
            continue
        terrain = s.terrain[h]
        if p.unlocked and terrain not in p.unlocked:
            continue
        reach = _reach_cost(game, p, h)
        if reach is None:
            continue
        cost = dict(p.faction.cost("D"))
        if terrain != p.home and not p.unlocked:
            if terrain in ("ice", "volcano"):
                continue
            if sandstorm:
                if not any(s.owner.get(n) == p.name for n in game.board.land_neighbours[h]):
                    continue
            elif p.home == "volcano":
                if not _volcano_payable(game, p, h):
                    continue
            else:
                missing = max(0, game.spades_needed(p, h, p.home) - p.spades)
                if missing:
                    if not _can_dig(p):
                        continue
                    for k, v in _dig_cost(p, missing).items():
                        cost[k] = cost.get(k, 0) + v
        if _affordable(p, cost, reach):
            out.append(A.Build(h))
    return out


def _volcano_payable(game: Game, p: Player, h: str) -> bool:
    effect = p.faction.special["volcano_effect"]["home" if game.state.terrain[h] in game.home_colors(p)
                                                  else "not_home"]
    if "LOSE_CULT" in effect:
        return max(p.cult.values()) >= effect["LOSE_CULT"]
    return sum(p.power) >= effect.get("LOSE_PW_TOKEN", 0)


def _can_dig(p: Player) -> bool:
    return bool(p.faction.digging) and p.faction.digging["cost_per_spade_by_level"] is not None


def _transforms(game: Game, p: Player, income: bool = False) -> list[A.Action]:
    s = game.state
    if p.unlocked:
        return []  # Riverwalkers never transform
    out = []
    sandstorm = not income and s.turn.followups.get("sandstorm", 0) > 0
    targets = [t for t in TERRAINS] + (["ice"] if p.home == "ice" else [])
    for h in game.board.land:
        current = s.terrain[h]
        if h in s.owner or current in ("ice", "volcano"):
            continue
        reach = _reach_cost(game, p, h)
        if reach is None:
            continue
        if sandstorm:
            if current != p.home and any(s.owner.get(n) == p.name for n in game.board.land_neighbours[h]):
                out.append(A.Transform(h, p.home))
            continue
        if p.home == "volcano":
            if not income and _affordable(p, {}, reach) and _volcano_payable(game, p, h):
                out.append(A.Transform(h, "volcano"))
            continue
        for target in targets:
            if target == current:
                continue
            need = game.spades_needed(p, h, target)
            missing = max(0, need - p.spades)
            if income:
                if missing or not _affordable(p, {}, reach):
                    continue
            elif missing and not (_can_dig(p) and _affordable(p, _dig_cost(p, missing), reach)):
                continue
            elif not missing and not _affordable(p, {}, reach):
                continue
            out.append(A.Transform(h, target))
    return out


def _upgrades(game: Game, p: Player) -> list[A.Action]:
    s = game.state
    out = []
    for h, kind in p.buildings.items():
        for to, frm in UPGRADES.items():
            if frm != kind or p.counts[to] >= p.faction.buildings[to]["count"]:
                continue
            if p.free_tp:
                if to == "TP":
                    out.append(A.Upgrade(h, to))
                continue
            cost = dict(p.faction.cost(to))
            if to == "TP" and not any(s.owner.get(n) not in (None, p.name) for n in game.adjacent(h)):
                cost["C"] = cost.get("C", 0) * 2
            if _affordable(p, cost):
                out.append(A.Upgrade(h, to))
    return out


def _bridge_slots(game: Game, p: Player) -> list[frozenset[str]]:
    s = game.state
    return [pair for pair in game.board.bridge_slots
            if pair not in s.bridges and any(s.owner.get(h) == p.name for h in pair)]
