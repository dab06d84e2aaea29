"""The high-DPI window path (used on macOS): a pygame.Window whose drawable may be larger than
the window, with mouse positions scaled from window points to drawable pixels."""

import pygame
import pytest

from tmdesktop.app import app as app_module
from tmdesktop.app.app import App


@pytest.fixture
def dpi_app(monkeypatch):
    monkeypatch.setenv("TMDESKTOP_HIGH_DPI", "1")
    pygame.display.init()
    pygame.font.init()
    a = App((1280, 720))
    yield a
    a.window.destroy()


def test_high_dpi_window_is_a_pygame_window(dpi_app):
    assert dpi_app.window is not None
    assert dpi_app.size == dpi_app.window.get_surface().get_size()
    assert dpi_app.pixel_ratio == 1.0  # the dummy driver has no Retina display


def test_mouse_positions_are_scaled_to_drawable_pixels(dpi_app, monkeypatch):
    monkeypatch.setattr(App, "pixel_ratio", property(lambda self: 2.0))
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1)
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(3, -4), buttons=(0, 0, 0))
    assert dpi_app._to_pixels(click).pos == (200, 100) and dpi_app._to_pixels(click).button == 1
    assert dpi_app._to_pixels(moved).pos == (20, 40) and dpi_app._to_pixels(moved).rel == (6, -8)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert dpi_app._to_pixels(key) is key


def test_the_choice_of_window(monkeypatch):
    monkeypatch.delenv("TMDESKTOP_HIGH_DPI", raising=False)
    monkeypatch.setattr(app_module.sys, "platform", "darwin")
    assert app_module.wants_high_dpi_window(headless=False)
    assert not app_module.wants_high_dpi_window(headless=True)
    monkeypatch.setattr(app_module.sys, "platform", "linux")
    assert not app_module.wants_high_dpi_window(headless=False)
