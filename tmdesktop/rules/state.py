"""The game state: plain data, rebuilt from the action log by `engine.Game`.

`copy()` duplicates only what an action can change (the faction boards and other static data
are shared), so a search can copy positions cheaply; `fingerprint()` is a canonical value of the
whole state (sets sorted), equal for equal states in every process.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from operator import itemgetter

from .data import CULTS, Faction


@dataclass(frozen=True)
class LeechOffer:
    source: str  # the faction that built
    amount: int  # power from adjacent buildings, before the bowls' and VP caps
    event: int  # one build or upgrade (shared by its offers); -1: an offer that could give nothing


@dataclass(slots=True)
class Player:
    faction: Faction
    VP: int = 20
    C: int = 0
    W: int = 0
    P: int = 0
    power: list[int] = field(default_factory=lambda: [0, 0, 0])  # bowls I, II, III
    cult: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CULTS, 0))
    ship: int = 0
    dig: int = 0
    buildings: dict[str, str] = field(default_factory=dict)  # hex -> D/TP/TE/SH/SA
    counts: dict[str, int] = field(default_factory=lambda: {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0})
    bonus: str | None = None
    favors: list[str] = field(default_factory=list)
    towns: list[str] = field(default_factory=list)
    town_hexes: set[str] = field(default_factory=set)
    keys: int = 0
    bridges: list[tuple[str, str]] = field(default_factory=list)
    connects: list[str] = field(default_factory=list)  # Mermaids' river skips
    priests_on_cults: int = 0
    passed: bool = False
    dropped: bool = False
    actions_used: set[str] = field(default_factory=set)  # faction/bonus/favor actions this round
    # decisions owed and effects granted but not yet used
    spades: int = 0
    cult_steps: int = 0
    cult_steps_same_track: bool = False
    favors_owed: int = 0
    towns_owed: int = 0
    free_dwelling: bool = False
    free_tp: bool = False
    w_to_p: int = 0
    ship_bonus: int = 0  # BON4 while not passed
    teleport_level: int = 0
    leech_offers: list[LeechOffer] = field(default_factory=list)

    # Fire & Ice
    home: str = ""  # the terrain it builds on: a colour, "ice" or "volcano"
    color: str | None = None  # the colour chosen by ice, volcano and variable factions
    unlocked: set[str] = field(default_factory=set)  # Riverwalkers: colours they may build on
    priest_limit: int = 7  # priests in supply (Riverwalkers start with 1, +1 per unlocked terrain)
    picks_color: bool = False  # owes a colour choice (setup, or the Shapeshifters' action)
    unlocks_owed: int = 0  # Riverwalkers: a priest gained, to be turned into an unlock or kept
    lose_cult_owed: int = 0  # Acolytes: cult steps to give up on one track for a volcano
    volcano_tf: int = 0  # volcano transformations granted by `dig`
    p3_offers: int = 0  # Shapeshifters: a token in bowl III may be bought for 1 VP
    priest_bonus: int = 0  # Acolytes' stronghold: extra cult step per priest sent
    tokens_added: int = 0  # power tokens gained (+) or removed (-) beyond burning
    # The faction's name, an attribute of the instance (not a property: read dozens of times per
    # action, and Python 3.11 reads a property the slow, generic way); derived from `faction`, so
    # no part of the state's value (`fingerprint` leaves it out, equality does not compare it).
    name: str = field(init=False, repr=False, compare=False, metadata={"derived": True})
    # The reach the legal listing last worked out for this player, with the counts that tell it
    # apart (`legal._reach`): kept from one state to the next while they stay the same. Derived
    # too (no part of the state's value).
    reach_kept: tuple | None = field(init=False, repr=False, compare=False, metadata={"derived": True})

    # (Slots: a player has more attributes than Python 3.11 keeps in an instance's inline values
    # (30), so with a `__dict__` every read of one took the dict's slower look-up.)

    def __post_init__(self) -> None:
        self.name = self.faction.name
        self.reach_kept = None

    @property
    def max_priests(self) -> int:
        return self.priest_limit - self.priests_on_cults

    def snapshot(self) -> tuple:
        """The values a ledger row shows: VP, C, W, P, bowls, cults."""
        return (self.VP, self.C, self.W, self.P, tuple(self.power), _cults_in_order(self.cult))

    def copy(self) -> Player:
        # every field written out, those that actions change in place (lists, dicts, sets)
        # duplicated (the rest are numbers, strings or shared data): a search copies players
        # tens of thousands of times per move
        new = object.__new__(Player)
        (
            new.faction, new.VP, new.C, new.W, new.P, new.power, new.cult, new.ship, new.dig,
            new.buildings, new.counts, new.bonus, new.favors, new.towns, new.town_hexes, new.keys,
            new.bridges, new.connects, new.priests_on_cults, new.passed, new.dropped, new.actions_used,
            new.spades, new.cult_steps, new.cult_steps_same_track, new.favors_owed, new.towns_owed,
            new.free_dwelling, new.free_tp, new.w_to_p, new.ship_bonus, new.teleport_level,
            new.leech_offers, new.home, new.color, new.unlocked, new.priest_limit, new.picks_color,
            new.unlocks_owed, new.lose_cult_owed, new.volcano_tf, new.p3_offers, new.priest_bonus,
            new.tokens_added, new.name, new.reach_kept
        ) = (
            self.faction, self.VP, self.C, self.W, self.P, self.power[:], self.cult.copy(), self.ship,
            self.dig, self.buildings.copy(), self.counts.copy(), self.bonus, self.favors[:], self.towns[:],
            set(self.town_hexes), self.keys, self.bridges[:], self.connects[:], self.priests_on_cults,
            self.passed, self.dropped, set(self.actions_used), self.spades, self.cult_steps,
            self.cult_steps_same_track, self.favors_owed, self.towns_owed, self.free_dwelling,
            self.free_tp, self.w_to_p, self.ship_bonus, self.teleport_level, self.leech_offers[:],
            self.home, self.color, set(self.unlocked), self.priest_limit, self.picks_color,
            self.unlocks_owed, self.lose_cult_owed, self.volcano_tf, self.p3_offers, self.priest_bonus,
            self.tokens_added, self.name, self.reach_kept
        )
        return new


#: A player's cult positions in the board's order of the tracks, as a tuple.
_cults_in_order = itemgetter(*CULTS)


@dataclass
class Turn:
    """What the player whose turn it is may still do in this turn."""

    faction: str | None = None
    actions: int = 1  # full actions left
    followups: dict[str, int] = field(default_factory=dict)
    teleported: str | None = None  # hex reached by tunnel/carpet this turn (paid once)
    transformed: set[str] = field(default_factory=set)  # hexes transformed in the current action
    passed_now: bool = False
    closed: bool = False  # passed, or a colour picked as the last act: only ending the turn is left
    extra_action: bool = False  # Chaos Magicians' double action in progress
    dug: bool = False  # spades paid for with `dig` in the current action (they must be used in it)
    home_next: bool = False  # spades left after turning a hex into another terrain than home: the next is home

    @classmethod
    def starting(cls, faction: str | None) -> Turn:
        """`Turn(faction=faction)`, made without the dataclass's keyword handling (a new turn
        starts after nearly every turn's end), field by field (see `GameState.copy`)."""
        new = object.__new__(cls)
        new.faction, new.actions, new.followups, new.teleported = faction, 1, {}, None
        new.transformed, new.passed_now, new.closed, new.extra_action = set(), False, False, False
        new.dug = new.home_next = False
        return new

    def copy(self) -> Turn:
        new = object.__new__(Turn)  # (field by field: see `GameState.copy`)
        new.faction, new.actions, new.followups, new.teleported = (
            self.faction, self.actions, self.followups.copy(), self.teleported)
        new.transformed, new.passed_now, new.closed, new.extra_action = (
            set(self.transformed), self.passed_now, self.closed, self.extra_action)
        new.dug, new.home_next = self.dug, self.home_next
        return new


