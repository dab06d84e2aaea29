"""Saves: round trips, atomic writes with a backup, and a corpus of damaged files that must each
give a clear message (and leave every other file alone)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tmdesktop import i18n, saves
from tmdesktop.rules.engine import Game
from tmdesktop.rules.notation import parse_row
from tmdesktop.rules.random_play import random_game, random_step
from tmdesktop.rules.setup import GameSetup

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TMDESKTOP_DATA_DIR", str(tmp_path / "data"))
    i18n.set_language("en")
    return tmp_path / "data"


def played(seed=5, steps=120, players=3, **kw) -> Game:
    rng = random.Random(seed)
    game = Game(GameSetup.random(players, seed, **kw))
    for _ in range(steps):
        if game.finished:
            break
        who, action = random_step(game, rng)
        game.apply(who, action)
    return game


def states_equal(a: Game, b: Game) -> bool:
    return a.log == b.log and a.state == b.state


# ---------------------------------------------------------------------- round trips


def test_every_logged_action_round_trips_through_the_notation():
    for seed in (1, 2, 3):
        game = random_game(seed, players=4)
        for _faction, action in game.log:
            assert parse_row(str(action)) == [action], str(action)


@pytest.mark.parametrize("seed,kw", [(4, {}), (9, {"map_key": "fjords"}),
                                     (12, {"options": GameSetup.random(3, 1).options | {"fire-and-ice-factions/ice"}})])
def test_save_and_load_round_trip(tmp_path, seed, kw):
    game = played(seed, 150, **kw)
    path = tmp_path / "g.tmsave"
    saves.save_game(game, path, "g1", names={game.state.seats[0]: "Ana"})
    loaded = saves.load(path)
    assert states_equal(loaded.game, game)
    assert loaded.game_id == "g1" and loaded.names == {game.state.seats[0]: "Ana"}
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == "tmdesktop-save" and data["version"] == saves.VERSION
    assert all(isinstance(t, str) for _f, t in data["log"])  # the notation, never pickled objects


def test_finished_game_round_trips(tmp_path):
    game = random_game(21, players=2)
    path = tmp_path / "done.tmsave"
    saves.save_game(game, path, "done")
    loaded = saves.load(path).game
    assert loaded.finished
    assert {n: p.VP for n, p in loaded.state.players.items()} == {n: p.VP for n, p in game.state.players.items()}


def test_atomic_write_keeps_the_previous_copy(tmp_path):
    path = tmp_path / "a.tmsave"
    g1 = played(3, 40)
    saves.save_game(g1, path, "a")
    g2 = played(3, 60)
    saves.save_game(g2, path, "a")
    assert len(saves.load_file(path).game.log) == len(g2.log)
    assert len(saves.load_file(saves.backup_of(path)).game.log) == len(g1.log)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_damaged_save_falls_back_to_the_backup_with_a_note(tmp_path):
    path = tmp_path / "a.tmsave"
    saves.save_game(played(3, 40), path, "a")
    saves.save_game(played(3, 60), path, "a")
    path.write_bytes(path.read_bytes()[:500])  # torn by a crash
    loaded = saves.load(path)
    assert len(loaded.game.log) >= 40
    assert loaded.note.startswith("The last copy of this save could not be read, so the copy before it was loaded. ")
    assert ").)" not in loaded.note and ".);" not in loaded.note  # no reason in brackets inside a sentence


# ---------------------------------------------------------------------- the damaged corpus


def _good(tmp_path) -> tuple[Path, dict]:
    path = tmp_path / "good.tmsave"
    saves.save_game(played(7, 80), path, "good")
    return path, json.loads(path.read_text("utf-8"))


def _edit(data, fn):
    data = json.loads(json.dumps(data))
    fn(data)
    return json.dumps(data).encode()


def _swap_first_placements(log: list) -> None:
    i = next(k for k, (who, _move) in enumerate(log) if who is not None)
    log[i], log[i + 1] = log[i + 1], log[i]


def damaged_corpus(good_bytes: bytes, data: dict) -> dict[str, bytes]:
    log_len = len(data["log"])
    return {
        "empty": b"",
        "truncated-half": good_bytes[: len(good_bytes) // 2],
        "truncated-one-byte": good_bytes[:-2],
        "random-bytes": random.Random(1).randbytes(3000),
        "random-text": b"hello, this is not a save",
        "nul-bytes": b"\0" * 100,
        "json-array": b"[1, 2, 3]",
        "json-null": b"null",
        "other-format": _edit(data, lambda d: d.update(format="something-else")),
        "no-version": _edit(data, lambda d: d.pop("version")),
        "version-string": _edit(data, lambda d: d.update(version="1")),
        "newer-version": _edit(data, lambda d: d.update(version=saves.VERSION + 1)),
        "huge-version": json.dumps({**data, "version": 10 ** 300}).encode(),
        "huge-number-digits": good_bytes.replace(b'"players": 3', b'"players": ' + b"9" * 5000),
        "huge-players": _edit(data, lambda d: d["setup"].update(players=10 ** 40)),
        "float-players": _edit(data, lambda d: d["setup"].update(players=3.0)),
        "bool-players": _edit(data, lambda d: d["setup"].update(players=True)),
        "nan-seed": good_bytes.replace(b'"seed": 7', b'"seed": NaN'),
        "huge-seed": _edit(data, lambda d: d["setup"].update(seed=10 ** 100)),
        "unknown-map": _edit(data, lambda d: d["setup"].update(map="atlantis")),
        "unknown-option": _edit(data, lambda d: d["setup"].update(options=["rm -rf"])),
        "five-score-tiles": _edit(data, lambda d: d["setup"]["score_tiles"].pop()),
        "unknown-faction": _edit(data, lambda d: d["log"].__setitem__(0, [None, "setup trolls"])),
        "setup-missing": _edit(data, lambda d: d.pop("setup")),
        "log-not-list": _edit(data, lambda d: d.update(log="build E6")),
        "move-not-pair": _edit(data, lambda d: d["log"].append(["witches"])),
        "move-bad-faction": _edit(data, lambda d: d["log"].append(["__import__('os')", "done"])),
        "move-unreadable": _edit(data, lambda d: d["log"].append([d["log"][-1][0], "teleport to the moon"])),
        "move-illegal": _edit(data, lambda d: d["log"].insert(log_len // 2, [d["log"][log_len // 2][0] or "witches",
                                                                              "upgrade A1 to SA"])),
        "move-text-huge": _edit(data, lambda d: d["log"].append(["witches", "build " + "E" * 100000])),
        # the first two dwellings placed in the wrong seat order
        "moves-swapped": _edit(data, lambda d: _swap_first_placements(d["log"])),
        "deep-nesting": b'{"format": "tmdesktop-save", "version": 1, "setup": ' + b"[" * 100000 + b"]" * 100000 + b"}",
        "too-large": b" " * (saves.MAX_BYTES + 1),
        "latin1": json.dumps(data, ensure_ascii=False).encode("utf-8").replace(b'"format"', b'"f\xf6rmat"'),
    }


def test_every_damaged_save_gives_a_clear_message_and_touches_nothing(tmp_path):
    good, data = _good(tmp_path)
    good_bytes = good.read_bytes()
    corpus = damaged_corpus(good_bytes, data)
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name, blob in corpus.items():
        (folder / f"{name}.tmsave").write_bytes(blob)
    messages = {}
    for name, blob in corpus.items():
        path = folder / f"{name}.tmsave"
        with pytest.raises(saves.SaveError) as err:
            saves.load(path)
        msg = str(err.value)
        assert msg and len(msg) < 400 and "Traceback" not in msg, (name, msg)
        assert path.read_bytes() == blob, f"{name}: the file was changed"
        messages[name] = msg
    assert "newer version" in messages["newer-version"]
    assert "cut short" in messages["truncated-one-byte"]
    assert "not a tmdesktop save" in messages["random-bytes"]
    assert "not allowed" in messages["move-illegal"]
    # listing shows every file, the damaged ones with their message, and never raises
    listed = saves.list_saves(folder)
    assert len(listed) == len(corpus)
    assert all(i.error for i in listed if i.game_id in corpus and i.game_id not in {
        "move-unreadable", "move-illegal", "moves-swapped", "unknown-faction", "move-not-pair", "move-bad-faction",
        "move-text-huge", "unknown-map", "unknown-option", "five-score-tiles", "setup-missing", "log-not-list",
        "huge-players", "float-players", "bool-players", "huge-seed"})
    # and the good save is untouched and still loads
    assert good.read_bytes() == good_bytes
    assert saves.load(good).game.log


def test_messages_are_translated(tmp_path):
    path = tmp_path / "x.tmsave"
    path.write_bytes(b"\xff\xfe\x00garbage")
    i18n.set_language("es")
    try:
        with pytest.raises(saves.SaveError) as err:
            saves.load(path)
        assert str(err.value) != "This file is not a tmdesktop save (it is not text)."
    finally:
        i18n.set_language("en")


def test_listing_and_latest_unfinished(data_dir):
    a = saves.Autosaver("a")
    b = saves.Autosaver("b")
    ga, gb = played(1, 30), random_game(2, players=2)
    assert a.save(ga)
    time.sleep(0.02)
    assert b.save(gb)  # newer, but finished
    (saves.saves_dir() / f"junk{saves.SUFFIX}").write_bytes(b"junk")
    listed = saves.list_saves()
    assert {i.game_id for i in listed} == {"a", "b", "junk"}
    latest = saves.latest_unfinished()
    assert latest is not None and latest.game_id == "a"
    info = next(i for i in listed if i.game_id == "a")
    assert info.factions == tuple(ga.state.seats) and info.moves == len(ga.log)


def test_continue_takes_the_newest_game_from_its_backup_when_its_file_is_damaged(data_dir):
    """Random bytes in the newest save, its .bak good: Continue offered an older game instead,
    although Load opened the newest one from the .bak."""
    older, newest = saves.Autosaver("older"), saves.Autosaver("newest")
    game = played(3, 40)
    assert older.save(played(1, 30))
    time.sleep(0.02)
    assert newest.save(game)
    game.apply(*random_step(game, random.Random(3)))
    assert newest.save(game)  # the copy before it is now the .bak
    newest.path.write_bytes(random.Random(7).randbytes(400))
    latest = saves.latest_unfinished()
    assert latest is not None and latest.game_id == "newest" and latest.path == newest.path
    assert not latest.error and latest.factions == tuple(game.state.seats)
    assert latest.note == "The last copy of this save is damaged; the copy before it is used."
    assert saves.load(latest.path).note  # what Continue opens: that game, from its .bak
    saves.backup_of(newest.path).write_bytes(b"{")  # both copies damaged: nothing of it to resume
    assert saves.latest_unfinished().game_id == "older"


def test_autosaver_reports_a_failure_instead_of_raising(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    saver = saves.Autosaver("z", path=blocker / "sub" / "z.tmsave")  # a folder under a file: cannot exist
    assert saver.save(played(1, 5)) is False
    assert saver.error


# ---------------------------------------------------------------------- killed between two actions

CHILD_PLAY = r"""
import os, random, sys, time
from tmdesktop.app.scenes.load_scene import AutosaveSession
from tmdesktop import saves
from tmdesktop.rules.engine import Game
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import GameSetup
game = Game(GameSetup.random(3, 17, factions=("witches", "nomads", "giants")))
session = AutosaveSession(game, saves.Autosaver("killed", names={"witches": "Ana"}))
rng = random.Random(17)
while not game.finished:
    who, action = random_step(game, rng)
    assert session.apply(action, who).ok, action
    print(len(game.log), flush=True)   # the autosave of this action is on disk
    time.sleep(0.03)
