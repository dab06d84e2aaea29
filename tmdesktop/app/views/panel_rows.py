"""What a player's panel draws, row by row: the name with its tags and VP; resources, power bowls,
shipping and digging; buildings left with the income the next one uncovers; tiles held and next
round's income.  Each row draws from the panel's rectangle alone, so it can be drawn on the
screen, on the panel's layer or on a strip of its band (see `players.PlayersView`)."""

from __future__ import annotations

import math

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.rules.data import BUILDING_TYPES

from .. import pieces, text, theme
from . import icons, tiles, widgets


def shown(state, p) -> tuple:
    """Everything of the game a player's panel draws (income follows from buildings and tiles)."""
    return (terrains_of(p), state.phase, state.turn.faction == p.name, p.passed, bool(p.leech_offers), p.VP,
            p.C, p.W, p.P, tuple(p.power), p.ship, p.dig, tuple(sorted(p.counts.items())), p.bonus, tuple(p.favors),
            tuple(p.towns), tuple(sorted(p.actions_used)))


def _track_max(faction, name: str) -> int:
    try:
        return getattr(faction, name) or 0
    except (TypeError, KeyError, AttributeError):  # the faction has no such track
        return 0


def geometry(r: pygame.Rect, sc: float) -> tuple[int, int, float, list[int]]:
    """A panel's padding, the left edge of its rows (right of the faction's stripe), the rows'
    height and their middles (whole pixels from the panel's corner: the same wherever it is drawn)."""
    pad = int(10 * sc)
    x0 = r.x + stripe_width(sc) + pad
    row_h = (r.height - pad) / 4
    return pad, x0, row_h, [r.y + int(pad * 0.5 + row_h * (k + 0.5)) for k in range(4)]


def stripe_width(sc: float) -> int:
    return max(5, int(8 * sc))


def body(active: bool) -> tuple[int, int, int]:
    """The panel's colour: the player to decide's is lighter."""
    return theme.PANEL if not active else (64, 72, 64)


def bands(r: pygame.Rect, sc: float) -> list[pygame.Rect]:
    """The four rows' bands, one under the other, inside the panel's flat colour: right of the
    stripe, inside the edge and clear of the rounded corners."""
    pad, _x0, row_h, _ys = geometry(r, sc)
    left, right = r.x + stripe_width(sc) + 1, r.right - int(8 * sc) - 1
    edges = [r.y + 1] + [r.y + int(pad * 0.5 + row_h * k) for k in (1, 2, 3)] + [r.bottom - 1]
    return [pygame.Rect(left, edges[k], right - left, edges[k + 1] - edges[k]) for k in range(4)]


#: What of `shown` each row draws: the tags and VP; resources, bowls and tracks; buildings left;
#: tiles held and the income (which follows from the buildings and tiles).
ROW_SHOWS = (slice(0, 6), slice(6, 12), slice(12, 13), slice(12, 17))


def terrains_of(p) -> tuple[str, ...]:
    """The terrains a faction chose or unlocked (a colour picked in the setup, the Riverwalkers'
    unlocked ones), which its pieces' colour does not tell: shown beside its name."""
    return tuple(dict.fromkeys(([p.color] if p.color else []) + sorted(p.unlocked)))


def row_key(key: tuple, row: int) -> tuple:
    """What one row of a panel with `panel_key` `key` shows (the panel's size, colour, language and
    type sizes are the background's, which draws the rows again when they change)."""
    shows = key[0][ROW_SHOWS[row]]
    return (shows, key[4]) if row == 3 else shows


#: The tag of a seat the computer plays, by level (the seat's kind as the setup names it).
LEVEL_TAGS = {"easy": N_("Computer: easy"), "medium": N_("Computer: medium"), "hard": N_("Computer: hard")}


