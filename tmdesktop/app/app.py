"""The window and the main loop over the scene stack."""

from __future__ import annotations

import os
import time

import pygame

from .scenes.base import Scene, SceneStack

ACTIVE_FPS = 60
IDLE_FPS = 12
#: Seconds of fast ticking after the last input, so hovering and dragging feel immediate.
LINGER = 0.6


def set_window_icon() -> None:
    """The game's icon (assets/icon.png, a copy of build/icon.png) for the window and the task bar."""
    from .paths import asset

    try:
        pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
    except (pygame.error, FileNotFoundError, OSError):
        pass  # no icon is no reason not to play


class App:
    def __init__(self, size: tuple[int, int], title: str = "Terra Mystica", headless: bool = False):
        self.stack = SceneStack()
        self.running = True
        self.headless = headless
        flags = pygame.RESIZABLE
        set_window_icon()  # before the window opens: some systems ignore a later change
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(title)
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.first_frame_at: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        self.stack.pop()
        if not self.stack.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.resize(self.size)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ the loop

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            for scene in self.stack.scenes:
                scene.resize(self.size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            for scene in self.stack.visible():
                scene.dirty = True
            return
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    def render(self, force: bool = False) -> bool:
        if not (force or self.stack.dirty()):
            return False
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.stack.clean()
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        return True

    def step(self, dt: float) -> bool:
        """One iteration without waiting: events, update, draw.  Returns True if animating."""
        for event in pygame.event.get():
            self.dispatch(event)
        animating = False
        for scene in list(self.stack.visible()):
            animating = scene.update(dt) or animating
        self.render()
        return animating

    def run(self, max_seconds: float | None = None) -> None:
        start = time.perf_counter()
        last_input = 0.0
        dt = 0.0
        while self.running and self.stack.scenes:
            now = time.perf_counter()
            if pygame.event.peek():
                last_input = now
            animating = self.step(dt)
            fast = animating or now - last_input < LINGER
            dt = self.clock.tick(ACTIVE_FPS if fast else IDLE_FPS) / 1000.0
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                break

    def screenshot(self, path: str) -> None:
        self.render(force=True)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        pygame.image.save(self.screen, path)
