"""The tutorial through the app: Title → Learn to play → a lesson, played with posted events."""

from __future__ import annotations

import pygame
import pytest

from tmdesktop.app.scenes import tutorial_driver as drive
from tmdesktop.app.scenes.tutorial_lesson import LessonPanel, LessonScene
from tmdesktop.app.scenes.tutorial_menu import LessonListScene
from tmdesktop.teaching import progress
from tmdesktop.teaching.lesson import load_lessons

from ui_events import click, key

LESSONS = load_lessons()


def open_list(title_app, size=(1280, 720)):
    app = title_app(size=size)
    click(app, app.stack.top.centre_of("tutorial"))
    assert isinstance(app.stack.top, LessonListScene)
    return app, app.stack.top


def test_every_lesson_is_completed_by_clicks_and_keys_and_marked_done(user_dirs, title_app):
    app, listing = open_list(title_app)
    assert len(listing.lessons) == len(LESSONS) >= 9
    for i, lesson in enumerate(LESSONS):
        scene = drive.play_through(app, lesson, scene=drive.open_from_list(app, i))
        assert scene.run.finished and scene.lesson.id == lesson.id
        click(app, scene.panel.button_centre("lessons"))
        assert app.stack.top is listing
    assert progress.load_done() == {lesson.id for lesson in LESSONS}
    assert listing.done == progress.load_done()  # the list shows the marks on return


def to_step(app, scene, step: int) -> None:
    """Play the lesson by events until step `step` (1-based) is on."""
    while scene.run.index + 1 < step:
        st = scene.run.step
        if st.expect is None:
            click(app, scene.panel.button_centre("continue"))
        else:
            drive.do_action(app, scene, st.expect)


def test_a_wrong_action_is_refused_with_the_lessons_note_and_the_game_is_unchanged(user_dirs, title_app):
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    to_step(app, scene, 3)  # "press Transform, click E7, choose Forest"
    digest, log = scene.game.digest(), len(scene.game.log)
    click(app, scene.map.centres["F4"])  # upgrading F4 instead
    while not isinstance(app.stack.top, LessonPanel):  # the upgrade picker, if one opened: its first answer
        click(app, app.stack.top.rects[0].center)
    assert scene.panel.note == LESSONS[0].steps[2].note
    assert scene.game.digest() == digest and len(scene.game.log) == log and scene.run.index == 2
    key(app, pygame.K_RETURN)  # ending the turn is not what the step asks either
    assert scene.game.digest() == digest and scene.run.index == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # no undo in a lesson: said, nothing changes
    assert "Restart" in scene.panel.note and scene.game.digest() == digest


def test_continue_steps_refuse_actions_until_read(user_dirs, title_app):
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 1)
    digest = scene.game.digest()
    click(app, scene.map.centres["E7"])  # the build the next step asks for, too early
    assert scene.game.digest() == digest and "Continue" in scene.panel.note
    key(app, pygame.K_RETURN)
    assert scene.run.index == 1 and scene.panel.note == ""
    click(app, scene.map.centres["E7"])
    assert scene.game.state.owner.get("E7") == "witches" and scene.run.index == 2


def test_restart_plays_the_lesson_again_from_its_position(user_dirs, title_app):
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    start = scene.game.digest()
    to_step(app, scene, 4)
    assert scene.game.digest() != start
    click(app, scene.panel.button_centre("restart"))
    fresh = app.stack.scenes[-2]
    assert isinstance(fresh, LessonScene) and fresh is not scene
    assert fresh.run.index == 0 and fresh.game.digest() == start
    assert app.stack.scenes[-3] is listing
    to_step(app, fresh, 3)
    key(app, pygame.K_t)  # the Transform tool the step asks for: Esc drops it first, then leaves the lesson
    assert fresh.tool == "transform"
    key(app, pygame.K_ESCAPE)
    assert fresh.tool is None and app.stack.scenes[-2] is fresh
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is listing


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_steps_rings_are_on_screen_and_the_panel_leaves_them_free(user_dirs, title_app, size):
    app, listing = open_list(title_app, size)
    for i, lesson in enumerate(LESSONS):
        scene = drive.open_from_list(app, i)
        for n in range(len(lesson.steps)):
            app.render(force=True)
            step = scene.run.step
            rects = [scene.target_rect(t) for t in step.highlight]
            assert all(r is not None for r in rects), f"{lesson.id} step {n + 1}: {step.highlight}"
            screen = pygame.Rect((0, 0), size)
            assert all(screen.contains(r) for r in rects)
            assert not any(scene.panel.rect.colliderect(r) for r in rects), f"{lesson.id} step {n + 1}"
            assert screen.contains(scene.panel.rect)
            if step.expect is None:
                click(app, scene.panel.button_centre("continue"))
            else:
                drive.do_action(app, scene, step.expect)
        click(app, scene.panel.button_centre("lessons"))


