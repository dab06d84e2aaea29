"""Play-outs: how well the evaluation judges a turn by where the game then goes.

    python benchmarks/playouts.py gen OUT --first S --last T [--share P] [--turns K] [--jobs J]
    python benchmarks/playouts.py fit FILE... [--lam L]      (needs numpy: .venv/bin/pip install -e '.[fit]')
    python benchmarks/playouts.py chaos --seed S [--runs N] [--noise V]
    python benchmarks/playouts.py games OUT --first S --last T [--jobs J]
    python benchmarks/playouts.py regress FILE... [--lam L]  (needs numpy)

`gen` plays Medium tables (all four seats, base factions, original map, seeds S to T). At a share
P of the main turns it takes Medium's best candidate turn and K-1 others drawn from its best ten,
plays each to the end of the game (every seat Medium with 10 candidate turns), and writes one JSON
line per position: seed, round, faction, and for each turn its rank among Medium's candidates,
the evaluation's terms after it (`evaluation.TERM_NAMES`) and the faction's final score.

`fit` reads such lines and prints how often Medium's judgement orders two turns of a position as
their final scores do, how many VP its best turn ends below the best one played out, and the same
for term multipliers fitted to the final scores (least squares within each position, pulled
towards Medium's multipliers by `--lam`), held out by game (five folds); then the multipliers
fitted on everything.

`chaos` plays Medium's best turn at some positions of one Medium table to the end N times, every
seat judging with V VP of random error per plan, and prints the spread of the faction's final
score: how far a single play-out is from telling what a turn is worth.

`games` plays whole Medium tables and writes, at every main turn of every seat, the evaluation's
terms of the seat to act (unweighted), the round, the faction and its final score. `regress` fits
the final score to those terms by least squares over all positions (each faction and each round
with an effect of its own; the terms pulled towards Medium's multipliers by `--lam`) and prints
each term's coefficient over the one of VP now (a negative one as 0), beside Medium's multiplier,
then the lot as `term:value` pairs. Unlike `fit`, which compares turns of one position, this
learns what goes with a high score in Medium's games, not what causes it.

Figures, 27 November 2026 (docs/computer-players.md): chaos, seed 8500: 7.5 VP standard deviation;
gen, 16 tables (seeds 8000-8008 and 8101-8107), 381 positions of 4 turns: Medium's own turn ends
1.9 VP above the others, its judgement orders 55% of the pairs as played out, fitted multipliers
55-57% on held-out tables. 28 November 2026: games, seeds 5000-5099 (3 minutes, two jobs): 18,563
positions; Medium judging with the multipliers `regress` learns from them: -9.5 VP per player over
its 50 tables of seeds 1000-1049.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.ai import engine_api as E  # noqa: E402
from tmdesktop.ai.arena import Table, play_game, table_setup  # noqa: E402
from tmdesktop.ai.evaluation import TERM_NAMES, terms  # noqa: E402
from tmdesktop.ai.levels import MEDIUM  # noqa: E402
from tmdesktop.ai.planner import _end_turn, _run, quick_decision  # noqa: E402
from tmdesktop.ai.player import Player  # noqa: E402

#: How every seat plays a game out: Medium with fewer candidate turns (1.5 s a game instead of 2.8).
PLAYOUT = replace(MEDIUM, name="playout", candidates=10)
#: Medium's turns drawn from (its best ones: the choice the evaluation has to make).
DRAWN_FROM = 10


def play_out(game, level, seed: int):
    """`game` (a copy, changed in place) played to the end by every seat at `level`."""
    rng = random.Random(seed)
    while not E.finished(game):
        who = E.to_act(game)[0]
        E.play(game, who, quick_decision(game, who, level, rng))
    return game


def turn_played(game, faction: str, actions):
    """A copy of `game` after the faction's whole turn (None: refused)."""
    after = _run(game, faction, actions)
    if after is not None:
        _end_turn(after, faction)
    return after


def sampled_turns(seed: int, share: float, pick: random.Random, last_round: int = 6):
    """Play a Medium table (seed) to the end, or to the end of `last_round`, yielding (game,
    faction, Medium's candidate turns) at a share of the main turns drawn by `pick`; Medium's own
    choice is played after each."""
    game = E.new_game(table_setup(Table(seed, ("medium",) * 4)))
    players: dict[str, Player] = {}
    while not E.finished(game) and E.state(game).round <= last_round:
        who = E.to_act(game)[0]
        player = players.setdefault(who, Player("medium", seed))
        if E.decision(game, who) == "action" and pick.random() < share:
            yield game, who, player.plans(game, who)
        E.play(game, who, player.choose(game, who))


