"""Warnings before a costly mistake (`teaching.warnings`), on positions reached by legal play.

Each warning fires where the action throws something away, and not where it does not: declining
power is only warned about when taking it would cost no VP, throwing spades away only when spades
are thrown away, and so on.  Asking never changes the game.
"""

import random

import pytest

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.teaching import warnings as W
from tmdesktop.teaching.warnings import warnings_for

from positions import new_game


def codes(game, faction, action) -> list[str]:
    return [w.code for w in warnings_for(game, faction, action)]


def mermaids_next_to_nomads(mermaids_bonus="BON1"):
    """Mermaids start on D2 and I10, Nomads on D3 (next to D2), G4 and B6; Mermaids play first."""
    g = new_game(("mermaids", "nomads"), {"mermaids": ["D2", "I10"], "nomads": ["D3", "G4", "B6"]},
                 {"mermaids": mermaids_bonus, "nomads": "BON9"})
    assert "D2" in g.board.land_neighbours["D3"] and "C1" in g.board.land_neighbours["D3"]
    return g


def test_declining_free_power_is_warned_and_declining_costly_power_is_not():
    g = mermaids_next_to_nomads()
    g.apply("mermaids", A.Build("C1"))  # next to the Nomads' dwelling on D3: an offer of 1 power
    g.apply("mermaids", A.Done())
    assert g.decision("nomads") == "leech"
    decline, take = A.Decline(1, "mermaids"), A.Leech(1, "mermaids")
    [w] = warnings_for(g, "nomads", decline)
    assert w.code == W.DECLINE_FREE and w.args == {"n": 1, "source": "mermaids"}
    assert codes(g, "nomads", take) == []
    g.apply("nomads", take)
    # the Nomads' trading house on D3 touches the Mermaids' D2 and C1: 2 power, for 1 VP
    g.apply("nomads", A.Upgrade("D3", "TP"))
    g.apply("nomads", A.Done())
    m = g.state.players["mermaids"]
    assert g.decision("mermaids") == "leech" and m.leech_offers[0].amount == 2
    vp = m.VP
    assert W.DECLINE_FREE not in codes(g, "mermaids", A.Decline(2, "nomads"))
    g.apply("mermaids", A.Leech(2, "nomads"))
    assert m.VP == vp - 1  # taking it did cost VP: declining was a fair choice


def test_throwing_a_spade_away_is_warned_and_using_it_is_not():
    g = mermaids_next_to_nomads()
    g.apply("mermaids", A.UseAction("BON1"))  # the bonus tile's spade
    assert g.state.players["mermaids"].spades == 1
    [w] = warnings_for(g, "mermaids", A.DiscardSpade())
    assert w.code == W.SPADES_UNUSED and w.args == {"n": 1}
    assert codes(g, "mermaids", A.Transform("C1", "blue")) == []


def test_ending_the_turn_before_building_on_the_dug_hex_is_warned():
    g = mermaids_next_to_nomads()
    g.apply("mermaids", A.UseAction("BON1"))
    g.apply("mermaids", A.Transform("C1", "blue"))
    assert A.Build("C1") in g.legal_actions("mermaids") and A.Done() in g.legal_actions("mermaids")
    [w] = warnings_for(g, "mermaids", A.Done())
    assert w.code == W.FOLLOWUP_UNUSED and "build" in w.args["kinds"] and "C1" in w.args["hexes"]
    g.apply("mermaids", A.Build("C1"))
    assert codes(g, "mermaids", A.Done()) == []


def test_passing_with_the_bonus_tiles_spade_unused_is_warned_and_not_once_it_is_used():
    g = mermaids_next_to_nomads()
    [w] = warnings_for(g, "mermaids", A.Pass("BON2"))
    assert w.code == W.PASS_UNUSED and "BON1" in w.args["own"]
    g.apply("mermaids", A.UseAction("BON1"))
    g.apply("mermaids", A.Transform("C1", "blue"))
    g.apply("mermaids", A.Build("C1"))
    g.apply("mermaids", A.Done())
    g.apply("nomads", A.Leech(1, "mermaids"))
    g.apply("nomads", A.Pass("BON2"))
    g.apply("nomads", A.Done())
    assert g.decision("mermaids") == "action" and A.UseAction("BON1") not in g.legal_actions("mermaids")
    found = warnings_for(g, "mermaids", A.Pass("BON3"))
    assert all("BON1" not in w.args["own"] for w in found if w.code == W.PASS_UNUSED)


