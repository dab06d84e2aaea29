"""Dialogs drawn over the map view: choices, confirmations, hand-offs, the convert panel."""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import scoring as ranked

from .. import describe, pieces, text, theme, tile_texts
from ..options import Option  # the pickers' answers (built by the controller too)
from ..views import icons, supply, widgets
from ..views.layout import compute
from .base import Scene
from .menu import app_settings


_veils: dict = {}


def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The dark veil over the scene under a dialog, kept per window size (allocating a new
    full-window surface every frame cost several ms at 4K)."""
    if size not in _veils:
        _veils.clear()
        _veils[size] = pygame.Surface(size, pygame.SRCALPHA)
        _veils[size].fill((10, 14, 12, 150))
    return _veils[size]


class Modal(Scene):
    opaque = False
    cancellable = True
    #: a click beside the dialog closes it and also acts where it landed (the Convert dialog, which
    #: pays for what is then clicked on the table); beside the others it only closes them, so that
    #: a click meant to leave a menu or a picker plays nothing
    click_through = False

    def __init__(self, app, title: str):
        super().__init__(app)
        self.title = title
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.buttons: list[widgets.Button] = []
        self.hover: Any = None
        self.mouse = (0, 0)
        self.title_lines: list[str] = []  # the title on several lines, when it is long (`wrap_title`)
        #: Ctrl+Z inside the dialog: it closes, then this is called (the table's undo).
        self.on_undo: Callable[[], None] | None = None
        #: Esc in a dialog that must be answered (a power offer): this is called (the table's menu,
        #: opened over the dialog, which is there again when the menu closes).
        self.on_escape: Callable[[], None] | None = None
        #: A click beside a dialog that may be closed: this is asked first, and the dialog stays
        #: open when it returns True (a lesson says what to choose in it instead).
        self.on_outside: Callable[[], bool] | None = None

    def resize(self, size) -> None:
        # the Settings' "Size of menus and dialogs" too (the layouts keep a dialog inside the window)
        self.scale = compute(size).scale * app_settings(self.app).ui_scale
        self.layout(size)
        self.dirty = True

    def layout(self, size) -> None:
        pass

    def close(self) -> None:
        if self in self.app.stack.scenes:
            self.app.remove(self)  # under an overlay it is not the top

    def handle_event(self, event) -> None:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_z and self.on_undo is not None
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            undo = self.on_undo
            self.close()
            undo()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.cancellable:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            h = self.hit(event.pos)
            if h != self.hover:
                self.hover = h
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hit(event.pos)
            if h is not None:
                self.choose(h)
            elif not self.rect.collidepoint(event.pos) and self.cancellable:
                if self.on_outside is None or not self.on_outside():
                    under = self.app.stack.input_chain(below=self) if self.click_through else []
                    self.close()
                    self.app.deliver(event, under)

    def hit(self, pos):
        for b in self.buttons:
            if b.hit(pos):
                return ("button", b.key)
        return None

    def choose(self, hit) -> None:
        pass

    def draw_frame(self, surface) -> None:
        surface.blit(_veil(surface.get_size()), (0, 0))
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(12 * self.scale), edge=theme.INK_SOFT)
        size, y = int(26 * self.scale), self.rect.y + int(14 * self.scale)
        title_lines = self.title_lines or [self.title]
        for line in title_lines:
            text.blit(surface, line, size, theme.INK, (self.rect.centerx, y), "midtop", "title",
                      max_width=self.rect.width - 20)
            y += text.font(size, "title").get_linesize()

    def wrap_title(self, max_width: int) -> int:
        """Break a title longer than `max_width` into centred lines (a question such as 'The Darklings
        leave the game for good: …' ran 900 pixels on one line); returns the height they add."""
        title_size = int(26 * self.scale)
        self.title_lines = []
        if text.width(self.title, title_size, "title") > max_width:
            self.title_lines = text.lines(self.title, title_size, max_width, "title")
        return (len(self.title_lines) - 1) * text.font(title_size, "title").get_linesize() if self.title_lines else 0

    def draw_buttons(self, surface) -> None:
        fs = max(12, int(17 * self.scale))
        for b in self.buttons:
            b.draw(surface, fs, hover=self.hover == ("button", b.key))


#: The keys that answer a picker's options, in order: the digits 1-9 and 0 (on the number row or the
#: keypad), then the letters; H (the pickers' Hint) and Z (Ctrl+Z, undo) are left out.
ROW_KEYS = "1234567890ABCDEFGIJKLMNOPQRSTUVWXY"
_ROW_OF_KEY = {ord(c.lower()): i for i, c in enumerate(ROW_KEYS)}
_ROW_OF_KEY.update({getattr(pygame, f"K_KP_{c}"): i for i, c in enumerate(ROW_KEYS[:10])})


def row_of_key(key: int) -> int | None:
    """The option a key answers (`ROW_KEYS`), or None."""
    return _ROW_OF_KEY.get(key)


def _suggested_mark(surface, r: pygame.Rect, s: float) -> None:
    """A ring round the answer the suggestion being followed makes (under the answer's own edge)."""
    pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(int(10 * s), int(10 * s)), max(3, int(4 * s)),
                     border_radius=int(12 * s))


