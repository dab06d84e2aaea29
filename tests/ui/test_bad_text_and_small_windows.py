"""Text from files that the font renderer cannot draw, and windows smaller than any layout, through
posted events: every screen still draws and answers."""

from __future__ import annotations

import json
import os
import random

import pygame
import pytest

from tests.ui.ui_events import click, key
from tmdesktop import saves
from tmdesktop.app.app import MIN_SIZE, App
from tmdesktop.rules.engine import Game
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.settings import Settings

NASTY = "\x00\ud800\ufeff\u202e\x07"


def _game(seed=3, steps=40) -> Game:
    rng = random.Random(seed)
    game = Game(GameSetup.random(3, seed, factions=("witches", "nomads", "giants")))
    for _ in range(steps):
        game.apply(*random_step(game, rng))
    return game


def _resize(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(0.016)
    app.render(force=True)


def test_unprintable_text_from_files_is_drawn_everywhere(user_dirs, title_app):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    saves.save_game(_game(), folder / "good.tmsave", "good", names={"witches": "x"})
    data = json.loads((folder / "good.tmsave").read_text("utf-8"))
    data["names"]["witches"] = "Eve" + NASTY
    (folder / "good.tmsave").write_text(json.dumps(data), "utf-8")
    # a file name that is not valid UTF-8 (Linux gives it to Python with surrogate escapes)
    os.close(os.open(os.path.join(os.fsencode(folder), b"\xff\x01bad.tmsave"), os.O_CREAT | os.O_WRONLY))
    app = title_app()
    title = app.stack.top
    title.message = "message" + NASTY  # the toast the title shows (e.g. a settings-reset message)
    app.render(force=True)
    click(app, title.button("load").rect.center)
    load = app.stack.top
    assert type(load).__name__ == "LoadScene" and len(load.saves) == 2
    assert any(i.error for i in load.saves)
    app.render(force=True)
    for _ in range(next(i for i, info in enumerate(load.saves) if info.error)):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # opening the damaged one gives its message
    app.render(force=True)
    assert load.message
    key(app, pygame.K_ESCAPE)
    app.settings = Settings(recent_names=["Ana" + NASTY, "Bo"], leech={"Ana" + NASTY: "free"})
    click(app, title.button("settings").rect.center)
    app.render(force=True)
    key(app, pygame.K_ESCAPE)
    click(app, title.button("new").rect.center)
    assert type(app.stack.top).__name__ == "SetupScene"
    app.render(force=True)


def test_the_window_asks_for_a_minimum_size_and_scenes_never_see_less(user_dirs, title_app):
    app = title_app(size=(100, 100))
    assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]


@pytest.mark.parametrize("size", [(300, 200), (1, 1), (334, 900), (2000, 60), (100, 100)])
def test_replay_viewer_and_game_view_draw_at_tiny_sizes(user_dirs, size):
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.scenes.replay_viewer import ReplayScene
    from tmdesktop.app.session import Session

    app = App((1280, 720))
    app.settings = Settings()
    game = _game(5, 60)
    app.push(GameScene(app, Session(game)))
    app.push(ReplayScene(app, game, list(game.log), "r"))
    for s in (size, (1280, 720), size):
        _resize(app, s)
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
        key(app, pygame.K_RIGHT)
    app.stack.pop()
    _resize(app, size)
    key(app, pygame.K_l)


def test_clicks_land_on_the_scaled_down_layout(user_dirs, title_app):
    app = title_app()
    _resize(app, (400, 250))  # below the minimum: the layout is drawn at 800x500 and shrunk
    title = app.stack.top
    assert app.canvas is not None and app.size == MIN_SIZE
    x, y = title.button("settings").rect.center
    sx, sy = 400 / app.size[0], 250 / app.size[1]
    click(app, (int(x * sx) + 1, int(y * sy) + 1))
    assert type(app.stack.top).__name__ == "SettingsScene"


@pytest.mark.parametrize("size,scale", [((1280, 720), 1.0), ((800, 500), 1.0), ((1280, 720), 1.5),
                                        ((1920, 1080), 1.5)])
