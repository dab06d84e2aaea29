"""What an applied action caused, as data: `Game.apply` returns these events.

Every change of a player's VP, coins, workers and priests is a `Gained` with its `Source`, so
that views (the ledger rows, the scoring scene's VP by source, the VP chart, teaching) read the
causes instead of guessing them. The engine keeps no text here: the app words the sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import NamedTuple

#: Kinds of source. The key says which one (a tile, a faction, a cult track, a building ...).
START = "start"  # starting values (key: the faction; auctions change the VP)
ROUND_TILE = "round_tile"  # the round's scoring tile: VP for actions, and its cult income (key: SCOREn)
FAVOR = "favor"  # a favor tile (key: FAVn)
TOWN = "town"  # a town tile (key: TWn)
LEECH = "leech"  # power taken from a neighbour's building, paid in VP (key: the builder)
LEECH_REWARD = "leech_reward"  # the builder's ability when neighbours answer (key: "taken", "declined")
BONUS_PASS = "bonus_pass"  # a bonus tile's VP when passing (key: BONn)
BONUS_COINS = "bonus_coins"  # the coins lying on a bonus tile when taken (key: BONn)
BONUS_ACTION = "bonus_action"  # a bonus tile's action (key: BONn)
INCOME = "income"  # income at the start of a round (key: None)
FACTION = "faction"  # a faction's own ability (key: the faction)
FACTION_ACTION = "faction_action"  # a stronghold's (or faction board's) action (key: ACTx)
POWER_ACTION = "power_action"  # the power actions on the board (key: ACT1..ACT6)
BUILDING = "building"  # paying for or completing a building (key: D, TP, TE, SH, SA)
ADVANCE = "advance"  # shipping or digging (key: "ship", "dig")
SPADES = "spades"  # paying for spades (key: None)
REACH = "reach"  # tunnelling or carpet flight (key: None)
CULT_TRACK = "cult_track"  # power from the cult track's levels, priests sent (key: the cult)
CONVERT = "convert"  # conversions and burning power (key: None)
UNLOCK = "unlock"  # Riverwalkers unlocking a terrain (key: the colour)
VOLCANO = "volcano"  # what volcano factions pay for a volcano (key: None)
CULT_MAJORITY = "cult_majority"  # final scoring of a cult track (key: FIRE, WATER, EARTH, AIR)
AREA = "area"  # final scoring of the largest network (key: None)
FINAL_TILE = "final_tile"  # the Fire & Ice final scoring tile (key: its name)
RESOURCES = "resources"  # resources into coins, coins into VP at the end (key: None)

#: The sources of final scoring, in the order they are scored.
FINAL_KINDS = (CULT_MAJORITY, AREA, FINAL_TILE, RESOURCES)


def _event(cls):
    """An event class: a named tuple (an action makes several events, and a tuple is quicker to
    make than a frozen dataclass), equal only to an event of the same class with equal fields."""

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not __eq__(self, other)

    def __hash__(self) -> int:
        return hash((cls.__name__, *self))

    cls.__eq__, cls.__ne__, cls.__hash__ = __eq__, __ne__, __hash__
    return cls


@dataclass(frozen=True, slots=True)
class Source:
    kind: str
    key: str | None = None


@cache
def source(kind: str, key: str | None = None) -> Source:
    """`Source(kind, key)`, made once for each (the engine names a source at nearly every change)."""
    return Source(kind, key)


@_event
class Gained(NamedTuple):
    """`amount` (negative: paid or lost) of `resource` for `faction` because of `source`.

    resource: VP, C, W, P; PW (power moved towards bowl III; negative: spent from bowl III);
    tokens (power tokens added to or removed from the game); a cult track (steps); spades
    (gained, and used by a transformation). VP, C, W, P, tokens and cult steps add up to the
    players' values; power and spades say what happened without being a full account."""

    faction: str
    resource: str
    amount: int
    source: Source


#: `Gained` made from its fields as one tuple, without running Python code (the engine makes one at
#: nearly every change of a resource): `gained((faction, resource, amount, source))`.
gained = partial(tuple.__new__, Gained)


