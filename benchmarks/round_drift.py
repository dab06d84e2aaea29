"""How the evaluation moves across a round's end, for Hard's `next_round_bias` and `passed_bias`.

The evaluation projects a faction's final VP, but not the same way in every phase of the game:
over a faction's own turns it rises by 1-3 VP a turn, and from the start of the turn it passes to
its first turn of the next round it falls, more the later the round. Hard follows a plan that
passes into the next round and a plan that acts to its next turn in the same round, so without a
correction it compares the two with that fall between them. This plays computer games and prints,
per round, the mean change of Hard's evaluation (its own multipliers, `levels.HARD_WEIGHTS`):

- `within`: from the start of one own main turn to the next in the same round;
- `cross`: from the start of the turn that passes to the first main turn of the next round;
- `after pass`: from right after the pass to that first turn (round 6: to the final score).

and the corrections they give: `next_round_bias[r] = -cross[r] - within[r+1]` (a plan that passes
ends after its first turn of the next round; one that acts, after its next turn) and
`passed_bias[r] = after_pass[r] - cross[r]` (a plan that ends right after passing; in round 6,
the final score against the projection right after passing).

Run: python benchmarks/round_drift.py [--level medium] [--first 1000] [--games 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.ai import engine_api as E  # noqa: E402
from tmdesktop.ai.arena import Table, play_game  # noqa: E402
from tmdesktop.ai.evaluation import advantage  # noqa: E402
from tmdesktop.ai.levels import HARD_WEIGHTS  # noqa: E402
from tmdesktop.rules import actions as A  # noqa: E402


def measure(game, weights, out: dict[str, dict]) -> None:
    """Replay a finished game, adding each faction's changes of the evaluation to `out`."""
    g = E.new_game(E.setup_of(game))
    start: dict[str, tuple[int, bool, float]] = {}  # faction -> (round, passing, value) of its last turn
    passed: dict[str, tuple[int, float]] = {}  # faction -> (round, value) right after its pass
    for who, action in E.log_of(game)[len(E.log_of(g)):]:
        s = E.state(g)
        if (who is not None and s.phase == "play" and E.decision(g, who) == "action"
                and not isinstance(action, (A.Leech, A.Decline))):
            value = advantage(g, who, weights)
            if who in start:
                r, passing, before = start.pop(who)
                if passing and s.round == r + 1:
                    out["cross"][r].append(value - before)
                elif not passing and s.round == r:
                    out["within"][r].append(value - before)
            if who in passed:
                r, before = passed.pop(who)
                if s.round == r + 1:
                    out["after pass"][r].append(value - before)
            start[who] = (s.round, isinstance(action, A.Pass), value)
        E.play(g, who, action)
        s = E.state(g)
        if isinstance(action, A.Pass) and who is not None and s.phase == "play" and s.players[who].passed:
            passed[who] = (s.round, advantage(g, who, weights))
    final = E.state(g)
    for who, (r, before) in passed.items():
        if r == 6:
            out["after pass"][6].append(final.players[who].VP - before)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="medium")
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args(argv)
    out: dict[str, dict] = {k: defaultdict(list) for k in ("within", "cross", "after pass")}
    for seed in range(args.first, args.first + args.games):
        game, _seconds = play_game(Table(seed, (args.level,) * 4))
        measure(game, HARD_WEIGHTS, out)
        print(f"table {seed} played", file=sys.stderr)
    mean = {k: {r: statistics.fmean(v) for r, v in d.items()} for k, d in out.items()}
    print(f"{args.games} {args.level} tables from seed {args.first}, Hard's evaluation (VP)")
    print("round      within     cross  after pass")
    for r in range(1, 7):
        cells = [f"{mean[k][r]:+8.2f} ({len(out[k][r]):3d})" if r in mean[k] else f"{'':>14}"
                 for k in ("within", "cross", "after pass")]
        print(f"{r:5d}  " + "  ".join(cells))
    nxt = tuple(round(-mean["cross"][r] - mean["within"][r + 1], 1) for r in range(1, 6))
    after = tuple(round(mean["after pass"][r] - mean["cross"].get(r, 0.0), 1) for r in range(1, 7))
    print("next_round_bias", nxt)
    print("passed_bias", after)


if __name__ == "__main__":
    main()
