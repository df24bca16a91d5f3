"""``--voice-from``: WAV files said as the player, one per prompt, in real time.

:class:`ScriptedSource` is an :class:`voice.listen.audio.AudioSource` the controller's audio
thread reads like a microphone; it starts the next file only when the game is waiting for
the player and quiet (``ready``), so a scripted game is paced as a spoken one.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from voice.listen.audio import BLOCK_MS, AudioFileError, AudioSource, WavFileSource, resample

QUIET_BEFORE_SCRIPT = 0.8
"""Seconds of game silence before a ``--voice-from`` file starts."""

_log = logging.getLogger(__name__)

SCRIPT_REPEATS = 3
"""Times a scripted file the game talked over is said again."""


def file_error_reason(err: AudioFileError, path: Path) -> str:
    """What is wrong with a file, without repeating its path (the message names it)."""
    text = str(err)
    prefix = f"{path}: "
    return text[len(prefix):] if text.startswith(prefix) else text


class ScriptedSource(AudioSource):
    """``--voice-from`` files: each WAV is streamed in real time (``WavFileSource``) once
    ``ready()`` says the game is waiting for the player (their turn, a question), one
    file per prompt; silence in between keeps the gate's clock running. A file the game
    talked over (``drowned``) is said again at the next prompt, as a player would repeat
    themselves, up to :data:`SCRIPT_REPEATS` times, then given up with a notice. A file
    that cannot be read is skipped (``on_skip`` gets the reason, naming it) and the next
    one plays; AudioFileError when none can be read at all."""

    def __init__(self, paths: Sequence[Path], ready: Callable[[], bool],
                 sleep: Callable[[float], None] = time.sleep,
                 on_skip: Callable[[str], None] = lambda message: None):
        self._paths = list(paths)
        self._ready = ready
        self._sleep = sleep
        self._on_skip = on_skip
        self.skipped: list[Path] = []
        self.given_up: list[Path] = []
        while True:
            if not self._paths:
                raise AudioFileError("none of the voice files can be read")
            try:
                with WavFileSource(self._paths[0]) as first:
                    self.sample_rate = first.sample_rate
                break
            except AudioFileError as err:
                self._skip(self._paths.pop(0), err)
        self.block_frames = self.sample_rate * BLOCK_MS // 1000
        self._current: WavFileSource | None = None
        self._current_path: Path | None = None
        self._drowned = False
        self._heard = False
        self._repeats = 0
        self._tail = 0
        self.played = 0

    def drowned(self) -> None:
        """The game spoke while the current file played: half-duplex may have thrown it
        away (it is said again unless something was heard from it)."""
        if self.playing:
            self._drowned = True

    def heard(self) -> None:
        """Something was heard while the current file (or its closing silence) played."""
        self._heard = True

    def _skip(self, path: Path, err: AudioFileError) -> None:
        self.skipped.append(path)
        self._on_skip(f"Skipped the voice file {path.name}: {file_error_reason(err, path)}")

    @property
    def playing(self) -> bool:
        """A file is streaming (or the silence closing it)."""
        return self._current is not None or self._tail > 0

    def read(self, timeout: float | None = None) -> bytes | None:
        silence = bytes(2 * self.block_frames)
        current = self._current
        if current is not None:
            try:
                block = current.read()
            except (EOFError, AudioFileError) as err:
                current.close()
                self._current = None
                self._tail = 8  # close the utterance before the next prompt
                if isinstance(err, AudioFileError) and self._current_path is not None:
                    self._skip(self._current_path, err)  # the rest of it is lost
                    self._current_path = None  # and it is never said again
            else:
                if block is not None:
                    if current.sample_rate != self.sample_rate:
                        block = resample(block, current.sample_rate, self.sample_rate)
                    return block
        self._sleep(BLOCK_MS / 1000)
        if self._tail > 0:
            self._tail -= 1
            if self._tail == 0 and self._drowned and not self._heard \
                    and self._current_path is not None:
                if self._repeats < SCRIPT_REPEATS:
                    self._paths.insert(0, self._current_path)  # say it again
                    self._repeats += 1
                else:  # a person would give up too: say so, never silently
                    self.given_up.append(self._current_path)
                    self._on_skip(f"Gave up on the voice file {self._current_path.name}: "
                                  f"the game talked over it {SCRIPT_REPEATS + 1} times")
            return silence
        if not self._paths:
            raise EOFError
        if self._ready():
            self._drowned = self._heard = False
            path = self._paths.pop(0)
            if path != self._current_path:
                self._repeats = 0  # each file gets its own repeats
            self._current_path = path
            try:
                self._current = WavFileSource(self._current_path, realtime=True)
            except AudioFileError as err:  # changed since it was checked: the next one
                self._skip(self._current_path, err)
                self._current_path = None
                return silence
            self._current.start()
            self.played += 1
            _log.info("voice file %s starts", path.name)
        return silence

    def close(self) -> None:
        if self._current is not None:
            self._current.close()
