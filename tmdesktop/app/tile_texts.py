"""Every tile in words: what it gives and when, with its numbers read from the tile data.

`explain(name)` returns short lines for tooltips and pickers (bonus, favor, town and round
scoring tiles, power and special actions).  Nothing here knows a number of its own.
"""

from __future__ import annotations

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules.constants import CULT_POWER
from tmdesktop.rules.data import action_def, tile

from . import describe, theme


def _per(table) -> int:
    """The step of a pass-VP table such as [0, 2, 4, 6, 8] (the first non-zero value)."""
    return next((v for v in table if v), 0)


def gain(key: str, n: int) -> str:
    """One gain in words: '2 workers', '3 steps on Fire', 'a town key'."""
    if key in ("C", "W", "P", "PW", "VP", "tokens"):
        return describe.amount(n, key)
    if key.upper() in ("FIRE", "WATER", "EARTH", "AIR"):
        return ngettext("{n} step on {cult}", "{n} steps on {cult}", n).format(n=n, cult=describe.cult(key))
    if key == "SPADE":
        return ngettext("{n} spade", "{n} spades", n).format(n=n)
    if key == "CULT":
        return ngettext("{n} cult step on a track of your choice", "{n} cult steps on a track of your choice",
                        n).format(n=n)
    if key == "KEY":
        return ngettext("{n} town key", "{n} town keys", n).format(n=n)
    if key == "GAIN_SHIP":
        return _("+{n} shipping").format(n=n)
    if key == "BRIDGE":
        return _("a bridge")
    if key == "GAIN_ACTION":
        return _("two actions in this turn")
    if key == "PICK_COLOR":
        return _("a new home terrain")
    return ""


_CULT_ORDER = ("FIRE", "WATER", "EARTH", "AIR")


def gains(d: dict) -> str:
    """Gains in words, the cult tracks in the board's order and said once when the same on all
    four ('1 step on each cult track' rather than four steps in the data's order)."""
    items = [(k, v) for k, v in d.items() if isinstance(v, int) and v]
    cults = {k.upper(): v for k, v in items if k.upper() in _CULT_ORDER}
    vp = [gain(k, v) for k, v in items if k == "VP"]  # first: what a tile is mostly taken for
    keys = [gain(k, v) for k, v in items if k == "KEY"]  # last: what makes a town count as one
    rest = [gain(k, v) for k, v in items if k.upper() not in _CULT_ORDER and k not in ("VP", "KEY")]
    if len(cults) == 4 and len(set(cults.values())) == 1:
        n = next(iter(cults.values()))
        steps = [ngettext("{n} step on each cult track", "{n} steps on each cult track", n).format(n=n)]
    else:
        steps = [gain(c, cults[c]) for c in _CULT_ORDER if c in cults]
    return ", ".join(g for g in vp + rest + steps + keys if g)


def _building(key: str) -> str:
    if key == "SHIP":
        return _("shipping level")
    return describe.building_in_sentence(key)


def _pass_vp(pass_vp: dict) -> str:
    """'When you pass: 2 VP per trading house' (a table with a first step of its own is spelled out)."""
    parts = []
    for key, table in pass_vp.items():
        key = "SHIP" if key == "ship" else key
        steps = [v for v in table[1:] if v]
        if len(set(b - a for a, b in zip(table, table[1:]))) <= 1:
            parts.append(_("{n} VP per {what}").format(n=_per(table), what=_building(key)))
        else:
            # as the tile prints it, 1/2/3/4 -> 2/3/3/4 (the type has no arrow)
            counted = _(theme.BUILDINGS_COUNTED[key]) if key in theme.BUILDINGS_COUNTED else _building(key)
            parts.append(_("VP by your number of {what} ({counts}): {vps}").format(
                what=counted, counts="/".join(str(k) for k in range(1, len(steps) + 1)),
                vps="/".join(str(v) for v in steps)))
    return _("When you pass: {what}").format(what=describe.and_list(parts))


def bonus(name: str) -> list[str]:
    t = tile(name)
    out = [_("Income: {what}").format(what=gains(t["income"]))]
    if "action" in t:
        out.append(_("Action, once per round: {what}").format(what=gains(t["action"]["gain"])))
    if t.get("special", {}).get("ship"):
        out.append(_("+{n} shipping while you hold it").format(n=t["special"]["ship"]))
    if "pass_vp" in t:
        out.append(_pass_vp(t["pass_vp"]))
    return out


def favor(name: str) -> list[str]:
    t = tile(name)
    at_once = {k: v for k, v in t["gain"].items() if k != "TOWN_SIZE"}
    out = [_("At once: {what}").format(what=gains(at_once))]
    if t.get("income"):
        out.append(_("Income: {what}").format(what=gains(t["income"])))
    for key, v in (t.get("vp") or {}).items():
        out.append(_("Each {building} you build: +{n} VP").format(building=describe.building_in_sentence(key), n=v))
    if t.get("pass_vp"):
        out.append(_pass_vp(t["pass_vp"]))
    if "action" in t:
        out.append(_("Action, once per round: {what}").format(what=gains(t["action"]["gain"])))
    if "TOWN_SIZE" in t["gain"]:
        n = -t["gain"]["TOWN_SIZE"]
        out.append(ngettext("Your towns need {n} less power in buildings",
                            "Your towns need {n} less power in buildings", n).format(n=n))
    return out


