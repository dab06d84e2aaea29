"""The Fire & Ice factions' abilities (seed 004, "Las nuevas facciones"), one by one."""

import pytest

from tmdesktop.rules import actions as A
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.rules.engine import Game

FI = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                           "fire-and-ice-factions/variable_v5"}
SCORES = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")
BONUS = ("BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9")


def started(factions, colors, favor=None):
    """Round 1 begins: colours picked, first dwellings on the first free hexes of the right
    terrain (river-side for the Riverwalkers), bonus tiles BON3/BON6/..."""
    g = Game(GameSetup(players=len(factions), options=FI, score_tiles=SCORES, bonus_tiles=BONUS,
                               factions=tuple(factions)))
    while g.state.phase in ("colors", "factions"):
        who = g.waiting_for()[0]
        if g.decision(who) == "favor":
            g.apply(who, A.TakeTile(favor or "FAV11"))
        else:
            g.apply(who, A.PickColor(colors[who]))
    while g.state.phase == "dwellings":
        who = g.waiting_for()[0]
        g.apply(who, g.legal_actions(who)[0])
    for tile in ("BON3", "BON6", "BON7", "BON8")[: len(factions)]:
        g.apply(g.waiting_for()[0], A.Pass(tile))
    assert g.state.phase == "play"
    return g


def turn_of(g, name):
    """Everyone before `name` passes its turn cheaply (a conversion would do; we send them to pass)."""
    while g.state.turn.faction != name:
        other = g.state.turn.faction
        g.apply(other, next(a for a in g.legal_actions(other) if isinstance(a, A.Pass)))
        g.apply(other, A.Done())


def test_ice_maidens_start_with_a_favor_tile_and_score_temples_at_pass():
    g = started(["icemaidens", "witches"], {"icemaidens": "gray"}, favor="FAV10")
    im = g.player("icemaidens")
    assert im.favors == ["FAV10"] and im.cult["WATER"] == 2  # 1 + FAV10's step
    im.counts["SH"], im.counts["TE"] = 1, 2
    assert im.bonus == "BON6"  # 4 VP at pass for a stronghold
    assert g.pass_vp(im) == 6 + 4  # 3 VP per temple with the stronghold


def test_yetis_pay_one_power_less_and_reuse_taken_actions_with_their_stronghold():
    g = started(["witches", "yetis"], {"yetis": "blue"})
    y = g.player("yetis")
    assert g.power_action_cost(y, "ACT6") == {"PW": 5} and g.power_action_cost(y, "ACT2") == {"PW": 2}
    g.state.blocked.add("ACT3")
    assert not g.may_reuse(y, "ACT3")
    y.counts["SH"] = 1
    assert g.may_reuse(y, "ACT3")
    assert g.building_power(y, "SH") == 4 and g.building_power(y, "SA") == 4 and g.building_power(y, "TP") == 2


def test_dragonlords_raise_volcanoes_with_power_tokens_and_get_tokens_for_spades():
    g = started(["dragonlords", "witches"], {"dragonlords": "yellow"})
    d = g.player("dragonlords")
    home_hexes = [h for h, t in g.state.terrain.items() if t == "volcano"]
    assert len(home_hexes) == 2  # the first dwellings turned their desert hexes into volcanoes
    turn_of(g, "dragonlords")
    target = next(a.hex for a in g.legal_actions("dragonlords")
                  if isinstance(a, A.Transform) and g.state.terrain[a.hex] not in g.home_colors(d))
    tokens = sum(d.power)
    g.apply("dragonlords", A.Transform(target, "volcano"))
    assert g.state.terrain[target] == "volcano" and sum(d.power) == tokens - 1  # 1 token, not home terrain
    g.apply("dragonlords", A.Done())
    # a spade from a power action becomes a new token in bowl I
    d.power[2] = 4
    turn_of(g, "dragonlords")
    before = list(d.power)
    g.apply("dragonlords", A.UseAction("ACT5"))
    assert d.power == [before[0] + 4 + 1, before[1], before[2] - 4] and d.spades == 0


def test_acolytes_pay_a_volcano_with_cult_steps_on_one_track():
    g = started(["acolytes", "giants"], {"acolytes": "green"})
    a = g.player("acolytes")
    turn_of(g, "acolytes")
    # starting at 3 on every track, they cannot pay 4 steps for another faction's home terrain
    assert not any(isinstance(x, A.Transform) and g.state.terrain[x.hex] == "red"  # the Giants' home
                   for x in g.legal_actions("acolytes"))
    target = next(x.hex for x in g.legal_actions("acolytes") if isinstance(x, A.Transform))
    assert g.state.terrain[target] not in g.home_colors(a)
    g.apply("acolytes", A.Transform(target, "volcano"))
    assert g.decision("acolytes") == "lose-cult"
    assert {a for a in g.legal_actions("acolytes") if isinstance(a, A.CultStep)} == \
        {A.CultStep(c, -3) for c in ("FIRE", "WATER", "EARTH", "AIR")}
    assert A.Done() not in g.legal_actions("acolytes")
    with pytest.raises(RuleError) as err:
        g.apply("acolytes", A.CultStep("FIRE", -4))
    assert err.value.code == "step_back_owed"
    a = g.player("acolytes")  # (a refused move rebuilds the state)
    power = list(a.power)
    g.apply("acolytes", A.CultStep("FIRE", -3))
    assert a.cult["FIRE"] == 0 and a.power == power  # going back loses no power