@dataclass
class GameState:
    map_key: str
    options: frozenset[str]
    phase: str = "factions"  # factions, colors, dwellings, bonus, income-spades, play, finished
    round: int = 0
    seats: list[str] = field(default_factory=list)  # factions in seat order
    players: dict[str, Player] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # this round's turn order
    pass_order: list[str] = field(default_factory=list)
    setup_queue: list[str] = field(default_factory=list)  # who places/picks next in setup
    pending_colors: list[str] = field(default_factory=list)  # factions that must pick a colour now
    terrain: dict[str, str] = field(default_factory=dict)  # current terrain of every land hex
    owner: dict[str, str] = field(default_factory=dict)  # hex -> faction with a building there
    bridges: dict[frozenset[str], str] = field(default_factory=dict)
    score_tiles: list[str] = field(default_factory=list)
    bonus_pool: dict[str, int] = field(default_factory=dict)  # tile -> coins on it
    favor_pool: dict[str, int] = field(default_factory=dict)
    town_pool: dict[str, int] = field(default_factory=dict)
    cult_spots: dict[str, list[str | None]] = field(default_factory=dict)  # spots worth 3,2,2,2
    blocked: set[str] = field(default_factory=set)  # power actions taken this round
    turn: Turn = field(default_factory=Turn)
    leech_events: dict[int, dict] = field(default_factory=dict)
    next_event: int = 0
    player_count: int = 0

    def __post_init__(self) -> None:
        #: The players who may owe a decision (`decisions.OWED_FIELDS`, read after every action):
        #: every change that makes a player owe one adds the name, and `decisions.pending` drops
        #: the names of those who owe nothing any more, so it reads no other player's fields.
        #: Not a field: it is no part of the state's value (digest, equality).
        self.owing: set[str] = set()
        #: How many players have not passed in this round (set as it starts, less one at every pass
        #: or drop): whether a player is the last one left is asked at most steps of a turn's end.
        #: Not a field either (it follows from the players' `passed`).
        self.unpassed: int = 0

    def copy(self) -> GameState:
        # field by field, never through `__dict__`: an instance whose `__dict__` is read keeps a dict
        # split from its class's shared keys, and Python 3.11 reads the attributes of such an instance
        # about three times slower (a state's are read hundreds of times per action)
        new = object.__new__(GameState)
        new.map_key, new.options, new.phase, new.round = self.map_key, self.options, self.phase, self.round
        new.seats = self.seats[:]
        new.players = {n: p.copy() for n, p in self.players.items()}
        new.order, new.pass_order = self.order[:], self.pass_order[:]
        new.setup_queue, new.pending_colors = self.setup_queue[:], self.pending_colors[:]
        new.terrain, new.owner, new.bridges = self.terrain.copy(), self.owner.copy(), self.bridges.copy()
        new.score_tiles = self.score_tiles[:]
        new.bonus_pool, new.favor_pool = self.bonus_pool.copy(), self.favor_pool.copy()
        new.town_pool = self.town_pool.copy()
        new.cult_spots = {c: spots[:] for c, spots in self.cult_spots.items()}
        new.blocked = set(self.blocked)
        new.turn = self.turn.copy()
        new.leech_events = {k: v.copy() for k, v in self.leech_events.items()}
        new.next_event, new.player_count = self.next_event, self.player_count
        new.owing, new.unpassed = set(self.owing), self.unpassed
        return new

    def fingerprint(self) -> tuple:
        """The whole state as nested tuples in a fixed order: equal states give equal values."""
        return _canonical(self)

    def digest(self) -> str:
        """A hash of `fingerprint()` that is the same in every process (unlike `hash()` of strings)."""
        return hashlib.blake2b(repr(self.fingerprint()).encode(), digest_size=16).hexdigest()


def _canonical(value):
    if isinstance(value, Faction):
        return value.name
    if hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__,) + tuple((f.name, _canonical(getattr(value, f.name))) for f in fields(value)
                                               if not f.metadata.get("derived"))
    if isinstance(value, dict):
        return tuple(sorted(((_canonical(k), _canonical(v)) for k, v in value.items()), key=repr))
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted((_canonical(v) for v in value), key=repr))
    if isinstance(value, (list, tuple)):
        return tuple(_canonical(v) for v in value)
    return value
