"""Opening games: the autosaving session, the table scene the menus open, and the load screen.

`AutosaveSession` writes the game after every applied or undone action (atomically, see
`tmdesktop.saves`).  `PlayScene` is the map view with what the menus add: the player's settings
(colour-blind glyphs, automatic answers to power offers, confirm before passing), an Esc menu,
and the scoring scene when the game ends.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from tmdesktop import saves
from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.preview import offer_terms

from .. import describe, pieces, text, theme
from ..computer import move_seconds
from ..describe import and_list, describe_save, faction_names
from ..session import Outcome, Session
from .computer_turns import BANNER, ComputerTurns
from .dialogs import ChoiceScene, ConfirmScene, Option
from .game_scene import GameScene
from .menu import ListMenuScene, app_settings, make_button
from .registry import open_scene, scene_class

#: a round's summary at a table of computers only stays as long as this many computer moves
ROUND_SUMMARY_MOVES = 3


class AutosaveSession(Session):
    """Saves the game after every change. With `defer` (the map view sets it) the save waits
    until the frame showing the change is on screen (`flush`, from the scene's `after_frame`), so
    that writing to disk is not in the click's path; a process killed in between loses at most
    that one move."""

    def __init__(self, game: Game, saver: saves.Autosaver | None = None):
        saver = saver or saves.Autosaver()
        super().__init__(game, saver.computers)
        self.saver = saver
        self.saver.save(game)
        self.unsaved = False
        self.defer = False

    def apply(self, action: A.Action, faction: str | None = None) -> Outcome:
        out = super().apply(action, faction)
        self._changed(out)
        return out

    def undo(self) -> Outcome:
        out = super().undo()
        self._changed(out)
        return out

    def _changed(self, out: Outcome) -> None:
        self.unsaved = self.unsaved or out.ok
        if not self.defer:
            self.flush()

    def flush(self) -> None:
        if self.unsaved:
            self.unsaved = False
            self.saver.save(self.game)


class PlayScene(GameScene):
    def __init__(self, app, session: Session, names: dict | None = None):
        super().__init__(app, session)
        self.names = dict(names or {})  # faction -> player name
        self.ctl.names = self.names  # (the hand-offs say whom to)
        if isinstance(session, AutosaveSession):
            session.defer = True  # saved after the frame (`after_frame`), not in the click's path
        self.map.colour_blind = app_settings(app).colour_blind
        #: the Settings' glyphs and speed last applied: a change there applies at once, even under a
        #: dialog (the G key's own switch of the glyphs stays until the Settings change them)
        self._prefs_seen = (app_settings(app).colour_blind, app_settings(app).animation_speed)
        self._save_error_shown = ""
        self.computer = ComputerTurns(self, app_settings(app).animation_speed)

    # the end of the game: the scoring scene instead of the small table
    def prompt(self) -> None:
        g = self.game
        if g.finished:
            if not self._finished_shown:
                self._finished_shown = True
                open_scene(self.app, "scoring", g, self.names)
            return
        if self.computer.thinking() is None and self.answer_automatically():
            return
        super().prompt()

    def round_summary(self):
        """With computers in every seat nobody is there to press Continue: the summary stays on
        screen for a few moves' time (the Settings' speed) and closes by itself."""
        summary = super().round_summary()
        if len(self.session.computers) == len(self.game.state.players):
            summary.auto_close = ROUND_SUMMARY_MOVES * move_seconds(self.computer.speed)
        return summary

    def ask(self, q) -> None:
        if q.faction in self.session.computers:  # the computer answers for its seat (`ComputerTurns`)
            return
        super().ask(q)

    def play(self, action: A.Action, faction: str | None = None, checked: bool = False) -> bool:
        who = faction or self.decider()
        if who not in self.session.computers:
            self.clear_annotations(BANNER)  # a person moved: the computer's last move is old news
        return super().play(action, faction, checked)

    def _status_text(self) -> str:
        return self.computer.status() or super()._status_text()

    # while a computer seat decides, its choices are not offered on the table
    def legal(self) -> list[A.Action]:
        return [] if self.computer.thinking() else super().legal()

    def highlights(self) -> list[str]:
        return [] if self.computer.thinking() else super().highlights()

    def glowing(self) -> frozenset:
        return frozenset() if self.computer.thinking() else super().glowing()

    def _bridge_slots(self) -> list:
        return [] if self.computer.thinking() else super()._bridge_slots()

    def button_states(self) -> None:
        super().button_states()
        if self.computer.thinking():
            for b in self.buttons:
                b.enabled = b.enabled and b.key == "undo"
                b.primary = False

    def ask_undo(self) -> None:
        if not self.session.computers:
            super().ask_undo()
        elif self.session.can_undo():  # back to the last decision of a person at this table
            self._undo()

    def _undo(self) -> None:
        self.computer.reset()
        super()._undo()

    def answer_automatically(self) -> bool:
        """Take a power offer without asking, when the player's settings say so."""
        me = self.decider()
        if me is None or self.game.decision(me) != "leech":
            return False
        p = self.game.state.players[me]
        name = self.names.get(me)
        if not p.leech_offers or not name:
            return False
        offer = p.leech_offers[0]
        terms = offer_terms(self.game, me)  # the engine's price, taken on a fork
        if terms is None:
            return False
        n = terms.power
        if not app_settings(self.app).auto_leech(name, n, terms.vp):
            return False
        action = A.Leech(offer.amount, offer.source)
        if action not in self.legal() or not self.play(action, me, checked=True):  # the settings' answer: no warning
            return False
        self.show_toast(_("{player} took {n} power automatically (settings)").format(player=name, n=n), theme.NEWS)
        return True

    def confirm_and_play(self, action: A.Action) -> None:
        if isinstance(action, A.Pass) and not app_settings(self.app).confirm_pass:
            self.play(action)
            return
        super().confirm_and_play(action)

    def after_frame(self) -> None:
        flush = getattr(self.session, "flush", None)
        if flush is not None:
            flush()

    def update(self, dt: float) -> bool:
        saver = getattr(self.session, "saver", None)
        if saver is not None and saver.error and saver.error != self._save_error_shown:
            self._save_error_shown = saver.error
            self.show_toast(saver.error)
        prefs = app_settings(self.app)
        if (prefs.colour_blind, prefs.animation_speed) != self._prefs_seen:
            self._prefs_seen = (prefs.colour_blind, prefs.animation_speed)
            self.map.colour_blind = prefs.colour_blind
            self.computer.speed = prefs.animation_speed
            self.dirty = True
        busy = self.computer.update(dt)
        return super().update(dt) or busy

    def resume(self) -> None:
        super().resume()
        self.resize(self.app.size)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.tool is None:
            self.open_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.computer.skip()
            return
        if self.computer.thinking() and not self.allowed_while_computer_plays(event):
            self.show_toast(self.computer.status(), theme.NEWS)
            return
        super().handle_event(event)

    def allowed_while_computer_plays(self, event) -> bool:
        """While a computer seat decides, the map only looks and the bar cannot act for it: a
        hover, the view switches, the faction boards and undo still answer."""
        if event.type == pygame.KEYDOWN:
            undo = event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            return bool(undo) or self.KEYS.get(event.key) in ("labels", "colourblind", "moves")
        if event.type == pygame.MOUSEBUTTONDOWN:
            target = self.hit(event.pos)
            return target is None or target[0] == "player" or target in (
                ("button", "labels"), ("button", "colourblind"), ("button", "undo"))
        return True

    def open_menu(self) -> None:
        opts = [Option(_("Back to the game"), "resume"), Option(_("Last moves (M)"), "moves"),
                Option(_("Settings"), "settings"), Option(_("Rules"), "rules"),
                Option(_("Main menu (the game is saved)"), "title")]
        if self.game.finished:
            opts.insert(1, Option(_("Final scoring"), "scoring"))
        leaving = self.decider() if self.game.state.phase == "play" else None
        leaving = None if leaving in self.session.computers else leaving  # a person leaves only for themselves
        if leaving:  # the player holding the laptop may leave for good (asked once more)
            opts.insert(2, Option(_("Leave the game: the {faction} drop out").format(
                faction=describe.faction(self.game, leaving)), "leave"))

        def chosen(v):
            if v == "rules":
                open_scene(self.app, "rules")
            elif v == "settings":
                open_scene(self.app, "settings")
            elif v == "moves":
                self.press("moves")
            elif v == "title":
                to_title(self.app)
            elif v == "leave":
                self.ask_drop(leaving)
            elif v == "scoring":
                open_scene(self.app, "scoring", self.game, self.names)

        self.app.push(ChoiceScene(self.app, _("Menu"), opts, chosen))


