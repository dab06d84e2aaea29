"""Whole-turn planning: candidate turns (conversions, a main action, its follow-ups and the
decisions it brings), each scored by the evaluation of the position it leads to.

The move list is pruned before anything expensive: transformations only towards the faction's
own terrain, conversions only as short preludes that make a new main action affordable, and
only the best candidates by a one-step look are completed into whole turns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..rules import actions as A
from . import engine_api as E
from .evaluation import Evaluation, advantage, evaluate, game_progress
from .levels import Level

FREE = (A.Convert, A.Burn, A.Done, A.Connect, A.Leech, A.Decline)
#: Decisions of one's own that a turn's main action can bring and that the turn settles.
OWED = ("favor", "town", "cult", "color", "unlock", "lose-cult", "p3")


@dataclass(frozen=True)
class Plan:
    """One candidate turn: its actions in order, the main one, and where it leads."""

    actions: tuple[A.Action, ...]
    main: A.Action | None
    score: float  # what the level ranks by (the evaluation, with look-ahead for Hard)
    evaluation: Evaluation  # the honest evaluation right after the turn


def _run(game, faction: str, actions) -> object | None:
    """A copy of the game after `actions`, or None if one of them is refused."""
    g = E.copy_of(game)
    for a in actions:
        try:
            E.play(g, faction, a)
        except Exception:  # noqa: BLE001 - a refused step only rules this candidate out
            return None
    return g


def target_colors(p) -> set[str]:
    return {c for c in (p.home, p.color) if c}


def main_candidates(game, faction: str) -> list[A.Action]:
    p = E.state(game).players[faction]
    targets = target_colors(p)
    return [a for a in E.legal(game, faction)
            if not isinstance(a, FREE) and not (isinstance(a, A.Transform) and a.color not in targets)]


def _preludes(game, faction: str) -> list[tuple[A.Action, ...]]:
    """Short runs of free conversions (and burning) worth trying before the main action."""
    legal = E.legal(game, faction)
    converts = [a for a in legal if isinstance(a, A.Convert)]  # (the Alchemists' VP into coins too)
    out: list[tuple[A.Action, ...]] = []
    for c in converts:
        reps = 4 if c.get == "C" else 2
        out += [(c,) * n for n in range(1, reps + 1)]
    if any(isinstance(a, A.Burn) for a in legal):
        p = E.state(game).players[faction]
        to_w = [c for c in converts if c.give == "PW" and c.get == "W"]
        for b in range(1, min(6, p.power[1] // 2) + 1):
            out.append((A.Burn(1),) * b)
            for c in to_w:
                out += [(A.Burn(1),) * b + (c,) * n for n in (1, 2)]
    return out


def best_one_step(game, faction: str, options: list, level: Level, rng: random.Random,
                   stay: bool = False) -> A.Action | None:
    """The option whose result evaluates best (None: staying put is better, if `stay`)."""
    best, best_score = None, advantage(game, faction, level.weights, level.rivalry) if stay else float("-inf")
    for a in options:
        g = E.after(game, faction, a)
        if g is None:
            continue
        score = advantage(g, faction, level.weights, level.rivalry) + rng.gauss(0, level.noise) if level.noise \
            else advantage(g, faction, level.weights, level.rivalry)
        if score > best_score:
            best, best_score = a, score
    if best is None and not stay and options:
        best = options[0]
    return best


#: Power taken from a neighbour's building is worth more than its tokens while rounds remain:
#: it comes between one's own turns and buys actions sooner (the tempo tournament players take
#: it for).
TEMPO_PER_POWER = 0.9


def answer_offer(game, faction: str, options: list, level: Level, rng: random.Random) -> A.Action | None:
    """Take or decline a power offer."""
    # the terms' multipliers were fitted to main turns, not offers (answered with them, the
    # tournament players' answers were matched 83% of the time instead of 85%)
    weights = replace(level.weights, terms=())
    offers = [a for a in options if isinstance(a, (A.Leech, A.Decline))]
    p = E.state(game).players[faction]
    rounds_left = game_progress(game, p)[0]
    best, best_score = None, float("-inf")
    for a in offers:
        g = E.after(game, faction, a)
        if g is None:
            continue
        score = advantage(g, faction, weights, level.rivalry)
        if isinstance(a, A.Leech):
            gained = sum(E.state(g).players[faction].power[1:]) - sum(p.power[1:]) + \
                E.state(g).players[faction].power[2] - p.power[2]
            score += TEMPO_PER_POWER * gained * min(1.0, rounds_left / 3)
        if level.noise:
            score += rng.gauss(0, level.noise)
        if score > best_score:
            best, best_score = a, score
    return best


def complete_turn(game, faction: str, level: Level, rng: random.Random, limit: int = 12) -> list[A.Action]:
    """Settle the rest of the turn in place: follow-ups, tiles and steps owed, a second action."""
    done: list[A.Action] = []
    for _ in range(limit):
        kind = E.decision(game, faction)
        connect = _town_across_a_river(game, faction, level, rng) if kind in ("followup", "end") else None
        if connect is not None:
            E.play(game, faction, connect)
            done.append(connect)
            continue
        if kind == "action":
            options, stay = main_candidates(game, faction), False
        elif kind == "followup":
            targets = target_colors(E.state(game).players[faction])
            options = [a for a in E.legal(game, faction) if not isinstance(a, FREE)
                       and not (isinstance(a, A.Transform) and a.color not in targets)]
            stay = True
        elif kind in OWED:
            options, stay = E.legal(game, faction), False
        else:
            break
        choice = best_one_step(game, faction, options, level, rng, stay)
        if choice is None:
            break
        E.play(game, faction, choice)
        done.append(choice)
    return done


def _town_across_a_river(game, faction: str, level: Level, rng: random.Random) -> A.Action | None:
    """The Mermaids' connection across a river that founds the best town, if founding it beats
    not (None). It is a free action, listed only where it founds a town; judged alone it only
    owes the town tile, so each is judged with the rest of the turn settled, the tile taken."""
    if not E.rivers_to_skip(game, E.state(game).players[faction]):  # (other factions: at once)
        return None
    connects = [a for a in E.legal(game, faction) if isinstance(a, A.Connect)]
    if not connects:
        return None
    best, best_score = None, advantage(game, faction, level.weights, level.rivalry)
    for a in connects:
        g = E.after(game, faction, a)
        if g is None:
            continue
        complete_turn(g, faction, level, rng, limit=4)
        score = advantage(g, faction, level.weights, level.rivalry)
        if score > best_score:
            best, best_score = a, score
    return best


def _position_key(game, faction: str) -> tuple:
    """What tells two positions after one of the faction's steps apart (cheaper than a digest)."""
    s = E.state(game)
    p = s.players[faction]
    return (p.VP, p.C, p.W, p.P, tuple(p.power), p.spades, p.ship, p.dig, tuple(p.cult.values()),
            tuple(p.favors), tuple(p.towns), tuple(p.buildings.items()), tuple(s.terrain.values()),
            p.bonus, p.passed, len(s.bridges), tuple(sorted(s.blocked)),
            tuple(sorted(p.actions_used)), p.cult_steps, p.favors_owed, p.towns_owed, p.free_dwelling,
            p.free_tp, p.priests_on_cults, p.keys, p.w_to_p, tuple(map(tuple, s.cult_spots.values())))


