"""Smoke test for the frozen app: run it headless with `--demo 50 --screenshot FILE` and check the PNG.

    python build/smoke_test.py EXE [EXE ...] [--compare-source] [--time N]

A frozen build that misses a data file (fonts, piece art, rules JSON, translations) fails at
start-up or renders wrongly; this catches both.  Checks, for each EXE:

- it exits with status 0 within the time limit;
- FILE is a PNG of exactly the requested size (1280x720), decoded here with the standard library
  only, so the check does not depend on the library that wrote it;
- the picture is not trivial (many distinct colours, no single colour covering most of it);
- when the source tree has a Spanish catalogue, the same run with `--lang es` gives a different
  picture (the translations were bundled);
- with --compare-source, it is the same picture as `python -m tmdesktop` renders from source
  with the same arguments (run with this interpreter, which must be able to import tmdesktop).

--time N also measures start-to-first-frame: the median wall time of N runs of
`--demo 0 --screenshot` for each EXE and for the source, and prints the ratio.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)
DEMO_ARGS = ["--demo", "50", "--seed", "20240601", "--players", "4", "--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en"]
#: Pages the menus open by name through the scene registry (each must draw in the frozen app).
MENU_SCENES = ("title", "setup", "first_game", "tutorial", "load", "settings", "replays", "rules")
#: A translated language whose catalogue ships in the source tree: its picture must differ from English.
OTHER_LANG = "es"
TIMEOUT = 300  # seconds; a first onefile start on Windows can be slow (antivirus scan of the unpack)


_user_dirs: list[str] = []


def user_dirs() -> str:
    if not _user_dirs:
        _user_dirs.append(tempfile.mkdtemp(prefix="tm-smoke-home-"))
        atexit.register(shutil.rmtree, _user_dirs[0], True)
    return _user_dirs[0]


def headless_env() -> dict[str, str]:
    """Dummy SDL drivers; on Linux and macOS, fresh per-user folders (the app still finds them
    through platformdirs), so a developer's own settings cannot change the pictures."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for var in ("TMDESKTOP_CONFIG_DIR", "TMDESKTOP_DATA_DIR"):
        env.pop(var, None)
    if sys.platform.startswith("linux"):
        for var in ("CONFIG", "DATA", "STATE", "CACHE"):
            env[f"XDG_{var}_HOME"] = str(Path(user_dirs()) / var.lower())
    elif sys.platform == "darwin":
        env["HOME"] = user_dirs()
    return env


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file (bad signature)")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if ihdr is None or not idat:
        raise ValueError("PNG without IHDR or IDAT")
    width, height, depth, colour, _comp, _filt, interlace = ihdr
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unexpected PNG format: depth {depth}, colour type {colour}, interlace {interlace}")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif ftype != 0:
            raise ValueError(f"bad PNG filter type {ftype} in row {y}")
        # keep RGB only
        rows.append(bytes(line) if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        prev = line
    return width, height, rows


def check_picture(path: Path, size=SIZE) -> str:
    """Raise AssertionError unless `path` is a non-trivial PNG of `size`; return a one-line summary."""
    if not path.is_file() or path.stat().st_size == 0:
        raise AssertionError(f"{path}: no screenshot written")
    width, height, rows = decode_png(path.read_bytes())
    if (width, height) != tuple(size):
        raise AssertionError(f"{path}: {width}x{height}, expected {size[0]}x{size[1]}")
    colours = Counter()
    for row in rows[::4]:
        for x in range(0, len(row), 12):  # every 4th pixel of every 4th row
            colours[row[x:x + 3]] += 1
    total = sum(colours.values())
    top_share = colours.most_common(1)[0][1] / total
    if len(colours) < 200 or top_share > 0.6:
        raise AssertionError(f"{path}: trivial picture ({len(colours)} colours, most common covers {top_share:.0%})")
    return f"{width}x{height} PNG, {len(colours)} distinct colours sampled, most common {top_share:.0%}"


def run_app(cmd: list[str], shot: Path, extra: list[str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd + extra + ["--screenshot", str(shot)], env=headless_env(), capture_output=True,
                          text=True, timeout=TIMEOUT, cwd=tempfile.gettempdir())
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} exited with {proc.returncode}\n--- stdout\n{proc.stdout}\n"
                             f"--- stderr\n{proc.stderr}")
    return elapsed


