"""Warnings before a costly mistake: what an action would throw away, as data (code + params).

`warnings_for(game, faction, action)` plays the action on a copy of the game and reads what the
engine reports (its events and its legal actions before and after); it never looks at a screen
and never changes `game`.  The app words each warning (`app/warning_words.py`) and asks the
player before applying the action.  An action the engine refuses has no warnings: the refusal
itself is the message.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import actions as A
from ..rules import events as E
from ..rules.constants import COINS_PER_VP, CULT_POWER
from ..rules.data import CULTS, POWER_ACTIONS, tile
from ..rules.errors import RuleError

#: The codes, one per kind of loss.
POWER_LOST = "power_lost"  # power the bowls cannot take (params: n, offered)
DECLINE_FREE = "decline_free_power"  # declining power that costs no VP (params: n, source)
PASS_UNUSED = "pass_unused_actions"  # passing with power actions or tile/stronghold actions unused
SPADES_UNUSED = "spades_unused"  # throwing spades away (params: n)
FOLLOWUP_UNUSED = "followup_unused"  # ending the turn while the action can still be finished
BURN_NOT_NEEDED = "burn_not_needed"  # burning power that opens nothing new this turn
FINAL_LEFTOVERS = "final_leftovers"  # the last pass with resources still spendable on actions
BRIDGES_LOST = "bridges_lost"  # an action's bridges with no free place for them (params: n, granted)

LAST_ROUND = 6
#: Actions that spend resources on the board (what resources left at the end could have done).
MAIN_SPENDS = (A.Build, A.Upgrade, A.Transform, A.SendPriest, A.Advance, A.UseAction, A.PlaceBridge)


@dataclass(frozen=True)
class GameWarning:
    code: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def args(self) -> dict:
        return dict(self.params)


def _w(code: str, **params) -> GameWarning:
    return GameWarning(code, tuple(sorted(params.items())))


def warnings_for(game, faction: str, action: A.Action) -> list[GameWarning]:
    """What `action` by `faction` would waste now, most costly kinds first; [] if nothing (or if
    the engine refuses the action)."""
    if faction not in game.state.players:
        return []
    try:
        after = game.copy()
        events = after.apply(faction, action)
    except RuleError:
        return []
    out: list[GameWarning] = []
    out += _power_lost(game, faction, action, events)
    out += _declined_free_power(game, faction, action)
    out += _pass_unused(game, faction, action)
    out += _spades_unused(game, faction, action)
    out += _followup_unused(game, faction, action)
    out += _burn_not_needed(game, faction, action)
    out += _final_leftovers(game, faction, action)
    out += _bridges_lost(game, faction, action, after)
    return out


# ---------------------------------------------------------------------------------------- checks

def _power_lost(game, faction: str, action: A.Action, events) -> list[GameWarning]:
    """Power the action promises (an offer, the cult track's power spaces, a tile's power) against
    the power the engine moved: the rest is lost because bowls I and II cannot give it."""
    p = game.state.players[faction]
    promised = moved = 0
    if isinstance(action, A.Leech):
        offer = next((o for o in p.leech_offers if o.source == action.source), None)
        got = E.power_gained(events, faction, E.LEECH)
        # a cap by VP is the price, not the bowls; an offer that moves nothing is no choice at all
        if offer is not None and p.VP + 1 >= offer.amount and got > 0:
            promised += offer.amount
            moved += got
    steps: dict[str, int] = {}
    for e in E.gains_of(events, faction):  # cult steps: the power spaces they cross
        if e.resource in CULTS and e.amount > 0:
            steps[e.resource] = steps.get(e.resource, 0) + e.amount
    for cult, n in steps.items():
        old = p.cult[cult]
        promised += sum(pw for level, pw in CULT_POWER if old < level <= old + n)
        moved += E.power_gained(events, faction, E.CULT_TRACK, cult)
    if isinstance(action, A.TakeTile):
        pw = tile(action.tile).get("gain", {}).get("PW", 0)
        if pw:
            promised += pw
            moved += E.power_gained(events, faction, E.FAVOR if action.tile.startswith("FAV") else E.TOWN,
                                   action.tile)
    lost = promised - moved
    return [_w(POWER_LOST, n=lost, promised=promised)] if promised and lost > 0 else []


def _declined_free_power(game, faction: str, action: A.Action) -> list[GameWarning]:
    """Declining an offer that would cost no VP (taking it, on a copy, changes no VP)."""
    if not isinstance(action, A.Decline):
        return []
    p = game.state.players[faction]
    offers = [o for o in p.leech_offers if action.source is None or o.source == action.source]
    out = []
    for offer in offers[:1] if action.source is not None else offers:
        took = game.copy()
        try:
            events = took.apply(faction, A.Leech(offer.amount, offer.source))
        except RuleError:
            continue
        gained = E.power_gained(events, faction, E.LEECH)
        vp = sum(e.amount for e in E.gains(E.gains_of(events, faction)) if e.source.kind == E.LEECH)
        if gained > 0 and vp == 0:
            out.append(_w(DECLINE_FREE, n=gained, source=offer.source))
    return out


def _pass_unused(game, faction: str, action: A.Action) -> list[GameWarning]:
    """Passing (during the rounds) while the engine still lists power actions the player can pay
    for, or actions of their tiles and stronghold (the bonus tile's go back with it), or power
    actions that burning power first would pay for (`burn`: name -> the fewest tokens to burn)."""
    if not isinstance(action, A.Pass) or game.state.phase != "play":
        return []
    uses = [a.name for a in game.legal_actions(faction) if isinstance(a, A.UseAction)]
    power = tuple(n for n in uses if n in POWER_ACTIONS)
    own = tuple(n for n in uses if n not in POWER_ACTIONS)
    burn = fewest_burns(game, faction)
    if not (power or own or burn):
        return []
    return [_w(PASS_UNUSED, power=power, own=own, burn=tuple(sorted(burn.items())))]


def fewest_burns(game, faction: str) -> dict[str, int]:
    """The power actions the engine lists for `faction` only after burning power: name -> the
    fewest tokens to burn (tried on copies). The pass warning names them; the table offers the
    burn with such an action when it is clicked."""
    listed = game.legal_actions(faction)
    now = {a.name for a in listed if isinstance(a, A.UseAction)}
    burn: dict[str, int] = {}
    for b in sorted((a for a in listed if isinstance(a, A.Burn)), key=lambda a: a.n):  # the fewest first
        trial = game.copy()
        try:
            trial.apply(faction, b)
        except RuleError:
            continue
        for a in trial.legal_actions(faction):
            if isinstance(a, A.UseAction) and a.name in POWER_ACTIONS and a.name not in now:
                burn.setdefault(a.name, b.n)
    return burn


def _spades_unused(game, faction: str, action: A.Action) -> list[GameWarning]:
    if isinstance(action, A.DiscardSpade):
        n = min(action.n, game.state.players[faction].spades)
        return [_w(SPADES_UNUSED, n=n)] if n > 0 else []
    return []


#: The parts of an action the engine keeps open (`turn.followups`) that are worth finishing.
FOLLOWUP_KINDS = {A.Build: "build", A.Transform: "transform", A.Upgrade: "upgrade", A.PlaceBridge: "bridge"}


def _followup_unused(game, faction: str, action: A.Action) -> list[GameWarning]:
    """Ending the turn while a part of its action is still open and listed by the engine (the
    dwelling on the hex a spade action dug, the bridge of a bridge action ...).  A player alone
    in the round gets the next turn at once: nothing is given up."""
    if not isinstance(action, A.Done):
        return []
    s = game.state
    p = s.players[faction]
    if s.turn.faction != faction or game.alone_in_round(p):
        return []
    open_ = {k for k, v in s.turn.followups.items() if v > 0}
    left = [a for a in game.legal_actions(faction) if FOLLOWUP_KINDS.get(type(a)) in open_]
    if not left:
        return []
    kinds = tuple(sorted({type(a).__name__.lower() for a in left}))
    hexes = tuple(sorted({a.hex for a in left if isinstance(a, (A.Build, A.Transform, A.Upgrade))}))
    return [_w(FOLLOWUP_UNUSED, kinds=kinds, hexes=hexes[:4])]


def _bridges_lost(game, faction: str, action: A.Action, after) -> list[GameWarning]:
    """Bridges the action grants (the Riverwalkers' stronghold: two at once) that no free bridge
    place can take: placed one by one on the copy while the engine lists a place, the rest is
    lost (the play-test's Riverwalkers lost both without a word)."""
    granted = after.state.turn.followups.get("bridge", 0) - game.state.turn.followups.get("bridge", 0)
    if granted <= 0 or after.state.turn.faction != faction:
        return []
    after = after.copy()  # (the bridges are placed on a copy of its own: `after` is shared)
    placed = 0
    while placed < granted:
        place = next((a for a in after.legal_actions(faction) if isinstance(a, A.PlaceBridge)), None)
        if place is None:
            break
        after.apply(faction, place)
        placed += 1
    return [_w(BRIDGES_LOST, n=granted - placed, granted=granted)] if placed < granted else []


def _spending(game, faction: str) -> set:
    """What power in bowl III can buy now: the power (and other) actions, and each kind of conversion."""
    out = set()
    for a in game.legal_actions(faction):
        if isinstance(a, A.UseAction):
            out.add(a.name)
        elif isinstance(a, A.Convert) and a.give == "PW":
            out.add(("convert", a.get))
    return out


def _burn_not_needed(game, faction: str, action: A.Action) -> list[GameWarning]:
    """Burning that opens nothing: even burning as much as possible now makes no new power action
    and no new kind of conversion possible (in the last round burning still counts at the end)."""
    if not isinstance(action, A.Burn) or game.state.round >= LAST_ROUND:
        return []
    p = game.state.players[faction]
    most = None
    for n in range(p.power[1] // 2, action.n - 1, -1):  # the largest burn the engine accepts
        try:
            most = game.copy()
            most.apply(faction, A.Burn(n))
            break
        except RuleError:
            most = None
    if most is None or _spending(most, faction) - _spending(game, faction):
        return []
    return [_w(BURN_NOT_NEEDED, n=action.n, bowl3=p.power[2])]


def _final_leftovers(game, faction: str, action: A.Action) -> list[GameWarning]:
    """The last pass while the engine still lists actions that spend resources on the board: what
    is held becomes coins at the end, 3 (the rate) for 1 VP."""
    s = game.state
    if not isinstance(action, A.Pass) or s.phase != "play" or s.round < LAST_ROUND:
        return []
    spends = [a for a in game.legal_actions(faction) if isinstance(a, MAIN_SPENDS)]
    if not spends:
        return []
    p = s.players[faction]
    if p.C + p.W + p.P + p.power[2] < 2 * COINS_PER_VP:  # worth less than 2 VP: not worth a question
        return []
    kinds = tuple(sorted({type(a).__name__.lower() for a in spends}))
    return [_w(FINAL_LEFTOVERS, C=p.C, W=p.W, P=p.P, PW=p.power[2], rate=COINS_PER_VP, kinds=kinds)]
