"""A lesson on the table: the map view of the lesson's position, and the lesson's panel over it.

`LessonScene` is the map view with one difference: every action the student makes is first
shown to the lesson (`LessonRun.refusal`); what the step does not ask for is refused with the
lesson's note and never reaches the engine.  The other players' moves are the lesson's scripted
ones.  `LessonPanel` is an overlay: the step's text and Continue, the step's rings on the table
(`GameScene.annotate`), Restart and the way back to the list; input it does not use goes
through to the map.
"""

from __future__ import annotations

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.teaching import progress
from tmdesktop.teaching.lesson import Lesson, LessonError, load_lessons
from tmdesktop.teaching.lesson_run import LessonRun

from .. import text, theme
from ..session import Session
from ..table_controller import TOOLS
from ..views import widgets
from .base import Overlay
from .dialogs import Modal
from .game_scene import GameScene
from .menu import app_settings
from .registry import make
from .tutorial_menu import broken

#: What a bar button (or its key) leads to: a step that expects another kind of action refuses the
#: button at once, with the step's note, rather than after a tool, a picker or a question.
LEADS_TO = {
    "build": lambda a: isinstance(a, A.Build),
    "upgrade": lambda a: isinstance(a, A.Upgrade),
    "transform": lambda a: isinstance(a, A.Transform),
    "priest": lambda a: isinstance(a, A.SendPriest),
    "ship": lambda a: isinstance(a, A.Advance) and a.track == "ship",
    "dig": lambda a: isinstance(a, A.Advance) and a.track == "dig",
    "special": lambda a: isinstance(a, A.Connect) or (isinstance(a, A.UseAction) and a.name not in POWER_ACTIONS),
    "convert": lambda a: isinstance(a, (A.Convert, A.Burn)),
    "pass": lambda a: isinstance(a, A.Pass),
}

#: How long the panel's edge flashes when a wrong choice gets the note already on it.
FLASH_SECONDS = 0.6

RINGS = "lesson"  # the map view's annotation key for the step's highlights
#: The lesson's own ring colour: apart from the yellow of the targets the rules allow now.
RING = (255, 120, 40)


def no_undo_words() -> str:
    return _("Undo is off in a lesson: Restart plays it again from the start.")


