"""Any signal ends the game with its closing JSON line, never a traceback: SIGTERM,
SIGINT and SIGHUP stop the loop as closing the window does (issue 42, item 2)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.persistence.store import DB_NAME

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 120.0  # generous: a start takes about 3 s on a busy 2-core machine


def _hand_begun(db: Path) -> bool:
    """Whether the game has written a hand to its save (read-only, while it plays)."""
    if not db.is_file():
        return False
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as conn:
            return conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] > 0
    except sqlite3.OperationalError:  # the schema not written yet
        return False


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_ends_the_game_with_its_json_line(tmp_path: Path, sig: signal.Signals) -> None:
    env = {**os.environ, "HOLDEM_DATA_DIR": str(tmp_path / "data"),
           "HOLDEM_CONFIG_DIR": str(tmp_path / "config"), "HOLDEM_OFFLINE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    game = subprocess.Popen([sys.executable, "-m", "game", "--hands", "500", "--headless",
                             "--no-voice", "--seed", "3"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + DEADLINE_S
        while not _hand_begun(tmp_path / "data" / DB_NAME):  # a hand under way
            assert game.poll() is None, game.communicate()[1]
            assert time.monotonic() < deadline, "no hand begun in time"
            time.sleep(0.02)
        game.send_signal(sig)
        out, err = game.communicate(timeout=DEADLINE_S)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0, err
    assert "Traceback" not in err
    report = json.loads(out.strip().splitlines()[-1])
    assert report["ended"] == sig.name and report["chips_conserved"]
    assert report["hands"] < 500
