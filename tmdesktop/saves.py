"""Saved games: versioned JSON with the setup and the action log in the players' notation.

A save never holds a state dump, pickle or code: loading rebuilds the game by replaying the log
through the engine, so a save that loads is a game the rules allow.  Every problem with a file
(damaged, truncated, hand-edited, from a newer version, not a save at all, absurd numbers)
becomes a `SaveError` whose message is written for the player, and nothing else is touched.

Files are written atomically: a temporary file in the same folder, flushed and fsynced, then
`os.replace`d over the old one, whose previous copy is kept as `<name>.bak` (see `write_atomic`:
the save keeps its name at every instant, so a killed process cannot hide a game).  The games live in
`PlatformDirs("tmdesktop", appauthor=False).user_data_path / "saves"` (`TMDESKTOP_DATA_DIR`
overrides the data folder, for tests and portable installs).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from .i18n import _
from .rules import actions as A
from .rules.data import ALL_FACTIONS, BONUS_TILES, SCORE_TILES
from .rules.engine import Game
from .refusals import message
from .rules.errors import RuleError
from .rules.maps import MAP_KEYS, TERRAINS
from .rules.notation import parse_row
from .rules.setup import FINAL_SCORING_TILES, KNOWN_OPTIONS, GameSetup
from .safe_text import clean
from .seat_names import shown as seat_name

FORMAT = "tmdesktop-save"
VERSION = 1
SUFFIX = ".tmsave"
#: The levels a computer seat may have (`tmdesktop.ai.LEVELS`; kept here so that saves need no AI).
COMPUTER_LEVELS = ("easy", "medium", "hard")
MAX_BYTES = 4_000_000  # a finished five-player game is about 60 kB
MAX_LOG = 20_000
MAX_NAME = 40
MAX_SEED = 2 ** 63
TMP_SUFFIX = ".tmp"
LEFTOVER_SECONDS = 60.0  # a temporary file this old belongs to no live write


class SaveError(Exception):
    """A save that cannot be loaded; `str()` is a message for the player (already translated)."""


# ---------------------------------------------------------------------- where


def data_dir() -> Path:
    env = os.environ.get("TMDESKTOP_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import PlatformDirs

    return PlatformDirs("tmdesktop", appauthor=False).user_data_path


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_game_id() -> str:
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def path_for(game_id: str) -> Path:
    return saves_dir() / f"{game_id}{SUFFIX}"


def backup_of(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


# ---------------------------------------------------------------------- atomic writes


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Write `data` to `path` so that a process killed at any moment leaves a complete file there.

    `path` never disappears, not even for an instant: the new bytes go to a temporary file that
    is fsynced and then renamed over `path` in one step.  The previous copy becomes `path.bak`
    through a second name (a hard link, or a copy where links are not possible) taken before the
    rename, so the old file keeps its own name until the new one replaces it.  Leftover temporary
    files of a killed process are removed by `clean_leftovers`.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}{TMP_SUFFIX}")
    bak_tmp = path.with_name(f".{path.name}.bak.{os.getpid()}{TMP_SUFFIX}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.is_file():
            _second_name(path, bak_tmp)
            os.replace(bak_tmp, backup_of(path))
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        for leftover in (tmp, bak_tmp):
            try:
                leftover.unlink()
            except OSError:
                pass


def _second_name(path: Path, other: Path) -> None:
    """`other` becomes a complete copy of `path` (the same file when the system allows hard links)."""
    try:
        other.unlink()
    except OSError:
        pass
    try:
        os.link(path, other)
    except OSError:
        shutil.copyfile(path, other)


def clean_leftovers(folder: Path, older_than: float = LEFTOVER_SECONDS) -> int:
    """Remove what killed writers left in `folder`; returns how many files were touched.

    Temporary files whose writer has died (their name holds its process id), or older than
    `older_than` seconds where that cannot be told, are deleted (a live write takes milliseconds),
    and a save that exists only as its `.bak` (left by an older version killed between two
    renames) takes its name back, so that it shows in Continue and Load again.
    """
    touched = 0
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for p in entries:
        try:
            if p.name.startswith(".") and p.name.endswith(TMP_SUFFIX) and (
                    _writer_gone(p.name) or now - p.stat().st_mtime > older_than):
                p.unlink()
                touched += 1
            elif p.name.endswith(SUFFIX + ".bak") and not p.with_name(p.name[:-4]).exists():
                os.replace(p, p.with_name(p.name[:-4]))
                touched += 1
        except OSError:
            continue
    return touched


def _writer_gone(name: str) -> bool:
    """True when the process that named this temporary file (`.<file>.<pid>.tmp`) has ended."""
    pid = name[: -len(TMP_SUFFIX)].rpartition(".")[2]
    if os.name != "posix" or not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False
    return False


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------------------------- to JSON


def setup_to_dict(setup: GameSetup) -> dict:
    return {
        "players": setup.players,
        "map": setup.map_key,
        "options": sorted(setup.options),
        "score_tiles": list(setup.score_tiles),
        "bonus_tiles": list(setup.bonus_tiles),
        "player_names": list(setup.player_names),
        "seed": setup.seed,
        "factions": list(setup.factions),
        "final_scoring": setup.final_scoring,
        "start_vp": dict(setup.start_vp),
        "reserved_colors": list(setup.reserved_colors),
    }


def summary(game: Game) -> dict:
    s = game.state
    return {
        "factions": list(s.seats),
        "round": s.round,
        "phase": s.phase,
        "finished": game.finished,
        "vp": {n: p.VP for n, p in s.players.items()},
        "moves": len(game.log),
        # the colours chosen (Fire & Ice): the load screen shows a faction in the colour it wears
        "colors": {n: p.color for n, p in s.players.items() if p.color},
    }


def game_to_dict(game: Game, game_id: str, names: dict | None = None, created: str | None = None,
                 computers: dict | None = None) -> dict:
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": game_id,
        "created": created or now,
        "saved": now,
        "setup": setup_to_dict(game.setup),
        "names": dict(names or {}),  # faction -> the player's name at this table
        "computers": dict(computers or {}),  # faction -> level of the seats the computer plays
        "log": [[faction, str(action)] for faction, action in game.log],
        "summary": summary(game),
    }


def save_game(game: Game, path: Path, game_id: str, names: dict | None = None, created: str | None = None,
              computers: dict | None = None) -> None:
    data = json.dumps(game_to_dict(game, game_id, names, created, computers), ensure_ascii=False, indent=1)
    write_atomic(path, data.encode("utf-8", "replace"))  # a lone surrogate must not stop a save


# ---------------------------------------------------------------------- from JSON, with validation


def _bad(detail: str) -> SaveError:
    return SaveError(_("This save is damaged ({detail}).").format(detail=detail))


def _reject_constant(name: str):
    raise ValueError(name)


def read_json(path: Path) -> dict:
    """The top-level object of a save file, or SaveError."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(_("The save file is missing.")) from None
    except OSError as exc:
        raise SaveError(_("The save file cannot be read: {why}").format(why=exc.strerror or exc)) from None
    if size > MAX_BYTES:
        raise SaveError(_("This file is far too large to be a save ({size} MB).").format(size=size // 1_000_000))
    if size == 0:
        raise SaveError(_("The save file is empty (the game may have stopped while saving)."))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(_("The save file cannot be read: {why}").format(why=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("This file is not a tmdesktop save (it is not text).")) from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, json.JSONDecodeError) and exc.pos >= len(text.rstrip()) - 1:
            raise SaveError(_("This save is cut short (the file ends too early).")) from None
        raise SaveError(_("This file is not a tmdesktop save (it is not readable JSON).")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("This file is not a tmdesktop save."))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise _bad(_("no valid format version"))
    if version > VERSION:
        raise SaveError(_("This save comes from a newer version of tmdesktop (format {v}; this one reads up to "
                          "{mine}). Update the game to open it.").format(v=min(version, 10 ** 6), mine=VERSION))
    return data


def _int(d: dict, key: str, lo: int, hi: int, none_ok: bool = False):
    v = d.get(key)
    if v is None and none_ok:
        return None
    if type(v) is not int or not lo <= v <= hi:
        raise _bad(_("“{key}” is not a number from {lo} to {hi}").format(key=key, lo=lo, hi=hi))
    return v


def _str_list(d: dict, key: str, allowed, max_len: int) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or len(v) > max_len or not all(isinstance(x, str) for x in v):
        raise _bad(_("“{key}” is not a list of names").format(key=key))
    if allowed is not None:
        for x in v:
            if x not in allowed:
                raise _bad(_("unknown “{value}” in “{key}”").format(value=clean(x, 40), key=key))
    return tuple(v)


def setup_from_dict(d) -> GameSetup:
    if not isinstance(d, dict):
        raise _bad(_("no game setup"))
    players = _int(d, "players", 2, 5)
    map_key = d.get("map")
    if map_key not in MAP_KEYS:
        raise _bad(_("unknown map"))
    names = _str_list(d, "player_names", None, 5)
    if any(len(n) > MAX_NAME for n in names):
        raise _bad(_("a player name is too long"))
    names = tuple(clean(n, MAX_NAME, newlines=False) for n in names)  # drawn and written again later
    final = d.get("final_scoring")
    if final is not None and final not in FINAL_SCORING_TILES:
        raise _bad(_("unknown final scoring tile"))
    start_vp = d.get("start_vp", {})
    if not isinstance(start_vp, dict) or any(k not in ALL_FACTIONS or type(v) is not int or not 0 <= v <= 200
                                            for k, v in start_vp.items()):
        raise _bad(_("bad starting VP"))
    try:
        return GameSetup(
            players=players, map_key=map_key,
            options=frozenset(_str_list(d, "options", KNOWN_OPTIONS, 40)),
            score_tiles=_str_list(d, "score_tiles", SCORE_TILES, 6),
            bonus_tiles=_str_list(d, "bonus_tiles", BONUS_TILES, len(BONUS_TILES)),
            player_names=names, seed=_int(d, "seed", -MAX_SEED, MAX_SEED, none_ok=True),
            factions=_str_list(d, "factions", ALL_FACTIONS, 5), final_scoring=final, start_vp=dict(start_vp),
            reserved_colors=_str_list(d, "reserved_colors", TERRAINS, 7),
        )
    except ValueError as exc:
        raise _bad(message(exc)) from None


def log_from_list(entries) -> list[tuple[str | None, A.Action]]:
    if not isinstance(entries, list):
        raise _bad(_("no list of moves"))
    if len(entries) > MAX_LOG:
        raise _bad(_("too many moves"))
    out = []
    for i, e in enumerate(entries, 1):
        if (not isinstance(e, list) or len(e) != 2 or not (e[0] is None or e[0] in ALL_FACTIONS)
                or not isinstance(e[1], str) or len(e[1]) > 200):
            raise _bad(_("move {n} is not a move").format(n=i))
        try:
            actions = parse_row(e[1])
        except RuleError as exc:
            raise SaveError(_("Move {n} of this save cannot be read: {why}").format(n=i, why=message(exc))) from None
        if len(actions) != 1:
            raise _bad(_("move {n} is not one action").format(n=i))
        out.append((e[0], actions[0]))
    return out


@dataclass
class Loaded:
    game: Game
    game_id: str
    path: Path
    names: dict = field(default_factory=dict)
    created: str = ""
    saved: str = ""
    note: str = ""  # e.g. "the last copy was damaged; loaded the one before"
    computers: dict = field(default_factory=dict)  # faction -> level of the computer seats


def replay(setup: GameSetup, log: list) -> Game:
    try:
        game = Game(setup)
    except (RuleError, ValueError, KeyError) as exc:
        raise _bad(message(exc)) from None
    start = len(game.log)
    if [(f, a) for f, a in log[:start]] != game.log:
        raise _bad(_("the moves do not start with the chosen factions"))
    for i, (faction, action) in enumerate(log[start:], start + 1):
        try:
            game.apply(faction, action)
        except RuleError as exc:
            raise SaveError(_("Move {n} of this save ({move}) is not allowed: {why}").format(
                n=i, move=str(action), why=message(exc))) from None
        except Exception as exc:  # an engine fault must not crash the menu
            raise SaveError(_("Move {n} of this save ({move}) could not be replayed ({why}).").format(
                n=i, move=str(action), why=type(exc).__name__)) from None
    return game


def load_file(path: Path) -> Loaded:
    """Load one file exactly (no fallback)."""
    path = Path(path)
    data = read_json(path)
    setup = setup_from_dict(data.get("setup"))
    log = log_from_list(data.get("log"))
    names = data.get("names", {})
    if not isinstance(names, dict) or any(not isinstance(k, str) or not isinstance(v, str) or len(v) > MAX_NAME
                                          for k, v in names.items()):
        raise _bad(_("bad player names"))
    names = {k: seat_name(clean(v, MAX_NAME, newlines=False)) for k, v in names.items()}
    game_id = data.get("id")
    if not isinstance(game_id, str) or not game_id or len(game_id) > 80 or clean(game_id, 80) != game_id:
        game_id = path.name.removesuffix(SUFFIX)
    created = data.get("created") if isinstance(data.get("created"), str) else ""
    saved = data.get("saved") if isinstance(data.get("saved"), str) else ""
    computers = data.get("computers", {})  # absent in saves from before computer seats: all people
    if not isinstance(computers, dict) or any(not isinstance(k, str) or v not in COMPUTER_LEVELS
                                              for k, v in computers.items()):
        raise _bad(_("bad computer seats"))
    game = replay(setup, log)
    if any(k not in game.state.players for k in computers):
        raise _bad(_("bad computer seats"))
    return Loaded(game, game_id, path, dict(names), clean(created, 40), clean(saved, 40), computers=dict(computers))


def load(path: Path) -> Loaded:
    """Load a save; if it is damaged but its `.bak` is good, load that and say so in `note`."""
    path = Path(path)
    try:
        return load_file(path)
    except SaveError as first:
        bak = backup_of(path)
        if bak.exists():
            try:
                loaded = load_file(bak)
            except SaveError:
                raise first from None
            loaded.path = path
            # two sentences: the reason is a sentence of its own ("This file is not ... (...).")
            loaded.note = _("The last copy of this save could not be read, so the copy before it was loaded.") + \
                " " + str(first)
            return loaded
        raise


# ---------------------------------------------------------------------- listing


@dataclass
class SaveInfo:
    path: Path
    game_id: str
    saved: str = ""  # ISO time
    factions: tuple[str, ...] = ()
    round: int = 0
    phase: str = ""
    finished: bool = False
    moves: int = 0
    names: dict = field(default_factory=dict)
    colors: dict = field(default_factory=dict)  # faction -> the terrain colour it chose (Fire & Ice)
    vp: dict = field(default_factory=dict)  # faction -> VP when last saved (the final scores of a finished game)
    error: str = ""  # a message when the file cannot be read
    mtime: float = 0.0
    note: str = ""  # the file is damaged and this is its `.bak`, which `load` opens instead

    @property
    def when(self) -> datetime:
        try:
            return datetime.fromisoformat(self.saved).astimezone()
        except (ValueError, OverflowError, OSError):  # any text, e.g. year 1 in the last time zone
            try:
                return datetime.fromtimestamp(self.mtime).astimezone()
            except (ValueError, OverflowError, OSError):
                return datetime.fromtimestamp(0, timezone.utc)


def info(path: Path) -> SaveInfo:
    """What the load screen shows, read from the file's summary (the game is not replayed).  A
    damaged file whose `.bak` reads well is shown as that copy, with a `note`: it is the game
    `load` opens, so Continue and Load offer it instead of passing over it."""
    path = Path(path)
    found = _summary(path)
    if found.error:
        bak = _summary(backup_of(path))
        if not bak.error:
            return replace(bak, path=path, game_id=found.game_id, mtime=found.mtime,
                           note=_("The last copy of this save is damaged; the copy before it is used."))
    return found


def _summary(path: Path) -> SaveInfo:
    """`info` of this one file (no fallback)."""
    game_id = path.name.removesuffix(SUFFIX)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        data = read_json(path)
        sm = data.get("summary")
        if not isinstance(sm, dict):
            raise _bad(_("no summary"))
        factions = tuple(f for f in sm.get("factions", []) if f in ALL_FACTIONS) if isinstance(
            sm.get("factions"), list) else ()
        rnd = sm.get("round") if type(sm.get("round")) is int and 0 <= sm.get("round") <= 6 else 0
        moves = sm.get("moves") if type(sm.get("moves")) is int and 0 <= sm.get("moves") <= MAX_LOG else 0
        names = data.get("names") if isinstance(data.get("names"), dict) else {}
        names = {k: seat_name(clean(v, MAX_NAME, newlines=False)) for k, v in names.items()
                 if isinstance(k, str) and isinstance(v, str)}
        colors = sm.get("colors") if isinstance(sm.get("colors"), dict) else {}  # absent in older saves
        colors = {k: v for k, v in colors.items() if k in factions and v in TERRAINS}
        vp = sm.get("vp") if isinstance(sm.get("vp"), dict) else {}
        vp = {k: v for k, v in vp.items() if k in factions and type(v) is int and -1000 <= v <= 1000}
        return SaveInfo(path, game_id, clean(data.get("saved", ""), 40), factions, rnd, clean(sm.get("phase", ""), 20),
                        sm.get("finished") is True, moves, names, colors, vp, mtime=mtime)
    except SaveError as exc:
        return SaveInfo(path, game_id, error=str(exc), mtime=mtime)


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first (damaged ones included, with their message)."""
    folder = saves_dir() if folder is None else Path(folder)
    if not folder.is_dir():
        return []
    clean_leftovers(folder)
    out = [info(p) for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    out.sort(key=lambda i: i.mtime, reverse=True)
    return out


def latest_unfinished(folder: Path | None = None) -> SaveInfo | None:
    """The game "Continue" resumes: the most recently saved one that is not over (a damaged
    file counts through its good `.bak`, see `info`)."""
    for i in list_saves(folder):
        if not i.error and not i.finished:
            return i
    return None


def delete(path: Path) -> None:
    for p in (backup_of(Path(path)), Path(path)):  # the copy first: a lone .bak would be restored
        try:
            p.unlink()
        except FileNotFoundError:
            pass


# ---------------------------------------------------------------------- autosave


class Autosaver:
    """Saves one game after every change (used by the app's session)."""

    def __init__(self, game_id: str | None = None, names: dict | None = None, created: str | None = None,
                 path: Path | None = None, computers: dict | None = None):
        self.game_id = game_id or new_game_id()
        self.path = Path(path) if path else path_for(self.game_id)
        self.names = dict(names or {})
        self.computers = dict(computers or {})
        self.created = created or datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.error = ""  # the last failure, for the interface to show

    def save(self, game: Game) -> bool:
        """Never raises: a failed save is reported in `error`, and the game goes on."""
        try:
            save_game(game, self.path, self.game_id, self.names, self.created, self.computers)
        except OSError as exc:
            self.error = _("The game could not be saved: {why}").format(why=clean(exc.strerror or exc, 120))
            return False
        except Exception as exc:
            self.error = _("The game could not be saved: {why}").format(why=type(exc).__name__)
            return False
        self.error = ""
        return True
