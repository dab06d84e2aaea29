"""How the window keeps up while computer seats think in their worker process.

    python benchmarks/computer_frames.py [--seconds 60] [--levels medium,medium,hard,easy] [--speed fast]
                                         [--shots DIR]

A four-player table whose seats are all computers (the levels given, in seat order) is played in
the map view with the worker process, the loop stepping at 60 Hz; "Round N begins" is closed with
Enter as a player would.  It prints how many computer moves were played and the work per frame
(median, 95th percentile, worst, in ms) while the computer thinks (events, the worker poll,
drawing), while a move is shown, and in the frames that play a move.  With `DISPLAY` set it uses a
real window (under Xvfb on a machine without a screen) and, with --shots, saves a screenshot of
the screen every 0.9 s of play.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

if not os.environ.get("DISPLAY"):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from tmdesktop import saves  # noqa: E402
from tmdesktop.app.app import App  # noqa: E402
from tmdesktop.app.scenes.dialogs import RoundSummaryScene  # noqa: E402
from tmdesktop.app.scenes.load_scene import open_game  # noqa: E402
from tmdesktop.app.session import new_game  # noqa: E402
from tmdesktop.settings import Settings  # noqa: E402


def figures(ms: list[float]) -> dict:
    if not ms:
        return {}
    ms = sorted(ms)
    return {"frames": len(ms), "median_ms": round(statistics.median(ms), 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2), "worst_ms": round(ms[-1], 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--levels", default="medium,medium,hard,easy")
    ap.add_argument("--speed", default="fast", choices=("off", "fast", "normal", "slow"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--shots", default="")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    os.environ.setdefault("TMDESKTOP_DATA_DIR", os.path.join("/tmp", f"tmdesktop-bench-{os.getpid()}"))
    pygame.display.init()
    pygame.font.init()
    app = App((1920, 1080))
    app.settings = Settings(animation_speed=args.speed)
    game = new_game(len(levels), args.seed)
    computers = dict(zip(game.state.seats, levels))
    scene = open_game(app, game, saves.Autosaver(computers=computers), {f: f.title() for f in computers})
    app.render(force=True)
    thinking, showing, playing = [], [], []
    start = time.perf_counter()
    next_shot, shot = 0.0, 0
    moves = len(game.log)
    while time.perf_counter() - start < args.seconds and not game.finished:
        t0 = time.perf_counter()
        busy = scene.computer.thinker.busy()
        before = len(game.log)
        app.step(1 / 60)
        work = (time.perf_counter() - t0) * 1000
        (playing if len(game.log) != before else thinking if busy else showing).append(work)
        if isinstance(app.stack.top, RoundSummaryScene):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        now = time.perf_counter() - start
        if args.shots and now >= next_shot:
            os.makedirs(args.shots, exist_ok=True)
            subprocess.run(["import", "-window", "root", os.path.join(args.shots, f"shot{shot:03d}.png")], check=False)
            shot += 1
            next_shot = now + 0.9
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
    played = len(game.log) - moves
    print(f"computer moves played: {played} in {time.perf_counter() - start:.1f} s (round {game.state.round})")
    print("work per frame while the computer thinks:", figures(thinking))
    print("work per frame while a move is shown:", figures(showing))
    print("work of the frame that plays a move (engine, redraw, autosave):", figures(playing))
    print(json.dumps({"moves": played, "thinking": figures(thinking), "showing": figures(showing),
                      "playing": figures(playing)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
