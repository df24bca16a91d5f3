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

Writes go through one transaction each (``BEGIN IMMEDIATE`` ... ``COMMIT``). After a
write fails for lack of space or permission the store stops writing (``StoreUnavailable``
from then on) so the file keeps its last consistent state while the game plays on.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import Card, CardError, card_str, parse_card
from engine.events import ActionTaken, Event, PotAwarded, RakeTaken
from engine.state import ConfigError, HandConfig, HandState, Structure
from engine.table import ChipsAdded, PlayerLeft, PlayerSat, Seat, Table, TableConfig, TableEvent
from game.paths import DATA_DIR_ENV
from game.paths import data_dir as data_dir  # defined there; saving.py imports it from here

log = logging.getLogger(__name__)

DB_NAME = "holdem.sqlite3"
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
)
SCHEMA_VERSION = len(MIGRATIONS)

_CORRUPT_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


class StoreError(Exception):
    """A request the store refuses (the message says why); nothing was written."""


class StoreUnavailable(StoreError):
    """The save file can't be used (read-only folder, full disk, newer version...).

    The game keeps playing without saving and shows the message as a warning.
    """


class StoreVersionError(StoreUnavailable):
    """The file was written by a newer version of the game; it is left untouched."""


class CorruptRecord(StoreError):
    """A stored row that cannot be read back (bad JSON, impossible values)."""


class HandStatus(StrEnum):
    PLAYING = "playing"
    COMPLETE = "complete"
    VOIDED = "voided"


class ChipKind(StrEnum):
    """Ledger row kinds: chips entering (buy-in, rebuys, top-ups) or leaving the table."""

    BUY_IN = "buy_in"
    REBUY = "rebuy"
    TOP_UP = "top_up"
    AUTO_REBUY = "auto_rebuy"
    CASH_OUT = "cash_out"


CHIPS_IN = (ChipKind.BUY_IN, ChipKind.REBUY, ChipKind.TOP_UP, ChipKind.AUTO_REBUY)
REBUY_KINDS = (ChipKind.REBUY, ChipKind.TOP_UP, ChipKind.AUTO_REBUY)


def _utc_now() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One stored hand: enough to replay it exactly (config, full deck, actions)."""

    id: int
    session_id: int
    table_id: int
    number: int
    table_name: str
    started_at: str
    ended_at: str | None
    status: HandStatus
    config: HandConfig
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    result: Mapping[str, Any] | None
    void_reason: str | None

    def replay(self, upto: int | None = None) -> HandState:
        """Deal from the stored deck and apply the journal (the first ``upto`` actions).

        Raises ``IllegalAction`` when the journal does not fit the hand.
        """
        state = HandState.deal(self.config, deck=self.deck)
        for action in self.actions[:upto]:
            state.apply(action)
        return state

    @property
    def started(self) -> datetime:
        return datetime.fromisoformat(self.started_at)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the save file knows about the current table besides the engine's ``Table``."""

    id: int
    name: str
    bots: Mapping[int, str]
    session_id: int | None


@dataclass(frozen=True, slots=True)
class LedgerRow:
    seat: int | None
    name: str
    kind: ChipKind
    amount: int
    session_id: int | None
    hand_id: int | None
    at: str


# ----------------------------------------------------------- (de)serialisation


def _fraction_json(value: Fraction) -> list[int]:
    return [value.numerator, value.denominator]


