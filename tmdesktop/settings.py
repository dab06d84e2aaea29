"""The player's settings, in `PlatformDirs("tmdesktop", appauthor=False).user_config_path`.

One JSON file, written atomically (see `saves.write_atomic`, which keeps the previous copy as
`settings.json.bak`).  A missing file means a first start: the language comes from the system's
preferred locales.  A damaged file falls back to that previous copy when it reads well, as a
damaged save does, else to the defaults; a value out of range, or a link to a missing file, falls
back to the default; each with a message for the player, and nothing raises.  Names that the
screens draw must be printable (`safe_text.is_clean`).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .i18n import LANGUAGES, N_, _
from .safe_text import clean, is_clean

FILE_NAME = "settings.json"
VERSION = 1
UI_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)
#: slowest first: the settings row's right arrow makes the moves quicker (play-test: it went
#: from Normal to Slow), "off" showing each move for no time at all
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
ANIMATION_NAMES = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
LANGUAGE_NAMES = {"en": "English", "es": "Español", "it": "Italiano"}  # each in its own language
#: Automatic answers to power offers: always ask, take only free power (1), or take up to N.
LEECH_MODES = ("ask", "free", "up2", "up3", "up4", "up5")
LEECH_NAMES = {"ask": N_("Always ask"), "free": N_("Take 1 power (free)"), "up2": N_("Take up to 2"),
               "up3": N_("Take up to 3"), "up4": N_("Take up to 4"), "up5": N_("Take up to 5")}
MAX_PLAYERS_REMEMBERED = 12


def config_dir() -> Path:
    env = os.environ.get("TMDESKTOP_CONFIG_DIR")
    if env:
        return Path(env)
    from platformdirs import PlatformDirs

    return PlatformDirs("tmdesktop", appauthor=False).user_config_path


def settings_path() -> Path:
    return config_dir() / FILE_NAME


@dataclass
class Settings:
    language: str = "en"
    colour_blind: bool = False
    ui_scale: float = 1.0
    confirm_pass: bool = True
    fullscreen: bool = False
    animation_speed: str = "normal"
    hints: bool = True  # the Suggest-a-move button and key (H)
    warnings: bool = True  # ask before a costly mistake
    handoff_notices: bool = True  # "hand the game to ..." notices when the laptop changes hands
    #: player name -> one of LEECH_MODES ("ask" when absent)
    leech: dict = field(default_factory=dict)
    #: the names typed in the last setups, newest first (the setup screen offers them again)
    recent_names: list = field(default_factory=list)
    #: rule cards on hover and long press (off: the short tooltips)
    rule_cards: bool = True
    #: the New game page's last choices (players, map, who plays each seat...), offered again: the
    #: page takes only values it knows
    last_setup: dict = field(default_factory=dict)

    def leech_mode(self, player_name: str) -> str:
        return self.leech.get(player_name, "ask")

    def auto_leech(self, player_name: str, power: int, vp_cost: int) -> bool | None:
        """True: take the power without asking; None: ask the player."""
        mode = self.leech_mode(player_name)
        if mode == "ask":
            return None
        limit = 1 if mode == "free" else int(mode[2:])  # 1 power always costs 0 VP
        return True if power <= limit else None

    def remember_names(self, names: list[str]) -> None:
        new = [n for n in names if n]
        self.recent_names = (new + [n for n in self.recent_names if n not in new])[:MAX_PLAYERS_REMEMBERED]


def detect_language(pref_locales) -> str:
    """The first of the system's preferred languages that we have (pygame.system.get_pref_locales())."""
    try:
        for loc in pref_locales or []:
            lang = str(loc.get("language", "")).lower()[:2]
            if lang in LANGUAGES:
                return lang
    except (AttributeError, TypeError):
        pass
    return "en"


def _plain_choice(v) -> bool:
    """A value a page's chooser or switch can hold: a flag, a number, a short word, or a short
    list of words (one per seat)."""
    if isinstance(v, list):
        return len(v) <= 5 and all(isinstance(x, str) and len(x) <= 20 for x in v)
    return isinstance(v, (bool, int)) or (isinstance(v, str) and len(v) <= 20)


