"""The pocketsphinx decoding worker's own side (``python -m voice.recognize.sphinx_child``,
started by :class:`voice.recognize.sphinx_worker.DecodeWorker`): its recognizer's
settings, then utterances until its input ends, each answered with its decoding."""

from __future__ import annotations

import sys

from voice.recognize.pocketsphinx import PocketSphinxRecognizer
from voice.recognize.sphinx_lm import SCREENS
from voice.recognize.sphinx_worker import WorkerGone, read_message, write_message


def main() -> None:
    """Settings, then one decoding per utterance, until the input ends."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but results on the pipe
    try:
        tuning, templates = read_message(source)
    except WorkerGone:
        return
    recognizer = PocketSphinxRecognizer(tuning, templates)
    while True:
        try:
            pcm, search = read_message(source)
        except WorkerGone:
            return
        try:
            recognizer.set_screens(search == SCREENS)
            recognizer.feed(pcm)
            answer: object = recognizer.finish()
        except Exception as err:  # one bad utterance, not the worker
            recognizer.reset()
            answer = RuntimeError(f"decoding failed: {err}")
        try:
            write_message(sink, answer)
        except (OSError, ValueError):  # the game has gone
            return


if __name__ == "__main__":
    main()
