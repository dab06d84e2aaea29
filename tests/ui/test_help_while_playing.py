"""Help while playing, driven by posted events: Suggest a move (H), the warnings before a costly
mistake, and the Settings switches that turn them (and the hand-off notices) off.

The table: four people, a game (seed 11) played 70 random moves on (random seed 3), where the
Mermaids are to take an action holding the bonus tile with a spade action they have not used.
"""

import random
import time

import pygame
import pytest

from tmdesktop.ai import suggest
from tmdesktop.app import computer
from tmdesktop.app.app import App
from tmdesktop.app.scenes import hint_scene
from tmdesktop import i18n
from tmdesktop.app.scenes.dialogs import ChoiceScene, ConfirmScene, HandoffNotice
from tmdesktop.app.scenes.hint_scene import HintPanel
from tmdesktop.app.scenes.load_scene import PlayScene
from tmdesktop.app.scenes.warning_scene import WarningScene
from tmdesktop.app.session import Session, new_game
from tmdesktop.rules import actions as A
from tmdesktop.i18n import shown
from tmdesktop.settings import Settings

from ui_events import click, key


def table(settings: Settings, moves: int = 70, seed: int = 3) -> tuple[App, PlayScene]:
    app = App((1280, 720))
    app.settings = settings
    session = Session(new_game(4, 11))
    session.play_random(moves, random.Random(seed))
    scene = PlayScene(app, session)
    app.push(scene)
    app.render(force=True)
    app.step(0.016)
    if (moves, seed) == (70, 3):
        assert app.stack.top is scene and scene.decider() == "mermaids"
        assert scene.game.decision("mermaids") == "action"
    return app, scene


def wait_for_hint(app, panel: HintPanel, seconds: float = 90.0) -> int:
    """Run the loop until the panel has its answer; returns the frames stepped meanwhile."""
    frames = 0
    end = time.monotonic() + seconds
    while panel.hint is None and not panel.error and time.monotonic() < end:
        app.step(0.016)
        frames += 1
        time.sleep(0.005)
    assert panel.hint is not None, panel.error or "no answer in time"
    return frames


def test_h_shows_the_suggestion_and_do_it_plays_exactly_that_action(monkeypatch):
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings())
    game = scene.game
    log = list(game.log)
    expected = suggest(game, "mermaids", "medium", computer.move_seed(game.setup, log, "mermaids")).action
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    assert panel.hint.action == expected
    assert "hint" in scene.annotations  # the move is ringed on the board
    words = " ".join(line for line, _w in panel.lines)
    assert "VP" in words and "A4" in words  # seed 11: the temple on A4 scores on the round tile
    assert game.log == log  # nothing played yet
    key(app, pygame.K_RETURN)  # Do it
    assert game.log[len(log)] == ("mermaids", expected)
    assert app.stack.top is not panel and "hint" not in scene.annotations


def test_esc_closes_the_suggestion_and_plays_nothing(monkeypatch):
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings())
    log = list(scene.game.log)
    click(app, next(b for b in scene.buttons if b.key == "hint").rect.center)  # the bar's button
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.game.log == log and "hint" not in scene.annotations


def test_the_suggestion_is_thought_in_the_worker_while_the_window_keeps_going(monkeypatch):
    monkeypatch.setattr(hint_scene, "USE_WORKER", True)
    app, scene = table(Settings())
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel) and panel.hint is None
    assert any("…" in line for line, _w in panel.lines)  # "thinking about a move…"
    frames = wait_for_hint(app, panel)
    assert frames > 0  # the loop ran while the worker thought
    log = list(scene.game.log)
    seed = computer.move_seed(scene.game.setup, log, "mermaids")
    assert panel.hint.action == suggest(scene.game, "mermaids", "medium", seed).action


