"""Rule cards in the map view, driven by posted events: every kind of element shows its card
beside it (inside the window, not over the thing), the setting turns cards off, a long press
explains without acting, and F1 opens the Rules screen at the card's page."""

import pygame
import pytest
from ui_events import key

from tmdesktop.rules import actions as A


def move(app, pos, rest=0.3):
    """Point at `pos` and keep the pointer there for `rest` seconds."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    for _ in range(int(rest / 0.05)):
        app.step(0.05)


def targets(scene):
    """One of each kind of element with its centre on screen (the view's own rects)."""
    st = scene.game.state
    me = scene.decider()
    owned = next(h for h in st.owner)
    return {
        "hex": scene.map.centres[next(h for h in scene.game.board.land if h not in st.owner)],
        "building": scene.map.centres[owned],
        "power": scene.supply.powers.cards["ACT5"].center,
        "bonus": scene.supply.bonuses.cards[sorted(st.bonus_pool)[0]].center,
        "favor": scene.pools.strip.cards["FAV7"].center,
        "town": next(iter(scene.supply.towns.cards.values())).center,
        "round": scene.supply.rounds.cards[st.score_tiles[3]].center,
        "cult": (scene.cults.columns["EARTH"].centerx, scene.cults.columns["EARTH"].y + scene.cults.columns["EARTH"].height // 3),
        "spot": scene.cults.spots[("FIRE", 0)].center,
        "bowl": scene.players.parts[(me, "bowl3")].center,
        "ship": scene.players.parts[(me, "ship")].center,
        "dig": scene.players.parts[(me, "dig")].center,
        "income": scene.players.parts[(me, "income")].center,
        "board": scene.players.parts[(me, "building:TE")].center,
        "held": scene.players.chips[(me, st.players[me].bonus)].center,
        "player": (scene.players.panels[me].centerx, scene.players.panels[me].y + 6),
    }


KINDS = {"hex": "hex", "building": "hex", "power": "power", "bonus": "bonus", "favor": "favor", "town": "town",
         "round": "round", "cult": "cult", "spot": "spot", "bowl": "bowl", "ship": "track", "dig": "track",
         "income": "income", "board": "building", "held": "held", "player": "player"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_each_element_shows_its_card_beside_it(make_app, size):
    app, scene, session = make_app(size=size, demo=72, seed=5)
    screen = pygame.Rect((0, 0), size)
    for name, pos in targets(scene).items():
        move(app, (int(pos[0]), int(pos[1])))
        assert scene.hover and scene.hover[0] == KINDS[name], (name, scene.hover)
        shown = scene.cards.shown
        assert shown is not None, name
        assert screen.contains(shown), (name, shown)
        anchor = scene.target_rect(scene.hover)
        assert anchor is not None, name
        if name not in ("player", "cult"):  # a whole panel or column may leave no free side
            assert not shown.colliderect(anchor), (name, shown, anchor)
        assert scene.cards.current().title
    move(app, (size[0] // 2, size[1] - 4))  # the bar's edge: no card there
    assert scene.cards.shown is None


def test_a_card_waits_for_the_pointer_to_rest(make_app):
    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    move(app, scene.supply.powers.cards["ACT5"].center, rest=0.1)
    assert scene.hover == ("power", "ACT5") and scene.cards.shown is None
    move(app, scene.supply.powers.cards["ACT6"].center, rest=0.1)  # passing over: still nothing
    assert scene.cards.shown is None
    move(app, scene.supply.powers.cards["ACT6"].center, rest=0.2)
    assert scene.cards.shown is not None and scene.cards.current().title == "Power action: 2 spades"


def test_card_text_follows_the_hovered_thing(make_app):
    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    me = scene.decider()
    move(app, scene.players.parts[(me, "bowl2")].center)
    c = scene.cards.current()
    p = session.state.players[me]
    assert c.page == "power"
    assert f"Tokens: {p.power[0]} in I, {p.power[1]} in II, {p.power[2]} in III." in c.now
    move(app, scene.supply.powers.cards["ACT6"].center)
    assert scene.cards.current().title == "Power action: 2 spades"


def test_setting_off_brings_back_the_short_tooltip(make_app):
    from tmdesktop.settings import Settings

    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    app.settings = Settings(rule_cards=False)
    move(app, scene.supply.powers.cards["ACT5"].center)
    assert scene.cards.shown is None
    assert scene.tooltip_lines()[0] == "Power action: Spade"


def test_the_settings_page_switches_cards_off(make_app, user_dirs):
    from tmdesktop.app.scenes.settings_scene import SettingsScene
    from tmdesktop.settings import Settings

    app, scene, session = make_app(size=(1280, 720))
    app.settings = Settings()
    page = SettingsScene(app)
    app.push(page)
    app.render(force=True)
    from ui_events import click

    click(app, next(s for s in page.help if s.key == "rule_cards").control().center)
    assert app.settings.rule_cards is False


def _touch(app, pos, seconds):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    t = 0.0
    while t < seconds:
        app.step(0.05)
        t += 0.05
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    app.step(0.016)
    app.step(0.016)


def _build_target(scene):
    builds = [a for a in scene.legal() if isinstance(a, A.Build)]
    return builds[0].hex


def test_long_press_explains_and_does_not_act(make_app):
    app, scene, session = make_app(size=(1280, 720), demo=0, seed=3)
    hex_ = _build_target(scene)  # setup: a tap places a starting dwelling
    pos = tuple(int(v) for v in scene.map.centres[hex_])
    version = session.version
    _touch(app, pos, 0.7)
    assert session.version == version  # nothing was built
    assert scene.hover == ("hex", hex_) and scene.cards.shown is not None
    _touch(app, pos, 0.1)  # a short tap acts
    assert session.version > version
    assert hex_ in session.state.owner


def test_mouse_held_still_brings_the_card_back_after_a_click(make_app):
    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    pos = scene.supply.powers.cards["ACT4"].center
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(0.016)
    while not isinstance(app.stack.top, type(scene)):  # a refusal toast, or the confirm dialog
        app.stack.pop()
    app.step(0.016)
    assert scene.cards.shown is None  # the click hid it
    for _ in range(12):
        app.step(0.05)
    assert scene.cards.shown is not None


def test_f1_opens_the_rules_at_the_cards_page(make_app):
    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    me = scene.decider()
    move(app, scene.players.parts[(me, "bowl1")].center)
    key(app, pygame.K_F1)
    assert type(app.stack.top).__name__ == "RulesScene" and app.stack.top.page == "power"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # a hex's card leads to its own page
    hexes = [h for h in session.game.board.land if h not in session.game.state.owner]
    move(app, scene.map.centres[hexes[0]])
    key(app, pygame.K_F1)
    assert app.stack.top.page in ("map_terrain", "spades", "building")


def test_with_cards_off_a_panels_parts_keep_the_panels_tooltip(make_app):
    from tmdesktop.settings import Settings

    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    app.settings = Settings(rule_cards=False)
    me = scene.decider()
    move(app, scene.players.parts[(me, "bowl1")].center)
    assert scene.hover == ("bowl", (me, 1))
    assert scene.tooltip_lines()[0] == "Witches" and scene.tooltip_lines()[-1] == "Click to see the faction board"


def test_no_card_is_drawn_under_a_dialog(make_app):
    """A click on a hex with several transforms opened the picker, and the hex's card, drawn by the
    table below, stayed visible under the dialog (seen in a real window)."""
    app, scene, session = make_app(size=(1280, 720), demo=72, seed=5)
    pos = targets(scene)["hex"]
    move(app, pos)
    assert scene.cards.shown is not None
    from tmdesktop.app.scenes.dialogs import ConfirmScene

    app.push(ConfirmScene(app, "?", lambda: None))
    for _ in range(12):
        app.step(0.05)  # the pointer still rests on the hex
    assert scene.cards.shown is None
    app.pop()
    move(app, (pos[0] + 1, pos[1]))  # back at the table, pointing again
    assert scene.cards.shown is not None
