"""Translation catalogues without Babel: extract, update, check and compile.

    python tools/i18n.py extract   # write tmdesktop/locale/tmdesktop.pot from the source
    python tools/i18n.py update    # merge the .pot into every .po (new messages empty, stale ones dropped)
    python tools/i18n.py check     # list untranslated, stale and badly formatted messages; exit 1 if any
    python tools/i18n.py compile   # .po -> .mo (optional: the app reads the .po files directly)

Messages are the string literals in `_()`, `N_()` and `ngettext()` calls anywhere under
`tmdesktop/`, found with the `ast` module, plus the few that only exist as data (faction names
from the game data, terrain keys, and the dictionaries listed in `DATA_DICTS` whose values are
translated where they are shown).
"""

from __future__ import annotations

import ast
import json
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tmdesktop"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "tmdesktop.pot"
TRANSLATED = ("es", "it")
HEADERS = {
    "es": "Language: es\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
    "it": "Language: it\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
}
#: Module-level dictionaries whose *values* are message ids translated at the place they are shown
#: (they are not wrapped in N_() in their module).
DATA_DICTS = {
    "tmdesktop/app/describe.py": ("POWER_ACTION_NAMES", "SPECIAL_ACTION_NAMES", "RESOURCE_NAMES"),
}
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[:!][^}]*)?\}")

sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------------- extraction


def _literal(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _func_name(node: ast.Call) -> str:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


def extract_file(path: Path, rel: str) -> list[tuple[str | tuple[str, str], str]]:
    """(message, "file:line") for every marked string in one Python file."""
    tree = ast.parse(path.read_text("utf-8"), filename=rel)
    out: list = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _func_name(node)
            if name in ("_", "N_", "gettext") and node.args:
                s = _literal(node.args[0])
                if s:
                    out.append((s, f"{rel}:{node.lineno}"))
            elif name == "ngettext" and len(node.args) >= 2:
                one, many = _literal(node.args[0]), _literal(node.args[1])
                if one and many:
                    out.append(((one, many), f"{rel}:{node.lineno}"))
        elif isinstance(node, ast.Assign) and rel in DATA_DICTS:
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(t in DATA_DICTS[rel] for t in targets) and isinstance(node.value, ast.Dict):
                for v in node.value.values:
                    s = _literal(v)
                    if s:
                        out.append((s, f"{rel}:{v.lineno}"))
    return out


def data_messages() -> list[tuple[str, str]]:
    """Words that come from the game data and are passed to _() as variables."""
    from tmdesktop.rules.maps import TERRAINS

    data = json.loads((PACKAGE / "rules" / "data" / "game_data.json").read_text("utf-8"))
    out = [(f["display"], "tmdesktop/rules/data/game_data.json") for f in data["factions"].values()]
    out += [(t, "tmdesktop/rules/maps.py") for t in TERRAINS]  # the engine's _(terrain key)
    return out


def extract() -> dict:
    """message -> sorted list of references, over the whole package."""
    found: dict = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for msg, ref in extract_file(path, rel):
            found.setdefault(msg, []).append(ref)
    for msg, ref in data_messages():
        found.setdefault(msg, []).append(ref)
    return found


# ---------------------------------------------------------------------- .po files


def quote(s: str) -> str:
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{s}"'


def _entry(msg, refs, strs=None, flags=()) -> str:
    lines = []
    if refs:
        refs = sorted(set(refs))
        line = "#:"
        for r in refs:
            if len(line) + len(r) > 78 and line != "#:":
                lines.append(line)
                line = "#:"
            line += " " + r
        lines.append(line)
    if flags:
        lines.append("#, " + ", ".join(sorted(flags)))
    if isinstance(msg, tuple):
        lines.append("msgid " + quote(msg[0]))
        lines.append("msgid_plural " + quote(msg[1]))
        strs = strs or ["", ""]
        for i, s in enumerate(strs):
            lines.append(f"msgstr[{i}] " + quote(s))
    else:
        lines.append("msgid " + quote(msg))
        lines.append("msgstr " + quote((strs or [""])[0]))
    return "\n".join(lines)


def _ref_key(ref: str) -> tuple:
    path, _sep, line = ref.partition(":")
    return (path, int(line) if line.isdigit() else 0)


def _key(msg) -> str:
    return msg[0] if isinstance(msg, tuple) else msg


def write_catalogue(path: Path, header: str, messages: dict, translations: dict | None = None) -> None:
    head = ("Project-Id-Version: tmdesktop\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n" + header)
    parts = ['msgid ""\nmsgstr ' + quote(head)]
    for msg in sorted(messages, key=lambda m: (_ref_key(messages[m][0]), _key(m))):
        t = (translations or {}).get(msg)
        strs, flags = (t if t else (None, ()))
        parts.append(_entry(msg, messages[msg], strs, flags))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(parts) + "\n", "utf-8")


