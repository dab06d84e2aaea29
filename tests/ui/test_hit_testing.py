"""Every legal build target of a mid-game state is clickable, at two window sizes."""

import pytest

from tmdesktop.rules import actions as A


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_build_target_is_hit_at_its_centre(make_app, size):
    app, scene, session = make_app(size=size, demo=70, seed=5)
    builds = [a.hex for a in session.legal() if isinstance(a, (A.Build, A.Transform))]
    targets = sorted(set(builds)) or list(session.game.board.land)
    for label in targets:
        x, y = scene.map.centres[label]
        assert scene.hit((int(x), int(y))) == ("hex", label)
        # and a little off-centre, still inside the hex
        r = scene.map.size * 0.5
        assert scene.hit((int(x + r), int(y))) == ("hex", label)
        assert scene.hit((int(x), int(y - r))) == ("hex", label)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_all_land_hexes_are_inside_the_window_and_distinct(make_app, size):
    app, scene, session = make_app(size=size)
    seen = set()
    for label in session.game.board.land:
        x, y = scene.map.centres[label]
        assert 0 <= x < size[0] and 0 <= y < size[1]
        seen.add(scene.hit((int(x), int(y))))
    assert len(seen) == len(session.game.board.land)


def test_screenshot_cli(tmp_path):
    from tmdesktop.app.main import main

    out = tmp_path / "shot.png"
    assert main(["--demo", "20", "--seed", "3", "--size", "1280x720", "--screenshot", str(out)]) == 0
    import pygame

    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
    pygame.display.init()  # main() quits pygame; the session fixture expects it alive
    pygame.font.init()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hex_hit_is_the_nearest_centre_closer_than_a_hexs_radius(make_app, size):
    """The map looks only at the centres near the pointer: every pixel of a grid over the map
    (edges, rivers and the gaps around the board too) hits what the nearest of all centres gives."""
    app, scene, session = make_app(size=size)
    view = scene.map

    def nearest(pos):
        best, best_d = None, view.size ** 2
        for label, (cx, cy) in view.centres.items():
            d = (cx - pos[0]) ** 2 + (cy - pos[1]) ** 2
            if d < best_d:
                best, best_d = label, d
        return best

    hits = set()
    for x in range(view.rect.left, view.rect.right, 7):
        for y in range(view.rect.top, view.rect.bottom, 5):
            found = view.hit((x, y))
            assert found == nearest((x, y)), (x, y)
            hits.add(found)
    assert None in hits and len(hits) > len(view.centres) * 0.9
