"""Where the engine follows the online site (terra.snellman.net) because it is stricter or more
precise than the rulebooks: each rule from a position reached by legal play.

Rulebook: /work/shared/seeds/000 (Spanish base rulebook), "1. TRANSFORMAR Y CONSTRUIR".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from positions import QUIET_SCORES, act, new_game, witches_with_a_cult_spade
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError, SetupError
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.rules.sitelog import export_log, import_log
from tmdesktop.simulate_cli import main as simulate

ROOT = Path(__file__).resolve().parents[1]


def refused(game, faction, text, code):
    """`text` (one command) is refused with `code` and the state is exactly as before."""
    before = game.digest()
    (action,) = parse_row(text)
    assert action not in game.legal_actions(faction)
    with pytest.raises(RuleError) as e:
        game.apply(faction, action)
    assert e.value.code == code
    assert game.digest() == before


def fakirs_game():
    """Fakirs (desert) on A5 and B4, 6 workers: 2 spades at 3 workers each. Round 1, their turn."""
    g = new_game(("fakirs", "witches"), {"fakirs": ["A5", "B4"], "witches": ["A3", "C3"]},
                 {"fakirs": "BON1", "witches": "BON7"})
    assert g.state.turn.faction == "fakirs" and g.player("fakirs").W == 6
    return g


# ---------------------------------------------------------------- 1. one transformation per action


def test_after_a_transform_the_build_is_only_on_that_hex():
    """000: "En primer lugar, puedes transformar una casilla de terreno. A continuación ... puedes
    construir inmediatamente una morada en ese lugar." The site refuses a second hex ("dig not
    allowed"): `dig 1. transform A4 to black. dig 1. build A6`."""
    g = fakirs_game()
    act(g, "fakirs", "dig 1. transform A4 to black", done=False)
    assert g.state.terrain["A4"] == "black" and g.player("fakirs").W == 3
    refused(g, "fakirs", "dig 1", "dig_after_transform")
    refused(g, "fakirs", "build A6", "build_where_transformed")  # A6 (wasteland) needs a spade
    assert not [a for a in g.legal_actions("fakirs") if isinstance(a, (A.Build, A.Dig))]


def halflings_game():
    """Halflings (plains) on E6 and E2 with 8 workers, Witches on F4 and D1. Round 1, their turn."""
    g = new_game(("halflings", "witches"), {"halflings": ["E6", "E2"], "witches": ["F4", "D1"]},
                 {"halflings": "BON6", "witches": "BON7"})
    assert g.state.turn.faction == "halflings" and g.player("halflings").W == 8
    return g


def test_a_partial_transform_is_not_finished_by_digging_again():
    """D4 (wasteland) is 2 spades from plains: `dig 1. transform D4 to yellow. dig 1. build D4` is
    refused; the site's way is one `dig 2. build D4`."""
    g = halflings_game()
    act(g, "halflings", "dig 1. transform D4 to yellow", done=False)
    refused(g, "halflings", "build D4", "dig_after_transform")
    refused(g, "halflings", "dig 1", "dig_after_transform")

    g = halflings_game()
    act(g, "halflings", "dig 2. build D4")
    assert g.state.owner["D4"] == "halflings" and g.state.terrain["D4"] == "brown"
    assert g.player("halflings").W == 8 - 2 * 3 - 1  # two spades at 3 workers, the dwelling 1


def test_no_dig_or_transform_after_the_build():
    """`dig 1. build A6` ends the transform-and-build: no further `dig` or transform in it."""
    g = fakirs_game()
    act(g, "fakirs", "dig 1. build A6", done=False)
    assert g.state.owner["A6"] == "fakirs"
    listed = g.legal_actions("fakirs")
    assert not [a for a in listed if isinstance(a, (A.Dig, A.Transform, A.Build))]
    assert A.Done() in listed


def test_the_spade_of_a_bonus_tile_transforms_one_hex():
    """BON1's spade turns B2 into desert; A6 cannot be built in the same action. (With a spade
    left, as after ACT6, the site does build elsewhere: a corpus game plays
    `action ACT6. transform F3 to brown. build D4`.)"""
    g = fakirs_game()
    before = [a for a in g.legal_actions("fakirs") if isinstance(a, A.Build)]
    assert A.Build("A6") in before  # the control: A6 is a build target before any transform
    act(g, "fakirs", "action BON1. transform B2 to yellow", done=False)
    # BON1's single spade is used: nothing is left for A6, and no more digging
    refused(g, "fakirs", "build A6", "build_where_transformed")


