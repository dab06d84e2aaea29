"""Previews ("what would this cost me?") add up the events the engine returns on a fork: the
rulebook's numbers for a power offer and a power action, and random legal play where every
preview matches what the action then really does."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmdesktop.rules import actions as A
from tmdesktop.rules.data import CULTS
from tmdesktop.rules.engine import Game
from tmdesktop.rules.preview import offer_terms, preview
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tests.positions import act, new_game, put, set_res


def test_power_offer_and_power_action_previews_follow_the_rulebook():
    """000 p. 9 and 12: 3 power from the Mermaids' dwelling beside a dwelling and a temple costs
    the Nomads 2 VP; with 2/5/5 in the bowls they then have 6 power for the 2-spade action."""
    g = new_game(("mermaids", "nomads"), {"mermaids": ["H2", "I10"], "nomads": ["D3", "G4", "B6"]},
                 {"mermaids": "BON3", "nomads": "BON9"})
    put(g, "nomads", "E3", "TE")
    put(g, "mermaids", "D1")
    set_res(g, "nomads", power=[2, 5, 5])
    act(g, "mermaids", "build D2")
    d = preview(g, "nomads", A.Leech(3, "mermaids"))
    assert (d.power_gained, d.power_spent, d.VP) == (3, 0, -2)
    assert ("PW", 3) in d.items() and ("VP", -2) in d.items()
    terms = offer_terms(g, "nomads")
    assert (terms.power, terms.vp) == (3, 2)
    assert preview(g, "nomads", A.Decline(3, "mermaids")).items() == []
    g.apply("nomads", A.Leech(3, "mermaids"))
    d = preview(g, "nomads", A.UseAction("ACT6"))
    assert (d.power_spent, d.power_gained) == (6, 0) and ("PW", -6) in d.items()
    assert preview(g, "mermaids", A.UseAction("ACT6")) is None  # not the Mermaids' turn: refused


def strength(p) -> int:
    """Power as spendable units: a token in bowl II is worth 1, in bowl III 2."""
    return p.power[1] + 2 * p.power[2]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_every_preview_is_what_the_action_does(seed, players):
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, options=TOURNAMENT_OPTIONS))
    for _ in range(1500):
        if game.finished:
            break
        who, action = random_step(game, rng)
        if who is None:
            game.apply(who, action)
            continue
        d = preview(game, who, action)
        before = game.state.players[who]
        b = (before.VP, before.C, before.W, before.P, dict(before.cult), strength(before), sum(before.power))
        game.apply(who, action)
        p = game.state.players[who]
        assert (d.VP, d.C, d.W, d.P) == (p.VP - b[0], p.C - b[1], p.W - b[2], p.P - b[3]), action
        assert dict(d.cult) == {c: p.cult[c] - b[4][c] for c in CULTS}, action
        if sum(p.power) == b[6]:  # no token left or joined the game: bowls tell the whole story
            assert d.power_gained - 2 * d.power_spent == strength(p) - b[5], action
