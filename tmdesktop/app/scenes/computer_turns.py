"""The computer seats' turns in the map view: ask the worker, then show each move before the next.

Each computer move is played as soon as its answer is in and the previous move has been on screen
for the Settings' time (`computer.MOVE_SECONDS`; Tab shows the next at once): a banner says who
did what and rings where.  Nothing here waits: `update` polls the worker once a frame.
"""

from __future__ import annotations

from tmdesktop.i18n import Worded, _
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import POWER_ACTIONS

from .. import describe, theme
from ..computer import SEAT_KINDS, Thinker, move_seconds
from ..table_controller import HEX_ACTIONS

BANNER = "computer"  # the scene's annotation key for the last computer move


def move_targets(faction: str, action: A.Action) -> list:
    """Where a move shows on the table (the scene's `hit` targets), the player's panel last."""
    out: list = []
    if isinstance(action, HEX_ACTIONS):
        out.append(("hex", action.hex))
    elif isinstance(action, A.Connect):
        out.append(("hex", action.river))
    elif isinstance(action, A.PlaceBridge):
        out += [("hex", action.a), ("hex", action.b)]
    elif isinstance(action, A.UseAction):
        out.append(("power", action.name) if action.name in POWER_ACTIONS else ("held", (faction, action.name)))
    elif isinstance(action, A.TakeTile):
        out.append(("favor" if action.tile.startswith("FAV") else "town", action.tile))
    elif isinstance(action, A.Pass) and action.bonus:  # the tile taken, in the mover's panel now
        out.append(("bonus", action.bonus))
    elif isinstance(action, A.Advance):  # the track in the player's panel
        out.append((action.track, faction))
    elif isinstance(action, (A.SendPriest, A.CultStep)):  # the cult track climbed
        out.append(("cult", action.cult))
    elif isinstance(action, (A.Leech, A.Burn)) or isinstance(action, A.Convert) and action.give == "PW":
        out.append(("bowls", faction))  # the power bowls changed
    return out + [("player", faction)]


#: Seconds the last computer move's note stays once a person is to decide (after the move's own
#: time on screen); then its ring alone stays. The note covered tiles and panels all through the
#: person's turn (play-test); the Last moves panel (M) keeps every move.
NOTE_SECONDS_ON_A_PERSONS_TURN = 6.0


class ComputerTurns:
    def __init__(self, scene, speed: str = "normal"):
        self.scene = scene
        self.thinker = Thinker()
        self.speed = speed
        self.hold = 0.0  # seconds the last move still stays on screen alone
        self.ready: tuple | None = None  # (key, action): an answer waiting for its turn on screen
        self.note_left: float | None = None  # the note's seconds left while a person decides

    @property
    def session(self):
        return self.scene.session

    def thinking(self) -> str | None:
        """The computer seat the table waits for now."""
        return None if self.session.game.finished else self.session.computer_to_act()

    def skip(self) -> None:
        """Tab: the next computer move now."""
        self.hold = 0.0

    def reset(self) -> None:
        """The game went back (an undo): forget answers and the banner."""
        self.thinker.forget()
        self.ready = None
        self.hold = 0.0
        self.note_left = None
        self.scene.clear_annotations(BANNER)

    def status(self) -> str:
        me = self.thinking()
        if me is None:
            return ""
        return _("{faction} ({level}) is thinking… (Tab: next move at once)").format(
            faction=describe.faction(self.session.game, me), level=_(SEAT_KINDS[self.session.computers[me]]))

    def update(self, dt: float) -> bool:
        """Poll the worker and play a move when it is its turn; True while the computer is busy."""
        self.hold = max(0.0, self.hold - dt)
        me = self.thinking()
        if me is None:
            self.thinker.forget()
            self.ready = None
            self._note_gives_way(dt)
            return self.hold > 0
        game = self.session.game
        key = (self.session.version, len(game.log), me)
        if self.ready is not None and self.ready[0] != key:
            self.ready = None
        if self.ready is None:
            if self.thinker.key != key or not self.thinker.busy():
                self.thinker.forget()
                self.thinker.start(game, me, self.session.computers[me], key)
            self.ready = self._answer(me, key)
        scene = self.scene
        if self.ready is not None and self.hold <= 0 and scene.app.stack.input_top() is scene:
            action = self.ready[1]
            self.ready = None
            self.play(me, action)
        return True

    def _note_gives_way(self, dt: float) -> None:
        """While a person decides, the last move's note goes after its time; its ring stays."""
        targets, note = self.scene.annotations.get(BANNER, ((), ""))
        if not note:
            self.note_left = None
            return
        if self.note_left is None:
            self.note_left = self.hold + NOTE_SECONDS_ON_A_PERSONS_TURN
        self.note_left -= dt
        if self.note_left <= 0:
            self.scene.annotate(BANNER, list(targets), "", theme.COMPUTER_MOVE)
            self.note_left = None

    def _answer(self, me: str, key: tuple) -> tuple | None:
        try:
            got = self.thinker.poll()
        except Exception as exc:  # a fault in the computer must not stop the game: a legal move instead
            legal = self.session.legal(me)
            # kept through the simple move played next, which would clear a refusal's toast
            self.scene.show_toast(_("The computer player failed ({why}); it made a simple move instead.").format(
                why=type(exc).__name__), kept=True)
            return (key, legal[0]) if legal else None
        return got if got is not None and got[0] == key else None

    def play(self, me: str, action: A.Action) -> None:
        scene = self.scene
        before = scene.game.copy()  # the move is said of the position it was chosen in
        if not scene.play(action, me):  # refused (the toast says why): a legal move keeps the game going
            legal = self.session.legal(me)
            if not legal or not scene.play(legal[0], me):
                return
            action = legal[0]
        if isinstance(action, A.Done):  # ending the turn is no move to look at
            return
        events = scene.game.events[-1]
        # worded when drawn: the banner stays while the Settings change the language
        words = Worded(lambda: _("{faction}: {move}").format(faction=describe.faction(before, me),
                                                             move=describe.played(before, me, action, events)))
        scene.annotate(BANNER, move_targets(me, action), words, theme.COMPUTER_MOVE)
        self.hold = move_seconds(self.speed)
        self.note_left = None  # (its time starts when a person is to decide)
