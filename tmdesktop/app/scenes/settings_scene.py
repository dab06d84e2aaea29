"""Settings: language (switches at once), colour-blind glyphs, UI scale, fullscreen, animation
speed, confirm before passing, the help while playing (suggestions, warnings, hand-off notices),
and each player's automatic answer to power offers."""

from __future__ import annotations

import pygame

from tmdesktop import i18n
from tmdesktop import settings as settings_mod
from tmdesktop.i18n import N_, _

from .. import text, theme
from .menu import Chooser, MenuScene, Switch, app_settings, make_button

ON_OFF = {True: N_("On"), False: N_("Off")}


def apply_language(app, lang: str) -> None:
    """Switch the language now: every cached text surface is dropped and redrawn."""
    i18n.set_language(lang)
    from .. import text as text_mod

    text_mod.clear()
    try:
        from ..views import supply

        supply.clear()
    except Exception:
        pass
    for scene in app.stack.scenes:
        scene.resize(app.size)


def apply_display(app) -> None:
    """Fullscreen on or off (kept as it is when the display cannot change, e.g. headless)."""
    try:
        app.set_fullscreen(bool(app_settings(app).fullscreen))
    except (pygame.error, AttributeError):
        return


class SettingsScene(MenuScene):
    whole_frame = True

    def __init__(self, app):
        super().__init__(app)
        s = app_settings(app)
        # the language shown (a `--lang` start overrides the saved one for the session)
        self.lang = Chooser("language", N_("Language"), list(i18n.LANGUAGES), i18n.language(),
                            lambda k: settings_mod.LANGUAGE_NAMES.get(k, k))
        self.scale_c = Chooser("ui_scale", N_("Size of menus and dialogs"), list(settings_mod.UI_SCALES), s.ui_scale,
                               lambda v: f"{round(v * 100)} %", wraps=False)
        #: the size row while this page waits to take a new size (`on_change`)
        self.resize_when_left: pygame.Rect | None = None
        self.anim = Chooser("animation_speed", N_("Animation speed"), list(settings_mod.ANIMATION_SPEEDS),
                            s.animation_speed, lambda k: _(settings_mod.ANIMATION_NAMES[k]))
        self.cb = Switch("colour_blind", N_("Colour-blind glyphs on the pieces"), s.colour_blind)
        self.confirm = Switch("confirm_pass", N_("Ask before passing"), s.confirm_pass)
        self.full = Switch("fullscreen", N_("Fullscreen"), s.fullscreen)
        # help while playing (each can be turned off)
        self.help = [Switch("rule_cards", N_("Rule cards when pointing at the board"), s.rule_cards),
                     Switch("hints", N_("Suggest a move (H)"), s.hints),
                     Switch("warnings", N_("Warn before a costly mistake"), s.warnings),
                     Switch("handoff_notices", N_("Notices to pass the laptop"), s.handoff_notices)]
        self.leech: list[Chooser] = []
        for name in s.recent_names[:6]:
            self.leech.append(Chooser(f"leech:{name}", "", list(settings_mod.LEECH_MODES), s.leech_mode(name),
                                      lambda k: _(settings_mod.LEECH_NAMES[k])))

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        col_w, lx, rx = self.columns(760)
        rh, gap = px(52), px(14)
        top = px(200)
        self.choosers = [self.lang, self.scale_c, self.anim]
        y = self.stack(self.choosers, lx, top, col_w, rh, gap)
        self.switches = [self.cb, self.confirm, self.full] + self.help
        left_bottom = self.stack(self.switches[:3], lx, y, col_w, rh, gap)
        # the right column: the help while playing, then the power offers
        help_panel = self.section_rect(rx, col_w, top - px(60), self.stack(self.help, rx, top, col_w, rh, gap))
        offers_top = help_panel.bottom + px(16)
        y = offers_top + px(100)
        self.leech_labels = []
        for c in self.leech:
            self.leech_labels.append(pygame.Rect(rx, y, int(col_w * 0.4), rh))
            c.rect = pygame.Rect(rx + int(col_w * 0.4), y, col_w - int(col_w * 0.4), rh)
            self.choosers.append(c)
            y += rh + gap
        bottom = max(y + px(70), offers_top + px(190))
        self.panels = (self.section_rect(lx, col_w, top - px(60), left_bottom),
                       self.section_rect(rx, col_w, offers_top, bottom), help_panel)
        bw, bh = px(280), px(62)
        self.buttons = [make_button("done", N_("Done"), (w // 2 - bw // 2, h - px(100), bw, bh), primary=True,
                                    hint="Esc")]

    def on_change(self, key: str, value) -> None:
        s = app_settings(self.app)
        if key == "language":
            s.language = value
            apply_language(self.app, value)
        elif key == "ui_scale":
            s.ui_scale = value
            for scene in self.app.stack.scenes:
                if scene is not self:
                    scene.resize(self.app.size)
            # this page takes the new size once the pointer leaves the row: resized at once, the
            # row moved from under the pointer and the next click changed another setting
            self.resize_when_left = self.scale_c.rect.copy()
        elif key == "animation_speed":
            s.animation_speed = value
        elif key == "colour_blind":
            s.colour_blind = value
        elif key == "confirm_pass":
            s.confirm_pass = value
        elif key in ("rule_cards", "hints", "warnings", "handoff_notices"):
            setattr(s, key, value)
        elif key == "fullscreen":
            s.fullscreen = value
            apply_display(self.app)
        elif key.startswith("leech:"):
            name = key[6:]
            if value == "ask":
                s.leech.pop(name, None)
            else:
                s.leech[name] = value
        err = settings_mod.save(s)
        self.message = err
        self.dirty = True

    def handle_event(self, event) -> None:
        if self.resize_when_left is not None and (
                event.type == pygame.KEYDOWN
                or (event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)
                    and not self.resize_when_left.collidepoint(event.pos))):
            self.resize_when_left = None
            self.resize(self.size)
        super().handle_event(event)

    def resize(self, size) -> None:
        self.resize_when_left = None
        super().resize(size)

    def on_button(self, key: str) -> None:
        if key == "done":
            self.back()

    def back(self) -> None:
        if len(self.app.stack.scenes) > 1:
            self.app.pop()

    def draw(self, surface) -> None:
        self.begin_page(surface)
        px = self.px
        self.draw_title(surface, _("Settings"))
        for r, title in zip(self.panels, (_("Table"), _("Power offers"), _("Help while playing"))):
            self.draw_section(surface, r, title)
        right = self.panels[1]
        text.blit(surface, _("Answer power offers automatically for:"), self.fs(18), theme.TEXT_DIM,
                  (right.x + px(24), right.y + px(62)), "topleft", max_width=right.width - px(48))
        if not self.leech:
            text.blit(surface, _("The players of your games appear here after a first game."), self.fs(18),
                      theme.TEXT_DIM, (right.x + px(24), right.y + px(110)), "topleft", max_width=right.width - px(48))
        for c, lab in zip(self.leech, self.leech_labels):
            self.draw_label(surface, c.key[6:], lab)
        text.blit(surface, _("Larger offers are still asked. Taking 1 power is always free."), self.fs(16),
                  theme.TEXT_DIM, (right.x + px(24), right.bottom - px(20)), "bottomleft", max_width=right.width - px(48))
        self.draw_widgets(surface)
        self.draw_message(surface)
