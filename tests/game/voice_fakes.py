"""Fakes for the voice controller in game tests: a narrator that records what it would
say, its queue, a clock the test moves, and saying a command as a recognizer would."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.app import App
from game.voicectl.controller import VoiceController
from tests.game.helpers import FRAME
from voice.speak.line import Line, Priority
from voice.speak.recall import Recall
from voice.understand.intent import Control, Intent, IntentKind, Query


@dataclass
class FakeQueue:
    def interrupt(self, keep: Priority | None = None) -> int:
        return 0

    def drop(self, stale: Callable[[Line], bool]) -> int:
        return 0

    def take_tail(self, topic: str, scene: str) -> list[Line]:
        return []  # every line is said as it is given: nothing waits


@dataclass
class FakeNarrator:
    """Records what would be said; ``speaking`` (the game talks) and ``answers`` (a line
    for the player waits or is said) are set by the test."""

    said: list[tuple[str, str, Priority]] = field(default_factory=list)
    speaking: bool = False
    answers: bool = False
    voices: dict[str, object] = field(default_factory=dict)
    queue: FakeQueue = field(default_factory=FakeQueue)
    recall: Recall = field(default_factory=Recall)
    player: object = None

    scenes: list[str] = field(default_factory=list)  # each line's screen, as said

    def say(self, text: str, speaker: str = "dealer", priority: Priority = Priority.TABLE,
            topic: str = "", scene: str = "", brief: str = "") -> None:
        self.said.append((text, speaker, priority))
        self.scenes.append(scene)
        self.recall.heard(Line(text, speaker, priority, topic=topic, scene=scene))

    def is_speaking(self) -> bool:
        return self.speaking

    def answering(self) -> bool:
        return self.answers

    def quiet(self) -> bool:
        """Each line is said the moment it is queued: quiet unless speaking."""
        return not self.speaking

    def texts(self) -> list[str]:
        return [t for t, _, _ in self.said]

    def start(self) -> None: ...
    def interrupt(self, keep_table: bool = False) -> None: ...
    def close(self) -> None: ...


@dataclass
class Clock:
    t: float = 100.0

    def __call__(self) -> float:
        return self.t


def say(app: App, voice: VoiceController, kind: IntentKind, to: int | None = None, *,
        query: Query | None = None, control: Control | None = None,
        confidence: float = 0.95) -> None:
    voice.hear(Intent(kind, to, query, control), confidence)
    app.step(FRAME)


def wait_grace(app: App, clock: Clock) -> None:
    clock.t += 1.5
    app.step(FRAME)  # the window closes: the command is submitted
    app.step(FRAME)  # and handled
