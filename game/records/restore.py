"""Hands from the hand-history folder into a salvaged save: every finished hand the
damaged save file lost but the folder still holds comes back, replayed and checked.

The save file is trusted first: a hand it still has is never taken from the folder. A
hand only the folder has is rebuilt (``stars_reader.rebuild``) and must write back its
own text exactly; one that doesn't is named by number and left out whole. A hand goes to
the table and session it was played in when the save still has them (the latest one
started before it), else to a stand-in marked "(recovered)".
"""

from __future__ import annotations

import bisect
import json
import logging
import sqlite3
from pathlib import Path

from engine.table import TableConfig, TableError
from game.persistence.codec import (
    HandRecord,
    config_to_json,
    deck_to_text,
    table_config_from_json,
    table_config_to_json,
)
from game.persistence.errors import CorruptRecord
from game.persistence.salvage import Restored
from game.records.stars_reader import (
    Placement,
    StarsHand,
    UnreplayableHand,
    is_tournament,
    parse_header,
    rebuild,
    split_hands,
    stars_files,
)

log = logging.getLogger(__name__)


def folder_hands(folder: Path, *, tournaments: bool = False) -> dict[int, StarsHand]:
    """Every cash hand (``tournaments``: every Sit & Go hand) in the folder's PokerStars
    files by number (the first copy of each)."""
    found: dict[int, StarsHand] = {}
    for path in stars_files(folder):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as err:
            log.warning("Can't read %s: %s", path, err)
            continue
        for hand in split_hands(text):
            if is_tournament(hand) == tournaments:
                found.setdefault(hand.id, hand)
    return found


def restore_hands(into: sqlite3.Connection, folder: Path, *,
                  tournaments: bool = False) -> Restored:
    """Insert every complete hand of the folder that ``into`` lacks, in one transaction:
    the cash table's hands, or with ``tournaments`` the Sit & Go's."""
    hands = folder_hands(folder, tournaments=tournaments)
    if not hands:
        return Restored()
    have = {r[0] for r in into.execute("SELECT id FROM hands")}
    missing = [hands[i] for i in sorted(hands) if i not in have]
    places = _Places(into)
    imported: list[int] = []
    refused: list[int] = []
    into.execute("BEGIN")
    try:
        for hand in missing:
            try:
                record = rebuild(hand, places.place(hand))
            except UnreplayableHand as err:
                log.warning("Not restored from the hand histories: %s", err)
                refused.append(hand.id)
                continue
            _insert(into, record)
            imported.append(hand.id)
        into.execute("COMMIT")
    except BaseException:
        into.execute("ROLLBACK")
        raise
    return Restored(imported=len(imported), refused=tuple(refused),
                    highest=max(imported, default=0))


class _Places:
    """Tables and sessions the salvaged save holds, looked up by a hand's start time;
    stand-ins created once when none fits."""

    def __init__(self, into: sqlite3.Connection) -> None:
        self.into = into
        self.tables = [(str(at), int(i), str(config)) for i, at, config in into.execute(
            "SELECT id, created_at, config FROM tables ORDER BY created_at, id")]
        self.sessions: dict[int, list[tuple[str, int]]] = {}
        for i, table_id, at in into.execute(
                "SELECT id, table_id, started_at FROM sessions ORDER BY started_at, id"):
            self.sessions.setdefault(int(table_id), []).append((str(at), int(i)))
        self.numbers: dict[int, list[tuple[int, int]]] = {}
        for i, table_id, number in into.execute(
                "SELECT id, table_id, number FROM hands ORDER BY id"):
            self.numbers.setdefault(int(table_id), []).append((int(i), int(number)))
        self.stand_in_session: dict[int, int] = {}

    def place(self, hand: StarsHand) -> Placement:
        name, started, seats, small, big = parse_header(hand)
        at = started.isoformat(timespec="seconds")
        table_id, config = self._table(at, name, seats, small, big)
        return Placement(self._session(table_id, at), table_id,
                         self._number(table_id, hand.id), config)

    def _table(self, at: str, name: str, seats: int, small: int,
               big: int) -> tuple[int, TableConfig | None]:
        if self.tables:
            k = bisect.bisect_right([t[0] for t in self.tables], at)
            _, table_id, text = self.tables[max(0, k - 1)]
            try:
                return table_id, table_config_from_json(text)
            except CorruptRecord:
                return table_id, None
        try:
            config = TableConfig(seats=seats, small_blind=small, big_blind=big)
        except TableError as err:
            raise UnreplayableHand(str(err)) from None
        cur = self.into.execute(
            "INSERT INTO tables (name, config, created_at, updated_at) VALUES (?, ?, ?, ?)",
            (f"{name} (recovered)", table_config_to_json(config), at, at))
        table_id = int(cur.lastrowid or 0)
        self.tables.append((at, table_id, table_config_to_json(config)))
        return table_id, config

    def _session(self, table_id: int, at: str) -> int:
        found = [i for started, i in self.sessions.get(table_id, []) if started <= at]
        if found:
            return found[-1]
        if table_id not in self.stand_in_session:
            cur = self.into.execute(
                "INSERT INTO sessions (table_id, started_at, ended_at) VALUES (?, ?, ?)",
                (table_id, at, at))
            self.stand_in_session[table_id] = int(cur.lastrowid or 0)
        return self.stand_in_session[table_id]

    def _number(self, table_id: int, hand_id: int) -> int:
        """Counted on from the nearest earlier hand the save still has at that table."""
        earlier = [(i, n) for i, n in self.numbers.get(table_id, []) if i < hand_id]
        if not earlier:
            return hand_id
        i, number = earlier[-1]
        return number + hand_id - i


def _insert(into: sqlite3.Connection, record: HandRecord) -> None:
    into.execute(
        "INSERT INTO hands (id, session_id, table_id, number, table_name, started_at, "
        "ended_at, status, config, deck, result) VALUES (?, ?, ?, ?, ?, ?, ?, 'complete', "
        "?, ?, ?)",
        (record.id, record.session_id, record.table_id, record.number, record.table_name,
         record.started_at, record.ended_at, config_to_json(record.config),
         deck_to_text(record.deck), json.dumps(record.result)))
    into.executemany(
        "INSERT INTO actions (hand_id, seq, seat, kind, amount, at) VALUES (?, ?, ?, ?, ?, ?)",
        [(record.id, seq, a.seat, a.kind.value, a.to, record.started_at)
         for seq, a in enumerate(record.actions)])
    into.execute("UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at < ?",
                 (record.started_at, record.session_id, record.started_at))
