"""The Fire & Ice faction auction (seed 004, "Subasta de facciones")."""

import random

import pytest

from tmdesktop.rules import actions as A
from tmdesktop.rules.auction import START_VP, Auction, Bid, PassBid, TakeFaction
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup

FI = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                           "fire-and-ice-factions/variable_v5"}


def base_setup(players):
    return GameSetup.random(players, 1, options=FI)


def test_three_player_auction_with_a_winner_bidding_zero_and_the_last_faction_free():
    a = Auction(players=3, factions=["witches", "icemaidens", "nomads"], starter=1)
    assert a.to_act() == 1
    with pytest.raises(RuleError) as err:
        a.apply(1, PassBid())  # the opener must bid, 0 allowed
    assert err.value.code == "first_bidder_must_bid"
    a.apply(1, Bid(0))
    a.apply(2, PassBid())
    a.apply(0, PassBid())
    assert a.to_act() == 1 and a.bidder is None  # the winner chooses
    a.apply(1, TakeFaction("nomads", 2))
    # the next auction opens with the next player clockwise among those without a faction
    assert a.to_act() == 2
    a.apply(2, Bid(3))
    with pytest.raises(RuleError) as err:
        a.apply(0, Bid(3))  # bids must rise: no tied bids
    assert err.value.code == "bid_out_of_range"
    a.apply(0, Bid(7))
    a.apply(2, PassBid())
    a.apply(0, TakeFaction("witches", 1))
    # nobody left to bid against: the last player takes the last faction for 0
    assert a.to_act() == 2 and a.legal_actions(2) == [TakeFaction("icemaidens", 3)]
    a.apply(2, TakeFaction("icemaidens", 3))
    assert a.finished
    assert a.results == {1: ("nomads", 2, 40), 0: ("witches", 1, 33), 2: ("icemaidens", 3, 40)}
    setup = a.game_setup(base_setup(3))
    assert setup.factions == ("witches", "nomads", "icemaidens")
    game = Game(setup)
    assert [game.player(f).VP for f in setup.factions] == [33, 40, 40]
    # the ice faction may not take a drawn faction's home terrain (green: witches; yellow: nomads)
    assert game.waiting_for() == ["icemaidens"]
    for color in ("green", "yellow"):
        with pytest.raises(RuleError) as err:
            game.apply("icemaidens", A.PickColor(color))
        assert err.value.code == "color_taken"
    game.apply("icemaidens", A.PickColor("gray"))


def test_bids_are_capped_at_40():
    a = Auction(players=2, factions=["witches", "nomads"], starter=0)
    with pytest.raises(RuleError) as err:
        a.apply(0, Bid(41))
    assert err.value.code == "bid_out_of_range"
    a.apply(0, Bid(40))
    assert a.legal_actions(1) == [PassBid()]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_auctions_give_every_player_one_faction_and_slot(players):
    for seed in range(20):
        rng = random.Random(seed)
        a = Auction.draw(players, seed)
        while not a.finished:
            who = a.to_act()
            a.apply(who, rng.choice(a.legal_actions(who)))
        assert sorted(slot for _f, slot, _vp in a.results.values()) == list(range(1, players + 1))
        assert sorted(f for f, _s, _vp in a.results.values()) == sorted(a.drawn)
        assert all(0 <= vp <= START_VP for _f, _s, vp in a.results.values())
        game = Game(a.game_setup(base_setup(players)))
        assert len(game.state.seats) == players