def positions(seed: int, share: float, turns: int) -> list[dict]:
    """The sampled positions of one Medium table, each with its turns played out."""
    pick = random.Random(seed * 7919)
    out = []
    for game, who, plans in sampled_turns(seed, share, pick):
        pool = range(1, min(DRAWN_FROM, len(plans)))
        if not pool:
            continue
        ranks = [0] + sorted(pick.sample(pool, min(turns - 1, len(pool))))
        stream = pick.getrandbits(32)  # every turn of a position played out alike
        rows = []
        for rank in ranks:
            after = turn_played(game, who, plans[rank].actions)
            if after is None:
                continue
            t = terms(after, who)
            final = play_out(after, PLAYOUT, stream)
            rows.append({"rank": rank, "terms": t, "vp": E.state(final).players[who].VP})
        if len(rows) >= 2:
            out.append({"seed": seed, "round": E.state(game).round, "faction": who, "turns": rows})
    return out


def _positions_of(args) -> list[dict]:
    return positions(*args)


def gen(args) -> None:
    seeds = range(args.first, args.last + 1)
    tasks = [(s, args.share, args.turns) for s in seeds]
    with open(args.out, "a", encoding="utf-8") as f:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = pool.map(_positions_of, tasks)
                for seed, rows in zip(seeds, results):
                    f.writelines(json.dumps(r) + "\n" for r in rows)
                    print(f"seed {seed}: {len(rows)} positions", flush=True)
        else:
            for seed, task in zip(seeds, tasks):
                rows = _positions_of(task)
                f.writelines(json.dumps(r) + "\n" for r in rows)
                f.flush()
                print(f"seed {seed}: {len(rows)} positions", flush=True)


# ---------------------------------------------------------------- fit (numpy)

def fit(args) -> None:
    import numpy as np

    names = list(TERM_NAMES)
    prior = MEDIUM.weights.term_scale
    m0 = np.array([prior[n] for n in names])
    rows = [json.loads(line) for path in args.files for line in open(path, encoding="utf-8")]
    xs, ys, games, pos = [], [], [], []
    for i, r in enumerate(rows):  # each position's turns, centred: only differences within it count
        t = np.array([[turn["terms"][n] for n in names] for turn in r["turns"]])
        v = np.array([turn["vp"] for turn in r["turns"]], float)
        xs.append(t - t.mean(0))
        ys.append(v - v.mean())
        games += [r["seed"]] * len(v)
        pos += [i] * len(v)
    X, Y, G, S = np.vstack(xs), np.concatenate(ys), np.array(games), np.array(pos)
    print(f"{len(rows)} positions, {len(Y)} turns played out, {len(set(games))} tables")

    def solve(x, y):
        a = x.T @ x + args.lam * np.eye(len(names))
        return np.linalg.solve(a, x.T @ y + args.lam * m0)

    def judged(x, y, s, m):
        """(share of pairs ordered as played out, VP the best judged turn ends below the best)"""
        score = x @ m
        right = pairs = 0
        lost = []
        for p in np.unique(s):
            i = np.where(s == p)[0]
            for a in range(len(i)):
                for b in range(a + 1, len(i)):
                    d = y[i[a]] - y[i[b]]
                    if d:
                        pairs += 1
                        right += (score[i[a]] - score[i[b]]) * d > 0
            lost.append(y[i].max() - y[i[np.argmax(score[i])]])
        return right / max(pairs, 1), float(np.mean(lost))

    share, lost = judged(X, Y, S, m0)
    top = statistics.fmean(
        [own[0]["vp"] - statistics.fmean(t["vp"] for t in r["turns"] if t["rank"]) for r in rows
         if (own := [t for t in r["turns"] if t["rank"] == 0]) and len(r["turns"]) > 1])
    print(f"Medium's judgement: pairs ordered as played out {share:.1%}, best judged turn "
          f"{lost:.2f} VP below the best; Medium's own turn ends {top:+.2f} VP above the others")
    seeds = np.unique(G)
    np.random.default_rng(0).shuffle(seeds)
    folds = [f for f in np.array_split(seeds, 5) if len(f)]
    shares, losts = [], []
    for fold in folds if len(folds) > 1 else ():  # (held out by table: two tables at least)
        held = np.isin(G, fold)
        m = solve(X[~held], Y[~held])
        a, b = judged(X[held], Y[held], S[held], m)
        shares.append(a)
        losts.append(b)
    if shares:
        print(f"fitted (lam {args.lam:g}), held out by table: pairs {statistics.fmean(shares):.1%}, "
              f"best judged turn {statistics.fmean(losts):.2f} VP below the best")
    m = solve(X, Y)
    for n, a, b in zip(names, m0, m):
        print(f"  {n:9} Medium {a:6.2f}  fitted {b:6.2f}")


# ---------------------------------------------------------------- games, regress (numpy)

