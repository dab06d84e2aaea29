"""Worker processes that end with the process that started them.

The computer players think in spawned processes (the app's one worker, Hard's two, the arena's
games). A pool's workers wait on a queue whose writing end they hold themselves, so when the
process that started them is killed (a crash, a task manager, SIGTERM) nothing tells them, and
they stayed behind idle for good, with the resource tracker. Each worker here watches its
parent's sentinel (a pipe on POSIX, the process handle on Windows, both ready when the parent
is gone) and exits then; a worker that starts workers of its own takes them with it in turn.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor


def pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes ("spawn": no copy of the caller's process, the same
    on every system) that end when this process ends, however it ends."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=end_with_parent)


def end_with_parent() -> None:
    """In a worker: exit as soon as the parent process has ended (a daemon thread waits for it)."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child
        return

    def watch() -> None:
        parent.join()  # returns once the parent is gone
        os._exit(0)  # at once: the queue's threads would wait for a reader that is gone

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
