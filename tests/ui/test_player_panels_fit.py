"""Every part of a player's panel fits inside it: the digging track at the right end of the
resource row, the building cells, the name with its tags and VP, for every faction (the Fakirs
without shipping, the volcano factions without digging, the longest names) in English, Spanish
and Italian, at the table's sizes, with the two-player table's tall panels and five small ones."""

from __future__ import annotations

import random

import pygame
import pytest

from tmdesktop import i18n
from tmdesktop.app.app import App
from tmdesktop.app.scenes.game_scene import GameScene
from tmdesktop.app.scenes.menu import app_settings
from tmdesktop.app.session import Session
from tmdesktop.app.views.layout import compute
from tmdesktop.app.views.players import PlayersView
from tmdesktop.rules.data import ALL_FACTIONS
from tmdesktop.rules.engine import Game
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.settings import UI_SCALES

FI = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                           "fire-and-ice-factions/variable_v5"}
#: Factions without a digging track (Darklings' priests, the volcano factions', the Riverwalkers'
#: and Shapeshifters' own ways) or a shipping track (Dwarves and Fakirs go over land).
NO_DIGGING = {"darklings", "acolytes", "dragonlords", "riverwalkers", "shapeshifters"}
NO_SHIPPING = {"dwarves", "fakirs"}
SIZES = [(1280, 720), (1920, 1080), (1024, 576), (2560, 1440)]
#: Every faction at a two-player table (tall panels, the widest rows), and five at one table.
TABLES = [(ALL_FACTIONS[k], ALL_FACTIONS[k + 10]) for k in range(10)] + [
    ("chaosmagicians", "shapeshifters", "icemaidens", "dragonlords", "fakirs")]


def mid_game(factions, seed: int) -> Game:
    """Setup and some rounds of random legal play: ships, digging levels, two-digit coins."""
    game = Game(GameSetup.random(players=len(factions), seed=seed, options=FI, factions=tuple(factions)))
    Session(game).play_random(150, random.Random(seed))
    return game


@pytest.fixture(scope="module")
def games():
    return [mid_game(t, 7 + k) for k, t in enumerate(TABLES)]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_part_of_every_panel_is_inside_it(games, lang, size):
    i18n.set_language(lang)
    lay = compute(size)
    for game in games:
        view = PlayersView()
        view.layout(lay.players, lay.scale, game.state.seats)
        canvas = pygame.Surface((size[0] + 400, size[1] + 100), pygame.SRCALPHA)
        view.draw(canvas, game, None, cached=False)
        where = f"{lang} {size} {game.state.seats}"
        for (owner, part), rect in list(view.parts.items()) + list(view.chips.items()):
            assert view.panels[owner].contains(rect), f"{owner} {part} {rect} outside {view.panels[owner]}: {where}"
        for owner in game.state.seats:  # the tracks are there, inside (above), or the faction has none
            assert ((owner, "dig") in view.parts) == (owner not in NO_DIGGING), where
            assert ((owner, "ship") in view.parts) == (owner not in NO_SHIPPING), where
        # nothing drawn right of the panels (their shadow is 4 px)
        right = lay.players.right + 5
        beyond = canvas.subsurface(pygame.Rect(right, 0, canvas.get_width() - right, canvas.get_height()))
        assert beyond.get_bounding_rect(min_alpha=1).width == 0, where


def test_one_size_for_every_panel_and_the_rows_fill_a_two_player_panel(games):
    """Tall two-player panels draw larger than five small ones, and all panels of a table alike."""
    lay = compute((1280, 720))
    two, five = PlayersView(), PlayersView()
    two.layout(lay.players, lay.scale, games[0].state.seats)
    five.layout(lay.players, lay.scale, games[-1].state.seats)
    canvas = pygame.Surface(lay.size, pygame.SRCALPHA)
    two.draw(canvas, games[0], None, cached=False)
    five.draw(canvas, games[-1], None, cached=False)
    assert two._sizes(games[0])[0] > five._sizes(games[-1])[0]
    heights = {two.parts[(n, "bowls")].height for n in games[0].state.seats}
    assert len(heights) == 1


@pytest.mark.parametrize("ui_scale", UI_SCALES)
def test_the_table_in_a_window_keeps_the_panels_parts_inside_at_every_ui_scale(games, ui_scale):
    """The table as the game scene draws it, with the Settings' size of menus and dialogs set."""
    app = App((1280, 720))
    app_settings(app).ui_scale = ui_scale
    scene = GameScene(app, Session(games[3]))
    app.push(scene)
    app.render(force=True)
    view = scene.players
    assert set(view.panels) == set(games[3].state.seats)
    for (owner, part), rect in list(view.parts.items()) + list(view.chips.items()):
        assert view.panels[owner].contains(rect), f"{owner} {part} at UI scale {ui_scale}"


#: Late positions of tournament games (their own moves): the Chaos Magicians holding a bonus tile,
#: eight favor tiles and a town; the Witches two TW5 towns and the Nomads two TW3.
MANY_TILES = ("4pLeague_S61_D1L1_G7.txt", 526)
TWIN_TOWNS = ("4pLeague_S63_D1L1_G4.txt", 406)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("position", [MANY_TILES, TWIN_TOWNS], ids=["many_tiles", "twin_towns"])
def test_every_held_tile_has_its_own_chip_in_the_panel_at_1280x720(monkeypatch, lang, position):
    """Play-test: at 1280x720 a bonus tile, five favor tiles and a long income line ended the tile
    row in '…'; and two TW5 towns had one chip between them (keyed alike, one hid the other)."""
    import sys
    from collections import Counter
    from pathlib import Path

    from tmdesktop.app import text

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from positions import corpus_game

    game = corpus_game(*position)
    held = {n: ([p.bonus] if p.bonus else []) + list(p.favors) + list(p.towns) for n, p in game.state.players.items()}
    assert max(map(len, held.values())) >= (10 if position == MANY_TILES else 5)
    assert position != TWIN_TOWNS or Counter(game.state.players["witches"].towns)["TW5"] == 2
    i18n.set_language(lang)
    drawn = []
    make = text.text
    monkeypatch.setattr(text, "text", lambda s, *a, **k: (drawn.append(s), make(s, *a, **k))[1])
    app = App((1280, 720))
    scene = GameScene(app, Session(game))
    scene.prompts = False
    app.push(scene)
    app.render(force=True)
    view = scene.players
    assert "…" not in drawn
    for owner, tiles in held.items():
        chips = {name: r for (o, name), r in view.chips.items() if o == owner}
        assert Counter(name.partition("#")[0] for name in chips) == Counter(tiles), owner
        income = view.parts[(owner, "income")]
        rects = list(chips.values())
        for k, r in enumerate(rects):
            assert view.panels[owner].contains(r) and r.right <= income.left, (owner, r, income)
            assert not any(r.colliderect(other) for other in rects[k + 1:]), owner
        for name, r in chips.items():  # each chip is its tile's, for the card and the click
            assert view.hit(r.center) == ("held", (owner, name.partition("#")[0]))
