"""Seeded random clicks, keys, typed text and resizes through the app's screens (a small count;
the long run is `python -m tmdesktop fuzz ui --cases N`)."""

from __future__ import annotations

from tmdesktop.fuzz.runner import run
from tmdesktop.fuzz.ui import UiFuzzer


def test_random_input_never_crashes_the_app(user_dirs, tmp_path):
    fuzzer = UiFuzzer(tmp_path, seed=3)
    stats = run(fuzzer, 400, seed=3, seconds=10, cap_memory=False)
    assert stats.crashes == []
    assert {"TitleScene", "PlayScene"} <= set(fuzzer.coverage)  # it went past the title screen
