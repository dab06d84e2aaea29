"""Refusals as data.

The engine and the import/export code never hold words for the player: a refusal is a short
stable snake_case `code` ("not_your_turn", "cannot_afford", ...) and plain `params` (faction,
terrain, cult, tile and building keys, hex names, numbers, cost dictionaries).  The app turns
them into the player's language in one place, `tmdesktop/refusals.py`; `str()` is an untranslated
form for logs and tests.  The same shape serves game setups (`SetupError`) and the log and
ledger readers (`LogError`, `LedgerError`), so every caller reads `.code` and shows
`refusals.message(err)`.
"""

from __future__ import annotations


class CodedError(ValueError):
    """A failure named by `code`, with the facts that explain it in `params`."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        if not self.params:
            return self.code
        return f"{self.code}: " + ", ".join(f"{k}={v!r}" for k, v in self.params.items())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join([repr(self.code)] + [f'{k}={v!r}' for k, v in self.params.items()])})"

    def __reduce__(self):  # keyword params survive pickling (multiprocessing, pytest-xdist)
        return _rebuild, (type(self), self.code, self.params)


def _rebuild(cls, code: str, params: dict) -> CodedError:
    return cls(code, **params)


class RuleError(CodedError):
    """An action the rules reject; the engine's state is unchanged."""


class SetupError(CodedError):
    """A game setup that cannot be played (player count, map, options, scoring tiles)."""
