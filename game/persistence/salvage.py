"""Salvage: copy everything readable from a damaged save file into a fresh one.

SQLite refuses a whole query when it meets a damaged page, but the pages around it are
still readable. Rows are read in ranges of their key; a range that fails is split until
single rows, so one bad page costs only the rows on it. Hands and their actions on leaf
pages no query can reach any more (the pages above them lost: a file cut short, pages
overwritten) are read from the file page by page (``pages``). Copied hands are checked (their
journal replays to the stored result); a hand that fails is dropped and counted. The
table is kept when its chips still add up, and the ledger is balanced with a marked row
when some of its rows were lost. Pure Python over ``sqlite3``: no ``sqlite3`` command-line
tool is needed on the player's machine.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from engine.actions import ActionKind, IllegalAction
from engine.cards import CardError
from engine.config import ConfigError
from engine.table import TableConfig, TableError
from game.persistence import pages, reading
from game.persistence.codec import hand_result, table_config_to_json
from game.persistence.errors import CorruptRecord
from game.persistence.opening import read_only_uri

log = logging.getLogger(__name__)

_CHUNK = 256
_ROWID_TABLES = ("tables", "sessions", "hands", "ledger")


@dataclass(frozen=True, slots=True)
class Restored:
    """Hands brought back from the hand-history folder: how many, the numbers of those
    that could not be replayed (left out whole), and the highest number the folder has."""

    imported: int = 0
    refused: tuple[int, ...] = ()
    highest: int = 0  # of the hands imported (a refused hand's number may be junk)


class HandSource(Protocol):
    """A second copy of the finished hands (the hand-history folder)."""

    def restore(self, into: sqlite3.Connection) -> Restored:
        """Add to ``into`` every finished hand it lacks; what came back."""
        ...


@dataclass(frozen=True, slots=True)
class SalvageReport:
    """What came back from a damaged file (and the hand histories), in numbers."""

    hands: int = 0
    hands_lost: int = 0
    table: bool = False
    stacks: tuple[tuple[str, int], ...] = ()
    rows_lost: int = 0
    readable: bool = True
    highest: int = 0  # the highest hand number known to have been played
    histories: Restored | None = None  # None: no hand-history folder was looked at

    @property
    def message(self) -> str:
        lost = ("no hand was lost" if not self.hands_lost else
                "1 hand could not be read and is lost" if self.hands_lost == 1 else
                f"{self.hands_lost} hands could not be read and are lost")
        if self.histories is not None:
            return self._with_histories(self.histories, lost)
        if not self.readable and not self.hands and not self.hands_lost:
            return "Nothing in it could be read; a new table starts."
        if not self.readable:
            return (f"Its table could not be read; a new table starts. Recovered "
                    f"{_hands(self.hands)}; {lost}.")
        return (f"Recovered {self._table()} and {_hands(self.hands)}; {lost}.")

    def _table(self) -> str:
        return ("the table and its stacks ("
                + ", ".join(f"{name} {stack:,}" for name, stack in self.stacks) + ")"
                if self.table else "no table (its seats could not be read)")

    def _with_histories(self, restored: Restored, lost: str) -> str:
        start = (f"Recovered {self._table()}" if self.readable else
                 "The save file's table could not be read; a new table starts. Recovered")
        text = (f"{start}{',' if self.readable else ''} {_hands(self.hands)} from the save "
                f"file and "
                f"{restored.imported} from the hand histories; {lost}.")
        if restored.refused:
            numbers = ", ".join(str(i) for i in restored.refused)
            which = (f"Hand {numbers} in the hand histories could not be replayed; it was"
                     if len(restored.refused) == 1 else
                     f"Hands {numbers} in the hand histories could not be replayed; they were")
            text += f" {which} not imported."
        return text

    def with_histories(self, restored: Restored, in_save: int) -> SalvageReport:
        """This report after ``restored`` came back from the folder (``in_save``: the
        hands the new save held before)."""
        highest = max(self.highest, restored.highest)
        beyond = sum(1 for number in restored.refused if number > highest)
        return replace(self, histories=restored, highest=highest,
                       hands_lost=max(0, highest - in_save - restored.imported) + beyond)


def _hands(count: int) -> str:
    return f"{count} hand{'s' if count != 1 else ''}"


def salvage(damaged: Path, into: sqlite3.Connection,
            histories: HandSource | None = None) -> SalvageReport:
    """Copy what can be read from ``damaged`` into ``into`` (a new, migrated, empty save),
    then every finished hand it lacks from ``histories``."""
    report = _from_file(damaged, into)
    if histories is None:
        return report
    in_save = into.execute("SELECT count(*) FROM hands").fetchone()[0]
    return report.with_histories(histories.restore(into), in_save)


def _from_file(damaged: Path, into: sqlite3.Connection) -> SalvageReport:
    try:
        source = sqlite3.connect(read_only_uri(damaged), uri=True, isolation_level=None)
    except sqlite3.Error:
        return SalvageReport(readable=False)
    try:
        # Lets SQLite read a file shorter than its header says (a truncated copy); the
        # connection is read-only, so nothing is written through it.
        source.execute("PRAGMA writable_schema = ON")
        return _salvage(source, into, max(1, damaged.stat().st_size // 32), damaged)
    except sqlite3.DatabaseError as err:  # the schema itself is unreadable
        log.warning("Salvage of %s by query failed (%s); reading its pages", damaged, err)
    finally:
        source.close()
    return _pages_only(damaged, into)


@contextmanager
def _copying(into: sqlite3.Connection) -> Iterator[None]:
    """One transaction for the copy, foreign keys checked only once it is whole."""
    into.execute("PRAGMA foreign_keys = OFF")
    into.execute("BEGIN")
    try:
        yield
        into.execute("COMMIT")
    except BaseException:
        into.execute("ROLLBACK")
        raise
    finally:
        into.execute("PRAGMA foreign_keys = ON")


def _pages_only(damaged: Path, into: sqlite3.Connection) -> SalvageReport:
    """The hands read from the pages alone, when SQLite can't read the file's schema
    (its first page lost): the table can't be trusted, so a new one is needed."""
    with _copying(into):
        _from_pages(damaged, into, _columns(into, "hands"), _columns(into, "actions"))
        _, highest = _drop_broken_hands(into)
    hands = into.execute("SELECT count(*) FROM hands").fetchone()[0]
    return SalvageReport(hands=hands, hands_lost=max(0, highest - hands), readable=False,
                         highest=highest)


