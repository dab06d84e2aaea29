"""Words for the sources of VP and resources (`rules.events.Source`): the engine keeps them as
data; tables, charts and explanations say them here ("+3 VP from round 2 scoring tile (trading house)")."""

from __future__ import annotations

from tmdesktop.i18n import N_, _
from tmdesktop.rules import events as E
from tmdesktop.rules.constants import BUILDING_NAMES
from tmdesktop.rules.data import faction

from .describe import action_name, from_faction, in_sentence, of_faction
from .tile_texts import round_scored, summary

#: Each kind of source in general (a table row, a heading).
KIND_NAMES = {
    E.START: N_("Starting VP"),
    E.ROUND_TILE: N_("Round scoring tiles"),
    E.FAVOR: N_("Favor tiles"),
    E.TOWN: N_("Towns"),
    E.LEECH: N_("Power from neighbours"),
    E.LEECH_REWARD: N_("Neighbours answering a power offer"),
    E.BONUS_PASS: N_("Passing (bonus tiles)"),
    E.BONUS_COINS: N_("Coins on bonus tiles"),
    E.BONUS_ACTION: N_("Bonus tile actions"),
    E.INCOME: N_("Income"),
    E.FACTION: N_("Faction abilities"),
    E.FACTION_ACTION: N_("Faction actions"),
    E.POWER_ACTION: N_("Power actions"),
    E.BUILDING: N_("Buildings"),
    E.ADVANCE: N_("Shipping and digging"),
    E.SPADES: N_("Spades"),
    E.REACH: N_("Tunnelling and carpet flights"),
    E.CULT_TRACK: N_("Cult tracks"),
    E.CONVERT: N_("Conversions"),
    E.UNLOCK: N_("Unlocking terrain"),
    E.VOLCANO: N_("Volcanoes"),
    E.CULT_MAJORITY: N_("Final: cult tracks"),
    E.AREA: N_("Final: largest network"),
    E.FINAL_TILE: N_("Final: Fire & Ice tile"),
    E.RESOURCES: N_("Final: resources"),
}
#: Kinds whose VP are told as another kind's: a building's own VP are its faction's ability (the
#: Cultists' stronghold pays 7), in the final table and the round summaries alike.
VP_KIND = {E.BUILDING: E.FACTION}
#: Kinds whose key adds nothing, as they read inside a sentence ("+20 VP from the start").
IN_A_SENTENCE = {
    E.START: N_("the start"),
    E.INCOME: N_("income"),
    E.CONVERT: N_("conversions"),
    E.SPADES: N_("spades"),
    E.REACH: N_("tunnelling or a carpet flight"),
    E.VOLCANO: N_("a volcano"),
    E.LEECH_REWARD: N_("the neighbours' answer to a power offer"),
    E.AREA: N_("the largest network"),
    E.FINAL_TILE: N_("the Fire & Ice final scoring tile"),
    E.RESOURCES: N_("the resources left at the end"),
}
CULT_NAMES = {"FIRE": N_("Fire cult"), "WATER": N_("Water cult"), "EARTH": N_("Earth cult"), "AIR": N_("Air cult")}


def kind_name(kind: str) -> str:
    return _(KIND_NAMES.get(kind, N_("Other")))


def _faction_name(name: str | None) -> str:
    try:
        return _(faction(name).display)
    except KeyError:
        return name or "?"


def _round_tile_name(key: str | None, rounds: dict[str, int] | None) -> str:
    """A round scoring tile by what it pays for, and its round when the game is known (the
    board shows the tiles by round and picture, never by the notation's SCORE numbers)."""
    try:
        scored, kinds = round_scored(key)
    except (KeyError, TypeError):
        return _("round scoring tile {tile}").format(tile=key)
    what = _("spades used") if scored == "spade" else _("towns founded") if scored == "town" else kinds
    if rounds and key in rounds:
        return _("round {n} scoring tile ({what})").format(n=rounds[key], what=what)
    return _("round scoring tile ({what})").format(what=what)


def tile_rounds(game) -> dict[str, int]:
    """Each round scoring tile of the game and its round."""
    return {name: i + 1 for i, name in enumerate(game.setup.score_tiles)}


def source_name(source: E.Source, rounds: dict[str, int] | None = None) -> str:
    """One source in words, with the tile, faction or track it is (`rounds`: the round of each
    round scoring tile, where a text names tiles of several rounds)."""
    kind, key = source.kind, source.key
    if kind == E.ROUND_TILE:
        return _round_tile_name(key, rounds)
    if kind == E.FAVOR:
        return _("favor tile ({what})").format(what=summary(key, lasting=True))
    if kind == E.TOWN:
        return _("town tile ({what})").format(what=summary(key))
    if kind in (E.BONUS_PASS, E.BONUS_COINS, E.BONUS_ACTION):
        return _("bonus tile ({what})").format(what=summary(key))
    if kind == E.LEECH:
        return _("power {from_faction}").format(from_faction=from_faction(key))
    if kind == E.FACTION:
        return _("the ability {of_faction}").format(of_faction=of_faction(key))
    if kind in (E.POWER_ACTION, E.FACTION_ACTION):
        return in_sentence(action_name(key))
    if kind == E.CULT_MAJORITY:
        return _("the majority on the {cult}").format(cult=_(CULT_NAMES.get(key, key)))
    if kind == E.CULT_TRACK and key in CULT_NAMES:
        return _(CULT_NAMES[key])
    if kind == E.BUILDING and key in BUILDING_NAMES:
        return _("building a {kind}").format(kind=_(BUILDING_NAMES[key]))
    if kind == E.UNLOCK:
        return _("unlocking {terrain}").format(terrain=_(key))
    if kind == E.ADVANCE:
        return _("advancing shipping") if key == "ship" else _("advancing digging")
    return _(IN_A_SENTENCE.get(kind, KIND_NAMES.get(kind, N_("Other"))))


def vp_from(amount: int, source: E.Source, rounds: dict[str, int] | None = None) -> str:
    """"+3 VP from round 2 scoring tile (trading house)"."""
    return _("{n} VP from {source}").format(n=f"{amount:+d}", source=source_name(source, rounds))
