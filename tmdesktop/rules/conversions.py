"""The actions a player could take after converting resources first, each with the conversions
it needs: for a search that leaves free conversions out of its moves.

Converting and burning power are free actions, legal whenever the listing says so, but a search
that branches on every amount of every conversion drowns in moves that only shuffle resources.
`affordable_with_conversions` answers instead "what can I do, and what must I convert for it?":
it explores the conversions and burns the listing offers (breadth first, on copies of the game,
each resource position once) and pairs every other action of the player's current decision with
the fewest such steps after which the listing holds it.  Applying the steps in order and then
the action is legal by construction; nothing here knows a cost or a rate (the listing does).
"""

from __future__ import annotations

from . import actions as A
from .engine import Game

#: The moves that only turn resources into other resources.
CONVERSIONS = (A.Convert, A.Burn)


def affordable_with_conversions(game: Game, name: str, max_steps: int = 2
                                ) -> list[tuple[tuple[A.Action, ...], A.Action]]:
    """(conversions, action) for every action of `name`'s current decision that is not itself a
    conversion or burn and is legal now or after at most `max_steps` of them: () for the actions
    legal now, else the shortest sequence found (the first in listing order among equals).
    Listing order within each number of steps; `game` is not changed.

    Two steps (a burn and a conversion, or two conversions) take 5-40 ms mid-game; three find
    a little more (power to workers and priests to workers for one build) in about 5 times that."""
    found: dict[A.Action, tuple[A.Action, ...]] = {}

    def note(g: Game, steps: tuple[A.Action, ...]) -> None:
        for action in g.legal_actions(name):
            if type(action) not in CONVERSIONS and action not in found:
                found[action] = steps

    note(game, ())
    frontier = [((), game)]
    seen = {_resources(game, name)}
    for _ in range(max_steps):
        ahead = []
        for steps, g in frontier:
            for step in g.legal_actions(name):
                if type(step) not in CONVERSIONS:
                    continue
                after = g.copy()
                after.apply(name, step)
                key = _resources(after, name)
                if key in seen:  # the same resources by another route: nothing new to find
                    continue
                seen.add(key)
                note(after, steps + (step,))
                ahead.append((steps + (step,), after))
        frontier = ahead
    return [(steps, action) for action, steps in found.items()]


def _resources(game: Game, name: str) -> tuple:
    """What conversions change: the player's VP, coins, workers, priests, bowls (and cults, in
    the snapshot), the workers the Darklings may still turn into priests, and the decision."""
    p = game.player(name)
    return p.snapshot(), p.w_to_p, game.decision(name)
