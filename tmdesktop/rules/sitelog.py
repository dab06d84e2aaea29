"""Game logs in the notation of the online site: export any game, import such logs.

The site keeps the map outside its logs, so an export starts with `# map NAME SITE_MAP_ID`.
Then come the options, the round scoring tiles, the bonus tiles left out, the factions, and one
row per faction turn: `witches: dig 1. build E6`.
"""

from __future__ import annotations

import re

from . import actions as A
from .data import BONUS_TILES, tile
from .engine import Game
from .errors import CodedError, RuleError
from .maps import MAP_KEYS, board_by_site_id, load_board
from .notation import parse_row
from .setup import KNOWN_OPTIONS, GameSetup


class LogError(CodedError):
    """A log that cannot be imported: a code and params (`line` names the first bad line)."""


def export_log(game: Game) -> str:
    setup = game.setup
    board = load_board(setup.map_key)
    if "revised-starting-vp" in setup.options and board.key == "original":
        name, site_id = REVISED_VP_MAP  # the site's name for that variant
    else:
        name, site_id = board.key, board.site_map_id
    lines = [f"# map {name} {site_id}"]
    if name != "original":  # the site plays the original map unless told otherwise
        lines.append(f"map {site_id}")
    lines.append(f"player-count {setup.players}")
    lines += [f"option {o}" for o in sorted(setup.options - LOCAL_OPTIONS)]
    lines.append("score " + ",".join(setup.score_tiles))
    if setup.final_scoring:
        lines.append(f"final-scoring {setup.final_scoring}")
    enabled = [b for b in BONUS_TILES if tile(b).get("option") in (None, *setup.options)]
    lines += [f"delete {b}" for b in enabled if b not in setup.bonus_tiles]
    if setup.start_vp:  # the site has no auction: kept as a comment that our import reads back
        lines.append(AUCTION_COMMENT + ", ".join(f"{f} {vp}" for f, vp in setup.start_vp.items()))
    # the site hands out factions to the players in the order they joined: one `player` line a seat
    lines += [f"player p{k} username p{k}" for k in range(1, setup.players + 1)]
    replay = Game(setup)
    start = _write_setup(game, replay, lines)
    row_faction, row = None, []

    def flush() -> None:
        nonlocal row_faction, row
        if row:
            lines.append(f"{row_faction}: " + ". ".join(row))
        row_faction, row = None, []

    for faction, action in game.log[start:]:
        setup_step = replay.state.phase != "play"
        out_of_turn = faction != replay.state.turn.faction
        replay.apply(faction, action)
        if isinstance(action, A.Done):
            flush()
            continue
        if isinstance(action, A.DropFaction):  # an admin line on the site, not a faction's row
            flush()
            lines.append(f"drop-faction {faction}")
            continue
        if faction != row_faction or (out_of_turn and not action.main_turn):
            flush()
            row_faction = faction
        text = str(action)
        if replay.auto_dug:
            text = f"dig {replay.auto_dug}. {text}"
        row.append(text)
        if setup_step or replay.state.phase != "play" or replay.state.turn.faction != faction:
            flush()
    flush()
    return "\n".join(lines) + "\n"


def _write_setup(game: Game, replay: Game, lines: list[str]) -> int:
    """The factions and their setup choices in the site's order, whatever order they were made in:
    every `setup` line (with an ice or variable faction's colour right after it), then the Ice
    Maidens' favor tile, then the volcano factions' colours. Applies them to `replay` (a fresh
    game of the same setup) and returns where the rest of the log starts."""
    start = len(replay.log)
    seats: list[str] = list(game.setup.factions)
    picks: dict[str, A.PickColor] = {}
    later: list[tuple[str, A.Action]] = []  # favor tiles, then volcano colours
    end = start
    for faction, action in game.log[start:]:
        if replay.state.phase not in ("factions", "colors"):
            break
        replay.apply(faction, action)
        end += 1
        if isinstance(action, A.ChooseFaction):
            seats.append(action.faction)
        elif isinstance(action, A.PickColor) and replay.player(faction).faction.home in ("ice", "variable"):
            picks[faction] = action
        else:
            later.append((faction, action))
    later.sort(key=lambda fa: isinstance(fa[1], A.PickColor))  # the favor before volcano colours
    for f in seats:
        lines.append(str(A.ChooseFaction(f)))
        if f in picks:
            lines.append(f"{f}: {picks[f]}")
    lines += [f"{f}: {a}" for f, a in later]
    return end


