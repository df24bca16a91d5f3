"""Where the save file lives: its name and folder (``$HOLDEM_DATA_DIR`` overrides it)."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "holdem"
DB_NAME = "holdem.sqlite3"
DATA_DIR_ENV = "HOLDEM_DATA_DIR"


def data_dir() -> Path:
    """Where the save file lives: ``$HOLDEM_DATA_DIR`` or the platform's user data dir."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))
