"""The one exception the engine raises for a move the rules do not allow."""


class RuleError(ValueError):
    """An action the rules reject.  The message is written for the player (already translated)."""
