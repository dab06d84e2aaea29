"""'Suggest a move' in the map view: the computer's choice for the player to act, with its reasons.

H (or the bar's Hint button) opens a panel beside the board: "thinking…" while the computer
(Medium) looks for a move in the worker process, then the move, ringed on the board, and why in
words; "Do it" (Enter) plays exactly the suggested steps up to the turn's main action (the
conversions or burning that prepare it, then it), Esc closes.  Nothing here waits: the
panel polls the worker from `update`, as the computer seats do.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from tmdesktop.i18n import N_, _
from tmdesktop.teaching.hints import hint_from_log, up_to_main

from .. import computer, hint_words, text, theme
from ..views import widgets
from .computer_turns import move_targets
from .dialogs import Modal

ANNOTATION = "hint"  # the scene's annotation key for the suggested move
#: False: think in the window's process (tests); the app asks the computer seats' worker.
USE_WORKER = True


def ask(game, faction: str) -> Future:
    """The hint for `faction` now, computed off the window's thread."""
    log = list(game.log)
    args = (game.setup, log, faction, computer.move_seed(game.setup, log, faction))
    if USE_WORKER:
        return computer.worker_pool().submit(hint_from_log, *args)  # one worker for the whole app
    f: Future = Future()
    try:
        f.set_result(hint_from_log(*args))
    except Exception as exc:  # reported by the panel, as the worker's would be
        f.set_exception(exc)
    return f


class HintPanel(Modal):
    """The suggestion beside the board (no veil: the ringed move must stay visible)."""

    def __init__(self, app, scene, faction: str):
        super().__init__(app, _("Suggested move"))
        self.scene = scene
        self.faction = faction
        self.key = (scene.session.version, len(scene.game.log), faction)  # the position asked about
        self.future: Future | None = ask(scene.game, faction)
        self.hint = None
        self.error = ""
        self.lines: list[tuple[str, str]] = []  # (text, weight)

    # ------------------------------------------------------------------ the worker's answer

    def update(self, dt: float) -> bool:
        if self.key != (self.scene.session.version, len(self.scene.game.log), self.faction):
            self.close()  # the game moved on (an undo): the answer would be about another position
            return False
        f = self.future
        if f is None:
            return False
        if not f.done():
            return True
        self.future = None
        try:
            self.hint = f.result()
        except Exception as exc:  # a fault in the computer must not stop the game
            self.error = _("No suggestion this time ({why}).").format(why=type(exc).__name__)
        if self.hint is not None:  # every place the turn acts on, the main action's first
            turn = [self.hint.main] + [a for a in self.hint.turn if a != self.hint.main]
            targets = [t for a in turn for t in move_targets(self.faction, a)[:-1]]
            self.scene.annotate(ANNOTATION, list(dict.fromkeys(targets)) or [("player", self.faction)], tagged=True)
        self.layout(self.app.size)
        self.dirty = True
        return False

    # ------------------------------------------------------------------ layout and input

    def _words(self) -> list[tuple[str, str]]:
        game = self.scene.game
        if self.error:
            return [(self.error, "regular")]
        if self.hint is None:
            return [(_("Thinking about a move…"), "regular")]
        h = self.hint
        out = [(hint_words.headline(game, h), "bold")]
        for line in (hint_words.first_step(game, h), hint_words.then_line(game, h)):
            if line:
                out.append((line, "semibold"))
        cost = hint_words.cost_line(h)
        if cost:
            out.append((cost, "regular"))
        now = hint_words.now_line(game, h)
        if now:
            out.append((_("Now: {what}").format(what=now), "regular"))
        later = hint_words.sets_up(game, h)
        if later:
            out.append((later, "regular"))
        if not now and not later:
            out.append((hint_words.no_reason_line(game, h), "regular"))
        return out

    def layout(self, size) -> None:
        s = self.scale
        lay = self.scene.lay
        area = lay.map if lay is not None else pygame.Rect(0, 0, *size)
        w = min(int(520 * s), area.width - int(20 * s))
        self.lines = self._words()
        fs = max(12, int(17 * s))
        body = sum(text.text(t, fs, theme.INK, weight, wrap=w - int(40 * s)).get_height() + int(8 * s)
                   for t, weight in self.lines)
        h = int(64 * s) + body + int(70 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        # beside the move: the half of the map away from the ringed target
        target = None
        if self.hint is not None:
            rects = [self.scene.target_rect(t) for t in move_targets(self.faction, self.hint.main)]
            target = next((r for r in rects if r is not None), None)
        pad = int(12 * s)
        if target is not None and target.centerx < area.centerx:
            self.rect.bottomright = (area.right - pad, area.bottom - pad)
        else:
            self.rect.bottomleft = (area.x + pad, area.bottom - pad)
        self.rect.clamp_ip(pygame.Rect(0, 0, *size))
        bw, bh = int(170 * s), int(44 * s)
        self.buttons = []
        if self.hint is not None:
            do = widgets.Button("do", N_("Do it"), pygame.Rect(0, 0, bw, bh), hint="Enter")
            do.primary = True
            self.buttons.append(do)
        close = widgets.Button("close", N_("Close"), pygame.Rect(0, 0, bw, bh), hint="Esc")
        self.buttons.append(close)
        x = self.rect.right - pad - len(self.buttons) * (bw + pad) + pad
        for b in self.buttons:
            b.rect.bottomleft = (x, self.rect.bottom - pad)
            x += bw + pad

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hint:
            self.choose(("button", "do"))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.close()
            return
        super().handle_event(event)

    def close(self) -> None:
        if self.future is not None:
            self.future.cancel()
            self.future = None
        self.scene.clear_annotations(ANNOTATION)
        super().close()

    def choose(self, hit) -> None:
        kind, key = hit
        hint = self.hint
        self.close()
        if key == "do" and hint is not None:
            self.scene.follow_suggestion(hint.turn, self.faction)  # followed: its later steps are marked
            for a in up_to_main(hint):  # the preparing steps and the main action: the computer's own move, no warning
                if not self.scene.play(a, self.faction, checked=True):
                    break

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        s = self.scale
        widgets.panel(surface, self.rect, theme.PARCHMENT, radius=int(12 * s), edge=theme.INK_SOFT)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, max(5, int(8 * s)))
        pygame.draw.rect(surface, theme.HIGHLIGHT, band, border_top_left_radius=int(12 * s),
                         border_top_right_radius=int(12 * s))
        text.blit(surface, self.title, int(22 * s), theme.INK, (self.rect.x + int(20 * s), self.rect.y + int(18 * s)),
                  "topleft", "title", max_width=self.rect.width - int(40 * s))
        y = self.rect.y + int(60 * s)
        fs = max(12, int(17 * s))
        for line, weight in self.lines:
            img = text.text(line, fs, theme.INK if weight != "regular" else theme.INK_SOFT, weight,
                            wrap=self.rect.width - int(40 * s))
            surface.blit(img, (self.rect.x + int(20 * s), y))
            y += img.get_height() + int(8 * s)
        self.draw_buttons(surface)
