"""The map scene's top bar: the phase, whose decision it is and what it is, the Fire & Ice final
scoring tile, and the turn order (passed players dimmed and struck through)."""

from __future__ import annotations

import pygame

from tmdesktop.i18n import _

from .. import describe, text, theme, tile_texts
from ..pieces import piece_terrain


def draw(surface, game, rect: pygame.Rect, scale: float, phase: str, status: str, faction: str | None,
         right: int) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """The bar in `rect`, its right part ending at `right` (the top buttons start there); returns
    where the final tile's chip and the turn-order pills were drawn (their hover says more)."""
    s = scale
    st = game.state
    pygame.draw.rect(surface, (28, 32, 30), rect)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    fs = max(12, int(19 * s))
    x = int(14 * s)
    r = text.blit(surface, phase, int(fs * 1.1), theme.ACCENT, (x, rect.centery), "midleft",
                  "title")
    x = r.right + int(18 * s)
    me = faction
    if me:
        colour = theme.piece_colour(piece_terrain(st.players[me]))
        pygame.draw.circle(surface, colour, (x + int(8 * s), rect.centery), int(8 * s))
        pygame.draw.circle(surface, (240, 240, 230), (x + int(8 * s), rect.centery), int(8 * s), 1)
        x += int(24 * s)
    # the turn order, measured first: one type size for every pill, the largest at which they
    # share at most half the bar's room (a long name, "Moradores de la oscuridad", takes the
    # room the short ones leave; none is shrunk alone)
    order = st.order or st.seats
    order_label, label_size = _("Order:"), max(10, int(15 * s))
    label_w, pad, gap = text.width(order_label, label_size) + int(8 * s), int(12 * s), int(4 * s)  # "Ordine:" whole
    room = right - x - int(20 * s)
    budget = min(int(560 * s), room // 2) - label_w
    labels = [describe.faction(game, name) for name in order]
    fsz = max(10, int(15 * s))
    while fsz > 10 and sum(text.width(label, fsz, "semibold") + max(pad, int(text.font(fsz, "semibold").get_height()
                                                                              * 1.3)) + gap
                           for label in labels) > budget:
        fsz -= 1
    pills = [(st.players[name], text.text(label, fsz, theme.TEXT if not st.players[name].passed else theme.TEXT_DIM,
                                          "semibold"))
             for name, label in zip(order, labels)]
    # a pill's ends are round: the name keeps clear of them (about its height in all)
    pads = [max(pad, int(img.get_height() * 1.3)) for _p, img in pills]
    order_w = label_w + sum(img.get_width() + pp + gap for (_p, img), pp in zip(pills, pads)) + int(8 * s)
    reserved = 0  # room the final tile's chip takes from the status line
    final_chip = None
    final = game.setup.final_scoring
    if final:  # the Fire & Ice final scoring tile, all game long (hover: what it scores, who leads)
        label = _(tile_texts.FINAL_TILES.get(final, (final, ""))[0])
        fsz = max(10, int(14 * s))
        img = text.text(label, fsz, theme.INK, "semibold")
        chip = img.get_rect(midright=(right - order_w - int(16 * s), rect.centery))
        chip = chip.inflate(int(16 * s), int(8 * s))
        pygame.draw.rect(surface, theme.PARCHMENT, chip, border_radius=int(6 * s))
        pygame.draw.rect(surface, theme.ACCENT, chip, 2, border_radius=int(6 * s))
        surface.blit(img, img.get_rect(center=chip.center))
        final_chip = chip
        reserved = chip.width + int(24 * s)
    status_w = right - order_w - reserved - x - int(20 * s)
    text.blit(surface, status, fs, theme.TEXT, (x, rect.centery), "midleft", "semibold",
              max_width=status_w)
    # turn order, passed players dimmed
    ox = right - order_w
    text.blit(surface, order_label, label_size, theme.TEXT_DIM, (ox, rect.centery), "midleft")
    ox += label_w
    order_boxes = []  # where the turn-order pills were drawn
    for (p, img), pp in zip(pills, pads):
        box = img.get_rect(midleft=(ox + pp // 2, rect.centery)).inflate(pp, int(6 * s))
        order_boxes.append(box)
        col = theme.piece_colour(piece_terrain(p))
        pygame.draw.rect(surface, (48, 54, 50), box, border_radius=box.height // 2)
        if theme.is_dark(col) and not p.passed:  # the black factions: a light ring around the black one
            pygame.draw.rect(surface, theme.edge_on_dark(col), box.inflate(4, 4), 1, border_radius=box.height // 2 + 2)
        pygame.draw.rect(surface, col if not p.passed else (90, 90, 90), box, 2, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))
        if p.passed and st.phase == "play":
            pygame.draw.line(surface, theme.TEXT_DIM, (box.x + 4, box.centery), (box.right - 4, box.centery), 1)
        ox = box.right + gap
    return final_chip, order_boxes
