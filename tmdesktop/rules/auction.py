"""The Fire & Ice faction auction (seed 004, "Subasta de facciones").

As many factions as players are drawn. Every player's VP marker starts on 40. Starting with a
random player and going round in seat order, each player still without a faction bids higher or
passes, until one bidder is left; the winner takes one of the drawn factions and an empty slot on
the turn-order board and starts with 40 minus the bid. Then the next auction begins with the next
player clockwise, until every faction is taken. The slots give the game's seat order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .data import ALL_FACTIONS, BASE_FACTIONS, faction
from .errors import RuleError
from .maps import TERRAINS
from .setup import GameSetup

START_VP = 40


@dataclass(frozen=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class PassBid:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class TakeFaction:
    faction: str
    slot: int  # 1 = plays first

    def __str__(self) -> str:
        return f"take {self.faction} slot {self.slot}"


@dataclass
class Auction:
    players: int
    factions: list[str]  # drawn, still unclaimed
    starter: int  # who opens the current auction
    bidder: int | None = None  # whose turn it is to bid (None: the winner is choosing)
    high_bid: int | None = None
    high_bidder: int | None = None
    passed: set[int] = field(default_factory=set)
    results: dict[int, tuple[str, int, int]] = field(default_factory=dict)  # player -> faction, slot, VP
    log: list[tuple[int, object]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.drawn = list(self.factions)
        self._open(self.starter)

    @classmethod
    def draw(cls, players: int, seed: int, fire_ice: bool = True) -> Auction:
        """Draw as many factions as players (no two with the same home terrain, at most one ice,
        one volcano and one variable faction)."""
        rng = random.Random(seed)
        pool = list(ALL_FACTIONS if fire_ice else BASE_FACTIONS)
        rng.shuffle(pool)
        drawn: list[str] = []
        for name in pool:
            home = faction(name).home  # a terrain, or ice / volcano / variable: one faction of each
            if any(faction(d).home == home for d in drawn):
                continue
            drawn.append(name)
            if len(drawn) == players:
                break
        return cls(players=players, factions=drawn, starter=rng.randrange(players))

    # ------------------------------------------------------------------ flow

    @property
    def finished(self) -> bool:
        return len(self.results) == self.players

    @property
    def free_slots(self) -> list[int]:
        taken = {slot for _faction, slot, _vp in self.results.values()}
        return [s for s in range(1, self.players + 1) if s not in taken]

    def _without_faction(self) -> list[int]:
        return [i for i in range(self.players) if i not in self.results]

    def _open(self, starter: int) -> None:
        """A new auction among the players without a faction, opened by `starter`."""
        self.passed = set()
        self.high_bid = self.high_bidder = None
        bidders = self._without_faction()
        if not bidders:
            self.bidder = None
            return
        while starter not in bidders:
            starter = (starter + 1) % self.players
        self.starter = starter
        if len(bidders) == 1:  # nobody left to bid against: the last faction for 0
            self.high_bid, self.high_bidder, self.bidder = 0, starter, None
        else:
            self.bidder = starter

    def to_act(self) -> int | None:
        if self.finished:
            return None
        return self.bidder if self.bidder is not None else self.high_bidder

    def _next_bidder(self, after: int) -> int | None:
        active = [i for i in self._without_faction() if i not in self.passed]
        if len(active) == 1 and self.high_bidder is not None:
            return None
        for step in range(1, self.players + 1):
            k = (after + step) % self.players
            if k in active:
                return k
        return None

    def legal_actions(self, player: int) -> list:
        if player != self.to_act():
            return []
        if self.bidder is None:
            return [TakeFaction(f, s) for f in self.factions for s in self.free_slots]
        low = 0 if self.high_bid is None else self.high_bid + 1
        bids = [Bid(n) for n in range(low, START_VP + 1)]
        return bids + ([PassBid()] if self.high_bid is not None else [])

    def apply(self, player: int, action) -> None:
        if player != self.to_act():
            raise RuleError("auction_not_your_turn", player=player)
        if isinstance(action, Bid):
            if self.bidder is None:
                raise RuleError("auction_won")
            low = 0 if self.high_bid is None else self.high_bid + 1
            if not low <= action.amount <= START_VP:
                raise RuleError("bid_out_of_range", low=low, high=START_VP)
            self.high_bid, self.high_bidder = action.amount, player
            self.bidder = self._next_bidder(player)
        elif isinstance(action, PassBid):
            if self.bidder is None:
                raise RuleError("auction_won")
            if self.high_bid is None:
                raise RuleError("first_bidder_must_bid")
            self.passed.add(player)
            self.bidder = self._next_bidder(player)
        elif isinstance(action, TakeFaction):
            if self.bidder is not None:
                raise RuleError("auction_running")
            if action.faction not in self.factions:
                raise RuleError("faction_not_in_auction", faction=action.faction)
            if action.slot not in self.free_slots:
                raise RuleError("slot_taken", slot=action.slot)
            self.factions.remove(action.faction)
            self.results[player] = (action.faction, action.slot, START_VP - self.high_bid)
            self._open((self.starter + 1) % self.players)
        else:
            raise RuleError("unknown_auction_action")
        self.log.append((player, action))

    # ------------------------------------------------------------------ result

    def seat_order(self) -> list[int]:
        """Players in the order of their turn-order slots."""
        return [p for p, _r in sorted(self.results.items(), key=lambda kv: kv[1][1])]

    def game_setup(self, base: GameSetup) -> GameSetup:
        """The game this auction leads to: factions by slot, starting VP 40 minus the bid."""
        if not self.finished:
            raise RuleError("auction_not_over")
        order = self.seat_order()
        factions = tuple(self.results[p][0] for p in order)
        reserved = tuple(sorted({faction(f).home for f in self.drawn if faction(f).home in TERRAINS}))
        names = tuple(base.player_names[p] for p in order) if base.player_names else ()
        return GameSetup(players=base.players, map_key=base.map_key, options=base.options,
                         score_tiles=base.score_tiles, bonus_tiles=base.bonus_tiles, player_names=names,
                         seed=base.seed, factions=factions, final_scoring=base.final_scoring,
                         start_vp={self.results[p][0]: self.results[p][2] for p in order},
                         reserved_colors=reserved)
