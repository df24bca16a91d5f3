"""The save file's schema: forward migrations, and recognising a file as ours."""

from __future__ import annotations

import sqlite3

from game.persistence.errors import StoreVersionError, UnreadableFile
from game.persistence.paths import DATA_DIR_ENV

APPLICATION_ID = 0x486F6C64  # "Hold": marks the file as ours (PRAGMA application_id)

# Forward migrations: MIGRATIONS[v] takes a database from user_version v to v + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: tables, seats, sessions, hands, the action journal, the chip ledger
        f"PRAGMA application_id = {APPLICATION_ID}",
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            config TEXT NOT NULL,
            button INTEGER,
            hands_played INTEGER NOT NULL DEFAULT 0 CHECK (hands_played >= 0),
            cashed_out INTEGER NOT NULL DEFAULT 0 CHECK (cashed_out >= 0),
            rake INTEGER NOT NULL DEFAULT 0 CHECK (rake >= 0),
            left_bought_in INTEGER NOT NULL DEFAULT 0 CHECK (left_bought_in >= 0),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL)""",
        """CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL CHECK (seat >= 0),
            name TEXT NOT NULL,
            stack INTEGER NOT NULL CHECK (stack >= 0),
            bought_in INTEGER NOT NULL CHECK (bought_in >= 0),
            bot TEXT,
            auto_rebuy INTEGER NOT NULL DEFAULT 0,
            sitting_out INTEGER NOT NULL DEFAULT 0,
            hands_sat_out INTEGER NOT NULL DEFAULT 0,
            waiting_for_big_blind INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)) WITHOUT ROWID""",
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            table_id INTEGER NOT NULL REFERENCES tables(id),
            started_at TEXT NOT NULL,
            ended_at TEXT)""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            table_id INTEGER NOT NULL REFERENCES tables(id),
            number INTEGER NOT NULL,
            table_name TEXT NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT,
            status TEXT NOT NULL CHECK (status IN ('playing', 'complete', 'voided')),
            config TEXT NOT NULL,
            deck TEXT NOT NULL,
            result TEXT)""",
        "CREATE UNIQUE INDEX one_hand_in_play ON hands(status) WHERE status = 'playing'",
        """CREATE TABLE actions (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            seq INTEGER NOT NULL CHECK (seq >= 0),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            amount INTEGER,
            at TEXT NOT NULL,
            PRIMARY KEY (hand_id, seq)) WITHOUT ROWID""",
        """CREATE TABLE ledger (
            id INTEGER PRIMARY KEY,
            table_id INTEGER NOT NULL REFERENCES tables(id),
            session_id INTEGER REFERENCES sessions(id),
            seat INTEGER,
            name TEXT NOT NULL,
            kind TEXT NOT NULL
                CHECK (kind IN ('buy_in', 'rebuy', 'top_up', 'auto_rebuy', 'cash_out')),
            amount INTEGER NOT NULL CHECK (amount >= 0),
            at TEXT NOT NULL)""",
    ),
    (  # 2: why a hand was voided; which hand settled a ledger row; lookups by session
        "ALTER TABLE hands ADD COLUMN void_reason TEXT",
        "ALTER TABLE ledger ADD COLUMN hand_id INTEGER REFERENCES hands(id)",
        "CREATE INDEX hands_by_session ON hands(session_id)",
        "CREATE INDEX ledger_by_table ON ledger(table_id)",
    ),
    (  # 3: each bot's strength level (1-5); saves from before levels read as level 3
        "ALTER TABLE seats ADD COLUMN strength INTEGER CHECK (strength BETWEEN 1 AND 5)",
    ),
    (  # 4: each table's bots' levels by seat, kept after its seats are cashed out
        "ALTER TABLE tables ADD COLUMN strengths TEXT",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


def recognise(conn: sqlite3.Connection) -> None:
    """Ours, empty, or not ours (``UnreadableFile``); runs SQLite's quick check on ours."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchone()[0]
    if app_id != APPLICATION_ID:
        if app_id == 0 and version == 0 and tables == 0:
            return  # a new, empty file
        raise UnreadableFile("it is not a holdem save file", ours=False)
    if version > SCHEMA_VERSION:
        raise StoreVersionError(
            f"The save file was written by a newer version of the game (schema {version}; "
            f"this one reads up to {SCHEMA_VERSION}). Update the game, or set "
            f"{DATA_DIR_ENV} to use another folder; playing on without saving.")
    check = conn.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise UnreadableFile(f"damaged: {check}")


def migrate(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for target in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[target - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target:d}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
