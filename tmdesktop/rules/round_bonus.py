"""The cult bonus of a round scoring tile: what the engine pays at the start of the next round
(`rounds._cult_income`) and what views summarising a round's start show, from one formula.

How often a faction earns the tile's bonus: once per `req` steps on the tile's cult track, or
once per priest on the cult order spaces for the temple tile (CULT_P).  Pure: reads the state.
"""

from __future__ import annotations

from .data import tile


def cult_bonus_times(state, faction: str, tile_name: str) -> int:
    t = tile(tile_name)
    p = state.players[faction]
    if t["cult"] == "CULT_P":
        return sum(spot == faction for spots in state.cult_spots.values() for spot in spots)
    return p.cult[t["cult"]] // t["req"]


def cult_bonus(state, faction: str, tile_name: str) -> dict[str, int]:
    """What the tile pays `faction` at the end of its round (an empty dict: nothing)."""
    times = cult_bonus_times(state, faction, tile_name)
    return {k: v * times for k, v in tile(tile_name)["income"].items()} if times else {}
