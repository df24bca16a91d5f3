"""Voice out: every line rendered to a WAV by one pyttsx3 engine, played by the game.

* :class:`Pyttsx3Renderer` turns a line into a WAV file in a speaker's voice
  (espeak-ng through pyttsx3), checking the file isn't empty.
* :class:`Narrator` is the worker thread that owns the one engine, takes lines from its
  :class:`voice.speak.backlog.SpeechQueue` (which orders them and folds them when speech
  falls behind), renders them and hands them to a :class:`Player`
  (``PygameMixerPlayer`` in the game). Its ``is_speaking`` feeds the half-duplex gate;
  its :class:`voice.speak.recall.Recall` keeps what was said, for "repeat".

What is said lives beside it: :mod:`voice.speak.lines` (the table's lines),
:mod:`voice.speak.recap` (catch-ups, the hand so far), :mod:`voice.speak.answers` (the
player's questions), :mod:`voice.speak.ear` (symbols and amounts said as words).
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from voice.speak.backlog import SpeechQueue
from voice.speak.ear import for_the_ear, for_the_voice
from voice.speak.line import DEALER, QUICKER, Fate, Line, Priority, no_fate
from voice.speak.recall import Recall


class SpeechError(RuntimeError):
    """A line could not be rendered to audio."""


@dataclass(frozen=True, slots=True)
class VoiceSpec:
    """How one speaker sounds: an espeak-ng voice id (with an optional ``+variant``),
    words per minute and pitch (0-99)."""

    voice: str = "gmw/en-us"
    rate: int = 170
    pitch: int = 50
    volume: float = 1.0


def _quiet(*args: object, **kwargs: object) -> None:
    """Stands in for ``print`` inside pyttsx3's espeak driver (see ``_engine``)."""


class Pyttsx3Renderer:
    """One pyttsx3 engine (espeak-ng on Linux) rendering lines to WAV files.

    Not thread-safe: create and use it on one thread (the narrator's worker). espeak-ng
    can only be initialised once per process, so the engine is made on first use and
    kept; ``save_to_file`` + ``runAndWait`` is the only call pattern used, one line at a
    time, because queueing several lines in one ``runAndWait`` loses all but the last
    with the 2.99 espeak driver.
    """

    def __init__(self, driver: str = "espeak", retries: int = 1):
        self._driver = driver
        self._retries = retries
        self._engine: Any = None

    def _get_engine(self) -> Any:
        if self._engine is None:
            import pyttsx3

            try:
                self._engine = pyttsx3.init(self._driver)
            except Exception as err:  # RuntimeError, OSError from a missing libespeak
                raise SpeechError(f"The speech engine could not start ({err})") from None
            # The 2.99 espeak driver prints a line per saved file; keep stdout for the
            # JSON tools and the terminal progress bar.
            module = sys.modules.get("pyttsx3.drivers.espeak")
            if module is not None:
                module.print = _quiet  # type: ignore[attr-defined]
        return self._engine

    def voices(self) -> list[str]:
        """Voice ids the engine offers."""
        return [str(v.id) for v in self._get_engine().getProperty("voices")]

    def render(self, text: str, spec: VoiceSpec, path: str | Path) -> Path:
        """Render ``text`` in ``spec``'s voice to ``path``; SpeechError if the file comes
        out empty after the retries."""
        if not text.strip():
            raise SpeechError("Nothing to say")
        engine = self._get_engine()
        path = Path(path)
        for _attempt in range(self._retries + 1):
            try:
                engine.setProperty("voice", spec.voice)
                engine.setProperty("rate", spec.rate)
                engine.setProperty("volume", spec.volume)
                with contextlib.suppress(KeyError, ValueError):  # drivers without pitch
                    engine.setProperty("pitch", spec.pitch)
                path.unlink(missing_ok=True)
                engine.save_to_file(text, str(path))
                engine.runAndWait()
            except (RuntimeError, ValueError, OSError) as err:
                last = str(err)
                continue
            frames = wav_frames(path)
            if frames > 0:
                return path
            last = "the audio file was empty"
        raise SpeechError(f"Could not render {text[:40]!r}: {last}")


def wav_frames(path: Path) -> int:
    """Frames in a WAV file, 0 when missing or unreadable."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes()
    except (OSError, wave.Error, EOFError):
        return 0


BANTER_YIELD = 1.0
"""A bot's chatter is cut off once a table line or an answer has waited this long (s)."""


