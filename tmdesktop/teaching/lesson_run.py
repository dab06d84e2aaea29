"""A lesson being played: which step is on, what the student may do, the scripted moves.

No drawing here: the tutorial scene asks `refusal` before it lets an action reach the engine,
calls `accepted` after one was played, and `proceed` when Continue is pressed.  `play_lesson`
plays a whole lesson on the engine alone (the check that a lesson file is sound).
"""

from __future__ import annotations

from typing import Callable

from tmdesktop.i18n import _
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError

from .lesson import Lesson, LessonError, Step, matches

#: Plays `action` for `faction` on the lesson's game; False if the engine refused it.
Apply = Callable[[str, A.Action], bool]


class LessonRun:
    def __init__(self, lesson: Lesson, game: Game, apply: Apply | None = None):
        self.lesson = lesson
        self.game = game
        self.apply = apply or self._apply_to_game
        self.index = 0
        self.problem = ""  # why a scripted move failed (a broken lesson file), if one did

    def _apply_to_game(self, faction: str, action: A.Action) -> bool:
        try:
            self.game.apply(faction, action)
        except RuleError:
            return False
        return True

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    def start(self) -> None:
        self._enter()

    def _enter(self) -> None:
        step = self.step
        if step is None:
            return
        for faction, action in step.auto:
            if not self.apply(faction, action):
                self.problem = f"{self.lesson.id} step {self.index + 1}: {faction}: {action} was refused"
                raise LessonError(self.problem)

    def waits_for_continue(self) -> bool:
        return self.step is not None and self.step.expect is None

    def refusal(self, faction: str | None, action: A.Action) -> str | None:
        """None if the student may do `action` now; otherwise the lesson's friendly note."""
        step = self.step
        if step is None:
            return None  # the lesson is over: the position is the student's to play
        if step.expect is None:
            return _("Read this step first, then press Continue (Enter).")
        if faction == self.lesson.student and matches(step.expect, action):
            return None
        return _(step.note)

    def leads_to(self, faction: str | None, kind: Callable[[A.Action], bool]) -> str | None:
        """For a choice that is not an action yet (a tool, a bar button, a picker about to open):
        None if it can lead to the step's action (`kind` says which actions it leads to);
        otherwise the note `refusal` gives, said at once rather than after the choice."""
        step = self.step
        if step is None:
            return None
        if step.expect is None:
            return _("Read this step first, then press Continue (Enter).")
        if faction == self.lesson.student and kind(step.expect):
            return None
        return _(step.note)

    def accepted(self, action: A.Action) -> None:
        """The expected action was played: end the turn if the step says so, then go on."""
        step = self.step
        if step is None or step.expect is None or not matches(step.expect, action):
            return
        me = self.lesson.student
        if step.end_turn and self.game.can_end_turn(me) and A.Done() in self.game.legal_actions(me):
            self.apply(me, A.Done())
        self.index += 1
        self._enter()

    def proceed(self) -> bool:
        """Continue on a step that waits for it; False on a step that waits for an action."""
        if not self.waits_for_continue():
            return False
        self.index += 1
        self._enter()
        return True


def play_lesson(lesson: Lesson) -> Game:
    """Play `lesson` through on the engine: the prelude, every scripted move, and for each
    expected action the pattern itself (or the first legal action it matches).  Raises LessonError on the first step
    that cannot be done; returns the final position."""
    game = lesson.position()
    run = LessonRun(lesson, game)
    run.start()
    while not run.finished:
        step = run.step
        if step.expect is None:
            run.proceed()
            continue
        who = game.to_act()
        if who is None or who.faction != lesson.student:
            raise LessonError(f"{lesson.id} step {run.index + 1}: the student does not decide here ({who})")
        # the pattern itself when the engine takes it (a priest's order space is not listed apart)
        found = [step.expect] if game.try_apply(lesson.student, step.expect)[1] is None else []
        found += [a for a in game.legal_actions(lesson.student) if matches(step.expect, a)]
        if not found:
            raise LessonError(f"{lesson.id} step {run.index + 1}: '{step.expect}' is not legal here")
        game.apply(lesson.student, found[0])
        run.accepted(found[0])
    return game
