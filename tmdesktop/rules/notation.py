"""The players' notation: parse command lines such as `dig 1. build E6` and write them back.

The grammar is bounded: every number has a range (`_number`), a repeat count builds at most
`MAX_REPEAT` actions, and a row is at most `MAX_ROW` characters, so no text, however long or
absurd, costs more than a few microseconds or ends in anything but a RuleError.
"""

from __future__ import annotations

import re

from . import actions as A
from .data import CULTS
from .errors import RuleError

MAX_ROW = 2000  # characters in one row; the longest real row is under 200
MAX_REPEAT = 9  # `+2TW5`: a town tile twice is the most any rule gives
MAX_AMOUNT = 99  # coins, power, spades ...: no amount in a game comes near

BUILDING_ALIASES = {
    "TP": "TP", "TRADING": "TP", "TRADINGPOST": "TP", "TRADING_POST": "TP", "TRADING-POST": "TP",
    "TE": "TE", "TEMPLE": "TE",
    "SH": "SH", "STRONGHOLD": "SH",
    "SA": "SA", "SANCTUARY": "SA",
    "D": "D", "DWELLING": "D",
}
FACTION_ALIASES = {"dragonmasters": "dragonlords"}

_PATTERNS: list[tuple[re.Pattern, callable]] = []
#: first character of a command (lower case) -> the patterns a command starting with it may match,
#: in the order they were written (a command is tried against those only: most rows are replayed)
_BY_FIRST: dict[str, list[tuple[re.Pattern, callable]]] = {}
_ANY_FIRST: list[tuple[re.Pattern, callable]] = []  # patterns whose first character is not known


def _rule(pattern: str):
    def wrap(fn):
        rule = (re.compile(pattern + r"$", re.I), fn)
        _PATTERNS.append(rule)
        firsts = _first_chars(pattern)
        if firsts is None:
            _ANY_FIRST.append(rule)
            for rules in _BY_FIRST.values():
                rules.append(rule)
        for c in firsts or ():
            _BY_FIRST.setdefault(c, list(_ANY_FIRST)).append(rule)
        return fn
    return wrap


def _first_chars(pattern: str) -> set[str] | None:
    """The characters (lower case) a match of `pattern` may start with: the first of each part
    between "|"s (more than needed when a "|" is inside a group, which only costs a try), or None
    when a part starts with anything but a letter, "-" or an escaped "+"."""
    out = set()
    for branch in pattern.split("|"):
        c = branch[1:2] if branch.startswith("\\") else branch[:1]
        if not (c.isalpha() or c in ("+", "-")) or (c == "+" and not branch.startswith("\\")):
            return None
        out.add(c.lower())
    return out


def _hex(s: str) -> str:
    return s.upper() if not s.lower().startswith("r") else s.lower()


@_rule(r"build\s+(\w+)")
def _build(m):
    return A.Build(_hex(m[1]))


@_rule(r"upgrade\s+(\w+)\s+to\s+([\w-]+)")
def _upgrade(m):
    kind = BUILDING_ALIASES.get(m[2].upper())
    if kind is None or kind == "D":
        raise RuleError("unknown_building", name=m[2])
    return A.Upgrade(_hex(m[1]), kind)


@_rule(r"transform\s+(\w+)(?:\s+to\s+(\w+))?")
def _transform(m):
    color = m[2].lower() if m[2] else None
    return A.Transform(_hex(m[1]), "gray" if color == "grey" else color)


@_rule(r"dig\s+(\d+)")
def _dig(m):
    return A.Dig(_number(m[1], m[0]))


@_rule(r"convert\s+(\d*)\s*(pw|p|w|c|vp)\s+to\s+(\d*)\s*(pw|p|w|c|vp)")
def _convert(m):
    return A.Convert(_number(m[1] or "1", m[0]), m[2].upper(), _number(m[3] or "1", m[0]), m[4].upper())


@_rule(r"burn\s+(\d+)")
def _burn(m):
    n = _number(m[1], m[0])
    return A.Burn(n) if n else None  # `burn 0` (seen in tournament logs) does nothing


@_rule(r"leech\s+(\d+)\s+from\s+(\w+)")
def _leech(m):
    return A.Leech(_number(m[1], m[0]), _faction(m[2]))


@_rule(r"decline(?:\s+(\d+)\s+from\s+(\w+))?")
def _decline(m):
    return A.Decline(_number(m[1], m[0]), _faction(m[2])) if m[2] else A.Decline()


