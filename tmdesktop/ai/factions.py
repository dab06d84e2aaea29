"""Faction preferences for the draft and the auction: a rough order of strength in 4-player
games (from published win rates of tournament play), best first."""

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