def test_a_finished_lesson_offers_the_next_one(user_dirs, title_app):
    app, listing = open_list(title_app)
    scene = drive.play_through(app, LESSONS[0], scene=drive.open_from_list(app, 0))
    key(app, pygame.K_RETURN)  # Enter: the next lesson
    nxt = app.stack.scenes[-2]
    assert isinstance(nxt, LessonScene) and nxt.lesson.id == LESSONS[1].id
    listing.resume()
    assert LESSONS[0].id in listing.done and listing.selected == 1  # the list goes on where you are


def test_a_wrong_answer_in_a_picker_is_refused_and_the_picker_comes_back(user_dirs, title_app):
    from tmdesktop.app.scenes.dialogs import ChoiceScene
    from tmdesktop.rules import actions as A

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 2)  # upgrading and the neighbours' power
    to_step(app, scene, 3)
    assert not any(isinstance(s, ChoiceScene) for s in app.stack.scenes)  # no picker while a step is read
    click(app, scene.panel.button_centre("continue"))
    picker = next(s for s in app.stack.scenes if isinstance(s, ChoiceScene))
    digest = scene.game.digest()
    decline = next(i for i, o in enumerate(picker.options) if isinstance(o.value, A.Decline))
    click(app, picker.rects[decline].center)
    assert scene.panel.note == LESSONS[2].steps[3].note and scene.game.digest() == digest
    app.step(0.016)
    again = next(s for s in app.stack.scenes if isinstance(s, ChoiceScene))  # asked again
    take = next(i for i, o in enumerate(again.options) if isinstance(o.value, A.Leech))
    click(app, again.rects[take].center)
    assert scene.run.index == 4 and scene.game.state.players["witches"].VP == 19


def test_a_damaged_progress_file_opens_the_list_with_nothing_done(user_dirs, title_app):
    progress.progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress.progress_path().write_bytes(b'{"format": 1, "done": ["01_map_and_spades"')  # cut short
    app, listing = open_list(title_app)
    assert listing.done == set() and listing.selected == 0 and len(listing.rows) == len(LESSONS)
    scene = drive.play_through(app, LESSONS[0], scene=drive.open_from_list(app, 0))
    assert scene.run.finished and progress.load_done() == {LESSONS[0].id}  # written anew


def test_a_broken_lesson_file_is_said_on_the_list_not_a_crash(user_dirs, title_app, tmp_path, monkeypatch):
    from tmdesktop.teaching import lesson as lesson_module

    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01_broken.json").write_text('{"format": 1, "title": "x"', encoding="utf-8")
    monkeypatch.setattr(lesson_module, "LESSON_DIR", tmp_path / "lessons")
    app, listing = open_list(title_app)
    assert listing.lessons == [] and "01_broken.json" in listing.message
    assert not listing.button("open").enabled
    key(app, pygame.K_RETURN)  # nothing to open: the list stays
    assert app.stack.top is listing


def test_a_lesson_whose_prelude_the_rules_refuse_does_not_open(user_dirs, title_app, tmp_path, monkeypatch):
    import json

    from tmdesktop.teaching import lesson as lesson_module

    data = json.loads((lesson_module.LESSON_DIR / "01_map_and_spades.json").read_text(encoding="utf-8"))
    data["prelude"].append("nomads: build A1")  # the Witches' turn, not the Nomads'
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01_bad.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(lesson_module, "LESSON_DIR", tmp_path / "lessons")
    app, listing = open_list(title_app)
    key(app, pygame.K_RETURN)
    assert app.stack.top is listing and "prelude move 8" in listing.message


