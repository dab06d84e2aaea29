"""The rules engine: applies actions to a `GameState`, one at a time, and rejects illegal ones.

The state is always what replaying the action log from the setup gives, so undo is a replay and
a rejected action leaves the state exactly as it was (on any error the state is rebuilt).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from . import actions as A
from . import decisions
from .codec import codec_for
from .decisions import Decision
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


#: The key under which the cache of listings keeps the pending decisions (no faction is called so).
_PENDING = "__pending__"
_faction_of = attrgetter("faction")
_NONE = ()  # (an empty listing, shared: listings handed out as kept are never changed)
#: How often `apply` keeps a copy of the state for undo: a copy costs about as much as two or three
#: actions and keeps the garbage collector busy (every 16th action's copy was 5% of a random
#: playout's instructions); an undo replays at most CHECKPOINT_EVERY - 1 actions without checking
#: them (a millisecond or two).
CHECKPOINT_EVERY = 64


class Game(SetupPhase, Rounds, Resources, Terrain, Building, SpecialActions, Cults, Tiles, Leech, Towns):
    """One game: its setup, the action log, and the state that log leads to.

    The rules are split by topic into the mixin classes above (one module each); this class holds
    the public API, the dispatch of actions and the turn bookkeeping.
    """

    def __init__(self, setup: GameSetup, search_mode: bool = False):
        self.setup = setup
        #: Search mode, for random play and searches that read neither events nor a ledger: no
        #: events are recorded (`apply` returns an empty list; `events` holds an empty list per
        #: action) and no undo snapshot is kept every CHECKPOINT_EVERY actions (`push` still keeps
        #: one for its `pop`; an undo replays from the last one kept, or from the setup). The
        #: state, the log, the listings and the refusals are a default game's. (Events and
        #: snapshots were 5% of a random playout's instructions.)
        self.search_mode = search_mode
        self.board = load_board(setup.map_key)
        self.log: list[tuple[str | None, A.Action]] = []
        self.auto_dug = 0  # spades the last action dug by itself (a build or transform needing them)
        self._last_actor: str | None = None  # who took the last action (see `last_snapshot`)
        self._last_values: tuple | None = None
        #: index in the log -> (the state before that action, len(events) then, the same): every
        #: CHECKPOINT_EVERY-th action and every pushed one, so undo never replays more than a few.
        self._snapshots: dict[int, tuple[GameState, int]] = {}
        #: faction (or (faction, class of action)) -> its legal actions now; cleared on every change
        self._legal_cache: dict = {}
        #: What each log entry caused (`events.py`), one list per entry: undo drops exactly its own.
        self.events: list[list[E.Event]] = []
        self._caused: list[E.Event] = []  # the events of the action being applied
        self.state = self._fresh_state()
        for f in setup.factions:
            self._caused = []
            self._apply(None, A.ChooseFaction(f))
            self.log.append((None, A.ChooseFaction(f)))
            self.events.append(self._caused)
        #: Whether the game is over: `state.phase` read once whenever the state changes (`apply`,
        #: `_restore`, `_rebuild`), a plain attribute because loops ask it at every step and
        #: Python 3.11 reads a property through its slow, generic look-up.
        self.finished = self.state.phase == "finished"

    # ------------------------------------------------------------------ public API

    def apply(self, faction: str | None, action: A.Action) -> list[E.Event]:
        """Apply one action for `faction` and return the events it caused (`events.py`), or raise
        RuleError and leave the state untouched.

        Only what `legal_actions(faction)` lists is accepted (a notation variant is first
        written in its listed form, which is what the log keeps)."""
        action = self._accept(faction, action)
        index = len(self.log)
        if not self.search_mode and index % CHECKPOINT_EVERY == 0:
            self._snapshots[index] = (self.state.copy(), len(self.events))
        # (the action run here rather than by a function of its own: one call less at every step)
        self.auto_dug = 0
        self._legal_cache = {}
        self._caused = []
        try:
            self._apply(faction, action)
        except BaseException:
            self._restore(index)
            del self.events[index:]  # (one list per action of the log: `index` of them before this)
            raise
        self.finished = self.state.phase == "finished"
        self.log.append((faction, action))
        self.events.append(self._caused)
        return self._caused

    def push(self, faction: str | None, action: A.Action) -> list[E.Event]:
        """`apply` for a search: `pop` then takes it back in the time of one state copy."""
        action = self._accept(faction, action)  # (first: a refused action keeps no snapshot)
        self._snapshots[len(self.log)] = (self.state.copy(), len(self.events))
        return self.apply(faction, action)  # (its listed form: accepted again as it is)

    def is_legal(self, faction: str | None, action: A.Action) -> bool:
        """Whether `apply(faction, action)` would accept it (no copy of the game is made)."""
        try:
            self._accept(faction, action)
        except RuleError:
            return False
        return True

    def listed_form(self, faction: str | None, action: A.Action) -> A.Action | None:
        """The form in which `apply(faction, action)` would play `action` now, as it is listed
        and logged (a priest sent to the order space it would take anyway is the plain send to
        the best free space); None: it would be refused.  Two actions with the same listed form
        do the same thing."""
        try:
            return self._accept(faction, action)
        except RuleError:
            return None

    def refusal(self, faction: str | None, action: A.Action) -> RuleError | None:
        """The RuleError `apply(faction, action)` would raise (None: it would be accepted); the
        game is unchanged either way."""
        try:
            self._accept(faction, action)
        except RuleError as e:
            return e
        return None

    def _accept(self, faction: str | None, action: A.Action) -> A.Action:
        """The listed form of `action`, or the RuleError explaining why it is refused."""
        kept = self._legal_cache
        listed = kept.get(faction) or kept.get((faction, type(action)))
        if listed is not None:
            # (identity, looked for by a loop of `is`: `in` would call the actions' Python `__eq__`
            # on every other action, and `any(map(operator.is_, ...))` costs twice the loop, the
            # call of `is_` from C being dearer than the comparison in the loop)
            for a in listed:
                if a is action:
                    return action  # the listed object itself (a search or random play): legal and listed
        if isinstance(action, A.DropFaction):  # (never listed: a faction leaves the game)
            p = self.state.players.get(faction)
            if p is None or p.dropped or self.finished:
                raise self._refusal(faction, action)
            return action
        try:
            action = legal.canonical(self, faction, action)
        except Exception:  # a malformed action is refused like any other
            raise self._refusal(faction, action) from None
        if listed is None:  # only the listing of this action's kind and target is needed
            listed = legal.legal_actions(self, faction, type(action), legal.target_of(action))
        if action not in listed:
            raise self._refusal(faction, action)
        return action

    def _refusal(self, faction: str | None, action: A.Action) -> RuleError:
        """Why `action` is not legal: the handler's own reason, found on a copy of the game."""
        trial = self.copy()
        try:
            trial._apply(faction, action)
        except RuleError as e:
            return e
        except Exception:
            pass
        return RuleError("not_possible_now")

    def pop(self) -> None:
        """Take back the last action pushed or applied."""
        self.undo(1)

    def copy(self, search_mode: bool | None = None) -> Game:
        """An independent copy sharing the static data (faction boards, map, setup) and the
        stored snapshots (never changed once stored), so that undo works in the copy too; in
        `search_mode` if given (a search's copy of a game played in full: the events it records
        from then on are none), else in this game's mode."""
        other = Game.__new__(Game)
        other.setup, other.board = self.setup, self.board
        other.search_mode = self.search_mode if search_mode is None else search_mode
        other.log, other.events = list(self.log), list(self.events)
        other.state = self.state.copy()
        other.auto_dug, other.finished = self.auto_dug, self.finished
        other._last_actor, other._last_values = self._last_actor, self._last_values
        other._snapshots = dict(self._snapshots)
        other._legal_cache = dict(self._legal_cache)  # (listings never changed once kept)
        other._caused = []
        return other

    def try_apply(self, faction: str | None, action: A.Action) -> tuple[Game | None, RuleError | None]:
        """(the game after `action`, None) on a copy, or (None, the RuleError refusing it)."""
        other = self.copy()
        try:
            other.apply(faction, action)
        except RuleError as e:
            return None, e
        return other, None

    def undo(self, steps: int = 1) -> None:
        if not 0 < steps <= len(self.log):
            raise RuleError("nothing_to_undo")
        target = len(self.log) - steps
        self._restore(target)
        del self.log[target:]

    def _restore(self, index: int) -> None:
        """Make the state what it was after the first `index` actions of the log: from the latest
        snapshot at or before it, replaying the few actions between (or the whole log if none)."""
        self._keep_last_snapshot()
        self._legal_cache = {}
        for k in [k for k in self._snapshots if k > index]:
            del self._snapshots[k]
        base = max(self._snapshots, default=None)
        if base is None:
            log = self.log[:index]
            self._rebuild(log)
            return
        state, mark = self._snapshots[base]
        self.state = state.copy()  # stored snapshots are shared with copies of this game: never changed
        del self.events[mark:]
        for faction_name, action in self.log[base:index]:
            self._caused = []
            self._apply(faction_name, action)
            self.events.append(self._caused)
        self.finished = self.state.phase == "finished"

    def digest(self) -> str:
        """A hash of the whole state, the same in every process."""
        return self.state.digest()

    def encode(self, action: A.Action) -> int:
        """`action` as a small integer (see `codec`); `decode` gives it back."""
        return codec_for(self.setup.map_key).encode(action)

    def decode(self, code: int) -> A.Action:
        return codec_for(self.setup.map_key).decode(code)

    @classmethod
    def replay(cls, setup: GameSetup, log: Iterable[tuple[str | None, A.Action]]) -> Game:
        game = cls(setup)
        for faction_name, action in list(log)[len(game.log):]:
            game.apply(faction_name, action)
        return game

    @property
    def last_snapshot(self) -> tuple | None:
        """The acting faction's ledger values right after the last action (a ledger row's values)."""
        if self._last_values is None and self._last_actor is not None:
            return self.state.players[self._last_actor].snapshot()  # (nothing changed them since)
        return self._last_values

    def _keep_last_snapshot(self) -> None:
        """Take `last_snapshot` now: what comes next (a faction chosen or dropped, an undo)
        changes the state without being an action of a faction that replaces it."""
        self._last_values = self.last_snapshot

    def player(self, name: str) -> Player:
        return self.state.players[name]

    def decisions(self) -> list[Decision]:
        """Every decision the game waits for, in the order the table settles them."""
        return list(self._pending())

    def to_act(self) -> Decision | None:
        """The decision to settle now (see `decisions.pending`), or None when the game is over."""
        pending = self._pending()
        return pending[0] if pending else None

    def waiting_for(self) -> list[str | None]:
        """Factions that have something to decide now, in the order of `decisions()`."""
        return list(self._deciders())

    def _deciders(self) -> tuple | list:
        """`waiting_for()` without its copy (random play picks from it at every step): in the
        action phase, found without making the decisions (`decisions.deciders`), and while
        nobody owes anything the turn's player alone (`decisions.pending`'s first case; most
        steps)."""
        s = self.state
        if s.phase == "play":
            if not s.owing and s.turn.faction is not None:
                return (s.turn.faction,)
            return decisions.deciders(s)
        return list(map(_faction_of, self._pending()))

    def _pending(self) -> list[Decision]:
        """`decisions.pending`, kept with the listings (a new list for each state: never changed,
        the public methods hand out copies)."""
        found = self._legal_cache.get(_PENDING)
        if found is None:
            found = self._legal_cache[_PENDING] = decisions.pending(self.state)
        return found

    def legal_actions(self, name: str | None, only: type | tuple[type, ...] | None = None) -> list[A.Action]:
        """Every legal action for `name`'s current decision (empty when it has none), in a fixed
        order; `apply` accepts exactly these.  With `only` (a class of action), just those: a
        search that wants the builds need not pay for listing everything; with a tuple of
        classes, the actions of each class in turn, listed together."""
        return list(self._listed(name, only))  # (a list of its own: the caller's)

    def _listed(self, name: str | None, only: type | tuple[type, ...] | None = None) -> tuple | list:
        """`legal_actions(name, only)` as kept with the state, or made for this ask: never to be
        changed (random play reads it without paying for a copy)."""
        # (kept until the state changes: the whole listing under the faction's name, a listing
        # of one kind under (name, kind))
        kept = self._legal_cache
        full = kept.get(name)
        if full is None:
            if only is not None:
                if self._main_action_open(name):
                    part = kept.get((name, only))
                    if part is None:
                        part = self._list_kinds(name, only)
                    return part
                if self.state.phase == "play" and (legal._ASKED.get(only) or legal._ask(only)).only_actions:
                    return _NONE  # (random play asks for builds at the end of a turn too)
            # (the whole listing: asked for, or short when no main action is open: tiles,
            # answers, conversions; kept for the next ask)
            full = kept[name] = legal.listing(self, name)  # (a new list, kept as it is)
        if only is None:
            return full
        return legal.of_kinds(full, only)

    def _list_kinds(self, name: str | None, only: type | tuple[type, ...]) -> tuple[A.Action, ...]:
        """`name`'s actions of the class `only`, or of each class of the tuple `only` in turn, kept
        under (name, only); with a tuple, each class's are kept under (name, class) too (`apply`
        finds its action there)."""
        kept = self._legal_cache
        if type(only) is not tuple:
            part = kept[(name, only)] = tuple(legal.legal_actions(self, name, only))
            return part
        part = ()
        for kind, of_kind in zip(only, legal.by_kinds(self, name, only)):
            kept[(name, kind)] = of_kind
            part += of_kind
        kept[(name, only)] = part
        return part

    def _main_action_open(self, name: str | None) -> bool:
        """Whether `name` may still build, transform, upgrade or take an action space now: only
        then is a listing of one kind of action quicker than the whole listing."""
        s = self.state
        t = s.turn
        if s.phase != "play" or t.faction != name or t.closed:
            return s.phase == "income-spades"
        # (a follow-up used up stays in `followups` as a 0: it opens nothing; most often there are
        # none, and `any` over the values would make two objects to find that out)
        return t.actions > 0 or (t.followups and any(t.followups.values())) \
            or self.alone_in_round(s.players[name])

    def decision(self, name: str | None) -> str | None:
        """The kind of `name`'s current decision (see `decisions`), or None."""
        d = self.decision_of(name)
        return d.kind if d else None

    def decision_of(self, name: str | None) -> Decision | None:
        """`name`'s current decision: their first in `decisions()`, or None."""
        pending = self._legal_cache.get(_PENDING)
        if pending is None:  # (a legality check needs one faction's decision, not everyone's)
            return decisions.of(self.state, name)
        for d in pending:
            if d.faction == name:
                return d
        return None

    def can_end_turn(self, name: str) -> bool:
        s = self.state
        t = s.turn
        if s.phase != "play" or t.faction != name or t.actions:
            return False
        return self._turn_may_end(s.players[name])

    def _turn_may_end(self, p: Player) -> bool:
        """`can_end_turn(p.name)` for the player whose turn it is in the action phase, with no full
        action left (what a listing of the turn's end knows already)."""
        s = self.state
        t = s.turn
        # spades left must be used or thrown away (`-SPADE`) first, never lost by the turn's end;
        # a bridge action (ACT1, the Engineers' ACTE) is taken only to place the bridge; a volcano
        # faction's `dig` (free) is taken only to raise the volcano, not as an action doing nothing
        # (both owed only while a follow-up of the action is open)
        return not p.spades and not (t.followups and (self.bridge_owed(p) or self.volcano_owed(p))) \
            and not (p.name in s.owing and decisions.owes_before_turn_end(p))

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
        """Replay `log` from the setup (the undo history of this game object is lost)."""
        self.state = self._fresh_state()
        self.events = []
        self._snapshots = {}
        self._legal_cache = {}
        for faction_name, action in log:
            self._caused = []
            self._apply(faction_name, action)
            self.events.append(self._caused)
        self.log = list(log)
        self._caused = []
        self.finished = self.state.phase == "finished"

    def _record(self, kind: type, *fields) -> None:
        """An event of class `kind` (a named tuple of `events`) with all its `fields`: made only
        when events are recorded (in search mode, making it was most of the cost)."""
        if not self.search_mode:
            self._caused.append(tuple.__new__(kind, fields))

    def _checkpoint(self, p: Player, step: E.Source) -> None:
        """A ledger's system row: the engine's own step and the values after it."""
        if not self.search_mode:
            self._caused.append(E.checkpoint((p.name, step, p.snapshot())))

    # ------------------------------------------------------------------ dispatch

    def _apply(self, name: str | None, action: A.Action) -> None:
        s = self.state
        if s.phase == "finished":
            raise RuleError("game_over")
        handler = _HANDLER_FUNCTIONS.get(type(action))  # (None: choosing or dropping a faction)
        if handler is None and isinstance(action, A.ChooseFaction):
            self._keep_last_snapshot()
            self._choose_faction(action.faction)
            return self._advance_setup()
        p = s.players.get(name)
        if p is None:
            raise RuleError("faction_not_playing", faction=name)
        owner = s.turn.faction
        if owner != name and owner and not action.main_turn:
            self._close_complete_turn(owner)
        if handler is None:
            if isinstance(action, A.DropFaction):
                self._keep_last_snapshot()
                return self._drop(p)
            handler = _unknown_action  # (refused after `faction_dropped`, as every action)
        if p.dropped:
            raise RuleError("faction_dropped", faction=p.name)
        handler(self, p, action)
        phase = s.phase
        # `last_snapshot` is read from the player when asked, unless the setup or the round moves
        # on now (income, final scoring): then it is taken before that
        self._last_actor, self._last_values = name, None
        if phase == "play":
            if s.turn.faction is None:  # (while a turn goes on the round cannot end)
                self._last_values = p.snapshot()
                self._maybe_end_round()
        elif phase in ("factions", "colors"):
            self._last_values = p.snapshot()
            self._advance_setup()
        elif phase == "bonus" and not s.setup_queue:
            self._last_values = p.snapshot()
            self._start_round()
        elif phase == "income-spades":
            self._last_values = p.snapshot()
            self._maybe_end_round()

    def _close_complete_turn(self, owner: str) -> None:
        """Someone else acting (a leech answer) closes a turn whose action is complete."""
        if self.state.phase == "play" and self.can_end_turn(owner):
            self._end_turn(self.state.players[owner])

    # ------------------------------------------------------------------ rounds

    def _owes_decision(self, p: Player) -> bool:
        return decisions.owes(p) or bool(p.spades and self.state.phase == "income-spades")

    def _start_turn(self, name: str | None) -> None:
        self.state.turn = Turn.starting(name)

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
        p.free_dwelling = p.free_tp = False  # a stronghold's free building is part of its action
        self._start_turn(self._next_player(p.name))

    # ------------------------------------------------------------------ turn bookkeeping

    def _require_turn(self, p: Player) -> Turn:
        s = self.state
        if s.phase != "play":
            raise RuleError("not_action_phase", phase=s.phase)
        if s.turn.faction != p.name:
            raise RuleError("not_your_turn", faction=s.turn.faction)
        if p.leech_offers:
            self._decline_open_offers(p)
        return s.turn

    def alone_in_round(self, p: Player) -> bool:
        """The only player who has not passed: as on the site, every new action starts a new
        turn, even while a decision of the previous one is open."""
        s = self.state
        # (`unpassed` counts the players who have not passed: one, and it is p)
        return s.unpassed == 1 and s.phase == "play" and not p.passed and s.turn.faction == p.name

    def _use_subaction(self, p: Player, kind: str, followups: dict[str, int] | None = None) -> None:
        t = self._require_turn(p)
        if t.followups.get(kind, 0) > 0:
            t.followups[kind] -= 1
            return
        if t.actions <= 0 and not self.alone_in_round(p):
            raise RuleError("action_taken")
        t.actions = max(t.actions - 1, 0)  # the last player in the round may always go on
        t.followups = dict(followups or {})
        t.transformed = set()  # a new action: its transform-and-build starts afresh
        t.dug = t.home_next = False  # (spades dug in an earlier action may be thrown away again, as on the site)
        p.free_dwelling = p.free_tp = False  # ... and the last one's free building is gone

    # ------------------------------------------------------------------ the map

    # ------------------------------------------------------------------ actions

    def _do_done(self, p: Player, a: A.Done) -> None:
        t = self._require_turn(p)  # (income spades are thrown away with -SPADE, not by ending)
        if t.actions > 0 and not t.passed_now:
            raise RuleError("no_action_yet")
        if p.favors_owed:
            raise RuleError("favor_owed")
        if p.towns_owed:
            raise RuleError("town_owed")
        if p.cult_steps:
            raise RuleError("cult_step_owed")
        if p.lose_cult_owed:
            raise RuleError("volcano_cult_owed")
        if p.unlocks_owed:
            raise RuleError("unlock_owed")
        if p.picks_color:
            raise RuleError("color_owed")
        if p.spades:
            raise RuleError("spades_left", n=p.spades)
        if t.followups:  # (a bridge or a volcano is owed only while a follow-up is open)
            if self.bridge_owed(p):
                raise RuleError("bridge_owed")
            if self.volcano_owed(p):
                raise RuleError("volcano_owed")
        self._end_turn(p)

    def _drop(self, p: Player) -> None:
        s = self.state
        p.dropped = True
        s.unpassed -= not p.passed
        p.passed = True
        # As on the site: no more moves and no power taken (open offers count as declined), its
        # bonus tile back to the pool; its buildings stay (cult spots, area scoring, neighbours).
        self._decline_open_offers(p)
        if p.bonus:
            s.bonus_pool[p.bonus] = 0
            p.bonus = None
        p.ship_bonus = 0
        p.spades = p.cult_steps = p.favors_owed = p.towns_owed = p.unlocks_owed = 0
        p.lose_cult_owed = p.p3_offers = 0
        p.picks_color = False
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


#: The same, as the functions themselves (looked up once, not at every action).
_HANDLER_FUNCTIONS = {kind: getattr(Game, name) for kind, name in Game._HANDLERS.items()}


def _unknown_action(game: Game, p: Player, action: A.Action) -> None:
    raise RuleError("unknown_action")

# The legal listing reads `Game` (it imports this module): bound once both exist.
from . import legal  # noqa: E402
