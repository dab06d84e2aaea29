"""`Player`: a computer opponent that answers every decision the engine asks of a faction.

A player is a pure function of the position, its level and a seed: `choose_action(setup, log,
faction, level, seed)` rebuilds the game from picklable inputs, which is how a worker process
(the app's, or the arena's) runs a level without sharing anything.
"""

from __future__ import annotations

import random
import zlib

from ..rules import actions as A
from ..rules import auction as AU
from . import engine_api as E
from .factions import strength
from .levels import Level, level as level_named
from .planner import Plan, best_one_step, answer_offer, complete_step, target_colors, turn_plans


class Player:
    def __init__(self, level: str | Level = "medium", seed: int = 0):
        self.level = level_named(level)
        self.seed = seed

    def rng(self, game, faction: str | None) -> random.Random:
        """The same position, faction and seed always give the same choices (any process)."""
        key = f"{self.seed}:{len(E.log_of(game))}:{faction}".encode()
        return random.Random(zlib.crc32(key))

    def plans(self, game, faction: str) -> list[Plan]:
        """Candidate whole turns, best first (the faction must have its main action now)."""
        return turn_plans(game, faction, self.level, self.rng(game, faction))

    def choose(self, game, faction: str | None) -> A.Action:
        """A legal action for `faction`'s current decision."""
        legal = E.legal(game, faction)
        if not legal:
            raise ValueError(f"{faction} has nothing to decide")
        choice = self._choose(game, faction, E.decision(game, faction), legal)
        return choice if choice in legal else legal[0]

    def _choose(self, game, faction, kind: str | None, legal: list[A.Action]) -> A.Action:
        rng = self.rng(game, faction)
        lv = self.level
        if kind == "factions":
            ranked = sorted(legal, key=lambda a: -strength(a.faction))
            return ranked[0] if not lv.noise else rng.choice(ranked[:3])
        if kind == "action":
            plans = turn_plans(game, faction, lv, rng)
            return plans[0].actions[0] if plans else legal[0]
        if kind in ("end", "followup"):  # (at the end: the Mermaids may still found a town)
            return complete_step(game, faction, lv, rng)
        if kind == "leech":  # the power offer comes first (acting in one's turn would decline it)
            return answer_offer(game, faction, legal, lv, rng) or legal[0]
        if kind == "spades":  # income spades: towards the own terrain (or given up)
            targets = target_colors(E.state(game).players[faction])
            legal = [a for a in legal if not isinstance(a, A.Transform) or a.color in targets] or legal
        return best_one_step(game, faction, legal, lv, rng) or legal[0]

    # ------------------------------------------------------------------ the faction auction

    def bid(self, auction: AU.Auction, player: int) -> object:
        """A legal auction move: bid up to what the best faction left is worth over the others,
        then take it and the earliest free turn-order slot."""
        legal = auction.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has nothing to decide in the auction")
        ranked = sorted(auction.factions, key=lambda f: -strength(f))
        if auction.bidder is None:
            slot = min(auction.free_slots)
            choice = AU.TakeFaction(ranked[0], slot)
        else:
            spread = strength(ranked[0]) - (strength(ranked[1]) if len(ranked) > 1 else 0.0)
            limit = round(2 + 12 * spread + (0 if self.level.name == "hard" else -1))
            low = 0 if auction.high_bid is None else auction.high_bid + 1
            choice = AU.Bid(low) if low <= max(0, limit) or auction.high_bid is None else AU.PassBid()
        return choice if choice in legal else legal[0]


def choose_action(setup, log, faction: str | None, level: str = "medium", seed: int = 0) -> A.Action:
    """The level's choice for `faction` in the game `setup` and `log` lead to (picklable in and
    out, for a worker process)."""
    game = E.replay(setup, log)
    return Player(level, seed).choose(game, faction)
