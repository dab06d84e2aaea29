"""Rule cards on the map view: which card the pointer asks for, long presses, F1 to the rules.

The map scene hands this helper its events, its update and its tooltip slot.  A card shows for
whatever the pointer rests on (or, on a touch screen, what a finger holds still for
`LONG_PRESS` seconds: the tap that would act is then held back until the finger lifts, so a long
press only explains).  F1 opens the Rules screen at the card's page.  With the `rule_cards`
setting off, the scene's short tooltips come back.
"""

from __future__ import annotations

import pygame

from tmdesktop.teaching.cards import Card, card

from .scenes import registry
from .scenes.menu import app_settings
from .views import rule_card

LONG_PRESS = 0.5  # seconds held still
REST = 0.25  # seconds the pointer rests on a thing before its card shows (none flashes by in passing)
STILL = 10  # pixels a press may drift and still be held still


class CardHover:
    def __init__(self, scene):
        self.scene = scene
        self._cache: tuple | None = None
        self.press: tuple[tuple[int, int], bool] | None = None  # (where, by touch) while held
        self.held = 0.0
        self.fired = False  # the press became a long press: it explains, it does not act
        self.shown: pygame.Rect | None = None  # where the last card went
        self.resting: tuple = (None, 0.0)  # (the hovered thing, seconds the pointer has rested on it)

    # ------------------------------------------------------------------ what to show

    def enabled(self) -> bool:
        return bool(getattr(app_settings(self.scene.app), "rule_cards", True))

    def viewer(self) -> str | None:
        """The player the card speaks to: the one to decide, else the one holding the laptop."""
        return self.scene.decider() or self.scene.holder

    def current(self) -> Card | None:
        """The card for what is under the pointer now (None: none, or cards are off)."""
        sc = self.scene
        if not sc.hover or sc.tip_hidden or not self.enabled():
            return None
        key = (sc.session.version, len(sc.game.log), sc.hover, self.viewer())
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, card(sc.game, self.viewer(), sc.hover))
        return self._cache[1]

    def extra(self) -> list:
        """What a click here would do, with its costs: the lines the short tooltip showed."""
        sc = self.scene
        if sc.hover[0] == "player":
            return []
        me = sc.decider()
        out: list = []
        for a in sc.actions_for(sc.hover)[:6]:
            from . import describe

            out.append(describe.action(sc.game, a))
            toks = sc._delta_tokens(me, a)
            if toks:
                out.append(toks)
        return out

    def rested(self) -> bool:
        """Whether the pointer has rested on the hovered thing long enough for its card."""
        return self.resting[0] == self.scene.hover and self.resting[1] >= REST

    def draw(self, surface) -> bool:
        """Draw the card for the hovered thing once the pointer rests on it; False if it has no
        card (the short tooltip is drawn instead)."""
        self.shown = None
        if self.scene.app.stack.input_top() is not self.scene:
            return True  # a dialog is open over the table: neither a card nor a tooltip under it
        c = self.current()
        if c is None:
            return False
        if not self.rested():
            return True  # the card is coming: no short tooltip in between
        sc = self.scene
        anchor = sc.target_rect(sc.hover) or pygame.Rect(sc.mouse[0] - 12, sc.mouse[1] - 12, 24, 24)
        self.shown = rule_card.draw(surface, c, self.extra(), anchor, sc.lay.scale, avoid=sc.covered_above())
        return True

    # ------------------------------------------------------------------ input

    def handle_event(self, event) -> bool:
        """True if the event was used here (the scene then ignores it)."""
        sc = self.scene
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return self.open_rules()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            touch = bool(getattr(event, "touch", False))
            self.press, self.held, self.fired = (event.pos, touch), 0.0, False
            return touch and self.enabled()  # a tap acts when the finger lifts (unless it was long)
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            (x, y), _touch = self.press
            if abs(event.pos[0] - x) > STILL or abs(event.pos[1] - y) > STILL:
                self.press = None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            (pos, touch), fired = self.press, self.fired
            self.press = None
            if touch and self.enabled() and not fired:  # a short tap: the click it held back
                sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                self.press = None  # that replayed click is not a new press
            return touch
        return False

    def update(self, dt: float) -> bool:
        """Counts the pointer's rest and a press held still; True while either is counting (the
        loop keeps ticking)."""
        sc = self.scene
        target, rested = self.resting
        if target != sc.hover:
            self.resting = (sc.hover, 0.0)
            resting = sc.hover is not None
        else:
            resting = target is not None and rested < REST
            self.resting = (target, rested + dt)
            if resting and rested + dt >= REST:
                sc.dirty = True
        return self._update_press(dt) or resting

    def _update_press(self, dt: float) -> bool:
        if self.press is None or self.fired:
            return False
        self.held += dt
        if self.held < LONG_PRESS:
            return True
        self.fired = True
        sc = self.scene
        pos = self.press[0]
        sc.mouse = pos
        sc.hover = sc.hit(pos)
        self.resting = (sc.hover, REST)
        sc.tip_hidden = False
        sc.dirty = True
        return False

    def open_rules(self) -> bool:
        """F1: the Rules screen at the card's page (its contents without a card)."""
        c = self.current()
        registry.open_scene(self.scene.app, "rules", page=c.page if c else None)
        return True
