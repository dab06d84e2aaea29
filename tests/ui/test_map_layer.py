"""The map's cached terrain layer after moves that change terrain: redrawn per changed hex, it shows
what a fresh full build shows; and the frame loop's framebuffer choice per video driver."""

from __future__ import annotations

import random

import pygame
import pytest

from tmdesktop.app import framebuffer
from tmdesktop.app.session import Session, new_game
from tmdesktop.app.views.hexmap import HexMapView
from tmdesktop.rules import actions as A

RECT = pygame.Rect(0, 40, 1300, 900)


def _session_with_transforms() -> Session:
    """A mid-game table (random legal moves) where the player to move can transform terrain."""
    session = Session(new_game(4, 5))
    rng = random.Random(5)
    session.play_random(80, rng)
    for _ in range(100):
        acts = session.legal()
        if any(isinstance(a, A.Transform) for a in acts):
            return session
        done = [a for a in acts if isinstance(a, A.Done)]
        if not (done and session.apply(done[0]).ok):
            session.play_random(1, rng)
    raise AssertionError("no transform reached")


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _differing_bytes(a: bytes, b: bytes) -> list[int]:
    return [abs(x - y) for x, y in zip(a, b) if x != y]


def _fresh_layer(board, terrain, colour_blind) -> bytes:
    view = HexMapView(board)
    view.colour_blind = colour_blind
    view.layout(RECT)
    return _pixels(view._static_layer(terrain))


@pytest.mark.parametrize("colour_blind", [False, True])
def test_transform_and_undo_redraw_only_the_hex_and_match_a_full_build(colour_blind):
    pygame.display.set_mode((1400, 1000))
    session = _session_with_transforms()
    view = HexMapView(session.game.board)
    view.colour_blind = colour_blind
    view.layout(RECT)
    layer = view._static_layer(session.game.state.terrain)
    before = _pixels(layer)
    move = next(a for a in session.legal() if isinstance(a, A.Transform))
    old_terrain = session.game.state.terrain[move.hex]
    assert session.apply(move).ok and session.game.state.terrain[move.hex] != old_terrain

    after = _pixels(view._static_layer(session.game.state.terrain))
    assert view._static is layer  # updated in place, not rebuilt
    changed = len(_differing_bytes(before, after)) // 3
    hex_area = 2.6 * view.size ** 2  # a hex is 2.6 r² pixels
    assert 0.5 * hex_area < changed < 1.2 * hex_area  # that hex changed, and nothing beyond it
    diff = _differing_bytes(after, _fresh_layer(session.game.board, session.game.state.terrain, colour_blind))
    assert len(diff) < 40 and max(diff, default=0) < 48  # at most a few edge pixels, by a little

    assert session.undo().ok
    back = _pixels(view._static_layer(session.game.state.terrain))
    assert len(_differing_bytes(back, before)) < 40


def test_labels_follow_the_terrain_ink():
    pygame.display.set_mode((1400, 1000))
    session = _session_with_transforms()
    view = HexMapView(session.game.board)
    view.layout(RECT)
    dark = ("black", "brown", "blue", "red", "green")
    move = next(a for a in session.legal() if isinstance(a, A.Transform) and a.color
                and (a.color in dark) != (session.game.state.terrain[a.hex] in dark))
    first = view._labels(session.game.state.terrain)[move.hex]
    assert session.apply(move).ok
    now = view._labels(session.game.state.terrain)[move.hex]
    assert now[0] != first[0]  # light ink on dark terrain and dark ink on light terrain


@pytest.mark.parametrize("platform, driver, preset, expected", [
    ("linux", "x11", None, "0"),  # the native X11 copy: 0.6 ms a 1080p frame instead of 11 ms
    ("linux", "wayland", None, None),  # no native framebuffer in SDL 2: SDL decides
    ("win32", "windows", None, None),  # SDL already uses GDI
    ("darwin", "cocoa", None, None),
    ("linux", "x11", "1", "1"),  # the user's choice wins
])
def test_framebuffer_choice_per_driver(platform, driver, preset, expected, monkeypatch):
    monkeypatch.setattr(framebuffer.sys, "platform", platform)
    if preset is None:
        monkeypatch.delenv(framebuffer.HINT, raising=False)
    else:
        monkeypatch.setenv(framebuffer.HINT, preset)
    assert framebuffer.choose_framebuffer(driver) == expected


@pytest.mark.parametrize("colour_blind", [False, True])
def test_cached_board_with_a_hover_is_the_picture_drawn_directly(colour_blind):
    """Hovering any hex (built on, highlighted or plain) gives exactly the picture of drawing
    everything in order, though only the pieces and labels near the outline are drawn again."""
    screen = pygame.display.set_mode((1400, 1000))
    session = _session_with_transforms()
    state = session.game.state
    homes = {n: p.faction.home for n, p in state.players.items()}
    highlights = sorted({a.hex for a in session.legal() if isinstance(a, (A.Build, A.Transform, A.Upgrade))})
    view = HexMapView(session.game.board)
    view.colour_blind = colour_blind
    view.layout(RECT)
    reference = pygame.Surface(screen.get_size())
    owned = sorted(state.owner)
    plain = [h for h in session.game.board.land if h not in state.owner and h not in highlights]
    for hover in owned[:4] + highlights[:4] + plain[:2] + [None]:
        screen.fill((0, 0, 0))
        view.draw(screen, state, homes, highlights, hover)
        reference.fill((0, 0, 0))
        view._draw_direct(reference, state, homes, highlights, hover)
        assert _pixels(screen) == _pixels(reference), hover
    board = view._board
    view.draw(screen, state, homes, highlights, owned[0])
    assert view._board is board  # hovering keeps the layers


