"""The Rules screen: opened from the title, from the in-game menu and at a page; navigated by
posted clicks, keys and wheel turns; every page's picture drawn by the game's views."""

import math

import pygame
import pytest

from tmdesktop.app.scenes import registry
from tmdesktop.app.views import rule_pictures
from tmdesktop.teaching import rulebook

from ui_events import click, key, wheel

pytestmark = pytest.mark.usefixtures("user_dirs")


def rules_scene():
    return registry.scene_class("rules")


@pytest.mark.parametrize("page_id", rulebook.PAGE_IDS)
def test_every_page_has_a_picture_that_renders(page_id):
    page = rulebook.page(page_id)
    assert page.picture in rule_pictures.PICTURES
    img = rule_pictures.render(page.picture, (520, 460), 0.667)
    # drawn: some of the picture is covered (the wheel and the conversions are sparse), in more
    # than a handful of colours
    w, h = img.get_size()
    opaque = [img.get_at((x, y)) for x in range(0, w, 8) for y in range(0, h, 8)]
    covered = [c for c in opaque if c.a > 0]
    assert len(covered) > len(opaque) * 0.04, page_id
    assert len({tuple(c)[:3] for c in covered}) > 8, page_id


def test_pictures_come_from_positions_reached_by_legal_play():
    after_build, built, after_upgrade = rule_pictures.first_game_moves()
    assert after_build.state.owner[built] == "witches"
    assert after_upgrade.state.players["nomads"].buildings["F3"] == "TP"
    offer = after_upgrade.state.players["witches"].leech_offers[0]
    assert offer.source == "nomads" and after_upgrade.leech_amount(after_upgrade.state.players["witches"], offer) == 2
    end = rule_pictures.sample_at(None)
    assert end.finished and len(end.state.bridges) == 3


def test_from_the_title_through_the_contents_and_back(title_app):
    app = title_app()
    title = app.stack.top
    click(app, title.button("rules").rect.center)
    rules = app.stack.top
    assert isinstance(rules, rules_scene()) and rules.page is None
    click(app, rules.button("page:leech").rect.center)
    assert rules.page == "leech"
    link = dict(rules.body()[2])["power"]  # "See also: The power cycle"
    pos = (rules.text_rect.x + link.centerx, rules.text_rect.y + link.centery - rules.offset)
    click(app, pos)
    assert rules.page == "power"
    key(app, pygame.K_ESCAPE)
    assert rules.page == "leech"
    key(app, pygame.K_ESCAPE)
    assert rules.page is None and app.stack.top is rules
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_previous_next_keys_and_buttons_follow_the_reading_order(title_app):
    app = title_app()
    rules = registry.open_scene(app, "rules")
    app.render(force=True)
    click(app, rules.button("first").rect.center)
    assert rules.page == rulebook.PAGE_IDS[0]
    assert not rules.button("prev").enabled
    click(app, rules.button("next").rect.center)
    assert rules.page == rulebook.PAGE_IDS[1]
    key(app, pygame.K_RIGHT)
    assert rules.page == rulebook.PAGE_IDS[2]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert rules.page == rulebook.PAGE_IDS[0]
    for _ in range(len(rulebook.PAGE_IDS) + 2):  # past the last page: stays there
        key(app, pygame.K_RIGHT)
    assert rules.page == rulebook.PAGE_IDS[-1] and not rules.button("next").enabled
    click(app, rules.button("contents").rect.center)
    assert rules.page is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_page_scrolls_by_wheel_and_keys(title_app, size):
    app = title_app(size)
    rules = registry.open_scene(app, "rules", page="factions")  # the longest: every faction's ability
    app.render(force=True)
    assert rules.max_offset() > 0
    wheel(app, rules.text_rect.center, -2)
    assert rules.offset == min(rules.max_offset(), 2 * rules.px(60))
    wheel(app, rules.text_rect.center, 5)
    assert rules.offset == 0
    key(app, pygame.K_END)
    assert rules.offset == rules.max_offset()
    key(app, pygame.K_DOWN)
    assert rules.offset == rules.max_offset()  # not past the end
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)
    assert 0 < rules.offset <= rules.max_offset()
    key(app, pygame.K_RIGHT)  # a new page starts at its top
    assert rules.page == "fire_ice" and rules.offset == 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_page_fits_the_window(title_app, size):
    app = title_app(size)
    rules = registry.open_scene(app, "rules")
    window = pygame.Rect((0, 0), size)
    for page_id in rulebook.PAGE_IDS:
        rules.open_page(page_id)
        app.render(force=True)
        assert window.contains(rules.text_rect) and window.contains(rules.picture_rect)
        assert not rules.text_rect.colliderect(rules.picture_rect)
        assert rules.body()[1].get_width() <= rules.text_rect.width
        for b in rules.buttons:
            assert window.contains(b.rect) and not b.rect.colliderect(rules.text_rect), (page_id, b.key)


