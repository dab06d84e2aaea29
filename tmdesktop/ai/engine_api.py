"""Every call the computer players make into the rules engine, in one place.

The engine's public API is changing (one decision model, cheaper copies and undo); keeping the
calls here means that switch touches this module only. Everything else in `tmdesktop.ai` reads
the state through these functions or the plain `state(game)` data.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules import actions as A
from ..rules import events as EV
from ..rules.abilities import ability
from ..rules.engine import Game
from ..rules.errors import RuleError
from ..rules.setup import GameSetup
from ..rules.sitelog import export_log
from ..rules.tiles import tile_pass_vp as _tile_pass_vp

Action = A.Action


def new_game(setup: GameSetup) -> Game:
    return Game(setup)


def replay(setup: GameSetup, log: Iterable[tuple[str | None, Action]]) -> Game:
    """The game a setup and an action log lead to (how a worker process rebuilds a position)."""
    return Game.replay(setup, log)


def log_of(game: Game) -> list[tuple[str | None, Action]]:
    return list(game.log)


def log_text(game: Game) -> str:
    """The game's log in the site's notation (`rules.sitelog`: it imports back to this position)."""
    return export_log(game)


def setup_of(game: Game) -> GameSetup:
    return game.setup


def state(game: Game):
    """The game state, to be read and never written."""
    return game.state


def board(game: Game):
    return game.board


def finished(game: Game) -> bool:
    return game.finished


def to_act(game: Game) -> list[str | None]:
    """Who has a decision now, in the order the table settles them (None: the factions are being
    chosen by the table)."""
    return game.waiting_for()


def decision(game: Game, faction: str | None) -> str | None:
    return game.decision(faction)


def legal(game: Game, faction: str | None) -> list[Action]:
    return game.legal_actions(faction)


def play(game: Game, faction: str | None, action: Action) -> None:
    """Apply in place (raises RuleError for an illegal action, leaving the game unchanged)."""
    game.apply(faction, action)


def after(game: Game, faction: str | None, action: Action) -> Game | None:
    """A copy of the game with `action` applied, or None when it is refused."""
    try:
        other = game.copy()
        other.apply(faction, action)
    except RuleError:
        return None
    return other


def copy_of(game: Game) -> Game:
    return game.copy()


def portable(game: Game) -> Game:
    """A copy without the undo history (snapshots and events), cheap to send to another process;
    it plays on like the game itself."""
    other = game.copy()
    other._snapshots = {}
    other.events = []
    return other


def events_count(game: Game) -> int:
    """How many actions' events the game holds (a mark for `vp_by_kind`)."""
    return len(game.events)


def vp_by_kind(game: Game, since: int = 0) -> dict[str, int]:
    """VP all factions together got from each kind of source after the first `since` actions'
    events."""
    out: dict[str, int] = {}
    for sources in EV.vp_by_source(game.events[since:]).values():
        for src, vp in sources.items():
            out[src.kind] = out.get(src.kind, 0) + vp
    return out


def towns_and_round_vp(game: Game, since: int, round_: int) -> dict[tuple[int, str], int]:
    """All factions together, after the first `since` actions' events (`round_`: the round under
    way then): towns founded in each round, `(round, "towns")`, and the VP the round scoring tile
    paid in it, `(round, "round_tile")`. A town is counted once, by the action that took its tile."""
    out: dict[tuple[int, str], int] = {}
    for events in game.events[since:]:
        towns = set()
        for e in events:
            if isinstance(e, EV.RoundStarted):
                round_ = e.round
            elif isinstance(e, EV.Gained) and e.source.kind == EV.TOWN:
                towns.add((e.faction, e.source.key))
            elif isinstance(e, EV.Gained) and e.resource == "VP" and e.source.kind == EV.ROUND_TILE:
                out[round_, "round_tile"] = out.get((round_, "round_tile"), 0) + e.amount
        if towns:
            out[round_, "towns"] = out.get((round_, "towns"), 0) + len(towns)
    return out


def income(game: Game, player) -> dict[str, int]:
    return game.income_of(player)


def coins_per_vp(game: Game, player) -> int:
    """Coins a VP costs the player in the final conversion."""
    return game.coins_per_vp(player)


def network_size(game: Game, player) -> int:
    return game.network_size(player)


def pass_vp(game: Game, player) -> int:
    return game.pass_vp(player)


def tile_pass_vp(player, name: str) -> int:
    """What bonus or favor tile `name` would pay the player for passing now."""
    return _tile_pass_vp(player, name)


def adjacent(game: Game, hex_: str) -> set[str]:
    return game.adjacent(hex_)


def reachable(game: Game, player, hex_: str) -> bool:
    return game.reach(player, hex_)[0]


def reach_map(game: Game, player) -> dict[str, bool]:
    """Every land hex the player reaches now for building (-> only by tunnel or carpet)."""
    return game.reach_map(player)


def spades_needed(game: Game, player, hex_: str, color: str) -> int:
    return game.spades_needed(player, hex_, color)


def town_group(game: Game, player, hex_: str) -> set[str]:
    """The player's buildings joined to hex_ as a town counts them (bridges and the Mermaids'
    river skips included)."""
    return game.town_group(player, hex_)


def rivers_to_skip(game: Game, player) -> dict[str, list[str]]:
    """River hexes the player's towns may still skip (the Mermaids) with the player's buildings
    on two or more of their sides (where two of its groups could become one town): each with
    those buildings' hexes."""
    if not ability(player.name, "joins_towns_across_rivers"):
        return {}
    out = {}
    for river in game.board.rivers:
        if river not in player.connects:
            own = game.beside_river(player, river)
            if len(own) > 1:
                out[river] = own
    return out


def building_power(game: Game, player, kind: str) -> int:
    return game.building_power(player, kind)


def buildings_power(game: Game, player, kinds) -> int:
    """The power of the player's buildings of `kinds` together (as a town counts it)."""
    return game.buildings_power(player, kinds)


def turn_owner(game: Game) -> str | None:
    return game.state.turn.faction


def main_actions_left(game: Game) -> int:
    return game.state.turn.actions
