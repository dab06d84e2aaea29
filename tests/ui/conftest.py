"""Headless pygame for the UI tests: SDL's dummy drivers, set before pygame starts."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEO_DRIVER", "dummy")  # SDL3's spelling
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def pygame_display():
    assert pygame.IS_CE, "the app needs pygame-ce"
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    """Saves and settings in throw-away folders, English before and after (the menu tests)."""
    from tmdesktop import i18n

    monkeypatch.setenv("TMDESKTOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TMDESKTOP_CONFIG_DIR", str(tmp_path / "cfg"))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def title_app():
    """An App on the title screen, drawn once: `title_app(size=(1280, 720), settings=None)`."""
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.title import TitleScene
    from tmdesktop.settings import Settings

    def make(size=(1280, 720), settings=None):
        app = App(size)
        app.settings = settings or Settings()
        app.push(TitleScene(app))
        app.render(force=True)
        return app

    return make


@pytest.fixture
def make_app():
    """An App with a GameScene on a fresh game; `demo` random actions already played."""
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session, new_game

    def make(size=(1280, 720), demo=0, seed=11, players=4):
        app = App(size)
        session = Session(new_game(players, seed))
        if demo:
            session.play_random(demo, random.Random(seed))
        scene = GameScene(app, session)
        app.push(scene)
        app.render(force=True)
        return app, scene, session

    return make


@pytest.fixture(autouse=True)
def _same_random_seed_each_test():
    """New games take a random seed (setup screen, menus): fix the module RNG so every UI test
    plays the same games on every run."""
    import random

    state = random.getstate()
    random.seed(20261121)
    yield
    random.setstate(state)
