"""Median time of `legal_actions()` for the player to act, mid-game, over the corpus games.

Run: python benchmarks/legal_actions.py [CORPUS_DIR]   (prints figures; not a test)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.rules.ledger import read_ledger, replay_ledger  # noqa: E402

CORPUS = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "tests/data/corpus"


def main() -> None:
    timings = []
    counts = []
    for path in sorted(CORPUS.glob("*.txt")):
        ledger = read_ledger(path.read_text(encoding="utf-8"))
        ledger.rows = ledger.rows[: len(ledger.rows) // 2]  # stop mid-game
        game, _ = replay_ledger(ledger)
        for who in game.waiting_for():
            runs = []
            for _ in range(20):
                t0 = time.perf_counter()
                acts = game.legal_actions(who)
                runs.append((time.perf_counter() - t0) * 1000)
            timings.append(statistics.median(runs))
            counts.append(len(acts))
    print(f"legal_actions: median {statistics.median(timings):.2f} ms (max {max(timings):.2f} ms) over "
          f"{len(timings)} mid-game decisions; median {statistics.median(counts)} actions listed")


if __name__ == "__main__":
    main()
