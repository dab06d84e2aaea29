"""Faction abilities the corpus games never use (Auren, Fakirs) or use rarely (Giants),
checked against the faction boards."""

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.setup import GameSetup

from tests.positions import ScriptedGame, set_res

SCORES = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")
BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9", "BON10")


def start(factions, dwellings, bonuses=("BON3", "BON6")):
    """A game in round 1 after the given initial dwellings (in placing order) and bonus picks."""
    game = ScriptedGame(GameSetup(players=len(factions), score_tiles=SCORES, bonus_tiles=BONUS, factions=factions))
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


def test_fakirs_carpet_flight_costs_a_priest_and_gives_4_vp():
    # Fakirs (desert) on F3 and G4; a free hex two steps away from both (one hex in between).
    game = start(("fakirs", "witches"), ["G4", "A10", "A3", "F3"])
    b = game.board
    fakirs = game.player("fakirs")
    target = next(h for h in b.land if h not in game.state.owner
                  and min(b.grid_distance[o][h] for o in ("F3", "G4")) == 2)
    first_player_turn(game, "fakirs")
    need = game.spades_needed(fakirs, target, "yellow")
    set_res(game, "fakirs", P=1, W=20, C=20)
    vp = fakirs.VP
    assert A.Build(target) in game.legal_actions("fakirs")
    game.apply("fakirs", A.Build(target))
    # 1 P for the carpet and 4 VP for the flight; 3 W per spade and 1 W + 2 C for the dwelling;
    # +2 VP from the round tile (SCORE5: D >> 2)
    assert (fakirs.P, fakirs.W, fakirs.C, fakirs.VP) == (0, 20 - 3 * need - 1, 18, vp + 4 + 2)
    set_res(game, "fakirs", P=0)
    game.apply("fakirs", A.Done())


def test_fakirs_cannot_fly_further_than_their_carpet_range():
    game = start(("fakirs", "witches"), ["G4", "A10", "A3", "F3"])
    b = game.board
    far = [h for h in b.land if h not in game.state.owner and game.state.terrain[h] == "yellow"
           and min(b.grid_distance[o][h] for o in ("F3", "G4")) == 3]
    assert far
    first_player_turn(game, "fakirs")
    set_res(game, "fakirs", P=3)
    assert not any(A.Build(h) in game.legal_actions("fakirs") for h in far)
    # the stronghold extends the carpet by one
    p = game.player("fakirs")
    assert game.teleport_range(p) == 1
    set_res(game, "fakirs", teleport_level=p.teleport_level + 1)
    assert game.teleport_range(p) == 2
    assert any(A.Build(h) in game.legal_actions("fakirs") for h in far)


def test_fakirs_dig_only_to_level_one():
    f = Game(GameSetup(players=2, score_tiles=SCORES, bonus_tiles=BONUS, factions=("fakirs", "witches")))
    assert f.player("fakirs").faction.max_dig == 1
    assert f.player("fakirs").faction.max_ship == 0


def test_auren_stronghold_gives_a_favor_tile_and_two_steps_on_one_track():
    game = start(("auren", "cultists"), ["A3", "A7", "E6", "I6"])
    first_player_turn(game, "auren")
    auren = game.player("auren")
    set_res(game, "auren", W=20, C=30)
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
