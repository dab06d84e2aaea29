"""The packaging helpers under build/: the smoke test's PNG checks, the version, the icon files.

The frozen build itself is exercised by `make package` (and `.ci/run`), not here: it takes minutes.
"""

from __future__ import annotations

import importlib.util
import random
import struct
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"tm_build_{name}", BUILD / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BUILD))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BUILD))
    return module


smoke = _load("smoke_test")


def _noisy_surface(w: int, h: int, alpha: bool) -> pygame.Surface:
    rng = random.Random(5)
    surf = pygame.Surface((w, h), pygame.SRCALPHA if alpha else 0)
    surf.fill((40, 60, 50))
    for _ in range(300):  # shapes and gradients, so the encoder uses every PNG filter type
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255)
        pygame.draw.circle(surf, colour, (rng.randrange(w), rng.randrange(h)), rng.randrange(2, 20))
    for x in range(w):
        pygame.draw.line(surf, (x % 256, 255 - x % 256, 128, 255), (x, 0), (x, 8))
    return surf


@pytest.mark.parametrize("alpha", [False, True])
def test_png_decoder_matches_pygame(tmp_path, alpha):
    surf = _noisy_surface(160, 90, alpha)
    path = tmp_path / "x.png"
    pygame.image.save(surf, str(path))
    width, height, rows = smoke.decode_png(path.read_bytes())
    assert (width, height) == (160, 90)
    assert b"".join(rows) == pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def test_picture_check_accepts_a_busy_picture_and_rejects_trivial_ones(tmp_path):
    busy = tmp_path / "busy.png"
    pygame.image.save(_noisy_surface(320, 180, False), str(busy))
    smoke.check_picture(busy, (320, 180))
    with pytest.raises(AssertionError, match="expected"):
        smoke.check_picture(busy, (640, 360))
    flat = pygame.Surface((320, 180))
    flat.fill((38, 44, 40))
    pygame.image.save(flat, str(tmp_path / "flat.png"))
    with pytest.raises(AssertionError, match="trivial"):
        smoke.check_picture(tmp_path / "flat.png", (320, 180))
    with pytest.raises(AssertionError, match="no screenshot"):
        smoke.check_picture(tmp_path / "missing.png", (320, 180))
    (tmp_path / "text.png").write_text("not a picture")
    with pytest.raises(ValueError, match="not a PNG"):
        smoke.check_picture(tmp_path / "text.png", (320, 180))


def test_version_and_artifact_names_come_from_pyproject():
    package = _load("package")
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert package.version() == tomllib.load(f)["project"]["version"]
    system, arch = package.platform_tag().split("-")
    assert system in ("linux", "windows", "macos") and arch


def test_the_data_the_spec_bundles_exists():
    fonts = list((ROOT / "assets" / "fonts").glob("*.[ot]tf"))
    assert fonts and list((ROOT / "assets" / "fonts").glob("LICENSE*"))
    assert list((ROOT / "assets" / "pieces").glob("*.png"))
    assert (ROOT / "tmdesktop" / "rules" / "data" / "game_data.json").is_file()
    assert list((ROOT / "tmdesktop" / "rules" / "data" / "maps").glob("*.json"))
    spec = (BUILD / "tmdesktop.spec").read_text("utf-8")
    for needle in ('"assets"', '"tmdesktop/rules/data"', '"tmdesktop/locale"', "icon.ico", "icon.icns"):
        assert needle in spec


def test_icons_are_well_formed():
    data = (BUILD / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    for i in range(count):
        _w, _h, _c, _r, _planes, _bits, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(data)
    icns = (BUILD / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert pygame.image.load(str(BUILD / "icon.png")).get_size() == (256, 256)
