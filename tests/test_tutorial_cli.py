"""`python -m tmdesktop tutorial --check` plays every lesson through the headless app."""

import os
import subprocess
import sys

from tmdesktop.teaching.lesson import load_lessons


def test_the_check_completes_every_lesson(tmp_path):
    env = dict(os.environ, TMDESKTOP_DATA_DIR=str(tmp_path / "mine"))
    out = subprocess.run([sys.executable, "-m", "tmdesktop", "tutorial", "--check"], capture_output=True, text=True,
                         env=env, timeout=300)
    n = len(load_lessons())
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == f"{n} lessons completed, 0 failed"
    assert not (tmp_path / "mine").exists()  # the check's progress is thrown away, not the player's


def test_without_check_it_says_how_to_use_it():
    out = subprocess.run([sys.executable, "-m", "tmdesktop", "tutorial"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--check" in out.stdout