def test_a_failing_suggestion_says_so_and_the_game_goes_on(monkeypatch):
    def broken(*_args):
        raise ValueError("no plan")

    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    monkeypatch.setattr(hint_scene, "hint_from_log", broken)
    app, scene = table(Settings())
    log = list(scene.game.log)
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    app.step(0.016)
    assert panel.hint is None and "ValueError" in panel.error
    assert [b.key for b in panel.buttons] == ["close"]  # nothing to do
    key(app, pygame.K_RETURN)  # Enter does nothing without a suggestion
    assert app.stack.top is panel and scene.game.log == log
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.game.log == log


def pass_with_first_tile(app, scene):
    """X, then the first bonus tile of the picker (key 1); returns the tile."""
    key(app, pygame.K_x)
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and picker.options[0].card
    tile = picker.options[0].value
    key(app, pygame.K_1)
    return tile


def test_a_warning_is_asked_once_and_go_back_leaves_the_game_unchanged():
    app, scene = table(Settings())
    game = scene.game
    digest, log = game.digest(), list(game.log)
    tile = pass_with_first_tile(app, scene)
    dlg = app.stack.top
    assert isinstance(dlg, WarningScene)
    assert "unused" in dlg.title  # passing with the bonus tile's spade unused
    key(app, pygame.K_ESCAPE)  # go back
    assert app.stack.top is scene and game.digest() == digest and game.log == log
    assert pass_with_first_tile(app, scene) == tile  # the same pass again: asked once, so played
    assert game.log[len(log)] == ("mermaids", tile)
    # the laptop goes to the next person, with the notice (on by default)
    app.step(0.016)
    assert isinstance(app.stack.top, HandoffNotice)


def test_do_it_anyway_plays_the_action():
    app, scene = table(Settings())
    log = list(scene.game.log)
    tile = pass_with_first_tile(app, scene)
    dlg = app.stack.top
    assert isinstance(dlg, WarningScene)
    click(app, dlg.rects[0].center)  # Do it anyway
    assert scene.game.log[len(log)] == ("mermaids", tile)


def test_switched_off_no_hint_button_no_warning_and_no_handoff_notice():
    app, scene = table(Settings(hints=False, warnings=False, handoff_notices=False))
    assert "hint" not in [b.key for b in scene.buttons]
    log = list(scene.game.log)
    key(app, pygame.K_h)
    assert app.stack.top is scene and scene.game.log == log
    tile = pass_with_first_tile(app, scene)  # no warning: the pass is played at once
    assert scene.game.log[len(log)] == ("mermaids", tile)
    for _ in range(5):
        app.step(0.016)
        assert not isinstance(app.stack.top, HandoffNotice)
    assert scene.decider() not in (None, "mermaids")  # the turn passed, with no notice


def test_going_back_from_declining_free_power_opens_the_offer_again():
    app, scene = table(Settings(), moves=27, seed=5)  # the Nomads are offered 1 power, which costs no VP
    game = scene.game
    assert scene.decider() == "nomads" and game.decision("nomads") == "leech"
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene)
    digest = game.digest()
    decline = next(i for i, o in enumerate(picker.options) if isinstance(o.value, A.Decline))
    key(app, pygame.K_1 + decline)
    dlg = app.stack.top
    assert isinstance(dlg, WarningScene) and "nothing" in dlg.title  # declining power that costs nothing
    key(app, pygame.K_ESCAPE)
    assert game.digest() == digest
    again = app.stack.top
    assert isinstance(again, ChoiceScene) and not isinstance(again, WarningScene)  # the offer, asked again
    take = next(i for i, o in enumerate(again.options) if isinstance(o.value, A.Leech))
    key(app, pygame.K_1 + take)
    assert isinstance(game.log[-1][1], A.Leech) and game.log[-1][0] == "nomads"


