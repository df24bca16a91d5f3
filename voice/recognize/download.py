"""Fetching model files in the background: the one downloader every model uses.

:class:`Download` owns the thread, the cancel flag, the progress callbacks and the
streaming of a URL to a file (counting bytes across every file of a job, checking the
length the server promised, hashing as it goes); a model says only what to fetch and how
to put it in place (:class:`voice.recognize.models.ModelDownloader` for the Vosk zip,
:class:`voice.recognize.store.WhisperDownloader` for the pinned Whisper files).

:class:`ModelError` is the one exception a model problem raises, with a sentence a
player can read (``voice.recognize.models`` re-exports it). ``HOLDEM_OFFLINE=1`` (the
tests and CI set it) forbids every download.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Protocol

Progress = Callable[[int, int | None], None]
"""Called with (bytes so far, total bytes or None)."""
Done = Callable[[Path | None, str | None], None]
"""Called once with the model's folder, or None and a sentence saying what went wrong."""
ENV_OFFLINE = "HOLDEM_OFFLINE"


class Digest(Protocol):
    """What ``hashlib.sha256()`` offers the downloader."""

    def update(self, data: bytes, /) -> None: ...


class ModelError(RuntimeError):
    """A model could not be downloaded, or its files are missing, damaged or unreadable."""


def downloads_allowed(environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return env.get(ENV_OFFLINE, "").strip().lower() not in ("1", "true", "yes")


def network_reachable(url: str, timeout: float = 1.5) -> bool:
    """Can a TCP connection to the URL's host be opened? (file:// is always local.)"""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "file":
        return True
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "", port), timeout=timeout):
            return True
    except OSError:
        return False


class Download:
    """A model download in a background thread; subclasses implement :meth:`download`.

    ``on_progress(done, total)`` is called from the worker thread as bytes arrive (the
    window bar and :func:`terminal_progress` both fit); ``on_done(path, error)`` once at
    the end with the model's folder or a player-readable error. ``cancel`` stops it.
    """

    def __init__(self, on_progress: Progress | None = None, on_done: Done | None = None,
                 timeout: float = 30.0, chunk: int = 1 << 16):
        self._on_progress = on_progress or (lambda done, total: None)
        self._on_done = on_done or (lambda path, error: None)
        self._timeout = timeout
        self._chunk = chunk
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._done = 0
        self._total: int | None = None
        self.result: Path | None = None
        self.error: str | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="model-download",
                                            daemon=True)
            self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker; True when it has finished."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def _run(self) -> None:
        try:
            self.result = self.download()
        except ModelError as err:
            self.error = str(err)
        except Exception as err:  # network and disk errors of every kind
            self.error = f"The voice model could not be downloaded ({err})"
        self._on_done(self.result, self.error)

    def download(self) -> Path:
        """Do the work on the calling thread; returns the model folder."""
        raise NotImplementedError

    def plan(self, total: int | None) -> None:
        """Announce the bytes the whole job will fetch (None: each response's length)."""
        self._done, self._total = 0, total

    def fetch(self, url: str, out: IO[bytes], digest: Digest | None = None,
              limit: int | None = None) -> int:
        """Stream ``url`` into ``out`` (and ``digest``), reporting progress; returns the
        bytes written. A response shorter than its Content-Length, or longer than
        ``limit``, is a ModelError."""
        request = urllib.request.Request(url, headers={"User-Agent": "holdem-voice"})
        with urllib.request.urlopen(request, timeout=self._timeout) as response:
            length = response.headers.get("Content-Length")
            promised = int(length) if length and length.isdigit() else None
            total = self._total if self._total is not None else promised
            written = 0
            self._on_progress(self._done, total)
            while True:
                if self._cancel.is_set():
                    raise ModelError("The download was cancelled")
                block = response.read(self._chunk)
                if not block:
                    break
                out.write(block)
                if digest is not None:
                    digest.update(block)
                written += len(block)
                if limit is not None and written > limit:
                    raise ModelError(f"The download is larger than it should be "
                                     f"({written:,} bytes where {limit:,} belong)")
                self._done += len(block)
                self._on_progress(self._done, total)
        if promised is not None and written != promised:
            raise ModelError(f"The download stopped early ({written:,} of {promised:,} bytes)")
        return written


def terminal_progress(stream: IO[str] | None = None, width: int = 30) -> Progress:
    """A progress callback drawing ``[#####.....]  12.3/40.1 MB`` on one terminal line."""
    out = stream or sys.stderr
    last = [-1]

    def show(done: int, total: int | None) -> None:
        if total:
            filled = width * done // total
            if filled == last[0] and done != total:
                return
            last[0] = filled
            bar = "#" * filled + "." * (width - filled)
            out.write(f"\rVoice model [{bar}] {done / 1e6:5.1f}/{total / 1e6:.1f} MB")
        else:
            out.write(f"\rVoice model {done / 1e6:5.1f} MB")
        if total is not None and done >= total:
            out.write("\n")
        out.flush()

    return show
