"""The first game: the rulebook's introductory game (`rules/first_game.py`) set up in one step.

The page asks only what the introductory game leaves open: how many play, their names and who
plays each seat.  Factions, tiles and starting dwellings are fixed; Start opens the map with the
dwellings placed, the last player choosing the first bonus tile.

Seats: each is a person at this table or a computer level (`computer.SEAT_KINDS`).
"""

from __future__ import annotations

import pygame

from tmdesktop import saves
from tmdesktop import settings as settings_mod
from tmdesktop.i18n import N_, _
from tmdesktop.rules.data import faction
from tmdesktop.rules.first_game import BONUS_TILES, FACTIONS, SCORE_TILES, first_game
from tmdesktop.seat_names import DEFAULT_NAMES

from .. import text, theme, tile_texts
from ..computer import SEAT_KINDS, computers_of
from .load_scene import open_game
from .menu import Chooser, MenuScene, TextField, app_settings, make_button
from .seat_rows import SeatRows


class FirstGameScene(SeatRows, MenuScene):
    enter_button = "start"

    def __init__(self, app):
        super().__init__(app)
        st = app_settings(app)
        self.players = Chooser("players", N_("Players"), sorted(FACTIONS), 4, str)
        self.names = [TextField(f"name{i}", (st.recent_names[i] if i < len(st.recent_names) else ""),
                                placeholder=DEFAULT_NAMES[i], max_len=20) for i in range(5)]
        self.seats = [Chooser(f"seat{i}", "", list(SEAT_KINDS), "human", lambda k: _(SEAT_KINDS[k]))
                      for i in range(5)]

    def n(self) -> int:
        return self.players.value

    def factions(self) -> tuple[str, ...]:
        return FACTIONS[self.n()]

    # -------------------------------------------------------------- layout

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        top = px(150)
        col_w, lx, rx = self.columns(780)
        rh, gap = px(50), px(12)
        self.players.rect = pygame.Rect(lx, top + px(56), col_w, rh)
        y = self.players.rect.bottom + px(18)
        self.rows = []
        for i in range(5):
            row = pygame.Rect(lx, y, col_w, rh)
            self.rows.append(row)
            # the seat's chooser needs room for "Computer: medium" in Spanish and Italian
            name_x = row.x + int(col_w * 0.27)
            self.names[i].rect = pygame.Rect(name_x, row.y, int(col_w * 0.33), rh)
            self.seats[i].rect = pygame.Rect(self.names[i].rect.right + px(10), row.y,
                                             row.right - self.names[i].rect.right - px(10), rh)
            y += rh + gap
        self.fields = self.names[: self.n()]
        self.choosers = [self.players] + self.seats[: self.n()]
        self.panel_top, self.rows_bottom = top - px(6), self.rows[-1].bottom + px(24)
        self.cols = (lx, rx, col_w)
        bw, bh = px(270), px(62)
        self.buttons = [
            make_button("back", N_("Back"), (w // 2 - bw - px(20), h - px(110), bw, bh), hint="Esc"),
            make_button("start", N_("Start the game"), (w // 2 + px(20), h - px(110), bw, bh), primary=True,
                        hint="Enter"),
        ]

    def on_change(self, key: str, value) -> None:
        if key.startswith("seat"):
            self.seat_changed(int(key[4:]))
        if key == "players":
            self.layout()
        self.dirty = True

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "start":
            self.start()

    def start(self) -> None:
        names = self.player_names()
        st = app_settings(self.app)
        st.remember_names(self.people_names())
        settings_mod.save(st)
        game = first_game(self.n(), tuple(names))
        by_faction = dict(zip(self.factions(), names))
        computers = computers_of(self.factions(), self.seat_kinds())
        open_game(self.app, game, saves.Autosaver(names=by_faction, computers=computers), by_faction)

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        self.begin_page(surface)
        px = self.px
        self.draw_title(surface, _("First game"),
                        _("The rulebook's introductory game: set factions, tiles and starting dwellings"))
        lx, rx, col_w = self.cols
        notes = self.notes(col_w)
        info_bottom = self.panel_top + px(64) + sum((img.get_height() if img else 0) + px(10) for img in notes)
        bottom = max(self.rows_bottom, info_bottom + px(14))  # the notes wrap longer in Spanish and Italian
        for x, title in ((lx, _("Players")), (rx, _("The game"))):
            self.draw_section(surface, self.section_rect(x, col_w, self.panel_top, bottom), title)
        for i, f in enumerate(self.factions()):
            row = self.rows[i]
            board = faction(f)
            centre = (row.x + px(16), row.centery)
            pygame.draw.circle(surface, theme.piece_colour(board.home), centre, px(13))
            pygame.draw.circle(surface, (230, 230, 220), centre, px(13), 1)
            label = pygame.Rect(row.x + px(40), row.y, self.names[i].rect.x - row.x - px(48), row.height)
            self.draw_label(surface, _(board.display), label)
        self.draw_widgets(surface)
        y = self.panel_top + px(64)
        for img in notes:
            if img:
                surface.blit(img, (rx, y))
                y += img.get_height()
            y += px(10)
        self.draw_message(surface)

    def notes(self, width: int) -> list:
        """What is already decided, as wrapped lines for the right-hand column (None: a gap)."""
        lines = [_("Round {n}: {scoring}").format(n=r, scoring=tile_texts.round_score(t)[0])
                 for r, t in enumerate(SCORE_TILES, 1)]
        lines += ["", _("Bonus tiles in play: {tiles}").format(tiles=", ".join(t[3:] for t in BONUS_TILES[self.n()])),
                  _("The starting dwellings are already on the map."),
                  _("The game begins with the bonus tiles: the last player chooses first."),
                  _("Each seat is played by a person at this table or by the computer (easy, medium or hard).")]
        return [text.text(line, self.fs(18), theme.TEXT, wrap=width) if line else None for line in lines]
