"""What resources are worth in end-game VP, by how many rounds of play are left.

At the very end everything is sold at the final conversion (a coin, worker, priest or token in
bowl III for one coin, three coins for 1 VP). Earlier, resources still turn into buildings,
cult steps and round bonuses, so they are worth more: the "mid" figures below are what a
worker, coin... typically yields when spent well (a dwelling is 1 worker and 2 coins and gives
about 4 VP over a game). The value slides from mid to end over the last three rounds.
Spades held are worth nothing: those not used in the turn that brought them are lost.
A power token ("TOKEN", whatever its bowl) is worth something on top while rounds remain: every
token burnt is power that later income and neighbours' buildings can no longer charge.
Power in bowl III is worth what it buys: the power actions pay about half a VP a unit (a priest
for 3, two workers or seven coins for 4), conversions less; valued higher, it would never be
spent on them, and the tournament players' most frequent uses of power would never be made.
"""

from __future__ import annotations

END = {"C": 1 / 3, "W": 1 / 3, "P": 1 / 3, "PW3": 1 / 3, "PW2": 1 / 6, "PW1": 0.0, "SPADE": 0.0, "TOKEN": 0.0}
MID = {"C": 0.36, "W": 0.95, "P": 1.45, "PW3": 0.45, "PW2": 0.25, "PW1": 0.05, "SPADE": 0.0, "TOKEN": 0.3}


def unit_value(key: str, rounds_left: float, end_scale: float = 1.0) -> float:
    """VP one unit of `key` is worth with `rounds_left` rounds of action still to come after now
    (`end_scale`: the final conversion's worth against three coins a VP)."""
    f = min(1.0, max(0.0, rounds_left / 3))
    end = END[key] * end_scale
    return end + (MID[key] - end) * f


def power_gain_value(bowls: list[int], n: int, rounds_left: float) -> float:
    """What gaining n power is worth: tokens move I→II, then II→III (as the bowls do)."""
    b1, b2, b3 = bowls
    from_1 = min(n, b1)
    from_2 = min(n - from_1, b2 + from_1)
    before = b1 * unit_value("PW1", rounds_left) + b2 * unit_value("PW2", rounds_left) + b3 * unit_value("PW3", rounds_left)
    b1, b2, b3 = b1 - from_1, b2 + from_1 - from_2, b3 + from_2
    after = b1 * unit_value("PW1", rounds_left) + b2 * unit_value("PW2", rounds_left) + b3 * unit_value("PW3", rounds_left)
    return after - before
