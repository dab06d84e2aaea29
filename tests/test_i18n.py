"""Translations: every message of the source is translated in Spanish and Italian, none is stale,
placeholders match, the compiled catalogues say what the .po files say, and the language switches
at run time without a restart."""

from __future__ import annotations

import gettext
import importlib.util
import io
from pathlib import Path

import pytest
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tmdesktop import i18n

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("tmdesktop_catalogues", ROOT / "tools" / "catalogues.py")
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
    return tool.source_messages()


def test_constants_extractor_finds_calls_and_the_named_constants():
    src = io.BytesIO(
        b"from tmdesktop.i18n import _, N_, ngettext\n"
        b"a = _('One')\nb = N_(\"Two {n}\")\nc = ngettext('{n} spade', '{n} spades', 3)\n"
        b"d = _(variable)\nNAMES = {'x': 'Three', 'y': 4}\nKEYS = ('four', 'five')\nOTHER = ('six',)\n")
    found = [m for _line, m, _comments, _context in
             extract(tool.extract_constants, src, tool.KEYWORDS, options={"constants": "NAMES KEYS"})]
    assert sorted(map(str, found)) == sorted(map(str, ["One", "Two {n}", ("{n} spade", "{n} spades"), "Three",
                                                       "four", "five"]))


def test_engine_and_app_messages_are_extracted(messages):
    assert "There is nothing to undo." in messages  # engine (rules/engine.py)
    assert "Build" in messages  # a button label marked with N_()
    assert "Witches" in messages  # faction names come from the game data
    assert "2 workers" in messages  # describe.py's data dictionaries


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_catalogue_is_complete_and_current(lang, messages):
    """Fails on any message that is missing, untranslated, fuzzy, stale or has other placeholders.

    After changing strings: `make i18n`, translate the new entries, `make i18n` again.
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


#: An article fixed before a faction's name: right for some factions only (Italian "i Oscuri" for
#: "gli Oscuri", "i Streghe" for "le Streghe"; Spanish "los Brujas" for "las Brujas").
ARTICLE_BEFORE_FACTION = {
    "it": r"\b(i|gli|le|il|lo|la|dei|degli|delle|dai|dagli|dalle|ai|agli|alle|coi|sui)\s+\{(faction|source|other)\}",
    "es": r"\b(el|los|las|del|al)\s+\{(faction|source|other)\}",
}


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_no_article_is_fixed_before_a_faction_s_name(lang, messages):
    """Found in a review: "Abbandona la partita: i Oscuri si ritirano". A faction's name stands
    alone, as a proper name, or after "la fazione"/"la facción"."""
    import re

    i18n.set_language(lang)
    pattern = re.compile(ARTICLE_BEFORE_FACTION[lang], re.IGNORECASE)
    wrong = [i18n._(msg) for msg in messages if not isinstance(msg, tuple) and pattern.search(i18n._(msg))]
    assert not wrong, wrong


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


def test_babel_compiled_plurals_pick_the_right_form(tmp_path, monkeypatch):
    """A catalogue compiled by Babel carries its Plural-Forms: ngettext follows them."""
    po = ('msgid ""\nmsgstr "Language: es\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
          'msgid "{n} spade"\nmsgid_plural "{n} spades"\nmsgstr[0] "{n} pala"\nmsgstr[1] "{n} palas"\n\n'
          '#, fuzzy\nmsgid "Guess"\nmsgstr "Adivina"\n')
    mo = tmp_path / "es" / "LC_MESSAGES" / "tmdesktop.mo"
    mo.parent.mkdir(parents=True)
    with mo.open("wb") as fh:
        write_mo(fh, read_po(io.StringIO(po), locale="es"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("es")
    assert i18n.ngettext("{n} spade", "{n} spades", 1) == "{n} pala"
    assert i18n.ngettext("{n} spade", "{n} spades", 3) == "{n} palas"
    assert i18n._("Guess") == "Guess"  # a fuzzy guess is not compiled


@pytest.mark.parametrize("content", [None, b"not a catalogue", b"\xde\x12\x04\x95" + b"\0" * 8])
def test_missing_or_broken_catalogue_plays_in_english_and_says_why(content, tmp_path, monkeypatch, capsys):
    if content is not None:
        mo = tmp_path / "it" / "LC_MESSAGES" / "tmdesktop.mo"
        mo.parent.mkdir(parents=True)
        mo.write_bytes(content)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("it")
    assert i18n.language() == "it"
    assert i18n._("There is nothing to undo.") == "There is nothing to undo."
    err = capsys.readouterr().err
    assert "no it translations" in err
    assert ("make" in err) == (content is None)


@pytest.mark.parametrize("lang", tool.TRANSLATED)
def test_compiled_catalogue_matches_the_po(lang):
    """The .mo the game reads (built by `make`) says what the .po in git says."""
    assert i18n.mo_path(lang).is_file(), "run: make mo"
    with i18n.mo_path(lang).open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    catalogue = tool.read_catalogue(lang)
    checked = 0
    for entry in catalogue:
        if entry.id and not entry.pluralizable and entry.string and not entry.fuzzy:
            assert compiled.gettext(entry.id) == entry.string, "run: make mo"
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("lang, three, two", [("en", "Ana, Bo and Cy", "Ana and Bo"),
                                              ("es", "Ana, Bo y Cy", "Ana y Bo"), ("it", "Ana, Bo e Cy", "Ana e Bo")])
def test_lists_are_joined_in_the_language_not_with_an_ampersand(lang, three, two):
    """A tie's winners read "Jugador 1 · Brujas & Jugador 4 · Sirenas" in Spanish."""
    from tmdesktop.app.describe import and_list

    try:
        i18n.set_language(lang)
        assert and_list(["Ana", "Bo", "Cy"]) == three
        assert and_list(["Ana", "Bo"]) == two
        assert and_list(["Ana"]) == "Ana"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, expected", [
    ("en", ("Take power from the Witches", "Take power from the Nomads", "Take power from the Alchemists")),
    ("it", ("Prendi Potere dalle Streghe", "Prendi Potere dai Nomadi", "Prendi Potere dagli Alchimisti")),
    ("es", ("Ganar poder de las Brujas", "Ganar poder de los Nómadas", "Ganar poder de los Alquimistas")),
])
def test_power_from_a_faction_reads_with_the_factions_own_article(lang, expected):
    """Found in a play-test: the Italian hint 'Prendi Potere da Streghe' (no article; 'dalle
    Streghe'), Spanish 'de Brujas'. The words around a faction's name come with the faction."""
    from tmdesktop.app import describe
    from tmdesktop.rules import actions as A
    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import GameSetup

    game = Game(GameSetup.random(players=3, seed=4, factions=("witches", "nomads", "alchemists")))
    i18n.set_language(lang)
    said = tuple(describe.action(game, A.Leech(2, f)) for f in ("witches", "nomads", "alchemists"))
    assert said == expected


