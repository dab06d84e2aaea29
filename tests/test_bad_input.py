"""What a player can hand the game (saves, logs, ledgers, settings) ends in a clear message of the
project's own error type, never a traceback, a hang or a lost game."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from tmdesktop import i18n, saves, settings
from tmdesktop.rules import actions as A
from tmdesktop.rules.engine import Game
from tmdesktop.refusals import message
from tmdesktop.rules.errors import RuleError, SetupError
from tmdesktop.rules.ledger import LedgerError, read_ledger, replay_ledger
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
from tmdesktop.rules.sitelog import LogError, export_log, import_log
from tmdesktop.safe_text import clean
from tests.conftest import CORPUS


@pytest.fixture(autouse=True)
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("TMDESKTOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TMDESKTOP_CONFIG_DIR", str(tmp_path / "cfg"))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


def played(seed: int = 3, steps: int = 80) -> Game:
    rng = random.Random(seed)
    game = Game(GameSetup.random(3, seed, factions=("witches", "nomads", "giants")))
    for _ in range(steps):
        game.apply(*random_step(game, rng))
    return game


# ---------------------------------------------------------------------- the notation's bounds


@pytest.mark.parametrize("row", ["+99999999fav1", "+999999999fav1", "+" + "9" * 30 + "fav1", "+10TW5",
                                 "dig " + "9" * 5000, "burn 100", "convert " + "1" * 400 + "PW to 1C",
                                 "leech 7" + "0" * 4400 + " from witches", "-" + "9" * 50 + "spade",
                                 "+" + "4" * 4301 + "fire"])
def test_huge_numbers_and_repeat_counts_are_refused_at_once(row):
    t0 = time.perf_counter()
    with pytest.raises(RuleError) as err:
        parse_row(row)
    assert err.value.code in ("number_out_of_range", "row_too_long")
    assert "out of range" in message(err.value) or "too long" in message(err.value)
    assert time.perf_counter() - t0 < 0.5  # no list of a billion tiles was built


def test_repeat_counts_that_the_rules_use_are_read():
    assert parse_row("+2TW5") == [A.TakeTile("TW5")] * 2
    assert parse_row("burn 0") == []  # in real logs (4pLeague_S60_D1L1_G4): it does nothing


def test_commands_are_read_as_by_trying_every_pattern_in_order():
    # commands are tried only against the patterns their first character may start; every
    # command of the corpus, changed in case and with mistakes, reads as trying them all would
    from tmdesktop.rules import notation

    def every_pattern(text):
        text = " ".join(text.split())
        for pattern, fn in notation._PATTERNS:
            if m := pattern.match(text):
                return fn(m)
        raise RuleError("unreadable_command", text=text)

    def read(parse, text):
        try:
            return parse(text)
        except RuleError as e:
            return e.code
    rng = random.Random(5)
    commands = {c.strip() for path in sorted(CORPUS.glob("*.txt"))[:10]
                for line in path.read_text(encoding="utf-8").splitlines() for c in line.split("\t")[-1].split(".")}
    commands |= {c.swapcase() for c in commands} | {c[1:] for c in commands} | {"", "+", "-", "?", "9 build"}
    commands |= {"".join(rng.sample(c, len(c))) for c in list(commands)[:300]}
    for text in sorted(commands):
        assert read(notation.parse_command, text) == read(every_pattern, text), text


def test_a_very_long_row_is_refused_and_the_message_is_short():
    with pytest.raises(RuleError) as e:
        parse_row("build A1. " * 5000)
    assert e.value.code == "row_too_long" and len(message(e.value)) < 200


def test_the_refusal_quotes_the_command_without_control_characters():
    with pytest.raises(RuleError) as e:
        parse_row("bu\x00ild\u202e \ud800A1")
    shown = message(e.value)
    assert shown == clean(shown) and "\x00" not in shown


# ---------------------------------------------------------------------- refusals instead of KeyError


def test_transform_on_an_unknown_hex_is_refused_and_changes_nothing():
    game = played()
    before = (list(game.log), repr(game.state))
    who = game.state.turn.faction
    for action in (A.Transform("Z99"), A.Transform("Z99", "desert"), A.Transform("r0")):
        with pytest.raises(RuleError) as err:
            game.apply(who, action)
        assert err.value.code == "not_land"
        assert game.try_apply(who, action)[0] is None
    assert (list(game.log), repr(game.state)) == before


def test_unknown_round_scoring_and_bonus_tiles_are_refused_by_the_setup():
    good = GameSetup.random(3, 1)
    with pytest.raises(SetupError) as err:
        GameSetup(players=3, score_tiles=("SCORE0",) + good.score_tiles[1:], bonus_tiles=good.bonus_tiles)
    assert err.value.code == "unknown_score_tiles" and "SCORE0" in message(err.value)
    with pytest.raises(SetupError) as err:
        GameSetup(players=3, score_tiles=good.score_tiles[:5] + good.score_tiles[:1], bonus_tiles=good.bonus_tiles)
    assert err.value.code == "repeated_score_tiles"
    with pytest.raises(SetupError) as err:
        GameSetup(players=3, score_tiles=good.score_tiles, bonus_tiles=("BON99",))
    assert err.value.code == "unknown_bonus_tiles" and "BON99" in message(err.value)


def _ledger_lines() -> list[str]:
    return (CORPUS / "4pLeague_S60_D1L1_G1.txt").read_text(encoding="utf-8").splitlines()


def test_a_ledger_with_an_unknown_scoring_tile_is_a_ledger_error():
    lines = [line.replace("SCORE2", "SCORE0") for line in _ledger_lines()]
    with pytest.raises(LedgerError) as err:
        read_ledger("\n".join(lines))
    assert "SCORE0" in message(err.value)


def test_a_refused_setup_row_and_a_wait_for_a_stranger_are_mismatches():
    lines = _ledger_lines()
    first_setup = next(i for i, line in enumerate(lines) if line.split("\t")[-1].strip() == "setup")
    twice = lines[: first_setup + 1] + [lines[first_setup]] + lines[first_setup + 1:]
    ledger = read_ledger("\n".join(twice))
    ledger.setup = GameSetup(**{**ledger.setup.__dict__, "players": 5})  # room for the extra row
    _game, mismatch = replay_ledger(ledger)
    assert mismatch is not None and "setup" in mismatch.what

    row = next(i for i, line in enumerate(lines) if line.count("\t") >= 14 and line.split("\t")[-1].strip()
               not in ("setup", "") and i > first_setup + 8)
    cols = lines[row].split("\t")
    cols[0], cols[14] = "fakirs", "wait"
    stranger = lines[:row] + ["\t".join(cols)] + lines[row + 1:]
    _game, mismatch = replay_ledger(read_ledger("\n".join(stranger)))
    assert mismatch is not None and mismatch.faction == "fakirs" and "not in the game" in str(mismatch)


def test_site_log_with_huge_numbers_is_a_log_error():
    text = export_log(played())
    for bad in (text.replace("player-count 3", "player-count " + "9" * 5000),
                text + "witches: +" + "9" * 12 + "fav1\n",
                text + "witches: transform Z99\n",
                text.replace("score ", "score SCORE0,") + "\n"):
        with pytest.raises(LogError):
            import_log(bad)


# ---------------------------------------------------------------------- saves


def _save_with(tmp_path, edit) -> saves.Loaded | str:
    game = played(5, 40)
    path = tmp_path / "x.tmsave"
    saves.save_game(game, path, "x", names={"witches": "Ana"})
    data = json.loads(path.read_text("utf-8"))
    edit(data)
    path.write_text(json.dumps(data), "utf-8")  # JSON escapes can spell lone surrogates
    try:
        return saves.load(path)
    except saves.SaveError as exc:
        return str(exc)


@pytest.mark.parametrize("move", ["+99999999fav1", "+999999999fav1", "+" + "9" * 150 + "fav1",
                                  "dig " + "9" * 190, "transform Z99"])
def test_absurd_moves_in_a_save_are_a_clear_message(dirs, move):
    t0 = time.perf_counter()
    result = _save_with(dirs, lambda d: d["log"].append(["witches", move]))
    assert isinstance(result, str) and "Move" in result
    assert time.perf_counter() - t0 < 2


def test_a_lone_surrogate_name_loads_and_autosaves(dirs):
    loaded = _save_with(dirs, lambda d: d["names"].update(witches="A\ud800na\x00"))
    assert isinstance(loaded, saves.Loaded) and loaded.names["witches"] == "Ana"
    saver = saves.Autosaver(loaded.game_id, loaded.names, path=loaded.path)
    assert saver.save(loaded.game) and saver.error == ""
    assert saves.load(loaded.path).names["witches"] == "Ana"


def test_the_autosaver_never_raises_even_on_unencodable_text(dirs):
    saver = saves.Autosaver("u", names={"witches": "\ud800"}, path=dirs / "u.tmsave")
    assert saver.save(played(2, 10))  # written with the surrogate replaced
    assert saves.load(dirs / "u.tmsave").names["witches"] == "?"


def test_text_from_a_save_is_listed_printable(dirs):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    game = played(4, 30)
    saves.save_game(game, folder / "a.tmsave", "a", names={"witches": "x"})
    data = json.loads((folder / "a.tmsave").read_text("utf-8"))
    data["names"]["witches"] = "\ufeff\u202eEve\x07"
    data["summary"]["phase"] = "\x00" * 50
    (folder / "a.tmsave").write_text(json.dumps(data), "utf-8")
    info, = saves.list_saves()
    assert info.names["witches"] == "Eve" and info.phase == ""


# ---------------------------------------------------------------------- crash-safe writes


def test_the_save_keeps_its_name_at_every_step_of_a_write(dirs, monkeypatch):
    """Stop the write at each of its steps (as a kill would): the save is always there and complete."""
    path = dirs / "g.tmsave"
    first, second = played(6, 20), played(6, 21)
    saves.save_game(first, path, "g")
    real_replace = os.replace
    for stop_at in range(2):  # before the copy takes the .bak name; before the new file takes its name
        calls = []

        def replace(src, dst, stop_at=stop_at, calls=calls):
            if len(calls) == stop_at:
                raise KeyboardInterrupt  # the process dies here
            calls.append(dst)
            real_replace(src, dst)

        monkeypatch.setattr(saves.os, "replace", replace)
        with pytest.raises(KeyboardInterrupt):
            saves.save_game(second, path, "g")
        monkeypatch.setattr(saves.os, "replace", real_replace)
        assert len(saves.load(path).game.log) in (len(first.log), len(second.log))
        assert [i.path for i in saves.list_saves(dirs)] == [path]
        saves.save_game(first, path, "g")


def test_leftovers_of_killed_writes_are_cleaned_and_lone_backups_shown(dirs):
    folder = dirs / "s"
    folder.mkdir()
    game = played(7, 10)
    saves.save_game(game, folder / "lost.tmsave", "lost")
    os.replace(folder / "lost.tmsave", folder / "lost.tmsave.bak")  # what an older version could leave
    stale = folder / f".lost.tmsave.{os.getppid()}.tmp"  # its writer lives on, but it is an hour old
    stale.write_bytes(b"{")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    orphan = folder / f".lost.tmsave.bak.{int(dead.stdout)}.tmp"  # its writer was killed a moment ago
    orphan.write_bytes(b"{")
    fresh = folder / f".other.tmsave.{os.getppid()}.tmp"  # a write in progress in another process: left alone
    fresh.write_bytes(b"{")
    listed = saves.list_saves(folder)
    assert [i.game_id for i in listed] == ["lost"] and not listed[0].error
    assert not stale.exists() and not orphan.exists() and fresh.exists()


# ---------------------------------------------------------------------- settings


def test_the_reset_message_is_in_the_interface_language(dirs):
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "es", "ui_scale": "huge"}), "utf-8")
    s, problem = settings.load_checked()
    i18n.set_language(s.language)  # as the app does: the language first, then the message
    assert problem.message() == "Algunos ajustes no eran válidos y se han restablecido: ui_scale."
    path.write_text(json.dumps({"language": "it", "fullscreen": 3}), "utf-8")
    s, problem = settings.load_checked()
    i18n.set_language(s.language)
    assert problem.message().startswith("Alcune impostazioni non erano valide")


def test_a_dangling_settings_link_is_reported_and_kept(dirs):
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    target = dirs / "synced" / "tm.json"
    path.symlink_to(target)
    s, problem = settings.load_checked(pref_locales=[{"language": "it"}])
    assert s.language == "it" and problem.kind == "dangling-link" and str(target) in problem.message()
    assert settings.save(s) == ""  # written where the link points: the link stays
    assert path.is_symlink() and target.is_file() and settings.load()[0] == s


def test_unprintable_names_in_settings_are_reset(dirs):
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"recent_names": ["Ana", "B\u0000o"], "leech": {"\ud800": "free"}}), "utf-8")
    s, problem = settings.load_checked()
    assert s.recent_names == [] and s.leech == {} and "recent_names" in problem.detail