@pytest.mark.parametrize("name", ["hints", "warnings", "handoff_notices"])
def test_the_settings_switches_are_saved(title_app, user_dirs, name):
    from tmdesktop import settings as settings_mod
    from tmdesktop.app.scenes.settings_scene import SettingsScene

    app = title_app()
    app.push(SettingsScene(app))
    app.render(force=True)
    page = app.stack.top
    assert getattr(app.settings, name) is True
    click(app, page.switch(name).control().center)
    assert getattr(app.settings, name) is False
    assert getattr(settings_mod.load()[0], name) is False
    click(app, page.switch(name).control().center)
    assert getattr(settings_mod.load()[0], name) is True


def test_do_it_plays_the_burning_that_prepares_the_suggested_action_and_the_action(make_app, monkeypatch):
    """A suggestion that burns four power tokens for a power action said "First step: burn 1
    power token" and "Do it" burnt one: the player pressed it four times, the computer thinking
    again each time. It says the four, and "Do it" plays them and the action."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene, session = make_app(size=(1280, 720), players=4, seed=1, demo=60)
    game, me = session.game, session.decider()
    scene.round_seen = game.state.round  # (the round summary is not what this looks at)
    while app.stack.top is not scene:
        app.stack.pop()
    log = list(game.log)
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    turn = panel.hint.turn
    burns = [a for a in turn[: turn.index(panel.hint.main)] if isinstance(a, A.Burn)]
    assert len(burns) >= 2, turn  # the position this test is about
    words = " ".join(line for line, _w in panel.lines)
    assert f"Burn {sum(b.n for b in burns)} power tokens" in words
    key(app, pygame.K_RETURN)  # Do it
    played = [a for who, a in game.log[len(log):] if who == me]
    assert played[: len(burns) + 1] == list(turn[: turn.index(panel.hint.main) + 1])


def test_the_picker_after_do_it_marks_the_suggested_answer(monkeypatch):
    """Seen in a real window: "Do it" on 'Upgrade E2 to a temple, then take the favor tile (…)'
    played the upgrade, and the favor picker that opened did not say which tile the suggestion
    meant. The picker marks the answer the followed suggestion makes, and only that one; once
    answered, the next picker marks nothing."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings())
    game = scene.game
    key(app, pygame.K_h)
    panel = app.stack.top
    wait_for_hint(app, panel)
    tiles = [a for a in panel.hint.turn if isinstance(a, A.TakeTile)]
    assert isinstance(panel.hint.main, A.Upgrade) and tiles, panel.hint.turn  # seed 11: a temple, a favor tile
    key(app, pygame.K_RETURN)  # Do it
    app.step(0.016)
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and game.decision("mermaids") == "favor"
    marked = [o.value for o in picker.options if o.suggested]
    assert marked == [tiles[0]]
    app.render(force=True)
    click(app, picker.rects[[o.value for o in picker.options].index(tiles[0])].center)
    assert game.log[-1] == ("mermaids", tiles[0])
    assert scene.suggested_rest == panel.hint.turn[panel.hint.turn.index(tiles[0]) + 1:]


def hint_after(app, seed: int, moves: int, faction: str) -> tuple[PlayScene, HintPanel]:
    """The table of a seeded random game after `moves` moves, `faction` to act, and its hint (H)."""
    session = Session(new_game(4, seed))
    session.play_random(moves, random.Random(seed))
    scene = PlayScene(app, session)
    app.push(scene)
    app.render(force=True)
    app.step(0.016)
    assert scene.decider() == faction
    key(app, pygame.K_h)
    panel = app.stack.top
    wait_for_hint(app, panel)
    return scene, panel