#: The article of each gender, and Italian's contractions of "da" (from, by) and "di" (of) with it.
ARTICLES = {"it": {"i ": ("dai ", "dei ", "ai "), "gli ": ("dagli ", "degli ", "agli "), "le ": ("dalle ", "delle ", "alle ")},
            "es": {"los ": ("de los ", "de los ", "a los "), "las ": ("de las ", "de las ", "a las ")}}
BY = {"it": None, "es": {"los ": "por los ", "las ": "por las "}}  # Italian: "da" as for "from"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_every_faction_has_its_article_and_its_from_of_by_and_to(lang):
    """Each faction's 'the X', 'from the X', 'of the X', 'by the X' and 'to the X': an article of the
    language, then the name as the catalogue names the faction; Italian contracts 'da', 'di' and 'a'
    with the article (dai, dagli, dalle; dei, degli, delle; ai, agli, alle)."""
    from tmdesktop.app import describe
    from tmdesktop.rules.data import ALL_FACTIONS, faction

    i18n.set_language(lang)
    for key in ALL_FACTIONS:
        name = i18n._(faction(key).display)
        the = describe.the_faction(key)
        article = the[: -len(name)]
        assert the.endswith(name) and article in ARTICLES[lang], (key, the)
        from_, of, to = ARTICLES[lang][article]
        by = BY[lang][article] if BY[lang] else from_
        assert describe.from_faction(key) == from_ + name, key
        assert describe.of_faction(key) == of + name, key
        assert describe.by_faction(key) == by + name, key
        assert describe.to_faction(key) == to + name, key


@pytest.mark.parametrize("lang, expected", [
    ("en", ("The Darklings built next to you.", "Income of the Witches", "Undo the last move of the Nomads?")),
    ("it", ("Gli Oscuri hanno costruito accanto a te.", "Entrate delle Streghe", "Annullare l'ultima mossa dei Nomadi?")),
    ("es", ("Los Moradores de la oscuridad han construido a tu lado.", "Ingresos de las Brujas",
            "¿Deshacer el último movimiento de los Nómadas?")),
])
def test_a_faction_after_a_preposition_or_opening_a_sentence_reads_with_its_article(lang, expected):
    """'Nuovo edificio di Oscuri', 'Entrate di Streghe': the name alone after 'di' and 'da'. The
    power offer's note, a panel's rule card and the undo question name the faction with its article."""
    from tmdesktop.app import describe

    i18n.set_language(lang)
    said = (describe.capitalised(i18n._("{the_source} built next to you.").format(
                the_source=describe.the_faction("darklings"))),
            i18n._("Income {of_faction}").format(of_faction=describe.of_faction("witches")),
            i18n._("Undo the last move {of_faction}?").format(of_faction=describe.of_faction("nomads")))
    assert said == expected


@pytest.mark.parametrize("lang, upgrade, favor", [
    ("en", "Upgrade F6 to a temple", "Each dwelling you build: +2 VP"),
    ("es", "Mejorar F6 a templo", "Cada morada que construyas: +2 PV"),
    ("it", "Migliora F6 in Tempio", "Ogni Casa che costruisci: +2 PV"),
])
def test_a_building_inside_a_sentence_keeps_the_rulebook_s_capital_in_italian(lang, upgrade, favor):
    """'Migliora F6 in tempio': the code lower-cased building names for English and Spanish
    sentences, and Italian lost the rulebook's capital (Casa, Tempio, Fortezza)."""
    from tmdesktop.app import describe, tile_texts
    from tmdesktop.rules import actions as A

    try:
        i18n.set_language(lang)
        assert describe.action(None, A.Upgrade("F6", "TE")) == upgrade
        assert favor in tile_texts.explain("FAV11")
    finally:
        i18n.set_language("en")