def _salvage(source: sqlite3.Connection, into: sqlite3.Connection,
             bound: int, damaged: Path) -> SalvageReport:
    columns = {name: _columns(into, name) for name in
               ("tables", "seats", "sessions", "hands", "actions", "ledger")}
    have = {name: _columns(source, name) for name in columns}
    lost = 0
    with _copying(into):
        for name in _ROWID_TABLES:
            shared = [c for c in columns[name] if c in have[name]]
            rows, failed = _rows_by_rowid(source, name, shared, _top(source, name, bound))
            lost += failed
            _insert(into, name, shared, rows)
        for name, key in (("seats", "table_id"), ("actions", "hand_id")):
            shared = [c for c in columns[name] if c in have[name]]
            parents = [r[0] for r in into.execute(
                f"SELECT id FROM {'tables' if name == 'seats' else 'hands'}")]
            for parent in parents:
                try:
                    rows = source.execute(f"SELECT {', '.join(shared)} FROM {name} "
                                          f"WHERE {key} = ?", (parent,)).fetchall()
                except sqlite3.DatabaseError:
                    lost += 1
                    continue
                _insert(into, name, shared, rows)
        _from_pages(damaged, into, columns["hands"], columns["actions"])
        dropped, highest = _drop_broken_hands(into)
        table = _settle_table(into)
    hands = into.execute("SELECT count(*) FROM hands").fetchone()[0]
    played = into.execute("SELECT coalesce(sum(hands_played), 0) FROM tables").fetchone()[0]
    highest = max(highest, played)  # the table rows count hands whose rows were lost
    log.info("Salvaged %d hands (%d dropped as inconsistent, %d rows unreadable)",
             hands, dropped, lost)
    return SalvageReport(hands=hands, hands_lost=max(0, highest - hands),
                         table=table is not None, stacks=table or (), rows_lost=lost,
                         highest=highest)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _top(source: sqlite3.Connection, name: str, bound: int) -> int:
    """The highest rowid, or a bound from the file's size when the b-tree's right edge
    is damaged."""
    try:
        row = source.execute(f"SELECT max(rowid) FROM {name}").fetchone()
        return int(row[0] or 0)
    except sqlite3.DatabaseError:
        return bound


