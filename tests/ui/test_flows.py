"""Whole flows through the menus under the dummy driver: title -> setup -> a game played with
random legal actions -> the scoring scene (whose sources add up to the engine's scores);
Continue, Load, the faction pick, settings and the replay viewer."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from tmdesktop import i18n, saves
from tmdesktop.app import text, theme
from tmdesktop.rules.random_play import random_step
from tmdesktop.settings import Settings

from ui_events import click, finish_to_scoring, key, to_map, type_names

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"

pytestmark = pytest.mark.usefixtures("user_dirs")


def press(app, key_name: str) -> None:
    click(app, app.stack.top.centre_of(key_name))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_title_setup_game_scoring(title_app, size):
    from tmdesktop.app.scenes.load_scene import PlayScene
    from tmdesktop.app.scenes.setup_scene import SetupScene

    app = title_app(size)
    press(app, "new")
    assert isinstance(app.stack.top, SetupScene)
    press(app, "start")  # two clicks: a game with the defaults
    to_map(app)
    scene = app.stack.top
    assert isinstance(scene, PlayScene) and len(scene.game.state.seats) == 4
    scoring = finish_to_scoring(app, seed=size[0])
    # the table adds up to each engine final score
    for f, p in scene.game.state.players.items():
        assert scoring.b.total(f) == p.VP
        assert scoring.b.timeline[f][-1] == p.VP
    # step through the final scoring with the button
    steps = len(scoring.b.steps)
    assert steps >= 5
    for k in range(steps):
        press(app, "next")
        assert scoring.shown == k + 1
    assert scoring.done
    for f, p in scene.game.state.players.items():
        assert scoring.partial(f) == p.VP
    app.render(force=True)
    # the finished game was saved; Continue does not offer it
    listed = saves.list_saves()
    assert len(listed) == 1 and listed[0].finished
    press(app, "title")
    assert not app.stack.top.button("continue").enabled


def test_continue_resumes_the_last_action(title_app):
    from tmdesktop.app.scenes.load_scene import PlayScene

    app = title_app()
    press(app, "new")
    press(app, "start")
    to_map(app)
    scene = app.stack.top
    rng = random.Random(3)
    for _ in range(60):
        who, action = random_step(scene.game, rng)
        scene.session.apply(action, who)
    log = list(scene.game.log)
    key(app, pygame.K_ESCAPE)  # the game menu
    app.stack.top.on_choose("title")
    title = app.stack.top
    assert title.button("continue").enabled
    press(app, "continue")
    to_map(app)
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.game.log == log


def choose(app, chooser, value) -> None:
    """Click a chooser's right arrow until it shows `value`."""
    for _ in range(len(chooser.values)):
        if chooser.value == value:
            return
        click(app, chooser.arrows()[1].center)
    assert chooser.value == value


def test_the_line_under_continue_is_drawn_at_a_readable_size(title_app, monkeypatch):
    """Found play-testing in Spanish at 1280x720 with five Fire & Ice factions: the save's line
    under Continue (date, round, five factions) was shrunk to about 7 pixels. It is drawn at the
    page's small type size, inside the window (an ellipsis ends what does not fit)."""
    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.describe import describe_save
    from ui_events import record_text

    app = title_app()
    try:
        i18n.set_language("es")  # (the factions' Spanish names are the longer)
        for seed in range(1, 40):  # a table whose line is longer than the room it used to have
            press(app, "new")
            setup = app.stack.top
            choose(app, setup.chooser("players"), 5)
            choose(app, setup.chooser("factions"), "fire_ice")
            setup.seed.value = str(seed)
            press(app, "start")
            to_map(app)
            key(app, pygame.K_ESCAPE)  # the game menu
            app.stack.top.on_choose("title")
            title = app.stack.top
            full = describe_save(title.latest)
            if text.width(full, title.fs(17)) > title.px(700):
                break
        else:
            raise AssertionError("no table with a long enough line")
        drawn = record_text(monkeypatch)
        app.render(force=True)
    finally:
        i18n.set_language("en")
    lines = [t for t in drawn if t[0] in title.save_lines]
    assert [s for s, _size, _room in lines] == title.save_lines
    # whole, at the small type size, with no narrower room to shrink it into, and in the column of
    # buttons (`test_the_backup_line_under_continue_fits_the_column_of_buttons`)
    assert " ".join(title.save_lines).replace(" · ", " ") == full.replace(" · ", " ")
    for s, size, room in lines:
        assert size == title.fs(17) and not room
        assert text.width(s, size) <= title.button("continue").rect.width


