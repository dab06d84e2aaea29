"""Numbers and tables of the rules shared by the engine's parts."""

from __future__ import annotations

from functools import cache

from .maps import TERRAINS

BUILDING_POWER = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
CULT_SPOT_VALUES = (3, 2, 2, 2)
CULT_POWER = ((3, 1), (5, 2), (7, 2), (10, 3))
PW_RATES = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("W", "C"): 1, ("P", "C"): 1, ("P", "W"): 1}
BUILDING_NAMES = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}


@cache
def wheel_distance(a: str, b: str, home: str | None = None) -> int:
    """Spades to turn terrain a into b: the short way round the wheel, unless home is on it."""
    i, j = TERRAINS.index(a), TERRAINS.index(b)
    d = (j - i) % 7
    if d == 0:
        return 0
    short, step = (d, 1) if d <= 3 else (7 - d, -1)
    if home in TERRAINS:
        h = TERRAINS.index(home)
        if any((i + step * k) % 7 == h for k in range(1, short)):
            return 7 - short
    return short


BONUS_TILE_NAMES = {f"BON{i}" for i in range(1, 11)}
#: Fire & Ice factions come with the option that brings them into play.
FACTION_OPTION = {
    "icemaidens": "fire-and-ice-factions/ice", "yetis": "fire-and-ice-factions/ice",
    "acolytes": "fire-and-ice-factions/volcano", "dragonlords": "fire-and-ice-factions/volcano",
    "riverwalkers": "fire-and-ice-factions/variable_v5", "shapeshifters": "fire-and-ice-factions/variable_v5",
}


def format_cost(cost: dict) -> str:
    return " + ".join(f"{n} {k}" for k, n in cost.items() if n)
