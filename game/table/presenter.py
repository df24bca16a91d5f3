"""Plays engine events one after another at a readable pace (or faster in autoplay)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.events import Event
from game.table.view import Beat, TableDisplay


@dataclass(slots=True)
class Presenter:
    """Queue of events waiting to be shown; ``update`` returns the events whose beat
    just began (for the log, chatter and sounds)."""

    display: TableDisplay
    queue: deque[Event] = field(default_factory=deque)
    current: Event | None = None
    beat: Beat = field(default_factory=lambda: Beat(0.0))
    elapsed: float = 0.0

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    @property
    def progress(self) -> float:
        if self.current is None or self.beat.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.beat.duration)

    def push(self, events: list[Event]) -> None:
        self.queue.extend(events)

    def update(self, dt: float) -> list[Event]:
        started: list[Event] = []
        budget = dt
        while True:
            if self.current is None:
                if not self.queue:
                    return started
                self.current = self.queue.popleft()
                self.beat = self.display.plan(self.current)
                self.elapsed = 0.0
                started.append(self.current)
            left = self.beat.duration - self.elapsed
            if budget < left:
                self.elapsed += budget
                return started
            budget -= max(0.0, left)
            self.display.apply(self.current)
            self.current = None

    def flush(self) -> list[Event]:
        """Show everything queued at once (skipping the animations)."""
        started = []
        if self.current is not None:
            self.display.apply(self.current)
            self.current = None
        while self.queue:
            e = self.queue.popleft()
            started.append(e)
            self.display.apply(e)
        return started
