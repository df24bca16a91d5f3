"""The benchmark's human-like voice (Piper ``en_US-joe-medium``, a test extra): its files
are checked by SHA-256 before Piper loads them, and what it says reaches the game's
listening path as the command that was said."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchmarks.piper_voice import (
    JOE_FILES,
    PiperSpeaker,
    PiperStyle,
    piper_problem,
    voice_dir,
)
from tests.engine.util import deal
from voice.listen.audio import WavFileSource
from voice.recognize.pocketsphinx import PocketSphinxRecognizer
from voice.recognize.store import ModelFileError
from voice.transcribe import listen
from voice.understand.intent import IntentKind

needs_piper = pytest.mark.skipif(bool(piper_problem()), reason=piper_problem() or "ready")


@needs_piper
def test_a_damaged_voice_is_refused_before_piper_loads_it(home: Path) -> None:
    folder = voice_dir()
    assert folder is not None
    copy = home / "voice"
    shutil.copytree(folder, copy)
    config = copy / JOE_FILES[1].name
    config.write_bytes(config.read_bytes().replace(b"0.667", b"0.668"))  # same size
    with pytest.raises(ModelFileError, match="SHA-256") as caught:
        PiperSpeaker(copy)
    assert caught.value.short == "Piper voice damaged"


@needs_piper
@pytest.mark.slow
def test_the_human_like_voice_is_heard_at_every_rate(home: Path) -> None:
    speaker = PiperSpeaker()
    recognizer = PocketSphinxRecognizer()
    state = deal([1000] * 4)  # preflop, 10 to call
    heard = []
    for rate in (0.85, 1.0, 1.2):
        path = speaker.say("fold", PiperStyle(length_scale=rate)).save(home / f"{rate}.wav")
        with WavFileSource(path) as source:
            _, intent, _, _, _ = listen(source, source.sample_rate,
                                        state.betting_context(), recognizer)
        heard.append(intent.intent)
    assert heard.count(IntentKind.FOLD) >= 2, heard  # Piper's noise differs run to run
