"""What the computer players' commands share: the levels they are given (`arena`, `agree`,
`takeover`) and the recorded games they replay (`agree`, `takeover`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..rules.ledger import LedgerError, read_ledger, replay_ledger
from .levels import LEVELS


def levels_of(ap: argparse.ArgumentParser, text: str) -> list[str]:
    """The comma-separated levels of `text`; an unknown one ends the command with its usage."""
    levels = [s.strip().lower() for s in text.split(",") if s.strip()]
    if unknown := [lv for lv in levels if lv not in LEVELS]:
        ap.error(f"unknown level(s): {', '.join(unknown)} (easy, medium, hard)")
    return levels


def finished_games(paths: list[Path]) -> list[tuple[Path, object]] | None:
    """Each ledger's game replayed to its end (those whose replay differs are skipped with a
    line saying why); None, after a line saying why, if one cannot be read."""
    games = []
    for path in paths:
        try:
            game, mismatch = replay_ledger(read_ledger(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, LedgerError) as e:
            print(f"{path}: cannot be read: {e}")
            return None
        if mismatch is not None:
            print(f"{path}: skipped, the replay differs from the ledger: {mismatch}")
            continue
        games.append((path, game))
    return games