def source_cmd() -> list[str]:
    return [sys.executable, "-m", "tmdesktop"]


def smoke(exe: Path, compare_source: bool = False) -> None:
    exe = Path(exe).resolve()
    with tempfile.TemporaryDirectory(prefix="tm-smoke-") as tmp:
        shot = Path(tmp) / "frozen.png"
        elapsed = run_app([str(exe)], shot, DEMO_ARGS)
        summary = check_picture(shot)
        print(f"ok  {exe}: {summary}, {elapsed:.2f} s", flush=True)
        for scene in MENU_SCENES:  # opened by name at run time: the freezer must have packed them
            page = Path(tmp) / f"{scene}.png"
            run_app([str(exe)], page, ["--scene", scene, "--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en"])
            check_picture(page)
        print(f"ok  {exe}: the menu pages open ({', '.join(MENU_SCENES)})", flush=True)
        if (ROOT / "tmdesktop" / "locale" / OTHER_LANG).is_dir():
            other = Path(tmp) / f"frozen-{OTHER_LANG}.png"
            run_app([str(exe)], other, DEMO_ARGS[:-1] + [OTHER_LANG])
            check_picture(other)
            if other.read_bytes() == shot.read_bytes():
                raise AssertionError(f"{exe}: --lang {OTHER_LANG} renders the English picture (translations missing?)")
            print(f"ok  {exe}: --lang {OTHER_LANG} renders translated text", flush=True)
        if compare_source:
            ref = Path(tmp) / "source.png"
            run_app(source_cmd(), ref, DEMO_ARGS)
            a, b = decode_png(shot.read_bytes())[2], decode_png(ref.read_bytes())[2]
            differing = sum(1 for ra, rb in zip(a, b) for i in range(0, len(ra), 3) if ra[i:i + 3] != rb[i:i + 3])
            share = differing / (SIZE[0] * SIZE[1])
            if share > 0.001:
                raise AssertionError(f"{exe}: differs from the source rendering in {share:.2%} of the pixels")
            print(f"ok  {exe}: same picture as from source ({differing} pixels differ)", flush=True)


def median_start(cmd: list[str], runs: int) -> float:
    times = []
    with tempfile.TemporaryDirectory(prefix="tm-time-") as tmp:
        run_app(cmd, Path(tmp) / "warm.png", ["--demo", "0"])  # warm the file cache once
        for i in range(runs):
            times.append(run_app(cmd, Path(tmp) / f"t{i}.png", ["--demo", "0"]))
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exe", nargs="+", type=Path, help="frozen executable(s) to test")
    ap.add_argument("--compare-source", action="store_true", help="also compare with the picture rendered from source")
    ap.add_argument("--time", type=int, default=0, metavar="N", help="median start-up time over N runs")
    args = ap.parse_args(argv)
    failed = 0
    for exe in args.exe:
        try:
            smoke(exe, args.compare_source)
        except (AssertionError, ValueError, OSError, subprocess.TimeoutExpired) as exc:
            print(f"FAIL {exe}: {exc}", file=sys.stderr, flush=True)
            failed += 1
    if args.time and not failed:
        base = median_start(source_cmd(), args.time)
        print(f"start to first frame (--demo 0 --screenshot), median of {args.time}: source {base * 1000:.0f} ms")
        for exe in args.exe:
            t = median_start([str(Path(exe).resolve())], args.time)
            print(f"  {exe}: {t * 1000:.0f} ms ({t / base:.2f}x source)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
