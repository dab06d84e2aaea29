"""Gaining and paying: resources, power bowls, priests, spades and their side effects."""

from __future__ import annotations

from functools import cache

from . import actions as A
from . import events as E
from .constants import BUILDING_POWER, PW_RATES
from .data import ALL_FACTIONS, CULTS, faction, tile
from .errors import RuleError
from .state import Player


@cache
def conversion_rates(name: str) -> dict[tuple[str, str], int]:
    """(give, get) -> how many to give, for faction `name`: every faction's rates, with its own
    (game data) over them; worked out once (a shared dict: never changed)."""
    rates = dict(PW_RATES)
    for give, targets in (faction(name).special.get("exchange_rates") or {}).items():
        for get, rate in targets.items():
            rates[(give, get)] = rate
    return rates


#: The cult tracks, as a set: whether gains name any is one look (`Resources._gain`).
_CULT_SET = frozenset(CULTS)
#: faction -> building -> its power (for towns and power offers): the faction's own strengths over
#: the common ones (game data, worked out once: asked for every building a town or an offer counts)
_BUILDING_POWER_OF: dict[str, dict[str, int]] = {
    name: {**BUILDING_POWER, **(faction(name).special.get("building_strength") or {})} for name in ALL_FACTIONS}

#: The source of conversions and burning (made once: a cached call costs more than the rest of a
#: conversion's bookkeeping in search mode).
_CONVERTING = E.source(E.CONVERT)


