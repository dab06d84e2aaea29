"""The faction draft: each player in seat order takes a faction, shown as its board.

The draft is played on the engine: a game without factions, where `legal_actions(None)` lists
the factions that may still be taken and `legal_actions(faction)` the colours a Fire & Ice
faction may pick (`PickColor`).  Ice and variable factions choose their terrain at once, right
after they are taken (the Ice Maidens then their starting favor tile, in a picker of tiles);
volcano factions after everybody has a faction.  The scene only shows what the engine allows and
turns clicks into its actions.

Computer seats (`kinds`) take their faction and colour by themselves, each pick left on screen for
the Settings' animation speed before the next; Backspace goes back to the last pick of a person.

When every faction (and colour) is chosen, the game goes to the map view: a game set up with the
factions in seat order, the same colour picks replayed, then the first dwellings and bonus tiles
in the rulebook's order.
"""

from __future__ import annotations

import dataclasses

import pygame

from tmdesktop import saves
from tmdesktop.i18n import N_, _
from tmdesktop.rules import actions as A
from tmdesktop.rules.constants import FACTION_OPTION
from tmdesktop.rules.data import ALL_FACTIONS, faction
from tmdesktop.rules.engine import Game
from tmdesktop.refusals import message
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.maps import TERRAINS
from tmdesktop.rules.setup import GameSetup
from tmdesktop.seat_names import computer_player

from .. import describe, text, theme, tile_texts
from ..views import faction_board, widgets
from ..views.hexmap import terrain_glyph
from ..computer import computers_of, is_computer, move_seconds, move_seed
from ..table_controller import tile_options
from .dialogs import ChoiceScene
from .menu import MenuScene, app_settings, make_button
from .registry import entry


def fits_preference(name: str, pref: str) -> bool:
    """The setup screen's colour wish: a faction of that home terrain (or one that chooses it)."""
    home = faction(name).home
    return pref in ("any", "", None) or home == pref or home == "variable"


def pick_words(action) -> str:
    """What a draft pick took: a faction, a terrain, or a favor tile by what it gives."""
    if isinstance(action, A.ChooseFaction):
        return _(faction(action.faction).display)
    if isinstance(action, A.TakeTile):
        return f"{describe.tile_name(action.tile)} ({tile_texts.summary(action.tile)})"
    return describe.terrain(action.color)


def hex_points(centre, r: float) -> list[tuple[float, float]]:
    import math

    cx, cy = centre
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


