"""What waits to be said, in what order, and what is done when speech falls behind.

The player's answers (replies, say-backs, questions) go first; the table's lines follow
in the table's order (the cards, each action, the player's turn, the result, "You're out
of chips"); bot banter last, and only while it is fresh. Speech never queues up behind
the table: when the table lines waiting could not each begin within
:data:`LATE_SECONDS` of their event said one by one, they are folded into one catch-up
line (:func:`voice.speak.recap.folded`: every bet and raise with its name and amount),
and each line folded in is told as ``replaced``; the catch-up is said a little faster
(:data:`voice.speak.line.QUICKER`).
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from voice.speak.ear import for_the_voice
from voice.speak.line import QUICKER, Fate, Line, Priority, no_fate
from voice.speak.recap import folded

TABLE_SCENE = "table"
"""The lines that fold: the table's (a line with no scene is the table's too)."""

LATE_SECONDS = 2.5
"""The latest a table line may begin after its event; past it, what waits is folded
(the bound asked for is about 3 s; rendering a line takes under 0.1 s)."""

SPEECH_CHARS_PER_SECOND = 16.0
PAUSE_SECONDS = 0.45
"""How long a line takes to say: measured with the narrator's voice (espeak-ng at 175
words a minute) over 17 of the table's lines, from 8 to 106 characters as the engine is
given them (amounts in words): 0.45 s (its trailing pause) + one second per 16
characters."""


def seconds_to_say(text: str, quick: bool = False) -> float:
    """About how long the narrator takes to say ``text`` (see
    :data:`SPEECH_CHARS_PER_SECOND`), a catch-up said :data:`QUICKER`."""
    speaking = len(for_the_voice(text)) / SPEECH_CHARS_PER_SECOND
    return PAUSE_SECONDS + (speaking / QUICKER if quick else speaking)


def _nobody(line: Line) -> None:
    """The default listener for catch-up lines made."""


class SpeechQueue:
    """Lines by priority, then in the order queued; banter older than
    ``banter_max_age`` is dropped, table lines that have fallen behind are folded.

    Thread-safe; ``pop`` blocks up to ``timeout``. Time is injected (``clock``).
    """

    def __init__(self, banter_max_age: float = 4.0, clock: Callable[[], float] = time.monotonic,
                 max_banter: int = 3, late: float = LATE_SECONDS):
        self._heap: list[tuple[int, float, int, Line]] = []
        self._counter = itertools.count()
        self._cv = threading.Condition()
        self._clock = clock
        self.banter_max_age = banter_max_age
        self.max_banter = max_banter
        self.late = late
        self.dropped = 0
        self.folds = 0  # catch-up lines made
        self.fate: Fate = no_fate  # told of every line that is not said
        self.made: Callable[[Line], None] = _nobody  # told of each catch-up line made

    def put(self, line: Line) -> None:
        """Queue a line (its ``created`` time is filled in when 0)."""
        if not line.created:
            line = replace(line, created=self._clock())
        with self._cv:
            if line.priority is Priority.BANTER and self._banter() >= self.max_banter:
                self.dropped += 1
                self.fate(line, False, "dropped")
                return
            self._push(line)
            self._cv.notify()

    def _push(self, line: Line) -> None:
        heapq.heappush(self._heap, (int(line.priority), line.created, next(self._counter),
                                    line))

    def _banter(self) -> int:
        return sum(1 for entry in self._heap if entry[3].priority is Priority.BANTER)

    def pop(self, timeout: float | None = 0.0) -> Line | None:
        """The next line still worth saying (a catch-up line when the table's have
        fallen behind), or None when there is none in time."""
        deadline = None if timeout is None else self._clock() + timeout
        with self._cv:
            while True:
                while self._heap:
                    line = heapq.heappop(self._heap)[3]
                    if (line.priority is Priority.BANTER
                            and self._clock() - line.created > self.banter_max_age):
                        self.dropped += 1
                        self.fate(line, False, "dropped")
                        continue
                    if line.priority is Priority.TABLE:
                        return self._caught_up(line)
                    return line
                remaining = None if deadline is None else deadline - self._clock()
                if remaining is not None and remaining <= 0:
                    return None
                self._cv.wait(remaining if remaining is None else min(remaining, 0.1))

    def _waiting(self, first: Line) -> list[tuple[int, float, int, Line]]:
        """The table lines queued right behind ``first`` on its screen, in order (the
        lock is held)."""
        run = []
        for entry in sorted(self._heap):
            line = entry[3]
            if line.priority is not Priority.TABLE:
                continue
            if line.scene != first.scene:
                break
            run.append(entry)
        return run

    def _caught_up(self, first: Line) -> Line:
        """``first``, or, when it and the table lines behind it could not each begin in
        time said one by one, all of them folded into one line (the lock is held). Only
        the table's lines fold: a screen's are read as it wrote them."""
        if first.scene not in ("", TABLE_SCENE):
            return first
        entries = self._waiting(first)
        lines = [first, *(entry[3] for entry in entries)]
        if len(lines) < 2 or not self._behind(lines):
            return first
        gone = set(map(id, entries))
        self._heap = [e for e in self._heap if id(e) not in gone]
        heapq.heapify(self._heap)
        self.folds += 1
        text = folded(lines)
        for line in lines:
            self.fate(line, False, "replaced")
        caught_up = Line(text, first.speaker, Priority.TABLE, first.created,
                         scene=first.scene, brief=text, quick=True)
        self.made(caught_up)
        return caught_up

    def _behind(self, lines: list[Line]) -> bool:
        """Whether some line would begin more than ``late`` after its event, said one
        after another from now."""
        at = self._clock()
        for line in lines:
            if at - line.created > self.late:
                return True
            at += seconds_to_say(line.text, line.quick)
        return False

    def waited(self) -> float:
        """How long the oldest queued line that is not banter has waited (0: none)."""
        with self._cv:
            oldest = min((e[3].created for e in self._heap
                          if e[3].priority is not Priority.BANTER), default=None)
        return 0.0 if oldest is None else max(0.0, self._clock() - oldest)

    def take_tail(self, topic: str, scene: str) -> list[Line]:
        """Take the queued table lines of ``topic`` on ``scene`` that come after every
        other table line queued there (the seats' actions since the street's card
        line), in order, each told as ``replaced``: the caller says them in a line of
        its own (the player's turn)."""
        with self._cv:
            run = [e for e in sorted(self._heap)
                   if e[3].priority is Priority.TABLE and e[3].scene == scene]
            tail: list[tuple[int, float, int, Line]] = []
            for entry in reversed(run):
                if entry[3].topic != topic:
                    break
                tail.insert(0, entry)
            gone = set(map(id, tail))
            self._heap = [e for e in self._heap if id(e) not in gone]
            heapq.heapify(self._heap)
            for entry in tail:
                self.fate(entry[3], False, "replaced")
        return [entry[3] for entry in tail]

    def interrupt(self, keep: Priority | None = None) -> int:
        """Drop queued lines (those less urgent than ``keep`` when given); returns how
        many."""
        with self._cv:
            gone = [e[3] for e in self._heap if keep is None or e[3].priority > keep]
            self._heap = [] if keep is None else [e for e in self._heap
                                                  if e[3].priority <= keep]
            heapq.heapify(self._heap)
        for line in sorted(gone, key=lambda line: line.created):
            self.fate(line, False, "dropped")
        return len(gone)

    def drop(self, stale: Callable[[Line], bool]) -> int:
        """Drop the queued lines ``stale`` picks (news the player no longer needs);
        returns how many."""
        with self._cv:
            gone = [e[3] for e in self._heap if stale(e[3])]
            self._heap = [e for e in self._heap if not stale(e[3])]
            heapq.heapify(self._heap)
            self.dropped += len(gone)
        for line in sorted(gone, key=lambda line: line.created):
            self.fate(line, False, "dropped")
        return len(gone)

    def holds(self, priority: Priority) -> bool:
        """Whether a line of ``priority`` waits to be said."""
        with self._cv:
            return any(e[3].priority is priority for e in self._heap)

    def __len__(self) -> int:
        with self._cv:
            return len(self._heap)
