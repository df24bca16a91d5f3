"""The voice controller's audio thread: the recognizer loaded, the microphone (or the
``--voice-from`` files) opened and listened to until the game stops, and the microphone
going off and on again told to the player once. A mixin of
:class:`game.voicectl.controller.VoiceController`, which owns the attributes it uses."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from game.settings.model import VoiceSettings
from game.voicectl.devices import Loaded, unavailable
from game.voicectl.listening import Captured
from game.voicectl.panel import MicState
from game.voicectl.scripted import QUIET_BEFORE_SCRIPT, ScriptedSource
from voice.confirm import ConfirmController, Phase
from voice.listen.audio import AudioSource, AudioUnavailable

BACK_ON_SECONDS = 2.0
"""A reopened microphone holds this long before "on again" is told."""


class _Voice(Protocol):
    """What the audio thread uses of the controller."""

    settings: VoiceSettings
    files: tuple[Path, ...]
    turn: int | None
    confirm: ConfirmController
    mic: MicState
    mic_note: str
    backend: str
    reason: str
    note: str
    reopen: bool
    transcript: list[str]
    clock: Callable[[], float]
    _recognizer_factory: Callable[[], Loaded]
    _microphone_factory: Callable[[str], AudioSource]
    _sleep: Callable[[float], None]
    _report: Callable[[str], None] | None
    _stop: threading.Event
    _retry: threading.Event
    _source: AudioSource | None
    _heard: queue.Queue[Captured]
    _main: queue.Queue[Callable[[], None]]
    _quiet_since: float
    _mic_error: str | None
    _told_error: str | None
    _told: set[str]
    _back_at: float | None
    _notices: list[tuple[str, bool]]

    @property
    def on_screens(self) -> bool: ...
    @property
    def notices(self) -> list[tuple[str, bool]]: ...
    def speaking(self) -> bool: ...
    def has_more_to_say(self) -> bool: ...
    def _start_download(self) -> None: ...
    def _voice_on(self) -> None: ...
    def _voice_off(self, message: str) -> None: ...
    def _listen_while_running(self, recognizer: Any) -> Any: ...
    def _open_source(self) -> AudioSource: ...
    def _file_skipped(self, message: str) -> None: ...
    def _script_ready(self) -> bool: ...
    def listen(self, source: AudioSource, recognizer: Any) -> Any: ...
    def post(self, call: Callable[[], None]) -> None: ...


class AudioThread:
    """Listening on its own thread, and what the player is told of the microphone."""

    __slots__ = ()
    # The controller's, set here too (annotated for the type checker).
    mic: MicState
    mic_note: str
    backend: str
    reason: str
    note: str
    reopen: bool
    _source: AudioSource | None
    _quiet_since: float
    _mic_error: str | None
    _told_error: str | None
    _back_at: float | None

    def _audio_main(self: _Voice) -> None:
        try:
            loaded = self._recognizer_factory()
        except Exception as err:  # no recognizer at all: mouse only, say why
            message = f"Voice control is off: no speech recognizer could be loaded ({err})."
            self.post(lambda: self._voice_off(message))
            return
        recognizer = loaded.recognizer
        self.backend, self.reason, self.note = loaded.backend, loaded.reason, loaded.note
        if loaded.notice:  # the player's own model copy passed over: told at the table
            self.post(lambda: self._notices.append((loaded.notice, True)))
        self._start_download()
        try:
            recognizer = self._listen_while_running(recognizer)
        finally:
            with contextlib.suppress(Exception):
                recognizer.close()

    def _listen_while_running(self: _Voice, recognizer: Any) -> Any:
        """Open the microphone (or the voice files) and listen until stopped, going
        mouse-only with a notice, and retrying, whenever the device fails; returns the
        recognizer in use at the end."""
        while not self._stop.is_set():
            self.reopen = False
            try:
                source = self._open_source()
            except (AudioUnavailable, Exception) as err:
                message = unavailable(err)
                self.post(lambda m=message: self._voice_off(m))  # type: ignore[misc]
                self._retry.wait()
                self._retry.clear()
                continue
            self._source = source
            try:
                with source:
                    self.mic = MicState.LISTENING
                    self._mic_error = None
                    self.post(self._voice_on)
                    recognizer = self.listen(source, recognizer)
            except (AudioUnavailable, Exception) as err:  # a device error must not end voice
                message = unavailable(err)
                self.post(lambda m=message: self._voice_off(m))  # type: ignore[misc]
                self._retry.wait()
                self._retry.clear()
                continue
            if self.files:
                self.mic, self.mic_note = MicState.FINISHED, "mouse and keyboard from here"
                return recognizer
        return recognizer

    def _open_source(self: _Voice) -> AudioSource:
        if self.files:
            return ScriptedSource(self.files, self._script_ready, sleep=self._sleep,
                                  on_skip=self._file_skipped)
        return self._microphone_factory(self.settings.microphone)

    def _file_skipped(self: _Voice, message: str) -> None:
        """A ``--voice-from`` file failed (audio thread): tell the player, go on."""
        def tell() -> None:
            self.transcript.append(message)
            self.notices.append((message, True))
        if self._report is not None:
            self._report(message)
        self.post(tell)

    def _script_ready(self: _Voice) -> bool:
        """A file may play: the player is prompted (not in a grace window) and all's quiet."""
        phase = self.confirm.phase
        prompted = phase is Phase.QUESTION or (self.turn is not None and phase is Phase.IDLE) \
            or self.on_screens
        now = time.monotonic()
        if self.has_more_to_say():  # lines still queued count: a file never cuts them
            self._quiet_since = now
        # Quiet longer than the gate's tail and preroll: the phrase's start isn't cut.
        return prompted and now - self._quiet_since >= QUIET_BEFORE_SCRIPT

    def captured(self: _Voice, got: Captured) -> None:
        """An utterance from the audio thread, for :meth:`update`."""
        self._heard.put(got)

    def post(self: _Voice, call: Callable[[], None]) -> None:
        self._main.put(call)

    def _voice_off(self: _Voice, message: str) -> None:
        self.mic, self.mic_note = MicState.OFF, "mouse and keyboard only"
        self._mic_error = message
        self._back_at = None
        if message not in self._told:  # once a session, shown and said; after that the
            self._told.add(message)    # panel's mic-off icon says it (a device that opens
            self._told_error = message  # and fails each hand never repeats the banner)
            self.notices.append((message, True))

    def _voice_on(self: _Voice) -> None:
        """The microphone opened: "on again" is told once it has held for a moment (one
        that opens and fails at once must not flash "on again" every hand)."""
        if self._told_error is not None:
            self._back_at = self.clock()
        self.mic_note = ""

    def _back_on(self: _Voice, now: float) -> None:
        if self._back_at is not None and now - self._back_at >= BACK_ON_SECONDS:
            self._back_at = self._told_error = None
            self.notices.append(("Voice control is on again.", True))