def test_every_title_button_is_inside_the_window_and_none_overlap(user_dirs, title_app, size, scale):
    """Nine buttons (Learn to play and Rules joined the title): the last one ran off a 720-high window."""
    from tmdesktop.settings import Settings

    app = title_app(size=size, settings=Settings(ui_scale=scale))
    title = app.stack.top
    screen = pygame.Rect((0, 0), app.size)
    rects = [b.rect for b in title.buttons]
    assert len(rects) == 9
    for r in rects:
        assert screen.contains(r), (r, app.size)
    for a, b in zip(rects, rects[1:]):
        assert a.bottom < b.top


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600), (3840, 2160)])
def test_tile_strip_titles_are_never_covered_by_their_tiles(user_dirs, size):
    """"Round scoring", "Town tiles"…: a strip's title line ends above its first row of tiles, in the
    map view and in the replay viewer (whose narrower map leaves the strips less height)."""
    from tmdesktop.app import text
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.scenes.replay_viewer import ReplayScene
    from tmdesktop.app.session import Session

    app = App(size)
    app.settings = Settings()
    game = _game(5, 60)
    app.push(GameScene(app, Session(game)))
    app.push(ReplayScene(app, game, list(game.log), "r"))
    for scene in (app.stack.top, app.stack.scenes[0]):
        app.render(force=True)
        supply = scene.supply
        height = text.font(supply.title_size(), "semibold").get_linesize()
        for name, strip in supply.strips().items():
            assert strip.cards, name
            first_row = min(r.top for r in strip.cards.values())
            assert strip.rect.y + height <= first_row, (type(scene).__name__, name, size)
        app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_every_cult_track_is_named_whole_inside_its_column(user_dirs, monkeypatch, size, lang):
    """Seen in Italian at 1280x800 and smaller: "Acqua" did not fit beside its icon, and the
    board then named none of the four tracks. Each name is drawn whole in its own column, in
    type no smaller than the smallest `text` draws, and the four in one type (in Spanish at
    1280x800 "Tierra" was a size smaller than the others)."""
    from tests.ui.ui_events import record_text
    from tmdesktop import i18n
    from tmdesktop.app import text, theme
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session

    i18n.set_language(lang)
    app = App(size)
    app.settings = Settings()
    scene = GameScene(app, Session(_game()))
    app.push(scene)
    drawn = record_text(monkeypatch, weight=True)
    app.render(force=True)
    sizes = set()
    for cult, column in scene.cults.columns.items():
        name = i18n._(theme.CULT_NAMES[cult])
        shown = [(fs, room) for s, fs, room, weight in drawn if s == name and weight == "bold"]
        assert shown, (name, size)
        fs, room = shown[0]
        fs = text.fit(name, fs, room, "bold") if room else fs  # the type `blit` draws it in
        assert fs >= text.MIN_SIZE and 0 < text.width(name, fs, "bold") <= room <= column.width, (name, fs, room)
        sizes.add(fs)
    assert len(sizes) == 1, sizes


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_turn_order_s_label_ends_before_its_first_pill(user_dirs, monkeypatch, size, lang):
    """Seen in Italian at 1024x600: the first turn-order pill covered the colon of "Ordine:" (the
    label had a fixed room, measured for the English word)."""
    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.scenes.game_scene import GameScene
    from tmdesktop.app.session import Session

    i18n.set_language(lang)
    app = App(size)
    app.settings = Settings()
    scene = GameScene(app, Session(_game()))
    app.push(scene)
    drawn: list[tuple[str, pygame.Rect]] = []  # every text written, with where
    blit = text.blit

    def recording(surface, s, *args, **kwargs):
        drawn.append((s, blit(surface, s, *args, **kwargs)))
        return drawn[-1][1]

    monkeypatch.setattr(text, "blit", recording)
    app.render(force=True)
    label = next(r for s, r in drawn if s == i18n._("Order:"))
    assert scene.order_boxes and label.right < scene.order_boxes[0].left, (label, scene.order_boxes[0])