"""

CHILD_CONTINUE = r"""
import os
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
pygame.display.init(); pygame.font.init()
from tmdesktop.app.app import App
from tmdesktop.app.scenes.load_scene import PlayScene
from tmdesktop.app.scenes.title import TitleScene
from tmdesktop.settings import Settings
app = App((1280, 720)); app.settings = Settings()
title = TitleScene(app); app.push(title); app.render(force=True)
pos = title.button("continue").rect.center
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
app.step(0.016); app.step(0.016)
scene = next(s for s in app.stack.scenes if isinstance(s, PlayScene))
print("RESUMED", len(scene.game.log), scene.names.get("witches"), flush=True)
"""


def test_killed_between_two_actions_then_continue_resumes(tmp_path, data_dir):
    env = dict(os.environ, TMDESKTOP_DATA_DIR=str(data_dir), TMDESKTOP_CONFIG_DIR=str(tmp_path / "cfg"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), PYGAME_HIDE_SUPPORT_PROMPT="1")
    child = subprocess.Popen([sys.executable, "-c", CHILD_PLAY], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, text=True)
    printed = []
    try:
        for line in child.stdout:
            printed.append(int(line))
            if len(printed) >= 45:
                child.kill()  # SIGKILL: no clean-up, no flush, between two actions
                break
    finally:
        child.kill()
        rest = child.stdout.read()  # through the buffer the loop above read from (communicate() would skip it)
        err = child.stderr.read()
        child.wait(timeout=30)
    printed += [int(x) for x in rest.split()]
    assert len(printed) >= 45, err
    out = subprocess.run([sys.executable, "-c", CHILD_CONTINUE], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    line = next(l for l in out.stdout.splitlines() if l.startswith("RESUMED"))
    _tag, n, name = line.split()
    # the game resumes at the last action that was saved (at most one more than the last line read)
    assert int(n) in (printed[-1], printed[-1] + 1)
    assert name == "Ana"


def test_default_seat_names_read_in_the_language_of_today(tmp_path):
    """A game begun in Spanish with the default names showed 'Jugador 1' in the English load list;
    a name a player typed stays as typed."""
    game = played(3, 10)
    first, second = game.state.seats[:2]
    path = tmp_path / "g.tmsave"
    try:
        i18n.set_language("es")
        saves.save_game(game, path, "g", names={first: "Jugador 1", second: "Jugador"})
        i18n.set_language("en")
        assert saves.info(path).names == {first: "Player 1", second: "Jugador"}
        assert saves.load(path).names == {first: "Player 1", second: "Jugador"}
        i18n.set_language("it")
        assert saves.info(path).names[first] == "Giocatore 1"
    finally:
        i18n.set_language("en")


def test_a_computer_seats_level_name_reads_in_the_language_of_today(tmp_path):
    """A computer seat is named after its level when no name is typed: saved in Spanish, it
    reads in English as the English level, like the default names."""
    from tmdesktop.app.computer import SEAT_KINDS
    from tmdesktop.seat_names import LEVEL_NAMES

    assert LEVEL_NAMES == tuple(m for k, m in SEAT_KINDS.items() if k != "human")
    game = played(3, 10)
    first, second, third = game.state.seats[:3]
    path = tmp_path / "g.tmsave"
    try:
        i18n.set_language("es")
        saves.save_game(game, path, "g", names={first: "Ordenador: medio", second: "Ordenador: fácil 2",
                                                third: "Ordenador 2"})
        i18n.set_language("en")
        assert saves.info(path).names == {first: "Computer: medium", second: "Computer: easy 2",
                                          third: "Ordenador 2"}
    finally:
        i18n.set_language("en")
