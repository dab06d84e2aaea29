"""The Rules screen's pictures, drawn by the game's own views: pieces of the map, tile cards, the
cult board, the power bowls, the terrain wheel and a faction board.

The positions shown are reached by legal play: the introductory game (`rules/first_game.py`)
with a few moves played, and a shipped tournament game (`tmdesktop/samples/`) replayed to a
given point.  Each picture is drawn once per size and language, then blitted.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pygame

from tmdesktop.i18n import _, language
from tmdesktop.rules import actions as A
from tmdesktop.rules.constants import wheel_distance
from tmdesktop.rules.data import BONUS_TILES, FAVOR_TILES, FIRE_ICE_FACTIONS, POWER_ACTIONS, TOWN_TILES
from tmdesktop.rules.maps import TERRAINS

from .. import describe, text, theme
from . import faction_board, icons, supply
from .cults import CultView
from .hexmap import HexMapView, terrain_glyph
from .panel_rows import bowls
from .players import PlayersView

#: The tournament game the later positions come from (four base factions, three bridges).
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "4pLeague_S60_D1L1_G1.txt"
INK_ON_TABLE = theme.TEXT
CARD_ASPECT = 1.3  # height / width of a tile card, as in the supply
MAX_ZOOM = 1.0
PANEL_WIDTH, PANEL_SHAPE = 440, 0.23  # a player's panel in the map view at 1920 x 1080: width, height / width  # map pieces at most this large against the map drawn 1600 pixels wide


# ---------------------------------------------------------------------- positions (legal play)


def _homes(game) -> dict[str, str]:
    from ..pieces import piece_terrain  # the one definition of a piece's colour

    return {n: piece_terrain(p) for n, p in game.state.players.items()}


@cache
def first_game_start():
    """The four-player introductory game, its bonus tiles taken: round 1, the Witches to play."""
    from tmdesktop.rules.first_game import first_game

    game = first_game(4)
    while game.state.phase != "play" or game.to_act().kind != "action":
        d = game.to_act()
        game.apply(d.faction, game.legal_actions(d.faction)[0])
    return game


@cache
def first_game_moves():
    """From the start above: the Witches build a dwelling, then the Nomads upgrade F3, next to the
    Witches' F4, so the Witches are offered power.  Returns (game after the build, the hex built,
    game after the upgrade)."""
    game = first_game_start().copy()
    witches = game.state.players["witches"]
    builds = [a.hex for a in game.legal_actions("witches", A.Build)]
    # next to the Nomads' F3 if possible, so their upgrade there offers the Witches more power
    built = next((h for h in builds if "F3" in game.adjacent(h)), builds[0])
    game.apply("witches", A.Build(built))
    _end_turn(game, "witches")
    after_build = game.copy()
    game.apply("nomads", A.Upgrade("F3", "TP"))
    return after_build, built, game


def _end_turn(game, faction: str) -> None:
    done = [a for a in game.legal_actions(faction) if isinstance(a, A.Done)]
    if done:
        game.apply(faction, done[0])


@cache
def sample_end():
    """The tournament game replayed to its end."""
    from tmdesktop.rules.ledger import read_ledger, replay_ledger

    game, _mismatch = replay_ledger(read_ledger(SAMPLE.read_text("utf-8")))
    return game


@cache
def sample_at(round_: int | None):
    """The tournament game at the start of round `round_`'s actions (None: at its end)."""
    from tmdesktop.rules.engine import Game

    end = sample_end()
    if round_ is None:
        return end
    game = Game(end.setup)
    for who, action in end.log:
        if game.state.round >= round_ and game.state.phase == "play":
            break
        game.apply(who, action)
    return game


def prepare_positions() -> None:
    """Play the positions the pictures show (about a quarter of a second, once per process)."""
    first_game_moves()
    sample_at(4)


# ---------------------------------------------------------------------- helpers


def _fit(rect: pygame.Rect, w: float, h: float) -> pygame.Rect:
    """The largest w:h rectangle centred in `rect`."""
    k = min(rect.width / w, rect.height / h)
    r = pygame.Rect(0, 0, int(w * k), int(h * k))
    r.center = rect.center
    return r


def _caption(surface, s: str, rect: pygame.Rect, size: int) -> int:
    """A caption under a picture part; returns its height."""
    img = text.text(s, size, theme.TEXT_DIM, "semibold", wrap=max(40, rect.width))
    surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y)))
    return img.get_height()


