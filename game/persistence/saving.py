"""The game's one door to the save file, used from the loop thread only.

``SaveGame.open()`` takes the lock, opens the store and recovers an interrupted hand.
During play every action goes through ``apply`` (journaled before it is applied), each
hand through ``begin_hand`` / ``finish_hand``, and rebuys, leaves and sit-outs through
``record`` / ``save_table``. When saving is impossible (read-only folder, full disk,
another game holding the file) the game plays on unsaved and ``notices`` says so; a
refused write is a bug: it is logged, saving stops, and the player is told.

A write that fails during play (a full disk, a folder made read-only, an I/O error)
loses nothing: it and every later write wait in memory, in order (``pending``), and are
retried at each hand's end and by ``retry()`` until they go through. Meanwhile
``trouble`` says why, and ``needs_decision`` asks the table to pause at the next hand
break and offer "try again" or "play on without saving" (``play_on()``: no more pauses,
the retries go on quietly). ``close()`` tries a last time and says how many hands could
not be written.

With an ``archive`` (the hand-history folder), each finished hand is read back as saved
and written there in the same save step, after its commit; the archive's trouble is told
once and never stops saving.
"""

from __future__ import annotations

import copy
import logging
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from engine.actions import Action
from engine.events import Event
from engine.state import HandState
from engine.table import Table, TableEvent
from game.persistence.lock import SaveLock, SaveLocked
from game.persistence.recovery import Recovery, RecoveryReport, recover
from game.persistence.salvage import HandSource
from game.persistence.store import (
    DB_NAME,
    CorruptRecord,
    HandRecord,
    Store,
    StoreError,
    StoreUnavailable,
    StoreVersionError,
    TableInfo,
    data_dir,
)

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _HandRef:
    """The stored id of the hand being played; None until its row is written (it may
    wait in ``pending`` with the writes that need the id)."""

    id: int | None = None


_Write = Callable[[Store], None]
CATCH_UP_HANDS = 200  # the latest finished hands checked against the archive at start


class HandArchive(HandSource, Protocol):
    """A second copy of each finished hand outside the save file (the hand-history
    folder, ``game.records.histories.HistoryWriter``), written as hands end and read
    back when the save file is damaged."""

    def append(self, record: HandRecord, state: HandState | None = None) -> str | None:
        """Write the hand durably (``state``: the same hand as just played, if at hand);
        a sentence for the player when that changes (the folder failing, or working
        again), never an exception for the disk."""
        ...

    def lacks(self, records: Sequence[HandRecord]) -> list[HandRecord]:
        """Those of ``records`` not written yet."""
        ...


