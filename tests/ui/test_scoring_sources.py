"""The scoring scene's VP by source: hovering a cell lists the sources it sums, in words."""

from __future__ import annotations

import re

import pygame
import pytest

from tmdesktop.rules import events as E

from ui_events import click, drawing, finish_to_scoring, key, record_text, to_map

pytestmark = pytest.mark.usefixtures("user_dirs")


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)


def scoring_of_a_new_game(app):
    """A game begun from the title screen with the defaults, played to its end at random: the
    game and its scoring screen with every final step revealed."""
    click(app, app.stack.top.centre_of("new"))
    click(app, app.stack.top.centre_of("start"))
    to_map(app)
    game = app.stack.top.game
    scoring = finish_to_scoring(app, seed=11)
    key(app, pygame.K_a)  # reveal every final step
    return game, scoring


def test_hovering_a_cell_lists_its_sources(title_app):
    app = title_app((1600, 900))
    game, scoring = scoring_of_a_new_game(app)
    app.render(force=True)
    seen = set()
    for rect, f, row in list(scoring.cells):
        hover(app, rect.center)
        value = scoring.b.sources[f][row]
        if not scoring.b.row_details(f, row):  # nothing to tell: no tooltip
            assert value == 0 and (scoring.hover is None or scoring.hover[0] != "cell")
            continue
        assert scoring.hover == ("cell", (f, row))
        lines = scoring.cell_lines(f, row)
        amounts = [int(re.match(r"([+-]\d+) VP from ", line)[1]) for line in lines[1:]]
        assert sum(amounts) == value  # the words add up to the number in the cell
        if row == E.ROUND_TILE:  # each line names the round of a tile that paid this faction
            named = {int(re.search(r"from round (\d) scoring tile \(", line)[1]) for line in lines[1:]}
            paid = {game.setup.score_tiles.index(s.key) + 1 for s, _v in scoring.b.row_details(f, row)}
            assert named == paid and len(named) == len(lines) - 1
        if row == E.LEECH:
            assert all(v < 0 for v in amounts) and all("power from the " in line for line in lines[1:])
        seen.add(row)
        app.render(force=True)  # the tooltip draws
    assert {E.START, E.CULT_MAJORITY, E.AREA} <= seen
    round_tile_vp = [e for events in game.events for e in events
                     if isinstance(e, E.Gained) and e.resource == "VP" and e.source.kind == E.ROUND_TILE]
    assert (E.ROUND_TILE in seen) == bool(round_tile_vp)  # shown exactly when the game had some
    total = sum(scoring.b.sources[f][row] for f in scoring.factions for row in scoring.b.sources[f])
    assert total == sum(p.VP for p in game.state.players.values())


def test_the_heading_names_the_winner_in_the_singular_and_a_tie_in_the_plural(title_app):
    """'Winner with 104 VP: Player 4 · Nomads' for one winner, 'Winners with …' for a tie."""
    from tmdesktop import i18n

    app = title_app((1280, 720))
    click(app, app.stack.top.centre_of("new"))
    click(app, app.stack.top.centre_of("start"))
    to_map(app)
    game = app.stack.top.game
    scoring = finish_to_scoring(app, seed=5)
    assert scoring.heading() == "Final scoring"
    key(app, pygame.K_a)  # reveal every final step
    players = game.state.players
    best = max(p.VP for p in players.values())
    tied = [f for f in scoring.factions if players[f].VP == best]
    winners = " & ".join(scoring.label(f) for f in tied)
    one = len(tied) == 1
    assert scoring.heading() == f"{'Winner' if one else 'Winners'} with {best} VP: {winners}"
    try:
        i18n.set_language("es")
        assert scoring.heading().startswith(f"{'Gana' if one else 'Ganan'} con {best} PV: ")
        i18n.set_language("it")
        assert scoring.heading().startswith(f"{'Vince' if one else 'Vincono'} con {best} PV: ")
    finally:
        i18n.set_language("en")
    app.render(force=True)


def test_the_alchemists_vp_turned_into_coins_have_their_own_row(title_app):
    """The Alchemists' "convert 2VP to 2C" showed as "Other -12": it is a row of its own, Conversions,
    with the VP the ledger's conversions spent; no "Other" row is left in that game."""
    from pathlib import Path

    from tmdesktop.app.scenes.replay_viewer import load_replay
    from tmdesktop.app.scenes.scoring import OTHER, ScoringScene

    path = Path(__file__).resolve().parents[1] / "data" / "corpus" / "4pLeague_S63_D1L1_G1.txt"
    rows = [line for line in path.read_text("utf-8").splitlines() if line.startswith("alchemists\t")]
    spent = sum(int(n) for line in rows for n in re.findall(r"convert (\d+)VP to \d+C", line))
    assert spent > 0
    app = title_app((1280, 720))
    game, _log, _note = load_replay(path)
    scoring = ScoringScene(app, game)
    app.push(scoring)
    key(app, pygame.K_a)
    app.render(force=True)
    assert scoring.b.sources["alchemists"][E.CONVERT] == -spent
    assert all(scoring.b.sources[f][OTHER] == 0 for f in scoring.factions)
    shown = {row for _rect, _f, row in scoring.cells}
    assert E.CONVERT in shown and OTHER not in shown


