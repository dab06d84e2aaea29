"""The translations name each game concept with its rulebook's word, and only that one: the
Italian rulebook says Polla for a power bowl, Vanga for a spade, Tracciato di
Trasformazione for the digging track, Casa, Emporio, Tempio, Fortezza, Santuario, Tessera Favore,
Tessera Città, Tessera Bonus, Sacerdote, Navigazione, Azioni Potere, Terreno Patrio, Tabellone
Fazione, entrate; the Spanish one says
cuenco, pala, escala de canje, morada, puesto de comercio, templo, fortaleza, santuario, loseta
de favor, loseta de ciudad, loseta de bonificación, sacerdote, navegación, acciones de poder,
escala de culto, terreno nativo, casilla (a hex), estructura (any building), convertir and
conversión.  Each list below
holds the other words a translation drifted to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]

#: concept -> words the rulebook does not use for it (case-sensitive where the rulebook's
#: capital is part of the term)
OTHER_WORDS = {
    "it": {
        "power bowl": [r"(?i)\bciotol[ae]\b", r"\bpoll[ae]\b"],
        "spade": [r"(?i)\bpal[ae]\b", r"\bvang(a|he)\b"],
        "digging track": [r"(?i)tracciato della trasformazione", r"(?i)\bscavo\b", r"(?i)\bgallerie\b"],
        "shipping": [r"(?i)\bspedizion[ei]\b", r"\bnavigazione\b"],
        "dwelling": [r"(?i)\babitazion[ei]\b", r"(?i)\bdimor[ae]\b"],
        "trading house": [r"(?i)\bcas[ae] commercial[ei]\b", r"(?i)\bmercat[oi]\b"],
        "stronghold": [r"(?i)\broccafort[ei]\b", r"\bfortezz[ae]\b"],
        "sanctuary": [r"\bsantuari[o]\b"],
        "priest": [r"(?i)\bpret[ei]\b", r"\bsacerdot[ei]\b"],
        "power action": [r"\bazion[ei] Potere\b"],
        "scoring tile": [r"\b[Tt]esser[ae] punteggio\b"],
        "bridge": [r"\bpont[ei]\b"],
        "power": [r"\bpotere\b"],
        "home terrain": [r"(?i)\bterreno (natale|d'origine|iniziale)\b"],
        "faction board": [r"(?i)\bplanci[ae]\b"],
        "income": [r"(?i)\brendit[ae]\b"],
        "cult tracks": [r"Tracciati del Culto"],
        "burning power": [r"(?i)\bbruci"],  # the rulebook sacrifices power (001: "sacrificare Potere")
    },
    "es": {
        "power bowl": [r"(?i)\btaz[oó]n(es)?\b", r"(?i)\bzonas? de poder\b"],
        "digging track": [r"(?i)marcador de palas", r"(?i)canje de palas", r"(?i)nivel de palas", r"(?i)excavaci[oó]n",
                          r"^Palas$"],
        "dwelling": [r"(?i)\bviviendas?\b"],
        "trading house": [r"(?i)\bcasas? de comercio\b", r"(?i)\bcasas? comercial(es)?\b"],
        "stronghold": [r"(?i)\bbaluartes?\b"],
        "cult track": [r"(?i)\bpistas? de culto\b"],
        "shipping": [r"(?i)\btransporte\b"],
        "bonus tile": [r"(?i)\blosetas? de bono\b"],
        "home terrain": [r"(?i)\bterreno (natal|inicial)\b"],
        "hex": [r"(?i)\bhex[aá]gonos?\b"],
        "building": [r"(?i)\bedificios?\b"],
        # the rulebook converts ("CONVERSIONES", "Convierte 1 trabajador en 1 moneda"); its
        # "canje" is the digging track's (play-test: the Convert button said "Canjear" beside it)
        "conversion": [r"(?i)\bcanje(a|ar|as|s)\b", r"(?i)(?<!escala de )\bcanje\b"],
    },
}


def translations(lang: str) -> list[tuple[str, str]]:
    with open(ROOT / "tmdesktop" / "locale" / lang / "LC_MESSAGES" / "tmdesktop.po", "rb") as f:
        catalogue = read_po(f)
    out = []
    for m in catalogue:
        if m.id:
            for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                out.append((m.id if isinstance(m.id, str) else m.id[0], text))
    return out


@pytest.mark.parametrize("lang", sorted(OTHER_WORDS))
def test_one_rulebook_word_per_concept(lang):
    drifted = [f"{concept}: {pattern!r} in {text!r}"
               for msgid, text in translations(lang)
               for concept, patterns in OTHER_WORDS[lang].items()
               for pattern in patterns if re.search(pattern, text)]
    assert not drifted, "\n".join(drifted[:20])


@pytest.mark.parametrize("text", ["Pulsa el hexágono vecino", "Hexágonos libres", "junto a un edificio",
                                  "Edificios"])
def test_a_spanish_hexagono_or_edificio_counts_as_drift(text):
    assert any(re.search(p, text) for p in OTHER_WORDS["es"]["hex"] + OTHER_WORDS["es"]["building"])


@pytest.mark.parametrize("lang, msgid, word", [
    ("it", "Digging", "Trasformazione"), ("es", "Digging", "Escala de canje"),
    ("it", "Shipping", "Navigazione"), ("es", "Shipping", "Navegación"),
    ("it", "Convert", "Converti"), ("es", "Convert", "Convertir"),
])
def test_the_track_buttons_say_the_rulebooks_word(lang, msgid, word):
    assert dict(translations(lang))[msgid] == word


def test_the_italian_bowls_are_polle_as_in_the_rulebook():
    texts = [t for _i, t in translations("it")]
    assert sum("Polla" in t or "Polle" in t for t in texts) >= 30


#: English words with "round" that are no game round.
NOT_A_ROUND = re.compile(r"(?i)round and round|other way round|goes round")


def test_italian_names_a_round_turno_with_its_capital_and_a_players_turn_turno():
    """Play-test: Italian said 'turno' for a round and for a player's turn alike, and 'round' here
    and there. The Italian rulebook (001) calls the round 'Turno' ('Turno 1', 'Fine del Turno',
    'Ogni Turno è scandito dalle stesse 3 Fasi') and the player's turn 'il tuo turno': a message
    about rounds says 'Turno', one about a player's turn 'turno', never 'round'."""
    wrong = []
    for msgid, text in translations("it"):
        en = NOT_A_ROUND.sub("", msgid)
        rounds, turns = re.search(r"(?i)\brounds?\b", en), re.search(r"(?i)\bturns?\b", en)
        if re.search(r"(?i)\bround\b", text):
            wrong.append(f"round: {text!r}")
        elif rounds and not turns and re.search(r"\bturn[oi]\b", text):
            wrong.append(f"a round in lower case: {text!r}")
        elif turns and not rounds and re.search(r"(?<!^)\bTurn[oi]\b", text):
            wrong.append(f"a player's turn with a capital: {text!r}")
    assert not wrong, "\n".join(wrong[:20])
