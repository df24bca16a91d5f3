"""The save file: one SQLite database holding the table, sessions, every hand and the bank.

Durability rules (a kill -9 or a pulled plug must never lose or invent a chip):

- WAL journal with ``synchronous=FULL``: every commit is fsynced to the WAL before
  ``commit`` returns. ``NORMAL`` already survives a killed process (the WAL is in the OS
  cache), but may drop the last commits on power loss; we write a few rows per player
  decision, so the fsync is cheap and the journal survives a power cut too.
- Each action is journaled (and committed) *before* it is applied, so an interrupted hand
  can be replayed exactly from its config, its full deck and its journal.
- Seat stacks in the database are the start-of-hand stacks while a hand is played: only
  ``finish_hand`` moves chips, in one transaction with the hand's result and any ledger
  rows, so every commit point satisfies ``stacks + cashed_out + rake == bought_in``.
- Every table write checks that equation and refuses (rolls back) when it fails.

- The journal is checkpointed into the main file after each hand begins and after each
  hand finishes, so the ``.sqlite3`` file alone (copied without its ``-wal``, or with the
  journal lost after a crash) holds every finished hand, and hand numbers are never reused.
- A new hand's number is one above every hand in all the player's save files (the cash
  table's and the Sit & Go's, ``numbering``): a number names one hand everywhere.

Writes go through one transaction each (``BEGIN IMMEDIATE`` ... ``COMMIT``). After a
write fails for lack of space or permission the store refuses writes
(``StoreUnavailable``) until ``clear_fault``, so the file keeps its last consistent state;
``SaveGame`` keeps what was not written and retries.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

from engine.actions import Action
from engine.events import ActionTaken, Event
from engine.state import HandState
from engine.table import ChipsAdded, PlayerLeft, PlayerSat, Table, TableEvent
from game.persistence import numbering, reading
from game.persistence.codec import (
    CHIPS_IN,
    REBUY_KINDS,
    ChipKind,
    HandRecord,
    HandStatus,
    LedgerRow,
    TableInfo,
    config_to_json,
    deck_to_text,
    hand_result,
    table_config_to_json,
)
from game.persistence.errors import (
    CorruptRecord,
    StoreError,
    StoreUnavailable,
    StoreVersionError,
    UnreadableFile,
)
from game.persistence.opening import connect_checked, connect_read_only, move_aside
from game.persistence.paths import DATA_DIR_ENV, DB_NAME, data_dir
from game.persistence.salvage import HandSource, salvage
from game.persistence.schema import APPLICATION_ID, SCHEMA_VERSION, migrate

__all__ = [
    "APPLICATION_ID", "CHIPS_IN", "DATA_DIR_ENV", "DB_NAME", "REBUY_KINDS",
    "SCHEMA_VERSION", "ChipKind", "CorruptRecord", "HandRecord", "HandStatus", "LedgerRow",
    "Store", "StoreError", "StoreUnavailable", "StoreVersionError", "TableInfo", "data_dir",
    "hand_result",
]

log = logging.getLogger(__name__)


def _utc_now() -> datetime:
    return datetime.now(UTC)


# ------------------------------------------------------------------- the store


class Store:
    """The save file. Open with ``Store.open()``; every method is one transaction."""

    def __init__(self, conn: sqlite3.Connection, path: Path,
                 clock: Callable[[], datetime] = _utc_now) -> None:
        self._conn = conn
        self.path = path
        self._clock = clock
        self.notices: list[str] = []
        self.session_id: int | None = None
        self.broken: str | None = None
        self.read_only = False

    # ------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *,
             clock: Callable[[], datetime] = _utc_now, durable: bool = True,
             histories: HandSource | None = None) -> Store:
        """Open (creating or migrating) the save file.

        A corrupt or foreign file is moved aside to ``NAME.corrupt-TIMESTAMP`` and a fresh
        one started (``store.notices`` says so); what can be read from ours is salvaged
        into it, and every finished hand it lacks comes back from ``histories``. Raises
        ``StoreUnavailable`` when the folder can't be written and ``StoreVersionError``
        for a file from a newer game.
        ``durable=False`` skips the fsync per commit (``synchronous=NORMAL``): still safe
        when the process is killed, not when the power goes; for tests and benchmarks.
        """
        db = Path(path) if path is not None else data_dir() / DB_NAME
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreUnavailable(
                f"Can't create the save folder {db.parent} ({err.strerror or err}); "
                "playing on without saving.") from None
        notices: list[str] = []
        sync = "FULL" if durable else "NORMAL"
        try:
            conn = connect_checked(db, sync)
        except UnreadableFile as bad:
            aside = move_aside(db, clock())
            message = (f"The save file {db} could not be used ({bad.reason}); it was moved "
                       f"to {aside.name} and a new one started.")
            try:
                conn = connect_checked(db, sync)
            except UnreadableFile as again:
                raise StoreUnavailable(f"Can't start a new save file at {db}: "
                                       f"{again.reason}") from None
            if bad.ours:
                message += " " + salvage(aside, conn, histories).message
            log.warning(message)
            notices.append(message)
        store = cls(conn, db, clock)
        store.notices = notices
        return store

    @classmethod
    def open_read_only(cls, path: str | os.PathLike[str] | None = None, *,
                       histories: HandSource | None = None) -> Store:
        """The save file for reading (``holdem stats``, ``replay``, ``export``, a game
        in a read-only folder): never creates, migrates in place or moves anything.

        ``StoreUnavailable`` when there is no save file; a damaged one is salvaged into
        memory (``notices`` says what was recovered); every write is refused.
        """
        db = Path(path) if path is not None else data_dir() / DB_NAME
        notices: list[str] = []
        try:
            conn = connect_read_only(db)
        except UnreadableFile as bad:
            if not bad.ours:
                raise StoreUnavailable(f"The file {db} is not a Hold'em save file.") from None
            conn = sqlite3.connect(":memory:", isolation_level=None)
            migrate(conn)
            report = salvage(db, conn, histories)
            notices.append(f"The save file {db} is damaged ({bad.reason}). "
                           f"{report.message}")
        store = cls(conn, db)
        store.notices = notices
        store.read_only = True
        store.broken = f"The save file {db} is open for reading only."
        return store

    @classmethod
    def empty(cls) -> Store:
        """An empty save in memory: what the tools read when there is no save file."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        migrate(conn)
        store = cls(conn, Path(":memory:"))
        store.read_only = True
        store.broken = "There is no save file."
        return store

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def user_version(self) -> int:
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    @property
    def journal_mode(self) -> str:
        return str(self._conn.execute("PRAGMA journal_mode").fetchone()[0])

    # ------------------------------------------------------------ plumbing

    def _now(self) -> str:
        return self._clock().astimezone(UTC).isoformat(timespec="seconds")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; rolled back whole on any error.

        Any SQLite failure (space, permission, a lock) disables further writes
        (``StoreUnavailable``) so the file keeps its last consistent state.
        """
        if self.broken is not None:
            raise StoreUnavailable(self.broken)
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise self._unavailable(err) from None
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as err:
            if conn.in_transaction:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            if isinstance(err, sqlite3.IntegrityError):
                raise StoreError(f"The save file refused the change: {err}") from None
            if isinstance(err, sqlite3.Error):
                raise self._unavailable(err) from None
            raise

    def _unavailable(self, err: sqlite3.Error) -> StoreUnavailable:
        code = getattr(err, "sqlite_errorcode", None)
        if code == sqlite3.SQLITE_FULL:
            why = "the disk is full"
        elif code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
            why = "the save folder is read-only"
        else:
            why = str(err)
        self.broken = (f"Can't write the save file {self.path} ({why}); the hands "
                       "played meanwhile are kept in memory until it can be written.")
        log.info(self.broken)  # the caller tells the player
        return StoreUnavailable(self.broken)

    def clear_fault(self) -> None:
        """Allow writes again after a failure (to retry once space or access is back)."""
        if not self.read_only:
            self.broken = None

    def _current_table_id(self, conn: sqlite3.Connection) -> int | None:
        return reading.current_table_id(conn)

    # -------------------------------------------------------------- tables

    def save_table(self, table: Table, *, name: str | None = None,
                   bots: Mapping[int, str] | None = None, new: bool = False) -> int:
        """Save the table (seats, stacks, button, bank); returns its id.

        The first save (or ``new=True``) starts a new table, recording each seat's
        buy-in in the ledger and ending the session at the previous table. ``bots`` maps
        seats to bot kinds (kept when omitted and the seat's player is the same).
        """
        with self._write() as conn:
            table_id = None if new else self._current_table_id(conn)
            if table_id is None:
                table_id = self._insert_table(conn, table, name or "Holdem")
                if self.session_id is not None:
                    conn.execute("UPDATE sessions SET ended_at = ? WHERE id = ?",
                                 (self._now(), self.session_id))
                    self.session_id = None
            self._write_table(conn, table_id, table, name=name, bots=bots)
            return table_id

    def record_chips(self, table: Table, seat: int, amount: int, kind: ChipKind) -> None:
        """A buy-in, rebuy, top-up or cash-out already applied to ``table``: the ledger
        row and the table are written together."""
        self.record_table_events(table, [], extra=[(seat, amount, ChipKind(kind))])

    def record_table_events(self, table: Table, events: Sequence[TableEvent], *,
                            extra: Sequence[tuple[int, int, ChipKind]] = ()) -> None:
        """Ledger rows for sits, leaves and chips added (already applied to ``table``),
        written with the table in one transaction."""
        with self._write() as conn:
            table_id = self._current_table_id(conn)
            if table_id is None:
                raise StoreError("Save the table before recording chips")
            names = self._seat_names(conn, table_id)
            rows = [*_ledger_rows(events, table, names), *(
                (seat, _name_of(table, seat, names), kind, amount) for seat, amount, kind in extra)]
            self._insert_ledger(conn, table_id, rows, hand_id=None)
            self._write_table(conn, table_id, table)

    def load_table(self) -> Table | None:
        """The current table between hands (stacks as of the last complete hand)."""
        return reading.load_table(self._conn)

    def table_names(self) -> list[str]:
        """Every table's name, oldest first."""
        return [str(r[0]) for r in self._conn.execute("SELECT name FROM tables ORDER BY id")]

    def table_info(self) -> TableInfo | None:
        return reading.table_info(self._conn, self.session_id)

    def table_strengths(self) -> dict[int, dict[int, int]]:
        """Every table's bots' strength levels by seat (for the career by level)."""
        return reading.table_strengths(self._conn)

    def _insert_table(self, conn: sqlite3.Connection, table: Table, name: str) -> int:
        now = self._now()
        cur = conn.execute(
            "INSERT INTO tables (name, config, created_at, updated_at) VALUES (?, ?, ?, ?)",
            (name, table_config_to_json(table.config), now, now))
        table_id = int(cur.lastrowid or 0)
        rows: list[tuple[int | None, str, ChipKind, int]] = [
            (i, p.name, ChipKind.BUY_IN, p.bought_in)
            for i, p in enumerate(table.seats) if p is not None and p.bought_in]
        if table.left_bought_in:
            rows.append((None, "(players who left)", ChipKind.BUY_IN, table.left_bought_in))
        if table.cashed_out:
            rows.append((None, "(players who left)", ChipKind.CASH_OUT, table.cashed_out))
        self._insert_ledger(conn, table_id, rows, hand_id=None)
        return table_id

    def _write_table(self, conn: sqlite3.Connection, table_id: int, table: Table, *,
                     name: str | None = None, bots: Mapping[int, str] | None = None) -> None:
        on_table = sum(p.stack for p in table.seats if p is not None)
        if on_table + table.cashed_out + table.rake != table.bought_in:
            raise StoreError(
                f"Chips don't add up: {on_table} on the table + {table.cashed_out} cashed out "
                f"+ {table.rake} rake != {table.bought_in} bought in; not saved")
        conn.execute(
            "UPDATE tables SET name = coalesce(?, name), config = ?, button = ?, "
            "hands_played = ?, cashed_out = ?, rake = ?, left_bought_in = ?, updated_at = ? "
            "WHERE id = ?",
            (name, table_config_to_json(table.config), table.button, table.hands_played,
             table.cashed_out, table.rake, table.left_bought_in, self._now(), table_id))
        if bots is not None:  # the levels outlive the seats (a table cashed out)
            levels = {i: level for i, spec in bots.items()
                      if (level := reading.split_bot(spec)[1]) is not None}
            conn.execute("UPDATE tables SET strengths = ? WHERE id = ?",
                         (json.dumps(levels), table_id))
        occupied = [i for i, p in enumerate(table.seats) if p is not None]
        conn.execute(
            f"DELETE FROM seats WHERE table_id = ? AND seat NOT IN "
            f"({','.join('?' * len(occupied))})", (table_id, *occupied))
        for i in occupied:
            p = table.seats[i]
            assert p is not None
            kind, strength = reading.split_bot(bots.get(i) if bots is not None else None)
            conn.execute(
                "INSERT INTO seats (table_id, seat, name, stack, bought_in, bot, auto_rebuy, "
                "sitting_out, hands_sat_out, waiting_for_big_blind, strength) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, "
                "stack = excluded.stack, bought_in = excluded.bought_in, "
                "bot = CASE WHEN ? THEN excluded.bot WHEN seats.name = excluded.name "
                "THEN seats.bot ELSE NULL END, "
                "strength = CASE WHEN ? THEN excluded.strength WHEN seats.name = excluded.name "
                "THEN seats.strength ELSE NULL END, "
                "auto_rebuy = excluded.auto_rebuy, sitting_out = excluded.sitting_out, "
                "hands_sat_out = excluded.hands_sat_out, "
                "waiting_for_big_blind = excluded.waiting_for_big_blind",
                (table_id, i, p.name, p.stack, p.bought_in, kind, p.auto_rebuy,
                 p.sitting_out, p.hands_sat_out, p.waiting_for_big_blind, strength,
                 bots is not None, bots is not None))

    def _seat_names(self, conn: sqlite3.Connection, table_id: int) -> dict[int, str]:
        return reading.seat_names(conn, table_id)

    def _insert_ledger(self, conn: sqlite3.Connection, table_id: int,
                       rows: Sequence[tuple[int | None, str, ChipKind, int]],
                       hand_id: int | None) -> None:
        now = self._now()
        conn.executemany(
            "INSERT INTO ledger (table_id, session_id, seat, name, kind, amount, at, hand_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(table_id, self.session_id, seat, name, kind.value, amount, now, hand_id)
             for seat, name, kind, amount in rows])

    def ledger(self, table_id: int | None = None) -> list[LedgerRow]:
        return reading.ledger(self._conn, table_id)

    # ------------------------------------------------------------ sessions

    def begin_session(self) -> int:
        """Start a session at the current table (one run of the game)."""
        with self._write() as conn:
            table_id = self._current_table_id(conn)
            if table_id is None:
                raise StoreError("Save the table before starting a session")
            cur = conn.execute("INSERT INTO sessions (table_id, started_at) VALUES (?, ?)",
                               (table_id, self._now()))
            self.session_id = int(cur.lastrowid or 0)
            return self.session_id

    def end_session(self) -> None:
        if self.session_id is None:
            return
        with self._write() as conn:
            conn.execute("UPDATE sessions SET ended_at = ? WHERE id = ?",
                         (self._now(), self.session_id))
        self.session_id = None

    def sessions(self) -> list[tuple[int, str, str | None]]:
        """``(id, started_at, ended_at)`` for every session, oldest first."""
        return reading.sessions(self._conn)

    # --------------------------------------------------------------- hands

    def begin_hand(self, table: Table, hand: HandState) -> int:
        """Record a hand just dealt (config with start stacks, the full deck); its id.

        The table's seats keep their start-of-hand stacks until ``finish_hand``.
        """
        if len(hand.deck) != 52:
            raise StoreError("A hand is stored with its full 52-card deck")
        if self.session_id is None:
            self.begin_session()
        with self._write() as conn:
            table_id = self._current_table_id(conn)
            if table_id is None:
                raise StoreError("Save the table before the first hand")
            name = conn.execute("SELECT name FROM tables WHERE id = ?",
                                (table_id,)).fetchone()[0]
            here = conn.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0]
            number = max(int(here), numbering.highest_beside(self.path)) + 1
            try:
                cur = conn.execute(
                    "INSERT INTO hands (id, session_id, table_id, number, table_name, "
                    "started_at, status, config, deck) VALUES (?, ?, ?, ?, ?, ?, 'playing', ?, ?)",
                    (number, self.session_id, table_id, table.hands_played + 1, name,
                     self._now(), config_to_json(hand.config), deck_to_text(hand.deck)))
            except sqlite3.IntegrityError:
                raise StoreError("Another hand is still in play; finish or void it first") \
                    from None
            hand_id = int(cur.lastrowid or 0)
        self.checkpoint()  # the hand's number is taken in the main file: never reused
        return hand_id

    def hand_ids(self) -> set[int]:
        """Every hand number in the file."""
        return numbering.hand_ids(self._conn)

    def shift_hand_numbers(self, by: int) -> None:
        """Move every hand number up by ``by`` (a save from before one numbering)."""
        if self.broken is not None:
            raise StoreUnavailable(self.broken)
        try:
            numbering.renumber(self._conn, by)
        except sqlite3.Error as err:  # rolled back: the file is as it was
            raise StoreError(str(err)) from None
        self.checkpoint()

    def journal_action(self, hand_id: int, seq: int, action: Action) -> None:
        """Journal action number ``seq`` (0, 1, 2, ...) of a hand in play.

        Call it before applying the action (``journal_and_apply`` does both). Refused
        when the hand is not in play or ``seq`` is not the next number.
        """
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO actions (hand_id, seq, seat, kind, amount, at) "
                "SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS "
                "(SELECT 1 FROM hands WHERE id = ? AND status = 'playing') "
                "AND (SELECT count(*) FROM actions WHERE hand_id = ?) = ?",
                (hand_id, seq, action.seat, action.kind.value, action.to, self._now(),
                 hand_id, hand_id, seq))
            if cur.rowcount != 1:
                raise StoreError(f"Action {seq} of hand {hand_id} can't be journaled: the "
                                 "hand is not in play or that step is already recorded")

    def journal_and_apply(self, hand_id: int, seq: int, hand: HandState,
                          action: Action) -> list[Event]:
        """Verify, journal, then apply: the journal never holds an illegal action and
        never misses one that was applied."""
        hand.verify(action)
        self.journal_action(hand_id, seq, action)
        return hand.apply(action)

    def finish_hand(self, hand_id: int, table: Table, hand: HandState,
                    table_events: Sequence[TableEvent] = ()) -> None:
        """Mark the hand complete with its result and save the settled table (after
        ``table.end_hand()``), with ledger rows for its events, in one transaction."""
        if not hand.finished:
            raise StoreError("The hand is not over yet")
        if table.hand is not None:
            raise StoreError("Settle the table (table.end_hand()) before finishing the hand")
        with self._write() as conn:
            table_id = self._current_table_id(conn)
            assert table_id is not None
            names = self._seat_names(conn, table_id)
            cur = conn.execute(
                "UPDATE hands SET status = 'complete', result = ?, ended_at = ? "
                "WHERE id = ? AND status = 'playing'",
                (json.dumps(hand_result(hand)), self._now(), hand_id))
            if cur.rowcount != 1:
                raise StoreError(f"Hand {hand_id} is not in play: it can't be finished twice")
            journaled = conn.execute("SELECT count(*) FROM actions WHERE hand_id = ?",
                                     (hand_id,)).fetchone()[0]
            applied = sum(1 for e in hand.events if isinstance(e, ActionTaken))
            if journaled != applied:
                raise StoreError(f"Hand {hand_id}: {applied} actions played but {journaled} "
                                 "journaled; not saved")
            self._insert_ledger(conn, table_id, _ledger_rows(table_events, table, names),
                                hand_id=hand_id)
            self._write_table(conn, table_id, table)
        self.checkpoint()  # the finished hand is in the main file, not only the journal

    def checkpoint(self) -> None:
        """Copy the journal (``-wal``) into the main file, so the ``.sqlite3`` file alone
        holds every finished hand and every hand number used (a lost journal then loses
        at most the actions of the hand in play). Passive: never waits for a reader; a
        failure here loses nothing (the journal still holds the commits)."""
        try:
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as err:
            log.warning("Checkpoint of %s failed: %s", self.path, err)

    def void_hand(self, hand_id: int, reason: str) -> None:
        """Cancel a hand in play: the seats keep their start-of-hand stacks."""
        with self._write() as conn:
            cur = conn.execute(
                "UPDATE hands SET status = 'voided', void_reason = ?, ended_at = ? "
                "WHERE id = ? AND status = 'playing'", (reason, self._now(), hand_id))
            if cur.rowcount != 1:
                raise StoreError(f"Hand {hand_id} is not in play")

    def playing_hand_id(self) -> int | None:
        return reading.playing_hand_id(self._conn)

    def recent_hands(self, count: int) -> list[HandRecord]:
        """The latest ``count`` complete hands, oldest first (unreadable ones left out)."""
        return reading.read_hands(
            self._conn, "WHERE h.id IN (SELECT id FROM hands WHERE status = 'complete' "
            "ORDER BY id DESC LIMIT ?)", (count,), broken=[])

    def last_complete_hand_id(self) -> int | None:
        return reading.last_complete_hand_id(self._conn)

    def hand(self, hand_id: int) -> HandRecord:
        """One stored hand; ``KeyError`` if unknown, ``CorruptRecord`` if unreadable."""
        records = self._hands("WHERE h.id = ?", (hand_id,))
        if not records:
            raise KeyError(f"There is no hand {hand_id}")
        return records[0]

    def hands(self, session: int | None = None,
              status: HandStatus | None = HandStatus.COMPLETE, *,
              broken: list[tuple[int, str]] | None = None) -> list[HandRecord]:
        """Stored hands, oldest first: one session's or all; complete ones by default.
        With ``broken``, unreadable hands are listed there (id, why) instead of raising
        ``CorruptRecord``."""
        clauses: list[str] = []
        params: list[object] = []
        if session is not None:
            clauses.append("h.session_id = ?")
            params.append(session)
        if status is not None:
            clauses.append("h.status = ?")
            params.append(HandStatus(status).value)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return reading.read_hands(self._conn, where, tuple(params), broken)

    def hand_counts(self) -> dict[str, int]:
        return reading.hand_counts(self._conn)

    def _hands(self, where: str, params: tuple[object, ...]) -> list[HandRecord]:
        return reading.read_hands(self._conn, where, params)

    # ------------------------------------------------------------- checks

    def integrity_check(self) -> list[str]:
        """Problems found (empty when all is well): SQLite's own check, foreign keys,
        the bank equation, the ledger against the table, and one hand in play at most."""
        return reading.integrity_check(self._conn)


# ----------------------------------------------------------------- helpers


def _name_of(table: Table, seat: int, names: Mapping[int, str]) -> str:
    player = table.seats[seat] if 0 <= seat < len(table.seats) else None
    return player.name if player is not None else names.get(seat, f"seat {seat + 1}")


def _ledger_rows(events: Sequence[TableEvent], table: Table,
                 names: Mapping[int, str]) -> list[tuple[int | None, str, ChipKind, int]]:
    """Ledger rows for the table events that move chips in or out."""
    rows: list[tuple[int | None, str, ChipKind, int]] = []
    for event in events:
        if isinstance(event, PlayerSat):
            rows.append((event.seat, event.name, ChipKind.BUY_IN, event.buy_in))
        elif isinstance(event, PlayerLeft):
            rows.append((event.seat, event.name, ChipKind.CASH_OUT, event.cashed_out))
        elif isinstance(event, ChipsAdded):
            if event.automatic:
                kind = ChipKind.AUTO_REBUY
            else:
                kind = ChipKind.REBUY if event.stack == event.amount else ChipKind.TOP_UP
            rows.append((event.seat, _name_of(table, event.seat, names), kind, event.amount))
    return rows

