"""Overlays over the map view: they see input first and keep or pass it; they drive highlights."""

import pygame
import pytest

from tmdesktop.app import text
from tmdesktop.app.scenes.base import Overlay
from tmdesktop.app.scenes.dialogs import ConfirmScene
from tmdesktop.rules import actions as A

from ui_events import click, key


class Guide(Overlay):
    """A tutorial step: 'build here'; clicks anywhere else on the table are kept from it."""

    def __init__(self, app, scene, hex_):
        super().__init__(app)
        self.scene, self.hex = scene, hex_
        self.kept = 0
        scene.annotate("guide", [("hex", hex_)], "Build your first dwelling here")

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and self.scene.hit(event.pos) != ("hex", self.hex):
            self.kept += 1
            return True
        return False

    def draw(self, surface):
        pass


def centre(scene, label):
    x, y = scene.map.centres[label]
    return int(x), int(y)


def test_an_overlay_blocks_some_clicks_and_lets_the_rest_through(make_app):
    app, scene, session = make_app(players=3, seed=3)
    game = session.game
    me = session.decider()
    first, other = [a.hex for a in session.legal() if isinstance(a, A.Build)][:2]
    guide = Guide(app, scene, first)
    app.push(guide)
    assert scene.target_rect(("hex", first)).collidepoint(centre(scene, first))
    click(app, centre(scene, other))  # kept by the guide: nothing is built
    assert guide.kept == 1 and other not in game.state.owner
    labels = scene.map.show_labels
    key(app, pygame.K_l)  # keys go through to the map
    assert scene.map.show_labels != labels
    click(app, centre(scene, first))  # the highlighted hex: through to the map, which builds
    assert game.state.owner.get(first) == me
    assert app.stack.top is not scene  # the next player's hand-off opened above the guide
    key(app, pygame.K_RETURN)
    assert app.stack.scenes[-1] is guide and app.stack.input_top() is scene
    scene.clear_annotations("guide")
    assert not scene.annotations


def test_a_dialog_under_an_overlay_closes_itself_not_the_overlay(make_app):
    app, scene, session = make_app(players=3, seed=3)
    dialog = ConfirmScene(app, "Sure?", lambda: None)
    app.push(dialog)
    banner = Overlay(app)
    banner.draw = lambda surface: None
    app.push(banner)
    assert app.stack.input_top() is dialog
    key(app, pygame.K_ESCAPE)  # passes the banner, answers the dialog
    assert app.stack.scenes == [scene, banner]


def test_a_note_on_a_part_of_a_panel_stays_over_that_panel(make_app):
    """A note on a panel's shipping track (the computer's "advanced shipping" banner) is drawn
    under the track, inside its own panel; above it, it covered the panel of the player before."""
    from tmdesktop.app.scenes.computer_turns import move_targets

    app, scene, session = make_app(players=4, seed=3, demo=30)
    seats = session.state.seats
    who = next(f for f in seats[1:] if (f, "ship") in scene.players.parts)  # a panel with a panel above it
    targets = move_targets(who, A.Advance("ship"))
    assert targets[0] == ("ship", who)
    scene.annotate("computer", targets, "Advance shipping to level 2, which costs 1 priest and 4 coins")
    app.render(force=True)
    box = scene._draw_annotations(app.screen)
    panel = scene.players.panels[who]
    others = [r for f, r in scene.players.panels.items() if f != who]
    assert panel.inflate(12, 12).contains(box), (box, panel)
    assert not any(box.colliderect(r.inflate(-8, -8)) for r in others)


def test_a_note_on_a_cult_track_or_a_whole_panel_goes_beside_it_over_the_maps_edge(make_app):
    """A computer's priest sent (the cult track it climbed) or a move seen only in its panel (a
    conversion): the note sits left of the cult board or of the panel, over the map's right edge.
    With only the panel ringed, it covered the panel of the player before; under a cult track,
    the panels below the cult board."""
    from tmdesktop.app.scenes.computer_turns import move_targets

    app, scene, session = make_app(size=(1920, 1080), players=4, seed=3, demo=30)
    seats = session.state.seats
    panels = scene.players.panels
    priest = move_targets(seats[1], A.SendPriest("EARTH"))
    assert priest[0] == ("cult", "EARTH")
    convert = move_targets(seats[2], A.Convert(1, "W", 1, "C"))
    assert convert == [("player", seats[2])]
    words = "Witches: Send a priest to Earth (1 step, priest returns)"
    sc = scene.lay.scale
    fs = max(12, int(17 * sc))  # the note as drawn: its lines made even
    img = text.text(words, fs, (0, 0, 0), "semibold", wrap=text.even_wrap(words, fs, int(360 * sc), "semibold"))
    size = img.get_rect().inflate(int(20 * sc), int(14 * sc)).size
    for targets in (priest, convert):
        first = scene.target_rect(targets[0])
        note = scene.note_box(first, size)
        assert scene.lay.map.x < note.x and note.right < min(first.x, scene.cults.rect.x), (note, first)
        assert note.top <= first.centery <= note.bottom
        assert not any(note.colliderect(r) for r in panels.values())
        assert not any(note.colliderect(c) for c in scene.cults.columns.values())
        scene.annotate("computer", targets, words)
        app.render(force=True)
        assert scene._draw_annotations(app.screen).contains(note)  # drawn where it was placed


