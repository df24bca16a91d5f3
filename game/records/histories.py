"""The live hand-history folder: each finished hand appended, as it is saved, to a
PokerStars text file per table and day, the way poker clients write them for tracking
tools (Hold'em Manager, PokerTracker) that watch the folder.

Files are named as PokerStars names them (``HH20261125 Hold'em - 5-10 - No Limit
Hold'em.txt``; readers pick files by the ``HH….txt`` pattern), hands two blank lines
apart. A Sit & Go has one file for the whole tournament, named as PokerStars names a
tournament's (``HH20261125 T3 No Limit Hold'em Freeroll.txt``, the day it began), and
when it ends its summary beside it (``TS20261125 T3 No Limit Hold'em Freeroll.txt``).
The cash table's writer and the Sit & Go's share the folder; each reads back only its
own hands when its save file is rebuilt.

A file is only ever appended to (never rewritten), each hand in one write that is
fsynced before the save step ends; a write the disk refuses part way is cut back off, so
no half hand is left for a tracker. The text is the export's (``pokerstars_hand``, the
player's view: their own hole cards and cards shown at showdown), and optionally the
PHH form beside it (``.phhs``, one TOML table per hand).

A folder that can't be written (read-only, full disk, a file in its place) is told once;
the save file goes on saving every hand.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import sqlite3
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from engine.actions import IllegalAction
from engine.config import Structure
from engine.state import HandState
from game.paths import data_dir
from game.persistence.salvage import Restored
from game.persistence.store import HandRecord
from game.records.export import ExportError, eastern_time, phh_part, pokerstars_hand
from game.records.restore import restore_hands
from game.records.tournament import summary_text, tournament_number
from game.settings.model import HUMAN_SEAT, GameSettings

log = logging.getLogger(__name__)

HISTORY_FOLDER = "hand-histories"
"""The folder's name inside the data folder, when the settings name no other."""

FILE_GAMES = {
    Structure.NO_LIMIT: "No Limit Hold'em",
    Structure.POT_LIMIT: "Pot Limit Hold'em",
    Structure.FIXED_LIMIT: "Limit Hold'em",
}
MAX_MISSED = 5000  # hands kept in memory while the folder can't be written
HAND_SEPARATOR = "\n\n"  # after a hand's last line: two blank lines, as the site writes
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
_TOURNAMENT_FILE = re.compile(r"^(?:HH|TS)\d{8} T(\d+) ")


def default_folder(data: Path | None = None) -> Path:
    return (data or data_dir()) / HISTORY_FOLDER


def history_folder(settings: GameSettings, data: Path | None = None) -> Path | None:
    """Where hand histories go (None: turned off). A relative folder in the settings is
    taken inside the data folder (``data``, else the game's); ``~`` is the home folder."""
    if not settings.hand_histories:
        return None
    if not settings.hand_history_folder.strip():
        return default_folder(data)
    folder = Path(settings.hand_history_folder.strip()).expanduser()
    return folder if folder.is_absolute() else (data or data_dir()) / folder


def file_stem(record: HandRecord) -> str:
    """``HH20261125 Hold'em - 5-10 - No Limit Hold'em``: the day (local time) the hand
    started, the table, the blinds and the game; a Sit & Go's hand
    ``HH20261125 T3 No Limit Hold'em Freeroll``."""
    cfg = record.config
    day = record.started.astimezone().strftime("%Y%m%d")
    number = tournament_number(record.table_name)
    if number is not None:
        return f"HH{day} {tournament_tail(number, record)}"
    table = _UNSAFE.sub("_", record.table_name).strip(" .") or "Table"
    return f"HH{day} {table} - {cfg.small_blind}-{cfg.big_blind} - {FILE_GAMES[cfg.structure]}"


def tournament_tail(number: int, record: HandRecord) -> str:
    """What a tournament's file names end with: ``T3 No Limit Hold'em Freeroll``."""
    return f"T{number} {FILE_GAMES[record.config.structure]} Freeroll"