def test_new_game_offers_the_last_games_choices_again(title_app, user_dirs):
    """Found play-testing: the New game page came back at its defaults after every game (four
    players, the original map, four people). It offers the last game's choices again: players,
    map, factions, who plays each seat; a remembered name fills a person's seat, not a computer's.
    A value the page does not know (a settings file from elsewhere) leaves its default."""
    from tmdesktop import settings as settings_mod
    from tmdesktop.app.scenes.setup_scene import SetupScene

    app = title_app()
    press(app, "new")
    setup = app.stack.top
    choose(app, setup.chooser("players"), 3)
    choose(app, setup.chooser("map"), "fjords")
    choose(app, setup.chooser("seat1"), "easy")
    type_names(app, setup, ["Ana", "", "Cy"])
    press(app, "start")
    to_map(app)
    key(app, pygame.K_ESCAPE)  # the game menu
    app.stack.top.on_choose("title")
    press(app, "new")
    again = app.stack.top
    assert isinstance(again, SetupScene) and again is not setup
    assert (again.n(), again.map.value, [c.value for c in again.seats[:3]]) == (3, "fjords", ["human", "easy", "human"])
    assert [f.value for f in again.names[:3]] == ["Ana", "", "Cy"]
    saved, _msg = settings_mod.load()
    assert saved.last_setup["map"] == "fjords"  # (kept on disk for the next start)
    app.settings.last_setup = {"map": "moon", "players": "3", "seats": ["robot", "hard"]}
    fresh = SetupScene(app)
    assert (fresh.map.value, fresh.n(), fresh.seats[0].value, fresh.seats[1].value) == ("original", 4, "human", "hard")


def _newest_game_with_a_damaged_file(computer_first: bool = False, players: int = 2, ready=None):
    """Two unfinished games on disk; the newest one's file holds random bytes, its .bak (the copy
    one move before) is good.  Returns that .bak's game.  `computer_first`: the computer plays
    the seat whose move follows the .bak; `ready(game)`: the .bak's position (by default once the
    factions are chosen)."""
    import time

    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import GameSetup

    rng = random.Random(5)
    older = Game(GameSetup.random(3, 1))
    for _ in range(20):
        older.apply(*random_step(older, rng))
    assert saves.Autosaver("older").save(older)
    time.sleep(0.02)
    game = Game(GameSetup.random(players, 5))
    while not (ready or (lambda g: len(g.state.seats) == players))(game):
        game.apply(*random_step(game, rng))
    who, action = random_step(game, rng)
    saver = saves.Autosaver("newest", computers={who: "easy"} if computer_first else None)
    assert saver.save(game)
    before = game.copy()
    game.apply(who, action)
    assert saver.save(game)
    saver.path.write_bytes(random.Random(7).randbytes(400))
    return before


def test_continue_opens_the_newest_game_from_its_backup(title_app):
    """The newest save damaged, its .bak good: Continue showed and opened an older game."""
    from tmdesktop.app.describe import describe_save
    from tmdesktop.app.scenes.load_scene import PlayScene

    backup = _newest_game_with_a_damaged_file()
    app = title_app()
    assert app.stack.top.latest.game_id == "newest"
    assert describe_save(app.stack.top.latest).startswith("From its backup (the last copy is damaged): ")
    key(app, pygame.K_RETURN)
    scene = to_map(app)
    assert isinstance(scene, PlayScene) and scene.game.log == backup.log
    assert scene.session.saver.path.name == f"newest{saves.SUFFIX}"


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_backup_line_under_continue_fits_the_column_of_buttons(title_app, monkeypatch, size, lang):
    """Found play-testing: when the newest save was opened from its backup, the line under
    Continue that says so ran far past the buttons on both sides. It goes on lines as wide as the
    column of buttons at most, between Continue and New game, and says it all."""
    from tmdesktop.app.describe import faction_names

    backup = _newest_game_with_a_damaged_file()
    i18n.set_language(lang)
    shown = []  # (text, where) of every line drawn
    blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, s, *a, **kw: shown.append((s, blit(surface, s, *a, **kw)))
                        or shown[-1][1])
    app = title_app(size=size)
    title = app.stack.top
    column, below = title.button("continue").rect, title.button("new").rect
    lines = [(s, r) for s, r in shown if r.top >= column.bottom and r.bottom <= below.top]
    assert lines and all(column.left <= r.left and r.right <= column.right for _s, r in lines)
    words = " ".join(s for s, _r in lines)
    assert words.startswith(i18n._("From its backup (the last copy is damaged):"))
    assert "…" not in words and all(name in words for name in faction_names(backup.state.seats).split(", "))


