"""`python -m tmdesktop agree LEDGER...`: replay recorded games and report how often each
level's choice equals the tournament player's: main actions (top 1 and top 3) and power offers."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import engine_api as E
from .agreement import Agreement, compare_game
from .cli_args import finished_games, levels_of


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop agree", description=__doc__.splitlines()[0])
    ap.add_argument("ledgers", nargs="+", type=Path, help="ledger exports of finished games")
    ap.add_argument("--levels", default="easy,medium,hard", help="levels to compare, comma-separated")
    ap.add_argument("--turns", type=int, default=None, help="main-turn decisions looked at per game (all; 0: power offers only)")
    args = ap.parse_args(argv)
    levels = levels_of(ap, args.levels)
    loaded = finished_games(args.ledgers)
    if loaded is None:
        return 1
    games = [(path, E.setup_of(game), E.log_of(game)) for path, game in loaded]
    for level in levels:
        total = Agreement()
        for path, setup, log in games:
            total.add(compare_game(setup, log, level, max_turns=args.turns))
        turns, offers = max(1, total.turns), max(1, total.offers)
        mains = (f"main turns {total.turns}: top-1 {100 * total.top1 / turns:5.1f}%  "
                 f"top-3 {100 * total.top3 / turns:5.1f}%   " if total.turns else "")
        print(f"{level:7} {mains}power offers {total.offers}: "
              f"same answer {100 * total.offers_same / offers:5.1f}%", flush=True)
        for kind, (n, m) in sorted(total.kinds.items(), key=lambda kv: -kv[1][0]):
            print(f"        {kind:12} {n:5} turns, top-1 {100 * m / max(1, n):5.1f}%")
    return 0
