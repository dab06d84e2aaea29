"""The frame loop: input handled and drawn by `App.run` itself, and a dialog hovered without the
table under it being drawn again (its kept copy is used), yet the same picture on screen."""

from __future__ import annotations

import random

import pygame

from tmdesktop.app.app import App
from tmdesktop.app.scenes.dialogs import ChoiceScene, Option
from tmdesktop.app.scenes.game_scene import GameScene
from tmdesktop.app.session import Session, new_game


def _table(size=(1280, 720)):
    app = App(size)
    session = Session(new_game(4, 3))
    session.play_random(30, random.Random(3))
    scene = GameScene(app, session)
    scene._prompted_version = session.version  # no picker of its own
    app.push(scene)
    app.render(force=True)
    return app, scene


def _count_draws(scene) -> list:
    """Counts the frames the scene draws, whole or by its changes."""
    calls = []
    draw, draw_changes = scene.draw, scene.draw_changes

    def counting(surface):
        calls.append(1)
        draw(surface)

    def counting_changes(surface):
        changed = draw_changes(surface)
        if changed is not None:
            calls.append(1)
        return changed

    scene.draw, scene.draw_changes = counting, counting_changes
    return calls


def test_hovering_a_dialog_reuses_the_table_under_it():
    app, scene = _table()
    dialog = ChoiceScene(app, "Pick", [Option(f"Option {i}", i) for i in range(4)], lambda _v: None)
    app.push(dialog)
    app.step(0.016)
    table_draws = _count_draws(scene)
    for rect in dialog.rects[:3]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0)))
        frames = app.frames
        app.step(0.016)
        assert app.frames == frames + 1  # the hover is shown
    assert table_draws == []
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.render(force=True)  # everything drawn from scratch
    assert table_draws == [1]
    assert pygame.image.tobytes(app.screen, "RGB") == shown

    scene.dirty = True  # the table changed under the dialog: drawn again
    app.step(0.016)
    assert table_draws == [1, 1]


def test_run_handles_posted_input_and_draws_it():
    app, scene = _table()
    shown = scene.map.show_labels
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    app.run(max_seconds=0.2)
    assert scene.map.show_labels is not shown
    assert app.frames > frames
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(max_seconds=5)
    assert not app.running
