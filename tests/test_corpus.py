"""Every finished tournament game of the corpus replays row by row to the published scores."""

import json

import pytest

from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tests.conftest import CORPUS

GAMES = sorted(p.name for p in CORPUS.glob("*.txt")) if CORPUS.is_dir() else []


@pytest.mark.parametrize("name", GAMES)
def test_corpus_game_replays_exactly(corpus_dir, name):
    ledger = read_ledger((corpus_dir / name).read_text(encoding="utf-8"))
    game, mismatch = replay_ledger(ledger)
    assert mismatch is None, str(mismatch)
    manifest = json.loads((corpus_dir / "manifest.json").read_text())
    expected = next(g["expected_total_vp"] for g in manifest["games"] if g["log_file"] == name)
    assert {n: p.VP for n, p in game.state.players.items()} == expected


def test_corpus_is_complete(corpus_dir):
    assert len(GAMES) == 49


def test_replay_cli_reports_a_difference(corpus_dir, tmp_path, capsys):
    """A tampered row is reported with the line, the field and both values; the exit code is 1."""
    from tmdesktop.replay_cli import main

    text = (corpus_dir / GAMES[0]).read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(text) if "\tbuild " in line and "VP" in line and k > 40)
    cols = text[i].split("\t")
    vp = int(cols[2].split()[0])
    cols[2] = f"{vp + 5} VP"
    text[i] = "\t".join(cols)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(text))
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"line {i + 1}" in out and "VP" in out and f"expected {vp + 5}" in out and f"got {vp}" in out
    assert out.strip().endswith("0 passed, 1 failed")
