"""Render one picture of each menu page into docs/screens/ (the README links them).

    python tools/scene_gallery.py [--size 1920x1080] [--lang en] [--out DIR] [--game-screens]

Uses the SDL dummy driver and throw-away save/config folders, so it runs anywhere.  The game
screens in docs/screens (map, scoring, replay...) are taken from a real window under Xvfb instead,
so by default they are left alone; `--game-screens` renders headless stand-ins for them too
(`map`, `scoring`, `replay`), e.g. into another `--out` folder to compare.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_tmp = tempfile.mkdtemp(prefix="tm-gallery-")
os.environ["TMDESKTOP_DATA_DIR"] = os.path.join(_tmp, "data")
os.environ["TMDESKTOP_CONFIG_DIR"] = os.path.join(_tmp, "config")

import pygame  # noqa: E402

from tmdesktop import i18n  # noqa: E402
from tmdesktop.app.app import App  # noqa: E402
from tmdesktop.app.scenes.auction_scene import AuctionScene  # noqa: E402
from tmdesktop.app.scenes.draft_scene import DraftScene  # noqa: E402
from tmdesktop.app.scenes.load_scene import open_game  # noqa: E402
from tmdesktop.app.scenes.replay_viewer import ReplayScene, load_replay  # noqa: E402
from tmdesktop.app.scenes.scoring import ScoringScene  # noqa: E402
from tmdesktop.app.scenes.settings_scene import SettingsScene  # noqa: E402
from tmdesktop.app.scenes.setup_scene import SetupScene  # noqa: E402
from tmdesktop.app.scenes.title import TitleScene  # noqa: E402
from tmdesktop.rules.engine import Game  # noqa: E402
from tmdesktop.rules.random_play import random_game  # noqa: E402
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup  # noqa: E402
from tmdesktop.settings import Settings  # noqa: E402

NAMES = ["Ana", "Bo", "Cy", "Di"]
FIRE_ICE = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                                 "fire-and-ice-factions/variable_v5"}
CORPUS_GAME = ROOT / "tmdesktop" / "samples" / "4pLeague_S60_D1L1_G1.txt"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    ap.add_argument("--game-screens", action="store_true", help="also the map, scoring and replay screens")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    pygame.display.init()
    pygame.font.init()
    i18n.set_language(args.lang)
    args.out.mkdir(parents=True, exist_ok=True)
    app = App((w, h), headless=True)
    app.settings = Settings(language=args.lang, recent_names=NAMES)

    def shot(scene, name: str) -> None:
        app.stack.scenes.clear()
        app.push(scene)
        path = args.out / f"{name}.png"
        app.screenshot(str(path))
        print(path)

    shot(TitleScene(app), "title")
    shot(SetupScene(app), "setup")
    base = GameSetup.random(4, 3, options=FIRE_ICE)
    shot(DraftScene(app, base, NAMES), "draft")
    shot(AuctionScene(app, base, NAMES), "auction")
    shot(SettingsScene(app), "settings")
    if not args.game_screens:
        return
    finished = random_game(5, players=4)
    names = dict(zip(finished.state.seats, NAMES))
    mid = Game.replay(finished.setup, finished.log[:300])
    app.stack.scenes.clear()
    open_game(app, mid, names=names)
    app.screenshot(str(args.out / "map.png"))
    print(args.out / "map.png")
    scoring = ScoringScene(app, finished, names)
    for _ in range(8):  # reveal every step of final scoring
        scoring.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    shot(scoring, "scoring")
    if CORPUS_GAME.exists():
        game, log, title = load_replay(CORPUS_GAME)
        replay = ReplayScene(app, game, log, title)
        for _ in range(150):
            replay.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        shot(replay, "replay")


if __name__ == "__main__":
    main()
