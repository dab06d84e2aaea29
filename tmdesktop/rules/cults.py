"""The cult tracks: steps, priests on the order spaces, keys and the power they give."""

from __future__ import annotations

from . import actions as A
from . import events as E
from .constants import CULT_SPOT_VALUES, CULT_POWER
from .data import CULTS
from .errors import RuleError
from .state import Player


class Cults:
    """A part of `engine.Game` (mixed into it); see the module docstring."""

    def _advance_cult(self, p: Player, cult: str, n: int, source: E.Source) -> int:
        old = p.cult[cult]
        new = min(old + n, 10)
        if new == 10 and old < 10:
            taken = any(o is not p and o.cult[cult] == 10 for o in self.state.players.values())
            # A town being founded brings its key with the tile, so it already counts here.
            if taken or p.keys + p.towns_owed <= 0:
                new = 9
            else:
                p.keys -= 1
        new = max(new, old)
        for level, pw in CULT_POWER:
            if old < level <= new:
                self._gain_power(p, pw, E.source(E.CULT_TRACK, cult))
        p.cult[cult] = new
        if new > old:
            self._record(E.Gained, p.name, cult, new - old, source)
        return new - old

    def _do_send(self, p: Player, a: A.SendPriest) -> None:
        s = self.state
        cult = a.cult.upper()
        if cult not in CULTS:
            raise RuleError("unknown_cult", cult=a.cult)
        if p.P <= 0:
            raise RuleError("no_priest")
        spots = s.cult_spots[cult]
        index = None if a.spot == 1 else self.order_space(cult, a.spot)
        if index is None and a.spot not in (None, 1):
            raise RuleError("cult_space_taken", cult=cult, n=a.spot)
        self._use_subaction(p, "send")
        source = E.source(E.CULT_TRACK, cult)
        self._add(p, "P", -1, source)
        steps = 1
        if index is not None:
            spots[index] = p.name
            p.priests_on_cults += 1
            steps = CULT_SPOT_VALUES[index]
        self._record(E.PriestSent, p.name, cult, steps)
        self._advance_cult(p, cult, steps + p.priest_bonus, source)

    def priest_space(self, cult: str) -> int:
        """The order space a priest sent to `cult` without naming one (the plain send, `SendPriest(cult)`)
        takes now: the best free one's value (3 or 2), or 1 when the four are taken (one step, and
        the priest goes back to the supply)."""
        index = self.order_space(cult.upper())
        return 1 if index is None else CULT_SPOT_VALUES[index]

    def order_space(self, cult: str, value: int | None = None) -> int | None:
        """The index of the order space of `cult` a priest sent there takes now: the best free one,
        or with `value` the first free one worth that many steps (None: no such space is free)."""
        return next((i for i, (v, o) in enumerate(zip(CULT_SPOT_VALUES, self.state.cult_spots[cult]))
                     if o is None and value in (None, v)), None)

    def _do_cult_step(self, p: Player, a: A.CultStep) -> None:
        cult = a.cult.upper()
        if cult not in CULTS:
            raise RuleError("unknown_cult", cult=a.cult)
        if a.n < 0 and p.lose_cult_owed:
            # Acolytes pay for a volcano with steps back on one track (no power is lost).
            if -a.n != p.lose_cult_owed or p.cult[cult] < p.lose_cult_owed:
                raise RuleError("step_back_owed", n=p.lose_cult_owed)
            if p.cult[cult] == 10:
                p.keys += 1  # leaving space 10 gives its key back and frees the space
            p.cult[cult] += a.n
            p.lose_cult_owed = 0
            self._record(E.Gained, p.name, cult, a.n, E.source(E.VOLCANO))
            return
        if a.n < 0:
            # Stepping back to leave a single key to another track (TW5): not from 10, not below 7.
            if self.state.turn.faction != p.name or p.cult[cult] == 10 or p.cult[cult] + a.n < 7:
                raise RuleError("cannot_step_back", cult=cult)
            p.cult[cult] += a.n
            self._record(E.Gained, p.name, cult, a.n, E.source(E.CULT_TRACK, cult))
            return
        if p.cult_steps < a.n:
            raise RuleError("no_cult_step")
        if p.cult_steps_same_track and a.n != p.cult_steps:
            raise RuleError("cult_steps_same_track")
        p.cult_steps -= a.n
        if p.cult_steps == 0:
            p.cult_steps_same_track = False
        self._advance_cult(p, cult, a.n, E.source(E.CULT_TRACK, cult))
