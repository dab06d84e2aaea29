"""The faction auction of Fire & Ice ("Subasta de facciones", seed 004), on the engine's `Auction`.

As many factions as players are drawn and shown as small boards (point at one for its whole
board).  Every player's VP marker stands on 40 of a VP track.  The player to act bids (a number
picker offering only the bids `Auction.legal_actions` allows) or passes; when one bidder is left,
that player takes a drawn faction and an empty place in the turn order and moves the marker back
by the bid.  Then the next auction starts, until every faction is taken, and
`Auction.game_setup` starts the game (colour picks of ice and variable factions happen in the map
view, where the engine keeps the auctioned factions' home terrains out of reach).

Computer seats (`kinds`) bid, pass and take by themselves (`ai.Player.bid`), each move written in
the history and left on screen for the Settings' animation speed before the next.
"""

from __future__ import annotations

import pygame

from tmdesktop import saves
from tmdesktop.i18n import N_, _
from tmdesktop.rules.auction import START_VP, Auction, Bid, PassBid, TakeFaction
from tmdesktop.rules.data import faction
from tmdesktop.rules.engine import Game
from tmdesktop.seat_names import computer_player
from tmdesktop.refusals import message
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, GameSetup

from .. import text, theme
from ..views import faction_board, widgets
from ..computer import computers_of, is_computer, move_seconds
from .menu import MenuScene, app_settings, make_button
from .registry import entry

#: Marker colours for the players before (and after) they have a faction.
MARKERS = ((214, 84, 70), (74, 134, 222), (238, 198, 66), (96, 176, 96), (176, 116, 206))