def test_riverwalkers_unlock_terrain_with_priests():
    g = started(["riverwalkers", "witches"], {"riverwalkers": "yellow"})
    r = g.player("riverwalkers")
    assert r.unlocked == {"yellow"} and r.priest_limit == 1
    for h in r.buildings:
        assert any(g.board.cells[n].is_river for n in g.board.neighbours[h])
    turn_of(g, "riverwalkers")
    g.apply("riverwalkers", A.Pass("BON8"))  # a priest as income, from round 2 on...
    g.apply("riverwalkers", A.Done())
    g.apply("witches", A.Pass("BON4"))
    g.apply("witches", A.Done())
    r = g.player("riverwalkers")
    assert g.state.round == 2 and r.P == 0 and g.decision("riverwalkers") == "unlock"
    coins = r.C
    with pytest.raises(RuleError) as err:
        g.apply("riverwalkers", A.UnlockTerrain("yellow"))
    assert err.value.code == "terrain_unlocked"
    r = g.player("riverwalkers")
    g.apply("riverwalkers", A.UnlockTerrain("green"))  # the Witches' home: 2 coins
    assert r.unlocked == {"yellow", "green"} and r.C == coins - 2 and r.priest_limit == 2
    # they never transform, and spade actions are not for them (their turn: they passed first)
    assert g.state.turn.faction == "riverwalkers" and g.decision("riverwalkers") == "action"
    assert not any(isinstance(x, A.Transform) for x in g.legal_actions("riverwalkers"))
    assert A.UseAction("ACT5") not in g.legal_actions("riverwalkers")


def test_shapeshifters_buy_a_token_when_a_neighbour_takes_power_and_change_colour():
    g = started(["shapeshifters", "witches"], {"shapeshifters": "red"})
    assert "A10" in g.board.land_neighbours["A9"] and g.state.owner["A10"] == "witches"
    # an opponent accepting power from their building gives them the choice of a P3 token for 1 VP
    turn_of(g, "shapeshifters")
    g.apply("shapeshifters", A.Upgrade("A9", "TP"))
    g.apply("shapeshifters", A.Done())
    g.apply("witches", A.Leech(1, "shapeshifters"))
    sh = g.player("shapeshifters")
    vp, p3 = sh.VP, sh.power[2]
    assert g.decision("shapeshifters") == "p3"
    assert [a for a in g.legal_actions("shapeshifters") if isinstance(a, A.TokenForVP)] == \
        [A.TokenForVP(True), A.TokenForVP(False)]
    g.apply("shapeshifters", A.TokenForVP(True))
    assert (sh.VP, sh.power[2], sh.tokens_added) == (vp - 1, p3 + 1, 1)
    # with the stronghold, 5 power change their home terrain (not to a colour in use)
    g.apply("witches", A.Pass("BON4"))
    g.apply("witches", A.Done())
    g.apply("shapeshifters", A.Upgrade("A9", "SH"))
    g.apply("shapeshifters", A.Done())
    g.apply("witches", A.Decline(1, "shapeshifters"))
    g.apply("shapeshifters", A.Pass("BON5"))
    g.apply("shapeshifters", A.Done())
    turn_of(g, "shapeshifters")  # round 2, income taken
    sh = g.player("shapeshifters")
    bowls = list(sh.power)
    assert bowls[2] >= 5
    g.apply("shapeshifters", A.UseAction("ACTH5"))
    assert g.decision("shapeshifters") == "color"
    with pytest.raises(RuleError) as err:
        g.apply("shapeshifters", A.PickColor("green"))  # the Witches'
    assert err.value.code == "color_taken"
    sh = g.player("shapeshifters")
    g.apply("shapeshifters", A.PickColor("blue"))
    assert sh.home == "blue" and sh.power == [bowls[0] + 5, bowls[1], bowls[2] - 5]


def test_a_volcano_factions_dig_must_raise_its_volcano_before_the_turn_ends():
    """A volcano faction's `dig` is free and grants one volcano transform: ending the turn right
    after it was listed, an action that changed nothing and could be taken again and again. Found
    in a random Fire & Ice game (seed 1) on the Acolytes' first turn that could dig."""
    import random as _random

    from tmdesktop.rules.random_play import random_step

    options = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                                    "fire-and-ice-factions/variable_v5", "fire-and-ice-final-scoring"}
    rng = _random.Random(1)
    game = Game(GameSetup.random(4, 1, map_key="fire_ice_side1", options=options))
    dig = None
    for _ in range(3000):
        d = game.to_act()
        if d and d.faction == "acolytes" and game.state.phase == "play" and game.state.turn.faction == "acolytes":
            dig = next((a for a in game.legal_actions("acolytes") if isinstance(a, A.Dig)), None)
            if dig:
                break
        game.apply(*random_step(game, rng))
    assert dig is not None, "the position was not reached"
    before = game.state.players["acolytes"]
    resources = (before.W, before.C, before.P, tuple(before.power))
    game.apply("acolytes", dig)
    p = game.state.players["acolytes"]
    assert (p.W, p.C, p.P, tuple(p.power)) == resources  # the dig itself is free
    listed = game.legal_actions("acolytes")
    assert A.Done() not in listed
    with pytest.raises(RuleError) as refused:
        game.apply("acolytes", A.Done())
    assert refused.value.code == "volcano_owed"
    volcano = [a for a in listed if isinstance(a, A.Transform) and a.color == "volcano"]
    assert volcano
    game.apply("acolytes", volcano[0])
    assert game.state.terrain[volcano[0].hex] == "volcano"