class LessonScene(GameScene):
    def __init__(self, app, lesson: Lesson):
        super().__init__(app, Session(lesson.position()))
        self.lesson = lesson
        self.holder = lesson.student  # the laptop stays with the student: no hand-off notices
        self.map.colour_blind = app_settings(app).colour_blind
        self.run = LessonRun(lesson, self.game, self._scripted)
        self.panel: LessonPanel | None = None
        self.completed = False

    def enter(self) -> None:
        super().enter()
        if self.panel is None:
            self.panel = LessonPanel(self.app, self)
            try:
                self.run.start()
            except LessonError as exc:
                self.panel.refuse(broken(exc))
            self.app.push(self.panel)
            self.panel.show_step()

    def _scripted(self, faction: str, action: A.Action) -> bool:
        """Another player's move from the lesson's script (or the student's turn ended for them)."""
        ok = self.session.apply(action, faction).ok
        if ok and self.lay is not None:
            self.supply.layout(self.lay.supply, self.lay.scale, self.game.state)
        self.dirty = True
        return ok

    def help_on(self, name: str) -> bool:
        """No hints, warnings or hand-off notices in a lesson: its steps say what to do."""
        return False

    def refuse(self, note: str) -> None:
        if self.panel is not None:
            self.panel.refuse(note)

    def on_the_way(self) -> None:
        """A choice that leads to the step's action (its tool, a picker holding it): the note
        that refused an earlier choice goes, it no longer says what is happening."""
        if self.panel is not None and self.panel.note:
            self.panel.refuse("")

    def _refused(self, action: A.Action) -> bool:
        """Whether the lesson refuses `action` (said in its panel), before any question about it."""
        note = self.run.refusal(self.decider(), action)
        if note:
            self.refuse(note)
        else:
            self.on_the_way()
        return bool(note)

    # every choice of the student passes the lesson first: a tool or a button that cannot lead
    # to the step's action, a picker none of whose answers is it, and every action itself
    def press(self, key: str) -> None:
        kind = LEADS_TO.get(key)
        if kind is not None and not (key in TOOLS and self.tool == key):  # (dropping a tool is free)
            note = self.run.leads_to(self.decider(), kind)
            if note:
                self.tool = None
                self.refuse(note)
                self.dirty = True
                return
            self.on_the_way()
        super().press(key)

    def choose_action(self, actions: list[A.Action], title: str) -> None:
        me = self.decider()
        notes = [self.run.refusal(me, a) for a in actions]
        if actions and all(notes):
            self.refuse(notes[0])
            return
        self.on_the_way()
        super().choose_action(actions, title)

    def _mark_suggested(self, options: list) -> list:
        """In a picker, the answers the step asks for are marked (the step's highlight is on the
        board or the supply, under the picker's veil); none when any answer will do."""
        me = self.decider()
        fits = [self.run.refusal(me, o.value) is None for o in options]
        for o, fit in zip(options, fits):
            o.suggested = fit and not all(fits)
        return options

    def ask_then_play(self, action: A.Action) -> None:
        if not self._refused(action):
            super().ask_then_play(action)

    def confirm_and_play(self, action: A.Action) -> None:
        if not self._refused(action):
            super().confirm_and_play(action)

    def play(self, action: A.Action, faction: str | None = None, checked: bool = False) -> bool:
        who = faction or self.decider()
        note = self.run.refusal(who, action)
        if note:
            self.refuse(note)
            self._prompted_version = -1  # a picker that was answered wrongly opens again
            return False
        if not super().play(action, faction, checked=checked):
            return False
        before = self.run.index
        try:
            self.run.accepted(action)
        except LessonError as exc:
            if self.panel is not None:
                self.panel.refuse(broken(exc))
        if self.run.index != before and self.panel is not None:
            self.panel.show_step()
        return True

    def ask(self, q) -> None:
        # the others' answers are in the script; the student's pickers wait while a step is read
        if q.faction == self.lesson.student and not self.run.waits_for_continue():
            super().ask(q)
            if self.asked in self.app.stack.scenes and isinstance(self.asked, Modal):
                self.asked.on_outside = self._outside_picker

    def _outside_picker(self) -> bool:
        """A click beside the student's picker (on the map) while the step waits for its answer:
        the note says what to choose and the picker stays; True when it was said."""
        note = self.run.leads_to(self.decider(), lambda a: False)
        if note:
            self.refuse(note)
        return bool(note)

    def ask_undo(self) -> None:  # Ctrl+Z
        self.refuse(no_undo_words())

    def button_states(self) -> None:
        super().button_states()
        for b in self.buttons:
            if b.key == "undo":  # greyed, as it is off (its tooltip and a click on it say why)
                b.enabled = False

    def disabled_reason(self, key: str) -> str:
        return no_undo_words() if key == "undo" else super().disabled_reason(key)

    def refuse_disabled(self, key: str) -> None:
        # in the lesson's panel, where the student reads the steps (a toast would sit under it)
        self.refuse(self.disabled_reason(key))

    def finish(self) -> None:
        if not self.completed:
            self.completed = True
            progress.mark_done(self.lesson.id)


