"""The game's voice on this machine: players for the narrator and each bot's voice.

The narrator (``voice.speak.narrator``) speaks through a :class:`voice.speak.narrator.Player`; this
module picks one (the pygame mixer, or :class:`SilentPlayer` with no sound device), counts
what it plays, holds the narrator's queue while the player has the floor
(:class:`CourteousQueue`), and maps a bot's voice hint to a narrator voice.
"""

from __future__ import annotations

import contextlib
import time
import wave
from collections.abc import Callable
from pathlib import Path

from voice.listen.echo import Playback
from voice.speak.backlog import SpeechQueue
from voice.speak.line import Line
from voice.speak.narrator import BOT_VOICES, Player, VoiceSpec


class SilentPlayer:
    """A :class:`voice.speak.narrator.Player` for a machine with no sound output: "plays" each
    line for the length of its WAV, so half-duplex timing stays true."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self._clock = clock
        self._until = 0.0

    def play(self, path: Path, line: Line) -> None:
        try:
            with wave.open(str(path), "rb") as wav:
                seconds = wav.getnframes() / max(1, wav.getframerate())
        except (OSError, wave.Error, EOFError):
            seconds = 0.0
        self._until = self._clock() + seconds

    def is_busy(self) -> bool:
        return self._clock() < self._until

    def stop(self) -> None:
        self._until = 0.0


class CourteousQueue(SpeechQueue):
    """The narrator's queue, held while the player is talking: the game doesn't start a
    new line over an utterance in progress (half-duplex would throw the player's words
    away)."""

    def __init__(self, hold: Callable[[], bool]):
        super().__init__()
        self._hold = hold

    def pop(self, timeout: float | None = 0.0) -> Line | None:
        if self._hold():
            time.sleep(min(0.05, timeout or 0.0))
            return None
        line = super().pop(timeout)
        if line is not None and self._hold():  # the player began while we waited
            self.put(line)
            return None
        return line


class CountingPlayer:
    """Wraps a :class:`Player`, counting the lines played (for reports and tests)."""

    def __init__(self, inner: Player):
        self.inner = inner
        self.played = 0

    def play(self, path: Path, line: Line) -> None:
        self.played += 1
        self.inner.play(path, line)

    def is_busy(self) -> bool:
        return self.inner.is_busy()

    def stop(self) -> None:
        self.inner.stop()


def bot_voice(hint: str, rate: int, pitch: float, index: int) -> VoiceSpec:
    """A narrator voice for a bot's ``bots.api`` VoiceSpec (hint like "female-low",
    words per minute, relative pitch around 1.0); ``index`` keeps bots distinct."""
    base = BOT_VOICES[index % len(BOT_VOICES)].voice.split("+")[0]
    variant = ("f2", "f3", "f4") if hint.startswith("female") else ("m1", "m3", "m5")
    return VoiceSpec(f"{base}+{variant[index % 3]}", max(90, min(260, rate)),
                     max(0, min(99, round(50 * pitch))))


def mixer_player() -> Player:
    """The mixer when there is an audio device (the dummy one counts), else silence."""
    import pygame

    from voice.speak.narrator import PygameMixerPlayer

    with contextlib.suppress(pygame.error):
        if not pygame.mixer.get_init():
            pygame.mixer.init()
        return PygameMixerPlayer()
    return SilentPlayer()


class TappedPlayer:
    """Wraps a :class:`Player`, telling :class:`voice.listen.echo.Playback` what starts and
    stops: the echo canceller's reference (the game knows exactly what it plays)."""

    def __init__(self, inner: Player, playback: Playback):
        self.inner = inner
        self.playback = playback

    @property
    def played(self) -> int:
        return getattr(self.inner, "played", 0)

    def play(self, path: Path, line: Line) -> None:
        self.playback.started_file(path, line.text)
        self.inner.play(path, line)

    def is_busy(self) -> bool:
        return self.inner.is_busy()

    def stop(self) -> None:
        self.playback.stopped()
        self.inner.stop()
