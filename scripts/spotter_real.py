"""Real people's recordings for the command spotter: its real positives and negatives.

The corpora of :mod:`real_speech` (the spoken-digit corpus, the Speech Commands samples)
hold two of the spotter's words said by real people ("yes", "no") and many words that
are none of its commands ("four" beside "fold", "bird", "cat", "house", "sheila",
"stop", the digits...). Each clip is played the way the game would hear it: placed in a
stretch of faint hiss (as the file is: "quiet") or in a room like the synthetic scenes'
(people talking, steady noise, a TV, 5-25 dB), cut by the game's gate, padded and
embedded as the spotter does. In the cut holding the word, windows ending just after
the word are its class; every other window is "none".

Clips are split by speaker (``real_speech``): ``train`` to fit the head, ``calibrate``
for its calibration, ``dev`` to choose between heads, ``test`` only to report.
"""

from __future__ import annotations

import hashlib
import pickle
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import real_speech

from voice.listen import room
from voice.recognize.spotter import (
    NONE,
    PAD_BEFORE,
    WINDOW,
    Backbone,
    Calibration,
    Head,
    padded,
    window_ends,
    window_features,
)
from voice.speak.synth import RATE

POSITIVES = {"yes": "yes", "no": "no"}
"""The corpora's words that are one of the spotter's commands, and that command."""

ROOMS = ("talk", "steady", "tv", "fan")


@dataclass(frozen=True, slots=True)
class RealScene:
    """One real clip said into a room (``quiet``: the file as it is, with faint hiss
    around it) at ``snr`` dB; ``label`` the class it is said as (:data:`NONE` for a word
    that is no command)."""

    clip: real_speech.Clip
    label: str
    room: str
    snr: float
    index: int


@dataclass(frozen=True, slots=True)
class RealExample:
    """One cut of a real scene: its windows' features and class indices (-1: left
    out), and whether the cut holds the word."""

    scene: RealScene
    features: np.ndarray
    labels: np.ndarray
    said: bool


