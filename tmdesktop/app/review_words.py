"""Words for the review of a game (`teaching.review`): evaluation parts, turning points, the
moves that could have done better. Shared by the review scene and `python -m tmdesktop review`."""

from __future__ import annotations

from itertools import groupby

from tmdesktop.i18n import N_, _
from tmdesktop.rules.round_bonus import cult_bonus
from tmdesktop.teaching.review import round_vp

from . import describe, theme, tile_texts
from .pieces import piece_terrain
from .source_words import VP_KIND, kind_name, source_name, tile_rounds

#: The parts of the computer's evaluation (`ai.evaluation.PARTS`), as a player reads them.
PART_NAMES = {
    "vp_now": N_("VP scored now"),
    "income_to_come": N_("income to come"),
    "area_outlook": N_("largest network outlook"),
    "cult_outlook": N_("cult track majorities"),
    "town_progress": N_("progress towards towns"),
    "resources_left": N_("resources in hand"),
    # (the position part: what the buildings, favor tiles, tracks and free land will bring)
    "position": N_("buildings, favor tiles, shipping, digging and room to build"),
    "neighbours": N_("power to come from neighbours"),
}


def part_name(part: str) -> str:
    return _(PART_NAMES.get(part, part))


def signed(v: float) -> str:
    """"+3", "−2" (a real minus sign), rounded to whole VP."""
    n = round(v)
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def turn_text(game, actions, faction: str | None = None, *, events=None, before=None) -> str:
    """A turn's actions in words, one after the other (the same move twice in a row: "×2"). A turn
    played is worded from its `events` (one list per action, as `Game.events`: what each did at
    the time, a priest's space); a turn not played (a suggestion) from the position `before` it,
    step by step; otherwise each from `game`."""
    actions = list(actions)
    if events is not None and faction is not None:
        words = [describe.played(game, faction, a, ev) for a, ev in zip(actions, events)]
    elif before is not None and faction is not None:
        words = describe.planned(before, faction, actions)
    else:
        words = [describe.action(game, a) for a in actions]
    parts = []
    for (_a, w), same in groupby(zip(actions, words)):
        n = len(list(same))
        parts.append(w + (f" ×{n}" if n > 1 else ""))
    return "; ".join(parts) or _("nothing")


def played_text(game, move, actions) -> str:
    """The turn `actions` played in `move` (`teaching.review.Move`) of the finished or current
    `game`, in words from what it did then (the game's events from the move's start)."""
    return turn_text(game, actions, move.faction, events=game.events[move.start:move.start + len(actions)])


def suggested_text(before, move, actions) -> str:
    """The turn `actions` suggested for `move`'s faction in the position `before` the move."""
    return turn_text(before, actions, move.faction, before=before)


def sources_text(game, sources) -> str:
    """"town tile (9 victory points, 1 town key, 1 priest) +9, round 2 scoring tile (trading house) +5"."""
    rounds = tile_rounds(game)
    return ", ".join(f"{source_name(s, rounds)} {signed(v)}" for s, v in sources)


def standing_text(tp) -> str:
    """What a turning point did to the standings."""
    if tp.rank_after == 1 and tp.rank_before > 1:
        return _("took the lead")
    if tp.rank_after == 1:
        return _("lead by {n} VP").format(n=tp.lead) if tp.lead > 0 else _("shared the lead")
    if tp.rank_after < tp.rank_before:
        return _("moved up from place {a} to place {b}").format(a=tp.rank_before, b=tp.rank_after)
    return _("stayed in place {n}, {vp} VP behind").format(n=tp.rank_after, vp=-tp.lead)


def turning_point_text(game, tp) -> str:
    """"Round 6 · Darklings: +16 VP (town tile (9 victory points, …) +9, …): took the lead"."""
    return _("Round {r} · {faction}: {vp} VP ({sources}); {standing}").format(
        r=tp.move.round, faction=describe.faction(game, tp.move.faction), vp=signed(tp.vp),
        sources=sources_text(game, tp.sources), standing=standing_text(tp))


def difference_text(j) -> str:
    """"The suggested turn projects 12 VP more at the end of the game: +14 VP scored now, …"."""
    parts = ", ".join(f"{signed(v)} {part_name(k)}" for k, v in j.part_changes())
    return _("By the computer's evaluation the suggested turn leads to {n} VP more at the end of the game "
             "({parts}).").format(n=round(j.difference), parts=parts)


def round_vp_text(round_: int, by_source: dict) -> str:
    """"Round 1: +14 VP · Round scoring tiles +6, Passing (bonus tiles) +5, …": a player's VP in
    a round by kind of source, largest first (no brackets: some kinds' names hold their own)."""
    kinds = sorted(((k, v) for k, v in kind_totals(by_source).items() if v), key=lambda kv: -kv[1])
    total = sum(v for _k, v in kinds)
    if not kinds:
        return _("Round {n}: no VP").format(n=round_)
    return _("Round {n}: {vp} VP · {sources}").format(
        n=round_, vp=signed(total), sources=", ".join(f"{kind_name(k)} {signed(v)}" for k, v in kinds))


def kind_totals(by_source: dict) -> dict[str, int]:
    """VP by kind of source (one line per kind), from a faction's VP by source."""
    out: dict[str, int] = {}
    for s, v in by_source.items():
        kind = VP_KIND.get(s.kind, s.kind)
        out[kind] = out.get(kind, 0) + v
    return out


def round_summary_rows(game) -> list[tuple[str, tuple, list[str]]]:
    """'Round N begins', a row per player in turn order: (name and VP, colour, lines): the VP
    gained in the round just played by kind of source (round 2 on), the engine's income, and the
    cult bonus the last round's scoring tile paid."""
    s = game.state
    rows = []
    last = round_vp(game.events, s.round - 1) if s.round >= 2 else {}
    for name in s.order:
        p = s.players[name]
        lines = [round_vp_text(s.round - 1, last.get(name, {}))] if s.round >= 2 else []
        lines.append(_("Income: {what}").format(what=tile_texts.gains(game.income_of(p)) or "—"))
        if s.round >= 2:
            bonus = cult_bonus(s, name, s.score_tiles[s.round - 2])
            lines.append(_("Cult bonus: {what}").format(what=tile_texts.gains(bonus) or "—"))
        rows.append((_("{faction} · {n} VP").format(faction=describe.faction(game, name), n=p.VP),
                     theme.piece_colour(piece_terrain(p)), lines))
    return rows