# --- voices -------------------------------------------------------------------------------

NARRATOR_VOICE = VoiceSpec("gmw/en-us", 175, 45)
BOT_VOICES: tuple[VoiceSpec, ...] = (
    VoiceSpec("gmw/en-gb-x-rp+m3", 165, 35),
    VoiceSpec("gmw/en-us+f3", 180, 65),
    VoiceSpec("gmw/en-gb-scotland+m1", 155, 50),
    VoiceSpec("gmw/en-us-nyc+f2", 190, 58),
    VoiceSpec("gmw/en-029+m5", 160, 42),
)
"""Distinct voices for the bots (variant, rate and pitch all differ)."""


def voice_for(speaker: str, bot_index: int | None = None) -> VoiceSpec:
    """The dealer's voice, or the ``bot_index``-th bot's."""
    if speaker == DEALER or bot_index is None:
        return NARRATOR_VOICE
    return BOT_VOICES[bot_index % len(BOT_VOICES)]


# --- playing ------------------------------------------------------------------------------


class Player(Protocol):
    """Plays rendered lines; the game's mixer, or a fake in tests."""

    def play(self, path: Path, line: Line) -> None:
        """Start playing ``path`` (returns at once)."""
        ...

    def is_busy(self) -> bool:
        """True while anything the game plays is audible."""
        ...

    def stop(self) -> None:
        """Cut off whatever is playing."""
        ...


class PygameMixerPlayer:
    """Plays lines on a reserved ``pygame.mixer`` channel; ``is_busy`` is true while
    any mixer channel plays (sound effects too: the microphone must not hear them).

    Works with ``SDL_AUDIODRIVER=dummy``. The mixer must be initialised by the game.
    """

    def __init__(self, channel: int = 0):
        import pygame

        self._pygame = pygame
        if not pygame.mixer.get_init():
            raise SpeechError("pygame.mixer is not initialised")
        if pygame.mixer.get_num_channels() <= channel:
            pygame.mixer.set_num_channels(channel + 1)
        pygame.mixer.set_reserved(channel + 1)
        self._channel = pygame.mixer.Channel(channel)
        self._sound: Any = None

    def play(self, path: Path, line: Line) -> None:
        self._sound = self._pygame.mixer.Sound(str(path))
        self._channel.play(self._sound)

    def is_busy(self) -> bool:
        return bool(self._pygame.mixer.get_busy())

    def stop(self) -> None:
        self._channel.stop()


# --- the worker ---------------------------------------------------------------------------


