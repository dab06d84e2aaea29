"""`python -m tmdesktop fuzz {saves,logs,ledgers,settings,ui,kills} --cases N --seed S [--lang es]`.

Prints each crash as it happens (with its case number: `--only K` runs that case again, with its
traceback under `--verbose`), a progress line every 1,000 cases, the figures (slowest and largest
case), and last `N tried, K clean errors, C crashes`.  The exit status is 1 when C > 0.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

TARGETS = ("saves", "logs", "ledgers", "settings", "ui", "kills")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="tmdesktop fuzz", description="Feed the game damaged files and random input.")
    ap.add_argument("target", choices=TARGETS)
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="en", help="interface language of the messages: en, es, it")
    ap.add_argument("--only", type=int, default=None, metavar="K", help="run case K alone")
    ap.add_argument("--verbose", action="store_true", help="print the traceback of each crash")
    ap.add_argument("--seconds", type=float, default=2.0, help="time bound of one case")
    ap.add_argument("--megabytes", type=float, default=200.0, help="memory bound of one case")
    args = ap.parse_args(argv)

    from .. import i18n
    from .runner import run

    with tempfile.TemporaryDirectory(prefix=f"tmfuzz-{args.target}-") as tmp:
        # the app's folders go to the temporary one: a fuzz run never touches the player's games
        os.environ["TMDESKTOP_DATA_DIR"] = os.path.join(tmp, "data")
        os.environ["TMDESKTOP_CONFIG_DIR"] = os.path.join(tmp, "cfg")
        i18n.set_language(args.lang)
        if args.target == "ui":
            from .ui import UiFuzzer

            target = UiFuzzer(tmp, args.seed)
            cap = False  # SDL may not survive a failed allocation: its growth is measured, not capped
        elif args.target == "kills":
            from .kills import KillTarget

            target = KillTarget(tmp, args.seed)
            cap = False
            args.seconds = max(args.seconds, 30.0)  # a case starts a Python process and replays a game
        else:
            from .targets import make

            target = make(args.target, tmp)
            getattr(target, "bases", None)  # the material is built before the clock starts
            cap = True
        t0 = time.perf_counter()
        stats = run(target, args.cases, args.seed, args.seconds, args.megabytes, cap_memory=cap,
                    only=args.only, verbose=args.verbose,
                    progress=lambda s: print(f"... {s.summary()} ({time.perf_counter() - t0:.0f} s)", flush=True))
        if hasattr(target, "close"):
            target.close()
    print(f"{args.target} ({args.lang}, seed {args.seed}): {stats.figures()}; "
          f"{getattr(target, 'faults', 0)} engine faults caught by the safety nets; "
          f"{time.perf_counter() - t0:.0f} s in all")
    if hasattr(target, "coverage"):
        print("scenes visited: " + ", ".join(f"{k} {v}" for k, v in sorted(target.coverage.items())))
    print(stats.summary(), flush=True)
    return 1 if stats.crashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
