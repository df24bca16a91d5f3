"""The gate: quiet level, minimum length, voicing, hangover and half-duplex, with an
injected clock and synthetic signals."""

from __future__ import annotations

import random

from voice.listen.gate import GateConfig, GateEvent, SpeechGate
from voice.speak.synth import cough, silence, vowel

RATE = 16_000


def feed(gate: SpeechGate, pcm: bytes, start: float = 0.0,
         block: int = 1600) -> list[tuple[float, tuple[GateEvent, ...], int]]:
    """(time, events, bytes of audio) for every block that did something."""
    out = []
    for i in range(0, len(pcm), block * 2):
        now = start + (i // 2 + block) / RATE
        step = gate.push(pcm[i:i + block * 2], now)
        if step.events or step.audio:
            out.append((round(now, 2), step.events, len(step.audio)))
    return out


def events(log: list[tuple[float, tuple[GateEvent, ...], int]]) -> list[GateEvent]:
    return [e for _, es, _ in log for e in es]


def test_silence_opens_nothing() -> None:
    assert feed(SpeechGate(RATE), silence(3.0, rng=random.Random(1))) == []


def test_a_steady_hum_is_learned_as_the_room() -> None:
    """A hum that starts suddenly may open once; then the floor rises to it."""
    gate = SpeechGate(RATE)
    feed(gate, silence(0.3) + vowel(4.0, level=600))
    assert feed(gate, vowel(6.0, level=600), start=4.3) == []


def test_speech_opens_and_closes_after_the_hangover() -> None:
    gate = SpeechGate(RATE)
    pcm = silence(1.0) + vowel(0.6) + silence(1.0)
    log = feed(gate, pcm)
    assert events(log) == [GateEvent.START, GateEvent.END]
    end_step = next(entry for entry in log if GateEvent.END in entry[1])
    assert 1.6 + 0.2 <= end_step[0] <= 1.6 + 0.2 + 0.1  # hangover, then the next block


def test_the_speech_end_is_the_last_loud_frame() -> None:
    gate = SpeechGate(RATE)
    pcm = silence(1.0) + vowel(0.63) + silence(1.0)
    ends = []
    for i in range(0, len(pcm), 3200):
        step = gate.push(pcm[i:i + 3200], (i // 2 + 1600) / RATE)
        if step.speech_end is not None:
            ends.append(step.speech_end)
    assert len(ends) == 1 and abs(ends[0] - 1.63) <= 0.02


def test_the_audio_before_the_opening_is_kept() -> None:
    gate = SpeechGate(RATE, GateConfig(preroll_ms=200))
    log = feed(gate, silence(1.0) + vowel(0.6) + silence(1.0))
    fed = sum(n for _, _, n in log) // 2
    assert fed >= int(0.6 * RATE) + int(0.2 * RATE) - 1600


def test_a_cough_is_dropped_not_sent() -> None:
    for seed in range(5):
        log = feed(SpeechGate(RATE), cough(random.Random(seed)).pcm)
        assert GateEvent.END not in events(log)


def test_a_click_shorter_than_the_minimum_is_dropped() -> None:
    log = feed(SpeechGate(RATE), silence(1.0) + vowel(0.07) + silence(1.0))
    assert events(log) == [GateEvent.START, GateEvent.DROP]


def test_a_short_pause_inside_a_phrase_does_not_close_it() -> None:
    pcm = silence(1.0) + vowel(0.4) + silence(0.12) + vowel(0.4) + silence(1.0)
    assert events(feed(SpeechGate(RATE), pcm)) == [GateEvent.START, GateEvent.END]


def test_an_endless_utterance_is_closed_at_the_maximum() -> None:
    gate = SpeechGate(RATE, GateConfig(max_speech_ms=2000))
    log = feed(gate, silence(0.5) + vowel(5.0, pitch=150))
    assert GateEvent.END in events(log)


class Mixer:
    def __init__(self) -> None:
        self.playing = False

    def busy(self) -> bool:
        return self.playing


def test_nothing_is_heard_while_the_game_speaks() -> None:
    mixer = Mixer()
    mixer.playing = True
    gate = SpeechGate(RATE, speaking=mixer.busy)
    log = feed(gate, silence(0.5) + vowel(0.6) + silence(0.5))
    assert log == []


def test_speech_started_before_the_game_spoke_is_cancelled() -> None:
    mixer = Mixer()
    gate = SpeechGate(RATE, speaking=mixer.busy)
    first = feed(gate, silence(1.0) + vowel(0.3))
    assert events(first) == [GateEvent.START]
    mixer.playing = True
    step = gate.push(vowel(0.1), 1.4)
    assert step.events == (GateEvent.RESET,) and step.audio == b""
    assert not gate.in_speech


def test_the_tail_after_playback_is_ignored_too() -> None:
    mixer = Mixer()
    gate = SpeechGate(RATE, GateConfig(tail_ms=300), speaking=mixer.busy)
    mixer.playing = True
    assert gate.push(silence(0.1), 1.0).events == ()
    mixer.playing = False
    assert gate.muted(1.2) and gate.muted(1.29)
    assert not gate.muted(1.31)
    assert feed(gate, vowel(0.2), start=1.05) == []  # all inside the tail


def test_a_stream_that_starts_with_speech_loses_nothing() -> None:
    """No quiet to learn the room from: the gate assumes a quiet room and opens at once,
    keeping the first frames."""
    gate = SpeechGate(RATE)
    log = feed(gate, vowel(0.6) + silence(1.0))
    assert events(log) == [GateEvent.START, GateEvent.END]
    first = log[0]
    assert first[0] == 0.1 and GateEvent.START in first[1]
    assert first[2] == 2 * 1600  # the whole first block, from the first sample


def _talk(seconds: float, level: float, rng: random.Random) -> bytes:
    """Several voices over each other: voiced bursts of random pitch, length and level
    with pauses, summed from three talkers."""
    import numpy as np

    total = np.zeros(int(seconds * RATE))
    for _ in range(3):
        pos = int(rng.uniform(0, 0.3) * RATE)
        while pos < len(total):
            burst = np.frombuffer(vowel(rng.uniform(0.15, 0.5), level * rng.uniform(0.4, 1.0),
                                        rng.uniform(100, 240)), "<i2").astype(float)
            part = burst[: len(total) - pos]
            total[pos:pos + len(part)] += part
            pos += len(burst) + int(rng.uniform(0.1, 1.0) * RATE)
    return np.clip(total, -32768, 32767).astype("<i2").tobytes()


def test_background_talk_becomes_the_room_and_a_louder_voice_opens() -> None:
    """Other people talking 15 dB below the player: after the first seconds they are the
    room's level, not speech; the player's command opens the gate and the utterance ends
    soon after the command does, not when the talk stops."""
    rng = random.Random(3)
    gate = SpeechGate(RATE)
    feed(gate, _talk(4.0, 1200, rng))
    assert feed(gate, _talk(4.0, 1200, rng), start=4.0) == []
    import numpy as np

    command = np.frombuffer(vowel(0.7, 9000), "<i2").astype(float)
    room = np.frombuffer(_talk(3.0, 1200, rng), "<i2").astype(float)
    room[int(0.5 * RATE):int(0.5 * RATE) + len(command)] += command
    mixed = np.clip(room, -32768, 32767).astype("<i2").tobytes()
    log = feed(gate, mixed, start=8.0)
    assert events(log) == [GateEvent.START, GateEvent.END]
    end = next(t for t, es, _ in log if GateEvent.END in es)
    assert end <= 8.0 + 0.5 + 0.7 + 0.2 + 0.15