def to_title(app) -> None:
    """Close everything above the title screen (or open it, if the app started elsewhere)."""
    title = scene_class("title")
    while len(app.stack.scenes) > 1:
        app.stack.pop()
    if not app.stack.scenes or not isinstance(app.stack.top, title):
        app.replace(title(app))
    else:
        app.stack.top.resume()
        app.stack.top.resize(app.size)


def open_game(app, game: Game, saver: saves.Autosaver | None = None, names: dict | None = None,
              note: str = "") -> PlayScene:
    """Put `game` on the table, above the title screen, saving after every action."""
    session = AutosaveSession(game, saver or saves.Autosaver(names=names))
    to_title(app)
    scene = PlayScene(app, session, names)
    app.push(scene)
    if note:  # kept: a computer seat may move at once, and a move clears a toast
        scene.show_toast(note, kept=True)
    return scene


def open_save(app, path: Path) -> str:
    """Load and open a save; returns the message to show if it cannot be loaded ("" when opened)."""
    try:
        loaded = saves.load(path)
    except saves.SaveError as exc:
        return str(exc)
    saver = saves.Autosaver(loaded.game_id, loaded.names, loaded.created or None, path=loaded.path,
                            computers=loaded.computers)
    open_game(app, loaded.game, saver, loaded.names, loaded.note)
    return ""


