"""Tune Medium's term multipliers (`levels.TUNED`) on the figure the issue asks for: the mean VP
per player of all-Medium 4-player tables (random base factions, original map).

SPSA (simultaneous perturbation): each iteration moves every multiplier's logarithm by +c or -c at
random, plays the same fresh tables with both perturbed judgements and steps along the difference
of their mean VP. Tables are paired (the same seeds for both sides), so the factions and the
draws cancel out of the difference. A table of Medium takes about 4.5 s of CPU, so an iteration
of 32 tables a side is about 5 minutes on two cores.

    python benchmarks/tune_weights.py run --out runs.jsonl [--iterations 40] [--tables 32] [--seed 7000]
    python benchmarks/tune_weights.py validate --theta runs.jsonl [--last 8] [--games 50] [--seed 1000]

`run` appends one JSON line per iteration (the two sides' mean VP, their difference and the
multipliers after the step) and resumes after the last line already in `--out`. `validate` takes
the geometric mean of the multipliers of the last iterations and plays the tables of `--seed`
with them and with `levels.TUNED`, and prints both means and the paired difference with its 95%
interval. Train and validate on different seeds (the arena's figures use 1000-1049).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.ai import levels  # noqa: E402
from tmdesktop.ai.arena import Table, play_table  # noqa: E402

NAMES = [name for name, _m in levels.TUNED.terms]


def level_with(multipliers: dict[str, float]) -> levels.Level:
    weights = replace(levels.TUNED, terms=tuple((n, round(multipliers[n], 4)) for n in NAMES))
    return replace(levels.MEDIUM, weights=weights)


def table_mean(job: tuple[int, dict[str, float]]) -> float:
    seed, multipliers = job
    result = play_table(Table(seed=seed, seats=(level_with(multipliers),) * 4))
    if "error" in result:  # (a failed game has no scores: say why rather than a KeyError)
        raise RuntimeError(f"table {seed}: {result['error']}")
    return statistics.fmean(result["scores"])


def means(pool, seeds: list[int], multipliers: dict[str, float]) -> list[float]:
    return pool.map(table_mean, [(s, multipliers) for s in seeds], chunksize=1)


def run(args) -> int:
    out = Path(args.out)
    done = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    theta = {n: math.log(m) for n, m in (done[-1]["multipliers"].items() if done else levels.TUNED.terms)}
    start = done[-1]["k"] + 1 if done else 0
    with Pool(args.jobs) as pool, out.open("a") as f:
        for k in range(start, args.iterations):
            rng = random.Random(args.seed * 1000 + k)  # the same run resumes the same way
            seeds = list(range(args.seed + k * args.tables, args.seed + (k + 1) * args.tables))
            c = args.c / (k + 1) ** 0.101  # the usual SPSA decay of the perturbation and the step
            a = args.a / (1 + k / 10) ** 0.602
            delta = {n: rng.choice((-1, 1)) for n in NAMES}
            plus = means(pool, seeds, {n: math.exp(theta[n] + c * delta[n]) for n in NAMES})
            minus = means(pool, seeds, {n: math.exp(theta[n] - c * delta[n]) for n in NAMES})
            diff = statistics.fmean(plus) - statistics.fmean(minus)
            theta = {n: theta[n] + a * diff / (2 * c) * delta[n] for n in NAMES}
            line = {"k": k, "plus": statistics.fmean(plus), "minus": statistics.fmean(minus), "diff": diff,
                    "multipliers": {n: round(math.exp(t), 4) for n, t in theta.items()}}
            f.write(json.dumps(line) + "\n")
            f.flush()
            print(f"{k}: plus {line['plus']:.2f} minus {line['minus']:.2f} diff {diff:+.2f}", flush=True)
    return 0


def validate(args) -> int:
    lines = [json.loads(line) for line in Path(args.theta).read_text().splitlines()][-args.last:]
    tuned = {n: math.exp(statistics.fmean(math.log(line["multipliers"][n]) for line in lines)) for n in NAMES}
    seeds = list(range(args.seed, args.seed + args.games))
    with Pool(args.jobs) as pool:
        before = means(pool, seeds, dict(levels.TUNED.terms))
        after = means(pool, seeds, tuned)
    diffs = [b - a for a, b in zip(before, after)]
    ci = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(json.dumps({n: round(m, 4) for n, m in tuned.items()}))
    print(f"{len(seeds)} tables from seed {args.seed}: levels.TUNED {statistics.fmean(before):.2f}, "
          f"tuned here {statistics.fmean(after):.2f} VP per player, paired {statistics.fmean(diffs):+.2f} ± {ci:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="SPSA iterations, appended to --out")
    r.add_argument("--out", required=True)
    r.add_argument("--iterations", type=int, default=40)
    r.add_argument("--tables", type=int, default=32, help="tables per side and iteration")
    r.add_argument("--seed", type=int, default=7000, help="first table seed (each iteration takes fresh ones)")
    r.add_argument("--a", type=float, default=0.012, help="step size")
    r.add_argument("--c", type=float, default=0.2, help="perturbation of each multiplier's logarithm")
    r.add_argument("--jobs", type=int, default=2)
    v = sub.add_parser("validate", help="the last iterations' multipliers against levels.TUNED")
    v.add_argument("--theta", required=True, help="a file written by `run`")
    v.add_argument("--last", type=int, default=8, help="iterations averaged")
    v.add_argument("--games", type=int, default=50)
    v.add_argument("--seed", type=int, default=1000)
    v.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    return run(args) if args.command == "run" else validate(args)


if __name__ == "__main__":
    sys.exit(main())