class Narrator:
    """A thread that owns the TTS engine: renders queued lines and plays them in turn.

    ``voices`` maps speaker names to voices (the dealer's by default). ``is_speaking``
    is true from the moment a line is taken for playing until the player goes quiet,
    so the gate can discard what the microphone hears meanwhile.
    """

    def __init__(self, player: Player, voices: dict[str, VoiceSpec] | None = None,
                 renderer: Pyttsx3Renderer | None = None, speech_queue: SpeechQueue | None = None,
                 workdir: str | Path | None = None, on_error: Callable[[str], None] | None = None,
                 fate: Fate | None = None):
        self.player = player
        self.voices = {DEALER: NARRATOR_VOICE, **(voices or {})}
        # "is not None": an empty queue is falsy (it has a length), and was replaced
        self.queue = speech_queue if speech_queue is not None else SpeechQueue()
        self._listener: Fate = fate or no_fate
        self._open = 0  # lines queued whose fate is not yet told
        self._open_lock = threading.Lock()
        self.queue.fate = self._told
        self.queue.made = self._counted
        self._renderer = renderer
        self._tmp = tempfile.TemporaryDirectory(prefix="holdem-speech-") if workdir is None \
            else None
        self._workdir = Path(workdir) if workdir is not None else Path(self._tmp.name)  # type: ignore[union-attr]
        self._on_error = on_error
        self._stop = threading.Event()
        self._busy = threading.Event()
        self._cut = threading.Event()  # the line playing was stopped before its end
        self._thread: threading.Thread | None = None
        self._count = 0
        self._line: Line | None = None  # the line being rendered or played
        self.recall = Recall()
        self.errors: list[str] = []

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="narrator", daemon=True)
            self._thread.start()

    @property
    def fate(self) -> Fate:
        """Who is told each line's fate (the speech log)."""
        return self._listener

    @fate.setter
    def fate(self, listener: Fate) -> None:
        self._listener = listener

    @property
    def last_line(self) -> str | None:
        """The last line begun (not banter, nor a line said again), for "repeat"."""
        return self.recall.last

    def _counted(self, line: Line) -> None:
        """A line the queue made (a catch-up): its fate is owed too."""
        with self._open_lock:
            self._open += 1

    def _told(self, line: Line, spoken: bool, why: str) -> None:
        with self._open_lock:
            self._open = max(0, self._open - 1)
        self._listener(line, spoken, why)

    def say(self, text: str, speaker: str = DEALER, priority: Priority = Priority.TABLE,
            topic: str = "", scene: str = "", brief: str = "") -> None:
        """Queue a line, said for the ear (:func:`voice.speak.ear.for_the_ear`);
        ``brief`` is how a catch-up folds it (:class:`voice.speak.line.Line`)."""
        text = for_the_ear(text)
        if text:
            with self._open_lock:
                self._open += 1
            self.queue.put(Line(text, speaker, priority, topic=topic, scene=scene,
                                brief=for_the_ear(brief) if brief else ""))

    def quiet(self) -> bool:
        """Nothing queued, being rendered or playing: every line said has its fate."""
        with self._open_lock:
            return self._open == 0 and not self.player.is_busy()

    def interrupt(self, keep_table: bool = False) -> None:
        """Stop talking now and forget what was queued (with ``keep_table``, the
        table's lines still waiting are kept: said after, folded when late)."""
        if keep_table:
            self.queue.drop(lambda line: line.priority is not Priority.TABLE)
        else:
            self.queue.interrupt()
        if self._busy.is_set():
            self._cut.set()
        self.player.stop()

    def is_speaking(self) -> bool:
        return self._busy.is_set() or self.player.is_busy()

    def answering(self) -> bool:
        """Whether an answer to the player (a line of :attr:`Priority.URGENT`: a reply,
        a say-back, a question) is being said or waits to be."""
        line = self._line
        return (line is not None and line.priority is Priority.URGENT) \
            or self.queue.holds(Priority.URGENT)

    def close(self, timeout: float = 5.0) -> None:
        """Stop the worker (waits for the line being rendered) and remove the files; the
        lines still queued are told as dropped."""
        self._stop.set()
        if self._busy.is_set():
            self._cut.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.queue.interrupt()
        if self._tmp is not None:
            self._tmp.cleanup()

    def wait_quiet(self, timeout: float) -> bool:
        """Block until nothing is queued or playing (the goodbye said before the game
        closes); False when ``timeout`` seconds passed first."""
        deadline = time.monotonic() + timeout
        while not self.quiet():
            if time.monotonic() >= deadline or self._thread is None:
                return False
            time.sleep(0.02)
        return True

    def _run(self) -> None:
        renderer = self._renderer or Pyttsx3Renderer()
        while not self._stop.is_set():
            line = self.queue.pop(timeout=0.1)
            if line is None:
                continue
            self._cut.clear()
            self._busy.set()
            self._line = line
            spoken, why = False, "failed"
            try:
                self._count += 1
                path = self._workdir / f"line-{self._count % 64}.wav"
                spec = self.voices.get(line.speaker, NARRATOR_VOICE)
                if line.quick:
                    spec = replace(spec, rate=round(spec.rate * QUICKER))
                renderer.render(for_the_voice(line.text), spec, path)
                if self._cut.is_set() or self._stop.is_set():
                    spoken, why = False, "interrupted"
                    continue
                line = replace(line, said=time.monotonic())
                self.player.play(path, line)
                self.recall.heard(line)
                while self.player.is_busy() and not self._stop.is_set():
                    if line.priority is Priority.BANTER and self.queue.waited() > BANTER_YIELD:
                        self._cut.set()  # the table's news is not kept waiting by chatter
                        self.player.stop()
                    time.sleep(0.02)
                cut = self._cut.is_set() or self.player.is_busy()
                spoken, why = not cut, "interrupted" if cut else ""
            except SpeechError as err:
                self.errors.append(str(err))
                if self._on_error is not None:
                    self._on_error(str(err))
            finally:
                self._busy.clear()
                self._line = None
                self._told(line, spoken, why)
