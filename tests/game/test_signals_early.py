"""A stop signal at any moment ends the game with its closing JSON line (contract 5),
even one that comes before the save file is opened or the window exists: the handlers
are the first thing the game installs (issue 49, item 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.persistence.paths import DB_NAME
from game.persistence.store import Store

ROOT = Path(__file__).resolve().parents[2]

# The game, with a signal sent to itself at a chosen moment of its start (the hook
# runs in the game's own process, so the moment is exact, not a race with a sleep).
DRIVER = """
import os, signal, sys
import game.persistence.saving as saving
import game.settings.file as settings_file
import pygame

SIG = getattr(signal, sys.argv[1])
WHEN = sys.argv[2]

def kill_then(real):
    def hooked(*args, **kwargs):
        os.kill(os.getpid(), SIG)
        return real(*args, **kwargs)
    return hooked

if WHEN == "settings":
    settings_file.load_settings = kill_then(settings_file.load_settings)
elif WHEN == "save":
    real_open = saving.SaveGame.open.__func__
    saving.SaveGame.open = classmethod(kill_then(real_open))
elif WHEN == "window":
    pygame.display.init = kill_then(pygame.display.init)
from game.__main__ import main
sys.exit(main(["--hands", "5", "--headless", "--no-voice", "--seed", "3"]))
"""


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "when"), [("SIGTERM", "settings"), ("SIGTERM", "save"),
                                           ("SIGINT", "save"), ("SIGTERM", "window")])
def test_a_signal_before_the_save_is_open_still_ends_with_the_json_line(
        tmp_path: Path, sig: str, when: str) -> None:
    env = {**os.environ, "HOLDEM_DATA_DIR": str(tmp_path / "data"),
           "HOLDEM_CONFIG_DIR": str(tmp_path / "config"), "HOLDEM_OFFLINE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    game = subprocess.run([sys.executable, "-c", DRIVER, sig, when], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert game.returncode == 0, (game.returncode, game.stderr[-2000:])
    assert "Traceback" not in game.stderr
    report = json.loads(game.stdout.strip().splitlines()[-1])
    assert report["ended"] == sig and report["chips_conserved"]
    assert report["hands"] == 0  # stopped before a hand was dealt: nothing half done
    # Nothing lost: the save is whole and holds the table the next start sits at.
    store = Store.open_read_only(tmp_path / "data" / DB_NAME)
    try:
        assert store.integrity_check() == []
        table = store.load_table()
        assert table is not None and table.chips_on_table() == sum(report["final_stacks"])
    finally:
        store.close()