def test_opened_at_a_page_esc_returns_to_the_game(make_app):
    app, scene, _session = make_app()
    rules = registry.open_scene(app, "rules", page="leech")
    app.render(force=True)
    assert rules.page == "leech" and rules.offset == 0
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    unknown = registry.open_scene(app, "rules", page="no_such_page")  # a stale id: the contents
    assert unknown.page is None


def test_from_the_in_game_menu(title_app):
    from tmdesktop.app.scenes.load_scene import PlayScene
    from tmdesktop.rules.first_game import first_game

    app = title_app()
    registry.entry("open_game")(app, first_game(2))
    app.step(0.016)
    while not isinstance(app.stack.top, PlayScene):  # the first bonus tile picker
        app.stack.pop()
    game_scene = app.stack.top
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    labels = [o.label for o in menu.options]
    i = labels.index("Rules")
    click(app, menu.rects[i].center)
    rules = app.stack.top
    assert isinstance(rules, rules_scene()) and rules.page is None
    click(app, rules.button("page:power_actions").rect.center)
    assert rules.page == "power_actions"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is game_scene


def test_the_screen_speaks_the_chosen_language(title_app):
    from tmdesktop import i18n

    app = title_app()
    rules = registry.open_scene(app, "rules", page="towns")
    app.render(force=True)
    english = rules.body()[1].copy()
    i18n.set_language("it")
    app.render(force=True)
    assert rulebook.title(rulebook.page("towns")) == "Fondare Città"
    assert rules.body()[1].get_size() != english.get_size() or rules.body()[1].get_view("2").raw != english.get_view("2").raw


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", [(590, 597), (420, 300), (900, 800)])
def test_terrain_names_on_the_wheel_stay_off_the_hexes_and_inside_the_picture(lang, size):
    # (at 1366x768 "mountains" and "swamp" were drawn over their hexes: a name beside a hex at
    # 3 or 9 o'clock is wider than the gap left for one above it)
    from tmdesktop.app import describe, text
    from tmdesktop.i18n import set_language
    from tmdesktop.rules.constants import TERRAINS

    set_language(lang)
    try:
        room = pygame.Rect((0, 0), size)
        box = rule_pictures._fit(room, 1, 1)
        labels = [text.text(describe.terrain(t), max(11, int(box.width * 0.036)), (0, 0, 0), "semibold")
                  for t in TERRAINS]
        places = rule_pictures._wheel_places(box, box.width * 0.29, box.width * 0.1, labels)
    finally:
        set_language("en")
    for (_c, s, label), name in zip(places, TERRAINS):
        assert box.contains(label), (name, label, box)
        for c, _s, _r in places:  # no name reaches into a hex's circle
            nearest = (min(max(c[0], label.left), label.right), min(max(c[1], label.top), label.bottom))
            assert math.dist(c, nearest) > s, (name, label, c)
        assert s >= box.width * 0.07  # shrunk to make room, not to nothing


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_each_faction_says_how_it_comes_to_its_terrain_once(title_app, monkeypatch, lang):
    """Found play-testing: the Fire & Ice factions' boards said "Ice: chooses a starting terrain at
    once" in their header and "Choose a starting terrain at once; ..." again in their ability. The
    ability words leave the terrain to the header; the Rules page, which has no header, puts that
    line first."""
    import re

    from tmdesktop import i18n
    from tmdesktop.app import faction_texts, text
    from tmdesktop.app.views.faction_board import home_line
    from tmdesktop.rules.data import ALL_FACTIONS

    def pairs(s: str) -> set:
        words = re.findall(r"\w+", s.lower())
        return set(zip(words, words[1:]))

    app = title_app()
    i18n.set_language(lang)
    for f in ALL_FACTIONS:
        assert not pairs(home_line(f)) & pairs(faction_texts.ability(f)), (f, home_line(f), faction_texts.ability(f))
    drawn = []
    real = text.text
    monkeypatch.setattr(text, "text", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
    registry.open_scene(app, "rules", page="factions")
    app.render(force=True)
    for f in ALL_FACTIONS:
        said = [s for s in drawn if faction_texts.ability(f) in s and s != faction_texts.ability(f)]  # (not a board's)
        assert said and all(s.startswith(home_line(f)) for s in said), (f, said)
