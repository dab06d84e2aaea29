"""Faction abilities the corpus games never use (Auren, Fakirs) or use rarely (Giants),
checked against the faction boards."""

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.maps import TERRAINS
from tmdesktop.rules.setup import GameSetup

SCORES = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")
BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9", "BON10")


def start(factions, dwellings, bonuses=("BON3", "BON6")):
    """A game in round 1 after the given initial dwellings (in placing order) and bonus picks."""
    game = Game(GameSetup(players=len(factions), score_tiles=SCORES, bonus_tiles=BONUS, factions=factions))
    for hex_ in dwellings:
        game.apply(game.state.setup_queue[0], A.Build(hex_))
    for tile in bonuses:
        game.apply(game.state.setup_queue[0], A.Pass(tile))
    assert game.state.phase == "play"
    return game


def first_player_turn(game, name):
    """Let everyone before `name` in turn order do something harmless (take ACT4/ACT3/ACT2...)."""
    while game.state.turn.faction != name:
        other = game.state.turn.faction
        act = next(a for a in game.legal_actions(other) if isinstance(a, A.Advance) or isinstance(a, A.Pass))
        game.apply(other, act)
        game.apply(other, A.Done())


def wheel_spades(terrain: str, home: str) -> int:
    """Spades to turn `terrain` into `home`: steps round the terrain wheel, the short way."""
    d = abs(TERRAINS.index(terrain) - TERRAINS.index(home))
    return min(d, 7 - d)


def test_fakirs_carpet_flight_costs_a_priest_and_gives_4_vp():
    # Fakirs (desert) on F3 and G4, with BON8's priest as round 1 income; a free hex two steps
    # away from both (one hex in between) that one spade turns into desert.
    game = start(("fakirs", "witches"), ["G4", "A10", "A3", "F3"], bonuses=("BON3", "BON8"))
    b = game.board
    fakirs = game.player("fakirs")
    target = next(h for h in b.land if h not in game.state.owner
                  and min(b.grid_distance[o][h] for o in ("F3", "G4")) == 2
                  and wheel_spades(game.state.terrain[h], "yellow") == 1)
    first_player_turn(game, "fakirs")
    p, w, c, vp = fakirs.P, fakirs.W, fakirs.C, fakirs.VP
    assert p == 1 and w >= 4
    assert A.Build(target) in game.legal_actions("fakirs")
    game.apply("fakirs", A.Build(target))
    # 1 P for the carpet and 4 VP for the flight; 3 W for the spade and 1 W + 2 C for the dwelling;
    # +2 VP from the round tile (SCORE5: D >> 2)
    assert (fakirs.P, fakirs.W, fakirs.C, fakirs.VP) == (0, w - 3 - 1, c - 2, vp + 4 + 2)
    game.apply("fakirs", A.Done())


def test_fakirs_cannot_fly_further_than_their_carpet_range():
    game = start(("fakirs", "witches"), ["G4", "A10", "A3", "F3"], bonuses=("BON3", "BON8"))
    b = game.board
    far = [h for h in b.land if h not in game.state.owner and game.state.terrain[h] == "yellow"
           and min(b.grid_distance[o][h] for o in ("F3", "G4")) == 3]
    assert far
    first_player_turn(game, "fakirs")
    p = game.player("fakirs")
    assert p.P == 1 and p.W >= 1 and p.C >= 2  # a flight and a dwelling are affordable...
    assert not any(A.Build(h) in game.legal_actions("fakirs") for h in far)  # ...but not that far
    assert game.teleport_range(p) == 1
    # the stronghold extends the carpet by one: a trading house now, the stronghold in round 2
    game.apply("fakirs", A.Upgrade("F3", "TP"))
    game.apply("fakirs", A.Done())
    first_player_turn(game, "fakirs")
    game.apply("fakirs", A.Pass("BON6"))
    game.apply("fakirs", A.Done())
    first_player_turn(game, "fakirs")
    assert game.state.round == 2
    game.apply("fakirs", A.Upgrade("F3", "SH"))
    game.apply("fakirs", A.Done())
    assert game.teleport_range(p) == 2
    first_player_turn(game, "fakirs")
    assert p.P == 1
    assert all(A.Build(h) in game.legal_actions("fakirs") for h in far)


def test_fakirs_dig_only_to_level_one():
    f = Game(GameSetup(players=2, score_tiles=SCORES, bonus_tiles=BONUS, factions=("fakirs", "witches")))
    assert f.player("fakirs").faction.max_dig == 1
    assert f.player("fakirs").faction.max_ship == 0


def test_auren_stronghold_gives_a_favor_tile_and_two_steps_on_one_track():
    game = start(("auren", "cultists"), ["A3", "A7", "E6", "I6"])
    first_player_turn(game, "auren")
    auren = game.player("auren")
    game.apply("auren", A.Upgrade("I6", "TP"))
    game.apply("auren", A.Done())
    first_player_turn(game, "auren")
    game.apply("auren", A.Upgrade("I6", "SH"))
    assert auren.favors_owed == 1
    assert game.decision("auren") == "favor"
    game.apply("auren", A.TakeTile("FAV11"))
    game.apply("auren", A.Done())
    first_player_turn(game, "auren")
    air = auren.cult["AIR"]
    game.apply("auren", A.UseAction("ACTA"))
    assert game.decision("auren") == "cult"
    steps = [a for a in game.legal_actions("auren") if isinstance(a, A.CultStep)]
    assert steps == [A.CultStep(c, 2) for c in ("FIRE", "WATER", "EARTH", "AIR")]
    assert A.Done() not in game.legal_actions("auren")  # the turn cannot end before the steps
    game.apply("auren", A.CultStep("AIR", 2))
    assert auren.cult["AIR"] == air + 2


def test_giants_pay_two_spades_for_any_terraform():
    game = start(("giants", "witches"), ["D4", "A10", "A3", "D6"])
    giants = game.player("giants")
    # D5 is blue (lakes): one step from green... for the Giants it still takes 2 spades
    adjacent = [h for h in game.board.land_neighbours["D4"] if h not in game.state.owner]
    h = adjacent[0]
    assert game.spades_needed(giants, h, "red") == 2
    assert game.spades_needed(giants, h, game.state.terrain[h]) == 0