def turn_plans(game, faction: str, level: Level, rng: random.Random) -> list[Plan]:
    """Candidate turns for `faction` (whose main action it is), best first."""
    base = main_candidates(game, faction)
    affordable = frozenset(base)  # the main actions that need no prelude
    seen = set(affordable)
    starts: list[tuple[tuple[A.Action, ...], object]] = [((), game)]
    if level.preludes:
        for seq in _preludes(game, faction):
            g = _run(game, faction, seq)
            if g is not None:
                starts.append((seq, g))
    screened: list[tuple[float, tuple[A.Action, ...], A.Action, object]] = []
    reached: set = set()
    for seq, start in starts:
        # a main action is tried after the first prelude that makes it affordable; one that gains
        # a worker is tried before the power and tile actions too, for the dwelling on the land
        # their spades turn (a priest made a worker, the spade action and the dwelling: without
        # it a faction with no worker turned land and could not build on it)
        worker = any(isinstance(x, A.Convert) and x.get == "W" for x in seq)
        mains = base if not seq else [a for a in main_candidates(start, faction)
                                      if a not in seen or (worker and isinstance(a, A.UseAction))]
        seen.update(mains)
        for a in mains:
            g = E.after(start, faction, a)
            if g is None:
                continue
            if worker and a in affordable and not _spades_to_use(g, faction):
                continue  # (affordable without the prelude, and nothing to build on after it)
            key = (_position_key(g, faction), E.decision(g, faction))
            if key in reached:  # another way to the same position (dig then build, build digging)
                continue
            reached.add(key)
            screened.append((advantage(g, faction, level.weights, level.rivalry), seq, a, g))
    screened.sort(key=lambda t: -t[0])
    # a turn that changes nothing is no turn (digging for a transformation never made can cost
    # nothing until it is made, and the turn could be played again and again)
    plans, turns = [], {_position_key(game, faction)}
    for _score, seq, a, g in screened:
        if len(plans) == level.candidates:
            break
        rest = complete_turn(g, faction, level, rng)
        key = _position_key(g, faction)
        if key in turns:  # the same turn by another way (transform then build, or build digging)
            continue
        turns.add(key)
        score = advantage(g, faction, level.weights, level.rivalry)
        if level.noise:
            score += rng.gauss(0, level.noise)
        plans.append(Plan(seq + (a,) + tuple(rest), a, score, evaluate(g, faction)))
    plans.sort(key=lambda pl: -pl.score)
    if plans and isinstance(plans[0].main, A.Pass) and _opens_its_round(game, faction):
        # Passing before a first action gives up a whole round, which one turn's evaluation
        # cannot see: the resources kept look as good as what they buy now, and the next round
        # offers the same choice again (seen: Riverwalkers without a hex to build on passing
        # round after round on 20+ coins and workers instead of upgrading). So a faction
        # that has not acted this round acts first; in the last round passing ends the game.
        acting = [pl for pl in plans if not isinstance(pl.main, A.Pass)]
        plans = acting + [pl for pl in plans if isinstance(pl.main, A.Pass)]
    if level.lookahead and len(plans) > 1:
        plans = _look_ahead(game, faction, plans, level, rng)
    return plans


