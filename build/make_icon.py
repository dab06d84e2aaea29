"""Draw the app icon from the piece art: build/icon.png, build/icon.ico (Windows), build/icon.icns (macOS).

Run from the repository root: `python build/make_icon.py`.  The outputs are committed, so a build
never needs this script (nor Pillow: the .ico and .icns containers are written here by hand,
each image stored as PNG, which both formats accept).

The picture: a blue river hex on a dark table tile, a red stronghold standing on it.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402  (pygame-ce)

from tmdesktop.app import pieces, theme  # noqa: E402

HERE = Path(__file__).resolve().parent
MASTER = 1024  # drawn once at this size, then scaled down
SS = 2  # extra supersampling for the shapes


def _hex(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 90)), cy + r * math.sin(math.radians(60 * i - 90)))
            for i in range(6)]


def draw_master() -> pygame.Surface:
    n = MASTER * SS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    # Tile: rounded square in the table colour with a lighter inner edge.
    pad = int(n * 0.04)
    tile = pygame.Rect(pad, pad, n - 2 * pad, n - 2 * pad)
    pygame.draw.rect(big, (*theme.PANEL_EDGE, 255), tile, border_radius=int(n * 0.2))
    pygame.draw.rect(big, (*theme.TABLE, 255), tile.inflate(-n * 0.03, -n * 0.03), border_radius=int(n * 0.19))
    # A terrain hex (plains, brown) with a darker rim.
    cx, cy, r = n / 2, n * 0.52, n * 0.40
    pygame.draw.polygon(big, (*theme.PARCHMENT_DARK, 255), _hex(cx, cy, r))
    pygame.draw.polygon(big, (*theme.terrain_colour("green"), 255), _hex(cx, cy, r * 0.93))
    img = pygame.transform.smoothscale(big, (MASTER, MASTER))
    # The stronghold, from the same grey art the game tints, in the red factions' colour.
    piece = pieces.sprite("SH", theme.piece_colour("red"), int(MASTER * 0.56))
    w, h = piece.get_size()
    shadow = pygame.Surface((int(w * 0.66), int(w * 0.17)), pygame.SRCALPHA)
    for k in range(8, 0, -1):
        rr = shadow.get_rect().scale_by(k / 8)
        pygame.draw.ellipse(shadow, (0, 0, 0, 30), rr)
    base_y = MASTER * 0.52 + h * 0.30
    img.blit(shadow, shadow.get_rect(center=(MASTER / 2 + w * 0.04, base_y)))
    img.blit(piece, piece.get_rect(midbottom=(MASTER / 2, base_y + h * 0.06)))
    return img


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    img = master
    while img.get_width() // 2 >= size:  # halve step by step: sharper small icons
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    return pygame.transform.smoothscale(img, (size, size)) if img.get_width() != size else img


def write_ico(master: pygame.Surface, path: Path, sizes=(16, 24, 32, 48, 64, 128, 256)) -> None:
    images = [png_bytes(scaled(master, s)) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in zip(sizes, images):
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    path.write_bytes(header + entries + blobs)


def write_icns(master: pygame.Surface, path: Path) -> None:
    kinds = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
             ("ic11", 32), ("ic12", 64), ("ic13", 256))
    chunks = b""
    for kind, size in kinds:
        data = png_bytes(scaled(master, size))
        chunks += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)


def main() -> int:
    pygame.display.init()
    master = draw_master()
    pygame.image.save(scaled(master, 256), str(HERE / "icon.png"))
    write_ico(master, HERE / "icon.ico")
    write_icns(master, HERE / "icon.icns")
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"{HERE / name}: {(HERE / name).stat().st_size} bytes")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
