"""Translation of every user-visible string.

`_` looks the message up in the active catalogue at call time, so switching the language takes
effect on the next rendered string without a restart.  Catalogues are the gettext `.po` files
under `tmdesktop/locale/<lang>/LC_MESSAGES/tmdesktop.po`, read directly by a small parser (no
build step, no Babel at run time); a compiled `.mo` next to it is used only when the `.po` is
missing (`tools/i18n.py compile`).  English is the source language.
"""

from __future__ import annotations

import gettext
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


def on_change(hook) -> None:
    """Call `hook(lang)` after every `set_language` (text caches register here)."""
    if hook not in _listeners:
        _listeners.append(hook)


# ---------------------------------------------------------------------- catalogues (.po reader)


class Catalogue(gettext.NullTranslations):
    """Messages read from a `.po` file.  Empty and fuzzy translations fall back to English."""

    def __init__(self, messages: dict, plural=None):
        super().__init__()
        self.messages = messages  # msgid -> str, or (msgid, msgid_plural) -> [forms]
        self.plural = plural or (lambda n: int(n != 1))

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get((singular, plural))
        if forms:
            i = self.plural(n)
            if 0 <= i < len(forms) and forms[i]:
                return forms[i]
        return singular if n == 1 else plural


def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError(f"not a quoted string: {s!r}")
    out, i, body = [], 0, s[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse_po(text: str) -> list[dict]:
    """The entries of a `.po` file: dicts with msgid, msgid_plural, msgstr (list), flags, refs.

    Obsolete entries (`#~`) are skipped.  Raises ValueError on a malformed file.
    """
    entries: list[dict] = []
    cur: dict | None = None
    field = None

    def flush():
        nonlocal cur
        if cur is not None and "msgid" in cur:
            n = max(cur["msgstr"]) + 1 if cur["msgstr"] else 0
            cur["msgstr"] = [cur["msgstr"].get(i, "") for i in range(n)]
            entries.append(cur)
        cur = None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        try:
            if not line:
                flush()
                field = None
            elif line.startswith("#~"):
                continue
            elif line.startswith("#"):
                if cur is not None and "msgid" in cur and field is not None:
                    flush()
                cur = cur or {"flags": set(), "refs": [], "msgstr": {}}
                if line.startswith("#,"):
                    cur["flags"] |= {f.strip() for f in line[2:].split(",") if f.strip()}
                elif line.startswith("#:"):
                    cur["refs"] += line[2:].split()
            elif line.startswith("msgctxt"):
                raise ValueError("msgctxt is not used by tmdesktop")
            elif line.startswith("msgid_plural"):
                cur["msgid_plural"] = _unquote(line[12:])
                field = ("msgid_plural",)
            elif line.startswith("msgid"):
                if cur is not None and "msgid" in cur:
                    flush()
                cur = cur or {"flags": set(), "refs": [], "msgstr": {}}
                cur["msgid"] = _unquote(line[5:])
                field = ("msgid",)
            elif line.startswith("msgstr["):
                idx = int(line[7:line.index("]")])
                cur["msgstr"][idx] = _unquote(line[line.index("]") + 1:])
                field = ("msgstr", idx)
            elif line.startswith("msgstr"):
                cur["msgstr"][0] = _unquote(line[6:])
                field = ("msgstr", 0)
            elif line.startswith('"'):
                if field is None or cur is None:
                    raise ValueError("continuation line outside an entry")
                if field[0] == "msgstr":
                    cur["msgstr"][field[1]] += _unquote(line)
                else:
                    cur[field[0]] += _unquote(line)
            else:
                raise ValueError("unexpected line")
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"line {no}: {exc}") from None
    flush()
    return entries


def catalogue_from_po(text: str) -> Catalogue:
    messages: dict = {}
    for e in parse_po(text):
        if not e["msgid"] or "fuzzy" in e["flags"]:
            continue  # the header, or a guess nobody checked
        if "msgid_plural" in e:
            messages[(e["msgid"], e["msgid_plural"])] = e["msgstr"]
        elif e["msgstr"] and e["msgstr"][0]:
            messages[e["msgid"]] = e["msgstr"][0]
    return Catalogue(messages)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalogue(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    po = po_path(lang)
    if po.is_file():
        try:
            return catalogue_from_po(po.read_text("utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            pass  # a broken catalogue must not stop the game: try the compiled one, then English
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
