"""Giving freed memory back after an utterance.

The recognizers' buffers differ in size with each utterance (ONNX Runtime's mel and
embedding models, Whisper's encoder), and glibc keeps what they freed: the game's
resident memory grew by ~60 MB over a few utterances. ``malloc_trim`` after each
utterance returns it (measured: three ears in a headless hand by voice files, 472 ->
455 MB with the spotter's buffers trimmed; see ``docs/voice-benchmark.md``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable


@functools.cache
def _trimmer() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where there is none (macOS, Windows, musl)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def release() -> None:
    """Return the memory freed since the last call to the system, where glibc allows."""
    trim = _trimmer()
    if trim is not None:
        trim(0)
