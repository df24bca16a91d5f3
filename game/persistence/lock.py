"""One game per save file: an exclusive lock on a lock file next to the database.

The lock is ``filelock``'s (``flock`` on POSIX, ``msvcrt`` locking on Windows): the
operating system drops it when the process ends, however it ends (a crash or kill -9
included), so a stale lock never blocks the next start.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout


class SaveLocked(Exception):
    """Another running game holds the save file."""


@dataclass(slots=True)
class SaveLock:
    """Held from ``acquire`` until ``release`` (or the end of the process)."""

    path: Path
    lock: FileLock | None

    @classmethod
    def acquire(cls, path: Path) -> SaveLock:
        """Take the lock; ``SaveLocked`` if another game has it, ``OSError`` if the lock
        file can't be created (a read-only folder: the store then says why)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(path, timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            raise SaveLocked(f"Another Hold'em game is using the save file in {path.parent}; "
                             "this one plays on without saving.") from None
        return cls(path, lock)

    def release(self) -> None:
        if self.lock is None:
            return
        self.lock.release()
        self.lock = None
