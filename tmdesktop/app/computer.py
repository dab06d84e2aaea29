"""Computer seats at the table: who plays each seat, and the computer's thinking off the window's thread.

A seat is a person at this table ("human") or a computer level (`tmdesktop.ai`).  The computer's
choice is `ai.choose_action`, a pure function of picklable inputs, run in a worker process so
that the window keeps drawing and answering events while it thinks; the scene polls `Thinker`
from its `update()` and never waits on it.
"""

from __future__ import annotations

import atexit
import zlib
from concurrent.futures import Future, ProcessPoolExecutor

from tmdesktop import spawned
from tmdesktop.ai import LEVELS, choose_action
from tmdesktop.i18n import N_

#: Who plays a seat, in the order the setup pages offer them.
SEAT_KINDS = {"human": N_("Human"), "easy": N_("Computer: easy"), "medium": N_("Computer: medium"),
              "hard": N_("Computer: hard")}
#: Seconds a computer move stays on screen (its banner and highlight) before the next one, by
#: the Settings' animation speed.
MOVE_SECONDS = {"off": 0.0, "fast": 0.7, "normal": 1.6, "slow": 3.0}


def move_seconds(speed: str) -> float:
    """How long a computer move stays on screen at the Settings' `speed` (normal if unknown)."""
    return MOVE_SECONDS.get(speed, MOVE_SECONDS["normal"])


#: False: think in the window's process (a few tests); the app always uses the worker.
USE_WORKER = True

_pool: ProcessPoolExecutor | None = None


def is_computer(kind: str | None) -> bool:
    return kind in LEVELS


def computers_of(factions, kinds) -> dict[str, str]:
    """faction -> level for the computer seats, from the factions and seat kinds in seat order."""
    return {f: k for f, k in zip(factions, kinds) if is_computer(k)}


def move_seed(setup, log, faction: str | None) -> int:
    """The same game, position and faction always give the computer the same seed (any process)."""
    return zlib.crc32(f"{setup.seed}:{len(log)}:{faction}".encode())


def worker_pool() -> ProcessPoolExecutor:
    """The one worker process of the whole app (computer seats, hints, reviews), started on first
    use; it ends with the app, even when the app is killed (`spawned`)."""
    global _pool
    if _pool is None:
        _pool = spawned.pool(1)
        atexit.register(shutdown)
    return _pool


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


class Thinker:
    """One question to the computer at a time: `start` it, `poll` each frame.

    A result belongs to the position it was asked in (`key`): one that arrives after the game
    moved on (an undo) is dropped by the caller comparing keys."""

    def __init__(self, worker: bool | None = None):
        self.worker = USE_WORKER if worker is None else worker
        self.key: tuple | None = None
        self._future: Future | None = None

    def busy(self) -> bool:
        return self._future is not None

    def start(self, game, faction: str, level: str, key: tuple) -> None:
        log = list(game.log)
        args = (game.setup, log, faction, level, move_seed(game.setup, log, faction))
        self.key = key
        if self.worker:
            self._future = worker_pool().submit(choose_action, *args)
        else:
            self._future = Future()
            try:
                self._future.set_result(choose_action(*args))
            except Exception as exc:  # reported by `poll`, as the worker's would be
                self._future.set_exception(exc)

    def poll(self):
        """(key, action) once the answer is in, else None; an error in the worker is raised."""
        f = self._future
        if f is None or not f.done():
            return None
        self._future = None
        return self.key, f.result()

    def forget(self) -> None:
        """Drop the question asked (its answer, if it still comes, is not wanted)."""
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self.key = None