def test_the_note_on_opening_a_backup_stays_through_the_computers_first_move(title_app, monkeypatch):
    """Load, the damaged newest save, Enter: the game opened from its .bak, but the computer's
    move that followed at once cleared the note saying so before it could be read."""
    from tmdesktop.app import computer
    from tmdesktop.app.scenes.load_scene import LoadScene, PlayScene
    from tmdesktop.app.views import widgets

    monkeypatch.setattr(computer, "USE_WORKER", False)
    backup = _newest_game_with_a_damaged_file(computer_first=True)
    app = title_app(settings=Settings(animation_speed="off"))
    press(app, "load")
    load = app.stack.top
    assert isinstance(load, LoadScene) and load.saves[0].game_id == "newest" and load.saves[0].note

    def moved() -> bool:
        return any(isinstance(s, PlayScene) and len(s.game.log) > len(backup.log) for s in app.stack.scenes)

    shown = []  # what the frames show in a toast once the computer has moved
    toast = widgets.toast
    monkeypatch.setattr(widgets, "toast", lambda surface, msg, *a, **kw: (
        shown.append(msg) if moved() else None, toast(surface, msg, *a, **kw))[1])
    key(app, pygame.K_RETURN)
    for _ in range(3):
        app.step(0.016)
    scene = app.stack.top
    assert isinstance(scene, PlayScene) and scene.game.log[:len(backup.log)] == backup.log and moved()
    assert scene.toast and scene.toast[0].startswith("The last copy of this save could not be read, so the copy")
    assert shown and shown[-1] == scene.toast[0]


def test_the_note_on_opening_a_backup_waits_for_the_power_offer_that_opens_with_the_game(title_app, monkeypatch):
    """Found play-testing: the game opened from its .bak at a power offer, and the note saying so
    was drawn under the offer's dark veil, where it could not be read, while its seconds ran out.
    It waits, unspent, while the dialog stands over the table, and shows once it is answered."""
    from tmdesktop.app.scenes.dialogs import ChoiceScene
    from tmdesktop.app.scenes.load_scene import PlayScene
    from tmdesktop.app.views import widgets

    _newest_game_with_a_damaged_file(players=3, ready=lambda g: g.state.phase == "play"
                                     and g.decisions()[0].kind == "leech")
    shown = []  # the toasts drawn: (message, alpha)
    toast = widgets.toast
    monkeypatch.setattr(widgets, "toast", lambda surface, msg, pos, size, alpha=255, *a, **kw: (
        shown.append((msg, alpha)), toast(surface, msg, pos, size, alpha, *a, **kw))[1])
    app = title_app()
    key(app, pygame.K_RETURN)  # Continue
    offer = app.stack.top
    assert isinstance(offer, ChoiceScene) and "power" in offer.title
    scene = app.stack.scenes[-2]
    assert isinstance(scene, PlayScene) and scene.toast and scene.toast[0].startswith("The last copy of this save")
    for _ in range(400):  # (the dialog is answered long after the toast's seconds would have run out)
        app.step(0.05)
    app.render(force=True)
    assert app.stack.top is offer and not shown
    key(app, pygame.K_1)  # take the power
    assert app.stack.top is scene
    app.render(force=True)
    assert shown and shown[-1] == (scene.toast[0], 255)


