"""What reaches the recognizer: speech only, and never while the game is talking.

:class:`SpeechGate` is pure logic over PCM blocks and an injected clock:

* a level gate over the room: the room's level is a running percentile (the median) of
  the last few seconds of 10 ms frame levels, so steady noise, a TV or other people
  talking become the room rather than speech; frames ``margin_db`` above it (and above
  an absolute floor) count as loud; enough loud frames open an utterance (with the
  audio from before, so the first consonant isn't cut), and a run of quiet frames (the
  hangover) closes it. The level history starts as a quiet room (``prior_db``), so a
  stream that begins with speech opens at once and loses nothing;
* a minimum utterance length and a voicing check: silence, clicks and coughs
  (unvoiced noise bursts) are dropped, never sent to the recognizer as an utterance;
* half-duplex: while ``speaking()`` says the game is playing sound, and for a short
  tail after, every block is discarded and an utterance in progress is cancelled, so
  nothing the narrator or a bot says can become an action.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np


@dataclass(frozen=True, slots=True)
class GateConfig:
    """Gate thresholds; times in milliseconds."""

    frame_ms: int = 10
    floor_db: float = -48.0       # never speech below this (dBFS)
    margin_db: float = 10.0       # above the room's level, to open an utterance
    stay_margin_db: float = 6.0   # above the room's level, to keep one open
    start_ms: int = 50            # loud time needed to open an utterance
    hangover_ms: int = 200        # quiet time that closes it
    preroll_ms: int = 250         # audio kept from before the opening
    min_speech_ms: int = 100      # shorter utterances are dropped ("check" in noise)
    min_voiced_ms: int = 40       # utterances with less voicing are dropped (coughs)
    max_speech_ms: int = 8000     # a longer utterance is closed anyway
    voicing: float = 0.45         # normalised autocorrelation that counts as voiced
    tail_ms: int = 300            # half-duplex: ignore audio this long after playback
    floor_window_ms: int = 5000   # the room level is a percentile of this window
    floor_percentile: float = 50.0
    prior_db: float = -60.0       # the room assumed before anything is heard
    prior_ms: int = 1000          # ... for this long (the history starts with it)


class GateEvent(StrEnum):
    START = "start"      # an utterance opened: feed ``audio`` to a fresh recognizer
    END = "end"          # it closed: feed ``audio``, then finish the recognizer
    DROP = "drop"        # it closed but was too short or unvoiced: reset, no result
    RESET = "reset"      # the game spoke over it: reset the recognizer


@dataclass(frozen=True, slots=True)
class GateStep:
    """What one block did: events in order, the audio to feed the recognizer, for
    END/DROP the time the speech ended (the last loud frame), and while an utterance
    is still open, how long it has been quiet (``quiet_ms``; the speaker may be done).
    ``loud`` says whether any frame of the block was speech-loud."""

    events: tuple[GateEvent, ...] = ()
    audio: bytes = b""
    speech_end: float | None = None
    speech_ms: int = 0
    quiet_ms: int = 0
    loud: bool = False

    def has(self, event: GateEvent) -> bool:
        return event in self.events


class SpeechGate:
    """Energy gate with hangover, minimum length, voicing check and half-duplex."""

    def __init__(self, sample_rate: int = 16_000, config: GateConfig = GateConfig(),
                 speaking: Callable[[], bool] | None = None):
        self.rate = sample_rate
        self.config = config
        self._speaking = speaking or (lambda: False)
        self._frame = max(1, sample_rate * config.frame_ms // 1000)
        self._noise_db = config.prior_db
        self._levels: deque[float] = deque(maxlen=max(1, config.floor_window_ms
                                                      // config.frame_ms))
        self._levels.extend([config.prior_db] * min(self._levels.maxlen or 1,
                                                    config.prior_ms // config.frame_ms))
        self._in_speech = False
        self._loud_run = 0
        self._quiet_run = 0
        self._speech_frames = 0
        self._voiced_frames = 0
        self._last_loud: float | None = None
        self._opened_at = 0.0
        self._preroll: deque[bytes] = deque(maxlen=max(1, config.preroll_ms // config.frame_ms))
        self._pending = b""
        self._history = np.zeros(0)
        self._muted_until = -math.inf

    @property
    def in_speech(self) -> bool:
        return self._in_speech

    @property
    def noise_db(self) -> float:
        """The tracked background level (dBFS)."""
        return self._noise_db

    def muted(self, now: float) -> bool:
        """True while the game speaks and for the tail after (checked at ``now``)."""
        if self._speaking():
            self._muted_until = now + self.config.tail_ms / 1000
            return True
        return now < self._muted_until

    def push(self, block: bytes, now: float) -> GateStep:
        """Take one block of int16 PCM that ended at time ``now`` (seconds)."""
        if self.muted(now):
            was = self._in_speech
            self._clear()
            return GateStep((GateEvent.RESET,) if was else ())
        data = self._pending + block
        n = len(data) // (2 * self._frame)
        self._pending = data[n * 2 * self._frame:]
        events: list[GateEvent] = []
        audio: list[bytes] = []
        speech_end: float | None = None
        speech_ms = 0
        any_loud = False
        frame_s = self._frame / self.rate
        for i in range(n):
            frame = data[i * 2 * self._frame:(i + 1) * 2 * self._frame]
            t = now - (n - 1 - i) * frame_s - len(self._pending) / 2 / self.rate
            loud, voiced = self._classify(frame)
            any_loud = any_loud or loud
            if not self._in_speech:
                self._preroll.append(frame)
                self._loud_run = self._loud_run + 1 if loud else 0
                if self._loud_run * self.config.frame_ms >= self.config.start_ms:
                    self._open(t)
                    events.append(GateEvent.START)
                    audio.extend(self._preroll)
                    self._preroll.clear()
                    self._speech_frames = self._loud_run
                    self._voiced_frames = int(voiced)
                    self._last_loud = t
                continue
            audio.append(frame)
            if loud:
                self._quiet_run = 0
                self._speech_frames += 1
                self._voiced_frames += int(voiced)
                self._last_loud = t
            else:
                self._quiet_run += 1
            long_enough = (t - self._opened_at) * 1000 >= self.config.max_speech_ms
            if self._quiet_run * self.config.frame_ms >= self.config.hangover_ms or long_enough:
                speech_ms = self._speech_frames * self.config.frame_ms
                voiced_ms = self._voiced_frames * self.config.frame_ms
                ok = (speech_ms >= self.config.min_speech_ms
                      and voiced_ms >= self.config.min_voiced_ms)
                events.append(GateEvent.END if ok else GateEvent.DROP)
                speech_end = self._last_loud
                self._in_speech = False
                self._loud_run = 0
                # One utterance per step: frames after its end wait for the next push,
                # so a block holding the end of one command and the start of the next
                # never mixes their audio.
                self._pending = data[(i + 1) * 2 * self._frame:]
                break
        quiet_ms = self._quiet_run * self.config.frame_ms if self._in_speech else 0
        return GateStep(tuple(events), b"".join(audio), speech_end, speech_ms, quiet_ms,
                        any_loud)

    def reset(self) -> None:
        """Forget any utterance in progress (the noise floor is kept)."""
        self._clear()

    def _open(self, t: float) -> None:
        self._in_speech = True
        self._quiet_run = 0
        self._opened_at = t

    def _clear(self) -> None:
        self._in_speech = False
        self._loud_run = self._quiet_run = self._speech_frames = self._voiced_frames = 0
        self._preroll.clear()
        self._pending = b""
        self._history = np.zeros(0)

    def _classify(self, frame: bytes) -> tuple[bool, bool]:
        """(loud, voiced) for one frame; updates the room's level. Inside an utterance
        a frame is loud from ``stay_margin_db`` above the room (hysteresis)."""
        x = np.frombuffer(frame, "<i2").astype(np.float64)
        power = float(np.mean(x * x)) if x.size else 0.0
        level = 10 * math.log10(power / 32768.0**2) if power > 0 else -120.0
        self._levels.append(level)
        self._noise_db = float(np.percentile(self._levels, self.config.floor_percentile))
        margin = self.config.stay_margin_db if self._in_speech else self.config.margin_db
        threshold = max(self.config.floor_db, self._noise_db + margin)
        loud = level >= threshold
        self._history = np.concatenate([self._history, x])[-3 * self._frame:]
        voiced = loud and _voicing(self._history, self.rate) >= self.config.voicing
        return loud, voiced


def _voicing(x: np.ndarray, rate: int) -> float:
    """Peak normalised autocorrelation at pitch lags (70-400 Hz): ~0 for noise, high
    for vowels."""
    lo, hi = rate // 400, rate // 70
    if len(x) < hi + lo:
        return 0.0
    x = x - x.mean()
    energy = float(np.dot(x, x))
    if energy <= 0:
        return 0.0
    spectrum = np.fft.rfft(x, 2 * len(x))
    ac = np.fft.irfft(spectrum * np.conj(spectrum))[: hi + 1]
    # Normalise for the shrinking overlap at longer lags.
    overlap = (len(x) - np.arange(hi + 1)) / len(x)
    return float(np.max(ac[lo:hi + 1] / overlap[lo:hi + 1]) / energy)
