"""The review of a game: VP by source, the turning points and the moves that could have done better.

Everything is computed from a setup and an action log (a save or a ledger replayed): the VP by
source and per round are sums of the engine's events; a turning point is a move that brought
its player many VP; a "better move" is a turn where the computer's suggestion for the position
before it leads, by the computer's evaluation (projected end-game VP), clearly further than the
turn played. The data is plain (no words): the app and the CLI word it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tmdesktop.ai.evaluation import PARTS, evaluate
from tmdesktop.ai.suggest import suggest
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError

#: A suggestion counts as clearly better from this many projected VP up.
THRESHOLD = 3.0
#: Better moves kept per player, and turning points kept.
BETTER_PER_PLAYER = 5
TURNING_POINTS = 5
PER_ROUND = 2  # turning points kept from one round at most
#: The computer level whose choice and evaluation judge the moves (its plans are ranked by the
#: honest evaluation itself, so "better" means better by that measure).
LEVEL = "medium"


@dataclass(frozen=True)
class Move:
    """One faction's stretch of the log, `log[start:end]`: a turn (`turn`: it starts with the
    faction's main action decision) or another decision (a power offer, a tile, the setup)."""

    faction: str
    start: int
    end: int
    round: int
    turn: bool


@dataclass(frozen=True)
class TurningPoint:
    move: Move
    vp: int  # VP the faction gained in the move (final scoring aside)
    sources: tuple[tuple[E.Source, int], ...]  # what those VP came from, largest first
    rank_before: int  # the faction's place before and after the move (1 = leading; ties share)
    rank_after: int
    lead: int  # the faction's VP minus the best other's, after the move


@dataclass(frozen=True)
class Judgement:
    """A turn played, and the computer's suggestion for the same position."""

    move: Move
    played: tuple[A.Action, ...]
    suggested: tuple[A.Action, ...]
    played_parts: dict[str, float]  # evaluation parts right after the turn played
    suggested_parts: dict[str, float]  # ... and after the suggested turn

    @property
    def difference(self) -> float:
        """Projected end-game VP the suggestion adds over the turn played."""
        return sum(self.suggested_parts.values()) - sum(self.played_parts.values())

    def part_changes(self) -> list[tuple[str, float]]:
        """Where the difference comes from: (part, suggested minus played), largest first."""
        diff = [(k, self.suggested_parts[k] - self.played_parts[k]) for k in PARTS]
        return sorted((kv for kv in diff if round(kv[1]) != 0), key=lambda kv: -kv[1])


@dataclass
class Review:
    factions: list[str]  # seat order
    final: dict[str, int]  # the engine's scores (at the end, or now for an unfinished game)
    winners: list[str]
    vp_by_source: dict[str, dict[E.Source, int]]
    round_vp: dict[int, dict[str, int]]  # round -> faction -> VP gained in it
    turning_points: list[TurningPoint]
    judged: list[str]  # the factions whose turns were judged
    better_moves: dict[str, list[Judgement]] = field(default_factory=dict)


# ---------------------------------------------------------------- VP by round and by move

def round_vp(per_action: list[list[E.Event]], round_: int) -> dict[str, dict[E.Source, int]]:
    """VP each faction gained (or lost) in round `round_`, by source: the VP events between the
    round's start and its end (the income before it and the final scoring after it excluded)."""
    out: dict[str, dict[E.Source, int]] = {}
    inside = False
    for e in E.flatten(per_action):
        if isinstance(e, E.RoundStarted):
            inside = e.round == round_
        elif isinstance(e, E.RoundEnded):
            if e.round == round_:
                break
        elif inside and isinstance(e, E.Gained) and e.resource == "VP":
            mine = out.setdefault(e.faction, {})
            mine[e.source] = mine.get(e.source, 0) + e.amount
    return out


def moves(setup, log: list) -> list[Move]:
    """The log cut into moves (see `Move`); the factions' choice before the game is left out."""
    game = Game(setup)
    out: list[Move] = []
    # the move being read: faction, start, round, kind ("turn", "leech", "other"), ended
    cur: list | None = None
    for i, (f, a) in enumerate(log):
        if i < len(game.log):  # the choices `Game(setup)` already holds
            continue
        kind = game.decision(f) if f is not None else None
        kind = "turn" if kind == "action" else "leech" if kind == "leech" else "other"
        # a turn is a main action and what follows it; a power offer answered is a move of its own
        if (cur is None or cur[0] != f or cur[4] or "leech" in (kind, cur[3])
                or (kind == "turn" and cur[3] != "turn")):
            if cur is not None:
                out.append(Move(cur[0], cur[1], i, cur[2], cur[3] == "turn"))
            cur = [f, i, game.state.round, kind, False]
        game.apply(f, a)
        cur[4] = isinstance(a, A.Done)
    if cur is not None:
        out.append(Move(cur[0], cur[1], len(log), cur[2], cur[3] == "turn"))
    return [m for m in out if m.faction is not None]


def _move_vp(per_action: list[list[E.Event]], m: Move) -> dict[E.Source, int]:
    """VP the move's faction gained in the move, by source (final scoring is not a move's)."""
    out: dict[E.Source, int] = {}
    for e in E.gains(E.flatten(per_action[m.start:m.end])):
        if e.faction == m.faction and e.source.kind not in E.FINAL_KINDS:
            out[e.source] = out.get(e.source, 0) + e.amount
    return out


