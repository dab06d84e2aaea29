"""The computer players' commands: `arena` (games between levels), `agree` (choices
compared with tournament players') and `takeover` (a level playing on from their positions)."""

from __future__ import annotations


def main(command: str, argv: list[str]) -> int:
    if command == "arena":
        from .arena_cli import main as arena_main
        return arena_main(argv)
    if command == "takeover":
        from .takeover_cli import main as takeover_main
        return takeover_main(argv)
    from .agree_cli import main as agree_main
    return agree_main(argv)
