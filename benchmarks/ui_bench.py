"""UI benchmark: full redraw time at 1920x1080, idle CPU over 5 s, start-to-first-frame time.

Run: python benchmarks/ui_bench.py   (uses SDL's dummy video driver unless DISPLAY is set and
UI_BENCH_REAL=1, in which case the idle measurement runs in a real window).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time

if not os.environ.get("UI_BENCH_REAL"):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def make(size=(1920, 1080), demo=80, seed=5):
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session, new_game

    pygame.display.init()
    pygame.font.init()
    app = App(size)
    session = Session(new_game(4, seed))
    session.play_random(demo, random.Random(seed))
    scene = GameScene(app, session)
    scene._prompted_version = session.version  # no dialogs: measure the map view itself
    app.push(scene)
    app.render(force=True)
    return app, scene


def full_redraw_ms(app, scene, n=200) -> float:
    """Every view drawn again, as after a hover change (cached layers and text reused)."""
    times = []
    for _ in range(n):
        scene.dirty = True
        t = time.perf_counter()
        app.render()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def move_redraw_ms(app, scene, n=60) -> float:
    """Redraw after a move that changes no terrain: cult board and player panels re-rendered."""
    times = []
    for _ in range(n):
        scene.session.version += 1
        scene._prompted_version = scene.session.version
        scene.dirty = True
        t = time.perf_counter()
        app.render()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def cold_redraw_ms(app, scene, n=10) -> float:
    """Redraw after a change of state (the static map layer rebuilt too)."""
    times = []
    for _ in range(n):
        scene.map._static_key = None
        scene.dirty = True
        t = time.perf_counter()
        app.render()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def idle_cpu_percent(app, seconds=5.0) -> float:
    app.run(max_seconds=0.5)  # warm up
    c0, t0 = time.process_time(), time.perf_counter()
    app.run(max_seconds=seconds)
    return 100 * (time.process_time() - c0) / (time.perf_counter() - t0)


def first_frame_ms(runs=5) -> float:
    env = dict(os.environ, TMDESKTOP_STARTUP_TIMING="1", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    code = ("import sys, time; t=time.perf_counter(); from tmdesktop.app import main as m; "
            "import tmdesktop.app.app as a; a.App.run = lambda self, max_seconds=None: None; "
            "m.main(['--size','1920x1080','--seed','5']); print(f'{1000*(time.perf_counter()-t):.1f}')")
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)


def main() -> int:
    app, scene = make()
    print(f"full redraw at 1920x1080 (median of 200): {full_redraw_ms(app, scene):.2f} ms")
    print(f"redraw after a move, panels re-rendered (median of 60): {move_redraw_ms(app, scene):.2f} ms")
    print(f"redraw after a terrain change (median of 10): {cold_redraw_ms(app, scene):.2f} ms")
    print(f"idle CPU over 5 s: {idle_cpu_percent(app):.2f} % of one core "
          f"({pygame.display.get_driver()} video driver)")
    print(f"process start to first frame (median of 5, incl. interpreter): {first_frame_ms():.0f} ms")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.exit(main())