def head_row(surface, state, p, r: pygame.Rect, sc: float, sizes, level: str | None = None) -> None:
    """The faction's name, its tags (to act, passed, power offer; the computer's level, where the
    row has room for it) and VP."""
    pad, x0, _row_h, ys = geometry(r, sc)
    fs, isz = sizes
    tags = []
    if state.phase == "play" and state.turn.faction == p.name:
        tags.append((_("to act"), theme.ACCENT))
    if p.passed and state.phase == "play":
        tags.append((_("passed"), theme.TEXT_DIM))
    if p.leech_offers:
        tags.append((_("power offer"), theme.POWER))
    if level in LEVEL_TAGS:
        tags.append((_(LEVEL_TAGS[level]), theme.COMPUTER_MOVE))
    img = text.text(_(p.faction.display), int(fs * 1.15), theme.TEXT, "bold")
    surface.blit(img, img.get_rect(midleft=(x0, ys[0])))
    x = x0 + img.get_width() + pad
    radius = max(5, int(fs * 0.5))
    for terrain in terrains_of(p):
        # a light rim: swamp (black) and mountains (grey) all but vanished on the dark panel
        x = widgets.terrain_swatch(surface, terrain, (x + radius, ys[0]), radius, theme.TEXT,
                                   max(1, radius // 5)) + int(4 * sc)
    x += pad - int(4 * sc) if terrains_of(p) else 0
    vp = text.text(str(p.VP), int(fs * 1.45), theme.TEXT, "bold")
    vr = vp.get_rect(midright=(r.right - pad, ys[0]))
    room = vr.x - isz - 6  # the tags stop short of the VP
    for label, col in tags:
        t = text.text(label, max(10, int(fs * 0.85)), theme.INK if col != theme.TEXT_DIM else theme.TEXT, "semibold")
        box = t.get_rect(midleft=(x, ys[0])).inflate(int(10 * sc), int(2 * sc))
        if col == theme.COMPUTER_MOVE and box.right > room:  # the level is the one tag that may stay out
            continue
        pygame.draw.rect(surface, col if col != theme.TEXT_DIM else (90, 96, 92), box, border_radius=box.height // 2)
        surface.blit(t, t.get_rect(center=box.center))
        x = box.right + int(6 * sc)
    surface.blit(vp, vr)
    icons.draw_icon(surface, "VP", (vr.x - isz // 2 - 3, ys[0]), int(isz * 1.1))


def buildings_row(surface, p, r: pygame.Rect, sc: float, sizes) -> dict:
    """Buildings left and the income the next one uncovers; returns their parts."""
    pad, x0, row_h, ys = geometry(r, sc)
    fs, isz = sizes
    parts = {}
    edges = _cell_edges(_building_widths(p, fs, isz), x0, r.right - pad - x0)
    for k, (kind, left, toks) in enumerate(_buildings_left(p)):
        bx = edges[k]
        parts[(p.name, f"building:{kind}")] = pygame.Rect(bx, math.floor(ys[2] - row_h / 2), edges[k + 1] - bx - 2,
                                                          int(row_h))
        img = pieces.faction_sprite(kind, pieces.piece_terrain(p), int(isz * 1.5))
        if left == 0:
            img = img.copy()
            img.set_alpha(70)
        surface.blit(img, img.get_rect(center=(bx + isz * 3 // 4, ys[2] - isz * 0.05)))
        t = text.text(f"{left}", fs, theme.TEXT if left else theme.TEXT_DIM, "bold")
        tx = bx + isz * 3 // 2 + 2
        surface.blit(t, t.get_rect(midleft=(tx, ys[2])))
        if toks:
            icons.draw_tokens(surface, toks, (tx + t.get_width() + 4, ys[2]), max(10, int(fs * 0.85)),
                              colour=theme.TEXT_DIM)
    return parts


def tiles_row(surface, p, income: dict, r: pygame.Rect, sc: float, sizes, glow) -> tuple[dict, dict]:
    """Tiles held, then next round's income on the right; returns the chips and the income part.
    Every tile is shown: with many (a bonus tile, five favor tiles and towns) the chips are made
    smaller to fit beside the income (`fit_chips`).  A chip is keyed by its owner and tile, a
    second tile of the same kind (two TW5 towns) by `chip_key`."""
    pad, x0, row_h, ys = geometry(r, sc)
    fs, _isz = sizes
    chips = {}
    x = x0
    held = held_tiles(p)
    chip_h = int(row_h * 0.86)
    inc_toks = income_tokens(income)
    inc_w = icons.tokens_width(inc_toks, max(10, int(fs * 0.9)))
    limit = r.right - pad - inc_w - int(10 * sc)
    csize, short, gap, widths = fit_chips(held, limit - x0, chip_h, sc, p.actions_used)
    seen: dict[str, int] = {}
    for name, w in zip(held, widths):
        if x + w > limit:  # (only past the smallest chips, which a real game's tiles do not need)
            t = text.text("…", fs, theme.TEXT)
            surface.blit(t, t.get_rect(midleft=(x, ys[3])))
            break
        chip = pygame.Rect(x, ys[3] - chip_h // 2, w, chip_h)
        fill = (240, 230, 200) if name.startswith("BON") else (226, 232, 214) if name.startswith("TW") else (232, 226, 240)
        widgets.tile_card(surface, chip, fill, radius=4, shadow=(0, 0, 0))  # opaque on a layer too
        if (p.name, name) in glow:
            pygame.draw.rect(surface, theme.HIGHLIGHT, chip.inflate(4, 4), 2, border_radius=5)
        face = chip
        if name in p.actions_used:  # its action taken this round, as the board marks a power action: the
            # token at the chip's end, in room of its own (over the tile's words it hid them)
            face, token = chip.copy(), pygame.Rect(0, 0, used_room(chip_h), chip_h)
            face.width -= token.width
            token.topright = chip.topright
            widgets.taken_marker(surface, token.inflate(-2, -2))
        icons.draw_tokens(surface, chip_tokens(name, short), face.center, csize, anchor="center")
        seen[name] = seen.get(name, 0) + 1
        chips[chip_key(p.name, name, seen[name])] = chip
        x = chip.right + gap
    drawn = icons.draw_tokens(surface, inc_toks, (r.right - pad, ys[3]), max(10, int(fs * 0.9)),
                              colour=theme.TEXT, anchor="midright")
    return chips, {(p.name, "income"): drawn.inflate(int(6 * sc), int(6 * sc))}


def held_tiles(p) -> list[str]:
    """The tiles a player holds, in the panel's order: bonus tile, favor tiles, town tiles."""
    return ([p.bonus] if p.bonus else []) + list(p.favors) + list(p.towns)


def chip_key(owner: str, tile: str, copy: int = 1) -> tuple[str, str]:
    """The key of a tile's chip: (owner, tile), and (owner, "TW5#2") for a second TW5."""
    return (owner, tile if copy == 1 else f"{tile}#{copy}")


def chip_tile(name: str) -> str:
    """The tile a chip's key names ("TW5#2" is a TW5)."""
    return name.partition("#")[0]


def chip_tokens(name: str, short: bool = False) -> list:
    """What a tile's chip shows: a favor or town tile's first line, a bonus tile's income and its
    action or pass VP (`short`: the income only)."""
    line = tiles.lines_for(name)
    return line[0] if short or name.startswith(("FAV", "TW")) or len(line) == 1 else line[0] + line[1]


def used_room(chip_h: int) -> int:
    """The width a chip gives the token that marks its action taken this round."""
    return chip_h


def fit_chips(held: list[str], room: int, chip_h: int, sc: float,
              used=frozenset()) -> tuple[int, bool, int, list[int]]:
    """(token size, bonus tile cut to its income, gap, each chip's width): the largest chips that
    fit in `room` across, the bonus tile whole while it can be; the smallest when none fits. The
    chips of the tiles in `used` hold the token marking their action taken (`used_room`)."""
    top = max(9, int(chip_h * 0.56))
    tries = [(False, c) for c in range(top, 7, -1)] + [(True, c) for c in range(top, 5, -1)]
    for short, csize in tries:
        gap = max(2, round(5 * sc * csize / top))
        widths = [icons.tokens_width(chip_tokens(n, short), csize) + max(4, round(10 * sc * csize / top))
                  + (used_room(chip_h) if n in used else 0) for n in held]
        if sum(widths) + gap * (len(held) - 1) <= room:
            break
    return csize, short, gap, widths


def income_tokens(income: dict) -> list:
    """"Income" and next round's income, every amount written ("1 worker", not a worker alone;
    "0" for none, as the Engineers have before their first dwelling)."""
    return [("t", _("Income"))] + (icons.gains_tokens(income, counted=True) or [("t", "0")])


def next_income(game, p) -> dict:
    try:
        return game.income_of(p)
    except Exception:
        return {}


def _width(s: str, size: int, weight: str) -> int:
    return text.width(s, size, weight)


#: The smallest font and icon sizes `fitted_sizes` gives; rows may still not fit at them.
SMALLEST = (9, 10)


def fitted_sizes(p, income, room: int, row_h: float, sc: float) -> tuple[int, int]:
    """The font and icon sizes for the panel's rows: as tall as the rows allow, smaller when the
    widest row (a long faction name in Italian, a 2-player table's tall panels) would not fit
    the `room` across; every part then stays inside the panel."""
    f = 1.0
    while True:
        floor = (11, 12) if f == 1.0 else (9, 10)  # the smallest that reads, then smaller only if needed
        fs, isz = max(floor[0], int(row_h * 0.50 * f)), max(floor[1], int(row_h * 0.62 * f))
        need = max(_row1_width(p, fs, isz, sc), resource_row(None, p, (0, 0), fs, isz, sc)[0],
                   sum(_building_widths(p, fs, isz)),
                   icons.tokens_width(income_tokens(income), max(10, int(fs * 0.9))))
        if need <= room or (fs, isz) == SMALLEST:
            return fs, isz
        f *= max(0.5, min(0.95, room / need))


def _row1_width(p, fs, isz, sc) -> int:
    """Name, the widest tags it can show (to act or passed, and a power offer), VP."""
    def tag(label: str) -> int:
        return _width(label, max(10, int(fs * 0.85)), "semibold") + int(10 * sc) + int(6 * sc)

    w = _width(_(p.faction.display), int(fs * 1.15), "bold") + int(10 * sc)
    w += max(tag(_("to act")), tag(_("passed"))) + tag(_("power offer"))
    return w + int(isz * 1.1) + 3 + _width(str(p.VP), int(fs * 1.45), "bold")


def resource_row(surface, p, pos, fs, isz, sc) -> tuple[int, dict]:
    """Coins, workers, priests, the three bowls, shipping and digging from `pos` (midleft);
    returns the width and the parts' rects.  With no surface it only measures."""
    x, y = pos
    parts = {}
    for key, value in (("C", p.C), ("W", p.W), ("P", p.P)):
        if surface:
            icons.draw_icon(surface, key, (x + isz // 2, y), isz)
        x += isz + 3
        t = text.text(str(value), fs, theme.TEXT, "bold")
        if surface:
            surface.blit(t, t.get_rect(midleft=(x, y)))
        x += max(t.get_width(), int(fs * 1.3)) + int(8 * sc)
    x += int(4 * sc)
    start = x
    x = bowls(surface, p.power, (x, y), isz, fs)
    bowl_w = (x - start) // 3
    for k in range(3):
        parts[f"bowl{k + 1}"] = pygame.Rect(start + k * bowl_w, math.floor(y - isz * 0.7), bowl_w, int(isz * 1.4))
    parts["bowls"] = pygame.Rect(start, math.floor(y - isz * 0.7), x - start, int(isz * 1.4))
    x += int(4 * sc)
    for key, level, maxi in (("SHIP", p.ship, _track_max(p.faction, "max_ship")),
                             ("DIG", p.dig, _track_max(p.faction, "max_dig"))):
        if not maxi and not level:  # no such track (Fakirs' shipping, volcano factions' digging)
            continue
        x += int(10 * sc)
        left = x
        if surface:
            icons.draw_icon(surface, key, (x + isz // 2, y), isz)
        x += isz + 2
        t = text.text(f"{level}/{maxi}" if maxi else str(level), max(10, int(fs * 0.9)), theme.TEXT, "semibold")
        if surface:
            surface.blit(t, t.get_rect(midleft=(x, y)))
        x += t.get_width()
        parts[key.lower()] = pygame.Rect(left, math.floor(y - isz * 0.7), x - left + int(4 * sc), int(isz * 1.4))
    return x - pos[0], parts


def _buildings_left(p) -> list[tuple[str, int, list]]:
    """(kind, how many are left, tokens of the income the next one uncovers) per building type;
    kept per faction and buildings' counts (the row and its fitting ask again on every change of
    the panel).  Read only: the list is shared."""
    key = (p.faction.name, tuple(p.counts[kind] for kind in BUILDING_TYPES))
    kept = _LEFT.get(key)
    if kept is not None and kept[0] is p.faction:
        return kept[1]
    out = []
    for kind, built in zip(BUILDING_TYPES, key[1]):
        left = p.faction.buildings[kind]["count"] - built
        toks = []
        if left:
            now, nxt = p.faction.income(kind, built), p.faction.income(kind, built + 1)
            toks = icons.gains_tokens({k: nxt.get(k, 0) - now.get(k, 0) for k in nxt}, sign=True)
        out.append((kind, left, toks))
    if len(_LEFT) > 500:
        _LEFT.clear()
    _LEFT[key] = (p.faction, out)
    return out


_LEFT: dict[tuple, tuple] = {}


def _building_widths(p, fs: int, isz: int) -> list[int]:
    """The width each building type's cell needs: piece, count, income it uncovers."""
    out = []
    for _kind, left, toks in _buildings_left(p):
        w = isz * 3 // 2 + 2 + _width(str(left), fs, "bold") + 6
        out.append(w + (4 + icons.tokens_width(toks, max(10, int(fs * 0.85))) if toks else 0))
    return out


def _cell_edges(widths: list[int], x0: int, room: int) -> list[int]:
    """Left edges of the building cells and the row's end: equal cells (the same column in every
    panel) when the widest fits in a fifth of the row, else each its own width plus a share of
    what is left."""
    n = len(widths)
    if max(widths) * n <= room:
        return [x0 + room * k // n for k in range(n + 1)]
    extra = max(0, room - sum(widths)) / n
    edges = [x0]
    for w in widths:
        edges.append(int(edges[-1] + w + extra))
    return edges


def bowls(surface, power, pos, isz, fs) -> int:
    """Three power bowls I, II, III with their token counts; returns the x after them (with no
    surface it only measures)."""
    x, y = pos
    r = int(isz * 0.62)
    for k, n in enumerate(power):
        if surface:
            c = (x + r, y)
            shade = (110 + 40 * k, 76 + 20 * k, 150 + 30 * k)
            pygame.draw.circle(surface, (30, 24, 40), (c[0], c[1] + 2), r)
            pygame.draw.circle(surface, shade, c, r)
            pygame.draw.circle(surface, (230, 220, 245), c, r, 1)
            text.blit(surface, str(n), max(10, int(fs * 0.95)), (255, 255, 255), c, "center", "bold")
        x += 2 * r + 3
    return x
