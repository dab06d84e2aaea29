"""The round summary and the post-game review, driven by posted events."""

import os

import pygame
import pytest

from tmdesktop.app import computer
from tmdesktop.app.scenes.dialogs import RoundSummaryScene
from tmdesktop.app.scenes.game_scene import GameScene
from tmdesktop.app.scenes.review_scene import PLAYED, SUGGESTED, ReviewMoveScene, ReviewScene, action_targets
from tmdesktop.app.scenes.scoring import ScoringScene
from tmdesktop.app.session import Session
from tmdesktop.rules import events as E
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tests.conftest import CORPUS

from ui_events import click, drawing, key, record_text


def corpus_game(name="4pLeague_S60_D1L1_G1"):
    game, mismatch = replay_ledger(read_ledger((CORPUS / f"{name}.txt").read_text("utf-8")))
    assert mismatch is None
    return game


def test_round_summary_tells_the_rounds_vp_by_source(user_dirs):
    """Round 1 of S60 G1 as its ledger rows tell it for the Darklings: "dig 1. build g6" +4,
    "Leech 2 from engineers" −1, "dig 1. build f7" +4, "Build e10" +2, "Pass bon1" +5 (34 VP):
    round scoring tile 6, passing 5, the Darklings' ability 4, power from neighbours −1."""
    from tmdesktop.app.app import App

    whole = corpus_game()
    round2 = next(i for i, evs in enumerate(whole.events) if E.RoundStarted(2) in evs)
    app = App((1280, 720))
    scene = GameScene(app, Session(Game.replay(whole.setup, list(whole.log)[:round2])))
    app.push(scene)
    app.render(force=True)
    faction, action = whole.log[round2]  # the last pass of round 1
    assert scene.play(action, faction)
    app.step(0.016)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    lines = dict((name, rows) for name, _colour, rows in summary.rows)["Darklings · 34 VP"]
    assert lines[0] == ("Round 1: +14 VP · Round scoring tiles +6, Passing (bonus tiles) +5, Faction abilities +4, "
                        "Power from neighbours \u22121")
    assert lines[1].startswith("Income: ")
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def test_round_summary_lines_wrap_whole_inside_the_dialog_in_italian_at_1280(user_dirs, monkeypatch):
    """Found in a review: at 1280x720 in Italian a player's VP line was shrunk and cut
    ("…Tessere Favore +2, Passare (Tess…"). Long lines now go on two at the dialog's type size."""
    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.app import App

    whole = corpus_game()
    round3 = next(i for i, evs in enumerate(whole.events) if E.RoundStarted(3) in evs)
    i18n.set_language("it")
    try:
        app = App((1280, 720))
        scene = GameScene(app, Session(Game.replay(whole.setup, list(whole.log)[:round3])))
        app.push(scene)
        app.render(force=True)
        faction, action = whole.log[round3]
        assert scene.play(action, faction)
        app.step(0.016)
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        drawn = record_text(monkeypatch)
        app.render(force=True)
        lines = [line for _name, _colour, rows in summary.rows for line in rows]
        assert any(text.width(line, 16 * summary.scale) > summary.wrap for line in lines)  # some need two
        for line in lines:
            img = summary._line(line)
            assert img.get_width() <= summary.wrap and img.get_height() > 0, line
        assert not any(s in lines for s, _size, _room in drawn)  # none drawn by `blit`, which shrinks to fit
        sc = summary.scale
        end = summary.rect.y + int(70 * sc) + sum(int(34 * sc) + sum(summary._line(line).get_height() + int(6 * sc)
                                                                    for line in rows) for _n, _c, rows in summary.rows)
        assert end <= summary.rects[0].top  # every line above Continue
        if os.environ.get("TM_SHOT"):
            app.screenshot(os.environ["TM_SHOT"])
    finally:
        i18n.set_language("en")