@pytest.mark.parametrize("seed", [4, 9])
def test_layers_repainted_around_the_changed_hexes_show_what_drawing_everything_shows(seed):
    """After each move the board layer is painted again only around the hexes whose terrain,
    building or glow changed; the board, hovered or not, must still be the picture of drawing
    everything in order (a box too small would leave a stale piece, glow or label)."""
    screen = pygame.display.set_mode((1400, 1000))
    session = Session(new_game(4, seed))
    rng, pick = random.Random(seed), random.Random(seed + 1)
    view = HexMapView(session.game.board)
    view.layout(RECT)
    reference = pygame.Surface(screen.get_size())
    builds = []
    build = view._build_layers
    view._build_layers = lambda *args: (builds.append(1), build(*args))
    for step in range(120):
        state = session.game.state
        homes = {n: p.faction.home for n, p in state.players.items()}
        acts = session.legal()
        highlights = sorted({a.hex for a in acts if isinstance(a, (A.Build, A.Transform, A.Upgrade))})
        ends = sorted(h for pair in state.bridges for h in pair)  # a hover by a bridge redraws it whole
        for hover in (None, pick.choice(ends or sorted(session.game.board.land))):
            screen.fill((0, 0, 0))
            view.draw(screen, state, homes, highlights, hover)
            reference.fill((0, 0, 0))
            view._draw_direct(reference, state, homes, highlights, hover)
            assert _pixels(screen) == _pixels(reference), (step, hover)
        if session.game.finished:
            break
        session.play_random(1, rng)
    assert state.bridges  # bridges were there to be repainted too
    assert len(builds) < step // 4  # most moves repaint boxes rather than rebuild the board


def test_glows_going_out_copy_the_bare_board_and_show_what_drawing_everything_shows():
    """A move ends the glow of every target it had (the turn's main action is taken): the board
    is copied back from the board kept without glow there, painting nothing again, and it is
    still the picture of drawing everything; the glow coming back (an undo) paints it again."""
    screen = pygame.display.set_mode((1400, 1000))
    session = _session_with_transforms()
    state = session.game.state
    homes = {n: p.faction.home for n, p in state.players.items()}
    targets = sorted({a.hex for a in session.legal() if isinstance(a, (A.Build, A.Transform, A.Upgrade))})
    assert len(targets) >= 5
    view = HexMapView(session.game.board)
    view.layout(RECT)
    reference = pygame.Surface(screen.get_size())
    painted = []  # the layers pieces were painted on
    paint = view._paint_pieces
    view._paint_pieces = lambda surface, *args: (painted.append(surface), paint(surface, *args))
    for highlights in (targets, [], targets, targets[:2]):
        painted.clear()
        screen.fill((0, 0, 0))
        view.draw(screen, state, homes, highlights)
        reference.fill((0, 0, 0))
        view._draw_direct(reference, state, homes, highlights)
        assert _pixels(screen) == _pixels(reference), highlights
        if highlights == []:
            assert view._board not in painted  # every box copied from the bare board
        else:
            assert view._board in painted  # a glow comes back: painted under the pieces


class _WholeNeighbours(HexMapView):
    """Redraws a hex with its neighbours drawn whole, as the full build draws them."""

    def _draw_hex(self, big, label, terrain, origin, rim_only=False):
        return super()._draw_hex(big, label, terrain, origin)


@pytest.mark.parametrize("rect, colour_blind", [(pygame.Rect(0, 13, 788, 488), False),
                                                (pygame.Rect(0, 13, 1176, 729), True)])
def test_a_hex_redrawn_over_its_neighbours_rims_is_the_hex_redrawn_over_whole_neighbours(rect, colour_blind):
    """Only a land neighbour's outer edge reaches the changed hex's edge pixels once scaled down,
    so the rest of it is not drawn: every land hex changed in turn, the layer stays the same."""
    pygame.display.set_mode((1400, 1000))
    session = Session(new_game(4, 5))
    board, terrain = session.game.board, dict(session.game.state.terrain)
    views = [HexMapView(board), _WholeNeighbours(board)]
    for view in views:
        view.colour_blind = colour_blind
        view.layout(rect)
        view._static_layer(terrain)
    rng = random.Random(1)
    for label in board.land:
        terrain[label] = rng.choice([t for t in ("yellow", "brown", "black", "blue", "green", "gray", "red")
                                     if t != terrain[label]])
        assert _pixels(views[0]._static_layer(terrain)) == _pixels(views[1]._static_layer(terrain)), label
