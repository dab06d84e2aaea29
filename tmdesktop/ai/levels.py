"""The three playing levels: what each one looks at and how far."""

from __future__ import annotations

from dataclasses import dataclass

from .evaluation import HONEST, Weights


@dataclass(frozen=True)
class Level:
    name: str
    weights: Weights  # how the evaluation's parts count
    preludes: bool  # try conversions before the main action (to afford more)
    candidates: int  # whole-turn plans completed and evaluated (best by a one-step look first)
    lookahead: int  # best plans followed through the opponents' replies to the next own turn
    noise: float  # VP of random error on each plan's score (a beginner's misjudgements)
    rivalry: float = 0.0  # how much the best opponent's projection counts against one's own
    workers: int = 1  # processes the look-ahead is spread over (`workers.py`)
    #: plans that only gather resources (a power or tile action for coins, workers, a priest...)
    #: followed too, beyond the best `lookahead`: such a turn pays on later ones, so judged by the
    #: position right after it, it never ranks among the best
    investments: int = 0
    #: in the last round, follow each plan to the end of the round (every own turn until passing)
    #: instead of to the next own turn: what resources are worth then is the builds they still pay for
    last_round_to_the_end: bool = False


#: Easy: looks at the move and what it gives now, cares little for majorities and income to come.
EASY = Level("easy", Weights(income_to_come=0.7, area_outlook=0.7, cult_outlook=0.7, town_progress=0.5,
                             resources_left=0.9, position=0.7),
             preludes=True, candidates=10, lookahead=0, noise=1.0)
#: Medium: a whole-turn planner with the honest evaluation.
MEDIUM = Level("medium", HONEST, preludes=True, candidates=40, lookahead=0, noise=0.0)
#: Hard: Medium's plans, the best eight and the best two that gather resources followed through the
#: opponents' replies and its next turn (in the last round: every turn up to its pass), spread
#: over two processes (both cores).
HARD = Level("hard", HONEST, preludes=True, candidates=50, lookahead=8, noise=0.0, workers=2, investments=2,
             last_round_to_the_end=True)

LEVELS = {lv.name: lv for lv in (EASY, MEDIUM, HARD)}


def level(name_or_level: str | Level) -> Level:
    if isinstance(name_or_level, Level):
        return name_or_level
    try:
        return LEVELS[name_or_level.lower()]
    except KeyError:
        raise ValueError(f"unknown level {name_or_level!r} (easy, medium, hard)") from None
