"""Legal actions, refusals and previews, as the app needs them.

The engine is the only judge of the rules: the legal actions are the engine's own
`Game.legal_actions(faction)`, refusals its own words, and previews ("what would this cost me?")
come from `tmdesktop.rules.preview`, which plays the action on a fork.
"""

from __future__ import annotations

from tmdesktop.refusals import message
from tmdesktop.rules import actions as A
from tmdesktop.rules import preview as rules_preview
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError


def try_action(game: Game, faction: str, action: A.Action) -> Game | None:
    """The game after `action` on a fork, or None if the engine refuses it."""
    try:
        after, _reason = game.try_apply(faction, action)
    except Exception:  # an engine bug must not take the app down: treat as not allowed
        return None
    return after


def refusal(game: Game, faction: str, action: A.Action) -> str | None:
    """The engine's reason for refusing `action` in the player's words, or None if it would be accepted."""
    try:
        reason = refused(game, faction, action)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None if reason is None else message(reason)


def refused(game: Game, faction: str, action: A.Action) -> RuleError | None:
    """The engine's refusal of `action` (its code and parameters), or None if it would be accepted."""
    after, reason = game.try_apply(faction, action)
    return None if after is not None else reason


def legal_actions(game: Game, faction: str) -> list[A.Action]:
    try:
        return list(game.legal_actions(faction))
    except Exception:  # never crash the table over a listing bug: nothing is offered
        return []


# ---------------------------------------------------------------------- previews

preview = rules_preview.preview  # the engine plays the action on a fork; see rules/preview.py