def _want(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = obj.get(key)
    if isinstance(value, bool) and kind is int:
        raise CorruptRecord(f"'{key}' should be a number")
    if not isinstance(value, kind):
        raise CorruptRecord(f"'{key}' is missing or has the wrong type")
    return value


def _int_list(obj: Mapping[str, Any], key: str) -> tuple[int, ...]:
    values = _want(obj, key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise CorruptRecord(f"'{key}' should list whole numbers")
    return tuple(values)


def config_to_json(config: HandConfig) -> str:
    return json.dumps({
        "stacks": list(config.stacks),
        "button": config.button,
        "small_blind": config.small_blind,
        "big_blind": config.big_blind,
        "ante": config.ante,
        "structure": config.structure.value,
        "dealt_in": list(config.players),
        "rake_percent": _fraction_json(config.rake_percent),
        "rake_cap": config.rake_cap,
        "muck_losers": config.muck_losers,
        "names": list(config.names) if config.names is not None else None,
        "fixed_limit_cap": config.fixed_limit_cap,
    })


def config_from_json(text: str) -> HandConfig:
    """The stored hand config; ``CorruptRecord`` for anything malformed."""
    try:
        obj = json.loads(text)
        if not isinstance(obj, dict):
            raise CorruptRecord("the hand config is not an object")
        names = obj.get("names")
        if names is not None and not (isinstance(names, list)
                                      and all(isinstance(n, str) for n in names)):
            raise CorruptRecord("'names' should list strings")
        num, den = _int_list(obj, "rake_percent")
        dealt = _want(obj, "dealt_in", list)
        if not all(isinstance(d, bool) for d in dealt):
            raise CorruptRecord("'dealt_in' should list true/false")
        return HandConfig(
            stacks=_int_list(obj, "stacks"), button=_want(obj, "button", int),
            small_blind=_want(obj, "small_blind", int), big_blind=_want(obj, "big_blind", int),
            ante=_want(obj, "ante", int), structure=Structure(_want(obj, "structure", str)),
            dealt_in=tuple(dealt), rake_percent=Fraction(num, den),
            rake_cap=_want(obj, "rake_cap", int), muck_losers=_want(obj, "muck_losers", bool),
            names=tuple(names) if names is not None else None,
            fixed_limit_cap=_want(obj, "fixed_limit_cap", int),
        )
    except CorruptRecord:
        raise
    except (ValueError, TypeError, ZeroDivisionError, ConfigError) as err:
        raise CorruptRecord(f"unreadable hand config: {err}") from None


def table_config_to_json(config: TableConfig) -> str:
    out: dict[str, Any] = {}
    for f in fields(config):
        value = getattr(config, f.name)
        if isinstance(value, Fraction):
            value = _fraction_json(value)
        elif isinstance(value, Structure):
            value = value.value
        out[f.name] = value
    return json.dumps(out)


def table_config_from_json(text: str) -> TableConfig:
    """Known keys only, so an older or newer config still loads with defaults."""
    try:
        obj = json.loads(text)
        if not isinstance(obj, dict):
            raise CorruptRecord("the table config is not an object")
        known = {f.name for f in fields(TableConfig)}
        kwargs: dict[str, Any] = {k: v for k, v in obj.items() if k in known}
        if "rake_percent" in kwargs:
            kwargs["rake_percent"] = Fraction(*kwargs["rake_percent"])
        if "structure" in kwargs:
            kwargs["structure"] = Structure(kwargs["structure"])
        return TableConfig(**kwargs)
    except CorruptRecord:
        raise
    except (ValueError, TypeError, ZeroDivisionError) as err:
        raise CorruptRecord(f"unreadable table config: {err}") from None


def deck_to_text(deck: Sequence[Card]) -> str:
    return "".join(card_str(c) for c in deck)


def deck_from_text(text: str) -> tuple[Card, ...]:
    """A full 52-card deck, or ``CorruptRecord``."""
    if not isinstance(text, str) or len(text) != 104:
        raise CorruptRecord("the stored deck is not 52 cards")
    try:
        cards = tuple(parse_card(text[i:i + 2]) for i in range(0, 104, 2))
    except CardError as err:
        raise CorruptRecord(f"the stored deck has a bad card: {err}") from None
    if len(set(cards)) != 52:
        raise CorruptRecord("the stored deck repeats a card")
    return cards


def _action_from_row(seat: Any, kind: Any, amount: Any) -> Action:
    try:
        action_kind = ActionKind(kind)
    except ValueError:
        raise CorruptRecord(f"unknown action kind {kind!r}") from None
    if not isinstance(seat, int) or (amount is not None and not isinstance(amount, int)):
        raise CorruptRecord("an action row has a bad seat or amount")
    return Action(seat, action_kind, amount)


def hand_result(state: HandState) -> dict[str, Any]:
    """The result stored with a complete hand (and checked against every replay)."""
    start = state.config.stacks
    awards = [e for e in state.events if isinstance(e, PotAwarded)]
    won = [0] * state.n
    for award in awards:
        for seat, chips in award.shares:
            won[seat] += chips
    return {
        "final_stacks": list(state.stacks),
        "net": [f - s for f, s in zip(state.stacks, start, strict=True)],
        "board": [card_str(c) for c in state.board],
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in state.pots],
        "awards": [{"pot": a.pot_index, "amount": a.amount,
                    "shares": [list(s) for s in a.shares], "description": a.description}
                   for a in awards],
        "rake": sum(e.amount for e in state.events if isinstance(e, RakeTaken)),
        "showdown": [{"seat": e.seat, "cards": [card_str(c) for c in e.cards],
                      "description": e.hand.description, "mucked": e.mucked}
                     for e in state.showdown],
        "winners": [s for s in range(state.n) if won[s] > 0],
    }


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

    # ------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *,
             clock: Callable[[], datetime] = _utc_now, durable: bool = True) -> Store:
        """Open (creating or migrating) the save file.

        A corrupt or foreign file is moved aside to ``NAME.corrupt-TIMESTAMP`` and a fresh
        one started (``store.notices`` says so). Raises ``StoreUnavailable`` when the
        folder can't be written and ``StoreVersionError`` for a file from a newer game.
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
            conn = _connect_checked(db, sync)
        except _Unreadable as bad:
            aside = _move_aside(db, clock())
            message = (f"The save file {db} could not be used ({bad.reason}); it was moved "
                       f"to {aside.name} and a new one started.")
            log.warning(message)
            notices.append(message)
            try:
                conn = _connect_checked(db, sync)
            except _Unreadable as again:
                raise StoreUnavailable(f"Can't start a new save file at {db}: "
                                       f"{again.reason}") from None
        store = cls(conn, db, clock)
        store.notices = notices
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
        self.broken = (f"Can't write the save file {self.path} ({why}); "
                       "playing on without saving.")
        log.warning(self.broken)
        return StoreUnavailable(self.broken)

    def _current_table_id(self, conn: sqlite3.Connection) -> int | None:
        row = conn.execute("SELECT max(id) FROM tables").fetchone()
        return None if row[0] is None else int(row[0])

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
        conn = self._conn
        table_id = self._current_table_id(conn)
        if table_id is None:
            return None
        row = conn.execute(
            "SELECT config, button, hands_played, cashed_out, rake, left_bought_in "
            "FROM tables WHERE id = ?", (table_id,)).fetchone()
        config = table_config_from_json(row[0])
        table = Table(config)
        table.button, table.hands_played, table.cashed_out = row[1], row[2], row[3]
        table.rake, table.left_bought_in = row[4], row[5]
        for seat, name, stack, bought_in, auto, out, sat, waiting in conn.execute(
                "SELECT seat, name, stack, bought_in, auto_rebuy, sitting_out, hands_sat_out, "
                "waiting_for_big_blind FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,)):
            if not 0 <= seat < len(table.seats):
                raise CorruptRecord(f"seat {seat} is outside the table")
            table.seats[seat] = Seat(name=name, stack=stack, auto_rebuy=bool(auto),
                                     sitting_out=bool(out), hands_sat_out=sat,
                                     waiting_for_big_blind=bool(waiting), bought_in=bought_in)
        return table

    def table_info(self) -> TableInfo | None:
        conn = self._conn
        table_id = self._current_table_id(conn)
        if table_id is None:
            return None
        name = conn.execute("SELECT name FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
        bots = {seat: bot for seat, bot in conn.execute(
            "SELECT seat, bot FROM seats WHERE table_id = ? AND bot IS NOT NULL", (table_id,))}
        return TableInfo(table_id, name, bots, self.session_id)

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
        occupied = [i for i, p in enumerate(table.seats) if p is not None]
        conn.execute(
            f"DELETE FROM seats WHERE table_id = ? AND seat NOT IN "
            f"({','.join('?' * len(occupied))})", (table_id, *occupied))
        for i in occupied:
            p = table.seats[i]
            assert p is not None
            conn.execute(
                "INSERT INTO seats (table_id, seat, name, stack, bought_in, bot, auto_rebuy, "
                "sitting_out, hands_sat_out, waiting_for_big_blind) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name, "
                "stack = excluded.stack, bought_in = excluded.bought_in, "
                "bot = CASE WHEN ? THEN excluded.bot WHEN seats.name = excluded.name "
                "THEN seats.bot ELSE NULL END, "
                "auto_rebuy = excluded.auto_rebuy, sitting_out = excluded.sitting_out, "
                "hands_sat_out = excluded.hands_sat_out, "
                "waiting_for_big_blind = excluded.waiting_for_big_blind",
                (table_id, i, p.name, p.stack, p.bought_in,
                 bots.get(i) if bots is not None else None, p.auto_rebuy, p.sitting_out,
                 p.hands_sat_out, p.waiting_for_big_blind, bots is not None))

    def _seat_names(self, conn: sqlite3.Connection, table_id: int) -> dict[int, str]:
        return dict(conn.execute("SELECT seat, name FROM seats WHERE table_id = ?",
                                 (table_id,)).fetchall())

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
        conn = self._conn
        table_id = table_id if table_id is not None else self._current_table_id(conn)
        return [LedgerRow(seat, name, ChipKind(kind), amount, session, hand, at)
                for seat, name, kind, amount, session, hand, at in conn.execute(
                    "SELECT seat, name, kind, amount, session_id, hand_id, at FROM ledger "
                    "WHERE table_id = ? ORDER BY id", (table_id,))]

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
        return [(int(i), s, e) for i, s, e in self._conn.execute(
            "SELECT id, started_at, ended_at FROM sessions ORDER BY id")]

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
            try:
                cur = conn.execute(
                    "INSERT INTO hands (session_id, table_id, number, table_name, started_at, "
                    "status, config, deck) VALUES (?, ?, ?, ?, ?, 'playing', ?, ?)",
                    (self.session_id, table_id, table.hands_played + 1, name, self._now(),
                     config_to_json(hand.config), deck_to_text(hand.deck)))
            except sqlite3.IntegrityError:
                raise StoreError("Another hand is still in play; finish or void it first") \
                    from None
            return int(cur.lastrowid or 0)

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

    def void_hand(self, hand_id: int, reason: str) -> None:
        """Cancel a hand in play: the seats keep their start-of-hand stacks."""
        with self._write() as conn:
            cur = conn.execute(
                "UPDATE hands SET status = 'voided', void_reason = ?, ended_at = ? "
                "WHERE id = ? AND status = 'playing'", (reason, self._now(), hand_id))
            if cur.rowcount != 1:
                raise StoreError(f"Hand {hand_id} is not in play")

    def playing_hand_id(self) -> int | None:
        row = self._conn.execute("SELECT id FROM hands WHERE status = 'playing'").fetchone()
        return None if row is None else int(row[0])

    def hand(self, hand_id: int) -> HandRecord:
        """One stored hand; ``KeyError`` if unknown, ``CorruptRecord`` if unreadable."""
        records = self._hands("WHERE h.id = ?", (hand_id,))
        if not records:
            raise KeyError(f"There is no hand {hand_id}")
        return records[0]

    def hands(self, session: int | None = None,
              status: HandStatus | None = HandStatus.COMPLETE) -> list[HandRecord]:
        """Stored hands, oldest first: one session's or all; complete ones by default."""
        clauses: list[str] = []
        params: list[Any] = []
        if session is not None:
            clauses.append("h.session_id = ?")
            params.append(session)
        if status is not None:
            clauses.append("h.status = ?")
            params.append(HandStatus(status).value)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return self._hands(where, tuple(params))

    def hand_counts(self) -> dict[str, int]:
        counts = {s.value: 0 for s in HandStatus}
        for status, count in self._conn.execute(
                "SELECT status, count(*) FROM hands GROUP BY status"):
            counts[status] = count
        return counts

    def _hands(self, where: str, params: tuple[Any, ...]) -> list[HandRecord]:
        conn = self._conn
        rows = conn.execute(
            "SELECT h.id, h.session_id, h.table_id, h.number, h.table_name, h.started_at, "
            f"h.ended_at, h.status, h.config, h.deck, h.result, h.void_reason FROM hands h "
            f"{where} ORDER BY h.id", params).fetchall()
        if not rows:
            return []
        ids = [r[0] for r in rows]
        journal: dict[int, list[tuple[int, Any, Any, Any]]] = {i: [] for i in ids}
        lo, hi = min(ids), max(ids)
        for hand_id, seq, seat, kind, amount in conn.execute(
                "SELECT hand_id, seq, seat, kind, amount FROM actions "
                "WHERE hand_id BETWEEN ? AND ? ORDER BY hand_id, seq", (lo, hi)):
            if hand_id in journal:
                journal[hand_id].append((seq, seat, kind, amount))
        records = []
        for (hand_id, session_id, table_id, number, table_name, started, ended, status,
             config, deck, result, void_reason) in rows:
            steps = journal[hand_id]
            if [s[0] for s in steps] != list(range(len(steps))):
                raise CorruptRecord(f"hand {hand_id}: the action journal has a gap")
            try:
                parsed_result = json.loads(result) if result is not None else None
                hand_status = HandStatus(status)
            except ValueError as err:
                raise CorruptRecord(f"hand {hand_id}: {err}") from None
            records.append(HandRecord(
                id=hand_id, session_id=session_id, table_id=table_id, number=number,
                table_name=table_name, started_at=started, ended_at=ended, status=hand_status,
                config=config_from_json(config), deck=deck_from_text(deck),
                actions=tuple(_action_from_row(seat, kind, amount)
                              for _, seat, kind, amount in steps),
                result=parsed_result, void_reason=void_reason))
        return records

    # ------------------------------------------------------------- checks

    def integrity_check(self) -> list[str]:
        """Problems found (empty when all is well): SQLite's own check, foreign keys,
        the bank equation, the ledger against the table, and one hand in play at most."""
        conn = self._conn
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check") if r[0] != "ok"]
        problems += [f"foreign key: {r}" for r in conn.execute("PRAGMA foreign_key_check")]
        table_id = self._current_table_id(conn)
        if table_id is not None:
            cashed_out, rake, left_in = conn.execute(
                "SELECT cashed_out, rake, left_bought_in FROM tables WHERE id = ?",
                (table_id,)).fetchone()
            stacks, seated_in = conn.execute(
                "SELECT coalesce(sum(stack), 0), coalesce(sum(bought_in), 0) FROM seats "
                "WHERE table_id = ?", (table_id,)).fetchone()
            bought_in = seated_in + left_in
            if stacks + cashed_out + rake != bought_in:
                problems.append(f"bank: {stacks} on the table + {cashed_out} cashed out + "
                                f"{rake} rake != {bought_in} bought in")
            ledger_in, ledger_out = conn.execute(
                "SELECT coalesce(sum(CASE WHEN kind != 'cash_out' THEN amount END), 0), "
                "coalesce(sum(CASE WHEN kind = 'cash_out' THEN amount END), 0) "
                "FROM ledger WHERE table_id = ?", (table_id,)).fetchone()
            if ledger_in != bought_in or ledger_out != cashed_out:
                problems.append(f"ledger: {ledger_in} in / {ledger_out} out, table says "
                                f"{bought_in} in / {cashed_out} out")
        playing = conn.execute("SELECT count(*) FROM hands WHERE status = 'playing'").fetchone()
        if playing[0] > 1:
            problems.append(f"{playing[0]} hands in play at once")
        return problems


