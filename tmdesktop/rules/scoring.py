"""Ranked scoring (cults, network, Fire & Ice final tiles) and the final standing: places shared
among ties."""

from __future__ import annotations

from functools import lru_cache


def rank_points(metric: dict[str, int], points: tuple[int, ...]) -> dict[str, int]:
    """VP per faction for a ranking: tied factions split the summed points of the places they
    occupy, rounded down; a faction with 0 scores nothing."""
    shares = _shares(tuple(sorted(metric.values(), reverse=True)), tuple(points))
    return {name: shares[v] for name, v in metric.items() if v in shares}


def places(scores: dict[str, int]) -> dict[str, int]:
    """The standing: each faction's place, 1 for the best score; tied factions share a place, the
    next one counting them all (scores 140, 120, 120, 90 stand 1, 2, 2, 4)."""
    return {name: 1 + sum(1 for other in scores.values() if other > v) for name, v in scores.items()}


@lru_cache(maxsize=4096)
def _shares(ranked: tuple[int, ...], points: tuple[int, ...]) -> dict[int, int]:
    """Value -> VP for the values `ranked` (highest first), the values scoring nothing left out;
    worked out once per ranking (a search scores the same cult rankings again and again; the
    dict is shared: never changed)."""
    ranked = tuple(v for v in ranked if v > 0)
    out = {}
    for v in set(ranked):
        first, tied = ranked.index(v), ranked.count(v)
        share = sum(points[i] for i in range(first, min(first + tied, len(points)))) // tied
        if share:
            out[v] = share
    return out
