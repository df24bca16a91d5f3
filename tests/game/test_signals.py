"""Any signal ends the game with its closing JSON line, never a traceback: SIGTERM,
SIGINT and SIGHUP stop the loop as closing the window does (issue 42, item 2)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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
        deadline = time.monotonic() + 60
        while not (tmp_path / "data" / "holdem.sqlite3").is_file():  # the table is seated
            assert game.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        time.sleep(1.5)  # a hand under way
        game.send_signal(sig)
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0, err
    assert "Traceback" not in err
    report = json.loads(out.strip().splitlines()[-1])
    assert report["ended"] == sig.name and report["chips_conserved"]
    assert report["hands"] < 500