def test_a_lesson_gives_no_hint_button_and_h_opens_no_suggestion(user_dirs, title_app):
    """The steps say what to do: the table's Suggest-a-move (on in Settings by default) would
    propose another move than the lesson's, so a lesson has neither the Hint button nor H."""
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    to_step(app, scene, 3)
    assert "hint" not in {b.key for b in scene.buttons}
    top = app.stack.top
    key(app, pygame.K_h)
    assert app.stack.top is top and scene.run.index == 2


def test_the_lesson_panel_offers_enter_only_when_enter_is_its_own(user_dirs, title_app):
    """Found reviewing lesson 8 at 1366x768: with the round summary open, its Continue and the
    lesson's 'Continue (Enter)' were on screen together, and Enter closed the summary. The panel's
    buttons name a key only while no picker or summary over the table takes the keys."""
    app, _listing = open_list(title_app, size=(1366, 768))
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.id == "08_passing_and_rounds")
    scene = drive.open_from_list(app, index)
    for _ in range(len(scene.lesson.steps)):
        app.render(force=True)
        hints = {b.key: b.hint for b in scene.panel.buttons}
        if app.stack.input_top() is not scene:
            assert hints.get("continue", "") == "" and hints.get("lessons") == "", hints
            break
        if "continue" in hints:
            assert hints["continue"] == "Enter"
        st = scene.run.step
        if st is None:
            break
        if st.expect is None:
            click(app, scene.panel.button_centre("continue"))
        else:
            drive.do_action(app, scene, st.expect)
    else:
        raise AssertionError("no step with a summary or picker open over the table")


def test_a_wrong_tool_or_button_is_refused_at_once_with_the_steps_note(user_dirs, title_app):
    """Play-test: picking another action than the step's (a tool, the Special button with nothing
    in it, a map click beside the picker that asks the step's answer) said nothing at all."""
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 1)  # building and income: step 2 asks to build on E7
    to_step(app, scene, 2)
    note = LESSONS[1].steps[1].note
    digest = scene.game.digest()
    key(app, pygame.K_u)  # the Upgrade tool: the witches could upgrade, but the step asks a build
    assert scene.panel.note == note and scene.tool is None
    scene.panel.note = ""
    click(app, next(b.rect.center for b in scene.buttons if b.key == "transform"))  # the bar's button too
    assert scene.panel.note == note and scene.tool is None
    scene.panel.note = ""
    key(app, pygame.K_a)  # Special: nothing to choose from, still an answer
    assert scene.panel.note == note
    scene.panel.note = ""
    key(app, pygame.K_s)  # Shipping: refused before its question opens
    assert scene.panel.note == note and isinstance(app.stack.top, LessonPanel)
    assert scene.game.digest() == digest and scene.run.index == 1
    key(app, pygame.K_b)  # the right tool is taken, and E7 builds
    assert scene.tool == "build"
    click(app, scene.map.centres["E7"])
    assert scene.game.state.owner.get("E7") == "witches" and scene.run.index == 2


def test_a_click_on_the_map_beside_the_steps_picker_says_what_to_choose(user_dirs, title_app):
    from tmdesktop.app.scenes.dialogs import ChoiceScene

    app, listing = open_list(title_app)
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.id == "06_towns")
    scene = drive.open_from_list(app, index)
    step = next(n for n, st in enumerate(LESSONS[index].steps) if st.expect is not None and "TW" in str(st.expect))
    to_step(app, scene, step + 1)
    app.step(0.016)
    picker = next(s for s in app.stack.scenes if isinstance(s, ChoiceScene))
    corner = (scene.lay.map.x + 5, scene.lay.map.y + 5)
    assert not picker.rect.collidepoint(corner)
    click(app, corner)
    assert scene.panel.note == LESSONS[index].steps[step].note
    assert picker in app.stack.scenes  # the picker stays, with the note saying what to take in it



