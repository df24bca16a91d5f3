"""The sound of a room around the player, for benchmarks and tests.

Everything here is float64 sample arrays at a given rate, deterministic from a
``numpy.random.Generator``:

* :func:`active_level_db`: the level of a signal over its active frames only (a
  simplified ITU-T P.56 active speech level), so an SNR is speech-while-talking against
  noise-while-present, however long the pauses around them;
* steady noise: :func:`pink_noise` and :func:`fan_noise` (brown rumble, a blade hum and
  a slow wobble);
* :func:`conversation`: several talkers, each reading lines with pauses, over each other;
* :func:`tv`: one announcer over synthesized music, through a small loudspeaker and a
  room's reverberation;
* :func:`place` and :func:`scale_to`: putting a command into a noise bed at a level.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Signal = npt.NDArray[np.float64]
FULL_SCALE = 32768.0


def db(power: float) -> float:
    """A mean square (int16 units) in dBFS."""
    return 10 * math.log10(power / FULL_SCALE**2) if power > 0 else -150.0


def active_level_db(x: Signal, rate: int, *, floor_db: float = -70.0,
                    range_db: float = 35.0) -> float:
    """The mean power of the 10 ms frames that are active, in dBFS: frames louder
    than ``floor_db`` and within ``range_db`` of the loudest (P.56 simplified)."""
    frame = max(1, rate // 100)
    n = len(x) // frame
    if n == 0:
        return -150.0
    power = np.mean(x[: n * frame].reshape(n, frame) ** 2, axis=1)
    levels = 10 * np.log10(power / FULL_SCALE**2 + 1e-15)
    active = levels > max(floor_db, float(levels.max()) - range_db)
    if not active.any():
        return db(float(power.mean()))
    return db(float(power[active].mean()))


def scale_to(x: Signal, level_db: float, rate: int) -> Signal:
    """``x`` scaled so its active level is ``level_db``."""
    have = active_level_db(x, rate)
    if have <= -150.0:
        return x.copy()
    return np.asarray(x * 10 ** ((level_db - have) / 20), dtype=np.float64)


def _shaped(n: int, gen: np.random.Generator, exponent: float) -> Signal:
    """Gaussian noise with power falling as 1/f**exponent, unit rms."""
    spectrum = np.fft.rfft(gen.normal(0.0, 1.0, n))
    f = np.arange(len(spectrum), dtype=np.float64)
    f[0] = 1.0
    spectrum /= f ** (exponent / 2)
    spectrum[0] = 0.0
    x = np.fft.irfft(spectrum, n)
    return np.asarray(x / max(float(np.sqrt(np.mean(x**2))), 1e-12), dtype=np.float64)


def pink_noise(seconds: float, rate: int, gen: np.random.Generator) -> Signal:
    """Pink (1/f) noise at unit rms: a steady hiss with the weight of a room's air."""
    return _shaped(int(seconds * rate), gen, 1.0)


def fan_noise(seconds: float, rate: int, gen: np.random.Generator) -> Signal:
    """A fan or air conditioner at unit rms: brownish rumble, a hum at the blade rate
    with its harmonics, and a slow wobble in loudness."""
    n = int(seconds * rate)
    t = np.arange(n) / rate
    rumble = _shaped(n, gen, 1.6)
    hiss = _shaped(n, gen, 0.5) * 0.3
    blade = float(gen.uniform(90, 140))
    hum = sum(np.sin(2 * np.pi * blade * k * t + float(gen.uniform(0, 6.3))) / k**1.5
              for k in range(1, 6))
    hum = hum / max(float(np.sqrt(np.mean(np.square(hum)))), 1e-12)
    wobble = 1 + 0.15 * np.sin(2 * np.pi * float(gen.uniform(0.2, 0.6)) * t)
    x = (rumble + hiss + 0.35 * hum) * wobble
    return np.asarray(x / max(float(np.sqrt(np.mean(x**2))), 1e-12), dtype=np.float64)


def talk_track(lines: Sequence[Signal], seconds: float, rate: int, gen: np.random.Generator,
               pause: tuple[float, float] = (0.25, 1.2)) -> Signal:
    """One talker reading ``lines`` in a random order with pauses between them, for
    ``seconds`` (a random amount of the first line's start is skipped)."""
    n = int(seconds * rate)
    out = np.zeros(n)
    pos = -int(gen.uniform(0, 1.5) * rate)
    order: list[int] = []
    while pos < n:
        if not order:
            order = list(gen.permutation(len(lines)))
        line = lines[order.pop()]
        start = max(pos, 0)
        part = line[start - pos:][: n - start]
        out[start:start + len(part)] += part
        pos += len(line) + int(gen.uniform(*pause) * rate)
    return out