class Resources:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _add(self, p: Player, resource: str, n: int, source: E.Source) -> None:
        """Change VP, C, W or P by n and record why."""
        if n:
            # (each field by name: `getattr` and `setattr` take Python 3.11's slow, generic look-up,
            # and this is the commonest change of all)
            if resource == "VP":
                p.VP += n
            elif resource == "C":
                p.C += n
            elif resource == "W":
                p.W += n
            elif resource == "P":
                p.P += n
            else:
                raise ValueError(resource)
            if not self.search_mode:  # (`_record`, inlined: the commonest event)
                self._caused.append(E.gained((p.name, resource, n, source)))

    def _gain(self, p: Player, gains: dict, source: E.Source, income_spades: bool = False) -> None:
        if not gains:  # (a building's, an action's or a tile's gains are often none)
            return
        if "KEY" in gains:  # a town's key comes before its cult steps (TW5, TW6 may reach 10)
            p.keys += gains["KEY"]
        if not _CULT_SET.isdisjoint(gains):  # (most gains have no cult steps: one look in C)
            for cult in CULTS:  # cult steps in board order: with one key, the first track reaching 10 takes it
                if gains.get(cult):
                    self._advance_cult(p, cult, gains[cult], source)
        for key, n in gains.items():
            if not n:
                continue
            if key in ("VP", "C", "W"):
                self._add(p, key, n, source)
            elif key == "P":
                self._gain_priests(p, n, source)
            elif key in ("P1", "P3"):
                n = self.state.player_count if n == "PLAYER_COUNT" else n
                p.power[0 if key == "P1" else 2] += n
                p.tokens_added += n
                self._record(E.Gained, p.name, "tokens", n, source)
            elif key == "PRIEST_CULT_BONUS":
                p.priest_bonus += n
            elif key == "VOLCANO_TF":
                p.volcano_tf += n
            elif key == "GAIN_P3_FOR_VP":
                p.p3_offers += n
                self.state.owing.add(p.name)
            elif key == "PICK_COLOR":
                p.picks_color = True
                self.state.owing.add(p.name)
            elif key == "PW":
                self._gain_power(p, n, source)
            elif key == "SPADE":
                self._gain_spades(p, n, source, income_spades)
            elif key == "GAIN_FAVOR":
                p.favors_owed += n
                self.state.owing.add(p.name)
            elif key == "GAIN_TW":
                p.towns_owed += n
                self.state.owing.add(p.name)
            elif key == "CULT":
                p.cult_steps += n
                self.state.owing.add(p.name)
            elif key == "CULTS_ON_SAME_TRACK":
                p.cult_steps_same_track = True
            elif key == "GAIN_SHIP":
                self._advance_ship(p, free=True)
            elif key == "GAIN_TELEPORT":
                p.teleport_level += 1
            elif key == "CONVERT_W_TO_P":
                p.w_to_p = n
            elif key == "carpet_range":
                pass  # handled with TW7
            # ACTx keys: faction actions come with the stronghold; nothing to record.

    def _gain_spades(self, p: Player, n: int, source: E.Source, income: bool = False) -> None:
        special = p.faction.special.get("special")
        if not income:
            self._round_vp(p, "SPADE", n)
        if special and "SPADE" in special and self._enabled(p, special):
            effect = special["SPADE"]
            if special.get("mode") == "replace" or effect.get("SPADE") == -1:
                n_kept = 0  # spades become something else (cult steps, tokens) or are lost
            else:
                n_kept = n
            self._gain(p, {k: v * n for k, v in effect.items() if k != "SPADE"}, E.source(E.FACTION, p.name))
        else:
            n_kept = n
        p.spades += n_kept
        if n_kept:
            self._record(E.Gained, p.name, "spades", n_kept, source)

    def _gain_priests(self, p: Player, n: int, source: E.Source) -> None:
        special = p.faction.special.get("special") or {}
        if "P" in special:  # Riverwalkers: each priest becomes an unlock-or-keep choice
            p.unlocks_owed += n
            self.state.owing.add(p.name)
        else:
            self._add(p, "P", min(p.P + n, p.max_priests) - p.P, source)

    def _enabled(self, p: Player, special: dict) -> bool:
        return all(p.counts.get(b, 0) >= c for b, c in (special.get("enable_if") or {}).items())

    def _gain_power(self, p: Player, n: int, source: E.Source) -> int:
        b = p.power
        m1 = min(n, b[0])
        b[0] -= m1
        b[1] += m1
        m2 = min(n - m1, b[1])
        b[1] -= m2
        b[2] += m2
        if m1 + m2:
            self._record(E.Gained, p.name, "PW", m1 + m2, source)
        return m1 + m2

    def _pay(self, p: Player, cost: dict, what: str, source: E.Source, **detail) -> None:
        """Pay `cost` for `source`; `what` (a key, with `detail` params) names the purchase in the
        refusal."""
        for key, n in cost.items():
            have = p.power[2] if key == "PW" else getattr(p, key)
            if have < n:
                raise RuleError("cannot_afford", what=what, cost=dict(cost), have=have, res=key, **detail)
        for key, n in cost.items():
            if key == "PW":
                p.power[2] -= n
                p.power[0] += n
                if n:
                    self._record(E.Gained, p.name, "PW", -n, source)
            else:
                self._add(p, key, -n, source)

    def _round_vp(self, p: Player, key: str, n: int = 1) -> None:
        s = self.state
        if s.phase != "play" or not 1 <= s.round <= 6:
            return
        name = s.score_tiles[s.round - 1]
        vp = tile(name)["vp"].get(key)
        if vp:
            self._add(p, "VP", vp * n, E.source(E.ROUND_TILE, name))

    def building_power(self, p: Player, kind: str) -> int:
        return _BUILDING_POWER_OF[p.name][kind]

    def buildings_power(self, p: Player, kinds) -> int:
        """The power of `p`'s buildings of `kinds` together (a town, a power offer)."""
        return sum(map(_BUILDING_POWER_OF[p.name].__getitem__, kinds))

    def _advance_ship(self, p: Player, free: bool = False) -> None:
        if p.ship >= p.faction.max_ship:
            if free:
                return
            raise RuleError("shipping_at_max")
        source = E.source(E.ADVANCE, "ship")
        if not free:
            self._pay(p, p.faction.shipping["advance_cost"], "advance_ship", source)
        p.ship += 1
        self._add(p, "VP", int(p.faction.shipping["vp_on_reaching_level"][str(p.ship)]), source)

    def _lose_tokens(self, p: Player, n: int, source: E.Source) -> None:
        """Remove n power tokens from the game, from bowl I first, then II, then III."""
        if sum(p.power) < n:
            raise RuleError("not_enough_tokens", n=n, have=sum(p.power))
        left = n
        for i in range(3):
            m = min(left, p.power[i])
            p.power[i] -= m
            left -= m
        p.tokens_added -= n
        if n:
            self._record(E.Gained, p.name, "tokens", -n, source)

    def _do_convert(self, p: Player, a: A.Convert) -> None:
        s = self.state
        if s.phase == "play":
            if s.turn.faction != p.name:
                raise RuleError("convert_not_your_turn")
            if s.turn.closed:
                raise RuleError("turn_over")
            if p.lose_cult_owed:
                raise RuleError("volcano_cult_owed")
            if p.leech_offers:
                self._decline_open_offers(p)
        elif s.phase != "income-spades":
            raise RuleError("convert_not_your_turn")
        give, get = a.give.upper(), a.get.upper()
        if give == "W" and get == "P":
            if a.give_n != a.get_n or a.give_n > p.w_to_p:
                raise RuleError("no_worker_to_priest")
            if p.W < a.give_n:
                raise RuleError("not_enough_workers", n=a.give_n, have=p.W)
            source = E.source(E.FACTION, p.name)
            self._add(p, "W", -a.give_n, source)
            self._add(p, "P", min(p.P + a.get_n, p.max_priests) - p.P, source)
            # strict-darkling-sh (the site's tournament option): one conversion, of up to 3
            p.w_to_p = 0 if "strict-darkling-sh" in s.options else p.w_to_p - a.give_n
            return
        rate = conversion_rates(p.name).get((give, get))
        if rate is None or a.get_n <= 0 or a.give_n != rate * a.get_n:
            raise RuleError("bad_conversion", give=give, give_n=a.give_n, get=get, get_n=a.get_n)
        source = _CONVERTING
        self._pay(p, {give: a.give_n}, "conversion", source)
        if get == "P":
            self._gain_priests(p, a.get_n, source)
        else:
            self._add(p, get, a.get_n, source)

    def _do_burn(self, p: Player, a: A.Burn) -> None:
        s = self.state
        if s.phase != "play" or s.turn.faction != p.name:
            raise RuleError("burn_not_your_turn")
        if s.turn.closed:
            raise RuleError("turn_over")
        if p.lose_cult_owed:
            raise RuleError("volcano_cult_owed")
        if a.n < 0 or p.power[1] < 2 * a.n:
            raise RuleError("not_enough_to_burn", n=a.n, m=2 * a.n, have=p.power[1])
        p.power[1] -= 2 * a.n
        p.power[2] += a.n
        if a.n:  # n tokens leave the game, n move on to bowl III
            self._record(E.Gained, p.name, "tokens", -a.n, _CONVERTING)
            self._record(E.Gained, p.name, "PW", a.n, _CONVERTING)


def affordable(p: Player, cost: dict, extra: dict | None = None) -> bool:
    """Whether `p` can pay `cost` and `extra` together (power from bowl III)."""
    if not extra:  # (the common case, asked thousands of times per listing)
        for key, n in cost.items():
            if n and (p.power[2] if key == "PW" else getattr(p, key, 0)) < n:
                return False
        return True
    for key, n in cost.items():
        n += extra.get(key, 0)
        if n and (p.power[2] if key == "PW" else getattr(p, key, 0)) < n:
            return False
    for key, n in extra.items():
        if key not in cost and n and (p.power[2] if key == "PW" else getattr(p, key, 0)) < n:
            return False
    return True
