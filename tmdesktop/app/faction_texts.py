"""Each faction's ability and stronghold in plain words (the rulebooks' Appendix VI and the Fire &
Ice factions), for the faction boards of the draft and the auction.

The texts are message ids, translated where they are shown (`ability()`, `stronghold()`).  They
describe; the engine decides. How a faction comes to its terrain (chosen at once, after the others,
a colour) is not repeated here: the boards' header says it (`faction_board.home_line`), and the
Rules page puts that line first.
"""

from __future__ import annotations

from tmdesktop.i18n import N_, _

ABILITIES = {
    "auren": N_("No special ability."),
    "witches": N_("+5 VP each time you found a town."),
    "alchemists": N_("At any time: 1 VP for 1 coin, or 2 coins for 1 VP."),
    "darklings": N_("Terraform with priests instead of workers: 1 priest and +2 VP per spade."),
    "halflings": N_("+1 VP for every spade you get."),
    "cultists": N_("When neighbours take power from your building: +1 cult step; if all decline: +1 power."),
    "engineers": N_("Action: build a bridge for 2 workers (as often as you like)."),
    "dwarves": N_("No shipping. Tunnel: build 1 hex further for 2 extra workers, +4 VP each time."),
    "mermaids": N_("A town may skip one river hex. Shipping starts at 1 and goes up to 5."),
    "swarmlings": N_("+3 workers each time you found a town."),
    "chaosmagicians": N_("Start with one dwelling, placed last. A temple or the sanctuary gives 2 favor tiles."),
    "giants": N_("Every terraform costs exactly 2 spades, from any terrain."),
    "fakirs": N_("No shipping. Carpet flight: build 1 hex further for 1 extra priest, +4 VP each time."),
    "nomads": N_("Start with three dwellings (the third after everybody else's)."),
    "icemaidens": N_("Start with 1 favor tile. Terraform to ice."),
    "yetis": N_("Power actions cost 1 less; stronghold and sanctuary count 4 power."),
    "acolytes": N_("Turn hexes to volcano with 3 cult steps (4 on a home terrain); each spade: +1 cult step."),
    "dragonlords": N_("Turn hexes to volcano with 1 power token (2 on a home terrain); each spade: +1 token."),
    "riverwalkers": N_("Build only along rivers; a priest unlocks a terrain instead. No spades."),
    "shapeshifters": N_("When neighbours take your power: pay 1 VP for a token in bowl III."),
}

STRONGHOLDS = {
    "auren": N_("1 favor tile; action: 2 steps on one cult track."),
    "witches": N_("Action: a free dwelling on any empty forest hex."),
    "alchemists": N_("+12 power at once; then +2 power for every spade."),
    "darklings": N_("Once: trade up to 3 workers for 1 priest each."),
    "halflings": N_("3 spades at once; you may build a dwelling on one of those hexes."),
    "cultists": N_("+7 VP at once."),
    "engineers": N_("On passing: 3 VP for each bridge between two of your buildings."),
    "dwarves": N_("Tunnelling costs only 1 extra worker."),
    "mermaids": N_("One free step on the shipping track (with its VP)."),
    "swarmlings": N_("Action: upgrade a dwelling to a trading house for free."),
    "chaosmagicians": N_("Action: a double turn (two actions in a row)."),
    "giants": N_("Action: 2 free spades on one hex in reach, then you may build."),
    "fakirs": N_("Carpet flights reach 2 hexes further."),
    "nomads": N_("Action: sandstorm, turn one hex next to you into desert, then you may build."),
    "icemaidens": N_("On passing: 3 VP for each of your temples."),
    "yetis": N_("Power actions may be taken even when already taken this round."),
    "acolytes": N_("Each priest sent to a cult track goes 1 step further."),
    "dragonlords": N_("At once: 1 power token in bowl I per player."),
    "riverwalkers": N_("At once: up to 2 free bridges."),
    "shapeshifters": N_("Action: change your colour for 5 power or 5 power tokens."),
}


def ability(name: str) -> str:
    return _(ABILITIES[name]) if name in ABILITIES else ""


def stronghold(name: str) -> str:
    return _(STRONGHOLDS[name]) if name in STRONGHOLDS else ""
