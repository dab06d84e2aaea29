"""Learn to play: the lessons, each with what it teaches and whether it was finished.

Enter (or a second click) opens the chosen lesson from its start, so a finished lesson is
restarted the same way; the list is read from the lesson files, so a new file is a new row.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.teaching import progress
from tmdesktop.teaching.lesson import Lesson, LessonError, load_lessons

from .. import text, theme
from .menu import ListMenuScene, make_button
from .registry import open_scene


def broken(exc: LessonError) -> str:
    """A lesson file that cannot be used, said to the player (the detail is for its author)."""
    return _("A lesson file cannot be used: {error}").format(error=exc)


class LessonListScene(ListMenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.lessons: list[Lesson] = []
        self.done: set[str] = set()
        self.refresh()

    def entries(self) -> list:
        return self.lessons

    def refresh(self) -> None:
        try:
            self.lessons = load_lessons()
        except LessonError as exc:  # a broken lesson file: said, not a crash
            self.lessons = []
            self.message = broken(exc)
        self.done = progress.load_done()
        # the first lesson not yet finished is chosen, so Enter goes on with the course
        todo = [i for i, lesson in enumerate(self.lessons) if lesson.id not in self.done]
        self.selected = todo[0] if todo else 0

    def resume(self) -> None:
        """Back from a lesson: its mark is shown and the next lesson to do is chosen."""
        super().resume()
        self.refresh()
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        self.place_list((self.px(160), self.px(160), w - 2 * self.px(160), h - self.px(160) - self.px(130)),
                        self.px(76), self.px(8))
        bw, bh = self.px(260), self.px(58)
        y = h - self.px(110)
        cx = w // 2
        self.buttons = [
            make_button("back", N_("Back"), (cx - bw - self.px(20), y, bw, bh), hint="Esc"),
            make_button("open", N_("Start lesson"), (cx + self.px(20), y, bw, bh), primary=True, hint="Enter"),
        ]
        self.update_rows()

    def update_rows(self) -> None:
        super().update_rows()
        for b in self.buttons:
            if b.key == "open":
                b.enabled = bool(self.lessons)

    def row_centre(self, i: int) -> tuple[int, int]:
        """Where row `i` is on screen (tests click it)."""
        return next(r.center for j, r in self.rows if j == i)

    def on_button(self, key: str) -> None:
        if key == "back":
            self.back()
        elif key == "open" and self.lessons:
            try:
                open_scene(self.app, "lesson", self.lessons[self.selected])
            except LessonError as exc:  # its prelude does not play: said on the list
                self.message = broken(exc)
                self.dirty = True

    def draw(self, surface) -> None:
        self.begin_page(surface)
        n_done = sum(1 for lesson in self.lessons if lesson.id in self.done)
        self.draw_title(surface, _("Learn to play"),
                        _("{done} of {n} lessons done. Choose one; a lesson can be played again at any time.").format(
                            done=n_done, n=len(self.lessons)))
        for i, r in self.rows:
            self.draw_row(surface, i, r)
        self.draw_count(surface)
        self.draw_widgets(surface)
        self.draw_message(surface)

    def draw_row(self, surface, i: int, r: pygame.Rect) -> None:
        lesson = self.lessons[i]
        self.draw_row_panel(surface, i, r, self.px(10))
        pad = self.px(18)
        done = lesson.id in self.done
        mark_w = self.px(170)
        text.blit(surface, f"{i + 1}. {_(lesson.title)}", self.fs(22), theme.INK, (r.x + pad, r.y + self.px(8)),
                  "topleft", "bold", max_width=r.width - 2 * pad - mark_w)
        text.blit(surface, _(lesson.summary), self.fs(17), theme.INK_SOFT, (r.x + pad, r.bottom - self.px(8)),
                  "bottomleft", max_width=r.width - 2 * pad - mark_w)
        green = (40, 120, 50)
        if not done:
            text.blit(surface, _("Not done"), self.fs(18), theme.INK_SOFT, (r.right - pad, r.centery), "midright",
                      "semibold")
            return
        label = text.blit(surface, _("Finished"), self.fs(18), green, (r.right - pad, r.centery), "midright", "bold")
        # a drawn tick: the fonts have no check mark glyph
        c = (label.x - self.px(18), r.centery)
        rad = self.px(11)
        pygame.draw.circle(surface, green, c, rad)
        tick = [(c[0] - rad * 0.5, c[1]), (c[0] - rad * 0.1, c[1] + rad * 0.4), (c[0] + rad * 0.55, c[1] - rad * 0.4)]
        pygame.draw.lines(surface, theme.PARCHMENT, False, tick, max(2, self.px(3)))