def test_scoring_to_review_to_a_move_on_the_board_and_back(user_dirs, monkeypatch):
    from tmdesktop.app.app import App

    monkeypatch.setattr(computer, "USE_WORKER", False)  # judged a chunk per frame, in this process
    from tmdesktop.app.scenes.replay_viewer import ReplayScene

    game = corpus_game()
    app = App((1280, 720))
    app.push(ReplayScene(app, game, list(game.log)))  # a finished game watched to its end
    app.render(force=True)
    key(app, pygame.K_END)
    key(app, pygame.K_f)
    assert isinstance(app.stack.top, ScoringScene)
    scoring = app.stack.top
    assert "review" not in [b.key for b in scoring.buttons]  # only once the whole score is told
    key(app, pygame.K_a)
    click(app, scoring.button("review").rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.review.final == {"darklings": 143, "nomads": 140, "mermaids": 152, "engineers": 161}
    assert review.review.winners == ["engineers"]
    # the Darklings' tab, then wait for the judging (progress is shown meanwhile)
    tab = next(r for r, f in review.tabs if f == "darklings")
    click(app, tab.center)
    assert review.selected == "darklings"
    job = review.jobs["darklings"]
    assert 0 < job.done < job.total
    for _ in range(200):
        if job.finished:
            break
        app.step(0.016)
    app.render(force=True)
    assert job.finished and review.move_rows
    row, judgement = review.move_rows[0]
    assert judgement.difference >= 3
    click(app, row.center)
    board = app.stack.top
    assert isinstance(board, ReviewMoveScene)
    assert len(board.game.log) == judgement.move.start  # the position before the move
    app.render(force=True)
    # play-test: the explanation's box hid the map's bottom rows; the map is laid out above it
    _lines, _imgs, h = board.explanation()
    box_top = board.lay.map.bottom - int(10 * board.lay.scale) - h
    assert max(cy for _cx, cy in board.map.centres.values()) + board.map.size <= box_top
    suggested = [t for a in judgement.suggested for t in action_targets(a)]
    assert suggested and all(board.target_rect(t) is not None for t in suggested)
    assert [c for _t, c in board.rings] == [PLAYED, SUGGESTED]
    # the position after the suggestion: the suggested turn is on the board, with its VP
    before_vp = board.game.state.players[judgement.move.faction].VP
    click(app, next(b for b in board.buttons if b.key == "suggested").rect.center)
    assert board.view == "suggested" and board.game.log[judgement.move.start:] == [
        (judgement.move.faction, a) for a in judgement.suggested]
    assert board.game.state.players[judgement.move.faction].VP == judgement.suggested_parts["vp_now"] > before_vp
    key(app, pygame.K_2)
    assert board.view == "played" and board.game.log[judgement.move.start:] == [
        (judgement.move.faction, a) for a in judgement.played]
    key(app, pygame.K_1)
    assert board.view == "before" and len(board.game.log) == judgement.move.start
    click(app, next(b for b in board.buttons if b.key == "exit").rect.center)  # Back to the review
    assert app.stack.top is review
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scoring
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ReplayScene)


def mermaids_reviewed(monkeypatch):
    """An App at 1280x720 showing the review of the first corpus game with the Mermaids' turns
    judged (in this process); returns the app and the review."""
    from tmdesktop.app.app import App

    monkeypatch.setattr(computer, "USE_WORKER", False)
    app = App((1280, 720))
    review = ReviewScene(app, corpus_game(), judged=["mermaids"])
    app.push(review)
    for _ in range(100):
        app.step(0.016)
        if review.jobs["mermaids"].finished:
            break
    assert review.jobs["mermaids"].finished
    return app, review


def test_review_draws_in_every_language(user_dirs, monkeypatch):
    from tmdesktop import i18n

    app, review = mermaids_reviewed(monkeypatch)
    for lang, words in (("es", "Mejores jugadas para las Sirenas"), ("it", "Mosse migliori per le Sirene")):
        i18n.set_language(lang)
        app.render(force=True)
        assert review.move_rows
        assert words == i18n._("Better moves for {the_faction}").format(the_faction=i18n._("the Mermaids"))


def test_a_reviewed_move_lays_its_map_out_again_when_the_language_changes(user_dirs, monkeypatch):
    """Found play-testing: the board of a reviewed move worked out the height of its explanation's
    box only when laid out, so after a change of language (whose words take more or fewer lines)
    the map kept the old room until the window was resized. It is laid out again at once."""
    from tmdesktop import i18n

    app, review = mermaids_reviewed(monkeypatch)
    app.render(force=True)
    row, _judgement = review.move_rows[0]
    click(app, row.center)
    board = app.stack.top
    assert isinstance(board, ReviewMoveScene)
    english = board.explanation()[2]
    for lang in ("it", "es"):
        i18n.set_language(lang)  # (as the Settings page does)
        app.step(0.016)
        app.render(force=True)
        h = board.explanation()[2]
        assert h != english  # (the box's height changes, so the map's room must)
        box_top = board.lay.map.bottom - int(10 * board.lay.scale) - h
        bottom = max(cy for _cx, cy in board.map.centres.values()) + board.map.size
        assert bottom <= box_top  # the map above the box, not under it
        laid = dict(board.map.centres)
        board.resize(app.size)
        assert board.map.centres == laid  # as a fresh layout has it (no room lost under the map)


