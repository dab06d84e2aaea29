"""The tutorial's lessons as data: each loads, reaches its position by legal play, completes on
the engine, and what its texts claim about the position is what the rules give there.  Expected
numbers are worked out by hand from the rulebook (costs, income track, leech, scoring)."""

from __future__ import annotations

import io
import json

import pytest
from babel.messages.pofile import read_po

from tmdesktop.rules import actions as A
from tmdesktop.rules.final_scoring import network_size
from tmdesktop.rules.preview import offer_terms
from tmdesktop.teaching import progress
from tmdesktop.teaching.lesson import (LESSON_DIR, LessonError, extract_lesson, load_lesson, load_lessons, matches,
                                      parse_lesson)
from tmdesktop.teaching.lesson_run import LessonRun, play_lesson

LESSONS = {lesson.id: lesson for lesson in load_lessons()}


def run_to(lesson_id: str, step: int):
    """The lesson's game and run, played on the engine until step `step` (1-based) is on."""
    lesson = LESSONS[lesson_id]
    game = lesson.position()
    run = LessonRun(lesson, game)
    run.start()
    while run.index + 1 < step:
        st = run.step
        if st.expect is None:
            run.proceed()
        else:
            acts = [st.expect] if game.try_apply(lesson.student, st.expect)[1] is None else \
                [a for a in game.legal_actions(lesson.student) if matches(st.expect, a)]
            game.apply(lesson.student, acts[0])
            run.accepted(acts[0])
    return game, run


def test_nine_short_lessons_on_the_issue_topics_in_order():
    ids = list(LESSONS)
    assert len(ids) >= 9
    topics = ["map_and_spades", "building_and_income", "upgrading_and_power_from_neighbours", "power_bowls",
              "temples_favors_and_cults", "towns", "shipping_digging_bridges", "passing_and_rounds", "final_scoring"]
    for topic, lesson_id in zip(topics, ids):
        assert topic in lesson_id
    for lesson in LESSONS.values():
        assert 4 <= len(lesson.steps) <= 8, lesson.id
        assert any(st.expect is not None for st in lesson.steps), f"{lesson.id} asks the player to do nothing"
        assert lesson.title and lesson.summary


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_every_lesson_completes_on_the_engine(lesson_id):
    game = play_lesson(LESSONS[lesson_id])
    assert game.log  # the prelude and the steps were played, every one accepted by the engine


def test_a_prelude_the_rules_refuse_is_reported_not_edited_in(tmp_path):
    data = json.loads((LESSON_DIR / "01_map_and_spades.json").read_text(encoding="utf-8"))
    data["prelude"].append("witches: build A1")  # not the witches' turn, not their terrain
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    lesson = load_lesson(tmp_path / "bad.json")
    with pytest.raises(LessonError, match="prelude move 8 .*build A1"):
        lesson.position()


@pytest.mark.parametrize("broken, message", [
    ("{", "bad.json"),
    ('{"format": 2}', "not a lesson of format 1"),
    ('{"format": 1, "title": "x"}', "missing or malformed"),
])
def test_broken_lesson_files_say_what_is_wrong(tmp_path, broken, message):
    (tmp_path / "bad.json").write_text(broken, encoding="utf-8")
    with pytest.raises(LessonError, match=message):
        load_lesson(tmp_path / "bad.json")


def test_an_expected_action_needs_its_note():
    data = json.loads((LESSON_DIR / "01_map_and_spades.json").read_text(encoding="utf-8"))
    del data["steps"][2]["note"]
    with pytest.raises(LessonError, match="step 3: an expected action needs its note"):
        parse_lesson("x", data)


def test_patterns_match_the_fields_they_give():
    assert matches(A.Transform("E7"), A.Transform("E7", "green"))
    assert not matches(A.Transform("E7", "green"), A.Transform("E7", "gray"))
    assert not matches(A.Transform("E7"), A.Build("E7"))
    assert matches(A.Pass(), A.Pass("BON3")) and not matches(A.Pass("BON6"), A.Pass("BON3"))


def test_a_wrong_action_is_refused_with_the_steps_note_and_continue_is_asked_for():
    game, run = run_to("01_map_and_spades", 1)
    assert "Continue" in run.refusal("witches", A.Build("E7"))
    game, run = run_to("01_map_and_spades", 3)
    note = LESSONS["01_map_and_spades"].steps[2].note
    assert run.refusal("witches", A.Upgrade("F4", "TP")) == note
    assert run.refusal("witches", A.Transform("E6", "green")) == note
    assert run.refusal("nomads", A.Transform("E7", "green")) == note
    assert run.refusal("witches", A.Transform("E7", "green")) is None


