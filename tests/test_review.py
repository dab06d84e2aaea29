"""The review of a game (`teaching.review`) against the corpus ledgers: VP per round and by
source, the turning points' swings, and "better moves" that really evaluate better."""

import io
import re
from contextlib import redirect_stdout

import pytest

from tmdesktop.ai.evaluation import evaluate
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.teaching import review as R
from tests.conftest import CORPUS

GAMES = ["4pLeague_S60_D1L1_G1", "4pLeague_S63_D1L1_G4", "4pLeague_S69_D1L1_G7"]


def ledger_rounds(text: str):
    """From the ledger's own rows: VP gained per (round, faction) in the rounds' turns, and VP
    paid for power per (round, faction) on the rows taking power ("Leech 2 from witches", also
    after a cult step: "+AIR. Leech 2 from darklings")."""
    last: dict[str, int] = {}
    gained: dict[tuple[int, str], int] = {}
    leech: dict[tuple[int, str], int] = {}
    section = None
    for line in text.splitlines():
        if "\t" not in line:
            if m := re.match(r"Round (\d), turn", line.strip()):
                section = int(m[1])
            elif line.strip().startswith(("Round", "Scoring", "Converting")):
                section = None
            continue
        cols = line.split("\t")
        faction, vp, command = cols[0].strip(), int(cols[2].split()[0]), cols[14].strip()
        delta = vp - last.get(faction, vp)
        last[faction] = vp
        if section is not None:
            gained[section, faction] = gained.get((section, faction), 0) + delta
            if any(part.lower().startswith("leech") for part in command.split(". ")):
                leech[section, faction] = leech.get((section, faction), 0) + delta
    return gained, leech


def replayed(name: str):
    text = (CORPUS / f"{name}.txt").read_text("utf-8")
    spans: list = []
    game, mismatch = replay_ledger(read_ledger(text), spans)
    assert mismatch is None
    return text, game, spans


@pytest.mark.parametrize("name", GAMES)
def test_round_vp_matches_the_ledger(name):
    text, game, _spans = replayed(name)
    gained, leech = ledger_rounds(text)
    assert len({r for r, _f in gained}) == 6
    for r in range(1, 7):
        by_faction = R.round_vp(game.events, r)
        for f in game.state.seats:
            sources = by_faction.get(f, {})
            assert sum(sources.values()) == gained.get((r, f), 0), (r, f)
            paid = sum(v for s, v in sources.items() if s.kind == E.LEECH)
            assert paid == leech.get((r, f), 0), (r, f)


def test_round_vp_by_source_read_from_the_rows():
    """Round 1 of S60 G1, the Darklings' rows: "dig 1. build g6" +4, "Leech 2 from engineers" −1,
    "dig 1. build f7" +4, "Build e10" +2, "Pass bon1" +5: three dwellings on SCORE5 (2 each), two
    spades dug (Darklings: 2 each), five dwellings when passing with BON9 (1 each)."""
    _text, game, _spans = replayed("4pLeague_S60_D1L1_G1")
    assert R.round_vp(game.events, 1)["darklings"] == {
        E.Source(E.ROUND_TILE, "SCORE5"): 6, E.Source(E.FACTION, "darklings"): 4,
        E.Source(E.LEECH, "engineers"): -1, E.Source(E.BONUS_PASS, "BON9"): 5}


@pytest.mark.parametrize("name", GAMES)
def test_moves_cover_the_log_once(name):
    _text, game, _spans = replayed(name)
    log = list(game.log)
    ms = R.moves(game.setup, log)
    covered = [i for m in ms for i in range(m.start, m.end)]
    assert covered == sorted(set(covered))
    assert covered == [i for i, (f, _a) in enumerate(log) if f is not None]
    assert all(len({f for f, _a in log[m.start:m.end]}) == 1 for m in ms)
    leeches = [m for m in ms if isinstance(log[m.start][1], (A.Leech, A.Decline))]
    assert leeches and all(m.end == m.start + 1 and not m.turn for m in leeches)


@pytest.mark.parametrize("name", GAMES)
def test_turning_points_are_the_ledgers_largest_gains(name):
    text, game, spans = replayed(name)
    points = R.overview(game).turning_points
    assert len(points) == R.TURNING_POINTS
    # the ledger rows of each move: their VP changes, read from the rows themselves
    previous: dict[str, int] = {}
    row_delta = {}
    for row in read_ledger(text).rows:
        row_delta[row.line] = row.values[0] - previous.get(row.faction, row.values[0])
        previous[row.faction] = row.values[0]
    for tp in points:
        rows = [row for row, first, end in spans if tp.move.start <= first and end <= tp.move.end
                and first < end and row.faction == tp.move.faction]
        assert rows
        assert sum(row_delta[row.line] for row in rows) == tp.vp
    # no single command row of the ledger gained more than the largest turning point
    biggest = max(row_delta[row.line] for row, _first, _end in spans)
    assert biggest <= max(tp.vp for tp in points)


