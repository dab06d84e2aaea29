"""What the computer players know of the factions: a rough order of strength in 4-player games
for the draft and the auction (from published win rates of tournament play, best first), and
what a faction's stronghold ability is worth in each round still to play."""

from __future__ import annotations

STRENGTH_ORDER = (
    "darklings", "chaosmagicians", "nomads", "icemaidens", "witches", "cultists", "engineers",
    "halflings", "mermaids", "dragonlords", "swarmlings", "yetis", "shapeshifters", "acolytes",
    "fakirs", "alchemists", "riverwalkers", "auren", "dwarves", "giants",
)


def strength(name: str) -> float:
    """0 (weakest) to 1 (strongest)."""
    if name not in STRENGTH_ORDER:
        return 0.5
    return 1 - STRENGTH_ORDER.index(name) / (len(STRENGTH_ORDER) - 1)


#: VP a stronghold's ability brings per round of play still to come, where it is worth more than
#: the usual (an action or a lasting advantage used every round). The Giants' two free spades
#: each round are a whole transformation, which costs them six workers at digging level 0: valued
#: at the usual, the Giants never built the stronghold and scored 76 VP a game, 20 below the rest.
STRONGHOLD_PER_ROUND = {"giants": 5.5}
USUAL_STRONGHOLD_PER_ROUND = 3.0


def stronghold_per_round(name: str) -> float:
    return STRONGHOLD_PER_ROUND.get(name, USUAL_STRONGHOLD_PER_ROUND)
