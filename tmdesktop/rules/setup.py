"""How a game is set up: players, map, options and the drawn tiles, seeded and reproducible."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .data import BONUS_TILES, SCORE_TILES, tile
from .errors import SetupError
from .maps import MAP_KEYS

#: Options the engine understands (the notation's names).
KNOWN_OPTIONS = frozenset({
    "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
    "mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
    "maintain-player-order", "email-notify",
    "fire-and-ice-factions/ice", "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable_v5",
    "fire-and-ice-final-scoring", "revised-starting-vp",
})
FIRE_ICE_FACTION_OPTIONS = frozenset({
    "fire-and-ice-factions/ice", "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable_v5"})
FINAL_SCORING_TILES = ("connected-distance", "connected-sa-sh-distance", "building-on-edge", "connected-clusters")
#: What every tournament game uses; the default for new games.
TOURNAMENT_OPTIONS = frozenset({
    "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
    "mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order",
})


@dataclass(frozen=True)
class GameSetup:
    players: int
    map_key: str = "original"
    options: frozenset[str] = TOURNAMENT_OPTIONS
    score_tiles: tuple[str, ...] = ()
    bonus_tiles: tuple[str, ...] = ()
    player_names: tuple[str, ...] = ()
    seed: int | None = None
    factions: tuple[str, ...] = field(default=())  # pre-chosen, in seat order (optional)
    final_scoring: str | None = None  # Fire & Ice final scoring tile (with its option)
    start_vp: dict = field(default_factory=dict)  # faction -> starting VP (the faction auction)
    reserved_colors: tuple[str, ...] = ()  # auctioned factions' home terrains: not for colour picks

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 5:
            raise SetupError("bad_player_count", players=self.players)
        if self.map_key not in MAP_KEYS:
            raise SetupError("setup_unknown_map", name=self.map_key)
        unknown = set(self.options) - KNOWN_OPTIONS
        if unknown:
            raise SetupError("unknown_options", options=sorted(unknown))
        if len(self.score_tiles) != 6:
            raise SetupError("missing_score_tiles")
        unknown = [t for t in self.score_tiles if t not in SCORE_TILES]
        if unknown:
            raise SetupError("unknown_score_tiles", tiles=unknown)
        if len(set(self.score_tiles)) != 6:
            raise SetupError("repeated_score_tiles")
        unknown = [t for t in self.bonus_tiles if t not in BONUS_TILES]
        if unknown:
            raise SetupError("unknown_bonus_tiles", tiles=unknown)
        if "SCORE1" in self.score_tiles[4:]:
            raise SetupError("score1_late")
        if self.final_scoring is not None and self.final_scoring not in FINAL_SCORING_TILES:
            raise SetupError("unknown_final_scoring", tile=self.final_scoring)
        if ("fire-and-ice-final-scoring" in self.options) != (self.final_scoring is not None):
            raise SetupError("final_scoring_mismatch")
        if "revised-starting-vp" in self.options and self.map_key != "original":
            # the site has this variant for the original map only ("original-2017")
            raise SetupError("revised_vp_original_map_only", map=self.map_key)

    @classmethod
    def random(cls, players: int, seed: int, map_key: str = "original",
               options: frozenset[str] = TOURNAMENT_OPTIONS, factions: tuple[str, ...] = ()) -> GameSetup:
        rng = random.Random(seed)
        scores = [t for t in SCORE_TILES if _enabled(t, options)]
        while True:
            drawn = rng.sample(scores, 6)
            if "SCORE1" not in drawn[4:]:
                break
        bonuses = [t for t in BONUS_TILES if _enabled(t, options)]
        chosen = sorted(rng.sample(bonuses, players + 3), key=BONUS_TILES.index)
        final = rng.choice(FINAL_SCORING_TILES) if "fire-and-ice-final-scoring" in options else None
        return cls(players=players, map_key=map_key, options=frozenset(options), score_tiles=tuple(drawn),
                   bonus_tiles=tuple(chosen), seed=seed, factions=tuple(factions), final_scoring=final)


def _enabled(name: str, options: frozenset[str]) -> bool:
    needed = tile(name).get("option")
    return needed is None or needed in options
