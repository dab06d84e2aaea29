"""The play-test problems that cost a player a move, each driven by posted events.

Positions are reached by random legal play from a seeded game (never edited in)."""

import random

import pygame

from tmdesktop import i18n
from tmdesktop.app import describe
from tmdesktop.app.scenes.dialogs import ChoiceScene, ConfirmScene, ConvertScene
from tmdesktop.rules import actions as A
from tmdesktop.settings import Settings

from ui_events import click, hand_over, key


def play_until(app, session, cond, seed, limit=4000):
    """Random legal moves through the session until `cond()` holds, then let the scene prompt."""
    rng = random.Random(seed)
    for _ in range(limit):
        if cond():
            break
        assert session.play_random(1, rng) == 1, "the game ended before the position came up"
    else:
        raise AssertionError("the position never came up")
    while len(app.stack.scenes) > 1:  # pickers opened on the way belong to earlier positions
        app.stack.pop()
    scene = app.stack.top
    scene.round_seen = session.state.round  # the round's summary is not what these tests look at
    scene._prompted_version = -1
    app.step(0.016)
    app.step(0.016)
    return scene


def test_power_offer_to_the_next_player_shows_only_take_and_decline(make_app):
    app, scene, session = make_app(players=4, seed=5)
    game = session.game

    def offer_to_next_player():
        me = session.decider()
        return (me is not None and game.decision(me) == "leech" and game.state.turn.faction == me
                and any(not isinstance(a, (A.Leech, A.Decline)) for a in session.legal()))

    play_until(app, session, offer_to_next_player, seed=5)
    me = session.decider()
    top = app.stack.top
    assert isinstance(top, ChoiceScene) and not top.cancellable
    assert [type(o.value) for o in top.options] == [A.Leech, A.Decline]
    assert [o.label for o in top.options][1] == "Decline"
    # the rulebook's price: power charged minus one, in VP (a single power is free)
    n = top.options[0].value.amount
    p = game.state.players[me]
    got = min(n, 2 * p.power[0] + p.power[1])
    price = f"for {got - 1} VP?" if got > 1 else "for free?"
    assert top.title.endswith(price), top.title
    n = len(game.log)
    click(app, top.rects[1].center)
    assert game.log[n:] == [(me, top.options[1].value)]  # a decline, not some other move


def holds_a_spade(session):
    me = session.decider()
    return me is not None and any(a in session.legal() for a in (A.UseAction("ACT5"), A.UseAction("BON1")))


def test_a_held_spade_is_never_lost_without_saying_so(make_app):
    app, scene, session = make_app(players=3, seed=3)
    game = session.game
    play_until(app, session, lambda: holds_a_spade(session), seed=3)
    hand_over(app)
    me = session.decider()
    spade = next(a for a in session.legal() if a in (A.UseAction("ACT5"), A.UseAction("BON1")))
    assert scene.play(spade)
    p = game.state.players[me]
    assert p.spades >= 1 and session.decider() == me
    app.step(0.016)
    assert "spade" in scene._status_text() and "Enter" in scene._status_text()
    n, held = len(game.log), p.spades
    key(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, ConfirmScene) and "spade" in top.title  # Enter only asks
    assert len(game.log) == n and p.spades >= 1
    click(app, top.rects[1].center)  # No
    assert app.stack.top is scene and len(game.log) == n and p.spades >= 1
    key(app, pygame.K_RETURN)
    click(app, app.stack.top.rects[0].center)  # yes, explicitly: thrown away as the engine wants
    assert game.log[n] == (me, A.DiscardSpade(held)) and game.state.turn.faction != me


def test_greyed_buttons_explain_themselves_on_hover_and_click(make_app):
    app, scene, session = make_app(players=3, seed=3)
    game = session.game
    play_until(app, session, lambda: game.state.phase == "play" and session.decider() is not None
               and not session.mid_turn(), seed=3)
    hand_over(app)
    done = next(b for b in scene.buttons if b.key == "done")
    scene.button_states()
    assert not done.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=done.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert scene.hover == ("disabled", "done")
    assert scene.disabled_reason("done") == "Take an action before ending your turn."
    click(app, done.rect.center)
    assert scene.toast and scene.toast[0] == "Take an action before ending your turn."
    assert scene.tip_hidden  # the click answered the tooltip: it is gone until the mouse moves on


