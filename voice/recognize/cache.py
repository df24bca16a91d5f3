"""The one rule for where voice keeps what it makes or downloads: a folder in the user's
cache (``platformdirs.user_cache_dir``) under the game's name."""

from __future__ import annotations

from pathlib import Path

APP_NAME = "holdem"
"""The game's name for its folders; ``game.paths`` uses it too."""


def cache_dir(part: str) -> Path:
    """``part`` (``vosk``, ``lm``) inside the game's user cache folder."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME)) / part
