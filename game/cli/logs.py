"""Logging, configured once for the whole program by ``holdem --log-level``.

Modules only ask ``logging.getLogger(__name__)``; this is the one place that decides
where records go (standard error) and from which level (WARNING unless asked).
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

LEVELS = ("debug", "info", "warning", "error", "critical")
DEFAULT_LEVEL = "warning"
FORMAT = "%(levelname)s %(name)s: %(message)s"


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """Ours, so a second configuration (tests call ``main`` many times) replaces it."""


def configure(level: str = DEFAULT_LEVEL, stream: TextIO | None = None) -> None:
    """Send records at ``level`` (one of ``LEVELS``) and above to ``stream`` (stderr)."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(old)
    handler = _Handler(stream if stream is not None else sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(level.upper())