# ---------------------------------------------------------------- 2. a pass ends the turn


def test_no_conversion_or_burning_after_passing():
    """The site: "Command invalid when not active player" for a conversion after `pass`."""
    g = fakirs_game()
    listed = g.legal_actions("fakirs")
    assert A.Convert(1, "W", 1, "C") in listed and A.Burn(1) in listed  # before the pass: free
    g.apply("fakirs", A.Pass("BON3"))
    refused(g, "fakirs", "convert 1W to 1C", "turn_over")
    refused(g, "fakirs", "burn 1", "turn_over")
    assert g.legal_actions("fakirs") == [A.Done()]
    g.apply("fakirs", A.Done())
    assert g.state.turn.faction == "witches"


def test_a_colour_pick_in_play_ends_the_turn():
    """The Shapeshifters' colour change (ACTH, then pick-color) is the last act of their turn:
    no conversion after it. The position comes from random legal play: the first two-player
    game (seeds 1-200) in which they change colour with a worker left to convert."""
    from tmdesktop.rules.random_play import random_game
    from tmdesktop.simulate_cli import FIRE_ICE_OPTIONS

    for seed in range(1, 201):
        full = random_game(seed, 2, factions=("shapeshifters", "witches"),
                           options=frozenset(TOURNAMENT_OPTIONS | FIRE_ICE_OPTIONS))
        picks = [k for k, (f, a) in enumerate(full.log) if isinstance(a, A.PickColor) and k > 10]
        if picks:
            g = Game.replay(full.setup, full.log[: picks[0] + 1])
            if g.player("shapeshifters").W >= 1:
                break
    else:
        pytest.fail("no colour change with a worker left in 200 games")
    assert g.state.phase == "play" and g.state.turn.faction == "shapeshifters"
    convert = [a for a in g.legal_actions("shapeshifters") if isinstance(a, (A.Convert, A.Burn))]
    assert convert == [] and A.Done() in g.legal_actions("shapeshifters")
    before = g.digest()
    with pytest.raises(RuleError) as e:
        g.apply("shapeshifters", A.Convert(1, "W", 1, "C"))
    assert e.value.code == "turn_over" and g.digest() == before


# ---------------------------------------------------------------- 7. unused spades


def halflings_with_stronghold_spades():
    """Halflings build their stronghold next to the Witches in round 2 and get 3 spades; the
    Witches (passed) are offered 1 power."""
    g = halflings_game()
    act(g, "halflings", "upgrade E6 to TP")
    act(g, "witches", "leech 1 from halflings")
    act(g, "witches", "pass BON3")
    act(g, "halflings", "pass BON4")
    act(g, "witches", "pass BON1")
    act(g, "halflings", "upgrade E6 to SH", done=False)
    assert g.player("halflings").spades == 3
    return g


def test_spades_left_are_not_lost_when_a_neighbour_answers():
    """000: "No puedes guardar palas para futuras acciones, debes usarlas inmediatamente." A
    neighbour answering the power offer used to end the turn and drop the 3 spades silently."""
    g = halflings_with_stronghold_spades()
    act(g, "witches", "leech 1 from halflings", done=False)
    assert g.state.turn.faction == "halflings" and g.player("halflings").spades == 3
    assert g.to_act().faction == "halflings" and g.to_act().kind == "followup"
    before = g.digest()
    with pytest.raises(RuleError) as e:
        g.apply("halflings", A.Done())
    assert e.value.code == "spades_left" and g.digest() == before
    assert A.Done() not in g.legal_actions("halflings")
    assert A.DiscardSpade(3) in g.legal_actions("halflings")
    g.apply("halflings", A.DiscardSpade(3))  # thrown away explicitly: `-3SPADE` in the log
    assert g.player("halflings").spades == 0
    g.apply("halflings", A.Done())
    assert g.state.turn.faction == "halflings" and g.state.turn.actions == 1  # the next turn


