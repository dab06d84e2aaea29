"""`suggest(game, faction)`: the best action for a player now, with its reason as data.

The reason is the change of each evaluation part over the whole turn the action starts: what
it gains now (VP scored) and what it sets up (income, majorities, towns...). The app and the
teaching features put those numbers into words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import actions as A
from . import engine_api as E
from .evaluation import Evaluation, evaluate
from .player import Player


@dataclass(frozen=True)
class Suggestion:
    action: A.Action  # what to do now
    turn: tuple[A.Action, ...]  # the whole turn it starts (just `action` outside one's main action)
    before: Evaluation
    after: Evaluation  # right after `turn`
    alternatives: tuple[tuple[tuple[A.Action, ...], float], ...]  # the next best turns and their totals

    @property
    def change(self) -> dict[str, float]:
        return self.after.minus(self.before)

    @property
    def gains_now(self) -> float:
        """VP scored by the turn itself."""
        return self.change["vp_now"]

    @property
    def sets_up(self) -> list[tuple[str, float]]:
        """The other parts it improves, largest first."""
        return sorted(((k, v) for k, v in self.change.items() if k != "vp_now" and v > 0.05), key=lambda kv: -kv[1])


def suggest(game, faction: str, level: str = "medium", seed: int = 0) -> Suggestion:
    player = Player(level, seed)
    before = evaluate(game, faction)
    if E.decision(game, faction) == "action":
        plans = player.plans(game, faction)
        best = plans[0]
        return Suggestion(best.actions[0], best.actions, before, best.evaluation,
                          tuple((pl.actions, pl.evaluation.total) for pl in plans[1:4]))
    action = player.choose(game, faction)
    after = E.after(game, faction, action)
    return Suggestion(action, (action,), before, evaluate(after, faction) if after is not None else before, ())
