"""Faction boards for the draft and the auction, drawn from the faction data.

`draw_board` is the whole board: home terrain (colour and glyph), starting resources, power and
cults, what each building costs and what each one uncovers on the income track, shipping and
digging, and the ability and stronghold in plain words.  `draw_card` is the small version (a card
in a grid), `draw_summary` a medium one (the auction's drawn factions).  Sizes are in units of a
1920 x 1080 screen times `scale`.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import _
from tmdesktop.rules.data import CULTS, faction
from tmdesktop.rules.maps import TERRAINS

from .. import describe, faction_texts, pieces, text, theme
from . import icons, widgets
from .hexmap import terrain_glyph

BUILDINGS = ("D", "TP", "TE", "SH", "SA")
PARCHMENT_DIM = (150, 146, 136)


class _U:
    """Pixel helpers for one scale."""

    def __init__(self, scale: float):
        self.s = scale

    def __call__(self, v: float) -> int:
        return int(round(v * self.s))

    def f(self, v: float) -> int:
        return max(11, int(round(v * self.s)))


def home_colour(home: str, picked: str | None = None) -> tuple[int, int, int]:
    """The faction's piece colour (a picked colour for the variable factions)."""
    if home == "variable" and picked:
        return theme.piece_colour(picked)
    return theme.PIECE.get(home, (190, 186, 176))


def home_line(name: str, picked: str | None = None) -> str:
    """One line about the faction's terrain, translated."""
    home = faction(name).home
    if home in TERRAINS:
        return _("Home terrain: {terrain}").format(terrain=describe.terrain(home))
    if picked:
        if home == "variable":
            return _("Home terrain: {terrain} (chosen)").format(terrain=describe.terrain(picked))
        return _("{kind}; starts on {terrain}").format(kind=describe.terrain(home).capitalize(),
                                                       terrain=describe.terrain(picked))
    if home == "ice":
        return _("Ice: chooses a starting terrain at once")
    if home == "volcano":
        return _("Volcano: chooses a terrain after all factions")
    return _("Chooses its home terrain at once")


