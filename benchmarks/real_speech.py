"""Real people's recordings for the voice benchmark and the spotter's training.

Two public corpora, read where they were unpacked (never shipped in the repository):

* the Free Spoken Digit Dataset (CC BY-SA 4.0): ``recordings/<digit>_<speaker>_<take>.wav``,
  8 kHz, six speakers saying "zero" to "nine";
* samples of Speech Commands v0.01 (CC BY 4.0): ``<word>/<speaker>_nohash_<take>.wav``,
  16 kHz, one-second words from many speakers (yes, no, stop, go, the digits, and words
  that are no command: bird, cat, dog, house, sheila ...).

The folders are given by ``HOLDEM_REAL_SPEECH`` (paths separated by ``:``; each is
searched for either layout) or by a benchmark's ``--real`` option.

Every clip is assigned to a split by its speaker, never by clip: a speaker's voice is in
one split only. ``train`` and ``calibrate`` are for fitting (the spotter's head and its
calibration); ``dev`` is for tuning decisions; ``test`` is reported and never tuned on.
Recordings from any other corpus are held out entirely and are not read here.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import soxr

from voice.listen.audio import read_wav

RATE = 16_000
SPLITS = ("train", "calibrate", "dev", "test")

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
FSDD_SPLIT = {"george": "train", "jackson": "train", "lucas": "calibrate",
              "nicolas": "dev", "theo": "test", "yweweler": "test"}
"""The digit corpus has six speakers: four to fit and tune on, two only reported."""

_FSDD = re.compile(r"^(\d)_([a-z]+)_(\d+)\.wav$")
_COMMANDS = re.compile(r"^([0-9a-f]{8})_nohash_(\d+)\.wav$")


@dataclass(frozen=True, slots=True)
class Clip:
    """One real recording: what was said, by whom, and which split it belongs to."""

    path: Path
    corpus: str    # "fsdd" | "commands"
    word: str      # the word said, in letters ("four", "bird", "yes")
    speaker: str
    split: str

    @property
    def key(self) -> str:
        """A stable name for caches and reports."""
        return f"{self.corpus}/{self.word}/{self.path.name}"


def speaker_split(speaker: str) -> str:
    """The split of a Speech Commands speaker, from a hash of the speaker id (stable across
    machines and corpus samples): 50% train, 10% calibrate, 15% dev, 25% test."""
    bucket = int(hashlib.sha1(speaker.encode()).hexdigest()[:8], 16) % 20
    if bucket < 10:
        return "train"
    if bucket < 12:
        return "calibrate"
    return "dev" if bucket < 15 else "test"


def roots(given: Sequence[str] | None = None) -> list[Path]:
    """The corpus folders: those given, else ``HOLDEM_REAL_SPEECH``."""
    spec = list(given or []) or [p for p in os.environ.get("HOLDEM_REAL_SPEECH", "").split(":")
                                 if p]
    return [Path(p).expanduser() for p in spec]


def _walk(root: Path) -> Iterable[Clip]:
    for path in sorted(root.rglob("*.wav")):
        if m := _FSDD.match(path.name):
            speaker = m.group(2)
            yield Clip(path, "fsdd", DIGITS[int(m.group(1))], speaker,
                       FSDD_SPLIT.get(speaker, "test"))
        elif (m := _COMMANDS.match(path.name)) and path.parent.name.isalpha():
            speaker = m.group(1)
            yield Clip(path, "commands", path.parent.name.lower(), speaker,
                       speaker_split(speaker))


def clips(given: Sequence[str] | None = None, *, splits: Sequence[str] = SPLITS,
          corpus: str | None = None) -> list[Clip]:
    """Every clip under the corpus folders in the given splits, each file once."""
    seen: set[Path] = set()
    found: list[Clip] = []
    for root in roots(given):
        if not root.is_dir():
            raise FileNotFoundError(f"no corpus folder at {root}")
        for clip in _walk(root):
            real = clip.path.resolve()
            if real in seen or clip.split not in splits:
                continue
            if corpus is not None and clip.corpus != corpus:
                continue
            seen.add(real)
            found.append(clip)
    return found


def samples(clip: Clip) -> np.ndarray:
    """The clip as float64 samples in [-1, 1] at 16 kHz."""
    pcm, rate = read_wav(clip.path)
    x = np.frombuffer(pcm, dtype=np.int16).astype(np.float64) / 32768.0
    if rate != RATE:
        x = np.asarray(soxr.resample(x, rate, RATE), dtype=np.float64)
    return x
