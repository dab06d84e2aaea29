"""The rules engine: applies actions to a `GameState`, one at a time, and rejects illegal ones.

The state is always what replaying the action log from the setup gives, so undo is a replay and
a rejected action leaves the state exactly as it was (on any error the state is rebuilt).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from . import actions as A
from . import events as E
from .building import Building
from .cults import Cults
from .data import CULTS, raw
from .errors import RuleError
from .leech import Leech
from .maps import load_board
from .resources import Resources
from .rounds import Rounds
from .setup import GameSetup
from .setup_phase import SetupPhase
from .special_actions import SpecialActions
from .state import GameState, Player, Turn
from .terrain import Terrain
from .tiles import Tiles
from .towns import Towns
from ..i18n import _


class Game(SetupPhase, Rounds, Resources, Terrain, Building, SpecialActions, Cults, Tiles, Leech, Towns):
    """One game: its setup, the action log, and the state that log leads to.

    The rules are split by topic into the mixin classes above (one module each); this class holds
    the public API, the dispatch of actions and the turn bookkeeping.
    """

    def __init__(self, setup: GameSetup):
        self.setup = setup
        self.board = load_board(setup.map_key)
        self.log: list[tuple[str | None, A.Action]] = []
        self.auto_dug = 0  # spades the last action dug by itself (a build or transform needing them)
        #: What each log entry caused (`events.py`), one list per entry: undo drops exactly its own.
        self.events: list[list[E.Event]] = []
        self._caused: list[E.Event] = []  # the events of the action being applied
        self.state = self._fresh_state()
        for f in setup.factions:
            self._caused = []
            self._apply(None, A.ChooseFaction(f))
            self.log.append((None, A.ChooseFaction(f)))
            self.events.append(self._caused)

    # ------------------------------------------------------------------ public API

    def apply(self, faction: str | None, action: A.Action) -> list[E.Event]:
        """Apply one action for `faction` and return the events it caused, or raise RuleError and
        leave the state untouched."""
        self.auto_dug = 0
        self._caused = []
        try:
            self._apply(faction, action)
        except Exception:
            self._rebuild(self.log)
            raise
        self.log.append((faction, action))
        self.events.append(self._caused)
        return self._caused

    def fork(self) -> Game:
        """An independent copy (for previews and trials) without replaying the log."""
        other = Game.__new__(Game)
        other.setup, other.board = self.setup, self.board
        other.log, other.events = list(self.log), list(self.events)
        other._caused = []
        other.state = copy.deepcopy(self.state)
        other.last_snapshot = getattr(self, "last_snapshot", None)
        return other

    def try_apply(self, faction: str | None, action: A.Action) -> tuple[Game | None, str | None]:
        """(the game after `action`, None) on a fork, or (None, the reason it is refused)."""
        other = self.fork()
        try:
            other._apply(faction, action)
        except RuleError as e:
            return None, str(e)
        other.log.append((faction, action))
        other.events.append(other._caused)
        return other, None

    def undo(self, steps: int = 1) -> None:
        if steps > len(self.log):
            raise RuleError(_("There is nothing to undo."))
        self._rebuild(self.log[: len(self.log) - steps])

    @classmethod
    def replay(cls, setup: GameSetup, log: Iterable[tuple[str | None, A.Action]]) -> Game:
        game = cls(setup)
        for faction_name, action in list(log)[len(game.log):]:
            game.apply(faction_name, action)
        return game

    @property
    def finished(self) -> bool:
        return self.state.phase == "finished"

    def player(self, name: str) -> Player:
        return self.state.players[name]

    def waiting_for(self) -> list[str]:
        """Factions that have something to decide now (the turn, a leech offer, a granted step)."""
        s = self.state
        if s.phase == "finished":
            return []
        if s.phase in ("factions", "colors"):
            if s.pending_colors:
                return s.pending_colors[:1]
            return [n for n in s.seats if s.players[n].favors_owed]
        if s.phase in ("dwellings", "bonus"):
            return s.setup_queue[:1]
        out = [n for n in s.order if self._owes_decision(s.players[n])]
        if s.phase == "play" and s.turn.faction and s.turn.faction not in out:
            out.insert(0, s.turn.faction)
        return out

    def legal_actions(self, name: str | None) -> list[A.Action]:
        """Every legal action for `name`'s current decision (empty when it has none)."""
        from .legal import legal_actions
        return legal_actions(self, name)

    def decision(self, name: str | None) -> str | None:
        """The kind of decision `name` faces now (see `legal.decision`)."""
        from .legal import decision
        return decision(self, name)

    def can_end_turn(self, name: str) -> bool:
        s = self.state
        if s.phase != "play" or s.turn.faction != name:
            return False
        p = s.players[name]
        return s.turn.actions == 0 and not (p.favors_owed or p.towns_owed or p.cult_steps or p.lose_cult_owed
                                            or p.unlocks_owed or p.picks_color)

    # ------------------------------------------------------------------ setup and rebuild

    def _fresh_state(self) -> GameState:
        opts = self.setup.options
        s = GameState(map_key=self.setup.map_key, options=frozenset(opts), player_count=self.setup.players)
        s.terrain = {h: self.board.terrain(h) for h in self.board.land}
        s.score_tiles = list(self.setup.score_tiles)
        s.bonus_pool = dict.fromkeys(self.setup.bonus_tiles, 0)
        for name, t in raw()["tiles_raw"].items():
            if t.get("option") and t["option"] not in opts:
                continue
            if name.startswith("FAV"):
                s.favor_pool[name] = t.get("count", 3)
            elif name.startswith("TW"):
                s.town_pool[name] = t.get("count", 2)
        s.cult_spots = {c: [None, None, None, None] for c in CULTS}
        return s

    def _rebuild(self, log: list) -> None:
        self.state = self._fresh_state()
        self.events = []
        for faction_name, action in log:
            self._caused = []
            self._apply(faction_name, action)
            self.events.append(self._caused)
        self.log = list(log)
        self._caused = []

    def _record(self, event: E.Event) -> None:
        self._caused.append(event)

    def _checkpoint(self, p: Player, step: E.Source) -> None:
        """A ledger's system row: the engine's own step and the values after it."""
        self._record(E.Checkpoint(p.name, step, p.snapshot()))

    # ------------------------------------------------------------------ dispatch

    def _apply(self, name: str | None, action: A.Action) -> None:
        s = self.state
        if s.phase == "finished":
            raise RuleError(_("The game is over."))
        if isinstance(action, A.ChooseFaction):
            self._choose_faction(action.faction)
            return self._advance_setup()
        if name not in s.players:
            raise RuleError(_("{faction} is not playing in this game.").format(faction=name))
        p = s.players[name]
        owner = s.turn.faction
        if s.phase == "play" and owner and owner != name and not action.main_turn and self.can_end_turn(owner):
            # Someone else acting (a leech answer) closes a turn whose action is complete.
            self._end_turn(s.players[owner])
        if isinstance(action, A.DropFaction):
            return self._drop(p)
        if p.dropped:
            raise RuleError(_("{faction} has left the game.").format(faction=p.faction.display))
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise RuleError(_("Unknown action."))
        getattr(self, handler)(p, action)
        self.last_snapshot = p.snapshot()
        if s.phase in ("factions", "colors"):
            self._advance_setup()
        elif s.phase == "bonus" and not s.setup_queue:
            self._start_round()
        elif s.phase in ("play", "income-spades"):
            self._maybe_end_round()

    # ------------------------------------------------------------------ rounds

    def _owes_decision(self, p: Player) -> bool:
        return bool(p.leech_offers or p.cult_steps or p.favors_owed or p.towns_owed or p.unlocks_owed
                    or p.lose_cult_owed or p.p3_offers or p.picks_color
                    or (p.spades and self.state.phase == "income-spades"))

    def _start_turn(self, name: str | None) -> None:
        self.state.turn = Turn(faction=name)

    def _next_player(self, current: str | None) -> str | None:
        s = self.state
        order = s.order
        start = order.index(current) + 1 if current in order else 0
        for k in range(len(order)):
            n = order[(start + k) % len(order)]
            if not s.players[n].passed:
                return n
        return None

    def _end_turn(self, p: Player) -> None:
        p.w_to_p = 0  # the Darklings' stronghold conversion lasts one turn
        p.spades = 0
        self._start_turn(self._next_player(p.name))

    # ------------------------------------------------------------------ turn bookkeeping

    def _require_turn(self, p: Player) -> Turn:
        s = self.state
        if s.phase != "play":
            raise RuleError(_("That can only be done during the action phase."))
        if s.turn.faction != p.name:
            who = s.players[s.turn.faction].faction.display if s.turn.faction else _("nobody")
            raise RuleError(_("It is not your turn: it is {faction}'s.").format(faction=who))
        self._decline_open_offers(p)
        return s.turn

    def _use_subaction(self, p: Player, kind: str, followups: dict[str, int] | None = None) -> None:
        t = self._require_turn(p)
        if t.followups.get(kind, 0) > 0:
            t.followups[kind] -= 1
            return
        if t.actions <= 0:
            raise RuleError(_("You have already taken your action this turn."))
        t.actions -= 1
        t.followups = dict(followups or {})

    # ------------------------------------------------------------------ the map

    # ------------------------------------------------------------------ actions

    def _do_done(self, p: Player, a: A.Done) -> None:
        s = self.state
        if s.phase == "income-spades":
            p.spades = 0
            return
        t = self._require_turn(p)
        if t.actions > 0 and not t.passed_now:
            raise RuleError(_("Take an action before ending your turn."))
        if p.favors_owed:
            raise RuleError(_("Choose your favor tile first."))
        if p.towns_owed:
            raise RuleError(_("Choose your town tile first."))
        if p.cult_steps:
            raise RuleError(_("Choose a cult track for your step first."))
        if p.lose_cult_owed:
            raise RuleError(_("Choose the cult track that pays for your volcano first."))
        if p.unlocks_owed:
            raise RuleError(_("Choose what your new priest unlocks first."))
        if p.picks_color:
            raise RuleError(_("Choose your new terrain colour first."))
        self._end_turn(p)

    def _drop(self, p: Player) -> None:
        s = self.state
        p.dropped = True
        p.passed = True
        p.leech_offers.clear()
        if s.turn.faction == p.name:
            self._start_turn(self._next_player(p.name))
        if s.phase == "play":
            self._maybe_end_round()

    # ------------------------------------------------------------------ towns

    #: Which method handles each kind of action.
    _HANDLERS = {
        A.Build: "_do_build",
        A.Upgrade: "_do_upgrade",
        A.Transform: "_do_transform",
        A.Dig: "_do_dig",
        A.Convert: "_do_convert",
        A.Burn: "_do_burn",
        A.UseAction: "_do_action",
        A.SendPriest: "_do_send",
        A.Advance: "_do_advance",
        A.PlaceBridge: "_do_bridge",
        A.Connect: "_do_connect",
        A.Pass: "_do_pass",
        A.TakeTile: "_do_take_tile",
        A.CultStep: "_do_cult_step",
        A.Leech: "_do_leech",
        A.Decline: "_do_decline",
        A.Done: "_do_done",
        A.DiscardSpade: "_do_discard_spade",
        A.PickColor: "_do_pick_color",
        A.UnlockTerrain: "_do_unlock",
        A.TokenForVP: "_do_token_for_vp",
    }