# ----------------------------------------------------------------- helpers


class _Unreadable(Exception):
    """The file is not a usable save file (corrupt or someone else's)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _connect_checked(db: Path, sync: str) -> sqlite3.Connection:
    """Connect, recognise the file, migrate it; ``_Unreadable`` for corrupt or foreign
    files, ``StoreUnavailable`` / ``StoreVersionError`` otherwise."""
    try:
        conn = sqlite3.connect(db, isolation_level=None, timeout=5.0)
    except sqlite3.Error as err:
        raise StoreUnavailable(f"Can't open the save file {db} ({_why(db, err)}); "
                               "playing on without saving.") from None
    try:
        _recognise(conn)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("The save file's folder does not support WAL (mode %s)", mode)
        conn.execute("PRAGMA synchronous = FULL" if sync == "FULL"
                     else "PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        _migrate(conn)
        return conn
    except sqlite3.DatabaseError as err:
        conn.close()
        if getattr(err, "sqlite_errorcode", None) in _CORRUPT_CODES:
            raise _Unreadable(str(err)) from None
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


def _recognise(conn: sqlite3.Connection) -> None:
    """Ours, empty, or not ours (``_Unreadable``); runs SQLite's quick check on ours."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchone()[0]
    if app_id != APPLICATION_ID:
        if app_id == 0 and version == 0 and tables == 0:
            return  # a new, empty file
        raise _Unreadable("it is not a holdem save file")
    if version > SCHEMA_VERSION:
        raise StoreVersionError(
            f"The save file was written by a newer version of the game (schema {version}; "
            f"this one reads up to {SCHEMA_VERSION}). Update the game, or set "
            f"{DATA_DIR_ENV} to use another folder; playing on without saving.")
    check = conn.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise _Unreadable(f"damaged: {check}")


def _migrate(conn: sqlite3.Connection) -> None:
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


def _move_aside(db: Path, when: datetime) -> Path:
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