def _spades_to_use(game, faction: str) -> bool:
    """Whether the faction's turn goes on with spades to use (a spade action just taken)."""
    return E.decision(game, faction) == "followup" and E.state(game).players[faction].spades > 0


#: Main actions: what a faction's turn in the action phase spends (follow-ups included).
_ACTING = (A.Build, A.Upgrade, A.Transform, A.Dig, A.SendPriest, A.Advance, A.UseAction)


def _opens_its_round(game, faction: str) -> bool:
    """Whether `faction` has taken no main action yet this round, before the last one. Read back
    from the log: a faction passes once a round (the setup's bonus pick too), so its last pass
    ends its previous round."""
    if E.state(game).round >= LAST_ROUND:
        return False
    for who, action in reversed(E.log_of(game)):
        if who == faction:
            if isinstance(action, A.Pass):
                return True
            if isinstance(action, _ACTING):
                return False
    return True


# ---------------------------------------------------------------- look-ahead (Hard)

LAST_ROUND = 6  # the round after which the game is scored


def _reply_level(level: Level) -> Level:
    """How the opponents are assumed to reply in a look-ahead: a quick whole-turn planner."""
    return Level("reply", level.weights, preludes=False, candidates=3, lookahead=0, noise=0.0, workers=1)


def _own_next_level(level: Level) -> Level:
    return Level("next", level.weights, preludes=True, candidates=level.own_next_candidates, lookahead=0, noise=0.0,
                 workers=1)


def end_of_turn(legal: list[A.Action]) -> A.Action:
    """Ending the turn as the engine allows it: `done`, or first throwing away spades still held
    (the engine wants them used or discarded explicitly)."""
    if A.Done() in legal:
        return A.Done()
    return next((a for a in legal if isinstance(a, A.DiscardSpade)), legal[0])


def quick_decision(game, who: str | None, level: Level, rng: random.Random) -> A.Action:
    """A fast answer to any decision (the look-ahead's model of everyone)."""
    kind = E.decision(game, who)
    legal = E.legal(game, who)
    if kind == "action":
        plans = turn_plans(game, who, level, rng)
        return plans[0].actions[0] if plans else legal[0]
    if kind == "leech":
        return answer_offer(game, who, legal, level, rng) or legal[0]
    if who is None:
        return legal[0]
    if kind in ("end", "followup"):
        return complete_step(game, who, level, rng)
    return best_one_step(game, who, legal, level, rng) or legal[0]


