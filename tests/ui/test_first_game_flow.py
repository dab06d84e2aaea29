"""The first game from the title screen: the rulebook's introductory game set up by one page."""

from __future__ import annotations

import pytest

from tmdesktop import i18n
from tmdesktop.app.scenes.dialogs import ChoiceScene

from ui_events import click, hand_over, type_names

pytestmark = pytest.mark.usefixtures("user_dirs")


def press(app, key_name: str) -> None:
    click(app, app.stack.top.centre_of(key_name))


def to_first_game_page(app):
    from tmdesktop.app.scenes.first_game_scene import FirstGameScene

    press(app, "first_game")
    page = app.stack.top
    assert isinstance(page, FirstGameScene)
    return page


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_title_first_game_start_shows_the_set_factions_and_dwellings(title_app, size):
    from tmdesktop.app.scenes.load_scene import PlayScene

    app = title_app(size)
    page = to_first_game_page(app)
    left = page.chooser("players").arrows()[0].center
    click(app, left)  # 4 -> 3
    click(app, left)  # 3 -> 2
    type_names(app, page, ["Ana", "Bo"])
    press(app, "start")
    hand_over(app)
    app.step(0.016)
    assert isinstance(app.stack.top, ChoiceScene)  # the bonus tile picker over the map
    scene = app.stack.scenes[-2]
    assert isinstance(scene, PlayScene)
    game = scene.game
    assert game.state.seats == ["witches", "nomads"]
    owners = {h: f for h, f in game.state.owner.items()}
    assert owners == {"F4": "witches", "C4": "witches", "F3": "nomads", "B4": "nomads", "G4": "nomads"}
    # the last player chooses the first bonus tile, named as the players typed
    assert scene.session.decider() == "nomads"
    assert scene.names["nomads"] == "Bo"
    picked = game.state.players["nomads"].bonus
    click(app, app.stack.top.rects[0].center)
    assert game.state.players["nomads"].bonus != picked
    assert scene.session.decider() == "witches"


def test_the_placed_dwellings_are_not_undone_but_the_bonus_pick_is(title_app):
    from tmdesktop.app.scenes.load_scene import PlayScene

    app = title_app()
    page = to_first_game_page(app)
    press(app, "start")  # four players by default
    hand_over(app)
    app.step(0.016)
    scene = app.stack.scenes[-2]
    assert isinstance(scene, PlayScene)
    session, game = scene.session, scene.game
    assert game.state.seats == ["witches", "nomads", "halflings", "mermaids"]
    assert not session.can_undo()  # the first game's dwellings are its setup
    placed = len(game.log)
    click(app, app.stack.top.rects[0].center)  # the Mermaids take a bonus tile
    assert len(game.log) == placed + 1 and session.can_undo()
    session.undo()
    assert len(game.log) == placed and not session.can_undo()
    assert page.seat_kinds() == ["human"] * 4  # people at every seat unless chosen otherwise


def test_a_seat_can_be_a_computer_and_the_page_draws_in_spanish_and_italian(title_app, user_dirs):
    app = title_app()
    page = to_first_game_page(app)
    seat = page.chooser("seat3")
    click(app, seat.arrows()[1].center)
    assert seat.value == "easy" and page.seat_kinds() == ["human", "human", "human", "easy"]
    click(app, seat.arrows()[0].center)
    click(app, seat.arrows()[0].center)
    assert seat.value == "hard"  # the arrows go round: human, easy, medium, hard
    click(app, seat.arrows()[1].center)
    click(app, seat.arrows()[1].center)
    assert page.seat_kinds()[3] == "easy"
    for lang, title in (("es", "Primera partida"), ("it", "Prima partita")):
        i18n.set_language(lang)
        assert i18n._("First game") == title
        app.render(force=True)


def test_a_computer_in_the_last_seat_picks_the_first_bonus_tile_by_itself(title_app, user_dirs, monkeypatch):
    from tmdesktop.app import computer
    from tmdesktop.app.scenes.load_scene import PlayScene
    from tmdesktop.rules import actions as A

    monkeypatch.setattr(computer, "USE_WORKER", False)
    app = title_app()
    page = to_first_game_page(app)
    click(app, page.chooser("seat3").arrows()[1].center)  # the Mermaids' seat: Easy
    press(app, "start")
    hand_over(app)
    scene = next(s for s in app.stack.scenes if isinstance(s, PlayScene))
    game = scene.game
    placed = scene.session.first_undoable()  # the factions and the starting dwellings
    assert scene.session.computers == {"mermaids": "easy"}
    assert game.log[placed][0] == "mermaids" and isinstance(game.log[placed][1], A.Pass)
    assert scene.session.decider() == "halflings" and isinstance(app.stack.top, ChoiceScene)  # a person's picker
