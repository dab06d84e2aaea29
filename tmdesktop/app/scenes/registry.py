"""Scenes by name: the one place that knows which module holds which scene.

Scenes open one another through `open_scene(app, "scoring", game)` (or `make`) instead of
importing each other, so no scene module depends on another one's import order.  The modules
are imported on first use, which keeps start-up light.
"""

from __future__ import annotations

import importlib
import inspect

#: name -> (module in this package, attribute): scene classes and the few entry functions.
SCENES = {
    "title": ("title", "TitleScene"),
    "setup": ("setup_scene", "SetupScene"),
    "first_game": ("first_game_scene", "FirstGameScene"),
    "draft": ("draft_scene", "DraftScene"),
    "auction": ("auction_scene", "AuctionScene"),
    "load": ("load_scene", "LoadScene"),
    "settings": ("settings_scene", "SettingsScene"),
    "scoring": ("scoring", "ScoringScene"),
    "review": ("review_scene", "ReviewScene"),
    "replays": ("replay_viewer", "ReplayPickScene"),
    "replay": ("replay_viewer", "ReplayScene"),
    "rules": ("rules_scene", "RulesScene"),
    "tutorial": ("tutorial_menu", "LessonListScene"),
    "lesson": ("tutorial_lesson", "LessonScene"),
}
ENTRIES = {
    "open_game": ("load_scene", "open_game"),
    "open_save": ("load_scene", "open_save"),
    "to_title": ("load_scene", "to_title"),
}


def _lookup(table: dict, name: str):
    module, attr = table[name]
    return getattr(importlib.import_module(f"{__package__}.{module}"), attr)


def scene_class(name: str) -> type:
    return _lookup(SCENES, name)


def drawable_alone() -> list[str]:
    """The scenes that open with the app alone (the menu pages `--scene NAME --screenshot` can
    draw); the others show a game, a replay or a lesson they must be given."""
    names = []
    for name in SCENES:
        params = list(inspect.signature(scene_class(name).__init__).parameters.values())[2:]  # self, app
        if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            names.append(name)
    return names


def make(app, name: str, *args, **kwargs):
    """A new scene of kind `name` (not yet on the stack)."""
    return scene_class(name)(app, *args, **kwargs)


def open_scene(app, name: str, *args, **kwargs):
    """Push a new scene of kind `name` and return it."""
    scene = make(app, name, *args, **kwargs)
    app.push(scene)
    return scene


def entry(name: str):
    """An entry function by name: open_game, open_save, to_title."""
    return _lookup(ENTRIES, name)
