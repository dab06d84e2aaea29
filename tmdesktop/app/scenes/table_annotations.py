"""Rings and notes that an overlay puts on the map scene (a lesson's step, the computer's last
move, a hint): `annotate` names the targets as the scene's `hit` does, and the scene draws them
over the table, each note beside its first target (not under a dialog open above)."""

from __future__ import annotations

import pygame

from tmdesktop.i18n import Worded, shown

from .. import text, theme
from ..views import widgets
from .dialogs import Modal, suggested_tag


class TableAnnotations:
    """A part of `GameScene` (mixed into it): its `annotations` by the overlay's key, and where
    each target is on the screen."""

    def annotate(self, key: str, targets: list, note: str | Worded = "", colour=theme.HIGHLIGHT,
                 tagged: bool = False) -> None:
        """Ring `targets` (the tuples `hit` returns: ("hex", "C3"), ("button", "build"),
        ("power", "ACT2"), ("bonus", "BON4"), ("player", "witches"), ("cult", "WATER")..., and parts
        of a panel: ("bowls", "witches"), ("ship", ...), ("dig", ...)) with `note` beside the
        first (a `Worded` note follows a change of language); `key` names the overlay asking (a
        tutorial step, the computer's move banner). `tagged`: a ring on something that glows as a
        choice now (a bonus tile while the tiles are chosen, a power action) carries the pickers'
        "Suggested" tag, or it would look like the glow of every other choice."""
        self.annotations[key] = (list(targets), note)
        self.annotation_colours[key] = colour
        if tagged:
            self.annotation_tagged.add(key)
        else:
            self.annotation_tagged.discard(key)
        self.dirty = True

    def clear_annotations(self, key: str | None = None) -> None:
        if key is None:
            self.annotations.clear()
            self.annotation_colours.clear()
            self.annotation_tagged.clear()
        else:
            self.annotations.pop(key, None)
            self.annotation_colours.pop(key, None)
            self.annotation_tagged.discard(key)
        self.dirty = True

    def target_rect(self, target) -> pygame.Rect | None:
        """Where a target is on screen (None if it is not drawn)."""
        kind, key = target
        if kind == "hex" and key in self.map.centres:
            cx, cy = self.map.centres[key]
            r = self.map.size
            return pygame.Rect(int(cx - r * 0.87), int(cy - r), int(r * 1.74), int(r * 2))
        if kind in ("button", "disabled"):
            return next((b.rect for b in self.buttons + self.top_buttons if b.key == key), None)
        strips = {"round": self.supply.rounds, "town": self.supply.towns, "power": self.supply.powers,
                  "bonus": self.supply.bonuses, "favor": self.pools.strip}
        if kind in strips:
            card = strips[kind].cards.get(key)
            if card is None and kind == "bonus":  # a bonus tile taken: the chip in its holder's panel
                card = next((r for (_owner, name), r in self.players.chips.items() if name == key), None)
            return card
        if kind == "player":
            return self.players.panels.get(key)
        if kind == "held":
            return self.players.chips.get(key)
        if kind in ("bowl", "track", "income", "building"):
            owner, part = (key, "income") if kind == "income" else key
            part = {"bowl": f"bowl{part}", "building": f"building:{part}"}.get(kind, part)
            return self.players.parts.get((owner, part))
        if kind == "cult":
            return self.cults.columns.get(key)
        if kind == "spot":
            return self.cults.spots.get((key[0], key[2]))
        if kind == "final":
            return getattr(self, "final_chip", None)
        if kind in ("bowls", "ship", "dig"):  # a part of a player's panel (the three bowls together): key is the faction
            return self.players.parts.get((key, kind))
        return None

    def note_box(self, first: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where an annotation's note of `size` goes beside its first ringed target `first`."""
        s = self.lay.scale
        box = pygame.Rect((0, 0), size)
        # a part of a panel (a tile held, a track): the note stays over that panel, not over
        # the panel above it or the supply beside it
        panel = next((r for r in self.players.panels.values() if r.contains(first)), None)
        if first == panel or first in self.cults.columns.values():
            # a whole panel or a cult track: above or below, the note would cover the next
            # panel or the other tracks; it goes to their left, over the map's edge
            box.midright = (min(first.x, self.cults.rect.x) - int(8 * s), first.centery)
        else:
            box.midbottom = (first.centerx, first.y - int(8 * s))
            # below: no room above (the top row, off the status line), or the upper half of a panel
            if box.y < self.lay.map.y or (panel is not None and first.centery < panel.centery):
                box.midtop = (first.centerx, first.bottom + int(8 * s))
            if panel is not None and box.width <= panel.width:
                box.x = min(max(box.x, panel.x), panel.right - box.width)
        return box

    def dialog_rects(self) -> list[pygame.Rect]:
        """The boxes of the dialogs open above this scene: a note must not hide under them."""
        scenes = self.app.stack.scenes
        above = scenes[scenes.index(self) + 1:] if self in scenes else []
        return [pygame.Rect(d.rect) for d in above if isinstance(d, Modal) and d.rect.width]

    def _draw_annotations(self, surface) -> pygame.Rect | None:
        """The rings and notes overlays asked for; returns the box they cover."""
        s = self.lay.scale
        drawn = []
        self.note_boxes = []
        for key, (targets, note) in self.annotations.items():
            colour = self.annotation_colours.get(key, theme.HIGHLIGHT)
            placed = [(t, r) for t, r in ((t, self.target_rect(t)) for t in targets) if r is not None]
            rects = [r for _t, r in placed]
            for r in rects:
                ring = r.inflate(int(8 * s), int(8 * s))
                pygame.draw.rect(surface, colour, ring, max(2, int(4 * s)), border_radius=int(8 * s))
                drawn.append(ring)
            if key in self.annotation_tagged:
                glow = self.glowing()
                drawn += [suggested_tag(surface, r.inflate(int(8 * s), int(8 * s)), s) for t, r in placed
                          if t in glow or (t[0] == "held" and t[1] in glow)]  # (a held tile glows by its owner's key)
            note = shown(note)
            if note and rects:
                fs = max(12, int(17 * s))
                img = text.text(note, fs, theme.INK, "semibold", wrap=text.even_wrap(note, fs, int(360 * s), "semibold"))
                box = self.note_box(rects[0], img.get_rect().inflate(int(20 * s), int(14 * s)).size)
                box.clamp_ip(surface.get_rect())
                if box.collidelist(self.dialog_rects()) != -1:
                    # half hidden it reads as a mistake, and moved beside the dialog it covered the
                    # panel of the player asked: the ring stays, the note waits for the dialog to close
                    continue
                self.note_boxes.append(box)
                if box.collidepoint(self.mouse):
                    continue  # the pointer is in it: what it covers (the player's own pieces) shows
                widgets.panel(surface, box, colour, radius=int(8 * s), edge=theme.INK_SOFT)
                surface.blit(img, img.get_rect(center=box.center))
                drawn.append(box)
        return drawn[0].unionall(drawn[1:]) if drawn else None

