"""'Suggest a move' (`teaching.hints`): the reasons said are what the suggested turn does.

Positions come from random legal play; each hint's numbers are checked against the game itself
after its turn is played (VP, power offers to the neighbours, income), not against the code that
chose them.
"""

import random

import pytest

from tmdesktop import i18n
from tmdesktop.app import hint_words
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.teaching.hints import hint, hint_from_log


def main_turn_positions(seed: int, players: int = 3, every: int = 9, limit: int = 260):
    """Positions of random legal play where a faction starts its main action."""
    rng = random.Random(seed)
    g = Game(GameSetup.random(players, seed))
    for i in range(limit):
        if g.finished:
            return
        who, a = random_step(g, rng)
        if i % every == 0 and who is not None and g.decision(who) == "action" and g.state.phase == "play":
            yield g, who
        g.apply(who, a)


def after_turn(g, who, turn):
    other = g.copy()
    for a in turn:
        other.apply(who, a)
    return other


@pytest.mark.parametrize("seed", [2, 5])
def test_the_reasons_are_what_the_turn_does(seed):
    checked = 0
    for g, who in main_turn_positions(seed):
        digest = g.digest()
        h = hint(g, who)
        assert g.digest() == digest  # asking changes nothing
        assert h.action == h.turn[0] and h.action in g.legal_actions(who)
        other = after_turn(g, who, h.turn)
        vp = sum(r.args["n"] for r in h.now if r.kind == "vp")
        paid = sum(r.args["vp"] for r in h.now if r.kind == "power")
        assert vp - paid == other.state.players[who].VP - g.state.players[who].VP
        for r in h.now:
            if r.kind == "offer":
                offers = other.state.players[r.args["to"]].leech_offers
                assert any(o.source == who and o.amount == r.args["n"] for o in offers)
        if not any(isinstance(a, A.Pass) for a in h.turn):
            income_before = g.income_of(g.state.players[who])
            income_after = other.income_of(other.state.players[who])
            for r in h.later:
                if r.kind == "income":
                    assert income_after[r.args["resource"]] - income_before[r.args["resource"]] == r.args["n"]
        checked += 1
    assert checked >= 5


def test_the_worker_gets_the_same_hint_from_the_log():
    g, who = next(p for i, p in enumerate(main_turn_positions(7)) if i == 3)
    assert hint_from_log(g.setup, list(g.log), who, seed=4) == hint(g, who, seed=4)


def test_a_hint_in_words_names_the_move_and_its_vp():
    for g, who in main_turn_positions(5):
        h = hint(g, who)
        if any(r.kind == "vp" for r in h.now):
            break
    else:
        pytest.fail("no suggestion scoring VP at once")
    try:
        words = hint_words.summary(g, h)
        n = next(r.args["n"] for r in h.now if r.kind == "vp")
        assert words.startswith(hint_words.headline(g, h)) and f"+{n} VP from" in words
        i18n.set_language("es")
        spanish = hint_words.summary(g, h)
        assert f"+{n} PV" in spanish and spanish != words
    finally:
        i18n.set_language("en")


def test_a_power_action_that_gathers_says_what_it_brings():
    """A suggested power action for coins, workers or a priest said only "Nothing better to do
    now": it says what the action brings (the rulebook's board: 7 coins, 2 workers, 1 priest)."""
    board = {"ACT2": ("P", 1, "+1 priest"), "ACT3": ("W", 2, "+2 workers"), "ACT4": ("C", 7, "+7 coins")}
    for seed in range(2, 30):
        for g, who in main_turn_positions(seed, every=5):
            h = hint(g, who)
            if isinstance(h.main, A.UseAction) and h.main.name in board:
                resource, n, words = board[h.main.name]
                assert any(r.kind == "gain" and r.args == {"resource": resource, "n": n} for r in h.now)
                assert words in hint_words.now_line(g, h)
                return
    pytest.fail("no gathering power action suggested")


