"""Words for 'Suggest a move' (`teaching.hints.Hint`): the move, and its reasons from the numbers."""

from __future__ import annotations

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E

from tmdesktop.teaching.hints import up_to_main

from . import describe, source_words, tile_texts

#: The evaluation's parts (`ai.evaluation.PARTS`) as what a move sets up.
PART_WORDS = {
    "income_to_come": N_("more income in the rounds to come"),
    "area_outlook": N_("a larger connected network for the final scoring"),
    "cult_outlook": N_("better places on the cult tracks for the final scoring"),
    "town_progress": N_("progress towards a town"),
    "resources_left": N_("resources kept for the next turns"),
    "position": N_("room to grow: buildings, abilities and free hexes nearby"),
    "neighbours": N_("more power to come from neighbours building next to yours"),
}
#: Steps of a suggested turn not worth a line of their own.
SILENT = (A.Convert, A.Burn, A.Done)


def headline(game, hint) -> str:
    """The main action, worded from the position it would be played in (after the steps that
    prepare it)."""
    return describe.planned(game, hint.faction, up_to_main(hint))[-1]


def first_step(game, hint) -> str:
    """'First step: burn 4 power tokens' when the turn starts with preparing steps ("" otherwise);
    repeats of one step are said once, with their amounts added up."""
    steps = up_to_main(hint)[:-1]
    if not steps:
        return ""
    said: list[A.Action] = []
    for a in steps:
        last = said[-1] if said else None
        if isinstance(a, A.Burn) and isinstance(last, A.Burn):
            said[-1] = A.Burn(last.n + a.n)
        elif isinstance(a, A.Convert) and isinstance(last, A.Convert) and (a.give, a.get) == (last.give, last.get):
            said[-1] = A.Convert(last.give_n + a.give_n, a.give, last.get_n + a.get_n, a.get)
        else:
            said.append(a)
    return _("First step: {step}").format(step="; ".join(describe.action(game, a) for a in said))


def then_line(game, hint) -> str:
    """The rest of the suggested turn ("Then: transform D6 into swamp; build a dwelling on D6"),
    conversions and ending the turn left out ("" when there is no rest). A tile whose gains the
    reasons spell out is named alone here (said twice, a town tile's eight gains filled the panel)."""
    start = len(up_to_main(hint))
    if not any(not isinstance(a, SILENT) for a in hint.turn[start:]):
        return ""
    # each step worded from the position it would be played in (a priest's space is the best
    # free one then)
    words = describe.planned(game, hint.faction, hint.turn)[start:]
    told = {r.args.get("key") or r.args.get("tile") for r in hint.now + hint.later}
    steps = [_step(a, w, told) for a, w in zip(hint.turn[start:], words) if not isinstance(a, SILENT)]
    return _("Then: {steps}").format(steps="; ".join(steps))


def _step(a: A.Action, words: str, told: set) -> str:
    if isinstance(a, A.TakeTile) and a.tile in told:
        return _("Take the town tile") if a.tile.startswith("TW") else _("Take the favor tile")
    return words


def _inside(text: str) -> str:
    """A tooltip's sentence as it reads inside brackets: a capital that only starts the sentence
    in lower case ("each trading house…"), a name or "VP" as it is."""
    return describe.in_sentence(text) if text[1:2].islower() else text


def reason(game, r) -> str:
    a = r.args
    if r.kind == "vp":
        return source_words.vp_from(a["n"], E.Source(a["source"], a["key"]))
    if r.kind == "offer":
        return ngettext("{the_faction} may take {n} power", "{the_faction} may take {n} power", a["n"]).format(
            the_faction=describe.the_faction(a["to"]), n=a["n"])
    if r.kind == "power":
        if a["vp"]:
            return _("+{n} power for {vp} VP").format(n=a["n"], vp=a["vp"])
        return _("+{n} power for free").format(n=a["n"])
    if r.kind == "cult":
        return ngettext("+{n} step on the {cult} track", "+{n} steps on the {cult} track", a["n"]).format(
            n=a["n"], cult=describe.cult(a["cult"]))
    if r.kind == "gain":
        return "+" + describe.amount(a["n"], a["resource"])
    if r.kind == "income":
        return _("+{amount} income per round").format(amount=describe.amount(a["n"], a["resource"]))
    if r.kind == "tile":
        what = tile_texts.explain(a["tile"])  # its lasting effect is said last
        name = describe.tile_name(a["tile"])
        return _("{tile} ({what})").format(tile=name, what=_inside(what[-1])) if what else name
    if r.kind == "part":
        return _("{what} (about +{n} VP by the end)").format(what=_(PART_WORDS.get(a["part"], a["part"])), n=a["vp"])
    return ""


def cost_line(hint) -> str:
    """'Costs: 2 coins, 1 worker, 1 priest' for the whole suggested turn, with the power tokens
    and cult steps it loses ("" when it costs nothing)."""
    if not hint.paid:
        return ""
    return _("Costs: {what}").format(what=", ".join(tile_texts.gain(k, n) for k, n in hint.paid))


def now_line(game, hint) -> str:
    """What the turn gains at once, one line ("" when nothing shows at once)."""
    return "; ".join(w for w in (reason(game, r) for r in hint.now) if w)


def later_lines(game, hint) -> list[str]:
    return [w for w in (reason(game, r) for r in hint.later) if w]


def summary(game, hint) -> str:
    """'Upgrade E7 to a trading house: +3 VP from round scoring tile (trading house); the Witches may
    take 2 power'."""
    now = now_line(game, hint)
    head = headline(game, hint)
    return _("{move}: {why}").format(move=head, why=now) if now else head


def sets_up(game, hint) -> str:
    lines = later_lines(game, hint)
    return _("Sets up: {what}").format(what=", ".join(lines)) if lines else ""


#: The decisions of a turn in the action phase (the others pick one of a few options: a colour,
#: a starting dwelling, a bonus tile, a power offer's answer, a favor tile...).
TURN_DECISIONS = ("action", "followup", "end")


def no_reason_line(game, hint) -> str:
    """What the panel says when the suggestion gains nothing worth a word: in a turn, that nothing
    better is left to do; in a pick among options, that they are close (not that there is
    "nothing better to do" while a colour or a tile must be chosen)."""
    if game.decision(hint.faction) in TURN_DECISIONS:
        return _("Nothing better to do now.")
    return _("The choices are close here: by the computer's count this one is a little ahead.")
