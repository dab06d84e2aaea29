"""The table's controller decides what to ask, as data and without pygame: which picker a
decision opens, its answers (only the decision's own), and whether the laptop changes hands.
Positions come from seeded random legal play."""

import random
import subprocess
import sys

from tmdesktop.rules import actions as A
from tmdesktop.app.session import Session, new_game
from tmdesktop.app.table_controller import TableController


def test_the_controller_needs_no_pygame():
    code = "import sys, tmdesktop.app.table_controller; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_each_decision_asks_only_its_own_answers():
    seen = set()
    for seed in (3, 4):
        session = Session(new_game(4, seed))
        ctl = TableController(session)
        rng = random.Random(seed)
        while not session.game.finished:
            me = session.decider()
            if me is not None:
                check_question(ctl, session, me)
                seen.add(session.game.decision(me))
            assert session.play_random(1, rng) == 1
    assert {"leech", "favor", "bonus", "action"} <= seen


def check_question(ctl, session, me):
    g = session.game
    kind = g.decision(me)
    p = g.state.players[me]
    legal = session.legal()
    others = [f for f in g.state.players if f != me]
    ctl.holder = others[0]
    q = ctl.question()
    assert q.faction == me and q.kind == kind and q.handoff  # in someone else's hands: said first
    ctl.holder = me
    q = ctl.question()
    assert not q.handoff
    answers = [o.value for o in q.options]
    assert all(a in legal for a in answers)
    if kind == "leech":
        offer = p.leech_offers[0]
        assert answers == [a for a in legal if isinstance(a, (A.Leech, A.Decline)) and a.source == offer.source]
        assert sorted(type(a).__name__ for a in answers) == ["Decline", "Leech"]
        assert [o.label for o in q.options if isinstance(o.value, A.Decline)] == ["Decline"]
    elif kind in ("favor", "town"):
        prefix = "FAV" if kind == "favor" else "TW"
        assert answers == [a for a in legal if isinstance(a, A.TakeTile) and a.tile.startswith(prefix)]
        assert q.cards and all(o.card == a.tile for o, a in zip(q.options, answers))
    elif kind == "bonus":
        assert answers == [a for a in legal if isinstance(a, A.Pass) and a.bonus] and q.cards
    elif kind == "action":
        assert answers == [] and q.title == ""  # the turn is played on the map



def test_keeping_a_priest_the_riverwalkers_have_no_room_for_says_it_is_lost():
    """At their priest limit the engine takes a kept priest away: the picker said "Keep the
    priest +1" all the same."""
    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS, GameSetup

    options = TOURNAMENT_OPTIONS | FIRE_ICE_FACTION_OPTIONS
    found = {}  # at the limit or not -> the "keep" option shown
    for seed in range(40):
        setup = GameSetup.random(4, seed, map_key="fire_ice_side1", options=options,
                                 factions=("riverwalkers", "witches", "nomads", "darklings"))
        session = Session(Game(setup))
        ctl, rng = TableController(session), random.Random(seed)
        while not session.game.finished and len(found) < 2:
            me = session.decider()
            if me == "riverwalkers" and session.game.decision(me) == "unlock":
                p = session.game.state.players[me]
                ctl.holder = me
                keep = next(o for o in ctl.question().options if o.value == A.UnlockTerrain("gain-priest"))
                found.setdefault(p.P >= p.max_priests, keep)
            assert session.play_random(1, rng) == 1
        if len(found) == 2:
            break
    assert found[True].label.startswith("Keep the priest (lost") and found[True].tokens == []
    assert found[False].label == "Keep the priest" and found[False].tokens == [("P", "+1")]


def test_the_riverwalkers_bonus_picker_says_the_spade_tile_is_not_for_them():
    """Play-test: the setup's bonus picker offered the Riverwalkers the spade tile with its
    "Action, once per round: 1 spade" alone; they may take it for its income, never its action."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_rule_cards import riverwalkers_placing_dwellings

    game = riverwalkers_placing_dwellings()
    while game.state.phase == "dwellings":
        who = game.state.setup_queue[0]
        game.apply(who, game.legal_actions(who)[0])
    session = Session(game)
    ctl = TableController(session)
    notes = {}
    for me in ("witches", "riverwalkers"):  # the bonus tiles are taken in reverse seat order
        ctl.holder = session.decider()
        assert ctl.holder == me and game.decision(me) == "bonus"
        notes[me] = {o.card: o.note for o in ctl.question().options}
        game.apply(me, A.Pass(next(t for t in notes[me] if t != "BON1")))
    assert notes["riverwalkers"]["BON1"] == "The Riverwalkers cannot use spades, so Spade (bonus tile) is not for them."
    assert set(notes["riverwalkers"].values()) - {None} == {notes["riverwalkers"]["BON1"]}
    assert notes["witches"]["BON1"] is None


def test_a_greyed_build_button_speaks_of_every_hex_not_the_first_one():
    """Play-test: the greyed Build button said "G5 is not reachable from your buildings.", as if
    G5 were the only hex. Where no free hex of the player's terrain is in reach it says so."""
    from tmdesktop.rules.errors import RuleError

    seen = 0
    for seed in range(3):
        session = Session(new_game(4, seed))
        ctl, rng, g = TableController(session), random.Random(seed), session.game
        while not g.finished and seen < 3:
            me = session.decider()
            if me is not None and g.decision(me) == "action" and not any(isinstance(a, A.Build) for a in session.legal()):
                p = g.state.players[me]
                free = [h for h in g.board.land if g.state.terrain[h] == p.faction.home and h not in g.state.owner]
                reach = {"out_of_reach", "out_of_reach_shipping"}
                codes = set()
                for h in free:
                    try:
                        g.copy().apply(me, A.Build(h))
                    except RuleError as e:
                        codes.add(e.code)
                if free and codes <= reach:
                    ctl.holder = me
                    assert ctl.disabled_reason("build") == "No free hex of your terrain is in your reach."
                    seen += 1
                elif free and codes - reach:  # a hex in reach: its objection is said
                    ctl.holder = me
                    assert ctl.disabled_reason("build") != "No free hex of your terrain is in your reach."
            assert session.play_random(1, rng) == 1
    assert seen == 3


def test_the_bar_offers_enter_only_where_the_turn_can_end():
    """Found play-testing: with a bridge taken (ACT1) and not yet placed, the bar said "or end
    your turn (Enter)", and Enter was refused with "Place the bridge you took...". """
    from tests.positions import new_game as position

    g = position(("nomads", "witches"), {"nomads": ["B4", "B1", "B6"], "witches": ["F4", "G3"]},
                 {"nomads": "BON5", "witches": "BON3"})
    g.apply("nomads", A.Burn(3))
    g.apply("nomads", A.UseAction("ACT1"))
    ctl = TableController(Session(g))
    assert not g.can_end_turn("nomads")
    assert "(Enter)" not in ctl.status_text()
    bridge = next(a for a in g.legal_actions("nomads") if isinstance(a, A.PlaceBridge))
    g.apply("nomads", bridge)
    ctl = TableController(Session(g))
    assert g.can_end_turn("nomads") and "(Enter)" in ctl.status_text()
