"""The Rules screen: the whole rulebook in our own words, page by page, each page with a picture
drawn by the game's own views.

`RulesScene(app, page=None)` opens at the contents, or at a page (`open_scene(app, "rules",
page="leech")`, which the rule cards call).  The text is `tmdesktop/teaching/rulebook.py`'s; the
pictures are `views/rule_pictures.py`'s.  Keys: Esc back (to the page before, then out), Left and
Right the previous and next page, Up/Down, Page Up/Down, Home/End and the wheel scroll the text.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.teaching import rulebook

from .. import text, theme
from ..views import rule_pictures, widgets
from .menu import MenuScene, make_button, title_weight

CONTENTS_COLUMNS = 3
_PREVIOUS, _NEXT = N_("Previous"), N_("Next")


class RulesScene(MenuScene):
    title_msg = N_("Rules")

    def __init__(self, app, page: str | None = None):
        super().__init__(app)
        self.page: str | None = page if page in rulebook.PAGE_IDS else None
        self.history: list[str | None] = []  # the pages to go back to with Esc
        self.offset = 0  # how far the text is scrolled, in pixels
        self.links: list[widgets.Button] = []  # "See also" links, in the text's coordinates
        self._body: tuple | None = None  # (key, surface, link rects)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self._prepared = False

    def after_frame(self) -> None:
        # once the first frame is on screen, play the pictures' positions, so turning to a page
        # later costs only its drawing
        if not self._prepared and self in self.app.stack.scenes:  # not when it is closing
            self._prepared = True
            rule_pictures.prepare_positions()

    def resume(self) -> None:
        super().resume()
        self._body = None
        self.layout()  # the language may have changed under a scene opened above

    # ------------------------------------------------------------------ navigation

    def open_page(self, page: str | None, remember: bool = True) -> None:
        if remember:
            self.history.append(self.page)
        self.page = page
        self.offset = 0
        self._body = None
        self.layout()
        self.dirty = True

    def back(self) -> None:
        if self.history:
            self.open_page(self.history.pop(), remember=False)
        elif len(self.app.stack.scenes) > 1:
            self.app.pop()

    def step(self, d: int) -> None:
        """The previous (-1) or next (+1) page in reading order, or the first from the contents."""
        if self.page is None:
            self.open_page(rulebook.PAGE_IDS[0 if d > 0 else -1])
            return
        target = rulebook.neighbours(self.page)[0 if d < 0 else 1]
        if target:
            self.open_page(target, remember=False)

    def scroll(self, d: int, pos=None) -> None:
        if self.page is None:
            return
        self.offset = max(0, min(self.max_offset(), self.offset + d * self.px(60)))
        self.dirty = True

    def max_offset(self) -> int:
        body = self.body()
        return max(0, body[1].get_height() - self.text_rect.height) if body else 0

    # ------------------------------------------------------------------ layout

    def layout(self) -> None:
        w, h = self.size
        bh, gap = self.px(54), self.px(16)
        y = h - bh - self.px(24)
        self.buttons = [make_button("back", N_("Back"), (self.px(40), y, self.px(200), bh), hint="Esc")]
        if self.page is None:
            self.buttons.append(make_button("first", N_("Start reading"),
                                            (w - self.px(40) - self.px(300), y, self.px(300), bh), primary=True))
            self._layout_contents()
            return
        prev, nxt = rulebook.neighbours(self.page)
        bw = self.px(260)
        x = w - self.px(40) - 3 * bw - 2 * gap
        for key, label, ok in (("prev", "« " + _(_PREVIOUS), prev), ("contents", N_("Contents"), True),
                               ("next", _(_NEXT) + " »", nxt)):
            b = make_button(key, label, (x, y, bw, bh), primary=key == "next" and bool(nxt))
            b.enabled = bool(ok)
            self.buttons.append(b)
            x += bw + gap
        top = self.px(150)
        bottom = y - self.px(24)
        text_w = int((w - self.px(120)) * 0.54)
        self.text_rect = pygame.Rect(self.px(60), top, text_w, bottom - top)
        px0 = self.text_rect.right + self.px(40)
        self.picture_rect = pygame.Rect(px0, top, w - px0 - self.px(40), bottom - top)
        self._body = None
        self.offset = min(self.offset, self.max_offset())

    def _layout_contents(self) -> None:
        """The groups in columns, each page a button; a column breaks before a group that would
        make it taller than its share."""
        w, h = self.size
        sizes = [1 + len(ids) for _g, _n, ids in rulebook.GROUPS]
        share = sum(sizes) / CONTENTS_COLUMNS
        cols: list[list[int]] = [[]]
        used = 0
        for i, n in enumerate(sizes):
            if cols[-1] and used + n / 2 > share * len(cols) and len(cols) < CONTENTS_COLUMNS:
                cols.append([])
            cols[-1].append(i)
            used += n
        col_w = min(self.px(520), (w - self.px(80)) // CONTENTS_COLUMNS - self.px(30))
        gap_x = self.px(30)
        x0 = (w - (col_w * len(cols) + gap_x * (len(cols) - 1))) // 2
        top, bottom = self.px(200), h - self.px(110)
        rows = max(sum(sizes[i] for i in col) for col in cols)
        row = min(self.px(58), (bottom - top) // max(1, rows))
        self.headings: list[tuple[str, tuple[int, int]]] = []
        for c, col in enumerate(cols):
            x, y = x0 + c * (col_w + gap_x), top
            for i in col:
                group, _name, ids = rulebook.GROUPS[i]
                self.headings.append((group, (x, y + row - self.px(10))))
                y += row
                for pid in ids:
                    self.buttons.append(make_button(f"page:{pid}", rulebook.page(pid).title,
                                                    (x, y, col_w, row - self.px(10))))
                    y += row

    # ------------------------------------------------------------------ input

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key.startswith("page:"):
            self.open_page(key[5:])
        elif key == "first":
            self.step(1)
        elif key == "prev":
            self.step(-1)
        elif key == "next":
            self.step(1)
        elif key == "contents":
            self.open_page(None)

    def hit(self, pos):
        h = super().hit(pos)
        if h or self.page is None or not self.text_rect.collidepoint(pos):
            return h
        body = self.body()
        x, y = pos[0] - self.text_rect.x, pos[1] - self.text_rect.y + self.offset
        for pid, r in body[2]:
            if r.collidepoint(x, y):
                return ("button", f"page:{pid}")
        return None

    def on_key(self, event) -> None:
        k = event.key
        if k == pygame.K_LEFT:
            self.step(-1)
        elif k == pygame.K_RIGHT:
            self.step(1)
        elif k == pygame.K_BACKSPACE:
            self.back()
        elif self.page is None:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.step(1)
        elif k in (pygame.K_DOWN, pygame.K_UP):
            self.scroll(1 if k == pygame.K_DOWN else -1)
        elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_PAGEUP):
            self.offset = max(0, min(self.max_offset(), self.offset + (
                -1 if k == pygame.K_PAGEUP else 1) * int(self.text_rect.height * 0.85)))
            self.dirty = True
        elif k in (pygame.K_HOME, pygame.K_END):
            self.offset = 0 if k == pygame.K_HOME else self.max_offset()
            self.dirty = True

    # ------------------------------------------------------------------ drawing

    def body(self):
        """(key, the page's text drawn on a transparent surface, [(page id, link rect)])."""
        from tmdesktop.i18n import language

        key = (self.page, self.text_rect.size, language())
        if self._body and self._body[0] == key:
            return self._body
        page = rulebook.page(self.page)
        width = self.text_rect.width - self.px(16)
        fs = self.fs(23)
        parts: list[tuple[pygame.Surface, int, int]] = []  # (image, x, gap before)
        for kind, s in rulebook.blocks(page):
            if kind == "item":
                parts.append((text.text(s, fs, theme.TEXT, wrap=width - self.px(34)), self.px(34), self.px(6)))
            else:
                parts.append((text.text(s, fs, theme.TEXT, wrap=width), 0, self.px(16)))
        if page.id == "factions":  # every faction's ability and stronghold, as the faction boards say
            parts += self._faction_lines(fs, width)
        see_title = text.text(_("See also"), self.fs(21), theme.ACCENT, "semibold")
        chips = [(pid, text.text(rulebook.title(rulebook.page(pid)), self.fs(20), theme.INK, "semibold"))
                 for pid in page.see]
        height = sum(img.get_height() + gap for img, _x, gap in parts) + self.px(30) + see_title.get_height()
        chip_h = self.px(44)
        x, rows = 0, 1
        for _pid, img in chips:
            cw = img.get_width() + self.px(28)
            if x and x + cw > width:
                x, rows = 0, rows + 1
            x += cw + self.px(12)
        height += rows * (chip_h + self.px(10))
        surf = pygame.Surface((self.text_rect.width, height), pygame.SRCALPHA)
        y = 0
        bullet_r = max(3, self.px(5))
        for img, x, gap in parts:
            y += gap if y else 0
            if x:
                pygame.draw.circle(surf, theme.ACCENT, (x // 2, y + fs * 0.7), bullet_r)
            surf.blit(img, (x, y))
            y += img.get_height()
        y += self.px(30)
        surf.blit(see_title, (0, y))
        y += see_title.get_height() + self.px(8)
        links = []
        x = 0
        for pid, img in chips:
            cw = img.get_width() + self.px(28)
            if x and x + cw > width:
                x, y = 0, y + chip_h + self.px(10)
            r = pygame.Rect(x, y, cw, chip_h)
            widgets.panel(surf, r, theme.PARCHMENT, radius=chip_h // 2, edge=theme.ACCENT, shadow=False)
            surf.blit(img, img.get_rect(center=r.center))
            links.append((pid, r))
            x += cw + self.px(12)
        self._body = (key, surf, links)
        return self._body

    def _faction_lines(self, fs: int, width: int) -> list:
        from tmdesktop.rules.data import ALL_FACTIONS, faction

        from .. import faction_texts
        from ..views.faction_board import home_line

        out = []
        for name in ALL_FACTIONS:
            head = text.text(_(faction(name).display), fs, theme.ACCENT, "semibold")
            line = _("{home}. {ability} Stronghold: {stronghold}").format(
                home=home_line(name), ability=faction_texts.ability(name), stronghold=faction_texts.stronghold(name))
            out.append((head, self.px(0), self.px(14)))
            out.append((text.text(line, fs, theme.TEXT, wrap=width), 0, 0))
        return out

    def draw(self, surface) -> None:
        self.begin_page(surface)
        w, h = surface.get_size()
        if self.page is None:
            self.draw_contents(surface)
        else:
            self.draw_page(surface)
        for b in self.buttons:
            if self.page is None or not b.key.startswith("page:"):
                b.draw(surface, self.fs(22) if b.primary else self.fs(20), hover=self.hover == ("button", b.key))
        self.draw_message(surface)

    def draw_contents(self, surface) -> None:
        self.draw_title(surface, _(self.title_msg), _("The whole game in short pages, with pictures"))
        for group, (x, y) in self.headings:
            name = rulebook.group_name(group)
            text.blit(surface, name, self.fs(28), theme.ACCENT, (x, y), "bottomleft", title_weight(name))
        for b in self.buttons:
            if b.key.startswith("page:"):
                b.draw(surface, self.fs(20), hover=self.hover == ("button", b.key))

    def draw_page(self, surface) -> None:
        page = rulebook.page(self.page)
        w = surface.get_width()
        i = rulebook.PAGE_IDS.index(page.id)
        crumb = _("{group} · page {n} of {total}").format(group=rulebook.group_name(page.group), n=i + 1,
                                                          total=len(rulebook.PAGE_IDS))
        text.blit(surface, crumb, self.fs(19), theme.TEXT_DIM, (self.px(60), self.px(30)), "topleft", "semibold")
        title = rulebook.title(page)
        text.blit(surface, title, self.fs(52 if title_weight(title) == "title" else 44), theme.ACCENT,
                  (self.px(60), self.px(58)), "topleft", title_weight(title), max_width=w - self.px(120))
        widgets.panel(surface, self.text_rect.inflate(self.px(24), self.px(16)), (40, 46, 42), radius=self.px(12),
                      shadow=False)
        key, body, _links = self.body()
        clip = surface.get_clip()
        surface.set_clip(self.text_rect)
        surface.blit(body, (self.text_rect.x, self.text_rect.y - self.offset))
        for pid, r in _links:  # the link under the mouse
            if self.hover == ("button", f"page:{pid}"):
                r = r.move(self.text_rect.x, self.text_rect.y - self.offset)
                pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(4, 4), max(2, self.px(3)), border_radius=r.height // 2)
        surface.set_clip(clip)
        self._draw_scrollbar(surface, body.get_height())
        widgets.panel(surface, self.picture_rect.inflate(self.px(24), self.px(16)), (40, 46, 42), radius=self.px(12),
                      shadow=False)
        rule_pictures.draw(surface, self.picture_rect, page.picture, self.scale)

    def _draw_scrollbar(self, surface, content_h: int) -> None:
        view = self.text_rect
        if content_h <= view.height:
            return
        x = view.right + self.px(8)
        track = pygame.Rect(x, view.y, max(3, self.px(6)), view.height)
        pygame.draw.rect(surface, (60, 66, 62), track, border_radius=track.width // 2)
        knob_h = max(self.px(40), int(view.height * view.height / content_h))
        knob_y = view.y + int((view.height - knob_h) * self.offset / max(1, content_h - view.height))
        pygame.draw.rect(surface, theme.ACCENT, (x, knob_y, track.width, knob_h), border_radius=track.width // 2)
