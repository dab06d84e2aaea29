"""UI benchmark: how fast the game screen answers, measured as a player would feel it.

    python benchmarks/ui_bench.py [--quick] [--profile]      (or `make ui-bench`)

With `DISPLAY` set it opens a real window (under Xvfb on a machine without a screen), otherwise it
uses SDL's dummy driver (UI_BENCH_DUMMY=1 forces that).  At 1920x1080 and 3840x2160, a mid-game
table (4 players, 80 random legal moves) is driven by events posted from a second thread at random
moments while the app's own main loop runs, and it prints, as medians and worst cases:

- hover to frame: a mouse move onto another hex until the frame showing it is presented;
- click to frame: a click on a hex that plays a move (a build, or a transform with the transform
  tool) until the frame showing the move is presented; the move is taken back between clicks;
- the work per frame (event handling, drawing and presenting, without waiting for the loop to
  wake up), in wall-clock and in CPU time of the app's thread, and the CPU time of hover and of
  click frames apart (on a machine shared with other jobs the CPU time is what is comparable);
- the whole screen drawn again, the frame after a move that changes terrain (wall clock and CPU),
  idle CPU over 5 s and the time from process start to the first frame.

The last line is one JSON object with the 1920x1080 figures (medians unless named worst).
With --profile, the click frames (from the click's handling to its frame shown) run under cProfile
and the functions taking the most time in them are printed per size.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import os
import random
import statistics
import subprocess
import sys
import threading
import time

REAL = bool(os.environ.get("DISPLAY")) and not os.environ.get("UI_BENCH_DUMMY")
if not REAL:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from tmdesktop.rules import actions as A  # noqa: E402

RESTORE = pygame.event.custom_type()  # posted by the driver thread: take the measured move back


def make(size, demo=80, seed=5):
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session, new_game

    pygame.display.init()
    pygame.font.init()
    app = App(size)
    session = Session(new_game(4, seed))
    rng = random.Random(seed)
    session.play_random(demo, rng)
    for _ in range(100):  # on to a player who can build and transform, so clicks play moves
        acts = session.legal()
        if {A.Build, A.Transform} <= {type(a) for a in acts}:
            break
        done = [a for a in acts if isinstance(a, A.Done)]
        if not (done and session.apply(done[0]).ok):
            session.play_random(1, rng)
    scene = GameScene(app, session)
    scene._prompted_version = session.version  # no picker for the current decision
    app.push(scene)
    app.render(force=True)
    return app, scene


def _ms(seconds: float) -> float:
    return seconds * 1000


class Probe:
    """Wraps the app's dispatch and render: for every posted event that carries `bench_t`, the
    time until the next presented frame (latency) and the time spent handling and drawing it (work)."""

    def __init__(self, app, scene, profile: cProfile.Profile | None = None):
        self.app, self.scene = app, scene
        self.profile = profile  # run over click frames, from the click's handling to the frame shown
        self.profiling = False
        self.samples: list[tuple[str, float, float, float]] = []  # (kind, latency, work, CPU work) in ms
        self.pending: list[tuple[float, str]] = []
        self.work = self.cpu = 0.0
        self.done = threading.Event()
        self.restore = None
        self._dispatch, self._render = app.dispatch, app.render
        app.dispatch, app.render = self.dispatch, self.render

    def dispatch(self, event):
        if event.type == RESTORE:
            self.restore()
            return
        if self.profile and getattr(event, "bench_kind", None) == "click" and not self.profiling:
            self.profile.enable()
            self.profiling = True
        t, c = time.perf_counter(), time.thread_time()
        self._dispatch(event)
        if getattr(event, "bench_t", None):
            self.work += time.perf_counter() - t
            self.cpu += time.thread_time() - c
            self.pending.append((event.bench_t, event.bench_kind))

    def render(self, force=False):
        t, c = time.perf_counter(), time.thread_time()
        drawn = self._render(force)
        if drawn and self.pending:
            now = time.perf_counter()
            work, cpu = self.work + now - t, self.cpu + time.thread_time() - c
            for posted, kind in self.pending:
                self.samples.append((kind, _ms(now - posted), _ms(work), _ms(cpu)))
            self.pending.clear()
            self.work = self.cpu = 0.0
            if self.profiling:
                self.profile.disable()
                self.profiling = False
            self.done.set()
        return drawn

    def detach(self):
        self.app.dispatch, self.app.render = self._dispatch, self._render


def _post(kind, etype, **attrs):
    pygame.event.post(pygame.event.Event(etype, bench_t=time.perf_counter(), bench_kind=kind, **attrs))


def land_centres(scene):
    board = scene.game.board
    return {h: (int(x), int(y)) for h, (x, y) in scene.map.centres.items() if board.is_land(h)}


def click_targets(scene):
    """Hexes whose click plays one move at once: (hex, uses the transform tool)."""
    out = []
    acts = scene.legal()
    for h in land_centres(scene):
        here = [a for a in acts if getattr(a, "hex", None) == h]
        if any(isinstance(a, A.Build) for a in here):
            out.append((h, False))
        elif len([a for a in here if isinstance(a, A.Transform)]) == 1:
            out.append((h, True))
    return out


def drive(app, scene, rounds: int, rng: random.Random,
          profile: cProfile.Profile | None = None) -> list[tuple[str, float, float]]:
    """Run the real main loop while a second thread posts hovers and clicks at random moments."""
    probe = Probe(app, scene, profile)
    centres = land_centres(scene)
    hexes = sorted(centres)
    targets = click_targets(scene)
    base_log = len(scene.game.log)

    def restore():
        while app.stack.top is not scene:
            app.pop()
        while len(scene.game.log) > base_log and scene.session.undo().ok:
            pass
        scene._prompted_version = scene.session.version
        scene.tool = None
        scene.toast = None
        scene.dirty = True

    probe.restore = restore

    def wait_frame():
        probe.done.wait(2.0)
        probe.done.clear()

    def poster():
        try:
            last = None
            for i in range(rounds):
                time.sleep(rng.uniform(0.02, 0.3))  # the loop still lingers on the last input
                h = rng.choice([x for x in hexes if x != last])
                last = h
                _post("hover", pygame.MOUSEMOTION, pos=centres[h], rel=(1, 1), buttons=(0, 0, 0))
                wait_frame()
                if targets and i % 3 == 0:
                    h, tool = rng.choice(targets)
                    # every other click comes after a pause, when the loop looks for input less often
                    time.sleep(rng.uniform(0.02, 0.3) if i % 6 else rng.uniform(0.7, 0.9))
                    if tool:
                        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t",
                                                             scancode=0))
                        time.sleep(0.05)
                    _post("click", pygame.MOUSEBUTTONDOWN, pos=centres[h], button=1)
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centres[h], button=1))
                    wait_frame()
                    time.sleep(0.05)
                    pygame.event.post(pygame.event.Event(RESTORE))
                    time.sleep(0.05)
        finally:
            app.running = False

    thread = threading.Thread(target=poster, daemon=True)
    app.running = True
    thread.start()
    app.run(max_seconds=rounds * 1.5 + 10)
    thread.join(5)
    app.running = True
    probe.detach()
    restore()
    return probe.samples


def redraw_ms(app, scene, n=100) -> tuple[float, float]:
    """The whole screen drawn and shown again (cached layers and text reused): medians of wall
    clock and CPU time."""
    times, cpu = [], []
    for _ in range(n):
        t, c = time.perf_counter(), time.thread_time()
        app.render(force=True)
        times.append(_ms(time.perf_counter() - t))
        cpu.append(_ms(time.thread_time() - c))
    return statistics.median(times), statistics.median(cpu)


def terrain_change_ms(app, scene, n=12) -> tuple[list[float], list[float]]:
    """The frame after a move that changes terrain (a legal transform played, then taken back):
    wall clock and CPU times."""
    session = scene.session
    moves = [a for a in session.legal() if isinstance(a, A.Transform)][:n]
    times, cpu = [], []
    for move in moves:
        if not session.apply(move).ok:
            continue
        scene._prompted_version = session.version
        scene.dirty = True
        t, c = time.perf_counter(), time.thread_time()
        app.render()
        times.append(_ms(time.perf_counter() - t))
        cpu.append(_ms(time.thread_time() - c))
        session.undo()
        scene._prompted_version = session.version
        scene.dirty = True
        app.render()
    return times, cpu


def idle_cpu_percent(app, seconds=5.0) -> float:
    app.run(max_seconds=0.8)  # past the lingering after the last input
    c0, t0 = time.process_time(), time.perf_counter()
    app.run(max_seconds=seconds)
    return 100 * (time.process_time() - c0) / (time.perf_counter() - t0)


def first_frame_ms(size, runs=5) -> float:
    env = dict(os.environ, TMDESKTOP_STARTUP_TIMING="1")
    code = ("import sys, time; t=time.perf_counter(); from tmdesktop.app import main as m; "
            "import tmdesktop.app.app as a; a.App.run = lambda self, max_seconds=None: None; "
            f"m.main(['--size','{size[0]}x{size[1]}','--seed','5'])")
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        out.append(_ms(time.perf_counter() - t))
    return statistics.median(out)


def summary(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"median {statistics.median(values):.1f} ms, worst {max(values):.1f} ms (n={len(values)})"


def bench_size(size, rounds: int, profile: bool = False) -> dict:
    app, scene = make(size)
    label = f"{size[0]}x{size[1]}"
    print(f"-- {label}, {pygame.display.get_driver()} video driver "
          f"(SDL_FRAMEBUFFER_ACCELERATION={os.environ.get('SDL_FRAMEBUFFER_ACCELERATION', 'unset')})", flush=True)
    redraw, redraw_cpu = redraw_ms(app, scene)
    print(f"full redraw (median of 100): {redraw:.2f} ms, CPU {redraw_cpu:.2f} ms")
    terrain, terrain_cpu = terrain_change_ms(app, scene)
    print(f"frame after a terrain change: {summary(terrain)}; CPU {summary(terrain_cpu)}")
    profiler = cProfile.Profile() if profile else None
    samples = drive(app, scene, rounds, random.Random(11), profiler)
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(30)
        print(f"click frames under cProfile (inflated by it), by own time:\n{out.getvalue()}")
    hover = [lat for kind, lat, _w, _c in samples if kind == "hover"]
    click = [lat for kind, lat, _w, _c in samples if kind == "click"]
    work = [w for _k, _lat, w, _c in samples]
    cpu = [c for _k, _lat, _w, c in samples]
    print(f"hover to frame: {summary(hover)}")
    print(f"click to frame: {summary(click)}")
    for name, values in (("work per frame (handling + drawing, wall clock)", work),
                         ("CPU time of that work (this thread)", cpu)):
        print(f"{name}: {summary(values)}; {sum(w > 8 for w in values)} of {len(values)} over 8 ms, "
              f"{sum(w > 16.7 for w in values)} over 16.7 ms")
    for kind in ("hover", "click"):
        print(f"  CPU of a {kind} frame: {summary([c for k, _lat, _w, c in samples if k == kind])}")
    out = {"redraw_ms": redraw, "hover": hover, "click": click, "work": work, "cpu": cpu, "terrain": terrain}
    if size == (1920, 1080):
        out["idle_cpu_pct"] = idle_cpu_percent(app)
        print(f"idle CPU over 5 s: {out['idle_cpu_pct']:.2f} % of one core")
    pygame.display.quit()
    return out


def main(argv: list[str]) -> int:
    rounds = 15 if "--quick" in argv else 60
    results = {size: bench_size(size, rounds, "--profile" in argv) for size in ((1920, 1080), (3840, 2160))}
    first = first_frame_ms((1920, 1080))
    print(f"process start to first frame at 1920x1080 (median of 5, incl. interpreter): {first:.0f} ms")
    hd = results[(1920, 1080)]
    figures = {
        "redraw_ms": round(hd["redraw_ms"], 2),
        "click_ms": round(statistics.median(hd["click"]), 1) if hd["click"] else None,
        "hover_ms": round(statistics.median(hd["hover"]), 1) if hd["hover"] else None,
        "click_worst_ms": round(max(hd["click"]), 1) if hd["click"] else None,
        "idle_cpu_pct": round(hd["idle_cpu_pct"], 2),
        "first_frame_ms": round(first),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