class AuctionScene(MenuScene):
    whole_frame = True

    def __init__(self, app, setup: GameSetup, names: list[str], auction: Auction | None = None,
                 kinds: list[str] | None = None):
        super().__init__(app)
        self.base = setup
        self.names = list(names)
        self.kinds = list(kinds or []) + ["human"] * (len(names) - len(kinds or []))
        self.wait = 0.0  # seconds the last computer move stays on screen alone
        fire_ice = bool(FIRE_ICE_FACTION_OPTIONS & set(setup.options))
        self.auction = auction or Auction.draw(len(names), setup.seed or 0, fire_ice=fire_ice)
        self.bid = 0
        self.sel_faction: str | None = None
        self.sel_slot: int | None = None
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.slots: dict[int, pygame.Rect] = {}
        self.peek: str | None = None  # the faction whose whole board is shown (pointed at)
        self.history: list[str] = []
        self.reset_choice()

    # -------------------------------------------------------------- state

    def who(self) -> int | None:
        return self.auction.to_act()

    def computer_to_act(self) -> str | None:
        """The level of the computer seat to act now, if it is a computer's move."""
        p = self.who()
        return self.kinds[p] if p is not None and is_computer(self.kinds[p]) else None

    def update(self, dt: float) -> bool:
        level = self.computer_to_act()
        if level is None:
            return False
        self.wait = max(0.0, self.wait - dt)
        if self.wait <= 0 and self.app.stack.input_top() is self:
            from tmdesktop.ai import Player

            self.act(Player(level).bid(self.auction, self.who()))
            self.wait = move_seconds(app_settings(self.app).animation_speed)
        return True

    def choosing(self) -> bool:
        a = self.auction
        return not a.finished and a.bidder is None

    def legal_bids(self) -> list[int]:
        p = self.who()
        if p is None:
            return []
        return [x.amount for x in self.auction.legal_actions(p) if isinstance(x, Bid)]

    def can_pass(self) -> bool:
        p = self.who()
        return p is not None and PassBid() in self.auction.legal_actions(p)

    def reset_choice(self) -> None:
        bids = self.legal_bids()
        self.bid = bids[0] if bids else 0
        a = self.auction
        self.sel_faction = a.factions[0] if len(a.factions) == 1 else None
        self.sel_slot = a.free_slots[0] if len(a.free_slots) == 1 else None

    def player_status(self, p: int) -> str:
        a = self.auction
        if p in a.results:
            f, slot, vp = a.results[p]
            return _("{faction}, place {slot}, {vp} VP").format(faction=_(faction(f).display), slot=slot, vp=vp)
        if self.choosing() and p == a.high_bidder:
            return _("won with {n}: choosing").format(n=a.high_bid)
        if p == self.who():
            return _("to bid")
        if p in a.passed:
            return _("passed")
        if p == a.high_bidder:
            return _("high bid: {n}").format(n=a.high_bid)
        return _("still in")

    # -------------------------------------------------------------- layout

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        a = self.auction
        n = len(a.drawn)
        gap = px(16)
        cw = min(px(440), (w - px(72) - (n - 1) * gap) // n)
        x0 = w // 2 - (n * cw + (n - 1) * gap) // 2
        top = px(150)
        # the cards' terrain lines take as many lines on each card (its rows start level), and the
        # cards are as tall as the longest words need at their smallest size (small windows), as
        # far as the VP track and a readable row for each player keep their room under them (a name
        # and a little: five cards at 1024x600 need the rest, their words at 10 pixels)
        self.home_rows = faction_board.home_rows(a.drawn, cw, self.scale)
        need = max(faction_board.summary_height(f, cw, self.scale, note=True, home_rows=self.home_rows)
                   for f in a.drawn)
        below = px(22) + px(44) + px(140) + px(14) + px(34) + a.players * (self.fs(19) + px(15)) + px(12) + px(24)
        ch = max(px(360), min(need, h - top - below))
        self.cards = [(f, pygame.Rect(x0 + k * (cw + gap), top, cw, ch)) for k, f in enumerate(a.drawn)]
        low = top + ch + px(22)
        self.right = pygame.Rect(w - px(36) - px(660), low, px(660), h - low - px(24))
        self.left = pygame.Rect(px(36), low, self.right.x - px(24) - px(36), h - low - px(24))
        self.track = pygame.Rect(self.left.x + px(20), self.left.y + px(44), self.left.width - px(40), px(140))
        rows_top = self.track.bottom + px(14)
        half = (self.left.width - px(60)) // 2
        self.players_rect = pygame.Rect(self.left.x + px(20), rows_top, half + px(60), self.left.bottom - rows_top - px(12))
        self.order_rect = pygame.Rect(self.players_rect.right + px(20), rows_top, self.left.right - px(20) -
                                      self.players_rect.right - px(20), self.players_rect.height)
        r = self.right
        self.buttons = [make_button("back", N_("Back"), (px(36), px(40), px(200), px(54)), hint="Esc")]
        self.slots = {}
        if self.choosing():
            sh = min(px(56), (self.order_rect.height - px(40)) // max(1, a.players) - px(6))
            for s in range(1, a.players + 1):
                self.slots[s] = pygame.Rect(self.order_rect.x, self.order_rect.y + px(36) + (s - 1) * (sh + px(6)),
                                            self.order_rect.width, sh)
            self.buttons.append(make_button("take", N_("Take faction and place"),
                                            (r.x + px(30), r.bottom - px(86), r.width - px(60), px(64)),
                                            primary=True, hint="Enter"))
        elif not a.finished:
            # the bid goes under what is at stake, on as many lines as that takes
            by = max(r.y + px(160), r.y + px(102) + self.stake_image().get_height() + px(12))
            bw = px(96)
            mid = pygame.Rect(r.centerx - px(90), by, px(180), px(90))
            self.bid_box = mid
            self.buttons += [
                make_button("dec5", "−5", (mid.x - px(12) - 2 * bw - px(8), by + px(14), bw, px(62))),
                make_button("dec1", "−1", (mid.x - px(12) - bw, by + px(14), bw, px(62))),
                make_button("inc1", "+1", (mid.right + px(12), by + px(14), bw, px(62))),
                make_button("inc5", "+5", (mid.right + px(12) + bw + px(8), by + px(14), bw, px(62))),
                make_button("bid", N_("Bid"), (r.x + px(30), r.bottom - px(86), (r.width - px(80)) * 3 // 5, px(64)),
                            primary=True, hint="Enter"),
                make_button("pass", N_("Pass"), (r.x + px(50) + (r.width - px(80)) * 3 // 5, r.bottom - px(86),
                                                (r.width - px(80)) * 2 // 5, px(64)), hint="P"),
            ]
            self.button("pass").enabled = self.can_pass()
            bids = self.legal_bids()
            self.button("dec1").enabled = self.button("dec5").enabled = bool(bids) and self.bid > bids[0]
            self.button("inc1").enabled = self.button("inc5").enabled = bool(bids) and self.bid < bids[-1]
        if self.computer_to_act():  # a computer seat's move: nothing to press for it
            for b in self.buttons:
                b.enabled = b.enabled and b.key == "back"

    # -------------------------------------------------------------- input

    def hit(self, pos):
        for f, r in self.cards:
            if r.collidepoint(pos):
                return ("card", f)
        for s, r in self.slots.items():
            if r.collidepoint(pos):
                return ("slot", s)
        return super().hit(pos)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            h = self.hit(event.pos)
            peek = h[1] if h and h[0] == "card" else None
            if peek != self.peek:
                self.peek = peek
                self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            h = self.hit(event.pos)
            if h and h[0] in ("card", "slot") and self.computer_to_act():
                return
            if h and h[0] == "card" and self.choosing():
                if h[1] in self.auction.factions:
                    self.sel_faction = h[1]
                    self.message = ""
                    self.layout()
                    self.dirty = True
                return
            if h and h[0] == "slot":
                if h[1] in self.auction.free_slots:
                    self.sel_slot = h[1]
                    self.message = ""
                    self.dirty = True
                return
        super().handle_event(event)

    def on_key(self, event) -> None:
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("take" if self.choosing() else "bid")
        elif k == pygame.K_p and not self.choosing():
            self.on_button("pass")
        elif k in (pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.on_button("inc1")
        elif k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.on_button("dec1")

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
            return
        if self.computer_to_act():  # the computer seat moves by itself
            return
        bids = self.legal_bids()
        if key in ("dec5", "dec1", "inc1", "inc5") and bids:
            step = {"dec5": -5, "dec1": -1, "inc1": 1, "inc5": 5}[key]
            self.bid = max(bids[0], min(bids[-1], self.bid + step))
            self.layout()
        elif key == "bid" and bids:
            self.act(Bid(self.bid))
        elif key == "pass" and self.can_pass():
            self.act(PassBid())
        elif key == "take" and self.choosing():
            if self.sel_faction is None or self.sel_slot is None:
                self.message = _("Choose one of the factions above and a free place in the turn order.")
                self.message_colour = theme.INK_SOFT
                return
            self.act(TakeFaction(self.sel_faction, self.sel_slot))
        self.dirty = True

    def act(self, action) -> None:
        p = self.who()
        if p is None:
            return
        try:
            self.auction.apply(p, action)
        except RuleError as exc:
            self.message = message(exc)
            self.message_colour = theme.ERROR
            return
        self.message = ""
        name = self.names[p]
        if isinstance(action, Bid):
            self.history.append(_("{player} bids {n}").format(player=name, n=action.amount))
        elif isinstance(action, PassBid):
            self.history.append(_("{player} passes").format(player=name))
        else:
            self.history.append(_("{player} takes the {faction}").format(player=name,
                                                                       faction=_(faction(action.faction).display)))
        if self.auction.finished:
            self.finish()
            return
        self.reset_choice()
        self.layout()
        self.dirty = True

    def finish(self) -> None:
        open_game = entry("open_game")
        a = self.auction
        setup = a.game_setup(self.base)
        game = Game(setup)
        by_faction = {a.results[p][0]: self.names[p] for p in a.seat_order()}
        computers = computers_of([a.results[p][0] for p in a.seat_order()], [self.kinds[p] for p in a.seat_order()])
        open_game(self.app, game, saves.Autosaver(names=by_faction, computers=computers), by_faction)

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        self.begin_page(surface)
        a = self.auction
        number = len(a.results) + 1
        sub = _("Auction {k} of {n} · the bids are paid in VP from 40").format(k=min(number, a.players), n=a.players)
        self.draw_title(surface, _("Faction auction"), sub)
        self.draw_cards(surface)
        self.draw_left(surface)
        self.draw_right(surface)
        self.draw_widgets(surface)
        if self.peek:
            self.draw_peek(surface)
        self.draw_message(surface)

    def card_note(self, f: str) -> str:
        a = self.auction
        for p, (g, slot, vp) in a.results.items():
            if g == f:
                return _("{player}: place {slot}, {vp} VP").format(player=self.names[p], slot=slot, vp=vp)
        if self.choosing():
            return _("Your choice") if f == self.sel_faction else _("Click to choose")
        return ""

    def draw_cards(self, surface) -> None:
        a = self.auction
        for f, r in self.cards:
            taken = f not in a.factions
            hover = self.hover == ("card", f)
            faction_board.draw_summary(surface, r, f, self.scale, dim=taken,
                                       glow=(f == self.sel_faction) or (hover and self.choosing() and not taken),
                                       note=self.card_note(f), home_rows=self.home_rows)
            if f == self.sel_faction:
                pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(6, 6), 4, border_radius=self.px(14))

    def marker_colour(self, p: int):
        return MARKERS[p % len(MARKERS)]

    def draw_marker(self, surface, p: int, centre, r: int, ghost: bool = False) -> None:
        colour = self.marker_colour(p)
        if ghost:
            pygame.draw.circle(surface, colour, centre, r, max(2, r // 4))
        else:
            pygame.draw.circle(surface, (20, 20, 20), (centre[0], centre[1] + 2), r)
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, (250, 250, 240), centre, r, 1)
        initial = (self.names[p][:1] or "?").upper()
        text.blit(surface, initial, max(10, int(r * 1.2)), theme.text_on(colour) if not ghost else theme.TEXT,
                  centre, "center", "bold")

    def draw_left(self, surface) -> None:
        px = self.px
        a = self.auction
        widgets.panel(surface, self.left, (46, 52, 48), radius=px(14))
        text.blit(surface, _("Victory points"), self.fs(22), theme.ACCENT, (self.left.x + px(20), self.left.y + px(12)),
                  "topleft", "bold")
        # the VP track 0..40, every player's marker on it
        t = self.track
        cells = START_VP + 1
        cw = t.width / cells
        base_y = t.bottom - px(22)
        for v in range(cells):
            cell = pygame.Rect(int(t.x + v * cw), base_y - px(8), max(1, int(cw) - 1), px(16))
            pygame.draw.rect(surface, (84, 92, 86) if v % 5 else (120, 128, 118), cell, border_radius=2)
            if v % 5 == 0:
                text.blit(surface, str(v), self.fs(14), theme.TEXT_DIM, (cell.centerx, base_y + px(10)), "midtop")
        stacks: dict[int, int] = {}
        room = base_y - px(14) - t.y  # markers on one value stack upwards in this room
        mr = max(6, min(px(15), int(cw * 0.55), (room // max(1, a.players) - 2) // 2))
        # each on the one below where the smallest markers would not fit apart (five at 1024x600)
        step = min(2 * mr + 2, (room - 2 * mr) // max(1, a.players - 1))
        for p in range(a.players):
            vp = a.results[p][2] if p in a.results else START_VP
            k = stacks.get(vp, 0)
            stacks[vp] = k + 1
            cx = int(t.x + vp * cw + cw / 2)
            self.draw_marker(surface, p, (cx, base_y - px(14) - mr - k * step), mr)
        if a.high_bidder is not None and a.high_bid and a.high_bidder not in a.results:
            vp = START_VP - a.high_bid
            cx = int(t.x + vp * cw + cw / 2)
            self.draw_marker(surface, a.high_bidder, (cx, base_y - px(14) - mr), mr, ghost=True)
            # the ringed marker said in words (play-test: two markers of one player, no legend)
            lr = text.blit(surface, _("ringed: the VP left after the high bid"), self.fs(16), theme.TEXT_DIM,
                           (self.left.right - px(20), self.left.y + px(16)), "topright")
            self.draw_marker(surface, a.high_bidder, (lr.x - mr - px(6), lr.centery), mr, ghost=True)
        # players, in seat order
        pr = self.players_rect
        text.blit(surface, _("Players"), self.fs(19), theme.TEXT_DIM, (pr.x, pr.y), "topleft", "semibold")
        rh = min(px(52), (pr.height - px(34)) // max(1, a.players))
        y = pr.y + px(34)
        now = self.who()
        for p in range(a.players):
            row = pygame.Rect(pr.x, y, pr.width, rh - px(6))
            if p == now:
                pygame.draw.rect(surface, (70, 80, 72), row, border_radius=px(8))
                pygame.draw.rect(surface, theme.ACCENT, row, 2, border_radius=px(8))
            self.draw_marker(surface, p, (row.x + px(22), row.centery), max(7, min(px(14), row.height // 2)))
            name_img = text.text(self.names[p], self.fs(19), theme.TEXT, "semibold")
            surface.blit(name_img, name_img.get_rect(midleft=(row.x + px(46), row.centery)))
            status = self.player_status(p)
            sx = row.x + px(46) + name_img.get_width() + px(14)
            colour = theme.TEXT_DIM if p in a.passed and p not in a.results else theme.TEXT
            text.blit(surface, status, self.fs(17), colour, (sx, row.centery), "midleft",
                      max_width=row.right - sx - px(8))
            y += rh
        # the turn-order board
        o = self.order_rect
        text.blit(surface, _("Turn order"), self.fs(19), theme.TEXT_DIM, (o.x, o.y), "topleft", "semibold")
        occupant = {slot: (p, f) for p, (f, slot, _vp) in a.results.items()}
        sh = min(px(52), (o.height - px(34)) // max(1, a.players))
        for s in range(1, a.players + 1):
            r = self.slots.get(s) or pygame.Rect(o.x, o.y + px(34) + (s - 1) * sh, o.width, sh - px(6))
            free = s not in occupant
            chosen = self.sel_slot == s and self.choosing()
            hover = self.hover == ("slot", s) and self.choosing() and free
            bg = (250, 236, 180) if chosen else (84, 94, 86) if hover else (60, 68, 62)
            pygame.draw.rect(surface, bg, r, border_radius=px(8))
            pygame.draw.rect(surface, theme.HIGHLIGHT if chosen else theme.PANEL_EDGE, r, 2 if chosen else 1,
                             border_radius=px(8))
            ink = theme.INK if chosen else theme.TEXT
            text.blit(surface, str(s), self.fs(22), ink, (r.x + px(20), r.centery), "center", "bold")
            if free:
                label = _("free") if not self.choosing() else (_("chosen") if chosen else _("free: click to choose"))
                text.blit(surface, label, self.fs(16), ink if chosen else theme.TEXT_DIM, (r.x + px(42), r.centery),
                          "midleft", max_width=r.width - px(50))
            else:
                p, f = occupant[s]
                faction_board.draw_emblem(surface, faction(f).home, (r.x + px(54), r.centery), max(7, px(12)))
                text.blit(surface, f"{self.names[p]} · {_(faction(f).display)}", self.fs(16), ink,
                          (r.x + px(74), r.centery), "midleft", "semibold", max_width=r.width - px(80))

    def draw_right(self, surface) -> None:
        px = self.px
        a = self.auction
        r = self.right
        widgets.panel(surface, r, (46, 52, 48), radius=px(14))
        p = self.who()
        if p is None:
            return
        name = self.names[p]
        x = r.x + px(30)
        w = r.width - px(60)
        if self.choosing():
            if self.computer_to_act():  # nothing here is for the people at the table to press
                text.blit(surface, _("{player} is choosing…").format(player=computer_player(name)), self.fs(26),
                          theme.ACCENT, (x, r.y + px(20)), "topleft", "bold", max_width=w)
                return
            if len(a.factions) == 1 and a.high_bid == 0 and len(a.results) == a.players - 1:
                head = _("{player}, the last faction is yours for 0").format(player=name)
            else:
                head = _("{player} wins with a bid of {n}").format(player=name, n=a.high_bid)
            text.blit(surface, head, self.fs(26), theme.ACCENT, (x, r.y + px(20)), "topleft", "bold", max_width=w)
            body = _("Choose a faction (click its board above) and a free place in the turn order (on the left). "
                     "You start with {vp} VP.").format(vp=START_VP - (a.high_bid or 0))
            img = text.text(body, self.fs(19), theme.TEXT, wrap=w)
            surface.blit(img, (x, r.y + px(70)))
            y = r.y + px(80) + img.get_height() + px(10)
            pick = _(faction(self.sel_faction).display) if self.sel_faction else "—"
            slot = str(self.sel_slot) if self.sel_slot else "—"
            text.blit(surface, _("Faction: {faction}").format(faction=pick), self.fs(21), theme.TEXT,
                      (x, y), "topleft", "semibold", max_width=w)
            text.blit(surface, _("Place in the turn order: {slot}").format(slot=slot), self.fs(21), theme.TEXT,
                      (x, y + px(34)), "topleft", "semibold", max_width=w)
            return
        head = (_("{player} is bidding…").format(player=computer_player(name)) if self.computer_to_act()
                else _("{player}: bid or pass").format(player=name))
        text.blit(surface, head, self.fs(26), theme.ACCENT, (x, r.y + px(20)), "topleft", "bold", max_width=w)
        if a.high_bid is None:
            line = _("No bid yet: you open this auction (0 is a bid).")
        else:
            line = _("High bid: {n} VP by {player}").format(n=a.high_bid, player=self.names[a.high_bidder])
        text.blit(surface, line, self.fs(20), theme.TEXT, (x, r.y + px(70)), "topleft", "semibold", max_width=w)
        surface.blit(self.stake_image(), (x, r.y + px(102)))
        box = self.bid_box
        pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=px(10))
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=px(10))
        text.blit(surface, str(self.bid), self.fs(52), theme.INK, (box.centerx, box.centery - px(6)), "center", "bold")
        text.blit(surface, _("VP"), self.fs(15), theme.INK_SOFT, (box.centerx, box.bottom - px(4)), "midbottom", "semibold")
        bids = self.legal_bids()
        if bids:
            note = _("Allowed: {low} to {high}. You would start with {vp} VP.").format(
                low=bids[0], high=bids[-1], vp=START_VP - self.bid)
            text.blit(surface, note, self.fs(17), theme.TEXT_DIM, (r.centerx, box.bottom + px(14)), "midtop",
                      max_width=w)
        if self.history:  # the last bids, under the bid (the stake above may take two lines)
            text.blit(surface, " · ".join(self.history[-3:]), self.fs(16), theme.TEXT_DIM,
                      (r.centerx, box.bottom + px(46)), "midtop", max_width=w)
        self.button("bid").label = _("Bid {n}").format(n=self.bid)

    def stake_image(self) -> pygame.Surface:
        """What the auction is for, the winner's pick of the factions still on the table, on as many
        lines as it takes across the right panel (the faction names are long in Spanish and Italian)."""
        stake = _("At stake: one of {factions}, and a free place in the turn order").format(
            factions=", ".join(_(faction(f).display) for f in self.auction.factions))
        return text.text(stake, self.fs(16), theme.HIGHLIGHT, "semibold", wrap=self.right.width - self.px(60))

    def draw_peek(self, surface) -> None:
        """The whole board of the faction pointed at, on the side away from the pointer."""
        w, h = surface.get_size()
        px = self.px
        card = dict(self.cards).get(self.peek)
        if card is None:
            return
        bw, bh = px(740), min(px(660), h - px(40))
        x = card.right + px(16) if card.centerx < w // 2 else card.x - px(16) - bw
        x = max(px(10), min(w - bw - px(10), x))
        y = px(20) if bh > h - px(200) else card.y
        faction_board.draw_board(surface, pygame.Rect(x, y, bw, bh), self.peek, self.scale)
