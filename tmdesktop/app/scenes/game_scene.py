"""The map view: the whole table on one screen, played with the mouse and the keyboard.

Input becomes intents (engine actions) chosen among the engine's legal actions; the scene only
draws the engine's state.  A click that matches no legal action is still sent to the engine, so
the player reads the engine's own explanation of why it is not allowed.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules.constants import CULT_SPOT_VALUES
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.rules.preview import offer_terms

from .. import describe, legal, text, theme, tile_texts
from ..session import Session
from ..views import layout, widgets
from ..views.cults import CultView
from ..views.hexmap import HexMapView
from ..views.players import PlayersView
from ..views.supply import PoolsView, SupplyView
from .base import Scene
from .dialogs import (ChoiceScene, ConfirmScene, ConvertScene, FactionBoardScene, FinalScoresScene, HandoffNotice,
                      HandoffScene, Option, RoundSummaryScene)

TOAST_SECONDS = 4.5
TOOLS = {"build": (A.Build,), "upgrade": (A.Upgrade,), "transform": (A.Transform,)}
HEX_ACTIONS = (A.Build, A.Upgrade, A.Transform)
#: Answers that open a picker (or a hand-off when they are asked out of turn), by decision kind.
PICKED = {"leech", "color", "unlock", "lose-cult", "p3", "cult", "favor", "town", "bonus"}


def describe_action(game, a: A.Action) -> str:
    """`describe.action`, plus the Fire & Ice answers and the Mermaids' river skip."""
    if isinstance(a, A.PickColor):
        return _("Take {terrain} as your colour").format(terrain=describe.terrain(a.color))
    if isinstance(a, A.UnlockTerrain):
        if a.color == "gain-priest":
            return _("Keep the priest")
        return _("Unlock {terrain}").format(terrain=describe.terrain(a.color))
    if isinstance(a, A.TokenForVP):
        return _("Buy a power token in bowl III for 1 VP") if a.take else _("Do not buy the token")
    if isinstance(a, A.CultStep) and a.n < 0:
        return _("Lose {n} on {cult}").format(n=-a.n, cult=describe.cult(a.cult))
    if isinstance(a, A.Connect):
        return _("Join a town across river hex {hex}").format(hex=a.river)
    if isinstance(a, A.DiscardSpade):
        return _("Discard the remaining spades")
    if isinstance(a, A.UseAction) and a.name == "ACTC":
        return _("Double turn: take two actions (stronghold)")
    return describe.action(game, a)


def piece_terrain(p) -> str:
    """The terrain whose colour a player's pieces wear (the chosen colour of variable factions)."""
    home = p.faction.home
    return home if home in theme.PIECE else (p.color or home)