def test_after_do_it_the_build_that_follows_a_suggested_spade_is_ringed_until_played(monkeypatch):
    # Found in a review: "Spade (bonus tile) / Then: Build a dwelling on E2"; after "Do it" the
    # player held the spade and nothing on the board said where the suggestion built.
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app = App((1280, 720))
    app.settings = Settings()
    scene, panel = hint_after(app, seed=1, moves=21, faction="giants")
    spade, build = panel.hint.turn[:2]
    assert isinstance(spade, A.UseAction) and panel.hint.main == spade and isinstance(build, A.Build)
    key(app, pygame.K_RETURN)  # Do it: the spade only
    app.step(0.016)
    assert scene.game.log[-1] == ("giants", spade)
    targets, note = scene.annotations["suggested"]
    assert targets == [("hex", build.hex)] and shown(note) == f"Suggested: Build a dwelling on {build.hex}"
    ring = scene.target_rect(targets[0])
    click(app, ring.center)  # what may be done there: the suggested build marked
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene)
    assert [o.value for o in picker.options if o.suggested] == [build]
    app.render(force=True)
    click(app, picker.rects[[o.value for o in picker.options].index(build)].center)
    assert scene.game.log[-1] == ("giants", build)
    assert "suggested" not in scene.annotations


def spade_suggestion(app) -> tuple[PlayScene, HintPanel]:
    """Seed 1 after 94 moves: the Nomads are to act, and the suggestion (H) is the power action
    of two spades, then a dwelling on C2 (mountains, two spades from their desert)."""
    scene, panel = hint_after(app, seed=1, moves=94, faction="nomads")
    assert panel.hint.turn == (A.UseAction("ACT6"), A.Build("C2"))
    return scene, panel


def test_after_do_it_on_a_spade_action_the_board_says_what_the_suggestion_does_next(monkeypatch):
    """Seen in a real window: after 'Do it' on 'Power action: 2 spades / Then: Build a dwelling on
    C2' the hint's ring stayed on C2 with a bare 'Suggested' (in English whatever the language
    later), so it read as the hint's marking left behind after its action was played. It is the
    rest of the suggestion: it says which step it is, in the language shown, and goes once the
    turn goes another way."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app = App((1280, 720))
    app.settings = Settings()
    scene, _panel = spade_suggestion(app)
    key(app, pygame.K_RETURN)  # Do it: the power action only
    assert scene.game.log[-1] == ("nomads", A.UseAction("ACT6"))
    assert "hint" not in scene.annotations  # the panel's own rings went with it
    targets, note = scene.annotations["suggested"]
    assert targets == [("hex", "C2")] and shown(note) == "Suggested: Build a dwelling on C2"
    try:
        i18n.set_language("es")
        assert shown(scene.annotations["suggested"][1]) == "Sugerido: Construir una morada en C2"
    finally:
        i18n.set_language("en")
    click(app, next(b for b in scene.buttons if b.key == "done").rect.center)  # End turn instead
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "spades" in question.title
    assert "suggested" in scene.annotations  # asked, not answered: still the suggestion
    click(app, question.rects[0].center)  # lose them and end the turn
    assert scene.game.log[-1] == ("nomads", A.Done())
    assert "suggested" not in scene.annotations and scene.suggested_rest == ()


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_answers_the_unused_spade_question_as_other_questions(monkeypatch, enter):
    """Seen in a real window: after 'Do it' on the two-spade power action, End turn (Enter) asked
    whether to lose the unused spades, and Enter did not answer (only Esc, or a click). Enter,
    either key, says yes there as in every other question; Esc says no."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app = App((1280, 720))
    app.settings = Settings()
    scene, _panel = spade_suggestion(app)
    game = scene.game
    key(app, enter)  # Do it
    assert game.state.players["nomads"].spades == 2
    n = len(game.log)
    key(app, enter)  # End turn: asked first
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "spades" in question.title and len(game.log) == n
    assert question.options[0].label == "Lose them and end"  # two spades: said in the plural
    key(app, pygame.K_ESCAPE)  # no: nothing lost
    assert app.stack.top is scene and len(game.log) == n and game.state.players["nomads"].spades == 2
    key(app, enter)
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, enter)  # yes
    assert game.log[n:] == [("nomads", A.DiscardSpade(2)), ("nomads", A.Done())]
    assert game.state.turn.faction != "nomads"