# ---------------------------------------------------------------------- the texts' numbers


def test_spades_lesson_costs():
    game, run = run_to("01_map_and_spades", 3)
    w = game.state.players["witches"]
    assert (game.state.terrain["E7"], w.dig, w.W) == ("gray", 0, 6)
    game.apply("witches", A.Transform("E7", "green"))
    assert w.W == 3  # one spade: 3 workers at digging level 0
    game.apply("witches", A.Build("E7"))
    assert (w.W, w.C) == (2, 13)  # a dwelling: 1 worker, 2 coins (15 before)


def test_building_lesson_income_and_round_tile():
    game, run = run_to("02_building_and_income", 2)
    w = game.state.players["witches"]
    assert game.income_of(w)["W"] == 3 and w.VP == 20
    game.apply("witches", A.Build("E7"))
    assert game.income_of(w)["W"] == 4  # the third dwelling uncovers one more worker
    assert w.VP == 22  # SCORE3: 2 VP a dwelling in round 1


def test_leech_lesson_offer_and_price():
    game, run = run_to("03_upgrading_and_power_from_neighbours", 2)
    w = game.state.players["witches"]
    c = w.C
    game.apply("witches", A.Upgrade("F4", "TP"))
    assert c - w.C == 3  # next to the Nomads: 3 coins, not 6
    game.apply("witches", A.Done())
    terms = offer_terms(game, "nomads")
    assert (terms.power, terms.vp) == (1, 0)  # their dwelling F3 is worth 1: free
    game, run = run_to("03_upgrading_and_power_from_neighbours", 4)
    terms = offer_terms(game, "witches")
    assert (terms.power, terms.vp) == (2, 1)  # the trading house F4 is worth 2: 1 VP
    w = game.state.players["witches"]
    before = list(w.power)
    game.apply("witches", A.Leech(2, "nomads"))
    assert w.VP == 19 and w.power == [before[0] - 2, before[1] + 2, before[2]]


def test_power_lesson_bowls():
    game, run = run_to("04_power_bowls_and_actions", 3)
    w = game.state.players["witches"]
    assert w.power == [2, 10, 0]
    game.apply("witches", A.Burn(3))
    assert w.power == [2, 4, 3]
    game.apply("witches", A.UseAction("ACT2"))
    assert w.power == [5, 4, 0] and w.P == 1


def test_temple_lesson_cults():
    game, run = run_to("05_temples_favors_and_cults", 1)
    w = game.state.players["witches"]
    assert w.P == 1 and w.buildings["F4"] == "TP"
    game, run = run_to("05_temples_favors_and_cults", 4)
    w = game.state.players["witches"]
    assert w.cult["WATER"] == 3 and "FAV2" in w.favors
    bowls = list(w.power)
    game.apply("witches", A.SendPriest("WATER", 3))
    assert w.cult["WATER"] == 6
    assert w.power == [bowls[0] - 2, bowls[1] + 2, bowls[2]]  # space 5 passed: 2 power


def test_town_lesson():
    game, run = run_to("06_towns", 2)
    w = game.state.players["witches"]
    assert {h: w.buildings[h] for h in ("F4", "E7", "D5")} == {"F4": "SH", "E7": "TP", "D5": "D"}
    assert w.VP == 34
    game.apply("witches", A.Build("C3"))
    assert w.towns_owed == 1
    game.apply("witches", A.TakeTile("TW3"))
    assert w.VP == 48 and w.P >= 1  # 9 from TW3, 5 for the Witches' town


def test_shipping_lesson_reach():
    game, run = run_to("07_shipping_digging_bridges", 2)
    w = game.state.players["witches"]
    assert game.try_apply("witches", A.Build("C3"))[1] is not None  # across the river: not yet
    c, priests, vp = w.C, w.P, w.VP
    assert priests == 2  # one for shipping, one for digging (step 4)
    game.apply("witches", A.Advance("ship"))
    assert (w.ship, c - w.C, priests - w.P, w.VP - vp) == (1, 4, 1, 2)
    game, run = run_to("07_shipping_digging_bridges", 3)
    assert A.Build("C3") in game.legal_actions("witches")


