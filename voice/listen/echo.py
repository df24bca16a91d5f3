"""Cancelling the game's own voice from the microphone, so the player can talk over it.

The game knows exactly what it plays. :class:`Playback` keeps that signal on a clock
(each narrator line with the time it started); the audio thread takes the stretch that
was playing while a microphone block was recorded and :class:`EchoCanceller` subtracts
its echo:

* a partitioned-block frequency-domain adaptive filter (normalised LMS per frequency
  bin, 10 ms blocks, 256 ms of echo path) learns the path from loudspeaker to
  microphone, whatever the delay within that span;
* adaptation slows while the residual is much louder than the predicted echo (the
  player talking over the game must not be learnt as echo);
* a residual suppressor (the "non-linear processor" of telephone cancellers) silences
  10 ms frames in which what is left is not clearly louder than the predicted echo, or
  the microphone is no louder than the echo of what was played could be (the echo
  path's loss is learnt from recent blocks): the loudspeaker's distortion, which no
  linear filter removes, stays out of the gate, and only a voice over the echo passes.

:class:`RoomEcho` is a loudspeaker-and-room model (delay, decaying reflections, a soft
clipping speaker) for tests, the benchmark and ``--voice-from`` with speakers; it is
never applied to a real microphone. :func:`erle_db` is the echo return loss
enhancement, the figure a canceller is judged by.
"""

from __future__ import annotations

import threading
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16_000
"""The canceller's sample rate (the recognizers' rate)."""

FloatArray = np.ndarray

SUPPRESSED = 0.003
"""What is left of a suppressed 10 ms frame (-50 dB): a loud echo's residue must stay
under the speech gate's absolute floor even in a silent room (at -30 dB it opened the
gate in the first seconds of a session, before the path was learnt)."""

TALK_SPAN_BLOCKS = 15
"""While the player talks, the echo to take out is that of the last 150 ms played (the
room's loud part), not the whole ring, so their words after the game stops pass."""


def pcm_array(pcm: bytes) -> FloatArray:
    """int16 PCM bytes as float samples."""
    return np.frombuffer(pcm, "<i2").astype(np.float64)


def erle_db(echo: FloatArray, residual: FloatArray) -> float:
    """Echo return loss enhancement: how much quieter the residual is than the echo it
    came from, in dB (higher is better; 0 means nothing was cancelled)."""
    pe = float(np.mean(np.square(echo))) if echo.size else 0.0
    pr = float(np.mean(np.square(residual))) if residual.size else 0.0
    if pe <= 0:
        return 0.0
    return 10 * float(np.log10(pe / max(pr, 1e-9)))


