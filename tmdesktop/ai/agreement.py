"""How often a level's choice equals a tournament player's, replaying a recorded game.

At each main-turn decision the tournament's main action (the first action of the turn that is
not a conversion; a build after digging counts as the build) is compared with the main actions of the level's best plans (top 1, top 3);
at each power offer the tournament's answer (take or decline) with the level's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import actions as A
from . import engine_api as E
from .planner import FREE
from .player import Player


@dataclass
class Agreement:
    turns: int = 0
    top1: int = 0
    top3: int = 0
    offers: int = 0
    offers_same: int = 0
    kinds: dict[str, list[int]] = field(default_factory=dict)  # main action kind -> [seen, top1]

    def add(self, other: Agreement) -> None:
        self.turns += other.turns
        self.top1 += other.top1
        self.top3 += other.top3
        self.offers += other.offers
        self.offers_same += other.offers_same
        for k, (n, m) in other.kinds.items():
            mine = self.kinds.setdefault(k, [0, 0])
            mine[0] += n
            mine[1] += m


def _main_of(log, start: int, faction: str) -> A.Action | None:
    """The tournament's main action in the turn starting at log[start]; "dig, then build there"
    counts as the build (the engine digs by itself for a build on other terrain)."""
    dug = False
    for who, action in log[start:]:
        if who != faction:
            continue
        if isinstance(action, A.Done):
            return A.Dig(1) if dug else None
        if isinstance(action, A.Dig) and not dug:
            dug = True
            continue
        if not isinstance(action, FREE):
            return action
    return None


def _same(mine: A.Action, theirs: A.Action) -> bool:
    if isinstance(mine, A.SendPriest) and isinstance(theirs, A.SendPriest):
        return mine.cult == theirs.cult  # the spot is the engine's choice unless one insists
    if isinstance(mine, A.Transform) and isinstance(theirs, A.Transform):
        return mine.hex == theirs.hex
    return mine == theirs


def compare_game(setup, log, level: str, seed: int = 0, max_turns: int | None = None,
                 offers: bool = True) -> Agreement:
    game = E.new_game(setup)
    player = Player(level, seed)
    out = Agreement()
    for index in range(len(E.log_of(game)), len(log)):
        who, action = log[index]
        kind = E.decision(game, who) if who is not None else None
        if kind == "action" and (max_turns is None or out.turns < max_turns):
            theirs = _main_of(log, index, who)
            if theirs is not None:
                mains = []
                for plan in player.plans(game, who):
                    if not any(_same(plan.main, m) for m in mains):
                        mains.append(plan.main)
                    if len(mains) == 3:
                        break
                hit1 = bool(mains) and _same(mains[0], theirs)
                out.turns += 1
                out.top1 += hit1
                out.top3 += any(_same(m, theirs) for m in mains)
                k = out.kinds.setdefault(type(theirs).__name__, [0, 0])
                k[0] += 1
                k[1] += hit1
        elif offers and kind == "leech" and isinstance(action, (A.Leech, A.Decline)):
            mine = player.choose(game, who)
            out.offers += 1
            out.offers_same += type(mine) is type(action)
        E.play(game, who, action)
    return out
