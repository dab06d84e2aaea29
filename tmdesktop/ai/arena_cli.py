"""`python -m tmdesktop arena`: complete games between computer levels, reproducible by seed.

Prints one JSON line per game (seed, seats, factions, scores, ranks), then per level the mean VP
per player with its 95% interval, mean rank, win rate and seconds per move, and how often each
level outscored each other one at the same table.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .. import spawned
from .arena import Table, head_to_head, play_table, rotated, summary
from .cli_args import levels_of
from ..rules.data import ALL_FACTIONS
from ..rules.maps import MAP_KEYS


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop arena", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--players", type=int, choices=range(2, 6), default=4)
    ap.add_argument("--seats", default="medium",
                    help="levels by seat, comma-separated (easy, medium, hard); one level fills every seat; "
                         "seats are rotated by one each game")
    ap.add_argument("--map", default="original", choices=MAP_KEYS)
    ap.add_argument("--factions", default="random",
                    help="random (base game), all (Fire & Ice factions too), or one faction per seat")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 per game)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    args = ap.parse_args(argv)
    levels = levels_of(ap, args.seats)
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players:
        ap.error(f"{len(levels)} seats for {args.players} players")
    fixed: tuple[str, ...] = ()
    pool = "base"
    if args.factions == "all":
        pool = "all"
    elif args.factions != "random":
        fixed = tuple(f.strip().lower() for f in args.factions.split(","))
        if unknown := [f for f in fixed if f not in ALL_FACTIONS]:
            ap.error(f"unknown faction(s): {', '.join(unknown)}")
        if len(fixed) != args.players:
            ap.error(f"{len(fixed)} factions for {args.players} players")
    tables = [Table(args.seed + k, rotated(levels, k), args.map, fixed, pool) for k in range(args.games)]
    results = []
    if args.jobs > 1:
        with spawned.pool(args.jobs) as pool_ex:
            for r in pool_ex.map(play_table, tables):
                results.append(_report_game(r))
    else:
        for t in tables:
            results.append(_report_game(play_table(t)))
    failed = [r for r in results if "error" in r]
    results = [r for r in results if "error" not in r]
    for level, d in sorted(summary(results).items()):
        print(f"{level:7} VP/player {d['vp_mean']:6.1f} ± {d['vp_ci95']:4.1f} (n={d['players']})  "
              f"rank {d['rank_mean']:.2f}  wins {100 * d['win_rate']:5.1f}%  "
              f"s/move mean {d['sec_mean']:.3f} median {d['sec_median']:.3f} p95 {d['sec_p95']:.3f} "
              f"worst {d['sec_worst']:.3f} ({d['moves']} moves)", flush=True)
    for (a, b), share in sorted(head_to_head(results).items()):
        print(f"{a} outscores {b} in {100 * share:.1f}% of pairings", flush=True)
    if failed:
        print(f"{len(failed)} of {len(tables)} games failed and are left out above: "
              f"{', '.join(str(r['seed']) for r in failed)}", flush=True)
    return 1 if failed else 0


def _report_game(r: dict) -> dict:
    """Print a game's JSON line; a failed game's log goes to `arena-failed-SEED.txt` (the site's
    notation, which `sitelog.import_log` reads back) and its line says so."""
    if "error" in r:
        path = Path(f"arena-failed-{r['seed']}.txt")
        path.write_text(r["log"], encoding="utf-8")
        line = {k: r[k] for k in ("seed", "map", "seats", "factions", "error")} | {"log": str(path)}
    else:
        line = {k: r[k] for k in ("seed", "map", "seats", "factions", "scores", "ranks")}
    print(json.dumps(line), flush=True)
    return r