def _town_gains(name: str) -> str:
    g = {k: v for k, v in tile(name)["gain"].items() if k != "carpet_range"}
    return gains({"VP": g.pop("VP", 0), **g})  # the points first, as on the tile


def town(name: str) -> list[str]:
    return [_("When you found a town: {what}").format(what=_town_gains(name)),
            _("A town key lets a cult marker reach the top space.")]


def summary(name: str, lasting: bool = False) -> str:
    """What a bonus, favor or town tile gives, as one phrase inside a sentence ("income: 2
    coins; when you pass: 1 VP per dwelling"): the board shows no tile numbers, so no text may
    name a tile by its notation. `lasting`: a favor tile by what it keeps giving (what it paid
    later comes from that), unless it gives only at once."""
    if name.startswith("TW"):
        return _town_gains(name)
    lines = bonus(name) if name.startswith("BON") else favor(name)
    if lasting and name.startswith("FAV") and len(lines) > 1:
        lines = lines[1:]  # the first line is what it gives at once
    return "; ".join(map(describe.in_sentence, lines))


def round_scored(name: str) -> tuple[str, str]:
    """What round scoring tile `name` pays VP for: "town", "spade" or "building", and for
    buildings their names in words ("sanctuary / stronghold")."""
    paid = list(tile(name)["vp"])
    if paid[0].startswith("TW"):
        return "town", ""
    if paid[0] == "SPADE":
        return "spade", ""
    return "building", " / ".join(describe.building_in_sentence(k) for k in paid)


def round_score(name: str) -> list[str]:
    t = tile(name)
    vp = next(iter(t["vp"].values()))
    what, kinds = round_scored(name)
    if what == "town":
        scoring = _("Each town you found this round: +{n} VP").format(n=vp)
    elif what == "spade":
        scoring = _("Each spade you use this round: +{n} VP").format(n=vp)
    else:
        scoring = _("Each {building} you build this round: +{n} VP").format(building=kinds, n=vp)
    if t["cult"] == "CULT_P":
        bonus_line = _("End of the round: each priest you sent to a cult track gives {what}").format(
            what=gains(t["income"]))
    else:
        bonus_line = ngettext("End of the round: every {n} step on {cult} gives {what}",
                              "End of the round: every {n} steps on {cult} gives {what}", t["req"]).format(
            n=t["req"], cult=describe.cult(t["cult"]), what=gains(t["income"]))
    return [scoring, bonus_line]


def action(name: str) -> list[str]:
    d = action_def(name)
    cost = {k: v for k, v in d["cost"].items() if k in ("PW", "W", "C", "P")}
    out = [_("Gives {what}").format(what=gains(d["gain"]) or _("nothing"))]
    if cost:
        out.append(_("Costs {what}").format(what=gains(cost)))
    if name.startswith("ACT") and name[3:].isdigit():
        out.append(_("Once per round, for the first player to take it"))
    return out


#: The Fire & Ice final scoring tiles: a short name and what one network is measured by.
FINAL_TILES = {
    "connected-distance": (N_("Distance"), N_("the greatest distance between two buildings of one network")),
    "connected-sa-sh-distance": (N_("Stronghold–sanctuary"),
                                 N_("the distance between stronghold and sanctuary in one network")),
    "building-on-edge": (N_("Edge"), N_("the buildings of one network on the edge of the map")),
    "connected-clusters": (N_("Settlements"), N_("the separate settlements joined into one network")),
}


def final_tile(name: str) -> list[str]:
    short, measure = FINAL_TILES.get(name, (name, name))
    return [_("Final scoring tile: {name}").format(name=_(short)),
            _("At the end, the players are ranked by {measure}, and the best three score like the largest network")
            .format(measure=_(measure))]


def cult_track(cult: str) -> list[str]:
    """A cult track in words: the power its spaces give, the key the top needs."""
    spaces = ", ".join(_("{power} at {space}").format(power=describe.amount(n, "PW"), space=space)
                       for space, n in CULT_POWER)
    return [_("{cult} cult track").format(cult=describe.cult(cult)),
            _("Reaching a space gives power once: {spaces}").format(spaces=spaces),
            _("The top space needs a town key; final scoring ranks each track.")]


def explain(name: str) -> list[str]:
    """Lines of words for a tile or an action, [] for names it does not know."""
    try:
        if name.startswith("SCORE"):
            return round_score(name)
        if name.startswith("BON"):
            return bonus(name)
        if name.startswith("FAV"):
            return favor(name)
        if name.startswith("TW"):
            return town(name)
        return action(name)
    except KeyError:
        return []