def test_a_power_action_key_asks_first(make_app):
    app, scene, session = make_app(players=3, seed=3)
    game = session.game
    play_until(app, session, lambda: session.decider() is not None and A.UseAction("ACT3") in session.legal()
               and game.decision(session.decider()) == "action", seed=3)
    hand_over(app)
    n = len(game.log)
    key(app, pygame.K_3)
    assert isinstance(app.stack.top, ConfirmScene) and len(game.log) == n
    key(app, pygame.K_ESCAPE)  # no
    assert app.stack.top is scene and len(game.log) == n


def test_convert_rows_stay_under_the_cursor(make_app):
    app, scene, session = make_app(players=3, seed=3)
    game = session.game

    def two_burns():
        me = session.decider()
        return (me is not None and game.decision(me) == "action" and game.state.players[me].power[1] >= 4
                and any(isinstance(a, A.Convert) for a in session.legal()))

    play_until(app, session, two_burns, seed=3)
    hand_over(app)
    me = session.decider()
    key(app, pygame.K_c)
    dlg = app.stack.top
    assert isinstance(dlg, ConvertScene)
    rects = [r.copy() for r in dlg.rects]
    labels = [o.label for o in dlg.options]
    i = next(i for i, o in enumerate(dlg.options) if isinstance(o.value, A.Burn))
    bowl2 = game.state.players[me].power[1]
    click(app, rects[i].center)
    click(app, rects[i].center)  # the same place burns again: nothing moved under the cursor
    assert game.state.players[me].power[1] == bowl2 - 4
    assert [r for r in dlg.rects[:len(rects)]] == rects and [o.label for o in dlg.options][:len(labels)] == labels


def test_a_click_beside_the_convert_dialog_on_the_power_action_it_paid_for_takes_it(make_app):
    """Found play-testing: C, then 3 burned three power tokens; the Convert dialog stays open for
    more conversions, so the click on the power action the burn paid for only closed it, and
    the second click took the action. A click beside a dialog that may be closed acts there too."""
    app, scene, session = make_app(players=4, seed=5)
    app.settings = Settings(warnings=False)  # (the plain flow)
    game = session.game
    found = {}

    def burn_opens_a_power_action():
        me = session.decider()
        if me is None or game.decision(me) != "action":
            return False
        legal = session.legal()
        rows = [a for a in legal if isinstance(a, (A.Convert, A.Burn))]  # the dialog's rows, in order
        for i, burn in enumerate(rows[:9]):
            if not isinstance(burn, A.Burn):
                continue
            after = game.copy()
            after.apply(me, burn)
            now = after.legal_actions(me)
            opened = [a for a in now if isinstance(a, A.UseAction) and a.name.startswith("ACT") and a not in legal]
            if opened and any(isinstance(a, (A.Convert, A.Burn)) for a in now):  # the dialog stays open
                found.update(me=me, row=i, action=opened[0])
                return True
        return False

    play_until(app, session, burn_opens_a_power_action, seed=3)
    hand_over(app)
    me, action = found["me"], found["action"]
    key(app, pygame.K_c)
    key(app, pygame.K_1 + found["row"])
    assert isinstance(app.stack.top, ConvertScene) and isinstance(game.log[-1][1], A.Burn)
    click(app, scene.target_rect(("power", action.name)).center)  # beside the dialog, on the tile
    assert game.log[-1] == (me, action) and not any(isinstance(s, ConvertScene) for s in app.stack.scenes)


