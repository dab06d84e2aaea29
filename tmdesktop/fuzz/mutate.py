"""Seeded damage to real files: the kinds of trouble users, disks and editors hand the game.

Text level: truncation, byte flips, deleted/duplicated/swapped lines, huge numbers and repeat
counts, control characters, lone surrogates and byte-order marks, illegal moves.  JSON level:
type swaps, missing and extra keys, deep nesting, huge lists and numbers.  Every function takes a
`random.Random`, so a case is reproduced from its seed alone.
"""

from __future__ import annotations

import json
import random
import re

NASTY_TEXT = ("\x00", "\ud800", "\udfff", "\ufeff", "\u202e", "\u200b", "\x07", "\x1b[2J", "\r", "\t", "\n",
              "\U0001F600", "\u0301", "é", "\uffff", "\\", '"', "‘", "\x7f")
HUGE_NUMBERS = ("99999999", "999999999", "9" * 30, "1" + "0" * 4400, "-1", "0", "-99999999999", "1e999",
                "NaN", "Infinity", "00000000000000000007", "٣", "1.5")
#: Commands the notation knows, with arguments a real game may or may not allow.
COMMANDS = ("build {hex}", "upgrade {hex} to {bld}", "transform {hex}", "transform {hex} to {terrain}",
            "dig {n}", "convert {n}PW to {n}C", "burn {n}", "leech {n} from {faction}", "decline",
            "pass BON{n}", "action ACT{n}", "action BON{n}", "send p to {cult}", "advance ship", "advance dig",
            "bridge {hex}:{hex}", "connect {hex}:{hex}", "+{n}fav{n}", "+TW{n}", "+{n}{cult}", "-{n}{cult}",
            "-{n}spade", "pick-color {terrain}", "unlock-terrain {terrain}", "gain p3 for vp", "done", "wait",
            "drop-faction", "setup {faction}", "decline p3")
HEXES = ("A1", "E6", "F3", "I13", "Z99", "r0", "r12", "A0", "AA1", "I14", "ZZ")
FACTIONS = ("witches", "nomads", "giants", "darklings", "mermaids", "chaosmagicians", "icemaidens",
            "riverwalkers", "dragonlords", "fakirs", "nobody", "Witches")
TERRAINS = ("desert", "plains", "swamp", "lakes", "forest", "mountains", "wasteland", "ice", "volcano", "grey",
            "river", "sky")
CULTS = ("fire", "water", "earth", "air", "aether")


def random_command(rng: random.Random) -> str:
    template = rng.choice(COMMANDS)
    fields = {"hex": lambda: rng.choice(HEXES), "n": lambda: rng.choice(("0", "1", "2", "3", "7", "12") + HUGE_NUMBERS),
              "bld": lambda: rng.choice(("TP", "TE", "SH", "SA", "D", "castle")),
              "terrain": lambda: rng.choice(TERRAINS), "faction": lambda: rng.choice(FACTIONS),
              "cult": lambda: rng.choice(CULTS)}
    return re.sub(r"\{(\w+)\}", lambda m: fields[m[1]](), template)


# ---------------------------------------------------------------------- text and bytes


def _spot(rng: random.Random, n: int) -> int:
    return rng.randrange(n + 1) if n else 0


def truncate(rng, data: bytes) -> bytes:
    return data[: _spot(rng, len(data))]


def flip_bytes(rng, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 5, 20))):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def splice_text(rng, data: bytes) -> bytes:
    """Insert something nasty somewhere: control characters, surrogates (escaped or raw), numbers."""
    text = data.decode("utf-8", "surrogateescape")
    i = _spot(rng, len(text))
    piece = rng.choice((rng.choice(NASTY_TEXT), rng.choice(HUGE_NUMBERS), "\\ud800", "\\u0000", random_command(rng)))
    return (text[:i] + piece + text[i:]).encode("utf-8", "surrogatepass")


def replace_numbers(rng, data: bytes) -> bytes:
    text = data.decode("utf-8", "surrogateescape")
    spans = [m.span() for m in re.finditer(r"\d+", text)]
    for a, b in rng.sample(spans, min(len(spans), rng.choice((1, 1, 3)))):
        text = text[:a] + rng.choice(HUGE_NUMBERS) + text[b:]  # spans shift: later ones land nearby
    return text.encode("utf-8", "surrogateescape")


