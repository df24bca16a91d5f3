"""What voice play measured: the ``voice`` figures of the ``--hands``/``--autoplay``
report line and of ``benchmarks/bench_voice_turns.py``.

Counted on the main thread by the controller, frame by frame: utterances heard, actions
applied by voice, yes/no questions asked, utterances that got no answer at all, the
player's turn time and how much of it the microphone was not listening, and turn clocks
that ran out.
"""

from __future__ import annotations

import logging
import statistics
from dataclasses import dataclass, field

_log = logging.getLogger(__name__)


@dataclass(slots=True)
class VoiceStats:
    """Running totals (milliseconds are whole, summed from frame times)."""

    heard: int = 0
    applied: int = 0
    asked: int = 0
    answered: int = 0
    dropped: int = 0
    talked_over: int = 0
    barge_ins: int = 0
    turn_ms: float = 0.0
    turn_ms_not_listening: float = 0.0
    clock_expiries: int = 0
    clock_expiries_while_talking: int = 0
    offered: int = 0  # two readings offered numbered ("1 call · 2 all in")
    applied_asked: int = 0  # applied actions whose turn had a question before them
    latencies_ms: list[float] = field(default_factory=list)  # end of speech to intent
    _asked_turns: set[int | None] = field(default_factory=set)

    def asked_in(self, turn: int | None, offered: bool = False) -> None:
        """A question during ``turn``: yes/no (``asked``), or the two readings offered
        numbered (``offered``)."""
        if offered:
            self.offered += 1
        else:
            self.asked += 1
        self._asked_turns.add(turn)

    def applied_in(self, turn: int | None) -> None:
        """An action applied by voice during ``turn``."""
        self.applied += 1
        self.applied_asked += turn in self._asked_turns

    def turn_time(self, seconds: float, listening: bool) -> None:
        """``seconds`` of the player's turn went by, with the microphone ``listening``
        or not."""
        self.turn_ms += seconds * 1000
        if not listening:
            self.turn_ms_not_listening += seconds * 1000

    def latency(self) -> tuple[int, int]:
        """End of speech to intent over the utterances heard, p50 and p95 (ms; 0, 0
        when none was timed)."""
        timed = self.latencies_ms
        if not timed:
            return 0, 0
        p95 = statistics.quantiles(timed, n=20, method="inclusive")[18] \
            if len(timed) > 1 else timed[0]
        return round(statistics.median(timed)), round(p95)

    def report(self) -> dict[str, int]:
        """The figures as the report line's ``voice`` keys."""
        p50, p95 = self.latency()
        return {"heard": self.heard, "applied": self.applied, "asked": self.asked,
                "answered": self.answered, "dropped": self.dropped,
                "talked_over": self.talked_over, "barge_ins": self.barge_ins,
                "turn_ms": round(self.turn_ms),
                "turn_ms_not_listening": round(self.turn_ms_not_listening),
                "clock_expiries": self.clock_expiries,
                "clock_expiries_while_talking": self.clock_expiries_while_talking,
                "offered": self.offered, "applied_asked": self.applied_asked,
                "latency_ms_p50": p50, "latency_ms_p95": p95}


class Transcript(list[str]):
    """What voice heard and said back, kept for reports and written to the log at info
    level (``holdem --log-level info``), so that a played session can be read after."""

    def append(self, line: str) -> None:
        _log.info("voice: %s", line)
        super().append(line)
