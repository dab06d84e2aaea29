"""`python -m tmdesktop review FILE`: the review of a finished game (a save or a ledger export)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .i18n import _
from .refusals import message, worded
from .safe_text import clean


def load(path: Path):
    """(game, faction -> player name, the computer seats) of a save or a ledger export; raises
    ValueError with a message for the player."""
    from . import saves
    from .rules.ledger import LedgerError, read_ledger, replay_ledger

    if path.name.endswith(saves.SUFFIX):
        try:
            loaded = saves.load(path)
        except saves.SaveError as exc:
            raise ValueError(str(exc)) from None
        return loaded.game, loaded.names, loaded.computers
    try:
        ledger = read_ledger(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(_("This file cannot be read: {why}").format(why=getattr(exc, "strerror", None) or exc)) from None
    except LedgerError as exc:
        raise ValueError(_("This game record cannot be read: {why}").format(why=message(exc))) from None
    game, mismatch = replay_ledger(ledger)
    if mismatch:
        raise ValueError(_("The replay differs from the record: {what}").format(what=worded(mismatch)))
    return game, {}, {}


def main(argv: list[str]) -> int:
    from .app import describe
    from .app import review_words as W
    from .app.source_words import kind_name
    from .rules.engine import Game
    from .teaching import review as R

    ap = argparse.ArgumentParser(prog="tmdesktop review",
                                 description="The review of a game: VP by source, turning points, better moves.")
    ap.add_argument("file", type=Path, help="a save (.tmsave) or a ledger export")
    ap.add_argument("--player", action="append", default=[],
                    help="the faction whose moves are judged (repeatable; default: the people's seats)")
    args = ap.parse_args(argv)
    try:
        game, names, computers = load(args.file)
    except ValueError as exc:
        print(clean(str(exc), 400), file=sys.stderr)
        return 2
    factions = list(game.state.seats)
    bad = [f for f in args.player if f not in factions]
    if bad:
        print(_("Not in this game: {names}. The factions are: {factions}").format(
            names=", ".join(bad), factions=", ".join(factions)), file=sys.stderr)
        return 2
    judged = args.player or [f for f in factions if f not in computers]

    def progress(done: int, total: int) -> None:
        line = _("Judging the moves: {done} of {total}").format(done=done, total=total)
        print("\r" + line, end="", file=sys.stderr, flush=True)

    rv = R.review(game.setup, list(game.log), judged, progress)
    print(file=sys.stderr)

    def who(f: str) -> str:
        return f"{names[f]} · {describe.faction(game, f)}" if names.get(f) else describe.faction(game, f)

    scores = ", ".join(f"{who(f)} {rv.final[f]}" for f in rv.factions)
    if game.finished:
        print(_("Final scores: {scores}").format(scores=scores))
        print(_("Winners: {names}").format(names=" & ".join(who(f) for f in rv.winners)))
    else:
        print(_("The game is not over; the scores so far: {scores}").format(scores=scores))
    print()
    print(_("VP by source"))
    totals = {f: W.kind_totals(rv.vp_by_source.get(f, {})) for f in rv.factions}
    kinds = list(dict.fromkeys(k for f in rv.factions for k in totals[f]))
    print(f"  {'':34}" + "".join(f"{clean(describe.faction(game, f), 14):>15}" for f in rv.factions))
    for k in kinds:
        print(f"  {kind_name(k)[:34]:34}" + "".join(f"{totals[f].get(k, 0):>15}" for f in rv.factions))
    print(f"  {_('Total'):34}" + "".join(f"{rv.final[f]:>15}" for f in rv.factions))
    print()
    print(_("VP gained per round"))
    for r, vp in rv.round_vp.items():
        print("  " + _("Round {n}").format(n=r) + ": " + ", ".join(f"{describe.faction(game, f)} {W.signed(vp.get(f, 0))}"
                                                                   for f in rv.factions))
    print()
    print(_("Turning points (the moves that brought the most VP)"))
    for tp in rv.turning_points:
        print("  " + W.turning_point_text(game, tp))
        print("    " + W.played_text(game, tp.move, R.played_turn(list(game.log), tp.move)))
    print()
    print(_("Better moves (the computer's suggestion for the same position)"))
    for f in rv.judged:
        found = rv.better_moves.get(f, [])
        print("  " + who(f) + (": " + _("no turn with a clearly better suggestion") if not found else ""))
        for j in found:
            print("    " + _("Round {r}, move {k}").format(r=j.move.round, k=j.move.start + 1))
            before = Game.replay(game.setup, list(game.log)[:j.move.start])  # the position of the turn
            print("      " + _("Played: {turn}").format(turn=W.played_text(game, j.move, j.played)))
            print("      " + _("Suggested: {turn}").format(turn=W.suggested_text(before, j.move, j.suggested)))
            print("      " + W.difference_text(j))
    return 0