def map_piece(surface, rect: pygame.Rect, game, hexes, highlights=(), margin: float = 1.25,
              labels: bool = False) -> None:
    """The part of the map view around `hexes`, as large as `rect` allows."""
    view = HexMapView(game.board)
    view.show_labels = labels
    ref = pygame.Rect(0, 0, 1600, 1100)
    view.layout(ref)
    xs = [view.centres[h][0] for h in hexes]
    ys = [view.centres[h][1] for h in hexes]
    m = view.size * margin
    box = pygame.Rect(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
    want = rect.width / max(1, rect.height)  # widen or heighten the box to the picture's shape
    centre = box.center
    if box.width / box.height < want:
        box.width = int(box.height * want)
    else:
        box.height = int(box.width / want)
    box.center = centre
    # the zoom that makes the box fill the rect, capped so the hexes stay at a readable size and
    # the whole map drawn stays small; the crop then fills the rect around the box's centre
    k = min(rect.width / box.width, rect.height / box.height, MAX_ZOOM)
    size = (int(ref.width * k), int(ref.height * k))
    view.layout(pygame.Rect((0, 0), size))
    bx, by = view.board_rect.topleft
    whole = pygame.Surface(view.board_rect.size)
    view.layout(pygame.Rect((-bx, -by), size))  # the board's top-left at the surface's
    whole.fill(theme.TABLE)
    view.draw(whole, game.state, _homes(game), tuple(highlights))
    crop = pygame.Rect(0, 0, min(rect.width - 8, whole.get_width()), min(rect.height - 8, whole.get_height()))
    crop.center = (int(box.centerx * k) - bx, int(box.centery * k) - by)
    crop = crop.clamp(whole.get_rect())
    target = crop.copy()
    target.center = rect.center
    pygame.draw.rect(surface, theme.TABLE, target.inflate(8, 8), border_radius=10)
    surface.blit(whole, target, crop)
    pygame.draw.rect(surface, theme.PANEL_EDGE, target.inflate(8, 8), 2, border_radius=10)


def _cards(surface, rect: pygame.Rect, names, cols: int, scale: float, colour=theme.PARCHMENT) -> None:
    """Tile cards in a grid filling `rect`."""
    rows = (len(names) + cols - 1) // cols
    gap = max(4, int(10 * scale))
    w = (rect.width - gap * (cols - 1)) / cols
    h = (rect.height - gap * (rows - 1)) / rows
    w = min(w, h / CARD_ASPECT)
    h = w * CARD_ASPECT
    total_w = cols * w + (cols - 1) * gap
    total_h = rows * h + (rows - 1) * gap
    x0 = rect.x + (rect.width - total_w) / 2
    y0 = rect.y + (rect.height - total_h) / 2
    card_scale = w / 120  # the supply's cards are about 120 units wide at scale 1
    for i, name in enumerate(names):
        r, c = divmod(i, cols)
        box = pygame.Rect(int(x0 + c * (w + gap)), int(y0 + r * (h + gap)), int(w), int(h))
        supply.draw_card(surface, box, name, card_scale, colour)


# ---------------------------------------------------------------------- the pictures


def _overview(surface, rect, scale):
    game = first_game_start()
    hexes = [h for p in game.state.players.values() for h in p.buildings]
    map_piece(surface, rect, game, hexes, margin=1.1)


def _building(surface, rect, scale):
    game, built, _after = first_game_moves()
    own = list(game.state.players["witches"].buildings)
    map_piece(surface, rect, game, own, highlights=(built,), margin=1.8)


def _upgrading(surface, rect, scale):
    _game, _built, game = first_game_moves()
    map_piece(surface, rect, game, ["F3", "F4", "G4"], highlights=("F3",), margin=2.0)


def _leech(surface, rect, scale):
    _game, _built, game = first_game_moves()
    witches = [h for h in game.state.players["witches"].buildings if h in game.adjacent("F3")]
    top = pygame.Rect(rect.x, rect.y, rect.width, int(rect.height * 0.72))
    map_piece(surface, top, game, ["F3"] + witches, highlights=tuple(witches), margin=2.4)
    bottom = pygame.Rect(rect.x, top.bottom + int(10 * scale), rect.width, rect.bottom - top.bottom)
    offer = next((o for o in game.state.players["witches"].leech_offers), None)
    if offer:
        n = game.leech_amount(game.state.players["witches"], offer)
        line = _("The Witches may take {n} power for {vp} VP.").format(n=n, vp=max(0, n - 1))
        _caption(surface, line, bottom, max(14, int(24 * scale)))


def _terrain_wheel(surface, rect, scale, home: str | None = None):
    """The seven terrains on their wheel; with `home`, the spades from each to it."""
    box = _fit(rect, 1, 1)
    fs = max(11, int(box.width * 0.036))
    labels = [text.text(describe.terrain(t), fs, INK_ON_TABLE, "semibold") for t in TERRAINS]
    caption = None
    if home:
        words = _("spades to {terrain}").format(terrain=describe.terrain(home))
        caption = text.text(words, text.fit(words, fs, box.width, "semibold"), theme.TEXT_DIM, "semibold")
    room = box if caption is None else pygame.Rect(box.x, box.y, box.width, box.height - caption.get_height() - 4)
    wheel = _wheel_places(room, box.width * 0.29, box.width * 0.1, labels)
    for t, label, (c, size, label_rect) in zip(TERRAINS, labels, wheel):
        pts = [(c[0] + size * math.cos(math.radians(60 * k - 30)), c[1] + size * math.sin(math.radians(60 * k - 30)))
               for k in range(6)]
        colour = theme.terrain_colour(t)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (250, 246, 236) if t == home else theme.PANEL_EDGE, pts,
                            max(2, int(size * (0.12 if t == home else 0.04))))
        terrain_glyph(surface, t, c, size * 0.9, theme.text_on(colour))
        surface.blit(label, label_rect)
    centre = (room.centerx, room.centery)
    ring = math.dist(centre, wheel[0][0])
    size = wheel[0][1]
    if home:
        for i, t in enumerate(TERRAINS):
            if t == home:
                continue
            a = -math.pi / 2 + i * 2 * math.pi / 7
            badge = (centre[0] + (ring - size * 1.6) * math.cos(a), centre[1] + (ring - size * 1.6) * math.sin(a))
            r = int(size * 0.42)
            pygame.draw.circle(surface, theme.PARCHMENT, badge, r)
            pygame.draw.circle(surface, theme.INK_SOFT, badge, r, 1)
            text.blit(surface, str(wheel_distance(t, home)), int(r * 1.2), theme.INK, badge, "center", "bold")
        icons.draw_icon(surface, "SPADE", centre, int(size * 0.7))
        surface.blit(caption, caption.get_rect(midbottom=(box.centerx, box.bottom)))
    else:
        for i in range(7):  # arrows round the wheel
            a0 = -math.pi / 2 + (i + 0.3) * 2 * math.pi / 7
            a1 = -math.pi / 2 + (i + 0.7) * 2 * math.pi / 7
            p0 = (centre[0] + ring * math.cos(a0), centre[1] + ring * math.sin(a0))
            p1 = (centre[0] + ring * math.cos(a1), centre[1] + ring * math.sin(a1))
            pygame.draw.line(surface, theme.TEXT_DIM, p0, p1, max(2, int(scale * 3)))


