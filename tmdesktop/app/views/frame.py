"""A screen drawn as parts, drawn again only where a part changed.

A scene lists its parts in drawing order, each with the region it paints and a key of what it
shows.  The first frame draws them all; after that, on a surface that still holds the last frame,
only the regions whose key changed are filled and drawn again, with every part reaching into them
drawn there too (clipped, in the same order), so the pixels are those of a whole frame.  On top
of the parts one overlay (tooltips, notes, messages) is drawn; it is drawn again when its key
changes or a part under it is redrawn.  The changed rectangles are what the window has to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

#: Pixels around an overlay's box that its drawing may reach (drop shadows).
OVERLAY_MARGIN = 6


@dataclass
class Part:
    name: str
    region: pygame.Rect  # everything the part draws lies inside
    key: object  # equal keys: the same pixels
    draw: Callable[[pygame.Surface], None]
    #: Given the key drawn before, where the part changed (None: its whole region); for a part
    #: as large as the map, which knows the few places a move changed.
    damage: Callable[[object], list[pygame.Rect] | None] | None = None
    #: It paints every pixel of its region: a rectangle inside it needs no background first.
    opaque: bool = False


class PartFrame:
    def __init__(self, background):
        self.background = background
        self.shown: dict[str, tuple[pygame.Rect, object]] | None = None  # name -> (region, key) on screen
        self.overlay: tuple[object, pygame.Rect | None] = (None, None)  # (key, box) on screen
        self.size: tuple[int, int] | None = None  # of the surface they were drawn on

    def forget(self) -> None:
        """The screen no longer holds what was drawn (the next frame is drawn whole)."""
        self.shown = None

    def draw(self, surface: pygame.Surface, parts: list[Part], overlay_key,
             draw_overlay: Callable[[pygame.Surface], pygame.Rect | None]) -> None:
        """The whole frame."""
        surface.fill(self.background)
        for part in parts:
            part.draw(surface)
        self.size = surface.get_size()
        self._remember(parts, overlay_key, _grown(draw_overlay(surface), surface))

    def redraw(self, surface: pygame.Surface, parts: list[Part], overlay_key,
               draw_overlay: Callable[[pygame.Surface], pygame.Rect | None]) -> list[pygame.Rect] | None:
        """Draw what changed since the last frame on `surface`, which still shows it; returns the
        rectangles changed, or None if the frame has to be drawn whole.  (The surface may be another
        than the last one, holding a copy of its picture: a dialog's app keeps one.)"""
        if self.shown is None or surface.get_size() != self.size:
            return None
        damage: list[pygame.Rect] = []
        for part in parts:
            before = self.shown.get(part.name)
            if before is None or before[0] != part.region:
                damage += [part.region] + ([before[0]] if before else [])
            elif before[1] != part.key:
                finer = part.damage(before[1]) if part.damage else None
                damage += [part.region] if finer is None else finer
        names = {part.name for part in parts}
        damage += [region for name, (region, _key) in self.shown.items() if name not in names]
        old_key, old_box = self.overlay
        again = old_key != overlay_key or (old_box is not None and old_box.collidelistall(damage) != [])
        if again and old_box is not None:
            damage.append(old_box)
        screen = surface.get_rect()
        damage = [d for d in (pygame.Rect(r).clip(screen) for r in damage) if d.width and d.height]
        clip = surface.get_clip()
        regions = [part.region for part in parts]
        for area in damage:
            surface.set_clip(area)
            reaching = [parts[k] for k in area.collidelistall(regions)]  # in drawing order
            if not any(part.opaque and part.region.contains(area) for part in reaching):
                surface.fill(self.background, area)
            for part in reaching:
                part.draw(surface)
        surface.set_clip(clip)
        box = old_box
        if again:
            box = _grown(draw_overlay(surface), surface)
            if box is not None:
                damage.append(box)
        self._remember(parts, overlay_key, box)
        return damage

    def _remember(self, parts, overlay_key, box: pygame.Rect | None) -> None:
        self.shown = {part.name: (pygame.Rect(part.region), part.key) for part in parts}
        self.overlay = (overlay_key, box)


def _grown(box: pygame.Rect | None, surface: pygame.Surface) -> pygame.Rect | None:
    """An overlay's box with the margin its shadows may reach, on the surface."""
    if box is None:
        return None
    return box.inflate(2 * OVERLAY_MARGIN, 2 * OVERLAY_MARGIN).clip(surface.get_rect())