def test_load_scene_lists_and_opens_and_reports_damage(title_app):
    from tmdesktop.app.scenes.load_scene import LoadScene, PlayScene

    app = title_app()
    press(app, "new")
    press(app, "start")
    to_map(app)
    game = app.stack.top.game
    folder = saves.saves_dir()
    (folder / f"zz-broken{saves.SUFFIX}").write_bytes(b"\x00\x01 not json")
    from tmdesktop.app.scenes.load_scene import to_title

    to_title(app)
    press(app, "load")
    load = app.stack.top
    assert isinstance(load, LoadScene) and len(load.saves) == 2
    broken = next(i for i, s in enumerate(load.saves) if s.error)
    load.selected = broken
    press(app, "open")
    assert app.stack.top is load and "not a tmdesktop save" in load.message
    load.selected = 1 - broken
    press(app, "open")
    to_map(app)
    assert isinstance(app.stack.top, PlayScene) and app.stack.top.game.log == game.log


def test_a_save_whose_moves_do_not_replay_is_marked_in_its_row_after_the_message(title_app):
    """A save whose summary reads well but whose log holds a move the rules refuse was listed as
    a whole game; opening it said why in a message that fades, and the row still looked whole."""
    import json

    from tmdesktop.app.scenes.load_scene import LoadScene, to_title

    app = title_app()
    press(app, "new")
    press(app, "start")
    to_map(app)
    path = next(saves.saves_dir().glob(f"*{saves.SUFFIX}"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["log"].append([app.stack.top.game.state.seats[0], "build Z99"])
    path.write_text(json.dumps(data), encoding="utf-8")
    to_title(app)
    press(app, "load")
    load = app.stack.top
    assert isinstance(load, LoadScene) and len(load.saves) == 1 and not load.saves[0].error
    press(app, "open")
    assert app.stack.top is load and "build Z99" in load.message
    assert load.saves[0].error == load.message and load.saves[0].factions  # the row keeps its summary
    drawn = []
    blit = text.blit
    text.blit = lambda surface, s, *a, **kw: (drawn.append(s), blit(surface, s, *a, **kw))[1]
    try:
        load.message = ""
        app.render(force=True)
    finally:
        text.blit = blit
    assert load.saves[0].error in drawn


def test_factions_picked_in_turn_order(title_app):
    from tmdesktop.app.scenes.load_scene import PlayScene
    from tmdesktop.app.scenes.draft_scene import DraftScene

    app = title_app()
    press(app, "new")
    setup = app.stack.top
    click(app, setup.chooser("players").arrows()[0].center)  # 4 -> 3 players
    assert setup.n() == 3
    click(app, setup.chooser("faction_mode").arrows()[1].center)
    assert setup.fmode.value == "pick"
    type_names(app, setup, ("Ana", "Bo", "Cy"))
    assert setup.player_names() == ["Ana", "Bo", "Cy"]
    press(app, "start")
    pick = app.stack.top
    assert isinstance(pick, DraftScene)
    rects = dict(pick.cards)
    click(app, rects["witches"].center)
    assert not pick.ok["auren"]  # same colour as the Witches: the engine says no
    click(app, rects["auren"].center)
    assert pick.chosen == ["witches"]
    click(app, rects["giants"].center)
    click(app, rects["mermaids"].center)
    to_map(app)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    assert scene.game.setup.factions == ("witches", "giants", "mermaids")
    assert scene.names == {"witches": "Ana", "giants": "Bo", "mermaids": "Cy"}
    assert app.settings.recent_names[:3] == ["Ana", "Bo", "Cy"]


def test_chosen_tiles_are_used(title_app):
    from tmdesktop.app.scenes.setup_scene import TilesScene

    app = title_app()
    press(app, "new")
    setup = app.stack.top
    click(app, setup.chooser("tile_mode").arrows()[1].center)
    press(app, "tiles")
    tiles = app.stack.top
    assert isinstance(tiles, TilesScene)
    before = list(tiles.scores)
    click(app, dict(tiles.rects)[("round", 0)].center)
    assert tiles.scores[0] != before[0] and len(set(tiles.scores)) == 6
    chosen = tuple(tiles.scores)
    press(app, "done")
    assert app.stack.top is setup and setup.score_tiles == chosen
    press(app, "start")
    to_map(app)
    assert app.stack.top.game.setup.score_tiles == chosen


def test_settings_switch_language_at_once_and_persist(title_app):
    from tmdesktop import settings as settings_mod
    from tmdesktop.app.scenes.settings_scene import SettingsScene

    app = title_app()
    press(app, "settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.chooser("language").arrows()[1].center)  # en -> es
    assert i18n.language() == "es" and app.settings.language == "es"
    assert i18n._("New game") != "New game"
    press(app, "colour_blind")
    assert app.settings.colour_blind
    assert settings_mod.load()[0].language == "es"
    press(app, "done")
    app.render(force=True)


def test_auto_leech_and_no_pass_confirmation(title_app):
    """A player set to take free power is not asked for a 1-power offer."""
    from tmdesktop.app.scenes.load_scene import PlayScene

    app = title_app(settings=Settings(leech={"Ana": "up5", "Bo": "up5", "Cy": "up5", "Dee": "up5"},
                                      recent_names=["Ana", "Bo", "Cy", "Dee"]))
    press(app, "new")
    app.stack.top.seed.value = "8"  # a fixed game: with some random setups no 1-power offer comes
    press(app, "start")
    to_map(app)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    rng = random.Random(8)
    answered = 0
    for _ in range(400):
        if scene.game.finished:
            break
        me = scene.decider()
        p = scene.game.state.players.get(me) if me else None
        if p is not None and p.leech_offers and scene.session.is_out_of_turn(me):
            before = len(scene.game.log)
            assert scene.answer_automatically()
            assert len(scene.game.log) == before + 1
            # said as news, not in a refusal's red (found by a play-test)
            assert "automatically" in scene.toast[0] and scene.toast[2] == theme.NEWS != theme.ERROR
            answered += 1
            continue
        who, action = random_step(scene.game, rng)
        scene.session.apply(action, who)
    assert answered > 0


def test_replay_viewer_steps_forwards_and_backwards(title_app, monkeypatch):
    from tmdesktop.app.scenes.replay_viewer import ReplayPickScene, ReplayScene

    monkeypatch.setenv("TMDESKTOP_REPLAY_DIR", str(CORPUS))
    app = title_app((1920, 1080))
    press(app, "replay")
    pick = app.stack.top
    assert isinstance(pick, ReplayPickScene) and pick.files
    press(app, "open")
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    start = viewer.pos
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert viewer.pos == start + 2
    key(app, pygame.K_LEFT)
    assert viewer.pos == start + 1
    key(app, pygame.K_END)
    assert viewer.pos == len(viewer.full_log) and viewer.game.finished
    vp_end = {n: p.VP for n, p in viewer.game.state.players.items()}
    i, row = viewer.list_rows[0]
    click(app, row.center)
    assert viewer.pos == i + 1
    key(app, pygame.K_END)
    assert {n: p.VP for n, p in viewer.game.state.players.items()} == vp_end
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pick


def to_a_turn(title_app, until=lambda scene: True):
    """A new game (seed 8) played at random to the first main-action turn where `until` holds:
    the app and its map scene, with nothing over the map."""
    app = title_app()
    press(app, "new")
    app.stack.top.seed.value = "8"
    press(app, "start")
    scene = to_map(app)
    rng = random.Random(8)
    while not (scene.game.state.phase == "play" and scene.game.to_act().kind == "action" and until(scene)):
        who, action = random_step(scene.game, rng)
        assert scene.session.apply(action, who).ok
    app.step(0.016)
    to_map(app)
    return app, scene


def test_leave_the_game_from_the_menu_after_confirming(title_app):
    """Escape opens the menu; leaving the game asks once more; then the faction is out (as on the
    site): its turn passes to the next player."""
    from tmdesktop.app.scenes.dialogs import ConfirmScene

    app, scene = to_a_turn(title_app)
    me = scene.decider()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene
    key(app, pygame.K_3)  # "Leave the game" (after "Back to the game" and "Last moves")
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_2)  # "No": nothing happens
    assert not scene.game.player(me).dropped
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_3)
    key(app, pygame.K_1)  # "Leave the game"
    assert scene.game.player(me).dropped and scene.decider() != me


def test_enter_does_not_say_yes_to_leaving_the_game(title_app):
    """Found play-testing: 5 (a power action, refused), Esc (the menu), 3 meant as power action 3
    (the menu's "Leave the game"), then Enter: the faction had left. Leaving is asked with no
    Enter answer: only 1 or a click on it says yes, Esc no."""
    from tmdesktop.app.scenes.dialogs import ConfirmScene

    app, scene = to_a_turn(title_app)
    me = scene.decider()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_3)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    key(app, pygame.K_RETURN)
    assert app.stack.top is question and not scene.game.player(me).dropped
    key(app, pygame.K_ESCAPE)  # No
    assert question not in app.stack.scenes and not scene.game.player(me).dropped


