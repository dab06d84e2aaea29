"""The players' rows of the setup pages (New game, First game): a name field and who plays the seat.

A name remembered from the last games belongs to a person: it fills human seats only.  A computer
seat is named after its level ("Computer: medium", "Computer: medium 3" when two seats share it:
the field's grey placeholder, `default_name`); turning a seat
into a computer moves the name it held to the first human seat without one, and turning it back
into a person's seat offers a remembered name not used yet.
"""

from __future__ import annotations

from tmdesktop.i18n import _
from tmdesktop.seat_names import DEFAULT_NAMES

from ..computer import SEAT_KINDS, is_computer
from .menu import app_settings


class SeatRows:
    """Mixed into a page with `names` (TextFields), `seats` (Choosers of `SEAT_KINDS`) and `n()`."""

    def seat_kinds(self) -> list[str]:
        """Who plays each seat in play: "human" or a computer level."""
        return [s.value for s in self.seats[: self.n()]]

    def computer_seat(self, i: int) -> bool:
        return is_computer(self.seats[i].value)

    def seat_changed(self, i: int) -> None:
        """Seat `i` now has another kind of player: its name follows (see the module's words)."""
        field = self.names[i]
        if self.computer_seat(i):
            name = field.value.strip()
            field.value = ""
            free = next((j for j in range(self.n()) if j != i and not self.computer_seat(j)
                         and not self.names[j].value.strip()), None)
            if name and free is not None:
                self.names[free].value = name
            return
        if not field.value.strip():
            used = {f.value.strip() for f in self.names[: self.n()]}
            field.value = next((r for r in app_settings(self.app).recent_names if r not in used), "")

    def default_name(self, i: int) -> str:
        """Seat `i`'s name when none is typed: "Player 2", or the computer's level ("Computer: easy";
        "Computer: easy 3", the seat's number, when another seat has that level too)."""
        if not self.computer_seat(i):
            return _(DEFAULT_NAMES[i])
        kinds = self.seat_kinds()
        kind = kinds[i]
        return _(SEAT_KINDS[kind]) + (f" {i + 1}" if kinds.count(kind) > 1 else "")

    def player_names(self) -> list[str]:
        """Each seat's name: as typed, else its default name (the one its empty field shows)."""
        return [self.names[i].value.strip() or self.default_name(i) for i in range(self.n())]

    def placeholder_text(self, f) -> str:
        seat = next((i for i, field in enumerate(self.names[: self.n()]) if field is f), None)
        return super().placeholder_text(f) if seat is None else self.default_name(seat)

    def people_names(self) -> list[str]:
        """The names typed for the people's seats, to remember for the next game."""
        return [self.names[i].value.strip() for i in range(self.n()) if not self.computer_seat(i)]
