"""The factions' abilities that are rules rather than numbers, as small hooks registered per
faction.

Most of a faction is data (`data/game_data.json`: costs, income, shipping, digging, tunnels and
carpets, exchange rates, the Fire & Ice specials), read by the engine's topic modules.  What the
data cannot say is here, one hook per ability, so that the topic modules ask "how many spades
does this faction need?" instead of testing a faction's name.  A new faction is its data plus,
if it bends a rule, a few lines here.

Hooks (each with the default every other faction follows):
  spades(p, current, target) -> int | None   spades to turn `current` into `target` (None: the wheel);
                                             it may read only p's home and colour (the listing
                                             keeps its answers per faction, home and colour)
  first_dwellings -> int                     dwellings placed before round 1 (2)
  joins_towns_across_rivers -> bool          a town may skip one river hex (False)
  home_counts_for_others -> bool             its terrain is a "home terrain" in others' costs (True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

DEFAULTS: dict[str, Any] = {
    "spades": None,
    "first_dwellings": 2,
    "joins_towns_across_rivers": False,
    "home_counts_for_others": True,
}
_REGISTRY: dict[str, dict[str, Any]] = {}


def register(faction: str, hook: str, value: Any) -> None:
    if hook not in DEFAULTS:
        raise KeyError(f"unknown ability hook {hook!r}")
    _REGISTRY.setdefault(faction, {})[hook] = value


def ability(faction: str, hook: str) -> Any:
    """The faction's hook, or the default every other faction follows."""
    return _REGISTRY.get(faction, {}).get(hook, DEFAULTS[hook])


def spades_hook(faction: str) -> Callable | None:
    return ability(faction, "spades")


# ---------------------------------------------------------------------- the base game

# Giants: every transformation costs exactly two spades, whatever the terrain (000, Apéndice VI).
register("giants", "spades", lambda p, current, target: 2)
# Nomads: a third dwelling, placed after everybody's second (000, the initial dwellings: "Los
# nómadas colocan su 3.ª morada después de que todos los jugadores hayan colocado la 2.ª").
register("nomads", "first_dwellings", 3)
# Chaos Magicians: a single dwelling, placed after everybody else's (same place in 000).
register("chaosmagicians", "first_dwellings", 1)
# Mermaids: a town may skip one river hex (000, Apéndice VI).
register("mermaids", "joins_towns_across_rivers", True)

# ---------------------------------------------------------------------- Fire & Ice

# Riverwalkers: the colour they pick is not a home terrain for the others' unlock and volcano
# costs (004).
register("riverwalkers", "home_counts_for_others", False)
