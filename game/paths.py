"""Where the game keeps its files: the one place for the app name and the folder rules.

Each folder is the platform's user folder for ``holdem`` (via platformdirs), unless an
environment variable names another one: tests, scripts and CI point both at a scratch
folder so they never touch a player's saves or settings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from voice.recognize.cache import APP_NAME as APP_NAME  # the one name, shared with voice's cache

DATA_DIR_ENV = "HOLDEM_DATA_DIR"
CONFIG_DIR_ENV = "HOLDEM_CONFIG_DIR"


def _folder(env: str, platform_dir: Callable[..., str]) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override).expanduser()
    return Path(platform_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Where the save file lives: ``$HOLDEM_DATA_DIR`` or the platform's user data dir."""
    from platformdirs import user_data_dir

    return _folder(DATA_DIR_ENV, user_data_dir)


def config_dir() -> Path:
    """Where ``settings.toml`` lives: ``$HOLDEM_CONFIG_DIR`` or the user config dir."""
    from platformdirs import user_config_dir

    return _folder(CONFIG_DIR_ENV, user_config_dir)