def _wheel_places(room: pygame.Rect, ring: float, size: float, labels) -> list[tuple]:
    """(hex centre, hex size, label rectangle) of each terrain round a wheel centred in `room`:
    each name outside its hex, along the spoke, clear of the hex's circle (a name beside a hex at
    3 or 9 o'clock is wider than the gap above one); the wheel shrinks until the names fit in `room`."""
    for _attempt in range(4):
        places = []
        for i, label in enumerate(labels):
            a = -math.pi / 2 + i * 2 * math.pi / 7
            ux, uy = math.cos(a), math.sin(a)
            c = (room.centerx + ring * ux, room.centery + ring * uy)
            # the label's half extent along the spoke, so that all of it lies beyond the hex's circle
            reach = abs(ux) * label.get_width() / 2 + abs(uy) * label.get_height() / 2
            d = size + max(4.0, size * 0.12) + reach
            places.append((c, size, label.get_rect(center=(round(c[0] + d * ux), round(c[1] + d * uy)))))
        used = places[0][2].unionall([p[2] for p in places[1:]])
        used.union_ip(pygame.Rect(room.centerx - ring - size, room.centery - ring - size, 2 * (ring + size),
                                  2 * (ring + size)))
        k = min(1.0, (room.width / 2) / max(room.centerx - used.left, used.right - room.centerx),
                (room.height / 2) / max(room.centery - used.top, used.bottom - room.centery))
        if k >= 0.999:
            return places
        ring, size = ring * k * 0.98, size * k * 0.98
    return places