def _validate(raw: dict) -> tuple[Settings, list[str]]:
    s = Settings()
    bad: list[str] = []

    def take(key, ok, convert=lambda v: v):
        if key not in raw:
            return
        v = raw[key]
        try:
            if ok(v):
                setattr(s, key, convert(v))
                return
        except (TypeError, ValueError):
            pass
        bad.append(key)

    take("language", lambda v: v in LANGUAGES)
    for key in ("colour_blind", "confirm_pass", "fullscreen", "rule_cards", "hints", "warnings", "handoff_notices"):
        take(key, lambda v: isinstance(v, bool))
    take("ui_scale", lambda v: type(v) in (int, float) and 0.5 <= v <= 2.0, lambda v: min(UI_SCALES, key=lambda u: abs(u - v)))
    take("animation_speed", lambda v: v in ANIMATION_SPEEDS)
    take("leech", lambda v: isinstance(v, dict) and len(v) <= 100 and all(
        isinstance(k, str) and is_clean(k, 40) and m in LEECH_MODES for k, m in v.items()), dict)
    take("recent_names", lambda v: isinstance(v, list) and all(
        isinstance(n, str) and 0 < len(n) <= 40 and is_clean(n, 40) for n in v),
         lambda v: list(v)[:MAX_PLAYERS_REMEMBERED])
    take("last_setup", lambda v: isinstance(v, dict) and len(v) <= 20 and all(
        isinstance(k, str) and len(k) <= 20 and _plain_choice(x) for k, x in v.items()), dict)
    return s, bad


@dataclass(frozen=True)
class Problem:
    """What was wrong with the settings file, kept apart from its message so that the message can
    be written once the interface language (which the settings themselves choose) is set."""
    kind: str  # "damaged", "restored" (from the previous copy), "invalid" or "dangling-link"
    detail: str = ""  # the settings reset ("invalid", "restored"), the link's target ("dangling-link")

    def message(self) -> str:
        if self.kind == "damaged":
            return _("The settings file was damaged; the default settings are used.")
        if self.kind == "dangling-link":
            return _("The settings file is a link to {target}, which does not exist; the default settings are "
                     "used.").format(target=clean(self.detail, 120))
        reset = _("Some settings were not valid and were reset: {names}.").format(names=self.detail)
        if self.kind == "restored":  # the previous copy may hold values to reset too
            restored = _("The settings file was damaged; the copy saved before it is used.")
            return f"{restored} {reset}" if self.detail else restored
        return reset


_DAMAGED = (OSError, ValueError, UnicodeDecodeError, RecursionError)


def _read(path: Path) -> dict:
    """The file's JSON object; raises one of `_DAMAGED` when there is none."""
    if path.stat().st_size > 1_000_000:
        raise ValueError("too large")
    raw = json.loads(path.read_text("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    if not isinstance(raw, dict):
        raise ValueError("not an object")
    return raw


def load_checked(path: Path | None = None, pref_locales=None) -> tuple[Settings, Problem | None]:
    """(settings, what had to be reset or None); never raises."""
    path = settings_path() if path is None else Path(path)
    if path.is_symlink() and not path.exists():
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        return Settings(language=detect_language(pref_locales)), Problem("dangling-link", target)
    if not path.exists():
        return Settings(language=detect_language(pref_locales)), None
    try:
        raw = _read(path)
    except _DAMAGED:
        from .saves import backup_of

        try:  # the copy the last save kept (next to where a link points: `save` writes there)
            raw = _read(backup_of(Path(os.path.realpath(path))))
        except _DAMAGED:
            return Settings(language=detect_language(pref_locales)), Problem("damaged")
        s, bad = _validate(raw)
        # the damaged file is written again from the copy (which stays as it is): else the
        # message came back at every start (play-test)
        save(s, path, keep_backup=False)
        return s, Problem("restored", ", ".join(bad))
    s, bad = _validate(raw)
    return s, Problem("invalid", ", ".join(bad)) if bad else None


def load(path: Path | None = None, pref_locales=None) -> tuple[Settings, str]:
    """(settings, message): the message, in the current language, is empty unless something had to be reset."""
    s, problem = load_checked(path, pref_locales)
    return s, problem.message() if problem else ""


def save(s: Settings, path: Path | None = None, keep_backup: bool = True) -> str:
    """Write the settings atomically (the file they replace kept as its `.bak`, unless
    `keep_backup` is False); returns an error message, or "" when saved."""
    from .saves import write_atomic

    path = settings_path() if path is None else Path(path)
    if path.is_symlink():  # the player's link (e.g. to a synced folder) stays: write where it points
        path = Path(os.path.realpath(path))
    data = {"version": VERSION, **asdict(s)}
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"), keep_backup)
    except OSError as exc:
        return _("The settings could not be saved: {why}").format(why=exc.strerror or exc)
    return ""


FIELDS = tuple(f.name for f in fields(Settings))