def test_a_note_gives_way_while_the_pointer_is_in_it(make_app):
    """Found play-testing: the computer's last move stayed on the map through the person's turn,
    its note over hexes and labels (the person's own new dwelling among them). While the pointer
    is in a note, the note is not drawn (its ring stays); it comes back when the pointer leaves."""
    app, scene, session = make_app(players=3, seed=3)
    hex_ = sorted(scene.map.centres)[len(scene.map.centres) // 2]
    plain = app.screen.copy()
    scene.annotate("computer", [("hex", hex_)], "Advance shipping to level 2, which costs 1 priest and 4 coins")
    app.step(0.016)
    assert len(scene.note_boxes) == 1
    box = scene.note_boxes[0].inflate(-4, -4)

    def pixels(surface):
        return pygame.image.tobytes(surface.subsurface(box).copy(), "RGB")

    noted = pixels(app.screen)
    assert noted != pixels(plain)
    def differ(a, b) -> int:
        return sum(x != y for x, y in zip(a, b))

    def point(pos) -> bytes:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(0.016)  # (no rule card yet: the pointer has not rested)
        return pixels(app.screen)

    inside = point(box.center)  # the map as it is under the note, but for the hovered hex's outline
    assert differ(inside, pixels(plain)) * 5 < differ(noted, pixels(plain))
    assert point((box.right + 40, box.bottom + 40)) == noted  # back when the pointer leaves


def test_a_pickers_rows_show_the_number_keys_that_answer_them(make_app, monkeypatch):
    """Found play-testing: 1-9 answer a picker's rows, but no row said so (the README says each
    dialog's rows show their keys). A yes-or-no question shows 1 and Enter on yes, 2 and Esc on no."""
    from ui_events import record_text

    app, scene, session = make_app(players=3, seed=3)
    answered = []
    app.push(ConfirmScene(app, "Sure?", lambda: answered.append(True)))
    drawn = record_text(monkeypatch)
    app.render(force=True)
    said = [t[0] for t in drawn]
    assert "1 · Enter" in said and "2 · Esc" in said
    key(app, pygame.K_1)
    assert answered == [True]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("kind", ["favor", "bonus", "town"])
def test_a_tile_picker_shows_each_card_s_key_under_it(make_app, monkeypatch, size, kind):
    """Found play-testing: a picker of favor, bonus or town tiles as cards answers 1-9, 0 and the
    letters like a list, but only the list showed its keys. Each card's key stands under it, at
    the size the rows' keys have, inside the dialog and clear of every card's words."""
    from tmdesktop.app.options import Option
    from tmdesktop.app.scenes.dialogs import ChoiceScene
    from tmdesktop.rules.data import BONUS_TILES, FAVOR_TILES, TOWN_TILES

    tiles = {"favor": FAVOR_TILES, "bonus": BONUS_TILES, "town": TOWN_TILES}[kind]
    app, scene, session = make_app(size=size, players=3, seed=3)
    options = [Option("×2" if kind != "bonus" else "", t, card=t, badge="1" if kind == "bonus" and i % 2 else None)
               for i, t in enumerate(tiles)]
    picker = ChoiceScene(app, "Choose a tile", options, lambda value: None)
    app.push(picker)
    drawn = []
    blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, s, size, *a, **kw: (
        lambda r: (drawn.append((s, size, r)), r)[1])(blit(surface, s, size, *a, **kw)))
    app.render(force=True)
    assert app.screen.get_rect().contains(picker.rect)
    keys = [(s, size, r) for s, size, r in drawn if picker.rect.contains(r) and r.top >= picker.rects[0].bottom
            and s in [picker.key_of(i) for i in range(len(options))]]
    for i, card in enumerate(picker.rects):
        mine = [(size, r) for s, size, r in keys if s == picker.key_of(i) and card.left <= r.centerx <= card.right]
        assert len(mine) == 1, (i, picker.key_of(i), keys)
        size, r = mine[0]
        assert size == picker.key_size() >= 10
        assert 0 <= r.top - card.bottom < card.height // 2  # under its own card
        assert not any(r.colliderect(c) for c in picker.rects)  # on no card's words
        assert picker.rect.contains(r)
