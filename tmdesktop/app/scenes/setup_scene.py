"""A new game: players, map, factions, options and tiles; then the faction choice.

The defaults start a game at once (New game, then Start): four players, the original map, the
tournament options, random tiles and random factions.  Factions can instead be drafted in seat
order on their boards (`draft_scene.DraftScene`) or auctioned for VP (`auction_scene`): `start()`
hands the prepared setup to the scene the `FACTION_MODES` entry names.

The scene holds no rules: whether a faction may still be taken is asked of the engine (a setup
with that faction added must build), and the tile rules are those of `GameSetup`.
"""

from __future__ import annotations

import dataclasses
import random

import pygame

from tmdesktop import saves
from tmdesktop.seat_names import DEFAULT_NAMES
from tmdesktop.i18n import N_, _
from tmdesktop.refusals import message
from tmdesktop.rules.data import BASE_FACTIONS, BONUS_TILES, FIRE_ICE_FACTIONS, SCORE_TILES, faction, tile
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.maps import MAP_KEYS, TERRAINS
from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS, GameSetup

from .. import text, theme
from ..computer import SEAT_KINDS, computers_of
from ..views import supply
from .load_scene import open_game
from .menu import Chooser, MenuScene, Switch, TextField, app_settings, make_button
from .registry import open_scene
from .seat_rows import SeatRows

MAP_NAMES = {
    "original": N_("Original map"), "fire_ice_side1": N_("Fire & Ice map, side 1"),
    "fire_ice_side2": N_("Fire & Ice map, side 2"), "fjords": N_("Fjords"), "loon_lakes": N_("Loon Lakes"),
}
FACTION_SETS = {"base": N_("Base game"), "fire_ice": N_("Base game and Fire & Ice")}
#: How factions are given out: at random, drafted in seat order (`draft_scene`), or auctioned
#: for VP (`auction_scene`, the Fire & Ice faction auction).
FACTION_MODES = {"random": N_("Random"), "pick": N_("Picked in turn order"), "auction": N_("Auction")}
TILE_MODES = {"random": N_("Random"), "choose": N_("Chosen")}
MINI_EXPANSION = frozenset({"mini-expansion-1", "shipping-bonus", "temple-scoring-tile"})
COLOUR_CHOICES = ("any",) + tuple(TERRAINS)


def terrain_label(c: str) -> str:
    from ..describe import terrain

    return _("Any colour") if c == "any" else terrain(c).capitalize()


def fresh_seed() -> int:
    return random.randrange(1, 10 ** 6)