def _spades(surface, rect, scale):
    _terrain_wheel(surface, rect, scale, home="green")


def _power(surface, rect, scale):
    """Three bowls, with what moves tokens between them; under them, a player's panel in the
    tournament game, where the map view shows the bowls."""
    top = pygame.Rect(rect.x, rect.y, rect.width, int(rect.height * 0.66))
    _power_cycle(surface, top, scale)
    game = sample_at(4)
    name = game.state.seats[0]
    w = min(rect.width, int(rect.height * 0.3 / PANEL_SHAPE))
    panel = pygame.Rect(0, 0, w, int(w * PANEL_SHAPE))
    panel.midbottom = (rect.centerx, rect.bottom - 4)
    view = PlayersView()
    view.layout(panel, w / PANEL_WIDTH, [name])
    view.draw(surface, game, None)


def _power_cycle(surface, rect, scale):
    box = _fit(rect, 1.6, 1)
    isz = int(box.width / 5.2)
    fs = max(12, int(isz * 0.45))
    y = box.y + int(box.height * 0.42)
    r = int(isz * 0.62)
    step = 2 * r + 3
    x0 = box.centerx - (3 * step) // 2
    bowls(surface, (5, 7, 0), (x0, y), isz, fs)
    for k, name in enumerate(("I", "II", "III")):
        text.blit(surface, name, fs, theme.ACCENT, (x0 + r + k * step, y - r - int(fs * 0.3)), "midbottom", "bold")
    small = max(11, int(fs * 0.62))
    arrow_y = y + r + int(fs * 0.9)
    for k in range(2):
        a = (x0 + r + k * step + r * 0.4, arrow_y)
        b = (x0 + r + (k + 1) * step - r * 0.4, arrow_y)
        _arrow(surface, a, b, theme.GOOD, max(2, int(scale * 4)))
    text.blit(surface, _("gain power"), small, theme.GOOD, (x0 + r + step, arrow_y + small * 0.9), "midtop", "semibold")
    back_y = arrow_y + small * 3.0
    _arrow(surface, (x0 + r + 2 * step, back_y), (x0 + r, back_y), theme.ERROR, max(2, int(scale * 4)))
    text.blit(surface, _("spend power (bowl III to bowl I)"), small, theme.ERROR, (x0 + r + step, back_y + small * 0.6),
              "midtop", "semibold", max_width=box.width)


def _arrow(surface, a, b, colour, w: int) -> None:
    pygame.draw.line(surface, colour, a, b, w)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    h = w * 4
    pts = [b, (b[0] - h * math.cos(ang - 0.45), b[1] - h * math.sin(ang - 0.45)),
           (b[0] - h * math.cos(ang + 0.45), b[1] - h * math.sin(ang + 0.45))]
    pygame.draw.polygon(surface, colour, pts)


