"""The game state: plain data, rebuilt from the action log by `engine.Game`."""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import CULTS, Faction


@dataclass
class LeechOffer:
    source: str  # the faction that built
    amount: int  # power from adjacent buildings, before the bowls' and VP caps
    event: int  # one build or upgrade (shared by its offers); -1: an offer that could give nothing


@dataclass
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

    @property
    def name(self) -> str:
        return self.faction.name

    @property
    def max_priests(self) -> int:
        return self.priest_limit - self.priests_on_cults

    def snapshot(self) -> tuple:
        """The values a ledger row shows: VP, C, W, P, bowls, cults."""
        return (self.VP, self.C, self.W, self.P, tuple(self.power), tuple(self.cult[c] for c in CULTS))


@dataclass
class Turn:
    """What the player whose turn it is may still do in this turn."""

    faction: str | None = None
    actions: int = 1  # full actions left
    followups: dict[str, int] = field(default_factory=dict)
    teleported: str | None = None  # hex reached by tunnel/carpet this turn (paid once)
    transformed: set[str] = field(default_factory=set)
    passed_now: bool = False
    extra_action: bool = False  # Chaos Magicians' double action in progress


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
