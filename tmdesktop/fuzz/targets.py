"""What the file fuzzers feed and what they check: saves, site logs, ledgers and settings.

The material is real: saves and logs of seeded random legal games (two to five players, the
expansion's factions and maps, finished and unfinished), the ledgers shipped as samples, and a
settings file as the settings screen writes it.  Each case damages one of them (see `mutate`)
and hands it to the same functions the game uses, which must accept it or refuse it with the
project's own error and a printable message; anything else is a crash.  Engine faults that a
safety net turned into a message are counted apart (`Target.faults`): they are clean for the
player but point at a root cause.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from dataclasses import asdict
from functools import cached_property
from pathlib import Path

from .. import saves, settings
from ..refusals import message, worded
from ..rules.engine import Game
from ..rules.ledger import LedgerError, read_ledger, replay_ledger
from ..rules.random_play import random_step
from ..rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS, GameSetup
from ..rules.sitelog import LogError, export_log, import_log
from ..safe_text import clean
from . import mutate
from .runner import ACCEPTED, CLEAN, CaseFailure

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
FAULT_MARK = "could not be replayed"  # the safety nets' wording (saves, logs, the replay viewer)
#: (players, seed, steps, setup keywords): short, middle and finished games on several maps.
GAMES = ((3, 11, 40, {}), (4, 12, 160, {}), (2, 13, 10_000, {}), (5, 14, 90, {"map_key": "fjords"}),
         (4, 15, 10_000, {"options": TOURNAMENT_OPTIONS | FIRE_ICE_FACTION_OPTIONS}),
         (3, 16, 0, {"map_key": "loon_lakes"}))


def printable(message: str) -> bool:
    return bool(message) and len(message) <= 2000 and clean(message, 2000) == message


def _game(players: int, seed: int, steps: int, kw: dict) -> Game:
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, **kw))
    for _ in range(steps):
        if game.finished:
            break
        game.apply(*random_step(game, rng))
    return game


class Target:
    def __init__(self, folder: Path):
        self.folder = folder
        self.faults = 0

    def check_message(self, message: str) -> str:
        if not printable(message):
            raise CaseFailure(f"unprintable message {message[:80]!r}")
        if FAULT_MARK in message:
            self.faults += 1
        return CLEAN

    @cached_property
    def games(self) -> list[Game]:
        return [_game(*g) for g in GAMES]


class SavesTarget(Target):
    """A damaged save (and sometimes a damaged backup) on Load and in the list; a good save
    next to it must stay byte for byte the same; what loads must autosave and load again."""

    def __init__(self, folder: Path):
        super().__init__(folder)
        self.bases = [json.dumps(saves.game_to_dict(g, f"base{i}", {"witches": "Ana"}), ensure_ascii=False).encode()
                      for i, g in enumerate(self.games)]
        self.neighbour = folder / "neighbour.tmsave"
        saves.save_game(self.games[1], self.neighbour, "neighbour")
        self.neighbour_bytes = self.neighbour.read_bytes()

    def damaged(self, rng: random.Random) -> bytes:
        base = rng.choice(self.bases)
        if rng.random() < 0.45:
            return mutate.dumps(rng, mutate.mutate_json(rng, json.loads(base)))
        return mutate.mutate_bytes(rng, base)

    def case(self, rng: random.Random) -> Path:
        """The damaged file (and sometimes a backup) on disk; writing is no part of the timed check."""
        path = self.folder / "case.tmsave"
        saves.delete(path)
        path.write_bytes(self.damaged(rng))
        if rng.random() < 0.2:
            saves.backup_of(path).write_bytes(self.damaged(rng) if rng.random() < 0.5 else rng.choice(self.bases))
        return path

    def check(self, path: Path, rng: random.Random) -> str:
        listed = saves.info(path)
        if not all(printable(s) or s == "" for s in (listed.error, listed.phase, *listed.names.values())):
            raise CaseFailure("unprintable text in the load list")
        try:
            loaded = saves.load(path)
        except saves.SaveError as exc:
            outcome = self.check_message(message(exc))
        else:
            saver = saves.Autosaver(loaded.game_id, loaded.names, loaded.created or None, path=path)
            if not saver.save(loaded.game):
                raise CaseFailure(f"a loaded game cannot be saved again: {saver.error}")
            if saves.load_file(path).game.log != loaded.game.log:
                raise CaseFailure("a loaded game does not load back the same")
            outcome = ACCEPTED
        if self.neighbour.read_bytes() != self.neighbour_bytes:
            raise CaseFailure("another save was changed")
        return outcome


class LogsTarget(Target):
    """A damaged site log (exported from a real game) through `import_log`."""

    @cached_property
    def bases(self) -> list[bytes]:
        return [export_log(g).encode() for g in self.games]

    def case(self, rng: random.Random) -> str:
        return mutate.mutate_bytes(rng, rng.choice(self.bases)).decode("utf-8", "surrogateescape")

    def check(self, text: str, rng: random.Random) -> str:
        try:
            game = import_log(text)
        except LogError as exc:
            return self.check_message(message(exc))
        export_log(game)  # what imports must export again
        return ACCEPTED


class LedgersTarget(Target):
    """A damaged ledger (one of the shipped tournament games) through `read_ledger` and
    `replay_ledger`, as the replay CLI and the replay viewer call them."""

    @cached_property
    def bases(self) -> list[bytes]:
        return [p.read_bytes() for p in sorted(SAMPLES.glob("*.txt"))]

    def case(self, rng: random.Random) -> bytes:
        return mutate.mutate_bytes(rng, rng.choice(self.bases))

    def check(self, data: bytes, rng: random.Random) -> str:
        try:
            ledger = read_ledger(data.decode("utf-8"))
        except UnicodeDecodeError:
            return CLEAN  # the CLI and the viewer say "cannot read" for a file that is not UTF-8
        except LedgerError as exc:
            return self.check_message(message(exc))
        _game, mismatch = replay_ledger(ledger)
        if mismatch is not None:
            return self.check_message(str(worded(mismatch)))
        return ACCEPTED


class SettingsTarget(Target):
    """A damaged settings file (or a link, a folder, nothing) through `load_checked`; what comes out
    must be valid settings that save and load back the same."""

    BASE = {"version": 1, **asdict(settings.Settings(language="es", colour_blind=True, ui_scale=1.25,
                                                      leech={"Ana": "free", "Bo": "up3"}, recent_names=["Ana", "Bo"]))}

    def case(self, rng: random.Random) -> Path:
        path = self.folder / "cfg" / settings.FILE_NAME
        _remove(path.parent)
        path.parent.mkdir(parents=True)
        roll = rng.random()
        if roll < 0.03:
            path.symlink_to(self.folder / "missing" / "x.json")
        elif roll < 0.05:
            path.mkdir()
        elif roll < 0.5:
            path.write_bytes(mutate.dumps(rng, mutate.mutate_json(rng, json.loads(json.dumps(self.BASE)))))
        else:
            path.write_bytes(mutate.mutate_bytes(rng, json.dumps(self.BASE).encode()))
        return path

    def check(self, path: Path, rng: random.Random) -> str:
        s, problem = settings.load_checked(path, pref_locales=[{"language": rng.choice(("es", "it", "de"))}])
        again, bad = settings._validate(asdict(s))
        if bad or again != s:
            raise CaseFailure(f"settings out of range after loading: {bad}")
        if path.is_file() and not path.is_symlink():
            if settings.save(s, path) or settings.load_checked(path)[0] != s:
                raise CaseFailure("the settings do not save and load back")
        return self.check_message(problem.message()) if problem else ACCEPTED


def _remove(folder: Path) -> None:
    if not folder.exists() and not folder.is_symlink():
        return
    for root, dirs, files in os.walk(folder, topdown=False):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            os.unlink(os.path.join(root, name))
        for name in dirs:
            if not os.path.islink(os.path.join(root, name)):
                os.rmdir(os.path.join(root, name))
    os.rmdir(folder)


TARGETS = {"saves": SavesTarget, "logs": LogsTarget, "ledgers": LedgersTarget, "settings": SettingsTarget}


def make(name: str, folder: Path | None = None) -> Target:
    return TARGETS[name](Path(folder or tempfile.mkdtemp(prefix=f"tmfuzz-{name}-")))
