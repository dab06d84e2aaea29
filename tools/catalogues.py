"""The translation catalogues' sources for Babel, and the check that they are complete.

`babel.cfg` names the extractors below for the messages that are not `_()` calls: the values of
module-level constants (dictionaries or tuples of words translated where they are shown), the
faction names of the game data and the Rules screen's pages.  `make i18n` runs pybabel (extract, update,
compile) and then `python tools/catalogues.py check`, which lists every message that is missing,
untranslated, fuzzy, stale or has other placeholders than the English (exit 1 if any);
`tests/test_i18n.py` runs the same check.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "tmdesktop" / "locale"
DOMAIN = "tmdesktop"
TRANSLATED = ("es", "it")
#: The same keywords as the Makefile's `pybabel extract` (`N_` marks a word translated later).
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
#: A faction's name with its article, alone and after a preposition (Italian contracts them: "dalle
#: Streghe", "degli Oscuri"); each is a message per faction (`describe.the_faction` ...).
FACTION_PHRASES = ("the {}", "from the {}", "of the {}", "by the {}", "to the {}")
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[:!][^}]*)?\}")


# ---------------------------------------------------------------------- Babel extractors


def extract_constants(fileobj, keywords, comment_tags, options):
    """A Python module's `_()` calls, plus the string values of the module-level constants named
    in the `constants` option (space-separated), which hold words the module translates later."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    names = set(options.get("constants", "").split())
    fileobj.seek(0)
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names
                                                     for t in node.targets)):
            continue
        value = node.value
        items = value.values if isinstance(value, ast.Dict) else getattr(value, "elts", [])
        for item in items:
            if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value:
                yield item.lineno, None, item.value, []


def extract_faction_names(fileobj, keywords, comment_tags, options):
    """The factions' display names in the game data (passed to `_()` as variables), and each with
    its article, alone and after "from", "of", "by" and "to" (`describe.the_faction` and its siblings)."""
    data = json.load(fileobj)
    for faction in data["factions"].values():
        yield 1, None, faction["display"], []
        for words in FACTION_PHRASES:
            yield 1, None, words.format(faction["display"]), []


def extract_rule_pages(fileobj, keywords, comment_tags, options):
    """A Rules screen page (`tmdesktop/teaching/rulebook/*.txt`): its title and each paragraph."""
    from tmdesktop.teaching.rulebook import parse

    page = parse(fileobj.read().decode("utf-8"))
    yield 1, None, page.title, []
    for block in page.blocks:
        yield block.line, None, block.msgid, []


# ---------------------------------------------------------------------- the check


def source_messages() -> dict:
    """msgid (or (singular, plural)) -> first "file:line", extracted as `make i18n` does."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    sys.path.insert(0, str(ROOT))  # babel.cfg names the extractors above as tools.catalogues:...
    with open(ROOT / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found: dict = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(ROOT / "tmdesktop"), method_map, options_map, keywords=KEYWORDS):
        found.setdefault(message, f"tmdesktop/{filename}:{lineno}")
    return found


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str):
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def placeholders(s: str) -> set[str]:
    return set(PLACEHOLDER.findall(s))


def _key(msg) -> str:
    return msg[0] if isinstance(msg, tuple) else msg


def problems(lang: str, messages: dict | None = None) -> list[str]:
    """Everything wrong with one language's catalogue, as readable lines (empty: all good)."""
    messages = source_messages() if messages is None else messages
    if not po_path(lang).is_file():
        return [f"{lang}: {po_path(lang).relative_to(ROOT)} is missing"]
    catalogue = read_catalogue(lang)
    out = []
    for msg, ref in messages.items():
        entry = catalogue.get(_key(msg))
        if entry is None or (tuple(entry.id) if entry.pluralizable else entry.id) != msg:
            out.append(f"{lang}: missing {_key(msg)!r} ({ref})")
            continue
        if entry.fuzzy:
            out.append(f"{lang}: fuzzy {_key(msg)!r}")
        strs = list(entry.string) if isinstance(entry.string, (tuple, list)) else [entry.string]
        if not all(strs):
            out.append(f"{lang}: untranslated {_key(msg)!r} ({ref})")
            continue
        want = placeholders(_key(msg))
        for s in strs:
            if placeholders(s) != want:
                out.append(f"{lang}: placeholders differ in {_key(msg)!r}: {sorted(placeholders(s))} != {sorted(want)}")
    for entry in catalogue:
        if entry.id and entry.id not in messages:
            out.append(f"{lang}: stale {_key(entry.id)!r} (no longer in the source)")
    return out


def main(argv: list[str]) -> int:
    if argv[:1] != ["check"]:
        print(__doc__)
        return 2
    messages = source_messages()
    bad = [line for lang in TRANSLATED for line in problems(lang, messages)]
    print("\n".join(bad) or f"all {len(messages)} messages translated in {', '.join(TRANSLATED)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
