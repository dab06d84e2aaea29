"""The player panels and the cult board are rendered once and blitted until what they show changes
(not after every move, which kept 4K click frames long); a panel whose content changed draws
again only the rows that changed.  A key that forgot something they show would leave a stale
picture: after every move of random games, the cached drawing must be exactly the fresh one, on
the table's colour (a layer's translucent pixels would show there, not on black)."""

from __future__ import annotations

import random

import pygame
import pytest

from tmdesktop.app import theme
from tmdesktop.app.session import Session, new_game
from tmdesktop.app.views import panel_rows
from tmdesktop.app.views.cults import CultView
from tmdesktop.app.views.players import PlayersView


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


FIRE_ICE = ("riverwalkers", "icemaidens", "dragonlords", "witches")  # terrains chosen and unlocked


@pytest.mark.parametrize("seed, panels, scale, factions", [
    (3, pygame.Rect(700, 40, 480, 560), 1.0, None),  # tall panels
    (11, pygame.Rect(640, 30, 540, 420), 1.0, None),  # the 1080p table's shape
    (7, pygame.Rect(760, 20, 420, 300), 0.67, None),  # small panels: rows reach out of their bands
    (5, pygame.Rect(700, 40, 480, 560), 1.0, FIRE_ICE),
])
def test_cached_panels_and_cult_board_match_a_fresh_drawing_after_every_move(seed, panels, scale, factions):
    screen = pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, seed, factions))
    state = session.game.state
    players, cults = PlayersView(), CultView()
    players.layout(panels, scale, list(state.seats))
    cults.layout(pygame.Rect(20, 40, 600, 500), 1.0)
    fresh = pygame.Surface(screen.get_size())
    rng = random.Random(seed)
    changed_panels = 0
    for step in range(160 if factions is None else 400):
        state = session.game.state
        homes = {n: p.faction.home for n, p in state.players.items()}
        decider = session.decider()
        before = {n: c[0] for n, c in players._cache.items()}
        for target, cached in ((screen, True), (fresh, False)):
            target.fill(theme.TABLE)
            players.draw(target, session.game, decider, cached=cached)
            cults.draw(target, state, homes, cached=cached)
        assert _pixels(screen) == _pixels(fresh), step
        changed_panels += sum(1 for n, c in players._cache.items() if before.get(n) != c[0])
        if session.game.finished:
            break
        session.play_random(1, rng)
    # a move redraws the panels it changes, not all four every time
    assert changed_panels < 4 * step
    if factions:  # what the head row shows beside the names came and changed on the way
        assert len(state.players["riverwalkers"].unlocked) >= 2 and state.players["icemaidens"].color


def test_a_panel_row_is_drawn_again_only_when_what_it_shows_changes():
    """A change of coins redraws the resource row of that panel; a player taking their turn
    redraws the name row (its tag) of the panels whose tag changed; the rest is blitted."""
    pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, 5))
    session.play_random(60, random.Random(5))
    game = session.game
    view = PlayersView()
    view.layout(pygame.Rect(700, 40, 480, 560), 1.0, list(game.state.seats))
    screen = pygame.display.get_surface()
    drawn = []
    draw_row = view._draw_row
    view._draw_row = lambda surface, g, p, r, row, key: (drawn.append((p.name, row)), draw_row(surface, g, p, r, row,
                                                                                                key))[1]
    view.draw(screen, game, None)
    assert len(drawn) == 4 * len(game.state.seats)
    name = game.state.seats[0]
    drawn.clear()
    game.state.players[name].C += 1
    view.draw(screen, game, None)
    assert drawn == [(name, 1)]
    drawn.clear()
    view.draw(screen, game, name)  # the player to decide: their panel's colour changes, all its rows
    assert sorted(drawn) == [(name, row) for row in range(4)]


def test_rows_lie_in_their_bands():
    """The bands the rows are copied through tile the panel's flat inside, one under the other."""
    r = pygame.Rect(10, 20, 480, 140)
    bands = panel_rows.bands(r, 1.0)
    assert [b.y for b in bands[1:]] == [b.bottom for b in bands[:-1]]
    assert bands[0].top == r.top + 1 and bands[-1].bottom == r.bottom - 1
    assert all(r.contains(b) for b in bands)


def test_the_income_writes_every_amount_even_one(monkeypatch):
    """"Income" followed by a worker icon alone read as no income at all: the panel writes "1",
    and "0" when nothing comes."""
    from tmdesktop.app import text
    from tmdesktop.app.views import icons

    session = Session(new_game(4, 3))
    p = next(iter(session.game.state.players.values()))
    written = []
    real = text.text
    monkeypatch.setattr(icons.text, "text", lambda s, *a, **k: written.append(s) or real(s, *a, **k))
    surface = pygame.Surface((600, 200))
    for income, words in (({"W": 1, "C": 2}, ["Income", "2", "1"]),  # the coins' 2, then the worker's 1
                          ({}, ["Income", "0"])):  # nothing, not the word alone
        written.clear()
        panel_rows.tiles_row(surface, p, income, pygame.Rect(0, 0, 600, 200), 1.0, (14, 16), frozenset())
        assert written[-len(words):] == words


