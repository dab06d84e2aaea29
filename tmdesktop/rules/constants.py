"""Numbers and tables of the rules shared by the engine's parts.

The numbers printed on the boards come from the game data (`engine_defaults` in
`data/game_data.json`); what is only a shape of the rules (which building upgrades to which, the
order spaces of a cult track) is written here.
"""

from __future__ import annotations

import re
from functools import cache

from .data import raw
from .maps import TERRAINS

_DEFAULTS = raw()["engine_defaults"]

#: Power of each building for towns and for the power its neighbours may take.
BUILDING_POWER: dict[str, int] = dict(_DEFAULTS["building_power"])
UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
CULT_SPOT_VALUES = (3, 2, 2, 2)
#: (space reached, power gained) on a cult track, in track order.
CULT_POWER: tuple[tuple[int, int], ...] = tuple(
    sorted((int(level), pw) for level, pw in _DEFAULTS["cult_power_gain_on_crossing"].items()))
_RATE = re.compile(r"(\w+)->(\w+)(?:\(.*\))?")
#: Conversions open to every faction at any time of their turn: (give, get) -> how many to give.
_GIVE_ORDER, _GET_ORDER = ("PW", "W", "P"), ("C", "W", "P")  # the order conversions are offered in
PW_RATES: dict[tuple[str, str], int] = dict(sorted(
    (((m[1], m[2]), n) for k, n in _DEFAULTS["exchange_rates_default"].items()
     if (m := _RATE.fullmatch(k)) and m[2] != "VP"),
    key=lambda item: (_GIVE_ORDER.index(item[0][0]), _GET_ORDER.index(item[0][1]))))
#: Coins per VP when the resources left are scored at the end (the Alchemists have their own).
COINS_PER_VP: int = next(n for k, n in _DEFAULTS["exchange_rates_default"].items() if k.startswith("C->VP"))
BRIDGES_PER_FACTION: int = _DEFAULTS["bridges_per_faction"]
#: Points for the first, second and third place in final scoring: each cult track, the network.
CULT_POINTS: tuple[int, ...] = tuple(raw()["final_scoring_raw"]["cults"]["points"])
NETWORK_POINTS: tuple[int, ...] = tuple(raw()["final_scoring_raw"]["network"]["points"])
TOWN_MIN_BUILDINGS: int = _DEFAULTS["town_min_buildings"]
TOWN_MIN_POWER: int = _DEFAULTS["town_min_power"]
assert tuple(_DEFAULTS["terrain_wheel"]) == TERRAINS, "the map data and the wheel disagree"
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