def test_a_spanish_question_opens_with_its_mark(title_app):
    """Found play-testing in Spanish: "Avanzar en navegación?" lacked its opening "¿"."""
    from tmdesktop import i18n
    from tmdesktop.app.scenes.dialogs import ConfirmScene
    from tmdesktop.rules import actions as A

    app, scene = to_a_turn(title_app, lambda sc: A.Advance("ship") in sc.game.legal_actions(sc.decider()))
    try:
        i18n.set_language("es")
        key(app, pygame.K_s)
        assert isinstance(app.stack.top, ConfirmScene)
        assert app.stack.top.title.startswith("¿") and app.stack.top.title.endswith("?"), app.stack.top.title
    finally:
        i18n.set_language("en")


def test_a_settings_rows_label_is_words_only_its_control_changes_it(title_app):
    """Play-test: a click on a Settings row's label (not its arrows, value or switch) changed the
    setting. Only the value box and the switch change it."""
    from tmdesktop.app.scenes.settings_scene import SettingsScene

    app = title_app()
    press(app, "settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    speed = scene.chooser("animation_speed")
    label = (speed.rect.x + 10, speed.rect.centery)
    assert not speed.value_rect().collidepoint(label)
    before = app.settings.animation_speed
    click(app, label)
    assert speed.value == before and app.settings.animation_speed == before
    click(app, speed.arrows()[1].center)
    assert app.settings.animation_speed != before
    switch = scene.switch("confirm_pass")
    label = (switch.rect.x + 10, switch.rect.centery)
    assert not switch.control().collidepoint(label)
    click(app, label)
    assert app.settings.confirm_pass is True and switch.on
    click(app, switch.control().center)
    assert app.settings.confirm_pass is False and not switch.on


def test_the_size_row_stays_under_the_pointer_while_it_is_clicked(title_app):
    """Found play-testing: each click on "Size of menus and dialogs" laid the Settings page out
    anew (smaller below 100 %), so the next click at the same place changed another setting; and
    150 % went on to 80 %. The page takes its new size once the pointer leaves the row, and the
    size stops at its ends."""
    from tmdesktop.app.scenes.settings_scene import SettingsScene
    from tmdesktop.settings import Settings

    app = title_app(settings=Settings(ui_scale=0.8))
    press(app, "settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    size = scene.chooser("ui_scale")
    at = size.arrows()[1].center
    before = (app.settings.animation_speed, app.settings.colour_blind, app.settings.confirm_pass)
    scale = scene.scale
    for expected in (0.9, 1.0, 1.1, 1.25, 1.5, 1.5):
        click(app, at)
        assert app.settings.ui_scale == expected and size.arrows()[1].collidepoint(at)
    assert (app.settings.animation_speed, app.settings.colour_blind, app.settings.confirm_pass) == before
    assert scene.scale == scale  # not laid out anew yet
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert scene.scale > scale  # the pointer left the row: the page takes the size chosen


def test_a_field_s_text_is_replaced_by_typing_after_a_click_and_cleared_after_ctrl_a(title_app):
    # Seen in a real window: typing a seed after clicking the seed field added it to the drawn
    # seed ("1623441" + "415883" -> "162344158" at nine digits), and Ctrl+A did nothing.
    from tmdesktop.app.scenes.setup_scene import SetupScene

    app = title_app((1280, 720))
    press(app, "new")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    seed = setup.field("seed")
    click(app, seed.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="415883"))
    app.step(0.016)
    assert seed.value == "415883"  # replaced, not added to
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="7"))
    app.step(0.016)
    assert seed.value == "4158837"  # once typed into, the field adds
    key(app, pygame.K_BACKSPACE)
    assert seed.value == "415883"
    app.render(force=True)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    app.render(force=True)  # (the selection is drawn)
    key(app, pygame.K_BACKSPACE)
    assert seed.value == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="12"))
    app.step(0.016)
    assert seed.value == "12"
    name = setup.field("name0")
    for typed, after in (("Ana", "Ana"), ("Bo", "Bo")):  # each click selects the name typed before
        click(app, name.rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
        app.step(0.016)
        assert name.value == after
    click(app, name.rect.center)
    key(app, pygame.K_END)  # the caret at the end: typing adds to the name
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="b"))
    app.step(0.016)
    assert name.value == "Bob"
    press(app, "start")
    to_map(app)
    assert app.stack.top.game.setup.seed == 12