def test_better_moves_really_evaluate_better():
    _text, game, _spans = replayed("4pLeague_S60_D1L1_G1")
    log = list(game.log)
    rv = R.review(game.setup, log, ["darklings"])
    found = rv.better_moves["darklings"]
    assert 1 <= len(found) <= R.BETTER_PER_PLAYER
    for j in found:
        before = Game.replay(game.setup, log[:j.move.start])
        played, suggested = before.copy(), before.copy()
        assert j.played == tuple(a for _f, a in log[j.move.start:j.move.start + len(j.played)])
        for a in j.played:
            played.apply("darklings", a)
        for a in j.suggested:
            suggested.apply("darklings", a)  # legal in the position before the move
        gain = evaluate(suggested, "darklings").total - evaluate(played, "darklings").total
        assert gain >= R.THRESHOLD
        assert gain == pytest.approx(j.difference)


def test_review_cli_prints_the_ledger_totals():
    from tmdesktop.review_cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(CORPUS / "4pLeague_S60_D1L1_G1.txt"), "--player", "engineers"]) == 0
    printed = out.getvalue()
    # the manifest's final scores of this game
    assert "Engineers 161" in printed and "Darklings 143" in printed and "Winners: Engineers" in printed
    assert printed.count("Suggested: ") >= 1


def test_review_cli_refuses_an_unknown_player(capsys):
    from tmdesktop.review_cli import main

    assert main([str(CORPUS / "4pLeague_S60_D1L1_G1.txt"), "--player", "witches"]) == 2
    assert "witches" in capsys.readouterr().err


@pytest.mark.parametrize("seed,players", [(3, 2), (8, 5)])
def test_random_games_round_vp_add_up_to_the_vp_over_the_rounds(seed, players):
    """In random legal games: each round's VP by source are the change of the VP timeline over
    that round, and the moves cover the log."""
    from tmdesktop.rules.random_play import random_game

    game = random_game(seed, players=players)
    timeline = E.vp_timeline(game.events)
    for f in game.state.seats:
        for r in range(1, 7):
            assert sum(R.round_vp(game.events, r).get(f, {}).values()) == timeline[f][r] - timeline[f][r - 1]
    log = list(game.log)
    covered = [i for m in R.moves(game.setup, log) for i in range(m.start, m.end)]
    assert covered == [i for i, (f, _a) in enumerate(log) if f is not None]


def test_review_cli_reads_a_save_and_judges_its_people(tmp_path):
    from tmdesktop import saves
    from tmdesktop.rules.random_play import random_game
    from tmdesktop.review_cli import main

    game = random_game(4, players=3)
    computer_seat, *people = game.state.seats
    path = tmp_path / f"g{saves.SUFFIX}"
    saves.save_game(game, path, "g", names={people[0]: "Ana"}, computers={computer_seat: "easy"})
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path)]) == 0
    printed = out.getvalue()
    better = printed[printed.index("Better moves"):]
    assert "Ana · " in better
    judged = [line for line in better.splitlines()[1:] if line.startswith("  ") and not line.startswith("    ")]
    assert len(judged) == len(people)


def test_review_cli_explains_a_file_it_cannot_read(tmp_path, capsys):
    from tmdesktop.review_cli import main

    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text("not a ledger\n", "utf-8")
    assert main([str(bad)]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_review_cli_says_when_a_game_is_not_over(tmp_path):
    from tmdesktop import saves
    from tmdesktop.rules.random_play import random_game
    from tmdesktop.review_cli import main

    whole = random_game(5, players=2)
    game = Game.replay(whole.setup, list(whole.log)[:len(whole.log) // 2])
    path = tmp_path / f"half{saves.SUFFIX}"
    saves.save_game(game, path, "half")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path)]) == 0
    assert "The game is not over; the scores so far: " in out.getvalue()
    assert "Winners" not in out.getvalue()


def test_repeated_actions_are_counted_in_words():
    from tmdesktop.app.review_words import turn_text

    _text, game, _spans = replayed("4pLeague_S60_D1L1_G1")
    burn, priest = A.Burn(3), A.UseAction("ACT2")
    assert turn_text(game, (burn, burn, priest)) == (
        "Burn 3 power tokens (bowl II to III) ×2; Power action: Priest")


def test_the_cultists_stronghold_vp_are_a_faction_ability_in_the_round_summary_too():
    """Found play-testing: the Cultists' stronghold 7 VP read "Buildings +7" in the round summary
    and "Faction abilities +7" in the final table. The Cultists of a corpus game build it in round
    6 with a town (+14 VP in the ledger: 7 for the stronghold, TW2's 7)."""
    from tests.positions import corpus_game
    from tmdesktop.app.review_words import kind_totals, round_vp_text
    from tmdesktop.rules import events as E
    from tmdesktop.teaching.review import round_vp

    game = corpus_game("4pLeague_S60_D1L1_G6.txt")
    totals = kind_totals(round_vp(game.events, 6)["cultists"])
    assert E.BUILDING not in totals and totals[E.FACTION] >= 7 and totals[E.TOWN] >= 7
    assert "Buildings" not in round_vp_text(6, round_vp(game.events, 6)["cultists"])
