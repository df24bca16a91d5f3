"""The start screen's voice check: a live level meter of the microphone and "say 'check'
to test" with what was heard and whether it was understood.

The audio thread writes each block's level (:func:`level_db`) on the controller; the
check reads it once a frame and eases the meter (fast up, slow down, like a real VU
meter). While a check is shown, every utterance goes to it (nothing acts at the start
screen), through the same listener, gate and recognizer as at the table, so what it
shows is what the table would hear. Nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.input.talk_keys import hold_words
from game.settings.model import VoiceSettings
from game.voicectl.panel import MicState
from voice.listen.wake import WAKE_WORD
from voice.understand.intent import IntentKind

SILENT_DB = -120.0
FLOOR_DB, CEILING_DB = -60.0, -6.0
"""The meter's scale: empty at the floor, full at the ceiling (dBFS)."""
FALL_PER_SECOND = 1.5
"""How fast the meter falls (share of its length a second); it rises at once."""


def level_db(pcm: bytes) -> float:
    """The RMS level of int16 PCM in dBFS (:data:`SILENT_DB` for silence)."""
    samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2")
    if samples.size == 0:
        return SILENT_DB
    rms = math.sqrt(float(np.mean(samples.astype(np.float64) ** 2)))
    return max(SILENT_DB, 20 * math.log10(rms / 32768)) if rms > 0 else SILENT_DB


def meter_share(db: float) -> float:
    """The meter's length for a level, 0 to 1."""
    return max(0.0, min(1.0, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)))


@dataclass(frozen=True, slots=True)
class CheckView:
    """What the check row shows: ``meter`` None when there is nothing to measure (no
    microphone, voice off); ``line`` the source, prompt or result; ``good`` True for a
    pass, False for "try again", None otherwise."""

    meter: float | None
    line: str
    good: bool | None = None


@dataclass(slots=True)
class VoiceCheck:
    """The check's state: what was last heard, and the meter's eased length."""

    heard: str | None = None
    understood: bool = False
    unwoken: bool = False  # heard, but without the wake word
    shown: float = 0.0

    def take(self, text: str, intent: Any) -> bool:
        """An utterance while the check is shown: kept as the result, and taken (True)
        when it is the check's own phrase; every other command goes on to the screen
        ("sit down" sits down). It passes when it means check and is not "call" ("call"
        means check with nothing to call, but it is not the word asked for; "czech" is
        how a recognizer may spell it)."""
        self.heard, self.unwoken = text, False
        checking = getattr(intent, "intent", None) is IntentKind.CHECK
        self.understood = checking and not any(w.startswith("call") for w in text.lower().split())
        return checking

    def take_unwoken(self, text: str) -> None:
        """An utterance set aside for lack of the wake word."""
        self.heard, self.understood, self.unwoken = text, False, True

    def ease(self, db: float, dt: float) -> float:
        """The meter after ``dt`` seconds at level ``db``."""
        target = meter_share(db)
        self.shown = target if target >= self.shown else max(
            target, self.shown - FALL_PER_SECOND * dt)
        return self.shown

    def view(self, voice: Any, settings: VoiceSettings, dt: float) -> CheckView:
        """This frame's row for the controller ``voice`` (None: voice is off)."""
        if voice is None:
            return CheckView(None, "Voice is off (--no-voice): mouse and keyboard only")
        mic = voice.mic
        if mic in (MicState.OFF, MicState.DISABLED):
            return CheckView(None, "No microphone found — voice is off")
        meter = self.ease(getattr(voice, "level_db", SILENT_DB), dt)
        if mic is MicState.STARTING:
            return CheckView(None, "Starting voice…")
        if voice.files:
            return CheckView(meter, "Source: the --voice-from files")
        if self.heard is not None and self.unwoken:
            return CheckView(meter, f"Heard: “{self.heard}” — start with “{WAKE_WORD}”", False)
        if self.heard is not None and self.understood:
            return CheckView(meter, f"Heard: {self.heard} ✓", True)
        if self.heard is not None:
            said = f"“{self.heard}”" if self.heard else "nothing clear"
            return CheckView(meter, f"Heard: {said} — try again", False)
        return CheckView(meter, prompt(settings))


def prompt(settings: VoiceSettings) -> str:
    """ "Say 'check' to test", with the wake word and push-to-talk when they are on."""
    words = f"{WAKE_WORD}, check" if settings.wake_word else "check"
    if settings.push_to_talk:
        return f"Hold {hold_words(settings)}, say “{words}”"
    return f"Say “{words}” to test"