def test_spades_are_used_before_building():
    """The site: "Must do all transforms before building"; the spades go on the map first."""
    g = halflings_with_stronghold_spades()
    act(g, "witches", "leech 1 from halflings", done=False)
    refused(g, "halflings", "build E5", "spades_before_build")  # swamp: 1 spade, 2 would be left
    # E7 (mountains) is 3 spades from plains: it takes all of them, so it may be built on
    act(g, "halflings", "build E7", done=False)
    assert g.state.owner["E7"] == "halflings" and g.player("halflings").spades == 0


def test_spades_left_after_a_hex_turned_to_another_terrain_only_make_home():
    """001: "Quando acquisisci 2 Vanghe, se hai bisogno di una sola di esse per trasformare uno
    Spazio Terreno nel tuo Terreno Patrio, puoi applicare la seconda Vanga ad un altro Spazio
    Terreno"; the site: "Can't transform more than one hex to non-home color in one action"."""
    g = halflings_with_stronghold_spades()
    act(g, "witches", "leech 1 from halflings", done=False)
    act(g, "halflings", "transform E5 to blue", done=False)  # swamp to lakes: 1 spade, 2 left
    refused(g, "halflings", "transform E1 to blue", "second_transform_home_only")
    assert not [a for a in g.legal_actions("halflings") if isinstance(a, A.Transform) and a.color != "brown"]
    act(g, "halflings", "transform E1 to brown", done=False)  # swamp to plains: 1 spade
    assert g.state.terrain["E1"] == "brown" and g.player("halflings").spades == 1

    # the control: made home first, the spades left may make any terrain
    g = halflings_with_stronghold_spades()
    act(g, "witches", "leech 1 from halflings", done=False)
    act(g, "halflings", "transform E5 to brown", done=False)
    act(g, "halflings", "transform E1 to blue", done=False)
    assert g.state.terrain["E1"] == "blue" and g.player("halflings").spades == 1


def test_spades_dug_are_used_in_their_action_not_thrown_away():
    """The site: "All spades from 'dig' command must be used, can't be thrown away" (the rulebook
    pays workers only for the spades a transformation takes). The Halflings gain 1 VP per spade:
    digging spades to throw them away was 1 VP for 3 workers."""
    g = halflings_game()
    act(g, "halflings", "dig 2", done=False)
    assert g.player("halflings").spades == 2 and g.player("halflings").VP == 22
    refused(g, "halflings", "-2SPADE", "dug_spades_kept")
    assert A.Done() not in g.legal_actions("halflings")
    # E5 (swamp) is 1 spade from plains: turning it home would leave a spade that nothing can use
    refused(g, "halflings", "transform E5 to brown", "dug_spades_unused")
    # ...turning it into forest (2 spades, the other way round the wheel) uses both, and so does
    # building on D4 (wasteland)
    assert A.Transform("E5", "green") in g.legal_actions("halflings")
    act(g, "halflings", "build D4")
    assert g.state.owner["D4"] == "halflings" and g.player("halflings").spades == 0


def test_no_transformation_leaves_dug_spades_that_no_hex_can_take():
    """A position of a computer game (Fire & Ice side 1, round 5): the Darklings (swamp) take the
    two-spade power action and dig 3 more with priests. Lakes C3 to desert goes the long way round
    (their swamp lies on the short way): 4 spades, and the one left may then only make a hex
    swamp, which no free hex in their reach is one spade from. Listed, it left a turn that could
    not end (no hex for the spade, no throwing it away, no `done`)."""
    from tmdesktop import saves

    g = saves.load(ROOT / "tests" / "data" / "positions" / "darklings_spades_the_long_way.tmsave").game
    assert g.state.round == 5 and g.to_act().faction == "darklings"
    act(g, "darklings", "action ACT6", done=False)
    act(g, "darklings", "dig 3", done=False)
    assert g.player("darklings").spades == 5 and g.state.terrain["C3"] == "blue"
    refused(g, "darklings", "transform C3 to yellow", "dug_spades_unused")
    # every transformation still listed lets the turn end: all five spades the long way to
    # plains, or two to mountains and the three left making C3 swamp
    for colour in ("brown", "gray"):
        assert A.Transform("C3", colour) in g.legal_actions("darklings")
    h = g.copy()
    act(h, "darklings", "transform C3 to brown", done=False)
    assert A.Done() in h.legal_actions("darklings")
    act(g, "darklings", "transform C3 to gray", done=False)
    act(g, "darklings", "build C3")
    assert g.state.owner["C3"] == "darklings" and g.player("darklings").spades == 0


