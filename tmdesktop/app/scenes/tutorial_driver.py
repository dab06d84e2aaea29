"""Plays lessons through the app as a player would: posted mouse clicks and keys only.

For each step it reads what the step waits for and does it the way the lesson tells the player
to: Continue with Enter, a hex by clicking it, a tool or a track by its button, a tile or an
answer in the picker that opens.  Used by `python -m tmdesktop tutorial --check` and the tests;
it never touches the engine itself, so a lesson it completes is one a player can complete.
"""

from __future__ import annotations

import pygame

from tmdesktop.rules import actions as A
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.teaching.lesson import Lesson, matches

from .dialogs import ChoiceScene, ConfirmScene, ConvertScene, FinalScoresScene, RoundSummaryScene
from .registry import open_scene

FRAME = 0.016


def click(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(FRAME)
    app.step(FRAME)


def key(app, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    app.step(FRAME)


class Stuck(Exception):
    """The step could not be done through the app."""


def _picker(app):
    """The open picker (or the round's summary) above the lesson, if any."""
    for s in reversed(app.stack.scenes):
        if isinstance(s, ChoiceScene):
            return s
    return None


def answer_pickers(app, scene, pattern: A.Action | None, before: int, limit: int = 6) -> None:
    """Answer what opens for step `before`: the option matching `pattern`, or yes to a confirmation."""
    for _i in range(limit):
        dlg = _picker(app)
        if scene.run.index != before:
            return  # done: what opens now belongs to the next step
        if dlg is None:
            return
        if isinstance(dlg, (RoundSummaryScene, FinalScoresScene)):
            return  # read by the student; the lesson goes on above it
        options = [o.value for o in dlg.options]
        hit = next((i for i, v in enumerate(options) if isinstance(v, A.Action) and pattern is not None
                    and matches(pattern, v)), None)
        if hit is None and isinstance(dlg, ConfirmScene):
            hit = 0
        if hit is None:
            raise Stuck(f"no answer to '{dlg.title}' matches {pattern}")
        click(app, dlg.rects[hit].center)
        if isinstance(dlg, ConvertScene) and dlg in app.stack.scenes:
            key(app, pygame.K_ESCAPE)


def _bar(scene, name: str):
    return next(b.rect.center for b in scene.buttons if b.key == name)


def do_action(app, scene, pattern: A.Action) -> None:
    """Do the expected action on the table, as the lesson's text tells the player to."""
    before = scene.run.index
    if _picker(app) is not None and not isinstance(_picker(app), (RoundSummaryScene, FinalScoresScene)):
        answer_pickers(app, scene, pattern, before)
        return
    me = scene.lesson.student
    if isinstance(pattern, A.Build):
        click(app, scene.map.centres[pattern.hex])
    elif isinstance(pattern, A.Upgrade):
        click(app, scene.map.centres[pattern.hex])
    elif isinstance(pattern, A.Transform):
        click(app, _bar(scene, "transform"))
        click(app, scene.map.centres[pattern.hex])
    elif isinstance(pattern, A.UseAction):
        target = ("power", pattern.name) if pattern.name in POWER_ACTIONS else ("held", (me, pattern.name))
        click(app, scene.target_rect(target).center)
    elif isinstance(pattern, A.SendPriest):
        click(app, scene.target_rect(("cult", pattern.cult)).center)
    elif isinstance(pattern, A.Advance):
        click(app, _bar(scene, pattern.track))
    elif isinstance(pattern, A.Pass):
        click(app, _bar(scene, "pass"))
    elif isinstance(pattern, (A.Convert, A.Burn)):
        click(app, _bar(scene, "convert"))
    elif isinstance(pattern, A.PlaceBridge):
        a, b = scene.map.centres[pattern.a], scene.map.centres[pattern.b]
        click(app, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    elif isinstance(pattern, A.Done):
        key(app, pygame.K_RETURN)
    else:
        raise Stuck(f"the driver cannot do {pattern} on the table")
    answer_pickers(app, scene, pattern, before)


def open_from_list(app, index: int):
    """Choose row `index` of the lesson list on top and open it (two clicks); returns the lesson."""
    from .tutorial_lesson import LessonScene

    listing = app.stack.top
    for _i in range(len(listing.lessons)):  # Up/Down until the row is on screen
        if index in [i for i, _r in listing.rows]:
            break
        key(app, pygame.K_DOWN if index > listing.rows[-1][0] else pygame.K_UP)
    pos = listing.row_centre(index)
    click(app, pos)
    click(app, pos)
    scene = next((s for s in reversed(app.stack.scenes) if isinstance(s, LessonScene)), None)
    if scene is None:
        raise Stuck(f"row {index + 1} of the lesson list did not open a lesson")
    return scene


def play_through(app, lesson: Lesson, max_steps: int = 40, scene=None):
    """Complete `lesson` by posted events (opened here unless `scene` is its scene already);
    returns the lesson's scene."""
    if scene is None:
        scene = open_scene(app, "lesson", lesson)
    app.step(FRAME)
    app.step(FRAME)
    for _i in range(max_steps):
        run = scene.run
        if run.finished:
            return scene
        if run.problem:
            raise Stuck(run.problem)
        before = run.index
        step = run.step
        if step.expect is None:
            while isinstance(_picker(app), RoundSummaryScene):
                key(app, pygame.K_RETURN)  # the round's summary: read and closed, as the step says
            pos = scene.panel.button_centre("continue")
            if pos is None:
                raise Stuck(f"{lesson.id} step {before + 1}: no Continue button")
            click(app, pos)
        else:
            do_action(app, scene, step.expect)
        if run.index == before:
            note = scene.panel.note if scene.panel else ""
            raise Stuck(f"{lesson.id} step {before + 1}: still waiting ({step.expect or 'Continue'}) {note}")
    raise Stuck(f"{lesson.id}: more than {max_steps} steps")
