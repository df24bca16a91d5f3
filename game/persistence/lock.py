"""One game per save file: an exclusive ``flock`` on a lock file next to the database.

The operating system drops the lock when the process ends, however it ends (a crash or
kill -9 included), so a stale lock never blocks the next start.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; play on without one
    fcntl = None  # type: ignore[assignment]


class SaveLocked(Exception):
    """Another running game holds the save file."""


@dataclass(slots=True)
class SaveLock:
    """Held from ``acquire`` until ``release`` (or the end of the process)."""

    path: Path
    fd: int | None

    @classmethod
    def acquire(cls, path: Path) -> SaveLock:
        """Take the lock; ``SaveLocked`` if another game has it, ``OSError`` if the lock
        file can't be created (a read-only folder: the store then says why)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is None:
            return cls(path, fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SaveLocked(f"Another Hold'em game is using the save file in {path.parent}; "
                             "this one plays on without saving.") from None
        except OSError:
            os.close(fd)
            raise
        os.truncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return cls(path, fd)

    def release(self) -> None:
        if self.fd is None:
            return
        if fcntl is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)
        self.fd = None