def _rows_by_rowid(source: sqlite3.Connection, name: str, cols: list[str],
                   top: int) -> tuple[list[tuple[object, ...]], int]:
    """Every readable row with rowid 1..top, and how many single rows failed."""
    rows: list[tuple[object, ...]] = []
    failed = 0
    stack = [(max(1, hi - _CHUNK + 1), hi) for hi in range(top, 0, -_CHUNK)]
    while stack:
        lo, hi = stack.pop()
        try:
            rows += source.execute(
                f"SELECT {', '.join(cols)} FROM {name} WHERE rowid BETWEEN ? AND ? "
                "ORDER BY rowid", (lo, hi)).fetchall()
        except sqlite3.DatabaseError:
            if lo == hi:
                failed += 1
                continue
            mid = (lo + hi) // 2
            stack += [(mid + 1, hi), (lo, mid)]
    return rows, failed


def _insert(into: sqlite3.Connection, name: str, cols: list[str],
            rows: Sequence[tuple[object, ...]]) -> None:
    into.executemany(f"INSERT OR IGNORE INTO {name} ({', '.join(cols)}) VALUES "
                     f"({', '.join('?' * len(cols))})", rows)


_STATUS_RANK = {"complete": 2, "voided": 2, "playing": 1}
_ACTION_KINDS = frozenset(k.value for k in ActionKind)


def _from_pages(damaged: Path, into: sqlite3.Connection, hand_columns: list[str],
                action_columns: list[str]) -> None:
    """Hands and actions read from the file's pages themselves, added where the queries
    found none (what the queries read is kept). Of two copies of a hand (a stale one on
    a freed page), a finished one is taken over one still in play."""
    try:
        data = damaged.read_bytes()
        wal_path = damaged.with_name(damaged.name + "-wal")
        wal = wal_path.read_bytes() if wal_path.exists() else None
    except OSError:
        return
    hands: dict[int, tuple[pages.Value, ...]] = {}
    actions: list[tuple[pages.Value, ...]] = []
    for cell in pages.cells(data, wal):
        values = cell.values
        if cell.rowid is not None and _looks_like_hand(values, len(hand_columns)):
            row = (cell.rowid, *values[1:])
            held = hands.get(cell.rowid)
            if held is None or _STATUS_RANK[str(row[7])] > _STATUS_RANK[str(held[7])]:
                hands[cell.rowid] = row
        elif cell.rowid is None and _looks_like_action(values):
            actions.append(values)
    if hands:
        width = len(next(iter(hands.values())))
        _insert(into, "hands", hand_columns[:width], [r for r in hands.values()
                                                      if len(r) == width])
    _insert(into, "actions", action_columns, actions)


def _looks_like_hand(values: tuple[pages.Value, ...], columns: int) -> bool:
    """A row of ``hands`` (this schema's, or the first one's without void_reason)."""
    return (len(values) in (columns - 1, columns) and values[0] is None
            and all(isinstance(v, int) for v in values[1:4])
            and isinstance(values[4], str) and isinstance(values[5], str)
            and values[7] in _STATUS_RANK and isinstance(values[8], str)
            and isinstance(values[9], str) and len(values[9]) == 104)


def _looks_like_action(values: tuple[pages.Value, ...]) -> bool:
    """A row of ``actions`` (hand_id, seq, seat, kind, amount, at)."""
    return (len(values) == 6 and all(isinstance(v, int) for v in values[:3])
            and values[3] in _ACTION_KINDS and (values[4] is None or isinstance(values[4], int))
            and isinstance(values[5], str))


def _drop_broken_hands(into: sqlite3.Connection) -> tuple[int, int]:
    """Remove hands that don't replay to their stored result (or lost their table or
    session); returns how many were dropped and the highest hand id seen."""
    _stand_in_tables(into)
    ids = [r[0] for r in into.execute("SELECT id FROM hands ORDER BY id")]
    highest = ids[-1] if ids else 0
    dropped = 0
    for hand_id in ids:
        if not _hand_intact(into, hand_id):
            into.execute("DELETE FROM actions WHERE hand_id = ?", (hand_id,))
            into.execute("UPDATE ledger SET hand_id = NULL WHERE hand_id = ?", (hand_id,))
            into.execute("DELETE FROM hands WHERE id = ?", (hand_id,))
            dropped += 1
    into.execute("DELETE FROM actions WHERE hand_id NOT IN (SELECT id FROM hands)")
    into.execute("UPDATE ledger SET hand_id = NULL WHERE hand_id IS NOT NULL "
                 "AND hand_id NOT IN (SELECT id FROM hands)")
    into.execute("DELETE FROM ledger WHERE table_id NOT IN (SELECT id FROM tables)")
    into.execute("UPDATE ledger SET session_id = NULL WHERE session_id IS NOT NULL "
                 "AND session_id NOT IN (SELECT id FROM sessions)")
    into.execute("DELETE FROM sessions WHERE table_id NOT IN (SELECT id FROM tables)")
    orphans = into.execute("SELECT DISTINCT session_id FROM hands WHERE session_id NOT IN "
                           "(SELECT id FROM sessions)").fetchall()
    for (session_id,) in orphans:  # a lost session row: the hands keep a stand-in
        started = into.execute("SELECT min(started_at), table_id FROM hands "
                               "WHERE session_id = ?", (session_id,)).fetchone()
        into.execute("INSERT INTO sessions (id, table_id, started_at, ended_at) "
                     "VALUES (?, ?, ?, ?)", (session_id, started[1], started[0], started[0]))
    return dropped, highest


