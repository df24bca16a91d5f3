"""Autoplay: the full loop with a bot in the player's chair, as CI runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"hands", "frames", "fps_mean", "frame_ms_p50", "frame_ms_p99", "cpu_percent",
        "final_stacks", "first_frame_ms"}


@pytest.mark.slow
def test_autoplay_50_hands_prints_one_json_line_and_keeps_every_chip() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "game", "--autoplay", "50", "--seed", "1", "--headless",
         "--fps", "0"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        check=True)
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert report.keys() >= KEYS
    assert report["hands"] == 50
    assert report["frames"] > 50
    assert len(report["final_stacks"]) == 4
    assert sum(report["final_stacks"]) == report["bought_in"]
    assert report["chips_conserved"] and report["display_matched_engine"]
    assert report["first_frame_ms"] is not None


def autoplay(*args: str, data: Path | None = None) -> dict[str, object]:
    """Run the game in its own process: it owns pygame from init to quit (re-initialising
    SDL in one process after pygame.quit() is not safe). ``data``: its save folder."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if data is not None:
        env["HOLDEM_DATA_DIR"] = str(data)
    out = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    report: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.slow
def test_autoplay_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    args = ("--autoplay", "3", "--seed", "9", "--headless", "--fps", "0", "--size", "960x540")
    first = autoplay(*args, data=tmp_path / "a")
    assert first["final_stacks"] == autoplay(*args, data=tmp_path / "b")["final_stacks"]
    assert first["recovery"] == "none" and first["saved"] is True


@pytest.mark.slow
def test_autoplay_continues_the_saved_table(tmp_path: Path) -> None:
    args = ("--autoplay", "3", "--seed", "9", "--headless", "--fps", "0", "--size", "960x540")
    first = autoplay(*args, data=tmp_path)
    second = autoplay(*args, data=tmp_path)
    assert second["hands"] == 3
    assert sum(second["final_stacks"]) == second["bought_in"] >= first["bought_in"]
    from game.persistence.store import DB_NAME, Store
    with Store.open(tmp_path / DB_NAME) as store:
        assert len(store.hands()) == 6
        assert store.integrity_check() == []


@pytest.mark.parametrize("argv, message", [
    (["--size", "800x600"], "smallest window is 960x540"),
    (["--size", "big"], "size must look like 1280x720"),
    (["--level", "6"], "--level must be from 1 to 5"),
    (["--autoplay", "0"], "--autoplay must be from 1"),
    (["--fps", "fast"], "--fps must be a whole number"),
    (["--seed", "-3"], "--seed must be from 0"),
])
def test_bad_flags_are_refused_with_a_helpful_message(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_log_flag_writes_the_whole_hand_log_with_table_talk(tmp_path: Path) -> None:
    log = tmp_path / "session.log"
    autoplay("--autoplay", "30", "--seed", "4", "--headless", "--fps", "0", "--log", str(log),
             data=tmp_path / "save")
    lines = log.read_text(encoding="utf-8").splitlines()
    hands = [line for line in lines if "Hand #" in line]
    assert len(hands) == 30  # more than the panel's 400 lines would show is kept too
    assert any("“" in line for line in lines)  # the bots talked
    assert any(" wins " in line for line in lines)


def test_log_flag_needs_autoplay() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "--log", "x.log"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 2 and "--log goes with --autoplay" in out.stderr
