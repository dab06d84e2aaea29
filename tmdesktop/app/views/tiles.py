"""What is printed on each tile, as token lines for `icons.draw_tokens` (read from the tile data)."""

from __future__ import annotations

from tmdesktop.i18n import _
from tmdesktop.rules.data import action_def, tile


def _per(table) -> int:
    """The step of a pass-VP table such as [0, 2, 4, 6, 8] (the first non-zero value)."""
    return next((v for v in table if v), 0)


def score_lines(name: str) -> list[list]:
    t = tile(name)
    vp = t["vp"]
    keys = list(vp)
    if all(k.startswith("TW") for k in keys):
        first = [("TOWN", None)]
    elif set(keys) == {"SH", "SA"}:
        first = [("SH", None), ("t", "/"), ("SA", None)]
    else:
        first = [(keys[0], None)]
    first += [("ARROW", None), ("VP", vp[keys[0]])]
    cult = t["cult"]
    req = t["req"]
    if cult == "CULT_P":
        second = [("P", None), ("CULT", None), ("ARROW", None)]  # each priest sent to a cult track
    else:
        second = [("t", str(req)), (cult, None), ("ARROW", None)]
    second += [(k, v) for k, v in t["income"].items()]
    return [first, second]


def bonus_lines(name: str) -> list[list]:
    t = tile(name)
    lines = [[(k, v) for k, v in t["income"].items()]]
    extra: list = []
    if "action" in t:
        gain = t["action"]["gain"]
        extra = [("t", _("Action:"))] + ([("SPADE", None)] if "SPADE" in gain else [("CULT", None)])
    elif t.get("special", {}).get("ship"):
        extra = [("SHIP", "+1")]
    elif "pass_vp" in t:
        key, table = next(iter(t["pass_vp"].items()))
        if len(t["pass_vp"]) == 2:
            extra = [("t", _("Pass:")), ("SH", None), ("t", "/"), ("SA", None), ("VP", _per(table))]
        else:
            extra = [("t", _("Pass:")), ("SHIP" if key == "ship" else key, None), ("VP", _per(table))]
    if extra:
        lines.append(extra)
    return lines


def favor_lines(name: str) -> list[list]:
    t = tile(name)
    gain = t["gain"]
    lines = [[(k, v) for k, v in gain.items() if k != "TOWN_SIZE"]]
    extra: list = []
    if t.get("income"):
        extra = [("t", _("Income:"))] + [(k, v) for k, v in t["income"].items()]
    elif t.get("vp"):
        key, v = next(iter(t["vp"].items()))
        extra = [(key, None), ("ARROW", None), ("VP", v)]
    elif t.get("pass_vp"):
        key, table = next(iter(t["pass_vp"].items()))
        # two short lines rather than one that small cards would shrink out of sight
        lines.append([("t", _("Pass:")), (key, None)])
        extra = [("t", "/".join(str(v) for v in table[1:5] if v) or "2/3/3/4"), ("VP", None)]
    elif "action" in t:
        extra = [("t", _("Action:")), ("CULT", None)]
    elif "TOWN_SIZE" in gain:
        extra = [("TOWN", None), ("t", _("from 6")), ("PW", None)]
    if extra:
        lines.append(extra)
    return lines


def town_lines(name: str) -> list[list]:
    gain = dict(tile(name)["gain"])
    first = [("VP", gain.pop("VP", 0))]
    rest = []
    cults = [k for k in ("FIRE", "WATER", "EARTH", "AIR") if k in gain]
    if cults:  # on a line of its own: beside the VP it gets too small on narrow cards
        rest.append(("CULT", f"+{gain[cults[0]]}"))
        for c in cults:
            gain.pop(c)
    for k, v in gain.items():
        if k == "KEY":
            continue
        if k == "GAIN_SHIP":
            rest.append(("SHIP", "+1"))
        elif k == "carpet_range":
            continue
        else:
            rest.append((k, v))
    keys = gain.get("KEY", 0)
    if keys > 1:
        rest.append(("KEY", keys))
    return [first, rest] if rest else [first]


def power_action_lines(name: str) -> list[list]:
    d = action_def(name)
    gain = d["gain"]
    tokens = []
    for k, v in gain.items():
        if k == "BRIDGE":
            tokens.append(("BRIDGE", None))
        elif k == "SPADE":
            tokens.append(("SPADE", v))
        else:
            tokens.append((k, v))
    return [tokens, [("PW", d["cost"]["PW"])]]


def lines_for(name: str) -> list[list]:
    if name.startswith("SCORE"):
        return score_lines(name)
    if name.startswith("BON"):
        return bonus_lines(name)
    if name.startswith("FAV"):
        return favor_lines(name)
    if name.startswith("TW"):
        return town_lines(name)
    return power_action_lines(name)