def test_the_worker_judges_as_this_process_does():
    """The review's turns judged in the computer's worker process give exactly the judgements of
    this process (same game, same suggestions, same evaluations)."""
    import time

    from tmdesktop.app.review_job import ReviewJob
    from tmdesktop.teaching import review as R

    game = corpus_game("4pLeague_S63_D1L1_G4")
    faction = game.state.seats[0]
    job = ReviewJob(game, [faction])
    assert computer.USE_WORKER and job.total > 0 and job.done == 0
    deadline = time.monotonic() + 180
    while not job.finished and time.monotonic() < deadline:
        job.poll()
        time.sleep(0.05)
    assert job.finished, "the worker's judgements never came"
    here = R.judge_turns(game.setup, list(game.log), R.turns_to_judge(game, [faction]))
    assert sorted(job.judgements, key=lambda j: j.move.start) == here


def test_the_people_s_seats_are_judged_first(user_dirs, monkeypatch):
    from tmdesktop.app.app import App

    monkeypatch.setattr(computer, "USE_WORKER", False)
    game = corpus_game()
    app = App((1280, 720))
    app.push(GameScene(app, Session(game, computers={"darklings": "easy", "nomads": "hard"})))
    review = ReviewScene(app, game)
    assert review.review.judged == ["mermaids", "engineers"]
    assert review.selected == "mermaids" and list(review.jobs) == ["mermaids"]
    app.push(review)
    key(app, pygame.K_TAB)  # the next player: the unfinished judging of the Mermaids stops
    assert review.selected == "engineers" and list(review.jobs) == ["engineers"]


def test_a_finished_save_opens_on_its_scoring_and_reviews_the_people_s_seats(title_app, user_dirs, monkeypatch):
    from tmdesktop import saves
    from tmdesktop.app.scenes.registry import entry
    from tmdesktop.rules.random_play import random_game

    monkeypatch.setattr(computer, "USE_WORKER", False)
    game = random_game(4, players=3)
    first, *people = game.state.seats
    path = saves.saves_dir() / f"finished{saves.SUFFIX}"
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.save_game(game, path, "finished", computers={first: "medium"})
    app = title_app()
    assert entry("open_save")(app, path) == ""
    app.step(0.016)
    app.step(0.016)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene)
    key(app, pygame.K_a)  # every step at once
    key(app, pygame.K_r)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.review.judged == people and review.selected == people[0]
    assert review.review.final == {f: p.VP for f, p in game.state.players.items()}


def test_names_factions_and_the_winner_read_whole_in_the_review(user_dirs, monkeypatch):
    """Seen at 1280x720: tabs 'Player 4 · Chaos Magicians · win…' and table heads 'Player 1 ·
    Acoly…'. A tab too narrow names the faction (its dot's colour tells whose); a head too
    narrow puts the name over the faction. Nothing in them is drawn shrunk or cut."""
    from tmdesktop.app import text
    from tmdesktop.app.app import App

    monkeypatch.setattr(computer, "USE_WORKER", False)
    game = corpus_game()
    names = {f: f"Player {i + 1}" for i, f in enumerate(game.state.seats)}
    app = App((1280, 720))
    review = ReviewScene(app, game, names=names, judged=[game.state.seats[0]])
    app.push(review)
    drawn = record_text(monkeypatch, weight=True)
    for _ in range(len(game.state.seats)):
        drawn.clear()
        app.render(force=True)
        factions = [review.label_lines(f)[-1] for f in game.state.seats]
        shown = [(s, fs, mw, weight) for s, fs, mw, weight in drawn if mw and any(f in s for f in factions)]
        assert len(shown) >= len(factions) + 2  # the tabs and the table's two heads at least
        for s, fs, mw, weight in shown:
            assert text.width(s, fs, weight) <= mw, (s, mw)
        assert any("winner" in s for s, *_rest in shown)
        key(app, pygame.K_TAB)


