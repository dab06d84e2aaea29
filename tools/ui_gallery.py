"""Render the main screens and dialogs to PNGs for a visual check (python tools/ui_gallery.py OUTDIR [WxH]).

Uses SDL's dummy driver; every picture is the real scene code drawing a seeded game.
"""

from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from tmdesktop.rules import actions as A  # noqa: E402


def build(size, demo, seed):
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session, new_game

    app = App(size)
    session = Session(new_game(4, seed))
    session.play_random(demo, random.Random(seed))
    scene = GameScene(app, session)
    scene._prompted_version = session.version
    app.push(scene)
    return app, scene, session


def until(session, rng, test, limit=600):
    for _ in range(limit):
        if test():
            return True
        session.play_random(1, rng)
    return test()


def main(argv) -> int:
    out = argv[0] if argv else "out/gallery"
    size = tuple(int(v) for v in (argv[1] if len(argv) > 1 else "1920x1080").split("x"))
    os.makedirs(out, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    tag = f"{size[0]}x{size[1]}"

    app, scene, session = build(size, 100, 8)
    app.screenshot(f"{out}/map_{tag}.png")

    # hover over a legal build target: tooltip with costs
    until(session, random.Random(1), lambda: any(isinstance(a, A.Build) for a in session.legal())
          and not session.is_out_of_turn(session.decider()))
    scene._prompted_version = session.version
    builds = [a.hex for a in session.legal() if isinstance(a, A.Build)]
    if builds:
        x, y = scene.map.centres[builds[0]]
        scene.tool = "build"
        scene.mouse = (int(x), int(y))
        scene.hover = ("hex", builds[0])
        app.screenshot(f"{out}/hover_build_{tag}.png")
        scene.tool = None
    scene.map.colour_blind = True
    scene.map.show_labels = False
    app.screenshot(f"{out}/colour_blind_{tag}.png")
    scene.map.colour_blind = False
    scene.map.show_labels = True

    # a hand-off for a power offer
    rng = random.Random(2)
    if until(session, rng, lambda: session.is_out_of_turn(session.decider()) and
             session.state.players[session.decider()].leech_offers):
        scene._prompted_version = -1
        scene.update(0)
        app.screenshot(f"{out}/handoff_{tag}.png")
        app.pop()

    # the favor tile picker
    if until(session, rng, lambda: any(isinstance(a, A.TakeTile) and a.tile.startswith("FAV")
                                       for a in session.legal())):
        scene._prompted_version = -1
        scene.update(0)
        app.screenshot(f"{out}/favor_picker_{tag}.png")
        app.pop()

    # pass with the bonus picker
    if until(session, rng, lambda: any(isinstance(a, A.Pass) and a.bonus for a in session.legal())
             and session.state.phase == "play"):
        scene.open_pass()
        app.screenshot(f"{out}/pass_picker_{tag}.png")
        app.pop()

    # final scores
    until(session, rng, lambda: session.game.finished, limit=3000)
    if session.game.finished:
        scene._prompted_version = -1
        scene.update(0)
        app.screenshot(f"{out}/final_{tag}.png")
    print("wrote", out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
