"""A full round of a three-player game played only with posted mouse and key events.

Setup (dwellings by clicking, bonus tiles from the picker), then round 1: a build, an upgrade
whose power offers are accepted by one neighbour and declined by the other, burning power and a
power action, a conversion, an upgrade to a temple with its favor tile, and passes until round 2
begins.  Finally every move of round 1 is undone with Ctrl+Z, and after each undo the state must
equal the deep copy taken before that move, with the pickers the earlier decisions need reopened.
"""

import copy

import pygame

from tmdesktop.app.scenes.dialogs import ChoiceScene, ConfirmScene, ConvertScene, HandoffScene
from tmdesktop.rules import actions as A
from tmdesktop.settings import Settings

from ui_events import click, hand_over, key

SEED = 11


class Table:
    """The app plus a record of the state before every logged move."""

    def __init__(self, app, scene, session):
        self.app, self.scene, self.session = app, scene, session
        self.game = session.game
        self.before: dict[int, object] = {}

    @property
    def state(self):
        return self.game.state

    def snapshot(self):
        self.before.setdefault(len(self.game.log), copy.deepcopy(self.state))

    def settle(self):
        self.app.step(0.016)
        self.app.step(0.016)

    def click(self, pos):
        self.snapshot()
        click(self.app, pos)

    def key(self, k, mod=0):
        self.snapshot()
        key(self.app, k, mod)

    def hand_over(self):
        """Take the laptop for the next player when the game says to hand it over."""
        hand_over(self.app)

    def click_hex(self, label):
        x, y = self.scene.map.centres[label]
        self.click((int(x), int(y)))

    def top(self):
        self.settle()
        return self.app.stack.top

    def choose(self, test, kind=ChoiceScene):
        """Click the option of the dialog on top whose value passes `test`."""
        top = self.top()
        assert isinstance(top, kind), f"expected a {kind.__name__}, found {type(top).__name__}"
        i = next(i for i, o in enumerate(top.options) if test(o.value))
        self.click(top.rects[i].center)

    def end_turn(self, who):
        """Enter, unless the turn ended by itself (nothing was left to do in it)."""
        if self.game.can_end_turn(who):
            n = len(self.game.log)
            self.key(pygame.K_RETURN)
            assert self.game.log[n:] == [(who, A.Done())]
        assert self.state.turn.faction != who

    def answer_offers(self, accept: set[str]) -> list:
        answered = []
        for _ in range(6):
            top = self.top()
            if not isinstance(top, HandoffScene):
                break
            who = self.session.decider()
            wanted = A.Leech if who in accept else A.Decline
            self.choose(lambda a: isinstance(a, wanted), HandoffScene)
            answered.append(self.game.log[-1])
        return answered

    def pass_turn(self, who):
        assert self.session.decider() == who
        self.key(pygame.K_x)
        top = self.top()
        tile = top.options[0].value.bonus
        self.choose(lambda a: isinstance(a, A.Pass))
        # passing ends the turn by itself (and the last pass, the round)
        assert self.game.log[-2:] == [(who, A.Pass(tile)), (who, A.Done())]
        assert self.state.turn.faction != who


def neighbours_of(game, hex_):
    return set(game.adjacent(hex_))


def find_meeting_point(game):
    """A hex of one faction's home terrain touching both other factions' home terrains."""
    s = game.state
    homes = {n: p.faction.home for n, p in s.players.items()}
    for x in s.seats:
        others = [n for n in s.seats if n != x]
        for h in sorted(game.board.land):
            if s.terrain[h] != homes[x]:
                continue
            near = sorted(neighbours_of(game, h) & set(game.board.land))
            picks = [next((n for n in near if s.terrain[n] == homes[o]), None) for o in others]
            if all(picks):
                return x, h, dict(zip(others, picks))
    raise AssertionError("no hex touches the two other home terrains")