def draw_emblem(surface, home: str, centre, radius: int, picked: str | None = None) -> None:
    """A disc in the home terrain's colour with its glyph (a ring of colours for variable homes)."""
    cx, cy = int(centre[0]), int(centre[1])
    if home == "variable" and not picked:
        cols = [theme.TERRAIN[t] for t in TERRAINS]
        for k, c in enumerate(cols):
            start = k * 6.2832 / len(cols)
            rect = pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
            pygame.draw.arc(surface, c, rect, start, start + 6.2832 / len(cols) + 0.05, max(3, radius // 2))
        pygame.draw.circle(surface, theme.INK, (cx, cy), radius, 1)
        text.blit(surface, "?", max(11, radius), theme.INK, (cx, cy), "center", "bold")
        return
    terrain = picked if (home == "variable" and picked) else home
    bg = theme.terrain_colour(terrain)
    pygame.draw.circle(surface, bg, (cx, cy), radius)
    pygame.draw.circle(surface, theme.INK, (cx, cy), radius, max(1, radius // 14))
    terrain_glyph(surface, terrain, (cx, cy), radius * 1.25, theme.text_on(bg), bold=False)
    if picked and home in ("ice", "volcano"):  # the chosen terrain as a small badge
        r2 = max(5, radius // 2)
        c2 = (cx + radius - r2 // 2, cy + radius - r2 // 2)
        pc = theme.terrain_colour(picked)
        pygame.draw.circle(surface, pc, c2, r2)
        pygame.draw.circle(surface, theme.INK, c2, r2, 1)
        terrain_glyph(surface, picked, c2, r2 * 1.3, theme.text_on(pc))


def _band_text(x: int, width: int, u: _U) -> tuple[int, int]:
    """Where the name and terrain line of a board at `x`, `width` wide, start, and their width."""
    return x + u(78), width - u(84) - u(78)


def home_lines(name: str, width: int, scale: float, picked: str | None = None) -> list[str]:
    """The terrain line (`home_line`) on a board `width` wide, on as many lines as it takes at its
    size, as even as they can be (on a medium board "Volcano: chooses a terrain after all
    factions" shrank to 9 pixels, then lost its end)."""
    u = _U(scale)
    return text.lines(home_line(name, picked), u.f(17), _band_text(0, width, u)[1], "semibold")


def home_rows(names, width: int, scale: float) -> int:
    """The most lines the terrain line takes on the boards of `names`, `width` wide, side by side
    (`home_lines`)."""
    return max((len(home_lines(n, width, scale)) for n in names), default=1)


def _band_height(name: str, width: int, u: _U, picked: str | None, rows: int) -> int:
    """The coloured header's height: a line more for a terrain line on two (`rows`: as many as
    its neighbours' take)."""
    return u(72) + (max(rows, len(home_lines(name, width, u.s, picked))) - 1) * text.font(u.f(17), "semibold").get_linesize()


def _band(surface, r: pygame.Rect, name: str, u: _U, picked: str | None, dim: bool, radius: int,
          rows: int = 1) -> int:
    """The coloured header: emblem, name, terrain line (room for `rows` lines at least), stronghold
    piece.  Returns its bottom."""
    fd = faction(name)
    tx, tw = _band_text(r.x, r.width, u)
    size = u.f(17)
    lines = home_lines(name, r.width, u.s, picked)
    band = pygame.Rect(r.x, r.y, r.width, _band_height(name, r.width, u, picked, rows))
    colour = home_colour(fd.home, picked)
    if dim:
        colour = tuple((c + 150) // 2 for c in colour)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    ink = theme.text_on(colour)
    draw_emblem(surface, fd.home, (r.x + u(40), band.centery), u(26), picked)
    worn = pieces.worn_terrain(fd.home, picked)
    pieces.draw_piece(surface, "SH", worn,
                      (r.right - u(40), band.centery + u(14)), u(58))
    line_h = text.font(size, "semibold").get_linesize()
    spare = (band.height - _band_height(name, r.width, u, picked, 1)) // 2  # (one line in a band for two: centred)
    text.blit(surface, _(fd.display), u.f(27), ink, (tx, band.y + u(8) + spare), "topleft", "bold", max_width=tw)
    for k, part in enumerate(reversed(lines)):
        text.blit(surface, part, size, ink, (tx, band.bottom - u(8) - spare - k * line_h), "bottomleft", "semibold",
                  max_width=tw)
    return band.bottom


def _income_steps(fd, b: str) -> list[dict]:
    """What building the 1st, 2nd, ... `b` uncovers on the income track."""
    inc = fd.buildings[b]["income_by_number_built"]
    n = fd.buildings[b]["count"]
    out = []
    for k in range(1, n + 1):
        out.append({res: arr[k] - arr[k - 1] for res, arr in inc.items() if k < len(arr) and arr[k] - arr[k - 1]})
    return out


def base_income(fd) -> dict:
    return {res: arr[0] for res, arr in fd.buildings["D"]["income_by_number_built"].items() if arr and arr[0]}


def start_tokens(fd, vp: int | None = None) -> list:
    st = fd.start
    toks = [("VP", str(st["VP"] if vp is None else vp)), ("C", str(st["C"])), ("W", str(st["W"])),
            ("P", str(st["P"]))]
    return toks


def cult_tokens(fd) -> list:
    return [(c, str(fd.start["cult"][c])) for c in CULTS]


def _tokens_or_dash(gains: dict) -> list:
    return icons.gains_tokens(gains) if gains else [("t", "–")]


def shipping_text(fd) -> tuple[list, str]:
    """(tokens, words) for the shipping track."""
    sh = fd.shipping
    if not sh.get("max_level"):
        if fd.teleport:
            kind = fd.teleport["type"]
            cost = icons.gains_tokens(fd.teleport["cost_by_level"][0])
            label = _("No shipping; tunnel for") if kind == "tunnel" else _("No shipping; carpet flight for")
            return [("SHIP", None), ("t", label)] + cost + [("t", "+4"), ("VP", None)], ""
        return [("SHIP", None), ("t", _("No shipping"))], ""
    if not sh.get("advance_cost"):
        return [("SHIP", None), ("t", _("Shipping {n}, fixed").format(n=sh["start_level"]))], ""
    toks = [("SHIP", None), ("t", _("Shipping {a}–{b}, a step:").format(a=sh["start_level"], b=sh["max_level"]))]
    return toks + icons.gains_tokens(sh["advance_cost"]), ""


def digging_tokens(fd) -> list:
    dg = fd.digging
    if not dg:
        return [("SPADE", None), ("t", _("No spades"))]
    gains = (dg.get("gain_per_use_by_level") or [{}])[0]
    if "VOLCANO_TF" in gains:
        return [("SPADE", None), ("t", _("No spades: volcano instead (see ability)"))]
    costs = dg["cost_per_spade_by_level"]
    toks = [("SPADE", None), ("t", _("A spade:"))]
    for k, c in enumerate(costs):
        if k:
            toks.append(("t", "/"))
        toks += icons.gains_tokens(c)
    if gains.get("VP"):
        toks += [("t", "+" + str(gains["VP"])), ("VP", None)]
    if dg.get("advance_cost") and dg.get("max_level"):
        toks += [("t", _("· better:"))] + icons.gains_tokens(dg["advance_cost"])
    return toks


def _wrapped(surface, s: str, size: int, colour, pos, width: int, weight: str = "regular") -> int:
    img = text.text(s, size, colour, weight, wrap=max(40, width))
    surface.blit(img, pos)
    return pos[1] + img.get_height()


def _labelled(surface, label: str, body: str, size: int, x: int, y: int, width: int) -> int:
    """"Label: body" wrapped, the label bold; returns the bottom."""
    img = text.text(label, size, theme.INK, "bold")
    surface.blit(img, (x, y))
    return _wrapped(surface, body, size, theme.INK, (x, y + img.get_height() - max(1, size // 8)), width)


def _sheet(surface, rect, name: str, u: _U, picked: str | None, dim: bool, glow: bool, rows: int = 1):
    """A board's parchment and its coloured name band: (rect, faction data, bottom of the band)."""
    r = pygame.Rect(rect)
    fd = faction(name)
    radius = u(12)
    widgets.panel(surface, r, PARCHMENT_DIM if dim else theme.PARCHMENT, radius=radius,
                  edge=theme.HIGHLIGHT if glow else theme.INK_SOFT)
    return r, fd, _band(surface, r, name, u, picked, dim, radius, rows)


def draw_board(surface, rect, name: str, scale: float, picked: str | None = None, vp: int | None = None,
               dim: bool = False, glow: bool = False) -> None:
    """The whole faction board in `rect` (about 720 x 680 units)."""
    u = _U(scale)
    r, fd, y = _sheet(surface, rect, name, u, picked, dim, glow)
    y += u(10)
    pad = u(16)
    x0, inner = r.x + pad, r.width - 2 * pad
    isz = u.f(22)
    # starting resources, power bowls, cults
    text.blit(surface, _("Start"), u.f(15), theme.INK_SOFT, (x0, y + isz // 2), "midleft", "semibold")
    lx = x0 + u(78)
    icons.draw_tokens(surface, start_tokens(fd, vp), (lx, y + isz // 2), isz)
    bowls = fd.start["power_bowls"]
    bx = r.x + r.width // 2 + u(30)
    icons.draw_icon(surface, "PW", (bx, y + isz // 2), isz)
    text.blit(surface, f"{bowls['P1']} / {bowls['P2']} / {bowls['P3']}", u.f(19), theme.INK,
              (bx + isz // 2 + u(6), y + isz // 2), "midleft", "bold")
    y += isz + u(10)
    text.blit(surface, _("Cults"), u.f(15), theme.INK_SOFT, (x0, y + isz // 2), "midleft", "semibold")
    icons.draw_tokens(surface, cult_tokens(fd), (lx, y + isz // 2), isz)
    base = base_income(fd)
    if base:
        toks = [("t", _("Income without buildings:"))] + icons.gains_tokens(base, counted=True)
        icons.draw_tokens(surface, toks, (bx - isz // 2, y + isz // 2), u.f(17))
    y += isz + u(12)
    pygame.draw.line(surface, theme.PARCHMENT_DARK, (x0, y), (r.right - pad, y), 1)
    y += u(8)
    # buildings: piece, name and count, cost, then what each one uncovers
    text.blit(surface, _("Cost"), u.f(14), theme.INK_SOFT, (x0 + u(200), y), "topleft", "semibold")
    slots_x = x0 + u(320)
    text.blit(surface, _("Income each building uncovers"), u.f(14), theme.INK_SOFT, (slots_x, y), "topleft",
              "semibold", max_width=r.right - pad - slots_x)
    y += u(22)
    row_h = u(44)
    worn = pieces.worn_terrain(fd.home, picked)
    for b in BUILDINGS:
        cy = y + row_h // 2
        pieces.draw_piece(surface, b, worn,
                          (x0 + u(18), cy + u(8)), u(34), shadow=False)
        building, count, room = describe.building(b), f"×{fd.buildings[b]['count']}", u(150)  # up to the cost
        if text.width(f"{building} {count}", u.f(16), "semibold") <= room:
            text.blit(surface, f"{building} {count}", u.f(16), theme.INK, (x0 + u(42), cy), "midleft", "semibold")
        else:  # a long name (Spanish "Puesto de comercio") over its count, rather than shrunk into the cost
            text.blit(surface, building, u.f(16), theme.INK, (x0 + u(42), cy - u(9)), "midleft", "semibold",
                      max_width=room)
            text.blit(surface, count, u.f(16), theme.INK, (x0 + u(42), cy + u(10)), "midleft", "semibold")
        icons.draw_tokens(surface, icons.gains_tokens(fd.cost(b)), (x0 + u(200), cy), u.f(19))
        steps = _income_steps(fd, b)
        avail = r.right - pad - slots_x
        gap = u(4)
        sw = min(u(130), (avail - gap * (len(steps) - 1)) // max(1, len(steps)))
        for k, g in enumerate(steps):
            slot = pygame.Rect(slots_x + k * (sw + gap), y + u(5), sw, row_h - u(10))
            pygame.draw.rect(surface, (226, 214, 184), slot, border_radius=u(6))
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, slot, 1, border_radius=u(6))
            toks = _tokens_or_dash(g)
            size = u.f(18)
            while size > 10 and icons.tokens_width(toks, size) > sw - u(4):
                size -= 1
            icons.draw_tokens(surface, toks, slot.center, size, anchor="center")
        y += row_h
    pygame.draw.line(surface, theme.PARCHMENT_DARK, (x0, y + u(4)), (r.right - pad, y + u(4)), 1)
    y += u(12)
    # shipping and digging
    toks, _unused = shipping_text(fd)
    ts = u.f(17)
    for line in (toks, digging_tokens(fd)):
        while ts > 10 and icons.tokens_width(line, ts) > inner:
            ts -= 1
    icons.draw_tokens(surface, toks, (x0, y + ts // 2 + u(4)), ts)
    y += ts + u(12)
    icons.draw_tokens(surface, digging_tokens(fd), (x0, y + ts // 2 + u(4)), ts)
    y += ts + u(16)
    pygame.draw.line(surface, theme.PARCHMENT_DARK, (x0, y), (r.right - pad, y), 1)
    y += u(8)
    # the ability and the stronghold in words
    size = _words_size(name, u.f(18), inner, r.bottom - pad - y)
    _draw_words(surface, name, size, x0, y, inner, u(6))


def _words(name: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The faction's ability and stronghold in words, each with its label."""
    return (_("Ability"), faction_texts.ability(name)), (_("Stronghold"), faction_texts.stronghold(name))


def _text_height(name: str, size: int, width: int) -> int:
    h = 0
    for label, body in _words(name):
        h += text.text(label, size, theme.INK, "bold").get_height() + \
            text.text(body, size, theme.INK, wrap=max(40, width)).get_height() + int(size * 0.4)
    return h


def _words_size(name: str, size: int, width: int, room: int, least: int = 11) -> int:
    """The text size, from `size` down to `least`, at which the words fit in `room`."""
    for _attempt in range(8):
        if _text_height(name, size, width) <= room or size <= least:
            break
        size -= 1
    return size


def _draw_words(surface, name: str, size: int, x: int, y: int, width: int, gap: int) -> None:
    """The ability, then `gap` lower the stronghold, each "Label: body"."""
    (ability, ability_text), (stronghold, stronghold_text) = _words(name)
    y = _labelled(surface, ability, ability_text, size, x, y, width) + gap
    _labelled(surface, stronghold, stronghold_text, size, x, y, width)


def _summary_rows(fd, u: _U, inner: int, vp: int | None):
    """A medium board's rows above its words, `inner` wide: the starting line and its type size,
    the building costs in one row, or two where one would need type smaller than 11 (narrow
    cards), with their type and piece sizes, and the height all of it takes under the band."""
    isz = u.f(20)
    line = start_tokens(fd, vp) + [("t", " ")] + cult_tokens(fd)
    while isz > 11 and icons.tokens_width(line, isz) > inner:
        isz -= 1

    def need(kinds, size: int, pw: int) -> int:
        return sum(pw + icons.tokens_width(icons.gains_tokens(fd.cost(b)), size) + u(4) for b in kinds)

    def fitted(kinds) -> tuple[int, int]:
        cs, piece = u.f(16), u(26)
        while cs > 11 and need(kinds, cs, piece) > inner:
            cs -= 1
            piece = max(12, int(piece * 0.94))
        return cs, piece

    rows = [BUILDINGS]
    cs, piece = fitted(BUILDINGS)
    if need(BUILDINGS, cs, piece) > inner:
        rows = [BUILDINGS[:3], BUILDINGS[3:]]
        cs, piece = min(fitted(row) for row in rows)
    height = u(8) + isz + u(10) + (u(32) if len(rows) == 1 else 2 * u(28) + u(6))
    return line, isz, rows, cs, piece, height


def summary_height(name: str, width: int, scale: float, vp: int | None = None, note: bool = False,
                   home_rows: int = 1) -> int:
    """The height a medium board `width` wide needs to show all its words at the smallest type
    size they take (11), with room for a `note` at its foot (`draw_summary`)."""
    u = _U(scale)
    pad = u(14)
    inner = width - 2 * pad
    rows_h = _summary_rows(faction(name), u, inner, vp)[-1]
    return (_band_height(name, width, u, None, home_rows) + rows_h + _text_height(name, 11, inner) + pad
            + (u(24) if note else 0))


def draw_summary(surface, rect, name: str, scale: float, vp: int | None = None, dim: bool = False,
                 glow: bool = False, note: str = "", home_rows: int = 1) -> None:
    """A medium board: header, start, building costs, ability and stronghold in words
    (`home_rows`: the lines its band holds for the terrain line at least, so that boards side by
    side start their rows level: the most `home_lines` any of them takes; `summary_height`: the
    height it needs)."""
    u = _U(scale)
    r, fd, top = _sheet(surface, rect, name, u, None, dim, glow, home_rows)
    pad = u(14)
    x0, inner = r.x + pad, r.width - 2 * pad
    line, isz, rows, cs, piece, rows_h = _summary_rows(fd, u, inner, vp)
    y = top + u(8)
    icons.draw_tokens(surface, line, (x0, y + isz // 2), isz)
    y += isz + u(10)
    for row in rows:
        x = x0
        for b in row:
            pieces.draw_piece(surface, b, fd.home,
                              (x + piece // 2, y + u(12) + piece * 0.25), piece, shadow=False)
            rr = icons.draw_tokens(surface, icons.gains_tokens(fd.cost(b)), (x + piece, y + u(12)), cs)
            x = rr.right + u(4)
        y += u(32) if len(rows) == 1 else u(28)
    y = top + rows_h
    bottom = r.bottom - pad - (u(24) if note else 0)
    # at 11 pixels where the card is as tall as that needs (`summary_height`), at 10 where a small
    # window keeps it shorter (five cards at 1024x600)
    size = _words_size(name, u.f(17), inner, bottom - y, least=10)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(r.x, y, r.width, max(0, bottom - y)).clip(clip) if clip else
                     pygame.Rect(r.x, y, r.width, max(0, bottom - y)))
    _draw_words(surface, name, size, x0, y, inner, u(4))
    surface.set_clip(clip)
    if note:
        text.blit(surface, note, u.f(18), theme.INK, (r.centerx, r.bottom - pad // 2), "midbottom", "bold",
                  max_width=inner)


def _two_lines(title: str, size: int, room: int, weight: str = "bold") -> list[str] | None:
    """`title` split at a space into two lines that each fit `room` at `size`, as even as they
    can be; None if no split fits."""
    words = title.split()
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    widths = [(max(text.width(a, size, weight), text.width(b, size, weight)), [a, b]) for a, b in splits]
    fitting = [(w, lines) for w, lines in widths if w <= room]
    return min(fitting)[1] if fitting else None


def draw_card(surface, rect, name: str, scale: float, status: str = "", enabled: bool = True,
              glow: bool = False, selected: bool = False) -> None:
    """A small card: emblem, name, terrain, stronghold piece and a status line."""
    u = _U(scale)
    r = pygame.Rect(rect)
    fd = faction(name)
    radius = u(10)
    bg = theme.PARCHMENT if enabled else (112, 110, 104)
    widgets.panel(surface, r, bg, radius=radius, edge=theme.ACCENT if selected else theme.INK_SOFT)
    colour = home_colour(fd.home)
    if not enabled:
        colour = tuple((c + 112) // 2 for c in colour)
    band = pygame.Rect(r.x, r.y, u(14), r.height)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_bottom_left_radius=radius)
    em = min(u(26), r.height // 4)
    draw_emblem(surface, fd.home, (r.x + u(14) + u(8) + em, r.y + u(10) + em), em)
    tx = r.x + u(14) + u(16) + 2 * em
    ink = theme.INK if enabled else (58, 56, 52)
    title, room = _(fd.display), r.right - tx - u(6)
    lines = _two_lines(title, u.f(19), room) if text.width(title, u.f(21), "bold") > room else None
    if lines:  # a long name (Spanish "Moradores de la oscuridad") on two lines rather than shrunk
        for k, line in enumerate(lines):
            text.blit(surface, line, u.f(19), ink, (tx, r.y + u(4) + k * u(22)), "topleft", "bold")
    else:
        text.blit(surface, title, u.f(21), ink, (tx, r.y + u(8)), "topleft", "bold", max_width=room)
    if fd.home in TERRAINS:
        home = describe.terrain(fd.home).capitalize()
    elif fd.home == "variable":
        home = _("Chooses a colour")
    else:
        home = _("{kind}, chooses a terrain").format(kind=describe.terrain(fd.home).capitalize())
    home_y, room = r.y + u(52 if lines else 40), r.right - tx - u(6)
    # "Ice, chooses a terrain" on two lines rather than shrunk (the second clear of the piece)
    piece_top = r.bottom - u(26) - int(u(40) * 0.7)  # (the stronghold stands on its centre point)
    wrapped = None
    if text.width(home, u.f(16)) > room and home_y + u(40) < r.bottom - u(28):
        wrapped = _two_lines(home, u.f(16), room - (u(44) if home_y + u(40) > piece_top else 0), "regular")
    for k, line in enumerate(wrapped or [home]):
        text.blit(surface, line, u.f(16), theme.INK_SOFT if enabled else ink, (tx, home_y + k * u(19)),
                  "topleft", max_width=room)
    if enabled:
        pieces.draw_piece(surface, "SH", fd.home,
                          (r.right - u(30), r.bottom - u(26)), u(40))
    if status:
        text.blit(surface, status, u.f(16), theme.INK if enabled else (40, 36, 32),
                  (r.x + u(24), r.bottom - u(8)), "bottomleft", "semibold", max_width=r.width - u(30) - (u(56) if enabled else 0))
    if not enabled:  # a diagonal stroke: visibly out of the draft
        pygame.draw.line(surface, (90, 86, 80), (r.x + u(16), r.bottom - u(4)), (r.right - u(4), r.y + u(4)), max(1, u(2)))
    if glow:
        pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(4, 4), 3, border_radius=radius)
