"""The listener asks the recognizer to settle once the speaker pauses, so the result is
ready when the gate's hangover runs out; if the speaker goes on, nothing is lost."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from voice.listen.gate import GateConfig, SpeechGate
from voice.pipeline import Listener
from voice.recognize.base import Result
from voice.recognize.pocketsphinx import PocketSphinxRecognizer, SphinxTuning
from voice.speak.synth import Synthesizer, add_noise, flite_available, silence, vowel

RATE = 16_000
BLOCK = RATE // 10  # 100 ms


class Recording:
    """A recognizer that keeps what it was fed and reports the audio its result
    covered: the byte count is the "text"."""

    name = "recording"
    sample_rate = RATE

    def __init__(self) -> None:
        self.audio = b""
        self.settled: Result | None = None
        self.decodes = 0
        self.settles = 0

    def feed(self, pcm: bytes) -> str:
        self.audio += pcm
        self.settled = None
        return ""

    def settle(self) -> None:
        self.settles += 1
        self.settled = self._decode()

    def _decode(self) -> Result:
        self.decodes += 1
        return Result(str(len(self.audio)), (str(len(self.audio)),), 1.0, self.name)

    def finish(self) -> Result:
        result = self.settled or self._decode()
        self.reset()
        return result

    def reset(self) -> None:
        self.audio = b""
        self.settled = None

    def close(self) -> None:
        pass


def run(pcm: bytes, recognizer: Recording) -> list[str]:
    listener = Listener(recognizer, RATE, SpeechGate(RATE))  # type: ignore[arg-type]
    heard = []
    for i in range(0, len(pcm), 2 * BLOCK):
        heard += listener.push(pcm[i:i + 2 * BLOCK], (i // 2 + BLOCK) / RATE)
    return [u.result.text for u in heard]


def test_a_pause_at_the_end_is_decoded_once_before_the_gate_closes() -> None:
    rec = Recording()
    texts = run(silence(1.0) + vowel(0.6) + silence(1.0), rec)
    assert len(texts) == 1
    assert (rec.settles, rec.decodes) == (1, 1)  # finish reused the settled result
    # It covers the pre-roll, the speech and the first 100-200 ms of quiet.
    covered = int(texts[0]) / 2 / RATE
    config = GateConfig()
    assert 0.6 + 0.1 <= covered <= config.preroll_ms / 1000 + 0.6 + 0.2


def test_speech_after_a_short_pause_is_fed_in_full() -> None:
    """A 150 ms pause settles the recognizer; the speaker goes on, so the held quiet
    audio and the rest are fed and the one result covers all of it."""
    rec = Recording()
    pcm = silence(1.0) + vowel(0.5) + silence(0.15) + vowel(0.5) + silence(1.0)
    texts = run(pcm, rec)
    assert len(texts) == 1
    assert rec.settles == 2  # once in the pause, once at the end
    covered = int(texts[0]) / 2 / RATE
    assert covered >= 0.5 + 0.15 + 0.5 + 0.1


def test_the_real_recognizer_gives_the_same_result_settled_or_not() -> None:
    with Synthesizer(isolated=True) as synth:
        said = synth.flite("raise to two hundred", "slt") if flite_available() else \
            synth.espeak("raise to two hundred")
    speech = add_noise(said, 20, random.Random(5)).pcm
    plain, settled = PocketSphinxRecognizer(), PocketSphinxRecognizer()
    plain.feed(speech)
    settled.feed(speech)
    settled.settle()
    first = plain.finish()
    assert first.text and settled.finish() == first
    assert first.second  # the streaming decode's own hearing rides along
    # Fed again after settling: the earlier result is dropped and all audio decoded.
    # The streaming decode restarted mid-utterance there, so it is no second hearing.
    settled.feed(speech[: len(speech) // 2])
    settled.settle()
    settled.feed(speech[len(speech) // 2:])
    plain.feed(speech)
    again = settled.finish()
    assert again.second == ""
    assert again == replace(plain.finish(), second="")


def test_a_decode_worker_gives_the_same_result_and_a_dead_one_is_replaced_in_process(
        ) -> None:
    """The game decodes in a child process (pocketsphinx holds the GIL while it
    decodes); results match decoding in this process, and if the worker dies the
    recognizer carries on without it."""
    with Synthesizer(isolated=True) as synth:
        said = synth.flite("call", "slt") if flite_available() else synth.espeak("call")
    speech = said.pcm
    local = PocketSphinxRecognizer()
    local.feed(speech)
    expected = local.finish()
    remote = PocketSphinxRecognizer(SphinxTuning(worker=True))
    try:
        remote.feed(speech)
        remote.settle()
        assert remote.finish() == expected
        assert remote._worker is not None
        remote._worker._process.kill()  # the worker is gone
        remote._worker._process.wait()
        remote.feed(speech)
        remote.settle()
        assert remote.finish() == expected
        assert remote._worker is None
    finally:
        remote.close()


@pytest.mark.parametrize("block_ms", [100, 300])
def test_two_commands_close_together_are_heard_as_two(block_ms: int) -> None:
    """A block can hold the end of one command and the start of the next (230 ms
    apart): whatever the blocks' alignment, each is decoded from its own audio."""
    block = RATE * block_ms // 1000
    for lead_ms in range(0, block_ms, 10):
        rec = Recording()
        pcm = (silence(1.0 + lead_ms / 1000) + vowel(0.6) + silence(0.23) + vowel(0.6)
               + silence(1.0))
        listener = Listener(rec, RATE, SpeechGate(RATE))  # type: ignore[arg-type]
        heard = []
        for i in range(0, len(pcm), 2 * block):
            heard += listener.push(pcm[i:i + 2 * block], (i // 2 + block) / RATE)
        heard += listener.flush(len(pcm) / 2 / RATE)
        covered = [int(u.result.text) / 2 / RATE for u in heard]
        assert len(covered) == 2 and all(0.6 <= c <= 0.25 + 0.6 + 0.2 for c in covered), \
            (lead_ms, covered)


def test_each_utterance_says_how_soon_it_followed_the_last() -> None:
    """A pause longer than the hangover makes two utterances; the second knows it began
    about that pause after the first ended (the confirm policy asks such halves)."""
    listener = Listener(Recording(), RATE, SpeechGate(RATE))  # type: ignore[arg-type]
    pcm = silence(1.0) + vowel(0.5) + silence(0.4) + vowel(0.5) + silence(2.0) \
        + vowel(0.5) + silence(1.0)
    heard = []
    following = []
    for i in range(0, len(pcm), 2 * BLOCK):
        heard += listener.push(pcm[i:i + 2 * BLOCK], (i // 2 + BLOCK) / RATE)
        following.append(listener.following())
    assert len(heard) == 3
    # While the second is open the listener says how soon it followed the first.
    assert min(following) == heard[1].after and following[-1] == float("inf")
    assert heard[0].after == float("inf")
    assert 0.3 <= heard[1].after <= 0.6
    assert heard[2].after >= 1.9
