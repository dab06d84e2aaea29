"""Watching a finished (or saved) game: step forwards and backwards on the map view.

A replay is a setup and an action log: a ledger export (`read_ledger` / `replay_ledger`) or one
of our saves.  The viewer keeps a `Game` at the current move and moves it with `apply` (forward)
and `undo` (back); a jump replays the log up to the chosen move.  The map view is the game
scene's, drawn in the left part of the window; the move list is on the right.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pygame

from tmdesktop import saves
from tmdesktop.i18n import N_, _
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import ALL_FACTIONS
from tmdesktop.rules.engine import Game
from tmdesktop.refusals import message, worded
from tmdesktop.rules.ledger import LedgerError, read_ledger, replay_ledger

from .. import describe, text, theme
from ..describe import describe_save, faction_names
from ..pieces import piece_terrain
from ..session import Session
from .game_scene import GameScene
from .menu import ListMenuScene, app_settings, make_button, title_weight
from .registry import open_scene

LEDGER_SUFFIXES = (".txt", ".ledger")
PLAY_SECONDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "off": 0.05}
#: Tournament games shipped with the game (a few of the test corpus), to watch out of the box.
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def replay_dirs() -> list[Path]:
    """Where the viewer looks for games: the user's replay folder, the saves, the bundled samples."""
    out = [saves.data_dir() / "replays", saves.saves_dir(), SAMPLES]
    if os.environ.get("TMDESKTOP_REPLAY_DIR"):
        out.insert(0, Path(os.environ["TMDESKTOP_REPLAY_DIR"]))
    return out


def find_replays() -> list[Path]:
    """The games to watch, folder by folder: the user's own newest first (the game just played
    on top, as the saved games are listed), the bundled samples by name."""
    found: list[Path] = []
    for d in replay_dirs():
        try:
            files = [p for p in d.iterdir() if p.is_file() and (p.suffix in LEDGER_SUFFIXES or
                                                                p.name.endswith(saves.SUFFIX))]
            if d == SAMPLES:
                files.sort(key=lambda p: p.name)
            else:
                files.sort(key=lambda p: (-p.stat().st_mtime, p.name))
        except OSError:
            continue
        found += files
    return found


def is_sample(path: Path) -> bool:
    return Path(path).parent == SAMPLES


def replay_label(path: Path) -> tuple[str, str]:
    """(the game's factions, the file's date and name) for the picker; unreadable files say so.
    A bundled sample's file date is the day it was installed, so it shows its name alone."""
    path = Path(path)
    if path.name.endswith(saves.SUFFIX):
        return describe_save(saves.info(path)), path.name
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d")
        if path.stat().st_size > 5_000_000:
            raise OSError
        ledger = read_ledger(path.read_text("utf-8"))
        # a ledger names its factions in its rows, in the order they first act
        factions = list(dict.fromkeys(r.faction for r in ledger.rows if r.faction in ALL_FACTIONS))
    except (OSError, UnicodeDecodeError, LedgerError, ValueError):
        return path.stem, _("cannot be read")
    return faction_names(factions), path.stem if is_sample(path) else f"{when} · {path.stem}"


class ReplayError(Exception):
    """A file that cannot be watched; the message is for the player."""


