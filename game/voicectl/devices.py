"""Where voice comes from: the recognizer and the microphone the controller opens, the
microphones the start screen offers, and the sentence a player reads when one fails."""

from __future__ import annotations

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


def default_recognizer() -> tuple[Any, str, str]:
    """The best recognizer available: Vosk with a model, else pocketsphinx (decoding in
    a child process, so that the render loop never waits on its GIL-holding calls)."""
    from voice.recognize.models import choose_backend, make_recognizer

    choice = choose_backend()
    recognizer = make_recognizer(choice, worker=True)
    name = getattr(recognizer, "name", choice.name)
    return recognizer, name, choice.reason


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
