"""The economy of the tournament players against a computer level's, round by round: how many
main turns a player takes, at how many of them a dwelling is affordable (a dwelling among the
legal actions, with no conversion first) and at how many one is built, and the workers, coins and
bowl-III power a player starts them with; then the buildings a player has on the map and the
income it will get at its first turn of each round, how often a player takes each kind of action
in a game (burning by the token), and the favor tiles it holds at the end.  A diagnostic for the
computer players' strength (their missing VP are missing buildings), not a test.

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
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
INCOME = ("C", "W", "P", "PW")
LAND = ("buildings", "on land turned")
FAVORS = -1  # the key of the favor tiles held at the end, in `tally`'s counts


def action_kind(action) -> str | None:
    """What `tally` counts an action of the action phase as ('upgrade TE', 'power ACT6', 'burn',
    'convert 1P to 1W'...; None: not counted)."""
    if isinstance(action, A.Upgrade):
        return f"upgrade {action.to}"
    if isinstance(action, A.Advance):
        return f"advance {action.track}"
    if isinstance(action, A.UseAction):
        return f"action {action.name}"
    if isinstance(action, A.Convert):
        return str(action)
    if isinstance(action, A.Burn):  # counted by the token (a recorded game burns several at once,
        return "burn (tokens)"       # the computer one at a time)
    if isinstance(action, (A.Build, A.SendPriest)):  # (not digs and transforms: a recorded game
        return type(action).__name__.lower()       # writes a build's digging out, a computer's
    return None                                    # build on other land digs by itself)


def tally(game, out: dict[int, Counter]) -> int:
    """Replay a finished game's log, counting at each main turn's start (per round); returns the
    number of players."""
    g = E.new_game(E.setup_of(game))
    log = E.log_of(game)[len(E.log_of(g)):]
    opened: set[tuple[str, int]] = set()
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
            if (who, s.round) not in opened:  # the player's first main turn of the round
                opened.add((who, s.round))
                c["players"] += 1
                for kind in BUILDINGS:
                    c[kind] += p.counts[kind]
                for key, n in E.income(g, p).items():
                    c["income " + key] += n
            for who_k, a in log[i:end]:
                count_kind(out, E.state(g), a)
                E.play(g, who_k, a)
            i = end
            continue
        count_kind(out, s, action)
        E.play(g, who, action)
        i += 1
    start = E.state(E.new_game(E.setup_of(game))).terrain
    for p in E.state(g).players.values():  # what digging achieved, however it was written
        out[0][LAND[0]] += len(p.buildings)
        out[0][LAND[1]] += sum(1 for h in p.buildings if start.get(h) != E.state(g).terrain.get(h))
        for name in p.favors:
            out[FAVORS][name] += 1
    return len(E.state(g).players)


def count_kind(out: dict[int, Counter], s, action) -> None:
    kind = action_kind(action) if s.phase == "play" else None
    if kind:
        out[0][kind] += action.n if isinstance(action, A.Burn) else 1  # (round 0: the whole game's)


def show(label: str, out: dict[int, Counter], players: int) -> None:
    print(f"{label} ({players} players)")
    print("round  turns/player  dwelling affordable  dwelling built  workers  coins  power III")
    rounds = sorted(r for r in out if r > 0)
    for r in rounds:
        c = out[r]
        n = c["turns"] or 1
        print(f"{r:5d}  {c['turns'] / players:12.1f}  {c['affordable'] / n:18.0%}  {c['built'] / n:14.0%}"
              f"  {c['W'] / n:7.1f}  {c['C'] / n:5.1f}  {c['PW3'] / n:9.1f}")
    print("round  on the map at the round's first turn: " + " ".join(f"{k:>4}" for k in BUILDINGS)
          + "   income: " + " ".join(f"{k:>4}" for k in INCOME))
    for r in rounds:
        c = out[r]
        n = c["players"] or 1
        print(f"{r:5d}  {'':38}" + " ".join(f"{c[k] / n:4.1f}" for k in BUILDINGS)
              + "           " + " ".join(f"{c['income ' + k] / n:4.1f}" for k in INCOME))
    game = out[0]
    kinds = sorted(((k, v) for k, v in game.items() if k not in LAND), key=lambda kv: (kv[0].split()[0], -kv[1]))
    print("per player and game: " + ", ".join(f"{k} {v / players:.2f}" for k, v in kinds if v / players >= 0.1))
    print(f"buildings at the end: {game[LAND[0]] / players:.1f}, {game[LAND[1]] / players:.1f} of them on land turned")
    favors = sorted(out[FAVORS].items(), key=lambda kv: int(kv[0][3:]))
    print("favor tiles at the end, per player: " + ", ".join(f"{k} {v / players:.2f}" for k, v in favors))


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
