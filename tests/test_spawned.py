"""The computer players' worker processes end with the process that started them: the app killed
while its worker (and a Hard player's two processes inside it) are up leaves nothing running.
Before, each kill left them behind for good, idle, with the resource tracker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: Run in the worker: the pids of Hard's pool of two, started there as a Hard move starts it.
NESTED = textwrap.dedent("""
    import os
    from tmdesktop.ai import workers

    def hard_pool_pids():
        pool = workers._executor(2)
        for future in [pool.submit(os.getpid) for _ in range(4)]:
            future.result(timeout=120)
        return sorted(pool._processes)
""")

#: The app's side: its one worker, in it Hard's pool, the pids written to the file named first.
STARTED = textwrap.dedent("""
    import os, signal, sys, time
    from tmdesktop.app import computer
    import nested_pids

    pool = computer.worker_pool()
    worker = pool.submit(os.getpid).result(timeout=120)
    inner = pool.submit(nested_pids.hard_pool_pids).result(timeout=120)
    with open(sys.argv[1], "w") as f:
        print(worker, *inner, file=f)
""")
#: Then a kill that leaves no time for any clean-up.
APP = STARTED + "os.kill(os.getpid(), signal.SIGKILL)\n"


def _running(pid: int) -> bool:
    """A process that exists and is not a zombie (nobody may reap the orphans in a container)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _setting(tmp_path):
    """The environment that finds the project and `nested_pids`, and the files for the pids and
    stderr (no pipes: workers left behind would hold them open, and the run would wait on them)."""
    (tmp_path / "nested_pids.py").write_text(NESTED, encoding="utf-8")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), root]))
    return env, tmp_path / "pids.txt", tmp_path / "stderr.txt"


def test_killing_the_app_ends_its_worker_and_hard_players_processes(tmp_path):
    env, out, err = _setting(tmp_path)
    with open(err, "w") as errors:
        run = subprocess.run([sys.executable, "-c", APP, str(out)], env=env, stdout=subprocess.DEVNULL,
                             stderr=errors, timeout=300)
    assert run.returncode == -signal.SIGKILL, err.read_text()
    pids = [int(x) for x in out.read_text().split()]
    assert len(pids) == 3, pids  # the app's worker and Hard's two
    deadline = time.monotonic() + 30  # a generous bound: they go within a second when it works
    while any(map(_running, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in pids if _running(pid)]
    for pid in left:  # leave the machine clean whatever the outcome
        os.kill(pid, signal.SIGKILL)
    assert left == []


#: Or an end as the window closing makes it (Quit), Hard's processes up and idle as between moves
#: (a quicker exit raced their start).
APP_QUITS = STARTED + "time.sleep(2)\n"


def test_quitting_after_a_hard_move_exits_and_ends_every_worker(tmp_path):
    # Found playing: after a Hard seat had moved, Quit closed the window but the process never
    # ended. The app's worker, exiting, waited for Hard's two processes, which waited for work.
    env, out, err = _setting(tmp_path)
    with open(err, "w") as errors:
        app = subprocess.Popen([sys.executable, "-c", APP_QUITS, str(out)], env=env, stdout=subprocess.DEVNULL,
                               stderr=errors)
        try:
            code = app.wait(timeout=60)  # it exits within seconds when it works
        except subprocess.TimeoutExpired:
            code = None
    pids = [int(x) for x in out.read_text().split()] if out.exists() else []
    for pid in [app.pid, *pids]:  # leave the machine clean whatever the outcome
        if _running(pid):
            os.kill(pid, signal.SIGKILL)
    assert code == 0, err.read_text()
    assert len(pids) == 3 and not any(map(_running, pids)), pids
