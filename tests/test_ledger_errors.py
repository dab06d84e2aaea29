"""Malformed ledgers get a message naming the line; nothing crashes."""

import pytest

from tmdesktop.rules.ledger import LedgerError, read_ledger, replay_ledger
from tests.conftest import CORPUS


def sample_lines():
    return (CORPUS / "4pLeague_S60_D1L1_G1.txt").read_text(encoding="utf-8").splitlines()


def test_short_row_names_the_line(corpus_dir):
    lines = sample_lines()
    lines[30] = "darklings\t\t20 VP\tbuild G5"
    with pytest.raises(LedgerError) as err:
        read_ledger("\n".join(lines))
    assert err.value.code == "bad_columns" and err.value.params == {"line": 31, "found": 4}


def test_unreadable_value_names_the_line(corpus_dir):
    lines = sample_lines()
    cols = lines[25].split("\t")
    cols[4] = "lots of C"
    lines[25] = "\t".join(cols)
    with pytest.raises(LedgerError) as err:
        read_ledger("\n".join(lines))
    assert err.value.code == "unreadable_value" and err.value.params == {"line": 26, "value": "lots of C"}


def test_unknown_option_is_refused(corpus_dir):
    lines = sample_lines()
    lines.insert(2, "option sudden-death")
    with pytest.raises(LedgerError) as err:
        read_ledger("\n".join(lines))
    assert err.value.code == "unknown_options" and err.value.params == {"options": ["sudden-death"]}


def test_illegal_command_in_a_row_is_reported_with_its_line(corpus_dir):
    lines = sample_lines()
    i = next(k for k, line in enumerate(lines) if line.endswith("\tbuild E3") or line.endswith("build E3"))
    lines[i] = lines[i].rsplit("\t", 1)[0] + "\tbuild A1"
    game, mismatch = replay_ledger(read_ledger("\n".join(lines)))
    assert mismatch is not None and mismatch.line == i + 1
    assert "rejected" in mismatch.what
    assert mismatch.got.code == "out_of_reach" and mismatch.got.params == {"hex": "A1"}


def test_garbage_command_is_reported(corpus_dir):
    lines = sample_lines()
    i = next(k for k, line in enumerate(lines) if line.endswith("build E3"))
    lines[i] = lines[i].rsplit("\t", 1)[0] + "\tfly to the moon"
    game, mismatch = replay_ledger(read_ledger("\n".join(lines)))
    assert mismatch is not None and mismatch.line == i + 1 and "fly to the moon" in str(mismatch)
    assert mismatch.got.code == "unreadable_command" and mismatch.got.params == {"text": "fly to the moon"}


def test_missing_scoring_tiles():
    with pytest.raises(LedgerError) as err:
        read_ledger("option strict-leech\n")
    assert err.value.code == "missing_score_tiles"
