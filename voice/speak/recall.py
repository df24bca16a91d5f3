"""The lines the player has heard, to hear again: "repeat" gives the last line said (a
line said again is not itself remembered), "repeat that again" or "before that" the
one before the line last repeated, a step further back each time."""

from __future__ import annotations

import threading
from collections import deque

from voice.speak.line import RECALLED, TIP, Line, Priority

KEPT = 50
"""Lines remembered (older ones are forgotten)."""


class Recall:
    """The lines begun, newest last, each numbered in order; and which one the player
    last had said again. Thread-safe: the narrator's worker adds, the main thread
    reads."""

    def __init__(self, kept: int = KEPT):
        self._lines: deque[tuple[int, str]] = deque(maxlen=kept)
        self._count = 0
        self._lock = threading.Lock()
        self._at: int | None = None  # the line last said again
        self._newest: int = 0  # ... and the newest line when it was

    def heard(self, line: Line) -> None:
        """``line`` began to be said (banter, a tour's tips and lines said again are not
        kept: "repeat" is for the game's news)."""
        if line.priority is Priority.BANTER or line.topic in (RECALLED, TIP):
            return
        with self._lock:
            self._count += 1
            self._lines.append((self._count, line.text))

    @property
    def last(self) -> str | None:
        """The last line said, None before any."""
        with self._lock:
            return self._lines[-1][1] if self._lines else None

    def again(self) -> str | None:
        """ "repeat": the last line said, now the line "before that" counts back from."""
        with self._lock:
            if not self._lines:
                return None
            self._at = self._newest = self._lines[-1][0]
            return self._lines[-1][1]

    def before(self) -> str | None:
        """ "before that": the line before the one last said again (before the last
        line said, when a newer one came since); None when there is none kept."""
        with self._lock:
            if not self._lines:
                return None
            newest = self._lines[-1][0]
            at = newest if self._at is None or self._newest != newest else self._at
            earlier = [(n, text) for n, text in self._lines if n < at]
            if not earlier:
                return None
            self._at, self._newest = earlier[-1][0], newest
            return earlier[-1][1]
