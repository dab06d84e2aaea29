"""The player panels and the cult board are rendered once and blitted until what they show changes
(not after every move, which kept 4K click frames long).  A key that forgot something they show
would leave a stale picture: after every move of random games, the cached drawing must be exactly
the fresh one."""

from __future__ import annotations

import random

import pygame
import pytest

from tmdesktop.app.session import Session, new_game
from tmdesktop.app.views.cults import CultView
from tmdesktop.app.views.players import PlayersView


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("seed", [3, 11])
def test_cached_panels_and_cult_board_match_a_fresh_drawing_after_every_move(seed):
    screen = pygame.display.set_mode((1200, 900))
    session = Session(new_game(4, seed))
    state = session.game.state
    players, cults = PlayersView(), CultView()
    players.layout(pygame.Rect(700, 40, 480, 560), 1.0, list(state.seats))
    cults.layout(pygame.Rect(20, 40, 600, 500), 1.0)
    fresh = pygame.Surface(screen.get_size())
    rng = random.Random(seed)
    changed_panels = 0
    for step in range(160):
        state = session.game.state
        homes = {n: p.faction.home for n, p in state.players.items()}
        decider = session.decider()
        before = {n: c[0] for n, c in players._cache.items()}
        for target, cached in ((screen, True), (fresh, False)):
            target.fill((0, 0, 0))
            players.draw(target, session.game, decider, cached=cached)
            cults.draw(target, state, homes, cached=cached)
        assert _pixels(screen) == _pixels(fresh), step
        changed_panels += sum(1 for n, c in players._cache.items() if before.get(n) != c[0])
        if session.game.finished:
            break
        session.play_random(1, rng)
    # a move redraws the panels it changes, not all four every time
    assert changed_panels < 4 * step