def test_no_dig_for_spades_that_no_hex_in_reach_can_take():
    """A position of a computer game (original map, round 6): the Darklings take the two-spade
    power action with one free hex in reach, E4, already swamp. With 3 priests, `dig 3` made 5
    spades: E4 to mountains takes 3, and the 2 left may then only make it swamp again, which takes
    3 (a shortfall the priests, spent, no longer pay). The turn had no end; the dig is refused."""
    from tmdesktop import saves

    g = saves.load(ROOT / "tests" / "data" / "positions" / "darklings_dig_with_no_hex.tmsave").game
    assert g.state.round == 6 and g.to_act().faction == "darklings" and g.player("darklings").P == 3
    act(g, "darklings", "action ACT6", done=False)
    refused(g, "darklings", "dig 3", "dig_unusable")
    for n in (1, 2):  # the digs still listed leave a turn that can end
        h = g.copy()
        act(h, "darklings", f"dig {n}", done=False)
        assert _turn_can_end(h, "darklings"), n


def _turn_can_end(game, faction: str) -> bool:
    """Whether some run of the faction's listed transformations and builds reaches `done`."""
    legal = game.legal_actions(faction)
    if A.Done() in legal:
        return True
    return any(_turn_can_end(game.try_apply(faction, a)[0], faction)
               for a in legal if isinstance(a, (A.Transform, A.Build)))


def test_spades_not_dug_may_still_be_thrown_away():
    """The control: BON1's spade is no spade paid for, so `-SPADE` stays legal after it."""
    g = fakirs_game()
    act(g, "fakirs", "action BON1", done=False)
    assert A.DiscardSpade(1) in g.legal_actions("fakirs")
    act(g, "fakirs", "-SPADE")
    assert g.player("fakirs").spades == 0


def test_no_dig_for_more_spades_than_the_action_can_use():
    """A Giants' transformation always takes 2 spades: with BON1's spade held, `dig 1` makes the
    two a hex needs and `dig 2` would leave one that could be neither used nor thrown away."""
    g = new_game(("giants", "witches"), {"giants": ["D4", "E3"], "witches": ["F4", "D1"]},
                 {"giants": "BON1", "witches": "BON7"})
    assert g.player("giants").W == 6  # (two spades' workers: affordable)
    act(g, "giants", "action BON1", done=False)
    assert [a for a in g.legal_actions("giants") if isinstance(a, A.Dig)] == [A.Dig(1)]
    refused(g, "giants", "dig 2", "dig_unusable")
    act(g, "giants", "dig 1", done=False)
    assert g.player("giants").spades == 2


# ---------------------------------------------------------------- 3. BON4's shipping


def test_bon4_shipping_is_for_the_action_phase_only():
    """001 (BON4): "nella Fase II e solo per questo turno, il livello di Navigazione è
    incrementato di 1". The Witches reach AIR 5 in round 1 (SCORE8: a spade per 4 AIR) and pass
    for BON4: the round 2 spade (phase III of round 1) does not reach G3 one river away; the
    action phase of round 2 does."""
    g = witches_with_a_cult_spade()
    transforms = {a.hex for a in g.legal_actions("witches") if isinstance(a, A.Transform)}
    assert "E7" in transforms and "G3" not in transforms  # E7 is next to F4; G3 over the river
    g.apply("witches", A.Transform("E7", "green"))
    assert g.state.phase == "play" and g.state.round == 2
    act(g, "halflings", "pass BON5")
    assert A.Build("G3") in g.legal_actions("witches")


