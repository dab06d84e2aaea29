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
#: The Cultists' stronghold has no lasting ability, only its 7 VP once (which the score counts):
#: valued at the usual 3 VP a round, 19 VP in round 1, they built it first with all their workers
#: and upgraded their dwellings away (none left by round 3, 40 coins unspent in round 5).
STRONGHOLD_PER_ROUND = {"giants": 5.5, "cultists": 0.0}
USUAL_STRONGHOLD_PER_ROUND = 3.0


def stronghold_per_round(name: str) -> float:
    return STRONGHOLD_PER_ROUND.get(name, USUAL_STRONGHOLD_PER_ROUND)
