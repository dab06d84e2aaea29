"""The processes Hard's look-ahead is spread over, so that it uses both cores of a machine.

Started on first use and kept for the life of the process ("spawn": nothing of the caller is
copied, which matters inside the app's own worker); they end with it (`spawned`). Each worker
receives the position without its undo history and a share of the plans with their random seeds,
so the scores are exactly those of following the plans in one process. If the pool cannot be
used, the plans are followed here.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import util

from .. import spawned
from . import engine_api as E

_pool: ProcessPoolExecutor | None = None
_size = 0


def _executor(size: int) -> ProcessPoolExecutor:
    global _pool, _size
    if _pool is None or _size != size:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
        _pool = spawned.pool(size)
        _size = size
        # Ended before this process waits for its children at exit: inside the app's worker,
        # multiprocessing joins them before any `atexit` or thread shutdown could end the pool,
        # and they wait for work for good (Quit after a Hard move never returned).
        util.Finalize(None, shutdown, exitpriority=100)  # (before its queues close, at 10)
    return _pool


def _follow_share(game, faction: str, lines: list, level, seeds: list[int]) -> list[float | None]:
    from .planner import follow_plan
    return [follow_plan(game, faction, line, level, seed) for line, seed in zip(lines, seeds)]


def follow_plans(game, faction: str, lines: list, level, seeds: list[int]) -> list[float | None]:
    """`planner.follow_plan` of every plan, the plans dealt round-robin over `level.workers`
    processes; the scores come back in the plans' order."""
    n = min(level.workers, len(lines))
    if n <= 1:
        return _follow_share(game, faction, lines, level, seeds)
    portable = E.portable(game)
    try:
        pool = _executor(level.workers)
        futures = [pool.submit(_follow_share, portable, faction, lines[k::n], level, seeds[k::n]) for k in range(n)]
        shares = [f.result() for f in futures]
    except (BrokenProcessPool, OSError, RuntimeError):
        shutdown()
        return _follow_share(game, faction, lines, level, seeds)
    scores: list[float | None] = [None] * len(lines)
    for k, share in enumerate(shares):
        scores[k::n] = share
    return scores


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(cancel_futures=True)
        _pool = None
