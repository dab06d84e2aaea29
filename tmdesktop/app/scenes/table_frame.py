"""The map scene's screen as parts (see `views.frame`): the map, the cult board, the favor tiles,
the supply, the player panels, the status bar and each button, with keys of what they show, and
the overlay (notes an overlay asked for, the tooltip or rule card, the message) drawn over them.

A hover then redraws the outline it leaves and the one it reaches, a move the boxes of the map it
changed and the panels and buttons whose key changed, instead of the whole screen.
"""

from __future__ import annotations

import dataclasses

import pygame

from tmdesktop.i18n import language, shown
from tmdesktop.rules import actions as A

from ..pieces import piece_terrain
from ..views.frame import Part


def parts(scene) -> list[Part]:
    """The parts in drawing order; reads what a whole frame reads, nothing more."""
    L = scene.lay
    st = scene.game.state
    scene.button_states()
    homes = {n: piece_terrain(p) for n, p in st.players.items()}
    me = scene.decider()
    glow = scene.glowing()
    hover = scene.hover
    hover_hex = hover[1] if hover and hover[0] == "hex" else None
    hover_bridge = hover[1] if hover and hover[0] == "bridge" else None
    highlights = scene.highlights()
    slots = scene._bridge_slots()
    acts = scene.legal()
    cult_glow = {a.cult for a in acts if isinstance(a, A.CultStep)}
    spot_glow = set()
    for a in scene.priest_options(acts):
        if a.spot in (2, 3):
            spot_glow.add((a.cult, scene.game.order_space(a.cult, a.spot)))
    board = scene.map
    outline = board.outline_area(hover_hex, highlights, st, slots)
    layers = board.layers_key(st, homes, tuple(highlights), tuple(slots), hover_bridge)
    map_key = (layers, (tuple(outline) if outline else None, hover_hex, hover_hex in highlights))

    def map_damage(before) -> list[pygame.Rect] | None:
        boxes = board.prepare(st, homes, highlights, slots, hover_bridge, layers)
        if boxes is not None and before[1] != map_key[1]:
            boxes += [pygame.Rect(area) for area in (before[1][0], map_key[1][0]) if area]
        return boxes

    colour_blind = board.colour_blind
    out = [
        Part("map", pygame.Rect(board.board_rect), map_key,
             lambda s: board.draw(s, st, homes, highlights, hover_hex, slots, hover_bridge, layers), map_damage,
             opaque=True),
        Part("cults", scene.cults.rect.inflate(8, 8),
             scene.cults.key(st, homes, cult_glow, spot_glow, colour_blind),
             lambda s: scene.cults.draw(s, st, homes, cult_glow, spot_glow, colour_blind=colour_blind)),
        Part("pools", scene.pools.rect.inflate(8, 8), scene.pools.key(st, glow),
             lambda s: scene.pools.draw(s, st, glow)),
    ]
    supply = scene.supply
    for name, strip in supply.strips().items():  # one part each: a glow on a bonus tile redraws the bonus tiles
        out.append(Part(f"supply:{name}", strip.rect.inflate(12, 12), supply.key(st, name, glow),
                        lambda s, name=name: supply.draw_strip(s, st, name, glow)))
    panels = scene.players
    panels.computers = scene.session.computers  # (a seat left by a person may become the computer's)
    keys = panels.keys(scene.game, me, glow)
    for name, r in panels.panels.items():  # one part each: a move redraws the panels it changed
        key = keys[name]
        out.append(Part(f"player:{name}", r.inflate(8, 8), key,
                        lambda s, name=name, key=key: panels.draw_panel(s, scene.game, name, me, glow, key=key)))
    out.append(Part("top", pygame.Rect(L.top), _top_key(scene, homes, scene.status_faction()), scene._draw_top))
    size, small = max(11, int(17 * L.scale)), max(10, int(14 * L.scale))
    under = [part.region for part in out]
    for b in scene.buttons + scene.top_buttons:
        fs = size if b in scene.buttons else small
        lit = hover == ("button", b.key)
        key = (b.label, b.hint, tuple(b.rect), b.enabled, b.active, b.primary, lit, fs, language())
        region = b.rect.union(b.rect.move(0, 2))
        if region.collidelist(under) == -1:  # on the table's colour alone: its picture is kept
            out.append(Part(f"button:{b.key}", region, key,
                            lambda s, b=b, fs=fs, lit=lit, key=key, region=region: _blit_button(
                                s, b, region, fs, lit, key, scene.frame),
                            opaque=True))
        else:
            out.append(Part(f"button:{b.key}", region, key, lambda s, b=b, fs=fs, lit=lit: b.draw(s, fs, hover=lit)))
        under.append(region)
    return out


_buttons: dict[tuple, pygame.Surface] = {}  # (button key, background) -> its picture on the table's colour


def _blit_button(surface: pygame.Surface, b, region: pygame.Rect, fs: int, lit: bool, key: tuple, frame) -> None:
    """A button over nothing but the table's colour (`region`: the button and its shadow), from a
    picture kept per look (a button toggles between a few: enabled, disabled, lit, active), drawn
    as `Button.draw` draws it there."""
    image = _buttons.get((key, frame.background))
    if image is None:
        image = pygame.Surface(region.size)
        image = image.convert() if pygame.display.get_surface() else image
        image.fill(frame.background)
        dataclasses.replace(b, rect=b.rect.move(-region.x, -region.y)).draw(image, fs, hover=lit)
        if len(_buttons) > 400:
            _buttons.clear()
        _buttons[(key, frame.background)] = image
    surface.blit(image, region)


def _top_key(scene, homes, me) -> tuple:
    """What the status bar shows: phase, status, whose turn, the turn order, the final tile."""
    st = scene.game.state
    order = st.order or st.seats
    return (tuple(scene.lay.top), scene._phase_text(), scene._status_text(), me, homes.get(me), st.phase,
            tuple((n, st.players[n].passed, homes[n]) for n in order), scene.game.setup.final_scoring,
            scene.top_buttons[0].rect.x, language())


def overlay_key(scene) -> tuple:
    """What the overlay shows: the notes and their targets' places, the tooltip or rule card of
    the thing under the pointer (as the game stands), the message and its fading."""
    notes = tuple((key, scene.annotation_colours.get(key), key in scene.annotation_tagged, tuple(targets), shown(note),
                   tuple(tuple(r) for r in map(scene.target_rect, targets) if r))
                  for key, (targets, note) in scene.annotations.items())
    tip = (scene.hover, scene.tip_hidden, scene.mouse if scene.hover else None, scene.cards.rested(),
           scene.cards.enabled(), scene.app.stack.input_top() is scene, scene.session.version,
           len(scene.game.log), scene.decider(), scene.holder)
    toast = None
    if scene.shown_toast():
        msg, left, _pos = scene.toast
        toast = (msg, int(255 * min(1.0, left / 0.6)))
    pointed = tuple(b.collidepoint(scene.mouse) for b in scene.note_boxes)  # a note under the pointer gives way
    return notes, tip, toast, scene.lay.size, language(), tuple(map(tuple, scene.dialog_rects())) if notes else (), pointed
