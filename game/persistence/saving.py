"""The game's one door to the save file, used from the loop thread only.

``SaveGame.open()`` takes the lock, opens the store and recovers an interrupted hand.
During play every action goes through ``apply`` (journaled before it is applied), each
hand through ``begin_hand`` / ``finish_hand``, and rebuys, leaves and sit-outs through
``record`` / ``save_table``. When saving is impossible (read-only folder, full disk,
another game holding the file) the game plays on unsaved and ``notices`` says so; a
refused write is a bug: it is logged, saving stops, and the player is told.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.actions import Action
from engine.events import Event
from engine.state import HandState
from engine.table import Table, TableEvent
from game.persistence.lock import SaveLock, SaveLocked
from game.persistence.recovery import Recovery, recover
from game.persistence.store import (
    DB_NAME,
    CorruptRecord,
    Store,
    StoreError,
    StoreUnavailable,
    TableInfo,
    data_dir,
)

log = logging.getLogger(__name__)


@dataclass(slots=True)
class SaveGame:
    """The store (None when playing unsaved), the hand being journaled, and sentences
    for the player (``take_notices``)."""

    store: Store | None = None
    lock: SaveLock | None = None
    notices: list[str] = field(default_factory=list)
    recovery: Recovery | None = None
    hand_id: int | None = None
    seq: int = 0

    # ------------------------------------------------------------- opening

    @classmethod
    def unsaved(cls, reason: str = "") -> SaveGame:
        return cls(notices=[reason] if reason else [])

    @classmethod
    def open(cls, store: Store | None = None) -> SaveGame:
        """Lock, open and recover the save file in the data folder (or ``store``).

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
                store = Store.open(folder / DB_NAME)
            except StoreUnavailable as err:
                if lock is not None:
                    lock.release()
                return cls.unsaved(str(err))
        game = cls(store, lock, list(store.notices))
        try:
            game.recovery = recover(store)
        except StoreError as err:
            game._stop(err)
            return game
        report = game.recovery.report
        if report.kind != "none" or (game.recovery.table is None and store.table_info()):
            game.notices.append(report.message)
        return game

    @property
    def active(self) -> bool:
        return self.store is not None

    def take_notices(self) -> list[str]:
        """Sentences for the player since the last call (shown once)."""
        out, self.notices = self.notices, []
        return out

    def close(self) -> None:
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

    def new_table(self, table: Table, name: str, bots: Mapping[int, str]) -> None:
        """Save a newly seated table as the current one (a hand left in play at the old
        table is voided: its seats keep their start-of-hand stacks)."""
        self.recovery = None
        self.hand_id, self.seq = None, 0
        if self.store is None:
            return
        try:
            playing = self.store.playing_hand_id()
            if playing is not None:
                self.store.void_hand(playing, "a new table was started")
            self.store.save_table(table, name=name, bots=dict(bots), new=True)
            self.store.begin_session()
        except StoreError as err:
            self._stop(err)

    def save_table(self, table: Table) -> None:
        """Seat changes that move no chips (sitting out, auto-rebuy)."""
        if self.store is not None:
            try:
                self.store.save_table(table)
            except StoreError as err:
                self._stop(err)

    def record(self, table: Table, events: Sequence[TableEvent]) -> None:
        """Rebuys, top-ups, sits and leaves already applied to ``table``."""
        if self.store is not None and events:
            try:
                self.store.record_table_events(table, events)
            except StoreError as err:
                self._stop(err)

    # -------------------------------------------------------------- hands

    def begin_hand(self, table: Table, hand: HandState) -> None:
        self.hand_id, self.seq = None, 0
        if self.store is None:
            return
        try:
            if self.store.session_id is None:
                self.store.begin_session()
            self.hand_id = self.store.begin_hand(table, hand)
        except StoreError as err:
            self._stop(err)

    def apply(self, hand: HandState, action: Action) -> list[Event]:
        """Verify, journal, apply. ``IllegalAction`` when refused (nothing changes)."""
        if self.store is None or self.hand_id is None:
            return hand.apply(action)
        hand.verify(action)
        try:
            self.store.journal_action(self.hand_id, self.seq, action)
        except StoreError as err:
            self._stop(err)
        else:
            self.seq += 1
        return hand.apply(action)

    def finish_hand(self, table: Table, hand: HandState, events: Sequence[TableEvent]) -> None:
        """The hand's result and the settled table, after ``table.end_hand()``."""
        hand_id, self.hand_id, self.seq = self.hand_id, None, 0
        if self.store is None:
            return
        try:
            if hand_id is None:  # dealt while the store was busy elsewhere: keep the bank
                self.store.record_table_events(table, events)
            else:
                self.store.finish_hand(hand_id, table, hand, events)
        except StoreError as err:
            self._stop(err)

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

    def _stop(self, err: StoreError) -> None:
        """Play on without saving; the file keeps its last consistent state."""
        if isinstance(err, StoreUnavailable):
            message = str(err)
        else:
            log.error("The save file refused a write (a bug): %s", err, exc_info=err)
            message = f"Saving stopped: {err}. The game plays on without saving."
        self.detach(message)
