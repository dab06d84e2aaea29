"""Who must decide what, now: the one model of the decisions a game is waiting for.

A `Decision` names the faction, the kind of choice and why it is owed; `pending(game)` lists them
in the order the table plays them: a player who has taken the turn's action finishes the turn
first (conversions, spades held, tiles owed: one pair of hands at a time on a shared laptop), then
the answers out of turn (power offers, cult steps, tiles owed by others), then the player whose
turn it is.  `game.to_act()` is the first of them, and
`game.legal_actions(faction)` lists the choices of that faction's first decision.

Kinds:
  factions   pick a faction (nobody in particular: the setup or the players in seat order)
  color      pick a terrain colour (Fire & Ice factions at setup, the Shapeshifters' change)
  favor      take a favor tile            town      take a town tile
  cult       take a granted cult step     lose-cult step back to pay for a volcano (Acolytes)
  unlock     turn a new priest into an unlocked terrain or keep it (Riverwalkers)
  p3         buy a power token for 1 VP (Shapeshifters)
  leech      answer a power offer
  dwelling   place an initial dwelling    bonus     take the initial bonus tile
  spades     use the spades of the round's cult bonus (income phase)
  action     take the turn's action       followup  finish the action (a build after a transform...)
  end        only free actions are left: convert, burn, or end the turn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .state import GameState, Player

#: What a player owes, in the order it is settled (the first one found is their decision): the
#: kind and the `Player` field holding it (a count, a flag, or the list of power offers).
OWED_FIELDS = (
    ("leech", "leech_offers"),
    ("color", "picks_color"),
    ("lose-cult", "lose_cult_owed"),
    ("unlock", "unlocks_owed"),
    ("p3", "p3_offers"),
    ("favor", "favors_owed"),
    ("town", "towns_owed"),
    ("cult", "cult_steps"),
)


def _count(value) -> int:
    return len(value) if isinstance(value, list) else int(value)


#: The same, as (kind, how many `p` owes of it).
OWED = tuple((kind, lambda p, name=name: _count(getattr(p, name))) for kind, name in OWED_FIELDS)
#: Owed choices that must be made before the turn can end (power offers and tokens may wait).
BLOCKS_TURN_END = frozenset({"color", "lose-cult", "unlock", "favor", "town", "cult"})
#: Kinds that belong to the player whose turn it is.
TURN_KINDS = frozenset({"action", "followup", "end"})
#: Follow-ups that keep the action open (a `dig` alone does not: it comes before a transform).
OPEN_FOLLOWUPS = frozenset({"build", "transform", "bridge", "upgrade", "sandstorm"})


@dataclass(frozen=True)
class Decision:
    kind: str
    faction: str | None
    #: Why it is owed, as data: e.g. {"count": 2} for two favor tiles, {"source": "witches",
    #: "amount": 3} for a power offer, {"round": 3} for the action phase.
    why: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def out_of_turn(self) -> bool:
        return self.kind not in TURN_KINDS and self.kind not in ("dwelling", "bonus", "factions")


def owes_any(p: Player) -> bool:
    """Whether `p` owes anything: the fields of `OWED_FIELDS`, read one by one (asked for every
    player after every action, and most players owe nothing most of the time: the quickest test)."""
    if (p.leech_offers or p.picks_color or p.lose_cult_owed or p.unlocks_owed or p.p3_offers
            or p.favors_owed or p.towns_owed or p.cult_steps):
        return True
    return False  # (not `bool(...)`: a call of its own, four times per action)


def owed(p: Player) -> tuple[str, int] | None:
    """The first thing `p` owes (kind, how many), or None."""
    if not owes_any(p):
        return None
    for kind, name in OWED_FIELDS:
        value = getattr(p, name)
        if value:
            return kind, _count(value)
    return None


def owes_before_turn_end(p: Player) -> bool:
    """`owes(p, BLOCKS_TURN_END)`, read field by field (asked at every listing of a turn)."""
    if p.picks_color or p.lose_cult_owed or p.unlocks_owed or p.favors_owed or p.towns_owed or p.cult_steps:
        return True
    return False


def owes(p: Player, kinds: frozenset[str] | None = None) -> bool:
    """Whether `p` owes anything (of `kinds`, if given)."""
    fields = _FIELDS_OF.get(kinds)
    if fields is None:
        fields = _FIELDS_OF[kinds] = tuple(name for kind, name in OWED_FIELDS if kinds is None or kind in kinds)
    for name in fields:
        if getattr(p, name):
            return True
    return False


#: kinds (None: all) -> the `Player` fields holding them (worked out once for each set of kinds)
_FIELDS_OF: dict[frozenset[str] | None, tuple[str, ...]] = {}


def pending(s: GameState) -> list[Decision]:
    """Every decision the game waits for now, in the order the table settles them."""
    if s.phase == "play":
        if not s.owing:  # (after most actions nobody owes anything: the turn's decision alone)
            return [] if s.turn.faction is None else [_turn(s)]
        return _in_action_phase(s)
    return _outside_action_phase(s)


def _outside_action_phase(s: GameState) -> list[Decision]:
    """`pending(s)` in the setup, the income phase and at the end (a function of its own: its
    comprehensions would make `s` a cell, made afresh at every call of `pending`)."""
    if s.phase == "finished":
        return []
    if s.phase in ("factions", "colors"):
        if s.pending_colors:
            return [Decision("color", s.pending_colors[0], {"setup": True})]
        owing = [Decision("favor", n, {"count": s.players[n].favors_owed})
                 for n in s.seats if s.players[n].favors_owed]
        if owing or s.phase == "colors":
            return owing
        return [Decision("factions", None, {"seat": len(s.seats) + 1})]
    if s.phase in ("dwellings", "bonus"):
        if not s.setup_queue:
            return []
        kind = "dwelling" if s.phase == "dwellings" else "bonus"
        return [Decision(kind, s.setup_queue[0])]
    if s.phase == "income-spades":
        return [Decision("spades", n, {"count": s.players[n].spades, "round": s.round})
                for n in s.order if s.players[n].spades and not s.players[n].dropped]
    return _in_action_phase(s)


def _in_action_phase(s: GameState) -> list[Decision]:
    """`pending(s)` in the action phase (asked after every action: looked at first): the decision
    of each of `deciders(s)`."""
    owner = s.turn.faction
    owing, players = s.owing, s.players
    if owner in owing and players[owner].lose_cult_owed:
        return [_volcano_cult(s)]
    out = []
    for n in deciders(s):
        p = players[n]
        # (after `deciders`, a player still in `owing` owes something: the turn's player decides
        # what it owes first, unless dropped, and its turn otherwise)
        out.append(_owed_decision(p) if n in owing and not p.dropped else _turn(s))
    return out


def deciders(s: GameState) -> list[str]:
    """The factions deciding in the action phase, in the order of `pending(s)`, found without
    making their decisions (random play asks at every step: which faction decides is all it
    needs)."""
    owner = s.turn.faction
    owing, players = s.owing, s.players
    if owner in owing and players[owner].lose_cult_owed:
        return [owner]
    others = []
    for n in s.order:
        if n not in owing:
            continue
        p = players[n]
        if not owes_any(p):
            owing.discard(n)  # (settled: not looked at again until they owe something new)
        elif n != owner and not p.dropped:  # (`_in_play` for each player, with the player at hand)
            others.append(n)
    # (the turn's player decides in any case: what it owes, or its turn)
    if owner is None:
        return others
    if not others:  # (most players owe nothing most of the time: no order to settle)
        return [owner]
    return [owner, *others] if mid_turn(s) else [*others, owner]


def of(s: GameState, name: str | None) -> Decision | None:
    """`name`'s first decision in `pending(s)`, worked out for that faction alone in the action
    phase (a legality check asks for one faction's decision: the others' need not be built)."""
    if s.phase != "play":
        return next((d for d in pending(s) if d.faction == name), None)
    owner = s.turn.faction
    if owner in s.owing and s.players[owner].lose_cult_owed:
        return _volcano_cult(s) if name == owner else None
    if name not in s.players:
        return None
    d = _in_play(s, name)
    if d is None and name == owner:
        return _turn(s)
    return d


def _volcano_cult(s: GameState) -> Decision:
    """The Acolytes pay a volcano's cult steps in their build, before neighbours answer (site):
    while they owe them, nobody else decides."""
    return Decision("lose-cult", s.turn.faction, {"count": s.players[s.turn.faction].lose_cult_owed})


def _turn(s: GameState) -> Decision:
    """The decision of the player whose turn it is and who owes nothing."""
    t = s.turn
    key = ("action" if t.actions > 0 else turn_kind(s), t.faction, s.round)
    found = _TURNS.get(key)
    if found is None:
        found = _TURNS[key] = Decision(key[0], key[1], {"round": key[2]})
    return found


#: (kind, faction, round) -> the turn's decision, made once (asked for after nearly every action;
#: a flat key is quicker to find than `_made`'s; never changed, `why` included)
_TURNS: dict[tuple, Decision] = {}


def _in_play(s: GameState, n: str) -> Decision | None:
    """What `n` owes first in the action phase (None: nothing, or dropped out)."""
    if n not in s.owing:
        return None
    p = s.players[n]
    if p.dropped or not owes_any(p):
        return None
    return _owed_decision(p)


def _owed_decision(p: Player) -> Decision:
    """The decision of what `p`, who owes something, owes first."""
    offers = p.leech_offers
    if offers:  # (the commonest: a neighbour built)
        offer = offers[0]
        return _made("leech", p.name, (("source", offer.source), ("amount", offer.amount), ("count", len(offers))))
    kind, count = owed(p)
    return _made(kind, p.name, (("count", count),))


@cache
def _made(kind: str, faction: str | None, why: tuple) -> Decision:
    """The decision (made once: asked for after every action; never changed, `why` included)."""
    return Decision(kind, faction, dict(why))


def mid_turn(s: GameState) -> bool:
    """The turn's player has acted (or is in a double action) and has not ended the turn."""
    t = s.turn
    return s.phase == "play" and t.faction is not None and (t.actions == 0 or t.passed_now or t.extra_action)


def turn_kind(s: GameState) -> str:
    """action, followup or end: what is left of the turn of `s.turn.faction`."""
    t = s.turn
    if t.actions > 0:
        return "action"
    if s.players[t.faction].spades:
        return "followup"  # spades left count as an open follow-up: used or thrown away
    for k, n in t.followups.items():
        if n > 0 and k in OPEN_FOLLOWUPS:
            return "followup"
    return "end"