@dataclass(slots=True)
class SaveGame:
    """The store (None when playing unsaved), the hand being journaled, writes waiting
    for the disk, and sentences for the player (``take_notices``)."""

    store: Store | None = None
    lock: SaveLock | None = None
    notices: list[str] = field(default_factory=list)
    recovery: Recovery | None = None
    seq: int = 0
    pending: list[tuple[_Write, bool]] = field(default_factory=list)
    trouble: str | None = None
    playing_on: bool = False
    archive: HandArchive | None = None
    why_unsaved: str = ""  # why this game could not save from the start (told at tables)
    _ref: _HandRef = field(default_factory=_HandRef)

    @property
    def hand_id(self) -> int | None:
        return self._ref.id

    @hand_id.setter
    def hand_id(self, value: int | None) -> None:
        self._ref = _HandRef(value)

    # ------------------------------------------------------------- opening

    @classmethod
    def unsaved(cls, reason: str = "") -> SaveGame:
        """Play without saving; ``reason`` is told once (``take_notices``) and kept in
        ``why_unsaved``, which every table this game sits down at tells again."""
        return cls(notices=[reason] if reason else [], why_unsaved=reason)

    @classmethod
    def open(cls, store: Store | None = None,
             archive: HandArchive | None = None) -> SaveGame:
        """Lock, open and recover the save file in the data folder (or ``store``);
        with ``archive``, every hand finished from now on is written there too (and the
        last one saved before, if the game stopped before it was).

        Never raises for a file it can't use: it plays unsaved and says why.
        """
        lock = None
        if store is None:
            folder = data_dir()
            try:
                lock = SaveLock.acquire(folder / (DB_NAME + ".lock"))
            except SaveLocked as held:
                return cls.unsaved(str(held))
            except OSError:
                lock = None  # the store explains a folder it can't write
            try:
                store = Store.open(folder / DB_NAME, histories=archive)
            except StoreUnavailable as err:
                if lock is not None:
                    lock.release()
                return cls._read_only(folder, err)
        game = cls(store, lock, list(store.notices), archive=archive)
        try:
            game.recovery = recover(store)
        except StoreError as err:
            game._stop(err)
            return game
        report = game.recovery.report
        if report.kind != "none" or (game.recovery.table is None and store.table_info()):
            game.notices.append(report.message)
        game._catch_up()
        return game

    def _catch_up(self) -> None:
        """Archive the latest finished hands the archive lacks: the game stopped between
        saving a hand and archiving it, recovery has just settled one, or the folder
        could not be written before the game was closed."""
        if self.archive is None or self.store is None:
            return
        try:
            recent = self.store.recent_hands(CATCH_UP_HANDS)
        except (StoreError, sqlite3.Error) as err:
            log.warning("The latest hands can't be read for the hand histories: %s", err)
            return
        for record in self.archive.lacks(recent):
            self._archive(self.store, record.id)

    @classmethod
    def _read_only(cls, folder: Path, err: StoreUnavailable) -> SaveGame:
        """A save that can't be written but can be read (a read-only folder): the saved
        table is shown and played on without saving; otherwise plain unsaved."""
        if isinstance(err, StoreVersionError) or not (folder / DB_NAME).is_file():
            return cls.unsaved(str(err))
        try:
            store = Store.open_read_only(folder / DB_NAME)
        except StoreError:
            return cls.unsaved(str(err))
        game = cls(store, None, list(store.notices))
        try:
            game.recovery = recover(store)
        except StoreError:  # an interrupted hand needed a write: its start is shown
            try:
                game.recovery = Recovery(RecoveryReport("none", None, ""),
                                         store.load_table())
            except CorruptRecord:
                game.recovery = None
        game.notices.append(f"The save file can't be written ({err}). Your saved table "
                            "is shown; nothing played now will be saved.")
        return game

    @property
    def active(self) -> bool:
        """Whether play is being saved."""
        return self.store is not None and not self.store.read_only

    def take_notices(self) -> list[str]:
        """Sentences for the player since the last call (shown once)."""
        out, self.notices = self.notices, []
        return out

    def close(self) -> None:
        """End the session and release the file, after a last try at what is pending
        (the player is told how many hands could not be written)."""
        if self.store is not None and self.pending:
            self.retry()
            if self.pending:
                lost = self.pending_hands
                message = (f"{self.trouble} {lost} hand{'s' if lost != 1 else ''} played "
                           "since could not be saved.")
                self.notices.append(message)
                self.pending.clear()
                self.store.close()
                self.store = None
        if self.store is not None:
            try:
                self.store.end_session()
            except StoreError as err:
                log.warning("Closing the session: %s", err)
            self.store.close()
            self.store = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # ------------------------------------------------------------- tables

    def table_info(self) -> TableInfo | None:
        return self.store.table_info() if self.store is not None else None

    def peek(self) -> tuple[Table | None, dict[int, str]]:
        """The saved table (between hands) and its bots by seat, changing nothing."""
        if self.store is None:
            return None, {}
        table = self.recovery.table if self.recovery is not None else None
        if table is None:
            try:
                table = self.store.load_table()
            except CorruptRecord:
                return None, {}
        info = self.store.table_info()
        return table, dict(info.bots) if info is not None else {}

    def saved_table(self) -> Recovery | None:
        """The saved table to continue (with its interrupted hand, if any): the start-up
        recovery the first time, a fresh one (the journal replayed) afterwards."""
        if self.store is None:
            return None
        found, self.recovery = self.recovery, None
        if found is None:
            try:
                found = recover(self.store)
            except StoreError as err:
                self._stop(err)
                return None
        if found.table is None:
            return None
        hand = found.hand
        self.hand_id = found.report.hand_id if hand is not None else None
        self.seq = found.next_seq if hand is not None else 0
        return found

    def new_table(self, table: Table, name: str, bots: Mapping[int, str], *,
                  close_old: bool = True) -> None:
        """Save a newly seated table as the current one. The old table is closed first,
        never just overwritten: a hand left in play is voided (its seats keep their
        start-of-hand stacks) and every seat is cashed out into the ledger; unless
        ``close_old`` is False (``table`` is the old one rebuilt from its hands: what
        the file held of it is not to be trusted, nor cashed out)."""
        self.recovery = None
        self.hand_id, self.seq = None, 0
        snapshot, kinds = copy.deepcopy(table), dict(bots)

        def write(store: Store) -> None:
            playing = store.playing_hand_id()
            if playing is not None:
                store.void_hand(playing, "a new table was started")
            old = store.load_table() if close_old else None
            if old is not None:
                store.record_table_events(old, [
                    old.leave(seat, "a new table was started")
                    for seat, player in enumerate(old.seats) if player is not None])
            store.save_table(snapshot, name=name, bots=kinds, new=True)
            store.begin_session()
        self._write(write)

    def save_table(self, table: Table) -> None:
        """Seat changes that move no chips (sitting out, auto-rebuy)."""
        snapshot = copy.deepcopy(table)

        def write(store: Store) -> None:
            store.save_table(snapshot)
        self._write(write)

    def record(self, table: Table, events: Sequence[TableEvent]) -> None:
        """Rebuys, top-ups, sits and leaves already applied to ``table``."""
        if events:
            snapshot, happened = copy.deepcopy(table), list(events)
            self._write(lambda store: store.record_table_events(snapshot, happened))

    # -------------------------------------------------------------- hands

    def begin_hand(self, table: Table, hand: HandState) -> None:
        self.hand_id, self.seq = None, 0
        if self.store is None:
            return
        ref, snapshot = self._ref, copy.copy(table)  # begin_hand reads the id and count

        def write(store: Store) -> None:
            if store.session_id is None:
                store.begin_session()
            ref.id = store.begin_hand(snapshot, hand)
        self._write(write, hand_start=True)

    def apply(self, hand: HandState, action: Action) -> list[Event]:
        """Verify, journal, apply. ``IllegalAction`` when refused (nothing changes)."""
        if self.store is None or (self.hand_id is None and not self.pending):
            return hand.apply(action)
        hand.verify(action)
        ref, seq = self._ref, self.seq

        def write(store: Store) -> None:
            if ref.id is not None:
                store.journal_action(ref.id, seq, action)
        self.seq += 1
        self._write(write)
        return hand.apply(action)

    def finish_hand(self, table: Table, hand: HandState, events: Sequence[TableEvent]) -> None:
        """The hand's result and the settled table, after ``table.end_hand()``."""
        ref, self.seq = self._ref, 0
        self._ref = _HandRef()
        if self.store is None:
            return
        snapshot, happened = copy.deepcopy(table), list(events)

        def write(store: Store) -> None:
            if ref.id is None:  # dealt while the store was busy elsewhere: keep the bank
                store.record_table_events(snapshot, happened)
            else:
                store.finish_hand(ref.id, snapshot, hand, happened)
                self._archive(store, ref.id, hand)
        self._write(write)
        if self.pending:
            self.retry()  # at each hand's end, by itself

    def _archive(self, store: Store, hand_id: int, hand: HandState | None = None) -> None:
        """The saved hand, read back as stored, into the archive (same save step)."""
        if self.archive is None:
            return
        try:
            record = store.hand(hand_id)
        except (KeyError, CorruptRecord, sqlite3.Error) as err:
            log.warning("Hand %d can't be read back for the hand histories: %s", hand_id, err)
            return
        try:
            notice = self.archive.append(record, hand)
        except Exception:  # a second copy must never stop play or the save step
            log.exception("Hand %d could not be written to the hand histories", hand_id)
            return
        if notice is not None:
            self.notices.append(notice)

    def detach(self, reason: str) -> None:
        """Play on without saving, leaving the file as it is (``reason`` is told)."""
        if self.store is not None:
            self.store.close()
            self.store = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.recovery, self.hand_id = None, None
        self.notices.append(reason)

    # ------------------------------------------------------------- faults

    @property
    def needs_decision(self) -> bool:
        """Writes are failing and the player has not chosen to play on: the table
        pauses at the next hand break and asks ("try again" / "play on")."""
        return self.trouble is not None and not self.playing_on

    @property
    def pending_hands(self) -> int:
        """Hands played whose start is still waiting to be written."""
        return sum(1 for _, hand_start in self.pending if hand_start)

    def retry(self) -> bool:
        """Write what is waiting, in order; True when nothing is left waiting."""
        if self.store is None:
            return not self.pending
        self.store.clear_fault()
        written = self.pending_hands
        while self.pending:
            write, _ = self.pending[0]
            try:
                write(self.store)
            except StoreUnavailable as err:
                self.trouble = str(err)
                return False
            except StoreError as err:
                self.pending.clear()
                self._stop(err)
                return False
            self.pending.pop(0)
        if self.trouble is not None:
            self.notices.append(f"Saving works again: {written} waiting "
                                f"hand{'s' if written != 1 else ''} written.")
        self.trouble, self.playing_on = None, False
        return True

    def play_on(self) -> None:
        """The player's choice: no more pauses; the writes keep waiting in memory and
        are retried at each hand's end."""
        self.playing_on = True

    def _write(self, write: _Write, hand_start: bool = False) -> None:
        """Run one write now, or queue it behind others waiting; a write the disk
        refuses waits too (``trouble`` says why), a write the store refuses stops saving."""
        if self.store is None or self.store.read_only:
            return
        if not self.pending:
            try:
                write(self.store)
                return
            except StoreUnavailable as err:
                if self.trouble is None:
                    log.warning("%s", err)
                self.trouble = str(err)
            except StoreError as err:
                self._stop(err)
                return
        self.pending.append((write, hand_start))

    def _stop(self, err: StoreError) -> None:
        """Play on without saving; the file keeps its last consistent state."""
        if isinstance(err, StoreUnavailable):
            message = str(err)
        else:
            log.error("The save file refused a write (a bug): %s", err, exc_info=err)
            message = f"Saving stopped: {err}. The game plays on without saving."
        self.detach(message)