def load_replay(path: Path) -> tuple[Game, list, str]:
    """(game at the end, the full log, a note) for a ledger export or a save."""
    path = Path(path)
    if path.name.endswith(saves.SUFFIX) or path.name.endswith(saves.SUFFIX + ".bak"):
        try:
            loaded = saves.load(path)
        except saves.SaveError as exc:
            raise ReplayError(str(exc)) from None
        return loaded.game, list(loaded.game.log), loaded.note
    try:
        if path.stat().st_size > 5_000_000:
            raise ReplayError(_("This file is too large to be a game record."))
        ledger = read_ledger(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(_("This file cannot be read: {why}").format(why=getattr(exc, "strerror", None) or exc)) from None
    except LedgerError as exc:
        raise ReplayError(_("This game record cannot be read: {why}").format(why=message(exc))) from None
    try:
        game, mismatch = replay_ledger(ledger)
    except Exception as exc:  # the engine must not take the viewer down
        raise ReplayError(_("This game record cannot be replayed ({why}).").format(why=type(exc).__name__)) from None
    note = _("The replay differs from the record: {what}").format(what=worded(mismatch)) if mismatch else ""
    return game, list(game.log), note


class ReplayScene(GameScene):
    """The map view, read-only, with replay controls and the move list."""

    prompts = False  # a replay is watched: no pickers, hand-offs or summaries

    def __init__(self, app, game: Game, log: list, title: str = "", note: str = ""):
        self.full_log = list(log)
        # what each move did (a priest's plain send: the space free at the time), for the list
        # of moves past and to come, whatever the position shown
        self.full_events = (list(game.events) if list(game.log) == self.full_log and len(game.events) == len(log)
                            else Game.replay(game.setup, self.full_log).events)
        self.start = len(Game(game.setup).log)  # faction choices: always shown
        self.title = title
        self.note = note
        self.playing = False
        self.clock = 0.0
        self.list_first = 0
        self.list_rows: list[tuple[int, pygame.Rect]] = []
        self.view_size = (0, 0)
        self.scoring_shown = False
        super().__init__(app, Session(game))
        self.go(self.start)  # watch from the first dwelling
        if note:
            self.show_toast(note)

    # -------------------------------------------------------------- position

    @property
    def pos(self) -> int:
        return len(self.game.log)

    def go(self, k: int) -> None:
        k = max(self.start, min(len(self.full_log), k))
        if k == self.pos:
            return
        if k == self.pos + 1:
            f, a = self.full_log[self.pos]
            self.game.apply(f, a)
        elif k == self.pos - 1:
            self.game.undo(1)
        else:
            self.session.game = self.game = Game.replay(self.game.setup, self.full_log[:k])
        self.session.version += 1
        if self.lay is not None:
            self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
            self.players.layout(self.lay.players, self.lay.scale, self.game.state.seats)
        self.follow()
        self.dirty = True

    def follow(self) -> None:
        n = max(1, len(self.list_rows) or 1)
        cur = self.pos - 1
        if cur < self.list_first or cur >= self.list_first + n:
            self.list_first = max(0, cur - n // 2)

    # -------------------------------------------------------------- layout

    def list_width(self, size) -> int:
        return max(250, int(size[0] * 0.2))

    def resize(self, size) -> None:
        w, h = size
        self.full = (w, h)
        self.view_size = (w - self.list_width(size), h)
        super().resize(self.view_size)
        lw = self.list_width(size)
        s = self.lay.scale
        self.panel = pygame.Rect(w - lw, 0, lw, h)
        pad = max(6, int(10 * s))
        self.list_rect = pygame.Rect(self.panel.x + pad, int(110 * s) + 40, lw - 2 * pad,
                                     h - int(110 * s) - 40 - int(150 * s) - 30)
        self.row_h = max(20, int(30 * s))
        n = max(1, self.list_rect.height // self.row_h)
        self.follow_rows(n)

    def follow_rows(self, n: int) -> None:
        self.list_rows = [(i, pygame.Rect(self.list_rect.x, self.list_rect.y + (i - self.list_first) * self.row_h,
                                          self.list_rect.width, self.row_h))
                          for i in range(self.list_first, min(len(self.full_log), self.list_first + n))]

    def _layout_buttons(self) -> None:
        super()._layout_buttons()
        self.buttons = self.bar_buttons([
            ("first", N_("Start"), "Home"), ("back", N_("Back"), "Left"), ("play", N_("Play"), "Space"),
            ("forward", N_("Forward"), "Right"), ("last", N_("End"), "End"), ("scoring", N_("Final scoring"), "F"),
            ("exit", N_("Close"), "Esc")])

    def button_states(self) -> None:
        for b in self.buttons:
            b.enabled = {"first": self.pos > self.start, "back": self.pos > self.start,
                         "forward": self.pos < len(self.full_log), "last": self.pos < len(self.full_log),
                         "play": self.pos < len(self.full_log) or self.playing,
                         "scoring": self.game.finished}.get(b.key, True)
            b.active = b.key == "play" and self.playing
            b.primary = False
            if b.key == "play":
                b.label = N_("Pause") if self.playing else N_("Play")
        self.top_buttons[0].active = self.map.show_labels
        self.top_buttons[1].active = self.map.colour_blind

    # -------------------------------------------------------------- input

    def press(self, key: str) -> None:
        if key == "first":
            self.go(self.start)
        elif key == "back":
            self.go(self.pos - 1)
        elif key == "forward":
            self.go(self.pos + 1)
        elif key == "last":
            self.go(len(self.full_log))
        elif key == "play":
            self.playing = not self.playing and self.pos < len(self.full_log)
            self.clock = 0.0
        elif key == "scoring" and self.game.finished:
            self.open_scoring()
        elif key == "exit":
            self.app.pop()
        elif key == "labels":
            self.map.show_labels = not self.map.show_labels
        elif key == "colourblind":
            self.map.colour_blind = not self.map.colour_blind
        self.dirty = True

    def click(self, target) -> None:
        pass  # a replay is watched, not played

    def open_scoring(self) -> None:
        self.scoring_shown = True
        self.playing = False
        open_scene(self.app, "scoring", self.game)

    def status_faction(self) -> str | None:
        """The faction whose move the status line tells (not the one who acts next)."""
        if self.pos <= self.start or (self.game.finished and self.pos == len(self.full_log)):
            return None
        return self.full_log[self.pos - 1][0]

    def _status_text(self) -> str:
        """The move on the board, not an instruction: nobody plays in a replay."""
        if self.pos <= self.start:
            return _("Before the first dwelling")
        if self.game.finished and self.pos == len(self.full_log):
            return _("The game is over: final scoring (F)")
        f, a = self.full_log[self.pos - 1]
        return _("Move {k}: {move}").format(k=self.pos - self.start, move=self.move_text(f, a, self.pos - 1))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: "forward", pygame.K_LEFT: "back", pygame.K_HOME: "first", pygame.K_END: "last",
                    pygame.K_SPACE: "play", pygame.K_ESCAPE: "exit", pygame.K_l: "labels", pygame.K_g: "colourblind",
                    pygame.K_f: "scoring"}
            if event.key in keys:
                self.press(keys[event.key])
            elif event.key == pygame.K_PAGEDOWN:
                self.go(self.pos + 20)
            elif event.key == pygame.K_PAGEUP:
                self.go(self.pos - 20)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.list_first = max(0, min(len(self.full_log) - 1, self.list_first - event.y * 3))
            self.follow_rows(len(self.list_rows) or 1)
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.collidepoint(event.pos):
            for i, r in self.list_rows:
                if r.collidepoint(event.pos):
                    self.go(i + 1)
                    return
            return
        if event.type == pygame.MOUSEMOTION and self.panel.collidepoint(event.pos):
            return
        super().handle_event(event)

    def update(self, dt: float) -> bool:
        animating = super().update(dt)
        if self.playing:
            self.clock += dt
            step = PLAY_SECONDS.get(app_settings(self.app).animation_speed, 0.8)
            if self.clock >= step:
                self.clock = 0.0
                self.go(self.pos + 1)
                if self.pos >= len(self.full_log):
                    self.playing = False
                    if self.game.finished and not self.scoring_shown:
                        self.open_scoring()  # watched to the end: the final scoring follows
            return True
        return animating

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        if getattr(self, "full", None) != (w, h):
            self.resize((w, h))
        view = surface.subsurface(pygame.Rect(0, 0, *self.view_size))
        super().draw(view)
        self.draw_list(surface)

    def draw_list(self, surface) -> None:
        s = self.lay.scale
        r = self.panel
        pygame.draw.rect(surface, (32, 36, 34), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.bottomleft)
        pad = max(6, int(12 * s))
        fs = max(11, int(17 * s))
        y = pad
        text.blit(surface, _("Replay"), max(14, int(30 * s)), theme.ACCENT, (r.x + pad, y), "topleft",
                  title_weight(_("Replay")))
        y += max(18, int(40 * s))
        if self.title:
            text.blit(surface, self.title, fs, theme.TEXT, (r.x + pad, y), "topleft", "semibold",
                      max_width=r.width - 2 * pad)
            y += int(fs * 1.5)
        text.blit(surface, _("Move {k} of {n}").format(k=self.pos - self.start, n=len(self.full_log) - self.start),
                  fs, theme.TEXT_DIM, (r.x + pad, y), "topleft")
        n = max(1, self.list_rect.height // self.row_h)
        self.follow_rows(n)
        st = self.game.state
        for i, row in self.list_rows:
            f, a = self.full_log[i]
            current = i == self.pos - 1
            future = i >= self.pos
            if current:
                pygame.draw.rect(surface, (86, 78, 44), row, border_radius=4)
            home = piece_terrain(st.players[f]) if f in st.players else None
            if home:  # outlined: a black faction's dot must show on the dark panel
                dot, r_dot = (row.x + int(9 * s) + 2, row.centery), max(3, int(6 * s))
                colour = theme.piece_colour(home)
                pygame.draw.circle(surface, theme.edge_on_dark(colour), dot, r_dot + 1)
                pygame.draw.circle(surface, colour, dot, r_dot)
            label = self.move_text(f, a, i)
            label = f"{i + 1 - self.start}. {label}" if i >= self.start else label
            colour = theme.TEXT if not future else theme.TEXT_DIM
            # long moves (a pass with its bonus tile) are cut, not shrunk: every row reads at one
            # size, and the status bar says the current move whole
            fs_row, weight = max(10, int(15 * s)), "semibold" if current else "regular"
            label = text.shorten(label, fs_row, row.width - int(26 * s) - 4, weight)
            text.blit(surface, label, fs_row, colour, (row.x + int(22 * s) + 4, row.centery), "midleft", weight)
        # a scroll hint
        if len(self.full_log) > n:
            frac = self.list_first / max(1, len(self.full_log) - n)
            bar = pygame.Rect(r.right - 5, self.list_rect.y + int(frac * (self.list_rect.height - 30)), 3, 30)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)

    def move_text(self, f, a, i: int | None = None) -> str:
        """Move `i` of the log, `a` by `f`, in words: as it was played, from its events (without
        `i`, from the position shown)."""
        if isinstance(a, A.ChooseFaction):
            from tmdesktop.rules.data import faction

            return _("Faction: {faction}").format(faction=_(faction(a.faction).display))
        who = describe.faction(self.game, f) if f else ""
        # a move already made: "ends the turn", not the button's "End your turn"
        if isinstance(a, A.Done):
            what = _("Turn ended")
        elif i is not None and f:
            what = describe.played(self.game, f, a, self.full_events[i])
        else:
            what = describe.action(self.game, a)
        return f"{who}: {what}" if who else what


class ReplayPickScene(ListMenuScene):
    """Choose a game record (ledger export) or a saved game to watch."""

    scroll_rows = 3

    def __init__(self, app):
        super().__init__(app)
        self.files = find_replays()
        self.labels = [replay_label(p) for p in self.files]

    def entries(self) -> list:
        return self.files

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        self.place_list((px(200), px(170), w - 2 * px(200), h - px(170) - px(150)), px(52), px(6))
        bw, bh = px(260), px(58)
        self.buttons = [
            make_button("back", N_("Back"), (w // 2 - bw - px(20), h - px(110), bw, bh), hint="Esc"),
            make_button("open", N_("Watch"), (w // 2 + px(20), h - px(110), bw, bh), primary=True, hint="Enter"),
        ]
        self.button("open").enabled = bool(self.files)
        self.update_rows()

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "open" and self.files:
            path = self.files[self.selected]
            try:
                game, log, note = load_replay(path)
            except ReplayError as exc:
                self.message = str(exc)
                self.dirty = True
                return
            self.app.push(ReplayScene(self.app, game, log, self.labels[self.selected][0], note))

    def draw(self, surface) -> None:
        self.begin_page(surface)
        self.draw_title(surface, _("Watch a replay"), _("Game records (ledger exports) and saved games"))
        px = self.px
        if not self.files:
            text.blit(surface, _("No game records found. Put ledger files in {folder}.").format(
                folder=str(replay_dirs()[0])), self.fs(20), theme.TEXT_DIM, self.list_rect.center, "center",
                max_width=self.list_rect.width)
        for i, r in self.rows:
            path = self.files[i]
            self.draw_row_panel(surface, i, r, px(8))
            kind = _("saved game") if path.name.endswith(saves.SUFFIX) else \
                _("sample game") if is_sample(path) else _("game record")
            names, detail = self.labels[i]
            text.blit(surface, names, self.fs(19), theme.INK, (r.x + px(16), r.centery), "midleft", "semibold",
                      max_width=r.width - px(460))
            text.blit(surface, f"{kind} · {detail}", self.fs(16), theme.INK_SOFT, (r.right - px(16), r.centery),
                      "midright", max_width=px(430))
        self.draw_count(surface)
        self.draw_widgets(surface)
        self.draw_message(surface)
