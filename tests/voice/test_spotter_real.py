"""The spotter's real recordings: which words are its commands, where the word is in a
clip, and how its readings of real words are counted at the game's thresholds."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for folder in ("benchmarks", "scripts"):
    sys.path.insert(0, str(ROOT / folder))

import real_speech  # noqa: E402
import spotter_real  # noqa: E402

from voice.recognize.spotter import NONE, Calibration  # noqa: E402


def clip(word: str, speaker: str = "0a1b2c3d", corpus: str = "commands") -> real_speech.Clip:
    return real_speech.Clip(Path(f"{word}/{speaker}_nohash_0.wav"), corpus, word, speaker,
                            "dev")


def test_only_yes_and_no_are_the_spotters_commands_among_the_real_words() -> None:
    scenes = spotter_real.plan([clip("yes"), clip("no"), clip("four"), clip("stop"),
                                clip("cat")], seed=3, rooms=1)
    labels = {(s.clip.word, s.room == "quiet"): s.label for s in scenes}
    assert labels[("yes", True)] == "yes" and labels[("no", False)] == "no"
    assert {labels[(w, q)] for w in ("four", "stop", "cat") for q in (True, False)} == {NONE}


def test_each_clip_is_played_quiet_and_in_the_rooms_asked_for() -> None:
    scenes = spotter_real.plan([clip("yes"), clip("cat")], seed=3, rooms=2)
    assert [s.room == "quiet" for s in scenes] == [True, False, False, True, False, False]
    assert all(s.room in spotter_real.ROOMS for s in scenes if s.room != "quiet")
    assert all(5.0 <= s.snr <= 25.0 for s in scenes if s.room != "quiet")
    assert [s.index for s in scenes] == list(range(6))
    assert spotter_real.plan([clip("yes"), clip("cat")], seed=3, rooms=2) == scenes


def test_the_word_is_found_where_the_clip_is_loud() -> None:
    rate = 16_000
    x = np.zeros(rate)
    t = np.arange(int(0.3 * rate)) / rate
    x[int(0.4 * rate):int(0.7 * rate)] = 8000 * np.sin(2 * np.pi * 300 * t)
    x += np.random.default_rng(1).normal(0, 3, rate)  # faint hiss, 68 dB down
    start, end = spotter_real.word_span(x)
    assert abs(start - 0.4) <= 0.011 and abs(end - 0.7) <= 0.011


def heard(word: str, command: str, confidence: float) -> spotter_real.Heard:
    scene = spotter_real.plan([clip(word)], seed=1, rooms=0)[0]
    return spotter_real.Heard(scene, command, confidence, confidence)


def test_a_real_word_spotted_as_a_command_counts_only_from_the_threshold() -> None:
    readings = [heard("four", "fold", 0.95), heard("cat", "check", 0.55),
                heard("bird", "call", 0.2), heard("house", "pot", 0.1),
                heard("yes", "yes", 0.97), heard("no", "no", 0.4), heard("no", "fold", 0.7)]
    at_half = spotter_real.rates(readings, 0.5)
    assert at_half["false"] == 2 / 4 and at_half["others"] == 4
    assert at_half["hit"] == 1 / 3 and at_half["wrong"] == 1 / 3 and at_half["commands"] == 3
    sure = spotter_real.rates(readings, 0.9)
    assert sure["false"] == 1 / 4 and sure["hit"] == 1 / 3 and sure["wrong"] == 0.0
    words = spotter_real.per_word(readings, 0.5)
    assert words["four"] == (1, 1, "fold") and words["bird"] == (0, 1, "")
    assert spotter_real.per_speaker(readings, 0.5) == {"commands": (2, 4)}


def test_a_reading_is_the_surest_window_of_the_cut_holding_the_word() -> None:
    class Head:
        classes = (NONE, "fold", "yes")

        def probabilities(self, features: np.ndarray) -> np.ndarray:
            return features

    scene = spotter_real.plan([clip("four")], seed=1, rooms=0)[0]
    said = spotter_real.RealExample(scene, np.array([[0.9, 0.05, 0.05], [0.2, 0.7, 0.1]]),
                                    np.zeros(2, int), True)
    room_only = spotter_real.RealExample(scene, np.array([[0.0, 0.0, 1.0]]), np.zeros(1, int),
                                         False)
    (reading,) = spotter_real.readings(Head(), Calibration(), [room_only, said])
    assert reading.command == "fold" and abs(reading.raw - 0.7) < 1e-6