class LessonPanel(Overlay):
    """The step's words and buttons, in a corner of the map the step's rings leave free."""

    def __init__(self, app, scene: LessonScene):
        super().__init__(app)
        self.scene = scene
        self.note = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[widgets.Button] = []
        self.hover = None
        self._next: list = []  # the next lesson, once looked up (the files are read once)
        self.head: pygame.Surface | None = None  # the lesson's title and the step count
        #: Seconds the panel's edge still flashes: a refusal said again, the same note as already
        #: shown, is still seen to answer the click (`refuse`)
        self.flash = 0.0

    @property
    def run(self) -> LessonRun:
        return self.scene.run

    # ------------------------------------------------------------------ the steps

    def show_step(self) -> None:
        self.note = ""
        self.scene._prompted_version = -1  # the picker the new step may need opens now
        step = self.run.step
        if step is None:
            self.scene.clear_annotations(RINGS)
            self.scene.finish()
        else:
            self.scene.annotate(RINGS, list(step.highlight))
        self.dirty = True

    def refuse(self, note: str) -> None:
        if note and note == self.note:
            self.flash = FLASH_SECONDS
        self.note = note
        self.dirty = True

    def proceed(self) -> None:
        try:
            if self.run.proceed():
                self.show_step()
        except LessonError as exc:
            self.refuse(broken(exc))

    def next_lesson(self) -> Lesson | None:
        if not self._next:
            try:
                lessons = load_lessons()
            except LessonError:
                lessons = []
            ids = [lesson.id for lesson in lessons]
            i = ids.index(self.scene.lesson.id) + 1 if self.scene.lesson.id in ids else len(ids)
            self._next = [lessons[i] if i < len(lessons) else None]
        return self._next[0]

    def leave(self, then: Lesson | None = None) -> None:
        """Back to the lesson list (which is under the lesson), or on to lesson `then`; the
        lesson's pickers and score windows close with it."""
        stack = self.app.stack.scenes
        if self.scene in stack:
            for s in reversed(stack[stack.index(self.scene):]):
                self.app.remove(s)
        else:
            self.app.remove(self)
        if then is not None:
            self.app.push(make(self.app, "lesson", then))

    def press(self, key: str) -> None:
        if key == "continue":
            self.proceed()
        elif key == "restart":
            self.leave(self.scene.lesson)
        elif key == "lessons":
            self.leave()
        elif key == "next":
            self.leave(self.next_lesson())

    # ------------------------------------------------------------------ input

    def handle_event(self, event) -> bool:
        finished = self.run.finished
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.scene.tool is None
                and self.app.stack.input_top() is self.scene):
            self.press("lessons")  # Esc leaves, unless it is dropping a tool or closing a picker
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.app.stack.input_top() is not self.scene:
                return False  # a picker is open: Enter is its own
            if finished:
                if self.enter_ends_turn():
                    return False  # playing on after the lesson: Enter ends the turn, as the bar says
                self.press("next" if self.next_lesson() else "lessons")
                return True
            if self.run.waits_for_continue():
                self.proceed()
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            hover = next((b.key for b in self.buttons if b.enabled and b.rect.collidepoint(event.pos)), None)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            # drawn above any picker, so a click on the panel is the panel's even then
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.press(b.key)
            return True  # a click on the panel is the panel's
        return False

    def covered(self) -> pygame.Rect | None:
        return self.rect

    def enter_ends_turn(self) -> bool:
        """After the lesson, whether Enter is the table's: the student playing on can end a turn
        (Next lesson then has no key)."""
        return self.run.finished and self.scene.ctl.can_end_turn()

    def update(self, dt: float) -> bool:
        # drawn above the pickers the table opens, so the step's words stay readable
        stack = self.app.stack.scenes
        if stack and stack[-1] is not self and self in stack and isinstance(stack[-1], Modal):
            stack.remove(self)
            stack.append(self)
            self.dirty = True
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)
            self.dirty = True
            return True
        return False

    # ------------------------------------------------------------------ drawing

    def obstacles(self) -> list[pygame.Rect]:
        """What the panel must not cover: the step's rings and an open picker."""
        out = []
        step = self.run.step
        grow = int(26 * self.scene.lay.scale)  # the ring drawn around each (`draw_rings`)
        for t in (step.highlight if step else ()):
            r = self.scene.target_rect(t)
            if r is not None:
                out.append(r.inflate(grow, grow))
        for s in self.app.stack.scenes:
            if isinstance(s, Modal) and s.rect.width:
                out.append(s.rect)
        return out

    def layout(self, surface) -> tuple[int, list]:
        L = self.scene.lay
        s = L.scale
        w = int(min(460 * s, L.map.width * 0.42))
        pad = int(16 * s)
        fs = max(13, int(19 * s))
        step = self.run.step
        body = self.body()
        lines = [text.text(body, fs, theme.INK, "regular", wrap=w - 2 * pad)]
        if self.note:
            lines.append(text.text(self.note, fs, theme.ERROR, "semibold", wrap=w - 2 * pad))
        # "The power bowls · Step 2 of 5": one line, or two in a small window
        n = len(self.run.lesson.steps)
        where = (_("Step {i} of {n}").format(i=self.run.index + 1, n=n) if not self.run.finished
                 else _("Lesson complete"))
        self.head = text.text(f"{_(self.scene.lesson.title)} · {where}", max(12, int(17 * s)), theme.INK_SOFT,
                              "semibold", wrap=w - 2 * pad)
        head_h = self.head.get_height() + int(8 * s)
        bh = int(44 * s)
        h = pad + head_h + sum(img.get_height() + int(8 * s) for img in lines) + bh + 2 * pad
        m = int(10 * s)
        corners = [(L.map.x + m, L.map.bottom - h - m), (L.map.x + m, L.map.y + m),
                   (L.map.right - w - m, L.map.bottom - h - m), (L.map.right - w - m, L.map.y + m)]
        blocks = self.obstacles()
        place = corners[0]
        for c in corners:
            if not any(pygame.Rect(c, (w, h)).colliderect(b) for b in blocks):
                place = c
                break
        self.rect = pygame.Rect(place, (w, h))
        # the buttons along the bottom
        keys = [("lessons", N_("Lessons")), ("restart", N_("Restart"))]
        if step is None and self.next_lesson() is not None:
            keys.append(("next", N_("Next lesson")))
        elif step is not None and step.expect is None:
            keys.append(("continue", N_("Continue")))
        gap = int(8 * s)
        widths = self.button_widths([label for _key, label in keys], w - 2 * pad - gap * (len(keys) - 1))
        y = self.rect.bottom - pad - bh
        self.buttons = []
        # while a picker or a summary is open over the table, Enter and Esc are its own
        keys_free = self.app.stack.input_top() is self.scene
        x = self.rect.x + pad
        for (key, label), bw in zip(keys, widths):
            hint = {"continue": "Enter", "next": "Enter", "lessons": "Esc"}.get(key, "") if keys_free else ""
            if key == "next" and self.enter_ends_turn():
                hint = ""
            b = widgets.Button(key, label, pygame.Rect(x, y, bw, bh), hint=hint)
            b.primary = key in ("continue", "next")
            self.buttons.append(b)
            x += bw + gap
        return head_h, lines

    def button_widths(self, labels: list[str], room: int) -> list[int]:
        """The buttons' widths in `room`: each its label's, and what is left shared out evenly (equal
        thirds shrank the Italian "Lezione successiva" to 8 pixels beside a short "Lezioni")."""
        s = self.scene.lay.scale
        need = [text.width(_(label), self.button_font(), "semibold") + int(24 * s) for label in labels]
        if sum(need) > room:  # (too long together: in proportion to their labels)
            return [room * n // sum(need) for n in need]
        extra = (room - sum(need)) // len(need)
        return [n + extra for n in need]

    def button_font(self) -> int:
        return max(11, int(17 * self.scene.lay.scale))

    def body(self) -> str:
        """The step's words; once the lesson is over, that it is, and what the student may do now."""
        step = self.run.step
        if step is not None:
            return _(step.text)
        if self.next_lesson() is not None:
            return _("The board stays open: play on from here if you like, taking every "
                     "player's turns, the opponents' too. Next lesson goes on, Restart plays this one again, "
                     "Lessons goes back to the list.")
        return _("The board stays open: play on from here if you like, taking every "
                 "player's turns, the opponents' too. Restart plays this lesson again, Lessons goes back to the list.")

    def button_centre(self, key: str) -> tuple[int, int] | None:
        """Where a panel button is (tests click it)."""
        return next((b.rect.center for b in self.buttons if b.key == key), None)

    def draw_rings(self, surface) -> None:
        """The step's targets ringed in the lesson's colour over the map view's own ring, so
        they stand out from the glow of every legal target (not while a picker covers the table)."""
        step = self.run.step
        if step is None or any(isinstance(m, Modal) for m in self.app.stack.scenes):
            return
        s = self.scene.lay.scale
        for t in step.highlight:
            r = self.scene.target_rect(t)
            if r is not None:
                ring = r.inflate(int(18 * s), int(18 * s))
                pygame.draw.rect(surface, theme.INK, ring, max(3, int(7 * s)), border_radius=int(10 * s))
                pygame.draw.rect(surface, RING, ring, max(2, int(4 * s)), border_radius=int(10 * s))

    def draw(self, surface) -> None:
        if self.scene.lay is None:
            return
        self.draw_rings(surface)
        head_h, lines = self.layout(surface)
        s = self.scene.lay.scale
        pad = int(16 * s)
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(12 * s), edge=theme.ACCENT)
        if self.flash > 0:  # the same note again: its edge flashes red
            pygame.draw.rect(surface, theme.ERROR, self.rect, max(3, int(4 * s)), border_radius=int(12 * s))
        surface.blit(self.head, (self.rect.x + pad, self.rect.y + pad))
        y = self.rect.y + pad + head_h
        for img in lines:
            surface.blit(img, (self.rect.x + pad, y))
            y += img.get_height() + int(8 * s)
        for b in self.buttons:
            b.draw(surface, self.button_font(), hover=self.hover == b.key)
