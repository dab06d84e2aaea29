"""Search mode (`Game.search_mode`: no events, no periodic undo snapshots) reaches exactly the
states, listings and refusals of a default game, and its undo, copies and push/pop still work."""

import random

from tmdesktop.rules import actions as A
from tmdesktop.rules.data import ALL_FACTIONS
from tmdesktop.rules.engine import CHECKPOINT_EVERY, Game
from tmdesktop.rules.maps import MAP_KEYS
from tmdesktop.rules.random_play import random_game, random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.simulate_cli import pick_factions

from tests.test_fast_state import FIRE_ICE


def same_state(a: Game, b: Game) -> None:
    assert a.state == b.state  # every field of the state, the players' included
    assert a.state.fingerprint() == b.state.fingerprint()
    assert a.digest() == b.digest()
    assert a.log == b.log and a.finished == b.finished
    assert a.decisions() == b.decisions()


def refusal(game: Game, who, action) -> str:
    error = game.refusal(who, action)
    return error.code if error else "accepted"


SETUPS = [GameSetup.random(2 + seed % 4, seed) for seed in range(4)] + [
    GameSetup.random(3, seed, map_key=map_key, options=FIRE_ICE,
                     factions=pick_factions(random.Random(seed), 3, list(ALL_FACTIONS), None))
    for seed, map_key in enumerate(MAP_KEYS, start=20)]


def test_search_mode_plays_random_games_to_the_same_states_listings_and_refusals():
    for setup in SETUPS:
        full, fast = Game(setup), Game(setup, search_mode=True)
        rng_full, rng_fast = random.Random(setup.seed), random.Random(setup.seed)
        step = 0
        while not full.finished:
            for who in full.waiting_for():
                assert fast.legal_actions(who) == full.legal_actions(who)
            who, action = random_step(full, rng_full)
            assert random_step(fast, rng_fast) == (who, action)
            if step % 5 == 0:  # an action listed before is refused alike now, or accepted alike
                for other in full.state.players:
                    assert refusal(fast, other, action) == refusal(full, other, action)
            full.apply(who, action)
            assert fast.apply(who, action) == []
            same_state(fast, full)
            step += 1
        assert len(fast.events) == len(fast.log) and not any(fast.events) and any(full.events)
        assert fast._snapshots == {}  # (none kept every CHECKPOINT_EVERY actions)


def test_undo_in_search_mode_gives_the_default_game_state():
    setup = SETUPS[1]
    full = random_game(setup.seed, setup.players)
    fast = full.copy(search_mode=True)
    assert fast.search_mode and not full.search_mode
    for steps in (1, 3, CHECKPOINT_EVERY + 5, len(full.log) // 2):
        a, b = full.copy(), fast.copy()
        assert b.search_mode
        a.undo(steps)
        b.undo(steps)
        same_state(b, a)
        # and the game goes on alike from there
        rng_a, rng_b = random.Random(steps), random.Random(steps)
        for _ in range(20):
            if a.finished:
                break
            a.apply(*random_step(a, rng_a))
            b.apply(*random_step(b, rng_b))
        same_state(b, a)


def test_push_and_pop_in_search_mode_take_the_action_back():
    game = Game(SETUPS[2], search_mode=True)
    rng = random.Random(0)
    for _ in range(60):
        game.apply(*random_step(game, rng))
    assert not game.finished
    before = game.copy()
    who, action = random_step(game, random.Random(1))
    assert game.push(who, action) == []
    game.pop()
    same_state(game, before)
    assert refusal(game, who, A.Build("Z9")) == refusal(before.copy(search_mode=False), who, A.Build("Z9"))


def test_a_random_game_in_search_mode_ends_as_in_full():
    for seed in range(3):
        full = random_game(seed, 2 + seed)
        fast = random_game(seed, 2 + seed, search_mode=True)
        same_state(fast, full)
        assert any(full.events) and not any(fast.events)