@dataclass(slots=True)
class HistoryWriter:
    """Appends finished hands to the folder; ``append`` never raises for the disk, it
    returns a sentence for the player the first time the folder fails (and when it
    works again). Hands the folder refused wait in ``missed`` and go first next time."""

    folder: Path
    phh: bool = False
    hero: int = HUMAN_SEAT
    tournaments: bool = False  # the Sit & Go's writer: reads back tournament hands only
    trouble: str | None = None
    written: int = 0
    missed: list[HandRecord] = field(default_factory=list)  # written once the folder works
    _stems: dict[int, str] = field(default_factory=dict)  # a tournament's file, once found

    @classmethod
    def for_settings(cls, settings: GameSettings, *, tournaments: bool = False,
                     data: Path | None = None) -> HistoryWriter | None:
        folder = history_folder(settings, data)
        return None if folder is None else cls(folder, phh=settings.hand_history_phh,
                                                  tournaments=tournaments)

    def path_for(self, record: HandRecord, suffix: str = ".txt") -> Path:
        """The hand's file; a tournament keeps the file it began in (its day)."""
        number = tournament_number(record.table_name)
        if number is None:
            return self.folder / (file_stem(record) + suffix)
        if number not in self._stems:
            tail = tournament_tail(number, record)
            try:
                found = sorted(p.stem for p in self.folder.glob(f"HH* {tail}.txt"))
            except OSError:
                found = []
            self._stems[number] = found[0] if found else file_stem(record)
        return self.folder / (self._stems[number] + suffix)

    def tournament_numbers(self) -> list[int]:
        """The numbers of the tournaments with a file (hands or summary) in the folder."""
        try:
            names = [p.name for p in self.folder.glob("[HT][HS]* T*.txt")]
        except OSError:
            return []
        return [int(found.group(1)) for name in names
                if (found := _TOURNAMENT_FILE.match(name))]

    def write_summary(self, records: Sequence[HandRecord], places: Sequence[int],
                      prizes: Sequence[int]) -> str | None:
        """The finished tournament's summary (``TS….txt``) beside its hands, written
        once (a sentence for the player if the folder refused it)."""
        if not records:
            return None
        path = self.path_for(records[0])
        path = path.with_name("TS" + path.name[2:])
        text = summary_text(records, places, prizes, self.hero, eastern_time())
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        except OSError as err:
            return f"The tournament summary can't be written to {self.folder} ({_why(err)})."
        return None

    def append(self, record: HandRecord, state: HandState | None = None) -> str | None:
        """Write one complete hand (and its PHH form when asked), after any the folder
        refused before; a notice or None. ``state``: the hand as just played, when the
        caller has it (saves replaying it)."""
        waiting = [*self.missed, record]
        for k, hand in enumerate(waiting):
            try:
                self._write(hand, state if hand is record else None)
            except OSError as err:
                self.missed = waiting[k:][-MAX_MISSED:]
                if self.trouble is not None:
                    return None
                self.trouble = (f"Hand histories can't be written to {self.folder} "
                                f"({_why(err)}). Play goes on and every hand is still kept "
                                "in the save file.")
                log.warning(self.trouble)
                return self.trouble
        self.missed = []
        if self.trouble is not None:
            self.trouble = None
            late = len(waiting) - 1
            return (f"Hand histories are written to {self.folder} again"
                    + (f" ({late} waiting hand{'s' if late != 1 else ''} written)."
                       if late else "."))
        return None

    def _write(self, record: HandRecord, state: HandState | None) -> None:
        try:
            text = pokerstars_hand(record, hero=self.hero, state=state)
        except (ExportError, IllegalAction) as err:  # the save file's check caught it
            log.warning("Hand %d not written to the hand histories: %s", record.id, err)
            return
        append_durably(self.path_for(record), (text + HAND_SEPARATOR).encode("utf-8"))
        self.written += 1
        if self.phh and record.config.structure is not Structure.POT_LIMIT:
            try:  # the PokerStars file has the hand: this one is not retried
                append_durably(self.path_for(record, ".phhs"),
                               (phh_part(record, self.hero) + HAND_SEPARATOR).encode("utf-8"))
            except OSError as err:
                log.warning("Hand %d not written as PHH: %s", record.id, err)

    def restore(self, into: sqlite3.Connection) -> Restored:
        """Every finished hand in the folder that the (salvaged) save ``into`` lacks."""
        return restore_hands(into, self.folder, tournaments=self.tournaments)

    def lacks(self, records: Sequence[HandRecord]) -> list[HandRecord]:
        """Those of ``records`` not yet in their files (checked after a restart, for
        hands saved while the game stopped or the folder failed); each file read once."""
        texts: dict[Path, bytes] = {}
        out = []
        for record in records:
            path = self.path_for(record)
            if path not in texts:
                try:
                    texts[path] = path.read_bytes()
                except OSError:
                    texts[path] = b""
            if f"PokerStars Hand #{record.id}:".encode() not in texts[path]:
                out.append(record)
        return out


def append_durably(path: Path, data: bytes) -> None:
    """Append ``data`` in one write, fsynced; on failure the file is cut back to its
    old length, so it never keeps part of a hand."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0),
                 0o644)
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            with suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


def _why(err: OSError) -> str:
    if err.errno == errno.ENOSPC:
        return "the disk is full"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the folder is read-only"
    if err.errno in (errno.EEXIST, errno.ENOTDIR):
        return "a file is in the way where the folder should be"
    return err.strerror or str(err)
