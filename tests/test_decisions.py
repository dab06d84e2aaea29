"""The decision model: who must decide what, in the order the table settles it.

Positions are reached by legal play only."""

import random

from tmdesktop.rules import actions as A
from tmdesktop.rules import decisions
from tmdesktop.rules.data import faction
from tmdesktop.rules.decisions import Decision
from tmdesktop.rules.engine import Game
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.rules.state import LeechOffer, Player

from tests.positions import new_game


def test_setup_order_of_first_dwellings_and_bonus_tiles():
    """000, the initial dwellings: in seat order, then in reverse order ("comenzando por el último
    jugador y procediendo en sentido antihorario"); the Nomads place a third one after everyone's
    second; bonus tiles are then taken in reverse seat order."""
    game = Game(GameSetup.random(3, 5, factions=("witches", "nomads", "mermaids")))
    seen = []
    while game.state.phase in ("dwellings", "bonus"):
        d = game.to_act()
        seen.append((d.kind, d.faction))
        assert game.decisions() == [d] and game.waiting_for() == [d.faction]
        game.apply(d.faction, game.legal_actions(d.faction)[0])
    assert seen == [("dwelling", "witches"), ("dwelling", "nomads"), ("dwelling", "mermaids"),
                    ("dwelling", "mermaids"), ("dwelling", "nomads"), ("dwelling", "witches"),
                    ("dwelling", "nomads"),
                    ("bonus", "mermaids"), ("bonus", "nomads"), ("bonus", "witches")]
    assert game.to_act() == Decision("action", "witches")


def test_factions_are_chosen_by_nobody_in_particular():
    game = Game(GameSetup.random(2, 1))
    assert game.to_act() == Decision("factions", None)
    assert game.decision(None) == "factions"


def test_a_power_offer_is_answered_before_the_next_player_acts():
    """000 p. 12: neighbours may take power when a building goes up next to theirs (1 for a
    dwelling); the answer comes before play goes on to the next turn."""
    game = new_game(("mermaids", "nomads"), {"mermaids": ["G6", "I10"], "nomads": ["G4", "D3", "B6"]},
                    {"mermaids": "BON3", "nomads": "BON9"})
    assert game.to_act() == Decision("action", "mermaids")
    nomads = set(game.state.players["nomads"].buildings)
    target = next(a.hex for a in game.legal_actions("mermaids") if isinstance(a, A.Build)
                  and len(game.adjacent(a.hex) & nomads) == 1)
    game.apply("mermaids", A.Build(target))
    # the builder finishes the turn first (one pair of hands at a time), then the answer comes
    first, second = game.decisions()
    assert (first.kind, first.faction, first.out_of_turn) == ("end", "mermaids", False)
    assert (second.kind, second.faction, second.out_of_turn) == ("leech", "nomads", True)
    assert second.why["source"] == "mermaids" and second.why["amount"] == 1
    assert game.to_act() == first
    game.apply("mermaids", A.Done())
    assert game.to_act() == second  # before the Nomads' own turn goes on
    game.apply("nomads", A.Leech(1, "mermaids"))
    assert game.to_act() == Decision("action", "nomads")


def test_every_pending_decision_has_legal_choices_and_nothing_else_does():
    """Through whole random games: each faction in `decisions()` has legal actions, every other
    faction has none, and the game is over exactly when nothing is pending."""
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(GameSetup.random(4, seed))
        while not game.finished:
            pending = game.decisions()
            assert pending and game.to_act() == pending[0]
            deciders = {d.faction for d in pending}
            for name in [None, *game.state.players]:
                assert bool(game.legal_actions(name)) == (name in deciders), (name, pending)
            game.apply(*random_step(game, rng))
        assert game.to_act() is None and game.decisions() == []


def test_owing_anything_reads_every_owed_field():
    nothing = Player(faction("witches"))
    assert not decisions.owes_any(nothing) and not decisions.owes_before_turn_end(nothing)
    owed_values = {"leech_offers": [LeechOffer("giants", 2, 0)], "picks_color": True}
    for kind, field in decisions.OWED_FIELDS:
        p = Player(faction("witches"), **{field: owed_values.get(field, 1)})
        assert decisions.owes_any(p) and decisions.owed(p)[0] == kind, field
        assert decisions.owes_before_turn_end(p) == (kind in decisions.BLOCKS_TURN_END), field


def test_players_kept_as_owing_are_every_player_who_owes_and_give_the_fresh_decisions():
    """`GameState.owing` (the players `pending` reads) holds every player who owes a decision, after
    every action of whole random games (Fire & Ice factions on every map too), and the pending
    decisions equal those worked out from every player's owed fields."""
    from tests.test_fast_state import FIRE_ICE
    from tmdesktop.rules.maps import MAP_KEYS
    from tmdesktop.simulate_cli import pick_factions
    from tmdesktop.rules.data import ALL_FACTIONS

    def as_values(pending):
        return [(d.kind, d.faction, d.why) for d in pending]

    setups = [GameSetup.random(2 + seed % 4, seed) for seed in range(4)]
    setups += [GameSetup.random(3, seed, map_key=map_key, options=FIRE_ICE,
                                factions=pick_factions(random.Random(seed), 3, list(ALL_FACTIONS), None))
               for seed, map_key in enumerate(MAP_KEYS, start=10)]
    for setup in setups:
        rng = random.Random(setup.seed)
        game = Game(setup)
        while not game.finished:
            s = game.state
            owing = {n for n, p in s.players.items() if decisions.owes_any(p)}
            assert owing <= s.owing, (owing, s.owing)
            every = s.copy()
            every.owing = set(every.players)
            assert as_values(decisions.pending(s)) == as_values(decisions.pending(every))
            for name in [None, *s.players]:
                alone = decisions.of(s, name)
                assert (alone and (alone.kind, alone.faction, alone.why)) == \
                    (lambda d: d and (d.kind, d.faction, d.why))(decisions.of(every, name))
            game.apply(*random_step(game, rng))