def edit_lines(rng, data: bytes) -> bytes:
    lines = data.decode("utf-8", "surrogateescape").split("\n")
    if not lines:
        return data
    i = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        lines[i] = lines[i] * rng.choice((2, 50))
    elif kind == 4:  # an illegal (or merely out-of-place) move in a row
        head, sep, tail = lines[i].rpartition("\t") if "\t" in lines[i] else lines[i].partition(": ")
        lines[i] = head + (sep or ": ") + random_command(rng)
    else:
        lines[i] = lines[i].replace(rng.choice(FACTIONS[:6]), rng.choice(FACTIONS))
    return "\n".join(lines).encode("utf-8", "surrogateescape")


TEXT_MUTATIONS = (truncate, flip_bytes, splice_text, replace_numbers, edit_lines)


def mutate_bytes(rng: random.Random, data: bytes, rounds: int | None = None) -> bytes:
    for _ in range(rounds or rng.choice((1, 1, 1, 2, 3))):
        data = rng.choice(TEXT_MUTATIONS)(rng, data)
    return data


# ---------------------------------------------------------------------- JSON values


def _random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice((True, False))
    if kind == 2:
        return rng.choice((0, -1, 1, 7, 2 ** 63, -(2 ** 70), 10 ** 400))
    if kind == 3:
        return rng.choice((0.5, 1e308, -0.0, 3.0))
    if kind == 4:
        return "".join(rng.choice(NASTY_TEXT + ("a", "B", " ")) for _ in range(rng.choice((0, 1, 5, 60))))
    if kind == 5:
        return random_command(rng)
    if kind == 6 and depth < 3:
        return [_random_value(rng, depth + 1) for _ in range(rng.choice((0, 1, 3)))]
    if kind == 7 and depth < 3:
        return {rng.choice(("a", "", "\ud800", "format", "log")): _random_value(rng, depth + 1)}
    return "x" * rng.choice((1, 41, 5000))


def _containers(value, out: list) -> list:
    if isinstance(value, dict):
        out.append(value)
        for v in value.values():
            _containers(v, out)
    elif isinstance(value, list):
        out.append(value)
        for v in value[:200]:  # long move lists: their first entries are enough to pick from
            _containers(v, out)
    return out


def mutate_json(rng: random.Random, data):
    """Change the decoded JSON in place (and return it): swap a value's type, drop or add a key,
    nest deeply, grow a list, or replace a move with another command."""
    holders = _containers(data, [])
    if not holders:
        return _random_value(rng)
    holder = rng.choice(holders)
    keys = list(holder.keys()) if isinstance(holder, dict) else list(range(len(holder)))
    kind = rng.randrange(6)
    if not keys or kind == 0:  # extra key / element
        if isinstance(holder, dict):
            holder[rng.choice(("extra", "version", "format", "names", "summary", "x" * 100))] = _random_value(rng)
        else:
            holder.insert(_spot(rng, len(holder)), _random_value(rng))
        return data
    k = rng.choice(keys)
    if kind == 1:
        del holder[k]
    elif kind == 2:
        holder[k] = _random_value(rng)
    elif kind == 3:
        nest = holder[k]
        for _ in range(rng.choice((50, 5000, 100000))):
            nest = [nest]
        holder[k] = nest
    elif kind == 4:
        holder[k] = [holder[k]] * rng.choice((2, 2000))
    else:
        holder[k] = random_command(rng) if isinstance(holder[k], str) else rng.choice(
            (10 ** 400, -1, "1", [], {}, 1.5))
    return data


def dumps(rng: random.Random, data) -> bytes:
    """JSON bytes, sometimes with raw non-ASCII (and so invalid UTF-8 for lone surrogates)."""
    try:
        text = json.dumps(data, ensure_ascii=rng.random() < 0.7, allow_nan=True)
    except (ValueError, RecursionError):  # nesting too deep for the encoder: write it by hand
        text = "[" * 100000 + "]" * 100000
    return text.encode("utf-8", "surrogatepass")
