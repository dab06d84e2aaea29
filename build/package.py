"""Build the executables for this OS, archive them into dist/, and smoke-test what was archived.

    python build/package.py [--no-smoke] [--compare-source]

(`make package` runs it in the project's .venv after installing the `build` extra.)  Needs
PyInstaller and the project importable (`pip install -e '.[build]'`).  The version comes from
pyproject.toml.  PyInstaller's work and output folders are build/work/ and build/dist/ (git-ignored);
the artifacts land in dist/ (git-ignored):

    Linux    TerraMystica-<version>-linux-<arch>.tar.xz      onedir bundle (folder TerraMystica-<version>/)
             TerraMystica-<version>-linux-<arch>             single file
    Windows  TerraMystica-<version>-windows-<arch>.zip       onedir bundle (folder TerraMystica-<version>/)
             TerraMystica-<version>-windows-<arch>.exe       single file
    macOS    TerraMystica-<version>-macos-<arch>.zip         TerraMystica.app (zipped with ditto)
             TerraMystica-<version>-macos-<arch>.dmg         the same .app in a disk image (when hdiutil works)
    all      SHA256SUMS-<os>-<arch>.txt
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "tmdesktop.spec"
WORK = ROOT / "build" / "work"
DIST = ROOT / "build" / "dist"
OUT = ROOT / "dist"
APP = "TerraMystica"

sys.path.insert(0, str(ROOT / "build"))
import smoke_test  # noqa: E402


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def platform_tag() -> str:
    system = {"linux": "linux", "win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower()
    arch = {"amd64": "x64" if system == "windows" else "x86_64", "x86_64": "x86_64", "aarch64": "arm64",
            "arm64": "arm64"}.get(machine, machine)
    return f"{system}-{arch}"


def run(cmd: list[str], **kw) -> None:
    print("+ " + " ".join(map(str, cmd)), flush=True)
    subprocess.run(cmd, check=True, **kw)


def compile_translations() -> None:
    """Compile the .po catalogues into the .mo files the game reads (build products, not in git)."""
    run([sys.executable, "-m", "babel.messages.frontend", "compile", "--domain", "tmdesktop",
         "--directory", str(ROOT / "tmdesktop" / "locale"), "--statistics"], cwd=ROOT)


def pyinstaller() -> None:
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--workpath", str(WORK), "--distpath", str(DIST), str(SPEC)], cwd=ROOT)


def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def archive_onedir(stem: str) -> Path:
    folder = DIST / APP
    top = f"{APP}-{version()}"
    if sys.platform == "win32":
        out = OUT / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path in sorted(folder.rglob("*")):
                z.write(path, f"{top}/{path.relative_to(folder).as_posix()}")
    else:
        out = OUT / f"{stem}.tar.xz"
        with tarfile.open(out, "w:xz", preset=9) as t:  # keeps modes and the libraries' symlinks
            t.add(folder, arcname=top, filter=_tar_filter)
    return out


def archive_mac(stem: str) -> list[Path]:
    bundle = DIST / f"{APP}.app"
    out = [OUT / f"{stem}.zip"]
    run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle), str(out[0])])
    dmg = OUT / f"{stem}.dmg"
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "Terra Mystica"
        stage.mkdir()
        run(["ditto", str(bundle), str(stage / bundle.name)])
        os.symlink("/Applications", stage / "Applications")
        for attempt in range(3):  # hdiutil is known to fail now and then with "Resource busy"
            try:
                run(["hdiutil", "create", "-volname", "Terra Mystica", "-srcfolder", str(stage), "-ov",
                     "-format", "UDZO", str(dmg)])
                out.append(dmg)
                break
            except subprocess.CalledProcessError:
                time.sleep(5)
        else:
            print("warning: hdiutil failed three times; no .dmg (the .zip is complete)", file=sys.stderr)
    return out


def extracted_onedir(archive: Path, into: Path) -> Path:
    """Unpack the shipped archive (as a player would) and return its executable."""
    if archive.suffix == ".zip" and sys.platform == "darwin":
        run(["ditto", "-x", "-k", str(archive), str(into)])
        return into / f"{APP}.app" / "Contents" / "MacOS" / APP
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            z.extractall(into)
    else:
        with tarfile.open(archive) as t:
            if hasattr(tarfile, "tar_filter"):  # Python >= 3.11.4
                t.extractall(into, filter="tar")
            else:
                t.extractall(into)
    exe = into / f"{APP}-{version()}" / (APP + (".exe" if sys.platform == "win32" else ""))
    return exe


def human(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build, archive and smoke-test the executables for this OS.")
    ap.add_argument("--no-smoke", action="store_true", help="skip the frozen smoke test")
    ap.add_argument("--compare-source", action="store_true",
                    help="smoke test: also require the same picture as from source")
    args = ap.parse_args(argv)

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller's hooks import pygame
    ver, tag = version(), platform_tag()
    stem = f"{APP}-{ver}-{tag}"
    print(f"Packaging {APP} {ver} for {tag}", flush=True)
    compile_translations()
    t0 = time.perf_counter()
    pyinstaller()
    print(f"PyInstaller: {time.perf_counter() - t0:.0f} s", flush=True)

    OUT.mkdir(exist_ok=True)
    for old in OUT.glob(f"{APP}-*-{tag}*"):
        old.unlink()
    artifacts: list[Path] = []
    if sys.platform == "darwin":
        artifacts += archive_mac(stem)
    else:
        artifacts.append(archive_onedir(stem))
        onefile = DIST / (f"{APP}-onefile" + (".exe" if sys.platform == "win32" else ""))
        single = OUT / (stem + (".exe" if sys.platform == "win32" else ""))
        shutil.copy2(onefile, single)
        artifacts.append(single)
    sums = OUT / f"SHA256SUMS-{tag}.txt"
    sums.write_text("".join(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}\n" for p in artifacts))

    print("Artifacts:")
    for p in artifacts:
        print(f"  {p.relative_to(ROOT)}  {human(p.stat().st_size)}")
    if sys.platform != "darwin":
        size = sum(f.stat().st_size for f in (DIST / APP).rglob("*") if f.is_file() and not f.is_symlink())
        print(f"  (onedir folder unpacked: {human(size)})")

    if args.no_smoke:
        return 0
    with tempfile.TemporaryDirectory(prefix="tm-unpack-") as tmp:
        exes = [extracted_onedir(artifacts[0], Path(tmp))]
        if sys.platform != "darwin":
            exes.append(artifacts[1])
        extra = ["--compare-source"] if args.compare_source else []
        return smoke_test.main([str(e) for e in exes] + extra)


if __name__ == "__main__":
    sys.exit(main())
