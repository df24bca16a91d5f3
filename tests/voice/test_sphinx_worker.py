"""pocketsphinx's child process: its messages, and a child that goes is a failed
decoding (the recognizer then decodes in the game's process), never a hang."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from voice.recognize.base import Result
from voice.recognize.pocketsphinx import SphinxTuning
from voice.recognize.sphinx_worker import DecodeWorker, WorkerGone, read_message, write_message


def test_messages_go_through_whole_and_a_cut_one_is_the_end() -> None:
    stream = io.BytesIO()
    write_message(stream, b"\x01\x02" * 1000)
    write_message(stream, Result("call", ("call",), 0.8, "pocketsphinx"))
    whole = stream.getvalue()
    stream.seek(0)
    assert read_message(stream) == b"\x01\x02" * 1000
    assert read_message(stream) == Result("call", ("call",), 0.8, "pocketsphinx")
    with pytest.raises(WorkerGone):
        read_message(stream)
    cut = io.BytesIO(whole[:-3])
    assert read_message(cut) == b"\x01\x02" * 1000
    with pytest.raises(WorkerGone):
        read_message(cut)


@pytest.fixture
def worker() -> DecodeWorker:
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer

    return DecodeWorker(PocketSphinxRecognizer().setup)


def test_silence_decodes_to_nothing_and_close_ends_the_child(worker: DecodeWorker) -> None:
    from voice.recognize.pocketsphinx import PocketSphinxRecognizer

    # as the recognizer sends it: with its noise floor (pure zeros are no microphone's)
    silence = PocketSphinxRecognizer().prepared(b"\0\0" * 16000)
    assert worker.submit((silence, "table")).result(timeout=60).text == ""
    worker.close()
    assert worker._process.returncode is not None
    assert isinstance(worker.submit((b"\0\0" * 1600, "table")).exception(timeout=60), WorkerGone)


def test_a_child_that_dies_fails_what_waits_and_what_comes(worker: DecodeWorker) -> None:
    waiting = worker.submit((b"\0\0" * 16000 * 20, "table"))
    worker._process.kill()
    worker._process.wait()
    assert isinstance(waiting.exception(timeout=60), WorkerGone)
    assert isinstance(worker.submit((b"\0\0" * 1600, "table")).exception(timeout=60), WorkerGone)
    worker.close()


def test_no_child_process_means_decoding_in_the_games_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    from voice.recognize.pocketsphinx import PocketSphinxRecognizer

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("no more processes")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    recognizer = PocketSphinxRecognizer(SphinxTuning(worker=True))
    assert recognizer._worker is None
    recognizer.feed(b"\0\0" * 16000)
    assert recognizer.finish().text == ""


def test_the_child_imports_neither_numpy_nor_the_templates() -> None:
    """The worker's memory is its decoder's: it is sent its models as text and the
    audio already cleaned, so it needs nothing of the game's but the decoding itself."""
    import subprocess
    import sys

    code = ("import sys, voice.recognize.sphinx_child; "
            "print(sorted(m for m in ('numpy', 'voice.understand', 'voice.listen', 'engine') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("said", "screens"), [
    ("raise to three hundred", False), ("i call", False), ("start a new game", True)])
def test_the_worker_hears_what_the_games_process_hears(
        tmp_path: Path, said: str, screens: bool) -> None:
    """The child builds its decoder from the setup sent as text and hears audio cleaned
    by the game: its reading (texts, paths, confidence) is the one decoded in the game's
    own process, on the table's model and the screens'."""
    import random

    from voice.recognize.pocketsphinx import PocketSphinxRecognizer
    from voice.speak.synth import Synthesizer, add_noise

    with Synthesizer(tmp_path, isolated=True) as synth:
        pcm = add_noise(synth.espeak(said), 15, random.Random(2)).pcm
    here = PocketSphinxRecognizer(SphinxTuning(worker=False))
    there = PocketSphinxRecognizer(SphinxTuning(worker=True))
    assert there._worker is not None
    results = []
    for recognizer in (here, there):
        recognizer.set_screens(screens)
        recognizer.feed(pcm)
        results.append(recognizer.finish())
    there.close()
    assert results[0].text  # speech, heard
    assert results[1] == results[0]
