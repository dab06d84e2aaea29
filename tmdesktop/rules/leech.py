"""Power offered to neighbours when building ("leech"), and the builders' abilities tied to it."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .errors import RuleError
from .state import Player, LeechOffer


class Leech:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _offer_leech(self, p: Player, hex_: str) -> None:
        s = self.state
        adjacent = self.adjacent(hex_)
        event = s.next_event
        s.next_event += 1
        offers = 0
        neighbours = _owners_around(s.owner, adjacent)  # (most builds have one or two, or none)
        neighbours.discard(p.name)
        if not neighbours:
            return
        start = s.order.index(p.name) if p.name in s.order else 0
        for k in range(1, len(s.order)):
            name = s.order[(start + k) % len(s.order)]
            if name not in neighbours:
                continue
            other = s.players[name]
            if other.dropped:
                continue
            buildings = other.buildings
            near = [buildings[h] for h in adjacent if h in buildings]  # (most players have none here)
            amount = self.buildings_power(other, near) if near else 0
            if amount:
                # An offer that could give nothing now (full bowls) does not count for the builder's
                # abilities (Cultists), but can still be answered.
                real = min(amount, 2 * other.power[0] + other.power[1]) > 0
                other.leech_offers.append(LeechOffer(p.name, amount, event if real else -1))
                s.owing.add(other.name)
                self._record(E.PowerOffered, p.name, other.name, amount)
                offers += real
        if offers:
            s.leech_events[event] = {"source": p.name, "open": offers, "accepted": False, "declined": 0}

    def leech_amount(self, p: Player, offer: LeechOffer) -> int:
        return min(offer.amount, 2 * p.power[0] + p.power[1], p.VP + 1)

    def _find_offer(self, p: Player, source: str | None, amount: int | None) -> LeechOffer:
        """The offer an answer refers to: from that source, the same amount if any, else the oldest."""
        matching = [o for o in p.leech_offers if source is None or o.source == source.lower()]
        for offer in matching:
            if amount is None or self.leech_amount(p, offer) == amount or offer.amount == amount:
                return offer
        if matching:
            return matching[0]
        raise RuleError("no_leech_offer")

    def _do_leech(self, p: Player, a: A.Leech) -> None:
        offer = self._find_offer(p, a.source, a.amount)
        actual = self.leech_amount(p, offer)
        source = E.source(E.LEECH, offer.source)
        got = self._gain_power(p, actual, source)
        self._add(p, "VP", -max(got - 1, 0), source)
        # Taking nothing (full bowls) is neither accepting nor declining for the builder's abilities.
        self._resolve_offer(p, offer, accepted=True if got > 0 else None)

    def _do_decline(self, p: Player, a: A.Decline) -> None:
        if a.source is None:
            if not p.leech_offers:
                raise RuleError("no_leech_offer")
            offers = list(p.leech_offers)
        else:
            offers = [self._find_offer(p, a.source, a.amount)]
        for offer in offers:
            # Declining what could give nothing (full bowls) is no refusal: it counts as no answer.
            self._resolve_offer(p, offer, accepted=False if self.leech_amount(p, offer) > 0 else None)

    def _resolve_offer(self, p: Player, offer: LeechOffer, accepted: bool | None) -> None:
        """accepted: True (took power), False (declined), None (neither: the offer could give nothing).

        The builder's ability (Cultists, Shapeshifters) fires once per building: on the first
        acceptance, or, when every offer is settled with none accepted, if at least one was declined."""
        s = self.state
        p.leech_offers.remove(offer)
        ev = s.leech_events.get(offer.event)
        if ev is None:
            return
        source = s.players[ev["source"]]
        effect = source.faction.special.get("leech_effect")
        ev["open"] -= 1
        ev["declined"] += accepted is False
        if accepted and not ev["accepted"]:
            ev["accepted"] = True
            if effect:
                step = E.source(E.LEECH_REWARD, "taken")
                self._gain(source, effect["taken"], step)
                self._checkpoint(source, step)
        if ev["open"] == 0:
            del s.leech_events[offer.event]
            if effect and not ev["accepted"] and ev["declined"] and "errata-cultist-power" in s.options:
                step = E.source(E.LEECH_REWARD, "declined")
                self._gain(source, effect["not_taken"], step)
                self._checkpoint(source, step)

    def _decline_open_offers(self, p: Player) -> None:
        """Acting in one's own turn declines the power offers still open."""
        for offer in list(p.leech_offers):
            self._resolve_offer(p, offer, accepted=False if self.leech_amount(p, offer) > 0 else None)

    def _do_token_for_vp(self, p: Player, a: A.TokenForVP) -> None:
        """Shapeshifters: an opponent took their power; a new token in bowl III costs 1 VP."""
        if p.p3_offers <= 0:
            raise RuleError("no_token_offer")
        if a.take:
            if p.VP < 1:
                raise RuleError("no_vp_for_token")
            source = E.source(E.FACTION, p.name)
            self._add(p, "VP", -1, source)
            p.power[2] += 1
            p.tokens_added += 1
            self._record(E.Gained, p.name, "tokens", 1, source)
        p.p3_offers -= 1


def _owners_around(owner: dict[str, str], hexes) -> set[str]:
    """The factions with a building on one of `hexes`."""
    return {owner[h] for h in hexes if h in owner}