def test_a_first_burn_that_opens_a_conversion_is_not_warned():
    g = mermaids_next_to_nomads()
    m = g.state.players["mermaids"]
    assert m.power[2] == 0 and m.power[1] >= 2  # nothing to spend before burning
    assert codes(g, "mermaids", A.Burn(1)) == []


def play_until(seed: int, wanted, players: int = 4, limit: int = 3000):
    """Random legal play (seeded) until `wanted(game, faction, action)` holds for the action about
    to be played; returns (game, faction, action) without playing it."""
    rng = random.Random(seed)
    g = Game(GameSetup.random(players, seed))
    for _ in range(limit):
        if g.finished:
            break
        who, a = random_step(g, rng)
        if who is not None and wanted(g, who, a):
            return g, who, a
        g.apply(who, a)
    return None


def found_in_random_play(code: str):
    for seed in range(12):
        hit = play_until(seed, lambda g, who, a: code in codes(g, who, a))
        if hit:
            return hit
    pytest.fail(f"no {code} in random play")


def test_power_the_bowls_cannot_take_is_warned_with_the_amount_lost():
    g, who, action = found_in_random_play(W.POWER_LOST)
    [w] = [w for w in warnings_for(g, who, action) if w.code == W.POWER_LOST]
    room = 2 * g.state.players[who].power[0] + g.state.players[who].power[1]  # what bowls I and II can still move
    assert w.args["promised"] > room >= 0
    before = list(g.state.players[who].power)
    g.apply(who, action)
    after = g.state.players[who].power
    assert after[0] == 0 and after[1] == 0 or before[2] != after[2]  # the bowls filled up as far as they could


