"""The one sanitiser for text that came from outside the program (files, error messages quoting them).

Files may hold anything: NUL and other control characters, lone surrogates (which cannot even be
encoded as UTF-8), byte-order marks and direction overrides (invisible, but they reorder what is
drawn around them), absurdly long strings.  `clean` turns any value into a short string that the
font renderer draws and that can be written back to a UTF-8 file.  Pure Python: the engine's and
the saves' messages use it as well as the app's text drawing.
"""

from __future__ import annotations

import unicodedata

#: Categories dropped: controls, format characters (BOM, direction marks), surrogates, private use,
#: unassigned code points.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_KEPT_CONTROLS = "\n"  # line breaks are meaningful in wrapped messages
ELLIPSIS = "…"


def clean(value: object, limit: int = 200, newlines: bool = True) -> str:
    """`value` as printable text of at most `limit` characters (longer text ends with `…`).

    Tabs and other whitespace controls become spaces; `newlines=False` turns line breaks into
    spaces too (one-line labels).
    """
    s = value if isinstance(value, str) else str(value)
    cut = len(s) > 4 * limit
    if cut:  # no need to look at a megabyte to print 200 characters of it
        s = s[: 4 * limit]
    out = []
    for ch in s:
        if ch in _KEPT_CONTROLS and newlines:
            out.append(ch)
        elif ch.isspace():
            out.append(" ")
        elif ch.isascii() and ch.isprintable():
            out.append(ch)
        elif unicodedata.category(ch) not in _DROPPED:
            out.append(ch)
    text = "".join(out)
    if len(text) > limit or cut:
        text = text[: max(0, limit - 1)] + ELLIPSIS
    return text


def is_clean(value: str, limit: int) -> bool:
    """True when `clean` would leave `value` as it is (for validating names read from files)."""
    return clean(value, limit, newlines=False) == value
