"""The map view: the whole table on one screen, played with the mouse and the keyboard.

Input becomes intents (engine actions) chosen among the engine's legal actions; the scene only
draws the engine's state.  A click that matches no legal action is still sent to the engine, so
the player reads the engine's own explanation of why it is not allowed.
"""

from __future__ import annotations

from typing import Callable

import pygame

from tmdesktop.i18n import N_, Worded, _, language, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.teaching.warnings import warnings_for

from .. import describe, faction_texts, theme, tile_texts
from ..card_hover import CardHover
from ..pieces import piece_terrain
from ..session import Session
from ..table_controller import HEX_ACTIONS, TOOLS, Question, TableController
from ..views import layout, status_bar, widgets
from ..views.cults import CultView
from ..views.frame import PartFrame
from ..views.hexmap import HexMapView
from ..views.players import PlayersView
from ..views.supply import PoolsView, SupplyView
from . import table_frame
from .base import Scene
from .dialogs import (ChoiceScene, ConfirmScene, ConvertScene, FactionBoardScene, FinalScoresScene, HandoffNotice,
                      HandoffScene, Option, RoundSummaryScene)
from .computer_turns import move_targets
from .hint_scene import HintPanel
from .moves_panel import MovesPanel
from .menu import app_settings
from .table_annotations import TableAnnotations
from .warning_scene import WarningScene

SUGGESTED = "suggested"  # the annotation key of the next suggested step on the board

TOAST_SECONDS = 4.5


