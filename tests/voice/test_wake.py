"""The wake word can be heard: it is in every recognizer's vocabulary and in the
language model's training text before commands (``voice.listen.wake``; the game reads it off
in ``game.voicectl.room_options``)."""

from __future__ import annotations

from voice.listen.wake import WAKE_WORD, after_wake
from voice.recognize.sphinx_lm import lm_corpus, vocabulary_of


def test_the_wake_word_is_in_the_recognizers_vocabulary() -> None:
    assert WAKE_WORD in vocabulary_of()


def test_the_language_model_learns_the_wake_word_before_commands() -> None:
    corpus = lm_corpus(per_template=10)
    woken = [s for s in corpus if after_wake(s) is not None]
    assert len(woken) >= 20, f"{len(woken)} of {len(corpus)} sentences start with it"
