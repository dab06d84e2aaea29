"""`python -m tmdesktop takeover LEDGER... --round R [--levels L] [--jobs J]`: a level plays every
seat of recorded games from the start of round R to the end; prints its final VP per player against
the tournament players', where the VP after round R came from, and round by round the towns
founded and the round scoring tile's VP."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from .. import spawned
from .cli_args import finished_games, levels_of
from .takeover import Takeover, take_over


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop takeover", description=__doc__.splitlines()[0])
    ap.add_argument("ledgers", nargs="+", type=Path, help="ledger exports of finished games")
    ap.add_argument("--round", type=int, choices=range(1, 7), default=4, help="the round the level takes over at")
    ap.add_argument("--levels", default="medium", help="levels, comma-separated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    args = ap.parse_args(argv)
    levels = levels_of(ap, args.levels)
    games = finished_games(args.ledgers)
    if games is None:
        return 1
    for level in levels:
        total = Takeover()
        for path, one in _played(games, args.round, level, args.seed, args.jobs):
            print(f"{path.name}: {level} {one.level_vp / one.players:.1f}, tournament "
                  f"{one.their_vp / one.players:.1f} VP per player", flush=True)
            total.add(one)
        n = max(1, total.players)
        print(f"{level:7} from round {args.round} ({total.players} players, {total.vp_at_start / n:.1f} VP each "
              f"then): {total.level_vp / n:.1f} VP per player, tournament players {total.their_vp / n:.1f}")
        kinds = sorted(set(total.level_sources) | set(total.their_sources),
                       key=lambda k: -abs(total.their_sources[k] - total.level_sources[k]))
        for kind in kinds:
            print(f"        {kind:14} {total.level_sources[kind] / n:6.1f}  (tournament {total.their_sources[kind] / n:6.1f})")
        _print_by_round(total, args.round, n)
    return 0


def _print_by_round(total: Takeover, first: int, n: int) -> None:
    """Per player, round by round: the towns founded and the round scoring tile's VP (the
    tournament players' in brackets)."""
    rounds = range(first, 7)
    print("        by round      " + "".join(f"{r:>7}" for r in rounds))
    for key, label in (("towns", "towns founded"), ("round_tile", "round tile VP")):
        mine = "".join(f"{total.level_rounds[r, key] / n:7.2f}" for r in rounds)
        theirs = " ".join(f"{total.their_rounds[r, key] / n:.2f}" for r in rounds)
        print(f"        {label:14}{mine}  (tournament {theirs})")


def _played(games: list, round_: int, level: str, seed: int, jobs: int):
    """(path, `Takeover`) of each game in order, `jobs` games at a time. A process reads its
    game's ledger again: the comparison needs the recorded game's events, which a game sent
    between processes leaves behind (`engine_api.portable`)."""
    if jobs <= 1:
        for path, game in games:
            yield path, take_over(game, round_, level, seed)
        return
    paths = [path for path, _game in games]
    with spawned.pool(jobs) as pool:
        yield from zip(paths, pool.map(partial(_take_over_ledger, round_=round_, level=level, seed=seed), paths))


def _take_over_ledger(path: Path, round_: int, level: str, seed: int) -> Takeover:
    (_path, game), = finished_games([path])
    return take_over(game, round_, level, seed)
