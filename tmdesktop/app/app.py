"""The window and the main loop over the scene stack."""

from __future__ import annotations

import math
import os
import sys
import time
import warnings

import pygame

from .framebuffer import choose_framebuffer
from .scenes.base import Scene, SceneStack

ACTIVE_FPS = 60
IDLE_FPS = 12
#: Seconds of fast ticking after the last input, so hovering and dragging feel immediate.
LINGER = 0.6
#: How often the loop looks for input while it waits (ms): a click waits at most this long to be
#: seen (pygame's own event.wait polls every 1 ms). Each look costs a little, so once nothing has
#: happened for LINGER seconds the loop looks less often: 333 looks a second alone cost about 3 %
#: of a core on a slow machine, 167 about 2 %, and only the first input after a pause waits longer.
POLL_MS = 3
IDLE_POLL_MS = 6
#: Input that answers at once, without waiting for the next 60 Hz frame slot (a hover does wait).
URGENT = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEWHEEL,
                    pygame.TEXTINPUT})
#: The smallest layout the scenes are drawn at.  The window asks the system for this minimum; a
#: smaller drawable (a system that ignores the hint, a tiled window) shows the scenes scaled down.
MIN_SIZE = (800, 500)


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


def _ask_minimum_size(window: pygame.Window | None) -> None:
    """Tell the system how small the window may be dragged (ignored by some window managers)."""
    try:
        with warnings.catch_warnings():  # the display-module window is the one set_mode opened
            warnings.simplefilter("ignore", DeprecationWarning)
            win = window if window is not None else pygame.Window.from_display_module()
        win.minimum_size = MIN_SIZE
    except (pygame.error, AttributeError, ValueError):
        pass


