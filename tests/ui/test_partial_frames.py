"""The map scene draws only what changed since its last frame (`views.frame`): whatever happens
(hovers anywhere, clicks, keys, moves, messages fading, rule cards, notes of an overlay, dialogs
opening over it), the screen after each frame, and the table kept under a dialog, must be exactly
the frame drawn whole, with the panels' parts the pointer finds where the whole frame puts them,
and the window is told about every pixel that changed."""

from __future__ import annotations

import random

import pygame
import pytest

from tmdesktop.rules import actions as A


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _same_outside(before: pygame.Surface, after: pygame.Surface, rects: list[pygame.Rect]) -> bool:
    """Whether nothing changed outside `rects`."""
    before, after = before.copy(), after.copy()
    for r in rects:
        before.fill((0, 0, 0), r)
        after.fill((0, 0, 0), r)
    return _pixels(before) == _pixels(after)


def _random_input(app, scene, rng: random.Random) -> None:
    w, h = app.screen.get_size()
    hexes = [c for c in scene.map.centres.values()]
    r = rng.random()
    if r < 0.45:  # the pointer somewhere: a hex, a button, anywhere
        pos = rng.choice([tuple(map(int, rng.choice(hexes))), rng.choice(scene.buttons).rect.center,
                          (rng.randrange(w), rng.randrange(h))])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    elif r < 0.6:  # a click on a hex or a button
        pos = rng.choice([tuple(map(int, rng.choice(hexes))), rng.choice(scene.buttons).rect.center])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif r < 0.7:  # a key: a tool, the labels, the colour-blind glyphs, undo
        k = rng.choice([pygame.K_b, pygame.K_t, pygame.K_l, pygame.K_g, pygame.K_ESCAPE])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    elif r < 0.8:  # a move, as a computer seat would play it; often one that changes the supply
        acts = [a for a in scene.session.legal() if not isinstance(a, A.DropFaction)]
        supply = [a for a in acts if isinstance(a, (A.UseAction, A.Pass, A.TakeTile))]
        if acts:
            scene.play(rng.choice(supply if supply and rng.random() < 0.5 else acts), checked=True)
    elif r < 0.87:  # an overlay rings a target and writes a note, or takes them away
        if scene.annotations:
            scene.clear_annotations()
        else:
            scene.annotate("test", [("hex", rng.choice(sorted(scene.map.centres))), ("button", "build")], "Here")
    elif r < 0.93:
        scene.show_toast("Not possible now")
    # else: time passes (a message fades, a rule card comes)


@pytest.mark.parametrize("size, seed", [((1280, 720), 3), ((1920, 1080), 8)])
def test_every_frame_drawn_in_parts_is_the_whole_frame(make_app, size, seed):
    app, scene, session = make_app(size=size, demo=50, seed=seed)
    rng = random.Random(seed)
    whole = pygame.Surface(app.screen.get_size())
    partial, presented = [], []
    redraw, present = scene.draw_changes, app._present

    def draw_changes(surface):
        rects = redraw(surface)
        partial.append(rects is not None)
        return rects

    def shown(rects):
        presented.append(rects)
        present(rects)

    scene.draw_changes, app._present = draw_changes, shown
    for step in range(160):
        before = app.screen.copy()
        presented.clear()
        _random_input(app, scene, rng)
        app.step(rng.choice([0.016, 0.016, 0.3, 0.7]))
        if app.stack.visible() == [scene, app.stack.top] and app.stack.top is not scene:
            scene.draw(whole)  # the table kept under a dialog, redrawn where it changed
            assert _pixels(app._below) == _pixels(whole), step
        while app.stack.top is not scene:  # pickers and questions: closed, the table alone again
            app.pop()
            app.render()
            before = None
        if not presented:
            continue
        after = _pixels(app.screen)
        panels = scene.players
        listed = (panels.chips, panels.parts, panels._listed)  # what the pointer finds, kept across frames
        panels._listed = {}  # the whole frame lists every panel's parts afresh
        scene.draw(whole)
        assert after == _pixels(whole), step
        assert listed[:2] == (panels.chips, panels.parts), step
        panels.chips, panels.parts, panels._listed = listed  # the next frames go on from the partial ones
        if before is not None and presented[-1] is not None:  # the window is shown all that changed
            assert _same_outside(before, app.screen, presented[-1]), step
    assert sum(partial) > 80


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_kept_button_picture_is_the_button_drawn(make_app, size):
    """Buttons over nothing but the table's colour are blitted from a picture kept per look: in
    every look they take (enabled or not, the tool active, lit under the pointer), the picture is
    the button drawn on the table's colour."""
    from tmdesktop.app.scenes import table_frame

    app, scene, session = make_app(size=size, demo=60, seed=4)
    looks = 0
    for tool, hover in ((None, None), ("build", "build"), ("transform", "undo"), (None, "hint")):
        scene.tool = tool
        scene.hover = ("button", hover) if hover else None
        for part in table_frame.parts(scene):
            if not part.name.startswith("button:"):
                continue
            b = next(b for b in scene.buttons + scene.top_buttons if part.name == f"button:{b.key}")
            kept, drawn = (pygame.Surface(app.screen.get_size()) for _ in range(2))
            for target in (kept, drawn):
                target.fill(scene.frame.background)
            part.draw(kept)
            b.draw(drawn, part.key[7], hover=part.key[6])
            assert _pixels(kept) == _pixels(drawn), (part.name, tool, hover)
            looks += part.opaque  # drawn from a kept picture
    assert looks > 30