@_rule(r"pass(?:\s+(bon\d+))?")
def _pass(m):
    return A.Pass(m[1].upper() if m[1] else None)


@_rule(r"action\s+(\w+)")
def _action(m):
    return A.UseAction(m[1].upper())


@_rule(r"send\s+p(?:riest)?\s+to\s+(\w+)(?:\s+for\s+(\d+))?")
def _send(m):
    cult = m[1].upper()
    if cult not in CULTS:
        raise RuleError("unknown_cult", cult=m[1])
    return A.SendPriest(cult, _number(m[2], m[0]) if m[2] else None)


@_rule(r"advance\s+(ship|shipping|dig|digging)")
def _advance(m):
    return A.Advance("ship" if m[1].lower().startswith("ship") else "dig")


@_rule(r"bridge\s+(\w+):(\w+)")
def _bridge(m):
    return A.PlaceBridge(_hex(m[1]), _hex(m[2]))


@_rule(r"connect\s+([\w:]+)")
def _connect(m):
    return A.Connect(":".join(_hex(x) for x in m[1].split(":")))


@_rule(r"\+(\d*)(fav\d+|tw\d+)")
def _tile(m):
    return [A.TakeTile(m[2].upper())] * _number(m[1] or "1", m[0], MAX_REPEAT, least=1)


@_rule(r"\+(\d*)(fire|water|earth|air)")
def _cult(m):
    return A.CultStep(m[2].upper(), _number(m[1] or "1", m[0], least=1))


@_rule(r"-(\d*)(fire|water|earth|air)")
def _cult_back(m):
    return A.CultStep(m[2].upper(), -_number(m[1] or "1", m[0], least=1))


@_rule(r"-(\d*)spade")
def _spade(m):
    return A.DiscardSpade(_number(m[1] or "1", m[0], least=1))


@_rule(r"pick-colou?r\s+(\w+)")
def _pick_color(m):
    color = m[1].lower()
    return A.PickColor("gray" if color == "grey" else color)


@_rule(r"unlock-terrain\s+([\w-]+)")
def _unlock(m):
    return A.UnlockTerrain(m[1].lower())


@_rule(r"gain\s+p3\s+for\s+vp")
def _p3(m):
    return A.TokenForVP(True)


@_rule(r"-gain_p3_for_vp|decline\s+p3")
def _p3_no(m):
    return A.TokenForVP(False)


@_rule(r"done")
def _done(m):
    return A.Done()


@_rule(r"wait")
def _wait(m):
    return None


@_rule(r"drop-faction")
def _drop(m):
    return A.DropFaction()


@_rule(r"setup\s+(\w+)")
def _setup(m):
    return A.ChooseFaction(_faction(m[1]))


def _number(digits: str, command: str, most: int = MAX_AMOUNT, least: int = 0) -> int:
    """A count or amount from `least` to `most`; long digit strings are refused before int() sees them.

    Zero is readable where real logs write it (`burn 0`); whether it is allowed is the engine's
    judgement.  Steps and spades start at 1: `+0FIRE` would be written back as `-FIRE`."""
    if len(digits) > len(str(most)) or not least <= int(digits) <= most:
        raise RuleError("number_out_of_range", number=digits, text=command, least=least, most=most)
    return int(digits)


def _faction(name: str) -> str:
    name = name.lower()
    return FACTION_ALIASES.get(name, name)


def parse_command(text: str) -> A.Action | list[A.Action] | None:
    """One command (no dots): an action, a repeated action (`+2TW5`), or None for `wait`."""
    text = " ".join(text.split())
    if len(text) <= MAX_ROW:
        for pattern, fn in _BY_FIRST.get(text[:1].lower(), _ANY_FIRST):
            m = pattern.match(text)
            if m:
                return fn(m)
    raise RuleError("unreadable_command", text=text)


def parse_row(text: str) -> list[A.Action]:
    """A row `cmd. cmd. cmd`, in the order written."""
    if len(text) > MAX_ROW:
        raise RuleError("row_too_long", n=len(text), most=MAX_ROW)
    parts = [p.strip() for p in text.split(".")]
    out: list[A.Action] = []
    for part in parts:
        if part:
            parsed = parse_command(part)
            out += parsed if isinstance(parsed, list) else [parsed] if parsed else []
    return out


def format_row(actions: list[A.Action]) -> str:
    return ". ".join(str(a) for a in actions)