def test_the_refusals_note_goes_once_the_student_is_on_the_steps_way(user_dirs, title_app):
    """Play-test: 'Not that: press Transform (T) ...' stayed on the panel while the student
    pressed Transform and chose Forest in the picker, as it asked."""
    from tmdesktop.app.scenes.dialogs import ChoiceScene

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    to_step(app, scene, 3)  # "press Transform, click E7, choose Forest"
    note = LESSONS[0].steps[2].note
    click(app, scene.map.centres["G2"])  # a hex the step does not speak of
    assert scene.panel.note == note
    key(app, pygame.K_t)  # the tool the note names
    assert scene.tool == "transform" and scene.panel.note == ""
    click(app, scene.map.centres["G2"])  # with the tool, a hex the step does not speak of again
    assert scene.panel.note == note and scene.tool == "transform"
    click(app, scene.map.centres["E7"])  # the hex: its picker opens, and holds Forest
    picker = next(s for s in app.stack.scenes if isinstance(s, ChoiceScene))
    assert scene.panel.note == ""
    forest = next(i for i, o in enumerate(picker.options) if o.value.color == "green")
    click(app, picker.rects[forest].center)
    assert scene.run.index == 3 and scene.panel.note == ""


@pytest.mark.parametrize("lang, words", [
    ("en", ("Lesson complete", "every player's turns", "Restart", "Lessons")),
    ("es", ("Lección completada", "todos los jugadores", "Reiniciar", "Lecciones")),
    ("it", ("Lezione completata", "ogni giocatore", "Ricomincia", "Lezioni")),
])
def test_a_finished_lesson_says_the_board_stays_open_for_every_seat(user_dirs, title_app, monkeypatch, lang, words):
    """Play-test: after the last step the student could play the opponents' turns too, and
    nothing said so: the panel says the lesson is over, that play goes on from here with every
    seat's turns, and where Restart and Lessons (and Next lesson) lead."""
    from tmdesktop import i18n
    from tmdesktop.app import text

    drawn: list[str] = []
    make = text.text
    monkeypatch.setattr(text, "text", lambda s, *a, **k: (drawn.append(s), make(s, *a, **k))[1])

    def panel_words(scene) -> str:
        drawn.clear()
        app.render(force=True)
        return " ".join(drawn)

    app, listing = open_list(title_app)
    i18n.set_language(lang)
    scene = drive.play_through(app, LESSONS[-1], scene=drive.open_from_list(app, len(LESSONS) - 1))
    said = panel_words(scene)
    assert all(w in said for w in words), said
    assert said.count(words[0]) == 1, said  # said once, in the panel's head (it was said twice)
    assert i18n._("Next lesson") not in said  # the last lesson
    click(app, scene.panel.button_centre("lessons"))
    scene = drive.play_through(app, LESSONS[0], scene=drive.open_from_list(app, 0))
    said = panel_words(scene)
    assert all(w in said for w in words) and i18n._("Next lesson") in said, said


def test_a_wrong_choice_refused_again_with_the_same_note_flashes_the_panel(user_dirs, title_app):
    """Play-test: a second wrong choice got the note already on the panel, and nothing on the
    screen changed. The panel's edge flashes red for a moment, then is as before."""
    from tmdesktop.app import theme

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 1)
    to_step(app, scene, 2)
    key(app, pygame.K_u)
    panel = scene.panel
    edge = (panel.rect.x + 1, panel.rect.centery)
    assert panel.note and app.screen.get_at(edge)[:3] != theme.ERROR
    key(app, pygame.K_t)  # another wrong choice, the same note
    app.render(force=True)
    assert app.screen.get_at((panel.rect.x + 1, panel.rect.centery))[:3] == theme.ERROR
    for _ in range(60):
        app.step(0.016)
    app.render(force=True)
    assert app.screen.get_at((panel.rect.x + 1, panel.rect.centery))[:3] != theme.ERROR


