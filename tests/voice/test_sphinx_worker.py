"""pocketsphinx's child process: its messages, and a child that goes is a failed
decoding (the recognizer then decodes in the game's process), never a hang."""

from __future__ import annotations

import io

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
    return DecodeWorker((SphinxTuning(), None))


def test_silence_decodes_to_nothing_and_close_ends_the_child(worker: DecodeWorker) -> None:
    assert worker.submit((b"\0\0" * 16000, "table")).result(timeout=60).text == ""
    worker.close()
    assert worker._process.returncode is not None
    assert isinstance(worker.submit((b"\0\0" * 1600, "table")).exception(timeout=5), WorkerGone)


def test_a_child_that_dies_fails_what_waits_and_what_comes(worker: DecodeWorker) -> None:
    waiting = worker.submit((b"\0\0" * 16000 * 20, "table"))
    worker._process.kill()
    worker._process.wait()
    assert isinstance(waiting.exception(timeout=10), WorkerGone)
    assert isinstance(worker.submit((b"\0\0" * 1600, "table")).exception(timeout=5), WorkerGone)
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