def suggested_tag(surface, r: pygame.Rect, s: float) -> pygame.Rect:
    """'Suggested', on the ring's top edge (a picker's answer, a tile on the table); returns its box."""
    img = text.text(_("Suggested"), max(10, int(13 * s)), theme.INK, "semibold")
    tag = img.get_rect(center=(r.centerx, r.top - int(2 * s))).inflate(int(14 * s), int(4 * s))
    pygame.draw.rect(surface, theme.HIGHLIGHT, tag, border_radius=tag.height // 2)
    surface.blit(img, img.get_rect(center=tag.center))
    return tag


class ChoiceScene(Modal):
    """Pick one of several options (tiles as cards, actions as rows)."""

    def __init__(self, app, title: str, options: list[Option], on_choose: Callable[[Any], None],
                 cancellable: bool = True, subtitle: str = ""):
        super().__init__(app, title)
        self.options = options
        self.on_choose = on_choose
        self.cancellable = cancellable
        self.subtitle = subtitle
        self.title_top = 0  # the height a title on several lines adds above the subtitle and rows
        self.rects: list[pygame.Rect] = []
        #: H, or the Hint button: the picker closes and this asks for the table's suggestion (set
        #: by the table where a hint may be given; the picker opens again if it is not followed)
        self.on_hint: Callable[[], None] | None = None
        #: The answers Enter (either Enter key) and Esc give, by their index, in a question that has
        #: them (yes or no: Enter says yes, Esc no); each is drawn with its key (`key_of`).
        self.enter_answer: int | None = None
        self.escape_answer: int | None = None

    def layout(self, size) -> None:
        s = self.scale
        cards = any(o.card for o in self.options)
        n = len(self.options)
        title_w = min(size[0] - 80, int(720 * s))  # a longer title goes on several lines
        self.title_top = self.wrap_title(title_w)
        title_px = min(text.width(self.title, int(26 * s), "title"), title_w)  # its widest line, whole
        head = int((70 if not self.subtitle else 100) * s) + self.title_top
        foot = int(70 * s) if self.cancellable or self.on_hint else int(20 * s)
        # the subtitle says why the question is asked (whose building offers the power): whole
        sub_w = text.width(self.subtitle, self.subtitle_size()) + int(60 * s) if self.subtitle else 0
        if cards:
            cols = min(n, 6 if n > 8 else 4 if n > 4 else n)
            rows = (n + cols - 1) // cols
            cw, ch = int(150 * s), int(96 * s)
            gap = int(14 * s)
            pitch = ch + gap + self.card_key_room()  # under each card, the key that takes it
            w = min(size[0] - 40, max(cols * cw + (cols - 1) * gap + int(60 * s), sub_w, title_px + int(60 * s)))
            h = head + rows * pitch + foot
            self.rect = pygame.Rect(0, 0, w, h)
            self.rect.center = (size[0] // 2, size[1] // 2)
            x0 = self.rect.x + (w - (cols * cw + (cols - 1) * gap)) // 2
            self.rects = [pygame.Rect(x0 + (i % cols) * (cw + gap), self.rect.y + head + (i // cols) * pitch, cw, ch)
                          for i in range(n)]
        else:
            rh = int(48 * s)
            gap = int(8 * s)
            fs = max(12, int(18 * s))
            width = max((text.width(o.label, fs, "semibold") + icons.tokens_width(o.tokens, fs) + (rh if o.swatch else 0)
                         + self.key_room(i) for i, o in enumerate(self.options)), default=0)
            room = size[1] - 20 - head - foot  # the rows' height in the window
            per_col, cols = n, 1
            if n * (rh + gap) > room:  # more rows than the window holds (a late game's conversions):
                rh, gap = max(24, int(36 * s)), int(6 * s)  # compact rows, in columns
                per_col = max(1, room // (rh + gap))
                cols = -(-n // per_col)
            margin, col_gap = int(30 * s), int(16 * s)
            col_w = width + int(60 * s)
            w = max(cols * col_w + (cols - 1) * col_gap + 2 * margin, title_px + int(120 * s), sub_w)
            w = min(size[0] - 40, w)
            col_w = (w - 2 * margin - (cols - 1) * col_gap) // cols
            h = head + min(n, per_col) * (rh + gap) + foot
            self.rect = pygame.Rect(0, 0, w, min(h, size[1] - 20))
            self.rect.center = (size[0] // 2, size[1] // 2)
            self.rects = [pygame.Rect(self.rect.x + margin + (i // per_col) * (col_w + col_gap),
                                      self.rect.y + head + (i % per_col) * (rh + gap), col_w, rh) for i in range(n)]
        self.buttons = []
        if self.on_hint:
            self.buttons.append(widgets.Button("hint", N_("Hint"), hint="H"))
        if self.cancellable:
            self.buttons.append(widgets.Button("cancel", N_("Cancel"), hint="Esc"))
        bw, gap = int(160 * s), int(14 * s)
        x = self.rect.centerx - (len(self.buttons) * (bw + gap) - gap) // 2
        for b in self.buttons:  # side by side, centred under the options
            b.rect = pygame.Rect(x, 0, bw, int(46 * s))
            b.rect.bottom = self.rect.bottom - int(14 * s)
            x += bw + gap

    def subtitle_size(self) -> int:
        return max(12, int(17 * self.scale))

    def key_of(self, i: int) -> str:
        """The keys that give answer `i` ('1', '1 · Enter', '2 · Esc', '0', 'A'...; '' for none), shown
        on its row: 1-9, 0, then letters answer the rows in order (`ROW_KEYS`, `handle_event`)."""
        keys = [ROW_KEYS[i]] if i < len(ROW_KEYS) else []
        keys += [k for k, answer in (("Enter", self.enter_answer), ("Esc", self.escape_answer)) if answer == i]
        return " · ".join(keys)

    def key_size(self) -> int:
        return max(10, int(14 * self.scale))

    def card_key_room(self) -> int:
        """The height a card's key takes under it (`draw`: a little lower than the ring round a
        suggested card)."""
        return text.font(self.key_size()).get_linesize() + int(4 * self.scale)

    def key_room(self, i: int) -> int:
        """The width the key of answer `i` takes at its row's end (0 for none)."""
        key = self.key_of(i)
        return text.width(key, self.key_size()) + int(12 * self.scale) if key else 0

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            keyed = (self.enter_answer if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) else
                     self.escape_answer if event.key == pygame.K_ESCAPE else None)
            if keyed is not None and self.options[keyed].enabled:
                self.choose(("option", keyed))
                return
        if event.type == pygame.KEYDOWN and (i := row_of_key(event.key)) is not None:
            if i < len(self.options) and self.options[i].enabled:
                self.choose(("option", i))
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.on_hint:
            self.choose(("button", "hint"))
            return
        super().handle_event(event)

    def hit(self, pos):
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos) and self.options[i].enabled:
                return ("option", i)
        return super().hit(pos)

    def choose(self, hit) -> None:
        kind, key = hit
        if kind == "button":
            self.close()
            if key == "hint" and self.on_hint:
                self.on_hint()
            return
        option = self.options[key]
        self.close()
        self.on_choose(option.value)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        s = self.scale
        if self.subtitle:
            text.blit(surface, self.subtitle, self.subtitle_size(), theme.INK_SOFT,
                      (self.rect.centerx, self.rect.y + int(56 * s) + self.title_top), "midtop",
                      max_width=self.rect.width - 30)
        fs = max(12, int(18 * s))
        for i, (o, r) in enumerate(zip(self.options, self.rects)):
            hover = self.hover == ("option", i)
            key = self.key_of(i)
            if o.suggested:
                _suggested_mark(surface, r, s)
            if o.card:
                supply.draw_card(surface, r, o.card, s * 1.3, glow=hover, dim=not o.enabled, corner=o.label or None,
                                 badge=o.badge)
                if key:  # as a row ends with its key, a card stands on its own
                    text.blit(surface, key, self.key_size(), theme.INK_SOFT, (r.centerx, r.bottom + int(6 * s)),
                              "midtop")
                if o.suggested:
                    suggested_tag(surface, r, s)
                continue
            bg = (250, 240, 200) if hover else (244, 236, 214)
            pygame.draw.rect(surface, bg if o.enabled else (220, 214, 200), r, border_radius=int(8 * s))
            pygame.draw.rect(surface, theme.ACCENT if hover else theme.INK_SOFT, r, 2 if hover else 1,
                             border_radius=int(8 * s))
            ink = theme.INK if o.enabled else theme.INK_SOFT
            x = r.x + int(14 * s)
            if o.swatch:
                x = widgets.terrain_swatch(surface, o.swatch, (x + r.height * 0.4, r.centery), r.height * 0.42) + int(10 * s)
            right = r.right - int(12 * s)  # the row's end: the key that answers so, then the tokens
            if key:
                text.blit(surface, key, self.key_size(), theme.INK_SOFT, (right, r.centery), "midright")
                right -= self.key_room(i)
            if o.tokens:
                icons.draw_tokens(surface, o.tokens, (right, r.centery), fs + 2, anchor="midright")
                right -= icons.tokens_width(o.tokens, fs + 2) + int(12 * s)
            text.blit(surface, o.label, fs, ink, (x, r.centery), "midleft", "semibold", max_width=right - x)
            if o.suggested:
                suggested_tag(surface, r, s)
        self.draw_buttons(surface)
        self.draw_card_tip(surface)

    def draw_card_tip(self, surface) -> None:
        """The tile under the pointer in words: a picker is where the choice is made."""
        if not (self.hover and self.hover[0] == "option"):
            return
        option = self.options[self.hover[1]]
        if option.card:
            widgets.tooltip(surface, [describe.tile_name(option.card), *tile_texts.explain(option.card),
                                      *filter(None, [option.note])], self.mouse, max(11, int(15 * self.scale)))


class ConfirmScene(ChoiceScene):
    """A yes-or-no question: Enter (either Enter key) says yes, Esc no, as the rows show. A yes
    that cannot be taken back by a slip (leaving the game, deleting a save) is not given by Enter
    (`enter_says_yes`): an Enter meant for the table behind must not say it."""

    def __init__(self, app, question: str, on_yes: Callable[[], None], yes: str | None = None,
                 enter_says_yes: bool = True):
        super().__init__(app, question, [Option(yes or _("Yes"), True), Option(_("No"), False)],
                         lambda v: on_yes() if v else None, cancellable=False)
        self.enter_answer, self.escape_answer = (0 if enter_says_yes else None), 1


def hand_to(faction_name: str, player: str | None = None, faction: str | None = None) -> str:
    """'Hand the game to Bob (Yetis)' where the table has the player's name, else 'to the Yetis'
    (`faction`: the faction's key, for its article in the player's language)."""
    if player:
        return _("Hand the game to {player} ({faction})").format(player=player, faction=faction_name)
    if faction:
        return _("Hand the game {to_faction}").format(to_faction=describe.to_faction(faction))
    return _("Hand the game to the {faction}").format(faction=faction_name)


class HandoffScene(ChoiceScene):
    """Out-of-turn decisions: 'pass the laptop to the Witches', then their question."""

    opaque = False

    def __init__(self, app, faction_name: str, colour, question: str, options: list[Option],
                 on_choose: Callable[[Any], None], player: str | None = None, faction: str | None = None):
        super().__init__(app, question, options, on_choose, cancellable=False,
                         subtitle=hand_to(faction_name, player, faction))
        self.colour = colour

    def draw(self, surface) -> None:
        super().draw(surface)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, max(6, int(10 * self.scale)))
        pygame.draw.rect(surface, self.colour, band, border_top_left_radius=int(12 * self.scale),
                         border_top_right_radius=int(12 * self.scale))


class HandoffNotice(ChoiceScene):
    """The laptop changes hands for a turn: 'Hand the game to the Witches', then what they do."""

    def __init__(self, app, faction_name: str, colour, what: str, on_ready: Callable[[], None],
                 player: str | None = None, faction: str | None = None):
        ready = (_("I am {player}: continue").format(player=player) if player else
                 _("I am {the_faction}: continue").format(the_faction=describe.the_faction(faction)) if faction else
                 _("I am the {faction}: continue").format(faction=faction_name))
        super().__init__(app, hand_to(faction_name, player, faction), [Option(ready, True)],
                         lambda _v: on_ready(), cancellable=False, subtitle=what)
        self.colour = colour

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(("option", 0))
            return
        super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, max(6, int(10 * self.scale)))
        pygame.draw.rect(surface, self.colour, band, border_top_left_radius=int(12 * self.scale),
                         border_top_right_radius=int(12 * self.scale))


class ConvertScene(ChoiceScene):
    """The free actions: conversions and burning power; stays open for several in a row."""

    click_through = True  # (after a burn, one click on the power action it paid for takes it)

    def __init__(self, app, title: str, make_options: Callable[[], list[Option]], on_choose: Callable[[Any], None]):
        self.make_options = make_options
        super().__init__(app, title, make_options(), on_choose, cancellable=True)

    def choose(self, hit) -> None:
        kind, key = hit
        if kind == "button":
            self.close()
            return
        self.on_choose(self.options[key].value)
        fresh = self.make_options()
        if not fresh:
            self.close()
            return
        # rows keep their places (a second click must hit what the eye aimed at): conversions no
        # longer possible are greyed, new ones are added below
        now = {o.value for o in fresh}
        for o in self.options:
            o.enabled = o.value in now
        known = {o.value for o in self.options}
        added = [o for o in fresh if o.value not in known]
        if added:
            first = self.rects[0].topleft
            self.options += added
            self.layout(self.app.size)
            # (but only as far as the dialog stays inside the window: Cancel must stay in sight)
            window = pygame.Rect((0, 0), self.app.size)
            kept = self.rect.move(first[0] - self.rects[0].x, first[1] - self.rects[0].y).clamp(window)
            dx, dy = kept.x - self.rect.x, kept.y - self.rect.y
            self.rect.move_ip(dx, dy)
            for r in self.rects + [b.rect for b in self.buttons]:
                r.move_ip(dx, dy)
        self.dirty = True


class FactionBoardScene(Modal):
    """A player's whole faction board over the map (from their panel): abilities at any time."""

    def __init__(self, app, faction_name: str, title: str, picked: str | None = None):
        super().__init__(app, title)
        self.faction_name = faction_name
        self.picked = picked

    def layout(self, size) -> None:
        s = self.scale
        h = min(int(760 * s), size[1] - 20)
        self.rect = pygame.Rect(0, 0, min(int(760 * s), size[0] - 20), h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        b = widgets.Button("close", N_("Close"), hint="Esc")
        b.rect = pygame.Rect(0, 0, int(160 * s), int(40 * s))
        b.rect.bottomright = (self.rect.right - int(12 * s), self.rect.bottom - int(10 * s))
        self.buttons = [b]

    def choose(self, hit) -> None:
        self.close()

    def draw(self, surface) -> None:
        from ..views import faction_board

        surface.blit(_veil(surface.get_size()), (0, 0))
        # one card: the board, and under it the strip holding Close (not a button under the board)
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(12 * self.scale), edge=theme.INK_SOFT)
        board = self.rect.inflate(0, -int(60 * self.scale)).move(0, -int(26 * self.scale))
        faction_board.draw_board(surface, board, self.faction_name, self.scale, picked=self.picked)
        self.draw_buttons(surface)


class RoundSummaryScene(ChoiceScene):
    """'Round 3 begins': each player's income and the cult bonus of the round just scored."""

    def __init__(self, app, title: str, rows: list[tuple[str, Any, list[str]]], on_close: Callable[[], None]):
        super().__init__(app, title, [Option(_("Continue"), True)], lambda _v: on_close(), cancellable=False)
        self.rows = rows  # (faction name, colour, lines)
        self.wrap = 600  # the lines' width in pixels (`layout`)
        self.on_close = on_close
        # at a table of computers only nobody is there to press Continue: it closes by itself
        self.auto_close: float | None = None  # seconds left, or None to wait for Continue

    def update(self, dt: float) -> bool:
        if self.auto_close is None:
            return super().update(dt)
        before = math.ceil(self.auto_close)
        self.auto_close = max(0.0, self.auto_close - dt)
        if self.auto_close <= 0:
            self.auto_close = None
            self.choose(("option", 0))
        elif math.ceil(self.auto_close) != before:
            self.dirty = True  # the countdown's number changed
        return True

    def layout(self, size) -> None:
        super().layout(size)
        s = self.scale
        w = min(size[0] - 40, int(820 * s))
        self.wrap = w - int(80 * s)  # a long line goes on two rather than shrinking or losing its end
        block = sum(int(34 * s) + sum(self._line(line).get_height() + int(6 * s) for line in lines)
                    for _n, _c, lines in self.rows)
        h = int(80 * s) + block + int(90 * s)
        self.rect = pygame.Rect(0, 0, w, min(h, size[1] - 20))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.rects = [pygame.Rect(0, 0, int(220 * s), int(48 * s))]
        self.rects[0].midbottom = (self.rect.centerx, self.rect.bottom - int(16 * s))

    def _line(self, line: str) -> pygame.Surface:
        return text.text(line, max(11, int(16 * self.scale)), theme.INK_SOFT, wrap=self.wrap)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                          pygame.K_ESCAPE):
            self.choose(("option", 0))
            return
        super().handle_event(event)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        s = self.scale
        y = self.rect.y + int(70 * s)
        x = self.rect.x + int(30 * s)
        for name, colour, lines in self.rows:
            pygame.draw.circle(surface, colour, (x + int(8 * s), y + int(14 * s)), int(8 * s))
            pygame.draw.circle(surface, theme.INK_SOFT, (x + int(8 * s), y + int(14 * s)), int(8 * s), 1)
            text.blit(surface, name, max(12, int(19 * s)), theme.INK, (x + int(26 * s), y + int(14 * s)), "midleft",
                      "bold")
            y += int(34 * s)
            for line in lines:
                img = self._line(line)
                surface.blit(img, (x + int(26 * s), y))
                y += img.get_height() + int(6 * s)
        o, r = self.options[0], self.rects[0]
        if self.auto_close is not None:
            n = math.ceil(self.auto_close)
            text.blit(surface, ngettext("Continues by itself in {n} second", "Continues by itself in {n} seconds",
                                        n).format(n=n),
                      max(11, int(15 * s)), theme.INK_SOFT, (r.centerx, r.top - int(14 * s)), "center")
        hover = self.hover == ("option", 0)
        pygame.draw.rect(surface, (250, 240, 200) if hover else (244, 236, 214), r, border_radius=int(8 * s))
        pygame.draw.rect(surface, theme.ACCENT if hover else theme.INK_SOFT, r, 2, border_radius=int(8 * s))
        text.blit(surface, o.label, max(12, int(18 * s)), theme.INK, r.center, "center", "semibold")


class FinalScoresScene(Modal):
    def __init__(self, app, game):
        super().__init__(app, _("Final scores"))
        self.game = game

    def layout(self, size) -> None:
        s = self.scale
        n = len(self.game.state.seats)
        self.rect = pygame.Rect(0, 0, int(620 * s), int((150 + 56 * n) * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        b = widgets.Button("close", N_("Back to the map"), hint="Esc")
        b.rect = pygame.Rect(0, 0, int(220 * s), int(46 * s))
        b.rect.midbottom = (self.rect.centerx, self.rect.bottom - int(14 * s))
        self.buttons = [b]

    def choose(self, hit) -> None:
        self.close()

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        s = self.scale
        st = self.game.state
        ranking = sorted(st.seats, key=lambda n: -st.players[n].VP)
        standing = ranked.places({n: st.players[n].VP for n in st.seats})  # a tie shares its place
        y = self.rect.y + int(70 * s)
        for name in ranking:
            p = st.players[name]
            place = standing[name]
            row = pygame.Rect(self.rect.x + int(30 * s), y, self.rect.width - int(60 * s), int(48 * s))
            pygame.draw.rect(surface, (246, 238, 216) if place > 1 else (250, 234, 170), row, border_radius=8)
            text.blit(surface, f"{place}.", int(22 * s), theme.INK, (row.x + int(14 * s), row.centery), "midleft", "bold")
            pieces.draw_piece(surface, "SH", pieces.piece_terrain(p), (row.x + int(70 * s), row.centery + int(4 * s)), int(44 * s))
            text.blit(surface, _(p.faction.display), int(22 * s), theme.INK, (row.x + int(110 * s), row.centery),
                      "midleft", "bold")
            text.blit(surface, _("{n} VP").format(n=p.VP), int(22 * s), theme.INK,
                      (row.right - int(14 * s), row.centery), "midright", "bold")
            y += int(56 * s)
        self.draw_buttons(surface)