def conversation(talkers: Sequence[Sequence[Signal]], seconds: float, rate: int,
                 gen: np.random.Generator, spread_db: float = 6.0) -> Signal:
    """Several talkers over each other, each ``spread_db`` apart at most in level
    (nearer and farther people); each talker is a list of rendered lines."""
    n = int(seconds * rate)
    total = np.zeros(n)
    for lines in talkers:
        track = talk_track(lines, seconds, rate, gen)
        gain = 10 ** (-float(gen.uniform(0, spread_db)) / 20)
        total += scale_to(track, -26.0, rate) * gain
    return total


def _note(freq: float, seconds: float, rate: int, bright: float) -> Signal:
    t = np.arange(int(seconds * rate)) / rate
    tone = sum(np.sin(2 * np.pi * freq * k * t) * bright ** (k - 1) for k in range(1, 7))
    attack = np.minimum(1.0, t / 0.02)
    decay = np.exp(-t * 2.5)
    return np.asarray(tone * attack * decay, dtype=np.float64)


def music(seconds: float, rate: int, gen: np.random.Generator) -> Signal:
    """Synthesized music at unit rms: a chord progression of plucked harmonic tones, a
    bass line and a kick and hi-hat beat."""
    n = int(seconds * rate)
    out = np.zeros(n + rate)
    bpm = float(gen.uniform(85, 130))
    beat = 60.0 / bpm
    roots = [0, 5, 7, 3, 8, 10]
    key = float(gen.uniform(196, 262))
    progression = [roots[int(i)] for i in gen.integers(0, len(roots), 8)]
    pos, bar = 0.0, 0
    while pos < seconds:
        root = key * 2 ** (progression[bar % len(progression)] / 12)
        for step in range(4):
            at = int((pos + step * beat) * rate)
            if at >= n:
                break
            for interval in (0, 4, 7):
                tone = _note(root * 2 ** (interval / 12), beat * 1.8, rate, 0.55) * 0.25
                out[at:at + len(tone)] += tone[: len(out) - at]
            bass = _note(root / 2, beat * 0.9, rate, 0.3) * 0.5
            out[at:at + len(bass)] += bass[: len(out) - at]
            t = np.arange(int(0.15 * rate)) / rate
            kick = np.sin(2 * np.pi * (50 + 80 * np.exp(-t * 30)) * t) * np.exp(-t * 20)
            if step % 2 == 0:
                out[at:at + len(kick)] += kick[: len(out) - at] * 0.8
            hat_at = at + int(beat * rate / 2)
            hat = gen.normal(0, 0.15, int(0.04 * rate)) * np.exp(-np.arange(int(0.04 * rate))
                                                               / (0.008 * rate))
            out[hat_at:hat_at + len(hat)] += hat[: max(0, len(out) - hat_at)]
        pos += 4 * beat
        bar += 1
    x = out[:n]
    return np.asarray(x / max(float(np.sqrt(np.mean(x**2))), 1e-12), dtype=np.float64)


def _bandpass(x: Signal, rate: int, low: float, high: float) -> Signal:
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / rate)
    gain = 1 / np.sqrt(1 + (low / np.maximum(f, 1.0)) ** 4) / np.sqrt(1 + (f / high) ** 4)
    return np.asarray(np.fft.irfft(spectrum * gain, len(x)), dtype=np.float64)


def reverb(x: Signal, rate: int, gen: np.random.Generator, rt60: float = 0.35,
           wet: float = 0.3) -> Signal:
    """``x`` in a room: a decaying noise impulse response (``rt60`` seconds)."""
    m = int(rt60 * rate)
    t = np.arange(m) / rate
    ir = gen.normal(0, 1, m) * np.exp(-6.9 * t / rt60)
    ir /= max(float(np.sqrt(np.sum(ir**2))), 1e-12)
    size = 1 << math.ceil(math.log2(len(x) + m))
    tail = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[: len(x)]
    return np.asarray((1 - wet) * x + wet * tail, dtype=np.float64)


def tv(announcer: Sequence[Signal], seconds: float, rate: int, gen: np.random.Generator,
       music_db: float = -6.0) -> Signal:
    """A television across the room: an announcer reading ``announcer`` lines with
    short pauses, over music ``music_db`` below the speech, through a small
    loudspeaker (150 Hz - 6 kHz) and the room's reverberation."""
    speech = scale_to(talk_track(announcer, seconds, rate, gen, pause=(0.15, 0.6)), -26.0,
                      rate)
    tune = music(seconds, rate, gen) * 32768 * 10 ** ((-26.0 + music_db) / 20)
    return reverb(_bandpass(speech + tune, rate, 150.0, 6000.0), rate, gen)


def place(bed: Signal, clip: Signal, at: int) -> None:
    """Add ``clip`` into ``bed`` starting at sample ``at`` (in place; cut at the end)."""
    end = min(len(bed), at + len(clip))
    if end > at:
        bed[at:end] += clip[: end - at]


def to_pcm(x: Signal) -> bytes:
    """Float samples (int16 scale) to int16 little-endian PCM, clipped."""
    return np.clip(np.round(x), -32768, 32767).astype("<i2").tobytes()