def test_a_long_name_in_the_review_table_head_goes_over_two_lines_at_full_size(user_dirs, monkeypatch):
    """Found play-testing in Spanish at 1280x720: the head 'Ordenador: fác…' was shrunk and cut. A
    name too long for its column goes over lines, each at the head's type size."""
    from tmdesktop.app import text
    from tmdesktop.app.app import App

    monkeypatch.setattr(computer, "USE_WORKER", False)
    game = corpus_game()
    seats = game.state.seats
    names = {f: ("Ana" if i == 0 else f"Computer: medium {i + 1}") for i, f in enumerate(seats)}
    app = App((1280, 720))
    review = ReviewScene(app, game, names=names, judged=[seats[0]])
    app.push(review)
    key(app, pygame.K_TAB)  # the second seat's page: "Ana" against the computer's seat
    drawn = record_text(monkeypatch, weight=True)
    app.render(force=True)
    heads = [(s, fs, mw) for s, fs, mw, weight in drawn
             if weight == "bold" and fs == review.fs(14) and ("Computer" in s or "medium" in s)]
    assert heads, drawn
    for s, fs, mw in heads:
        assert not s.endswith("…") and text.width(s, fs, "bold") <= mw, (s, fs, mw)
    assert " ".join(s for s, _fs, _mw in heads).split()[:3] == ["Computer:", "medium", "2"]
    # the rows of VP per round: the label whole at its size, in a column as wide as it takes (at most
    # half the table's: the faction alone where the whole is longer)
    tab_room = review.tabs[0][0].width - review.px(44)
    rows = [(s, fs, mw) for s, fs, mw, weight in drawn
            if weight == "semibold" and fs == review.fs(14) and mw and mw != tab_room]
    assert [s for s, _fs, _mw in rows] == [review.label(seats[1]), review.label(review.rival())]
    assert all(text.width(s, fs, "semibold") <= mw for s, fs, mw in rows), rows


def italian_review_at_1024(monkeypatch):
    """The review of a three-player game played to its end by random legal moves (seed 7: the Ice
    Maidens win), in Italian at 1024x600, the Ice Maidens' better moves judged: (app, review)."""
    import random

    from tmdesktop import i18n
    from tmdesktop.app.app import App
    from tmdesktop.app.session import new_game

    monkeypatch.setattr(computer, "USE_WORKER", False)
    session = Session(new_game(3, 7, ("icemaidens", "witches", "halflings")))
    session.play_random(900, random.Random(7))
    assert session.game.finished
    i18n.set_language("it")
    app = App((1024, 600))
    review = ReviewScene(app, session.game, judged=["icemaidens"])
    app.push(review)
    for _ in range(2000):
        if review.jobs["icemaidens"].finished:
            break
        app.step(0.016)
    assert review.jobs["icemaidens"].finished and review.review.winners == ["icemaidens"]
    app.render(force=True)
    return app, review


