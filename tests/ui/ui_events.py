"""Posting real input events to the app and running the loop once."""

import pygame


def click(app, pos, button=1):
    """Post a real mouse click and run one loop iteration."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(0.016)
    app.step(0.016)


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step(0.016)
    app.step(0.016)


def wheel(app, pos, y):
    """Turn the mouse wheel `y` notches (up: positive) with the pointer at `pos`."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step(0.016)
    app.step(0.016)


def hand_over(app) -> int:
    """Acknowledge the notices on top with Enter ('hand the game to ...', 'Round N begins');
    returns how many."""
    from tmdesktop.app.scenes.dialogs import HandoffNotice, RoundSummaryScene

    n = 0
    app.step(0.016)
    while isinstance(app.stack.top, (HandoffNotice, RoundSummaryScene)):
        key(app, pygame.K_RETURN)
        n += 1
    return n


def type_names(app, setup, names) -> None:
    """Type the players' names into the new-game page's name fields, from the first."""
    for i, name in enumerate(names):
        click(app, setup.field(f"name{i}").rect.center)  # (the click selects the default name)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
        app.step(0.016)


def to_map(app):
    """Close what stands above the map view (a picker the map may open: colour, favor); returns it."""
    from tmdesktop.app.scenes.load_scene import PlayScene

    while not isinstance(app.stack.top, PlayScene):
        app.stack.pop()
    return app.stack.top


def play_to_the_end(app, seed: int, limit: int = 4000) -> None:
    """Play the map view's game to its end with random legal actions, through the session."""
    import random

    from tmdesktop.rules.random_play import random_step

    scene = app.stack.top
    rng = random.Random(seed)
    for _ in range(limit):
        if scene.game.finished:
            break
        who, action = random_step(scene.game, rng)
        assert scene.session.apply(action, who).ok
    assert scene.game.finished


def finish_to_scoring(app, seed: int):
    """Play the game to its end and return the scoring scene the map view then opens."""
    from tmdesktop.app.scenes.scoring import ScoringScene

    play_to_the_end(app, seed)
    app.step(0.016)
    app.step(0.016)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene)
    return scoring


def record_text(monkeypatch, weight: bool = False) -> list[tuple]:
    """Every `text.blit` from now on, as (text, type size, max_width): what a screen wrote, at
    which size, and in how much room (a `max_width` shrinks the type, then cuts the text); with
    `weight`, the font's weight too, to measure the text as it was drawn."""
    from tmdesktop.app import text

    drawn: list[tuple] = []
    blit = text.blit

    def recording(surface, s, size, *args, **kwargs):
        seen = (s, size, kwargs.get("max_width", 0))
        if weight:  # blit(surface, s, size, colour, pos, anchor, weight, max_width)
            seen += (kwargs.get("weight", args[3] if len(args) > 3 else "regular"),)
        drawn.append(seen)
        return blit(surface, s, size, *args, **kwargs)

    monkeypatch.setattr(text, "blit", recording)
    return drawn


class RecordingSurface(pygame.Surface):
    """A surface that remembers every image blitted on it: (image, the whole rect it was meant to
    cover, the clip in force), to check what a scene drew where, including what a later drawing
    covered or a clip cut (`scene.draw(RecordingSurface(app.screen.get_size()))`)."""

    def __init__(self, size):
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        size = pygame.Rect(area).size if area is not None else source.get_size()
        where = pygame.Rect(tuple(dest)[:2], size)
        self.blits.append((source, where, self.get_clip()))
        return super().blit(source, dest, area, special_flags)


class Drawn(pygame.Surface):
    """A page drawn on this keeps every picture blitted: (its text, if `text.text` made it; its box)."""

    def __init__(self, size, words: dict):
        super().__init__(size)
        self.words = words  # id of a picture `text.text` made -> its text
        self.blits: list[tuple[str | None, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        box = super().blit(source, dest, area, special_flags)
        self.blits.append((self.words.get(id(source)), box))
        return box


def drawing(monkeypatch, app, scene):
    """A function that draws the page as the window shows it, keeping what it drew (`Drawn`)."""
    from tmdesktop.app import text

    words: dict[int, str] = {}
    make = text.text

    def recording(s, *args, **kwargs):
        img = make(s, *args, **kwargs)
        words[id(img)] = s
        return img

    monkeypatch.setattr(text, "text", recording)

    def draw() -> Drawn:
        page = Drawn(app.size, words)
        scene.draw(page)
        return page

    return draw
