"""Computer opponents: `Player` (Easy, Medium, Hard), the evaluation and `suggest`.

Pure Python on the rules engine (no pygame); every engine call goes through `engine_api`.
"""

from .evaluation import PARTS, Evaluation, evaluate
from .levels import LEVELS, Level
from .player import Player, choose_action
from .suggest import Suggestion, suggest

__all__ = ["PARTS", "Evaluation", "evaluate", "LEVELS", "Level", "Player", "choose_action",
           "Suggestion", "suggest"]
