"""What every speech recognizer offers: one interface and its result.

A :class:`Recognizer` is fed 16 kHz mono int16 PCM while the gate hears speech
(``feed`` returns the partial text), then ``finish`` gives a :class:`Result`: the best
text, alternatives and a confidence in 0..1. ``reset`` throws the utterance away
(half-duplex: the game started talking). The backends are
:class:`voice.recognize.vosk.VoskRecognizer` and
:class:`voice.recognize.pocketsphinx.PocketSphinxRecognizer`,
:class:`voice.recognize.whisper.WhisperRecognizer`, and the two ears together,
:class:`voice.recognize.pair.PairedRecognizer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

RATE = 16_000
"""Both recognizers take 16 kHz audio."""

UNKNOWN_WORD = "[unk]"

AGREEMENT_PATHS = 30
"""How many of a decoder's best paths a :class:`Result` keeps in ``paths``."""


@dataclass(frozen=True, slots=True)
class Result:
    """What a recognizer heard: ``text`` (best first), ``alternatives`` (the best
    included, in order), ``confidence`` in 0..1, empty text when nothing usable.
    ``paths`` (pocketsphinx) lists the texts of the best paths through the lattice with
    repeats, one per way of lining the words up with the audio. ``second`` is a second,
    partly independent hearing of the same audio when the backend has one (pocketsphinx:
    what its streaming decode, with a running cepstral mean and no noise subtraction,
    ended with); empty otherwise (Vosk). ``readings`` holds each recognizer's own
    result when two listen (:class:`voice.recognize.pair.PairedRecognizer`)."""

    text: str
    alternatives: tuple[str, ...] = ()
    confidence: float = 0.0
    backend: str = ""
    details: Mapping[str, float] = field(default_factory=dict)
    paths: tuple[str, ...] = ()  # the decoder's best paths in order, repeats kept
    second: str = ""  # another decoding's text of the same audio ("": none)
    readings: tuple[Result, ...] = ()  # each recognizer's own result (two ears), else ()

    @property
    def empty(self) -> bool:
        return not self.text


class Recognizer(Protocol):
    """One utterance at a time of 16 kHz mono int16 PCM."""

    name: str
    sample_rate: int

    def feed(self, pcm: bytes) -> str:
        """Add audio; returns the partial text so far (may be empty)."""
        ...

    def finish(self) -> Result:
        """End the utterance and return what was said; the next ``feed`` starts anew."""
        ...

    def reset(self) -> None:
        """Drop the utterance in progress."""
        ...

    def settle(self) -> None:
        """The speaker has paused and may be done: work out the result of the audio so
        far now, so that ``finish`` can return it at once. Any ``feed`` after this
        discards that work (the speaker went on)."""
        ...

    def close(self) -> None:
        """Release the model."""
        ...