def test_enter_in_a_warning_goes_back():
    """The warnings answer Enter too, with the safe answer: Enter (here the keypad's) goes back as
    Esc does, and the rows show it; only 1 or a click does it anyway."""
    app, scene = table(Settings())
    log = list(scene.game.log)
    pass_with_first_tile(app, scene)
    warning = app.stack.top
    assert isinstance(warning, WarningScene) and warning.key_of(1) == "2 · Enter · Esc" and warning.key_of(0) == "1"
    key(app, pygame.K_KP_ENTER)
    assert app.stack.top is scene and scene.game.log == log


def test_settings_show_the_language_the_game_speaks_after_a_lang_start(user_dirs):
    # Found in a review: started with --lang en over saved Italian, Settings said "Italiano"
    # while every word on screen was English.
    from tmdesktop import i18n
    from tmdesktop.app.scenes.settings_scene import SettingsScene

    app = App((1280, 720))
    app.settings = Settings(language="it")
    i18n.set_language("en")  # what `--lang en` does at start
    scene = SettingsScene(app)
    app.push(scene)
    app.render(force=True)
    assert scene.lang.value == "en"


def table_at(seed: int, steps: int, factions: tuple[str, ...] | None = None) -> tuple[App, PlayScene]:
    """A table of four people (of `factions`, or drawn by the seed) after `steps` random moves of
    a seeded game, its picker open."""
    app = App((1280, 720))
    app.settings = Settings(handoff_notices=False)
    session = Session(new_game(4, seed, factions))
    rng = random.Random(seed)
    for _ in range(steps):
        session.play_random(1, rng)
    scene = PlayScene(app, session)
    scene.round_seen = session.state.round  # no round summary first
    app.push(scene)
    app.render(force=True)
    app.step(0.016)
    app.step(0.016)
    return app, scene


