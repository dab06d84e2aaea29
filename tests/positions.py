"""Helpers for the rulebook tests: start games and script positions.

Positions are reached by playing legal moves wherever that is short, or found in a tournament
game of the corpus (`corpus_game`: the game's own moves up to a point; the test checks the
situation it needs there, such as a player's bowls before a power offer, or uses the final
positions of every game).  When a rulebook example needs a position neither gives (a player
Chaos Magicians holding a group of power 6 ...), the test sets it up with `edit`, which records the change as
a step of the game's own log.  The engine rebuilds its state from that log after a rejected
move, so an edited position survives the `RuleError` checks that follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.rules.state import GameState

#: Round scoring tiles with no VP for dwellings, trading houses or spades in round 1, so the
#: numbers in the tests are not blurred by round bonuses unless a test asks for them.
QUIET_SCORES = ("SCORE4", "SCORE7", "SCORE9", "SCORE2", "SCORE8", "SCORE6")
ALL_BONUS = ("BON1", "BON2", "BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9", "BON10")


@dataclass(frozen=True, slots=True, eq=False)
class Edit(A.Action):
    """Test scaffolding, not a game action: change the state directly (kept in the log)."""

    change: Callable[[GameState], None] = field(default=lambda s: None)
    note: str = ""

    def __str__(self) -> str:
        return f"# edit: {self.note}"


class ScriptedGame(Game):
    """A Game that also accepts `Edit` steps."""

    def _do_edit(self, p, a: Edit) -> None:
        a.change(self.state)

    def _accept(self, faction, action):
        return action if isinstance(action, Edit) else super()._accept(faction, action)

    _HANDLERS = {**Game._HANDLERS, Edit: "_do_edit"}


def new_game(factions: tuple[str, ...], dwellings: dict[str, list[str]], bonuses: dict[str, str],
             score_tiles: tuple[str, ...] = QUIET_SCORES, bonus_tiles: tuple[str, ...] = ALL_BONUS,
             options=TOURNAMENT_OPTIONS, start_vp: dict[str, int] | None = None) -> ScriptedGame:
    """A game past its setup: factions in seat order, their initial dwellings (in the order each
    places them) and the bonus tile each takes; `start_vp` as a faction auction's bids leave it.
    Round 1 has started (income taken)."""
    setup = GameSetup(players=len(factions), options=frozenset(options), score_tiles=score_tiles,
                      bonus_tiles=bonus_tiles, factions=tuple(factions), start_vp=dict(start_vp or {}))
    game = ScriptedGame(setup)
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


def edit(game: Game, faction: str, change: Callable[[GameState], None], note: str = "") -> None:
    game.apply(faction, Edit(change, note))


def put(game: Game, faction: str, hex_: str, kind: str = "D") -> None:
    """Place (or replace with) a building of `faction` on hex_, turning the hex to its home."""

    def change(s: GameState) -> None:
        p = s.players[faction]
        s.terrain[hex_] = p.faction.home
        old = p.buildings.get(hex_)
        if old:
            p.counts[old] -= 1
        p.buildings[hex_] = kind
        p.counts[kind] += 1
        s.owner[hex_] = faction

    edit(game, faction, change, f"{kind} of {faction} on {hex_}")


def set_res(game: Game, faction: str, **values) -> None:
    """Set resources: VP, C, W, P, power=[I, II, III], cult={...}, ship, dig, ..."""

    def change(s: GameState) -> None:
        p = s.players[faction]
        for k, v in values.items():
            if k == "cult":
                p.cult.update(v)
            else:
                setattr(p, k, list(v) if isinstance(v, list) else v)

    edit(game, faction, change, f"{faction} {values}")


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
