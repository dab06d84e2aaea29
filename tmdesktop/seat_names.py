"""The seats' default names ("Player 1"..., a computer seat's level). A save keeps the names in the
language the game was begun in; a default one is shown in the language of today ("Jugador 2" is
"Player 2" in English), a name a player typed stays as typed."""

from __future__ import annotations

from functools import cache

from .i18n import LANGUAGES, N_, _, load_catalogue

DEFAULT_NAMES = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"), N_("Player 5"))
#: A computer seat's name when none is typed: its level, as the setup pages name the seat's kind
#: (the messages of `app.computer.SEAT_KINDS`), and the seat's number when two seats share a level.
LEVEL_NAMES = ("Computer: easy", "Computer: medium", "Computer: hard")


@cache
def _message_of() -> dict[str, str]:
    """Each default name, in every language, -> its message."""
    out = {}
    for lang in LANGUAGES:
        catalogue = load_catalogue(lang)
        out.update({catalogue.gettext(m): m for m in DEFAULT_NAMES + LEVEL_NAMES})
    return out


def shown(name: str) -> str:
    """`name` as it reads today: a default name in the language now set."""
    message = _message_of().get(name)
    if message:
        return _(message)
    numbered = _numbered_level(name)
    return f"{_(numbered[0])} {numbered[1]}" if numbered else name


def _numbered_level(name: str) -> tuple[str, str] | None:
    """(the level's message, the seat's number) of a computer seat's default name with its seat
    number ("Ordenador: fácil 2"), else None."""
    base, _sp, number = name.rpartition(" ")
    message = _message_of().get(base) if number.isdigit() else None
    return (message, number) if message in LEVEL_NAMES else None


def names_a_computer(name: str) -> bool:
    """Whether `name` is a computer seat's default name ("Computer: hard", "Ordenador: medio 3")."""
    return _message_of().get(name) in LEVEL_NAMES or _numbered_level(name) is not None


def computer_player(name: str) -> str:
    """A computer seat's name as the pages that wait for it say it: "Computer: hard" as it is, a
    name the table gave the computer with "(computer)" after it, so that nobody waits to act."""
    return name if names_a_computer(name) else _("{player} (computer)").format(player=name)
