"""Which lessons the player has finished, kept in the user data folder (next to the saves).

A small versioned JSON file written atomically (`saves.write_atomic`).  A missing, damaged or
unknown-version file reads as "nothing finished": progress is a convenience, never a reason
for the tutorial not to open.
"""

from __future__ import annotations

import json
from pathlib import Path

from tmdesktop import saves

FORMAT = 1


def progress_path() -> Path:
    return saves.data_dir() / "tutorial.json"


def load_done() -> set[str]:
    """The ids of the finished lessons ({} when the file is missing or cannot be read)."""
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return set()
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("done"), list):
        return set()
    return {d for d in data["done"] if isinstance(d, str)}


def mark_done(lesson_id: str) -> set[str]:
    """Record `lesson_id` as finished; returns the finished set.  A disk that refuses the write
    loses the mark, not the lesson."""
    done = load_done() | {lesson_id}
    body = json.dumps({"format": FORMAT, "done": sorted(done)}, indent=1).encode("utf-8")
    try:
        saves.write_atomic(progress_path(), body, keep_backup=False)
    except OSError:
        pass
    return done
