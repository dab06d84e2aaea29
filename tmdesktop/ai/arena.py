"""Complete games between computer levels: one game is a pure function of its inputs (seed,
seats, map, factions), so games run in any process and replay identically."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from ..rules.data import ALL_FACTIONS, BASE_FACTIONS, faction as faction_data
from ..rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS, GameSetup
from . import engine_api as E
from .player import Player


@dataclass(frozen=True)
class Table:
    seed: int
    seats: tuple[str, ...]  # a level per seat, in seat order
    map_key: str = "original"
    factions: tuple[str, ...] = ()  # chosen ones; () draws them from `pool`
    pool: str = "base"  # base or all (Fire & Ice factions too)


def draw_factions(rng: random.Random, players: int, pool: tuple[str, ...]) -> tuple[str, ...]:
    """Factions with different home terrains (one ice, one volcano, one variable at most)."""
    chosen: list[str] = []
    for name in rng.sample(pool, len(pool)):
        home = faction_data(name).home
        if not any(faction_data(c).home == home for c in chosen):
            chosen.append(name)
        if len(chosen) == players:
            break
    return tuple(chosen)


def table_setup(table: Table) -> GameSetup:
    players = len(table.seats)
    factions = table.factions or draw_factions(random.Random(table.seed), players,
                                               ALL_FACTIONS if table.pool == "all" else BASE_FACTIONS)
    options = TOURNAMENT_OPTIONS
    if table.pool == "all" or any(f not in BASE_FACTIONS for f in factions):
        options = options | FIRE_ICE_FACTION_OPTIONS
    return GameSetup.random(players, table.seed, map_key=table.map_key, options=options, factions=factions)


class GameFailed(Exception):
    """A computer player failed (or the game did not end): the position it happened in, so that
    the failure can be played again from there."""

    def __init__(self, game, cause: BaseException):
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.game = game


def play_game(table: Table, max_decisions: int = 3000) -> tuple[object, dict[str, list[float]]]:
    """Play one game to the end: the finished game, and each faction's seconds per move."""
    setup = table_setup(table)
    game = E.new_game(setup)
    names = list(E.state(game).seats)
    players = {f: Player(level, table.seed * 10 + i) for i, (f, level) in enumerate(zip(names, table.seats))}
    times: dict[str, list[float]] = {f: [] for f in names}
    try:
        for _ in range(max_decisions):
            if E.finished(game):
                break
            who = E.to_act(game)[0]
            if who is None:  # the table chooses factions (not used: the arena draws them)
                E.play(game, None, E.legal(game, None)[0])
                continue
            start = time.perf_counter()
            action = players[who].choose(game, who)
            times[who].append(time.perf_counter() - start)
            E.play(game, who, action)
        else:
            raise RuntimeError(f"game {table.seed} did not finish in {max_decisions} decisions")
    except Exception as e:
        raise GameFailed(game, e) from e
    return game, times


def play_table(table: Table, max_decisions: int = 3000) -> dict:
    """Play one game to the end; its result as plain data (scores, ranks, seconds per move). A
    game that fails is a result too: why, and its log up to the failure in the site's notation
    (a run of many games goes on, and the failure can be replayed)."""
    try:
        game, times = play_game(table, max_decisions)
    except GameFailed as failed:
        return {"seed": table.seed, "map": table.map_key, "seats": list(table.seats),
                "factions": list(E.state(failed.game).seats), "error": str(failed),
                "log": E.log_text(failed.game)}
    names = list(E.state(game).seats)
    scores = {f: E.state(game).players[f].VP for f in names}
    order = sorted(scores.values(), reverse=True)
    return {
        "seed": table.seed, "map": table.map_key, "seats": list(table.seats), "factions": names,
        "scores": [scores[f] for f in names],
        "ranks": [order.index(scores[f]) + 1 for f in names],
        "move_seconds": [times[f] for f in names],
    }


def rotated(levels: list[str], k: int) -> tuple[str, ...]:
    """Seat k-th game's levels rotated by k, so each level sits everywhere in turn."""
    k %= len(levels)
    return tuple(levels[k:] + levels[:k])


def summary(results: list[dict]) -> dict[str, dict]:
    """Per level: VP per player (mean, 95% interval), rank, win rate, seconds per move."""
    per: dict[str, dict[str, list]] = {}
    for r in results:
        best = max(r["scores"])
        winners = sum(1 for s in r["scores"] if s == best)
        for level, vp, rank, secs in zip(r["seats"], r["scores"], r["ranks"], r["move_seconds"]):
            d = per.setdefault(level, {"vp": [], "rank": [], "win": [], "secs": []})
            d["vp"].append(vp)
            d["rank"].append(rank)
            d["win"].append(1 / winners if vp == best else 0.0)
            d["secs"].extend(secs)
    out = {}
    for level, d in per.items():
        n = len(d["vp"])
        sd = statistics.stdev(d["vp"]) if n > 1 else 0.0
        secs = sorted(d["secs"]) or [0.0]
        out[level] = {
            "players": n, "vp_mean": statistics.fmean(d["vp"]), "vp_ci95": 1.96 * sd / n ** 0.5,
            "rank_mean": statistics.fmean(d["rank"]), "win_rate": statistics.fmean(d["win"]),
            "moves": len(d["secs"]), "sec_mean": statistics.fmean(secs), "sec_median": secs[len(secs) // 2],
            "sec_p95": secs[min(len(secs) - 1, int(0.95 * len(secs)))], "sec_worst": secs[-1],
        }
    return out


def head_to_head(results: list[dict]) -> dict[tuple[str, str], float]:
    """For two levels A and B: the share of (A seat, B seat) pairs at one table where A scored
    more (ties count half)."""
    wins: dict[tuple[str, str], list[float]] = {}
    for r in results:
        seats = list(zip(r["seats"], r["scores"]))
        for i, (la, va) in enumerate(seats):
            for lb, vb in seats[i + 1:]:
                if la == lb:
                    continue
                x = 1.0 if va > vb else 0.5 if va == vb else 0.0
                wins.setdefault((la, lb), []).append(x)
                wins.setdefault((lb, la), []).append(1 - x)
    return {k: statistics.fmean(v) for k, v in wins.items()}