class GameScene(TableAnnotations, Scene):
    #: Whether the scene opens the pickers the engine's decisions need (a viewer asks nothing).
    prompts = True

    def __init__(self, app, session: Session):
        super().__init__(app)
        self.session = session
        self.ctl = TableController(session)  # seats, decisions, what input means; the scene draws
        self.game = session.game
        self.map = HexMapView(self.game.board)
        self.cults = CultView()
        self.supply = SupplyView()
        self.pools = PoolsView()
        self.players = PlayersView()
        self.frame = PartFrame(theme.TABLE)  # what is on the screen, part by part (`draw_changes`)
        self.lay: layout.Layout | None = None
        self.hover = None
        self.tip_hidden = False
        self.mouse = (0, 0)
        self.toast: tuple[str, float, tuple] | None = None  # (message, seconds left, its box's colour)
        self.toast_kept = False  # the toast outlives the moves played while it shows (`show_toast`)
        self.buttons: list[widgets.Button] = []
        self.top_buttons: list[widgets.Button] = []
        self._prompted_version = -1
        #: (the session's version, how to open it): a picker the player opened (passing), closed for
        #: the suggestion, opens again when the table is back at that version (`hint_from_dialog`)
        self._reopen: tuple | None = None
        self._finished_shown = False
        #: The last round whose start was summarised (a game opened mid-round is not summarised).
        self.round_seen = session.state.round
        #: the steps of a suggestion ("Do it") still to come after those played: a picker marks its answer
        self.suggested_rest: tuple[A.Action, ...] = ()
        self.suggested_for: str | None = None  # ... the faction it was suggested to
        #: Highlights an overlay asked for, by the overlay's key: (targets, note); see `annotate`.
        self.annotations: dict[str, tuple[list, str]] = {}
        self.annotation_colours: dict[str, tuple[int, int, int]] = {}  # key -> its rings' colour
        self.annotation_tagged: set[str] = set()  # keys whose rings on glowing choices say "Suggested"
        #: where the notes were last placed: a note gives way while the pointer is in it
        self.note_boxes: list[pygame.Rect] = []
        self._layout_seats = None
        self.cards = CardHover(self)  # rule cards on hover and long press; F1 opens the rules
        #: Warnings already asked, one per situation: (log length, faction, code, params).
        self.warned: set = set()
        #: The picker the current decision opened (`ask`), and the language it was worded in.
        self.asked = None
        self.asked_language = language()

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
        self.frame.forget()
        self.dirty = True

    def _layout_buttons(self) -> None:
        L = self.lay
        s = L.scale
        specs = [
            ("build", N_("Build"), "B"), ("upgrade", N_("Upgrade"), "U"), ("transform", N_("Transform"), "T"),
            ("priest", N_("Send priest"), "P"), ("ship", N_("Shipping"), "S"), ("dig", N_("Digging"), "D"),
            ("special", N_("Special"), "A"), ("convert", N_("Convert"), "C"), ("pass", N_("Pass"), "X"),
            ("done", N_("End turn"), "Enter"), ("undo", N_("Undo"), "Ctrl+Z"),
        ] + ([("hint", N_("Hint"), "H")] if self.help_on("hints") else [])
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

    # ------------------------------------------------------------------ the controller's answers

    def decider(self) -> str | None:
        return self.ctl.decider()

    def status_faction(self) -> str | None:
        """Whose colour the status line's dot wears: the player it speaks to."""
        return self.decider()

    def legal(self) -> list[A.Action]:
        return self.ctl.legal()

    def actions_for(self, target) -> list[A.Action]:
        return self.ctl.actions_for(target)

    def priest_options(self, acts, cult: str | None = None) -> list[A.SendPriest]:
        return self.ctl.priest_options(acts, cult)

    def natural_action(self, target) -> A.Action | None:
        return self.ctl.natural_action(target)

    def highlights(self) -> list[str]:
        return self.ctl.highlights()

    def glowing(self) -> frozenset:
        return self.ctl.glowing()

    def disabled_reason(self, key: str) -> str:
        return self.ctl.disabled_reason(key)

    def _specials(self, acts) -> list[A.Action]:
        return self.ctl._specials(acts)

    def _bridge_slots(self) -> list:
        return self.ctl._bridge_slots()

    def _phase_text(self) -> str:
        return self.ctl.phase_text()

    def _status_text(self) -> str:
        return self.ctl.status_text()

    @property
    def tool(self) -> str | None:
        return self.ctl.tool

    @tool.setter
    def tool(self, value: str | None) -> None:
        self.ctl.tool = value

    @property
    def holder(self) -> str | None:
        return self.ctl.holder

    @holder.setter
    def holder(self, value: str | None) -> None:
        self.ctl.holder = value


    # ------------------------------------------------------------------ help: suggestions and warnings

    def help_on(self, name: str) -> bool:
        """The Settings' help while playing ("hints", "warnings", "handoff_notices"); a viewer that
        asks nothing gives none."""
        return self.prompts and bool(getattr(app_settings(self.app), name, True))

    def can_hint(self) -> bool:
        me = self.decider()
        return self.help_on("hints") and me is not None and me not in self.session.computers and not self.game.finished

    def suggest(self) -> None:
        """H: the computer's choice for the player to act, with its reasons (`HintPanel`)."""
        if self.can_hint():
            self.app.push(HintPanel(self.app, self, self.decider()))
        elif self.help_on("hints"):
            self.show_toast(_("No suggestion now: it is nobody's decision at this table."))

    def warnings_before(self, action: A.Action, who: str | None) -> list:
        """The warnings `action` earns and that were not asked yet in this situation."""
        if not self.help_on("warnings") or who is None or who in self.session.computers:
            return []
        n = len(self.game.log)
        return [w for w in warnings_for(self.game, who, action) if (n, who, w.code, w.params) not in self.warned]

    def warn_first(self, action: A.Action, who: str | None) -> bool:
        """Ask before a costly mistake, once per situation; True when the question was opened
        (the action is played only if the player says so)."""
        found = self.warnings_before(action, who)
        if not found:
            return False
        n = len(self.game.log)
        self.warned |= {(n, who, w.code, w.params) for w in found}
        if isinstance(self.app.stack.top, ConvertScene):  # its rows would be stale after the answer
            self.app.stack.top.close()

        def back() -> None:  # the picker the decision needs (a power offer's) opens again
            self._prompted_version = -1

        self.app.push(WarningScene(self.app, self.game, found, lambda: self.play(action, who, checked=True), back))
        return True

    # ------------------------------------------------------------------ applying intents

    def play(self, action: A.Action, faction: str | None = None, checked: bool = False) -> bool:
        """Apply `action` (unless a warning asks first: `checked` says it was asked or needs none)."""
        who = faction or self.decider()
        if not checked and self.warn_first(action, who):
            return False
        # the rest of a suggestion being followed: kept while its steps are the ones played (the
        # same move by what the engine would do, judged before it is played)
        follows = self.follows_suggestion(action, who)
        outcome = self.session.apply(action, who)
        if not outcome.ok:
            if outcome.error:
                self.show_toast(outcome.error)
            return False
        rest = self.suggested_rest[1:] if follows else ()
        self.session.end_turn_if_over(who, action)
        self.follow_suggestion(rest, who)
        if isinstance(action, HEX_ACTIONS + (A.PlaceBridge,)) or self.decider() != who:
            self.tool = None  # used, or its turn is over (a pass): not left chosen for later keys
        self.clear_toast()
        if self.session.state.seats and self._layout_seats != tuple(self.session.state.seats):
            self._layout_seats = tuple(self.session.state.seats)
            self.players.layout(self.lay.players, self.lay.scale, self.session.state.seats)
        self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
        self.dirty = True
        return True

    def click(self, target, via_click: bool = True) -> None:
        if target[0] in ("player", "income"):  # a player's panel: their faction board, abilities and all
            self.open_board(target[1])
            return
        if target[0] in ("bowl", "track", "building"):
            self.open_board(target[1][0])
            return
        options = self.actions_for(target)
        if not options:
            natural = self.natural_action(target)
            burn = self.ctl.burn_first(self.decider(), natural) if target[0] == "power" and natural else None
            if burn:
                self.burn_then_play(burn, natural)
            elif natural is not None:
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
            # with spades in hand the bar says "click a hex to transform it": whether to build
            # there too (and pay for the dwelling) is asked, not decided for the player
            if builds and self.session.turn_stage(self.decider()) != "spades":
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

    def burn_then_play(self, n: int, action: A.UseAction) -> None:
        """A power action that burning `n` tokens pays for: offered as one question (the engine's
        refusal, "costs 3 power; you have 0", left the burning to be found), played as two moves."""
        question = ngettext("Burn {n} power token, then take the power action {name}?",
                            "Burn {n} power tokens, then take the power action {name}?", n).format(
            n=n, name=describe.power_action_name(action.name))
        self.app.push(ConfirmScene(self.app, question, lambda: self.play(A.Burn(n)) and self.play(action),
                                   yes=_("Do it")))

    def ask_then_play(self, action: A.Action) -> None:
        """A single key never commits an action: it asks first (Enter or 1 says yes)."""
        self.app.push(ConfirmScene(self.app, describe.question(self.game, action), lambda: self.play(action),
                                   yes=_("Do it")))

    def confirm_and_play(self, action: A.Action) -> None:
        if isinstance(action, A.Pass) and self.warnings_before(action, self.decider()):
            self.play(action)  # the warning is the question
            return
        if isinstance(action, A.Pass) and self.game.state.phase == "play":
            self.app.push(ConfirmScene(self.app, describe.question(self.game, action), lambda: self.play(action),
                                       yes=_("Pass")))
            return
        self.play(action)

    def choose_action(self, actions: list[A.Action], title: str) -> None:
        me = self.decider()
        opts = [Option(describe.action(self.game, a), a, self._delta_tokens(me, a)) for a in actions]
        self.app.push(ChoiceScene(self.app, title, self._mark_suggested(opts), self.confirm_and_play))

    def _mark_suggested(self, options: list) -> list:
        """The options, the one a suggestion being followed plays next marked (`follow_suggestion`):
        the same move by what the engine would do (a priest sent to the space the suggestion's
        plain send takes)."""
        for o in options:
            o.suggested = self.follows_suggestion(o.value, self.suggested_for)
        return options

    def follows_suggestion(self, action: A.Action, who: str | None) -> bool:
        """Whether `who` playing `action` now is the next step of the suggestion being followed."""
        rest = self.suggested_rest
        return bool(rest) and who is not None and who == self.suggested_for and self.ctl.same_step(who, action, rest[0])

    def describe_target(self, target) -> str:
        kind, key = target
        if kind == "hex":
            return _("Hex {hex}").format(hex=key)
        if kind == "cult":
            return describe.cult(key)
        return _("Choose")

    def _delta_tokens(self, faction, action) -> list:
        return self.ctl.tokens(faction, action)

    # ------------------------------------------------------------------ buttons and keys

    def button_states(self) -> None:
        enabled = self.ctl.button_enabled()
        for b in self.buttons:
            b.enabled = enabled.get(b.key, True)
            b.active = b.key == self.tool
            b.primary = b.key == "done" and b.enabled and self.ctl.can_end_turn()
            if b.key == "hint":
                b.enabled = self.can_hint()
        self.top_buttons[0].active = self.map.show_labels
        self.top_buttons[1].active = self.map.colour_blind

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
            else:  # (the key, while the greyed button says why on hover): said, not silent
                self.show_toast(self.disabled_reason("special"))
        elif key == "convert":
            self.open_convert()
        elif key == "pass":
            self.open_pass()
        elif key == "done":
            self.end_turn()
        elif key == "undo":
            self.ask_undo()
        elif key == "hint":
            self.suggest()
        elif key == "moves":  # what happened since the player holding the laptop last decided
            self.app.push(MovesPanel(self.app, self))
        elif key == "labels":
            self.map.show_labels = not self.map.show_labels
        elif key == "colourblind":
            self.map.colour_blind = not self.map.colour_blind
        self.dirty = True

    def open_pass(self) -> None:
        passes = [a for a in self.legal() if isinstance(a, A.Pass)]
        if not any(a.bonus for a in passes):  # none (the engine says why) or the last round's plain pass
            self.confirm_and_play(passes[0] if passes else A.Pass())
            return
        picker = ChoiceScene(self.app, _("Pass: choose your bonus tile for the next round"),
                             self._mark_suggested(self.ctl.bonus_options(self.decider(), passes)), self.play)
        if self.can_hint():  # as in the pickers the table asks with: H, and the picker again unless followed
            picker.on_hint = lambda: self.hint_from_dialog(reopen=self.open_pass)
        self.app.push(picker)

    def open_convert(self) -> None:
        me = self.decider()

        def options():
            acts = self.session.legal(me)
            return [Option(describe.action(self.game, a), a, self._delta_tokens(me, a)) for a in acts
                    if isinstance(a, (A.Convert, A.Burn))]

        if not options():
            self.show_toast(_("Nothing to convert now."))
            return
        self.app.push(ConvertScene(self.app, _("Convert and burn power"), options, lambda a: self.play(a, me)))

    def ask_drop(self, who: str) -> None:
        """A faction leaves for good (as on the site): asked once more before it happens."""
        name = describe.faction(self.game, who)
        question = _("The {faction} leave the game for good: no more moves and no power; their buildings "
                     "stay on the map. Leave?").format(faction=name)
        self.app.push(ConfirmScene(self.app, question, lambda: self.play(A.DropFaction(), who),
                                   yes=_("Leave the game"), enter_says_yes=False))

    def end_turn(self) -> None:
        """Enter: end the turn; spades still held are only thrown away once the player says so
        (the engine then wants them discarded explicitly, before the turn ends)."""
        me = self.decider()
        acts = self.legal()
        p = self.game.state.players.get(me) if me else None
        discard = next((a for a in acts if isinstance(a, A.DiscardSpade)), None)
        if p is not None and p.spades > 0 and (discard is not None or A.Done() in acts):
            def lose_and_end() -> None:  # this question was the warning
                if (discard is None or self.play(discard, checked=True)) and A.Done() in self.legal():
                    self.play(A.Done(), checked=True)

            question = ngettext("End the turn and lose your {n} unused spade?",
                                "End the turn and lose your {n} unused spades?", p.spades).format(n=p.spades)
            self.app.push(ConfirmScene(self.app, question, lose_and_end, yes=ngettext("Lose it and end", "Lose them and end", p.spades)))
            return
        self.play(A.Done())

    def ask_undo(self) -> None:
        if not self.session.can_undo():
            return
        me = self.decider()
        # another person's decision among those taken back: they are asked about by name
        others = [f for f in self.session.undo_takes_back() if f is not None and f != me]
        people = [f for f in others if f not in self.session.computers]
        last = people[-1] if people else (others[0] if others else None)  # (a person's: the earliest taken back)
        if last is not None:
            self.app.push(ConfirmScene(self.app, _("Undo the last move {of_faction}?").format(
                of_faction=describe.of_faction(last)),
                                       self._undo, yes=_("Undo")))
        else:
            self._undo()

    def follow_suggestion(self, rest: tuple[A.Action, ...], faction: str | None) -> None:
        """The steps of a suggested turn still to play ("Do it" plays them up to the main action),
        kept while they are still the suggestion: `faction` is to act and the next step is one of
        its moves.  A picker marks its answer (`_mark_suggested`); a step with a place on the table,
        the build after a spade, a priest sent to a cult track, a power or tile action, a shipping
        or digging advance (`suggested_targets`), is ringed there and said ('Suggested: Build a
        dwelling on C2', in the language shown) until it is played or the turn goes another way.
        While a picker asks a decision (a cult step owed), the step that answers it is the next
        one, marked in the picker, and nothing later is ringed meanwhile; a picker that asks what
        the suggestion does not answer ends it."""
        if rest and (faction is None or faction != self.decider()):
            rest = ()
        if rest:
            rest = self.ctl.suggestion_from_here(faction, rest)
        if rest and rest[0] not in self.legal():
            rest = ()
        self.suggested_rest = rest
        self.suggested_for = faction if rest else None
        step = rest[0] if rest else None
        targets = self.suggested_targets(faction, step) if step is not None else []
        if targets:
            game = self.game  # (a priest's plain send is said with the space it takes now: "(2 steps)")
            self.annotate(SUGGESTED, targets,
                          Worded(lambda: _("Suggested: {turn}").format(turn=describe.action(game, step))))
        else:
            self.clear_annotations(SUGGESTED)

    @staticmethod
    def suggested_targets(faction: str, step: A.Action) -> list:
        """Where a later step of a suggestion is ringed (`follow_suggestion`): a hex move, bridge or
        priest where `move_targets` shows it (the panel aside); a power action on its tile; a tile
        or faction action on its chip in the player's panel, and the Special button that offers it
        (a faction action has no chip: the button alone); a shipping or digging advance on its
        track in the panel and its button.  Other steps (a conversion, a cult step or tile a
        picker asks for, passing) are not ringed: a picker marks those, or they have no place."""
        if isinstance(step, HEX_ACTIONS + (A.PlaceBridge, A.SendPriest)):
            return move_targets(faction, step)[:-1]
        if isinstance(step, A.UseAction):
            here = move_targets(faction, step)[:-1]
            return here if step.name in POWER_ACTIONS else here + [("button", "special")]
        if isinstance(step, A.Advance):
            return move_targets(faction, step)[:-1] + [("button", step.track)]
        return []

    def _undo(self) -> None:
        if not self.session.undo().ok:
            return
        # taken back into an earlier round, or out of the finished game: its summary and the final
        # scores are shown again when play comes back to them
        self.round_seen = min(self.round_seen, self.game.state.round)
        if self.game.state.phase != "finished":
            self._finished_shown = False
        self.follow_suggestion((), None)
        self.tool = None
        self.clear_toast()
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
        pygame.K_g: "colourblind", pygame.K_h: "hint", pygame.K_m: "moves",
    }

    # ------------------------------------------------------------------ events

    def handle_event(self, event) -> None:
        if self.cards.handle_event(event):
            return
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
            if any(b.collidepoint(event.pos) != b.collidepoint(self.mouse) for b in self.note_boxes):
                self.dirty = True  # into or out of a note: it gives way, or comes back
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
                self.refuse_disabled(target[1])
            else:
                self.click(target)
            self.dirty = True

    def covered_above(self) -> list[pygame.Rect]:
        """What the scenes drawn over the table hide of it (a lesson's panel)."""
        stack = self.app.stack.scenes
        above = stack[stack.index(self) + 1:] if self in stack else []
        return [r for r in (s.covered() for s in above) if r is not None]

    def hit(self, pos):
        if any(r.collidepoint(pos) for r in self.covered_above()):
            return None  # under a panel drawn over the table
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

    # ------------------------------------------------------------------ update: prompts, toasts

    def refuse_disabled(self, key: str) -> None:
        """A click on a greyed button: why it is greyed."""
        self.show_toast(self.disabled_reason(key))

    def show_toast(self, message: str, colour=theme.ERROR, kept: bool = False) -> None:
        """A message over the map for a few seconds: a refusal in red, news (`theme.NEWS`) not.
        A move or an undo clears it (a refusal is old news then) unless `kept`: a note on the game
        itself, such as the one on opening it, stays its time through a computer's first move."""
        self.toast = (message, TOAST_SECONDS, colour)
        self.toast_kept = kept
        self.dirty = True

    def clear_toast(self) -> None:
        """After a move or an undo: the toast goes, unless it was kept."""
        if not self.toast_kept:
            self.toast = None

    def shown_toast(self) -> tuple[str, float, tuple] | None:
        """The toast while nothing but overlays stands over the table; under a dialog (a power offer
        that opens with the game) it waits, its time unspent, and shows once the dialog closes
        (drawn under the dialog's veil it could not be read)."""
        return self.toast if self.app.stack.input_top() is self else None

    def update(self, dt: float) -> bool:
        animating = self.cards.update(dt)
        if self.shown_toast():
            msg, left, colour = self.toast
            left -= dt
            self.toast = (msg, left, colour) if left > 0 else None
            animating = True
            if left < 0.6 or self.toast is None:
                self.dirty = True
        if self.asked_language != language():  # changed in the Settings: the question is asked again in its words
            self.asked_language = language()
            if self.asked is not None and self.asked in self.app.stack.scenes:
                self.app.remove(self.asked)
                self._prompted_version = -1
            self.dirty = True
        if self.prompts and self.app.stack.input_top() is self and self._prompted_version != self.session.version:
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
        reopen, self._reopen = self._reopen, None
        q = self.ctl.question()
        if q is not None:
            self.ask(q)
        if reopen is not None and reopen[0] == self.session.version and self.app.stack.input_top() is self:
            reopen[1]()

    def ask(self, q: Question) -> None:
        """Draw the controller's question: a picker, a hand-off with its question, or a notice."""
        colour = theme.piece_colour(piece_terrain(self.game.state.players[q.faction]))
        name = describe.faction(self.game, q.faction)
        if q.handoff and not self.help_on("handoff_notices"):  # Settings: the turn passes with no notice
            q.handoff = False
        if not q.options:
            if q.handoff:
                notice = HandoffNotice(self.app, name, colour, q.subtitle, lambda: self._hand_to(q.faction),
                                       self.player_name(q.faction), q.faction)
                notice.on_undo = self.undo_from_dialog if self.session.can_undo() else None
                self.asked, self.asked_language = notice, language()
                self.app.push(notice)
            else:
                self.holder = q.faction
            return

        def answer(action, who=q.faction):
            self.holder = who
            self.play(action, who)

        self._mark_suggested(q.options)  # the picker marks the answer the suggestion being followed makes

        if q.handoff:
            dlg = HandoffScene(self.app, name, colour, q.title, q.options, answer, self.player_name(q.faction),
                               q.faction)
            if q.subtitle:
                dlg.subtitle = q.subtitle
        else:
            # tile pickers may be closed to look at the board; the tiles glow there too
            dlg = ChoiceScene(self.app, q.title, q.options, answer, cancellable=q.cards, subtitle=q.note)
            self.holder = q.faction
        dlg.on_undo = self.undo_from_dialog if self.session.can_undo() else None
        dlg.on_escape = getattr(self, "open_menu", None)  # the table's menu, where the table has one
        if self.can_hint():  # the bar's Hint is under the picker: the picker offers it
            dlg.on_hint = self.hint_from_dialog
        self.asked, self.asked_language = dlg, language()
        self.app.push(dlg)

    def player_name(self, faction: str) -> str | None:
        """The name of the player of `faction` at this table, where the table has names."""
        return self.ctl.names.get(faction)

    def hint_from_dialog(self, reopen: Callable[[], None] | None = None) -> None:
        """The picker's Hint: it has closed; the suggestion opens, and the picker again after it
        unless the suggestion was followed: the table's question is asked again, and a picker the
        player opened is opened again by `reopen`."""
        self._prompted_version = -1
        self._reopen = (self.session.version, reopen) if reopen is not None else None
        self.suggest()

    def round_summary(self) -> RoundSummaryScene:
        """'Round N begins' (`review_words.round_summary_rows`)."""
        from ..review_words import round_summary_rows

        def closed():
            self._prompted_version = -1  # now the round's first question, if any

        return RoundSummaryScene(self.app, _("Round {n} begins").format(n=self.game.state.round),
                                 round_summary_rows(self.game), closed)

    def _hand_to(self, faction: str) -> None:
        self.holder = faction
        self.dirty = True

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.resize(surface.get_size())
        self.frame.draw(surface, table_frame.parts(self), table_frame.overlay_key(self), self._draw_overlay)

    def draw_changes(self, surface) -> list[pygame.Rect] | None:
        """Only what changed since the last frame, which `surface` still shows: a hover redraws
        two outlines, a move the map's changed boxes and the panels it changed (a whole 4K frame
        is 3-4 times the work).  None: the frame is drawn whole."""
        if type(self).draw is not GameScene.draw or self.lay is None or self.lay.size != surface.get_size():
            return None
        return self.frame.redraw(surface, table_frame.parts(self), table_frame.overlay_key(self), self._draw_overlay)

    def _draw_overlay(self, surface) -> pygame.Rect | None:
        """What lies over the table, top last: notes, the tooltip or rule card, the message.
        Returns the box they cover."""
        L = self.lay
        s = L.scale
        boxes = [self._draw_annotations(surface), self._draw_tooltip(surface)]
        if self.shown_toast():
            msg, left, colour = self.toast
            alpha = int(255 * min(1.0, left / 0.6))
            boxes.append(widgets.toast(surface, msg, (L.map.centerx, L.map.bottom - int(16 * s)), max(13, int(19 * s)),
                                       alpha, colour))
        boxes = [b for b in boxes if b is not None]
        return boxes[0].unionall(boxes[1:]) if boxes else None

    def _draw_top(self, surface) -> None:
        self.final_chip, self.order_boxes = status_bar.draw(
            surface, self.game, self.lay.top, self.lay.scale, self._phase_text(), self._status_text(),
            self.status_faction(), self.top_buttons[0].rect.x)

    def _draw_tooltip(self, surface) -> pygame.Rect | None:
        """The rule card or the short tooltip of the thing under the pointer; returns its box."""
        if self.cards.draw(surface):
            return self.cards.shown
        if not self.hover or self.tip_hidden:
            return None
        return widgets.tooltip(surface, self.tooltip_lines(), self.mouse, max(11, int(15 * self.lay.scale)))

    def tooltip_lines(self) -> list:
        """What the thing under the pointer is and does, and what clicking it would do."""
        if not self.hover:
            return []
        kind, key = self.hover
        if kind in ("bowl", "track", "building", "income"):  # parts of a panel: the panel's own words
            kind, key = "player", key if kind == "income" else key[0]
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
            elif kind == "cult":
                lines += tile_texts.cult_track(key)
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
            for a in acts[:8]:  # what a click here would do, with its costs and gains
                toks = self._delta_tokens(me, a)
                lines.append(describe.action(self.game, a))
                if toks:
                    lines.append(toks)
        elif kind == "player":
            lines.append(describe.faction(self.game, key))
            lines.append(faction_texts.ability(key))
            if faction_texts.stronghold(key):
                lines.append(_("Stronghold: {what}").format(what=faction_texts.stronghold(key)))
            lines.append(_("Click to see the faction board"))
        elif kind == "disabled":
            lines.append(self.disabled_reason(key))
        return lines

