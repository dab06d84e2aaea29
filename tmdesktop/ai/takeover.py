"""A level takes over every seat of a recorded game at the start of a round and plays it to the
end: what it makes of the tournament players' position, source by source, against what they made.

Less noisy than whole games between levels (the position is the same each time and strong), and
it tells the late game from the early one: from round 4 on, Medium finishes about 20 VP below the
tournament players; a whole game from the start costs it about 40.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import engine_api as E
from .player import Player


@dataclass
class Takeover:
    players: int = 0
    vp_at_start: int = 0  # VP of every player when the level took over
    level_vp: int = 0  # their final scores, the level playing
    their_vp: int = 0  # the tournament players' final scores
    level_sources: Counter = field(default_factory=Counter)  # VP after the takeover, by source kind
    their_sources: Counter = field(default_factory=Counter)
    #: towns founded and round scoring tile VP in each round after the takeover, keyed
    #: (round, "towns") and (round, "round_tile") (`engine_api.towns_and_round_vp`)
    level_rounds: Counter = field(default_factory=Counter)
    their_rounds: Counter = field(default_factory=Counter)

    def add(self, other: Takeover) -> None:
        for name in ("players", "vp_at_start", "level_vp", "their_vp"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.level_sources.update(other.level_sources)
        self.their_sources.update(other.their_sources)
        self.level_rounds.update(other.level_rounds)
        self.their_rounds.update(other.their_rounds)


def take_over(full, round_: int, level: str, seed: int = 0) -> Takeover:
    """`full`: the finished recorded game. The level plays every seat from the first main turn of
    `round_` (the actions before it are the tournament's)."""
    log = E.log_of(full)
    game = E.new_game(E.setup_of(full))
    for who, action in log[len(E.log_of(game)):]:
        s = E.state(game)
        if s.phase == "play" and s.round >= round_:
            break
        E.play(game, who, action)
    mark = E.events_count(game)
    start = {f: p.VP for f, p in E.state(game).players.items()}
    players = {f: Player(level, seed * 10 + i) for i, f in enumerate(start)}
    while not E.finished(game):
        who = E.to_act(game)[0]
        action = players[who].choose(game, who) if who is not None else E.legal(game, None)[0]
        E.play(game, who, action)
    mine, theirs = E.state(game).players, E.state(full).players
    return Takeover(players=len(start), vp_at_start=sum(start.values()),
                    level_vp=sum(mine[f].VP for f in start), their_vp=sum(theirs[f].VP for f in start),
                    level_sources=Counter(E.vp_by_kind(game, mark)), their_sources=Counter(E.vp_by_kind(full, mark)),
                    level_rounds=Counter(E.towns_and_round_vp(game, mark, round_)),
                    their_rounds=Counter(E.towns_and_round_vp(full, mark, round_)))
