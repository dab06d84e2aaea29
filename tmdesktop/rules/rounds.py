"""Rounds: income, passing the turn, the end of the round and final scoring."""

from __future__ import annotations

from functools import cache

from . import events as E
from . import final_scoring
from .constants import COINS_PER_VP, CULT_POINTS, NETWORK_POINTS
from .data import BUILDING_TYPES, CULTS, faction, tile
from .round_bonus import cult_bonus
from .scoring import rank_points
from .state import Player, Turn


class Rounds:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _start_round(self) -> None:
        s = self.state
        s.round += 1
        self._record(E.RoundStarted, s.round)
        for t in s.bonus_pool:
            s.bonus_pool[t] += 1
        s.blocked.clear()
        s.pass_order = []
        s.unpassed = 0
        for p in s.players.values():
            p.passed = p.dropped
            s.unpassed += not p.dropped
            p.actions_used.clear()
            p.ship_bonus = 0  # BON4 helps in the action phase only, not with phase III spades
        if s.round > 1:
            self._cult_income()
        if any(s.players[n].spades for n in s.order):
            s.phase = "income-spades"
            s.turn = Turn()
        else:
            self._other_income()

    def _cult_income(self) -> None:
        s = self.state
        name = s.score_tiles[s.round - 2]
        for n in s.order:
            p = s.players[n]
            if p.dropped:
                continue
            bonus = cult_bonus(s, n, name)
            if bonus:
                self._gain(p, bonus, E.source(E.ROUND_TILE, name), income_spades=True)
            self._checkpoint(p, E.source(E.INCOME, "cult"))

    def _other_income(self) -> None:
        s = self.state
        for n in s.order:
            p = s.players[n]
            if p.dropped:
                continue
            self._gain(p, self.income_of(p), E.source(E.INCOME))
            self._checkpoint(p, E.source(E.INCOME, "other"))
            # BON4's shipping, as the site plays it: in the action phase, for factions with a
            # shipping track (Dwarves and Fakirs get only its power)
            p.ship_bonus = self.ship_bonus(p)
        s.phase = "play"
        if any(s.players[n].unlocks_owed for n in s.order):
            s.turn = Turn()  # the Riverwalkers' unlocks from income come first (as on the site)
        else:
            self._start_turn(self._next_player(None))

    def ship_bonus(self, p: Player) -> int:
        """Shipping a held bonus tile adds in the action phase (BON4), for factions that ship at all
        (Dwarves and Fakirs get only its power)."""
        if not p.bonus or p.faction.max_ship <= 0:
            return 0
        return (tile(p.bonus).get("special") or {}).get("ship", 0)

    def income_of(self, p: Player) -> dict[str, int]:
        """Next round's income (faction board, buildings, bonus and favor tiles)."""
        total: dict[str, int] = {}
        sources = [_building_income(p.name, b, p.counts[b]) for b in BUILDING_TYPES]
        if p.bonus:
            sources.append(tile(p.bonus)["income"])
        sources += [tile(f)["income"] for f in p.favors]
        for src in sources:
            for k, v in src.items():
                total[k] = total.get(k, 0) + v
        return total

    def _maybe_end_round(self) -> None:
        s = self.state
        if s.phase == "income-spades":
            if not any(s.players[n].spades for n in s.order):
                self._other_income()
            return
        if s.turn.faction is None and any(not s.players[n].passed for n in s.order):
            # the income phase's decisions (the Riverwalkers' unlocks) are settled: turns begin
            if not any(s.players[n].unlocks_owed for n in s.order):
                self._start_turn(self._next_player(None))
            return
        if s.turn.faction is not None or any(not s.players[n].passed for n in s.order):
            return
        if any(self._owes_decision(p) for p in s.players.values()):
            return
        self._record(E.RoundEnded, s.round)
        if s.round == 6:
            self._final_scoring()
            return
        if "variable-turn-order" in s.options:
            s.order = list(s.pass_order) + [n for n in s.order if n not in s.pass_order]
        else:
            first = s.seats.index(s.pass_order[0])
            s.order = s.seats[first:] + s.seats[:first]
        self._start_round()

    @staticmethod
    def coins_per_vp(p) -> int:
        """Coins a VP costs `p` in the final conversion (3; 2 for the Alchemists, as their own
        exchange rate)."""
        return (p.faction.special.get("exchange_rates") or {}).get("C", {}).get("VP", COINS_PER_VP)

    def _final_scoring(self) -> None:
        s = self.state
        live = [s.players[n] for n in s.order]
        for cult in CULTS:
            self._award(live, {p.name: p.cult[cult] for p in live}, CULT_POINTS, E.source(E.CULT_MAJORITY, cult))
        self._award(live, {p.name: self.network_size(p) for p in live}, NETWORK_POINTS, E.source(E.AREA))
        final = self.setup.final_scoring
        if final:  # Fire & Ice final scoring tile, right after area scoring
            metric = {p.name: final_scoring.final_tile_metric(self, p, final) for p in live}
            self._award(live, metric, final_scoring.final_tile_points(final), E.source(E.FINAL_TILE, final))
        source = E.source(E.RESOURCES)
        for p in live:
            n = p.power[1] // 2  # burn what can be burned, then spend it all as coins
            p.power[1] -= 2 * n
            p.power[2] += n
            if n:
                self._record(E.Gained, p.name, "tokens", -n, source)
                self._record(E.Gained, p.name, "PW", n, source)
            if p.power[2]:
                self._record(E.Gained, p.name, "PW", -p.power[2], source)
            coins = p.power[2] + p.P + p.W
            self._add(p, "P", -p.P, source)
            self._add(p, "W", -p.W, source)
            p.power[0] += p.power[2]
            p.power[2] = 0
            rate = self.coins_per_vp(p)
            vp = (p.C + coins) // rate
            self._add(p, "C", coins - vp * rate, source)
            self._add(p, "VP", vp, source)
            self._checkpoint(p, source)
        s.phase = "finished"
        s.turn = Turn()

    def _award(self, players: list[Player], metric: dict[str, int], points: tuple, source: E.Source) -> None:
        shares = rank_points(metric, points)
        for p in players:
            if p.name in shares:
                self._add(p, "VP", shares[p.name], source)
                self._checkpoint(p, source)

    def network_size(self, p: Player) -> int:
        return final_scoring.network_size(self, p)


@cache
def _building_income(name: str, building: str, count: int) -> dict[str, int]:
    """Faction `name`'s income from `count` buildings of a kind (game data: a shared dict, never
    changed; worked out once for each)."""
    return faction(name).income(building, count)
