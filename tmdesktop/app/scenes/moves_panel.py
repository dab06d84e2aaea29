"""'Last moves' (M) in the map view: what happened since the player holding the laptop last decided.

Each computer move is shown alone for a moment (`computer_turns`), but a temple and its favor
tile, or the upgrade behind a power offer, pass quickly: this panel lists them in words, newest
last, each with its faction's colour. Esc, M or a click closes it; it changes nothing.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.rules import actions as A

from .. import describe, text, theme
from ..pieces import piece_terrain
from ..views import widgets
from .dialogs import Modal

#: The most moves listed: a round of a five-player table's turns with their answers.
MOST = 24
#: Steps that are no move to look back on.
QUIET = (A.Done, A.ChooseFaction)


def recent_moves(game, people: set[str], most: int = MOST) -> list[tuple[str, A.Action, int]]:
    """The moves since the last decision of one of `people` (the seats played by persons), or the
    last `most` moves when a person made the latest one; oldest first, ending turns left out.
    Each with its index in the log (its events are `game.events[index]`)."""
    log = [(f, a, k) for k, (f, a) in enumerate(game.log) if f is not None and not isinstance(a, QUIET)]
    last_person = max((k for k, (f, _a, _i) in enumerate(log) if f in people), default=-1)
    since = log[last_person + 1:]
    return (since or log)[-most:]


class MovesPanel(Modal):
    """The recent moves beside the board (no veil: the board stays visible)."""

    def __init__(self, app, scene):
        super().__init__(app, _("Last moves"))
        self.scene = scene
        game = scene.game
        people = {f for f in game.state.seats if f not in scene.session.computers}
        said: list[tuple[str, str, int]] = []  # the same move again at once is counted, not repeated
        for f, a, k in recent_moves(game, people):
            words = describe.played(game, f, a, game.events[k])
            if said and said[-1][:2] == (f, words):
                said[-1] = (f, words, said[-1][2] + 1)
            else:
                said.append((f, words, 1))
        self.rows = [(f, f"{describe.faction(game, f)}: {words}" + (f" ×{n}" if n > 1 else "")) for f, words, n in said]

    def layout(self, size) -> None:
        s = self.scale
        lay = self.scene.lay
        area = lay.map if lay is not None else pygame.Rect(0, 0, *size)
        self.row_h = max(18, int(26 * s))
        w = min(int(760 * s), area.width - int(24 * s))
        # a long move goes on over more lines (cut, a favor tile's words lost what it gives)
        self.fs = max(12, int(16 * s))
        self.line_h = text.font(self.fs).get_linesize()
        room = w - int(58 * s)  # (from the text's left edge, beside the dot, to the panel's edge)
        #: (faction, its lines, the row's height)
        self.wrapped = [(f, lines, self.row_h + (len(lines) - 1) * self.line_h)
                        for f, lines in ((f, text.lines(words, self.fs, room)) for f, words in self.rows)]
        body = sum(height for _f, _lines, height in self.wrapped)
        h = int(64 * s) + max(self.row_h, body) + int(70 * s)
        self.rect = pygame.Rect(0, 0, w, min(h, area.height - int(20 * s)))
        self.rect.topleft = (area.x + int(12 * s), area.y + int(12 * s))
        bw, bh = int(170 * s), int(44 * s)
        close = widgets.Button("close", N_("Close"), pygame.Rect(0, 0, bw, bh), hint="Esc")
        close.rect.bottomright = (self.rect.right - int(12 * s), self.rect.bottom - int(12 * s))
        self.buttons = [close]

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.close()
            return
        super().handle_event(event)

    def choose(self, hit) -> None:
        self.close()

    def draw(self, surface) -> None:
        s = self.scale
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(12 * s), edge=theme.INK_SOFT)
        text.blit(surface, self.title, int(22 * s), theme.INK, (self.rect.x + int(20 * s), self.rect.y + int(16 * s)),
                  "topleft", "title", max_width=self.rect.width - int(40 * s))
        y = self.rect.y + int(58 * s)
        bottom = self.buttons[0].rect.top - int(8 * s)
        rows: list = []  # the newest that fit
        used = 0
        for row in reversed(self.wrapped):
            used += row[2]
            if used > bottom - y and rows:
                break
            rows.insert(0, row)
        if not rows:
            text.blit(surface, _("No moves yet."), max(12, int(17 * s)), theme.INK_SOFT,
                      (self.rect.x + int(20 * s), y), "topleft")
        players = self.scene.game.state.players
        x = self.rect.x + int(42 * s)
        room = self.rect.right - int(16 * s) - x
        for faction, lines, height in rows:
            cy = y + self.row_h // 2
            colour = theme.piece_colour(piece_terrain(players[faction]))
            dot = (self.rect.x + int(26 * s), cy)
            pygame.draw.circle(surface, theme.INK_SOFT, dot, max(4, int(7 * s)) + 1)
            pygame.draw.circle(surface, colour, dot, max(4, int(7 * s)))
            for k, line in enumerate(lines):  # one type size for every row
                text.blit(surface, text.shorten(line, self.fs, room), self.fs, theme.INK,
                          (x, cy + k * self.line_h), "midleft")
            y += height
        self.draw_buttons(surface)
