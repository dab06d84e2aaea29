"""Random legal play (seeded): for the simulator, the demo board and the property tests."""

from __future__ import annotations

import random

from . import actions as A
from .engine import Game
from .setup import GameSetup


#: What random play keeps rare: passing, ending the turn, converting and burning.
_IDLE = frozenset({A.Pass, A.Done, A.Convert, A.Burn})
#: What random play tries first, most of the time: building (the builds, then the upgrades).
_GROWTH = (A.Build, A.Upgrade)


def _pick(rng: random.Random, seq):
    """`rng.choice(seq)`: the same draws (an index below len(seq) from as many random bits as that
    takes, drawn again while it is too big), in one call instead of two (two picks a step)."""
    n = len(seq)
    if not n:
        raise IndexError("Cannot choose from an empty sequence")
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return seq[r]


def random_step(game: Game, rng: random.Random) -> tuple[str | None, object]:
    """Pick someone who has a decision and one of their legal actions."""
    waiting = game._deciders()  # (`waiting_for` without its copy)
    who = _pick(rng, waiting) if waiting else None  # nobody waiting: a faction is to be chosen
    roll = rng.random()
    if roll < 0.6:
        # building is what makes towns, strongholds and leech happen (listing only those is quick)
        growth = game._listed(who, _GROWTH)  # (`legal_actions` without its copy: only read here)
        if growth:
            return who, _pick(rng, growth)
    actions = game._listed(who)
    # Passing early ends games before they get interesting: keep passes and early turn ends rare.
    if roll < 0.9 and not _IDLE.issuperset(map(type, actions)):
        actions = [a for a in actions if type(a) not in _IDLE]
    return who, _pick(rng, actions)


def random_game(seed: int, players: int = 4, check=None, max_steps: int = 5000, search_mode: bool = False,
                **setup) -> Game:
    """A complete game of random legal actions; `check(game)` runs after every action. In
    `search_mode` (`Game.search_mode`) when neither its events nor a ledger are wanted."""
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, **setup), search_mode=search_mode)
    for _ in range(max_steps):
        if game.finished:
            return game
        who, action = random_step(game, rng)
        game.apply(who, action)
        if check:
            check(game)
    raise RuntimeError(f"game {seed} did not finish in {max_steps} steps")