def test_the_cult_row_grows_track_by_track_as_the_total_does(title_app):
    """Found play-testing: at the first step (Fire) the cult row already showed all four tracks'
    VP while the total had Fire's only. The row shows the tracks revealed: after Fire, the
    ledger's FIRE lines (witches +8, alchemists +4, engineers +2, halflings nothing)."""
    from pathlib import Path

    from tmdesktop.app.scenes.replay_viewer import load_replay
    from tmdesktop.app.scenes.scoring import ScoringScene

    path = Path(__file__).resolve().parents[1] / "data" / "corpus" / "4pLeague_S63_D1L1_G1.txt"
    app = title_app((1280, 720))
    game, _log, _note = load_replay(path)
    scoring = ScoringScene(app, game)
    app.push(scoring)
    key(app, pygame.K_SPACE)  # the Fire track
    assert scoring.shown == 1
    fire = {"witches": 8, "alchemists": 4, "engineers": 2, "halflings": 0}
    assert {f: scoring.cell(f, E.CULT_MAJORITY) for f in scoring.factions} == fire
    before = {f: scoring.partial(f) - fire[f] for f in scoring.factions}
    assert all(before[f] == sum(v for k, v in scoring.b.sources[f].items() if k not in E.FINAL_KINDS)
               for f in scoring.factions)
    for _ in range(3):
        key(app, pygame.K_SPACE)  # water, earth, air
    assert all(scoring.cell(f, E.CULT_MAJORITY) == scoring.b.sources[f][E.CULT_MAJORITY] for f in scoring.factions)

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_players_names_and_factions_are_read_whole_in_the_table_and_the_legend(title_app, size, monkeypatch):
    """Seen at 1280x720: 'Player 4 · Chaos Magici…' over its column and in the chart's legend. A
    column too narrow for 'name · faction' puts them on two lines; a legend too narrow names the
    factions alone (the colour and the table tell whose). Nothing is drawn shrunk or cut."""
    from pathlib import Path

    from tmdesktop.app import text
    from tmdesktop.app.scenes.replay_viewer import load_replay
    from tmdesktop.app.scenes.scoring import ScoringScene

    app = title_app(size)
    game, _log, _note = load_replay(Path(__file__).resolve().parents[1] / "data" / "corpus" / "4pLeague_S63_D1L1_G1.txt")
    names = {f: f"Player {i + 1}" for i, f in enumerate(game.state.players)}
    scoring = ScoringScene(app, game, names)
    app.push(scoring)
    key(app, pygame.K_a)
    drawn = record_text(monkeypatch, weight=True)
    app.render(force=True)
    for f in scoring.factions:
        faction = scoring.label_lines(f)[-1]
        shown = [(s, fs, mw, weight) for s, fs, mw, weight in drawn if faction in s and mw]
        assert len(shown) >= 2, (f, shown)  # in the table's head and in the legend
        for s, fs, mw, weight in shown:
            assert text.width(s, fs, weight) <= mw, (s, mw)


def test_no_corpus_game_leaves_vp_in_the_other_row():
    """Seen at the end of a game in a real window: the Cultists' stronghold (7 VP on building
    it) showed as 'Other +7'. Every VP of the 49 tournament games has a named row."""
    from pathlib import Path

    from tmdesktop.app.scenes.scoring import OTHER, vp_breakdown
    from tmdesktop.rules.ledger import read_ledger, replay_ledger

    cultists_sh = 0
    for path in sorted((Path(__file__).resolve().parents[1] / "data" / "corpus").glob("*.txt")):
        game, _rows = replay_ledger(read_ledger(path.read_text("utf-8")))
        b = vp_breakdown(game)
        assert all(b.sources[f][OTHER] == 0 for f in b.sources), (path.name, b.sources)
        p = game.state.players.get("cultists")
        if p is not None and "SH" in p.buildings.values():
            cultists_sh += 1
            assert b.sources["cultists"][E.FACTION] >= 7, path.name
    assert cultists_sh >= 5  # the case that was wrong is in the corpus