class GameScene(Scene):
    def __init__(self, app, session: Session):
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.map = HexMapView(self.game.board)
        self.cults = CultView()
        self.supply = SupplyView()
        self.pools = PoolsView()
        self.players = PlayersView()
        self.lay: layout.Layout | None = None
        self.tool: str | None = None
        self.hover = None
        self.tip_hidden = False
        self.mouse = (0, 0)
        self.toast: tuple[str, float, tuple] | None = None
        self.buttons: list[widgets.Button] = []
        self.top_buttons: list[widgets.Button] = []
        self._prompted_version = -1
        self._finished_shown = False
        #: The faction whose hands the laptop is in (None: nobody yet); a change is announced.
        self.holder: str | None = None
        #: The last round whose start was summarised (a game opened mid-round is not summarised).
        self.round_seen = session.state.round
        #: Highlights an overlay asked for, by the overlay's key: (targets, note); see `annotate`.
        self.annotations: dict[str, tuple[list, str]] = {}
        self._layout_seats = None

    # ------------------------------------------------------------------ layout

    def resize(self, size) -> None:
        self.lay = layout.compute(size)
        L = self.lay
        self.map.layout(L.map)
        self.cults.layout(L.cult, L.scale)
        self.pools.layout(L.pools, L.scale)
        self.supply.layout(L.supply, L.scale, self.game.state)
        self.players.layout(L.players, L.scale, self.game.state.seats)
        self._layout_buttons()
        self.dirty = True

    def _layout_buttons(self) -> None:
        L = self.lay
        s = L.scale
        specs = [
            ("build", N_("Build"), "B"), ("upgrade", N_("Upgrade"), "U"), ("transform", N_("Transform"), "T"),
            ("priest", N_("Send priest"), "P"), ("ship", N_("Shipping"), "S"), ("dig", N_("Digging"), "D"),
            ("special", N_("Special"), "A"), ("convert", N_("Convert"), "C"), ("pass", N_("Pass"), "X"),
            ("done", N_("End turn"), "Enter"), ("undo", N_("Undo"), "Ctrl+Z"),
        ]
        self.buttons = self.bar_buttons(specs)
        pad = int(8 * s)
        bw, bh = int(150 * s), L.top.height - int(10 * s)
        self.top_buttons = [
            widgets.Button("labels", N_("Labels (L)"), pygame.Rect(L.top.right - 2 * bw - 2 * pad, L.top.y + int(5 * s), bw, bh)),
            widgets.Button("colourblind", N_("Colour-blind (G)"), pygame.Rect(L.top.right - bw - pad, L.top.y + int(5 * s), bw, bh)),
        ]

    def bar_buttons(self, specs) -> list[widgets.Button]:
        """Buttons of one width side by side across the bottom bar, from (key, label, hint) specs."""
        L = self.lay
        pad = int(8 * L.scale)
        gap = int(8 * L.scale)
        n = len(specs)
        w = (L.bar.width - 2 * pad - gap * (n - 1)) // n
        h = L.bar.height - 2 * pad
        return [widgets.Button(key, label, pygame.Rect(L.bar.x + pad + i * (w + gap), L.bar.y + pad, w, h), hint=hint)
                for i, (key, label, hint) in enumerate(specs)]

    # ------------------------------------------------------------------ legal actions and targets

    def decider(self) -> str | None:
        return self.session.decider()

    def legal(self) -> list[A.Action]:
        return self.session.legal()

    def _allowed_by_tool(self, a: A.Action) -> bool:
        if self.tool is None:
            return True
        return isinstance(a, TOOLS[self.tool])

    def actions_for(self, target) -> list[A.Action]:
        if target is None:
            return []
        kind, key = target
        acts = self.legal()
        if kind == "hex":
            found = [a for a in acts if isinstance(a, HEX_ACTIONS) and a.hex == key and self._allowed_by_tool(a)]
            return found + [a for a in acts if isinstance(a, A.Connect) and a.river == key]
        if kind == "power":
            return [a for a in acts if a == A.UseAction(key)]
        if kind == "cult":
            steps = [a for a in acts if isinstance(a, A.CultStep) and a.cult == key]
            return steps or self.priest_options(acts, key)
        if kind == "spot":
            cult, value, _i = key
            return [a for a in self.priest_options(acts, cult) if a.spot == value]
        if kind == "bonus":
            return [a for a in acts if isinstance(a, A.Pass) and a.bonus == key]
        if kind in ("favor", "town"):
            return [a for a in acts if a == A.TakeTile(key)]
        if kind == "held":
            owner, name = key
            if owner != self.decider():
                return []
            return [a for a in acts if a == A.UseAction(name)]
        if kind == "bridge":
            return [a for a in acts if isinstance(a, A.PlaceBridge) and frozenset((a.a, a.b)) == key]
        return []

    def priest_options(self, acts, cult: str | None = None) -> list[A.SendPriest]:
        """Priest sends spelled out per order space (3, 2) plus the plain one step (1)."""
        st = self.game.state
        out: list[A.SendPriest] = []
        for a in acts:
            if not isinstance(a, A.SendPriest) or (cult is not None and a.cult != cult):
                continue
            if a.spot is not None:
                out.append(a)
                continue
            free = [v for v, o in zip(CULT_SPOT_VALUES, st.cult_spots[a.cult]) if o is None]
            out += [A.SendPriest(a.cult, v) for v in sorted(set(free), reverse=True)] + [A.SendPriest(a.cult, 1)]
        return list(dict.fromkeys(out))

    def natural_action(self, target) -> A.Action | None:
        """The action a click on `target` most likely meant, to ask the engine why it is refused."""
        kind, key = target
        s = self.game.state
        me = self.decider()
        if kind == "hex":
            if not self.game.board.is_land(key):
                return A.Connect(key) if s.players.get(me) and s.players[me].faction.name == "mermaids" else A.Build(key)
            if self.tool == "transform":
                return A.Transform(key)
            if s.owner.get(key) == me and me:
                kind_now = s.players[me].buildings.get(key)
                to = {"D": "TP", "TP": "TE", "TE": "SA"}.get(kind_now, "SH")
                return A.Upgrade(key, to)
            return A.Build(key)
        if kind == "power":
            return A.UseAction(key)
        if kind == "cult":
            return A.SendPriest(key)
        if kind == "spot":
            return A.SendPriest(key[0], key[1])
        if kind == "bonus":
            return A.Pass(key)
        if kind in ("favor", "town"):
            return A.TakeTile(key)
        if kind == "held":
            return A.UseAction(key[1])
        return None

    def highlights(self) -> list[str]:
        acts = self.legal()
        out = {a.hex for a in acts if isinstance(a, HEX_ACTIONS) and self._allowed_by_tool(a)}
        out |= {a.river for a in acts if isinstance(a, A.Connect)}
        return sorted(out)

    def glowing(self) -> frozenset:
        acts = self.legal()
        out = set()
        me = self.decider()
        for a in acts:
            if isinstance(a, A.UseAction):
                out.add(("power", a.name))
                out.add((me, a.name))
            elif isinstance(a, A.TakeTile):
                out.add(("favor" if a.tile.startswith("FAV") else "town", a.tile))
            elif isinstance(a, A.Pass) and a.bonus and self.game.state.phase == "bonus":
                out.add(("bonus", a.bonus))
        return frozenset(out)

    # ------------------------------------------------------------------ applying intents

    def play(self, action: A.Action, faction: str | None = None) -> bool:
        who = faction or self.decider()
        outcome = self.session.apply(action, who)
        if not outcome.ok:
            if outcome.error:
                self.show_toast(outcome.error)
            return False
        self.session.end_turn_if_over(who, action)
        if isinstance(action, HEX_ACTIONS + (A.PlaceBridge,)):
            self.tool = None
        self.toast = None
        if self.session.state.seats and self._layout_seats != tuple(self.session.state.seats):
            self._layout_seats = tuple(self.session.state.seats)
            self.players.layout(self.lay.players, self.lay.scale, self.session.state.seats)
        self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
        self.dirty = True
        return True

    def click(self, target, via_click: bool = True) -> None:
        if target[0] == "player":  # a player's panel: their faction board, abilities and all
            self.open_board(target[1])
            return
        options = self.actions_for(target)
        if not options:
            natural = self.natural_action(target)
            if natural is not None:
                self.play(natural)  # the engine explains (or, if our list was stale, does it)
            return
        if len(options) == 1:
            if target[0] == "power" and not via_click:
                self.ask_then_play(options[0])
            else:
                self.confirm_and_play(options[0])
            return
        if target[0] == "hex" and self.tool is None:
            builds = [a for a in options if isinstance(a, A.Build)]
            if builds:
                self.play(builds[0])
                return
            ups = [a for a in options if isinstance(a, A.Upgrade)]
            if ups:
                options = ups
        self.choose_action(options, self.describe_target(target))

    def open_board(self, faction: str) -> None:
        p = self.game.state.players[faction]
        title = describe.faction(self.game, faction)
        self.app.push(FactionBoardScene(self.app, faction, title, picked=p.color))

    def ask_then_play(self, action: A.Action) -> None:
        """A single key never commits an action: it asks first (Enter or 1 says yes)."""
        self.app.push(ConfirmScene(self.app, describe_action(self.game, action) + "?", lambda: self.play(action),
                                   yes=_("Do it")))

    def confirm_and_play(self, action: A.Action) -> None:
        if isinstance(action, A.Pass) and self.game.state.phase == "play":
            self.app.push(ConfirmScene(self.app, describe_action(self.game, action) + "?", lambda: self.play(action),
                                       yes=_("Pass")))
            return
        self.play(action)

    def choose_action(self, actions: list[A.Action], title: str) -> None:
        me = self.decider()
        opts = [Option(describe_action(self.game, a), a, self._delta_tokens(me, a)) for a in actions]
        self.app.push(ChoiceScene(self.app, title, opts, self.confirm_and_play))

    def describe_target(self, target) -> str:
        kind, key = target
        if kind == "hex":
            return _("Hex {hex}").format(hex=key)
        if kind == "cult":
            return describe.cult(key)
        return _("Choose")

    def _delta_tokens(self, faction, action) -> list:
        if faction is None:
            return []
        key = (self.session.version, len(self.game.log), faction, action)
        cache = getattr(self, "_previews", {})
        if key not in cache:
            if len(cache) > 400:
                cache.clear()
            cache[key] = legal.preview(self.game, faction, action)
            self._previews = cache
        d = cache[key]
        if d is None:
            return []
        out = []
        for key, n in d.items():
            label = f"{'+' if n > 0 else '−'}{abs(n)}"
            icon_key = {"SHIP": "SHIP", "DIG": "DIG"}.get(key, key)
            out.append((icon_key, label))
        return out

    # ------------------------------------------------------------------ buttons and keys

    def button_states(self) -> None:
        acts = self.legal()
        types = {type(a) for a in acts}
        special = self._specials(acts)
        enabled = {
            "build": A.Build in types, "upgrade": A.Upgrade in types, "transform": A.Transform in types,
            "priest": A.SendPriest in types, "ship": A.Advance("ship") in acts, "dig": A.Advance("dig") in acts,
            "special": bool(special), "convert": A.Convert in types or A.Burn in types,
            "pass": A.Pass in types and self.game.state.phase == "play", "done": A.Done in types,
            "undo": self.session.can_undo(),
        }
        for b in self.buttons:
            b.enabled = enabled.get(b.key, True)
            b.active = b.key == self.tool
            b.primary = b.key == "done" and b.enabled and self.game.can_end_turn(self.decider() or "")
        self.top_buttons[0].active = self.map.show_labels
        self.top_buttons[1].active = self.map.colour_blind

    def disabled_reason(self, key: str) -> str:
        """Why a greyed bar button cannot be used now, in the engine's words where it has them."""
        cache = getattr(self, "_reasons", {})
        ck = (self.session.version, key, self.tool)
        if ck not in cache:
            cache = {ck: self._reason(key)}
            self._reasons = cache
        return cache[ck]

    def _reason(self, key: str) -> str:
        g = self.game
        me = self.decider()
        if key == "undo":
            return _("There is nothing to undo.")
        if me is None:
            return describe.status(self.session) or _("Nothing can be done now.")
        if g.decision(me) not in ("action", "followup", "end", "leech"):
            return self._status_text()  # a choice is owed first: say which
        if key == "convert":
            return _("Nothing to convert now: no resources for any conversion.")
        if key == "special":
            return _("No special action is available now (bonus, favor or stronghold actions).")
        probes = {
            "ship": [A.Advance("ship")], "dig": [A.Advance("dig")], "priest": [A.SendPriest("FIRE")],
            "pass": [A.Pass(b) for b in list(g.state.bonus_pool)[:1]] or [A.Pass()], "done": [A.Done()],
            "build": [A.Build(h) for h in self._reason_hexes(me, "build")],
            "upgrade": [A.Upgrade(h, {"D": "TP", "TP": "TE", "TE": "SA"}.get(k, "SH"))
                        for h, k in sorted(g.state.players[me].buildings.items())],
            "transform": [A.Transform(h) for h in self._reason_hexes(me, "transform")],
        }.get(key, [])
        reasons = [r for r in (legal.refusal(g, me, a) for a in probes[:40]) if r]
        if reasons:  # the engine's most frequent objection is the one that matters
            return max(set(reasons), key=reasons.count)
        return _("Not possible now.")

    def _reason_hexes(self, me: str, kind: str) -> list[str]:
        """Hexes to ask the engine about: free hexes of the player's terrain to build on, free
        hexes next to the player's buildings to transform."""
        st = self.game.state
        p = st.players[me]
        if kind == "build":
            colour = p.color or p.faction.home
            return sorted(h for h in self.game.board.land if st.terrain[h] == colour and h not in st.owner)
        near = set()
        for h in p.buildings:
            near |= set(self.game.adjacent(h))
        return sorted(h for h in near if h not in st.owner and self.game.board.is_land(h))

    def press(self, key: str) -> None:
        acts = self.legal()
        if key in TOOLS:
            self.tool = None if self.tool == key else key
            if self.tool and not any(isinstance(a, TOOLS[key]) for a in acts):
                self.tool = None
                natural = {"build": _("You cannot build now."), "upgrade": _("You cannot upgrade now."),
                           "transform": _("You cannot transform now.")}[key]
                self.show_toast(natural)
        elif key == "priest":
            opts = self.priest_options(acts)
            if opts:
                self.choose_action(opts, _("Send a priest"))
            else:
                self.play(A.SendPriest("FIRE"))
        elif key in ("ship", "dig"):
            if A.Advance(key) in acts:
                self.ask_then_play(A.Advance(key))
            else:
                self.play(A.Advance(key))  # the engine says why not
        elif key == "special":
            opts = self._specials(acts)
            if opts:
                self.choose_action(opts, _("Special actions"))
        elif key == "convert":
            self.open_convert()
        elif key == "pass":
            self.open_pass()
        elif key == "done":
            self.end_turn()
        elif key == "undo":
            self.ask_undo()
        elif key == "labels":
            self.map.show_labels = not self.map.show_labels
        elif key == "colourblind":
            self.map.colour_blind = not self.map.colour_blind
        self.dirty = True

    @staticmethod
    def _specials(acts) -> list[A.Action]:
        """Tile and stronghold actions, and the Mermaids' town across a river."""
        return [a for a in acts if (isinstance(a, A.UseAction) and a.name not in POWER_ACTIONS)
                or isinstance(a, A.Connect)]

    def open_pass(self) -> None:
        passes = [a for a in self.legal() if isinstance(a, A.Pass)]
        if not any(a.bonus for a in passes):  # none (the engine says why) or the last round's plain pass
            self.confirm_and_play(passes[0] if passes else A.Pass())
            return
        s = self.game.state
        opts = [Option(f"{a.bonus}" + (f" +{s.bonus_pool.get(a.bonus, 0)}C" if s.bonus_pool.get(a.bonus) else ""),
                       a, card=a.bonus) if a.bonus else Option(_("Pass"), a) for a in passes]
        self.app.push(ChoiceScene(self.app, _("Pass: choose your bonus tile for the next round"), opts, self.play))

    def open_convert(self) -> None:
        me = self.decider()

        def options():
            acts = self.session.legal(me)
            return [Option(describe_action(self.game, a), a, self._delta_tokens(me, a)) for a in acts
                    if isinstance(a, (A.Convert, A.Burn))]

        if not options():
            self.show_toast(_("Nothing to convert now."))
            return
        self.app.push(ConvertScene(self.app, _("Convert and burn power"), options, lambda a: self.play(a, me)))

    def end_turn(self) -> None:
        """Enter: end the turn; spades still held are only thrown away once the player says so."""
        me = self.decider()
        p = self.game.state.players.get(me) if me else None
        if p is not None and p.spades > 0 and A.Done() in self.legal():
            question = ngettext("End the turn and lose your {n} unused spade?",
                                "End the turn and lose your {n} unused spades?", p.spades).format(n=p.spades)
            self.app.push(ConfirmScene(self.app, question, lambda: self.play(A.Done()), yes=_("Lose it and end"),
                                       enter=False))
            return
        self.play(A.Done())

    def ask_undo(self) -> None:
        if not self.session.can_undo():
            return
        last = self.session.last_actor()
        me = self.decider()
        if last is not None and last != me:
            who = describe.faction(self.game, last)
            self.app.push(ConfirmScene(self.app, _("Undo the last move of the {faction}?").format(faction=who),
                                       self._undo, yes=_("Undo")))
        else:
            self._undo()

    def _undo(self) -> None:
        if not self.session.undo().ok:
            return
        self.tool = None
        self.toast = None
        self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
        # the version moved on, so the next update reopens the picker the earlier decision needs
        self.dirty = True

    def undo_from_dialog(self) -> None:
        """Ctrl+Z inside a picker: the picker is closed; if the undo is declined, it reopens."""
        self._prompted_version = -1
        self.ask_undo()

    KEYS = {
        pygame.K_b: "build", pygame.K_u: "upgrade", pygame.K_t: "transform", pygame.K_p: "priest",
        pygame.K_s: "ship", pygame.K_d: "dig", pygame.K_a: "special", pygame.K_c: "convert", pygame.K_x: "pass",
        pygame.K_RETURN: "done", pygame.K_KP_ENTER: "done", pygame.K_SPACE: "done", pygame.K_l: "labels",
        pygame.K_g: "colourblind",
    }

    # ------------------------------------------------------------------ events

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.press("undo")
            elif event.key == pygame.K_ESCAPE:
                if self.tool:
                    self.tool = None
                    self.dirty = True
            elif pygame.K_1 <= event.key <= pygame.K_6:
                self.click(("power", f"ACT{event.key - pygame.K_0}"), via_click=False)
            elif event.key in self.KEYS:
                self.press(self.KEYS[event.key])
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            target = self.hit(event.pos)
            if target != self.hover:
                self.hover = target
                self.tip_hidden = False
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                if self.tool:
                    self.tool = None
                    self.dirty = True
                return
            if event.button != 1:
                return
            self.mouse = event.pos
            target = self.hit(event.pos)
            self.tip_hidden = True  # a click answers the tooltip: it goes until the mouse moves on
            self.dirty = True
            if target is None:
                return
            if target[0] == "button":
                self.press(target[1])
            elif target[0] == "disabled":
                self.show_toast(self.disabled_reason(target[1]))
            else:
                self.click(target)
            self.dirty = True

    def hit(self, pos):
        self.button_states()
        for b in self.buttons + self.top_buttons:
            if b.rect.collidepoint(pos):
                return ("button", b.key) if b.enabled else ("disabled", b.key)
        chip = getattr(self, "final_chip", None)
        if chip is not None and chip.collidepoint(pos):
            return ("final", self.game.setup.final_scoring)
        slots = self._bridge_slots()
        if slots:
            pair = self.map.bridge_hit(pos, slots)
            if pair:
                return ("bridge", pair)
        h = self.map.hit(pos)
        if h is not None:
            return ("hex", h)
        for view in (self.cults, self.supply, self.pools, self.players):
            t = view.hit(pos)
            if t is not None:
                return t
        return None

    def _bridge_slots(self) -> list:
        return [frozenset((a.a, a.b)) for a in self.legal() if isinstance(a, A.PlaceBridge)]

    # ------------------------------------------------------------------ update: prompts, toasts

    def show_toast(self, message: str) -> None:
        self.toast = (message, TOAST_SECONDS, self.mouse)
        self.dirty = True

    def update(self, dt: float) -> bool:
        animating = False
        if self.toast:
            msg, left, pos = self.toast
            left -= dt
            self.toast = (msg, left, pos) if left > 0 else None
            animating = True
            if left < 0.6 or self.toast is None:
                self.dirty = True
        if self.app.stack.input_top() is self and self._prompted_version != self.session.version:
            self._prompted_version = self.session.version
            self.prompt()
        return animating

    def resume(self) -> None:
        super().resume()
        self.hover = None

    def prompt(self) -> None:
        """Open the picker the current decision needs, if it needs one (a hand-off out of turn)."""
        g = self.game
        s = g.state
        if s.phase == "finished":
            if not self._finished_shown:
                self._finished_shown = True
                self.app.push(FinalScoresScene(self.app, g))
            return
        if s.round > self.round_seen and s.phase in ("play", "income-spades"):
            self.round_seen = s.round
            summary = self.round_summary()
            summary.on_undo = self.undo_from_dialog if self.session.can_undo() else None
            self.app.push(summary)
            return
        me = self.decider()
        if me is None:
            return
        kind = g.decision(me)
        p = s.players[me]
        name = describe.faction(g, me)
        # the laptop changes hands: said first, in the question's own dialog or by a notice
        handoff = self.holder not in (None, me)
        if kind not in PICKED or not self.legal():
            if handoff:
                notice = HandoffNotice(self.app, name, theme.piece_colour(piece_terrain(p)), self._status_text(),
                                       lambda: self._hand_to(me))
                notice.on_undo = self.undo_from_dialog if self.session.can_undo() else None
                self.app.push(notice)
            else:
                self.holder = me
            return
        acts = self.legal()
        subtitle = ""
        cards = False
        if kind == "leech":
            offer = p.leech_offers[0]
            terms = offer_terms(g, me)  # the engine's price: taken on a fork
            n, vp = (terms.power, terms.vp) if terms else (g.leech_amount(p, offer), 0)
            if vp:
                title = _("{faction}: take {n} power for {vp} VP?").format(faction=name, n=n, vp=vp)
            else:
                title = _("{faction}: take {n} power for free?").format(faction=name, n=n)
            # only the offer's two answers: the turn's other actions are the map's, not this dialog's
            opts = [Option(_("Take {n} power").format(n=n), a, [("PW", f"+{n}")] + ([("VP", f"−{vp}")] if vp else []))
                    if isinstance(a, A.Leech) else Option(_("Decline"), a)
                    for a in acts if isinstance(a, (A.Leech, A.Decline))]
            subtitle = _("Hand the game to the {faction} ({source} built next to them)").format(
                faction=name, source=describe.faction(g, offer.source))
        elif kind == "cult":
            opts = [Option(describe.cult(a.cult), a, [(a.cult, f"+{a.n}")]) for a in acts]
            title = _("{faction}: advance on which cult track?").format(faction=name)
        elif kind == "lose-cult":
            opts = [Option(describe_action(g, a), a, [(a.cult, f"−{-a.n}")]) for a in acts]
            title = _("{faction}: the volcano costs cult steps; lose them on which track?").format(faction=name)
        elif kind == "color":
            opts = [Option(describe.terrain(a.color).capitalize(), a, swatch=a.color) for a in acts]
            title = _("{faction}: choose your colour").format(faction=name)
        elif kind == "unlock":
            opts = [Option(describe_action(g, a), a, [("P", "+1")]) if a.color == "gain-priest" else
                    Option(describe_action(g, a), a, self._delta_tokens(me, a), swatch=a.color) for a in acts]
            title = _("{faction}: a new priest; unlock a terrain or keep it?").format(faction=name)
        elif kind == "p3":
            opts = [Option(describe_action(g, a), a, [("PW", "+1"), ("VP", "−1")] if a.take else []) for a in acts]
            title = _("{faction}: an opponent took your power").format(faction=name)
        elif kind == "favor":
            opts = [Option(f"×{s.favor_pool.get(a.tile, 0)}", a, card=a.tile) for a in acts if isinstance(a, A.TakeTile)]
            title = _("{faction}: choose a favor tile").format(faction=name)
            cards = True
        elif kind == "town":
            opts = [Option(f"×{s.town_pool.get(a.tile, 0)}", a, card=a.tile) for a in acts if isinstance(a, A.TakeTile)]
            title = _("{faction}: you founded a town; choose a town tile").format(faction=name)
            cards = True
        else:  # bonus
            opts = [Option(a.bonus, a, card=a.bonus) for a in acts if isinstance(a, A.Pass) and a.bonus]
            title = _("{faction}: choose a bonus tile").format(faction=name)
            cards = True
        if not opts:
            return
        colour = theme.piece_colour(piece_terrain(p))

        def answer(action, who=me):
            self.holder = who
            self.play(action, who)

        if handoff:
            dlg = HandoffScene(self.app, name, colour, title, opts, answer)
            if subtitle:
                dlg.subtitle = subtitle
        else:
            # tile pickers may be closed to look at the board; the tiles glow there too
            dlg = ChoiceScene(self.app, title, opts, answer, cancellable=cards)
        dlg.on_undo = self.undo_from_dialog if self.session.can_undo() else None
        if not handoff:
            self.holder = me
        self.app.push(dlg)

    def round_summary(self) -> RoundSummaryScene:
        """'Round N begins': the engine's income for each player, and the cult bonus the last
        round's scoring tile paid (round 2 on)."""
        from tmdesktop.rules.round_bonus import cult_bonus

        g = self.game
        s = g.state
        rows = []
        for name in s.order:
            p = s.players[name]
            lines = [_("Income: {what}").format(what=tile_texts.gains(g.income_of(p)) or _("nothing"))]
            if s.round >= 2:
                bonus = cult_bonus(s, name, s.score_tiles[s.round - 2])
                lines.append(_("Cult bonus: {what}").format(what=tile_texts.gains(bonus) or _("nothing")))
            rows.append((describe.faction(g, name), theme.piece_colour(piece_terrain(p)), lines))

        def closed():
            self._prompted_version = -1  # now the round's first question, if any

        return RoundSummaryScene(self.app, _("Round {n} begins").format(n=s.round), rows, closed)

    def _hand_to(self, faction: str) -> None:
        self.holder = faction
        self.dirty = True

    # ------------------------------------------------------------------ annotations (for overlays)

    def annotate(self, key: str, targets: list, note: str = "") -> None:
        """Ring `targets` (the tuples `hit` returns: ("hex", "C3"), ("button", "build"),
        ("power", "ACT2"), ("bonus", "BON4"), ("player", "witches")...) with `note` beside the
        first; `key` names the overlay asking (a tutorial step, the computer's move banner)."""
        self.annotations[key] = (list(targets), note)
        self.dirty = True

    def clear_annotations(self, key: str | None = None) -> None:
        if key is None:
            self.annotations.clear()
        else:
            self.annotations.pop(key, None)
        self.dirty = True

    def target_rect(self, target) -> pygame.Rect | None:
        """Where a target is on screen (None if it is not drawn)."""
        kind, key = target
        if kind == "hex" and key in self.map.centres:
            cx, cy = self.map.centres[key]
            r = self.map.size
            return pygame.Rect(int(cx - r * 0.87), int(cy - r), int(r * 1.74), int(r * 2))
        if kind in ("button", "disabled"):
            return next((b.rect for b in self.buttons + self.top_buttons if b.key == key), None)
        strips = {"round": self.supply.rounds, "town": self.supply.towns, "power": self.supply.powers,
                  "bonus": self.supply.bonuses, "favor": self.pools.strip}
        if kind in strips:
            return strips[kind].cards.get(key)
        if kind == "player":
            return self.players.panels.get(key)
        if kind == "held":
            return self.players.chips.get(key)
        return None

    def _draw_annotations(self, surface) -> None:
        s = self.lay.scale
        for targets, note in self.annotations.values():
            rects = [r for r in (self.target_rect(t) for t in targets) if r is not None]
            for r in rects:
                pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(int(8 * s), int(8 * s)), max(2, int(4 * s)),
                                 border_radius=int(8 * s))
            if note and rects:
                first = rects[0]
                img = text.text(note, max(12, int(17 * s)), theme.INK, "semibold", wrap=int(360 * s))
                box = img.get_rect().inflate(int(20 * s), int(14 * s))
                box.midbottom = (first.centerx, first.y - int(8 * s))
                box.clamp_ip(surface.get_rect())
                widgets.panel(surface, box, theme.HIGHLIGHT, radius=int(8 * s), edge=theme.INK_SOFT)
                surface.blit(img, img.get_rect(center=box.center))

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.resize(surface.get_size())
        L = self.lay
        s = L.scale
        st = self.game.state
        surface.fill(theme.TABLE)
        self.button_states()
        homes = {n: piece_terrain(p) for n, p in st.players.items()}
        me = self.decider()
        glow = self.glowing()
        hover_hex = self.hover[1] if self.hover and self.hover[0] == "hex" else None
        hover_bridge = self.hover[1] if self.hover and self.hover[0] == "bridge" else None
        self.map.draw(surface, st, homes, self.highlights(), hover_hex, self._bridge_slots(), hover_bridge)
        acts = self.legal()
        cult_glow = {a.cult for a in acts if isinstance(a, A.CultStep)}
        spot_glow = set()
        for a in self.priest_options(acts):
            if a.spot in (2, 3):
                spots = st.cult_spots[a.cult]
                for i, v in enumerate(CULT_SPOT_VALUES):
                    if v == a.spot and spots[i] is None:
                        spot_glow.add((a.cult, i))
                        break
        version = self.session.version
        self.cults.draw(surface, st, homes, cult_glow, spot_glow, version=version, colour_blind=self.map.colour_blind)
        self.pools.draw(surface, st, glow)
        self.supply.draw(surface, st, glow)
        self.players.draw(surface, self.game, me, glow, version=version)
        self._draw_top(surface)
        fs = max(11, int(17 * s))
        for b in self.buttons + self.top_buttons:
            b.draw(surface, fs if b in self.buttons else max(10, int(14 * s)),
                   hover=self.hover == ("button", b.key))
        self._draw_annotations(surface)
        self._draw_tooltip(surface)
        if self.toast:
            msg, left, _pos = self.toast
            alpha = int(255 * min(1.0, left / 0.6))
            widgets.toast(surface, msg, (L.map.centerx, L.map.bottom - int(16 * s)), max(13, int(19 * s)), alpha)

    def _phase_text(self) -> str:
        if self.game.state.phase in ("factions", "colors"):
            return _("Setup")
        return describe.phase(self.game)

    def _status_text(self) -> str:
        """What the table waits for: the Fire & Ice decisions and the double turn, then `describe.status`."""
        g = self.game
        me = self.decider()
        if me is None or g.state.phase == "finished":
            return describe.status(self.session)
        name = describe.faction(g, me)
        kind = g.decision(me)
        lines = {
            "color": _("{faction}: choose your colour"),
            "unlock": _("{faction}: unlock a terrain with the new priest, or keep it"),
            "lose-cult": _("{faction}: choose the cult track to lose steps on"),
            "p3": _("{faction}: buy a power token for 1 VP?"),
        }
        if kind in lines:
            return lines[kind].format(faction=name)
        stage = self.session.turn_stage(me)
        if stage == "spades":
            n = g.state.players[me].spades
            return ngettext("{faction}: you hold {n} spade: click a hex to transform it (Enter loses it)",
                            "{faction}: you hold {n} spades: click a hex to transform it (Enter loses them)",
                            n).format(faction=name, n=n)
        if stage == "followup":
            return _("{faction}: finish your action on a glowing target, or end your turn (Enter)").format(faction=name)
        if stage in ("convert", "over"):
            return _("{faction}: convert (C), or end your turn (Enter)").format(faction=name)
        t = g.state.turn
        if kind == "action" and t.faction == me and t.extra_action and t.actions > 1:
            return _("{faction}: double turn, {n} actions to take").format(faction=name, n=t.actions)
        if kind == "action" and t.faction == me and t.extra_action:
            return _("{faction}: double turn, the second action").format(faction=name)
        return describe.status(self.session)

    def _draw_top(self, surface) -> None:
        L = self.lay
        s = L.scale
        st = self.game.state
        pygame.draw.rect(surface, (28, 32, 30), L.top)
        pygame.draw.line(surface, theme.PANEL_EDGE, L.top.bottomleft, L.top.bottomright)
        fs = max(12, int(19 * s))
        x = int(14 * s)
        r = text.blit(surface, self._phase_text(), int(fs * 1.1), theme.ACCENT, (x, L.top.centery), "midleft",
                      "title")
        x = r.right + int(18 * s)
        me = self.decider()
        if me:
            colour = theme.piece_colour(piece_terrain(st.players[me]))
            pygame.draw.circle(surface, colour, (x + int(8 * s), L.top.centery), int(8 * s))
            pygame.draw.circle(surface, (240, 240, 230), (x + int(8 * s), L.top.centery), int(8 * s), 1)
            x += int(24 * s)
        order_w = int(430 * s)
        reserved = 0  # room the final tile's chip takes from the status line
        self.final_chip = None
        final = self.game.setup.final_scoring
        if final:  # the Fire & Ice final scoring tile, all game long (hover: what it scores, who leads)
            label = _(tile_texts.FINAL_TILES.get(final, (final, ""))[0])
            fsz = max(10, int(14 * s))
            img = text.text(label, fsz, theme.INK, "semibold")
            chip = img.get_rect(midright=(self.top_buttons[0].rect.x - order_w - int(16 * s), L.top.centery))
            chip = chip.inflate(int(16 * s), int(8 * s))
            pygame.draw.rect(surface, theme.PARCHMENT, chip, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.ACCENT, chip, 2, border_radius=int(6 * s))
            surface.blit(img, img.get_rect(center=chip.center))
            self.final_chip = chip
            reserved = chip.width + int(24 * s)
        status_w = self.top_buttons[0].rect.x - order_w - reserved - x - int(20 * s)
        text.blit(surface, self._status_text(), fs, theme.TEXT, (x, L.top.centery), "midleft", "semibold",
                  max_width=status_w)
        # turn order, passed players dimmed
        ox = self.top_buttons[0].rect.x - order_w
        text.blit(surface, _("Order:"), max(10, int(15 * s)), theme.TEXT_DIM, (ox, L.top.centery), "midleft")
        ox += int(58 * s)
        order = st.order or st.seats
        for name in order:
            p = st.players[name]
            label = describe.faction(self.game, name)
            fsz = text.fit(label, max(10, int(15 * s)), int(80 * s), "semibold")
            img = text.text(label, fsz, theme.TEXT if not p.passed else theme.TEXT_DIM, "semibold")
            box = img.get_rect(midleft=(ox + int(6 * s), L.top.centery)).inflate(int(12 * s), int(6 * s))
            col = theme.piece_colour(piece_terrain(p))
            pygame.draw.rect(surface, (48, 54, 50), box, border_radius=box.height // 2)
            if theme.is_dark(col) and not p.passed:  # the black factions: a light ring around the black one
                pygame.draw.rect(surface, theme.edge_on_dark(col), box.inflate(4, 4), 1, border_radius=box.height // 2 + 2)
            pygame.draw.rect(surface, col if not p.passed else (90, 90, 90), box, 2, border_radius=box.height // 2)
            surface.blit(img, img.get_rect(center=box.center))
            if p.passed and st.phase == "play":
                pygame.draw.line(surface, theme.TEXT_DIM, (box.x + 4, box.centery), (box.right - 4, box.centery), 1)
            ox = box.right + int(4 * s)

    def _draw_tooltip(self, surface) -> None:
        if not self.hover or self.tip_hidden:
            return
        lines = self.tooltip_lines()
        if lines:
            widgets.tooltip(surface, lines, self.mouse, max(11, int(15 * self.lay.scale)))

    def tooltip_lines(self) -> list:
        """What the thing under the pointer is and does, and what clicking it would do."""
        if not self.hover:
            return []
        kind, key = self.hover
        me = self.decider()
        lines: list = []
        if kind == "round":
            lines.append(_("Round scoring tile"))
            lines += tile_texts.explain(key)
        if kind == "final":
            from tmdesktop.rules.final_scoring import final_tile_metric

            lines += tile_texts.final_tile(key)
            st = self.game.state
            lines.append(_("Now: {scores}").format(scores=", ".join(
                f"{describe.faction(self.game, n)} {final_tile_metric(self.game, st.players[n], key)}" for n in st.seats)))
        if kind in ("hex", "power", "cult", "spot", "bonus", "favor", "town", "held", "bridge"):
            acts = self.actions_for(self.hover)
            if kind == "hex":
                st = self.game.state
                if not self.game.board.is_land(key):
                    return []
                head = f"{key} · {describe.terrain(st.terrain[key])}"
                owner = st.owner.get(key)
                if owner:
                    head += f" · {describe.faction(self.game, owner)} ({describe.building(st.players[owner].buildings[key])})"
                lines.append(head)
            elif kind == "power":
                lines.append(describe.action_name(key))
                lines += tile_texts.explain(key)
                if key in self.game.state.blocked:
                    lines.append(_("Already taken this round"))
            elif kind in ("bonus", "favor", "town"):
                lines.append(describe.tile_name(key))
                lines += tile_texts.explain(key)
            elif kind == "held":
                lines.append(describe.tile_name(key[1]))
                lines += tile_texts.explain(key[1])
        if kind == "player":
            lines.append(describe.faction(self.game, key))
            lines.append(_("Click to see the faction board"))
            for a in acts[:8]:
                toks = self._delta_tokens(me, a)
                lines.append(describe_action(self.game, a))
                if toks:
                    lines.append(toks)
        elif kind == "disabled":
            lines.append(self.disabled_reason(key))
        return lines
