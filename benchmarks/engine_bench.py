"""Engine speed on the corpus's mid-game positions: copy, apply, legal actions, random playouts,
whole-game replay.  Prints figures and, as its last line, one JSON object of medians (ms).

Run: python benchmarks/engine_bench.py [--games N] [--playouts N]   (a figure, not a test)

Times are the CPU time of this process, so that other work on a shared machine does not inflate
them (wall-clock time on a quiet machine is about the same). The playouts run in the engine's
search mode (`Game.search_mode`: no events, no periodic undo snapshots), as random play and
searches do.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tmdesktop.rules.engine import Game  # noqa: E402
from tmdesktop.rules.ledger import read_ledger, replay_ledger  # noqa: E402
from tmdesktop.rules import legal  # noqa: E402
from tmdesktop.rules.legal import legal_actions  # noqa: E402
from tmdesktop.rules.random_play import random_step  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"


def timed(fn, repeat: int) -> float:
    """Median CPU milliseconds of `fn()` over `repeat` runs."""
    runs = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        runs.append((time.process_time() - t0) * 1000)
    return statistics.median(runs)


def position(ledger, fraction: float):
    """The game after the first `fraction` of the ledger's rows."""
    rows = ledger.rows
    ledger.rows = rows[: int(len(rows) * fraction)]
    game, _ = replay_ledger(ledger)
    ledger.rows = rows
    return game


def round_start(ledger, round_no: int):
    """The game as the action phase of round `round_no` begins."""
    full, _ = replay_ledger(ledger)
    game = Game(full.setup)
    for who, action in full.log[len(game.log):]:
        if game.state.round == round_no and game.state.phase == "play":
            break
        game.apply(who, action)
    return game


def fresh_listing(game, who):
    """Every legal action of `who`, worked out afresh: nothing kept from an earlier listing of the
    position (the parts kept per state, and what is kept by the inputs it depends on: reach maps,
    those kept with the players too, conversions, upgrades, the Mermaids' river towns). Tables
    per faction, made once, stay."""
    game._legal_cache = {}
    # (an older engine keeps none of these: the bench runs on both)
    for p in game.state.players.values():
        if hasattr(p, "reach_kept"):  # (the reach kept with a player from one state to the next)
            p.reach_kept = None
    getattr(legal, "_REACH_SEEN", {}).clear()
    getattr(legal, "_CONNECTS_SEEN", {}).clear()
    getattr(legal, "_UPGRADES_SEEN", {}).clear()
    for kept in ("_exchanges", "_power_exchanges", "_other_exchanges"):
        if hasattr(getattr(legal, kept, None), "cache_clear"):
            getattr(legal, kept).cache_clear()
    return legal_actions(game, who)


def copy_of(game):
    return game.copy() if hasattr(game, "copy") else game.fork()


def playout_copy(game):
    """A copy for random play: in search mode (no events, no periodic undo snapshots: what random
    play and searches use) where the engine has it."""
    try:
        return game.copy(search_mode=True)
    except TypeError:  # (an older engine: the bench runs on both)
        return copy_of(game)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=49, help="corpus games to use")
    ap.add_argument("--playouts", type=int, default=3, help="random playouts per game from round 4")
    args = ap.parse_args(argv)
    paths = sorted(CORPUS.glob("*.txt"))[: args.games]
    ledgers = [read_ledger(p.read_text(encoding="utf-8")) for p in paths]

    replay_ms = []
    for ledger in ledgers:
        replay_ms.append(timed(lambda: replay_ledger(ledger), 3))

    copy_ms, legal_ms, apply_ms, playout_ms, listed = [], [], [], [], []
    rng = random.Random(1)
    for ledger in ledgers:
        game = position(ledger, 0.5)
        copy_ms.append(timed(lambda: copy_of(game), 50))
        for who in game.waiting_for():
            if game.decision(who) not in ("action", "leech"):
                continue
            legal_ms.append(timed(lambda: fresh_listing(game, who), 20))
            actions = game.legal_actions(who)
            listed.append(len(actions))
            for action in rng.sample(actions, min(5, len(actions))):
                trial = copy_of(game)
                t0 = time.process_time()
                trial.apply(who, action)
                apply_ms.append((time.process_time() - t0) * 1000)
        start = round_start(ledger, 4)
        for k in range(args.playouts):
            prng = random.Random(k)
            g = playout_copy(start)
            t0 = time.process_time()
            steps = 0
            while not g.finished and steps < 5000:
                who, action = random_step(g, prng)
                g.apply(who, action)
                steps += 1
            playout_ms.append((time.process_time() - t0) * 1000)

    med = {
        "copy_ms": statistics.median(copy_ms),
        "apply_ms": statistics.median(apply_ms),
        "legal_ms": statistics.median(legal_ms),
        "playout_ms": statistics.median(playout_ms),
        "replay_ms_per_game": statistics.median(replay_ms),
    }
    print(f"positions: {len(copy_ms)} mid-game, {len(legal_ms)} main-turn decisions "
          f"(median {statistics.median(listed)} actions listed), {len(playout_ms)} playouts from round 4")
    print(f"copy {med['copy_ms']:.3f} ms (max {max(copy_ms):.3f}); apply {med['apply_ms']:.3f} ms "
          f"(max {max(apply_ms):.3f}); legal {med['legal_ms']:.3f} ms (max {max(legal_ms):.3f})")
    print(f"playout {med['playout_ms']:.1f} ms (max {max(playout_ms):.1f}); replay "
          f"{med['replay_ms_per_game']:.1f} ms per game (max {max(replay_ms):.1f})")
    print(json.dumps({k: round(v, 4) for k, v in med.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