def test_a_held_tiles_action_used_this_round_is_marked_on_its_chip():
    """The board marks a power action taken; a bonus or favor tile's action in a panel showed
    nothing once used, so a player could not tell whether it was still to take."""
    from tmdesktop.rules import actions as A

    screen = pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, 5))
    game = session.game
    players = PlayersView()
    players.layout(pygame.Rect(640, 30, 540, 420), 1.0, list(game.state.seats))
    rng = random.Random(5)

    def tile_action():
        me = session.decider()
        if me is None or game.decision(me) != "action":
            return None
        p = game.state.players[me]
        return next((a for a in session.legal() if isinstance(a, A.UseAction)
                     and a.name in [p.bonus, *p.favors]), None)

    for _ in range(3000):
        if tile_action():
            break
        session.play_random(1, rng)
    use, me = tile_action(), session.decider()
    assert use is not None, "no tile action came up"
    marker = (140, 60, 150)  # the taken token's colour

    def chip_colours():
        screen.fill(theme.TABLE)
        players.draw(screen, game, session.decider(), cached=True)
        chip = players.chips[(me, use.name)]
        return {screen.get_at((x, y))[:3] for x in range(chip.left, chip.right) for y in range(chip.top, chip.bottom)}

    assert marker not in chip_colours()
    assert session.apply(use, me).ok
    assert marker in chip_colours()
    fresh = pygame.Surface(screen.get_size())
    fresh.fill(theme.TABLE)
    players.draw(fresh, game, session.decider(), cached=False)
    assert _pixels(screen) == _pixels(fresh)  # the cached panel was drawn again with it


@pytest.mark.parametrize("width", [540, 380])
def test_a_used_favor_tiles_chip_stays_readable_beside_its_token(monkeypatch, width):
    """Found play-testing: once a favor tile's action was taken, the 'taken' token and the veil
    under it covered its chip ("2 Water"), so it could not be read. The token stands at the
    chip's end in room of its own, beside what the chip says, which nothing veils."""
    from tmdesktop.app.views import icons, widgets
    from tmdesktop.rules import actions as A

    screen = pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, 1))
    game = session.game
    players = PlayersView()
    players.layout(pygame.Rect(1180 - width, 30, width, 420), 1.0, list(game.state.seats))
    rng = random.Random(1)
    for _ in range(3000):
        me = session.decider()
        if me and game.decision(me) == "action" and A.UseAction("FAV6") in session.legal():
            break
        session.play_random(1, rng)
    else:
        raise AssertionError("no favor tile's action came up")
    assert session.apply(A.UseAction("FAV6"), me).ok and "FAV6" in game.state.players[me].actions_used
    said, marked = [], []  # what the panels wrote, what the tokens veiled
    draw, mark = icons.draw_tokens, widgets.taken_marker
    monkeypatch.setattr(icons, "draw_tokens", lambda surface, tokens, *a, **kw: (
        lambda r: (said.append((tokens, r)), r)[1])(draw(surface, tokens, *a, **kw)))
    monkeypatch.setattr(widgets, "taken_marker", lambda surface, r, *a: (marked.append(pygame.Rect(r)),
                                                                          mark(surface, r, *a))[1])
    screen.fill(theme.TABLE)
    players.draw(screen, game, session.decider(), cached=False)
    chip = players.chips[(me, "FAV6")]
    words = [r for tokens, r in said if tokens == panel_rows.chip_tokens("FAV6") and chip.contains(r)]
    assert len(words) == 1 and len(marked) == 1 and chip.contains(marked[0])
    assert not words[0].colliderect(marked[0]), (words[0], marked[0])


def test_the_head_row_shows_the_terrain_a_faction_chose():
    """Play-test: the colour the Ice Maidens chose (their pieces are ice-white) was shown nowhere
    on their panel. Its swatch stands beside the name; the Witches' panel has none."""
    pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, 5, FIRE_ICE))
    rng = random.Random(5)
    while not session.game.state.players["icemaidens"].color:
        session.play_random(1, rng)
    game = session.game
    chosen = theme.terrain_colour(game.state.players["icemaidens"].color)
    view = PlayersView()
    view.layout(pygame.Rect(700, 40, 480, 560), 1.0, list(game.state.seats))
    screen = pygame.display.get_surface()
    screen.fill(theme.TABLE)
    view.draw(screen, game, None)

    def head_has(name, colour):
        r = view.panels[name]
        band = panel_rows.bands(r, 1.0)[0]
        return any(screen.get_at((x, y))[:3] == colour for x in range(band.x, band.right, 1)
                   for y in range(band.y, band.bottom, 2))

    assert head_has("icemaidens", chosen) and not head_has("witches", chosen)