def test_digging_lesson_costs_and_cheaper_spades():
    game, run = run_to("07_shipping_digging_bridges", 4)
    w = game.state.players["witches"]
    assert run.step.expect == A.Advance("dig") and w.dig == 0
    before = (w.W, w.C, w.P, w.VP)
    game.apply("witches", A.Advance("dig"))
    assert (w.dig, before[0] - w.W, before[1] - w.C, before[2] - w.P, w.VP - before[3]) == (1, 2, 5, 1, 6)
    game.apply("witches", A.Done())  # the Nomads passed: the Witches go on
    workers = w.W
    game.apply("witches", A.Transform("E7", "green"))  # mountains to forest: one spade
    assert workers - w.W == 2  # 2 workers a spade at digging level 1
    game, run = run_to("07_shipping_digging_bridges", 4)
    w = game.state.players["witches"]
    workers = w.W
    game.apply("witches", A.Transform("E7", "green"))
    assert workers - w.W == 3  # 3 at level 0


def test_bridge_lesson_power_and_bridge():
    game, run = run_to("07_shipping_digging_bridges", 5)
    w = game.state.players["witches"]
    assert w.power == [2, 7, 0]  # bowl III empty, 7 in bowl II
    assert A.UseAction("ACT1") not in game.legal_actions("witches")
    assert "G3" not in game.adjacent("F4")  # across the river
    game.apply("witches", A.Burn(3))
    assert w.power == [2, 1, 3]
    game.apply("witches", A.UseAction("ACT1"))
    assert w.power == [5, 1, 0]
    game.apply("witches", A.PlaceBridge("F4", "G3"))
    assert "G3" in game.adjacent("F4") and w.bridges == [("F4", "G3")]
    game, run = run_to("07_shipping_digging_bridges", 7)
    assert run.step.expect == A.PlaceBridge("F4", "G3") and A.PlaceBridge("F4", "G3") in game.legal_actions("witches")


def test_round_lesson_income():
    game, run = run_to("08_passing_and_rounds", 2)
    w = game.state.players["witches"]
    assert game.state.players["nomads"].passed and game.state.round == 1
    before = (w.W, w.C)
    game.apply("witches", A.Pass("BON3"))
    game.apply("witches", A.Done())
    assert game.state.round == 2 and game.to_act().faction == "nomads"  # the first to pass starts
    assert (w.W - before[0], w.C - before[1]) == (2, 8)


def test_final_scoring_lesson():
    game = play_lesson(LESSONS["09_final_scoring"])
    s = game.state
    assert s.phase == "finished"
    w, n = s.players["witches"], s.players["nomads"]
    assert (network_size(game, w), network_size(game, n)) == (5, 2)
    assert (w.VP, n.VP) == (83, 69)


# ---------------------------------------------------------------------- words


def lesson_strings() -> set[str]:
    found = set()
    for path in sorted(LESSON_DIR.glob("*.json")):
        found |= {m for _l, _f, m, _c in extract_lesson(io.BytesIO(path.read_bytes()), None, None, {})}
    return found


def test_the_extractor_finds_every_text_of_every_lesson():
    found = lesson_strings()
    for lesson in LESSONS.values():
        assert {lesson.title, lesson.summary} <= found
        for st in lesson.steps:
            assert st.text in found and (not st.note or st.note in found)


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_lesson_string_is_translated(lang):
    path = LESSON_DIR.parents[1] / "locale" / lang / "LC_MESSAGES" / "tmdesktop.po"
    with open(path, "rb") as fh:
        catalogue = read_po(fh, locale=lang)
    for msg in lesson_strings():
        entry = catalogue.get(msg)
        assert entry is not None and entry.string and not entry.fuzzy, f"{lang}: {msg}"


# ---------------------------------------------------------------------- progress


def test_progress_is_kept_and_a_damaged_file_means_none(tmp_path, monkeypatch):
    monkeypatch.setenv("TMDESKTOP_DATA_DIR", str(tmp_path / "data"))
    assert progress.load_done() == set()
    assert progress.mark_done("01_map_and_spades") == {"01_map_and_spades"}
    assert progress.mark_done("02_building_and_income") == {"01_map_and_spades", "02_building_and_income"}
    assert json.loads(progress.progress_path().read_text())["format"] == progress.FORMAT
    for bad in (b"{not json", b"\xff\xfe", b'{"format": 99, "done": ["x"]}', b'["x"]', b'{"format": 1, "done": 3}'):
        progress.progress_path().write_bytes(bad)
        assert progress.load_done() == set()
    assert progress.mark_done("03") == {"03"}  # a damaged file is replaced, not a crash
