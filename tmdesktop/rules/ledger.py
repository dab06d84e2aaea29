"""Import of the ledger export: a finished game, one row per command with the values after it.

`read_ledger` turns the text into a setup and rows; `replay_ledger` plays the rows through the
engine and compares every row's VP, coins, workers, priests, power bowls and cult positions.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from . import actions as A
from . import events as E
from .data import BONUS_TILES
from .engine import Game
from .errors import CodedError, RuleError
from .final_scoring import FINAL_TILE_LABELS
from .notation import parse_row
from .setup import KNOWN_OPTIONS, GameSetup
from ..safe_text import clean

_SCORING_ROW = re.compile(r"\+\d+vp for [\w-]+")
SYSTEM_LABELS = ("setup", "cult_income_for_faction", "other_income_for_faction", "score_resources",
                 "[opponent accepted power]", "[all opponents declined power]")


class LedgerError(CodedError):
    """A ledger that cannot be read: a code and params (`line` names the bad line)."""


@dataclass
class Row:
    line: int
    faction: str
    values: tuple  # (VP, C, W, P, (p1, p2, p3), (fire, water, earth, air))
    command: str
    leech: str = ""
    merged_label: str = ""  # a system row written on the same line as this command

    def __post_init__(self) -> None:
        c = self.command
        self.is_system = c in SYSTEM_LABELS or c == "" or bool(_SCORING_ROW.fullmatch(c))


@dataclass
class Ledger:
    setup: GameSetup
    rows: list[Row]
    dropped: list[tuple[int, str]] = field(default_factory=list)  # (index in rows, faction)
    names: list[str] = field(default_factory=list)


def read_ledger(text: str) -> Ledger:
    options: set[str] = set()
    scores: dict[int, str] = {}
    removed: set[str] = set()
    names: list[str] = []
    rows: list[Row] = []
    dropped: list[tuple[int, str]] = []
    factions: list[str] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if "\t" not in line:
            s = line.strip()
            if m := re.fullmatch(r"option (\S+)", s):
                options.add(m[1])
            elif m := re.fullmatch(r"Round (\d) scoring: (SCORE\d+).*", s):
                scores[int(m[1])] = m[2]
            elif m := re.fullmatch(r"Removing tile (BON\d+)", s):
                removed.add(m[1])
            elif m := re.fullmatch(r"Player \d+: (.*)", s):
                if len(names) < 5:  # five seats at most
                    names.append(clean(m[1], 40, newlines=False))
            elif m := re.fullmatch(r"(\w+) dropped from the game", s):
                dropped.append((len(rows), m[1]))
            continue
        cols = line.split("\t")
        if len(cols) < 15:
            raise LedgerError("bad_columns", line=no, found=len(cols))
        try:
            values = _values(cols[2:13:2])
        except ValueError as e:
            raise LedgerError("unreadable_value", line=no, value=e.args[0]) from None
        command = cols[14].strip()
        label = ""
        # A command row can carry the label of the system row that followed it (`... . other_income_for_faction`).
        for sys_label in SYSTEM_LABELS:
            if command.endswith(". " + sys_label):
                command, label = command[: -len(sys_label) - 2].strip(), sys_label
        row = Row(no, cols[0].strip().lower(), values, command, cols[13].strip(), label)
        if row.command == "setup":
            factions.append(row.faction)
        rows.append(row)
    unknown = options - KNOWN_OPTIONS
    if unknown:
        raise LedgerError("unknown_options", options=sorted(unknown))
    if sorted(scores) != [1, 2, 3, 4, 5, 6]:
        raise LedgerError("missing_score_tiles")
    pool = [b for b in BONUS_TILES if b not in removed and (b != "BON10" or "shipping-bonus" in options)]
    try:
        setup = GameSetup(players=len(factions), options=frozenset(options),
                          score_tiles=tuple(scores[r] for r in range(1, 7)), bonus_tiles=tuple(pool),
                          player_names=tuple(names))
    except ValueError as e:
        raise LedgerError("bad_setup", refusal=e) from None
    return Ledger(setup, rows, dropped, names)


_UNITS = ("VP", "C", "W", "P", "PW", None)  # the six value columns; the cults have no unit


def _values(cols: list[str]) -> tuple:
    """`20 VP`, `15 C`, `3 W`, `0 P`, `5/7/0 PW`, `0/1/1/0` -> numbers and tuples."""
    vals: list = []
    for c, unit in zip(cols, _UNITS):
        parts = c.split()
        try:
            if unit is None:
                number, = parts
            else:
                number, got = parts
                if got != unit:
                    raise ValueError
            if len(number) > 20:  # no count in a game has more than three digits
                raise ValueError
            if unit in ("PW", None):
                vals.append(tuple(int(x) for x in number.split("/")))
                if len(vals[-1]) != (3 if unit else 4):
                    raise ValueError
            else:
                vals.append(int(number))
        except ValueError:
            raise ValueError(c) from None  # the caller names the line
    return tuple(vals)


@dataclass
class Mismatch:
    line: int
    faction: str
    what: str
    expected: object
    got: object  # the RuleError itself when the engine refused the row's command

    def __str__(self) -> str:
        return clean(f"line {self.line} ({self.faction}): {self.what}: expected {self.expected}, got {self.got}",
                     400)  # the faction and the command are the file's text


FIELDS = ("VP", "C", "W", "P", "PW", "cults")


def _diff(row: Row, snap: tuple) -> Mismatch | None:
    for name, want, got in zip(FIELDS, row.values, snap):
        if want != got:
            return Mismatch(row.line, row.faction, name, want, got)
    return None


#: The ledger's words for the engine's own steps (see `events.Checkpoint`).
_STEP_LABELS = {
    E.Source(E.INCOME, "cult"): "cult_income_for_faction",
    E.Source(E.INCOME, "other"): "other_income_for_faction",
    E.Source(E.RESOURCES): "score_resources",
    E.Source(E.LEECH_REWARD, "taken"): "[opponent accepted power]",
    E.Source(E.LEECH_REWARD, "declined"): "[all opponents declined power]",
}


def system_rows(events: list[E.Event]) -> list[tuple[str, str, tuple]]:
    """The ledger rows the engine writes itself, as (faction, label, values): a view of the
    checkpoints among `events` (those of one action, in order)."""
    rows = []
    for i, e in enumerate(events):
        if type(e) is not E.Checkpoint:
            continue  # (most actions write no row of their own)
        step = e.step
        if step.kind == E.START:
            label = "setup"
        elif step.kind in (E.CULT_MAJORITY, E.AREA, E.FINAL_TILE):
            # the VP the faction got from that step in this action so far
            vp = sum(g.amount for g in events[:i] if type(g) is E.Gained and g.resource == "VP"
                     and g.faction == e.faction and g.source == step)
            what = {E.AREA: "network", E.FINAL_TILE: FINAL_TILE_LABELS.get(step.key)}.get(step.kind, step.key)
            label = f"+{vp}vp for {what}"
        else:
            label = _STEP_LABELS[step]
        rows.append((e.faction, label, e.values))
    return rows


def replay_ledger(ledger: Ledger, spans: list[tuple[Row, int, int]] | None = None) -> tuple[Game, Mismatch | None]:
    """Replay every row; return the game and the first difference (None when all rows agree).

    `spans`, when given, receives (row, first, end) for every command row: the log entries
    `game.log[first:end]` (and their `game.events`) that the row produced."""
    setup_rows = [r for r in ledger.rows if r.command == "setup"]
    game = Game(ledger.setup)
    pending: dict[str, deque[Row]] = {}
    for r in ledger.rows:
        if r.is_system:
            pending.setdefault(r.faction, deque()).append(r)
        elif r.merged_label:
            pending.setdefault(r.faction, deque()).append(
                Row(r.line, r.faction, r.values, r.merged_label, r.leech))
    seen_actions = 0
    drops = dict(ledger.dropped)

    def check_events() -> Mismatch | None:
        nonlocal seen_actions
        new = game.events[seen_actions:]
        seen_actions = len(game.events)
        for faction, label, snap in (row for events in new for row in system_rows(events)):
            queue = pending.get(faction)
            if not queue:
                return Mismatch(0, faction, f"unexpected row “{label}”", "no row", label)
            row = queue.popleft()
            if row.command and row.command != label:
                return Mismatch(row.line, faction, "row", row.command, label)
            if d := _diff(row, snap):
                return d
        return None

    for r in setup_rows:
        try:
            game.apply(None, A.ChooseFaction(r.faction))
        except RuleError as e:
            return game, Mismatch(r.line, r.faction, "“setup” rejected", "accepted", e)
    if m := check_events():
        return game, m
    for index, row in enumerate(ledger.rows):
        if index in drops:
            try:
                game.apply(drops[index], A.DropFaction())
            except RuleError as e:
                return game, Mismatch(row.line, drops[index], "drop from the game rejected", "accepted", e)
        if row.is_system:
            continue
        if row.faction not in game.state.players:
            return game, Mismatch(row.line, row.faction, "faction", "in the game", "not in the game")
        first = len(game.log)
        try:
            actions = parse_row(row.command)
            for action in actions:
                game.apply(row.faction, action)
        except RuleError as e:
            return game, Mismatch(row.line, row.faction, f"“{row.command}” rejected", "accepted", e)
        snap = game.last_snapshot if actions else game.player(row.faction).snapshot()
        if not row.merged_label and (d := _diff(row, snap)):
            return game, d
        if game.can_end_turn(row.faction):
            game.apply(row.faction, A.Done())
        if spans is not None:
            spans.append((row, first, len(game.log)))
        if m := check_events():
            return game, m
    if m := check_events():
        return game, m
    for faction, queue in pending.items():
        if queue:
            r = queue[0]
            return game, Mismatch(r.line, faction, f"row “{r.command}” never produced", r.command, "nothing")
    if not game.finished:
        return game, Mismatch(0, "-", "game end", "finished", game.state.phase)
    return game, None
