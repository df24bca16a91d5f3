"""Spectral subtraction for one whole utterance before it is decoded.

The noise spectrum is the average power spectrum of the utterance's quietest frames
(the gate hands over a pre-roll before the speech and a hangover after it, so a short
command always carries some noise-only audio). Each frame's bins are scaled by
``max(1 - over * noise / power, floor)`` and overlap-added back with a root-Hann
window, which reconstructs the input exactly where the gain is 1: clean audio, whose
quiet frames are silent, comes out unchanged.

Subtraction assumes the noise is steady (a fan, hiss, hum). When the quiet frames'
levels spread by more than ``steady_db`` (other voices, music), the estimate is
speech-like and subtracting it carves out the command itself: such audio is left as
is. Through the gate, the voice benchmark's white noise spreads 0.22 dB (median; 0.64
at the 95th percentile), its babble 0.74 dB and more (median 1.9).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from voice.listen.audio import pcm16


@dataclass(frozen=True, slots=True)
class DenoiseSettings:
    """``quiet`` is the share of frames taken as noise-only; ``over`` how much of the
    noise estimate to subtract; ``floor`` the least gain a bin keeps; ``steady_db``
    the most the quiet frames' levels may spread (standard deviation) for the noise to
    count as steady."""

    quiet: float = 0.2
    over: float = 2.0
    floor: float = 0.2
    size: int = 512
    steady_db: float = 0.7


def denoise(pcm: bytes, settings: DenoiseSettings = DenoiseSettings()) -> bytes:
    """``pcm`` (mono int16) with the steady noise estimated from its quietest frames
    removed; the output has the same length. A clip too short to estimate from, or
    whose background is not steady, is returned as is."""
    x = np.frombuffer(pcm, "<i2").astype(np.float64)
    size, hop = settings.size, settings.size // 2
    if len(x) < 8 * size:
        return pcm
    padded = np.concatenate([np.zeros(hop), x, np.zeros(size)])
    count = (len(padded) - size) // hop + 1
    window = np.sqrt(np.hanning(size + 1)[:size])
    index = np.arange(size)[None, :] + hop * np.arange(count)[:, None]
    spectra = np.fft.rfft(padded[index] * window, axis=1)
    power = spectra.real ** 2 + spectra.imag ** 2
    inside = np.arange(1, count - 2)  # frames wholly within the clip, not the padding
    energy = power[inside].sum(axis=1)
    lowest = np.argsort(energy)[: max(4, int(len(inside) * settings.quiet))]
    if np.std(10 * np.log10(energy[lowest] + 1e-9)) > settings.steady_db:
        return pcm
    quiet = inside[lowest]
    noise = power[quiet].mean(axis=0)
    gain = np.maximum(1 - settings.over * noise / np.maximum(power, 1e-9), settings.floor)
    frames = np.fft.irfft(spectra * gain, size, axis=1) * window
    out = np.zeros(len(padded))
    np.add.at(out, index, frames)
    cleaned = out[hop:hop + len(x)]
    return pcm16(cleaned)


def dither(pcm: bytes, level: float) -> bytes:
    """``pcm`` plus white noise of ``level`` int16 steps rms (32: -60 dBFS), the same
    for the same length. A microphone always has such a floor; synthesized speech and
    the gaps subtraction leaves do not, and the log spectra of near-silence are far
    outside what the acoustic model was trained on."""
    x = np.frombuffer(pcm, "<i2").astype(np.float64)
    x += np.random.default_rng(len(x)).normal(0.0, level, len(x))
    return pcm16(x)
