"""Component data (factions, tiles, actions) loaded once from `data/game_data.json`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

CULTS = ("FIRE", "WATER", "EARTH", "AIR")
BUILDING_TYPES = ("D", "TP", "TE", "SH", "SA")
BASE_FACTIONS = (
    "alchemists", "darklings", "auren", "witches", "chaosmagicians", "giants", "cultists",
    "halflings", "dwarves", "engineers", "fakirs", "nomads", "mermaids", "swarmlings",
)
FIRE_ICE_FACTIONS = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")
ALL_FACTIONS = BASE_FACTIONS + FIRE_ICE_FACTIONS
POWER_ACTIONS = ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6")
BONUS_TILES = tuple(f"BON{i}" for i in range(1, 11))
FAVOR_TILES = tuple(f"FAV{i}" for i in range(1, 13))
TOWN_TILES = tuple(f"TW{i}" for i in range(1, 9))
SCORE_TILES = tuple(f"SCORE{i}" for i in range(1, 10))


@cache
def raw() -> dict:
    return json.loads(files("tmdesktop.rules").joinpath("data", "game_data.json").read_text("utf-8"))


# (read from the data once: `raw()` is a cached call, and tiles are read at nearly every action)
_TILES, _ACTIONS = raw()["tiles_raw"], raw()["actions_raw"]
#: tile(name) -> the tile's data; action_def(name) -> the action's (the dicts' own look-ups, in C:
#: a Python function doing the same costs a call of its own, and actions ask for tiles by the dozen)
tile = _TILES.__getitem__
action_def = _ACTIONS.__getitem__


@dataclass(frozen=True)
class Faction:
    """One faction board.  Everything faction-specific that is a number lives here."""

    name: str
    display: str
    home: str
    start: dict
    buildings: dict
    shipping: dict
    digging: dict
    teleport: dict | None
    special: dict = field(default_factory=dict)

    def cost(self, building: str) -> dict:
        return self.buildings[building]["cost"]

    def income(self, building: str, count: int) -> dict:
        return {k: v[count] for k, v in self.buildings[building]["income_by_number_built"].items()}

    def on_build(self, building: str, index: int) -> dict:
        gains = self.buildings[building].get("on_build_gain") or []
        return gains[index] if index < len(gains) else {}

    def spade_cost(self, level: int) -> dict:
        costs = self.digging["cost_per_spade_by_level"]
        return costs[min(level, len(costs) - 1)]

    def dig_gain(self, level: int) -> dict:
        gains = self.digging.get("gain_per_use_by_level")
        return gains[min(level, len(gains) - 1)] if gains else {"SPADE": 1}

    def forbids(self, action: str) -> bool:
        """Whether the faction may never take `action` (the Riverwalkers, who have no spades: the
        spade actions BON1, ACT5 and ACT6)."""
        return bool(((self.special.get("action") or {}).get(action) or {}).get("forbid"))

    @property
    def max_ship(self) -> int:
        return self.shipping["max_level"] or 0

    @property
    def max_dig(self) -> int:
        return (self.digging or {}).get("max_level") or 0  # Riverwalkers have no digging at all


@cache
def faction(name: str) -> Faction:
    try:
        f = raw()["factions"][name]
    except KeyError:
        raise KeyError(name) from None
    return Faction(
        name=name,
        display=f["display"],
        home=f["home_terrain"],
        start=f["start"],
        buildings=f["buildings"],
        shipping=f["shipping"],
        digging=f["digging"],
        teleport=f["teleport"],
        special=f.get("engine_special_fields") or {},
    )


def start_vp_2017(name: str) -> int:
    return raw()["engine_defaults"]["start_VP_variant_original_2017"][name]
