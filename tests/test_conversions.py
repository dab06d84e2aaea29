"""`affordable_with_conversions`: the actions a player could take after converting first, each
with conversions that really make it legal (and nothing when it is legal already)."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tmdesktop.rules import actions as A
from tmdesktop.rules.conversions import CONVERSIONS, affordable_with_conversions
from tmdesktop.rules.data import CULTS
from tmdesktop.rules.engine import Game
from tmdesktop.rules.maps import MAP_KEYS
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup

from tests.positions import random_position
from tests.test_fast_state import FIRE_ICE


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), map_key=st.sampled_from(MAP_KEYS),
       steps=st.integers(20, 180))  # (random games end after 100-300 actions)
def test_each_action_is_legal_after_its_conversions(seed, players, map_key, steps):
    game = random_position(seed, players, map_key, steps, FIRE_ICE)
    assume(not game.finished)
    who = game.state.turn.faction or game.waiting_for()[0]
    before = game.digest()
    pairs = affordable_with_conversions(game, who)
    assert game.digest() == before  # explored on copies
    listed = [a for a in game.legal_actions(who) if type(a) not in CONVERSIONS]
    assert [a for steps, a in pairs if not steps] == listed  # what is legal now needs nothing
    assert len({a for _, a in pairs}) == len(pairs)  # each action once
    for steps, action in pairs:
        assert all(type(s) in CONVERSIONS for s in steps) and len(steps) <= 2
        trial = game.copy()
        for step in steps:
            trial.apply(who, step)
        assert trial.is_legal(who, action), (steps, action)
        if steps:
            assert action not in listed


def test_a_priest_to_send_comes_from_five_power():
    """000: 5 power from bowl III buy a priest; a player without one but with 5 power there may
    send a priest to a cult track after that conversion (and a single step suffices)."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game(GameSetup.random(3, seed))
        while not game.finished:
            who = game.state.turn.faction
            p = game.player(who) if who else None
            if p and game.decision(who) == "action" and p.P == 0 and p.power[2] >= 5 \
                    and p.priests_on_cults < p.priest_limit:
                pairs = dict((a, s) for s, a in affordable_with_conversions(game, who))
                free = [c for c in CULTS if p.cult[c] < 10]
                assert free
                for cult in free:
                    assert pairs[A.SendPriest(cult)] == (A.Convert(5, "PW", 1, "P"),)
                return
            game.apply(*random_step(game, rng))
    raise AssertionError("no position with 5 power and no priest in 200 random games")