def complete_step(game, faction: str, level: Level, rng: random.Random) -> A.Action:
    """The next action of a turn whose main action is taken (Done when nothing is worth it)."""
    if E.decision(game, faction) == "end" and not E.rivers_to_skip(game, E.state(game).players[faction]):
        return end_of_turn(E.legal(game, faction))  # (an ended turn's one choice: a Mermaids' town)
    g = E.copy_of(game)
    rest = complete_turn(g, faction, level, rng, limit=1)
    return rest[0] if rest else end_of_turn(E.legal(game, faction))


def _look_ahead(game, faction: str, plans: list[Plan], level: Level, rng: random.Random) -> list[Plan]:
    """Follow the best plans through everyone's replies up to the end of the own next turn.

    Each plan is followed with its own random stream drawn here, so the scores are the same
    whether the plans are followed in this process or spread over the level's worker processes."""
    chosen = plans[: level.lookahead]
    if level.investments:
        gathering = [pl for pl in plans[level.lookahead:] if isinstance(pl.main, A.UseAction)]
        chosen = chosen + gathering[: level.investments]
    seeds = [rng.getrandbits(32) for _ in chosen]
    lines = [plan.actions for plan in chosen]
    if level.workers > 1:
        from .workers import follow_plans  # the pool is only started by a level that uses it
        scores = follow_plans(game, faction, lines, level, seeds)
    else:
        scores = [follow_plan(game, faction, line, level, seed) for line, seed in zip(lines, seeds)]
    rescored = [Plan(plan.actions, plan.main, score + level.first_turn_share * plan.score, plan.evaluation)
                for plan, score in zip(chosen, scores) if score is not None]
    rescored.sort(key=lambda pl: -pl.score)
    followed = {id(pl) for pl in chosen}
    return rescored + [pl for pl in plans[level.lookahead:] if id(pl) not in followed]


def follow_plan(game, faction: str, actions: tuple[A.Action, ...], level: Level, seed: int) -> float | None:
    """The level's score of the position `followed` reaches (None: the plan is refused)."""
    g = followed(game, faction, actions, level, seed)
    if g is None:
        return None
    return advantage(g, faction, level.weights, level.rivalry) + leaf_bias(game, g, faction, level)


def leaf_bias(game, leaf, faction: str, level: Level) -> float:
    """What the evaluation of `leaf` misses against the plans that end elsewhere.

    The evaluation is not the same across a round's end: from a faction's pass to its first turn
    of the next round it falls by 1 to 20 VP (more in later rounds), and passing lowers it too,
    where the expected final score does not change. A plan that passes is followed into the next
    round and would rank below any turn that keeps the faction acting."""
    if E.finished(leaf):
        return 0.0
    start, end = E.state(game).round, E.state(leaf).round
    table = level.next_round_bias if end > start else \
        level.passed_bias if E.state(leaf).players[faction].passed else ()
    return table[start - 1] if 1 <= start <= len(table) else 0.0


def followed(game, faction: str, actions: tuple[A.Action, ...], level: Level, seed: int):
    """The position after `actions`, the opponents' replies and the own next turn; in the last
    round, with `level.last_round_to_the_end`, after every own turn up to passing (None: the plan
    is refused)."""
    rng = random.Random(seed)
    reply, own = _reply_level(level), _own_next_level(level)
    g = _run(game, faction, actions)
    if g is None:
        return None
    _end_turn(g, faction)
    to_the_end = level.last_round_to_the_end and E.state(g).round == LAST_ROUND
    for _ in range(200 if to_the_end else 40):  # a bound on the work (a time limit would break determinism)
        if E.finished(g):
            break
        who = E.to_act(g)[0]
        if who == faction and E.decision(g, faction) == "action":
            nxt = turn_plans(g, faction, own, rng)
            after = _run(g, faction, nxt[0].actions) if nxt else None
            if after is None:
                break
            g = after
            if not to_the_end or E.state(g).players[faction].passed:
                break
            _end_turn(g, faction)
            continue
        E.play(g, who, quick_decision(g, who, reply, rng))
    return g


def _end_turn(g, faction: str) -> None:
    """End the faction's turn in place (throwing away spades first, if any are left)."""
    for _ in range(2):
        if E.decision(g, faction) != "end":
            break
        E.play(g, faction, end_of_turn(E.legal(g, faction)))