class SetupScene(SeatRows, MenuScene):
    enter_button = "start"
    whole_frame = True

    def __init__(self, app):
        super().__init__(app)
        st = app_settings(app)
        self.names = [TextField(f"name{i}", (st.recent_names[i] if i < len(st.recent_names) else ""),
                                placeholder=DEFAULT_NAMES[i], max_len=20) for i in range(5)]
        self.colours = [Chooser(f"colour{i}", "", list(COLOUR_CHOICES), "any", terrain_label) for i in range(5)]
        self.seats = [Chooser(f"seat{i}", "", list(SEAT_KINDS), "human", lambda k: _(SEAT_KINDS[k]))
                      for i in range(5)]
        self.players = Chooser("players", N_("Players"), [2, 3, 4, 5], 4, str)
        self.map = Chooser("map", N_("Map"), list(MAP_KEYS), "original", lambda k: _(MAP_NAMES.get(k, k)))
        self.fset = Chooser("factions", N_("Factions"), list(FACTION_SETS), "base", lambda k: _(FACTION_SETS[k]))
        self.fmode = Chooser("faction_mode", N_("Faction choice"), list(FACTION_MODES), "random",
                             lambda k: _(FACTION_MODES[k]))
        self.tmode = Chooser("tile_mode", N_("Round scoring and bonus tiles"), list(TILE_MODES), "random",
                             lambda k: _(TILE_MODES[k]))
        self.turn_order = Switch("turn_order", N_("Variable turn order (passing order)"), True)
        self.mini = Switch("mini", N_("Mini-expansion tiles (town tiles, 10th bonus, temple scoring)"), True)
        self.final_fi = Switch("final_fi", N_("Fire & Ice final scoring tile"), False)
        self.seed = TextField("seed", str(fresh_seed()), placeholder=N_("Seed"), max_len=9, digits_only=True)
        self.score_tiles: tuple[str, ...] | None = None
        self.bonus_tiles: tuple[str, ...] | None = None
        self.restore(st.last_setup)

    # -------------------------------------------------------------- the last game's choices

    def remembered_controls(self) -> tuple[tuple[Chooser, ...], tuple[Switch, ...]]:
        """The page's choices offered again next time, beside the seats' (not the seed or names)."""
        return (self.players, self.map, self.fset, self.fmode, self.tmode), (self.turn_order, self.mini, self.final_fi)

    def remembered(self) -> dict:
        """The choices to offer again next time (`Settings.last_setup`)."""
        choosers, switches = self.remembered_controls()
        out = {c.key: c.value for c in choosers}
        out.update({sw.key: sw.on for sw in switches})
        out["seats"] = [c.value for c in self.seats]
        out["colours"] = [c.value for c in self.colours]
        return out

    def restore(self, last: dict) -> None:
        """The last game's choices, each only if it is still one of its control's (a settings file
        from elsewhere, or an older version, may hold anything)."""
        choosers, switches = self.remembered_controls()
        for c in choosers:
            v = last.get(c.key)
            if v in c.values and type(v) is type(c.value):
                c.value = v
        for sw in switches:
            if isinstance(last.get(sw.key), bool):
                sw.on = last[sw.key]
        for row, key in ((self.seats, "seats"), (self.colours, "colours")):
            values = last.get(key)
            for c, v in zip(row, values if isinstance(values, list) else []):
                if v in c.values:
                    c.value = v
        wanted = [c.value for c in self.colours[: self.n()] if c.value != "any"]
        if len(wanted) != len(set(wanted)):  # one colour per player (as `on_change` keeps them)
            for c in self.colours:
                c.value = "any"
        # remembered names fill the people's seats only, in order (a computer seat has its own)
        recent = iter(app_settings(self.app).recent_names)
        for i, name_field in enumerate(self.names):
            name_field.value = "" if self.computer_seat(i) else next(recent, "")

    # -------------------------------------------------------------- state -> setup

    def n(self) -> int:
        return self.players.value

    def options(self) -> frozenset[str]:
        opts = set(TOURNAMENT_OPTIONS) - MINI_EXPANSION - {"variable-turn-order"}
        if self.mini.on:
            opts |= MINI_EXPANSION
        if self.turn_order.on:
            opts.add("variable-turn-order")
        if self.fset.value == "fire_ice":
            opts |= FIRE_ICE_FACTION_OPTIONS
        if self.final_fi.on:
            opts.add("fire-and-ice-final-scoring")
        return frozenset(opts)

    def seed_value(self) -> int:
        try:
            return int(self.seed.value)
        except ValueError:
            v = fresh_seed()
            self.seed.value = str(v)
            return v

    def base_setup(self) -> GameSetup:
        """The setup without factions; raises ValueError with a reason if the tiles do not fit."""
        seed = self.seed_value()
        setup = GameSetup.random(self.n(), seed, map_key=self.map.value, options=self.options())
        if self.tmode.value == "choose" and self.score_tiles and self.bonus_tiles:
            setup = dataclasses.replace(setup, score_tiles=self.score_tiles, bonus_tiles=self.bonus_tiles)
        return dataclasses.replace(setup, player_names=tuple(self.player_names()))

    def faction_pool(self) -> list[str]:
        return list(BASE_FACTIONS) + (list(FIRE_ICE_FACTIONS) if self.fset.value == "fire_ice" else [])

    # -------------------------------------------------------------- layout

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        top = px(150)
        col_w, lx, rx = self.columns(780)
        rh = px(50)
        gap = px(12)
        self.players.rect = pygame.Rect(lx, top + px(44), col_w, rh)
        y = self.players.rect.bottom + px(18)
        self.player_rows = []
        for i in range(5):
            row = pygame.Rect(lx, y, col_w, rh)
            self.player_rows.append(row)
            dot = px(40)
            self.names[i].rect = pygame.Rect(row.x + dot, row.y, int(col_w * 0.28) - dot, rh)
            self.colours[i].rect = pygame.Rect(self.names[i].rect.right + px(8), row.y, int(col_w * 0.32), rh)
            self.seats[i].rect = pygame.Rect(self.colours[i].rect.right + px(8), row.y,
                                            row.right - self.colours[i].rect.right - px(8), rh)
            y += rh + gap
        self.fields = [self.names[i] for i in range(self.n())] + [self.seed]
        self.choosers = [self.players] + self.colours[: self.n()] + self.seats[: self.n()]
        game = [self.map, self.fset, self.fmode, self.tmode]
        self.choosers += game
        y = self.stack(game, rx, top + px(44), col_w, rh, gap)
        self.switches = [self.turn_order, self.mini, self.final_fi]
        y = self.stack(self.switches, rx, y, col_w, rh, gap)
        self.seed.rect = pygame.Rect(rx + int(col_w * 0.42), y, int(col_w * 0.3), rh)
        self.seed_label = pygame.Rect(rx, y, int(col_w * 0.42), rh)
        bw, bh = px(270), px(62)
        self.buttons = [
            make_button("reseed", N_("New seed"), (self.seed.rect.right + px(12), y, rx + col_w - self.seed.rect.right - px(12), rh)),
            make_button("back", N_("Back"), (w // 2 - bw * 3 // 2 - px(40), h - px(110), bw, bh), hint="Esc"),
            make_button("tiles", N_("Choose tiles"), (w // 2 - bw // 2, h - px(110), bw, bh)),
            make_button("start", N_("Start the game"), (w // 2 + bw // 2 + px(40), h - px(110), bw, bh), primary=True,
                        hint="Enter"),
        ]
        self.button("tiles").enabled = self.tmode.value == "choose"
        bottom = max(self.player_rows[-1].bottom, y + rh) + px(24)
        self.col_rects = (self.section_rect(lx, col_w, top - px(6), bottom),
                          self.section_rect(rx, col_w, top - px(6), bottom))

    def on_change(self, key: str, value) -> None:
        if key.startswith("seat"):
            self.seat_changed(int(key[4:]))
        if key in ("players", "tile_mode", "map", "factions", "mini"):
            if key != "tile_mode":
                self.score_tiles = self.bonus_tiles = None  # chosen tiles may no longer fit
            self.layout()
        if key.startswith("colour"):
            # one colour per player: skip colours another player already asked for
            i = int(key[6:])
            taken = {c.value for j, c in enumerate(self.colours[: self.n()]) if j != i and c.value != "any"}
            c = self.colours[i]
            for _step in range(len(COLOUR_CHOICES)):
                if c.value == "any" or c.value not in taken:
                    break
                c.step(1)
        self.dirty = True

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "reseed":
            self.seed.value = str(fresh_seed())
            self.score_tiles = self.bonus_tiles = None
        elif key == "tiles":
            try:
                setup = self.base_setup()
            except ValueError as exc:
                self.message = message(exc)
                return
            self.app.push(TilesScene(self.app, self, setup))
        elif key == "start":
            self.start()

    def start(self) -> None:
        try:
            setup = self.base_setup()
        except ValueError as exc:
            self.message = _("These options do not make a game: {why}").format(why=exc)
            return
        names = self.player_names()
        st = app_settings(self.app)
        st.remember_names(self.people_names())
        st.last_setup = self.remembered()
        from tmdesktop import settings as settings_mod

        settings_mod.save(st)
        prefs = [c.value for c in self.colours[: self.n()]]
        mode = self.fmode.value
        kinds = self.seat_kinds()
        if mode == "auction":
            open_scene(self.app, "auction", setup, names, None, kinds)
        elif mode == "pick":
            open_scene(self.app, "draft", setup, names, prefs, kinds)
        else:
            chosen = random_factions(setup, self.faction_pool(), prefs, random.Random(setup.seed))
            if chosen is None:
                self.message = _("No factions fit these colours; choose other colours.")
                return
            start_game(self.app, setup, chosen, names, kinds)

    # -------------------------------------------------------------- drawing

    def draw(self, surface) -> None:
        self.begin_page(surface)
        self.draw_title(surface, _("New game"))
        px = self.px
        for r, title in zip(self.col_rects, (_("Players"), _("Game"))):
            self.draw_section(surface, r, title)
        for i in range(self.n()):
            row = self.player_rows[i]
            c = self.colours[i].value
            colour = theme.piece_colour(c) if c != "any" else (120, 124, 120)
            centre = (row.x + px(16), row.centery)
            pygame.draw.circle(surface, colour, centre, px(13))
            pygame.draw.circle(surface, (230, 230, 220), centre, px(13), 1)
        self.draw_label(surface, _("Seed"), self.seed_label)
        self.draw_widgets(surface)
        if self.tmode.value == "choose":
            b = self.button("tiles")
            note = _("Tiles chosen") if self.score_tiles else _("Random until chosen")
            text.blit(surface, note, self.fs(16), theme.TEXT_DIM, (b.rect.centerx, b.rect.y - px(6)), "midbottom")
        hint = {"random": _("Faction choice: random gives each player a faction of a different colour."),
                "pick": _("Each player picks a faction in seat order after Start."),
                "auction": _("After Start, as many factions as players are drawn and auctioned for VP from 40.")
                }[self.fmode.value]
        text.blit(surface, hint, self.fs(17), theme.TEXT_DIM, (self.size[0] // 2, self.col_rects[0].bottom + px(14)), "midtop",
                  max_width=self.size[0] - px(80))
        self.draw_message(surface)


def allowed(setup: GameSetup, chosen: list[str], candidate: str) -> bool:
    """The engine's word on whether `candidate` may join `chosen` in this setup."""
    try:
        Game(dataclasses.replace(setup, factions=tuple(chosen) + (candidate,)))
    except (RuleError, ValueError, KeyError):
        return False
    return True


def fits_colour(f: str, pref: str) -> bool:
    return pref == "any" or faction(f).home == pref


def random_factions(setup: GameSetup, pool: list[str], prefs: list[str], rng: random.Random,
                    tries: int = 200) -> tuple[str, ...] | None:
    for _attempt in range(tries):
        chosen: list[str] = []
        for pref in prefs:
            options = [f for f in pool if f not in chosen and fits_colour(f, pref)]
            rng.shuffle(options)
            pick = next((f for f in options if allowed(setup, chosen, f)), None)
            if pick is None:
                break
            chosen.append(pick)
        else:
            return tuple(chosen)
    return None


def start_game(app, setup: GameSetup, factions: tuple[str, ...], names: list[str],
               kinds: list[str] | None = None) -> None:
    """Open the map on `factions`; `kinds` says who plays each seat (people when left out)."""
    setup = dataclasses.replace(setup, factions=tuple(factions))
    game = Game(setup)
    by_faction = dict(zip(factions, names))
    computers = computers_of(factions, kinds or [])
    open_game(app, game, saves.Autosaver(names=by_faction, computers=computers), by_faction)


class TilesScene(MenuScene):
    """Choose the six round scoring tiles (click a round to change it) and the bonus tiles."""

    def __init__(self, app, parent: SetupScene, setup: GameSetup):
        super().__init__(app)
        self.parent = parent
        self.players = setup.players
        self.options = setup.options
        self.scores = list(parent.score_tiles or setup.score_tiles)
        self.bonus = set(parent.bonus_tiles or setup.bonus_tiles)
        self.score_pool = [t for t in SCORE_TILES if self._enabled(t)]
        self.bonus_pool = [t for t in BONUS_TILES if self._enabled(t)]
        self.rects: list[tuple[tuple[str, object], pygame.Rect]] = []

    def _enabled(self, name: str) -> bool:
        need = tile(name).get("option")
        return need is None or need in self.options

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        cw, ch, gap = px(200), px(120), px(18)
        self.rects = []
        x0 = w // 2 - (6 * cw + 5 * gap) // 2
        for r in range(6):
            self.rects.append((("round", r), pygame.Rect(x0 + r * (cw + gap), px(240), cw, ch)))
        n = len(self.bonus_pool)
        cols = min(n, 7)
        x0 = w // 2 - (cols * cw + (cols - 1) * gap) // 2
        for k, b in enumerate(self.bonus_pool):
            self.rects.append((("bonus", b), pygame.Rect(x0 + (k % cols) * (cw + gap),
                                                         px(500) + (k // cols) * (ch + gap), cw, ch)))
        bw, bh = px(270), px(62)
        self.buttons = [
            make_button("random", N_("Draw at random"), (w // 2 - bw * 3 // 2 - px(40), h - px(110), bw, bh)),
            make_button("back", N_("Cancel"), (w // 2 - bw // 2, h - px(110), bw, bh), hint="Esc"),
            make_button("done", N_("Use these tiles"), (w // 2 + bw // 2 + px(40), h - px(110), bw, bh), primary=True),
        ]

    def hit(self, pos):
        for key, r in self.rects:
            if r.collidepoint(pos):
                return key
        return super().hit(pos)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            h = self.hit(event.pos)
            if h and h[0] == "round":
                self.cycle_round(h[1], 1 if event.button == 1 else -1)
                return
            if h and h[0] == "bonus":
                self.bonus ^= {h[1]}
                self.message = ""
                self.dirty = True
                return
        super().handle_event(event)

    def cycle_round(self, r: int, d: int) -> None:
        pool = self.score_pool
        i = pool.index(self.scores[r]) if self.scores[r] in pool else 0
        for _step in range(len(pool)):
            i = (i + d) % len(pool)
            cand = pool[i]
            if cand not in self.scores:
                self.scores[r] = cand
                break
        self.message = ""
        self.dirty = True

    def on_button(self, key: str) -> None:
        if key == "back":
            self.app.pop()
        elif key == "random":
            s = GameSetup.random(self.players, fresh_seed(), options=self.options)
            self.scores, self.bonus = list(s.score_tiles), set(s.bonus_tiles)
        elif key == "done":
            try:
                GameSetup(players=self.players, options=self.options, score_tiles=tuple(self.scores),
                          bonus_tiles=tuple(b for b in BONUS_TILES if b in self.bonus),
                          final_scoring="connected-distance" if "fire-and-ice-final-scoring" in self.options else None)
            except ValueError as exc:
                self.message = message(exc)
                return
            if len(self.bonus) != self.players + 3:
                self.message = _("Choose exactly {n} bonus tiles ({players} players + 3).").format(
                    n=self.players + 3, players=self.players)
                return
            self.parent.score_tiles = tuple(self.scores)
            self.parent.bonus_tiles = tuple(b for b in BONUS_TILES if b in self.bonus)
            self.app.pop()

    def draw(self, surface) -> None:
        self.begin_page(surface)
        px = self.px
        w = surface.get_width()
        self.draw_title(surface, _("Round scoring and bonus tiles"))
        text.blit(surface, _("Round scoring: click a round to change its tile (right-click goes back)."), self.fs(19),
                  theme.TEXT, (w // 2, px(200)), "midtop")
        text.blit(surface, _("Bonus tiles: {n} of {want} chosen").format(n=len(self.bonus), want=self.players + 3),
                  self.fs(19), theme.TEXT if len(self.bonus) == self.players + 3 else theme.ACCENT,
                  (w // 2, px(460)), "midtop")
        for key, r in self.rects:
            hover = self.hover == key
            if key[0] == "round":
                supply.draw_card(surface, r, self.scores[key[1]], self.scale * 1.2, glow=hover,
                                 corner=_("Round {n}").format(n=key[1] + 1))
            else:
                on = key[1] in self.bonus
                supply.draw_card(surface, r, key[1], self.scale * 1.2, dim=not on, glow=hover or on)
        self.draw_widgets(surface)
        self.draw_message(surface)