def test_bon4_gives_dwarves_and_fakirs_only_the_power():
    """001 (BON4): "ad eccezione del Potere, Nani e Fachiri non ricevono nessun vantaggio
    aggiuntivo da questa tessera". The Fakirs with BON4 and no priest cannot reach A7 (one river
    from B4): only their carpet would, for a priest."""
    g = new_game(("fakirs", "witches"), {"fakirs": ["A5", "B4"], "witches": ["A3", "C3"]},
                 {"fakirs": "BON4", "witches": "BON7"})
    assert g.player("fakirs").P == 0 and g.player("fakirs").power == [4, 8, 0]  # BON4's power came
    builds = {a.hex for a in g.legal_actions("fakirs") if isinstance(a, A.Build)}
    assert "A6" in builds and "A7" not in builds
    refused(g, "fakirs", "build A7", "cannot_afford")


# ---------------------------------------------------------------- 4. ACT1 is the bridge


def test_the_bridge_power_action_places_the_bridge():
    """The site: taking ACT1 requires placing the bridge; the turn cannot end without it."""
    g = new_game(("halflings", "witches"), {"halflings": ["B2", "E6"], "witches": ["F4", "D1"]},
                 {"halflings": "BON6", "witches": "BON7"})
    act(g, "halflings", "burn 3. action ACT1", done=False)
    assert not g.can_end_turn("halflings") and g.to_act().kind == "followup"
    refused(g, "halflings", "done", "bridge_owed")
    g.apply("halflings", A.PlaceBridge("B2", "C1"))
    g.apply("halflings", A.Done())
    assert g.state.bridges and g.state.turn.faction == "witches"


def test_the_riverwalkers_stronghold_bridges_are_placed():
    """The Riverwalkers' stronghold gives two bridges: the turn does not end before they are
    placed (while a place is free). The position comes from random legal play: the first
    two-player game (seeds 1-40) in which they build it."""
    from tmdesktop.rules.random_play import random_game
    from tmdesktop.simulate_cli import FIRE_ICE_OPTIONS

    for seed in range(1, 41):
        full = random_game(seed, 2, factions=("riverwalkers", "witches"),
                           options=frozenset(TOURNAMENT_OPTIONS | FIRE_ICE_OPTIONS))
        built = [k for k, (f, a) in enumerate(full.log) if isinstance(a, A.Upgrade) and a.to == "SH"
                 and f == "riverwalkers"]
        if built:
            break
    else:
        pytest.fail("no Riverwalkers' stronghold in 40 games")
    g = Game.replay(full.setup, full.log[: built[0] + 1])
    assert g.state.turn.faction == "riverwalkers" and not g.can_end_turn("riverwalkers")
    bridges = [a for a in g.legal_actions("riverwalkers") if isinstance(a, A.PlaceBridge)]
    assert bridges
    refused(g, "riverwalkers", "done", "bridge_owed")
    g.apply("riverwalkers", bridges[0])
    while not g.can_end_turn("riverwalkers"):  # the second one, if a place is left for it
        g.apply("riverwalkers", next(a for a in g.legal_actions("riverwalkers") if isinstance(a, A.PlaceBridge)))
    assert 1 <= len(g.player("riverwalkers").bridges) <= 2


# ---------------------------------------------------------------- 5. strict-darkling-sh


def test_darklings_stronghold_conversion_is_one_conversion():
    """Tournament option strict-darkling-sh: the stronghold's "up to 3 workers into priests" is
    one conversion, in the turn of the build; a second one is refused."""
    g = new_game(("darklings", "witches"), {"darklings": ["H5", "E5"], "witches": ["G3", "D1"]},
                 {"darklings": "BON6", "witches": "BON7"})
    act(g, "darklings", "upgrade H5 to TP")
    act(g, "witches", "leech 1 from darklings")
    act(g, "witches", "pass BON3")
    act(g, "darklings", "pass BON4")
    act(g, "witches", "pass BON1")
    act(g, "darklings", "upgrade H5 to SH", done=False)
    assert A.Convert(2, "W", 2, "P") in g.legal_actions("darklings")
    g.apply("darklings", A.Convert(1, "W", 1, "P"))
    assert g.player("darklings").P == 2
    refused(g, "darklings", "convert 1W to 1P", "no_worker_to_priest")


# ---------------------------------------------------------------- 6. the Riverwalkers' unlock


