"""pocketsphinx's whole-utterance decoding in a child process.

pocketsphinx holds the GIL for the whole of a decoding call (about 86 ms for a command),
so on the game's voice thread it would stall the render loop once per command; in a
child process it runs on another core and the game's threads carry on.

The child is a plain ``python -m voice.recognize.sphinx_child`` talking over its
standard input and output in length-prefixed pickles: what its decoder is built from
first (a :class:`~voice.recognize.sphinx_decode.Setup`: the models as text), then one
utterance's cleaned PCM and the model to hear it with in, one
:class:`~voice.recognize.sphinx_decode.Hearing` out, in order. It imports nothing of the
game's but :mod:`voice.recognize.sphinx_decode` and this module, so it holds Python,
pocketsphinx and the decoder only (~29 MB; ~51 MB when it built its models from the
templates itself and cleaned the audio with numpy). Not ``multiprocessing``: a spawned
child re-imports the game's main module (pygame and all, ~10 MB) and starts a
resource-tracker process beside it (~12 MB) for nothing here. When the game ends, or
dies, the child reads the end of its input and exits.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any

_LENGTH = struct.Struct("<I")


class WorkerGone(RuntimeError):
    """The child process has exited or its pipe broke."""


def write_message(stream: IO[bytes], message: object) -> None:
    """One length-prefixed pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def read_message(stream: IO[bytes]) -> Any:
    """The next message; :class:`WorkerGone` at the end of the stream."""
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        raise WorkerGone("the stream ended")
    (size,) = _LENGTH.unpack(head)
    data = stream.read(size)
    if len(data) < size:
        raise WorkerGone("the stream ended inside a message")
    return pickle.loads(data)  # our own child's, on a private pipe


class DecodeWorker:
    """The game's side: :meth:`submit` an utterance, get its decoding as a future."""

    def __init__(self, setup: object):
        """``setup``: what the child's decoder is built from (pickled to it)."""
        root = str(Path(__file__).resolve().parents[2])  # the child imports this code
        env = {**os.environ,
               "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self._process = subprocess.Popen(
            [sys.executable, "-m", "voice.recognize.sphinx_child"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self._waiting: deque[Future[Any]] = deque()
        self._lock = threading.Lock()
        assert self._process.stdin is not None and self._process.stdout is not None
        self._input: IO[bytes] = self._process.stdin
        self._output: IO[bytes] = self._process.stdout
        # The child loads its model now, while the game sets up, not on the first command
        write_message(self._input, setup)
        threading.Thread(target=self._read, name="sphinx-worker", daemon=True).start()

    def submit(self, pcm: tuple[bytes, str]) -> Future[Any]:
        """The decoding of an utterance (its PCM and the model to hear it with); a failed
        future when the worker is gone."""
        future: Future[Any] = Future()
        with self._lock:
            try:
                if self._process.poll() is not None:
                    raise WorkerGone(f"exited with {self._process.returncode}")
                self._waiting.append(future)
                write_message(self._input, pcm)
            except (OSError, ValueError, WorkerGone) as err:
                if future in self._waiting:
                    self._waiting.remove(future)
                future.set_exception(WorkerGone(str(err)))
        return future

    def _read(self) -> None:
        """Results, in the order the utterances went in; every waiting future fails
        when the child goes."""
        try:
            while True:
                result = read_message(self._output)
                with self._lock:
                    future = self._waiting.popleft() if self._waiting else None
                if future is None:
                    continue
                if isinstance(result, BaseException):
                    future.set_exception(result)
                else:
                    future.set_result(result)
        except Exception as err:  # the pipe ended or broke: the worker is gone
            with self._lock:
                while self._waiting:
                    self._waiting.popleft().set_exception(WorkerGone(str(err)))

    def close(self) -> None:
        """End the child (it exits at the end of its input)."""
        with self._lock, contextlib.suppress(OSError):
            self._input.close()
        if self._process.poll() is None:
            try:
                self._process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                self._process.kill()
