"""``holdem replay``, ``stats``, ``export``: their output, and a clear error for every bad
flag, unknown hand, unwritable file or empty save."""

from __future__ import annotations

import json
import logging
import sqlite3
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.__main__ import main
from game.paths import data_dir
from game.persistence.store import Store
from tests.game.saved import saved_store


@pytest.fixture
def saved() -> Path:
    return saved_store(data_dir(), hands=5)


@pytest.mark.parametrize("argv, message", [
    (["replay", "0"], "HAND_ID must be 1 or more"),
    (["replay", "seven"], "HAND_ID must be a whole number"),
    (["export"], "one of the arguments --hand --session --all --cash --tournament is required"),
    (["export", "--hand", "1", "--session", "1"], "not allowed with argument --hand"),
    (["export", "--hand", "1", "--format", "xml"], "invalid choice: 'xml'"),
    (["export", "--hand", "1", "--hero", "11"], "--hero must be from 1 to 10"),
    (["export", "--all", "-o", "."], "is a folder"),
    (["stats", "--session", "-2"], "--session must be 1 or more"),
    (["stats", "--verbose"], "unrecognized arguments: --verbose"),
    (["--reset-settings", "stats"], "--reset-settings is used on its own"),
    (["play", "--level", "0"], "--level must be from 1 to 5"),
    (["dance"], "invalid choice: 'dance'"),
    (["--log-level", "loud"], "invalid choice: 'loud'"),
    (["stats", "--log-level"], "--log-level: expected one argument"),
])
def test_bad_command_lines_are_refused_with_a_helpful_message(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_replay_steps_through_a_hand_with_board_pots_and_stacks(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(saved) as store:
        record = store.hands()[2]
    assert main(["replay", str(record.id)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Hand #{record.id} ")
    assert out.count("\nStep ") == len(record.actions)
    assert "Deal:" in out and "big blind 10" in out
    assert out.count("stacks: ") == len(record.actions) + 1 and "board " in out


def test_replay_without_an_id_lists_the_hands(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay"]) == 0
    assert capsys.readouterr().out.count("Hand ") == 5


def test_replay_of_an_unknown_hand_names_the_stored_ones(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "99"]) == 1
    assert "there is no hand 99 (stored: hands 1-5)" in capsys.readouterr().err


def test_replay_on_an_empty_save(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "1"]) == 1
    assert "no hands are stored yet" in capsys.readouterr().err


def test_stats_on_an_empty_save(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Hands recorded: 0" in out and "(no hands yet)" in out
    assert main(["stats", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    stats = json.loads(lines[0])
    assert stats["seats"] == [] and stats["hands"]["recorded"] == 0 and stats["bank"] is None


def test_stats_json_is_one_object_with_stacks_rebuys_and_hands(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    stats = json.loads(lines[0])
    assert stats["hands"]["recorded"] == 5
    assert [s["name"] for s in stats["seats"]] == ["You", "Shark", "Maniac", "Station"]
    assert all("rebuys" in s and "stack" in s for s in stats["seats"])
    bank = stats["bank"]
    assert bank["on_table"] + bank["cashed_out"] + bank["rake"] == bank["bought_in"]


def test_stats_table_shows_each_player_for_the_session_and_all_time(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "This session" in out and "All time" in out
    for column in ("Hands", "VPIP", "PFR", "Aggr", "W$SD", "SD won", "Net"):
        assert column in out
    assert out.count("Shark") == 3  # the seat line and both tables


def test_stats_for_an_unknown_session(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--session", "40"]) == 1
    assert "there is no session 40" in capsys.readouterr().err


def test_export_a_hand_as_pokerstars_and_a_session_as_phh(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--hand", "2"]) == 0
    stars = capsys.readouterr().out
    assert stars.startswith("PokerStars Hand #2:") and "*** SUMMARY ***" in stars
    target = tmp_path / "session.phhs"
    assert main(["export", "--session", "1", "--format", "phh", "-o", str(target)]) == 0
    assert "Wrote" in capsys.readouterr().err
    assert len(tomllib.loads(target.read_text())) == 5


def test_export_to_an_unwritable_path_fails_with_the_reason(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["export", "--all", "-o", str(blocker / "out.txt")]) == 1
    assert f"can't write {blocker / 'out.txt'}" in capsys.readouterr().err


def test_export_of_an_unknown_hand_or_an_empty_save(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--hand", "3"]) == 1
    assert "there is no hand 3" in capsys.readouterr().err
    assert main(["export", "--all"]) == 1
    assert "no complete hands to export" in capsys.readouterr().err


def test_tools_read_no_save_without_creating_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    for folder in (blocker / "data", tmp_path / "missing"):
        monkeypatch.setenv("HOLDEM_DATA_DIR", str(folder))
        assert main(["stats"]) == 0
        assert "Hands recorded: 0" in capsys.readouterr().out
        assert main(["export", "--all"]) == 1
        assert "no complete hands to export" in capsys.readouterr().err
        assert main(["replay"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # nothing created


@pytest.fixture
def root_logger() -> Iterator[logging.Logger]:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield root
    root.setLevel(level)
    root.handlers[:] = handlers


@pytest.mark.parametrize("argv, level", [
    (["stats"], logging.WARNING),
    (["--log-level", "info", "stats"], logging.INFO),
    (["stats", "--log-level", "DEBUG"], logging.DEBUG),
])
def test_log_level_sets_what_reaches_standard_error_once_for_the_program(
        argv: list[str], level: int, root_logger: logging.Logger,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    assert main(argv) == 0  # configured again: still one handler of ours
    assert root_logger.level == level
    ours = [h for h in root_logger.handlers if isinstance(h, logging.StreamHandler)
            and h.stream is sys.stderr]
    assert len(ours) == 1
    capsys.readouterr()
    logging.getLogger("game.test").info("an info line")
    logging.getLogger("game.test").warning("a warning line")
    err = capsys.readouterr().err
    assert "WARNING game.test: a warning line" in err
    assert ("INFO game.test: an info line" in err) == (level <= logging.INFO)


def test_export_skips_a_broken_hand_naming_it_and_writes_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_store(data_dir(), hands=6)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE hands SET deck = 'not a deck' WHERE id = 3")
        conn.execute("DELETE FROM actions WHERE hand_id = 5 AND seq = 0")
    for fmt, marker in (("pokerstars", "PokerStars Hand #"), ("phh", "[")):
        out = tmp_path / f"hands.{fmt}"
        assert main(["export", "--all", "--format", fmt, "-o", str(out)]) == 0
        err = capsys.readouterr().err
        assert "skipped hand 3: hand 3: the stored deck is not 52 cards" in err
        assert "skipped hand 5: hand 5: the action journal has a gap" in err
        text = out.read_text()
        assert sum(line.startswith(marker) for line in text.splitlines()) == 4


def test_export_for_a_hero_seat_the_table_does_not_have_is_an_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    saved_store(data_dir(), hands=2)
    assert main(["export", "--all", "--hero", "7"]) == 1
    assert "There is no seat 7" in capsys.readouterr().err
    assert main(["export", "--hand", "1", "--hero", "5"]) == 1
    assert "There is no seat 5" in capsys.readouterr().err
    assert main(["export", "--hand", "1", "--hero", "4"]) == 0
