"""The table's sound effects, synthesized here with numpy (no recorded files: every sound
is the project's own). Each maker returns mono float samples in [-1, 1] at ``rate``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

Samples = NDArray[np.float64]


def _t(seconds: float, rate: int) -> Samples:
    return np.arange(int(seconds * rate)) / rate


def _env(t: Samples, attack: float, decay: float) -> Samples:
    """A fast rise then an exponential fall."""
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return np.asarray(rise * np.exp(-np.maximum(t - attack, 0.0) / decay), dtype=np.float64)


def _noise(n: int, seed: int) -> Samples:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, n)


def _smooth(x: Samples, width: int) -> Samples:
    """A moving average: a crude low-pass filter."""
    return np.convolve(x, np.ones(width) / width, mode="same")


def card(rate: int) -> Samples:
    """A card sliding onto the felt: a short, soft burst of filtered noise."""
    t = _t(0.09, rate)
    hiss = _noise(len(t), 1) - _smooth(_noise(len(t), 1), 12)  # keep the high part
    return 0.6 * hiss * _env(t, 0.004, 0.025)


def chip(rate: int, seed: int = 2) -> Samples:
    """One clay chip on another: two bright partials that ring briefly."""
    t = _t(0.08, rate)
    tone = np.sin(2 * np.pi * 3100 * t) + 0.6 * np.sin(2 * np.pi * 4700 * t + 1.0)
    click = _noise(len(t), seed) * _env(t, 0.0005, 0.003)
    return 0.35 * tone * _env(t, 0.001, 0.018) + 0.4 * click


def _scatter(rate: int, times: list[float], length: float) -> Samples:
    out = np.zeros(int(length * rate))
    for k, at in enumerate(times):
        c = chip(rate, seed=3 + k) * (0.9 - 0.08 * k)
        start = int(at * rate)
        out[start:start + len(c)] += c[:len(out) - start]
    return out


def chips(rate: int) -> Samples:
    """A bet: a few chips set down."""
    return _scatter(rate, [0.0, 0.045, 0.085], 0.2)


def push(rate: int) -> Samples:
    """A pot pushed to the winner: a longer cascade of chips."""
    times = [0.0, 0.03, 0.055, 0.09, 0.11, 0.15, 0.18, 0.23]
    return _scatter(rate, times, 0.36)


def knock(rate: int) -> Samples:
    """A check: two knuckle knocks on the table (a low thump with a woody click)."""
    out = np.zeros(int(0.3 * rate))
    t = _t(0.09, rate)
    thump = np.sin(2 * np.pi * 150 * t * (1 - 0.3 * t / 0.09)) * _env(t, 0.001, 0.025)
    wood = _smooth(_noise(len(t), 5), 4) * _env(t, 0.0005, 0.006)
    hit = 0.8 * thump + 0.5 * wood
    for at in (0.0, 0.14):
        start = int(at * rate)
        out[start:start + len(hit)] += hit
    return out


def chime(rate: int) -> Samples:
    """The player's turn: two soft bell tones, a fifth apart."""
    out = np.zeros(int(0.7 * rate))
    for at, freq in ((0.0, 880.0), (0.12, 1318.5)):
        t = _t(0.55, rate)
        bell = np.sin(2 * np.pi * freq * t) + 0.25 * np.sin(2 * np.pi * 2.76 * freq * t)
        start = int(at * rate)
        tone = 0.3 * bell * _env(t, 0.005, 0.18)
        out[start:start + len(tone)] += tone[:len(out) - start]
    return out


def win(rate: int) -> Samples:
    """The player wins a pot: a rising major arpeggio."""
    out = np.zeros(int(0.9 * rate))
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        t = _t(0.5, rate)
        tone = 0.22 * (np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t))
        tone *= _env(t, 0.004, 0.16)
        start = int(k * 0.09 * rate)
        out[start:start + len(tone)] += tone[:len(out) - start]
    return out


SOUNDS: dict[str, Callable[[int], Samples]] = {
    "card": card, "chips": chips, "push": push, "knock": knock, "chime": chime, "win": win,
}


def render(name: str, rate: int) -> Samples:
    """The named effect, clipped to [-1, 1]."""
    return np.clip(SOUNDS[name](rate), -1.0, 1.0)
