"""Settings: first start detects the language; atomic round trip; a damaged file falls back to its
backup, else to the defaults."""

from __future__ import annotations

import json

import pytest

from tmdesktop import i18n, settings


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("TMDESKTOP_CONFIG_DIR", str(tmp_path / "cfg"))
    i18n.set_language("en")
    yield tmp_path / "cfg"
    i18n.set_language("en")


def test_first_start_detects_the_language():
    s, msg = settings.load(pref_locales=[{"language": "it", "country": "IT"}])
    assert s.language == "it" and msg == ""
    assert settings.load(pref_locales=[{"language": "de", "country": "DE"}, {"language": "es"}])[0].language == "es"
    assert settings.load(pref_locales=[{"language": "fr"}])[0].language == "en"
    assert settings.load(pref_locales=None)[0].language == "en"
    assert settings.detect_language("garbage") == "en"


def test_round_trip_is_atomic_with_a_backup(config):
    s = settings.Settings(language="es", colour_blind=True, ui_scale=1.25, confirm_pass=False, fullscreen=True,
                          animation_speed="fast", leech={"Ana": "free", "Bo": "up3"}, recent_names=["Ana", "Bo"])
    assert settings.save(s) == ""
    s2 = settings.Settings(language="it")
    assert settings.save(s2) == ""
    loaded, msg = settings.load()
    assert loaded == s2 and msg == ""
    backup = settings.settings_path().with_name("settings.json.bak")
    assert settings.load(backup)[0] == s
    assert not [p for p in config.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("blob", [b"", b"{", b"\xff\xfe", b"[]", b"null", b'{"language": NaN}', b"[" * 50000])
def test_damaged_file_falls_back_to_defaults_with_a_message(config, blob):
    config.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_bytes(blob)
    s, msg = settings.load(pref_locales=[{"language": "es"}])
    assert s == settings.Settings(language="es")
    assert "damaged" in msg


def test_damaged_file_falls_back_to_its_good_backup(config):
    """Garbage in settings.json while settings.json.bak (the copy the last save kept) was good:
    the defaults were used, and the animation speed chosen was lost."""
    kept = settings.Settings(animation_speed="slow", recent_names=["Ana"])
    assert settings.save(kept) == ""
    assert settings.save(settings.Settings(animation_speed="fast")) == ""  # `kept` is now the .bak
    settings.settings_path().write_bytes(b"\x00\x9c garbage {")
    s, msg = settings.load(pref_locales=[{"language": "it"}])
    assert s == kept
    assert msg == "The settings file was damaged; the copy saved before it is used."
    # the damaged file is written again from the copy, which stays: the next start is quiet
    assert settings.load() == (kept, "")
    assert settings.load(settings.settings_path().with_name("settings.json.bak")) == (kept, "")
    settings.settings_path().write_bytes(b"\x00\x9c garbage {")
    i18n.set_language("es")
    assert settings.load()[1] == "El archivo de configuración estaba dañado; se usa la copia guardada anterior."
    i18n.set_language("en")
    backup = settings.settings_path().with_name("settings.json.bak")
    backup.write_text(json.dumps({"animation_speed": "slow", "ui_scale": "huge"}))  # one value to reset in it
    settings.settings_path().write_bytes(b"\x00\x9c garbage {")
    s, msg = settings.load()
    assert s == settings.Settings(animation_speed="slow")
    assert msg == ("The settings file was damaged; the copy saved before it is used. Some settings were not valid "
                   "and were reset: ui_scale.")
    backup.write_bytes(b"{")  # both damaged: the defaults
    settings.settings_path().write_bytes(b"\x00\x9c garbage {")
    s, msg = settings.load(pref_locales=[{"language": "it"}])
    assert s == settings.Settings(language="it") and msg == "The settings file was damaged; the default settings are used."


def test_bad_values_are_reset_one_by_one(config):
    config.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text(json.dumps({
        "language": "klingon", "colour_blind": "yes", "ui_scale": 10 ** 50, "confirm_pass": False,
        "animation_speed": "warp", "leech": {"Ana": "always"}, "recent_names": ["Ana", 5], "unknown": 1,
        "last_setup": {"seats": ["human"] * 500}}))
    s, msg = settings.load()
    assert s.confirm_pass is False  # the one good value is kept
    assert (s.language, s.colour_blind, s.ui_scale, s.animation_speed, s.leech, s.recent_names, s.last_setup) == (
        "en", False, 1.0, "normal", {}, [], {})
    for key in ("language", "colour_blind", "ui_scale", "animation_speed", "leech", "recent_names", "last_setup"):
        assert key in msg


def test_ui_scale_snaps_to_the_offered_steps(config):
    config.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text(json.dumps({"ui_scale": 1.12}))
    assert settings.load()[0].ui_scale == 1.1


def test_automatic_leech_answers():
    s = settings.Settings(leech={"Ana": "free", "Bo": "up3"})
    assert s.auto_leech("Ana", 1, 0) is True
    assert s.auto_leech("Ana", 2, 1) is None
    assert s.auto_leech("Bo", 3, 2) is True
    assert s.auto_leech("Bo", 4, 3) is None
    assert s.auto_leech("Cy", 1, 0) is None  # not set: ask


def test_recent_names_newest_first():
    s = settings.Settings(recent_names=["Ana", "Bo"])
    s.remember_names(["Cy", "Ana"])
    assert s.recent_names == ["Cy", "Ana", "Bo"]


def test_message_is_translated(config):
    config.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_bytes(b"{")
    i18n.set_language("it")
    assert settings.load()[1] != "The settings file was damaged; the default settings are used."


def test_help_while_playing_is_on_by_default_kept_off_and_reset_when_not_a_switch(config):
    s = settings.Settings()
    assert (s.hints, s.warnings, s.handoff_notices) == (True, True, True)
    assert settings.save(settings.Settings(hints=False, warnings=False, handoff_notices=False)) == ""
    loaded = settings.load()[0]
    assert (loaded.hints, loaded.warnings, loaded.handoff_notices) == (False, False, False)
    settings.settings_path().write_text(json.dumps({"hints": "no", "warnings": 0, "handoff_notices": False}))
    s, msg = settings.load()
    assert (s.hints, s.warnings, s.handoff_notices) == (True, True, False)
    assert "hints" in msg and "warnings" in msg and "handoff_notices" not in msg