_ROW = re.compile(r"^(\w+):\s*(.*)$")
#: Options of ours that the site expresses otherwise (a map variant) or not at all.
LOCAL_OPTIONS = frozenset({"revised-starting-vp"})
REVISED_VP_MAP = ("original-2017", "91645cdb135773c2a7a50e5ca9cb18af54c664c4")
AUCTION_COMMENT = "# starting VP from the faction auction: "


def import_log(text: str) -> Game:
    """Read a log (ours or the site's) and replay it; LogError names the first bad line."""
    map_key, players, options, scores, deleted, final = "original", None, set(), None, set(), None
    body: list[tuple[int, str, str]] = []  # (line, faction, text)
    chosen: list[tuple[int, str]] = []  # (line, faction) of the `setup` lines
    start_vp: dict[str, int] = {}
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if m := re.fullmatch(r"#\s*map\s+(\S+)(?:\s+([0-9a-f]{40}))?", line):
            if REVISED_VP_MAP[1] in (m[2], None) and m[1] == REVISED_VP_MAP[0] or m[2] == REVISED_VP_MAP[1]:
                map_key = "original"
                options.add("revised-starting-vp")
            else:
                map_key = _map_key(no, m[1], m[2])
        elif line.startswith(AUCTION_COMMENT):
            for item in line[len(AUCTION_COMMENT):].split(","):
                m = re.fullmatch(r"\s*(\w+)\s+(\d{1,3})\s*", item)
                if not m:
                    raise LogError("unreadable_line", line=no, text=item)
                start_vp[m[1]] = int(m[2])
        elif line.startswith("#"):
            continue
        elif m := re.fullmatch(r"map\s+([0-9a-f]{40})", line):
            if m[1] == REVISED_VP_MAP[1]:
                map_key = "original"
                options.add("revised-starting-vp")
            else:
                map_key = _map_key(no, m[1], m[1])
        elif m := re.fullmatch(r"player-count\s+(\d{1,2})", line):
            players = int(m[1])
        elif m := re.fullmatch(r"option\s+(\S+)", line):
            if m[1] not in KNOWN_OPTIONS:
                raise LogError("unknown_option", line=no, option=m[1])
            options.add(m[1])
        elif m := re.fullmatch(r"score\s+(\S+)", line):
            scores = tuple(m[1].split(","))
        elif m := re.fullmatch(r"delete\s+(BON\d+)", line, re.I):
            deleted.add(m[1].upper())
        elif m := re.fullmatch(r"final-scoring\s+(\S+)", line):
            final = m[1]
        elif m := re.fullmatch(r"setup\s+(\w+)", line):
            chosen.append((no, m[1].lower()))  # the site reads the setup lines as one block
        elif m := re.fullmatch(r"drop-faction\s+(\w+)", line, re.I):
            body.append((no, m[1].lower(), "drop-faction"))
        elif m := _ROW.match(line):
            body.append((no, m[1].lower(), m[2]))
        elif line.split()[0] in ("player", "randomize", "start-preview", "income", "finish"):
            continue
        else:
            raise LogError("unreadable_line", line=no, text=line)
    if scores is None:
        raise LogError("no_score_tiles")
    enabled = [b for b in BONUS_TILES if tile(b).get("option") in (None, *options)]
    try:
        setup = GameSetup(players=players or len(chosen), map_key=map_key, options=frozenset(options),
                          score_tiles=scores, bonus_tiles=tuple(b for b in enabled if b not in deleted),
                          final_scoring=final, start_vp=start_vp, factions=tuple(f for _, f in chosen))
    except ValueError as e:
        raise LogError("bad_setup", refusal=e) from None
    try:
        game = Game(setup)  # the factions are chosen first, then the colours and the favor tile
    except RuleError as e:
        raise LogError("rejected", line=chosen[0][0] if chosen else 0, refusal=e) from None
    except (ValueError, KeyError) as e:
        raise LogError("bad_setup", refusal=e) from None
    for no, faction, commands in body:
        try:
            for action in parse_row(commands):
                game.apply(faction, action)
            if game.can_end_turn(faction):
                game.apply(faction, A.Done())
        except RuleError as e:
            raise LogError("rejected", line=no, refusal=e) from None
        except Exception as e:  # an engine fault must not escape as a traceback: name the line
            raise LogError("replay_fault", line=no, why=type(e).__name__) from None
        if game.can_end_turn(faction):
            game.apply(faction, A.Done())
    return game


def _map_key(no: int, name: str, site_id: str | None) -> str:
    if name in MAP_KEYS:
        return name
    if site_id:
        try:
            return board_by_site_id(site_id).key
        except KeyError:
            pass
    raise LogError("unknown_map", line=no, name=name)