def test_a_suggested_town_tile_is_spelled_out_once_with_its_cult_steps_said_together():
    # Found in a review: "Then: take the town tile (8 VP, 1 step on Air, 1 step on Earth, 1 step
    # on Fire, 1 town key, 1 step on Water)" and the same list again in "Now: +8 VP from …".
    import random as _random

    from tmdesktop.app import hint_words
    from tmdesktop.app.session import Session, new_game as session_game
    from tmdesktop.teaching.hints import hint as make_hint

    session = Session(session_game(4, 1))
    rng = _random.Random(1)
    for _ in range(153):  # a random game, to the Giants' turn that can found a town
        session.play_random(1, rng)
    game = session.game
    h = make_hint(game, "giants", 0)
    assert A.TakeTile("TW5") in h.turn
    then, now = hint_words.then_line(game, h), hint_words.now_line(game, h)
    assert then == "Then: Take the town tile"
    assert now.count("1 step on each cult track") == 1 and "8 victory points" in now


def test_a_tile_s_effect_inside_brackets_reads_inside_a_sentence():
    # "Favor tile (Each trading house…" read with a capital in mid-sentence; names and "VP" keep theirs.
    from tmdesktop.app import tile_texts

    effect = tile_texts.explain("FAV10")[-1]
    assert effect[:1].isupper()
    assert hint_words._inside(effect)[:1].islower() and hint_words._inside(effect)[1:] == effect[1:]
    assert hint_words._inside("VP by your number of trading houses (1/2/3/4): 2/3/3/4").startswith("VP")


def test_the_hint_says_what_the_whole_turn_costs():
    # Found in a review: a hint spent the player's only priest without saying so.
    import random as _random

    from tmdesktop.app.session import Session, new_game as session_game
    from tmdesktop.teaching.hints import hint as make_hint

    session = Session(session_game(4, 1))
    rng = _random.Random(1)
    for _ in range(153):
        session.play_random(1, rng)
    game = session.game
    p = game.state.players["giants"]
    assert (p.C, p.W, p.P, game.state.terrain["C5"] != "red") == (7, 6, 0, True)
    h = make_hint(game, "giants", 0)
    assert h.turn[:2] == (A.Convert(3, "PW", 1, "W"), A.Build("C5"))
    # 3 power for a worker; the Giants' two spades at 3 workers each, then the dwelling's
    # 1 worker and 2 coins: 7 workers paid, 1 gained
    assert h.paid == (("C", 2), ("W", 6), ("PW", 3))
    assert hint_words.cost_line(h) == "Costs: 2 coins, 6 workers, 3 power"


def test_the_cost_of_a_turn_counts_the_power_token_a_volcano_takes():
    """Found by a play-test: a Dragonlords hint said 'Costs: 2 coins, 1 worker' for a dwelling
    that also took a power token out of the game (their volcano)."""
    from tmdesktop.app.hint_words import cost_line
    from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS
    from tmdesktop.teaching.hints import Hint, _paid

    setup = GameSetup.random(3, 2, map_key="fire_ice_side1", options=TOURNAMENT_OPTIONS | FIRE_ICE_FACTION_OPTIONS,
                             factions=("dragonlords", "witches", "nomads"))
    game, rng = Game(setup), random.Random(2)
    for _ in range(3000):
        p = game.state.players.get("dragonlords")
        if game.state.phase == "play" and game.decision("dragonlords") == "action":
            volcano = [a for a in game.legal_actions("dragonlords") if isinstance(a, A.Build)
                       and game.state.terrain[a.hex] != "volcano"]
            if volcano:
                break
        game.apply(*random_step(game, rng))
    else:
        raise AssertionError("no volcano to build")
    after = game.copy()
    events = after.apply("dragonlords", volcano[0])
    paid = dict(_paid(game, after, "dragonlords", events))
    assert paid.get("tokens") == 1 and sum(after.state.players["dragonlords"].power) == sum(p.power) - 1
    words = cost_line(Hint("dragonlords", volcano[0], volcano[0], (volcano[0],), (), (), tuple(paid.items())))
    assert "1 power token" in words, words


