"""Where the app's assets live: inside the installed package, or in the source checkout."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # tmdesktop/


@cache
def assets_dir() -> Path:
    candidates = []
    if os.environ.get("TMDESKTOP_ASSETS"):
        candidates.append(Path(os.environ["TMDESKTOP_ASSETS"]))
    candidates += [_PACKAGE / "assets", _PACKAGE.parent / "assets"]
    for path in candidates:
        if (path / "fonts").is_dir():
            return path
    raise FileNotFoundError("assets folder not found (looked in: " + ", ".join(map(str, candidates)) + ")")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