def _stand_in_tables(into: sqlite3.Connection) -> None:
    """A table row, marked "(recovered)", for hands whose table row was lost (their
    ledger rows go: they can't be balanced without it); it has no seats."""
    lost = into.execute("SELECT table_id, min(id) FROM hands WHERE table_id NOT IN "
                        "(SELECT id FROM tables) GROUP BY table_id").fetchall()
    for table_id, first in lost:
        try:
            record = reading.read_hands(into, "WHERE h.id = ?", (first,))[0]
            cfg = record.config
            config = TableConfig(seats=len(cfg.stacks), small_blind=cfg.small_blind,
                                 big_blind=cfg.big_blind, ante=cfg.ante,
                                 structure=cfg.structure, rake_percent=cfg.rake_percent,
                                 rake_cap=cfg.rake_cap, muck_losers=cfg.muck_losers)
        except (CorruptRecord, TableError, IndexError):
            continue  # its hands are dropped with the others that can't be read
        into.execute("DELETE FROM ledger WHERE table_id = ?", (table_id,))
        into.execute("INSERT INTO tables (id, name, config, created_at, updated_at) "
                     "VALUES (?, ?, ?, ?, ?)",
                     (table_id, f"{record.table_name} (recovered)",
                      table_config_to_json(config), record.started_at, record.started_at))


def _hand_intact(into: sqlite3.Connection, hand_id: int) -> bool:
    try:
        found = into.execute("SELECT 1 FROM tables WHERE id = (SELECT table_id FROM hands "
                             "WHERE id = ?)", (hand_id,)).fetchone()
        if found is None:
            return False
        record = reading.read_hands(into, "WHERE h.id = ?", (hand_id,))[0]
        if record.status.value == "playing":
            return True  # recovery resumes or voids it
        state = record.replay()
        if record.status.value == "complete":
            return state.finished and record.result == hand_result(state)
        return True
    except (CorruptRecord, IllegalAction, ConfigError, CardError, ValueError, TypeError,
            IndexError, KeyError):
        return False


def _settle_table(into: sqlite3.Connection) -> tuple[tuple[str, int], ...] | None:
    """The current table's seats if its chips add up (the ledger balanced with a marked
    row when some of its rows were lost); otherwise its seats are dropped (a new table
    is needed) and None."""
    table_id = reading.current_table_id(into)
    if table_id is None:
        return None
    try:
        table = reading.load_table(into)
    except (CorruptRecord, ValueError, TypeError):
        table = None
    problems = reading.integrity_check(into)
    if table is None or any(p.startswith("bank:") for p in problems) or not any(
            p is not None for p in table.seats):
        into.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        return None
    ledger_in, ledger_out = into.execute(
        "SELECT coalesce(sum(CASE WHEN kind != 'cash_out' THEN amount END), 0), "
        "coalesce(sum(CASE WHEN kind = 'cash_out' THEN amount END), 0) "
        "FROM ledger WHERE table_id = ?", (table_id,)).fetchone()
    at = into.execute("SELECT updated_at FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
    for kind, have, want in (("buy_in", ledger_in, table.bought_in),
                             ("cash_out", ledger_out, table.cashed_out)):
        if want > have:
            into.execute("INSERT INTO ledger (table_id, name, kind, amount, at) "
                         "VALUES (?, '(recovered)', ?, ?, ?)", (table_id, kind, want - have, at))
    return tuple((p.name, p.stack) for p in table.seats if p is not None)