def word_span(x: np.ndarray) -> tuple[float, float]:
    """Where the word is in a clip (seconds): the first and last 10 ms frame within
    25 dB of the loudest."""
    frame = RATE // 100
    n = max(1, len(x) // frame)
    power = np.mean(x[: n * frame].reshape(n, frame) ** 2, axis=1) + 1e-12
    levels = 10 * np.log10(power)
    active = np.flatnonzero(levels > levels.max() - 25.0)
    return float(active[0]) * 0.01, float(active[-1] + 1) * 0.01


def plan(clips: Sequence[real_speech.Clip], seed: int, rooms: int) -> list[RealScene]:
    """Each clip quiet, and in ``rooms`` more rooms drawn with ``seed``."""
    rng = random.Random(seed)
    out: list[RealScene] = []
    for clip in clips:
        label = POSITIVES.get(clip.word, NONE)
        out.append(RealScene(clip, label, "quiet", 99.0, len(out)))
        for _ in range(rooms):
            out.append(RealScene(clip, label, rng.choice(ROOMS), rng.uniform(5.0, 25.0),
                                 len(out)))
    return out


def build(scene: RealScene, classes: Sequence[str], backbone: Backbone,
          cut: Callable[[np.ndarray], list[tuple[int, int]]],
          bed_of: Callable[[str, float, np.random.Generator, random.Random], np.ndarray]
          ) -> list[RealExample]:
    """Place, cut as the gate cuts, pad, embed, label (see the module's docstring)."""
    rng = random.Random(scene.index * 7919 + 23)
    gen = np.random.default_rng(scene.index * 104729 + 5)
    clip = real_speech.samples(scene.clip) * 32768.0
    if scene.room != "quiet":
        clip = room.scale_to(clip, -26.0, RATE)
    said_from, said_to = word_span(clip)
    before, after = rng.uniform(1.0, 2.0), rng.uniform(1.0, 1.5)
    total = before + len(clip) / RATE + after
    bed = room.pink_noise(total, RATE, gen) * 32768 * 10 ** (-65.0 / 20)
    if scene.room != "quiet":
        noise = room.scale_to(bed_of(scene.room, total, gen, rng), -26.0 - scene.snr, RATE)
        bed += noise[: len(bed)]
    start = int(before * RATE)
    room.place(bed, clip, start)
    word_from, word_to = start + int(said_from * RATE), start + int(said_to * RATE)
    out = []
    for lo, hi in cut(bed):
        segment = np.clip(bed[lo:hi], -32768, 32767).astype(np.float32)
        features = window_features(backbone.embeddings(padded(segment)))
        if not len(features):
            continue
        ends = window_ends(len(features) + WINDOW - 1) - PAD_BEFORE
        said = lo < word_to and hi > word_from
        t_from, t_to = (word_from - lo) / RATE, (word_to - lo) / RATE
        labels = np.zeros(len(features), int)
        if said and scene.label != NONE:
            k = list(classes).index(scene.label)
            labels = np.where((ends >= t_to - 0.05) & (ends <= t_to + 0.35), k, -1)
            gone = ends - (WINDOW - 1) * 0.08 - 0.76 > t_to + 0.05
            labels = np.where((ends < t_from + 0.15) | gone, 0, labels)
        out.append(RealExample(scene, features.astype(np.float32), labels, said))
    return out


def embedded(scenes: Sequence[RealScene], classes: Sequence[str], cache: Path,
             cut: Callable[[np.ndarray], list[tuple[int, int]]],
             bed_of: Callable[[str, float, np.random.Generator, random.Random], np.ndarray]
             ) -> list[RealExample]:
    """Every scene built, kept in ``cache`` by the scenes' digest (one process)."""
    key = repr([(s.clip.key, s.label, s.room, round(s.snr, 3), s.index) for s in scenes])
    digest = hashlib.sha1(repr((key, tuple(classes), WINDOW, PAD_BEFORE)).encode()
                          ).hexdigest()[:16]
    path = cache / f"real-{digest}.pickle"
    if path.exists():
        with path.open("rb") as stream:
            cached: list[RealExample] = pickle.load(stream)
        return cached
    backbone = Backbone()
    out: list[RealExample] = []
    for scene in scenes:
        out += build(scene, classes, backbone, cut, bed_of)
    cache.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        pickle.dump(out, stream)
    return out


@dataclass(frozen=True, slots=True)
class Heard:
    """The spotter's reading of the cut holding a real word: what was said, the
    command it spotted (the surest window's), the head's own and the calibrated
    probability."""

    scene: RealScene
    command: str
    raw: float
    confidence: float


def readings(head: Head, calibration: Calibration, examples: Sequence[RealExample]
             ) -> list[Heard]:
    """Each scene's reading of the cut that holds its word (the surest, if the gate cut
    the word in two)."""
    best: dict[int, Heard] = {}
    for ex in examples:
        if not ex.said:
            continue
        probs = head.probabilities(ex.features)
        top = probs[:, 1:].max(axis=0)
        k = int(top.argmax())
        heard = Heard(ex.scene, head.classes[k + 1], float(top[k]),
                      calibration(float(top[k])))
        old = best.get(ex.scene.index)
        if old is None or heard.raw > old.raw:
            best[ex.scene.index] = heard
    return list(best.values())


def rates(heard: Sequence[Heard], threshold: float) -> dict[str, float]:
    """At a calibrated ``threshold``: the share of words that are no command spotted as
    one (``false``), of real commands spotted right (``hit``) and as another command
    (``wrong``), and the counts."""
    others = [h for h in heard if h.scene.label == NONE]
    commands = [h for h in heard if h.scene.label != NONE]
    on = [h for h in others if h.confidence >= threshold]
    right = [h for h in commands if h.confidence >= threshold and h.command == h.scene.label]
    wrong = [h for h in commands if h.confidence >= threshold and h.command != h.scene.label]
    return {"false": len(on) / max(1, len(others)), "hit": len(right) / max(1, len(commands)),
            "wrong": len(wrong) / max(1, len(commands)), "others": len(others),
            "commands": len(commands)}


def per_word(heard: Sequence[Heard], threshold: float) -> dict[str, tuple[int, int, str]]:
    """Per word said: (spotted as a command at ``threshold``, clips, the command most
    often spotted)."""
    out: dict[str, tuple[int, int, str]] = {}
    for word in sorted({h.scene.clip.word for h in heard}):
        mine = [h for h in heard if h.scene.clip.word == word]
        on = [h.command for h in mine if h.confidence >= threshold]
        top = max(set(on), key=on.count) if on else ""
        out[word] = (len(on), len(mine), top)
    return out


def per_speaker(heard: Sequence[Heard], threshold: float) -> dict[str, tuple[int, int]]:
    """Per speaker (the spoken-digit corpus by name, Speech Commands pooled): words that
    are no command spotted as one at ``threshold``, of such words."""
    out: dict[str, tuple[int, int]] = {}
    for h in heard:
        if h.scene.label != NONE:
            continue
        who = h.scene.clip.speaker if h.scene.clip.corpus == "fsdd" else "commands"
        n, total = out.get(who, (0, 0))
        out[who] = (n + (h.confidence >= threshold), total + 1)
    return out
