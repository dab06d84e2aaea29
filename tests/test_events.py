"""Events with sources: every change of VP, coins, workers, priests, power tokens and cult steps
is an event, in real games (the corpus) and random legal play, and undo drops exactly its own."""

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.data import CULTS
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tests.conftest import CORPUS

RESOURCES = ("VP", "C", "W", "P", "tokens") + CULTS


def values(game: Game) -> dict[tuple[str, str], int]:
    out = {}
    for n, p in game.state.players.items():
        out.update({(n, "VP"): p.VP, (n, "C"): p.C, (n, "W"): p.W, (n, "P"): p.P, (n, "tokens"): sum(p.power)})
        out.update({(n, c): p.cult[c] for c in CULTS})
    return out


def assert_accounted(before: dict, game: Game, events: list) -> None:
    """The events of one action add up to the change of every value of every faction."""
    after = values(game)
    told = dict.fromkeys(after, 0)
    for e in events:
        if isinstance(e, E.Gained) and e.resource in RESOURCES:
            told[e.faction, e.resource] += e.amount
    for key, v in after.items():
        assert v - before.get(key, 0) == told[key], (key, before.get(key, 0), v, events)


def play_accounted(game: Game, log) -> None:
    """Apply `log` to `game`, checking every action's events against the values."""
    for who, action in log:
        before = values(game)
        events = game.apply(who, action)
        assert events is game.events[-1]
        assert_accounted(before, game, events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), fire_ice=st.booleans())
def test_random_play_records_every_change(seed, players, fire_ice):
    options = TOURNAMENT_OPTIONS | ({"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                                     "fire-and-ice-factions/variable_v5", "fire-and-ice-final-scoring"}
                                    if fire_ice else set())
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, options=options))
    for _ in range(4000):
        if game.finished:
            break
        who, action = random_step(game, rng)
        play_accounted(game, [(who, action)])
    assert game.finished
    totals = E.vp_by_source(game.events)
    assert {f: sum(v.values()) for f, v in totals.items()} == {n: p.VP for n, p in game.state.players.items()}


GAMES = sorted(p.name for p in CORPUS.glob("*.txt"))


def ledger_chart(text: str) -> dict[str, list[int]]:
    """Each faction's VP before each round's income (round 1: the start), before final scoring
    and at the end, found by the ledger's own section lines."""
    vp: dict[str, int] = {}
    points: dict[str, list[int]] = {}
    marks = set()
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) >= 15:
            vp[cols[0].strip().lower()] = int(cols[2].split()[0])
            continue
        m = re.fullmatch(r"(Round \d) income|(Scoring) .*", line.strip())
        if m and (m[1] or m[2]) not in marks:  # the first line of a round's income, of final scoring
            marks.add(m[1] or m[2])
            for f, v in vp.items():
                points.setdefault(f, []).append(v)
    for f, v in vp.items():
        points[f].append(v)
    assert len(marks) == 7  # rounds 1-6 and final scoring
    return points


@pytest.mark.parametrize("name", GAMES)
def test_corpus_vp_by_source_matches_the_ledger(corpus_dir, name):
    """VP by source adds up to the published score; each ledger row's VP change is the VP the
    events of that row bring, from the source the row names; the VP chart has the ledger's VP
    at the end of every round."""
    text = (corpus_dir / name).read_text(encoding="utf-8")
    lines = text.splitlines()
    ledger = read_ledger(text)
    spans = []
    game, mismatch = replay_ledger(ledger, spans)
    assert mismatch is None, str(mismatch)

    # Every action's events account for every change (replayed from the log).
    again = Game(game.setup)
    play_accounted(again, game.log[len(again.log):])

    # The per-source totals add up to the final scores of the ledger's last rows.
    last = {r.faction: r.values[0] for r in ledger.rows}
    by_source = E.vp_by_source(game.events)
    assert {f: sum(v.values()) for f, v in by_source.items()} == last
    assert E.vp_timeline(game.events) == ledger_chart(text)

    # The ledger's own VP column, row by row for each faction, against the events.
    segments: dict[str, list] = {f: [] for f in last}  # faction -> [(what the row is, VP by source)]
    open_: dict[str, dict] = {f: {} for f in last}
    row, end = None, -1  # the command row being applied (None once written) and where it ends
    todo = list(spans)

    def close(f, what):
        segments[f].append((what, open_[f]))
        open_[f] = {}

    for i in range(len(game.events) + 1):
        while True:  # the rows that end and start here (a row without actions does both)
            if end == i:
                if row is not None:
                    close(row.faction, row)
                row, end = None, -1
            elif end < 0 and todo and todo[0][1] == i:
                row, _first, end = todo.pop(0)
            else:
                break
        for e in game.events[i] if i < len(game.events) else ():
            if isinstance(e, E.Gained) and e.resource == "VP":
                open_[e.faction][e.source] = open_[e.faction].get(e.source, 0) + e.amount
            elif isinstance(e, E.RoundEnded) and row is not None:
                close(row.faction, row)  # the command comes before the round's end it triggers
                row = None
            elif isinstance(e, E.Checkpoint):
                close(e.faction, e.step)
    assert not todo and end < 0
    vp_before = {}
    for row in ledger.rows:
        f = row.faction
        seg_what, seg = segments[f].pop(0)
        vp = row.values[0]
        if row.command == "setup":
            assert seg == {E.Source(E.START, f): vp} or (vp == 0 and seg == {})
            vp_before[f] = vp
            continue
        got = sum(seg.values())
        if row.merged_label:  # one line for the command and the system row it triggered
            got += sum(segments[f].pop(0)[1].values())
        delta = lines[row.line - 1].split("\t")[1].strip()  # the ledger's own VP change column
        assert got == int(delta or 0) == vp - vp_before[f], (row.line, row.command, seg)
        vp_before[f] = vp
        command = row.command.lower()
        if m := re.fullmatch(r"\+(\d+)vp for (\S+)", command):  # a final scoring step, from that source
            kind = {"network": E.AREA, **dict.fromkeys((c.lower() for c in CULTS), E.CULT_MAJORITY)}
            assert set(seg) == {seg_what} and seg_what.kind == kind.get(m[2], E.FINAL_TILE)
            assert seg_what.kind != E.CULT_MAJORITY or seg_what.key == m[2].upper()
            assert int(m[1]) == got
        elif command == "score_resources":
            assert set(seg) <= {E.Source(E.RESOURCES)}
        elif command.startswith("leech ") and "." not in command:
            assert set(seg) <= {E.Source(E.LEECH, command.split()[-1])}
    assert not any(segments.values())


def test_undo_drops_exactly_the_undone_actions_events():
    rng = random.Random(7)
    game = Game(GameSetup.random(3, 7))
    while game.state.round < 2:
        who, action = random_step(game, rng)
        game.apply(who, action)
    kept = [list(events) for events in game.events]
    who, action = random_step(game, rng)
    caused = game.apply(who, action)
    assert game.events[:-1] == kept and game.events[-1] == caused
    game.undo()
    assert game.events == kept and len(game.events) == len(game.log)


def test_a_refused_action_records_nothing():
    rng = random.Random(3)
    game = Game(GameSetup.random(3, 3))
    while game.state.phase != "play":
        who, action = random_step(game, rng)
        game.apply(who, action)
    kept = [list(events) for events in game.events]
    taken = next(iter(game.state.owner))
    with pytest.raises(RuleError) as err:
        game.apply(game.state.turn.faction, A.Build(taken))
    assert err.value.code == "hex_occupied"
    assert game.events == kept



def test_events_are_values_equal_only_to_events_of_their_own_class():
    # (events are named tuples: a round's start must not be found where only its end was)
    started, ended = E.RoundStarted(2), E.RoundEnded(2)
    assert started != ended and started not in [ended] and started in [E.RoundStarted(2)]
    assert started != (2,) and E.Passed("witches", None, 6) != ("witches", None, 6)
    assert hash(started) == hash(E.RoundStarted(2))
    gained = E.Gained("witches", "VP", 3, E.source(E.FAVOR, "FAV10"))
    assert {gained: 1}[E.Gained("witches", "VP", 3, E.source(E.FAVOR, "FAV10"))] == 1
    assert gained != E.Gained("witches", "VP", 2, E.source(E.FAVOR, "FAV10"))
    with pytest.raises(AttributeError):
        gained.amount = 4