def game_positions(seed: int) -> list[dict]:
    """A Medium table played to the end, then, at every main turn of every seat, the seat's terms."""
    game, _times = play_game(Table(seed, ("medium",) * 4))
    final = {f: p.VP for f, p in E.state(game).players.items()}
    g = E.new_game(E.setup_of(game))
    out = []
    for who, action in E.log_of(game)[len(E.log_of(g)):]:
        s = E.state(g)
        if who is not None and s.phase == "play" and E.decision(g, who) == "action":
            out.append({"seed": seed, "round": s.round, "faction": who, "terms": terms(g, who), "vp": final[who]})
        E.play(g, who, action)
    return out


def games(args) -> None:
    seeds = list(range(args.first, args.last + 1))
    with open(args.out, "a", encoding="utf-8") as f, ProcessPoolExecutor(args.jobs) as pool:
        for seed, rows in zip(seeds, pool.map(game_positions, seeds)):
            f.writelines(json.dumps(r) + "\n" for r in rows)
            print(f"seed {seed}: {len(rows)} positions", flush=True)


def regress(args) -> None:
    import numpy as np

    names = list(TERM_NAMES)
    prior = MEDIUM.weights.term_scale
    rows = [json.loads(line) for path in args.files for line in open(path, encoding="utf-8")]
    factions = sorted({r["faction"] for r in rows})
    rounds = sorted({r["round"] for r in rows})[1:]  # the first round is the base of the others
    X = np.array([[r["terms"][n] for n in names] + [r["faction"] == f for f in factions]
                  + [r["round"] == k for k in rounds] for r in rows], float)
    y = np.array([r["vp"] for r in rows], float)
    pull = np.zeros(X.shape[1])
    pull[: len(names)] = args.lam
    toward = np.zeros(X.shape[1])
    toward[: len(names)] = [prior[n] for n in names]
    beta = np.linalg.solve(X.T @ X + np.diag(pull), X.T @ y + pull * toward)
    vp = beta[names.index("vp")]
    print(f"{len(rows)} positions of {len({r['seed'] for r in rows})} tables; VP now: {vp:.2f}")
    learnt = {}
    for i, n in enumerate(names):
        if n != "vp" and np.std(X[:, i]) > 0:
            learnt[n] = max(0.0, beta[i] / vp)
            print(f"  {n:9} Medium {prior[n]:5.2f}  learnt {learnt[n]:5.2f}")
    effects = beta[len(names) + len(factions):]
    print("rounds against the first: " + ", ".join(f"{k} {e:+.1f}" for k, e in zip(rounds, effects)))
    print(",".join(f"{n}:{m:.3f}" for n, m in learnt.items()))


# ---------------------------------------------------------------- chaos

def chaos(args) -> None:
    noisy = replace(PLAYOUT, noise=args.noise)
    spreads = []
    for game, who, plans in sampled_turns(args.seed, args.share, random.Random(args.seed), args.last_round):
        finals = []
        for run in range(args.runs):
            after = turn_played(game, who, plans[0].actions)
            finals.append(E.state(play_out(after, noisy, run)).players[who].VP)
        spreads.append(statistics.stdev(finals))
        print(f"round {E.state(game).round} {who:14} {finals} sd {spreads[-1]:.1f}", flush=True)
    if spreads:
        print(f"mean standard deviation of a position's final score: {statistics.fmean(spreads):.1f} VP "
              f"({len(spreads)} positions, {args.runs} play-outs each)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen", help="play out candidate turns of Medium tables")
    g.add_argument("out")
    g.add_argument("--first", type=int, default=8000)
    g.add_argument("--last", type=int, default=8009)
    g.add_argument("--share", type=float, default=0.15, help="share of the main turns sampled")
    g.add_argument("--turns", type=int, default=4, help="turns played out per position")
    g.add_argument("--jobs", type=int, default=1)
    f = sub.add_parser("fit", help="judge the evaluation by the play-outs")
    f.add_argument("files", nargs="+")
    f.add_argument("--lam", type=float, default=1000.0)
    c = sub.add_parser("chaos", help="the spread of one position's play-outs")
    c.add_argument("--seed", type=int, default=8500)
    c.add_argument("--runs", type=int, default=4)
    c.add_argument("--noise", type=float, default=0.3)
    c.add_argument("--share", type=float, default=0.08)
    c.add_argument("--last-round", type=int, default=4)
    w = sub.add_parser("games", help="the terms at every main turn of whole Medium tables")
    w.add_argument("out")
    w.add_argument("--first", type=int, default=5000)
    w.add_argument("--last", type=int, default=5099)
    w.add_argument("--jobs", type=int, default=2)
    r = sub.add_parser("regress", help="the final scores fitted to the terms of `games`")
    r.add_argument("files", nargs="+")
    r.add_argument("--lam", type=float, default=1.0)
    args = ap.parse_args(argv)
    {"gen": gen, "fit": fit, "chaos": chaos, "games": games, "regress": regress}[args.command](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
