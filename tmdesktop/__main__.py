"""Command line: `python -m tmdesktop [replay|review|simulate|fuzz|arena|agree|takeover|tutorial] ...`; with no command the game starts."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "replay":
        from .replay_cli import main as replay_main
        return replay_main(argv[1:])
    if argv and argv[0] == "review":
        from .review_cli import main as review_main
        return review_main(argv[1:])
    if argv and argv[0] == "simulate":
        from .simulate_cli import main as simulate_main
        return simulate_main(argv[1:])
    if argv and argv[0] == "fuzz":
        from .fuzz.cli import main as fuzz_main
        return fuzz_main(argv[1:])
    if argv and argv[0] == "tutorial":
        from .tutorial_cli import main as tutorial_main
        return tutorial_main(argv[1:])
    if argv and argv[0] in ("arena", "agree", "takeover"):
        from .ai.cli import main as ai_main
        return ai_main(argv[0], argv[1:])
    from .app.main import main as app_main
    return app_main(argv)


if __name__ == "__main__":
    sys.exit(main())