def test_the_undo_button_is_greyed_in_a_lesson_and_a_click_on_it_says_why(user_dirs, title_app):
    """Play-test: in a lesson the Undo button looked like any other, and pressing it only then
    said that undo is off. It is greyed now; a click on it still says why, in the lesson's panel
    (a toast would sit under the panel), and nothing changes."""
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    to_step(app, scene, 3)
    digest = scene.game.digest()
    app.render(force=True)
    undo = next(b for b in scene.buttons if b.key == "undo")
    assert not undo.enabled
    click(app, undo.rect.center)
    assert "Restart" in scene.panel.note and not scene.toast  # said in the panel, not under it
    assert scene.game.digest() == digest and scene.run.index == 2


def test_the_steps_answer_is_marked_in_the_picker_that_hides_its_highlight(user_dirs, title_app):
    """Seen in Italian at 1280x720: the passing lesson asks for the bonus tile of 6 coins and rings
    it on the supply, under the veil of the picker the Pass button opens; the picker marked none."""
    from tmdesktop.app.scenes.dialogs import ChoiceScene
    from tmdesktop.rules import actions as A

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 7)  # passing, bonus tiles and rounds
    step = next(i for i, s in enumerate(scene.lesson.steps) if isinstance(s.expect, A.Pass)) + 1
    to_step(app, scene, step)
    click(app, scene.target_rect(("button", "pass")).center)
    picker = next(s for s in app.stack.scenes if isinstance(s, ChoiceScene))
    marked = [o.value for o in picker.options if o.suggested]
    assert len(picker.options) > 1 and marked == [scene.run.step.expect]


def test_a_dialog_closed_by_esc_under_the_panel_is_gone_from_the_screen(user_dirs, title_app):
    from tmdesktop.app.scenes.dialogs import Modal

    def pixels(surface, rect):
        return pygame.image.tobytes(surface.subsurface(rect).copy(), "RGB")

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 3)  # the power bowls
    click(app, scene.panel.button_centre("continue"))
    click(app, scene.panel.button_centre("continue"))
    before = app.screen.copy()
    key(app, pygame.K_c)  # the Convert dialog, under the lesson's panel
    dialog = next(s for s in app.stack.scenes if isinstance(s, Modal))
    where = dialog.rect.clip(app.screen.get_rect())
    assert pixels(app.screen, where) != pixels(before, where)
    key(app, pygame.K_ESCAPE)  # closes the dialog only: the lesson goes on
    assert dialog not in app.stack.scenes and app.stack.scenes[-2] is scene
    assert pixels(app.screen, where) == pixels(before, where)


def test_conversions_added_by_a_burn_keep_the_dialog_and_cancel_inside_the_window(user_dirs, title_app):
    """Found playing lesson 4 at 1280x720: burning 3 added four conversions below the rows (which
    keep their places) and Cancel fell below the window."""
    from tmdesktop.app.scenes.dialogs import ConvertScene
    from tmdesktop.rules import actions as A

    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 3)  # the power bowls: "burn 3 power tokens"
    click(app, scene.panel.button_centre("continue"))
    click(app, scene.panel.button_centre("continue"))
    key(app, pygame.K_c)
    dialog = next(s for s in app.stack.scenes if isinstance(s, ConvertScene))
    rows = len(dialog.options)
    first = dialog.rects[0].topleft
    click(app, dialog.rects[next(i for i, o in enumerate(dialog.options) if o.value == A.Burn(3))].center)
    assert len(dialog.options) > rows and dialog in app.stack.scenes
    window = app.screen.get_rect()
    assert window.contains(dialog.rect) and all(window.contains(b.rect) for b in dialog.buttons)
    for i, r in enumerate(dialog.rects):
        assert dialog.rect.contains(r) and r.bottom <= dialog.buttons[0].rect.top, (i, r)
        assert r.collidelist(dialog.rects[i + 1:]) == -1, i
    assert dialog.rects[0].x == first[0]  # the rows move only as far as the window needs


