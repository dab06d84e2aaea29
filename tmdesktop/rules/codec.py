"""Actions as small integers and back, for searches that store many of them (transposition
tables, move statistics) and for compact logs.

The number of an action is `kind + len(KINDS) * payload`, the payload packing the action's fields
in a mixed radix over the board's hexes, the factions, the tiles and small counts.  Every action
the engine can list has a number; `decode(encode(a)) == a`.  Numbers depend on the map (hexes are
numbered in board order), so a codec belongs to one board.
"""

from __future__ import annotations

from functools import cache

from . import actions as A
from .data import ALL_FACTIONS, CULTS, raw
from .maps import TERRAINS, Board, load_board

BUILDINGS = ("TP", "TE", "SH", "SA")
COLOURS = TERRAINS + ("ice", "volcano")
RESOURCES = ("PW", "C", "W", "P", "VP")
TILES = tuple(f"FAV{i}" for i in range(1, 13)) + tuple(f"TW{i}" for i in range(1, 9))
SPOTS = (None, 1, 2, 3)
#: Counts (leech amounts, burns, conversions, spades) are packed below this bound.
COUNT = 64
#: Cult steps from -CULT_SPAN+1 to CULT_SPAN-1 (a town tile gives +2, a volcano takes up to -3).
CULT_SPAN = 8

KINDS = (A.ChooseFaction, A.Build, A.Upgrade, A.Transform, A.Dig, A.Convert, A.Burn, A.Leech,
         A.Decline, A.Pass, A.UseAction, A.SendPriest, A.Advance, A.PlaceBridge, A.Connect,
         A.TakeTile, A.CultStep, A.DiscardSpade, A.PickColor, A.UnlockTerrain, A.TokenForVP,
         A.Done, A.DropFaction)
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


@cache
def _action_names() -> tuple[str, ...]:
    return tuple(sorted(raw()["actions_raw"]))


def _index(options: tuple, value) -> int:
    try:
        return options.index(value)
    except ValueError:
        raise ValueError(f"cannot encode {value!r}") from None


def _count(n: int) -> int:
    if not 0 <= n < COUNT:
        raise ValueError(f"cannot encode the count {n}")
    return n


