"""Push-to-talk on the audio thread: the microphone's audio reaches the listener only
while the key or button is held, with a little before and after.

* **Pre-roll**: while closed, the last :data:`PREROLL_SECONDS` are kept; a press passes
  them on first, so a word begun a moment before the key went down is not cut (people
  start talking as they press).
* **Tail**: after the release, :data:`TAIL_SECONDS` more pass, so the last word's end
  (and the gate's own hangover) is heard; then the utterance is closed.

Times are audio-stream seconds (the listener's clock), so a busy machine that delivers
blocks late or bunched does not shorten either.
"""

from __future__ import annotations

from collections import deque

PREROLL_SECONDS = 0.3
TAIL_SECONDS = 0.35


class PushToTalkGate:
    """``process(pcm, now, held)`` -> (the audio to pass on, whether the talk just ended:
    the listener should close the utterance in progress)."""

    def __init__(self, rate: int = 16_000, preroll: float = PREROLL_SECONDS,
                 tail: float = TAIL_SECONDS):
        self._keep = 2 * round(rate * preroll)  # bytes of 16-bit mono
        self._tail = tail
        self._ring: deque[bytes] = deque()
        self._kept = 0
        self._open = False
        self._until: float | None = None  # end of the tail after a release

    @property
    def open(self) -> bool:
        """Audio is passing (held, or in the tail after letting go)."""
        return self._open

    def process(self, pcm: bytes, now: float, held: bool) -> tuple[bytes, bool]:
        """``pcm``: a block that ended at stream time ``now``; ``held``: the key or
        button is down now."""
        if held:
            self._until = None
            if not self._open:  # pressed: what came just before goes first
                self._open = True
                pcm = b"".join(self._ring) + pcm
                self._ring.clear()
                self._kept = 0
            return pcm, False
        if self._open:
            if self._until is None:
                self._until = now + self._tail
            if now <= self._until:
                return pcm, False
            self._open, self._until = False, None
            self._remember(pcm)
            return b"", True
        self._remember(pcm)
        return b"", False

    def _remember(self, pcm: bytes) -> None:
        """Keep the last pre-roll's worth of audio (whole blocks, trimmed at the front)."""
        if not pcm:
            return
        self._ring.append(pcm)
        self._kept += len(pcm)
        while self._kept > self._keep and self._ring:
            extra = self._kept - self._keep
            first = self._ring[0]
            if len(first) <= extra:
                self._ring.popleft()
                self._kept -= len(first)
            else:
                cut = extra + extra % 2  # whole samples
                self._ring[0] = first[cut:]
                self._kept -= cut
