"""Scenes: one screen (or one dialog) each, stacked by the app.

A scene turns input into intents and draws itself.  It sets `dirty` when what it shows has
changed; the app presents a frame only then, so an idle table costs almost no CPU.

Input goes down the stack from the top: a scene that `passes_input` (an `Overlay`: a tutorial, a
hint, the computer's move banner) sees each event first and returns True to keep it (blocking
it), or anything else to let the scene below have it; other scenes keep every event.
"""

from __future__ import annotations

import pygame


class Scene:
    #: An opaque scene hides the ones below it; a dialog is drawn over its parent.
    opaque = True
    #: True for overlays: events they do not keep go on to the scene below.
    passes_input = False

    def __init__(self, app):
        self.app = app
        self.dirty = True

    # life cycle
    def enter(self) -> None:
        self.dirty = True

    def resume(self) -> None:
        """Back on top after the scene above was closed."""
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    # the loop
    def handle_event(self, event: pygame.event.Event) -> bool | None:
        """React to one event; an overlay returns True to keep it from the scenes below."""
        return None

    def update(self, dt: float) -> bool:
        """Advance animations; return True while animating (the app then ticks faster)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw only what changed on `surface`, which still shows this scene's last frame, and
        return the rectangles changed; None (the default) has the app call `draw` instead."""
        return None

    def covered(self) -> pygame.Rect | None:
        """What this scene, drawn over another, hides of it (a panel over the map: what lies under
        it shows no card, and a card goes elsewhere); None: nothing."""
        return None

    def after_frame(self) -> None:
        """Work that can wait until the frame is on screen (an autosave): called after every
        frame, and when the scene leaves the stack or the app stops."""


class Overlay(Scene):
    """Drawn over the scene below and letting its input through, except what it keeps."""

    opaque = False
    passes_input = True

    def handle_event(self, event: pygame.event.Event) -> bool | None:
        return False


class SceneStack:
    def __init__(self):
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take `scene` out wherever it is (a dialog closing under an overlay)."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            for shown in self.visible():  # what it covered shows again: a frame is owed
                shown.dirty = True

    def input_top(self) -> Scene | None:
        """The top-most scene that keeps its input: the one the player is talking to."""
        for scene in reversed(self.scenes):
            if not scene.passes_input:
                return scene
        return None

    def input_chain(self, below: Scene | None = None) -> list[Scene]:
        """The scenes an event visits, top first: the overlays, then the first scene that keeps input
        (with `below`: those under that scene, as if it were not there)."""
        out = []
        scenes = self.scenes[:self.scenes.index(below)] if below in self.scenes else self.scenes
        for scene in reversed(scenes):
            out.append(scene)
            if not scene.passes_input:
                break
        return out

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the top-most opaque one upwards."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def dirty(self) -> bool:
        return any(s.dirty for s in self.visible())

    def clean(self) -> None:
        for s in self.scenes:
            s.dirty = False
