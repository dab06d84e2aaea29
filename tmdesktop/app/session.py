"""One game being played at this table: the engine plus what the app remembers about it.

The session decides whose hands the laptop should be in (`decider`), applies intents through the
engine, keeps the legal actions of the current decision cached, and plays random moves for demos.
It holds no rules: every judgement is the engine's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tmdesktop.rules import actions as A
from tmdesktop.rules import decisions
from tmdesktop.rules.engine import Game
from tmdesktop.refusals import message
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.first_game import preplaced
from tmdesktop.rules.constants import FACTION_OPTION
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup

from . import legal

#: Default factions for a quick start, in seat order (distinct home terrains).
DEFAULT_FACTIONS = ("witches", "nomads", "mermaids", "giants", "darklings")


def new_game(players: int = 4, seed: int = 7, factions: tuple[str, ...] | None = None) -> Game:
    """A game with a seeded setup and chosen factions (the quick start, `--factions`); a Fire &
    Ice faction brings the option it needs.  Raises RuleError for factions the rules refuse."""
    chosen = tuple(factions or DEFAULT_FACTIONS[:players])
    options = TOURNAMENT_OPTIONS | {FACTION_OPTION[f] for f in chosen if f in FACTION_OPTION}
    return Game(GameSetup.random(players=players, seed=seed, factions=chosen, options=options))


@dataclass
class Outcome:
    ok: bool
    error: str = ""


class Session:
    def __init__(self, game: Game, computers: dict[str, str] | None = None):
        self.game = game
        #: faction -> level of the seats the computer plays (`app.computer`); the others are people.
        self.computers: dict[str, str] = dict(computers or {})
        self._legal_key: tuple | None = None
        self._legal: list[A.Action] = []
        self.version = 0  # bumped on every change, so views know when to redraw
        #: Log lengths just after a turn was ended for the player (nothing was left to do in it):
        #: undo takes such an end back together with the action before it.
        self._auto_ends: set[int] = set()

    # ------------------------------------------------------------------ who acts

    @property
    def state(self):
        return self.game.state

    def turn_owner(self) -> str | None:
        s = self.state
        if s.phase in ("dwellings", "bonus"):
            return s.setup_queue[0] if s.setup_queue else None
        return s.turn.faction if s.phase == "play" else None

    def decider(self) -> str | None:
        """The faction that should hold the laptop now: the engine's decision to settle now
        (`Game.to_act`)."""
        d = self.game.to_act()
        return d.faction if d else None

    def mid_turn(self) -> bool:
        """The turn's player has acted (or is in a double action) and has not ended the turn."""
        return decisions.mid_turn(self.state)

    def turn_stage(self, faction: str | None) -> str | None:
        """Where `faction`'s turn stands once its action is taken: "spades" (spades held, to use
        on a hex or lose), "followup" (a part of the action can still be done), "convert" (only
        free actions or ending the turn), "over" (only ending it); None otherwise."""
        s = self.state
        if faction is None or faction != self.turn_owner() or not self.mid_turn():
            return None
        if not self.game.can_end_turn(faction) and s.turn.actions:
            return None
        kinds = {type(a) for a in self.legal(faction)}
        if s.players[faction].spades > 0:
            return "spades"
        if kinds - {A.Done, A.Convert, A.Burn}:
            return "followup"
        if kinds - {A.Done}:
            return "convert"
        return "over" if A.Done in kinds else None

    def end_turn_if_over(self, faction: str | None, action: A.Action) -> bool:
        """End `faction`'s turn for them when nothing but ending it is left, or when they just
        passed (conversions after passing change nothing); True if it was ended."""
        if faction is None or not self.game.can_end_turn(faction) or self.state.players[faction].spades:
            return False
        if not (isinstance(action, A.Pass) or self.turn_stage(faction) == "over"):
            return False
        if not self.apply(A.Done(), faction).ok:
            return False
        self._auto_ends.add(len(self.game.log))
        return True

    def computer_to_act(self) -> str | None:
        """The computer seat that decides now, if the decision is a computer's."""
        me = self.decider()
        return me if me in self.computers else None

    def is_out_of_turn(self, faction: str | None) -> bool:
        return faction is not None and faction != self.turn_owner() and self.state.phase == "play"

    # ------------------------------------------------------------------ legal actions

    def legal(self, faction: str | None = None) -> list[A.Action]:
        faction = faction or self.decider()
        if faction is None:
            return []
        key = (len(self.game.log), self.version, faction)
        if key != self._legal_key:
            self._legal = legal.legal_actions(self.game, faction)
            self._legal_key = key
        return self._legal

    # ------------------------------------------------------------------ changes

    def apply(self, action: A.Action, faction: str | None = None) -> Outcome:
        faction = faction or self.decider()
        if faction is None:
            return Outcome(False, "")
        try:
            self.game.apply(faction, action)
        except RuleError as exc:
            return Outcome(False, message(exc))
        except Exception as exc:  # the engine is young: report, never crash the table
            return Outcome(False, f"{type(exc).__name__}: {exc}")
        self.version += 1
        return Outcome(True)

    def first_undoable(self) -> int:
        """Log entries before this index are the setup (faction choices, the first game's starting
        dwellings) and cannot be undone."""
        chosen = sum(1 for f, _a in self.game.log[: len(self.game.setup.factions)] if f is None)
        return chosen + preplaced(self.game.setup)

    def can_undo(self) -> bool:
        return len(self.game.log) > self.first_undoable()

    def undo_takes_back(self) -> list[str | None]:
        """Who made the moves `undo` would take back, latest first (it may take several: an
        automatic end of turn, an offer answered by the Settings, the computers' moves); tried on
        a copy of the game."""
        trial = Session(self.game.copy(), self.computers)
        trial._auto_ends = set(self._auto_ends)
        if not trial.undo().ok:
            return []
        return [who for who, _action in reversed(self.game.log[len(trial.game.log):])]

    def undo(self) -> Outcome:
        """Take back the last decision; with computer seats, back to the last decision a person
        made (the computer's moves since are taken back with it, or it would replay them)."""
        if not self.can_undo():
            return Outcome(False, "")
        while True:
            steps = 2 if len(self.game.log) in self._auto_ends and len(self.game.log) - 1 > self.first_undoable() else 1
            try:
                self.game.undo(steps)
            except RuleError as exc:
                self.version += 1
                return Outcome(False, message(exc))
            self._auto_ends = {n for n in self._auto_ends if n <= len(self.game.log)}
            people = len(self.computers) < len(self.state.players)  # at a table of computers only: one step
            if not (people and self.computer_to_act() and self.can_undo()):
                break
        self.version += 1
        return Outcome(True)

    # ------------------------------------------------------------------ random play (demo, tests)

    def play_random(self, steps: int, rng: random.Random) -> int:
        """Play up to `steps` random legal actions; returns how many were played."""
        played = 0
        while played < steps and not self.game.finished:
            faction = self.decider()
            if faction is None:
                break
            options = self.legal(faction)
            if not options:
                break
            action = pick_random(options, rng)
            if not self.apply(action, faction).ok:
                break
            played += 1
        return played


_WEIGHTS = {
    A.Build: 12.0, A.Upgrade: 7.0, A.Transform: 0.6, A.UseAction: 1.5, A.SendPriest: 1.5,
    A.Advance: 1.0, A.PlaceBridge: 4.0, A.Pass: 0.4, A.Convert: 0.05, A.Burn: 0.05,
    A.Leech: 3.0, A.Decline: 1.0, A.TakeTile: 1.0, A.CultStep: 1.0, A.Done: 0.5, A.Dig: 0.1,
}


def pick_random(options: list[A.Action], rng: random.Random) -> A.Action:
    """A random action, biased towards building so that demo games look like games."""
    if any(isinstance(a, A.Done) for a in options) and rng.random() < 0.85:
        return next(a for a in options if isinstance(a, A.Done))
    weights = [_WEIGHTS.get(type(a), 1.0) for a in options]
    return rng.choices(options, weights=weights, k=1)[0]
