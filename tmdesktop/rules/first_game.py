"""The rulebook's introductory game ("Primera partida" / "Prima partita"), as data.

The rulebook fixes the factions by player count; its round scoring tiles, bonus tiles and
starting dwellings are shown only in pictures, so the ones below are ours.  The dwellings were
chosen so that every faction has a neighbour of another faction next to one of its dwellings at
every player count (power offers come with the first upgrades), at least two free land hexes
beside each dwelling and cheap terrain nearby; `tests/test_first_game.py` checks that each
faction builds in round 1 of random legal play.

The dwellings are placed by `first_game` as ordinary legal `Build` actions of the setup phase,
in the order the engine asks for them, so the log, saves and replays hold them like any other.
"""

from __future__ import annotations

from . import actions as A
from .engine import Game
from .errors import SetupError
from .setup import TOURNAMENT_OPTIONS, GameSetup

#: The rulebook's factions by player count, in seat order (seat 1 starts).
FACTIONS = {
    2: ("witches", "nomads"),
    3: ("witches", "nomads", "alchemists"),
    4: ("witches", "nomads", "halflings", "mermaids"),
    5: ("witches", "nomads", "halflings", "mermaids", "giants"),
}
#: Rounds 1-6: build dwellings first, then trading houses, a stronghold or sanctuary, spades,
#: dwellings again and towns last, when they are within reach.
SCORE_TILES = ("SCORE3", "SCORE6", "SCORE7", "SCORE1", "SCORE5", "SCORE2")
#: Players + 3 bonus tiles, each count adding one to the smaller one's set.
_BONUS_ORDER = ("BON1", "BON3", "BON4", "BON6", "BON7", "BON8", "BON5", "BON9")
BONUS_TILES = {n: tuple(sorted(_BONUS_ORDER[: n + 3], key=lambda t: int(t[3:]))) for n in FACTIONS}
#: Each faction's starting dwellings on the original map, in the order it places them.
DWELLINGS = {
    "witches": ("F4", "C4"),
    "nomads": ("F3", "B4", "G4"),
    "alchemists": ("E5", "A8"),
    "halflings": ("H7", "I8"),
    "mermaids": ("H4", "I10"),
    "giants": ("D4", "A9"),
}
#: The base game's rules: no mini-expansion tiles, the first to pass starts the next round.
OPTIONS = TOURNAMENT_OPTIONS - {"mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "variable-turn-order"}
#: Fixed, so the same first game is set up everywhere.
SEED = 1


def first_game_setup(players: int, names: tuple[str, ...] = ()) -> GameSetup:
    """The introductory game's setup for `players` (2-5), factions already chosen."""
    if players not in FACTIONS:
        raise SetupError("bad_player_count", players=players)
    return GameSetup(players=players, map_key="original", options=OPTIONS, score_tiles=SCORE_TILES,
                     bonus_tiles=BONUS_TILES[players], player_names=tuple(names), seed=SEED,
                     factions=FACTIONS[players])


def preplaced(setup: GameSetup) -> int:
    """How many log entries after the faction choices are this setup's own starting dwellings:
    part of the setup, so the table does not undo them (0 unless it is the introductory game)."""
    if setup.players not in FACTIONS or setup != first_game_setup(setup.players, setup.player_names):
        return 0
    return sum(len(DWELLINGS[f]) for f in FACTIONS[setup.players])


def first_game(players: int, names: tuple[str, ...] = ()) -> Game:
    """The introductory game with its starting dwellings placed: the bonus tiles are next."""
    game = Game(first_game_setup(players, names))
    left = {f: list(DWELLINGS[f]) for f in FACTIONS[players]}
    while any(left.values()):
        d = game.to_act()
        # the placement order is the engine's (seat order, then back, the Nomads' third last)
        game.apply(d.faction, A.Build(left[d.faction].pop(0)))
    return game