def test_a_power_action_that_burning_pays_for_is_offered_with_the_burn(title_app):
    """Found play-testing: the pass warning said "the power action Priest after burning 3 power",
    and a click on the Priest action was refused with "That power action costs 3 power; you have
    0 power." The click now offers the burn with the action, and Enter plays both."""
    from tmdesktop.app.scenes.dialogs import ConfirmScene
    from tmdesktop.rules import actions as A

    def burn_needed(scene):
        p = scene.game.state.players[scene.decider()]
        short = 3 - p.power[2]
        return short > 0 and p.power[1] >= 2 * short and "ACT2" not in scene.game.state.blocked

    app, scene = to_a_turn(title_app, burn_needed)
    me = scene.decider()
    short = 3 - scene.game.state.players[me].power[2]
    n = len(scene.game.log)
    click(app, scene.supply.powers.cards["ACT2"].center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and len(scene.game.log) == n
    tokens = "token" if short == 1 else "tokens"
    assert question.title == f"Burn {short} power {tokens}, then take the power action Priest?"
    key(app, pygame.K_RETURN)
    assert scene.game.log[n:n + 2] == [(me, A.Burn(short)), (me, A.UseAction("ACT2"))]


def test_a_click_beside_the_menu_closes_it_and_plays_nothing(title_app):
    """A click beside Convert also acts on the table (it pays for what is clicked next); a click
    beside the menu or a picker is a way out of it, and must not play the tile under it."""
    from tmdesktop.rules import actions as A

    app, scene = to_a_turn(title_app, lambda s: A.UseAction("ACT4") in s.legal())
    n = len(scene.game.log)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert menu is not scene
    click(app, scene.supply.powers.cards["ACT4"].center)
    assert menu not in app.stack.scenes and len(scene.game.log) == n


def test_the_speed_rows_right_arrow_makes_the_moves_quicker(title_app):
    """Play-test: the right arrow of Animation speed went from Normal to Slow."""
    from tmdesktop.app import computer

    app = title_app()
    press(app, "settings")
    speed = app.stack.top.chooser("animation_speed")
    while app.settings.animation_speed != "slow":
        click(app, speed.arrows()[0].center)
    shown = []
    for _ in range(3):
        shown.append(computer.move_seconds(app.settings.animation_speed))
        click(app, speed.arrows()[1].center)
    shown.append(computer.move_seconds(app.settings.animation_speed))
    assert shown == sorted(shown, reverse=True) and shown[-1] == 0.0


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1024, 600), (1920, 1080)])
def test_the_line_under_continue_stands_clear_of_new_game(title_app, size):
    """Play-test at 1280x800: the save's line under Continue touched the New game button."""
    from tmdesktop.app import text, theme
    from tmdesktop.app.scenes.title import TitleScene

    app = title_app(size)
    press(app, "new")
    press(app, "start")
    to_map(app)
    key(app, pygame.K_ESCAPE)
    app.stack.top.on_choose("title")
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.latest
    cont, new = title.button("continue").rect, title.button("new").rect
    line_bottom = cont.bottom + title.px(6) + text.text("Ag", title.save_line_size(), theme.TEXT_DIM).get_height()
    assert new.top - line_bottom >= max(4, title.px(8)), (cont, new, line_bottom)
    assert title.button("quit").rect.bottom <= size[1]


def test_without_a_save_continue_keeps_the_buttons_even_gap(title_app):
    """No save, no line under Continue: the room kept for it was an empty gap in the column."""
    app = title_app()
    title = app.stack.top
    assert not title.latest
    rects = [b.rect for b in title.buttons]
    gaps = {b.top - a.bottom for a, b in zip(rects, rects[1:])}
    assert len(gaps) == 1, gaps
