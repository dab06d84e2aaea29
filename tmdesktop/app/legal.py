"""Legal actions and previews, as the app needs them.

The engine is the only judge of the rules: the legal actions are the engine's own
`Game.legal_actions(faction)`, and previews ("what would this cost me?") are the difference
between the player before and after `Game.try_apply` on a fork, so the app never re-implements
a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from tmdesktop.refusals import message
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import CULTS
from tmdesktop.rules.engine import Game


def try_action(game: Game, faction: str, action: A.Action) -> Game | None:
    """The game after `action` on a fork, or None if the engine refuses it."""
    try:
        after, _reason = game.try_apply(faction, action)
    except Exception:  # an engine bug must not take the app down: treat as not allowed
        return None
    return after


def refusal(game: Game, faction: str, action: A.Action) -> str | None:
    """The engine's reason for refusing `action` in the player's words, or None if it would be accepted."""
    try:
        after, reason = game.try_apply(faction, action)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None if after is not None else message(reason)


def legal_actions(game: Game, faction: str) -> list[A.Action]:
    try:
        return list(game.legal_actions(faction))
    except Exception:  # never crash the table over a listing bug: nothing is offered
        return []


# ---------------------------------------------------------------------- previews

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


def delta_between(before, after) -> Delta:
    b1, b2 = before.power, after.power
    spent = b2[0] - b1[0] if b2[2] < b1[2] and b2[0] > b1[0] else 0
    gained = (b2[1] - b1[1]) + 2 * (b2[2] - b1[2]) + 2 * spent
    return Delta(
        VP=after.VP - before.VP, C=after.C - before.C, W=after.W - before.W, P=after.P - before.P,
        power_spent=spent, power_gained=max(gained, 0),
        cult=tuple((c, after.cult[c] - before.cult[c]) for c in CULTS),
        ship=after.ship - before.ship, dig=after.dig - before.dig,
    )


def preview(game: Game, faction: str, action: A.Action) -> Delta | None:
    after = try_action(game, faction, action)
    if after is None:
        return None
    return delta_between(game.state.players[faction], after.state.players[faction])
