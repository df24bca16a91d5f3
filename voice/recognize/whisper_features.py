"""Whisper's input: the log-mel spectrogram of 16 kHz audio, in numpy.

Whisper hears 25 ms frames every 10 ms (a 400-point FFT under a periodic Hann window,
the signal reflected at both ends), their power on 80 (or 128) Slaney mel bands from 0
to 8 kHz, as log10 clamped to 8 decades below the loudest and scaled to about -1..1.
Written here rather than imported so the game does not load a whole transcription
package (audio decoding, model hub client) for one spectrogram.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from voice.recognize.base import RATE

Floats = NDArray[np.float32]

FFT = 400  # 25 ms
HOP = 160  # 10 ms: 100 frames a second

# The Slaney mel scale: linear below 1 kHz (200/3 Hz a mel), logarithmic above it
_LINEAR_HZ = 200.0 / 3.0
_KNEE_HZ = 1000.0
_KNEE_MEL = _KNEE_HZ / _LINEAR_HZ
_LOG_STEP = np.log(6.4) / 27.0


def _hz(mel: NDArray[np.float64]) -> NDArray[np.float64]:
    """Slaney mels to hertz."""
    linear = mel * _LINEAR_HZ
    curved = _KNEE_HZ * np.exp(_LOG_STEP * (mel - _KNEE_MEL))
    return np.where(mel < _KNEE_MEL, linear, curved)


def _mel(hz: float) -> float:
    """Hertz to Slaney mels."""
    if hz < _KNEE_HZ:
        return hz / _LINEAR_HZ
    return float(_KNEE_MEL + np.log(hz / _KNEE_HZ) / _LOG_STEP)


@lru_cache(maxsize=4)
def mel_filters(bands: int = 80) -> Floats:
    """(bands, FFT // 2 + 1) triangles on the mel scale, each scaled to equal area."""
    edges = _hz(np.linspace(0.0, _mel(RATE / 2), bands + 2))
    bins = np.fft.rfftfreq(FFT, 1.0 / RATE)
    low, centre, high = edges[:-2, None], edges[1:-1, None], edges[2:, None]
    rising = (bins - low) / (centre - low)
    falling = (high - bins) / (high - centre)
    triangles = np.clip(np.minimum(rising, falling), 0.0, None)
    return (triangles * (2.0 / (high - low))).astype(np.float32)


@lru_cache(maxsize=1)
def _window() -> NDArray[np.float64]:
    """The periodic Hann window of one frame."""
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(FFT) / FFT)


def log_mel(audio: NDArray[np.floating], bands: int = 80) -> Floats:
    """(bands, len(audio) // HOP) log-mel frames of ``audio`` (float, 16 kHz)."""
    frames = len(audio) // HOP
    # One hop of silence after the audio, then the reflection: the last frame is whole
    signal = np.pad(np.asarray(audio, dtype=np.float32), (0, HOP))
    signal = np.pad(signal, FFT // 2, mode="reflect")
    windows = np.lib.stride_tricks.sliding_window_view(signal, FFT)[::HOP][:frames]
    power = np.abs(np.fft.rfft(windows * _window(), axis=-1)) ** 2
    spectrum = mel_filters(bands) @ power.T.astype(np.float32)
    logs: Floats = np.log10(np.maximum(spectrum, np.float32(1e-10)))
    logs = np.maximum(logs, logs.max() - np.float32(8.0))
    return (logs + np.float32(4.0)) / np.float32(4.0)
