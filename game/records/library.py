"""Every hand the player has: the cash table's save file and the Sit & Go's read as one,
in the order the hands were played, for export and the replayers.

A Sit & Go save from before one numbering (``game.persistence.numbering``) that shares
hand numbers with the cash table's and has not been opened for play since is numbered
past the cash table's here, in memory, as opening it for play does in its file.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Literal

from game.persistence.numbering import SITNGO_DB, shift_for
from game.persistence.store import HandRecord, HandStatus, Store, StoreError
from game.records.tournament import tournament_number

log = logging.getLogger(__name__)

Which = Literal["all", "cash"] | int
"""A selection: every hand, the cash table's, or one tournament's (its number)."""


@dataclass(slots=True)
class Library:
    """The cash table's store and the Sit & Go's (None when there is none)."""

    cash: Store
    sit_and_go: Store | None = None
    shift: int = 0  # added to the Sit & Go's hand numbers (an old save, read only)

    @classmethod
    def of(cls, cash: Store, sit_and_go: Store | None) -> Library:
        shift = 0 if sit_and_go is None else shift_for(cash.hand_ids(),
                                                       sit_and_go.hand_ids())
        return cls(cash, sit_and_go, shift)

    def hands(self, which: Which = "all", status: HandStatus | None = HandStatus.COMPLETE,
              *, broken: list[tuple[int, str]] | None = None) -> list[HandRecord]:
        """The selected hands in the order played (by start time, then number); with
        ``broken``, unreadable hands are listed there instead of raising."""
        found: list[HandRecord] = []
        if which in ("all", "cash"):
            found += self.cash.hands(status=status, broken=broken)
        if which != "cash" and self.sit_and_go is not None:
            unread: list[tuple[int, str]] | None = [] if broken is not None else None
            sng = [self._numbered(r) for r in self.sit_and_go.hands(status=status,
                                                                    broken=unread)]
            found += sng if which == "all" else [
                r for r in sng if tournament_number(r.table_name) == which]
            if broken is not None and unread:
                broken += [(hand_id + self.shift, why) for hand_id, why in unread]
        return sorted(found, key=lambda r: (r.started_at, r.id))

    def hand(self, hand_id: int) -> HandRecord:
        """One hand by its number, from either file (``KeyError`` if neither has it)."""
        try:
            return self.cash.hand(hand_id)
        except KeyError:
            if self.sit_and_go is None:
                raise
        return self._numbered(self.sit_and_go.hand(hand_id - self.shift))

    def tournaments(self) -> list[int]:
        """The numbers of the tournaments with hands stored, in order."""
        if self.sit_and_go is None:
            return []
        return sorted({n for name in self.sit_and_go.table_names()
                       if (n := tournament_number(name)) is not None})

    def _numbered(self, record: HandRecord) -> HandRecord:
        return replace(record, id=record.id + self.shift) if self.shift else record

    def close(self) -> None:
        self.cash.close()
        if self.sit_and_go is not None:
            self.sit_and_go.close()


def sit_and_go_beside(cash: Store) -> Store | None:
    """The Sit & Go's save beside the cash table's, read only (None when there is none or
    it can't be read)."""
    path = cash.path.with_name(SITNGO_DB)
    if not cash.path.is_file() or not path.is_file():
        return None
    try:
        return Store.open_read_only(path)
    except StoreError as err:
        log.warning("The Sit & Go's hands can't be read: %s", err)
        return None
