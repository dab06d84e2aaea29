"""Killing the game while it autosaves: `python -m tmdesktop fuzz kills --cases N`.

Each case starts a player process that resumes the game Continue offers (or starts one), plays
random legal actions through the autosaving session and prints the number of moves after each
save; it is killed (SIGKILL: no clean-up) at a random moment, or kills itself at a random step of
a save (an fsync, the link that keeps the backup, a rename).  Then the
game must be what Continue resumes and listed by Load, load without a damage note, be at most one
action behind the last save the player reported, and no temporary file may be left behind.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from .runner import ACCEPTED, CaseFailure

CHILD = "tmdesktop.fuzz.kills"


def die_at_call(n: int) -> None:
    """Kill this process at the `n`-th file-system step of saving (an fsync, a link or a rename),
    just before it happens: a kill inside a save without waiting for luck."""
    calls = [0]

    def wrap(fn):
        def step(*args, **kwargs):
            calls[0] += 1
            if calls[0] == n:
                os.kill(os.getpid(), signal.SIGKILL)
            return fn(*args, **kwargs)
        return step

    for name in ("replace", "link", "fsync"):
        setattr(os, name, wrap(getattr(os, name)))


def child(seed: int, die_at: int = 0) -> None:
    """The player: Continue (or a new game), then random legal actions, each one autosaved."""
    from .. import saves
    from ..app.scenes.load_scene import AutosaveSession
    from ..rules.engine import Game
    from ..rules.random_play import random_step
    from ..rules.setup import GameSetup

    latest = saves.latest_unfinished()
    if latest is not None:
        loaded = saves.load(latest.path)
        saver = saves.Autosaver(loaded.game_id, loaded.names, loaded.created or None, path=loaded.path)
        game = loaded.game
    else:
        game = Game(GameSetup.random(4, seed, factions=("witches", "nomads", "giants", "darklings")))
        saver = saves.Autosaver(f"killed-{seed}", names={"witches": "Ana"})
    session = AutosaveSession(game, saver)
    if die_at:
        die_at_call(die_at)
    rng = random.Random(seed)
    print(len(game.log), flush=True)
    while not game.finished:
        who, action = random_step(game, rng)
        if not session.apply(action, who).ok:
            raise SystemExit(f"refused: {action}")
        print(len(game.log), flush=True)  # this action's autosave is on disk


class KillTarget:
    """One case: start the player, kill it at a random moment, look at what it left."""

    def __init__(self, folder: str | Path, seed: int):
        self.folder = Path(folder)
        self.faults = 0
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH", "")]),
            PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.seed = seed

    def case(self, rng: random.Random) -> tuple[int, float, int]:
        """(game seed, seconds before the kill, or the save step to die at: half the cases each)."""
        if rng.random() < 0.5:
            return rng.randrange(1 << 30), 5.0, rng.randrange(1, 60)
        return rng.randrange(1 << 30), rng.uniform(0.0, 0.25), 0

    def check(self, case: tuple[int, float], rng: random.Random) -> str:
        from .. import saves

        seed, delay, die_at = case
        errors = self.folder / "player-errors.txt"
        with open(errors, "w") as err:
            proc = subprocess.Popen([sys.executable, "-m", CHILD, str(seed), str(die_at)], stdout=subprocess.PIPE,
                                    stderr=err, env=self.env, text=True)
        reported: list[int] = []
        try:
            first = proc.stdout.readline()  # the game is open (and saved once)
            if not first.strip():
                raise CaseFailure(f"the player did not start: {errors.read_text()[-300:]}")
            reported.append(int(first))
            deadline = time.perf_counter() + delay
            while time.perf_counter() < deadline:
                line = proc.stdout.readline()
                if not line:
                    break
                reported.append(int(line))
            proc.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        finally:
            proc.kill()
            rest = proc.stdout.read()  # to the end, through the same buffer readline() filled
            proc.wait(timeout=30)
            proc.stdout.close()
        reported += [int(x) for x in rest.split() if x.isdigit()]
        last = reported[-1]
        latest = saves.latest_unfinished()
        listed = saves.list_saves()
        if latest is None and not any(i.finished for i in listed):
            raise CaseFailure("Continue finds no game after the kill")
        info = latest or next(i for i in listed if i.finished)
        if info.path not in [i.path for i in listed]:
            raise CaseFailure("Load does not list the game")
        loaded = saves.load(info.path)
        if loaded.note:
            raise CaseFailure(f"the game loaded from its backup: {loaded.note}")
        if len(loaded.game.log) not in (last, last + 1):
            raise CaseFailure(f"the save has {len(loaded.game.log)} moves; the player had saved {last}")
        leftovers = [p.name for p in saves.saves_dir().iterdir() if p.name.endswith(saves.TMP_SUFFIX)]
        if leftovers:
            raise CaseFailure(f"temporary files left: {leftovers}")
        if loaded.game.finished:
            saves.delete(info.path)  # a finished game: the next case starts a new one
        return ACCEPTED


if __name__ == "__main__":
    child(int(sys.argv[1]), int(sys.argv[2]))
