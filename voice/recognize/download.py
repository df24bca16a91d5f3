"""Fetching model files in the background: the one downloader every model uses.

:class:`ModelError` is the one exception a model problem raises, with a sentence a
player can read (``voice.recognize.models`` re-exports it). ``Progress`` is the callback
shape the window's bar and :func:`terminal_progress` share.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int | None], None]
"""Called with (bytes so far, total bytes or None)."""


class ModelError(RuntimeError):
    """A model could not be downloaded, or its files are missing, damaged or unreadable."""
