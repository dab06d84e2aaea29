"""Helpers for the rulebook tests: start games and reach positions by legal play.

Positions are reached by playing legal moves wherever that is short (`new_game` and `act`, a
faction auction's starting VP, `pass_to_the_end`), or found in a tournament game of the corpus
(`corpus_game`: the game's own moves up to a point; the test checks the situation it needs
there, such as a player's bowls before a power offer, then plays the game's move or another
legal one, or uses the final positions of every game).  No state is edited into a position.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup

#: Round scoring tiles with no VP for dwellings, trading houses or spades in round 1, so the
#: numbers in the tests are not blurred by round bonuses unless a test asks for them.
QUIET_SCORES = ("SCORE4", "SCORE7", "SCORE9", "SCORE2", "SCORE8", "SCORE6")
ALL_BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9", "BON10")


def new_game(factions: tuple[str, ...], dwellings: dict[str, list[str]], bonuses: dict[str, str],
             score_tiles: tuple[str, ...] = QUIET_SCORES, bonus_tiles: tuple[str, ...] = ALL_BONUS,
             options=TOURNAMENT_OPTIONS, start_vp: dict[str, int] | None = None) -> Game:
    """A game past its setup: factions in seat order, their initial dwellings (in the order each
    places them) and the bonus tile each takes; `start_vp` as a faction auction's bids leave it.
    Round 1 has started (income taken)."""
    setup = GameSetup(players=len(factions), options=frozenset(options), score_tiles=score_tiles,
                      bonus_tiles=bonus_tiles, factions=tuple(factions), start_vp=dict(start_vp or {}))
    game = Game(setup)
    todo = {f: list(h) for f, h in dwellings.items()}
    while game.state.phase == "dwellings":
        who = game.state.setup_queue[0]
        game.apply(who, A.Build(todo[who].pop(0)))
    while game.state.phase == "bonus":
        who = game.state.setup_queue[0]
        game.apply(who, A.Pass(bonuses[who]))
    return game


def random_position(seed: int, players: int, map_key: str, steps: int, options) -> Game:
    """The game after up to `steps` random legal actions (seeded) from a random setup."""
    import random

    from tmdesktop.rules.random_play import random_step

    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, map_key=map_key, options=options))
    for _ in range(steps):
        if game.finished:
            break
        game.apply(*random_step(game, rng))
    return game


def act(game: Game, faction: str, row: str, done: bool = True) -> None:
    """Apply a row of commands (`dig 1. build E6`) for faction, then end the turn."""
    for action in parse_row(row):
        game.apply(faction, action)
    if done and game.state.turn.faction == faction and game.can_end_turn(faction):
        game.apply(faction, A.Done())


def to_move(game: Game) -> str | None:
    return game.state.turn.faction


def pass_turn(game: Game, faction: str) -> None:
    """faction passes (taking the first bonus tile left in rounds 1-5) and ends its turn."""
    s = game.state
    bonus = None if s.round == 6 else sorted(s.bonus_pool, key=lambda b: int(b[3:]))[0]
    game.apply(faction, A.Pass(bonus))
    game.apply(faction, A.Done())


CORPUS = Path(__file__).resolve().parent / "data" / "corpus"


@cache
def _corpus_log(name: str) -> tuple[GameSetup, tuple]:
    game, mismatch = replay_ledger(read_ledger((CORPUS / name).read_text(encoding="utf-8")))
    assert mismatch is None, mismatch
    return game.setup, tuple(game.log)


def corpus_game(name: str, entries: int | None = None) -> Game:
    """A tournament game of the corpus (`tests/data/corpus/NAME`) played by its own legal moves
    up to its first `entries` log entries (to the end when None): a position real play reached.
    A test using one checks the situation it needs before relying on it."""
    setup, log = _corpus_log(name)
    return Game.replay(setup, log if entries is None else log[:entries])


def corpus_move(name: str, index: int) -> tuple[str | None, A.Action]:
    """The corpus game's log entry `index`: (faction, action)."""
    return _corpus_log(name)[1][index]


def pass_to_the_end(game: Game, takes: dict[tuple[int, str], str] | None = None) -> list:
    """Every player passes in every round until the game ends; in rounds 1-5 a player takes the
    tile `takes[(round, faction)]` if given, else the lowest one no later pick in `takes` wants.
    Returns the events of the last move (final scoring)."""
    takes = takes or {}
    events: list = []
    while not game.finished:
        s = game.state
        who = to_move(game)
        bonus = None
        if s.round < 6:
            wanted = {t for (r, f), t in takes.items() if r >= s.round and (r, f) != (s.round, who)}
            bonus = takes.get((s.round, who)) or min((b for b in s.bonus_pool if b not in wanted),
                                                     key=lambda b: int(b[3:]))
        game.apply(who, A.Pass(bonus))
        events = game.apply(who, A.Done())
    return events


def witches_with_a_cult_spade() -> Game:
    """The Witches reach AIR 5 in round 1 (SCORE8: a spade per 4 AIR) and pass last, for BON4:
    the game waits for their round-end spade (phase III of round 1)."""
    g = new_game(("witches", "halflings"), {"witches": ["F4", "D1"], "halflings": ["E6", "E2"]},
                 {"witches": "BON7", "halflings": "BON6"},
                 score_tiles=("SCORE8", "SCORE4", "SCORE7", "SCORE9", "SCORE2", "SCORE6"))
    act(g, "witches", "burn 3. action ACT2")
    act(g, "halflings", "pass BON3")
    act(g, "witches", "send p to AIR")
    act(g, "witches", "pass BON4")
    assert g.state.phase == "income-spades" and g.player("witches").spades == 1
    return g
