"""One hash of what the engine holds legal, to compare two versions of it: for 40 seeded random
games (2 to 5 players) and 40 Fire & Ice games over every map, after every action, the pending
decisions, each waiting faction's listing (whole, of each kind, and builds with upgrades, each
worked out afresh on a copy), the events, digests and ledger values along the way, and the
refusal codes of actions listed earlier or listed for another faction.

Run: python benchmarks/legality_hash.py [--games N]   (a check, not a test: the hash must not
change when only the engine's speed does; prints the steps played and the hash)
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.rules import actions as A  # noqa: E402
from tmdesktop.rules.data import ALL_FACTIONS  # noqa: E402
from tmdesktop.rules.engine import Game  # noqa: E402
from tmdesktop.rules.maps import MAP_KEYS  # noqa: E402
from tmdesktop.rules.random_play import random_step  # noqa: E402
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup  # noqa: E402
from tmdesktop.simulate_cli import FIRE_ICE_OPTIONS, pick_factions  # noqa: E402

KINDS = (A.Build, A.Upgrade, A.Transform, A.Dig, A.Convert, A.Burn, A.UseAction, A.SendPriest, A.Advance,
         A.PlaceBridge, A.Connect, A.Pass, A.TakeTile, A.CultStep, A.Leech, A.Decline, A.Done,
         A.DiscardSpade, A.PickColor, A.UnlockTerrain, A.TokenForVP)


class Record:
    def __init__(self) -> None:
        self.hash = hashlib.blake2b(digest_size=16)

    def put(self, *values) -> None:
        self.hash.update(repr(values).encode() + b"\n")


def fresh(game: Game) -> Game:
    """A copy that keeps nothing from earlier listings."""
    other = game.copy()
    other._legal_cache = {}
    return other


def refusal(game: Game, who, action) -> str:
    error = game.refusal(who, action)
    return error.code if error else "accepted"


def play(record: Record, setup: GameSetup) -> int:
    rng = random.Random(setup.seed)
    game = Game(setup)
    earlier: list = []
    step = 0
    while not game.finished and step < 5000:
        record.put("pending", [(d.kind, d.faction, sorted(d.why.items())) for d in game.decisions()], game.to_act())
        for who in game.waiting_for():
            g = fresh(game)
            per_kind = [(k.__name__, g.legal_actions(who, only=k)) for k in KINDS]
            growth = fresh(game).legal_actions(who, only=(A.Build, A.Upgrade))
            whole = g.legal_actions(who)
            assert whole == fresh(game).legal_actions(who)
            record.put(who, game.decision(who), whole, [kv for kv in per_kind if kv[1]], growth)
            if step % 7 == 0:
                listed = set(whole)
                for action in [a for a in earlier if a not in listed][:3]:
                    record.put("refused", who, action, refusal(game, who, action))
                for other in [w for w in game.state.players if w != who][:1]:
                    for action in whole[:2]:
                        record.put("refused to another", other, action, refusal(game, other, action))
            earlier = whole
        who, action = random_step(game, rng)
        record.put(step, who, action, [repr(e) for e in game.apply(who, action)])
        if step % 10 == 0:
            record.put("digest", game.digest(), game.last_snapshot)
        step += 1
    record.put("end", game.digest(), {n: p.VP for n, p in game.state.players.items()}, len(game.log))
    return step


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40, help="games of each set")
    args = ap.parse_args(argv)
    record = Record()
    steps = 0
    for k in range(args.games):
        steps += play(record, GameSetup.random(2 + k % 4, 1000 + k))
    options = frozenset(TOURNAMENT_OPTIONS | FIRE_ICE_OPTIONS)
    for k in range(args.games):
        seed, players = 2000 + k, 2 + k % 4
        factions = pick_factions(random.Random(seed), players, list(ALL_FACTIONS), ALL_FACTIONS[seed % len(ALL_FACTIONS)])
        steps += play(record, GameSetup.random(players, seed, map_key=MAP_KEYS[k % len(MAP_KEYS)], options=options,
                                               factions=factions))
    print(f"steps {steps} hash {record.hash.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