def test_the_review_at_1024x600_in_italian_shows_every_word_whole_and_nothing_overlaps(user_dirs, monkeypatch):
    """Play-tested in Italian at 1024x600: the heads of the VP per round ran together ("Turno 3Turno
    4") and "Turno 6" touched the panel's edge; "Fanciulle dei Ghiacci" was in smaller type than
    "Mezzuomini" in that table; the tab read "Fanciulle dei Ghiacci · vi…"; the last turning point
    was sliced by its box's bottom edge; a suggestion ended in "Prendi la Tessera Cit…"."""
    from tmdesktop.app import text
    from tmdesktop.app import review_words as W
    from tmdesktop.i18n import _

    app, review = italian_review_at_1024(monkeypatch)
    draw = drawing(monkeypatch, app, review)
    drawn = record_text(monkeypatch, weight=True)  # what `text.blit` was asked: the text, its type, its room
    page = draw()
    said = [s for s, _box in page.blits if s]
    assert not any(s.endswith("…") for s in said), [s for s in said if s.endswith("…")]
    tabs = [(s, size, room, weight) for s, size, room, weight in drawn if "Fanciulle dei Ghiacci" in s and "·" in s]
    assert tabs and all(s.endswith(" · " + _("winner")) for s, *_rest in tabs)
    # the VP per round: six heads apart from one another, inside the panel; the players' labels in one type
    names = {_("Round {n}").format(n=k) for k in range(1, 7)} | {_("R{n}").format(n=k) for k in range(1, 7)}
    heads = [box for s, box in page.blits if s in names and box.colliderect(review.table_rect)]
    assert len(heads) == 6
    rounds = [d for d in drawn if d[0] in ("Fanciulle dei Ghiacci", "Mezzuomini") and d[3] == "semibold"]
    for s, size, room, weight in tabs + rounds + [d for d in drawn if d[0] in names]:
        assert text.width(s, size, weight) <= room, (s, size, room)  # in the type asked: none shrunk to fit
    for a, b in zip(heads, heads[1:]):
        assert a.right + 4 <= b.left, (a, b)
    assert heads[-1].right + 8 <= review.table_rect.right  # clear of the panel's edge
    assert {s for s, *_rest in rounds} == {"Fanciulle dei Ghiacci", "Mezzuomini"}
    assert len({size for _s, size, *_rest in rounds}) == 1, rounds
    # the turning points: whole ones inside their box, one under another
    points = [box for s, box in page.blits if s and s.startswith("Turno ") and " · " in s]
    assert points and all(review.points_rect.contains(box) for box in points), (points, review.points_rect)
    for a, b in zip(points, points[1:]):
        assert a.bottom <= b.top
    # the better moves: each turn played and suggested whole, inside its row
    rows = dict((j.move.start, row) for row, j in review.move_rows)
    assert len(rows) == 5
    for _row, j in review.move_rows:
        suggested = _("Suggested: {turn}").format(
            turn=W.suggested_text(review.position_before(j.move), j.move, j.suggested))
        assert any(rows[j.move.start].contains(box) for s, box in page.blits if s == suggested), suggested


def test_the_turning_points_that_do_not_fit_scroll_into_their_box(user_dirs, monkeypatch):
    """At 1024x600 the Ice Maidens' game has more turning points than its box holds: the box says
    which ones show ("1–4 di 5"), and the wheel over it (or Down and Up) shows the others, whole."""
    from ui_events import wheel

    from tmdesktop.app import review_words as W

    app, review = italian_review_at_1024(monkeypatch)
    draw = drawing(monkeypatch, app, review)
    entries = [W.turning_point_text(review.game, tp) for tp in review.review.turning_points]

    def shown() -> tuple[list[str], list[str]]:
        said = [s for s, _box in draw().blits if s]
        return [e for e in entries if e in said], said

    first, said = shown()
    assert first == entries[:len(first)] and 0 < len(first) < len(entries)
    assert f"1–{len(first)} di {len(entries)}" in said
    wheel(app, review.points_rect.center, -1)  # down, over the box: one further
    later, said = shown()
    assert later == entries[1:1 + len(later)] and f"2–{len(later) + 1} di {len(entries)}" in said
    wheel(app, review.moves_rect.center, -1)  # over the better moves: the turning points stay
    assert shown()[0] == later
    for _ in range(len(entries)):  # Down, and no further than the last
        key(app, pygame.K_DOWN)
    last, said = shown()
    assert last[-1] == entries[-1] and last == entries[-len(last):]
    key(app, pygame.K_UP)
    wheel(app, review.points_rect.center, len(entries))  # up, back to the first
    assert shown()[0] == first


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_vp_by_source_rows_are_named_in_one_type_at_1024x600(user_dirs, monkeypatch, lang):
    """Seen in Spanish at 1024x600: "Losetas de puntuación de ronda" alone was drawn a size smaller
    than the other row names, as if it were another kind of row. The row names share one type,
    each whole at it."""
    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.app import App
    from tmdesktop.app.scenes.scoring import ROW_NAMES
    from tmdesktop.i18n import _

    monkeypatch.setattr(computer, "USE_WORKER", False)
    game = corpus_game()
    i18n.set_language(lang)
    app = App((1024, 600))
    app.push(ReviewScene(app, game, judged=[]))
    drawn = record_text(monkeypatch, weight=True)
    app.render(force=True)
    names = {_(n) for n in ROW_NAMES.values()}
    rows = [d for d in drawn if d[0] in names]
    assert len(rows) >= 8
    assert len({size for _s, size, *_rest in rows}) == 1, rows
    for s, size, room, weight in rows:
        assert text.width(s, size, weight) <= room, (s, size, room)