def test_five_long_faction_names_wrap_instead_of_being_cut(title_app, monkeypatch):
    """Seen in Spanish at 1366x768 with five Fire & Ice factions: the legend read 'Moradores de
    l…' and 'Doncellas de hi…' in small type, the table's head 'Moradores de la os…'. The names
    keep their size and whole words: the legend on a second row, the head on more lines."""
    import random

    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.scenes.scoring import ScoringScene
    from tmdesktop.app.session import new_game
    from tmdesktop.rules.random_play import random_step

    game = new_game(5, seed=12, factions=("darklings", "icemaidens", "nomads", "dwarves", "giants"))
    rng = random.Random(12)
    while not game.finished:
        game.apply(*random_step(game, rng))
    try:
        i18n.set_language("es")
        app = title_app((1366, 768))
        scoring = ScoringScene(app, game)
        app.push(scoring)
        key(app, pygame.K_a)
        drawn = record_text(monkeypatch, weight=True)
        app.render(force=True)
        assert len(scoring.legend_rows(scoring.chart_rect.width - scoring.px(40))) == 2
        legend = {s for s, fs, mw, _w in drawn if fs == scoring.fs(14) and mw}
        assert {scoring.label_lines(f)[-1] for f in scoring.factions} <= legend
        assert {"Moradores de", "la oscuridad"} <= {s for s, *_ in drawn}  # the table's head
        for s, fs, mw, weight in drawn:
            if mw and any(word in s for f in scoring.factions for word in scoring.label_lines(f)[-1].split()):
                assert text.width(s, fs, weight) <= mw, (s, fs, mw)
    finally:
        i18n.set_language("en")


def test_the_scoring_screen_and_the_final_scores_dialog_take_the_standing_from_one_place(title_app, monkeypatch):
    """The places (1 + the number of higher scores) were worked out twice, in each screen: both
    now ask `rules.scoring.places`, and show the places the VP give."""
    from tmdesktop.app import text
    from tmdesktop.app.scenes.dialogs import FinalScoresScene
    from tmdesktop.rules import scoring as ranked

    asked = []
    real = ranked.places
    monkeypatch.setattr(ranked, "places", lambda scores: (asked.append(dict(scores)), real(scores))[1])
    app = title_app((1280, 720))
    game, scoring = scoring_of_a_new_game(app)
    vp = {f: p.VP for f, p in game.state.players.items()}
    ordered = sorted(vp.values(), reverse=True)
    expected = sorted(ordered.index(v) + 1 for v in vp.values())  # worked out here, by the scores' order
    drawn = []
    blit = text.blit
    monkeypatch.setattr(text, "blit", lambda surface, s, *a, **k: (drawn.append(s), blit(surface, s, *a, **k))[1])
    for scene in (scoring, FinalScoresScene(app, game)):
        asked.clear()
        drawn.clear()
        page = pygame.Surface((1280, 720))
        scene.resize(page.get_size())
        scene.draw(page)
        assert asked and asked[-1] == vp
        shown = sorted(int(s[:-1]) for s in drawn if re.fullmatch(r"\d\.", s))
        assert shown == expected, (type(scene).__name__, shown, expected)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_row_names_share_one_type_and_the_heads_lines_keep_apart(title_app, monkeypatch, lang, size):
    """As in the review's table: a row name too long for its column alone a size smaller than the
    others reads as another kind of row. The names share one type, each whole at it. Seen in
    Spanish at 1024x600: the "g" of "Jugador 1" touched "Alquimistas" under it in the column head."""
    from pathlib import Path

    from tmdesktop import i18n
    from tmdesktop.app import text
    from tmdesktop.app.scenes.replay_viewer import load_replay
    from tmdesktop.app.scenes.scoring import ROW_NAMES, ScoringScene
    from tmdesktop.i18n import _
    from tmdesktop.rules.data import faction

    app = title_app(size)
    i18n.set_language(lang)
    game, _log, _note = load_replay(Path(__file__).resolve().parents[1] / "data" / "corpus" / "4pLeague_S63_D1L1_G1.txt")
    scoring = ScoringScene(app, game, {f: f"Player {i + 1}" for i, f in enumerate(game.state.players)})
    app.push(scoring)
    key(app, pygame.K_a)
    draw = drawing(monkeypatch, app, scoring)
    drawn = record_text(monkeypatch, weight=True)
    boxes = draw().blits
    head_size = next(fs for s, fs, *_rest in drawn if s == "Player 1")
    ascent = text.font(head_size, "bold").get_ascent()
    heads = [box for s, box in boxes if s in {f"Player {i + 1}" for i in range(4)}]
    under = [box for s, box in boxes if s in {_(faction(f).display) for f in game.state.players}]
    assert len(heads) == 4 and len(under) >= 4
    for box in heads:  # each faction's line under its player's, a whole line's height lower
        below = [u for u in under if u.centerx == box.centerx and u.top > box.top]
        assert below and below[0].top - box.top >= ascent, (box, below, ascent)
    names = {_(n) for n in ROW_NAMES.values()}
    rows = [d for d in drawn if d[0] in names and d[2]]
    assert len(rows) >= 10
    assert len({fs for _s, fs, *_rest in rows}) == 1, rows
    for s, fs, room, weight in rows:
        assert text.width(s, fs, weight) <= room, (s, fs, room)
