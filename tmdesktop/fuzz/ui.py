"""Random input to the whole app: seeded clicks, keys, typed text, wheel turns and window resizes,
posted as pygame events and run through the main loop, across every screen.

The app is driven only as a player drives it (posted events, `App.step`) and watched only through
`app.stack` (which screen is on top), never through a screen's internals, so the fuzzer keeps
working when screens are rewritten.  The data folder is prepared with what players have: games
in progress, a finished game (its Load opens the final scoring), a damaged save, a save with
unprintable names, the shipped replays and a damaged ledger.  A case is one input and the frame
that follows it; when the player quits, and every `RESTART_EVERY` inputs, the app starts again
at the title screen.  Cases depend on the ones before them: to see case K again, run K + 1 cases.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections import Counter
from pathlib import Path

from . import mutate
from .runner import ACCEPTED, CaseFailure
from .targets import SAMPLES, _game

KEYS = ("ESCAPE", "RETURN", "RETURN", "KP_ENTER", "SPACE", "UP", "DOWN", "LEFT", "RIGHT", "TAB", "BACKSPACE",
        "DELETE", "HOME", "END", "PAGEUP", "PAGEDOWN", "b", "u", "t", "p", "s", "d", "a", "c", "x", "l", "g", "z",
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "PLUS", "MINUS", "F11", "n", "y")
#: Inputs before the app is started again at the title: random input alone would stay for long in
#: the screens that are easy to enter and hard to leave (the map view, the replay viewer).
RESTART_EVERY = 100
SIZES = ((1280, 720), (1920, 1080), (800, 500), (640, 400), (334, 600), (100, 100), (1, 1), (2500, 300),
         (1024, 768), (3000, 2000))


class UiFuzzer:
    def __init__(self, folder: str | Path, seed: int):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        self.pg = pygame
        pygame.display.init()
        pygame.font.init()
        self.folder = Path(folder)
        self.coverage: Counter[str] = Counter()
        self.faults = 0
        self.restarts = 0
        self.checked = 0
        self._prepare_files(random.Random(seed))
        self.app = None
        self.restart()

    # ------------------------------------------------------------------ the player's folders

    def _prepare_files(self, rng: random.Random) -> None:
        from .. import saves

        folder = saves.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        finished = _game(2, 13, 10_000, {})
        saves.save_game(_game(4, 12, 160, {}), folder / "middle.tmsave", "middle", {"witches": "Ana", "nomads": "Bo"})
        saves.save_game(_game(3, 11, 40, {}), folder / "early.tmsave", "early")
        nasty = saves.game_to_dict(_game(3, 17, 30, {}), "nasty", {"witches": "Eve\x00\u202e\ud800\ufeff"})
        (folder / "nasty.tmsave").write_text(json.dumps(nasty), "utf-8")
        (folder / "damaged.tmsave").write_bytes(
            mutate.mutate_bytes(rng, (folder / "middle.tmsave").read_bytes(), rounds=3))
        replays = saves.data_dir() / "replays"
        replays.mkdir(parents=True, exist_ok=True)
        sample = sorted(SAMPLES.glob("*.txt"))[0]
        shutil.copy(sample, replays / sample.name)
        (replays / "damaged.txt").write_bytes(mutate.mutate_bytes(rng, sample.read_bytes(), rounds=2))
        # the newest save, so that Load opens it first: the final scoring
        saves.save_game(finished, folder / "finished.tmsave", "finished", {"witches": "Ana"})

    def restart(self) -> None:
        """A fresh start at the title screen, with the settings from the file, as `main` does."""
        from .. import settings as settings_mod
        from ..app.app import App
        from ..app.scenes.title import TitleScene

        if self.app is None:
            self.app = App((1280, 720), "Terra Mystica")
        app = self.app
        while app.stack.scenes:
            app.stack.pop()
        app.running = True
        s, problem = settings_mod.load_checked()
        app.settings = s
        title = TitleScene(app)
        title.message = problem.message() if problem else ""
        app.push(title)
        app.render(force=True)
        self.restarts += 1

    # ------------------------------------------------------------------ cases

    def case(self, rng: random.Random) -> list:
        """One input: (kind, arguments) that `check` turns into events."""
        w, h = self.pg.display.get_surface().get_size()
        roll = rng.random()
        if type(self.app.stack.top).__name__ == "SetupScene" and roll < 0.8:
            roll *= 0.75  # only clicks on the new-game page: its many choices lead to the draft and auction
        if roll < 0.6:
            return [("click", (rng.randrange(max(1, w)), rng.randrange(max(1, h))), rng.choice((1, 1, 1, 3)))]
        if roll < 0.8:
            return [("key", rng.choice(KEYS), rng.random() < 0.08)]
        if roll < 0.88:
            return [("text", "".join(rng.choice(mutate.NASTY_TEXT + ("a", "Z", "ñ", " ")) for _ in range(rng.randrange(1, 6))))]
        if roll < 0.93:
            return [("wheel", rng.choice((-3, -1, 1, 3)), (rng.randrange(max(1, w)), rng.randrange(max(1, h))))]
        if roll < 0.97:
            return [("move", (rng.randrange(max(1, w)), rng.randrange(max(1, h))))]
        return [("resize", rng.choice(SIZES))]

    def check(self, case: list, rng: random.Random) -> str:
        pg = self.pg
        app = self.app
        for kind, *args in case:
            if kind == "click":
                pos, button = args
                pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button))
                pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button))
            elif kind == "key":
                name, ctrl = args
                k = getattr(pg, "K_" + name) if len(name) > 1 else ord(name)
                mod = pg.KMOD_CTRL if ctrl else 0
                uni = name if len(name) == 1 else ""
                pg.event.post(pg.event.Event(pg.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0))
                pg.event.post(pg.event.Event(pg.KEYUP, key=k, mod=mod, unicode=uni, scancode=0))
            elif kind == "text":
                pg.event.post(pg.event.Event(pg.TEXTINPUT, text=args[0]))
            elif kind == "wheel":
                y, pos = args
                pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                pg.event.post(pg.event.Event(pg.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
            elif kind == "move":
                pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=args[0], rel=(1, 1), buttons=(0, 0, 0)))
            elif kind == "resize":
                size = args[0]
                pg.display.set_mode(size, pg.RESIZABLE)
                pg.event.post(pg.event.Event(pg.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(0.016)
        app.step(0.3)  # let animations and timed prompts move on
        self.checked += 1
        if not app.running or not app.stack.scenes or self.checked % RESTART_EVERY == 0:
            self.restart()  # the player quit (or it is time to start again): the title screen
        top = app.stack.top
        self.coverage[type(top).__name__] += 1
        w, h = app.size
        if w < 1 or h < 1:
            raise CaseFailure(f"the scenes were laid out at {w}x{h}")
        return ACCEPTED

    def describe(self, case: list) -> str:
        top = self.app.stack.top if self.app is not None else None
        return f"{type(top).__name__} after {case}"

    def close(self) -> None:
        from ..app.main import _shutdown

        _shutdown()