def test_a_full_round_by_events_then_undo_restores_every_state(make_app):
    app, scene, session = make_app(size=(1280, 720), players=3, seed=SEED)
    app.settings = Settings(warnings=False)  # the plain flow; the warnings: test_help_while_playing.py
    t = Table(app, scene, session)
    game, st = t.game, t.state
    assert st.phase == "dwellings" and len(st.seats) == 3

    # ---------------------------------------------------------------- setup
    upgrader, meet, near = find_meeting_point(game)
    plan = {upgrader: [meet], **{n: [h] for n, h in near.items()}}
    while st.phase == "dwellings":
        who = session.decider()
        legal = [a.hex for a in session.legal() if isinstance(a, A.Build)]
        wanted = plan[who].pop(0) if plan[who] else None
        if wanted is None:  # elsewhere, away from everyone, so no stray power offers
            wanted = next(h for h in legal if not neighbours_of(game, h) & set(st.owner))
        assert wanted in legal
        t.click_hex(wanted)
        t.hand_over()
        assert st.owner.get(wanted) == who, scene.toast
    assert st.phase == "bonus"
    while st.phase == "bonus":
        t.hand_over()
        who = session.decider()
        top = t.top()
        assert isinstance(top, ChoiceScene) and all(o.card for o in top.options)  # the picker opened itself
        tile = top.options[-1].value.bonus
        t.choose(lambda a: a.bonus == tile)
        assert st.players[who].bonus == tile
    assert st.phase == "play" and st.round == 1
    start = len(game.log)
    first, *_rest = st.order
    accepter, decliner = sorted(near)

    # ---------------------------------------------------------------- round 1
    # the first player builds a dwelling (B, then a glowing hex)
    t.hand_over()
    builder = session.decider()
    assert builder == first
    t.key(pygame.K_b)
    assert scene.tool == "build"
    targets = scene.highlights()
    quiet = [h for h in targets if not neighbours_of(game, h) & set(st.owner)]
    target = (quiet or targets)[0]
    t.click_hex(target)
    assert st.owner[target] == builder and st.players[builder].buildings[target] == "D"
    t.end_turn(builder)
    t.answer_offers(accept=set())

    def upgrade(to: str):
        who = session.decider()
        assert who == upgrader
        t.key(pygame.K_u)
        assert scene.tool == "upgrade" and meet in scene.highlights()
        t.click_hex(meet)
        if to != "TP":  # a temple or a stronghold: the scene asks which
            t.choose(lambda a: isinstance(a, A.Upgrade) and a.to == to)
        assert st.players[who].buildings[meet] == to, scene.toast

    def power_action(who):
        assert session.decider() == who
        # burn power until a power action is affordable (the convert panel stays open)
        t.key(pygame.K_c)
        assert isinstance(t.top(), ConvertScene)
        while st.players[who].power[2] < 3:
            t.choose(lambda a: isinstance(a, A.Burn), ConvertScene)
        t.key(pygame.K_ESCAPE)
        assert t.top() is scene
        priests = st.players[who].P
        n = len(game.log)
        t.key(pygame.K_2)  # the priest power action: a key asks before it acts
        assert isinstance(t.top(), ConfirmScene) and len(game.log) == n
        t.key(pygame.K_RETURN)
        assert game.log[-1] == (who, A.UseAction("ACT2")), scene.toast
        assert st.players[who].P == priests + 1 and "ACT2" in st.blocked
        t.end_turn(who)

    def convert(who):
        assert session.decider() == who
        p = st.players[who]
        coins, workers = p.C, p.W
        t.key(pygame.K_c)
        t.choose(lambda a: a == A.Convert(1, "W", 1, "C"), ConvertScene)
        t.key(pygame.K_ESCAPE)
        assert (p.C, p.W) == (coins + 1, workers - 1)

    seen_offers = []
    favor_taken = None
    done = {"upgraded": False, "temple": False, "power": False, "converted": False}
    for _turn in range(12):
        if st.round != 1:
            break
        t.hand_over()
        who = session.decider()
        assert t.top() is scene
        if who == upgrader and not done["upgraded"]:
            upgrade("TP")
            t.end_turn(who)
            seen_offers = t.answer_offers(accept={accepter})
            done["upgraded"] = True
        elif who == upgrader and not done["temple"]:
            upgrade("TE")
            top = t.top()  # the temple brings a favor tile: its picker opens by itself
            assert isinstance(top, ChoiceScene) and all(o.card and o.card.startswith("FAV") for o in top.options)
            favor_taken = top.options[0].value.tile
            t.choose(lambda a: a == A.TakeTile(favor_taken))
            assert favor_taken in st.players[who].favors
            t.end_turn(who)
            t.answer_offers(accept=set())  # the neighbours answer once the turn is over
            done["temple"] = True
        elif who != upgrader and not done["power"] and who != builder:
            power_action(who)
            done["power"] = True
        elif who != upgrader and not done["converted"]:
            convert(who)
            done["converted"] = True
            t.pass_turn(who)
            t.end_turn(who)
        else:
            t.pass_turn(who)
            t.end_turn(who)
    assert all(done.values()), done
    assert st.round == 2 and st.phase == "play", (st.round, st.phase)
    assert [type(a) for _f, a in seen_offers] and {(f, type(a)) for f, a in seen_offers} == {
        (accepter, A.Leech), (decliner, A.Decline)}
    assert favor_taken

    # ---------------------------------------------------------------- undo it all
    end = len(game.log)
    t.end_log = [a for _f, a in game.log]
    reopened_favor_picker = False
    while len(game.log) > start:
        n = len(game.log)
        t.key(pygame.K_z, pygame.KMOD_CTRL)
        top = t.top()
        if isinstance(top, ConfirmScene):  # undoing another player's move asks first
            click(app, top.rects[0].center)
        m = len(game.log)
        # a turn that ended by itself is taken back with the action that ended it
        assert m == n - 1 or (m == n - 2 and t.end_log[n - 1] == A.Done()), "Ctrl+Z did not undo"
        assert game.state == t.before[m], f"state after undoing move {m} differs"
        top = t.top()
        if isinstance(top, ChoiceScene) and any(o.card and o.card.startswith("FAV") for o in top.options):
            reopened_favor_picker = True
    assert end - start >= 15
    assert reopened_favor_picker, "the favor tile picker did not reopen after undoing the pick"
    assert game.state.round == 1 and not any(p.passed for p in game.state.players.values())
