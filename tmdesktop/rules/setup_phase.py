"""Before round 1: factions, colour picks, initial dwellings."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .abilities import ability
from .constants import FACTION_OPTION
from .data import CULTS, faction, start_vp_2017
from .errors import RuleError
from .maps import TERRAINS
from .state import Player


class SetupPhase:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _choose_faction(self, name: str) -> None:
        s = self.state
        if s.phase != "factions":
            raise RuleError("not_faction_phase")
        if s.pending_colors:
            raise RuleError("color_pending", faction=s.pending_colors[0])
        owing = [p for p in s.players.values() if p.favors_owed]
        if owing:
            raise RuleError("favor_pending", faction=owing[0].name)
        try:
            f = faction(name)
        except KeyError:
            raise RuleError("unknown_faction", faction=name) from None
        if name in s.players:
            raise RuleError("faction_taken", faction=name)
        needed = FACTION_OPTION.get(name)
        if needed and needed not in s.options:
            raise RuleError("faction_needs_option", faction=name, option=needed)
        if f.home in TERRAINS and f.home in self.colors_taken():
            raise RuleError("home_terrain_taken", terrain=f.home)
        if f.home in ("ice", "volcano", "variable") and any(o.faction.home == f.home for o in s.players.values()):
            # one ice, one volcano and one variable faction at most (they share a board side)
            raise RuleError("faction_kind_taken", faction=next(o.name for o in s.players.values() if o.faction.home == f.home))
        st = f.start
        vp = st["VP"]
        if "revised-starting-vp" in s.options:
            vp = start_vp_2017(name)
        if name in self.setup.start_vp:
            vp = self.setup.start_vp[name]
        p = Player(faction=f, VP=0, C=0, W=0, P=0,
                   power=[st["power_bowls"]["P1"], st["power_bowls"]["P2"], st["power_bowls"]["P3"]],
                   cult={c: st["cult"][c] for c in CULTS}, ship=f.shipping["start_level"] or 0,
                   dig=(f.digging or {}).get("start_level") or 0, home=f.home,
                   priest_limit=st.get("priest_supply_max", 7))
        s.players[name] = p
        s.seats.append(name)
        start = E.source(E.START, name)
        for resource, n in (("VP", vp), ("C", st["C"]), ("W", st["W"]), ("P", st["P"])):
            self._add(p, resource, n, start)
        for resource, n in (("tokens", sum(p.power)), *p.cult.items()):  # already in place
            if n:
                self._record(E.Gained, name, resource, n, start)
        self._checkpoint(p, start)
        if not self.setup.factions:  # chosen one by one: some decide at once, before the next pick
            if f.home in ("ice", "variable"):
                p.picks_color = True
                s.pending_colors.append(name)
                s.owing.add(name)
            p.favors_owed += f.special.get("GAIN_FAVOR", 0)  # the Ice Maidens' favor tile
            s.owing.add(name)  # (`GameState.owing`: the setup's owed choices too)

    def colors_taken(self, exclude: Player | None = None, picking: bool = False) -> set[str]:
        """Colours no faction may still take: home terrains and colours already picked (and, for a
        colour pick after an auction, the home terrains of every auctioned faction)."""
        out = set(self.setup.reserved_colors) if picking else set()
        for p in self.state.players.values():
            if p is exclude:
                continue
            if p.home in TERRAINS:
                out.add(p.home)
            if p.color:
                out.add(p.color)
        return out

    def home_colors(self, exclude: Player | None = None) -> set[str]:
        """Terrains that are some other faction's home (ice factions and Riverwalkers have none)."""
        return {p.home for p in self.state.players.values()
                if p is not exclude and p.home in TERRAINS and ability(p.name, "home_counts_for_others")}

    def _do_pick_color(self, p: Player, a: A.PickColor) -> None:
        s = self.state
        if not p.picks_color:
            raise RuleError("no_color_pick")
        if s.pending_colors and s.pending_colors[0] != p.name:
            raise RuleError("color_pick_order", faction=s.pending_colors[0])
        if a.color not in TERRAINS:
            raise RuleError("unknown_terrain", terrain=a.color)
        in_play = s.phase == "play"
        # In play (the Shapeshifters' change), only other factions' home terrains are taken.
        taken = self.home_colors(p) if in_play else self.colors_taken(exclude=p, picking=True)
        if a.color in taken or (in_play and a.color == p.home):
            raise RuleError("color_taken", terrain=a.color)
        p.picks_color = False
        if in_play and s.turn.faction == p.name and s.turn.actions == 0:
            s.turn.closed = True  # the colour pick ends the turn (as the site plays it)
        if p.name in s.pending_colors:
            s.pending_colors.remove(p.name)
        if p.faction.home in ("ice", "volcano"):
            p.color = a.color
        else:
            if in_play:
                for h in p.buildings:  # their land changes with them
                    s.terrain[h] = a.color
            p.color = p.home = a.color
            if p.faction.special.get("locked_terrain"):
                p.unlocked = {a.color}

    def _advance_setup(self) -> None:
        """factions -> (ice and variable colours, the Ice Maidens' favor tile, volcano colours)
        -> initial dwellings: the order in which the site settles them."""
        s = self.state
        if s.pending_colors or len(s.seats) < s.player_count:
            return
        if s.phase == "factions":
            s.phase = "colors"
            # Factions given in advance (auction, draft) choose now: ice and variable ones first.
            self._ask_colors(("ice", "variable"))
            if self.setup.factions:  # factions given in advance take their favor tile now
                for n in s.seats:
                    s.players[n].favors_owed += s.players[n].faction.special.get("GAIN_FAVOR", 0)
                    s.owing.add(n)
            if s.pending_colors:
                return
        if any(p.favors_owed for p in s.players.values()):
            return
        if self._ask_colors(("volcano",)):
            return
        self._start_dwellings()

    def _ask_colors(self, kinds: tuple[str, ...]) -> bool:
        """Ask the factions of `kinds` that have no colour yet to pick one (in seat order)."""
        s = self.state
        for n in s.seats:
            p = s.players[n]
            if p.faction.home in kinds and p.color is None and not p.picks_color:
                p.picks_color = True
                s.pending_colors.append(n)
                s.owing.add(n)
        return bool(s.pending_colors)

    def _start_dwellings(self) -> None:
        s = self.state
        # 000 p. 6: two dwellings each in seat order then back; a third after that (Nomads); a
        # single one after everybody else's (Chaos Magicians)
        count = {n: ability(n, "first_dwellings") for n in s.seats}
        snake = [n for n in s.seats if count[n] >= 2]
        queue = snake + snake[::-1]
        queue += [n for n in s.seats if count[n] >= 3]
        queue += [n for n in s.seats if count[n] == 1]
        s.setup_queue = queue
        s.order = list(s.seats)
        s.phase = "dwellings"

    def _setup_dwelling(self, p: Player, hex_: str) -> None:
        s = self.state
        self._check_setup_turn(p)
        self._check_empty_land(hex_)
        color = p.color or p.home
        if s.terrain[hex_] != color:
            raise RuleError("setup_dwelling_home_only", hex=hex_, terrain=color)
        if p.faction.special.get("adjacency", {}).get("direct") == 0 and not self._by_river(hex_):
            raise RuleError("needs_river", hex=hex_)
        if p.home in ("ice", "volcano"):
            s.terrain[hex_] = p.home
        self._place(p, hex_, "D")
        s.setup_queue.pop(0)
        if not s.setup_queue:
            s.phase = "bonus"
            s.setup_queue = s.seats[::-1]

    def _check_setup_turn(self, p: Player) -> None:
        s = self.state
        if not s.setup_queue or s.setup_queue[0] != p.name:
            raise RuleError("not_your_setup_turn", faction=s.setup_queue[0] if s.setup_queue else None)