def test_playing_on_after_a_lesson_enter_ends_the_turn_not_the_lesson(user_dirs, title_app):
    """Found play-testing lesson 2: after its last step the student built a dwelling, the bar said
    'end the turn (Enter)', and Enter opened lesson 3, losing the board. While the turn can be
    ended, Enter ends it (the panel's Next lesson drops its key); otherwise it opens the next lesson."""
    from tmdesktop.rules import actions as A

    app, listing = open_list(title_app)
    scene = drive.play_through(app, LESSONS[1], scene=drive.open_from_list(app, 1))
    me = scene.decider()
    build = next(a for a in scene.game.legal_actions(me) if isinstance(a, A.Build))
    drive.do_action(app, scene, build)
    assert scene.ctl.can_end_turn()
    app.render(force=True)
    assert {b.key: b.hint for b in scene.panel.buttons}["next"] == ""
    moves = len(scene.game.log)
    key(app, pygame.K_RETURN)
    assert app.stack.scenes[-2] is scene and scene.game.log[moves:] == [(me, A.Done())]
    assert not scene.ctl.can_end_turn()
    app.render(force=True)
    assert {b.key: b.hint for b in scene.panel.buttons}["next"] == "Enter"


def test_pointing_at_the_panel_shows_no_card_of_the_map_under_it(user_dirs, title_app):
    """Found play-testing lesson 1: resting on the panel's Continue opened the rule card of the
    lake hex under the panel, drawn under the panel and cut by it."""
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 0)
    app.render(force=True)
    panel = scene.panel.rect
    under = next(((x, y) for y in range(panel.top + 4, panel.bottom - 4, 6)
                  for x in range(panel.left + 4, panel.right - 4, 6) if scene.map.hit((x, y))), None)
    assert under is not None  # (what the test is about: a hex lies under the panel)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=under, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert scene.hover is None and scene.cards.current() is None
    outside = scene.map.centres[next(h for h in scene.map.centres if not panel.collidepoint(scene.map.centres[h]))]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=outside, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert scene.hover is not None and scene.hover[0] == "hex"


def test_the_panels_buttons_are_as_wide_as_their_words_need(user_dirs, title_app, monkeypatch):
    """Found play-testing in Italian at 1280x720: three equal buttons shrank "Lezione successiva"
    to about 8 pixels beside "Lezioni". Each button takes its label's width first, so every label
    is drawn at the panel's type size."""
    from tmdesktop import i18n
    from tmdesktop.app import text

    app, listing = open_list(title_app)
    try:
        i18n.set_language("it")
        scene = drive.play_through(app, LESSONS[0], scene=drive.open_from_list(app, 0))
        sizes = {}
        fit = text.fit

        def fitting(s, size, *args, **kwargs):  # the size a button draws its label at
            sizes[s] = fit(s, size, *args, **kwargs)
            return sizes[s]

        monkeypatch.setattr(text, "fit", fitting)
        app.render(force=True)
        labels = [i18n._(w) for w in ("Lessons", "Restart", "Next lesson")]
        assert all(label in sizes for label in labels), sizes
        assert len({sizes[label] for label in labels}) == 1, {label: sizes[label] for label in labels}
        assert sizes[labels[0]] == scene.panel.button_font()
    finally:
        i18n.set_language("en")


def test_a_rule_card_beside_the_panel_goes_where_the_panel_does_not_hide_it(user_dirs, title_app):
    """Seen in a real window (lesson 4 at 1280x720): the card of a hex just above the lesson's
    panel was drawn under the panel, its lower lines hidden. A card goes to a side clear of it."""
    app, listing = open_list(title_app)
    scene = drive.open_from_list(app, 3)
    app.render(force=True)
    panel = scene.panel.rect
    outside = [h for h, c in scene.map.centres.items() if not panel.inflate(8, 8).collidepoint(c)]
    near = min(outside, key=lambda h: (scene.map.centres[h][0] - panel.centerx) ** 2
               + (scene.map.centres[h][1] - panel.top) ** 2)
    pos = tuple(int(v) for v in scene.map.centres[near])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        app.step(0.2)  # the pointer rests: the card comes
    app.render(force=True)
    assert scene.hover == ("hex", near) and scene.cards.shown is not None
    assert not scene.cards.shown.colliderect(scene.panel.rect), (scene.cards.shown, scene.panel.rect)