class EchoCanceller:
    """Frequency-domain NLMS echo canceller with residual suppression (see the module
    docstring). Feed it equal lengths of microphone and reference audio at
    :data:`RATE`; it returns the microphone with the echo taken out, a block (10 ms)
    behind."""

    def __init__(self, block: int = 160, taps: int = 4096, step: float = 0.5,
                 suppress_db: float = 3.0):
        self.block = block
        self.parts = -(-taps // block)
        self.step = step
        self.suppress = 10 ** (suppress_db / 10)
        bins = block + 1
        self._w = np.zeros((self.parts, bins), complex)
        self._x = np.zeros((self.parts, bins), complex)
        self._power = np.full(bins, 1e3)
        self._far = np.zeros(2 * block)
        self._near_in = np.zeros(0)
        self._far_in = np.zeros(0)
        self._out: list[FloatArray] = []
        # Far power of the last 600 ms: a room rings on after the filter's span ends.
        self._far_recent = np.zeros(max(self.parts, 9600 // block))
        self._ratios: list[float] = []  # microphone over far power, far-active blocks
        self.echo_estimate = 0.0  # power of the last block's predicted echo
        self.residual_power = 0.0
        self.suppressed = 0  # blocks the residual suppressor silenced
        self._talking = False
        self._frozen = False

    def process(self, near: bytes, far: bytes, talking: bool = False,
                player: bool | None = None) -> bytes:
        """Microphone ``near`` minus the echo of ``far`` (int16 PCM, same length).
        ``talking``: the gate is open, so only what is no louder than the echo alone is
        suppressed: the player's words pass. ``player`` (default: ``talking``): that
        voice is known to be the player's, so the path is not learnt meanwhile; an
        utterance the echo's residue opened goes on teaching the filter, which then
        takes it out."""
        self._talking = talking
        self._frozen = talking if player is None else player
        n = pcm_array(near)
        f = pcm_array(far)
        if f.size < n.size:
            f = np.concatenate([f, np.zeros(n.size - f.size)])
        self._near_in = np.concatenate([self._near_in, n])
        self._far_in = np.concatenate([self._far_in, f[:n.size]])
        out: list[FloatArray] = []
        b = self.block
        while self._near_in.size >= b:
            out.append(self._step(self._near_in[:b], self._far_in[:b]))
            self._near_in, self._far_in = self._near_in[b:], self._far_in[b:]
        pending = np.concatenate(out) if out else np.zeros(0)
        # Hand back exactly as many samples as came in (the first call pads with
        # silence): the stream keeps its length and its clock.
        self._out.append(pending)
        have = np.concatenate(self._out)
        if have.size < n.size:
            have = np.concatenate([np.zeros(n.size - have.size), have])
        self._out = [have[n.size:]]
        return np.clip(np.round(have[:n.size]), -32768, 32767).astype("<i2").tobytes()

    def _step(self, near: FloatArray, far: FloatArray) -> FloatArray:
        b = self.block
        self._far = np.concatenate([self._far[b:], far])
        spectrum = np.fft.rfft(self._far)
        self._x = np.roll(self._x, 1, axis=0)
        self._x[0] = spectrum
        self._power = 0.9 * self._power + 0.1 * np.abs(spectrum) ** 2
        y = np.fft.irfft(np.sum(self._w * self._x, axis=0))[b:]
        e = near - y
        echo_p = float(np.mean(y * y))
        res_p = float(np.mean(e * e))
        far_p = float(np.mean(far * far))
        self.echo_estimate, self.residual_power = echo_p, res_p
        if far_p > 1.0 and not self._frozen:
            # Slow down while the residual dwarfs the predicted echo: the player is
            # talking (or the path changed); learning their voice would cancel it.
            talk = res_p > 4 * echo_p and echo_p > 0
            mu = self.step * (0.05 if talk else 1.0)
            big_e = np.fft.rfft(np.concatenate([np.zeros(b), e]))
            gradient = np.conj(self._x) * (big_e / (self._power * self.parts + 1e3))
            update = np.fft.irfft(gradient, axis=1)
            update[:, b:] = 0.0  # keep the filter causal (gradient constraint)
            self._w += mu * np.fft.rfft(update, axis=1)
        self._far_recent = np.roll(self._far_recent, 1)
        self._far_recent[0] = far_p
        far_env = float(self._far_recent.max())
        near_p = float(np.mean(near * near))
        if far_env > 1e4:
            # How loud the echo can be: the microphone's power over the loudest far
            # power the path spans, a high percentile of recent blocks (the player's
            # voice is the exception, the echo the rule). While the player talks, only
            # what is no louder than the echo alone is taken out (their words pass; an
            # utterance the echo itself opened doesn't go on carrying the echo).
            if not self._talking:
                self._ratios = [*self._ratios[-499:], near_p / far_env]
            ceiling = float(np.percentile(self._ratios, 90)) if len(self._ratios) > 50 else 1.0
            recent = float(self._far_recent[:TALK_SPAN_BLOCKS].max())  # the loud echo
            if (near_p < ceiling * recent) if self._talking else \
                    (near_p < 4 * ceiling * far_env):
                self.suppressed += 1
                return e * SUPPRESSED  # no louder than the echo could be: not the player
        if self._talking:
            return e
        if echo_p > 1.0 and res_p < self.suppress * echo_p:
            self.suppressed += 1
            return e * SUPPRESSED  # what is left is the echo's distortion: keep it out
        return e

    def reset(self) -> None:
        """Forget the learnt path (a new output device)."""
        self.__init__(self.block, self.parts * self.block, self.step,  # type: ignore[misc]
                      10 * float(np.log10(self.suppress)))


@dataclass(frozen=True, slots=True)
class Played:
    """One sound the game played: its samples at :data:`RATE` from ``start`` (clock
    seconds), cut at ``stop`` when it was interrupted."""

    start: float
    samples: FloatArray
    text: str = ""
    stop: float = float("inf")

    @property
    def end(self) -> float:
        return min(self.stop, self.start + self.samples.size / RATE)


class Playback:
    """What the game is playing, on the clock: the canceller's reference. Written by
    the narrator's thread (:meth:`started`, :meth:`stopped`), read by the audio thread
    (:meth:`window`); keeps the last few seconds."""

    def __init__(self, clock: Callable[[], float], keep: float = 30.0):
        self._clock = clock
        self._keep = keep
        self._lock = threading.Lock()
        self._played: list[Played] = []

    def now(self) -> float:
        """The playback clock's time."""
        return self._clock()

    def started(self, samples: FloatArray, text: str = "") -> None:
        now = self._clock()
        with self._lock:
            self._played = [p for p in self._played if p.end > now - self._keep]
            self._played.append(Played(now, samples, text))

    def started_file(self, path: Path, text: str = "") -> None:
        """A WAV file started playing now."""
        self.started(read_wav(path), text)

    def stopped(self) -> None:
        """Whatever was playing was cut off now."""
        now = self._clock()
        with self._lock:
            self._played = [Played(p.start, p.samples, p.text, min(p.stop, now))
                            if p.end > now else p for p in self._played]

    def window(self, start: float, frames: int) -> FloatArray:
        """The samples played from clock time ``start`` for ``frames`` frames."""
        out = np.zeros(frames)
        with self._lock:
            played = list(self._played)
        end = start + frames / RATE
        for p in played:
            if p.end <= start or p.start >= end:
                continue
            offset = round((p.start - start) * RATE)  # where it begins in the window
            lo = max(0, -offset)
            hi = min(round((p.end - p.start) * RATE), p.samples.size, frames - offset)
            if hi > lo:
                out[offset + lo:offset + hi] += p.samples[lo:hi]
        return out

    def said_between(self, start: float, end: float) -> list[str]:
        """Texts of the lines audible between ``start`` and ``end``."""
        with self._lock:
            return [p.text for p in self._played
                    if p.text and p.start < end and p.end > start]

    def overlap(self, start: float, end: float) -> float:
        """Seconds between ``start`` and ``end`` during which the game was playing."""
        with self._lock:
            spans = sorted((max(p.start, start), min(p.end, end)) for p in self._played)
        total, reach = 0.0, start
        for lo, hi in spans:
            lo = max(lo, reach)
            if hi > lo:
                total += hi - lo
                reach = hi
        return total

    def playing(self, at: float) -> bool:
        with self._lock:
            return any(p.start <= at < p.end for p in self._played)


def read_wav(path: Path) -> FloatArray:
    """A mono int16 WAV at :data:`RATE` as float samples (other rates resampled,
    unreadable files empty)."""
    try:
        with wave.open(str(path), "rb") as wav:
            rate, width, channels = wav.getframerate(), wav.getsampwidth(), wav.getnchannels()
            raw = wav.readframes(wav.getnframes())
    except (OSError, wave.Error, EOFError):
        return np.zeros(0)
    if width != 2:
        return np.zeros(0)
    x = np.frombuffer(raw, "<i2").astype(np.float64)
    if channels > 1:
        x = x.reshape(-1, channels).mean(axis=1)
    if rate != RATE and x.size:
        t = np.arange(round(x.size * RATE / rate)) * rate / RATE
        x = np.interp(t, np.arange(x.size), x)
    return x


class RoomEcho:
    """A loudspeaker in a room heard by the microphone: ``delay_ms`` of travel and
    output latency, reflections decaying over ``decay_ms`` (a seeded random impulse
    response), ``gain_db`` of coupling and a speaker that clips softly. Streaming:
    call :meth:`apply` block after block."""

    def __init__(self, delay_ms: float = 40.0, decay_ms: float = 120.0, gain_db: float = -6.0,
                 drive: float = 1.5, seed: int = 7):
        rng = np.random.default_rng(seed)
        length = round((delay_ms + 3 * decay_ms) * RATE / 1000)
        t = np.arange(length) / RATE * 1000
        ir = rng.standard_normal(length) * np.exp(-(t - delay_ms).clip(0) / decay_ms)
        ir[t < delay_ms] = 0.0
        ir[round(delay_ms * RATE / 1000)] = 4.0  # the direct sound
        ir *= 10 ** (gain_db / 20) / np.sqrt(np.sum(ir * ir))
        self.ir = ir
        self.drive = drive
        self._tail = np.zeros(length - 1)

    def apply(self, played: FloatArray) -> FloatArray:
        """The echo the microphone picks up of ``played`` (float samples)."""
        speaker = 32767 * np.tanh(self.drive * played / 32767) / np.tanh(self.drive)
        full = np.convolve(np.concatenate([self._tail, speaker]), self.ir)
        tail = self._tail.size
        out = full[tail:tail + played.size]
        self._tail = np.concatenate([self._tail, speaker])[-tail:] if tail else self._tail
        return out