def _conversions(surface, rect, scale):
    from tmdesktop.rules.constants import PW_RATES

    rows = list(PW_RATES.items())
    isz = max(14, min(int(rect.height / (len(rows) * 1.8)), int(rect.width / 8)))
    y = rect.y + (rect.height - len(rows) * isz * 1.7) / 2 + isz * 0.85
    for (give, get), n in rows:
        left = icons.draw_tokens(surface, [(give, n)], (rect.centerx - isz, y), isz, INK_ON_TABLE, anchor="midright")
        _arrow(surface, (rect.centerx - isz * 0.6, y), (rect.centerx + isz * 0.6, y), INK_ON_TABLE,
               max(2, isz // 10))
        icons.draw_tokens(surface, [(get, 1)], (rect.centerx + isz, y), isz, INK_ON_TABLE)
        y += isz * 1.7


def _cult_board(surface, rect, scale, game):
    box = _fit(rect, 1, 1.25)
    view = CultView()
    view.layout(box, box.width / 440)
    view.draw(surface, game.state, _homes(game))


def _cults(surface, rect, scale):
    _cult_board(surface, rect, scale, sample_at(4))


def _priests(surface, rect, scale):
    _cult_board(surface, rect, scale, sample_at(None))


def _bridges(surface, rect, scale):
    game = sample_at(None)
    hexes = sorted({h for pair in game.state.bridges for h in pair})
    map_piece(surface, rect, game, hexes, highlights=tuple(hexes), margin=1.0)


def _shipping(surface, rect, scale):
    """Two of the Mermaids' buildings with a river between them (built through shipping)."""
    game = sample_at(None)
    own = sorted(game.state.players["mermaids"].buildings)
    near = game.board.neighbours
    pair = next(((a, b, r) for a in own for b in own if a < b and b not in game.adjacent(a)
                 for r in sorted(set(near[a]) & set(near[b])) if game.board.cells[r].is_river), None)
    hexes = list(pair) if pair else own
    map_piece(surface, rect, game, hexes, highlights=tuple(hexes[:2]), margin=1.6)


def town_hexes(game):
    """The buildings of the first town founded in `game` (one player's connected town hexes)."""
    for p in game.state.players.values():
        if p.town_hexes:
            start = min(p.town_hexes)
            group, todo = {start}, [start]
            while todo:
                for n in game.adjacent(todo.pop()):
                    if n in p.town_hexes and n not in group:
                        group.add(n)
                        todo.append(n)
            return sorted(group)
    return []


def _towns(surface, rect, scale):
    game = sample_at(None)
    hexes = town_hexes(game)
    top = pygame.Rect(rect.x, rect.y, rect.width, int(rect.height * 0.62))
    map_piece(surface, top, game, hexes, highlights=tuple(hexes), margin=1.2)
    cards = pygame.Rect(rect.x, top.bottom + int(12 * scale), rect.width, rect.bottom - top.bottom - int(12 * scale))
    _cards(surface, cards, list(TOWN_TILES[:5]), 5, scale, (226, 232, 214))


def _final_scoring(surface, rect, scale):
    game = sample_at(None)
    map_piece(surface, rect, game, list(game.board.cells), margin=0.2)


def _tiles(names, cols, colour=theme.PARCHMENT):
    def draw(surface, rect, scale):
        _cards(surface, rect, list(names), cols, scale, colour)
    return draw


def _round_tiles(surface, rect, scale):
    _cards(surface, rect, list(first_game_start().state.score_tiles), 3, scale)


def _faction_board(surface, rect, scale):
    box = _fit(rect, 720, 680)
    faction_board.draw_board(surface, box, "witches", box.width / 720)


def _fire_ice(surface, rect, scale):
    cols, rows = 2, 3
    gap = max(6, int(10 * scale))
    w = (rect.width - gap) // cols
    h = min((rect.height - 2 * gap) // rows, int(w * 0.62))
    y0 = rect.y + (rect.height - rows * h - 2 * gap) // 2
    for i, name in enumerate(FIRE_ICE_FACTIONS):
        r, c = divmod(i, cols)
        box = pygame.Rect(rect.x + c * (w + gap), y0 + r * (h + gap), w, h)
        faction_board.draw_card(surface, box, name, box.width / 300)


PICTURES = {
    "overview": _overview,
    "round_tiles": _round_tiles,
    "terrain_wheel": _terrain_wheel,
    "spades": _spades,
    "building": _building,
    "upgrading": _upgrading,
    "towns": _towns,
    "shipping": _shipping,
    "bridges": _bridges,
    "special_actions": _tiles(("BON1", "BON2", "FAV6"), 3),
    "power": _power,
    "leech": _leech,
    "power_actions": _tiles(POWER_ACTIONS, 3, (232, 220, 240)),
    "conversions": _conversions,
    "cults": _cults,
    "priests": _priests,
    "favor_tiles": _tiles(FAVOR_TILES, 4),
    "bonus_tiles": _tiles(BONUS_TILES[:9], 3, (240, 230, 200)),
    "round_scoring": _tiles(("SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7", "SCORE8"), 4),
    "final_scoring": _final_scoring,
    "faction_board": _faction_board,
    "fire_ice": _fire_ice,
}

_drawn: dict[tuple, pygame.Surface] = {}


def render(key: str, size: tuple[int, int], scale: float) -> pygame.Surface:
    """The picture `key` drawn on a transparent surface of `size` (kept per size and language)."""
    cache_key = (key, tuple(size), round(scale, 3), language())
    surf = _drawn.get(cache_key)
    if surf is None:
        if len(_drawn) > 24:
            _drawn.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        PICTURES[key](surf, surf.get_rect(), scale)
        _drawn[cache_key] = surf
    return surf


def draw(surface, rect: pygame.Rect, key: str, scale: float) -> None:
    surface.blit(render(key, rect.size, scale), rect.topleft)