def test_the_last_rounds_pass_asks_for_no_bonus_tile(make_app):
    app, scene, session = make_app(players=3, seed=3)
    app.settings = Settings(warnings=False)  # the plain flow; the warnings: test_help_while_playing.py
    game = session.game
    play_until(app, session, lambda: game.state.round == 6 and session.decider() is not None
               and game.decision(session.decider()) == "action", seed=3)
    hand_over(app)
    me = session.decider()
    key(app, pygame.K_x)
    top = app.stack.top
    assert isinstance(top, ConfirmScene) and not any(o.card for o in top.options)
    click(app, top.rects[0].center)
    assert game.log[-2:] == [(me, A.Pass()), (me, A.Done())]


def test_the_pass_picker_shows_tiles_with_their_coins_and_no_notation(make_app):
    """In round 2 the tiles nobody took in round 1 carry a coin: the picker shows it as a coin
    badge on the card, as the board does, and no option is labelled with the tile's code."""
    app, scene, session = make_app(players=3, seed=3)
    app.settings = Settings(warnings=False)
    game = session.game
    play_until(app, session, lambda: game.state.round == 2 and session.decider() is not None
               and game.decision(session.decider()) == "action", seed=3)
    hand_over(app)
    coins = dict(game.state.bonus_pool)
    assert any(coins.values())  # the rules put a coin on each tile left over
    key(app, pygame.K_x)
    top = app.stack.top
    assert isinstance(top, ChoiceScene)
    shown = {o.card: o.badge for o in top.options if o.card}
    assert set(shown) == set(coins)
    assert shown == {b: (str(n) if n else None) for b, n in coins.items()}
    assert not any("BON" in o.label for o in top.options)


def test_plurals_in_every_language(make_app):
    _app, _scene, session = make_app(players=3)
    game = session.game
    assert describe.action(game, A.Convert(1, "W", 1, "C")) == "Convert 1 worker into 1 coin"
    assert describe.action(game, A.Convert(3, "PW", 1, "W")) == "Convert 3 power into 1 worker"
    try:
        i18n.set_language("es")
        assert describe.action(game, A.Convert(1, "W", 1, "C")) == "Convierte 1 trabajador en 1 moneda"
        assert describe.action(game, A.Dig(2)) == "Cava 2 palas"
        i18n.set_language("it")
        assert describe.action(game, A.Convert(5, "PW", 1, "P")) == "Converti 5 Potere in 1 Sacerdote"
    finally:
        i18n.set_language("en")


def test_a_click_with_a_spade_in_hand_asks_before_building_too(make_app):
    """The bar says "click a hex to transform it": a hex where a dwelling could also be built
    asks which (it built at once, paying for the dwelling unasked); either answer is played."""
    app, scene, session = make_app(players=3, seed=3)
    game = session.game
    play_until(app, session, lambda: holds_a_spade(session), seed=3)
    hand_over(app)
    me = session.decider()
    assert scene.play(next(a for a in session.legal() if a in (A.UseAction("ACT5"), A.UseAction("BON1"))))
    app.step(0.016)
    both = [h for h in scene.map.centres
            if {type(a) for a in session.legal() if getattr(a, "hex", None) == h} >= {A.Build, A.Transform}]
    assert both, "no hex to transform or build on"
    n, p = len(game.log), game.state.players[me]
    coins = p.C
    click(app, tuple(map(int, scene.map.centres[both[0]])))
    top = app.stack.top
    assert isinstance(top, ChoiceScene), type(top)
    kinds = [type(o.value) for o in top.options]
    assert A.Build in kinds and A.Transform in kinds and len(game.log) == n  # nothing played yet
    chosen = top.options[kinds.index(A.Transform)].value
    click(app, top.rects[kinds.index(A.Transform)].center)
    assert game.log[n] == (me, chosen) and game.state.owner.get(both[0]) is None
    assert p.C == coins  # no dwelling paid for (a transformation costs spades and workers, never coins)


