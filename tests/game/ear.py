"""A player who cannot see the screen, for tests: what they say goes in as a recognizer's
reading when the game waits for them, what they hear comes out of the speech log.

The game runs whole (the app, its scenes, the voice controller and a real narrator
thread); only the sound is fake: lines are "rendered" to a short WAV and "played" for a
few milliseconds, and each utterance is the parser's reading of the words said (the
recognizers are measured in the voice benchmark, not here).
"""

from __future__ import annotations

import io
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.app import App
from game.settings.model import VoiceSettings
from game.voicectl.controller import VoiceController
from game.voicectl.listening import Captured
from game.voicectl.speech_log import SpeechLog
from tests.game.helpers import FRAME
from tests.game.voice_fakes import Clock
from tests.voice.test_narrator_speech import FakeRenderer
from voice.confirm import Phase
from voice.speak.backlog import SpeechQueue
from voice.speak.line import Line
from voice.speak.narrator import Narrator
from voice.understand.parse import parse

NEVER_LATE = 3600.0  # seconds: no line here is ever taken as late

LINE_SECONDS = 0.004
"""How long each line "plays": long enough to be heard in order, short for a test."""


class QuickPlayer:
    """Plays each line for :data:`LINE_SECONDS`."""

    def __init__(self) -> None:
        self.until = 0.0

    def play(self, path: Path, line: Line) -> None:
        self.until = time.monotonic() + LINE_SECONDS

    def is_busy(self) -> bool:
        return time.monotonic() < self.until

    def stop(self) -> None:
        self.until = 0.0


@dataclass
class Ear:
    """The player: ``say`` a phrase when the game waits, ``heard`` what was said since."""

    app: App
    workdir: Path
    log: io.StringIO = field(default_factory=io.StringIO)
    seen: int = 0  # records already read by ``new``
    clock: Clock = field(default_factory=Clock)

    def __post_init__(self) -> None:
        # Lines play for milliseconds here, so the queue is never behind the table: it
        # folds nothing (catching up is tested on its own, tests/voice/test_backlog.py).
        narrator = Narrator(QuickPlayer(), renderer=FakeRenderer(),  # type: ignore[arg-type]
                            workdir=self.workdir, fate=SpeechLog(self.log, time.monotonic()),
                            speech_queue=SpeechQueue(late=NEVER_LATE))
        self.voice = VoiceController(VoiceSettings(grace_seconds=0.05), narrator=narrator,
                                     clock=self.clock)
        self.voice.speech_log = narrator.fate
        self.app.voice = self.voice
        narrator.start()

    def close(self) -> None:
        self.voice.close()

    # ------------------------------------------------------------ listening

    def records(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.log.getvalue().splitlines()]

    def spoken(self) -> list[str]:
        """Every line said to the end so far."""
        return [str(r["text"]) for r in self.records() if r["spoken"]]

    def new(self) -> list[str]:
        """The lines said to the end since the last call."""
        got = self.spoken()
        out, self.seen = got[self.seen:], len(got)
        return out

    # ------------------------------------------------------------ the game

    def waiting(self) -> bool:
        """The game waits for the player: a screen listens, their turn, or a question."""
        voice = self.voice
        return (voice.on_screens or voice.turn is not None
                or voice.confirm.phase is Phase.QUESTION)

    def quiet(self) -> bool:
        narrator = self.voice.narrator
        return narrator is None or narrator.quiet()

    def run(self, until: object, seconds: float = 60.0) -> None:
        """Frames until ``until()`` (and the narrator has caught up), at most ``seconds``
        of wall time."""
        deadline = time.monotonic() + seconds
        while self.app.running:
            self.clock.t += FRAME
            self.app.step(FRAME)
            time.sleep(0.001)  # as the game's frame cap does: the narrator's thread runs
            if until() and self.quiet() and self.app.closing_at is None:  # type: ignore[operator]
                return
            if time.monotonic() > deadline:
                narrator = self.voice.narrator
                state = (self.voice.turn, self.voice.confirm.phase, self.voice.on_screens,
                         getattr(narrator, "_open", None), type(self.app.top).__name__)
                raise AssertionError(f"not reached {state}; heard: {self.spoken()[-8:]}")

    def wait(self) -> None:
        """Until the game waits for the player, everything said."""
        self.run(self.waiting)

    def say(self, words: str) -> list[str]:
        """Say ``words`` once the game waits; what the game said back (its lines until it
        waits again, or goes quiet when it has ended)."""
        self.wait()
        self.new()
        voice = self.voice
        voice.captured(Captured(parse(words, voice.context), 0.95, words, voice.turn,
                                voice.context))
        self.app.step(FRAME)
        self.clock.t += 0.1  # past the grace window
        for _ in range(3):
            self.app.step(FRAME)
        if self.app.running:
            self.run(lambda: self.waiting() and (voice.confirm.pending is None
                                                 or voice.confirm.phase is Phase.QUESTION))
        return self.new()
