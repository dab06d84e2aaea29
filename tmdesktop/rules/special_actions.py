"""Power actions, bonus and favor tile actions, and the factions' own actions.

What an action does is read from its data (`actions_raw`: cost, gain, follow-up sub-actions); the
few effects that are rules rather than resources are named by their gain keys: FREE_D (a free
dwelling on home terrain), FREE_TP (a free trading house), TF_NEED_HEX_ADJACENCY (the Nomads'
sandstorm), GAIN_ACTION (the Chaos Magicians' double action), BRIDGE (a bridge to place).
"""

from __future__ import annotations

from functools import cache

from . import actions as A
from . import events as E
from .data import POWER_ACTIONS, action_def, faction, raw, tile
from .errors import RuleError
from .state import Player


#: Gain keys that are rules carried out by the handler, not resources to gain.
RULE_EFFECTS = frozenset({"FREE_D", "FREE_TP", "TELEPORT_NO_TF", "FREE_TF", "TF_NEED_HEX_ADJACENCY"})


class SpecialActions:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _do_action(self, p: Player, a: A.UseAction) -> None:
        s = self.state
        name = a.name.upper()
        if name in POWER_ACTIONS:
            if name in s.blocked and not self.may_reuse(p, name):
                raise RuleError("power_action_taken", name=name)
            self._check_not_forbidden(p, name)
            self._use_subaction(p, "action", self.action_followups(p, name))
            self._pay(p, self.power_action_cost(p, name), "power_action", E.source(E.POWER_ACTION, name), name=name)
            s.blocked.add(name)
        elif name in raw()["tiles_raw"] and tile(name).get("action"):  # a bonus or favor tile's action
            if name not in self.tile_actions(p):
                if name.startswith("FAV"):
                    raise RuleError("favor_tile_not_held", tile=name)
                raise RuleError("bonus_tile_not_held", tile=name)
            self._check_not_forbidden(p, name)
            self._once_per_round(p, name)
            self._use_subaction(p, "action", self.action_followups(p, name))
        elif name.startswith("ACT") and name in raw()["actions_raw"]:
            if name not in self._faction_actions(p):
                raise RuleError("no_stronghold_action", name=name)
            d = action_def(name)
            if not d.get("dont_block"):
                self._once_per_round(p, name)
            if "GAIN_ACTION" in d["gain"]:
                t = self._require_turn(p)
                if t.actions <= 0 and not self.alone_in_round(p):
                    raise RuleError("action_taken")
                t.actions = max(t.actions, 1) + 1  # the double action: this one and two more
                t.followups = {}
                t.extra_action = True
                p.actions_used.add(name)
                return
            self._use_subaction(p, "action", d.get("subaction"))
            cost = dict(d["cost"])
            cost.pop("ALLOW_SHAPESHIFT", None)
            tokens = cost.pop("PW_TOKEN", 0)
            source = E.source(E.FACTION_ACTION, name)
            self._pay(p, cost, "special_action", source, name=name)
            if tokens:
                self._lose_tokens(p, tokens, source)
            p.free_dwelling = p.free_dwelling or "FREE_D" in d["gain"]
            p.free_tp = p.free_tp or "FREE_TP" in d["gain"]
            gain = {k: v for k, v in d["gain"].items() if k not in RULE_EFFECTS}
            self._gain(p, gain, source)
            if "TF_NEED_HEX_ADJACENCY" in d["gain"]:
                s.turn.followups["sandstorm"] = 1
            return
        else:
            raise RuleError("unknown_special_action", name=a.name)
        kind = E.POWER_ACTION if name.startswith("ACT") else E.FAVOR if name.startswith("FAV") else E.BONUS_ACTION
        self._gain(p, action_def(name)["gain"], E.source(kind, name))

    def tile_actions(self, p: Player) -> tuple[str, ...]:
        """The actions of the bonus and favor tiles `p` holds (BON1's spade, FAV6's cult step...)."""
        return _tile_actions(p.bonus, tuple(p.favors))

    def power_action_cost(self, p: Player, name: str) -> dict:
        cost = dict(action_def(name)["cost"])
        for k, v in ((p.faction.special.get("discount") or {}).get(name) or {}).items():
            cost[k] = cost.get(k, 0) - v  # Yetis pay 1 power less
        return cost

    def may_reuse(self, p: Player, name: str) -> bool:
        """Yetis with their stronghold may take power actions that are already taken."""
        return bool(p.counts["SH"]) and name in _reusable(p.name)

    def action_followups(self, p: Player, name: str) -> dict:
        override = (p.faction.special.get("action") or {}).get(name)
        if override is not None and "subaction" in override:
            return override["subaction"]  # volcano factions: the spades become something else
        return action_def(name).get("subaction") or {}

    def _check_not_forbidden(self, p: Player, name: str) -> None:
        if p.faction.forbids(name):
            raise RuleError("no_spades_for_faction", faction=p.name, name=name)

    def _faction_actions(self, p: Player) -> tuple[str, ...]:
        """The faction's own actions it may take now (sorted): its stronghold's, the Engineers' bridge."""
        return faction_actions(p.name, bool(p.counts["SH"]))

    def _once_per_round(self, p: Player, name: str) -> None:
        if name in p.actions_used:
            raise RuleError("action_used", name=name)
        self._require_turn(p)
        p.actions_used.add(name)


@cache
def faction_actions(name: str, stronghold: bool) -> tuple[str, ...]:
    """Faction `name`'s own actions (sorted), with or without its stronghold built (game data:
    worked out once)."""
    out = set()
    if stronghold:
        for gain in faction(name).buildings["SH"].get("on_build_gain") or []:
            out |= {k for k in gain if k.startswith("ACT")}
    if faction(name).special.get("ACTE"):
        out.add("ACTE")
    return tuple(sorted(out))


@cache
def _reusable(name: str) -> frozenset[str]:
    """The taken power actions faction `name` may take again once its stronghold is built (game
    data: the Yetis')."""
    return frozenset(act for gain in faction(name).buildings["SH"].get("on_build_gain") or []
                     for act in gain.get("allow_reuse") or {})


@cache
def _tile_actions(bonus: str | None, favors: tuple[str, ...]) -> tuple[str, ...]:
    """The tiles among `bonus` and `favors` that have an action (game data: once per hand of tiles)."""
    return tuple(t for t in ((bonus,) if bonus else ()) + favors if tile(t).get("action"))
