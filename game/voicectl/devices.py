"""Where voice comes from: the recognizer and the microphone the controller opens, the
microphones the start screen offers, and the sentence a player reads when one fails."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from voice.listen.audio import AudioFileError, AudioSource, AudioUnavailable


def unavailable(err: Exception) -> str:
    """The player-readable sentence for a microphone (or the voice files) that failed."""
    if isinstance(err, AudioUnavailable):
        return str(err)
    if isinstance(err, AudioFileError):
        return f"Voice control is off: {err}."
    return (f"Voice control is off: the microphone could not be used ({err}). "
            "The game will try again after this hand.")


_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A recognizer ready to listen. ``backend`` names who listens ("whisper+pocketsphinx",
    "vosk", "pocketsphinx"); ``reason`` says why in a sentence (the log); ``note`` says
    why a better one is not listening, in a few words for the panel ("Whisper model
    damaged"), empty when the first choice listens; ``notice`` a sentence the player must
    not miss (their own Whisper copy passed over), shown at the table."""

    recognizer: Any
    backend: str
    reason: str
    note: str = ""
    notice: str = ""


def default_recognizer() -> Loaded:
    """The best recognizers available, in the one order of
    :func:`voice.recognize.models.choose_backend` (pocketsphinx decodes in a child
    process, so that the render loop never waits on its GIL-holding calls)."""
    from voice.recognize.models import PAIRED, choose_backend, make_recognizer

    choice = choose_backend()
    recognizer = make_recognizer(choice, worker=True)
    name = getattr(recognizer, "name", choice.name)
    if name != choice.name and name == PAIRED:  # the spotter failed to load
        loaded = Loaded(recognizer, name, f"{choice.reason} The command spotter failed to "
                        "load, so Whisper and pocketsphinx listen.", "spotter failed to load",
                        choice.notice)
    elif name != choice.name:  # the chosen model failed to load: make_recognizer fell back
        first = "Whisper" if "whisper" in choice.name else "Vosk"
        loaded = Loaded(recognizer, name, f"{choice.reason} The {first} model failed to "
                        f"load, so {name} listens.", f"{first} failed to load", choice.notice)
    else:
        loaded = Loaded(recognizer, name, choice.reason, choice.whisper_short, choice.notice)
    (_log.warning if loaded.note else _log.info)("Recognizers: %s", loaded.reason)
    return loaded


def default_microphone(name: str) -> AudioSource:
    """The named input device (the system default when ``name`` is empty)."""
    from voice.listen.audio import MicrophoneSource

    return MicrophoneSource(name or None)


def list_microphones() -> list[str]:
    """Names of the input devices (empty when there are none or no audio library)."""
    try:
        import sounddevice

        from voice.listen.audio import input_devices
        return [name for _, name, _ in input_devices(sounddevice)]
    except (ImportError, OSError, AudioUnavailable):
        return []
