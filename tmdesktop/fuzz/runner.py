"""Running fuzz cases one by one, each bounded in time and memory, and counting what happened.

A case ends in one of: accepted (the input was fine, or damaged in a harmless place), a clean
error (the project's own error with a printable message), or a crash: any other exception, a
message with unprintable characters, more than `seconds` or `megabytes`, or a broken promise the
target checks (another file touched, a save that does not load back).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable

ACCEPTED, CLEAN = "accepted", "clean"


class CaseFailure(Exception):
    """A broken promise found by a target's own checks."""


class CaseTimeout(BaseException):  # not an Exception: the code under test must not swallow it
    pass


@dataclass
class Stats:
    tried: int = 0
    clean: int = 0
    accepted: int = 0
    crashes: list[tuple[int, str]] = field(default_factory=list)
    slowest: tuple[float, int] = (0.0, -1)  # seconds of processor time, case
    biggest: tuple[float, int] = (0.0, -1)  # MB the peak resident size grew by, case

    def summary(self) -> str:
        return f"{self.tried} tried, {self.clean} clean errors, {len(self.crashes)} crashes"

    def figures(self) -> str:
        return (f"{self.accepted} accepted; slowest case {self.slowest[0] * 1000:.0f} ms of processor time "
                f"(#{self.slowest[1]}), "
                f"largest growth of the peak memory {self.biggest[0]:.1f} MB (#{self.biggest[1]})")


@contextlib.contextmanager
def time_limit(cpu_seconds: float, wall_seconds: float):
    """Interrupt the case after `cpu_seconds` of processor time, or `wall_seconds` of waiting (a
    hang), where the system has these timers; elsewhere the case is only measured."""
    if not hasattr(signal, "setitimer") or sys.platform == "win32":
        yield
        return

    def expire(_sig, _frame):
        raise CaseTimeout()

    old = signal.signal(signal.SIGPROF, expire), signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old[0])
        signal.signal(signal.SIGALRM, old[1])


def _address_space() -> int | None:
    """Bytes of address space the process holds now (Linux), or None where it cannot be read."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None


@contextlib.contextmanager
def memory_limit(megabytes: float | None):
    """Let the case take at most `megabytes` of new address space: beyond it, MemoryError (a crash
    in the count) instead of a machine brought down.  Linux only; elsewhere nothing is capped."""
    used = _address_space() if megabytes else None
    try:
        import resource
    except ImportError:
        used = None
    if used is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (used + int(megabytes * 1024 * 1024), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _peak_rss_mb() -> float:
    try:
        import resource
    except ImportError:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def case_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"{seed}:{index}")


def run(target, cases: int, seed: int, seconds: float = 2.0, megabytes: float = 200.0, cap_memory: bool = True,
        only: int | None = None, progress: Callable[[Stats], None] | None = None, verbose: bool = False) -> Stats:
    """For each case: `target.case(rng)` makes the input (not timed), `target.check(case, rng)` hands
    it to the game and returns ACCEPTED or CLEAN, or raises.  The check runs under the bounds:
    `seconds` of processor time (the machine may be shared: waiting for a processor is no cost of
    the case; cut off at twice that, or after ten times that of waiting) and, with `cap_memory`,
    `megabytes` of new address space; the growth of the peak resident size is reported either way."""
    stats = Stats()
    indices = [only] if only is not None else range(cases)
    for i in indices:
        rng = case_rng(seed, i)
        problem = ""
        case = None
        try:
            case = target.case(rng)
        except Exception as exc:  # the fuzzer's own fault: say so, it is no crash of the game
            print(f"case {i} could not be made: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        peak0 = _peak_rss_mb()
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            with time_limit(seconds * 2, seconds * 10), memory_limit(megabytes if cap_memory else None):
                outcome = target.check(case, rng)
        except CaseTimeout:
            problem = f"cut off after {time.process_time() - c0:.1f} s of processor time"
        except CaseFailure as exc:
            problem = str(exc)
        except (Exception, RecursionError, MemoryError) as exc:
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            problem = f"{type(exc).__name__}: {str(exc)[:200]} at {os.path.basename(frame.filename)}:{frame.lineno}"
            if isinstance(exc, MemoryError):
                problem = f"more than {megabytes:.0f} MB ({problem})"
            if verbose:
                traceback.print_exc()
        spent, wall = time.process_time() - c0, time.perf_counter() - t0
        mb = _peak_rss_mb() - peak0
        stats.tried += 1
        if not problem and spent > seconds:
            problem = f"took {spent:.1f} s of processor time ({wall:.1f} s in all)"
        if problem:
            if hasattr(target, "describe"):
                problem += f" [{target.describe(case)}]"
            stats.crashes.append((i, problem))
            print(f"CRASH case {i}: {problem}", flush=True)
        elif outcome == CLEAN:
            stats.clean += 1
        else:
            stats.accepted += 1
        stats.slowest = max(stats.slowest, (spent, i))
        stats.biggest = max(stats.biggest, (mb, i))
        if progress and stats.tried % 1000 == 0:
            progress(stats)
    return stats
