"""The review of a finished game: VP by source against the winner's, the turning points, and the
turns where the computer's suggestion would have led clearly further (each viewable on the board).

The data is `teaching.review`'s; the turns are judged in the computer's worker (`ReviewJob`) while
the page shows its progress. A better move opens `ReviewMoveScene`: the board before the turn,
the turn played and the suggested one ringed in two colours, the difference in words.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _, language
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.teaching import review as R

from .. import describe, text, theme
from .. import review_words as W
from ..pieces import piece_terrain
from ..review_job import ReviewJob
from ..session import Session
from ..views import widgets
from .game_scene import GameScene
from .menu import MenuScene, make_button, title_weight
from .scoring import ROW_NAMES, ROW_OF, ROWS, OTHER

PLAYED = (236, 120, 72)  # the turn played: orange rings
SUGGESTED = (96, 200, 120)  # the suggested turn: green rings


def people_of(app, game) -> list[str]:
    """The seats people played in `game` (the computer's seats are known to the table's session)."""
    for scene in reversed(app.stack.scenes):
        session = getattr(scene, "session", None)
        if session is not None and getattr(session, "game", None) is game:
            return [f for f in game.state.seats if f not in session.computers]
    return list(game.state.seats)


class ReviewScene(MenuScene):
    """Full screen, from the final scoring: 'Review the game'."""

    def __init__(self, app, game: Game, names: dict | None = None, judged: list[str] | None = None):
        super().__init__(app)
        self.game = game
        self.names = dict(names or {})
        people = judged if judged is not None else people_of(app, game)
        self.review = R.overview(game, people or list(game.state.seats))
        self.selected = self.review.judged[0] if self.review.judged else self.review.factions[0]
        self.jobs: dict[str, ReviewJob] = {}
        self.start_judging(self.selected)
        self.tabs: list[tuple[pygame.Rect, str]] = []
        self.tab_words: dict[str, list[str]] = {}  # each tab's lines, as laid out
        self.laid_out_in = ""  # the language the page was laid out in (its words' widths)
        self.move_rows: list[tuple[pygame.Rect, R.Judgement]] = []
        self.points_first = 0  # the first turning point shown: the box scrolls where they do not all fit
        self.points_end = 0  # ... and the first from which the last ones all show (the scroll stops there)
        self.pointer: tuple[int, int] | None = None  # where the pointer last moved to (the wheel scrolls what is under it)
        self._before: dict[int, Game] = {}  # the position before a judged move, by its start

    def position_before(self, move: R.Move) -> Game:
        """The position `move` was played in (its suggestion is worded from there), made once."""
        if move.start not in self._before:
            self._before[move.start] = Game.replay(self.game.setup, list(self.game.log)[:move.start])
        return self._before[move.start]

    # -------------------------------------------------------------- judging

    def start_judging(self, faction: str) -> None:
        if faction not in self.jobs:
            self.jobs[faction] = ReviewJob(self.game, [faction])

    def better_moves(self, faction: str) -> list[R.Judgement] | None:
        """The faction's better moves, or None while its turns are being judged."""
        job = self.jobs.get(faction)
        if job is None or not job.finished:
            return None
        return R.best_of(job.judgements).get(faction, [])

    def update(self, dt: float) -> bool:
        job = self.jobs.get(self.selected)
        if job is not None and not job.finished:
            if job.poll():
                self.dirty = True
            return True
        return False

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancel()
        self.app.pop()

    # -------------------------------------------------------------- input

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        bw, bh = px(250), px(58)
        self.buttons = [make_button("back", N_("Back"), (w // 2 - bw // 2, h - px(96), bw, bh), hint="Esc")]
        self.lay_out_tabs()
        top = max(px(150), max(r.bottom for r, _f in self.tabs) + px(10))
        bottom = h - px(120)
        self.table_rect = pygame.Rect(px(40), top, int(w * 0.36), bottom - top)
        self.right_rect = pygame.Rect(self.table_rect.right + px(30), top, w - self.table_rect.right - px(70),
                                      bottom - top)
        self.points_rect, self.moves_rect = self.right_rect.copy(), self.right_rect.copy()  # (`split_right`)
        self.laid_out_in = language()

    def lay_out_tabs(self) -> None:
        """A tab per player, wide enough for "name · faction · winner" where the window has the
        room (else the faction alone on every tab: the dots' colours tell whose), on two lines
        where even that is too long for the tabs' share of the width."""
        w, _h = self.size
        px = self.px
        n = len(self.review.factions)
        share = (w - px(80) - (n - 1) * px(8)) // max(1, n)
        size, pad = self.fs(17), px(44)
        words = {f: self.label(f) + self.winner_tag(f) for f in self.review.factions}
        if any(text.width(said, size, "semibold") + pad > share for said in words.values()):
            words = {f: self.label_lines(f)[-1] + self.winner_tag(f) for f in self.review.factions}
        tab_w = min(share, max([px(260)] + [text.width(said, size, "semibold") + pad for said in words.values()]))
        self.tab_words = {f: text.lines(said, size, tab_w - pad, "semibold") for f, said in words.items()}
        lines = max(len(said) for said in self.tab_words.values())
        tab_h = max(px(44), lines * text.font(size, "semibold").get_linesize() + px(8))
        self.tabs = [(pygame.Rect(px(40) + i * (tab_w + px(8)), px(96), tab_w, tab_h), f)
                     for i, f in enumerate(self.review.factions)]

    def hit(self, pos):
        h = super().hit(pos)
        if h is not None:
            return h
        for r, f in self.tabs:
            if r.collidepoint(pos):
                return ("tab", f)
        for r, j in self.move_rows:
            if r.collidepoint(pos):
                return ("move", j.move.start)
        return None

    def scroll(self, d: int, pos) -> None:
        """The wheel over the turning points shows the next or the earlier ones (where they do
        not all fit their box)."""
        if self.points_rect.collidepoint(pos):
            self.scroll_points(d)

    def scroll_points(self, d: int) -> None:
        first = max(0, min(self.points_first + d, self.points_end))
        if first != self.points_first:
            self.points_first = first
            self.dirty = True

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y, self.pointer or self.app.mouse_pos())
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hit(event.pos)
            if h and h[0] == "tab":
                self.select(h[1])
                return
            if h and h[0] == "move":
                self.open_move(h[1])
                return
        super().handle_event(event)

    def on_key(self, event) -> None:
        if pygame.K_1 <= event.key <= pygame.K_5:
            rows = self.move_rows
            i = event.key - pygame.K_1
            if i < len(rows):
                self.open_move(rows[i][1].move.start)
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_points(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
            fs = self.review.factions
            step = -1 if event.key == pygame.K_LEFT else 1
            self.select(fs[(fs.index(self.selected) + step) % len(fs)])

    def back(self) -> None:
        self.close()

    def on_button(self, key: str) -> None:
        if key == "back":
            self.close()

    def select(self, faction: str) -> None:
        for f, job in list(self.jobs.items()):  # the worker turns to the player now shown
            if f != faction and not job.finished:
                job.cancel()
                del self.jobs[f]
        self.selected = faction
        self.start_judging(faction)
        self.dirty = True

    def open_move(self, start: int) -> None:
        j = next((j for _r, j in self.move_rows if j.move.start == start), None)
        if j is not None:
            self.app.push(ReviewMoveScene(self.app, self.game, j))

    # -------------------------------------------------------------- drawing

    def label(self, f: str) -> str:
        return " · ".join(self.label_lines(f))

    def label_lines(self, f: str) -> list[str]:
        return describe.player_lines(self.game, self.names, f)

    def winner_tag(self, f: str) -> str:
        return " · " + _("winner") if f in self.review.winners else ""

    def rival(self) -> str:
        """Whom the selected player is compared with: the winner (the runner-up for the winner)."""
        rv = self.review
        if self.selected not in rv.winners:
            return rv.winners[0]
        others = sorted((f for f in rv.factions if f != self.selected), key=lambda f: -rv.final[f])
        return others[0] if others else self.selected

    def rows_of(self, f: str) -> dict[str, int]:
        out = dict.fromkeys((row for row, _k in ROWS), 0)
        for source, vp in self.review.vp_by_source.get(f, {}).items():
            out[ROW_OF.get(source.kind, OTHER)] += vp
        return out

    def draw(self, surface) -> None:
        self.begin_page(surface)
        if self.laid_out_in != language():  # the tabs' words take another room
            self.layout()
        self.draw_title(surface, _("Review of the game"))
        self.draw_tabs(surface)
        self.draw_table(surface)
        points, moves = self.point_images(), self.move_lines()  # (worded once a frame)
        self.split_right(points, moves)
        self.draw_points(surface, points)
        self.draw_moves(surface, moves)
        self.draw_widgets(surface)

    def draw_tabs(self, surface) -> None:
        px = self.px
        size = self.fs(17)
        line_h = text.font(size, "semibold").get_linesize()
        for r, f in self.tabs:
            on = f == self.selected
            pygame.draw.rect(surface, theme.PARCHMENT if on else theme.PANEL_LIGHT, r, border_radius=px(8))
            pygame.draw.rect(surface, theme.ACCENT if on else theme.PANEL_EDGE, r, 2, border_radius=px(8))
            colour = theme.piece_colour(piece_terrain(self.game.state.players[f]))
            pygame.draw.circle(surface, colour, (r.x + px(20), r.centery), px(9))
            pygame.draw.circle(surface, theme.INK_SOFT, (r.x + px(20), r.centery), px(9), 1)
            said = self.tab_words[f]
            for k, line in enumerate(said):
                text.blit(surface, line, size, theme.INK if on else theme.TEXT,
                          (r.x + px(36), r.centery + (k - (len(said) - 1) / 2) * line_h), "midleft", "semibold",
                          max_width=r.width - px(44))

    def draw_table(self, surface) -> None:
        px = self.px
        r = self.table_rect
        widgets.panel(surface, r, theme.PARCHMENT, radius=px(12), edge=theme.INK_SOFT)
        me, other = self.selected, self.rival()
        mine, theirs = self.rows_of(me), self.rows_of(other)
        head = _("VP by source")
        text.blit(surface, head, self.fs(22), theme.INK, (r.x + px(18), r.y + px(12)), "topleft", title_weight(head))
        label_w = int(r.width * 0.46)
        col_w = (r.width - label_w - px(16)) // 3
        xs = [r.x + label_w + col_w * i + col_w // 2 for i in range(3)]
        y = r.y + px(50)
        heads = [[self.label(me)], [self.label(other) + self.winner_tag(other)], [_("Difference")]]
        if any(text.width(hd[0], self.fs(14), "bold") > col_w - px(6) for hd in heads[:2]):
            # the name over the faction where "name · faction" does not fit a column, a long name
            # ("Ordenador: fácil 2") over two lines
            stacked = [self.label_lines(me), self.label_lines(other) + ([_("winner")] if self.winner_tag(other) else [])]
            heads[:2] = [[part for line in hd for part in text.lines(line, self.fs(14), col_w - px(6), "bold")]
                         for hd in stacked]
        lines = max(len(hd) for hd in heads)
        for x, hd in zip(xs, heads):
            for k, line in enumerate(hd):
                text.blit(surface, line, self.fs(14), theme.INK, (x, y + px(14) + (k + (lines - len(hd)) / 2) * px(18)),
                          "center", "bold", max_width=col_w - px(6))
        y += px(34) + (lines - 1) * px(18)
        rows = [k for k, _kinds in ROWS if mine[k] or theirs[k]]
        row_h = min(px(34), (r.bottom - y - px(50)) // max(1, len(rows) + 1))
        fs = self.fs(min(17, row_h * 0.55 / max(self.scale, 0.01)))
        # the row names in one type, the size the longest fits at ("Losetas de puntuación de ronda"
        # alone a size smaller looked like a different kind of row)
        name_fs = text.fit_all([_(ROW_NAMES[k]) for k in rows], fs, label_w - px(24))
        for i, k in enumerate(rows):
            row = pygame.Rect(r.x + px(8), y, r.width - px(16), row_h)
            if i % 2 == 0:
                pygame.draw.rect(surface, (228, 217, 188), row, border_radius=px(4))
            text.blit(surface, _(ROW_NAMES[k]), name_fs, theme.INK, (r.x + px(18), row.centery), "midleft",
                      max_width=label_w - px(24))
            d = mine[k] - theirs[k]
            for x, v, colour in ((xs[0], mine[k], theme.INK), (xs[1], theirs[k], theme.INK),
                                 (xs[2], d, theme.ERROR if d < 0 else (40, 110, 50) if d > 0 else theme.INK_SOFT)):
                shown = str(v) if x != xs[2] else W.signed(v) if v else "—"
                text.blit(surface, shown, fs, colour, (x, row.centery), "center", "semibold")
            y += row_h
        pygame.draw.line(surface, theme.INK, (r.x + px(12), y + px(4)), (r.right - px(12), y + px(4)), 2)
        fm, fo = self.review.final[me], self.review.final[other]
        text.blit(surface, _("Total"), self.fs(19), theme.INK, (r.x + px(18), y + px(8) + row_h // 2), "midleft", "bold")
        for x, v in ((xs[0], str(fm)), (xs[1], str(fo)), (xs[2], W.signed(fm - fo) if fm != fo else "—")):
            text.blit(surface, v, self.fs(19), theme.INK, (x, y + px(8) + row_h // 2), "center", "bold")
        self.draw_rounds(surface, pygame.Rect(r.x + px(8), y + row_h + px(24), r.width - px(16),
                                              r.bottom - y - row_h - px(32)), me, other)

    def draw_rounds(self, surface, r: pygame.Rect, me: str, other: str) -> None:
        """VP gained in each round by the two players compared: where the gap opened."""
        px = self.px
        if r.height < px(90):
            return
        head = _("VP gained in each round")
        text.blit(surface, head, self.fs(17), theme.INK, (r.x + px(10), r.y), "topleft", "semibold")
        # the players' column as wide as their labels, both in one type: "name · faction", or the
        # faction alone where that does not fit (the table above names the players); shrunk to
        # fit, "Ordenador: fácil 2 · Brujas" was 8 pixels high, "Fanciulle dei Ghiacci" smaller than
        # "Mezzuomini"
        size, most = self.fs(14), int(r.width * 0.5)
        labels = {f: self.label(f) for f in (me, other)}
        labels = {f: label if text.width(label, size, "semibold") + px(12) <= most else self.label_lines(f)[-1]
                  for f, label in labels.items()}
        label_w = min(most, max([int(r.width * 0.30)] + [text.width(label, size, "semibold") + px(12)
                                                            for label in labels.values()]))
        col_w = (r.width - px(10) - label_w) // 6  # (the last column clear of the panel's edge)
        row_h = min(px(30), (r.height - px(30)) // 3)
        y = r.y + px(28)
        heads = [_("Round {n}").format(n=k) for k in range(1, 7)]
        if any(text.width(hd, self.fs(13)) > col_w - px(8) for hd in heads):  # "Turno 3Turno 4": "T3 T4"
            heads = [_("R{n}").format(n=k) for k in range(1, 7)]
        for k, hd in enumerate(heads, 1):
            text.blit(surface, hd, self.fs(13), theme.INK_SOFT,
                      (r.x + label_w + (k - 1) * col_w + col_w // 2, y + row_h // 2), "center", max_width=col_w - px(4))
        for f in (me, other):
            y += row_h
            text.blit(surface, labels[f], size, theme.INK, (r.x + px(10), y + row_h // 2), "midleft",
                      "semibold", max_width=label_w - px(12))
            for k in range(1, 7):
                mine = self.review.round_vp[k].get(f, 0)
                best = max(self.review.round_vp[k].values(), default=0)
                colour = (40, 110, 50) if mine == best and mine > 0 else theme.INK
                text.blit(surface, W.signed(mine), self.fs(15), colour,
                          (r.x + label_w + (k - 1) * col_w + col_w // 2, y + row_h // 2), "center",
                          "bold" if colour != theme.INK else "regular")

    def split_right(self, points: list[pygame.Surface], lines) -> None:
        """The turning points' box over the better moves', by what their lines need (`point_images`,
        `move_lines`): the better moves whole, the turning points in the rest (at least one of
        them; where they do not all fit, the box scrolls)."""
        r, px, gap = self.right_rect, self.px, self.px(16)
        heights = [img.get_height() + px(8) for img in points]
        need = px(48) + sum(heights)
        least = px(48) + max(heights, default=px(30))
        if lines is None or not lines[1]:  # the judging's progress, or a line that there are none
            moves = px(46) + px(90)
        else:
            caption, rows = lines
            moves = px(46) + caption.get_height() + px(8) + sum(h + px(6) for _j, _p, _s, h in rows) + px(6)
        points_h = max(least, min(need, r.height - gap - moves))
        self.points_rect = pygame.Rect(r.x, r.y, r.width, points_h)
        self.moves_rect = pygame.Rect(r.x, self.points_rect.bottom + gap, r.width, r.bottom - self.points_rect.bottom - gap)

    def point_images(self) -> list[pygame.Surface]:
        """Each turning point in words on its lines, the selected player's bright."""
        width = self.right_rect.width - self.px(70)
        return [text.text(W.turning_point_text(self.game, tp), self.fs(15),
                          theme.TEXT if tp.move.faction == self.selected else theme.TEXT_DIM, "regular", wrap=width)
                for tp in self.review.turning_points]

    def draw_points(self, surface, images: list[pygame.Surface]) -> None:
        px = self.px
        r = self.points_rect
        widgets.panel(surface, r, (46, 52, 48), radius=px(12))
        points = self.review.turning_points
        y0, bottom = r.y + px(48), r.bottom - px(4)
        end, used = len(images), 0  # the first from which the last ones all fit
        while end > 0 and used + images[end - 1].get_height() + px(8) <= bottom - y0:
            end -= 1
            used += images[end].get_height() + px(8)
        self.points_end = end
        self.points_first = max(0, min(self.points_first, end))
        y, shown = y0, 0
        for tp, img in zip(points[self.points_first:], images[self.points_first:]):
            if shown and y + img.get_height() > bottom:
                break  # whole entries only
            colour = theme.piece_colour(piece_terrain(self.game.state.players[tp.move.faction]))
            pygame.draw.circle(surface, theme.edge_on_dark(colour), (r.x + px(28), y + px(12)), px(9))
            pygame.draw.circle(surface, colour, (r.x + px(28), y + px(12)), px(7))
            surface.blit(img, (r.x + px(46), y))
            y += img.get_height() + px(8)
            shown += 1
        room = r.width - px(36)
        if shown < len(points):  # which of them show: the wheel (or Up and Down) shows the others
            where = _("{first}–{last} of {total}").format(first=self.points_first + 1, last=self.points_first + shown,
                                                          total=len(points))
            at = text.blit(surface, where, self.fs(14), theme.TEXT_DIM, (r.right - px(18), r.y + px(12)), "topright")
            room = at.x - px(12) - r.x - px(18)
        head = _("Turning points: the moves that brought the most VP")
        text.blit(surface, head, self.fs(20), theme.ACCENT, (r.x + px(18), r.y + px(10)), "topleft",
                  title_weight(head), max_width=room)

    def move_lines(self) -> tuple[pygame.Surface, list] | None:
        """The better moves in words: the caption over them and, a row each, (the judgement, the
        turn played and the one suggested on their lines, the row's height); None while they
        are being judged."""
        found = self.better_moves(self.selected)
        if found is None:
            return None
        px = self.px
        caption = text.text(_("By the computer's evaluation (projected VP at the end). Click a move to see it on the "
                              "board."), self.fs(14), theme.TEXT_DIM, wrap=self.right_rect.width - px(40))
        room = self.right_rect.width - px(24) - px(256)  # between the round and the VP
        rows = []
        for j in found:
            played = text.text(_("Played: {turn}").format(turn=W.played_text(self.game, j.move, j.played)),
                               self.fs(15), PLAYED, wrap=room)
            suggested = text.text(_("Suggested: {turn}").format(
                turn=W.suggested_text(self.position_before(j.move), j.move, j.suggested)), self.fs(15), SUGGESTED,
                wrap=room)
            rows.append((j, played, suggested, max(px(44), played.get_height() + suggested.get_height() + px(12))))
        return caption, rows

    def draw_moves(self, surface, lines) -> None:
        px = self.px
        r = self.moves_rect
        widgets.panel(surface, r, (46, 52, 48), radius=px(12))
        head = _("Better moves for {the_faction}").format(the_faction=describe.the_faction(self.selected))
        text.blit(surface, head, self.fs(20), theme.ACCENT, (r.x + px(18), r.y + px(10)), "topleft",
                  title_weight(head), max_width=r.width - px(36))
        self.move_rows = []
        y = r.y + px(46)
        if lines is None:
            job = self.jobs[self.selected]
            msg = _("The computer is judging the moves: {done} of {total}").format(done=job.done, total=job.total)
            text.blit(surface, msg, self.fs(17), theme.TEXT_DIM, (r.x + px(20), y + px(10)), "topleft")
            bar = pygame.Rect(r.x + px(20), y + px(46), r.width - px(40), px(14))
            pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=px(6))
            fill = bar.copy()
            fill.width = int(bar.width * job.done / max(1, job.total))
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=px(6))
            return
        caption, rows = lines
        if not rows:
            text.blit(surface, _("No turn where the computer's suggestion leads clearly further."), self.fs(17),
                      theme.TEXT_DIM, (r.x + px(20), y + px(10)), "topleft", max_width=r.width - px(40))
            return
        surface.blit(caption, (r.x + px(20), y))
        y += caption.get_height() + px(8)
        mouse = self.app.mouse_pos()
        for i, (j, played, suggested, row_h) in enumerate(rows):
            row = pygame.Rect(r.x + px(12), y, r.width - px(24), row_h)
            if row.bottom > r.bottom - px(6):
                break  # whole rows only
            hover = row.collidepoint(mouse)
            pygame.draw.rect(surface, (80, 74, 50) if hover else theme.PANEL_LIGHT, row, border_radius=px(8))
            self.move_rows.append((row, j))
            text.blit(surface, f"{i + 1}.", self.fs(18), theme.ACCENT, (row.x + px(12), row.centery), "midleft", "bold")
            when = _("Round {n}").format(n=j.move.round)
            text.blit(surface, when, self.fs(14), theme.TEXT_DIM, (row.x + px(40), row.centery), "midleft",
                      max_width=px(90))
            # whole, on as many lines as they take (cut, "…Prendi la Tessera Cit…" hid the end of
            # the turn; shrunk to fit, a long turn was 8 pixels high)
            x = row.x + px(40) + px(96)
            top = row.centery - (played.get_height() + suggested.get_height()) // 2
            surface.blit(played, (x, top))
            surface.blit(suggested, (x, top + played.get_height()))
            text.blit(surface, _("{n} VP").format(n=W.signed(j.difference)), self.fs(20), theme.GOOD,
                      (row.right - px(14), row.centery), "midright", "bold")
            y += row_h + px(6)


def action_targets(a: A.Action) -> list[tuple[str, str]]:
    """Where an action shows on the board (the hit targets of the map view)."""
    if isinstance(a, (A.Build, A.Upgrade, A.Transform)):
        return [("hex", a.hex)]
    if isinstance(a, A.PlaceBridge):
        return [("hex", a.a), ("hex", a.b)]
    if isinstance(a, A.UseAction) and a.name.startswith("ACT") and a.name[3:].isdigit():
        return [("power", a.name)]
    if isinstance(a, A.Pass) and a.bonus:
        return [("bonus", a.bonus)]
    if isinstance(a, A.TakeTile):
        return [("town" if a.tile.startswith("TW") else "favor", a.tile)]
    return []


class ReviewMoveScene(GameScene):
    """The board before a reviewed turn: the turn played (orange) and the suggestion (green) are
    ringed; 1, 2, 3 show the position before, after the turn played, after the suggestion."""

    prompts = False  # a position to look at: nothing is asked or played

    #: What the board shows: the position before the turn, after the turn played, after the suggestion.
    VIEWS = ("before", "played", "suggested")

    def __init__(self, app, game: Game, judgement: R.Judgement):
        self.judgement = judgement
        self.full_game = game  # (the turn played is worded from its events there)
        before = Game.replay(game.setup, list(game.log)[:judgement.move.start])
        self.positions = {"before": before}
        for view, actions in (("played", judgement.played), ("suggested", judgement.suggested)):
            after = before.copy()
            for a in actions:
                after.apply(judgement.move.faction, a)
            self.positions[view] = after
        self.view = "before"
        self.laid_language = language()  # the language the map was laid out above the box in (`resize`)
        super().__init__(app, Session(before))
        played = [t for a in judgement.played for t in action_targets(a)]
        suggested = [t for a in judgement.suggested for t in action_targets(a)]
        self.rings = [(played, PLAYED), (suggested, SUGGESTED)]

    def show(self, view: str) -> None:
        """Put one of the three positions on the board."""
        self.view = view
        self.session.game = self.game = self.positions[view]
        self.session.version += 1
        if self.lay is not None:
            self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
            self.players.layout(self.lay.players, self.lay.scale, self.game.state.seats)
        self.dirty = True

    def _layout_buttons(self) -> None:
        super()._layout_buttons()
        self.buttons = self.bar_buttons([
            ("before", N_("Before the move"), "1"), ("played", N_("After the move played"), "2"),
            ("suggested", N_("After the suggestion"), "3"), ("exit", N_("Back to the review"), "Esc")])

    def button_states(self) -> None:
        for b in self.buttons:
            b.enabled, b.primary = True, False
            b.active = b.key == self.view
        self.top_buttons[0].active = self.map.show_labels
        self.top_buttons[1].active = self.map.colour_blind

    def press(self, key: str) -> None:
        if key == "exit":
            self.app.pop()
        elif key in self.VIEWS:
            self.show(key)
        elif key == "labels":
            self.map.show_labels = not self.map.show_labels
        elif key == "colourblind":
            self.map.colour_blind = not self.map.colour_blind
        self.dirty = True

    def click(self, target, via_click: bool = True) -> None:
        pass  # a position to look at

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.press("exit")
            elif pygame.K_1 <= event.key <= pygame.K_3:
                self.press(self.VIEWS[event.key - pygame.K_1])
            elif event.key == pygame.K_l:
                self.press("labels")
            return
        super().handle_event(event)

    def _status_text(self) -> str:
        j = self.judgement
        faction = describe.faction(self.game, j.move.faction)
        if self.view == "played":
            return _("Round {r}: the {faction} after the move played").format(r=j.move.round, faction=faction)
        if self.view == "suggested":
            return _("Round {r}: the {faction} after the suggested move").format(r=j.move.round, faction=faction)
        return _("Round {r}: the {faction} before their move").format(r=j.move.round, faction=faction)

    def _draw_annotations(self, surface) -> None:
        s = self.lay.scale
        shown = {"before": (PLAYED, SUGGESTED), "played": (PLAYED,), "suggested": (SUGGESTED,)}[self.view]
        for targets, colour in self.rings:
            if colour not in shown:
                continue
            for k, t in enumerate(targets):
                r = self.target_rect(t)
                if r is not None:
                    grow = int((8 + 10 * (colour == SUGGESTED)) * s)
                    pygame.draw.rect(surface, colour, r.inflate(grow, grow), max(3, int(5 * s)),
                                     border_radius=int(10 * s))
        self.draw_explanation(surface)

    def resize(self, size) -> None:
        """The map drawn above the explanation's box, not under it (at 1920x1080 the box hid the
        map's three bottom rows)."""
        super().resize(size)
        m, s = self.lay.map, self.lay.scale
        room = m.height - self.explanation()[2] - int(20 * s)
        self.map.layout(pygame.Rect(m.x, m.y, m.width, max(m.height // 2, room)))
        self.laid_language = language()

    def update(self, dt: float) -> bool:
        # the box's words in another language (the Settings): its height, and so the map's room
        if self.lay is not None and self.laid_language != language():
            self.resize(self.lay.size)
        return super().update(dt)

    def explanation(self) -> tuple[list, list, int]:
        """(lines, their images, the box's height): the two turns and the difference."""
        s = self.lay.scale
        j = self.judgement
        width = int(self.lay.map.width * 0.92)
        fs = max(12, int(17 * s))
        played = W.played_text(self.full_game, j.move, j.played)
        suggested = W.suggested_text(self.positions["before"], j.move, j.suggested)
        lines = [(_("Played: {turn}").format(turn=played), PLAYED, "semibold"),
                 (_("Suggested: {turn}").format(turn=suggested), SUGGESTED, "semibold"),
                 (W.difference_text(j), theme.TEXT, "regular")]
        imgs = [text.text(t, fs, c, wgt, wrap=width - int(60 * s)) for t, c, wgt in lines]
        return lines, imgs, sum(i.get_height() for i in imgs) + int(12 * s) * (len(imgs) + 1)

    def draw_explanation(self, surface) -> None:
        """The two turns and the difference, in a box under the map (laid out above it)."""
        s = self.lay.scale
        m = self.lay.map
        lines, imgs, h = self.explanation()
        box = pygame.Rect(0, 0, int(m.width * 0.92), h)
        box.midbottom = (m.centerx, m.bottom - int(10 * s))
        widgets.panel(surface, box, (30, 34, 32), radius=int(10 * s), edge=theme.PANEL_EDGE)
        y = box.y + int(12 * s)
        for (t, colour, _w), img in zip(lines, imgs):
            if colour in (PLAYED, SUGGESTED):
                pygame.draw.rect(surface, colour, (box.x + int(14 * s), y + int(3 * s), int(22 * s),
                                                   max(4, img.get_height() - int(6 * s))), max(2, int(3 * s)),
                                 border_radius=int(4 * s))
            surface.blit(img, (box.x + int(46 * s), y))
            y += img.get_height() + int(12 * s)
