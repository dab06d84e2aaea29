"""`python -m tmdesktop tutorial --check`: every lesson played through the app, headless.

The app runs under SDL's dummy driver; the lessons are opened from the title screen's "Learn to
play" list and completed with posted clicks and keys (`tutorial_driver`), the way a player does
them.  Prints one line per lesson and `N lessons completed, M failed`; the exit code is 1 if
any failed.  Progress is written to a throw-away folder, not the player's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tmdesktop tutorial")
    parser.add_argument("--check", action="store_true", help="play every lesson headless through the app")
    parser.add_argument("--size", default="1280x720", help="window size for the check (WxH)")
    args = parser.parse_args(argv)
    if not args.check:
        parser.print_help()
        return 2
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory() as data:
        os.environ["TMDESKTOP_DATA_DIR"] = data
        return _check(tuple(int(v) for v in args.size.lower().split("x")))


def _check(size: tuple[int, int]) -> int:
    import pygame

    from tmdesktop.app.app import App
    from tmdesktop.app.scenes import tutorial_driver as drive
    from tmdesktop.app.scenes.title import TitleScene
    from tmdesktop.teaching import progress
    from tmdesktop.teaching.lesson import LessonError, load_lessons

    pygame.display.init()
    pygame.font.init()
    try:
        lessons = load_lessons()
    except LessonError as exc:
        print(f"cannot load the lessons: {exc}")
        return 1
    app = App(size)
    title = TitleScene(app)
    app.push(title)
    app.render(force=True)
    drive.click(app, title.centre_of("tutorial"))
    listing = app.stack.top
    failed = 0
    for i, lesson in enumerate(lessons):
        try:
            scene = drive.play_through(app, lesson, scene=drive.open_from_list(app, i))
            drive.click(app, scene.panel.button_centre("lessons"))
            if app.stack.top is not listing:
                raise drive.Stuck("the lesson did not close back to the list")
            if lesson.id not in progress.load_done():
                raise drive.Stuck("the lesson was not recorded as done")
            print(f"ok    {lesson.id}: {len(lesson.steps)} steps")
        except (drive.Stuck, LessonError) as exc:
            failed += 1
            print(f"FAIL  {lesson.id}: {exc}")
            while app.stack.top is not listing and len(app.stack.scenes) > 2:
                app.pop()
    print(f"{len(lessons) - failed} lessons completed, {failed} failed")
    return 1 if failed else 0
