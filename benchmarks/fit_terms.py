"""Fit the evaluation's term multipliers to the tournament players' choices (levels.TUNED).

    python benchmarks/fit_terms.py [--games N] [--jobs J] [--shrink S]   (needs numpy and scipy:
    .venv/bin/pip install -e '.[fit]'; the game itself does not use them)

At every main-turn decision of the corpus games it lists Medium's candidate turns and the turn the
tournament player made, and the evaluation's terms (`evaluation.TERM_NAMES`) of the position each one
leads to. A conditional logit then finds the multipliers of the terms (the VP already scored
counted once, a common scale free) under which the players' turns are the likeliest among the
candidates, on two thirds of the games; it prints how often the best-scored turn is the player's
on the other third, with the honest terms and with the fit, and the multipliers moved `--shrink`
of the way from 1 to the fit, written as `levels.TUNED` takes them.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.ai import engine_api as E  # noqa: E402
from tmdesktop.ai.agreement import _main_of, _same  # noqa: E402
from tmdesktop.ai.evaluation import HONEST, TERM_NAMES, terms  # noqa: E402
from tmdesktop.ai.levels import MEDIUM  # noqa: E402
from tmdesktop.ai.planner import _run, turn_plans  # noqa: E402
from tmdesktop.rules import actions as A  # noqa: E402
from tmdesktop.rules.ledger import read_ledger, replay_ledger  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"
NAMES = list(TERM_NAMES)
#: the candidates are Medium's as the honest evaluation ranks them (what the multipliers start from)
CANDIDATES = replace(MEDIUM, weights=HONEST)
#: the pull of each multiplier towards 1, per turn fitted
PULL = 0.0002


def decisions(path: str) -> list[list[list[float]]]:
    """For each main turn of the game: the terms after the player's turn, then after each of
    Medium's candidate turns with another main action."""
    full, _ = replay_ledger(read_ledger(Path(path).read_text(encoding="utf-8")))
    log = full.log
    game = E.new_game(full.setup)
    out = []
    for index in range(len(E.log_of(game)), len(log)):
        who, action = log[index]
        if who is not None and E.decision(game, who) == "action":
            theirs = _main_of(log, index, who)
            turn = []
            for w, a in log[index:]:
                if w != who or isinstance(a, A.Done):
                    break
                turn.append(a)
            after = _run(game, who, turn) if theirs is not None and turn else None
            if after is not None:
                rows = [[terms(after, who)[n] for n in NAMES]]
                for plan in turn_plans(game, who, CANDIDATES, random.Random(index)):
                    g = None if _same(plan.main, theirs) else _run(game, who, plan.actions)
                    if g is not None:
                        t = terms(g, who)
                        rows.append([t[n] for n in NAMES])
                if len(rows) > 1:
                    out.append(rows)
        E.play(game, who, action)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=49)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shrink", type=float, default=0.3, help="how far from 1 towards the fit")
    args = ap.parse_args(argv)
    try:
        import numpy as np
        from scipy.optimize import minimize
    except ImportError:
        print("fit_terms needs numpy and scipy: .venv/bin/pip install -e '.[fit]'", file=sys.stderr)
        return 2
    paths = [str(p) for p in sorted(CORPUS.glob("*.txt"))[: args.games]]
    with ProcessPoolExecutor(args.jobs) as pool:
        per_game = list(pool.map(decisions, paths))
    free = [n for n in NAMES if n != "vp"]
    cols = [NAMES.index(n) for n in free]
    vp = NAMES.index("vp")

    def prepared(games):
        out = []
        for rows_list in games:
            for rows in rows_list:
                X = np.array(rows) - np.array(rows[0])  # relative to the player's turn
                out.append((X[:, cols], X[:, vp]))
        return out

    train = prepared(g for k, g in enumerate(per_game) if k % 3)
    test = prepared(g for k, g in enumerate(per_game) if not k % 3)

    def nll(theta):
        beta, v = np.exp(theta[0]), theta[1:]
        total, grad_v, grad_b = 0.0, np.zeros_like(v), 0.0
        for X, c in train:
            u = X @ v + c
            s = beta * u
            top = s.max()
            e = np.exp(s - top)
            z = e.sum()
            total += top + np.log(z) - s[0]
            pr = e / z
            grad_v += beta * (pr @ X - X[0])
            grad_b += beta * (pr @ u - u[0])
        # a light pull towards 1, for the terms the players' choices hardly tell apart
        pull = PULL * len(train)
        total += pull * ((v - 1) ** 2).sum()
        grad_v += 2 * pull * (v - 1)
        return total, np.concatenate([[grad_b], grad_v])

    def agreement(v, data):
        return sum(bool((X @ v + c).argmax() == 0) for X, c in data) / len(data)

    start = np.concatenate([[0.0], np.ones(len(free))])
    fit = minimize(nll, start, jac=True, method="L-BFGS-B", options={"maxiter": 500}).x[1:]
    print(f"turns: {len(train)} to fit, {len(test)} held out; the players' turn scored best on the held-out "
          f"games: {agreement(np.ones(len(free)), test):.1%} honest, {agreement(fit, test):.1%} fitted")
    shrunk = 1 + args.shrink * (fit - 1)
    print("TUNED = Weights(terms=(" + ", ".join(f'("{n}", {x:.2f})' for n, x in zip(free, shrunk)) + "))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
