"""The project's fuzzers at a small count (the long runs: `python -m tmdesktop fuzz TARGET --cases N`,
figures in the README): damaged saves, logs, ledgers and settings, and kills while autosaving."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tmdesktop import i18n
from tmdesktop.fuzz import targets
from tmdesktop.fuzz.kills import KillTarget
from tmdesktop.fuzz.runner import run


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("TMDESKTOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TMDESKTOP_CONFIG_DIR", str(tmp_path / "cfg"))
    yield tmp_path
    i18n.set_language("en")


@pytest.mark.parametrize("name,cases,lang", [("saves", 150, "en"), ("logs", 300, "es"), ("ledgers", 60, "it"),
                                             ("settings", 200, "es")])
def test_damaged_files_give_clean_errors_and_no_crash(dirs, name, cases, lang):
    i18n.set_language(lang)
    stats = run(targets.make(name, dirs), cases, seed=7)
    assert stats.crashes == []
    assert stats.tried == cases and stats.clean > cases // 2  # most damage is found and refused


def test_killed_while_autosaving_the_game_is_found_at_most_one_action_behind(dirs):
    stats = run(KillTarget(dirs, 5), 6, seed=5, seconds=60)
    assert stats.crashes == [] and stats.accepted == 6


def test_the_command_line_prints_the_summary_last(dirs):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-m", "tmdesktop", "fuzz", "settings", "--cases", "40", "--seed", "3",
                          "--lang", "it"], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("40 tried, ") and last.endswith(" clean errors, 0 crashes")
