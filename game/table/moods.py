"""The bots' faces: a few expressions (thinking, pleased, annoyed, all-in) driven by the
same table events their banter reacts to. Pure Python; the renderer draws the face."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.events import ActionTaken, HandShown, HandStarted, PotAwarded

THINKING, PLEASED, ANNOYED, ALL_IN = "thinking", "pleased", "annoyed", "allin"
MOOD_SECONDS = 3.5


@dataclass(slots=True)
class Moods:
    """Each seat's current expression and how long it lasts (all-in lasts the hand)."""

    me: int
    faces: dict[int, tuple[str, float]] = field(default_factory=dict)
    shown: set[int] = field(default_factory=set)

    def react(self, facts: Iterable[Any]) -> None:
        """Take the events (and chat facts) the bots' banter sees."""
        for fact in facts:
            if isinstance(fact, HandStarted):
                self.faces.clear()
                self.shown.clear()
            elif isinstance(fact, ActionTaken) and fact.all_in:
                self.faces[fact.seat] = (ALL_IN, float("inf"))
            elif isinstance(fact, HandShown) and not fact.mucked:
                self.shown.add(fact.seat)
            elif isinstance(fact, PotAwarded):
                winners = {seat for seat, chips in fact.shares if chips > 0}
                for seat in winners:
                    self.faces[seat] = (PLEASED, MOOD_SECONDS)
                for seat in self.shown - winners:
                    if self.faces.get(seat, ("", 0.0))[0] != PLEASED:
                        self.faces[seat] = (ANNOYED, MOOD_SECONDS)

    def update(self, dt: float) -> None:
        self.faces = {seat: (mood, left - dt) for seat, (mood, left) in self.faces.items()
                      if left - dt > 0}

    def face(self, seat: int, thinking: bool = False) -> str:
        """The expression to draw ("" is the resting face); the player's seat has none."""
        if seat == self.me:
            return ""
        mood = self.faces.get(seat, ("", 0.0))[0]
        if thinking and mood != ALL_IN:
            return THINKING
        return mood
