"""Ranked scoring (cults, network, Fire & Ice final tiles): places shared among ties."""

from __future__ import annotations


def rank_points(metric: dict[str, int], points: tuple[int, ...]) -> dict[str, int]:
    """VP per faction for a ranking: tied factions split the summed points of the places they
    occupy, rounded down; a faction with 0 scores nothing."""
    ranked = sorted((v for v in metric.values() if v > 0), reverse=True)
    out = {}
    for name, v in metric.items():
        if v <= 0:
            continue
        first, tied = ranked.index(v), ranked.count(v)
        share = sum(points[i] for i in range(first, min(first + tied, len(points)))) // tied
        if share:
            out[name] = share
    return out
