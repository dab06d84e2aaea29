"""Words for the warnings before a costly mistake (`teaching.warnings`): a title and one line why."""

from __future__ import annotations

from tmdesktop.i18n import _, ngettext
from tmdesktop.teaching import warnings as W

from . import describe


def _names(names) -> str:
    """'2 spades, Spade (bonus tile)': the names the board's tiles go by, not the notation's codes."""
    power = describe.POWER_ACTION_NAMES
    return ", ".join(_(power[n]) if n in power else describe.action_name(n) for n in names)


def _spends(kinds) -> str:
    words = {"build": _("build"), "upgrade": _("upgrade"), "transform": _("transform"),
             "sendpriest": _("send a priest"), "advance": _("advance shipping or digging"),
             "useaction": _("use a power or special action"), "placebridge": _("place a bridge"),
             "connect": _("found a town across the river")}
    return ", ".join(words.get(k, k) for k in kinds)


def say(game, w: W.GameWarning) -> tuple[str, str]:
    """(title, why) of one warning."""
    a = w.args
    if w.code == W.POWER_LOST:
        return (ngettext("You will lose {n} power: your bowls cannot hold it",
                         "You will lose {n} power: your bowls cannot hold it", a["n"]).format(n=a["n"]),
                _("Only {moved} of the {promised} power can move towards bowl III; the rest is lost. Spending "
                  "power from bowl III first makes room.").format(moved=a["promised"] - a["n"], promised=a["promised"]))
    if w.code == W.DECLINE_FREE:
        return (_("Declining power that costs you nothing"),
                ngettext("Taking {n} power {from_faction} costs no victory points.",
                         "Taking {n} power {from_faction} costs no victory points.", a["n"]).format(
                    n=a["n"], from_faction=describe.from_faction(a["source"])))
    if w.code == W.PASS_UNUSED:
        parts = []
        if a["power"]:
            parts.append(ngettext("the power action {names}", "the power actions {names}",
                                  len(a["power"])).format(names=_names(a["power"])))
        burn = dict(a.get("burn", ()))
        if burn:
            fewest = min(burn.values())
            parts.append(ngettext("the power action {names} after burning {n} power",
                                  "the power actions {names} after burning {n} power or more",
                                  len(burn)).format(n=fewest, names=_names(burn)))
        if a["own"]:
            parts.append(ngettext("your own action {names}", "your own actions {names}",
                                  len(a["own"])).format(names=_names(a["own"])))
        n = len(a["power"]) + len(burn) + len(a["own"])
        return (_("Passing with unused actions"),
                _("Still possible this round: {what}.").format(what="; ".join(parts)) + " "
                + ngettext("Passing ends your round: it cannot be used before the next one.",
                           "Passing ends your round: none of them can be used before the next one.", n))
    if w.code == W.SPADES_UNUSED:
        return (ngettext("This leaves {n} spade unused", "This leaves {n} spades unused", a["n"]).format(n=a["n"]),
                _("Spades cannot be kept for later: unused ones are thrown away. Click a highlighted hex to "
                  "transform it instead."))
    if w.code == W.FOLLOWUP_UNUSED:
        where = ", ".join(a["hexes"])
        what = _("{what} on {where}").format(what=_spends(a["kinds"]), where=where) if where else _spends(a["kinds"])
        return (_("Your action is not finished"),
                _("You can still {what}: ending the turn now gives it up.").format(what=what))
    if w.code == W.BRIDGES_LOST:
        n, granted = a["n"], a["granted"]
        if n < granted:
            head = ngettext("{n} bridge will be lost", "{n} bridges will be lost", n).format(n=n)
            where = ngettext("Only {k} free bridge place touches your buildings.",
                             "Only {k} free bridge places touch your buildings.", granted - n).format(k=granted - n)
        else:
            head = ngettext("The bridge will be lost", "Both bridges will be lost", n)
            where = _("No free bridge place touches your buildings.")
        return head, where + " " + _("A bridge that cannot be placed now is not kept for later.")
    if w.code == W.BURN_NOT_NEEDED:
        return (ngettext("Burning {n} power you do not need", "Burning {n} power you do not need", a["n"]).format(
                    n=a["n"]),
                _("Bowl III holds {m} power: burning opens no new power action or conversion this turn, and each "
                  "burnt token is gone for the rest of the game.").format(m=a["bowl3"]))
    if w.code == W.FINAL_LEFTOVERS:
        held = ", ".join(describe.amount(a[k], k) for k in ("C", "W", "P", "PW") if a[k])
        return (_("Last pass: what you hold is worth little at the end"),
                _("You hold {held}. At the end of the game they become coins, {rate} coins for 1 VP; you can "
                  "still {what} now.").format(held=held or _("nothing"), rate=a["rate"], what=_spends(a["kinds"])))
    return (w.code, "")