def test_an_owed_cult_step_s_picker_closes_and_the_track_on_the_board_answers(user_dirs):
    # Found in a review: after the bonus tile's cult action, the cult picker had no Cancel and
    # Esc did nothing. Like the tile pickers, it closes to look at the board; the glowing track
    # there answers.
    app, scene = table_at(1, 133)
    game = scene.game
    assert game.decision("witches") == "cult"
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and picker.cancellable
    key(app, pygame.K_ESCAPE)
    app.step(0.016)
    assert app.stack.top is scene and game.decision("witches") == "cult"
    step = next(a for a in scene.legal() if isinstance(a, A.CultStep))
    column = scene.cults.columns[step.cult]
    click(app, (column.centerx, column.top + column.height // 4))  # the track, above the priest spots
    assert game.log[-1] == ("witches", step)


def test_esc_on_a_power_offer_opens_the_menu_over_it(user_dirs):
    # Found in a review: with a power offer open, Esc was ignored and the menu out of reach; and
    # the offer did not say whose building it came from.
    from tmdesktop.app import describe

    app, scene = table_at(1, 15)
    assert scene.game.decision("giants") == "leech"
    offer = app.stack.top
    assert isinstance(offer, ChoiceScene) and not offer.cancellable
    source = scene.game.state.players["giants"].leech_offers[0].source  # (said under the title)
    assert offer.subtitle == f"The {describe.faction(scene.game, source)} built next to you."
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, ChoiceScene) and menu is not offer and menu.title == "Menu"
    key(app, pygame.K_1)  # Back to the game: the offer, as it was
    assert app.stack.top is offer and scene.game.decision("giants") == "leech"


def to_the_first_bonus_tile_picker(app, scene) -> ChoiceScene:
    """The starting dwellings placed, the setup's first bonus tile picker: returns it."""
    for _ in range(40):
        if isinstance(app.stack.top, ChoiceScene) and scene.game.state.phase == "bonus":
            break
        if app.stack.top is not scene:
            key(app, pygame.K_RETURN)  # a hand-off notice
            continue
        scene.play(next(a for a in scene.session.legal() if isinstance(a, A.Build)))
        app.step(0.016)
    return app.stack.top


def test_a_picker_offers_the_hint_and_opens_again_when_it_is_not_followed(monkeypatch):
    """Seen playing in a real window: H did nothing while the bonus tile picker was open (the
    bar's Hint is under it), so the choice a newcomer most needs advice on had none."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings(), moves=0)
    game = scene.game
    picker = to_the_first_bonus_tile_picker(app, scene)
    assert isinstance(picker, ChoiceScene) and any(b.key == "hint" for b in picker.buttons)
    me, log = scene.decider(), list(game.log)
    click(app, next(b for b in picker.buttons if b.key == "hint").rect.center)
    panel = app.stack.top
    assert isinstance(panel, HintPanel) and picker not in app.stack.scenes
    wait_for_hint(app, panel)
    key(app, pygame.K_ESCAPE)  # not followed: the question is asked again
    app.step(0.016)
    again = app.stack.top
    assert isinstance(again, ChoiceScene) and game.log == log
    key(app, pygame.K_h)  # the key too
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    expected = panel.hint.action
    key(app, pygame.K_RETURN)  # Do it: the suggested tile is taken
    assert game.log[len(log)] == (me, expected) and isinstance(expected, A.Pass)


def test_the_pass_picker_offers_the_hint_too_and_opens_again_when_it_is_not_followed(monkeypatch):
    """Seen playing: the bonus tile picker that passing opens had no Hint (H did nothing), though
    the setup's bonus tile picker and the favor tile picker have one."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings())
    game = scene.game
    log = list(game.log)
    key(app, pygame.K_x)  # Pass: the bonus tile for the next round
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and all(isinstance(o.value, A.Pass) for o in picker.options)
    assert any(b.key == "hint" for b in picker.buttons)
    click(app, next(b for b in picker.buttons if b.key == "hint").rect.center)
    panel = app.stack.top
    assert isinstance(panel, HintPanel) and picker not in app.stack.scenes
    wait_for_hint(app, panel)
    key(app, pygame.K_ESCAPE)  # not followed: the picker is there again, nothing played
    app.step(0.016)
    again = app.stack.top
    assert isinstance(again, ChoiceScene) and again.title == picker.title and game.log == log
    assert [o.value for o in again.options] == [o.value for o in picker.options]
    key(app, pygame.K_h)  # the key too
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    expected = panel.hint.action
    key(app, pygame.K_RETURN)  # followed: the suggestion is played, and the picker stays closed
    app.step(0.016)
    assert game.log[len(log)] == ("mermaids", expected)
    assert not any(isinstance(s, ChoiceScene) and s.title == picker.title for s in app.stack.scenes)


def test_the_suggested_bonus_tile_is_marked_apart_from_the_tiles_that_glow(monkeypatch):
    """Seen playing: with the setup's bonus tile picker closed for the suggestion, every tile that
    may be taken glows, and the suggestion's ring looked like one more glow. Its tile carries the
    pickers' "Suggested" tag above it; the others do not."""
    from tmdesktop.app import theme

    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = table(Settings(), moves=0)
    to_the_first_bonus_tile_picker(app, scene)
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    app.render(force=True)
    suggested = panel.hint.action.bonus
    glowing = [tile for kind, tile in scene.glowing() if kind == "bonus"]
    assert suggested in glowing and len(glowing) > 1
    s = scene.lay.scale

    def tag_above(tile: str) -> int:
        """The pixels of the tag's colour in a band above the tile's ring (the glow's and the
        ring's edges are below it)."""
        card = scene.supply.bonuses.cards[tile]
        band = pygame.Rect(card.x, card.top - int(12 * s), card.width, int(5 * s))
        return sum(app.screen.get_at((x, y))[:3] == theme.HIGHLIGHT
                   for x in range(band.left, band.right) for y in range(band.top, band.bottom))

    assert tag_above(suggested) > 0
    assert all(tag_above(tile) == 0 for tile in glowing if tile != suggested)


def acolytes_table(seed: int, steps: int) -> tuple[App, PlayScene]:
    """The Acolytes (Fire & Ice), the Witches, the Nomads and the Engineers after `steps` random
    moves of a seeded game: the Acolytes are to act, last in the round (the others have passed,
    so every action of theirs starts a new turn, even with a decision of the last one open),
    holding the bonus tile whose spade is a cult step for them."""
    app, scene = table_at(seed, steps, ("acolytes", "witches", "nomads", "engineers"))
    assert app.stack.top is scene and scene.decider() == "acolytes"
    assert scene.game.state.players["acolytes"].bonus == "BON1"
    return app, scene


def do_it(app, scene) -> HintPanel:
    """H, then Do it once the suggestion is there; returns the panel (its hint)."""
    key(app, pygame.K_h)
    panel = app.stack.top
    assert isinstance(panel, HintPanel)
    wait_for_hint(app, panel)
    key(app, pygame.K_RETURN)
    app.step(0.016)
    app.render(force=True)
    return panel


def marked(picker) -> list:
    return [o.value for o in picker.options if o.suggested]


def choose(app, picker, value) -> None:
    app.render(force=True)
    click(app, picker.rects[[o.value for o in picker.options].index(value)].center)
    app.step(0.016)
    app.render(force=True)


def test_a_suggested_priest_is_marked_in_the_picker_and_sending_it_there_follows_the_suggestion(monkeypatch):
    """Seen playing: the suggestion 'Spade (bonus tile) / Then: send a priest to Fire; +1 on
    Fire' for the Acolytes (alone in the round) could not be followed: the suggestion sends the
    priest to the best free space (the engine's plain send), the priest picker spells the spaces
    out, so no space was marked "Suggested" and sending the priest to that very space ended the
    suggestion.  The picker marks the space the plain send takes, and sending it there follows
    the suggestion; meanwhile the track is ringed and said, space and all."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = acolytes_table(5, 278)
    game = scene.game
    panel = do_it(app, scene)
    spade, send, step = panel.hint.turn
    assert spade == A.UseAction("BON1") and panel.hint.main == spade
    assert send == A.SendPriest("FIRE") and step == A.CultStep("FIRE", 1)  # the plain send: no space named
    assert game.log[-1] == ("acolytes", spade)
    picker = app.stack.top  # the spade's cult step, owed: asked first
    assert isinstance(picker, ChoiceScene) and game.decision("acolytes") == "cult"
    assert marked(picker) == [step]
    choose(app, picker, step)
    assert game.log[-1] == ("acolytes", step) and app.stack.top is scene
    assert scene.suggested_rest == (send,)
    targets, note = scene.annotations["suggested"]  # the track, and the space the send takes
    assert targets == [("cult", "FIRE")] and shown(note) == "Suggested: Send a priest to Fire (2 steps)"
    key(app, pygame.K_p)  # Send priest: the spaces spelled out
    app.render(force=True)
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and A.SendPriest("FIRE", 2) in [o.value for o in picker.options]
    assert marked(picker) == [A.SendPriest("FIRE", 2)]  # Fire's only free space: where the plain send goes
    assert A.SendPriest("FIRE", 1) in [o.value for o in picker.options]  # (one step, the priest back: not it)
    choose(app, picker, A.SendPriest("FIRE", 2))
    assert game.log[-1] == ("acolytes", send)  # the same move, as the engine logs it
    assert scene.suggested_rest == () and "suggested" not in scene.annotations  # followed to its end


def test_a_cult_picker_opened_in_a_suggested_turn_marks_the_suggestion_s_answer_not_a_later_ring(monkeypatch):
    """Seen playing: after "Do it" on the Acolytes' spade bonus tile (alone in the round: 'Spade
    (bonus tile) / Then: build a dwelling on B3; +1 on Air; lose 3 on Earth'), the cult step the
    spade brings was asked in a picker that marked nothing, while the board ringed the build
    ("Suggested: Build a dwelling on B3") as if it came first.  The picker asks first, so the
    suggestion's answer to it (+1 on Air) is the next step: marked, and nothing later ringed
    meanwhile; then the build is ringed, and the volcano's price marked in its picker."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app, scene = acolytes_table(32, 47)
    game = scene.game
    panel = do_it(app, scene)
    spade, build, step, price = panel.hint.turn
    assert spade == A.UseAction("BON1") and panel.hint.main == spade and build == A.Build("B3")
    assert step == A.CultStep("AIR", 1) and price == A.CultStep("EARTH", -3)
    assert build in scene.legal()  # (the engine would take the build first: not what it asks)
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and game.decision("acolytes") == "cult"
    assert marked(picker) == [step]
    assert "suggested" not in scene.annotations  # no ring for a later step while the picker asks
    choose(app, picker, step)
    assert game.log[-1] == ("acolytes", step) and app.stack.top is scene
    targets, note = scene.annotations["suggested"]  # now the build is next
    assert targets == [("hex", "B3")] and shown(note) == "Suggested: Build a dwelling on B3"
    click(app, scene.target_rect(targets[0]).center)  # the build, on the ringed hex
    app.step(0.016)
    assert game.log[-1] == ("acolytes", build)
    picker = app.stack.top  # the volcano's price
    assert isinstance(picker, ChoiceScene) and game.decision("acolytes") == "lose-cult"
    assert marked(picker) == [price]
    choose(app, picker, price)
    assert game.log[-1] == ("acolytes", price) and scene.suggested_rest == ()


def test_a_picker_the_suggestion_does_not_answer_ends_it(user_dirs):
    """A decision the suggestion being followed has no answer for (here a cult step owed, with
    only a build left in the suggestion) ends it: no ring for the build while the picker asks."""
    app, scene = acolytes_table(32, 47)
    scene.play(A.UseAction("BON1"), "acolytes", checked=True)
    assert scene.game.decision("acolytes") == "cult" and A.Build("B3") in scene.legal()
    scene.follow_suggestion((A.Build("B3"),), "acolytes")
    assert scene.suggested_rest == () and "suggested" not in scene.annotations
    app.step(0.016)
    picker = app.stack.top
    assert isinstance(picker, ChoiceScene) and marked(picker) == []


def test_after_do_it_a_later_power_action_of_the_suggestion_is_ringed_on_its_tile_until_played(monkeypatch):
    """A later step that is a power action was marked nowhere after 'Do it' (only hex moves,
    bridges and priests were). Seed 13 after 86 moves: the Giants' suggestion is the bonus tile's
    spade, then the power action of a priest; after 'Do it' the priest's power action is ringed
    on its tile and said until it is played."""
    monkeypatch.setattr(hint_scene, "USE_WORKER", False)
    app = App((1280, 720))
    app.settings = Settings()
    scene, panel = hint_after(app, seed=13, moves=86, faction="giants")
    first, then = panel.hint.turn[:2]
    assert panel.hint.main == first == A.UseAction("BON1") and then == A.UseAction("ACT2")
    key(app, pygame.K_RETURN)  # Do it: the bonus tile's spade only
    app.step(0.016)
    app.render(force=True)
    assert scene.game.log[-1] == ("giants", first)
    targets, note = scene.annotations["suggested"]
    assert targets == [("power", "ACT2")] and shown(note) == "Suggested: Power action: Priest"
    ring = scene.target_rect(targets[0])
    assert ring is not None and ring == scene.supply.powers.cards["ACT2"]
    click(app, ring.center)  # the ringed tile: its power action
    app.step(0.016)
    assert scene.game.log[-1] == ("giants", then)
    assert ("power", "ACT2") not in scene.annotations.get("suggested", ([], ""))[0]
