"""One hand numbering across the player's save files.

The cash table and the Sit & Go keep separate save files in the data folder, but a hand
number means one hand everywhere (as a PokerStars hand number does): each new hand takes
the next number above every hand in *all* the player's save files. Saves from before
this rule may hold the same numbers in both; the Sit & Go's are then moved above the
cash table's (``shift_for``), in its file when it is opened for play (``renumber``) and
in memory when it is only read.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Collection
from pathlib import Path

from game.persistence.opening import read_only_uri
from game.persistence.paths import DB_NAME

log = logging.getLogger(__name__)

SITNGO_DB = "sitngo.sqlite3"
SAVE_FILES = (DB_NAME, SITNGO_DB)
"""Every save file a player has, in one folder: the cash table's and the Sit & Go's."""


def _numbers(db: Path, query: str) -> list[int]:
    """One column of hand numbers from a save file, read only ([] when it has none or
    can't be read)."""
    if not db.is_file():
        return []
    try:
        conn = sqlite3.connect(read_only_uri(db), uri=True, isolation_level=None,
                               timeout=5.0)
        try:
            return [int(r[0]) for r in conn.execute(query)]
        finally:
            conn.close()
    except sqlite3.Error as err:
        log.warning("Hand numbers in %s can't be read: %s", db, err)
        return []


def highest_in(db: Path) -> int:
    """The highest hand number in one save file (0 when it has none or can't be read)."""
    return max(_numbers(db, "SELECT coalesce(max(id), 0) FROM hands"), default=0)


def ids_in(db: Path) -> set[int]:
    """Every hand number in one save file (none when it can't be read)."""
    return set(_numbers(db, "SELECT id FROM hands"))


def highest_beside(db: Path) -> int:
    """The highest hand number in the player's other save files (beside ``db``)."""
    return max((highest_in(db.with_name(name)) for name in SAVE_FILES if name != db.name),
               default=0)


def shift_for(cash_ids: Collection[int], sitngo_ids: Collection[int]) -> int:
    """How far the Sit & Go's hand numbers move so none is a cash hand's (0: none is):
    past both files' highest, so the move never lands on a number in use."""
    if not cash_ids or not sitngo_ids or set(cash_ids).isdisjoint(sitngo_ids):
        return 0
    return max(max(cash_ids), max(sitngo_ids))


def hand_ids(conn: sqlite3.Connection) -> set[int]:
    return {int(r[0]) for r in conn.execute("SELECT id FROM hands")}


def renumber(conn: sqlite3.Connection, by: int) -> None:
    """Move every hand number in a save file up by ``by``, journal and ledger with it,
    in one transaction."""
    if not by:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("PRAGMA defer_foreign_keys = ON")
        conn.execute("UPDATE hands SET id = id + ?", (by,))
        conn.execute("UPDATE actions SET hand_id = hand_id + ?", (by,))
        conn.execute("UPDATE ledger SET hand_id = hand_id + ? WHERE hand_id IS NOT NULL",
                     (by,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