def test_riverwalkers_unlock_from_income_before_anyone_acts():
    """BON8's priest comes with round 1's income; the Riverwalkers turn it into an unlock (or
    keep it) in the income phase, before the first turn, as the site plays it."""
    setup = GameSetup(players=2, options=frozenset(TOURNAMENT_OPTIONS | {"fire-and-ice-factions/variable_v5"}),
                      score_tiles=QUIET_SCORES, bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7", "BON8"),
                      factions=("riverwalkers", "witches"))
    g = Game(setup)
    g.apply("riverwalkers", A.PickColor("red"))
    for who, hex_ in (("riverwalkers", "D4"), ("witches", "F4"), ("witches", "D1"), ("riverwalkers", "E3")):
        g.apply(who, A.Build(hex_))
    g.apply("witches", A.Pass("BON7"))
    g.apply("riverwalkers", A.Pass("BON8"))
    assert g.state.phase == "play" and g.state.round == 1
    assert [(d.kind, d.faction) for d in g.decisions()] == [("unlock", "riverwalkers")]
    assert g.legal_actions("witches") == []  # nobody acts before the unlock
    with pytest.raises(RuleError):
        g.apply("witches", A.Pass("BON3"))
    g.apply("riverwalkers", A.UnlockTerrain("green"))
    assert g.player("riverwalkers").unlocked == {"red", "green"}
    assert g.to_act().kind == "action" and g.state.turn.faction == "riverwalkers"


# ---------------------------------------------------------------- 8. a faction dropping out


def test_a_faction_that_drops_out():
    """As on the site (`drop-faction witches` in its logs, "witches dropped from the game" in
    ledgers): no more moves, no power offered, the bonus tile back in the pool; its dwellings stay
    and still make the Halflings' trading house the cheaper one next to an opponent."""
    g = halflings_game()
    assert "BON7" not in g.state.bonus_pool
    coins = g.player("halflings").C
    g.apply("witches", A.DropFaction())
    assert g.state.bonus_pool.get("BON7") == 0 and g.player("witches").bonus is None
    refused(g, "witches", "pass BON3", "faction_dropped")
    act(g, "halflings", "upgrade E6 to TP")  # next to the Witches' F4
    assert g.player("halflings").C == coins - 3  # 3 coins, not 6: the neighbour still counts
    assert g.player("witches").leech_offers == []
    assert g.state.owner["F4"] == "witches"
    text = export_log(g)
    assert "drop-faction witches" in text.splitlines()
    assert import_log(text).digest() == g.digest()


# ---------------------------------------------------------------- 9. the last player in a round


def test_the_last_player_in_the_round_passes_with_a_cult_step_open():
    """The site: the only player who has not passed starts a new action at once, even while a
    decision of the previous one is open (seen: Chaos Magicians take FAV6's cult step, pass, then
    choose the track). Here the Halflings take BON2's cult step, pass, then choose WATER."""
    g = new_game(("halflings", "witches"), {"halflings": ["E6", "E2"], "witches": ["F4", "D1"]},
                 {"halflings": "BON2", "witches": "BON7"})
    act(g, "halflings", "upgrade E6 to TP")
    act(g, "witches", "leech 1 from halflings")
    act(g, "witches", "pass BON3")
    g.apply("halflings", A.UseAction("BON2"))
    assert g.player("halflings").cult_steps == 1 and g.to_act().kind == "cult"
    assert A.Pass("BON4") in g.legal_actions("halflings")
    g.apply("halflings", A.Pass("BON4"))
    water = g.player("halflings").cult["WATER"]
    g.apply("halflings", A.CultStep("WATER", 1))
    g.apply("halflings", A.Done())
    assert g.player("halflings").cult["WATER"] == water + 1
    assert g.state.round == 2


def test_a_player_who_is_not_alone_still_settles_the_turn_first():
    """With someone else still playing, the same pass waits for the cult step (the control)."""
    g = new_game(("halflings", "witches"), {"halflings": ["E6", "E2"], "witches": ["F4", "D1"]},
                 {"halflings": "BON2", "witches": "BON7"})
    g.apply("halflings", A.UseAction("BON2"))
    assert A.Pass("BON4") not in g.legal_actions("halflings")
    refused(g, "halflings", "pass BON4", "action_taken")


# ---------------------------------------------------------------- 11. determinism


def _simulate(hash_seed: str, out_dir) -> list[dict]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    run = subprocess.run([sys.executable, "-m", "tmdesktop", "simulate", "--games", "5", "--seed", "40",
                          "--players", "3", "--factions", "all", "--export", str(out_dir)],
                         capture_output=True, text=True, env=env, check=True, cwd=ROOT)
    lines = [json.loads(x) for x in run.stdout.splitlines()]
    for line in lines:
        line["log"] = Path(line["log"]).read_text(encoding="utf-8")
    return lines


def test_the_same_seed_plays_the_same_games_in_every_process(tmp_path):
    """Two processes with different string hashing play identical games and write identical logs."""
    first = _simulate("1", tmp_path / "a")
    second = _simulate("2", tmp_path / "b")
    assert len(first) == 5 and all("scores" in line for line in first)
    assert first == second


# ---------------------------------------------------------------- 10. export and import


FI = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                           "fire-and-ice-factions/variable_v5"}


def test_setup_rows_are_written_in_the_sites_order_and_read_back():
    """Factions chosen one by one (the Ice Maidens pick their colour and favor tile at once):
    the export puts the Ice Maidens' colour right after their faction, the favor tile after all
    factions, then the volcano colour, as the site reads them; the import takes the setup
    lines as one block."""
    setup = GameSetup(players=3, options=frozenset(FI), score_tiles=QUIET_SCORES,
                      bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7", "BON8"))
    g = Game(setup)
    g.apply(None, A.ChooseFaction("icemaidens"))
    g.apply("icemaidens", A.PickColor("red"))
    g.apply("icemaidens", A.TakeTile("FAV11"))
    g.apply(None, A.ChooseFaction("dragonlords"))
    g.apply(None, A.ChooseFaction("witches"))
    g.apply("dragonlords", A.PickColor("gray"))
    assert g.state.phase == "dwellings"
    rows = [line for line in export_log(g).splitlines() if line.startswith(("setup", "icemaidens:", "dragonlords:"))]
    assert rows == ["setup icemaidens", "icemaidens: pick-color red", "setup dragonlords", "setup witches",
                    "icemaidens: +FAV11", "dragonlords: pick-color gray"]
    back = import_log(export_log(g))
    assert back.digest() == g.digest()


def test_the_engine_asks_the_volcano_colour_after_the_favor_tile():
    """Factions given in advance (a draft or auction): ice colour, then the favor tile, then the
    volcano colour; a volcano colour first is refused."""
    setup = GameSetup(players=2, options=frozenset(FI), score_tiles=QUIET_SCORES,
                      bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"), factions=("icemaidens", "acolytes"))
    g = Game(setup)
    g.apply("icemaidens", A.PickColor("red"))
    assert [d.kind for d in g.decisions()] == ["favor"]
    with pytest.raises(RuleError):
        g.apply("acolytes", A.PickColor("gray"))
    g.apply("icemaidens", A.TakeTile("FAV11"))
    assert [(d.kind, d.faction) for d in g.decisions()] == [("color", "acolytes")]
    g.apply("acolytes", A.PickColor("gray"))
    assert g.state.phase == "dwellings"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_simulated_export_imports_back_to_the_same_state(tmp_path, players, capsys):
    """`simulate --export` over all factions and maps: each log imports to the very state the
    simulator ended with (its digest), and exporting that again writes the same text."""
    assert simulate(["--games", "5", "--seed", "100", "--players", str(players),
                     "--factions", "all", "--export", str(tmp_path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 5
    for line in lines:
        text = Path(line["log"]).read_text(encoding="utf-8")
        game = import_log(text)
        assert game.digest() == line["digest"], line["seed"]
        assert export_log(game) == text


def test_the_acolytes_pay_their_cult_steps_in_the_build_row():
    """The Acolytes' volcano costs cult steps: they pay them in their build, before the Witches
    answer the power offer and before any conversion (the site: "Must lose 3 cult steps first"),
    and the export writes the payment in the build's row."""
    setup = GameSetup(players=2, options=frozenset(TOURNAMENT_OPTIONS | {"fire-and-ice-factions/volcano"}),
                      score_tiles=QUIET_SCORES, bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7", "BON8"),
                      factions=("acolytes", "witches"))
    g = Game(setup)
    g.apply("acolytes", A.PickColor("gray"))
    for who, hex_ in (("acolytes", "E7"), ("witches", "F4"), ("witches", "D1"), ("acolytes", "C2")):
        g.apply(who, A.Build(hex_))
    g.apply("witches", A.Pass("BON7"))
    g.apply("acolytes", A.Pass("BON6"))
    g.apply("acolytes", A.Build("E6"))  # next to the Witches' F4
    assert [(d.kind, d.faction) for d in g.decisions()] == [("lose-cult", "acolytes")]
    assert g.legal_actions("witches") == []
    refused(g, "acolytes", "convert 1W to 1C", "volcano_cult_owed")
    g.apply("acolytes", A.CultStep("FIRE", -3))
    g.apply("witches", A.Leech(1, "acolytes"))
    rows = export_log(g).splitlines()
    assert rows[-2:] == ["acolytes: dig 1. build E6. -3FIRE", "witches: leech 1 from acolytes"]
    assert import_log("\n".join(rows)).digest() == g.digest()


def test_revised_starting_vp_only_where_the_site_has_them():
    """The site has revised starting VP as a variant of the original map ("original-2017") only:
    other maps refuse the option rather than export a game the site would score differently."""
    opts = frozenset(FI | {"revised-starting-vp"})
    with pytest.raises(SetupError) as e:
        GameSetup(players=2, map_key="fjords", options=opts, score_tiles=QUIET_SCORES,
                  bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"))
    assert e.value.code == "revised_vp_original_map_only"
    g = Game(GameSetup(players=2, options=opts, score_tiles=QUIET_SCORES,
                       bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"), factions=("fakirs", "witches")))
    assert export_log(g).startswith("# map original-2017 ")
    assert import_log(export_log(g)).digest() == g.digest()


def test_a_shapeshifters_colour_change_is_not_their_setup_pick(tmp_path, capsys):
    """Two-player games of the Shapeshifters: in the first one where they change colour in play,
    the export writes their setup pick once, in the setup, and the change in its own row."""
    for seed in range(1, 41):
        assert simulate(["--games", "1", "--seed", str(seed), "--players", "2",
                         "--factions", "shapeshifters,witches", "--export", str(tmp_path)]) == 0
        line = json.loads(capsys.readouterr().out)
        text = Path(line["log"]).read_text(encoding="utf-8")
        rows = text.splitlines()
        picks = [k for k, row in enumerate(rows) if row.startswith("shapeshifters:") and "pick-color" in row]
        if len(picks) >= 2:
            break
    else:
        pytest.fail("no colour change in 40 games")
    setup_pick = rows[picks[0]]
    assert rows[picks[0] - 1] == "setup shapeshifters" and setup_pick.startswith("shapeshifters: pick-color ")
    assert all("action ACTH" in rows[k] for k in picks[1:])  # the change: in the row of its action
    assert import_log(text).digest() == line["digest"]


def test_the_short_way_round_the_wheel_never_passes_the_home_terrain():
    """000: "Cada paso entre el terreno de origen y el terreno de destino en tu ciclo de
    transformación cuesta 1 pala ... puedes desplazarte en ambos sentidos" (3 spades at most). The
    site takes the long way when the short one passes the faction's home: for the Fakirs (desert),
    wasteland A6 to plains is wasteland-desert-plains the short way (2 spades), so 5 spades; to
    forest it is wasteland-mountains-forest (2 spades), which passes no desert."""
    g = fakirs_game()
    assert g.state.terrain["A6"] == "red" and g.player("fakirs").W == 6  # two spades' workers
    listed = {str(a) for a in g.legal_actions("fakirs") if isinstance(a, A.Transform)}
    assert "transform A6 to green" in listed and "transform A6 to brown" not in listed
    act(g, "fakirs", "dig 2", done=False)
    refused(g, "fakirs", "transform A6 to brown", "cannot_afford")
    act(g, "fakirs", "transform A6 to green", done=False)
    assert g.state.terrain["A6"] == "green" and g.player("fakirs").W == 0
