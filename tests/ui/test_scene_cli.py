"""`--scene NAME --screenshot FILE` draws a menu page opened through the scene registry (what the
packaged build's smoke test relies on to prove the pages were packed)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, *args):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TMDESKTOP_DATA_DIR": str(tmp_path / "d"),
           "TMDESKTOP_CONFIG_DIR": str(tmp_path / "c"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "tmdesktop", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("scene", ["setup", "first_game", "tutorial"])
def test_a_menu_page_draws_by_name(tmp_path, scene):
    shot = tmp_path / f"{scene}.png"
    done = run(tmp_path, "--scene", scene, "--screenshot", str(shot), "--size", "1280x720")
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


def test_an_unknown_page_is_refused_with_the_known_ones(tmp_path):
    done = run(tmp_path, "--scene", "moon", "--screenshot", str(tmp_path / "x.png"))
    assert done.returncode == 2 and "setup" in done.stderr


@pytest.mark.parametrize("scene", ["scoring", "replay", "lesson", "review", "draft"])
def test_a_page_that_needs_what_it_shows_is_refused_with_the_pages_it_can_draw(tmp_path, scene):
    shot = tmp_path / "x.png"
    done = run(tmp_path, "--scene", scene, "--screenshot", str(shot))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "Error" not in done.stderr
    assert repr(scene) in done.stderr and "setup, first_game" in done.stderr
    assert not shot.exists()


def test_a_page_without_a_screenshot_file_is_refused(tmp_path):
    done = run(tmp_path, "--scene", "title")
    assert done.returncode == 2 and "--screenshot" in done.stderr and "Traceback" not in done.stderr
