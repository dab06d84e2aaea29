"""The actions a player (or the setup) can take, written in the players' notation by `str()`.

Each action is a small immutable value, so an action log is a list of (faction, action) pairs
that can be saved, compared and replayed.
"""

from __future__ import annotations

from dataclasses import dataclass


class Action:
    __slots__ = ()
    #: False for answers that may come out of turn (leech offers, cult steps granted to others).
    main_turn = True


@dataclass(frozen=True, slots=True)
class ChooseFaction(Action):
    faction: str

    def __str__(self) -> str:
        return f"setup {self.faction}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    hex: str

    def __str__(self) -> str:
        return f"build {self.hex}"


@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    hex: str
    to: str  # TP, TE, SH, SA

    def __str__(self) -> str:
        return f"upgrade {self.hex} to {self.to}"


@dataclass(frozen=True, slots=True)
class Transform(Action):
    hex: str
    color: str | None = None  # None: as close to home terrain as the spades allow

    def __str__(self) -> str:
        return f"transform {self.hex}" + (f" to {self.color}" if self.color else "")


@dataclass(frozen=True, slots=True)
class Dig(Action):
    spades: int

    def __str__(self) -> str:
        return f"dig {self.spades}"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    give_n: int
    give: str  # PW, P, W, C, VP
    get_n: int
    get: str

    def __str__(self) -> str:
        return f"convert {self.give_n}{self.give} to {self.get_n}{self.get}"


@dataclass(frozen=True, slots=True)
class Burn(Action):
    n: int

    def __str__(self) -> str:
        return f"burn {self.n}"


@dataclass(frozen=True, slots=True)
class Leech(Action):
    amount: int
    source: str
    main_turn = False

    def __str__(self) -> str:
        return f"leech {self.amount} from {self.source}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    amount: int | None = None
    source: str | None = None  # None: every open offer
    main_turn = False

    def __str__(self) -> str:
        return "decline" if self.source is None else f"decline {self.amount} from {self.source}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    bonus: str | None = None

    def __str__(self) -> str:
        return f"pass {self.bonus}" if self.bonus else "pass"


@dataclass(frozen=True, slots=True)
class UseAction(Action):
    name: str  # ACT1-6, BON1, BON2, FAV6, ACTA, ACTC, ...

    def __str__(self) -> str:
        return f"action {self.name}"


@dataclass(frozen=True, slots=True)
class SendPriest(Action):
    cult: str
    spot: int | None = None  # 3, 2 or 1 (1: no order space taken); None: best free space

    def __str__(self) -> str:
        return f"send p to {self.cult}" + (f" for {self.spot}" if self.spot else "")


@dataclass(frozen=True, slots=True)
class Advance(Action):
    track: str  # ship, dig

    def __str__(self) -> str:
        return f"advance {self.track}"


@dataclass(frozen=True, slots=True)
class PlaceBridge(Action):
    a: str
    b: str

    def __str__(self) -> str:
        return f"bridge {self.a}:{self.b}"


@dataclass(frozen=True, slots=True)
class Connect(Action):
    """Mermaids: a town may skip one river hex."""

    river: str

    def __str__(self) -> str:
        return f"connect {self.river}"


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    tile: str  # FAVn or TWn

    def __str__(self) -> str:
        return f"+{self.tile}"


@dataclass(frozen=True, slots=True)
class CultStep(Action):
    cult: str
    n: int = 1
    main_turn = False

    def __str__(self) -> str:
        sign = "+" if self.n > 0 else "-"
        return f"{sign}{abs(self.n) if abs(self.n) > 1 else ''}{self.cult}"


@dataclass(frozen=True, slots=True)
class DiscardSpade(Action):
    n: int = 1

    def __str__(self) -> str:
        return "-SPADE" if self.n == 1 else f"-{self.n}SPADE"


@dataclass(frozen=True, slots=True)
class PickColor(Action):
    """Fire & Ice: the terrain colour of an ice, volcano or variable faction."""

    color: str
    main_turn = False

    def __str__(self) -> str:
        return f"pick-color {self.color}"


@dataclass(frozen=True, slots=True)
class UnlockTerrain(Action):
    """Riverwalkers: a priest gained unlocks a terrain colour, or is kept ("gain-priest")."""

    color: str
    main_turn = False

    def __str__(self) -> str:
        return f"unlock-terrain {self.color}"


@dataclass(frozen=True, slots=True)
class TokenForVP(Action):
    """Shapeshifters: after an opponent took their power, buy a token in bowl III for 1 VP (or not)."""

    take: bool = True
    main_turn = False

    def __str__(self) -> str:
        return "gain P3 for VP" if self.take else "-GAIN_P3_FOR_VP"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class DropFaction(Action):
    main_turn = False

    def __str__(self) -> str:
        return "drop-faction"