def _space_taken(before: Game, after: Game, cult: str) -> int:
    """The order space a priest sent to `cult` took, read from the positions before and after it
    (the value of the space newly held; 1: none, the priest went back to the supply)."""
    from tmdesktop.rules.constants import CULT_SPOT_VALUES

    new = [i for i, (was, now) in enumerate(zip(before.state.cult_spots[cult], after.state.cult_spots[cult]))
           if was != now]
    return CULT_SPOT_VALUES[new[0]] if new else 1


def test_a_suggested_plain_priest_send_says_the_space_it_will_take():
    """Seen in the hint panel: "Then: Send a priest to Fire (1 step, priest returns)" for the
    Acolytes, while the suggestion's plain send (the best free space) took Fire's 2 space: the
    words said every plain send returned its priest."""
    from tmdesktop.app import describe
    from tmdesktop.app.session import Session, new_game as session_game
    from tmdesktop.teaching.hints import hint as make_hint

    session = Session(session_game(4, 5, ("acolytes", "witches", "nomads", "engineers")))
    rng = random.Random(5)
    for _ in range(278):
        session.play_random(1, rng)
    game = session.game
    h = make_hint(game, "acolytes", 0)
    assert h.turn == (A.UseAction("BON1"), A.SendPriest("FIRE"), A.CultStep("FIRE", 1))
    played = after_turn(game, "acolytes", h.turn[:1])
    assert _space_taken(played, after_turn(played, "acolytes", h.turn[1:2]), "FIRE") == 2  # what it does
    assert hint_words.then_line(game, h) == "Then: Send a priest to Fire (2 steps); Advance on Fire"
    assert describe.action(game, A.SendPriest("FIRE")) == "Send a priest to Fire (2 steps)"
    assert describe.planned(game, "acolytes", h.turn)[1] == "Send a priest to Fire (2 steps)"


def test_a_plain_priest_send_is_worded_with_the_space_the_engine_would_take():
    """Every plain send (no space named) offered in random play is worded with the space apply
    then takes: 3, 2, or 1 step with the priest back to the supply when the four are taken."""
    from tmdesktop.app import describe

    words = {3: "(3 steps)", 2: "(2 steps)", 1: "(1 step, priest returns)"}
    seen = set()
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        g = Game(GameSetup.random(4, seed))
        while not g.finished and len(g.log) < 900:
            who, a = random_step(g, rng)
            if who is not None:
                for send in g.legal_actions(who, only=A.SendPriest):
                    if send.spot is None:
                        space = _space_taken(g, after_turn(g, who, [send]), send.cult)
                        seen.add(space)
                        assert describe.action(g, send).endswith(words[space]), (describe.action(g, send), space)
            g.apply(who, a)
    assert {3, 2} <= seen


def test_a_pick_among_options_is_not_called_nothing_better_to_do():
    # Seen in a real window: the hint for the Acolytes' colour said "Nothing better to do now.",
    # while one of four colours had to be chosen.
    from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, TOURNAMENT_OPTIONS

    g = Game(GameSetup(players=2, options=TOURNAMENT_OPTIONS | FIRE_ICE_FACTION_OPTIONS,
                       score_tiles=("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"),
                       bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"), factions=("acolytes", "witches")))
    assert g.decision("acolytes") == "color"
    h = hint(g, "acolytes")
    assert isinstance(h.action, A.PickColor) and not h.now and not h.later
    assert hint_words.no_reason_line(g, h) == "The choices are close here: by the computer's count this one is a little ahead."
    for g, who in main_turn_positions(2):  # in a turn, the words stay
        assert hint_words.no_reason_line(g, hint(g, who)) == "Nothing better to do now."
        break
