"""The pocketsphinx decoding worker's own side (``python -m voice.recognize.sphinx_child``,
started by :class:`voice.recognize.sphinx_worker.DecodeWorker`): its decoder's
:class:`~voice.recognize.sphinx_decode.Setup`, then utterances until its input ends,
each answered with its :class:`~voice.recognize.sphinx_decode.Hearing`.

Only the standard library, pocketsphinx and those two modules are imported here: the
child's memory is the decoder's (see :mod:`voice.recognize.sphinx_worker`).
"""

from __future__ import annotations

import sys

from voice.recognize.sphinx_decode import Setup, decode_whole, make_decoder
from voice.recognize.sphinx_worker import WorkerGone, read_message, write_message


def main() -> None:
    """The setup, then one decoding per utterance, until the input ends."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but results on the pipe
    try:
        setup: Setup = read_message(source)
    except WorkerGone:
        return
    decoder, names = make_decoder(setup)
    initial_cmn = decoder.get_cmn(False)
    grammar = setup.searches[0].kind != "lm"
    while True:
        try:
            pcm, search = read_message(source)
        except WorkerGone:
            return
        try:
            answer: object = decode_whole(decoder, setup, pcm, names[search], initial_cmn,
                                          posterior=not grammar)
        except Exception as err:  # one bad utterance, not the worker
            answer = RuntimeError(f"decoding failed: {err}")
        try:
            write_message(sink, answer)
        except (OSError, ValueError):  # the game has gone
            return


if __name__ == "__main__":
    main()
