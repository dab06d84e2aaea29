"""The window and the main loop over the scene stack."""

from __future__ import annotations

import os
import sys
import time

import pygame

from .scenes.base import Scene, SceneStack

ACTIVE_FPS = 60
IDLE_FPS = 12
#: Seconds of fast ticking after the last input, so hovering and dragging feel immediate.
LINGER = 0.6


def set_window_icon(window: pygame.Window | None = None) -> None:
    """The game's icon (assets/icon.png, a copy of build/icon.png) for the window and the task bar."""
    from .paths import asset

    try:
        icon = pygame.image.load(str(asset("icon.png")))
    except (pygame.error, FileNotFoundError, OSError):
        return  # no icon is no reason not to play
    if window is not None:
        window.set_icon(icon)
    else:
        pygame.display.set_icon(icon)


def wants_high_dpi_window(headless: bool) -> bool:
    """macOS draws at point resolution (blurry on Retina) unless the window opts in to high DPI,
    which only `pygame.Window` can do (Windows is handled by a hint before init, see main.py).
    TMDESKTOP_HIGH_DPI=1 or 0 forces the choice; the tests use it to run this path on Linux."""
    forced = os.environ.get("TMDESKTOP_HIGH_DPI")
    if forced is not None:
        return forced == "1"
    return sys.platform == "darwin" and not headless


class App:
    def __init__(self, size: tuple[int, int], title: str = "Terra Mystica", headless: bool = False):
        self.stack = SceneStack()
        self.running = True
        self.headless = headless
        self.window: pygame.Window | None = None
        self._fullscreen = False
        if wants_high_dpi_window(headless):
            # The drawable may be larger than the window (2x on Retina): scenes lay out in drawable
            # pixels, and mouse positions are scaled to match (`_to_pixels`).
            self.window = pygame.Window(title, size, resizable=True, allow_high_dpi=True)
            set_window_icon(self.window)
            self.screen = self.window.get_surface()
        else:
            set_window_icon()  # before the window opens: some systems ignore a later change
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption(title)
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.first_frame_at: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def pixel_ratio(self) -> float:
        """Drawable pixels per window point: 2.0 on a Retina display, else 1.0."""
        if self.window is None or not self.window.size[0]:
            return 1.0
        return self.screen.get_width() / self.window.size[0]

    def mouse_pos(self) -> tuple[int, int]:
        x, y = pygame.mouse.get_pos()
        r = self.pixel_ratio
        return int(x * r), int(y * r)

    def _to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        r = self.pixel_ratio
        if r == 1.0 or not hasattr(event, "pos"):
            return event
        attrs = dict(event.__dict__)
        attrs["pos"] = (int(event.pos[0] * r), int(event.pos[1] * r))
        if "rel" in attrs:
            attrs["rel"] = (int(event.rel[0] * r), int(event.rel[1] * r))
        return pygame.event.Event(event.type, attrs)

    def is_fullscreen(self) -> bool:
        if self.window is not None:
            return self._fullscreen
        surface = pygame.display.get_surface()
        return bool(surface and surface.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.is_fullscreen() or self.headless:
            return
        if self.window is not None:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
            self._fullscreen = on
            self.screen = self.window.get_surface()
        else:
            pygame.display.toggle_fullscreen()
            self.screen = pygame.display.get_surface()
        for scene in self.stack.scenes:
            scene.resize(self.size)

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        self.stack.pop()
        if not self.stack.scenes:
            self.running = False

    def remove(self, scene: Scene) -> None:
        self.stack.remove(scene)
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
            self.screen = self.window.get_surface() if self.window is not None else pygame.display.get_surface()
            for scene in self.stack.scenes:
                scene.resize(self.size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            for scene in self.stack.visible():
                scene.dirty = True
            return
        event = self._to_pixels(event)
        for scene in self.stack.input_chain():  # overlays first; the first that keeps input ends it
            if scene.handle_event(event) is True and scene.passes_input:
                break

    def render(self, force: bool = False) -> bool:
        if not (force or self.stack.dirty()):
            return False
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.stack.clean()
        if self.window is not None:
            self.window.flip()
        else:
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
