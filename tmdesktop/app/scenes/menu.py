"""The small form toolkit the menu screens share: a menu page, buttons, choosers, switches,
text fields and a scrolling list.

`MenuScene` lays a menu screen out in units of a 1920 x 1080 screen times the window's scale
and the player's UI scale; its widgets hold message ids and translate them each time they are
drawn, so a language switch shows at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from tmdesktop.i18n import _

from .. import text, theme
from ..views import widgets
from .base import Scene

REF_W, REF_H = 1920, 1080


_missing: dict[str, bool] = {}


def title_weight(s: str) -> str:
    """The title face when it has every letter of `s`, else bold (the bundled EB Garamond has no
    accented letters, so Spanish and Italian headings would show empty boxes)."""
    if s.isascii():
        return "title"
    f = text.font(40, "title")
    try:
        notdef = pygame.image.tobytes(f.render("\U0010FFFD", True, (0, 0, 0)), "RGBA")
    except pygame.error:
        return "bold"
    for ch in set(s):
        if ch.isascii() or ch.isspace():
            continue
        if ch not in _missing:
            try:
                img = f.render(ch, True, (0, 0, 0))
            except (pygame.error, ValueError, UnicodeError):  # NUL, lone surrogates: drawn as nothing
                _missing[ch] = True
                continue
            _missing[ch] = pygame.image.tobytes(img, "RGBA") == notdef
        if _missing[ch]:
            return "bold"
    return "title"


def app_settings(app):
    s = getattr(app, "settings", None)
    if s is None:
        from tmdesktop.settings import Settings

        s = app.settings = Settings()
    return s


# ---------------------------------------------------------------------- widgets


@dataclass
class Chooser:
    """`label: ◀ value ▶`; clicking the arrows (or the value) steps through `values`."""

    key: str
    label: str  # message id
    values: list
    value: Any
    show: Callable[[Any], str] = lambda v: str(v)  # value -> text (translated at draw time)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    #: past the last value comes the first again (a list of names); False for a scale, which
    #: stops at its ends (150 % then 80 % surprised)
    wraps: bool = True

    def step(self, d: int) -> None:
        if not self.values:
            return
        i = self.values.index(self.value) if self.value in self.values else 0
        j = (i + d) % len(self.values) if self.wraps else max(0, min(len(self.values) - 1, i + d))
        self.value = self.values[j]

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        r = self.rect
        w = r.height
        box = self.value_rect()
        return pygame.Rect(box.x, r.y, w, r.height), pygame.Rect(box.right - w, r.y, w, r.height)

    def value_rect(self) -> pygame.Rect:
        r = self.rect
        lw = int(r.width * 0.42) if self.label else 0
        return pygame.Rect(r.x + lw, r.y, r.width - lw, r.height)


@dataclass
class Switch:
    key: str
    label: str  # message id
    on: bool
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def control(self) -> pygame.Rect:
        """The switch itself, right of its label: the part a click turns (the label does not)."""
        r = self.rect
        knob_w = int(r.height * 1.8)
        return pygame.Rect(r.right - knob_w, r.y, knob_w, r.height)


@dataclass
class TextField:
    key: str
    value: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    placeholder: str = ""  # message id
    max_len: int = 24
    digits_only: bool = False


class MenuScene(Scene):
    """A full-screen menu page with buttons, choosers, switches and text fields."""

    title_msg = ""
    #: The page is a form laid out on the whole 1920 x 1080 frame (new game, settings, the draft,
    #: the auction): a larger "size of menus" would push its parts past the window and onto one
    #: another, so it keeps the window's size. Pages that flow (lists, rules, scoring) grow.
    whole_frame = False
    back_to: str | None = "pop"  # Esc closes the page
    enter_button: str | None = None  # the button Enter presses (a page's main action)

    def __init__(self, app):
        super().__init__(app)
        self.size = (REF_W, REF_H)
        self.scale = 1.0
        self.buttons: list[widgets.Button] = []
        self.choosers: list[Chooser] = []
        self.switches: list[Switch] = []
        self.fields: list[TextField] = []
        self.focus: TextField | None = None
        #: the focused field's whole text is selected: typing replaces it, Backspace clears it (as a
        #: field given the focus by a click or Tab, or after Ctrl+A: "Player 1" or a seed is
        #: replaced, not added to)
        self.selected = False
        self.hover: Any = None
        self.message = ""
        self.message_colour = theme.ERROR

    # layout helpers
    def px(self, v: float) -> int:
        return int(round(v * self.scale))

    def resize(self, size) -> None:
        self.size = size
        w, h = size
        ui = app_settings(self.app).ui_scale
        fit = max(0.45, min(w / REF_W, h / REF_H))
        self.scale = fit * (min(ui, 1.0) if self.whole_frame else ui)
        self.layout()
        self.dirty = True

    def layout(self) -> None:
        pass

    def fs(self, v: float) -> int:
        return max(11, self.px(v))

    def columns(self, max_w: float) -> tuple[int, int, int]:
        """Two form columns either side of the centre: (width, left x, right x)."""
        w = self.size[0]
        col_w = min(self.px(max_w), (w - self.px(120)) // 2)
        return col_w, w // 2 - col_w - self.px(30), w // 2 + self.px(30)

    def section_rect(self, x: int, col_w: int, top: int, bottom: int) -> pygame.Rect:
        """The panel around a form column (see `draw_section`)."""
        return pygame.Rect(x - self.px(24), top, col_w + self.px(48), bottom - top)

    @staticmethod
    def stack(items, x: int, y: int, width: int, row_h: int, gap: int) -> int:
        """Place widgets one under another from `y`; returns the `y` of the next row."""
        for item in items:
            item.rect = pygame.Rect(x, y, width, row_h)
            y += row_h + gap
        return y

    # events
    def hit(self, pos):
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return ("button", b.key) if b.enabled else None
        # a row's label is words only: its value box (arrows and value) or its switch changes it
        for c in self.choosers:
            if c.enabled and c.value_rect().collidepoint(pos):
                left, right = c.arrows()
                return ("chooser", c.key, -1 if left.collidepoint(pos) else 1)
        for s in self.switches:
            if s.enabled and s.control().collidepoint(pos):
                return ("switch", s.key)
        for f in self.fields:
            if f.rect.collidepoint(pos):
                return ("field", f.key)
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            h = self.hit(event.pos)
            h = h[:2] if h else None
            if h != self.hover:
                self.hover = h
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 4, 5):
            h = self.hit(event.pos)
            if event.button in (4, 5):
                self.scroll(-1 if event.button == 4 else 1, event.pos)
                return
            self.focus = None
            if h is None:
                self.click_elsewhere(event.pos)
            elif h[0] == "button":
                self.message = ""
                self.on_button(h[1])
            elif h[0] == "chooser":
                c = self.chooser(h[1])
                c.step(h[2])
                self.on_change(c.key, c.value)
            elif h[0] == "switch":
                s = self.switch(h[1])
                s.on = not s.on
                self.on_change(s.key, s.on)
            elif h[0] == "field":
                self.focus = self.field(h[1])
                self.selected = True
                try:
                    pygame.key.start_text_input()
                except pygame.error:
                    pass
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y, self.app.mouse_pos())
        elif event.type == pygame.TEXTINPUT and self.focus is not None:
            f = self.focus
            add = "".join(ch for ch in event.text if ch.isprintable() and (ch.isdigit() or not f.digits_only))
            if add or not self.selected:  # (a key that types nothing keeps the selection)
                f.value = ((f.value if not self.selected else "") + add)[: f.max_len]
                self.selected = False
            self.on_change(f.key, f.value)
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if self.focus is not None:
                if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                    if self.selected or event.key == pygame.K_BACKSPACE:
                        self.focus.value = "" if self.selected else self.focus.value[:-1]
                        self.on_change(self.focus.key, self.focus.value)
                    self.selected = False
                elif event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                    self.selected = True
                elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                    self.selected = False  # the caret stays at the end: the next key adds
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                    self.focus = None
                elif event.key == pygame.K_TAB:
                    i = self.fields.index(self.focus)
                    self.focus = self.fields[(i + 1) % len(self.fields)]
                    self.selected = True
                self.dirty = True
                return
            if event.key == pygame.K_ESCAPE:
                self.back()
            else:
                self.on_key(event)

    def scroll(self, d: int, pos) -> None:
        pass

    def click_elsewhere(self, pos) -> None:
        pass

    def on_key(self, event) -> None:
        if self.enter_button and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button(self.enter_button)

    def back(self) -> None:
        if self.back_to == "pop" and len(self.app.stack.scenes) > 1:
            self.app.pop()

    def on_button(self, key: str) -> None:
        pass

    def on_change(self, key: str, value) -> None:
        pass

    def chooser(self, key: str) -> Chooser:
        return next(c for c in self.choosers if c.key == key)

    def switch(self, key: str) -> Switch:
        return next(s for s in self.switches if s.key == key)

    def field(self, key: str) -> TextField:
        return next(f for f in self.fields if f.key == key)

    def button(self, key: str) -> widgets.Button:
        return next(b for b in self.buttons if b.key == key)

    def centre_of(self, key: str) -> tuple[int, int]:
        """Where to click for a widget (tests and the gallery use it)."""
        for group in (self.buttons, self.switches, self.fields):
            for w in group:
                if w.key == key:
                    return (w.control() if isinstance(w, Switch) else w.rect).center
        c = self.chooser(key)
        return c.arrows()[1].center

    # drawing
    def begin_page(self, surface) -> None:
        """Lay the page out again if the window changed size, then paint the background."""
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.draw_background(surface)

    def draw_background(self, surface) -> None:
        surface.fill(theme.TABLE)
        w, h = surface.get_size()
        # a faint field of terrain hexes, like the board seen from afar
        r = max(18, self.px(46))
        cols = list(theme.TERRAIN.values())[:7]
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        dy = r * 1.5
        dx = r * math.sqrt(3)
        row = 0
        y = -r
        while y < h + r:
            x = -dx + (dx / 2 if row % 2 else 0)
            col = 0
            while x < w + dx:
                c = cols[(row * 3 + col * 5 + (row * col) % 4) % 7]
                pts = [(x + r * math.cos(math.radians(60 * i - 30)), y + r * math.sin(math.radians(60 * i - 30)))
                       for i in range(6)]
                pygame.draw.polygon(layer, (*c, 20), pts)
                pygame.draw.polygon(layer, (255, 255, 255, 10), pts, 1)
                x += dx
                col += 1
            y += dy
            row += 1
        surface.blit(layer, (0, 0))

    def draw_title(self, surface, title: str, subtitle: str = "") -> int:
        w = surface.get_width()
        y = self.px(40)
        weight = title_weight(title)
        r = text.blit(surface, title, self.fs(60 if weight == "title" else 50), theme.ACCENT, (w // 2, y), "midtop",
                      weight, max_width=w - 40)
        y = r.bottom
        if subtitle:
            r = text.blit(surface, subtitle, self.fs(22), theme.TEXT_DIM, (w // 2, y + self.px(4)), "midtop",
                          max_width=w - 40)
            y = r.bottom
        return y

    def draw_widgets(self, surface) -> None:
        fs = self.fs(20)
        for b in self.buttons:
            b.draw(surface, self.fs(22) if b.primary else fs, hover=self.hover == ("button", b.key))
        for c in self.choosers:
            self.draw_chooser(surface, c)
        for s in self.switches:
            self.draw_switch(surface, s)
        for f in self.fields:
            self.draw_field(surface, f)

    def draw_section(self, surface, r: pygame.Rect, title: str) -> None:
        """A form column's panel with its heading."""
        widgets.panel(surface, r, (46, 52, 48), radius=self.px(14))
        text.blit(surface, title, self.fs(30), theme.ACCENT, (r.x + self.px(24), r.y + self.px(10)), "topleft",
                  title_weight(title))

    def draw_label(self, surface, label: str, rect: pygame.Rect, colour=theme.TEXT) -> None:
        text.blit(surface, label, self.fs(19), colour, (rect.x, rect.centery), "midleft", "semibold",
                  max_width=int(rect.width) - 8)

    def draw_chooser(self, surface, c: Chooser) -> None:
        if c.label:
            lab = pygame.Rect(c.rect.x, c.rect.y, c.value_rect().x - c.rect.x, c.rect.height)
            self.draw_label(surface, _(c.label), lab, theme.TEXT if c.enabled else theme.TEXT_DIM)
        box = c.value_rect()
        hover = self.hover == ("chooser", c.key)
        pygame.draw.rect(surface, (60, 68, 62) if not hover else (74, 84, 76), box, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=self.px(8))
        left, right = c.arrows()
        ink = theme.TEXT if c.enabled else theme.TEXT_DIM
        for r, pts in ((left, ((0.62, 0.25), (0.34, 0.5), (0.62, 0.75))), (right, ((0.38, 0.25), (0.66, 0.5), (0.38, 0.75)))):
            pygame.draw.polygon(surface, theme.ACCENT if c.enabled else theme.TEXT_DIM,
                                [(r.x + r.width * a, r.y + r.height * b) for a, b in pts])
        inner = box.inflate(-2 * left.width, 0)
        text.blit(surface, c.show(c.value), self.fs(19), ink, inner.center, "center", "semibold",
                  max_width=inner.width - 6)

    def draw_switch(self, surface, s: Switch) -> None:
        r = s.rect
        hover = self.hover == ("switch", s.key)
        knob = s.control()
        track = pygame.Rect(knob.x, r.y + r.height * 0.18, knob.width, r.height * 0.64)
        self.draw_label(surface, _(s.label), pygame.Rect(r.x, r.y, r.width - knob.width - 8, r.height),
                        theme.TEXT if s.enabled else theme.TEXT_DIM)
        colour = theme.GOOD if s.on else (90, 96, 92)
        if hover:
            colour = tuple(min(255, v + 20) for v in colour)
        pygame.draw.rect(surface, colour, track, border_radius=track.height // 2)
        cx = track.right - track.height // 2 if s.on else track.x + track.height // 2
        pygame.draw.circle(surface, (244, 240, 228), (cx, track.centery), int(track.height * 0.42))

    def placeholder_text(self, f: TextField) -> str:
        """The grey words an empty field shows."""
        return _(f.placeholder)

    def draw_field(self, surface, f: TextField) -> None:
        focus = self.focus is f
        pygame.draw.rect(surface, (250, 246, 234) if focus else (236, 230, 214), f.rect, border_radius=self.px(6))
        pygame.draw.rect(surface, theme.ACCENT if focus else theme.INK_SOFT, f.rect, 2 if focus else 1,
                         border_radius=self.px(6))
        shown = f.value or self.placeholder_text(f)
        colour = theme.INK if f.value else theme.INK_SOFT
        if focus and self.selected and f.value:  # the selection's band behind the text
            width = min(text.text(shown, text.fit(shown, self.fs(19), f.rect.width - self.px(20), "semibold"),
                                  colour, "semibold").get_width(), f.rect.width - self.px(20))
            band = pygame.Rect(f.rect.x + self.px(8), f.rect.y + self.px(7), width + self.px(4),
                               f.rect.height - self.px(14))
            pygame.draw.rect(surface, theme.SELECTION, band, border_radius=self.px(3))
        r = text.blit(surface, shown, self.fs(19), colour, (f.rect.x + self.px(10), f.rect.centery), "midleft",
                      "semibold", max_width=f.rect.width - self.px(20))
        if focus:
            x = r.right + 2 if f.value else f.rect.x + self.px(10)
            pygame.draw.line(surface, theme.INK, (x, f.rect.y + self.px(8)), (x, f.rect.bottom - self.px(8)), 2)

    def draw_message(self, surface) -> None:
        if self.message:
            w, h = surface.get_size()
            widgets.toast(surface, self.message, (w // 2, self.message_bottom(h)), self.fs(19),
                          colour=self.message_colour, max_width=w - 2 * self.px(100))

    def message_bottom(self, h: int) -> int:
        """Where a message's box ends: above the page's bottom row of buttons, if it has one
        (under it, a message of two lines reached over the buttons), else near the bottom."""
        top = max((b.rect.top for b in self.buttons), default=0)
        if top < h - self.px(160):
            return h - self.px(24)
        return top - self.px(14)


def make_button(key: str, label: str, rect, primary: bool = False, hint: str = "") -> widgets.Button:
    b = widgets.Button(key, label, pygame.Rect(rect), hint=hint)
    b.primary = primary
    return b


class ListMenuScene(MenuScene):
    """A menu page around a scrolling list of rows: a click chooses a row, a second click on the
    chosen row opens it, Up/Down move the choice and Enter opens it (all through the "open"
    button's `on_button`).  Subclasses say what the rows are (`entries`), place the list
    (`place_list`, from `layout`) and draw each row."""

    scroll_rows = 1  # rows one wheel notch moves

    def __init__(self, app):
        super().__init__(app)
        self.selected = 0
        self.first = 0
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.row_gap = 0
        self.visible = 1
        self._last_click: int | None = None

    def entries(self) -> list:
        """What the rows show, one entry a row."""
        return []

    def place_list(self, rect, row_h: int, row_gap: int) -> None:
        self.list_rect = pygame.Rect(rect)
        self.row_h = row_h
        self.row_gap = row_gap
        self.visible = max(1, self.list_rect.height // self.row_h)

    def update_rows(self) -> None:
        n = len(self.entries())
        self.first = max(0, min(self.first, n - self.visible))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible:
            self.first = self.selected - self.visible + 1
        self.rows = [(i, pygame.Rect(self.list_rect.x, self.list_rect.y + (i - self.first) * self.row_h,
                                     self.list_rect.width, self.row_h - self.row_gap))
                     for i in range(self.first, min(n, self.first + self.visible))]

    def hit(self, pos):
        h = super().hit(pos)
        if h:
            return h
        for i, r in self.rows:
            if r.collidepoint(pos):
                return ("row", i)
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hit(event.pos)
            if h and h[0] == "row":
                if h[1] == self.selected and self._last_click == h[1]:
                    self.on_button("open")  # a second click on the chosen row opens it
                    return
                self.selected = self._last_click = h[1]
                self.dirty = True
                return
        super().handle_event(event)

    def scroll(self, d: int, pos) -> None:
        self.first = max(0, min(self.first + d * self.scroll_rows, len(self.entries()) - self.visible))
        self.update_rows()
        self.dirty = True

    def on_key(self, event) -> None:
        n = len(self.entries())
        if event.key in (pygame.K_DOWN, pygame.K_UP) and n:
            self.selected = max(0, min(n - 1, self.selected + (1 if event.key == pygame.K_DOWN else -1)))
            self.update_rows()
            self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("open")

    def draw_row_panel(self, surface, i: int, r: pygame.Rect, radius: int) -> None:
        """The parchment card behind row `i`: gold when chosen, lighter under the mouse."""
        selected = i == self.selected
        bg = (250, 236, 180) if selected else (240, 232, 212) if self.hover == ("row", i) else theme.PARCHMENT
        widgets.panel(surface, r, bg, radius=radius, edge=theme.ACCENT if selected else theme.INK_SOFT, shadow=False)

    def draw_count(self, surface) -> None:
        """Which rows show ("11–20 of 34") above the list, when it does not fit."""
        n = len(self.entries())
        if n > self.visible:
            text.blit(surface, _("{first}–{last} of {n}").format(first=self.first + 1, last=self.first + len(self.rows),
                                                                  n=n),
                      self.fs(16), theme.TEXT_DIM, (self.list_rect.right, self.list_rect.y - self.px(8)), "bottomright")
