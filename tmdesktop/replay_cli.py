"""`python -m tmdesktop replay FILE...`: replay ledger files and compare every row."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from .i18n import _
from .refusals import message, worded
from .rules.ledger import LedgerError, read_ledger, replay_ledger
from .safe_text import clean


def expected_totals(path: Path) -> dict[str, int] | None:
    manifest = path.with_name("manifest.json")
    try:
        for g in json.loads(manifest.read_text("utf-8")).get("games", []):
            if g.get("log_file") == path.name:
                return dict(g["expected_total_vp"])
    except (OSError, ValueError, AttributeError, KeyError, TypeError):  # no usable manifest: no totals
        return None
    return None


def replay_file(path: Path) -> tuple[bool, str, object]:
    try:
        ledger = read_ledger(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        return False, _("cannot read: {why}").format(why=clean(getattr(e, "strerror", None) or e, 120)), None
    except LedgerError as e:
        return False, _("cannot read: {why}").format(why=message(e)), None
    try:
        game, mismatch = replay_ledger(ledger)
    except Exception as e:  # an engine fault is reported as a failed file, never a traceback
        return False, _("cannot be replayed ({why})").format(why=type(e).__name__), None
    if mismatch:
        return False, str(worded(mismatch)), game
    totals = {n: p.VP for n, p in game.state.players.items()}
    want = expected_totals(path)
    if want and want != totals:
        return False, f"final totals: expected {want}, got {totals}", game
    return True, " ".join(f"{n} {v}" for n, v in sorted(totals.items())), game


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop replay", description="Replay ledger files row by row.")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--bench", action="store_true", help="print the median milliseconds per game")
    ap.add_argument("--repeat", type=int, default=5, help="timing runs per game with --bench")
    args = ap.parse_args(argv)
    passed = failed = 0
    for path in args.files:
        ok, message, _game = replay_file(path)
        print(f"{'ok  ' if ok else 'FAIL'} {clean(path.name, 120)}: {clean(message, 400)}")
        passed += ok
        failed += not ok
    if args.bench:
        texts = [p.read_text(encoding="utf-8") for p in args.files]
        per_game = []
        for text in texts:
            runs = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                replay_ledger(read_ledger(text))
                runs.append((time.perf_counter() - t0) * 1000)
            per_game.append(statistics.median(runs))
        print(f"bench: median {statistics.median(per_game):.1f} ms per game "
              f"(min {min(per_game):.1f}, max {max(per_game):.1f}, {len(per_game)} games)")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