class LoadScene(ListMenuScene):
    """The saved games, newest first, with their date, factions and round."""

    def __init__(self, app):
        super().__init__(app)
        self.saves: list[saves.SaveInfo] = []
        self.refresh()

    def entries(self) -> list:
        return self.saves

    def refresh(self) -> None:
        try:
            self.saves = saves.list_saves()
        except OSError as exc:
            self.saves = []
            self.message = str(exc)
        self.selected = min(self.selected, max(0, len(self.saves) - 1))

    def layout(self) -> None:
        w, h = self.size
        self.place_list((self.px(160), self.px(170), w - 2 * self.px(160), h - self.px(170) - self.px(150)),
                        self.px(74), self.px(8))
        bw, bh = self.px(240), self.px(58)
        y = h - self.px(120)
        cx = w // 2
        self.buttons = [
            make_button("back", N_("Back"), (cx - bw * 3 // 2 - self.px(30), y, bw, bh), hint="Esc"),
            make_button("delete", N_("Delete"), (cx - bw // 2, y, bw, bh)),
            make_button("open", N_("Open"), (cx + bw // 2 + self.px(30), y, bw, bh), primary=True, hint="Enter"),
        ]
        self.update_rows()

    def update_rows(self) -> None:
        super().update_rows()
        for b in self.buttons:
            if b.key in ("open", "delete"):
                b.enabled = bool(self.saves)

    def on_key(self, event) -> None:
        if event.key == pygame.K_DELETE:
            self.on_button("delete")
        else:
            super().on_key(event)

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "open" and self.saves:
            err = open_save(self.app, self.saves[self.selected].path)
            if err:  # the row says it too once the message has gone (its summary looked whole)
                self.message = err
                self.saves[self.selected] = dataclasses.replace(self.saves[self.selected], error=err)
                self.dirty = True
        elif key == "delete" and self.saves:
            info = self.saves[self.selected]

            def really():
                saves.delete(info.path)
                self.refresh()
                self.update_rows()
                self.dirty = True

            self.app.push(ConfirmScene(self.app, _("Delete this saved game?"), really, yes=_("Delete"),
                                       enter_says_yes=False))  # (a deleted save is gone for good)

    def draw(self, surface) -> None:
        self.begin_page(surface)
        self.draw_title(surface, _("Load a game"), _("Games are saved after every action."))
        if not self.saves:
            text.blit(surface, _("No saved games yet."), self.fs(24), theme.TEXT_DIM, self.list_rect.center, "center")
        for i, r in self.rows:
            self.draw_row(surface, i, r)
        self.draw_count(surface)
        self.draw_widgets(surface)
        self.draw_message(surface)

    def draw_row(self, surface, i: int, r: pygame.Rect) -> None:
        info = self.saves[i]
        self.draw_row_panel(surface, i, r, self.px(10))
        pad = self.px(18)
        if info.error and not info.factions:  # nothing read: the file's name
            text.blit(surface, info.game_id, self.fs(19), theme.INK, (r.x + pad, r.y + self.px(8)), "topleft", "bold",
                      max_width=r.width - 2 * pad)
        else:
            self.draw_summary(surface, info, r, pad)
        # unreadable, or (said when it was opened) its moves do not replay, or shown from its .bak
        problem = info.error or info.note
        if problem:
            text.blit(surface, problem, self.fs(16), theme.ERROR, (r.x + pad, r.bottom - self.px(8)), "bottomleft",
                      max_width=r.width - 2 * pad)
            return
        # factions with their colours (and the players' names)
        from tmdesktop.rules.data import faction

        x = r.x + pad
        y = r.bottom - self.px(12)
        for f in info.factions:
            try:
                fd = faction(f)
            except KeyError:
                continue
            colour = theme.piece_colour(pieces.worn_terrain(fd.home, info.colors.get(f)))  # a chosen one too
            label = _(fd.display) + (f" ({info.names[f]})" if info.names.get(f) else "")
            pygame.draw.circle(surface, colour, (x + self.px(8), y - self.px(10)), self.px(8))
            pygame.draw.circle(surface, theme.INK_SOFT, (x + self.px(8), y - self.px(10)), self.px(8), 1)
            rr = text.blit(surface, label, self.fs(17), theme.INK, (x + self.px(22), y - self.px(10)), "midleft",
                           "semibold")
            x = rr.right + self.px(22)
        text.blit(surface, _("{n} moves").format(n=info.moves), self.fs(16), theme.INK_SOFT,
                  (r.right - pad, r.bottom - self.px(10)), "bottomright")

    def draw_summary(self, surface, info: saves.SaveInfo, r: pygame.Rect, pad: int) -> None:
        """A row's first line: where the game stands (who won, the round) and when it was saved."""
        when = info.when.strftime("%Y-%m-%d %H:%M")
        if info.finished and info.vp:  # who won, with how many VP (a tie names them all)
            best = max(info.vp.values())
            winners = [faction_names([f]) for f in info.factions if info.vp.get(f) == best]
            where = ngettext("Game over: {winners} won with {vp} VP", "Game over: {winners} won with {vp} VP",
                             len(winners)).format(winners=and_list(winners), vp=best)
        elif info.finished:
            where = _("Game over")
        elif info.round:
            where = _("Round {n} of 6").format(n=info.round)
        else:
            where = _("Setup")
        text.blit(surface, where, self.fs(21), theme.INK, (r.x + pad, r.y + self.px(8)), "topleft", "bold",
                  max_width=r.width - 3 * pad - text.width(when, self.fs(17)))
        text.blit(surface, when, self.fs(17), theme.INK_SOFT, (r.right - pad, r.y + self.px(10)), "topright")


__all__ = ["AutosaveSession", "PlayScene", "open_game", "open_save", "LoadScene", "to_title", "describe_save",
           "faction_names"]
