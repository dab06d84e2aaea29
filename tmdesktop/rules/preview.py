"""What an action would cost and give, computed by applying it to a fork of the game.

The app shows these numbers (a power offer's VP price, a picker's "−3 W +1 P") without knowing a
rule: the engine plays the action on a copy, and the preview adds up the events it returned for
the acting player (`events.Gained`: VP, coins, workers, priests, cult steps, power spent from bowl
III and power moved towards it), up to the round's end or income the action may bring about
(`own_part`).  Shipping and digging levels, which no event counts, are read from the player
before and after.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from . import events as E
from .data import CULTS


@dataclass(frozen=True)
class Delta:
    """What an action changes for the acting player (positive: gains, negative: costs)."""

    VP: int = 0
    C: int = 0
    W: int = 0
    P: int = 0
    power_spent: int = 0
    power_gained: int = 0
    cult: tuple[tuple[str, int], ...] = ()
    ship: int = 0
    dig: int = 0

    def items(self) -> list[tuple[str, int]]:
        """(resource, amount) pairs worth showing, costs first."""
        out = [(k, getattr(self, k)) for k in ("C", "W", "P") if getattr(self, k) < 0]
        if self.power_spent:
            out.append(("PW", -self.power_spent))
        out += [(k, getattr(self, k)) for k in ("C", "W", "P") if getattr(self, k) > 0]
        if self.power_gained:
            out.append(("PW", self.power_gained))
        out += [(c, n) for c, n in self.cult if n]
        if self.ship:
            out.append(("SHIP", self.ship))
        if self.dig:
            out.append(("DIG", self.dig))
        if self.VP:
            out.append(("VP", self.VP))
        return out


def delta_of(events, faction: str, before, after) -> Delta:
    """What `events` (one action's) did for `faction`; `before`/`after` give the track levels."""
    total: dict[str, int] = {}
    spent = gained = 0
    for e in E.gains_of(events, faction):
        if e.resource == "PW":
            spent, gained = (spent - e.amount, gained) if e.amount < 0 else (spent, gained + e.amount)
        else:
            total[e.resource] = total.get(e.resource, 0) + e.amount
    return Delta(
        VP=total.get("VP", 0), C=total.get("C", 0), W=total.get("W", 0), P=total.get("P", 0),
        power_spent=spent, power_gained=gained, cult=tuple((c, total.get(c, 0)) for c in CULTS),
        ship=after.ship - before.ship, dig=after.dig - before.dig,
    )


def preview(game, faction: str, action: A.Action) -> Delta | None:
    """The change `action` would make for `faction`, or None if the engine refuses it."""
    try:
        after, _reason = game.try_apply(faction, action)
    except Exception:  # an engine bug must not take a view down: treat as not allowed
        return None
    if after is None:
        return None
    return delta_of(own_part(after.events[-1]), faction, game.state.players[faction], after.state.players[faction])


def own_part(events) -> list:
    """An action's events up to the end of the round it may close: the last pass's round scoring
    and the next round's income, or the income after the last cult-bonus spade, are the round's,
    not the action's (a spade picker showed the coming income as if the transformation paid it)."""
    out = []
    for e in events:
        if isinstance(e, (E.RoundEnded, E.RoundStarted)) or (isinstance(e, E.Gained) and e.source.kind == E.INCOME):
            break  # (income after the last spade of phase III comes with no new round's event)
        out.append(e)
    return out


@dataclass(frozen=True)
class OfferTerms:
    """A power offer as its receiver weighs it: the power it brings and the VP it costs."""

    power: int
    vp: int


def offer_terms(game, faction: str) -> OfferTerms | None:
    """The terms of `faction`'s first open power offer, read from taking it on a fork."""
    p = game.state.players[faction]
    if not p.leech_offers:
        return None
    offer = p.leech_offers[0]
    d = preview(game, faction, A.Leech(offer.amount, offer.source))
    if d is None:
        return None
    return OfferTerms(power=game.leech_amount(p, offer), vp=-d.VP)
