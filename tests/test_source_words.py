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
            if s.key and s.key.startswith(("SCORE", "FAV", "TW", "BON")):
                assert s.key in words
        line = vp_from(3, E.Source(E.ROUND_TILE, "SCORE2"))
        assert line.startswith("+3 ") and "SCORE2" in line
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