class App:
    def __init__(self, size: tuple[int, int], title: str = "Terra Mystica", headless: bool = False):
        self.stack = SceneStack()
        self.running = True
        self.headless = headless
        self.window: pygame.Window | None = None
        self._fullscreen = False
        choose_framebuffer(pygame.display.get_driver() if pygame.display.get_init() else None)
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
        _ask_minimum_size(self.window)
        self.canvas: pygame.Surface | None = None  # the scenes' surface while the window is below MIN_SIZE
        self._fit_canvas()
        self.frames = 0
        self._below: pygame.Surface | None = None  # the scenes under the top one, as last drawn
        self._below_key: tuple | None = None
        #: (scene, surface): the surface still holds the scene's last frame (see `Scene.draw_changes`)
        self._holder: tuple | None = None
        self.first_frame_at: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes lay out for: the drawable, or MIN_SIZE where it is smaller."""
        return (self.canvas or self.screen).get_size()

    def _fit_canvas(self) -> None:
        w, h = self.screen.get_size()
        if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
            self.canvas = None
            return
        # the window's shape, enlarged until it holds MIN_SIZE (no distortion when shrunk back);
        # a sliver of a window (1 px high) would need a huge canvas: then MIN_SIZE, stretched
        k = max(MIN_SIZE[0] / max(1, w), MIN_SIZE[1] / max(1, h))
        size = (math.ceil(max(1, w) * k), math.ceil(max(1, h) * k))
        if size[0] > 4 * MIN_SIZE[0] or size[1] > 4 * MIN_SIZE[1]:
            size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        if self.canvas is None or self.canvas.get_size() != size:
            self.canvas = pygame.Surface(size)

    def _scale(self) -> tuple[float, float]:
        """Scene pixels per window point, across and down (high DPI and the small-window canvas)."""
        r = self.pixel_ratio
        if self.canvas is None:
            return r, r
        sw, sh = self.screen.get_size()
        cw, ch = self.canvas.get_size()
        return r * cw / max(1, sw), r * ch / max(1, sh)

    @property
    def pixel_ratio(self) -> float:
        """Drawable pixels per window point: 2.0 on a Retina display, else 1.0."""
        if self.window is None or not self.window.size[0]:
            return 1.0
        return self.screen.get_width() / self.window.size[0]

    def mouse_pos(self) -> tuple[int, int]:
        x, y = pygame.mouse.get_pos()
        rx, ry = self._scale()
        return int(x * rx), int(y * ry)

    def _to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        rx, ry = self._scale()
        if (rx, ry) == (1.0, 1.0) or not hasattr(event, "pos"):
            return event
        attrs = dict(event.__dict__)
        attrs["pos"] = (int(event.pos[0] * rx), int(event.pos[1] * ry))
        if "rel" in attrs:
            attrs["rel"] = (int(event.rel[0] * rx), int(event.rel[1] * ry))
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
        self._fit_canvas()
        for scene in self.stack.scenes:
            scene.resize(self.size)

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        leaving = self.stack.pop()
        if leaving is not None:
            leaving.after_frame()
        if not self.stack.scenes:
            self.running = False

    def remove(self, scene: Scene) -> None:
        self.stack.remove(scene)
        scene.after_frame()
        if not self.stack.scenes:
            self.running = False

    def replace(self, scene: Scene) -> None:
        leaving = self.stack.top
        self.stack.replace(scene)
        if leaving is not None and leaving is not scene:
            leaving.after_frame()
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
            self._fit_canvas()
            for scene in self.stack.scenes:
                scene.resize(self.size)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self._holder = None  # the window lost what it showed: the next frame is drawn and shown whole
            for scene in self.stack.visible():
                scene.dirty = True
            return
        self.deliver(self._to_pixels(event), self.stack.input_chain())

    @staticmethod
    def deliver(event: pygame.event.Event, chain: list[Scene]) -> None:
        """Hand `event` (in scene pixels) to the scenes of an input chain, top first."""
        for scene in chain:  # overlays first; the first that keeps input ends it
            if scene.handle_event(event) is True and scene.passes_input:
                break

    def render(self, force: bool = False) -> bool:
        """Draw the visible scenes and present the frame, if any of them changed.  When only the
        top one did (hovering in a dialog), the scenes below come from a copy kept of them rather
        than being drawn again: a scene whose picture changes must set its `dirty` flag."""
        if not (force or self.stack.dirty()):
            return False
        target = self.canvas or self.screen  # below MIN_SIZE the scenes draw on a canvas, scaled down
        scenes = self.stack.visible()
        below, top = scenes[:-1], scenes[-1]
        if force or self.canvas is not None:
            self._holder = None
        if not below:
            changed = self._draw_changes(top, target)
            if changed is None:
                top.draw(target)
            self._holder = (top, target)
            self._present(changed)
            return True
        if len(below) == 1:  # a dialog over a scene: the scene's picture is kept, and redrawn where it changed
            self._draw_below(below[0], target, force)
            target.blit(self._below, (0, 0))
        else:
            key = (tuple(map(id, below)), target.get_size())
            if not force and key == self._below_key and not any(s.dirty for s in below):
                target.blit(self._below, (0, 0))
            else:
                for scene in below:
                    scene.draw(target)
                self._keep_below(target)
                self._below_key = key
        top.draw(target)
        if self.canvas is not None and min(self.screen.get_size()) > 0:
            pygame.transform.smoothscale(self.canvas, self.screen.get_size(), self.screen)
        self._present(None)
        return True

    def _draw_changes(self, scene: Scene, target: pygame.Surface) -> list[pygame.Rect] | None:
        """The scene drawn alone on `target` by its changes, where a surface holds its last frame:
        the rectangles to show (None: it must be drawn whole, or the whole window changed)."""
        if self._holder is None or self._holder[0] is not scene:
            return None
        where = self._holder[1]
        if where is target:
            return scene.draw_changes(target)
        if where is self._below and where.get_size() == target.get_size():  # the dialog over it has closed
            target.blit(where, (0, 0))
            changed = scene.draw_changes(target)
            return None if changed is None else [target.get_rect()]
        return None

    def _draw_below(self, scene: Scene, target: pygame.Surface, force: bool) -> None:
        """Bring the kept picture of the scene under a dialog (`_below`) up to date: by its changes
        where a surface holds its last frame (the window, when the dialog has just opened)."""
        self._below_key = None
        holder = self._holder
        if force or holder is None or holder[0] is not scene or holder[1].get_size() != target.get_size():
            holder = None
        if self._below is None or self._below.get_size() != target.get_size():
            self._below = target.copy()
        opened = holder is not None and holder[1] is not self._below  # the dialog has just opened
        if opened:
            self._below.blit(holder[1], (0, 0))
        if holder is None:
            scene.draw(self._below)
        elif (scene.dirty or opened) and scene.draw_changes(self._below) is None:  # (no tooltip under a dialog)
            scene.draw(self._below)
        self._holder = (scene, self._below)

    def _keep_below(self, target: pygame.Surface) -> None:
        self._holder = None
        if self._below is not None and self._below.get_size() == target.get_size():
            self._below.blit(target, (0, 0))  # reused: no fresh full-screen allocation
        else:
            self._below = target.copy()

    def _present(self, rects: list[pygame.Rect] | None) -> None:
        """Show the frame: the whole window, or only `rects` (a 4K window copied whole costs
        several ms, mostly in the display server)."""
        self.stack.clean()
        if self.window is not None:
            self.window.flip()  # a pygame.Window shows whole frames only
        elif rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        self.after_frame()

    def after_frame(self) -> None:
        """Let every scene do what waited for the frame (a move's autosave: off the click's path)."""
        for scene in list(self.stack.scenes):
            scene.after_frame()

    def step(self, dt: float) -> bool:
        """One iteration without waiting: events, update, draw.  Returns True if animating."""
        for event in pygame.event.get():
            self.dispatch(event)
        animating = self._update(dt)
        self.render()
        return animating

    def _update(self, dt: float) -> bool:
        animating = False
        for scene in list(self.stack.visible()):
            animating = scene.update(dt) or animating
        return animating

    def run(self, max_seconds: float | None = None) -> None:
        """The main loop.  Input is handled as soon as it arrives (the loop polls every POLL_MS
        while it waits, IDLE_POLL_MS after a pause); a click or a key is drawn at once, hovers at most ACTIVE_FPS times a
        second; with nothing to show the loop wakes IDLE_FPS times a second for timers."""
        start = prev = time.perf_counter()
        last_input = last_frame = -1.0
        interval = 1.0 / ACTIVE_FPS
        while self.running and self.stack.scenes:
            now = time.perf_counter()
            dt, prev = now - prev, now
            urgent = False
            for event in pygame.event.get():
                last_input = now
                urgent = urgent or event.type in URGENT
                self.dispatch(event)
            animating = self._update(dt)
            if urgent or now - last_frame >= interval:
                if self.render():
                    last_frame = now
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                break
            if self.stack.dirty():  # a frame is owed: draw it in its 60 Hz slot
                self._wait_for_input(last_frame + interval)
            elif animating or now - last_input < LINGER:
                self._wait_for_input(now + interval)
            else:
                self._wait_for_input(now + 1.0 / IDLE_FPS, IDLE_POLL_MS)
        self.after_frame()  # nothing waits past the end of the loop

    @staticmethod
    def _wait_for_input(deadline: float, poll_ms: int = POLL_MS) -> None:
        """Sleep until `deadline`, or until an event arrives (polled every `poll_ms`)."""
        while not pygame.event.peek():
            left = deadline - time.perf_counter()
            if left <= 0:
                return
            pygame.time.wait(max(1, min(poll_ms, int(left * 1000))))

    def screenshot(self, path: str) -> None:
        self.render(force=True)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        pygame.image.save(self.screen, path)
