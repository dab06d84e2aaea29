"""Translations: every message of the source is translated in Spanish and Italian, none is stale,
placeholders match, and the language switches at run time without a restart."""

from __future__ import annotations

import gettext
import importlib.util
from pathlib import Path

import pytest

from tmdesktop import i18n

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("tmdesktop_i18n_tool", ROOT / "tools" / "i18n.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tool = _tool()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def messages():
    return tool.extract()


def test_extractor_finds_calls_of_every_kind(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "from tmdesktop.i18n import _, N_, ngettext\n"
        "a = _('One')\nb = N_(\"Two {n}\")\nc = ngettext('{n} spade', '{n} spades', 3)\n"
        "d = _(variable)\ne = f(_('Three'))\n", "utf-8")
    found = [m for m, _ref in tool.extract_file(src, "m.py")]
    assert sorted(map(str, found)) == sorted(map(str, ["One", "Two {n}", ("{n} spade", "{n} spades"), "Three"]))


def test_engine_and_app_messages_are_extracted(messages):
    assert "There is nothing to undo." in messages  # engine (rules/engine.py)
    assert "Build" in messages  # a button label marked with N_()
    assert "Witches" in messages  # faction names come from the game data
    assert "2 workers" in messages  # describe.py's data dictionaries


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_catalogue_is_complete_and_current(lang, messages):
    """Fails on any message that is missing, untranslated, fuzzy, stale or has other placeholders.

    After changing strings: `python tools/i18n.py update`, translate, `python tools/i18n.py check`.
    """
    bad = tool.problems(lang, messages)
    assert not bad, "\n".join(bad[:40]) + (f"\n... and {len(bad) - 40} more" if len(bad) > 40 else "")


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_translations_format_like_the_english(lang, messages):
    i18n.set_language(lang)
    for msg in messages:
        if isinstance(msg, tuple):
            continue
        names = tool.placeholders(msg)
        if not names:
            continue
        values = dict.fromkeys(names, "X")
        assert i18n._(msg).format(**values)  # no KeyError, no stray braces


def test_rulebook_vocabulary():
    i18n.set_language("es")
    assert i18n._("Witches") == "Brujas"
    assert i18n._("Darklings") == "Moradores de la oscuridad"
    assert i18n._("Dwelling") == "Morada"
    assert i18n._("Trading house") == "Puesto de comercio"
    assert i18n._("wasteland") == "erial"
    i18n.set_language("it")
    assert i18n._("Auren") == "Incantatrici"
    assert i18n._("Swarmlings") == "Sciamanti"
    assert i18n._("Trading house") == "Emporio"
    assert i18n._("Stronghold") == "Fortezza"


def test_language_switches_without_restart_and_notifies():
    seen = []
    i18n.on_change(seen.append)
    try:
        i18n.set_language("es")
        assert i18n._("There is nothing to undo.") == "No hay nada que deshacer."
        i18n.set_language("it")
        assert i18n._("There is nothing to undo.") == "Non c'è nulla da annullare."
        i18n.set_language("xx")  # unknown: English
        assert i18n._("There is nothing to undo.") == "There is nothing to undo."
        assert seen == ["es", "it", "en"]
    finally:
        i18n._listeners.remove(seen.append)


def test_engine_errors_are_translated():
    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.errors import RuleError
    from tmdesktop.rules.setup import GameSetup

    from tmdesktop.refusals import message

    game = Game(GameSetup.random(2, seed=3, factions=("witches", "nomads")))
    i18n.set_language("es")
    with pytest.raises(RuleError) as err:
        game.undo(len(game.log) + 5)
    assert err.value.code == "nothing_to_undo"
    assert message(err.value) == "No hay nada que deshacer."


def test_untranslated_message_falls_back_to_english():
    i18n.set_language("es")
    assert i18n._("a message nobody wrote") == "a message nobody wrote"
    assert i18n.ngettext("{n} thing", "{n} things", 2) == "{n} things"


def test_po_parser_escapes_and_plurals():
    text = ('msgid ""\nmsgstr "Language: es\\n"\n\n'
            '#, fuzzy\nmsgid "Guess"\nmsgstr "Adivina"\n\n'
            'msgid "Say \\"hi\\"\\n"\n"again"\nmsgstr "Di \\"hola\\"\\n"\n"otra vez"\n\n'
            'msgid "{n} spade"\nmsgid_plural "{n} spades"\nmsgstr[0] "{n} pala"\nmsgstr[1] "{n} palas"\n\n'
            '#~ msgid "Old"\n#~ msgstr "Viejo"\n')
    cat = i18n.catalogue_from_po(text)
    assert cat.gettext('Say "hi"\nagain') == 'Di "hola"\notra vez'
    assert cat.gettext("Guess") == "Guess"  # fuzzy entries are not used
    assert cat.gettext("Old") == "Old"
    assert cat.ngettext("{n} spade", "{n} spades", 1) == "{n} pala"
    assert cat.ngettext("{n} spade", "{n} spades", 3) == "{n} palas"


def test_broken_po_is_reported():
    with pytest.raises(ValueError, match="line 2"):
        i18n.parse_po('msgid "a"\nmsgstr unquoted\n')


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_compiled_mo_matches_the_po(lang, tmp_path):
    mo = tmp_path / "tmdesktop.mo"
    n = tool.compile_mo(tool.po_path(lang), mo)
    assert n > 200
    with mo.open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    from_po = i18n.catalogue_from_po(tool.po_path(lang).read_text("utf-8"))
    for msg, text in from_po.messages.items():
        if isinstance(msg, str):
            assert compiled.gettext(msg) == text


def test_pot_is_current(messages):
    """The template in git lists exactly the messages of the source."""
    from tmdesktop.i18n import parse_po

    pot = {e["msgid"] for e in parse_po(tool.POT.read_text("utf-8")) if e["msgid"]}
    assert pot == {m[0] if isinstance(m, tuple) else m for m in messages}, "run: python tools/i18n.py update"
