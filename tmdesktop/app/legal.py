"""Legal actions and previews, as the app needs them.

The engine is the only judge of the rules.  `legal_actions` asks the engine's own
`Game.legal_actions(faction)` when it exists; until then it proposes candidate actions and keeps
those the engine accepts on a throw-away copy of the game (`try_action`).  Previews ("what would
this cost me?") are also computed on such a copy, so the app never re-implements a rule.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from tmdesktop.rules import actions as A
from tmdesktop.rules.data import CULTS, POWER_ACTIONS, raw
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.maps import TERRAINS

UPGRADE_TARGETS = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}
#: Unit conversions offered in the convert panel: (give_n, give, get_n, get).
CONVERSIONS = (
    (1, "PW", 1, "C"), (3, "PW", 1, "W"), (5, "PW", 1, "P"),
    (1, "P", 1, "W"), (1, "W", 1, "C"), (1, "P", 1, "C"),
)


def fork(game: Game) -> Game:
    """A copy of `game` that shares the immutable parts (board, setup, faction data)."""
    clone = Game.__new__(Game)
    clone.__dict__.update(game.__dict__)
    memo = {id(game.board): game.board, id(game.setup): game.setup}
    for p in game.state.players.values():
        memo[id(p.faction)] = p.faction
    clone.state = copy.deepcopy(game.state, memo)
    clone.log = list(game.log)
    clone.events = list(game.events)
    return clone


def try_action(game: Game, faction: str, action: A.Action) -> Game | None:
    """The game after `action` on a copy, or None if the engine rejects it."""
    clone = fork(game)
    try:
        # The copy is thrown away on failure, so the engine's rebuild-on-error is not needed.
        clone._apply(faction, action)
    except RuleError:
        return None
    except Exception:  # an engine bug must not take the app down: treat as not allowed
        return None
    clone.log.append((faction, action))
    return clone


def legal_actions(game: Game, faction: str) -> list[A.Action]:
    native = getattr(game, "legal_actions", None)
    if native is not None:
        try:
            return list(native(faction))
        except NotImplementedError:
            pass
    return [a for a in candidate_actions(game, faction) if try_action(game, faction, a) is not None]


def candidate_actions(game: Game, faction: str) -> list[A.Action]:
    """Every action worth asking the engine about for `faction` now (a superset of the legal ones)."""
    s = game.state
    p = s.players.get(faction)
    if p is None or s.phase == "finished":
        return []
    board = game.board
    empty = [h for h in board.land if h not in s.owner]
    if s.phase == "dwellings":
        return [A.Build(h) for h in empty if s.terrain[h] == p.faction.home]
    if s.phase == "bonus":
        return [A.Pass(b) for b in s.bonus_pool]
    out: list[A.Action] = []
    for offer in p.leech_offers:
        out += [A.Leech(offer.amount, offer.source), A.Decline(offer.amount, offer.source)]
    if p.favors_owed:
        out += [A.TakeTile(t) for t, n in s.favor_pool.items() if n > 0]
    if p.towns_owed:
        out += [A.TakeTile(t) for t, n in s.town_pool.items() if n > 0]
    if p.cult_steps:
        out += [A.CultStep(c, p.cult_steps if p.cult_steps_same_track else 1) for c in CULTS]
    if s.phase == "income-spades":
        if p.spades:
            out += [A.Transform(h, c) for h in empty for c in TERRAINS if c != s.terrain[h]]
            out.append(A.Done())
        return out
    if s.turn.faction != faction:
        return out
    reachable = [h for h in empty if _reachable(game, p, h)]
    out += [A.Build(h) for h in reachable]
    out += [A.Transform(h, c) for h in reachable for c in TERRAINS if c != s.terrain[h]]
    for h, kind in p.buildings.items():
        out += [A.Upgrade(h, to) for to in UPGRADE_TARGETS.get(kind, ())]
    names = list(POWER_ACTIONS) + ["BON1", "BON2", "FAV6"]
    names += [n for n in raw()["actions_raw"] if n not in names and n.startswith("ACT")]
    out += [A.UseAction(n) for n in names]
    for cult in CULTS:
        out += [A.SendPriest(cult, spot) for spot in (3, 2, 1)]
    out += [A.Advance("ship"), A.Advance("dig")]
    if s.turn.followups.get("bridge"):
        out += [A.PlaceBridge(*sorted(pair)) for pair in board.bridge_slots]
    out += [A.Pass(b) for b in s.bonus_pool] + [A.Pass()]
    out += [A.Convert(*c) for c in CONVERSIONS] + [A.Burn(n) for n in range(1, p.power[1] // 2 + 1)]
    out.append(A.Done())
    return out


def _reachable(game: Game, p, hex_: str) -> bool:
    try:
        return game.reach(p, hex_)[0] or not p.buildings
    except Exception:
        return True


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
