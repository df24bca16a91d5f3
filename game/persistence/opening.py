"""Opening a save file: connect, recognise, migrate; move a damaged file aside."""

from __future__ import annotations

import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from game.persistence.errors import StoreUnavailable, UnreadableFile
from game.persistence.schema import SCHEMA_VERSION, migrate, recognise

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


def connect_read_only(db: Path) -> sqlite3.Connection:
    """Open the save file for reading only: nothing in its folder is created or
    changed, so it works in a read-only folder. An older schema is migrated in a copy
    in memory. ``StoreUnavailable`` when there is no file, ``UnreadableFile`` when it is
    damaged or not ours, ``StoreVersionError`` when it is from a newer game."""
    if not db.is_file():
        raise StoreUnavailable(f"There is no save file at {db} yet.")
    uri = db.resolve().as_uri()
    try:
        conn = _reader(f"{uri}?mode=ro")
    except sqlite3.OperationalError:
        # A WAL file needs its -shm index, which a read-only folder can't hold: read the
        # main file alone (every finished hand is checkpointed into it).
        conn = _reader(f"{uri}?mode=ro&immutable=1")
    try:
        recognise(conn)
        if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            copy = sqlite3.connect(":memory:", isolation_level=None)
            conn.backup(copy)
            conn.close()
            conn = copy
            migrate(conn)
        return conn
    except sqlite3.DatabaseError as err:
        conn.close()
        raise UnreadableFile(str(err)) from None
    except BaseException:
        conn.close()
        raise


def _reader(uri: str) -> sqlite3.Connection:
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5.0)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn
