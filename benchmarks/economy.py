"""The economy of the tournament players against a computer level's, round by round: how many
main turns a player takes, at how many of them a dwelling is affordable (a dwelling among the
legal actions, with no conversion first) and at how many one is built, and the workers, coins and
bowl-III power a player starts them with.  A diagnostic for the computer players' strength (their
missing VP are missing buildings), not a test.

Run: python benchmarks/economy.py [--level medium] [--games 6] [--corpus 20]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.ai import engine_api as E  # noqa: E402
from tmdesktop.ai.arena import Table, play_game  # noqa: E402
from tmdesktop.ai.cli_args import finished_games  # noqa: E402
from tmdesktop.rules import actions as A  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"
FIGURES = ("turns", "affordable", "built", "W", "C", "PW3")


def tally(game, out: dict[int, Counter]) -> int:
    """Replay a finished game's log, counting at each main turn's start (per round); returns the
    number of players."""
    g = E.new_game(E.setup_of(game))
    log = E.log_of(game)[len(E.log_of(g)):]
    i = 0
    while i < len(log):
        who, action = log[i]
        s = E.state(g)
        if (who is not None and s.phase == "play" and E.decision(g, who) == "action"
                and not isinstance(action, (A.Leech, A.Decline))):
            p = s.players[who]
            end = i
            while end < len(log) and log[end][0] == who:  # the whole turn: the player's steps in a row
                end += 1
            c = out[s.round]
            c["turns"] += 1
            c["affordable"] += any(isinstance(a, A.Build) for a in E.legal(g, who))
            c["built"] += any(isinstance(a, A.Build) for _w, a in log[i:end])
            c["W"] += p.W
            c["C"] += p.C
            c["PW3"] += p.power[2]
            for who_k, a in log[i:end]:
                E.play(g, who_k, a)
            i = end
            continue
        E.play(g, who, action)
        i += 1
    return len(E.state(g).players)


def show(label: str, out: dict[int, Counter], players: int) -> None:
    print(f"{label} ({players} players)")
    print("round  turns/player  dwelling affordable  dwelling built  workers  coins  power III")
    for r in sorted(out):
        c = out[r]
        n = c["turns"] or 1
        print(f"{r:5d}  {c['turns'] / players:12.1f}  {c['affordable'] / n:18.0%}  {c['built'] / n:14.0%}"
              f"  {c['W'] / n:7.1f}  {c['C'] / n:5.1f}  {c['PW3'] / n:9.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    ap.add_argument("--games", type=int, default=6, help="games of the level (4 players, seeds 1000 on)")
    ap.add_argument("--corpus", type=int, default=20, help="tournament games of the corpus")
    args = ap.parse_args(argv)
    games = finished_games(sorted(CORPUS.glob("*.txt"))[: args.corpus])
    if games is None:
        return 1
    out: dict[int, Counter] = defaultdict(Counter)
    players = sum(tally(game, out) for _path, game in games)
    show(f"tournament players, {len(games)} games", out, players)
    out = defaultdict(Counter)
    players = sum(tally(play_game(Table(1000 + k, (args.level,) * 4))[0], out) for k in range(args.games))
    show(f"{args.level}, {args.games} games", out, players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
