"""Copies, push/pop and undo give exactly the state a replay of the log gives, and a copy shares
nothing an action changes; the state's digest is the same in every process."""

import os
import random
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmdesktop.rules.data import Faction
from tmdesktop.rules.engine import Game
from tmdesktop.rules.maps import MAP_KEYS
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.rules.state import Turn

from tests.positions import random_position

FIRE_ICE = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                                 "fire-and-ice-factions/variable_v5", "fire-and-ice-final-scoring"}
ROOT = Path(__file__).resolve().parent.parent


def same(a: Game, b: Game) -> None:
    assert a.state == b.state
    assert a.state.fingerprint() == b.state.fingerprint()
    assert a.digest() == b.digest()
    assert a.log == b.log
    assert a.events == b.events


def replayed(game: Game, upto: int) -> Game:
    return Game.replay(game.setup, game.log[:upto])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), map_key=st.sampled_from(MAP_KEYS),
       steps=st.integers(1, 600))
def test_copy_push_pop_and_undo_match_a_replay(seed, players, map_key, steps):
    game = random_position(seed, players, map_key, steps, FIRE_ICE)
    rng = random.Random(seed + 1)
    same(game.copy(), replayed(game, len(game.log)))

    # push/pop a few actions on a copy: each pop gives back the exact earlier state
    trial = game.copy()
    history = []
    for _ in range(rng.randint(1, 12)):
        if trial.finished:
            break
        history.append(trial.copy())
        trial.push(*random_step(trial, rng))
    while history:
        trial.pop()
        same(trial, history.pop())
    same(trial, game)

    # undo any number of steps, across snapshots, as the app does
    k = rng.randint(1, max(1, len(game.log) - len(game.setup.factions)))
    game.undo(k)
    same(game, replayed(game, len(game.log)))


def test_a_turn_started_is_a_new_turn():
    # `Turn.starting` (the engine's quick constructor) makes what the dataclass makes
    for faction in ("witches", None):
        started, made = Turn.starting(faction), Turn(faction=faction)
        assert started == made and vars(started) == vars(made)
        assert shared_containers(started, made) == []


def test_a_copy_is_independent():
    rng = random.Random(3)
    game = Game(GameSetup.random(4, 3))
    for _ in range(120):
        game.apply(*random_step(game, rng))
    before = game.state.fingerprint()
    other = game.copy()
    for _ in range(50):
        other.apply(*random_step(other, rng))
    assert not other.finished
    assert game.state.fingerprint() == before
    assert other.state.fingerprint() != before


def test_finished_follows_the_state_through_the_last_action_undo_and_copies():
    # `finished` is kept as the state changes: the last action ends the game, undo and pop take
    # the end back, a rejected action leaves it, copies keep it
    rng = random.Random(5)
    game = Game(GameSetup.random(3, 5))
    while game.state.phase != "finished":
        assert not game.finished
        game.apply(*random_step(game, rng))
    assert game.finished and game.copy().finished
    assert not game.is_legal(game.log[-1][0], game.log[-1][1]) and game.finished
    last = game.log[-1]
    game.undo(1)
    assert game.state.phase != "finished" and not game.finished and not game.copy().finished
    game.push(*last)
    assert game.finished
    game.pop()
    assert not game.finished
    game.undo(len(game.log) - len(game.setup.factions))  # (back to the setup: a whole replay)
    assert not game.finished


DIGEST_SCRIPT = """
import random
from tmdesktop.rules.data import Faction
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from pathlib import Path
ledger = read_ledger(Path({path!r}).read_text(encoding="utf-8"))
game, mismatch = replay_ledger(ledger)
assert mismatch is None
print(game.digest())
"""


def shared_containers(a, b, path="state") -> list[str]:
    """The lists, dicts and sets reachable from `a` (through dataclass fields and containers) that
    are the very same objects in `b` (the faction boards are shared on purpose: never changed)."""
    if isinstance(a, Faction):
        return []
    out = []
    if isinstance(a, (list, dict, set)):
        if a is b:
            out.append(path)
    if hasattr(a, "__dataclass_fields__"):
        for f in fields(a):
            out += shared_containers(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, dict):
        for k in a:
            out += shared_containers(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, list):
        for k, (x, y) in enumerate(zip(a, b)):
            out += shared_containers(x, y, f"{path}[{k}]")
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), steps=st.integers(0, 250))
def test_a_copy_shares_no_list_dict_or_set_with_the_original(seed, players, steps):
    # what an action may change in place is copied, down to the players' and the turn's fields
    game = random_position(seed, players, "original", steps, FIRE_ICE)
    assert shared_containers(game.state, game.state.copy()) == []
    assert shared_containers(game.state, game.copy().state) == []


def test_digest_is_the_same_in_every_process(corpus_dir):
    script = DIGEST_SCRIPT.format(path=str(corpus_dir / "4pLeague_S60_D1L1_G1.txt"))
    out = set()
    for hash_seed in ("1", "2", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=True)
        out.add(run.stdout.strip())
    assert len(out) == 1 and len(out.pop()) == 32


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), map_key=st.sampled_from(MAP_KEYS))
def test_every_listed_action_has_its_own_number(seed, players, map_key):
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, map_key=map_key, options=FIRE_ICE))
    numbers: dict[int, object] = {}
    while not game.finished:
        for who in {None, *game.waiting_for()}:
            for action in game.legal_actions(who):
                code = game.encode(action)
                assert code >= 0 and game.decode(code) == action
                assert numbers.setdefault(code, action) == action  # one number, one action
        game.apply(*random_step(game, rng))