def read_po(path: Path) -> dict:
    """message -> (msgstr list, flags) of an existing .po (the header left out)."""
    from tmdesktop.i18n import parse_po

    out = {}
    for e in parse_po(path.read_text("utf-8")):
        if not e["msgid"]:
            continue
        msg = (e["msgid"], e["msgid_plural"]) if "msgid_plural" in e else e["msgid"]
        out[msg] = (e["msgstr"], tuple(sorted(e["flags"] - {"python-format", "python-brace-format"})))
    return out


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "tmdesktop.po"


def update() -> None:
    messages = extract()
    write_catalogue(POT, "", messages)
    for lang in TRANSLATED:
        path = po_path(lang)
        old = read_po(path) if path.exists() else {}
        write_catalogue(path, HEADERS[lang], messages, old)
        new = sum(1 for m in messages if not (old.get(m) and all(old[m][0])))
        dropped = sum(1 for m in old if m not in messages)
        print(f"{path.relative_to(ROOT)}: {len(messages)} messages, {new} to translate, {dropped} stale dropped")


# ---------------------------------------------------------------------- checking


def placeholders(s: str) -> set[str]:
    return set(PLACEHOLDER.findall(s))


def problems(lang: str, messages: dict | None = None) -> list[str]:
    """Everything wrong with one language's catalogue, as readable lines (empty: all good)."""
    messages = extract() if messages is None else messages
    path = po_path(lang)
    if not path.exists():
        return [f"{lang}: {path.relative_to(ROOT)} is missing"]
    po = read_po(path)
    out = []
    for msg in messages:
        if msg not in po:
            out.append(f"{lang}: missing {_key(msg)!r} ({messages[msg][0]})")
            continue
        strs, flags = po[msg]
        if "fuzzy" in flags:
            out.append(f"{lang}: fuzzy {_key(msg)!r}")
        if not strs or not all(strs):
            out.append(f"{lang}: untranslated {_key(msg)!r} ({messages[msg][0]})")
            continue
        want = placeholders(msg[0] if isinstance(msg, tuple) else msg)
        for s in strs:
            if placeholders(s) != want:
                out.append(f"{lang}: placeholders differ in {_key(msg)!r}: {sorted(placeholders(s))} != {sorted(want)}")
    for msg in po:
        if msg not in messages:
            out.append(f"{lang}: stale {_key(msg)!r} (no longer in the source)")
    return out


# ---------------------------------------------------------------------- .mo


def compile_mo(po: Path, mo: Path) -> int:
    """Write the GNU .mo file for `po`; returns the number of messages."""
    pairs = {}
    for msg, (strs, flags) in read_po(po).items():
        if "fuzzy" in flags or not strs or not all(strs):
            continue
        if isinstance(msg, tuple):
            pairs["\0".join(msg)] = "\0".join(strs)
        else:
            pairs[msg] = strs[0]
    header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
    pairs[""] = header
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), pairs[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    key_start = 7 * 4 + 16 * n
    val_start = key_start + len(ids)
    table = []
    for o1, l1, o2, l2 in offsets:
        table.append((l1, o1 + key_start, l2, o2 + val_start))
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    out += b"".join(struct.pack("ii", l, o) for l, o, _l2, _o2 in table)
    out += b"".join(struct.pack("ii", l2, o2) for _l, _o, l2, o2 in table)
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(out + ids + strs)
    return n - 1


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "extract":
        messages = extract()
        write_catalogue(POT, "", messages)
        print(f"{POT.relative_to(ROOT)}: {len(messages)} messages")
    elif cmd == "update":
        update()
    elif cmd == "check":
        messages = extract()
        bad = [line for lang in TRANSLATED for line in problems(lang, messages)]
        print("\n".join(bad) or f"all {len(messages)} messages translated in {', '.join(TRANSLATED)}")
        return 1 if bad else 0
    elif cmd == "compile":
        for lang in TRANSLATED:
            n = compile_mo(po_path(lang), po_path(lang).with_suffix(".mo"))
            print(f"{lang}: {n} messages compiled")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
