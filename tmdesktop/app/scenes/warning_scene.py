"""The question before a costly mistake: what would be lost, then "Do it anyway" or "Go back".

The warnings come from `teaching.warnings` (the engine's events and legal actions); this dialog
only says them (`warning_words`).  Going back (Enter, Esc, 2, the button) leaves the game as it
was; doing it anyway takes 1 or a click: a key pressed out of habit must not make the mistake the
dialog warns of.
"""

from __future__ import annotations

from typing import Callable

import pygame

from tmdesktop.i18n import _

from .. import text, theme, warning_words
from .dialogs import ChoiceScene, Option


class WarningScene(ChoiceScene):
    def __init__(self, app, game, warnings, on_anyway: Callable[[], None], on_back: Callable[[], None] = lambda: None):
        self.said = [warning_words.say(game, w) for w in warnings]
        title = self.said[0][0] if len(self.said) == 1 else _("Before you do this")
        super().__init__(app, title, [Option(_("Do it anyway"), True), Option(_("Go back"), False)],
                         lambda yes: on_anyway() if yes else on_back(), cancellable=False)
        self.enter_answer = self.escape_answer = 1  # both keys go back
        self.body: list[pygame.Surface] = []

    def layout(self, size) -> None:
        super().layout(size)
        s = self.scale
        w = max(self.rect.width, min(int(680 * s), size[0] - 40))
        fs = max(12, int(17 * s))
        wrap = w - int(60 * s)
        self.body = []
        for title, why in self.said:
            if len(self.said) > 1:
                self.body.append(text.text(title, fs, theme.INK, "semibold", wrap=wrap))
            if why:
                self.body.append(text.text(why, fs, theme.INK_SOFT, wrap=wrap))
        body_h = sum(img.get_height() + int(8 * s) for img in self.body)
        top = self.rect.top
        self.rect = pygame.Rect(0, 0, w, self.rect.height + body_h + int(10 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        dy = self.rect.top - top + body_h + int(10 * s)
        self.rects = [pygame.Rect(self.rect.x + int(30 * s), r.y + dy, w - int(60 * s), r.height) for r in self.rects]

    def draw(self, surface) -> None:
        super().draw(surface)
        s = self.scale
        y = self.rect.y + int(62 * s)
        for img in self.body:
            surface.blit(img, (self.rect.x + int(30 * s), y))
            y += img.get_height() + int(8 * s)
