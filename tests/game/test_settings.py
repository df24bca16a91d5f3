"""The settings file: every key checked, problems named and defaulted, choices kept."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.__main__ import _flags, main
from game.app import App
from game.cli.args import parse
from game.scenes.start import StartScene
from game.scenes.table import TableScene
from game.settings.file import (
    FILE_NAME,
    load_settings,
    parse_settings,
    save_settings,
    settings_path,
    settings_toml,
)
from game.settings.model import GameSettings, SessionFlags, VoiceSettings
from tests.game.helpers import FRAME, press


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_file_means_the_defaults_and_no_complaint(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path / FILE_NAME)
    assert loaded.settings == GameSettings() and loaded.problems == ()


def test_every_key_round_trips_through_the_file(tmp_path: Path) -> None:
    chosen = GameSettings(level=3, buy_in_bb=40, bots=("rock", "random", "honest"),
                          turn_seconds=0, bank_seconds=60, four_color=True, speed=1.5,
                          auto_rebuy=True, strength=5,
                          voice=VoiceSettings(microphone="USB \"mic\"", push_to_talk=True,
                                              confirm_all_in=False, grace_seconds=2.5,
                                              bots_muted=True, headphones=True,
                                              push_to_talk_key="right ctrl",
                                              push_to_talk_button="back", wake_word=True))
    path = tmp_path / FILE_NAME
    assert save_settings(chosen, path) is None
    loaded = load_settings(path)
    assert loaded.problems == ()
    assert loaded.settings == chosen


def test_a_settings_file_from_before_push_to_talk_keys_and_the_wake_word_still_loads(
        tmp_path: Path) -> None:
    old = ("[table]\nlevel = 2\n\n[voice]\nmicrophone = \"\"\npush_to_talk = true\n"
           "confirm_all_in = true\ngrace_seconds = 1.0\nbots_muted = false\n"
           "headphones = true\n")
    loaded = load_settings(_write(tmp_path / FILE_NAME, old))
    assert loaded.problems == ()
    voice = loaded.settings.voice
    assert voice.push_to_talk and voice.headphones and loaded.settings.level == 2
    assert (voice.push_to_talk_key, voice.push_to_talk_button, voice.wake_word) == (
        "v", "middle", False)
    assert "push_to_talk_key = \"v\"" in settings_toml(loaded.settings)


def test_push_to_talk_key_names_are_read_in_any_case(tmp_path: Path) -> None:
    text = "[voice]\npush_to_talk_key = \"Right Ctrl\"\npush_to_talk_button = \"OFF\"\n"
    loaded = load_settings(_write(tmp_path / FILE_NAME, text))
    assert loaded.problems == ()
    assert loaded.settings.voice.push_to_talk_key == "right ctrl"
    assert loaded.settings.voice.push_to_talk_button == "off"


@pytest.mark.parametrize("text, named, default", [
    ("[table]\nlevel = 9\n", "table.level = 9 must be from 1 to 5", "using 1"),
    ("[table]\nlevel = \"two\"\n", "table.level = \"two\" must be a whole number", "using 1"),
    ("[table]\nbuy_in_bb = 55\n", "table.buy_in_bb = 55 must be one of 20, 30", "using 100"),
    ("[table]\nbots = [\"shark\", \"wizard\", \"rock\"]\n", "has 'wizard'",
     "using [\"shark\", \"maniac\", \"station\"]"),
    ("[table]\nbots = [\"shark\"]\n", "must list three bots", "using"),
    ("[table]\nturn_seconds = 7\n", "table.turn_seconds = 7 must be one of 0, 15", "using 30"),
    ("[table]\nauto_rebuy = \"yes\"\n", "table.auto_rebuy = \"yes\" must be true or false",
     "using false"),
    ("[display]\nspeed = 0\n", "display.speed = 0 must be from 0.25 to 100", "using 1.0"),
    ("[display]\nfour_color = 1\n", "display.four_color = 1 must be true or false",
     "using false"),
    ("[voice]\ngrace_seconds = 9.5\n", "voice.grace_seconds = 9.5 must be from 0 to 5",
     "using 1.0"),
    ("[voice]\nmicrophone = 3\n", "voice.microphone = 3 must be text", "using \"\""),
    ("[voice]\npush_to_talk_key = \"f\"\n",
     "voice.push_to_talk_key = \"f\" must be one of \"v\", \"g\"", "using \"v\""),
    ("[voice]\npush_to_talk_button = \"left\"\n",
     "voice.push_to_talk_button = \"left\" must be one of \"middle\"", "using \"middle\""),
    ("[voice]\nwake_word = \"dealer\"\n", "voice.wake_word = \"dealer\" must be true or",
     "using false"),
    ("[table]\nlevle = 2\n", "unknown key 'table.levle' ignored", "known keys: level"),
    ("[audio]\nvolume = 3\n", "unknown section [audio] ignored",
     "table, display, sound, voice"),
    ("[sound]\nvolume = 3\n", "unknown key 'sound.volume' ignored",
     "effects_volume, voice_volume"),
    ("[sound]\neffects_volume = 3\n", "sound.effects_volume = 3 must be from 0 to 1",
     "using 0.7"),
    ("volume = 3\n", "unknown section [volume]", "ignored"),
])
def test_a_bad_value_or_unknown_key_is_named_and_the_default_used(
        tmp_path: Path, text: str, named: str, default: str) -> None:
    loaded = load_settings(_write(tmp_path / FILE_NAME, text))
    assert len(loaded.problems) == 1
    assert named in loaded.problems[0] and default in loaded.problems[0]
    assert FILE_NAME in loaded.problems[0]
    assert loaded.settings == GameSettings()


def test_good_keys_are_kept_next_to_bad_ones() -> None:
    settings, problems = parse_settings({"table": {"level": 4, "buy_in_bb": 1},
                                         "voice": {"push_to_talk": True}})
    assert settings.level == 4 and settings.buy_in_bb == 100
    assert settings.voice.push_to_talk is True
    assert len(problems) == 1 and "table.buy_in_bb" in problems[0]


def test_a_file_that_is_not_toml_means_the_defaults_with_a_message(tmp_path: Path) -> None:
    loaded = load_settings(_write(tmp_path / FILE_NAME, "[table\nlevel = = 3"))
    assert loaded.settings == GameSettings()
    assert "is not valid TOML" in loaded.problems[0]


def test_the_file_documents_every_key() -> None:
    data = tomllib.loads(settings_toml(GameSettings()))
    assert set(data) == {"table", "display", "sound", "voice", "histories"}
    assert parse_settings(data) == (GameSettings(), [])


def test_reset_settings_writes_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(settings_path(), "[table]\nlevel = 5\nbogus = 1\n")
    assert main(["--reset-settings"]) == 0
    assert str(path) in capsys.readouterr().out
    loaded = load_settings()
    assert loaded.settings == GameSettings() and loaded.problems == ()


def test_reset_settings_into_an_unwritable_folder_fails_with_the_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("HOLDEM_CONFIG_DIR", str(blocker / "config"))
    assert main(["--reset-settings"]) == 1
    assert "Can't save the settings" in capsys.readouterr().err


def test_the_start_screen_keeps_its_choices_in_the_file(app: App, tmp_path: Path) -> None:
    app.settings_file = tmp_path / FILE_NAME
    app.push(StartScene(app, seed=5))
    app.step(FRAME)
    press(app, pygame.K_RIGHT)  # level 2
    press(app, pygame.K_RETURN)
    assert load_settings(app.settings_file).settings.level == 2


def test_settings_problems_are_shown_on_the_start_screen(app: App) -> None:
    scene = StartScene(app, notice="settings.toml: table.level = 9 must be from 1 to 5")
    app.push(scene)
    app.step(FRAME)
    assert "table.level = 9" in scene.notice


def test_command_line_settings_are_for_this_session_only(app: App) -> None:
    """``holdem --speed 4 --level 3``: the table plays at 4x and level 3, but sitting down
    (which keeps the start screen's choices) writes the file's own speed and level back;
    a setting the player changes in the game is kept as changed."""
    path = settings_path()
    save_settings(GameSettings(speed=1.5, level=2), path)
    loaded = load_settings(path)
    flags = _flags(loaded.settings, parse(["--speed", "4", "--level", "3"]))
    playing = App(app.screen, loaded.settings.with_(**dict(flags.given)), settings_file=path,
                  flags=flags)
    assert (playing.settings.speed, playing.settings.level) == (4.0, 3)
    playing.push(StartScene(playing))
    playing.step(FRAME)
    press(playing, pygame.K_RETURN)  # sit down: the choices are kept
    assert isinstance(playing.top, TableScene) and playing.top.session.settings.speed == 4.0
    kept = load_settings(path).settings
    assert (kept.speed, kept.level) == (1.5, 2)
    playing.settings = playing.settings.with_(speed=2.0)  # changed in the game's settings
    assert playing.keep_settings() is None
    assert load_settings(path).settings.speed == 2.0


def test_session_flags_keep_the_files_value_unless_changed() -> None:
    flags = SessionFlags((("speed", 4.0),), GameSettings(speed=1.5))
    assert flags.to_keep(GameSettings(speed=4.0)).speed == 1.5
    assert flags.to_keep(GameSettings(speed=0.75)).speed == 0.75
    assert SessionFlags().to_keep(GameSettings(speed=4.0)).speed == 4.0
