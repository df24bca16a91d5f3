"""Signals end the game as closing its window does: SIGTERM, SIGINT (Ctrl+C) and SIGHUP
(the terminal closed) stop the loop after the frame in play, so the save is closed
and a run that reports (``--hands``, ``--autoplay``) still prints its JSON line; never
a traceback.

The handlers are the first thing a play run installs, before the settings are read or the
save opened (a signal then is kept and ends the run as soon as it starts) and before pygame
starts: SDL then leaves SIGINT and SIGTERM to them rather than turning them into a window
close of its own."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, name, None) for name in ("SIGTERM", "SIGINT", "SIGHUP"))
    if s is not None)


@dataclass(slots=True)
class Stopper:
    """Remembers the first stop signal and passes each on to ``target`` once there is
    one (the application's ``stop``)."""

    received: str = ""
    target: Callable[[str], None] | None = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        self.received = self.received or name
        if self.target is not None:
            self.target(name)

    def to(self, target: Callable[[str], None]) -> None:
        """Send stops to ``target`` from now on (at once, if one came already)."""
        self.target = target
        if self.received:
            target(self.received)


@contextlib.contextmanager
def stopping_on_signals() -> Iterator[Stopper]:
    """Catch the stop signals for the body of the ``with``, then put back what was there."""
    stopper = Stopper()
    previous: dict[signal.Signals, object] = {}
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            previous[sig] = signal.signal(sig, stopper)
    try:
        yield stopper
    finally:
        for sig, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)  # type: ignore[arg-type]
