"""`python -m tmdesktop simulate`: complete games of random legal actions, seeded and reproducible.

Prints one JSON line per game: {"seed", "map", "options", "scores", "digest", "log"} (the digest
of the final state, the same in every process); with --export each game's log (site notation) is
written to DIR.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from .rules.data import ALL_FACTIONS, BASE_FACTIONS, faction
from .rules.invariants import check_invariants
from .refusals import message
from .rules.errors import RuleError
from .rules.maps import MAP_KEYS
from .rules.random_play import random_game
from .rules.setup import KNOWN_OPTIONS, TOURNAMENT_OPTIONS
from .rules.sitelog import export_log

FIRE_ICE_OPTIONS = frozenset({"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                              "fire-and-ice-factions/variable_v5"})


def pick_factions(rng: random.Random, players: int, pool: list[str], first: str | None) -> tuple[str, ...]:
    """Factions with different home terrains (at most one ice, one volcano, one variable);
    `first` (if given) is among them."""
    chosen = [first] if first else []
    for name in rng.sample(pool, len(pool)):
        if len(chosen) == players:
            break
        home = faction(name).home
        if name in chosen or any(faction(c).home == home for c in chosen):
            continue
        chosen.append(name)
    rng.shuffle(chosen)
    return tuple(chosen)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop simulate", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 per game)")
    ap.add_argument("--players", type=int, choices=range(2, 6), default=4)
    ap.add_argument("--map", default="original", choices=MAP_KEYS)
    ap.add_argument("--factions", default="",
                    help="comma-separated factions, or 'all' to cycle through all 20 factions and all maps")
    ap.add_argument("--options", default="", help="comma-separated extra options (the tournament ones are on)")
    ap.add_argument("--export", type=Path, help="write each game's log to this folder")
    ap.add_argument("--check", action="store_true", help="check the invariants after every action")
    args = ap.parse_args(argv)
    options = set(TOURNAMENT_OPTIONS)
    for o in filter(None, args.options.split(",")):
        if o not in KNOWN_OPTIONS:
            ap.error(f"unknown option {o!r}")
        options.add(o)
    cycle = args.factions == "all"
    if "revised-starting-vp" in options and (cycle or args.map != "original"):
        ap.error("revised-starting-vp exists for the original map only (as on the site)")
    fixed: tuple[str, ...] = ()
    if args.factions and not cycle:
        fixed = tuple(f.strip().lower() for f in args.factions.split(","))
        unknown = [f for f in fixed if f not in ALL_FACTIONS]
        if unknown:
            ap.error(f"unknown faction(s): {', '.join(unknown)}")
        if len(fixed) != args.players:
            ap.error(f"{len(fixed)} factions for {args.players} players")
    if cycle or any(f not in BASE_FACTIONS for f in fixed):
        options |= FIRE_ICE_OPTIONS
    if args.export:
        args.export.mkdir(parents=True, exist_ok=True)
    failures = 0
    for k in range(args.games):
        seed = args.seed + k
        map_key = MAP_KEYS[k % len(MAP_KEYS)] if cycle else args.map
        rng = random.Random(seed)
        factions = fixed or pick_factions(rng, args.players, list(ALL_FACTIONS),
                                          ALL_FACTIONS[k % len(ALL_FACTIONS)] if cycle else None) \
            if cycle or fixed else ()
        try:
            # (search mode unless the log is exported: the digest and scores are the same)
            game = random_game(seed, args.players, check=check_invariants if args.check else None,
                               search_mode=args.export is None, map_key=map_key, options=frozenset(options),
                               factions=factions)
        except (RuleError, RuntimeError, AssertionError) as e:
            failures += 1
            print(json.dumps({"seed": seed, "map": map_key, "error": message(e),
                              "code": getattr(e, "code", type(e).__name__)}), flush=True)
            continue
        line = {"seed": seed, "map": map_key, "options": sorted(game.setup.options),
                "scores": {n: p.VP for n, p in game.state.players.items()}, "digest": game.digest()}
        if args.export:
            path = args.export / f"game-{seed}.txt"
            path.write_text(export_log(game), encoding="utf-8")
            line["log"] = str(path)
        print(json.dumps(line), flush=True)
    return 1 if failures else 0
