"""'Suggest a move': the computer opponent's choice for a player, and what to say about it, as data.

`hint(game, faction)` asks `ai.suggest` (Medium) for the best turn, plays that turn on a copy and
keeps the reasons worth saying: what the turn gains now (VP by source from the engine's events,
power offered to neighbours, tiles and cult steps) and what it sets up (income per round, the
evaluation's parts that grow most).  `app/hint_words.py` puts them into words.  `hint_from_log`
is the same from picklable inputs, for the worker process.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai import engine_api as EA
from ..ai.suggest import Suggestion, suggest
from ..rules import actions as A
from ..rules import events as E
from ..rules.data import CULTS
from ..rules.errors import RuleError

LEVEL = "medium"
#: At most this many reasons of each group are said (the largest first).
MOST_NOW, MOST_LATER = 3, 3
#: Evaluation parts worth a word when they grow by at least this many projected VP.
PART_MIN = 1.0
#: Where the resources an action gathers come from (the board's, a bonus tile's, a faction's action).
GATHERING = (E.POWER_ACTION, E.BONUS_ACTION, E.FACTION_ACTION)
#: Actions that prepare the turn's main action (the headline is the action after them).
PREPARING = (A.Convert, A.Burn)


@dataclass(frozen=True)
class Reason:
    kind: str  # vp, offer, tile, cult, power, gain, income, part
    params: tuple[tuple[str, object], ...] = ()

    @property
    def args(self) -> dict:
        return dict(self.params)


def _r(kind: str, **params) -> Reason:
    return Reason(kind, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Hint:
    faction: str
    action: A.Action  # the first step: what "do it" plays
    main: A.Action  # the turn's main action, the headline
    turn: tuple[A.Action, ...]
    now: tuple[Reason, ...]  # what the turn gains at once
    later: tuple[Reason, ...]  # what it sets up
    #: What the whole turn pays, (resource, amount) for C, W, P and the power spent from bowl III:
    #: its coins, workers and priests fewer at the end (conversions inside it counted), and the
    #: power spent (a hint that spent the only priest did not say so); then the power tokens and
    #: cult steps it loses ("tokens", FIRE...: burning, a volcano)
    paid: tuple[tuple[str, int], ...] = ()


def main_action(turn: tuple[A.Action, ...]) -> A.Action:
    return next((a for a in turn if not isinstance(a, PREPARING)), turn[0])


def up_to_main(h: Hint) -> tuple[A.Action, ...]:
    """The suggested turn's steps up to its main action: what "do it" plays (burning four power
    tokens for a power action is four steps, and one suggestion)."""
    return h.turn[: h.turn.index(h.main) + 1]


def hint(game, faction: str, seed: int = 0) -> Hint:
    return explain(game, faction, suggest(game, faction, LEVEL, seed))


def hint_from_log(setup, log, faction: str, seed: int = 0) -> Hint:
    """The same from a setup and an action log (how the worker process gets the position)."""
    return hint(EA.replay(setup, log), faction, seed)


def explain(game, faction: str, s: Suggestion) -> Hint:
    """The reasons of a suggestion, from playing its turn on a copy of `game`."""
    copy = game.copy()
    events: list = []
    played: list[A.Action] = []
    for a in s.turn:
        try:
            events += copy.apply(faction, a)
        except RuleError:  # a plan step the engine refuses (should not happen): say what was played
            break
        played.append(a)
    return Hint(faction, s.action, main_action(s.turn), s.turn,
                tuple(_now(game, faction, events))[:MOST_NOW],
                tuple(_later(game, copy, faction, s, played))[:MOST_LATER],
                _paid(game, copy, faction, events))


def _paid(game, after, faction: str, events) -> tuple[tuple[str, int], ...]:
    before_p, after_p = game.state.players[faction], after.state.players[faction]
    out = [(k, getattr(before_p, k) - getattr(after_p, k)) for k in ("C", "W", "P")]
    lost = [e for e in E.gains_of(events, faction) if e.amount < 0]
    out.append(("PW", -sum(e.amount for e in lost if e.resource == "PW")))
    # what leaves the game or the tracks: burnt tokens, a volcano's token or cult steps
    out.append(("tokens", -sum(e.amount for e in lost if e.resource == "tokens")))
    out += [(c, -sum(e.amount for e in lost if e.resource == c)) for c in CULTS]
    return tuple((k, n) for k, n in out if n > 0)


def _now(game, faction: str, events) -> list[Reason]:
    mine = list(E.gains_of(events, faction))
    out: list[Reason] = []
    vp: dict[E.Source, int] = {}
    for e in mine:
        if e.resource == "VP":
            vp[e.source] = vp.get(e.source, 0) + e.amount
    for source, n in sorted(vp.items(), key=lambda kv: -kv[1]):
        if n > 0:
            out.append(_r("vp", n=n, source=source.kind, key=source.key))
    for e in events:
        if isinstance(e, E.PowerOffered) and e.faction == faction:
            out.append(_r("offer", to=e.to, n=e.amount))
    leech = E.power_gained(events, faction, E.LEECH)
    if leech:
        cost = -sum(n for s, n in vp.items() if s.kind == E.LEECH and n < 0)
        out.append(_r("power", n=leech, vp=cost))
    cults: dict[str, int] = {}
    for e in mine:
        if e.resource in CULTS and e.amount > 0:
            cults[e.resource] = cults.get(e.resource, 0) + e.amount
    out += [_r("cult", cult=c, n=n) for c, n in cults.items()]
    # what an action that gathers brings (seven coins, two workers, a priest): with nothing else
    # to say, such a turn was suggested as "nothing better to do now"
    gathered: dict[str, int] = {}
    for e in mine:
        if e.resource in ("C", "W", "P") and e.amount > 0 and e.source.kind in GATHERING:
            gathered[e.resource] = gathered.get(e.resource, 0) + e.amount
    out += [_r("gain", resource=k, n=n) for k, n in gathered.items()]
    return out


def _later(game, after, faction: str, s: Suggestion, played: list[A.Action]) -> list[Reason]:
    out: list[Reason] = []
    if not any(isinstance(a, A.Pass) for a in played) and game.state.phase == "play":
        before = EA.income(game, game.state.players[faction])
        now = EA.income(after, after.state.players[faction])
        for key in ("C", "W", "P", "PW"):
            d = now.get(key, 0) - before.get(key, 0)
            if d > 0:
                out.append(_r("income", resource=key, n=d))
    for tile in (a.tile for a in played if isinstance(a, A.TakeTile) and a.tile.startswith("FAV")):
        out.append(_r("tile", tile=tile))  # a town tile's worth is its VP, said with what it gains now
    shown_income = any(r.kind == "income" for r in out)
    for part, v in s.sets_up:
        if v >= PART_MIN and not (part == "income_to_come" and shown_income):
            out.append(_r("part", part=part, vp=round(v)))
    return out