@_event
class Built(NamedTuple):
    """A building placed on `hex`; `replaced` is the building it upgraded (None for a dwelling)."""

    faction: str
    hex: str
    building: str
    replaced: str | None = None


@_event
class Transformed(NamedTuple):
    faction: str
    hex: str
    terrain: str


@_event
class PowerOffered(NamedTuple):
    """`faction` built next to `to`, who may take up to `amount` power."""

    faction: str
    to: str
    amount: int


@_event
class Passed(NamedTuple):
    faction: str
    bonus: str | None  # the bonus tile taken (None in the last round)
    round: int  # the round the pass ends (0: the setup's pick of a bonus tile, before round 1)


@_event
class PriestSent(NamedTuple):
    """`faction` sent a priest to `cult`: `space` is the value of the order space it took (3 or
    2), or 1 when it took none (one step, the priest back to the supply). The steps gained are a
    `Gained` of their own (a track's top and the Acolytes' stronghold change them)."""

    faction: str
    cult: str
    space: int


@_event
class RoundStarted(NamedTuple):
    round: int


@_event
class RoundEnded(NamedTuple):
    round: int


@_event
class Checkpoint(NamedTuple):
    """The engine's own step for one faction (income, a final scoring step, a builder's ability
    answered by the neighbours) and the faction's values after it: the system rows of a ledger.
    values: (VP, C, W, P, bowls, cults) as `Player.snapshot`."""

    faction: str
    step: Source
    values: tuple


#: `Checkpoint` made from its fields as one tuple (as `gained`): several at every round's end.
checkpoint = partial(tuple.__new__, Checkpoint)


Event = (Gained | Built | Transformed | PowerOffered | Passed | PriestSent | RoundStarted | RoundEnded
         | Checkpoint)


def flatten(per_action: list[list[Event]]):
    """All events in order, from `Game.events` (one list per log entry)."""
    for events in per_action:
        yield from events


def gains(events, resource: str = "VP"):
    """The `Gained` events of one resource."""
    return (e for e in events if isinstance(e, Gained) and e.resource == resource)


def gains_of(events, faction: str):
    """The `Gained` events of one faction, every resource."""
    return (e for e in events if isinstance(e, Gained) and e.faction == faction)


def power_gained(events, faction: str, kind: str, key: str | None = None) -> int:
    """Power `faction` moved towards bowl III from sources of `kind` (and `key`, if given): what
    a power offer, a cult track's power space or a tile really gave, after the bowls' caps."""
    return sum(e.amount for e in gains_of(events, faction) if e.resource == "PW" and e.amount > 0
               and e.source.kind == kind and (key is None or e.source.key == key))


def vp_by_source(per_action: list[list[Event]]) -> dict[str, dict[Source, int]]:
    """VP each faction got (or lost) from each source: adds up to its score."""
    out: dict[str, dict[Source, int]] = {}
    for e in gains(flatten(per_action)):
        mine = out.setdefault(e.faction, {})
        mine[e.source] = mine.get(e.source, 0) + e.amount
    return out


def vp_timeline(per_action: list[list[Event]]) -> dict[str, list[int]]:
    """Each faction's VP when round 1 starts, at the end of every round, and after final scoring
    (once the last round has ended)."""
    running: dict[str, int] = {}
    out: dict[str, list[int]] = {}
    last_round_over = False
    for e in flatten(per_action):
        if isinstance(e, Gained) and e.resource == "VP":
            running[e.faction] = running.get(e.faction, 0) + e.amount
        elif isinstance(e, Checkpoint) and e.step.kind == START:
            running.setdefault(e.faction, 0)
        elif isinstance(e, RoundStarted) and e.round == 1 or isinstance(e, RoundEnded):
            for f, vp in running.items():
                out.setdefault(f, []).append(vp)
            last_round_over = isinstance(e, RoundEnded) and e.round == 6
    if last_round_over:
        for f, vp in running.items():
            out[f].append(vp)
    return out