def test_the_bar_offers_no_conversion_when_only_ending_the_turn_is_left(make_app):
    """After a pass (reached here by random play, which does not end turns by itself), Convert is
    greyed: the bar must not tell the player to convert."""
    app, scene, session = make_app(players=4, seed=3)

    def only_done_left():
        me = session.decider()
        return me is not None and session.turn_stage(me) == "over"

    scene = play_until(app, session, only_done_left, seed=3)
    me = session.decider()
    assert [type(a) for a in session.legal(me)] == [A.Done]
    status = scene._status_text()
    assert "end your turn (Enter)" in status and "convert" not in status.lower()


def test_the_upgrade_tool_never_builds_and_the_special_key_says_why_not(make_app):
    """A click on an empty hex with the Upgrade tool built a dwelling there; A with no special
    action to take did nothing at all."""
    app, scene, session = make_app(demo=36, seed=11)  # the Nomads may build on A1 or upgrade F3
    assert A.Build("A1") in session.legal() and A.Upgrade("F3", "TP") in session.legal()
    key(app, pygame.K_u)
    assert scene.tool == "upgrade"
    click(app, scene.map.centres["A1"])
    assert "A1" not in scene.game.state.owner and scene.toast and "A1" in scene.toast[0]
    key(app, pygame.K_ESCAPE)
    scene.toast = None
    assert not scene.ctl._specials(session.legal())
    key(app, pygame.K_a)
    assert scene.toast and scene.toast[0] == scene.disabled_reason("special")


def test_the_hand_off_notice_names_the_faction_with_its_article(make_app, user_dirs):
    """'Passa il gioco a Streghe': the notice that hands the laptop on names the faction as the
    language does, with its article ('alle Streghe', 'ai Nomadi', 'agli Alchimisti')."""
    from tmdesktop.app.scenes.dialogs import HandoffNotice

    app, scene, session = make_app()
    i18n.set_language("it")
    try:
        app.step(0.016)  # the table asks the first player: the laptop is in their hands
        first = scene.decider()
        assert scene.holder == first
        assert scene.play(session.legal()[0], first)  # a first dwelling: the next player's turn
        app.step(0.016)
        app.step(0.016)
        notice = app.stack.top
        assert isinstance(notice, HandoffNotice)
        nxt = scene.decider()
        assert nxt != first
        name = i18n._(scene.game.state.players[nxt].faction.display)
        article = {"i": "ai", "gli": "agli", "le": "alle"}
        assert any(notice.title == f"Passa il gioco {a} {name}" for a in article.values()), notice.title
        said = notice.options[0].label  # the answer: who takes the laptop ("Sono Streghe" read wrong)
        assert any(said == f"Gioco con {a} {name}: continua" for a in article), said
    finally:
        i18n.set_language("en")


def test_every_row_of_the_send_priest_picker_has_a_key(make_app):
    """Found play-testing: the Send-priest picker lists up to twelve sends (four cults, three
    spaces each), but only its first nine rows had a key. After 1-9 come 0 (the number row or
    the keypad), then the letters, each shown on its row."""
    app, scene, session = make_app(players=4, seed=11)
    app.settings = Settings(warnings=False)  # (the plain flow)
    game = session.game
    play_until(app, session, lambda: session.decider() is not None
               and game.decision(session.decider()) == "action"
               and len(scene.priest_options(session.legal())) == 12, seed=3)
    hand_over(app)
    me = session.decider()
    air = game.state.players[me].cult["AIR"]
    # rows 10-12: Air's 3, 2 and 1 step
    for steps, pressed in ((3, pygame.K_0), (3, pygame.K_KP_0), (2, pygame.K_a), (1, pygame.K_b)):
        key(app, pygame.K_p)
        picker = app.stack.top
        assert isinstance(picker, ChoiceScene) and len(picker.options) == 12
        assert [picker.key_of(i) for i in range(12)] == list("1234567890AB")
        n = len(game.log)
        key(app, pressed)
        assert isinstance(game.log[n][1], A.SendPriest) and game.log[n][0] == me
        assert game.state.players[me].cult["AIR"] == air + steps
        assert session.undo().ok and len(game.log) == n
        hand_over(app)
