"""`python -m tmdesktop --factions ... --demo N --screenshot F`: Fire & Ice factions bring their
option, and factions or player counts the rules refuse are said in a line (exit code 2), not
raised as a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, *args):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "TMDESKTOP_DATA_DIR": str(tmp_path / "d"),
           "TMDESKTOP_CONFIG_DIR": str(tmp_path / "c"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "tmdesktop", *args, "--lang", "en"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_fire_and_ice_factions_play_as_many_seats_as_named(tmp_path):
    shot = tmp_path / "fi.png"
    done = run(tmp_path, "--factions", "chaosmagicians,shapeshifters,dragonlords", "--seed", "3", "--demo", "30",
               "--screenshot", str(shot), "--size", "1280x720")
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, said", [
    (["--factions", "witches,witches"], "Witches has already been chosen"),
    (["--factions", "witches,moon"], "Unknown faction moon"),
    (["--players", "2", "--factions", "witches,nomads,giants"], "--factions names 3 and --players 2"),
    (["--players", "9"], "--players: invalid choice: 9"),
])
def test_a_refused_table_is_said_in_a_line(tmp_path, args, said):
    shot = tmp_path / "x.png"
    done = run(tmp_path, *args, "--demo", "5", "--screenshot", str(shot))
    assert done.returncode == 2
    assert said in done.stderr and "Traceback" not in done.stderr
    assert not shot.exists()


def test_a_demo_game_in_a_window_has_the_games_menu_and_leads_to_the_title(user_dirs):
    """Play-test: in `--demo N` (without --screenshot) Esc did nothing: no menu, no way back to
    the title screen. It is a game like one begun from the menus: Esc opens the game's menu."""
    import random

    import pygame

    from tmdesktop.app.app import App
    from tmdesktop.app.main import _quick_game, open_quick_game
    from tmdesktop.app.scenes.dialogs import ChoiceScene
    from tmdesktop.app.scenes.title import TitleScene
    from tmdesktop.app.session import Session
    from tmdesktop.settings import Settings

    from ui_events import click, key

    app = App((1280, 720))
    app.settings = Settings()
    game, problem = _quick_game(None, "", 3)
    assert not problem
    Session(game).play_random(40, random.Random(3))  # as `main` plays the demo's moves
    scene = open_quick_game(app, game)
    app.render(force=True)
    assert app.stack.top is scene and scene.game is game and len(game.log) > 0
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, ChoiceScene) and [o.value for o in menu.options][-1] == "title"
    click(app, menu.rects[-1].center)  # Main menu (the game is saved)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1
    assert app.stack.top.button("continue").enabled  # and Continue takes it up again


@pytest.mark.parametrize("args, quick", [
    (["--factions", "witches,nomads"], True), (["--players", "3"], True), (["--demo", "5"], True),
    (["--seed", "4"], False), (["--size", "1280x720"], False), ([], False),
])
def test_players_or_factions_alone_open_a_game_not_the_title(args, quick):
    """Play-test: `--players` and `--factions` without `--demo N` were ignored without a word and
    the title screen opened; they now open that game, with no moves played."""
    from tmdesktop.app.main import parse_args, quick_game_asked

    assert quick_game_asked(parse_args(args)) is quick


def test_factions_alone_make_that_table(tmp_path):
    shot = tmp_path / "t.png"
    done = run(tmp_path, "--factions", "witches,nomads", "--seed", "2", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    done = run(tmp_path, "--factions", "witches,moon")
    assert done.returncode == 2 and "Unknown faction moon" in done.stderr  # refused before a window opens