def _rank(vp: dict[str, int], faction: str) -> int:
    return 1 + sum(1 for v in vp.values() if v > vp[faction])


def turning_points(per_action: list[list[E.Event]], all_moves: list[Move], limit: int = TURNING_POINTS
                   ) -> list[TurningPoint]:
    """The moves that brought their player the most VP (`PER_ROUND` at most from one round), with
    the standings they changed, in the order they were played."""
    running: dict[str, int] = {}
    found: list[TurningPoint] = []
    done = 0
    for m in all_moves:
        for e in E.gains(E.flatten(per_action[done:m.start])):
            running[e.faction] = running.get(e.faction, 0) + e.amount
        before = dict(running)
        for e in E.gains(E.flatten(per_action[m.start:m.end])):
            if e.source.kind not in E.FINAL_KINDS:
                running[e.faction] = running.get(e.faction, 0) + e.amount
        done = m.end
        by_source = _move_vp(per_action, m)
        gained = sum(by_source.values())
        if gained <= 0 or m.faction not in before:
            continue
        others = [v for f, v in running.items() if f != m.faction]
        found.append(TurningPoint(m, gained, tuple(sorted(by_source.items(), key=lambda sv: -sv[1])),
                                  _rank(before, m.faction), _rank(running, m.faction),
                                  running[m.faction] - max(others, default=0)))
    found.sort(key=lambda tp: (-tp.vp, tp.move.start))
    # the last round's towns and passes are always large: keep the story of the whole game
    kept: list[TurningPoint] = []
    for tp in found:
        if sum(1 for k in kept if k.move.round == tp.move.round) < PER_ROUND:
            kept.append(tp)
        if len(kept) == limit:
            break
    return sorted(kept, key=lambda tp: tp.move.start)


# ---------------------------------------------------------------- better moves

def played_turn(log: list, m: Move) -> tuple[A.Action, ...]:
    """The actions of a turn up to its end (`done` and spades thrown away are not choices)."""
    out = []
    for _f, a in log[m.start:m.end]:
        if isinstance(a, A.Done):
            break
        out.append(a)
    return tuple(out)


def judge_turns(setup, log: list, turns: Iterable[Move], level: str = LEVEL) -> list[Judgement]:
    """The computer's suggestion for the position before each turn, against the turn played,
    both measured by the evaluation right after the turn. Pure: a worker process runs it."""
    out = []
    game = None
    for m in sorted(turns, key=lambda m: m.start):
        if game is None or len(game.log) > m.start:
            game = Game.replay(setup, log[:m.start])
        else:
            for f, a in log[len(game.log):m.start]:
                game.apply(f, a)
        if game.decision(m.faction) != "action":
            continue
        played = played_turn(log, m)
        after = game.copy()
        for a in played:
            after.apply(m.faction, a)
        try:
            tip = suggest(game, m.faction, level)
        except (IndexError, ValueError, RuleError):  # no plan for this position: nothing to compare
            continue
        out.append(Judgement(m, played, tuple(tip.turn), evaluate(after, m.faction).parts(), tip.after.parts()))
    return out


def best_of(judgements: Iterable[Judgement], threshold: float = THRESHOLD, limit: int = BETTER_PER_PLAYER
            ) -> dict[str, list[Judgement]]:
    """Per faction, the turns whose suggestion was clearly better, the largest differences first."""
    out: dict[str, list[Judgement]] = {}
    for j in judgements:
        if j.difference >= threshold and j.played != j.suggested:
            out.setdefault(j.move.faction, []).append(j)
    return {f: sorted(js, key=lambda j: (-j.difference, j.move.start))[:limit] for f, js in out.items()}


# ---------------------------------------------------------------- the whole review

def overview(game: Game, judged: Iterable[str] | None = None) -> Review:
    """Everything but the better moves (quick: sums of events)."""
    s = game.state
    factions = list(s.seats)
    final = {n: p.VP for n, p in s.players.items()}
    best = max(final.values(), default=0)
    rounds = {r: {f: sum(v.values()) for f, v in round_vp(game.events, r).items()} for r in range(1, 7)}
    return Review(factions, final, [f for f in factions if final.get(f) == best], E.vp_by_source(game.events),
                  rounds, turning_points(game.events, moves(game.setup, list(game.log))),
                  list(judged) if judged is not None else factions)


def turns_to_judge(game: Game, factions: Iterable[str]) -> list[Move]:
    wanted = set(factions)
    return [m for m in moves(game.setup, list(game.log)) if m.turn and m.faction in wanted]


def review(setup, log: list, judged: Iterable[str] | None = None,
           progress: Callable[[int, int], None] | None = None, chunk: int = 8) -> Review:
    """The whole review in this process; `progress(done, total)` after each chunk of turns."""
    game = Game.replay(setup, log)
    out = overview(game, judged)
    turns = turns_to_judge(game, out.judged)
    judgements: list[Judgement] = []
    for k in range(0, len(turns), chunk):
        judgements += judge_turns(setup, log, turns[k:k + chunk])
        if progress:
            progress(min(len(turns), k + chunk), len(turns))
    out.better_moves = best_of(judgements)
    return out
