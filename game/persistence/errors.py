"""The store's exceptions: what was refused, what can't be used, what can't be read."""

from __future__ import annotations


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



class UnreadableFile(Exception):
    """The file is not a usable save file (corrupt or someone else's)."""

    def __init__(self, reason: str, *, ours: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ours = ours  # worth salvaging: not someone else's database
