"""Spectral subtraction and the noise floor applied before whole-utterance decoding."""

from __future__ import annotations

import numpy as np

from voice.listen.denoise import DenoiseSettings, denoise, dither

RATE = 16_000


def pcm(x: np.ndarray) -> bytes:
    return np.clip(np.round(x), -32768, 32767).astype("<i2").tobytes()


def samples(data: bytes) -> np.ndarray:
    return np.frombuffer(data, "<i2").astype(np.float64)


def db(x: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(x * x) + 1e-12))


def tone_in_noise(noise: np.ndarray) -> tuple[np.ndarray, slice, slice]:
    """0.4 s of noise alone, then 1 s of a 440 Hz tone over it, then 0.4 s of noise."""
    t = np.arange(int(1.0 * RATE)) / RATE
    x = noise.copy()
    speech = slice(int(0.4 * RATE), int(1.4 * RATE))
    x[speech] += 6000 * np.sin(2 * np.pi * 440 * t)
    return x, slice(0, int(0.35 * RATE)), speech


def test_steady_noise_is_removed_and_the_signal_kept() -> None:
    rng = np.random.default_rng(1)
    x, quiet, speech = tone_in_noise(rng.normal(0, 1000, int(1.8 * RATE)))
    y = samples(denoise(pcm(x)))
    assert len(y) == len(x)
    assert db(y[quiet]) < db(x[quiet]) - 10  # the noise alone drops by more than 10 dB
    assert abs(db(y[speech]) - db(x[speech])) < 1.0  # the tone, 9 dB over it, stays


def test_unsteady_background_is_left_alone() -> None:
    """Noise whose level swings (voices, music) is not subtracted."""
    rng = np.random.default_rng(2)
    n = int(1.8 * RATE)
    swing = 1 + 0.9 * np.sin(2 * np.pi * 3 * np.arange(n) / RATE)
    x, _, _ = tone_in_noise(rng.normal(0, 1000, n) * swing)
    assert denoise(pcm(x)) == pcm(x)


def test_clean_audio_and_short_clips_come_out_unchanged() -> None:
    x, _, _ = tone_in_noise(np.zeros(int(1.8 * RATE)))
    assert denoise(pcm(x)) == pcm(x)
    short = pcm(np.random.default_rng(3).normal(0, 1000, 2000))
    assert denoise(short) == short


def test_more_subtraction_removes_more() -> None:
    rng = np.random.default_rng(4)
    x, quiet, _ = tone_in_noise(rng.normal(0, 1000, int(1.8 * RATE)))
    gentle = samples(denoise(pcm(x), DenoiseSettings(over=1.0, floor=0.5)))
    strong = samples(denoise(pcm(x), DenoiseSettings(over=3.0, floor=0.1)))
    assert db(strong[quiet]) < db(gentle[quiet]) - 3


def test_dither_is_a_fixed_floor() -> None:
    silent = bytes(2 * RATE)
    once, again = dither(silent, 32.0), dither(silent, 32.0)
    assert once == again
    assert abs(db(samples(once)) - 20 * np.log10(32.0)) < 0.5
    loud = pcm(np.full(RATE, 32767.0))
    assert samples(dither(loud, 32.0)).max() <= 32767  # clipped, not wrapped
