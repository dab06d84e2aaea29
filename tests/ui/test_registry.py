"""Scenes open each other by name through one registry."""

import pygame

from tmdesktop.app.scenes import registry
from tmdesktop.app.scenes.base import Scene

from ui_events import click


def test_every_registered_name_is_a_scene_or_an_entry():
    for name in registry.SCENES:
        assert issubclass(registry.scene_class(name), Scene), name
    for name in registry.ENTRIES:
        assert callable(registry.entry(name)), name


def test_the_title_menu_opens_its_scenes_by_name(title_app, user_dirs):
    app = title_app()
    title = app.stack.top
    for key, kind in (("settings", "settings"), ("replay", "replays"), ("load", "load"), ("new", "setup")):
        click(app, title.button(key).rect.center)
        assert isinstance(app.stack.top, registry.scene_class(kind)), key
        app.stack.pop()
        app.render(force=True)
    assert app.stack.top is title and pygame.display.get_surface() is not None


def test_the_pages_drawn_alone_open_with_the_app_only(title_app, user_dirs):
    """What `--scene NAME --screenshot` offers: each opens and draws; the pages that show a game,
    a replay or a lesson are not offered (they cannot open without one)."""
    app = title_app()
    pages = registry.drawable_alone()
    assert {"title", "setup", "settings", "tutorial", "rules"} <= set(pages)
    assert not {"scoring", "review", "replay", "lesson", "draft", "auction"} & set(pages)
    for name in pages:
        registry.open_scene(app, name)
        app.render(force=True)
        app.stack.pop()
