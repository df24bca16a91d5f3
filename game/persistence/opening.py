"""Opening a save file: connect, recognise, migrate; move a damaged file aside."""

from __future__ import annotations

import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from game.persistence.errors import StoreUnavailable, UnreadableFile
from game.persistence.schema import migrate, recognise

log = logging.getLogger(__name__)

_CORRUPT_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


def connect_checked(db: Path, sync: str) -> sqlite3.Connection:
    """Connect, recognise the file, migrate it; ``UnreadableFile`` for corrupt or foreign
    files, ``StoreUnavailable`` / ``StoreVersionError`` otherwise."""
    try:
        conn = sqlite3.connect(db, isolation_level=None, timeout=5.0)
    except sqlite3.Error as err:
        raise StoreUnavailable(f"Can't open the save file {db} ({_why(db, err)}); "
                               "playing on without saving.") from None
    try:
        recognise(conn)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("The save file's folder does not support WAL (mode %s)", mode)
        conn.execute("PRAGMA synchronous = FULL" if sync == "FULL"
                     else "PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        return conn
    except sqlite3.DatabaseError as err:
        conn.close()
        if getattr(err, "sqlite_errorcode", None) in _CORRUPT_CODES:
            raise UnreadableFile(str(err)) from None
        raise StoreUnavailable(f"Can't use the save file {db} ({_why(db, err)}); "
                               "playing on without saving.") from None
    except BaseException:
        conn.close()
        raise


def _why(db: Path, err: sqlite3.Error) -> str:
    if not os.access(db.parent, os.W_OK):
        return f"the folder {db.parent} is read-only"
    if getattr(err, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
        return "the disk is full"
    return str(err)


def move_aside(db: Path, when: datetime) -> Path:
    """Rename the file (and its -wal/-shm companions) to ``NAME.corrupt-TIMESTAMP``."""
    stamp = when.astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    aside = db.with_name(f"{db.name}.corrupt-{stamp}")
    k = 1
    while aside.exists():
        k += 1
        aside = db.with_name(f"{db.name}.corrupt-{stamp}-{k}")
    try:
        for suffix in ("-wal", "-shm"):
            companion = db.with_name(db.name + suffix)
            if companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
        db.rename(aside)
    except OSError as err:
        raise StoreUnavailable(f"The save file {db} is unreadable and can't be moved aside "
                               f"({err.strerror or err}); playing on without saving.") from None
    return aside
