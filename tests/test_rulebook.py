"""The Rules screen's pages as data: every page the teaching contract names exists, reads in
English, Spanish and Italian, quotes the rulebook's numbers, and links only to real pages."""

import re

import pytest

from tmdesktop import i18n
from tmdesktop.teaching import rulebook

#: The page ids fixed by the teaching contract (rule cards link to them).
CONTRACT_IDS = (
    "overview", "map_terrain", "spades", "building", "upgrading", "power", "leech", "power_actions",
    "conversions", "cults", "priests", "favor_tiles", "towns", "shipping", "digging_bridges",
    "special_actions", "bonus_tiles", "round_cycle", "round_scoring", "final_scoring", "factions", "fire_ice",
)


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")


def test_every_contract_page_exists_once_in_the_contents():
    assert sorted(rulebook.PAGE_IDS) == sorted(CONTRACT_IDS)
    assert len(set(rulebook.PAGE_IDS)) == len(rulebook.PAGE_IDS)
    files = sorted(p.stem for p in rulebook.PAGES_DIR.glob("*.txt"))
    assert files == sorted(CONTRACT_IDS)
    with pytest.raises(KeyError):
        rulebook.page("no_such_page")


@pytest.mark.parametrize("page_id", CONTRACT_IDS)
def test_a_page_has_a_title_paragraphs_and_real_links(page_id):
    page = rulebook.page(page_id)
    assert page.title and page.picture
    assert sum(b.kind == "para" for b in page.blocks) >= 2
    assert page.see and all(s in CONTRACT_IDS and s != page_id for s in page.see)


@pytest.mark.parametrize("page_id", CONTRACT_IDS)
def test_every_page_is_translated_in_spanish_and_italian(page_id, lang):
    page = rulebook.page(page_id)
    lang("en")
    english = [rulebook.title(page)] + [s for _k, s in rulebook.blocks(page)]
    assert not any("{" in s or "}" in s for s in english), "a placeholder left unfilled"
    for code in ("es", "it"):
        lang(code)
        shown = [rulebook.title(page)] + [s for _k, s in rulebook.blocks(page)]
        assert len(shown) == len(english)
        # every paragraph differs from the English (titles such as "Auren" may not)
        assert all(a != b for a, b in zip(shown[1:], english[1:])), (code, page_id)
        assert not any("{" in s or "}" in s for s in shown)
        # the numbers survive translation: every number of the English is in the translation
        for a, b in zip(shown, english):
            assert sorted(re.findall(r"\d+", a)) == sorted(re.findall(r"\d+", b)), (code, b)


def test_the_pages_quote_the_rulebooks_numbers():
    """The numbers come from the game data; these are the ones printed in the rulebooks."""
    f = rulebook.facts()
    assert (f["network_first"], f["network_second"], f["network_third"]) == (18, 12, 6)
    assert (f["cult_first"], f["cult_second"], f["cult_third"]) == (8, 4, 2)
    assert (f["town_buildings"], f["town_power"]) == (4, 7)
    assert (f["cult3_power"], f["cult5_power"], f["cult7_power"], f["cult10_power"]) == (1, 2, 2, 3)
    assert (f["pw_to_p"], f["pw_to_w"], f["pw_to_c"], f["coins_per_vp"]) == (5, 3, 1, 3)
    assert (f["spade0_w"], f["spade1_w"], f["spade2_w"]) == (3, 2, 1)
    assert (f["act1"], f["act2"], f["act3"], f["act4"], f["act5"], f["act6"]) == (3, 3, 4, 4, 4, 6)
    assert (f["d_w"], f["d_c"], f["tp_w"], f["tp_c"], f["te_c"], f["sh_c"]) == (1, 2, 2, 3, 5, 6)
    assert (f["ship_c"], f["ship_p"], f["dig_c"], f["dig_w"], f["dig_p"], f["dig_vp"]) == (4, 1, 5, 2, 1, 6)
    assert (f["spot_big"], f["spot_small"], f["priests_max"], f["bridges"]) == (3, 2, 7, 3)
    text = " ".join(s for _k, s in rulebook.blocks(rulebook.page("final_scoring")))
    assert "gets 18 VP" in text and "(18 + 12) / 2" in text


def test_reading_order_walks_every_page_once():
    seen, page = [], rulebook.PAGE_IDS[0]
    assert rulebook.neighbours(page)[0] is None
    while page:
        seen.append(page)
        page = rulebook.neighbours(page)[1]
    assert seen == list(rulebook.PAGE_IDS)


def test_a_malformed_page_is_refused_with_its_line():
    with pytest.raises(rulebook.PageError, match="line 1"):
        rulebook.parse("the text without headers\n\nA paragraph.", "bad")
    with pytest.raises(rulebook.PageError, match="title"):
        rulebook.parse("picture: power\n\nA paragraph.", "bad")
    page = rulebook.parse("title: T\npicture: p\nsee: a b\n\nOne\nparagraph.\n- an item\n- another\n\nLast.")
    assert [(b.kind, b.msgid) for b in page.blocks] == [
        ("para", "One paragraph."), ("item", "an item"), ("item", "another"), ("para", "Last.")]
    assert page.see == ("a", "b")


def test_the_catalogue_extractor_finds_every_page_message():
    import io

    from tools.catalogues import extract_rule_pages

    page = rulebook.page("leech")
    source = (rulebook.PAGES_DIR / "leech.txt").read_bytes()
    found = [m for _line, _f, m, _c in extract_rule_pages(io.BytesIO(source), None, None, {})]
    assert found == [page.title] + [b.msgid for b in page.blocks]
