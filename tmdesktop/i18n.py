"""Translation of every user-visible string.

`_` looks the message up in the active catalogue at call time, so switching the language takes
effect on the next rendered string without a restart.  Catalogues are gettext `.mo` files under
`tmdesktop/locale/<lang>/LC_MESSAGES/tmdesktop.mo`; English is the source language.
"""

from __future__ import annotations

import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "tmdesktop"
LANGUAGES = ("en", "es", "it")

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(lang: str) -> None:
    """Activate `lang` ("en", "es", "it"); unknown languages fall back to English."""
    global _active, _language
    _language = lang if lang in LANGUAGES else "en"
    _active = gettext.translation(DOMAIN, LOCALE_DIR, languages=[_language], fallback=True)


def language() -> str:
    return _language


def _(message: str) -> str:
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (translated where shown)."""
    return message
