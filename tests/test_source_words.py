"""Every source the engine records has words of its own, in English, Spanish and Italian."""

import pytest

from tmdesktop import i18n
from tmdesktop.app.source_words import source_name, vp_from
from tmdesktop.rules import events as E
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.rules.random_play import random_game
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS
from tests.conftest import CORPUS

FIRE_ICE = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                                 "fire-and-ice-factions/variable_v5", "fire-and-ice-final-scoring"}


@pytest.fixture(scope="module")
def sources() -> set[E.Source]:
    out = set()
    games = [random_game(seed, players=4, options=FIRE_ICE) for seed in (1, 2, 3)]
    for path in sorted(CORPUS.glob("*.txt"))[:6]:
        games.append(replay_ledger(read_ledger(path.read_text(encoding="utf-8")))[0])
    for game in games:
        out |= {e.source for e in E.flatten(game.events) if isinstance(e, E.Gained)}
    return out


@pytest.mark.parametrize("lang, other", [("en", "Other"), ("es", "Otros"), ("it", "Altro")])
def test_every_recorded_source_is_worded(sources, lang, other):
    i18n.set_language(lang)
    try:
        kinds = {s.kind for s in sources}
        assert {E.START, E.ROUND_TILE, E.FAVOR, E.TOWN, E.LEECH, E.BONUS_PASS, E.CULT_MAJORITY,
                E.AREA, E.FINAL_TILE, E.RESOURCES} <= kinds
        for s in sources:
            words = source_name(s)
            assert words and words != other and "{" not in words, s
            if s.key and s.key.startswith(("FAV", "TW", "BON", "SCORE", "ACT")):
                assert s.key not in words, words  # the board shows no tile numbers
        line = vp_from(3, E.Source(E.ROUND_TILE, "SCORE2"))
        assert line.startswith("+3 ") and "{" not in line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, words", [
    ("en", ("+2 VP from round 3 scoring tile (dwelling)", "+2 VP from round 1 scoring tile (spades used)",
            "+5 VP from round scoring tile (towns founded)", "+4 VP from round scoring tile (temple)")),
    ("es", ("+2 PV por la loseta de puntuación de la ronda 3 (morada)",
            "+2 PV por la loseta de puntuación de la ronda 1 (palas usadas)",
            "+5 PV por la loseta de puntuación de ronda (ciudades fundadas)",
            "+4 PV por la loseta de puntuación de ronda (templo)")),
    ("it", ("+2 PV per la Tessera Punteggio del Turno 3 (Casa)",
            "+2 PV per la Tessera Punteggio del Turno 1 (Vanghe usate)",
            "+5 PV per la Tessera Punteggio del Turno (Città fondate)",
            "+4 PV per la Tessera Punteggio del Turno (Tempio)")),
])
def test_a_round_scoring_tile_is_named_by_what_it_pays_for_and_its_round(lang, words):
    """The board shows round tiles by round and picture, not by the notation's SCORE numbers;
    the round is told where the game is known (a hint names the tile of the round being played)."""
    rounds = {"SCORE1": 1, "SCORE3": 3}
    i18n.set_language(lang)
    try:
        got = tuple(vp_from(n, E.Source(E.ROUND_TILE, key), rounds)
                    for n, key in ((2, "SCORE3"), (2, "SCORE1"), (5, "SCORE2"), (4, "SCORE9")))
        assert got == words
    finally:
        i18n.set_language("en")


def test_italian_names_a_source_with_its_article_after_per():
    """"+3 PV da la Tessera…" is not Italian ("da" and "la" join as "dalla"): the sentence uses
    "per", which takes every source's article as it stands."""
    i18n.set_language("it")
    try:
        for source in (E.Source(E.ROUND_TILE, "SCORE2"), E.Source(E.FAVOR, "FAV11"), E.Source(E.LEECH, "witches")):
            line = vp_from(3, source)
            assert line.startswith("+3 PV per ") and " da la " not in line and " da il " not in line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, words", [
    ("en", ("+2 VP from bonus tile (income: 2 coins; when you pass: 1 VP per dwelling)",
            "Take the favor tile (at once: 1 step on Earth; each dwelling you build: +2 VP)",
            "Pass and take the bonus tile (income: 2 coins; action, once per round: 1 spade)",
            "+3 VP from favor tile (each dwelling you build: +2 VP)")),
    ("es", ("+2 PV por la loseta de bonificación (ingresos: 2 monedas; al pasar: 1 PV por cada morada)",
            "Coger la loseta de favor (al momento: 1 casilla en Tierra; cada morada que construyas: +2 PV)",
            "Pasar y coger la loseta de bonificación (ingresos: 2 monedas; acción, una vez por ronda: 1 pala)",
            "+3 PV por la loseta de favor (cada morada que construyas: +2 PV)")),
    ("it", ("+2 PV per la Tessera Bonus (entrate: 2 monete; quando passi: 1 PV per ogni Casa)",
            "Prendi la Tessera Favore (subito: 1 passo su Terra; ogni Casa che costruisci: +2 PV)",
            "Passa e prendi la Tessera Bonus (entrate: 2 monete; azione, una volta per Turno: 1 Vanga)",
            "+3 PV per la Tessera Favore (ogni Casa che costruisci: +2 PV)")),
])
def test_bonus_and_favor_tiles_are_named_by_what_they_give(lang, words):
    """Hints, the computer's move banners and VP sources said "Pass and take BON9" and "Take
    FAV11": numbers the board never shows. A favor tile that paid is named by what it keeps giving."""
    from tmdesktop.app import describe
    from tmdesktop.rules import actions as A

    i18n.set_language(lang)
    try:
        got = (vp_from(2, E.Source(E.BONUS_PASS, "BON9")), describe.action(None, A.TakeTile("FAV11")),
               describe.action(None, A.Pass("BON1")), vp_from(3, E.Source(E.FAVOR, "FAV11")))
        assert got == words
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, setup_pick, play_pass", [
    ("en", "Take the bonus tile", "Pass and take the bonus tile"),
    ("es", "Coger la loseta de bonificación", "Pasar y coger la loseta de bonificación"),
    ("it", "Prendi la Tessera Bonus", "Passa e prendi la Tessera Bonus"),
])
def test_the_setups_bonus_pick_is_no_pass(lang, setup_pick, play_pass):
    """Before the first round each player takes a bonus tile without passing; the computer's
    banner said "Pass and take the bonus tile" for it."""
    import random

    from tmdesktop.app import describe
    from tmdesktop.app.session import new_game
    from tmdesktop.rules import actions as A
    from tmdesktop.rules.random_play import random_step

    game, rng = new_game(4, 7), random.Random(7)
    while game.state.phase != "bonus":
        game.apply(*random_step(game, rng))
    pick = next(a for a in game.legal_actions(game.waiting_for()[0]) if isinstance(a, A.Pass))
    i18n.set_language(lang)
    try:
        assert describe.action(game, pick).startswith(setup_pick + " (")
        while game.state.phase != "play":
            game.apply(*random_step(game, rng))
        assert describe.action(game, pick).startswith(play_pass + " (")
    finally:
        i18n.set_language("en")
