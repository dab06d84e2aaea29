"""The title screen: Continue (the newest unfinished autosave), New game, First game (the
rulebook's introductory game), Learn to play (the lessons), Load, Watch a replay, Rules,
Settings, Quit.  Its widgets come from the menu toolkit (`menu.py`).
"""

from __future__ import annotations

import pygame

from tmdesktop import saves
from tmdesktop.i18n import N_, _

from .. import text, theme
from ..describe import save_parts
from .menu import MenuScene, make_button
from .registry import entry, open_scene


# ---------------------------------------------------------------------- the title screen


class TitleScene(MenuScene):
    back_to = None

    ITEMS = (
        ("continue", N_("Continue")), ("new", N_("New game")), ("first_game", N_("First game")),
        ("tutorial", N_("Learn to play")),
        ("load", N_("Load a game")),
        ("replay", N_("Watch a replay")), ("rules", N_("Rules")), ("settings", N_("Settings")), ("quit", N_("Quit")),
    )

    def __init__(self, app):
        super().__init__(app)
        self.latest: saves.SaveInfo | None = None
        self.save_lines: list[str] = []  # under Continue (`layout`)
        self.refresh()

    def refresh(self) -> None:
        try:
            self.latest = saves.latest_unfinished()
        except OSError:
            self.latest = None

    def resume(self) -> None:
        super().resume()
        self.refresh()
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        bw, bh, gap = self.px(420), self.px(62), self.px(14)
        # under Continue: the save's lines, with room above and below them (at a small scale a
        # fixed lead left them touching New game); no save, no lines, no room for them
        self.save_lines = self.wrap_save(bw) if self.latest else []
        lead = self.px(6) + len(self.save_lines) * self.save_line_height() + self.px(10) if self.latest else 0
        y = int(h * 0.36)
        # nine buttons: on a short window (1280x720, a large UI scale) they close up to fit
        n = len(self.ITEMS)
        room = h - self.px(24) - y - lead  # the lead under Continue holds the save's line: kept whole
        need = n * bh + (n - 1) * gap
        if need > room:
            k = room / need
            bh, gap = max(28, int(bh * k)), max(4, int(gap * k))
        self.buttons = []
        for key, label in self.ITEMS:
            b = make_button(key, label, (w // 2 - bw // 2, y, bw, bh), primary=key == "continue" and bool(self.latest))
            b.enabled = key != "continue" or self.latest is not None
            self.buttons.append(b)
            y += bh + gap + (lead if key == "continue" else 0)
        if not self.latest:
            self.button("new").primary = True

    def save_line_size(self) -> int:
        return self.fs(17)

    def save_line_height(self) -> int:
        return text.text("Ag", self.save_line_size(), theme.TEXT_DIM).get_height()

    def wrap_save(self, width: int) -> list[str]:
        """The newest save in words, at one readable size, in lines no wider than the column of
        buttons (one opened from its backup says so first, which ran far past the buttons on one
        line): the note, then when and how far, then the factions, each part going on the line
        before while it fits there; four lines at the most, the last ending with an ellipsis if
        the words need more."""
        size = self.save_line_size()
        note, parts = save_parts(self.latest)
        rows = [note] if note else []
        row = ""
        for part in parts:
            if row and text.width(f"{row} · {part}", size) > width:
                rows.append(row)
                row = ""
            row = f"{row} · {part}" if row else part
        rows.append(row)
        lines = [line for r in rows for line in text.lines(r, size, width)]
        if len(lines) > 4:
            lines = lines[:3] + [text.shorten(" ".join(lines[3:]), size, width)]
        return lines

    def on_button(self, key: str) -> None:
        if key == "continue" and self.latest:
            err = entry("open_save")(self.app, self.latest.path)
            if err:
                self.message = err
                self.refresh()
                self.layout()
        elif key == "new":
            open_scene(self.app, "setup")
        elif key == "first_game":
            open_scene(self.app, "first_game")
        elif key == "tutorial":
            open_scene(self.app, "tutorial")
        elif key == "load":
            open_scene(self.app, "load")
        elif key == "replay":
            open_scene(self.app, "replays")
        elif key == "rules":
            open_scene(self.app, "rules")
        elif key == "settings":
            open_scene(self.app, "settings")
        elif key == "quit":
            self.app.quit()

    def on_key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("continue" if self.latest else "new")

    def message_bottom(self, h: int) -> int:
        """Above the column of buttons (at the bottom it covered the last one)."""
        return self.buttons[0].rect.top - self.px(14)

    def draw(self, surface) -> None:
        self.begin_page(surface)
        w, h = surface.get_size()
        text.blit(surface, "Terra Mystica", self.fs(104), theme.ACCENT, (w // 2, int(h * 0.12)), "midtop", "title")
        text.blit(surface, _("Pass-and-play on one table, with Fire & Ice"), self.fs(24), theme.TEXT_DIM,
                  (w // 2, int(h * 0.12) + self.px(128)), "midtop")
        self.draw_widgets(surface)
        b = self.button("continue")
        y = b.rect.bottom + self.px(6)
        for line in self.save_lines:  # (`wrap_save`; shrunk into 700 pixels, five factions' names
            # were 7 pixels high at 1280x720)
            text.blit(surface, line, self.save_line_size(), theme.TEXT_DIM, (b.rect.centerx, y), "midtop")
            y += self.save_line_height()
        self.draw_message(surface)
