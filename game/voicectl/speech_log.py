"""``--speech-log FILE``: every line the game says, or was about to say, as JSON Lines.

One record a line, written when its fate is known (said to the end, or dropped, cut off
or replaced), so the file reads in the order the game decided:
``{"t_ms": 81740, "scene": "table", "text": "...", "spoken": true}``, with ``why`` when
``spoken`` is false. ``t_ms`` is when the line was queued, in milliseconds since launch.
"""

from __future__ import annotations

import json
import threading
import time
from typing import TextIO

from voice.speak.narrator import Line


class SpeechLog:
    """Writes each line's record to ``out`` (thread-safe: the narrator's worker and the
    main thread both tell fates). ``launched`` is the launch moment on
    ``time.monotonic``'s clock, which the narrator's queue stamps lines with."""

    def __init__(self, out: TextIO, launched: float):
        self._out = out
        self._launched = launched
        self._lock = threading.Lock()
        self.written = 0

    @classmethod
    def since(cls, out: TextIO, launched_perf: float) -> SpeechLog:
        """A log whose times count from ``launched_perf`` (a ``time.perf_counter``
        reading taken at launch)."""
        return cls(out, time.monotonic() - (time.perf_counter() - launched_perf))

    def __call__(self, line: Line, spoken: bool, why: str) -> None:
        record: dict[str, object] = {
            "t_ms": max(0, round((line.created - self._launched) * 1000)),
            "scene": line.scene or "table",
            "text": line.text,
            "spoken": spoken,
        }
        if not spoken:
            record["why"] = why or "dropped"
        if line.speaker != "dealer":
            record["speaker"] = line.speaker
        text = json.dumps(record, ensure_ascii=False)
        with self._lock:
            if self._out.closed:
                return
            self._out.write(text + "\n")
            self._out.flush()
            self.written += 1
