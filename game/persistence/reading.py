"""Read-only queries over an open save file: the table, sessions, hands, the ledger.

Plain functions of a connection, so the store and a read-only connection (``holdem
stats``, ``replay``, ``export``) share them; none of them writes.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from bots.api import PERSONALITIES
from bots.levels import DEFAULT_LEVEL, split_kind, with_level
from engine.table import Seat, Table
from game.persistence.codec import (
    ChipKind,
    HandRecord,
    HandStatus,
    LedgerRow,
    TableInfo,
    action_from_row,
    config_from_json,
    deck_from_text,
    table_config_from_json,
)
from game.persistence.errors import CorruptRecord


def current_table_id(conn: sqlite3.Connection) -> int | None:
    row = conn.execute("SELECT max(id) FROM tables").fetchone()
    return None if row[0] is None else int(row[0])


def load_table(conn: sqlite3.Connection) -> Table | None:
    """The current table between hands (stacks as of the last complete hand)."""
    table_id = current_table_id(conn)
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


def table_info(conn: sqlite3.Connection, session_id: int | None) -> TableInfo | None:
    table_id = current_table_id(conn)
    if table_id is None:
        return None
    name = conn.execute("SELECT name FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
    bots = {seat: join_bot(bot, strength) for seat, bot, strength in conn.execute(
        "SELECT seat, bot, strength FROM seats WHERE table_id = ? AND bot IS NOT NULL",
        (table_id,))}
    return TableInfo(table_id, name, bots, session_id)


def split_bot(spec: str | None) -> tuple[str | None, int | None]:
    """A seat spec (``"shark@4"``) as the seats row keeps it: the kind and its level
    (plain personalities are level 3; bots without levels and humans have none)."""
    if spec is None:
        return None, None
    kind, number = split_kind(spec)
    return kind, (number if kind in PERSONALITIES else None)


def join_bot(kind: str, strength: int | None) -> str:
    """The seat spec back from a seats row (a save from before levels: level 3)."""
    return with_level(kind, strength) if strength is not None else kind


def table_strengths(conn: sqlite3.Connection) -> dict[int, dict[int, int]]:
    """Each table's bots' strength levels by seat (level 3 for saves from before them)."""
    out: dict[int, dict[int, int]] = {}
    seated: set[tuple[int, int]] = set()
    for table_id, seat, bot, strength in conn.execute(
            "SELECT table_id, seat, bot, strength FROM seats"):
        seated.add((table_id, seat))
        if bot in PERSONALITIES:
            out.setdefault(table_id, {})[seat] = strength or DEFAULT_LEVEL
    for table_id, text in conn.execute(
            "SELECT id, strengths FROM tables WHERE strengths IS NOT NULL"):
        try:  # the seats a table was cashed out of: their levels as last saved
            kept = {int(seat): int(level) for seat, level in json.loads(text).items()}
        except (ValueError, TypeError, AttributeError):
            continue  # a damaged note costs only the career's split by level
        for seat, level in kept.items():
            if (table_id, seat) not in seated and 1 <= level <= 5:
                out.setdefault(table_id, {})[seat] = level
    return out


def seat_names(conn: sqlite3.Connection, table_id: int) -> dict[int, str]:
    return dict(conn.execute("SELECT seat, name FROM seats WHERE table_id = ?",
                             (table_id,)).fetchall())


def ledger(conn: sqlite3.Connection, table_id: int | None = None) -> list[LedgerRow]:
    table_id = table_id if table_id is not None else current_table_id(conn)
    return [LedgerRow(seat, name, ChipKind(kind), amount, session, hand, at)
            for seat, name, kind, amount, session, hand, at in conn.execute(
                "SELECT seat, name, kind, amount, session_id, hand_id, at FROM ledger "
                "WHERE table_id = ? ORDER BY id", (table_id,))]



def sessions(conn: sqlite3.Connection) -> list[tuple[int, str, str | None]]:
    """``(id, started_at, ended_at)`` for every session, oldest first."""
    return [(int(i), s, e) for i, s, e in conn.execute(
        "SELECT id, started_at, ended_at FROM sessions ORDER BY id")]



def playing_hand_id(conn: sqlite3.Connection) -> int | None:
    row = conn.execute("SELECT id FROM hands WHERE status = 'playing'").fetchone()
    return None if row is None else int(row[0])


def last_complete_hand_id(conn: sqlite3.Connection) -> int | None:
    row = conn.execute("SELECT max(id) FROM hands WHERE status = 'complete'").fetchone()
    return None if row[0] is None else int(row[0])


def hand_counts(conn: sqlite3.Connection) -> dict[str, int]:
    counts = {s.value: 0 for s in HandStatus}
    for status, count in conn.execute(
            "SELECT status, count(*) FROM hands GROUP BY status"):
        counts[status] = count
    return counts


def read_hands(conn: sqlite3.Connection, where: str, params: tuple[Any, ...],
               broken: list[tuple[int, str]] | None = None) -> list[HandRecord]:
    """Stored hands, oldest first. An unreadable hand raises ``CorruptRecord``, or, when
    ``broken`` is given, is listed there (id, why) and skipped."""
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
    for row in rows:
        try:
            records.append(_record(row, journal[row[0]]))
        except CorruptRecord as err:
            if broken is None:
                raise
            broken.append((row[0], str(err)))
    return records


def _record(row: tuple[Any, ...], steps: list[tuple[int, Any, Any, Any]]) -> HandRecord:
    (hand_id, session_id, table_id, number, table_name, started, ended, status,
     config, deck, result, void_reason) = row
    if [s[0] for s in steps] != list(range(len(steps))):
        raise CorruptRecord(f"hand {hand_id}: the action journal has a gap")
    try:
        parsed_result = json.loads(result) if result is not None else None
        hand_status = HandStatus(status)
        return HandRecord(
            id=hand_id, session_id=session_id, table_id=table_id, number=number,
            table_name=table_name, started_at=started, ended_at=ended, status=hand_status,
            config=config_from_json(config), deck=deck_from_text(deck),
            actions=tuple(action_from_row(seat, kind, amount)
                          for _, seat, kind, amount in steps),
            result=parsed_result, void_reason=void_reason)
    except CorruptRecord as err:
        message = str(err)
        raise CorruptRecord(message if message.startswith("hand ")
                            else f"hand {hand_id}: {message}") from None
    except ValueError as err:
        raise CorruptRecord(f"hand {hand_id}: {err}") from None


def integrity_check(conn: sqlite3.Connection) -> list[str]:
    """Problems found (empty when all is well): SQLite's own check, foreign keys,
    the bank equation, the ledger against the table, and one hand in play at most."""
    problems = [r[0] for r in conn.execute("PRAGMA integrity_check") if r[0] != "ok"]
    problems += [f"foreign key: {r}" for r in conn.execute("PRAGMA foreign_key_check")]
    table_id = current_table_id(conn)
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