def test_a_burn_that_opens_nothing_is_warned():
    g, who, action = found_in_random_play(W.BURN_NOT_NEEDED)
    p = g.state.players[who]
    new = g.copy()
    new.apply(who, A.Burn(p.power[1] // 2))
    spend_before = {a for a in g.legal_actions(who) if isinstance(a, A.UseAction)}
    spend_after = {a for a in new.legal_actions(who) if isinstance(a, A.UseAction)}
    assert spend_after <= spend_before


def last_round_pass(g, who, _a):
    """In round 6, passing now instead of the random move (the players' own choice)."""
    if g.state.round != 6 or g.state.phase != "play" or g.decision(who) != "action":
        return False
    return A.Pass() in g.legal_actions(who) and W.FINAL_LEFTOVERS in codes(g, who, A.Pass())


def test_the_last_pass_with_resources_to_spend_is_warned_and_earlier_passes_are_not_for_that():
    hit = next(filter(None, (play_until(seed, last_round_pass) for seed in range(10))), None)
    assert hit, "no last pass with resources left in random play"
    g, who, _random_move = hit
    [w] = [w for w in warnings_for(g, who, A.Pass()) if w.code == W.FINAL_LEFTOVERS]
    p = g.state.players[who]
    assert (w.args["C"], w.args["W"], w.args["P"], w.args["PW"]) == (p.C, p.W, p.P, p.power[2])
    assert p.C + p.W + p.P + p.power[2] >= 6  # worth 2 VP or more at 3 coins for 1 VP
    assert any(isinstance(a, (A.Build, A.Upgrade, A.UseAction, A.SendPriest, A.Advance, A.Transform))
               for a in g.legal_actions(who))
    early = play_until(1, lambda g, who, a: isinstance(a, A.Pass) and g.state.round < 6 and g.state.phase == "play")
    assert early and W.FINAL_LEFTOVERS not in codes(*early)


@pytest.mark.parametrize("seed", [3, 8])
def test_asking_never_changes_the_game_and_refused_actions_have_no_warning(seed):
    rng = random.Random(seed)
    g = Game(GameSetup.random(3, seed))
    for _ in range(400):
        if g.finished:
            break
        who, a = random_step(g, rng)
        if who is not None:
            digest = g.digest()
            warnings_for(g, who, a)
            warnings_for(g, who, A.Upgrade("A1", "SA"))  # refused nearly everywhere
            assert g.digest() == digest
        g.apply(who, a)
    assert warnings_for(g, g.state.seats[0], A.Build("ZZ99")) == []


def alone_and_ending_a_turn(g, who, _a):
    """The last player in the round may end a turn (Done is listed) beside their next actions."""
    acts = g.legal_actions(who)
    return g.state.phase == "play" and g.alone_in_round(g.state.players[who]) and A.Done() in acts and any(
        isinstance(x, (A.Build, A.Upgrade, A.Transform, A.UseAction, A.SendPriest)) for x in acts)


def test_ending_a_turn_alone_in_the_round_is_not_warned():
    """The last player still in the round gets the next turn at once: the engine lists their next
    actions beside Done, and ending the turn gives nothing up."""
    hit = next(filter(None, (play_until(seed, alone_and_ending_a_turn) for seed in range(12))), None)
    assert hit, "nobody alone in a round in random play"
    g, who, _random_move = hit
    done = A.Done()
    assert W.FOLLOWUP_UNUSED not in codes(g, who, done)
    g.apply(who, done)
    assert g.decision(who) == "action" and g.state.turn.faction == who  # their next turn, at once


def test_an_offer_the_full_bowls_cannot_take_is_not_warned_as_lost_power():
    """Taking an offer that moves nothing changes nothing: there is nothing to warn about."""
    hit = None
    for seed in range(12):
        hit = play_until(seed, lambda g, who, a: isinstance(a, A.Leech) and g.state.players[who].power[:2] == [0, 0])
        if hit:
            break
    assert hit, "no offer to full bowls in random play"
    g, who, take = hit
    assert W.POWER_LOST not in codes(g, who, take)


def test_passing_is_warned_of_power_actions_that_burning_would_pay_for():
    # Found in a review: passing in round 3 with 2 power in bowl III and 10 in bowl II, one burn
    # from the 3-power actions, gave no warning.
    from tmdesktop.app.warning_words import say

    rng, g = random.Random(1), Game(GameSetup.random(4, 1))
    for _ in range(16):  # a random game's round 1, up to the Mermaids' turn
        g.apply(*random_step(g, rng))
    p = g.state.players["mermaids"]
    assert g.decision("mermaids") == "action" and p.power[2] == 0 and p.power[1] >= 12
    assert not [a for a in g.legal_actions("mermaids") if isinstance(a, A.UseAction)]  # none paid for now
    [w] = warnings_for(g, "mermaids", A.Pass("BON2") if A.Pass("BON2") in g.legal_actions("mermaids")
                       else next(a for a in g.legal_actions("mermaids") if isinstance(a, A.Pass)))
    burn = dict(w.args["burn"])
    assert w.code == W.PASS_UNUSED and burn["ACT2"] == 3 and burn["ACT6"] == 6  # a priest for 3, two spades for 6
    _title, why = say(g, w)
    assert "after burning 3 power or more" in why and "none of them" in why
    assert "Priest" in why and "2 spades" in why and "ACT" not in why  # names, not the notation's codes


def test_the_riverwalkers_stronghold_warns_of_bridges_no_place_can_take():
    """Play-test: the Riverwalkers' stronghold (two bridges at once, seed 004) was built where no
    free bridge place touched their buildings; both bridges were lost without a word. The warning
    counts what is lost from the free places next to their buildings (a bridge adds no building,
    so the places do not change as they are filled)."""
    from tmdesktop.app.warning_words import say
    from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS

    options = TOURNAMENT_OPTIONS | FIRE_ICE_FACTION_OPTIONS
    lost_seen = set()
    for seed in range(25):
        g = Game(GameSetup.random(3, seed, map_key="fire_ice_side1", options=options,
                                  factions=("riverwalkers", "witches", "nomads")))
        rng = random.Random(seed)
        while not g.finished:
            who, action = random_step(g, rng)
            ups = [a for a in g.legal_actions("riverwalkers") if isinstance(a, A.Upgrade) and a.to == "SH"] \
                if who == "riverwalkers" and g.decision(who) == "action" else []
            if ups:
                p = g.state.players["riverwalkers"]
                free = {pair for h in p.buildings for pair in g.board.bridge_slots_at.get(h, ())
                        if pair not in g.state.bridges}
                lost = 2 - min(2, len(free), 3 - len(p.bridges))
                said = [w for w in warnings_for(g, "riverwalkers", ups[0]) if w.code == W.BRIDGES_LOST]
                assert [w.args for w in said] == ([{"n": lost, "granted": 2}] if lost else []), (seed, ups[0])
                if lost:
                    title, why = say(g, said[0])
                    assert title == {1: "1 bridge will be lost", 2: "Both bridges will be lost"}[lost]
                    assert why.startswith({1: "Only 1 free bridge place touches your buildings.",
                                           2: "No free bridge place touches your buildings."}[lost])
                lost_seen.add(lost)
                break
            g.apply(who, action)
    assert lost_seen == {0, 1, 2}