class DraftScene(MenuScene):
    """Factions picked in seat order on the engine, then Fire & Ice colour picks."""

    whole_frame = True

    def __init__(self, app, setup: GameSetup, names: list[str], prefs: list[str] | None = None,
                 kinds: list[str] | None = None):
        super().__init__(app)
        self.kinds = list(kinds or []) + ["human"] * (len(names) - len(kinds or []))
        self.wait = 0.0  # seconds the last computer pick stays on screen alone
        self.setup = dataclasses.replace(setup, factions=())
        self.game = Game(self.setup)
        self.names = list(names)
        self.prefs = list(prefs or []) + ["any"] * (len(names) - len(prefs or []))
        self.pool = [f for f in ALL_FACTIONS if FACTION_OPTION.get(f) in (None, *setup.options)]
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.swatches: list[tuple[str, pygame.Rect]] = []
        self.ok: dict[str, bool] = {}
        self.colour_ok: dict[str, bool] = {}
        self.shown: str | None = None  # the faction on the big board (hovered, or the one choosing)
        self.recompute()

    # -------------------------------------------------------------- what the engine allows

    @property
    def chosen(self) -> list[str]:
        return list(self.game.state.seats)

    def picking_colour(self) -> str | None:
        """The faction that must choose a terrain now, if any."""
        pending = self.game.state.pending_colors
        return pending[0] if pending else None

    def owing_favor(self) -> str | None:
        """The faction that must take its starting favor tile now (the Ice Maidens, right after
        their terrain: no faction may be taken before), if any."""
        return next((d.faction for d in self.game.decisions() if d.kind == "favor"), None)

    def deciding(self) -> str | None:
        """The faction with a choice of its own now: a terrain, or a favor tile."""
        return self.picking_colour() or self.owing_favor()

    def player_of(self, f: str) -> str:
        seats = self.game.state.seats
        return self.names[seats.index(f)] if f in seats else ""

    def current_player(self) -> str:
        f = self.deciding()
        if f:
            return self.player_of(f)
        i = len(self.chosen)
        return self.names[i] if i < len(self.names) else ""

    def seat_to_pick(self) -> int:
        """The seat (index) that picks now: a faction choosing its colour or favor tile, or the next seat."""
        f = self.deciding()
        return self.game.state.seats.index(f) if f else len(self.chosen)

    def computer_to_pick(self) -> str | None:
        """The level of the computer seat that picks now, if it is a computer's pick."""
        i = self.seat_to_pick()
        return self.kinds[i] if i < len(self.kinds) and is_computer(self.kinds[i]) else None

    def update(self, dt: float) -> bool:
        level = self.computer_to_pick()
        if level is None:
            favor = self.owing_favor()
            if favor and self.app.stack.input_top() is self:
                self.ask_favor(favor)
            return False
        self.wait = max(0.0, self.wait - dt)
        if self.wait <= 0 and self.app.stack.input_top() is self:
            self.computer_pick(level)
        return True

    def computer_pick(self, level: str) -> None:
        from tmdesktop.ai import Player

        who = self.deciding()
        player = self.current_player()
        action = Player(level, move_seed(self.setup, self.game.log, who)).choose(self.game, who)
        if isinstance(action, A.ChooseFaction) and not self.ok.get(action.faction):  # the seat's colour wish
            action = A.ChooseFaction(next(n for n in self.pool if self.ok.get(n)))
        self.apply(who, action)
        if self.app.stack.input_top() is self:  # still drafting: say what the computer took
            self.message = _("{player} chose: {what}").format(player=computer_player(player), what=pick_words(action))
            self.message_colour = theme.INK_SOFT  # news, not a refusal
        speed = app_settings(self.app).animation_speed
        self.wait = move_seconds(speed)

    def ask_favor(self, f: str) -> None:
        """A person's faction takes its starting favor tile: the tiles as cards, each explained
        on hover; Esc takes the terrain choice back."""
        options = tile_options(self.game.state.favor_pool, self.game.legal_actions(f))
        dlg = ChoiceScene(self.app, _("{faction}: choose a favor tile").format(faction=_(faction(f).display)),
                          options, lambda a: self.apply(f, a), cancellable=False)
        dlg.on_escape = lambda: (dlg.close(), self.back())
        self.app.push(dlg)

    def recompute(self) -> None:
        g = self.game
        f = self.picking_colour()
        if f:
            self.ok = {name: False for name in self.pool}
            legal = {a.color for a in g.legal_actions(f) if isinstance(a, A.PickColor)}
            self.colour_ok = {c: c in legal for c in TERRAINS}
            self.shown = f
        else:
            i = len(self.chosen)
            pref = self.prefs[i] if i < len(self.prefs) else "any"
            legal = {a.faction for a in g.legal_actions(None) if isinstance(a, A.ChooseFaction)}
            self.ok = {name: name in legal and fits_preference(name, pref) for name in self.pool}
            self.colour_ok = {}
            if self.shown not in self.pool or self.shown in self.chosen:
                self.shown = next((n for n in self.pool if self.ok.get(n)), self.pool[0])
            self.shown = self.owing_favor() or self.shown  # a faction taking its favor tile: its board
        self.dirty = True

    def faction_status(self, name: str) -> str:
        if name in self.chosen:
            return _("Taken by {player}").format(player=self.player_of(name))
        home = faction(name).home
        if home in TERRAINS and home in self.game.colors_taken():
            return _("{terrain} is taken").format(terrain=describe.terrain(home).capitalize())
        if not self.ok.get(name):
            i = len(self.chosen)
            pref = self.prefs[i] if i < len(self.prefs) else "any"
            if not fits_preference(name, pref):
                return _("{player} asked for {terrain}").format(player=self.current_player(),
                                                              terrain=describe.terrain(pref))
            return _("Not available")
        return _("Available")

    def colour_status(self, c: str) -> str:
        if self.colour_ok.get(c):
            return _("Free")
        for p in self.game.state.players.values():
            if p.name == self.picking_colour():
                continue
            if p.home == c:
                return _("Home of the {faction}").format(faction=_(p.faction.display))
            if p.color == c:
                return _("Chosen by the {faction}").format(faction=_(p.faction.display))
        if c in self.setup.reserved_colors:
            return _("Home of an auctioned faction")
        return _("Not allowed")

    # -------------------------------------------------------------- layout

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        top = px(206)
        bottom = h - px(96)
        board_w = min(px(740), int(w * 0.39))
        self.board_rect = pygame.Rect(w - px(36) - board_w, top, board_w, bottom - top)
        left = pygame.Rect(px(36), top, self.board_rect.x - px(36) - px(28), bottom - top)
        self.left_rect = left
        cols = 4
        rows = max(1, (len(self.pool) + cols - 1) // cols)
        gap = px(14)
        cw = (left.width - (cols - 1) * gap) // cols
        ch = min(px(170), (left.height - (rows - 1) * gap) // rows)
        self.cards = [(f, pygame.Rect(left.x + (k % cols) * (cw + gap), left.y + (k // cols) * (ch + gap), cw, ch))
                      for k, f in enumerate(self.pool)]
        # colour swatches: 4 + 3 below a heading
        sw_top = left.y + px(150)
        sgap = px(18)
        scw = (left.width - 3 * sgap) // 4
        sch = min(px(230), (left.bottom - sw_top - sgap) // 2)
        self.swatches = []
        for k, c in enumerate(TERRAINS):
            row, col = divmod(k, 4)
            x = left.x + col * (scw + sgap) + (scw // 2 + sgap // 2 if row else 0)
            self.swatches.append((c, pygame.Rect(x, sw_top + row * (sch + sgap), scw, sch)))
        bw, bh = px(280), px(60)
        self.buttons = [make_button("back", N_("Back"), (px(36), h - px(80), bw, bh), hint="Esc")]

    # -------------------------------------------------------------- input

    def hit(self, pos):
        if self.picking_colour():
            for c, r in self.swatches:
                if r.collidepoint(pos):
                    return ("colour", c)
        else:
            for f, r in self.cards:
                if r.collidepoint(pos):
                    return ("card", f)
        return super().hit(pos)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hit(event.pos)
            if h and h[0] == "card":
                self.pick(h[1])
                return
            if h and h[0] == "colour":
                self.pick_colour(h[1])
                return
        if event.type == pygame.MOUSEMOTION:
            h = self.hit(event.pos)
            if h and h[0] == "card" and self.shown != h[1]:
                self.shown = h[1]
                self.dirty = True
        super().handle_event(event)

    def on_key(self, event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.back()

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()

    def pick(self, name: str) -> None:
        if self.computer_to_pick():
            return
        if not self.ok.get(name):
            self.message = self.faction_status(name) if name not in self.chosen else ""
            self.message_colour = theme.ERROR
            self.dirty = True
            return
        self.wait = 0.0  # a computer answers a person's pick at once
        self.apply(None, A.ChooseFaction(name))

    def pick_colour(self, c: str) -> None:
        f = self.picking_colour()
        if self.computer_to_pick():
            return
        if f is None or not self.colour_ok.get(c):
            self.message = self.colour_status(c)
            self.message_colour = theme.ERROR
            self.dirty = True
            return
        self.wait = 0.0
        self.apply(f, A.PickColor(c))

    def apply(self, who: str | None, action) -> None:
        try:
            self.game.apply(who, action)
        except RuleError as exc:
            self.message = message(exc)
            self.message_colour = theme.ERROR
            self.dirty = True
            return
        self.message = ""
        s = self.game.state
        if len(s.seats) == len(self.names) and not s.pending_colors and not self.owing_favor():
            self.finish()
            return
        self.recompute()

    def persons_pick(self) -> bool:
        """Whether a person has made a pick that Undo would take back (a computer's pick alone is
        not: it would be made again, so Undo is Back to the setup page)."""
        seats, k = self.game.state.seats, 0
        for who, _action in self.game.log:
            seat = seats.index(who) if who is not None else k
            k += who is None  # factions are taken seat by seat
            if not is_computer(self.kinds[seat]):
                return True
        return False

    def back(self) -> None:
        """Take back the last pick of a person (and the computers' picks after it); with none
        left, back to the setup page."""
        while self.game.log:
            self.game.undo(1)
            if not self.computer_to_pick():
                self.message = ""
                self.wait = 0.0
                self.recompute()
                return
        self.app.pop()

    def finish(self) -> None:
        """To the map view: the factions in seat order, the colour picks and favor tiles replayed."""
        open_game = entry("open_game")
        seats = tuple(self.game.state.seats)
        final = Game(dataclasses.replace(self.setup, factions=seats))
        # the picks in the draft's order, each once the game set up in advance asks for it (it
        # asks every ice and variable terrain before the favor tiles, then volcano terrains)
        picks = [(who, a) for who, a in self.game.log if isinstance(a, (A.PickColor, A.TakeTile))]
        while picks:
            ready = next((k for k, (who, a) in enumerate(picks) if final.is_legal(who, a)), None)
            if ready is None:
                final = self.game  # the draft's own game is as good, only its setup lists no factions
                break
            final.apply(*picks.pop(ready))
        by_faction = {f: self.names[i] for i, f in enumerate(seats)}
        computers = computers_of(seats, self.kinds)
        open_game(self.app, final, saves.Autosaver(names=by_faction, computers=computers), by_faction)

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        self.begin_page(surface)
        px = self.px
        w, h = surface.get_size()
        colour_for = self.picking_colour()
        favor_for = None if colour_for else self.owing_favor()
        n = len(self.names)
        if self.computer_to_pick():
            self.draw_title(surface, _("{player} is choosing…").format(player=computer_player(self.current_player())),
                            _("Seat {n} of {total}: factions are taken in seat order").format(
                                n=self.seat_to_pick() + 1, total=n))
        elif colour_for:
            fd = faction(colour_for)
            self.draw_title(surface, _("{player}, choose a terrain for the {faction}").format(
                player=self.current_player(), faction=_(fd.display)))
        elif favor_for:  # (the tiles are in a picker over the page)
            self.draw_title(surface, _("{player}, choose a favor tile for the {faction}").format(
                player=self.current_player(), faction=_(faction(favor_for).display)),
                _("The {faction} start the game with a favor tile of their choice").format(
                    faction=_(faction(favor_for).display)))
        else:
            i = len(self.chosen)
            self.draw_title(surface, _("{player}, choose your faction").format(player=self.current_player()),
                            _("Seat {n} of {total}: factions are taken in seat order").format(n=i + 1, total=n))
        self.draw_chips(surface)
        if colour_for:
            self.draw_colours(surface, colour_for)
        else:
            for f, r in self.cards:
                faction_board.draw_card(surface, r, f, self.scale, status=self.faction_status(f),
                                        enabled=bool(self.ok.get(f)), glow=self.hover == ("card", f) and self.ok.get(f),
                                        selected=f == self.shown)
        if self.shown:
            picked = self.game.state.players[self.shown].color if self.shown in self.game.state.players else None
            faction_board.draw_board(surface, self.board_rect, self.shown, self.scale, picked=picked)
        self.button("back").label = N_("Undo the last choice") if self.persons_pick() else N_("Back")
        self.draw_widgets(surface)
        hint = (_("Click a free terrain. Crossed-out terrains belong to another faction.") if colour_for else
                _("Point at a favor tile to read what it does; click to take it.") if favor_for else
                _("Point at a faction to see its board on the right; click to take it."))
        if self.computer_to_pick():  # (what to click is for a person: the title says who chooses)
            hint = _("Point at a faction to see its board on the right.")
        b = self.button("back").rect
        text.blit(surface, hint, self.fs(18), theme.TEXT_DIM, (b.right + px(30), b.centery), "midleft",
                  max_width=self.board_rect.x - b.right - px(40))
        self.draw_message(surface)

    def draw_message(self, surface) -> None:
        """Under the faction board, beside the line that says what to click (not over it)."""
        if self.message:
            r = self.board_rect
            widgets.toast(surface, self.message, (r.centerx, surface.get_height() - self.px(24)), self.fs(19),
                          colour=self.message_colour, max_width=r.width - self.px(40))

    def draw_chips(self, surface) -> None:
        """Who has taken what so far, in seat order."""
        px = self.px
        w = surface.get_width()
        seats = self.game.state.seats
        now = self.current_player()
        chips = []
        for k, name in enumerate(self.names):
            f = seats[k] if k < len(seats) else None
            label = f"{k + 1}. {name}" + (f": {_(faction(f).display)}" if f else "")
            chips.append((label, f, name == now))
        size = self.fs(18)
        total = sum(text.font(size, "semibold").size(c[0])[0] + px(60) for c in chips)
        if total > w - px(60):
            size = max(11, int(size * (w - px(60)) / total))
            total = sum(text.font(size, "semibold").size(c[0])[0] + px(60) for c in chips)
        x = w // 2 - total // 2
        y = px(146)
        for label, f, current in chips:
            img = text.text(label, size, theme.TEXT if current or f else theme.TEXT_DIM, "semibold")
            box = pygame.Rect(x, y, img.get_width() + px(48), px(40))
            pygame.draw.rect(surface, (56, 64, 58), box, border_radius=box.height // 2)
            pygame.draw.rect(surface, theme.ACCENT if current else theme.PANEL_EDGE, box, 2 if current else 1,
                             border_radius=box.height // 2)
            if f:
                p = self.game.state.players[f]
                faction_board.draw_emblem(surface, p.faction.home, (box.x + px(20), box.centery), px(12), p.color)
            surface.blit(img, img.get_rect(midleft=(box.x + px(38), box.centery)))
            x = box.right + px(12)

    def draw_colours(self, surface, f: str) -> None:
        px = self.px
        left = self.left_rect
        fd = faction(f)
        widgets.panel(surface, left, (46, 52, 48), radius=px(14))
        if fd.home == "volcano":
            why = _("Volcano factions choose after every faction is taken. Their first dwellings turn hexes of this "
                    "terrain into volcano.")
        elif fd.home == "ice":
            why = _("Ice factions choose at once. Their first dwellings turn hexes of this terrain into ice; nobody "
                    "after them may take a faction of this terrain.")
        else:
            why = _("This terrain becomes the faction's home at once; nobody after them may take a faction of it.")
        img = text.text(why, self.fs(19), theme.TEXT, wrap=left.width - px(48))
        surface.blit(img, (left.x + px(24), left.y + px(20)))
        for c, r in self.swatches:
            ok = self.colour_ok.get(c)
            hover = self.hover == ("colour", c)
            bg = (74, 84, 76) if hover and ok else (56, 64, 58)
            pygame.draw.rect(surface, bg, r, border_radius=px(12))
            pygame.draw.rect(surface, theme.HIGHLIGHT if hover and ok else theme.PANEL_EDGE, r, 2 if hover else 1,
                             border_radius=px(12))
            rad = min(r.width * 0.3, r.height * 0.3)
            centre = (r.centerx, r.y + px(14) + rad)
            fill = theme.terrain_colour(c) if ok else tuple((v + 100) // 2 for v in theme.terrain_colour(c))
            pygame.draw.polygon(surface, fill, hex_points(centre, rad))
            pygame.draw.polygon(surface, theme.INK, hex_points(centre, rad), 2)
            terrain_glyph(surface, c, centre, rad * 1.1, theme.text_on(fill))
            if not ok:  # crossed out: visibly not allowed
                d = rad * 0.8
                for sx in (-1, 1):
                    pygame.draw.line(surface, theme.ERROR, (centre[0] - d, centre[1] - sx * d),
                                     (centre[0] + d, centre[1] + sx * d), max(2, px(5)))
            y = centre[1] + rad + px(8)
            text.blit(surface, describe.terrain(c).capitalize(), self.fs(21), theme.TEXT if ok else theme.TEXT_DIM,
                      (r.centerx, y), "midtop", "bold", max_width=r.width - px(12))
            text.blit(surface, self.colour_status(c), self.fs(16), theme.GOOD if ok else theme.TEXT_DIM,
                      (r.centerx, y + self.fs(21) + px(10)), "midtop", "semibold", max_width=r.width - px(12))
