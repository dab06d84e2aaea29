"""Generate the wooden-piece sprites in assets/pieces/ (run: python tools/make_pieces.py).

Every piece is drawn once, in grey, and tinted in each faction's colour by the app.  Three
layers per piece, all RGBA PNGs of the same size, anchored at the bottom centre:

- `<kind>_body.png`: the shaded wood (grey level = light), tinted by multiplication;
- `<kind>_ink.png`: creases between faces and a faint grain, drawn dark over the tint;
- `<kind>_rim.png`: the outline, drawn dark on light pieces and light on dark ones.

Shapes (a three-quarter view, light from the upper left): dwelling = a house; trading house = a
house with a lower annex; temple = a round tower with a dome; stronghold = a big hall with
two wings; sanctuary = two domed towers side by side; priest = a pawn.
"""

from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (pygame-ce)

OUT = Path(__file__).resolve().parents[1] / "assets" / "pieces"
UNIT = 100  # shapes are written on a 100 x 100 grid
SS = 8  # supersampling factor while drawing
SIZE = 200  # output size in pixels


def P(points):
    return [(x * SS, y * SS) for x, y in points]


class Sketch:
    """Collects the shaded faces of one piece, then renders its three layers."""

    def __init__(self):
        n = UNIT * SS
        self.body = pygame.Surface((n, n), pygame.SRCALPHA)
        self.ink = pygame.Surface((n, n), pygame.SRCALPHA)
        self.mask_surf = pygame.Surface((n, n), pygame.SRCALPHA)

    def face(self, points, shade: int, crease: bool = True):
        pts = P(points)
        pygame.draw.polygon(self.ink, (0, 0, 0, 0), pts)  # a nearer face hides creases behind it
        pygame.draw.polygon(self.body, (shade, shade, shade, 255), pts)
        pygame.draw.polygon(self.mask_surf, (255, 255, 255, 255), pts)
        if crease:
            pygame.draw.lines(self.ink, (0, 0, 0, 120), True, pts, max(2, SS // 2))

    def cylinder(self, cx, top, bottom, r, dome: float, base_shade=200):
        """A round tower: vertical body lit from the left, an ellipse floor, a dome on top."""
        ry = r * 0.35
        for i in range(int(2 * r * SS)):
            x = cx * SS - r * SS + i
            t = (i / (2 * r * SS)) * 2 - 1  # -1 .. 1 across
            light = 0.55 + 0.45 * math.cos((t + 0.45) * math.pi / 1.6)
            shade = max(60, min(250, int(base_shade * light + 30)))
            h = math.sqrt(max(0.0, 1 - t * t))
            y0 = (top) * SS - h * ry * SS
            y1 = (bottom) * SS + h * ry * SS
            pygame.draw.line(self.ink, (0, 0, 0, 0), (x, y0), (x, y1))
            pygame.draw.line(self.body, (shade, shade, shade, 255), (x, y0), (x, y1))
            pygame.draw.line(self.mask_surf, (255, 255, 255, 255), (x, y0), (x, y1))
        # the dome: a half ellipse over the top, shaded in rings
        steps = 40
        for k in range(steps, 0, -1):
            f = k / steps
            w = r * f
            h = dome * f
            off = (1 - f) * r * 0.35  # the lit spot sits to the upper left
            shade = int(150 + 100 * (1 - f))
            rect = pygame.Rect(0, 0, int(2 * w * SS), int(2 * h * SS))
            rect.center = (int((cx - off) * SS), int((top - (1 - f) * dome * 0.25) * SS))
            pygame.draw.ellipse(self.ink, (0, 0, 0, 0), rect)
            pygame.draw.ellipse(self.body, (shade, shade, shade, 255), rect)
            pygame.draw.ellipse(self.mask_surf, (255, 255, 255, 255), rect)
        rim = pygame.Rect(0, 0, int(2 * r * SS), int(2 * ry * SS))
        rim.center = (int(cx * SS), int(top * SS))
        pygame.draw.arc(self.ink, (0, 0, 0, 110), rim, math.pi, 2 * math.pi, max(2, SS // 2))

    def grain(self, rng: random.Random):
        """Faint lengthwise grain, only where there is wood."""
        n = UNIT * SS
        grain = pygame.Surface((n, n), pygame.SRCALPHA)
        for _ in range(70):
            y = rng.uniform(0, n)
            amp = rng.uniform(2, 10) * SS / 4
            freq = rng.uniform(0.004, 0.012)
            phase = rng.uniform(0, 6.28)
            alpha = rng.randint(12, 30)
            pts = [(x, y + amp * math.sin(freq * x + phase)) for x in range(0, n + 8, 8)]
            pygame.draw.lines(grain, (0, 0, 0, alpha), False, pts, max(1, SS // 3))
        mask = pygame.mask.from_surface(self.mask_surf)
        keep = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        grain.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        self.ink.blit(grain, (0, 0))

    def rim(self) -> pygame.Surface:
        """An outline a few pixels wide around the whole silhouette."""
        mask = pygame.mask.from_surface(self.mask_surf)
        n = UNIT * SS
        out = pygame.Surface((n, n), pygame.SRCALPHA)
        solid = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
        radius = int(2.2 * SS)
        for a in range(0, 360, 15):
            dx = round(radius * math.cos(math.radians(a)))
            dy = round(radius * math.sin(math.radians(a)))
            out.blit(solid, (dx, dy))
        hole = mask.to_surface(setcolor=(0, 0, 0, 0), unsetcolor=(255, 255, 255, 255))
        out.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return out

    def save(self, kind: str) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        for name, surf in (("body", self.body), ("ink", self.ink), ("rim", self.rim())):
            small = pygame.transform.smoothscale(surf, (SIZE, SIZE))
            pygame.image.save(small, str(OUT / f"{kind}_{name}.png"))


def house(s: Sketch, x0, x1, base, wall_h, depth, roof_h, rise=8, front=222, side=148, roof=190):
    """A gabled house: the gable end faces the viewer, the long side runs back to the right."""
    mid = (x0 + x1) / 2
    top = base - wall_h
    dx, dy = depth, -rise
    s.face([(x1, base), (x1, top), (x1 + dx, top + dy), (x1 + dx, base + dy)], side)
    s.face([(mid, top - roof_h), (x1, top), (x1 + dx, top + dy), (mid + dx, top - roof_h + dy)], roof)
    s.face([(x0, base), (x0, top), (mid, top - roof_h), (x1, top), (x1, base)], front)


def dwelling(s: Sketch):
    house(s, 24, 52, 90, 30, 24, 20)


def trading_house(s: Sketch):
    # the annex: a lean-to on the left, lower than the house
    s.face([(8, 90), (8, 62), (30, 54), (30, 90)], 200)
    s.face([(8, 62), (30, 54), (38, 46), (16, 54)], 176)
    house(s, 30, 58, 90, 36, 24, 22)


def temple(s: Sketch):
    s.cylinder(50, 52, 86, 22, dome=20, base_shade=205)


def stronghold(s: Sketch):
    # two low wings, then the tall hall between them
    house(s, 4, 26, 94, 26, 14, 12, rise=5, front=206)
    house(s, 70, 90, 90, 24, 8, 10, rise=4, front=200)
    house(s, 24, 70, 94, 44, 20, 28, rise=8, front=226)


def sanctuary(s: Sketch):
    s.cylinder(64, 52, 84, 20, dome=18, base_shade=190)
    s.cylinder(36, 56, 90, 21, dome=19, base_shade=210)


def priest(s: Sketch):
    s.face([(30, 92), (42, 44), (58, 44), (70, 92)], 205)
    s.face([(50, 44), (58, 44), (70, 92), (54, 92)], 160, crease=False)
    s.cylinder(50, 34, 40, 12, dome=12, base_shade=215)


PIECES = {
    "dwelling": dwelling, "trading_house": trading_house, "temple": temple,
    "stronghold": stronghold, "sanctuary": sanctuary, "priest": priest,
}


def main() -> int:
    pygame.init()
    rng = random.Random(20240)
    for kind, draw in PIECES.items():
        s = Sketch()
        draw(s)
        s.grain(rng)
        s.save(kind)
        print("wrote", OUT / f"{kind}_*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
