"""The save file's name; its folder comes from :mod:`game.paths` (``$HOLDEM_DATA_DIR``)."""

from __future__ import annotations

from game.paths import DATA_DIR_ENV, data_dir

DB_NAME = "holdem.sqlite3"

__all__ = ["DATA_DIR_ENV", "DB_NAME", "data_dir"]