class ActionCodec:
    """Numbers for the actions of games on one board."""

    def __init__(self, board: Board):
        self.board = board
        self.hexes = board.land
        self.rivers = board.rivers
        self.bonus = (None,) + tuple(f"BON{i}" for i in range(1, 11))
        self.sources = (None,) + ALL_FACTIONS
        self._hex_index = {h: i for i, h in enumerate(self.hexes)}

    def encode(self, a: A.Action) -> int:
        kind = _KIND_INDEX[type(a)]
        return kind + len(KINDS) * self._payload(a)

    def decode(self, code: int) -> A.Action:
        kind, payload = KINDS[code % len(KINDS)], code // len(KINDS)
        return self._unpack(kind, payload)

    # ------------------------------------------------------------------ packing

    def _payload(self, a: A.Action) -> int:  # noqa: C901 - one branch per kind of action
        h, nh = self._hex, len(self.hexes)
        if isinstance(a, A.ChooseFaction):
            return _index(ALL_FACTIONS, a.faction)
        if isinstance(a, A.Build):
            return h(a.hex)
        if isinstance(a, A.Upgrade):
            return h(a.hex) * len(BUILDINGS) + _index(BUILDINGS, a.to)
        if isinstance(a, A.Transform):
            return h(a.hex) * (len(COLOURS) + 1) + (0 if a.color is None else 1 + _index(COLOURS, a.color))
        if isinstance(a, (A.Dig, A.Burn)):
            return _count(a.spades if isinstance(a, A.Dig) else a.n)
        if isinstance(a, A.DiscardSpade):
            return _count(a.n)
        if isinstance(a, A.Convert):
            r = len(RESOURCES)
            return ((_index(RESOURCES, a.give) * r + _index(RESOURCES, a.get)) * COUNT
                    + _count(a.give_n)) * COUNT + _count(a.get_n)
        if isinstance(a, (A.Leech, A.Decline)):
            amount = 0 if a.amount is None else _count(a.amount) + 1
            return _index(self.sources, a.source) * (COUNT + 1) + amount
        if isinstance(a, A.Pass):
            return _index(self.bonus, a.bonus)
        if isinstance(a, A.UseAction):
            return _index(_action_names(), a.name)
        if isinstance(a, A.SendPriest):
            return _index(CULTS, a.cult) * len(SPOTS) + _index(SPOTS, a.spot)
        if isinstance(a, A.Advance):
            return _index(("ship", "dig"), a.track)
        if isinstance(a, A.PlaceBridge):
            return h(a.a) * nh + h(a.b)
        if isinstance(a, A.Connect):
            return _index(self.rivers, a.river)
        if isinstance(a, A.TakeTile):
            return _index(TILES, a.tile)
        if isinstance(a, A.CultStep):
            if not -CULT_SPAN < a.n < CULT_SPAN:
                raise ValueError(f"cannot encode {a.n} cult steps")
            return _index(CULTS, a.cult) * (2 * CULT_SPAN) + a.n + CULT_SPAN
        if isinstance(a, A.PickColor):
            return _index(COLOURS, a.color)
        if isinstance(a, A.UnlockTerrain):
            return _index(TERRAINS + ("gain-priest",), a.color)
        if isinstance(a, A.TokenForVP):
            return int(a.take)
        return 0  # Done, DropFaction

    def _unpack(self, kind: type, n: int) -> A.Action:  # noqa: C901 - the inverse of _payload
        hexes, nh = self.hexes, len(self.hexes)
        if kind is A.ChooseFaction:
            return A.ChooseFaction(ALL_FACTIONS[n])
        if kind is A.Build:
            return A.Build(hexes[n])
        if kind is A.Upgrade:
            return A.Upgrade(hexes[n // len(BUILDINGS)], BUILDINGS[n % len(BUILDINGS)])
        if kind is A.Transform:
            c = n % (len(COLOURS) + 1)
            return A.Transform(hexes[n // (len(COLOURS) + 1)], None if c == 0 else COLOURS[c - 1])
        if kind is A.Dig:
            return A.Dig(n)
        if kind is A.Burn:
            return A.Burn(n)
        if kind is A.DiscardSpade:
            return A.DiscardSpade(n)
        if kind is A.Convert:
            get_n, n = n % COUNT, n // COUNT
            give_n, n = n % COUNT, n // COUNT
            r = len(RESOURCES)
            return A.Convert(give_n, RESOURCES[n // r], get_n, RESOURCES[n % r])
        if kind in (A.Leech, A.Decline):
            source, amount = self.sources[n // (COUNT + 1)], n % (COUNT + 1)
            return kind(None if amount == 0 else amount - 1, source)
        if kind is A.Pass:
            return A.Pass(self.bonus[n])
        if kind is A.UseAction:
            return A.UseAction(_action_names()[n])
        if kind is A.SendPriest:
            return A.SendPriest(CULTS[n // len(SPOTS)], SPOTS[n % len(SPOTS)])
        if kind is A.Advance:
            return A.Advance(("ship", "dig")[n])
        if kind is A.PlaceBridge:
            return A.PlaceBridge(hexes[n // nh], hexes[n % nh])
        if kind is A.Connect:
            return A.Connect(self.rivers[n])
        if kind is A.TakeTile:
            return A.TakeTile(TILES[n])
        if kind is A.CultStep:
            return A.CultStep(CULTS[n // (2 * CULT_SPAN)], n % (2 * CULT_SPAN) - CULT_SPAN)
        if kind is A.PickColor:
            return A.PickColor(COLOURS[n])
        if kind is A.UnlockTerrain:
            return A.UnlockTerrain((TERRAINS + ("gain-priest",))[n])
        if kind is A.TokenForVP:
            return A.TokenForVP(bool(n))
        return kind()

    def _hex(self, label: str) -> int:
        try:
            return self._hex_index[label]
        except KeyError:
            raise ValueError(f"cannot encode the hex {label!r}") from None


@cache
def codec_for(map_key: str) -> ActionCodec:
    """The codec of a map (one per process)."""
    return ActionCodec(load_board(map_key))
