"""The rules engine: applies actions to a `GameState`, one at a time, and rejects illegal ones.

The state is always what replaying the action log from the setup gives, so undo is a replay and
a rejected action leaves the state exactly as it was (on any error the state is rebuilt).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from . import actions as A
from .data import BUILDING_TYPES, CULTS, action_def, faction, raw, start_vp_2017, tile
from .errors import RuleError
from .maps import TERRAINS, load_board
from . import final_scoring
from .scoring import rank_points
from .setup import GameSetup
from .state import GameState, LeechOffer, Player, Turn
from ..i18n import _

BUILDING_POWER = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
UPGRADES = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}
CULT_SPOT_VALUES = (3, 2, 2, 2)
CULT_POWER = ((3, 1), (5, 2), (7, 2), (10, 3))
PW_RATES = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("W", "C"): 1, ("P", "C"): 1, ("P", "W"): 1}
BUILDING_NAMES = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}


def wheel_distance(a: str, b: str, home: str | None = None) -> int:
    """Spades to turn terrain a into b: the short way round the wheel, unless home is on it."""
    i, j = TERRAINS.index(a), TERRAINS.index(b)
    d = (j - i) % 7
    if d == 0:
        return 0
    short, step = (d, 1) if d <= 3 else (7 - d, -1)
    if home in TERRAINS:
        h = TERRAINS.index(home)
        if any((i + step * k) % 7 == h for k in range(1, short)):
            return 7 - short
    return short


class Game:
    def __init__(self, setup: GameSetup):
        self.setup = setup
        self.board = load_board(setup.map_key)
        self.log: list[tuple[str | None, A.Action]] = []
        self.auto_dug = 0  # spades the last action dug by itself (a build or transform needing them)
        #: Rows the engine writes itself (income, final scoring ...): (faction, label, snapshot).
        self.events: list[tuple[str, str, tuple]] = []
        self.state = self._fresh_state()
        for f in setup.factions:
            self._apply(None, A.ChooseFaction(f))
            self.log.append((None, A.ChooseFaction(f)))

    # ------------------------------------------------------------------ public API

    def apply(self, faction: str | None, action: A.Action) -> None:
        """Apply one action for `faction`, or raise RuleError and leave the state untouched."""
        mark = len(self.events)
        self.auto_dug = 0
        try:
            self._apply(faction, action)
        except Exception:
            self._rebuild(self.log)
            del self.events[mark:]
            raise
        self.log.append((faction, action))

    def fork(self) -> Game:
        """An independent copy (for previews and trials) without replaying the log."""
        other = Game.__new__(Game)
        other.setup, other.board = self.setup, self.board
        other.log, other.events = list(self.log), list(self.events)
        other.state = copy.deepcopy(self.state)
        other.last_snapshot = getattr(self, "last_snapshot", None)
        return other

    def try_apply(self, faction: str | None, action: A.Action) -> tuple[Game | None, str | None]:
        """(the game after `action`, None) on a fork, or (None, the reason it is refused)."""
        other = self.fork()
        try:
            other._apply(faction, action)
        except RuleError as e:
            return None, str(e)
        other.log.append((faction, action))
        return other, None

    def undo(self, steps: int = 1) -> None:
        if steps > len(self.log):
            raise RuleError(_("There is nothing to undo."))
        self._rebuild(self.log[: len(self.log) - steps])

    @classmethod
    def replay(cls, setup: GameSetup, log: Iterable[tuple[str | None, A.Action]]) -> Game:
        game = cls(setup)
        for faction_name, action in list(log)[len(game.log):]:
            game.apply(faction_name, action)
        return game

    @property
    def finished(self) -> bool:
        return self.state.phase == "finished"

    def player(self, name: str) -> Player:
        return self.state.players[name]

    def waiting_for(self) -> list[str]:
        """Factions that have something to decide now (the turn, a leech offer, a granted step)."""
        s = self.state
        if s.phase == "finished":
            return []
        if s.phase in ("factions", "colors"):
            if s.pending_colors:
                return s.pending_colors[:1]
            return [n for n in s.seats if s.players[n].favors_owed]
        if s.phase in ("dwellings", "bonus"):
            return s.setup_queue[:1]
        out = [n for n in s.order if self._owes_decision(s.players[n])]
        if s.phase == "play" and s.turn.faction and s.turn.faction not in out:
            out.insert(0, s.turn.faction)
        return out

    def legal_actions(self, name: str | None) -> list[A.Action]:
        """Every legal action for `name`'s current decision (empty when it has none)."""
        from .legal import legal_actions
        return legal_actions(self, name)

    def decision(self, name: str | None) -> str | None:
        """The kind of decision `name` faces now (see `legal.decision`)."""
        from .legal import decision
        return decision(self, name)

    def can_end_turn(self, name: str) -> bool:
        s = self.state
        if s.phase != "play" or s.turn.faction != name:
            return False
        p = s.players[name]
        return s.turn.actions == 0 and not (p.favors_owed or p.towns_owed or p.cult_steps or p.lose_cult_owed
                                            or p.unlocks_owed or p.picks_color)

    # ------------------------------------------------------------------ setup and rebuild

    def _fresh_state(self) -> GameState:
        opts = self.setup.options
        s = GameState(map_key=self.setup.map_key, options=frozenset(opts), player_count=self.setup.players)
        s.terrain = {h: self.board.terrain(h) for h in self.board.land}
        s.score_tiles = list(self.setup.score_tiles)
        s.bonus_pool = dict.fromkeys(self.setup.bonus_tiles, 0)
        for name, t in raw()["tiles_raw"].items():
            if t.get("option") and t["option"] not in opts:
                continue
            if name.startswith("FAV"):
                s.favor_pool[name] = t.get("count", 3)
            elif name.startswith("TW"):
                s.town_pool[name] = t.get("count", 2)
        s.cult_spots = {c: [None, None, None, None] for c in CULTS}
        return s

    def _rebuild(self, log: list) -> None:
        self.state = self._fresh_state()
        self.events = []
        for faction_name, action in log:
            self._apply(faction_name, action)
        self.log = list(log)

    def _emit(self, p: Player, label: str) -> None:
        self.events.append((p.name, label, p.snapshot()))

    # ------------------------------------------------------------------ dispatch

    def _apply(self, name: str | None, action: A.Action) -> None:
        s = self.state
        if s.phase == "finished":
            raise RuleError(_("The game is over."))
        if isinstance(action, A.ChooseFaction):
            self._choose_faction(action.faction)
            return self._advance_setup()
        if name not in s.players:
            raise RuleError(_("{faction} is not playing in this game.").format(faction=name))
        p = s.players[name]
        owner = s.turn.faction
        if s.phase == "play" and owner and owner != name and not action.main_turn and self.can_end_turn(owner):
            # Someone else acting (a leech answer) closes a turn whose action is complete.
            self._end_turn(s.players[owner])
        if isinstance(action, A.DropFaction):
            return self._drop(p)
        if p.dropped:
            raise RuleError(_("{faction} has left the game.").format(faction=p.faction.display))
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise RuleError(_("Unknown action."))
        handler(self, p, action)
        self.last_snapshot = p.snapshot()
        if s.phase in ("factions", "colors"):
            self._advance_setup()
        elif s.phase == "bonus" and not s.setup_queue:
            self._start_round()
        elif s.phase in ("play", "income-spades"):
            self._maybe_end_round()

    # ------------------------------------------------------------------ setup phases

    def _choose_faction(self, name: str) -> None:
        s = self.state
        if s.phase != "factions":
            raise RuleError(_("Factions are chosen before the game starts."))
        if s.pending_colors:
            raise RuleError(_("{faction} must first choose a terrain colour.").format(
                faction=s.players[s.pending_colors[0]].faction.display))
        try:
            f = faction(name)
        except KeyError:
            raise RuleError(_("Unknown faction {faction}.").format(faction=name)) from None
        if name in s.players:
            raise RuleError(_("{faction} has already been chosen.").format(faction=f.display))
        needed = FACTION_OPTION.get(name)
        if needed and needed not in s.options:
            raise RuleError(_("The {faction} need the Fire & Ice option “{option}”.").format(
                faction=f.display, option=needed))
        if f.home in TERRAINS and f.home in self.colors_taken():
            raise RuleError(_("Another faction already has {terrain} as its home terrain.").format(
                terrain=_(f.home)))
        st = f.start
        vp = st["VP"]
        if "revised-starting-vp" in s.options:
            vp = start_vp_2017(name)
        if name in self.setup.start_vp:
            vp = self.setup.start_vp[name]
        p = Player(faction=f, VP=vp, C=st["C"], W=st["W"], P=st["P"],
                   power=[st["power_bowls"]["P1"], st["power_bowls"]["P2"], st["power_bowls"]["P3"]],
                   cult={c: st["cult"][c] for c in CULTS}, ship=f.shipping["start_level"] or 0,
                   dig=(f.digging or {}).get("start_level") or 0, home=f.home,
                   priest_limit=st.get("priest_supply_max", 7))
        s.players[name] = p
        s.seats.append(name)
        self._emit(p, "setup")
        if f.home in ("ice", "variable") and not self.setup.factions:
            p.picks_color = True  # these choose at once, before the next faction is taken
            s.pending_colors.append(name)

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
                if p is not exclude and p.home in TERRAINS and p.faction.name != "riverwalkers"}

    def _do_pick_color(self, p: Player, a: A.PickColor) -> None:
        s = self.state
        if not p.picks_color:
            raise RuleError(_("You have no terrain colour to choose now."))
        if s.pending_colors and s.pending_colors[0] != p.name:
            raise RuleError(_("{faction} chooses a colour first.").format(
                faction=s.players[s.pending_colors[0]].faction.display))
        if a.color not in TERRAINS:
            raise RuleError(_("Unknown terrain {terrain}.").format(terrain=a.color))
        if a.color in self.colors_taken(exclude=p, picking=True) or (s.phase == "play" and a.color == p.home):
            raise RuleError(_("{terrain} is already taken by another faction.").format(terrain=_(a.color)))
        p.picks_color = False
        if p.name in s.pending_colors:
            s.pending_colors.remove(p.name)
        if p.faction.home in ("ice", "volcano"):
            p.color = a.color
        else:
            p.color = p.home = a.color
            if p.faction.special.get("locked_terrain"):
                p.unlocked = {a.color}

    def _advance_setup(self) -> None:
        """factions -> (volcano colours, Ice Maidens' favor tile) -> initial dwellings."""
        s = self.state
        if s.pending_colors or len(s.seats) < s.player_count:
            return
        if s.phase == "factions":
            s.phase = "colors"
            # Factions given in advance (auction, draft) choose now: ice and variable ones first.
            for kinds in (("ice", "variable"), ("volcano",)):
                for n in s.seats:
                    p = s.players[n]
                    if p.faction.home in kinds and p.color is None:
                        p.picks_color = True
                        s.pending_colors.append(n)
            for n in s.seats:
                s.players[n].favors_owed += s.players[n].faction.special.get("GAIN_FAVOR", 0)
            if s.pending_colors:
                return
        if any(p.favors_owed for p in s.players.values()):
            return
        self._start_dwellings()

    def _start_dwellings(self) -> None:
        s = self.state
        normal = [n for n in s.seats if n != "chaosmagicians"]
        queue = normal + normal[::-1]
        queue += [n for n in s.seats if n == "nomads"]
        queue += [n for n in s.seats if n == "chaosmagicians"]
        s.setup_queue = queue
        s.order = list(s.seats)
        s.phase = "dwellings"

    def _setup_dwelling(self, p: Player, hex_: str) -> None:
        s = self.state
        self._check_setup_turn(p)
        self._check_empty_land(hex_)
        color = p.color or p.home
        if s.terrain[hex_] != color:
            raise RuleError(_("Your first dwellings must go on your home terrain ({terrain}).").format(
                terrain=_(color)))
        if p.faction.special.get("adjacency", {}).get("direct") == 0 and not self._by_river(hex_):
            raise RuleError(_("The Riverwalkers' dwellings must stand next to a river."))
        if p.home in ("ice", "volcano"):
            s.terrain[hex_] = p.home
        self._place(p, hex_, "D")
        s.setup_queue.pop(0)
        if not s.setup_queue:
            s.phase = "bonus"
            s.setup_queue = s.seats[::-1]

    def _by_river(self, hex_: str) -> bool:
        return any(self.board.cells[n].is_river for n in self.board.neighbours[hex_])

    def _check_setup_turn(self, p: Player) -> None:
        s = self.state
        if not s.setup_queue or s.setup_queue[0] != p.name:
            raise RuleError(_("It is {faction}'s turn to place.").format(
                faction=s.players[s.setup_queue[0]].faction.display if s.setup_queue else "?"))

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        s = self.state
        s.round += 1
        for t in s.bonus_pool:
            s.bonus_pool[t] += 1
        s.blocked.clear()
        s.pass_order = []
        for p in s.players.values():
            p.passed = p.dropped
            p.actions_used.clear()
            p.ship_bonus = 1 if p.bonus == "BON4" else 0
        if s.round > 1:
            self._cult_income()
        if any(s.players[n].spades for n in s.order):
            s.phase = "income-spades"
            s.turn = Turn()
        else:
            self._other_income()

    def _cult_income(self) -> None:
        s = self.state
        t = tile(s.score_tiles[s.round - 2])
        for n in s.order:
            p = s.players[n]
            if p.dropped:
                continue
            if t["cult"] == "CULT_P":
                times = sum(spot == n for spots in s.cult_spots.values() for spot in spots)
            else:
                times = p.cult[t["cult"]] // t["req"]
            if times:
                self._gain(p, {k: v * times for k, v in t["income"].items()}, income_spades=True)
            self._emit(p, "cult_income_for_faction")

    def _other_income(self) -> None:
        s = self.state
        for n in s.order:
            p = s.players[n]
            if p.dropped:
                continue
            self._gain(p, self.income_of(p))
            self._emit(p, "other_income_for_faction")
        s.phase = "play"
        self._start_turn(self._next_player(None))

    def income_of(self, p: Player) -> dict[str, int]:
        """Next round's income (faction board, buildings, bonus and favor tiles)."""
        total: dict[str, int] = {}
        sources = [p.faction.income(b, p.counts[b]) for b in BUILDING_TYPES]
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
        if s.turn.faction is not None or any(not s.players[n].passed for n in s.order):
            return
        if any(self._owes_decision(p) for p in s.players.values()):
            return
        if s.round == 6:
            self._final_scoring()
            return
        if "variable-turn-order" in s.options:
            s.order = list(s.pass_order) + [n for n in s.order if n not in s.pass_order]
        else:
            first = s.seats.index(s.pass_order[0])
            s.order = s.seats[first:] + s.seats[:first]
        self._start_round()

    def _owes_decision(self, p: Player) -> bool:
        return bool(p.leech_offers or p.cult_steps or p.favors_owed or p.towns_owed or p.unlocks_owed
                    or p.lose_cult_owed or p.p3_offers or p.picks_color
                    or (p.spades and self.state.phase == "income-spades"))

    def _start_turn(self, name: str | None) -> None:
        self.state.turn = Turn(faction=name)

    def _next_player(self, current: str | None) -> str | None:
        s = self.state
        order = s.order
        start = order.index(current) + 1 if current in order else 0
        for k in range(len(order)):
            n = order[(start + k) % len(order)]
            if not s.players[n].passed:
                return n
        return None

    def _end_turn(self, p: Player) -> None:
        s = self.state
        if p.w_to_p:
            p.w_to_p = 0
        p.spades = 0
        self._start_turn(self._next_player(p.name))

    # ------------------------------------------------------------------ turn bookkeeping

    def _require_turn(self, p: Player) -> Turn:
        s = self.state
        if s.phase != "play":
            raise RuleError(_("That can only be done during the action phase."))
        if s.turn.faction != p.name:
            who = s.players[s.turn.faction].faction.display if s.turn.faction else _("nobody")
            raise RuleError(_("It is not your turn: it is {faction}'s.").format(faction=who))
        self._check_offers_answered(p)
        return s.turn

    def _check_offers_answered(self, p: Player) -> None:
        """Acting in one's own turn declines the power offers still open."""
        for offer in list(p.leech_offers):
            self._resolve_offer(p, offer, accepted=False if self.leech_amount(p, offer) > 0 else None)


    def _use_subaction(self, p: Player, kind: str, followups: dict[str, int] | None = None) -> None:
        t = self._require_turn(p)
        if t.followups.get(kind, 0) > 0:
            t.followups[kind] -= 1
            return
        if t.actions <= 0:
            raise RuleError(_("You have already taken your action this turn."))
        t.actions -= 1
        t.followups = dict(followups or {})

    # ------------------------------------------------------------------ resources

    def _gain(self, p: Player, gains: dict, income_spades: bool = False) -> None:
        if "KEY" in gains:  # a town's key comes before its cult steps (TW5, TW6 may reach 10)
            p.keys += gains["KEY"]
        for cult in CULTS:  # cult steps in board order: with one key, the first track reaching 10 takes it
            if gains.get(cult):
                self._advance_cult(p, cult, gains[cult])
        for key, n in gains.items():
            if not n:
                continue
            if key in ("VP", "C", "W"):
                setattr(p, key, getattr(p, key) + n)
            elif key == "P":
                self._gain_priests(p, n)
            elif key == "P1":
                n = self.state.player_count if n == "PLAYER_COUNT" else n
                p.power[0] += n
                p.tokens_added += n
            elif key == "P3":
                p.power[2] += n
                p.tokens_added += n
            elif key == "PRIEST_CULT_BONUS":
                p.priest_bonus += n
            elif key == "VOLCANO_TF":
                p.volcano_tf += n
            elif key == "GAIN_P3_FOR_VP":
                p.p3_offers += n
            elif key == "PICK_COLOR":
                p.picks_color = True
            elif key == "PW":
                self._gain_power(p, n)
            elif key == "SPADE":
                self._gain_spades(p, n, income_spades)
            elif key == "GAIN_FAVOR":
                p.favors_owed += n
            elif key == "GAIN_TW":
                p.towns_owed += n
            elif key == "CULT":
                p.cult_steps += n
            elif key == "CULTS_ON_SAME_TRACK":
                p.cult_steps_same_track = True
            elif key == "GAIN_SHIP":
                self._advance_ship(p, free=True)
            elif key == "GAIN_TELEPORT":
                p.teleport_level += 1
            elif key == "CONVERT_W_TO_P":
                p.w_to_p = n
            elif key == "carpet_range":
                pass  # handled with TW7
            # ACTx keys: faction actions come with the stronghold; nothing to record.

    def _gain_spades(self, p: Player, n: int, income: bool = False) -> None:
        special = p.faction.special.get("special")
        if not income:
            self._round_vp(p, "SPADE", n)
        if special and "SPADE" in special and self._enabled(p, special):
            effect = special["SPADE"]
            if special.get("mode") == "replace" or effect.get("SPADE") == -1:
                n_kept = 0  # spades become something else (cult steps, tokens) or are lost
            else:
                n_kept = n
            self._gain(p, {k: v * n for k, v in effect.items() if k != "SPADE"})
            p.spades += n_kept
        else:
            p.spades += n

    def _gain_priests(self, p: Player, n: int) -> None:
        special = p.faction.special.get("special") or {}
        if "P" in special:  # Riverwalkers: each priest becomes an unlock-or-keep choice
            p.unlocks_owed += n
        else:
            p.P = min(p.P + n, p.max_priests)

    def _enabled(self, p: Player, special: dict) -> bool:
        return all(p.counts.get(b, 0) >= c for b, c in (special.get("enable_if") or {}).items())

    def _gain_power(self, p: Player, n: int) -> int:
        b = p.power
        m1 = min(n, b[0])
        b[0] -= m1
        b[1] += m1
        m2 = min(n - m1, b[1])
        b[1] -= m2
        b[2] += m2
        return m1 + m2

    def _pay(self, p: Player, cost: dict, what: str) -> None:
        for key, n in cost.items():
            have = p.power[2] if key == "PW" else getattr(p, key)
            if have < n:
                raise RuleError(_("{what} costs {cost}; you have {have} {res}.").format(
                    what=what, cost=format_cost(cost), have=have, res=key))
        for key, n in cost.items():
            if key == "PW":
                p.power[2] -= n
                p.power[0] += n
            else:
                setattr(p, key, getattr(p, key) - n)

    def _round_vp(self, p: Player, key: str, n: int = 1) -> None:
        s = self.state
        if s.phase != "play" or not 1 <= s.round <= 6:
            return
        vp = tile(s.score_tiles[s.round - 1])["vp"].get(key)
        if vp:
            p.VP += vp * n

    def _advance_cult(self, p: Player, cult: str, n: int) -> int:
        old = p.cult[cult]
        new = min(old + n, 10)
        if new == 10 and old < 10:
            taken = any(o is not p and o.cult[cult] == 10 for o in self.state.players.values())
            # A town being founded brings its key with the tile, so it already counts here.
            if taken or p.keys + p.towns_owed <= 0:
                new = 9
            else:
                p.keys -= 1
        new = max(new, old)
        for level, pw in CULT_POWER:
            if old < level <= new:
                self._gain_power(p, pw)
        p.cult[cult] = new
        return new - old

    def building_power(self, p: Player, kind: str) -> int:
        return (p.faction.special.get("building_strength") or {}).get(kind, BUILDING_POWER[kind])

    def _advance_ship(self, p: Player, free: bool = False) -> None:
        if p.ship >= p.faction.max_ship:
            if free:
                return
            raise RuleError(_("Your shipping is already at its maximum."))
        if not free:
            self._pay(p, p.faction.shipping["advance_cost"], _("Advancing shipping"))
        p.ship += 1
        p.VP += int(p.faction.shipping["vp_on_reaching_level"][str(p.ship)])

    # ------------------------------------------------------------------ the map

    def adjacent(self, hex_: str) -> set[str]:
        """Hexes directly adjacent to hex_, bridges included."""
        out = set(self.board.land_neighbours[hex_])
        for pair in self.state.bridges:
            if hex_ in pair:
                out |= pair - {hex_}
        return out

    def _check_empty_land(self, hex_: str) -> None:
        if not self.board.is_land(hex_):
            raise RuleError(_("{hex} is not a land hex.").format(hex=hex_))
        if hex_ in self.state.owner:
            who = self.state.players[self.state.owner[hex_]].faction.display
            raise RuleError(_("{hex} already has a building of the {faction}.").format(hex=hex_, faction=who))

    def reach(self, p: Player, hex_: str) -> tuple[bool, bool]:
        """(reachable, only by tunnel/carpet) for building or transforming on hex_."""
        by_land = p.faction.special.get("adjacency", {}).get("direct", 1)  # Riverwalkers: 0
        if by_land and any(self.state.owner.get(n) == p.name for n in self.adjacent(hex_)):
            return True, False
        ship = p.ship + p.ship_bonus
        if ship:
            for b in p.buildings:
                d = self.board.ship_distance[b].get(hex_)
                if d is not None and d <= ship:
                    return True, False
        tp = p.faction.teleport
        if tp:
            rng = self.teleport_range(p)
            for b in p.buildings:
                if self.board.grid_distance[b].get(hex_, 99) - 1 <= rng:
                    return True, True
        return False, False

    def teleport_range(self, p: Player) -> int:
        tp = p.faction.teleport
        if tp["type"] == "carpet":
            return min(tp["range_start"] + p.teleport_level + p.towns.count("TW7"), tp["range_max"])
        return tp["range_start"]

    def _check_reach(self, p: Player, hex_: str) -> None:
        ok, teleport = self.reach(p, hex_)
        if not ok:
            ship = p.ship + p.ship_bonus
            dists = [self.board.ship_distance[b][hex_] for b in p.buildings if hex_ in self.board.ship_distance[b]]
            if dists and not p.faction.teleport:
                raise RuleError(_("{hex} is not reachable: your shipping is {ship} and it is {d} river hexes "
                                  "away.").format(hex=hex_, ship=ship, d=min(dists)))
            raise RuleError(_("{hex} is not reachable from your buildings.").format(hex=hex_))
        t = self.state.turn
        if teleport and t.teleported != hex_:
            if t.teleported is not None:
                raise RuleError(_("You can tunnel or fly only once per turn."))
            tp = p.faction.teleport
            level = min(p.teleport_level, len(tp["cost_by_level"]) - 1) if tp["type"] == "tunnel" else 0
            self._pay(p, tp["cost_by_level"][level], _("Reaching {hex}").format(hex=hex_))
            self._gain(p, tp["gain_by_level"][level])
            t.teleported = hex_

    def spades_needed(self, p: Player, hex_: str, target: str) -> int:
        """Spades to turn hex_ into target (0: nothing to do); RuleError when impossible."""
        current = self.state.terrain[hex_]
        if current == target:
            return 0
        if current in ("ice", "volcano"):
            raise RuleError(_("Ice and volcanoes can never be transformed again."))
        if target == "ice":
            if p.home != "ice":
                raise RuleError(_("Only the ice factions cover terrain with ice."))
            return wheel_distance(current, p.color, p.color) or 1
        if target not in TERRAINS:
            raise RuleError(_("Unknown terrain {terrain}.").format(terrain=target))
        if p.faction.name == "giants":
            return 2
        return wheel_distance(current, target, p.color or p.home)

    def _place(self, p: Player, hex_: str, kind: str) -> None:
        s = self.state
        old = p.buildings.get(hex_)
        if old:
            p.counts[old] -= 1
        p.buildings[hex_] = kind
        p.counts[kind] += 1
        s.owner[hex_] = p.name

    # ------------------------------------------------------------------ actions

    def _do_build(self, p: Player, a: A.Build) -> None:
        s = self.state
        if s.phase == "dwellings":
            return self._setup_dwelling(p, a.hex)
        self._use_subaction(p, "build")
        self._check_empty_land(a.hex)
        if p.counts["D"] >= 8:
            raise RuleError(_("All your dwellings are already on the map."))
        free = p.free_dwelling
        if free:
            if s.terrain[a.hex] != p.home:
                raise RuleError(_("Your stronghold's action builds only on your home terrain."))
        else:
            if s.terrain[a.hex] in p.unlocked:
                self._check_reach(p, a.hex)
            elif s.terrain[a.hex] != p.home:
                if p.unlocked:
                    raise RuleError(_("The Riverwalkers build only on terrain they have unlocked."))
                self._transform(p, a.hex, p.home, in_build=True)
            else:
                self._check_reach(p, a.hex)
            self._pay(p, p.faction.cost("D"), _("A dwelling"))
        p.free_dwelling = False
        self._place(p, a.hex, "D")
        for fav in p.favors:
            p.VP += tile(fav).get("vp", {}).get("D", 0)
        self._round_vp(p, "D")
        self._offer_leech(p, a.hex)
        self._check_town(p, a.hex)

    def _do_upgrade(self, p: Player, a: A.Upgrade) -> None:
        s = self.state
        to = a.to
        if p.buildings.get(a.hex) is None:
            raise RuleError(_("You have no building on {hex}.").format(hex=a.hex))
        frm = p.buildings[a.hex]
        if UPGRADES.get(to) != frm:
            raise RuleError(_("A {frm} cannot be upgraded to a {to}.").format(
                frm=_(BUILDING_NAMES[frm]), to=_(BUILDING_NAMES.get(to, to))))
        if p.counts[to] >= p.faction.buildings[to]["count"]:
            raise RuleError(_("You have no {kind} left to build.").format(kind=_(BUILDING_NAMES[to])))
        if p.free_tp and to == "TP":
            self._use_subaction(p, "upgrade")
            p.free_tp = False
        else:
            self._use_subaction(p, "upgrade")
            cost = dict(p.faction.cost(to))
            if to == "TP" and not any(s.owner.get(n) not in (None, p.name) for n in self.adjacent(a.hex)):
                cost["C"] = cost.get("C", 0) * 2
            self._pay(p, cost, _("A {kind}").format(kind=_(BUILDING_NAMES[to])))
        index = p.counts[to]
        self._place(p, a.hex, to)
        gains = p.faction.on_build(to, index)
        self._gain(p, gains)
        followups = p.faction.buildings[to].get("followup_subactions")
        if followups:
            for k, v in followups.items():
                s.turn.followups[k] = s.turn.followups.get(k, 0) + v
        if to == "TP":
            for fav in p.favors:
                p.VP += tile(fav).get("vp", {}).get("TP", 0)
        self._round_vp(p, to)
        self._offer_leech(p, a.hex)
        self._check_town(p, a.hex)

    def _transform(self, p: Player, hex_: str, target: str, in_build: bool = False) -> None:
        s = self.state
        if not in_build:
            self._check_empty_land(hex_)
        if p.unlocked:
            raise RuleError(_("The Riverwalkers never transform terrain: they unlock it with priests."))
        if target == "volcano" or p.home == "volcano":
            return self._volcano(p, hex_, target, in_build)
        need = self.spades_needed(p, hex_, target)
        if need == 0:
            raise RuleError(_("{hex} is already {terrain}.").format(hex=hex_, terrain=_(target)))
        if s.phase == "play" and s.turn.followups.get("sandstorm"):
            return self._sandstorm(p, hex_, target)
        if s.phase == "income-spades":
            if p.spades <= 0:
                raise RuleError(_("You have no spades to use."))
        else:
            t = s.turn
            if t.followups.get("transform", 0) > 0:
                t.followups["transform"] -= 1
            elif in_build:
                pass  # the build action itself includes one transformation
            else:
                self._use_subaction(p, "transform", {"build": 1})
        self._check_reach(p, hex_)
        if p.spades < need:
            if s.phase != "play":
                raise RuleError(_("{hex} needs {n} spades; you have {have}.").format(
                    hex=hex_, n=need, have=p.spades))
            self.auto_dug = need - p.spades  # written out as `dig N` when the log is exported
            self._dig(p, need - p.spades)
        p.spades -= need
        s.terrain[hex_] = target
        s.turn.transformed.add(hex_)

    def _volcano(self, p: Player, hex_: str, target: str, in_build: bool) -> None:
        """Volcano factions raise a volcano with `dig`, paying cult steps or power tokens."""
        s = self.state
        if p.home != "volcano" or target != "volcano":
            raise RuleError(_("Volcano factions only turn terrain into volcanoes."))
        current = s.terrain[hex_]
        if current in ("ice", "volcano"):
            raise RuleError(_("Ice and volcanoes can never be transformed again."))
        if s.phase != "play":
            raise RuleError(_("Volcanoes are raised with the transform-and-build action."))
        t = s.turn
        if t.followups.get("transform", 0) > 0:
            t.followups["transform"] -= 1
        elif not in_build:
            self._use_subaction(p, "transform", {"build": 1})
        self._check_reach(p, hex_)
        if p.volcano_tf <= 0:
            self.auto_dug = 1
            self._dig(p, 1)
        effect = p.faction.special["volcano_effect"]["home" if current in self.home_colors(p) else "not_home"]
        if "LOSE_CULT" in effect:
            n = effect["LOSE_CULT"]
            if max(p.cult.values()) < n:
                raise RuleError(_("A volcano here costs {n} steps back on one cult track; no track has them.").format(n=n))
            p.lose_cult_owed = n
        if "LOSE_PW_TOKEN" in effect:
            self._lose_tokens(p, effect["LOSE_PW_TOKEN"])
        p.volcano_tf -= 1
        s.terrain[hex_] = "volcano"
        t.transformed.add(hex_)

    def _lose_tokens(self, p: Player, n: int) -> None:
        """Remove n power tokens from the game, from bowl I first, then II, then III."""
        if sum(p.power) < n:
            raise RuleError(_("That needs {n} power tokens; you have {have}.").format(n=n, have=sum(p.power)))
        left = n
        for i in range(3):
            m = min(left, p.power[i])
            p.power[i] -= m
            left -= m
        p.tokens_added -= n

    def _sandstorm(self, p: Player, hex_: str, target: str) -> None:
        """Nomads' stronghold action: a free transformation of a hex directly next to them."""
        s = self.state
        self._require_turn(p)
        if target != p.home:
            raise RuleError(_("The sandstorm turns a hex into desert only."))
        if not any(s.owner.get(n) == p.name for n in self.board.land_neighbours[hex_]):
            raise RuleError(_("The sandstorm reaches only hexes directly next to your buildings (no bridges, "
                              "no shipping)."))
        s.turn.followups["sandstorm"] = 0
        s.turn.followups["transform"] = 0
        s.terrain[hex_] = target
        s.turn.transformed.add(hex_)

    def _do_transform(self, p: Player, a: A.Transform) -> None:
        target = a.color
        if target == "grey":
            target = "gray"
        if target is None:
            target = self._closest_to_home(p, a.hex)
        if target not in TERRAINS + ("ice", "volcano"):
            raise RuleError(_("Unknown terrain {terrain}.").format(terrain=target))
        self._transform(p, a.hex, target)

    def _closest_to_home(self, p: Player, hex_: str) -> str:
        home = p.home
        current = self.state.terrain[hex_]
        if home not in TERRAINS:
            return home
        if p.spades <= 0 or self.spades_needed(p, hex_, home) <= p.spades:
            return home
        i, h = TERRAINS.index(current), TERRAINS.index(home)
        step = 1 if (h - i) % 7 <= 3 else -1
        return TERRAINS[(i + step * p.spades) % 7]

    def _dig(self, p: Player, n: int) -> None:
        if not p.faction.digging:
            raise RuleError(_("The Riverwalkers cannot dig."))
        cost = {k: v * n for k, v in p.faction.spade_cost(p.dig).items()}
        self._pay(p, cost, _("{n} spade(s)").format(n=n))
        gain = {k: v * n for k, v in p.faction.dig_gain(p.dig).items()}
        self._gain(p, gain)

    def _do_dig(self, p: Player, a: A.Dig) -> None:
        if a.spades <= 0:
            raise RuleError(_("Dig at least one spade."))
        self._use_subaction(p, "dig", {"dig": 9, "transform": 1, "build": 1})
        self._dig(p, a.spades)

    def _do_discard_spade(self, p: Player, a: A.DiscardSpade) -> None:
        if p.spades < a.n:
            raise RuleError(_("You have no spade to discard."))
        p.spades -= a.n

    def _do_convert(self, p: Player, a: A.Convert) -> None:
        s = self.state
        if s.phase == "play":
            if s.turn.faction != p.name:
                raise RuleError(_("Conversions are made in your own turn."))
            self._check_offers_answered(p)
        elif s.phase != "income-spades":
            raise RuleError(_("Conversions are made in your own turn."))
        give, get = a.give.upper(), a.get.upper()
        if give == "W" and get == "P":
            if a.give_n != a.get_n or a.give_n > p.w_to_p:
                raise RuleError(_("You cannot turn workers into priests now."))
            if p.W < a.give_n:
                raise RuleError(_("You do not have {n} workers.").format(n=a.give_n))
            p.W -= a.give_n
            p.P = min(p.P + a.get_n, p.max_priests)
            p.w_to_p -= a.give_n
            return
        rates = dict(PW_RATES)
        special = p.faction.special.get("exchange_rates") or {}
        for g, targets in special.items():
            for t, r in targets.items():
                rates[(g, t)] = r
        rate = rates.get((give, get))
        if rate is None or a.get_n <= 0 or a.give_n != rate * a.get_n:
            raise RuleError(_("Cannot convert {give} into {get}.").format(
                give=f"{a.give_n} {give}", get=f"{a.get_n} {get}"))
        self._pay(p, {give: a.give_n}, _("This conversion"))
        if get == "P":
            self._gain_priests(p, a.get_n)
        else:
            setattr(p, get, getattr(p, get) + a.get_n)

    def _do_burn(self, p: Player, a: A.Burn) -> None:
        s = self.state
        if s.phase != "play" or s.turn.faction != p.name:
            raise RuleError(_("Power is burned in your own turn."))
        if a.n < 0 or p.power[1] < 2 * a.n:
            raise RuleError(_("Burning {n} power needs {m} tokens in bowl II; you have {have}.").format(
                n=a.n, m=2 * a.n, have=p.power[1]))
        p.power[1] -= 2 * a.n
        p.power[2] += a.n

    def _do_action(self, p: Player, a: A.UseAction) -> None:
        s = self.state
        name = a.name.upper()
        if name in ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6"):
            if name in s.blocked and not self.may_reuse(p, name):
                raise RuleError(_("That power action has already been taken this round."))
            self._check_not_forbidden(p, name)
            self._use_subaction(p, "action", self.action_followups(p, name))
            self._pay(p, self.power_action_cost(p, name), _("That power action"))
            s.blocked.add(name)
        elif name in ("BON1", "BON2"):
            if p.bonus != name:
                raise RuleError(_("You do not hold bonus tile {tile}.").format(tile=name))
            self._check_not_forbidden(p, name)
            self._once_per_round(p, name)
            self._use_subaction(p, "action", self.action_followups(p, name))
        elif name == "FAV6":
            if "FAV6" not in p.favors:
                raise RuleError(_("You do not hold favor tile {tile}.").format(tile=name))
            self._once_per_round(p, name)
            d = action_def(name)
            self._use_subaction(p, "action", d.get("subaction"))
        elif name.startswith("ACT") and name in raw()["actions_raw"]:
            if name not in self._faction_actions(p):
                raise RuleError(_("You do not have that action (it comes with your stronghold)."))
            d = action_def(name)
            if not d.get("dont_block"):
                self._once_per_round(p, name)
            if name == "ACTC":
                t = self._require_turn(p)
                if t.actions <= 0:
                    raise RuleError(_("You have already taken your action this turn."))
                t.actions += 1  # the double action: this one and two more
                t.followups = {}
                t.extra_action = True
                p.actions_used.add(name)
                return
            self._use_subaction(p, "action", d.get("subaction"))
            cost = dict(d["cost"])
            cost.pop("ALLOW_SHAPESHIFT", None)
            tokens = cost.pop("PW_TOKEN", 0)
            self._pay(p, cost, _("That action"))
            if tokens:
                self._lose_tokens(p, tokens)
            if name == "ACTW":
                p.free_dwelling = True
            elif name == "ACTS":
                p.free_tp = True
            gain = {k: v for k, v in d["gain"].items() if k not in ("FREE_D", "FREE_TP", "TELEPORT_NO_TF", "FREE_TF", "TF_NEED_HEX_ADJACENCY")}
            self._gain(p, gain)
            if name == "ACTN":
                s.turn.followups["sandstorm"] = 1
            return
        else:
            raise RuleError(_("Unknown action {name}.").format(name=a.name))
        self._gain(p, action_def(name)["gain"])

    def power_action_cost(self, p: Player, name: str) -> dict:
        cost = dict(action_def(name)["cost"])
        for k, v in ((p.faction.special.get("discount") or {}).get(name) or {}).items():
            cost[k] = cost.get(k, 0) - v  # Yetis pay 1 power less
        return cost

    def may_reuse(self, p: Player, name: str) -> bool:
        """Yetis with their stronghold may take power actions that are already taken."""
        for gain in p.faction.buildings["SH"].get("on_build_gain") or []:
            if p.counts["SH"] and name in (gain.get("allow_reuse") or {}):
                return True
        return False

    def action_followups(self, p: Player, name: str) -> dict:
        override = (p.faction.special.get("action") or {}).get(name)
        if override is not None and "subaction" in override:
            return override["subaction"]  # volcano factions: the spades become something else
        return action_def(name).get("subaction") or {}

    def _check_not_forbidden(self, p: Player, name: str) -> None:
        if ((p.faction.special.get("action") or {}).get(name) or {}).get("forbid"):
            raise RuleError(_("The {faction} cannot use spades, so {name} is not for them.").format(
                faction=p.faction.display, name=name))

    def _faction_actions(self, p: Player) -> set[str]:
        out = set()
        if p.counts["SH"]:
            for gain in p.faction.buildings["SH"].get("on_build_gain") or []:
                out |= {k for k in gain if k.startswith("ACT")}
        if p.faction.special.get("ACTE"):
            out.add("ACTE")
        return out

    def _once_per_round(self, p: Player, name: str) -> None:
        if name in p.actions_used:
            raise RuleError(_("You have already used {name} this round.").format(name=name))
        self._require_turn(p)
        p.actions_used.add(name)

    def _do_send(self, p: Player, a: A.SendPriest) -> None:
        s = self.state
        cult = a.cult.upper()
        if cult not in CULTS:
            raise RuleError(_("Unknown cult track {cult}.").format(cult=a.cult))
        if p.P <= 0:
            raise RuleError(_("You have no priest to send."))
        spots = s.cult_spots[cult]
        if a.spot is None:
            free = [i for i, o in enumerate(spots) if o is None]
            index = free[0] if free else None
        elif a.spot == 1:
            index = None
        else:
            free = [i for i, o in enumerate(spots) if o is None and CULT_SPOT_VALUES[i] == a.spot]
            if not free:
                raise RuleError(_("No free {n}-step space on that track.").format(n=a.spot))
            index = free[0]
        self._use_subaction(p, "send")
        p.P -= 1
        steps = 1
        if index is not None:
            spots[index] = p.name
            p.priests_on_cults += 1
            steps = CULT_SPOT_VALUES[index]
        self._advance_cult(p, cult, steps + p.priest_bonus)

    def _do_advance(self, p: Player, a: A.Advance) -> None:
        track = a.track.lower()
        if track.startswith("ship"):
            if p.ship >= p.faction.max_ship:
                raise RuleError(_("Your shipping is already at its maximum."))
            self._use_subaction(p, "advance")
            self._advance_ship(p)
        elif track.startswith("dig"):
            if p.dig >= p.faction.max_dig or not p.faction.digging.get("advance_cost"):
                raise RuleError(_("Your digging is already at its maximum."))
            self._use_subaction(p, "advance")
            self._pay(p, p.faction.digging["advance_cost"], _("Advancing digging"))
            p.dig += 1
            p.VP += int(p.faction.digging["vp_on_reaching_level"][str(p.dig)])
        else:
            raise RuleError(_("Unknown track {track}.").format(track=a.track))

    def _do_bridge(self, p: Player, a: A.PlaceBridge) -> None:
        s = self.state
        pair = frozenset((a.a, a.b))
        t = self._require_turn(p)
        if t.followups.get("bridge", 0) <= 0:
            raise RuleError(_("A bridge needs the bridge power action (or the Engineers' action)."))
        if pair not in self.board.bridge_slots:
            raise RuleError(_("A bridge cannot join {a} and {b}.").format(a=a.a, b=a.b))
        if pair in s.bridges:
            raise RuleError(_("There is already a bridge there."))
        if len(p.bridges) >= 3:
            raise RuleError(_("You have no bridges left."))
        if not any(s.owner.get(h) == p.name for h in pair):
            raise RuleError(_("One end of the bridge must touch one of your buildings."))
        t.followups["bridge"] -= 1
        s.bridges[pair] = p.name
        p.bridges.append((a.a, a.b))
        for h in pair:
            if s.owner.get(h) == p.name:
                self._check_town(p, h)

    def _do_connect(self, p: Player, a: A.Connect) -> None:
        s = self.state
        river = a.river
        if ":" in river:
            x, y = river.split(":")
            common = [r for r in self.board.neighbours.get(x, ()) if r in self.board.neighbours.get(y, ())
                      and self.board.cells[r].is_river]
            if not common:
                raise RuleError(_("{a} and {b} are not separated by one river hex.").format(a=x, b=y))
            river = common[0]
        if p.faction.name != "mermaids" or river not in self.board.cells or not self.board.cells[river].is_river:
            raise RuleError(_("Only the Mermaids can join a town across a river hex."))
        if s.turn.faction != p.name:
            raise RuleError(_("It is not your turn."))
        own = [h for h in self.board.neighbours[river] if s.owner.get(h) == p.name]
        if len(own) < 2:
            raise RuleError(_("That river hex does not join two of your buildings."))
        p.connects.append(river)
        before = p.towns_owed
        self._check_town(p, own[0])
        if p.towns_owed == before:
            p.connects.pop()
            raise RuleError(_("Skipping that river hex does not found a town."))

    def _do_pass(self, p: Player, a: A.Pass) -> None:
        s = self.state
        if s.phase == "bonus":
            self._check_setup_turn(p)
            self._take_bonus(p, a.bonus)
            s.setup_queue.pop(0)
            return
        t = self._require_turn(p)
        if p.passed:
            raise RuleError(_("You have already passed this round."))
        if s.round < 6 and not a.bonus:
            raise RuleError(_("Choose a bonus tile when you pass."))
        if s.round == 6 and a.bonus:
            raise RuleError(_("No bonus tile is taken when passing in the last round."))
        if a.bonus and a.bonus not in s.bonus_pool:
            raise RuleError(_("Bonus tile {tile} is not available.").format(tile=a.bonus))
        self._use_subaction(p, "pass")
        if "strict-chaosmagician-sh" in s.options:
            t.actions = 0  # passing ends the turn, even in the middle of a double action
        p.VP += self.pass_vp(p)
        p.passed = True
        p.ship_bonus = 0
        s.pass_order.append(p.name)
        if a.bonus:
            self._take_bonus(p, a.bonus)
        elif p.bonus:
            s.bonus_pool[p.bonus] = 0
            p.bonus = None
        t.passed_now = True

    def pass_vp(self, p: Player) -> int:
        vp = 0
        tiles = ([p.bonus] if p.bonus else []) + p.favors
        for name in tiles:
            for key, table in (tile(name).get("pass_vp") or {}).items():
                level = p.ship if key == "ship" else p.counts[key]
                vp += table[min(level, len(table) - 1)]
        for kind in BUILDING_TYPES:
            b = p.faction.buildings[kind]
            if p.counts[kind] and "pass_vp_by_number_built" in b:
                for key, table in b["pass_vp_by_number_built"][p.counts[kind]].items():
                    vp += table[p.counts[key]]
            if p.counts[kind] and "pass_vp_per_linking_bridge" in b:
                linking = sum(1 for x, y in p.bridges if x in p.buildings and y in p.buildings)
                vp += b["pass_vp_per_linking_bridge"] * linking
        return vp

    def _take_bonus(self, p: Player, name: str | None) -> None:
        s = self.state
        if name not in s.bonus_pool:
            raise RuleError(_("Bonus tile {tile} is not available.").format(tile=name))
        coins = s.bonus_pool.pop(name)
        p.C += coins
        if p.bonus:
            s.bonus_pool[p.bonus] = 0
        p.bonus = name

    def _do_take_tile(self, p: Player, a: A.TakeTile) -> None:
        name = a.tile.upper()
        if name.startswith("FAV"):
            self._take_favor(p, name)
        elif name.startswith("TW"):
            self._take_town(p, name)
        elif name in BONUS_TILE_NAMES:
            raise RuleError(_("Bonus tiles are taken when passing."))
        else:
            raise RuleError(_("Unknown tile {tile}.").format(tile=a.tile))

    def _take_favor(self, p: Player, name: str) -> None:
        s = self.state
        if p.favors_owed <= 0:
            raise RuleError(_("You have no favor tile to take."))
        if name in p.favors:
            raise RuleError(_("You already have {tile}: each favor tile at most once.").format(tile=name))
        if s.favor_pool.get(name, 0) <= 0:
            raise RuleError(_("No {tile} is left.").format(tile=name))
        s.favor_pool[name] -= 1
        p.favors_owed -= 1
        p.favors.append(name)
        if "TOWN_SIZE" in tile(name)["gain"]:  # towns first: a town founded now brings a key for the cult step
            for h in list(p.buildings):
                if h not in p.town_hexes:
                    self._check_town(p, h)
        self._gain(p, {k: v for k, v in tile(name)["gain"].items() if k != "TOWN_SIZE"})

    def _take_town(self, p: Player, name: str) -> None:
        s = self.state
        if p.towns_owed <= 0:
            raise RuleError(_("You have not founded a town."))
        if s.town_pool.get(name, 0) <= 0:
            raise RuleError(_("No {tile} is left.").format(tile=name))
        s.town_pool[name] -= 1
        p.towns_owed -= 1
        p.towns.append(name)
        gain = dict(tile(name)["gain"])
        if name == "TW7" and p.faction.teleport and p.faction.teleport["type"] == "carpet":
            gain.pop("GAIN_SHIP", None)
        self._gain(p, gain)
        special = p.faction.special.get("special")
        if special and name in special:
            self._gain(p, special[name])
        self._round_vp(p, name)

    def _do_cult_step(self, p: Player, a: A.CultStep) -> None:
        cult = a.cult.upper()
        if cult not in CULTS:
            raise RuleError(_("Unknown cult track {cult}.").format(cult=a.cult))
        if a.n < 0 and p.lose_cult_owed:
            # Acolytes pay for a volcano with steps back on one track (no power is lost).
            if -a.n != p.lose_cult_owed or p.cult[cult] < p.lose_cult_owed:
                raise RuleError(_("Step back {n} on one cult track where you have them.").format(
                    n=p.lose_cult_owed))
            p.cult[cult] += a.n
            p.lose_cult_owed = 0
            return
        if a.n < 0:
            # Stepping back to leave a single key to another track (TW5): not from 10, not below 7.
            if self.state.turn.faction != p.name or p.cult[cult] == 10 or p.cult[cult] + a.n < 7:
                raise RuleError(_("You cannot step back on {cult} now.").format(cult=cult))
            p.cult[cult] += a.n
            return
        if p.cult_steps < a.n:
            raise RuleError(_("You have no cult step to take."))
        if p.cult_steps_same_track and a.n != p.cult_steps:
            raise RuleError(_("Both steps go on the same cult track."))
        p.cult_steps -= a.n
        if p.cult_steps == 0:
            p.cult_steps_same_track = False
        self._advance_cult(p, cult, a.n)

    def _do_done(self, p: Player, a: A.Done) -> None:
        s = self.state
        if s.phase == "income-spades":
            p.spades = 0
            return
        t = self._require_turn(p)
        if t.actions > 0 and not t.passed_now:
            raise RuleError(_("Take an action before ending your turn."))
        if p.favors_owed:
            raise RuleError(_("Choose your favor tile first."))
        if p.towns_owed:
            raise RuleError(_("Choose your town tile first."))
        if p.cult_steps:
            raise RuleError(_("Choose a cult track for your step first."))
        if p.lose_cult_owed:
            raise RuleError(_("Choose the cult track that pays for your volcano first."))
        if p.unlocks_owed:
            raise RuleError(_("Choose what your new priest unlocks first."))
        if p.picks_color:
            raise RuleError(_("Choose your new terrain colour first."))
        self._end_turn(p)

    def _do_unlock(self, p: Player, a: A.UnlockTerrain) -> None:
        """Riverwalkers: a priest gained unlocks a colour (1 C, 2 C for another's home) or is kept."""
        if p.unlocks_owed <= 0:
            raise RuleError(_("You have no priest to place now."))
        locked = p.faction.special["locked_terrain"]
        if a.color == "gain-priest":
            if p.P >= p.max_priests:
                raise RuleError(_("All your priests are already out: unlock a terrain instead."))
            p.P += 1
        else:
            if a.color not in TERRAINS:
                raise RuleError(_("Unknown terrain {terrain}.").format(terrain=a.color))
            if a.color in p.unlocked:
                raise RuleError(_("{terrain} is already unlocked.").format(terrain=_(a.color)))
            rule = locked[a.color]["home" if a.color in self.home_colors(p) else "not_home"]
            self._pay(p, rule.get("cost", {}), _("Unlocking {terrain}").format(terrain=_(a.color)))
            p.priest_limit += rule.get("gain", {}).get("MAX_P", 0)
            p.unlocked.add(a.color)
        p.unlocks_owed -= 1

    def _do_token_for_vp(self, p: Player, a: A.TokenForVP) -> None:
        """Shapeshifters: an opponent took their power; a new token in bowl III costs 1 VP."""
        if p.p3_offers <= 0:
            raise RuleError(_("You have no power token to buy now."))
        if a.take:
            if p.VP < 1:
                raise RuleError(_("You have no VP to pay for the token."))
            p.VP -= 1
            p.power[2] += 1
            p.tokens_added += 1
        p.p3_offers -= 1

    def _drop(self, p: Player) -> None:
        s = self.state
        p.dropped = True
        p.passed = True
        p.leech_offers.clear()
        if s.turn.faction == p.name:
            self._start_turn(self._next_player(p.name))
        if s.phase == "play":
            self._maybe_end_round()

    # ------------------------------------------------------------------ leech

    def _offer_leech(self, p: Player, hex_: str) -> None:
        s = self.state
        adjacent = self.adjacent(hex_)
        event = s.next_event
        s.next_event += 1
        offers = 0
        start = s.order.index(p.name) if p.name in s.order else 0
        for k in range(1, len(s.order)):
            other = s.players[s.order[(start + k) % len(s.order)]]
            if other.dropped:
                continue
            amount = sum(self.building_power(other, b) for h, b in other.buildings.items() if h in adjacent)
            if amount:
                # An offer that could give nothing now (full bowls) does not count for the builder's
                # abilities (Cultists), but can still be answered.
                real = min(amount, 2 * other.power[0] + other.power[1]) > 0
                other.leech_offers.append(LeechOffer(p.name, amount, event if real else -1))
                offers += real
        if offers:
            s.leech_events[event] = {"source": p.name, "open": offers, "accepted": False}

    def leech_amount(self, p: Player, offer: LeechOffer) -> int:
        return min(offer.amount, 2 * p.power[0] + p.power[1], p.VP + 1)

    def _find_offer(self, p: Player, source: str | None, amount: int | None) -> LeechOffer:
        """The offer an answer refers to: from that source, the same amount if any, else the oldest."""
        matching = [o for o in p.leech_offers if source is None or o.source == source.lower()]
        for offer in matching:
            if amount is None or self.leech_amount(p, offer) == amount or offer.amount == amount:
                return offer
        if matching:
            return matching[0]
        raise RuleError(_("There is no power offer to answer."))

    def _do_leech(self, p: Player, a: A.Leech) -> None:
        offer = self._find_offer(p, a.source, a.amount)
        actual = self.leech_amount(p, offer)
        got = self._gain_power(p, actual)
        p.VP -= max(got - 1, 0)
        # Taking nothing (full bowls) is neither accepting nor declining for the builder's abilities.
        self._resolve_offer(p, offer, accepted=True if got > 0 else None)

    def _do_decline(self, p: Player, a: A.Decline) -> None:
        if a.source is None:
            if not p.leech_offers:
                raise RuleError(_("There is no power offer to answer."))
            offers = list(p.leech_offers)
        else:
            offers = [self._find_offer(p, a.source, a.amount)]
        for offer in offers:
            # Declining what could give nothing (full bowls) is no refusal: it counts as no answer.
            self._resolve_offer(p, offer, accepted=False if self.leech_amount(p, offer) > 0 else None)

    def _resolve_offer(self, p: Player, offer: LeechOffer, accepted: bool | None) -> None:
        """accepted: True (took power), False (declined), None (lapsed unanswered)."""
        s = self.state
        p.leech_offers.remove(offer)
        ev = s.leech_events.get(offer.event)
        if ev is None:
            return
        source = s.players[ev["source"]]
        effect = source.faction.special.get("leech_effect")
        ev["open"] -= 1
        ev["lapsed"] = ev.get("lapsed", False) or accepted is None
        if accepted and not ev["accepted"]:
            ev["accepted"] = True
            if effect:
                self._gain(source, effect["taken"])
                self._emit(source, "[opponent accepted power]")
        if ev["open"] == 0:
            del s.leech_events[offer.event]
            errata_ok = source.faction.name != "cultists" or "errata-cultist-power" in s.options
            if effect and not ev["accepted"] and not ev["lapsed"] and errata_ok:
                self._gain(source, effect["not_taken"])
                self._emit(source, "[all opponents declined power]")

    # ------------------------------------------------------------------ towns

    def _group(self, p: Player, hex_: str) -> set[str]:
        """p's buildings connected to hex_ for towns: adjacency, bridges, Mermaids' river skips."""
        s = self.state
        links = final_scoring.river_links(self, p)
        group = {hex_}
        stack = [hex_]
        while stack:
            h = stack.pop()
            for n in self.adjacent(h) | links.get(h, set()):
                if n not in group and s.owner.get(n) == p.name:
                    group.add(n)
                    stack.append(n)
        return group

    def _check_town(self, p: Player, hex_: str) -> None:
        group = self._group(p, hex_)
        if group & p.town_hexes:
            p.town_hexes |= group
            return
        kinds = [p.buildings[h] for h in group]
        size = len(kinds) + kinds.count("SA")
        power = sum(self.building_power(p, k) for k in kinds)
        need = 6 if "FAV5" in p.favors else 7
        if size >= 4 and power >= need:
            p.town_hexes |= group
            self._gain(p, {"GAIN_TW": 1})

    # ------------------------------------------------------------------ final scoring

    def _final_scoring(self) -> None:
        s = self.state
        live = [s.players[n] for n in s.order]
        for cult in CULTS:
            self._award(live, {p.name: p.cult[cult] for p in live}, (8, 4, 2), f"{cult}")
        self._award(live, {p.name: self.network_size(p) for p in live}, (18, 12, 6), "network")
        final = self.setup.final_scoring
        if final:  # Fire & Ice final scoring tile, right after area scoring
            metric = {p.name: final_scoring.final_tile_metric(self, p, final) for p in live}
            self._award(live, metric, (18, 12, 6), final_scoring.FINAL_TILE_LABELS[final])
        for p in live:
            n = p.power[1] // 2
            p.power[1] -= 2 * n
            p.power[2] += n
            p.C += p.power[2] + p.P + p.W
            p.power[0] += p.power[2]
            p.power[2] = p.P = p.W = 0
            rate = (p.faction.special.get("exchange_rates") or {}).get("C", {}).get("VP", 3)
            p.VP += p.C // rate
            p.C %= rate
            self._emit(p, "score_resources")
        s.phase = "finished"
        s.turn = Turn()

    def _award(self, players: list[Player], metric: dict[str, int], points: tuple, label: str) -> None:
        shares = rank_points(metric, points)
        for p in players:
            if p.name in shares:
                p.VP += shares[p.name]
                self._emit(p, f"+{shares[p.name]}vp for {label}")

    def network_size(self, p: Player) -> int:
        return final_scoring.network_size(self, p)

    _HANDLERS = {
        A.Build: _do_build,
        A.Upgrade: _do_upgrade,
        A.Transform: _do_transform,
        A.Dig: _do_dig,
        A.Convert: _do_convert,
        A.Burn: _do_burn,
        A.UseAction: _do_action,
        A.SendPriest: _do_send,
        A.Advance: _do_advance,
        A.PlaceBridge: _do_bridge,
        A.Connect: _do_connect,
        A.Pass: _do_pass,
        A.TakeTile: _do_take_tile,
        A.CultStep: _do_cult_step,
        A.Leech: _do_leech,
        A.Decline: _do_decline,
        A.Done: _do_done,
        A.DiscardSpade: _do_discard_spade,
        A.PickColor: _do_pick_color,
        A.UnlockTerrain: _do_unlock,
        A.TokenForVP: _do_token_for_vp,
    }


BONUS_TILE_NAMES = {f"BON{i}" for i in range(1, 11)}
#: Fire & Ice factions come with the option that brings them into play.
FACTION_OPTION = {
    "icemaidens": "fire-and-ice-factions/ice", "yetis": "fire-and-ice-factions/ice",
    "acolytes": "fire-and-ice-factions/volcano", "dragonlords": "fire-and-ice-factions/volcano",
    "riverwalkers": "fire-and-ice-factions/variable_v5", "shapeshifters": "fire-and-ice-factions/variable_v5",
}


def format_cost(cost: dict) -> str:
    return " + ".join(f"{n} {k}" for k, n in cost.items() if n)
