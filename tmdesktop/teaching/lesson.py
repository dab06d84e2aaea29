"""A lesson of the tutorial, as data: one JSON file per lesson in `lessons/`.

A lesson file holds its title and a one-line summary, the game's setup, a prelude of actions in
the players' notation ("nomads: build F3") that reaches the lesson's position by legal play, and
the steps.  A step has its text, the targets it rings on the table (the map view's targets:
["hex", "E7"], ["button", "transform"], ["power", "ACT2"], ["cult", "WATER"] ...), and either
waits for Continue or for the student's expected action (`expect`, a pattern in the notation:
fields left out match anything, `transform E7` matches any colour), with the `note` shown when
the student does anything else.  `auto` lists the other players' moves, played on entering the
step.  Adding a lesson is adding a file: `load_lessons` finds it, the catalogue extractor
(`extract_lesson`, registered in babel.cfg) collects its words.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.first_game import OPTIONS as BASE_OPTIONS
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.setup import GameSetup

FORMAT = 1
LESSON_DIR = Path(__file__).with_name("lessons")
#: The keys of a lesson file whose values are words for the player (extracted for translation).
TEXT_KEYS = ("title", "summary", "text", "note")


class LessonError(ValueError):
    """A lesson file that cannot be used (for the lesson's author: not translated)."""


@dataclass(frozen=True)
class Step:
    text: str
    highlight: tuple = ()
    expect: A.Action | None = None  # None: the step waits for Continue
    note: str = ""
    auto: tuple[tuple[str, A.Action], ...] = ()
    end_turn: bool = False  # after the expected action, the student's turn is ended for them


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    student: str
    setup: GameSetup
    prelude: tuple[tuple[str, A.Action], ...]
    steps: tuple[Step, ...]

    def position(self) -> Game:
        """The lesson's starting position: the setup with the prelude replayed, legally."""
        game = Game(self.setup)
        for i, (faction, action) in enumerate(self.prelude):
            try:
                game.apply(faction, action)
            except RuleError as exc:
                raise LessonError(f"{self.id}: prelude move {i + 1} ({faction}: {action}) is refused: {exc}") from exc
        return game


def matches(pattern: A.Action, action: A.Action) -> bool:
    """Whether `action` is what `pattern` asks: the same kind, and every field the pattern gives."""
    if type(pattern) is not type(action):
        return False
    return all(getattr(pattern, f.name) is None or getattr(pattern, f.name) == getattr(action, f.name)
               for f in dataclasses.fields(pattern))


def _moves(rows, where: str) -> tuple[tuple[str, A.Action], ...]:
    out = []
    for row in rows:
        faction, sep, command = str(row).partition(":")
        if not sep:
            raise LessonError(f"{where}: '{row}' is not 'faction: command'")
        try:
            out += [(faction.strip(), a) for a in parse_row(command)]
        except RuleError as exc:
            raise LessonError(f"{where}: '{row}': {exc}") from exc
    return tuple(out)


def _target(value):
    """JSON lists to the map view's target tuples (["held", ["witches", "BON1"]] and all)."""
    return tuple(_target(v) for v in value) if isinstance(value, list) else value


def _expect(text: str | None, where: str) -> A.Action | None:
    if text is None:
        return None
    try:
        parsed = parse_row(text)
    except RuleError as exc:
        raise LessonError(f"{where}: expect '{text}': {exc}") from exc
    if len(parsed) != 1:
        raise LessonError(f"{where}: expect '{text}' must be one action")
    return parsed[0]


def parse_lesson(lesson_id: str, data: dict) -> Lesson:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LessonError(f"{lesson_id}: not a lesson of format {FORMAT}")
    try:
        s = data["setup"]
        factions = tuple(s["factions"])
        options = BASE_OPTIONS if s.get("options", "base") == "base" else frozenset(s["options"])
        setup = GameSetup(players=len(factions), map_key=s.get("map", "original"), options=options,
                          score_tiles=tuple(s["score_tiles"]), bonus_tiles=tuple(s["bonus_tiles"]),
                          seed=s.get("seed", 1), factions=factions)
        steps = tuple(
            Step(text=st["text"], highlight=tuple(_target(t) for t in st.get("highlight", [])),
                 expect=_expect(st.get("expect"), f"{lesson_id} step {i + 1}"), note=st.get("note", ""),
                 auto=_moves(st.get("auto", []), f"{lesson_id} step {i + 1}"), end_turn=bool(st.get("end_turn")))
            for i, st in enumerate(data["steps"]))
        lesson = Lesson(lesson_id, data["title"], data["summary"], data["student"], setup,
                        _moves(data.get("prelude", []), f"{lesson_id} prelude"), steps)
    except (KeyError, TypeError) as exc:
        raise LessonError(f"{lesson_id}: missing or malformed {exc}") from exc
    except Exception as exc:  # a bad setup (SetupError) says what is wrong
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"{lesson_id}: {exc}") from exc
    if lesson.student not in factions:
        raise LessonError(f"{lesson_id}: the student '{lesson.student}' is not one of the factions")
    if not steps:
        raise LessonError(f"{lesson_id}: no steps")
    for i, st in enumerate(steps):
        if st.expect is not None and not st.note:
            raise LessonError(f"{lesson_id} step {i + 1}: an expected action needs its note")
    return lesson


def load_lesson(path: Path) -> Lesson:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LessonError(f"{Path(path).name}: {exc}") from exc
    return parse_lesson(Path(path).stem, data)


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson, in the order of their file names (`01_map.json`, `02_building.json` ...)."""
    return [load_lesson(p) for p in sorted(Path(folder or LESSON_DIR).glob("*.json"))]


# ---------------------------------------------------------------------- catalogue extraction


def extract_lesson(fileobj, keywords, comment_tags, options):
    """Babel extraction method for lesson files: every title, summary, step text and note."""
    raw = fileobj.read().decode("utf-8")
    data = json.loads(raw)

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, key)
        elif key in TEXT_KEYS and isinstance(value, str) and value:
            yield value

    for text in walk(data):
        at = raw.find(json.dumps(text, ensure_ascii=False)[1:-1])
        yield raw.count("\n", 0, max(at, 0)) + 1, None, text, []
