"""Translation of every user-visible string.

`_` looks the message up in the active catalogue at call time, so switching the language takes
effect on the next rendered string without a restart.  The catalogues are edited as `.po` files
(`tmdesktop/locale/<lang>/LC_MESSAGES/tmdesktop.po`, kept up to date with `make i18n`) and read
here compiled, as the `.mo` files next to them, with the standard `gettext` module; `make` and
the package build compile them with pybabel, so Babel is not needed at run time.  English is
the source language.
"""

from __future__ import annotations

import gettext
import struct
import sys
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "tmdesktop"
LANGUAGES = ("en", "es", "it")

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
#: Called with the new language after every switch (e.g. to clear cached text surfaces).
_listeners: list = []


def set_language(lang: str) -> None:
    """Activate `lang` ("en", "es", "it"); unknown languages fall back to English."""
    global _active, _language
    _language = lang if lang in LANGUAGES else "en"
    _active = load_catalogue(_language)
    for hook in list(_listeners):
        hook(_language)


def language() -> str:
    return _language


def _(message: str) -> str:
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (translated where shown)."""
    return message


class Worded:
    """Words made when shown, in the language active then, and kept per language: a note that
    stays on screen while the player changes the language (`make()` returns the text)."""

    def __init__(self, make):
        self.make = make
        self._kept: dict[str, str] = {}

    def __call__(self) -> str:
        text = self._kept.get(_language)
        if text is None:
            text = self._kept[_language] = self.make()
        return text


def shown(note) -> str:
    """The text of a note that is a string or `Worded`."""
    return note() if callable(note) else note


def on_change(hook) -> None:
    """Call `hook(lang)` after every `set_language` (text caches register here)."""
    if hook not in _listeners:
        _listeners.append(hook)


# ---------------------------------------------------------------------- catalogues


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def load_catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of `lang`, or English (with a warning) when it cannot be read."""
    if lang == "en":
        return gettext.NullTranslations()
    try:
        with open(mo_path(lang), "rb") as fh:
            return gettext.GNUTranslations(fh)
    except (OSError, ValueError, struct.error) as exc:  # gettext: OSError on a bad magic number
        # a missing or broken catalogue must not stop the game: say why, and play in English
        hint = " (run `make` to compile the catalogues)" if isinstance(exc, FileNotFoundError) else ""
        print(f"tmdesktop: no {lang} translations: {exc}{hint}", file=sys.stderr)
        return gettext.NullTranslations()
